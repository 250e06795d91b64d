"""A slot's reference holds the confirmed pieces leaning into its window only while they stay as they were."""

import pytest

from companion.games.table_view import Piece, TableView
from companion.live import watching_pipeline

pytest.importorskip("vision.render.renderer")

from tests.vision.rendered import confirmed_start  # noqa: E402

PLAYERS = ("red", "blue", "green", "yellow", "black")


def test_a_disc_moved_beside_the_start_stack_is_read_there():
    """The held-out live table of 5-player seed 51 (960×540). At the start each favour track's first space holds a
    5-disc stack that leans into the next space's window, and that space's reference was taken with it. Green's
    disc moved one space on: the stack is a disc lower and green's disc stands where its top was; against that
    reference the slot model saw little change and the disc read as nothing (p 0.78 and 0.97; in the live game
    red's discs on favour.resources.1 and favour.buildings.1 were unseen, and a wrong favour was committed).
    (Red's own move on this table still reads empty: the 4-disc stack is read with red's colour, see docs/vision.md.)"""
    simulated, pipeline, start = confirmed_start("holdout", 51, PLAYERS, (960, 540), watching_pipeline,
                                                   references=4)
    view = TableView.from_json(start.to_json())
    for track in ("prestige", "buildings"):
        view.slots[f"favour.{track}.0"] = tuple(Piece("disc", c) for c in PLAYERS if c != "green")
        view.put(f"favour.{track}.1", Piece("disc", "green"))
    seen = pipeline.observe(simulated.render(view, frame_seed=11)[0], still=True)
    for track in ("prestige", "buildings"):
        assert seen.best(f"favour.{track}.1")[0] == "disc:green", (track, seen.slots[f"favour.{track}.1"])
