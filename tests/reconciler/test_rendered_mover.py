"""Who moved the provost, told from the side the arm came from, on the rendered table read by the real pipeline.

Demo look, 3 players, seed 6 (the bots' game of ``companion demo --camera``), decision 19: green is first to
decide in the provost phase. "Green moved it −1" and "green left it, then red moved it −1" leave the same board;
only who paid the denier differs. Two things tell the mover: the side the arm came from, and the coin strip that
changed. The arm came from green's side only: the camera commits green's move without asking. Without the arm's side,
green's coin strip tells; without either, it asks. When arms came from two sides, it asks.
"""

import random
from dataclasses import replace

import pytest

from companion.games import TableView
from companion.live import watching_pipeline
from companion.reconciler import Reconciler
from companion.session import Journal, Session
from vision.layout import load_layout

pytest.importorskip("vision.render.renderer")
from companion.live.simulated_table import HAND_PACING, bot_choice  # noqa: E402
from vision.render.domains import sample_style  # noqa: E402
from vision.render.renderer import SimulatedTable  # noqa: E402
from vision.render.video import game_frames  # noqa: E402

PLAYERS = ("red", "blue", "green")
SEED = 6
RESTING_FRAMES = 10


def at_the_provost_phase() -> Session:
    """The bots' game up to the first provost decision (decision 19, green's)."""
    rng = random.Random(SEED)
    session = Session.new(Journal(":memory:"), game="caylus", players=list(PLAYERS), seed=SEED)
    while session.state.pending().kind != "provost":
        session.decide(bot_choice(session.state, rng), source="camera")
    return session


def provost(state, steps):
    return next(o.action for o in state.pending().options if o.action.arg("steps") == steps)


@pytest.fixture(scope="module")
def table():
    layout = load_layout()
    return layout, SimulatedTable(layout, sample_style("demo", SEED), (960, 540))


def filmed(table, state, moves):
    """The pipeline's observations of ``moves`` (each made by its player's arm, one after the other without a
    pause), then of the table at rest."""
    layout, rendered = table
    pipeline = watching_pipeline(layout, PLAYERS)
    pipeline.set_reference([rendered.render(TableView("caylus", PLAYERS), frame_seed=k)[0] for k in range(4)])
    view = state.table_view()
    picture = rendered.render(view, frame_seed=0)[0]
    pipeline.observe(picture, 0, still=True)
    pipeline.confirm(picture, view)              # as the live loop does after the last commit
    pictures = []
    for action in moves:
        state = state.apply(action)
        after = state.table_view()
        pictures += [image for image, _ in game_frames(rendered, [(view, None), (after, action.player)], HAND_PACING)]
        view = after
    pictures += [rendered.render(view, frame_seed=k % 4)[0] for k in range(RESTING_FRAMES)]
    return [pipeline.observe(image, index) for index, image in enumerate(pictures, start=1)]


def reconciled(observations):
    session = at_the_provost_phase()
    reconciler = Reconciler(session)
    outcomes = [outcome for observation in observations for outcome in reconciler.observe(observation)]
    return session, outcomes


def test_a_provost_move_whose_mover_only_the_arm_tells_is_committed_without_a_question(table):
    state = at_the_provost_phase().state
    green_moves = provost(state, -1)
    assert state.pending().player == PLAYERS.index("green")
    observations = filmed(table, state, [green_moves])
    assert {o.hand_from for o in observations} - {None} == {"green"}, "the arm was read as green's, and only green's"

    session, outcomes = reconciled(observations)
    assert outcomes and outcomes[0].kind == "commit" and outcomes[0].actions == (green_moves,)
    assert session.actions[19] == green_moves and session.sources[19] == "camera"
    # then only red's own choice is asked about (it may leave no trace), never green's
    assert [(o.kind, o.reason, o.decision) for o in outcomes[1:]] in ([], [("prompt", "invisible", 20)])

    # Without the arm's side, green's coin strip (one denier fewer) still tells who paid.
    _session, outcomes = reconciled([replace(o, hand_from=None) for o in observations])
    assert outcomes and outcomes[0].kind == "commit" and outcomes[0].actions == (green_moves,)

    # Without the arm's side and the coins (strips the camera cannot read), the same frames are a question: red
    # (next to decide) may have moved it instead.
    _session, outcomes = reconciled([replace(o, hand_from=None, coins={}) for o in observations])
    asked = [o for o in outcomes if o.kind == "prompt"]
    assert asked and asked[0].reason == "hidden" and green_moves in asked[0].actions
    assert provost(state, 0) in asked[0].actions, "'green left it' (then red moved it) is asked too"
    assert "commit" not in [o.kind for o in outcomes]


def test_when_two_seats_arms_came_the_camera_asks(table):
    state = at_the_provost_phase().state
    green_moves = provost(state, -1)
    red_moves = provost(state.apply(green_moves), -1)
    observations = filmed(table, state, [green_moves, red_moves])
    assert {o.hand_from for o in observations} - {None} == {"green", "red"}

    session, outcomes = reconciled(observations)
    assert "commit" not in [o.kind for o in outcomes], "two arms came: who moved it how far is asked, not guessed"
    asked = [o for o in outcomes if o.kind == "prompt"]
    assert asked and asked[0].reason == "hidden" and green_moves in asked[0].actions
    assert provost(state, -2) in asked[0].actions
    assert len(session.actions) == 19
