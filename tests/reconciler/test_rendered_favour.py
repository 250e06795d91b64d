"""A favour disc moved beside another row's disc, on the rendered table read by the real pipeline (committed
model): the demo-look 3-player game of seed 6 stopped at its 166th decision on a false alert here. Green's castle
favour moves green's disc from the prestige row's start space to its first space, right above red's disc on the
deniers row; the deniers space's crop shows the edge of the prestige space, and green was counted there too
("disc green and disc red on favour.deniers.1, which no legal move explains").

Green's hand reaches in and leaves first, as at the table: since session 6's better pose, the stack left on
the prestige row's start space reads less surely, and without a hand the reconciler waits for one rather
than guess (the game itself goes through: 206 of 206 decisions, no alert).
"""

import random

import pytest

from companion.games import TableView
from companion.live import watching_pipeline
from companion.reconciler import Reconciler
from companion.session import Journal, Session
from vision.layout import load_layout

pytest.importorskip("vision.render.renderer")
from companion.live.simulated_table import bot_choice  # noqa: E402
from vision.render.domains import sample_style  # noqa: E402
from vision.render.hands import Hand  # noqa: E402
from vision.render.renderer import SimulatedTable  # noqa: E402

PLAYERS = ("red", "blue", "green")
SEED = 6
BEFORE_THE_FAVOUR = 165


def test_a_favour_disc_beside_another_rows_disc_is_read_as_the_favour_not_an_illegal_disc():
    rng, session = random.Random(SEED), Session.new(Journal(":memory:"), game="caylus", players=list(PLAYERS),
                                                    seed=SEED)
    while len(session.actions) < BEFORE_THE_FAVOUR:        # the bots' game, as SimulatedWorld plays it
        session.decide(bot_choice(session.state, rng), source="camera")
    favour = bot_choice(session.state, rng)
    assert (favour.kind, favour.arg("row")) == ("favour", "prestige")
    layout = load_layout()
    table = SimulatedTable(layout, sample_style("demo", SEED), (960, 540))
    pipeline = watching_pipeline(layout, PLAYERS)
    pipeline.set_reference([table.render(TableView("caylus", PLAYERS), frame_seed=k)[0] for k in range(4)])
    before = session.state.table_view()
    picture = table.render(before, frame_seed=0)[0]
    pipeline.observe(picture, 0, still=True)
    pipeline.confirm(picture, before)          # as the live loop does after the last commit
    reconciler = Reconciler(session)
    after = session.state.apply(favour).table_view()
    outcomes = []
    for index, reach in enumerate((0.5, 1.0, 1.0, 0.5), start=1):       # green's hand comes and goes
        hand = Hand(layout.region("favour.prestige.1").center, 0.0, reach=reach)
        outcomes += reconciler.observe(pipeline.observe(table.render(after, (hand,), frame_seed=index % 4)[0], index,
                                                        still=False))
    for index in range(5, 17):
        outcomes += reconciler.observe(pipeline.observe(table.render(after, frame_seed=index % 4)[0], index,
                                                        still=True))
    assert [o.message for o in outcomes if o.kind in ("alert", "reminder")] == []
    asked_or_done = [o for o in outcomes if o.kind in ("commit", "prompt")]
    assert asked_or_done and asked_or_done[0].actions[0] == favour, "the favour, committed or asked likeliest first"
