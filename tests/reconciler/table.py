"""Helpers for the reconciler tests: a bot's game in a session, a perfect camera filming a table view."""

import copy

from companion.games import Piece
from companion.reconciler.synthetic import Noise, SyntheticCamera, layout_slots, random_actions
from companion.session import Journal, Session
from vision.observation import label_for

COLOURS = ["red", "blue", "green", "yellow", "black"]


def camera(state, noise=None, seed=0):
    vocabulary = {label_for(p) for p in state.table_view().slots.values()} | {"worker:" + c for c in COLOURS}
    return SyntheticCamera(layout_slots("caylus"), vocabulary, noise or Noise.clean(), seed)


def show(reconciler, view, frames=6, start=10_000):
    """Film ``view`` as stable frames; return every outcome."""
    cam = camera(reconciler.session.state)
    outcomes = []
    for i in range(frames):
        outcomes += reconciler.observe(cam.read(view, start + i))
    return outcomes


def hand_over(reconciler, view, frames=3, start=9_000):
    """A hand over the board: frames that are not stable (the reconciler forgets what it saw before)."""
    cam = camera(reconciler.session.state)
    for i in range(frames):
        reconciler.observe(cam.read(view, start + i, covered={"hand"}))


def session_at(players, seed, decisions, journal=":memory:"):
    actions, _ = random_actions("caylus", players, seed)
    session = Session.new(Journal(journal), game="caylus", players=players, seed=seed)
    for action in actions[:decisions]:
        session.decide(action, source="tablet")
    return session, actions


def live_bots_at(players, seed, decisions):
    """The live table's bots' game (``SimulatedWorld``'s choices) after ``decisions``, and their next move."""
    import random

    from companion.live.simulated_table import bot_choice

    session = Session.new(Journal(":memory:"), game="caylus", players=list(players), seed=seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        session.decide(bot_choice(session.state, rng), source="camera")
    return session, bot_choice(session.state, rng)


def watching(players, seed, decisions, adjust=lambda frame: frame):
    """A reconciler on the live bots' game after ``decisions`` that has seen the table still for four frames (each
    through ``adjust``); with its camera and the bots' next move."""
    from companion.reconciler import Reconciler

    session, move = live_bots_at(players, seed, decisions)
    reconciler, cam = Reconciler(session), camera(session.state)
    for index in range(4):
        reconciler.observe(adjust(cam.read(session.state.table_view(), 1_000 + index)))
    return reconciler, cam, move


def arm_then_rest(reconciler, cam, view, seat, frames=12, start=10_000, adjust=lambda frame: frame, answer=None,
                  covered=("hand",)):
    """``seat``'s arm over ``view`` (its hand over the ``covered`` slots) for three frames, then ``frames`` stable
    ones (each through ``adjust``). With ``answer``, the player answers a question about the decision pending now
    with it as soon as one comes."""
    from dataclasses import replace

    pending = len(reconciler.session.actions)
    for index in range(3):
        reconciler.observe(replace(cam.read(view, start - 1_000 + index, covered=set(covered)), hand_from=seat))
    outcomes = []
    for index in range(frames):
        seen = reconciler.observe(adjust(cam.read(view, start + index)))
        outcomes += seen
        asked = [o for o in seen if o.kind == "prompt" and o.decision == pending == len(reconciler.session.actions)]
        if answer is not None and asked:
            reconciler.answer(asked[0], answer)
    return outcomes


def advance_until(session, actions, accept):
    """Play the bot's decisions until ``accept(state)`` holds."""
    while not accept(session.state):
        session.decide(actions[len(session.actions)])


def stale_table(seed=6):
    """A two-player Caylus game in its second turn, and its table as it was one decision ago on the first slot that
    changed: the session, that stale view and the slot."""
    session, actions = session_at(["red", "blue"], seed=seed, decisions=0)
    advance_until(session, actions, lambda s: s.pending().kind == "place" and s.turn > 1)
    before = session.history()[-2].table_view()
    view = copy.deepcopy(session.state.table_view())
    stale = sorted(slot for slot in set(before.slots) | set(view.slots)
                   if label_for(before.pieces(slot)) != label_for(view.pieces(slot)))[0]
    view.slots[stale] = before.pieces(stale)
    return session, view, stale


def worker_on(view, slot, colour):
    view = copy.deepcopy(view)
    view.put(slot, Piece("worker", colour))
    return view


def kinds(outcomes):
    return [outcome.kind for outcome in outcomes]


def read_as(leaning_in, **slots):
    """A frame adjuster: the readings of ``slots`` (``inn_left={"": 0.7, …}``, dots written as underscores) and the
    camera's lean map (``Observation.leaning_in``)."""
    from dataclasses import replace

    readings = {name.replace("_", "."): reading for name, reading in slots.items()}
    return lambda frame: replace(frame, slots={**frame.slots, **readings}, leaning_in=leaning_in)


def filmed_move(players, seed, decisions, seat, adjust, made=True, before=lambda frame: frame):
    """The live bots' game after ``decisions`` (its still frames read through ``before``): ``seat``'s arm, then the
    table at rest read through ``adjust``, with the bots' next move made (or, ``made=False``, not), answered on the
    tablet if asked. Returns the reconciler, the move and every outcome."""
    reconciler, cam, move = watching(players, seed, decisions, before)
    state = reconciler.session.state
    view = (state.apply(move) if made else state).table_view()
    outcomes = arm_then_rest(reconciler, cam, view, seat, frames=14, start=3_000, adjust=adjust,
                             answer=move if made else None)
    return reconciler, move, outcomes


def arm_over_unchanged(players, seed, decisions, seat, adjust):
    """The live bots' game after ``decisions``, every frame read through ``adjust``: ``seat``'s arm comes by and the
    table stays as it was. Returns the reconciler and every outcome."""
    reconciler, cam, _move = watching(players, seed, decisions, adjust)
    view = reconciler.session.state.table_view()
    return reconciler, arm_then_rest(reconciler, cam, view, seat, frames=14, start=3_000, adjust=adjust)
