"""A stand-in for the vision pipeline that records what the live loop teaches it (``VisionPipeline.confirm``)."""

from types import SimpleNamespace

from companion.live.loop import TableLoop
from tests.reconciler.table import camera, live_bots_at


class TaughtPipeline:
    """Records each state the loop confirms to vision, with the slots and supply zones it held back."""

    def __init__(self, players):
        self.players = tuple(players)
        self.taught = []

    def confirm(self, frame, view, *, doubted=()):
        self.taught.append((view, set(doubted)))


def taught_after_an_answer(players, seed, decisions, film):
    """What the live loop teaches vision once the bots' move after ``decisions`` is answered on the tablet: the table
    seen still before it, then the frames ``film(session, camera)`` gives. Returns what was taught since the answer,
    and the answered move."""
    session, move = live_bots_at(players, seed, decisions)
    pipeline = TaughtPipeline(session.players)
    loop = TableLoop(SimpleNamespace(session=session), None, pipeline)
    cam = camera(session.state)
    for index in range(3):
        loop._reconcile(None, cam.read(session.state.table_view(), 1_000 + index))
    session.decide(move, source="prompt")
    taught_before = len(pipeline.taught)
    for frame in film(session, cam):
        loop._reconcile(None, frame)
    return pipeline.taught[taught_before:], move
