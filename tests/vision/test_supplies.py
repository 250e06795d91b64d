"""Supply zones counted relative to the supplies the rules confirmed, on the simulated table."""

import pytest

from companion.games.table_view import Piece, TableView
from vision.layout import load_layout
from vision.pipeline import VisionPipeline

pytest.importorskip("vision.render.renderer")
from vision.render.domains import sample_style  # noqa: E402
from vision.render.renderer import SimulatedTable  # noqa: E402

PLAYERS = ("red", "blue", "green")
START = {"food": 2, "wood": 1, "stone": 0, "cloth": 0, "gold": 0, "denier": 5, "worker": 6, "house": 20}


def view_with(supplies):
    """A table with these supplies and, as from the first turn on, everyone's disc on the turn-order track
    (the pieces the pipeline learns the lamp's colour from)."""
    view = TableView("caylus", PLAYERS)
    view.supplies = {colour: dict(counts) for colour, counts in supplies.items()}
    for position, colour in enumerate(PLAYERS, start=1):
        view.put(f"turn_order.{position}", Piece("disc", colour))
    return view


@pytest.fixture(scope="module", params=[("holdout", 777_002), ("train", 41), ("train", 42)],
                ids=["held-out, heaped", "train, rows", "train, heaped"])
def table(request):
    return set_up(*request.param)


def set_up(domain, seed):
    """The simulated table of ``domain`` and ``seed`` and a pipeline set up on its empty board."""
    layout = load_layout()
    table = SimulatedTable(layout, sample_style(domain, seed))
    pipeline = VisionPipeline(layout, PLAYERS, model=None)
    pipeline.set_reference(table.render(TableView("caylus", PLAYERS), frame_seed=1)[0])
    return table, pipeline


def confirm_the_start(table, pipeline, frame_seed):
    """Everyone holds the starting 1 wood and 2 food, and the rules confirm it (the live loop's first commit)."""
    start = view_with({c: START for c in PLAYERS})
    frame, _ = table.render(start, frame_seed=frame_seed)
    pipeline.observe(frame, still=True)
    pipeline.confirm(frame, start)
    return start


def test_before_any_confirmed_supply_no_count_is_sure(table):
    table, pipeline = table
    frame, _ = table.render(view_with({c: START for c in PLAYERS}), frame_seed=2)
    observation = pipeline.observe(frame, still=True)
    assert set(observation.supplies) == set(PLAYERS)
    assert all(confidence <= 0.3 for confidence in observation.supply_confidence.values())


def test_the_starting_supplies_read_exactly_once_confirmed(table):
    # The live loop's first frames: everyone holds 1 wood and 2 food, which the rules know.
    table, pipeline = table
    start = confirm_the_start(table, pipeline, frame_seed=3)
    sure = []
    for frame_seed in (4, 5, 6, 7):               # later frames: new sensor noise, same table
        frame, _ = table.render(start, frame_seed=frame_seed)
        observation = pipeline.observe(frame, still=True)
        for colour in PLAYERS:
            assert observation.supplies[colour] == {"food": 2, "wood": 1, "stone": 0, "cloth": 0, "gold": 0}
            sure.append(observation.supply_confidence[colour] >= 0.9)
    # A frame's noise on the houses' edges sometimes makes a blob (3 % of unchanged held-out zones read changed,
    # tests/benchmarks/bench_zone_band.py); such a zone is read by the model, right but unsure.
    assert sum(sure) >= len(sure) - 1


def test_a_changed_supply_is_right_or_says_it_is_unsure(table):
    table, pipeline = table
    confirm_the_start(table, pipeline, frame_seed=6)
    after = {c: dict(START) for c in PLAYERS}
    after["red"].update(gold=2, denier=3)          # red sold for two gold
    after["blue"].update(food=0, stone=1)          # blue built, then got a stone
    frame, _ = table.render(view_with(after), frame_seed=7)
    observation = pipeline.observe(frame, still=True)
    for colour in PLAYERS:
        expected = {k: after[colour][k] for k in ("food", "wood", "stone", "cloth", "gold")}
        seen, sure = observation.supplies[colour], observation.supply_confidence[colour]
        assert seen == expected or sure < 0.9, (colour, seen, expected, sure)
        assert all(0 <= n <= expected[k] + 4 for k, n in seen.items()), "no wild counts"
    assert observation.supply_confidence["green"] >= 0.9      # green's zone did not change


CUBES = ("food", "wood", "stone", "cloth", "gold")


def cube_counts(supply):
    return {k: supply.get(k, 0) for k in CUBES}


def read_after(table, pipeline, supplies, frame_seed):
    frame, _ = table.render(view_with(supplies), frame_seed=frame_seed)
    return pipeline.observe(frame, still=True)


def test_a_cube_taken_is_counted(table):
    table, pipeline = table
    confirm_the_start(table, pipeline, frame_seed=11)
    after = {c: dict(START) for c in PLAYERS}
    after["red"]["food"] = 1                          # red paid a food
    observation = read_after(table, pipeline, after, frame_seed=12)
    seen, sure = observation.supplies["red"], observation.supply_confidence["red"]
    assert seen["food"] == 1, seen                    # the cube taken is seen on both tables…
    if table.style.domain == "train":                 # …and the whole zone read right on a train-domain one
        assert seen == cube_counts(after["red"])
    else:                                             # on the held-out cloth a phantom cube may come with it: unsure
        assert seen == cube_counts(after["red"]) or sure < 0.9, (seen, sure)
    for colour in ("blue", "green"):                  # untouched zones stay sure
        assert observation.supplies[colour] == cube_counts(START)
        assert observation.supply_confidence[colour] >= 0.9


def test_two_cubes_added_touching_are_seen(table):
    table, pipeline = table
    confirm_the_start(table, pipeline, frame_seed=13)
    after = {c: dict(START) for c in PLAYERS}
    after["blue"]["stone"] = 2                        # laid side by side in the zone
    observation = read_after(table, pipeline, after, frame_seed=14)
    seen, sure = observation.supplies["blue"], observation.supply_confidence["blue"]
    if table.style.domain == "train" and not table.style.heaped_supplies:
        assert seen == cube_counts(after["blue"])     # both, and both stone
    else:                                             # held-out or on a heap: how many is not always right (docs)
        assert seen == cube_counts(after["blue"]) or sure < 0.9, (seen, sure)
    assert sum(seen.values()) > 3, seen               # cubes came


@pytest.mark.xfail(strict=True, reason="known limit (docs/vision.md, Supply zones): the zone model was trained on "
                                       "cubes in rows; two stones set down touching on a heap read as one")
def test_two_cubes_added_touching_on_a_heap_are_both_counted():
    table, pipeline = set_up("train", 42)
    assert table.style.heaped_supplies
    confirm_the_start(table, pipeline, frame_seed=13)
    after = {c: dict(START) for c in PLAYERS}
    after["blue"]["stone"] = 2
    assert read_after(table, pipeline, after, frame_seed=14).supplies["blue"] == cube_counts(after["blue"])


def test_a_denier_added_is_not_a_cube(table):
    table, pipeline = table
    confirm_the_start(table, pipeline, frame_seed=15)
    after = {c: dict(START) for c in PLAYERS}
    after["green"]["denier"] = 7                      # two coins more, no cube
    observation = read_after(table, pipeline, after, frame_seed=16)
    assert observation.supplies["green"] == cube_counts(START)


def test_nudged_cubes_are_not_a_change(table, monkeypatch):
    """A hand brushes red's zone: every cube there shifts a little and turns; nothing came or went."""
    import vision.render.scene as scene

    table, pipeline = table
    confirm_the_start(table, pipeline, frame_seed=17)
    place_supply = scene.place_supply

    def brushed(zone, colour, counts, seed, *heaped):
        placed = place_supply(zone, colour, counts, seed, *heaped)
        if colour == "red":
            for piece in placed:
                if piece.piece.kind == "cube":
                    piece.x, piece.y, piece.angle = piece.x + 1.2, piece.y - 0.8, piece.angle + 25.0
        return placed

    monkeypatch.setattr(scene, "place_supply", brushed)
    nudged = SimulatedTable(table.layout, table.style, table.size)    # the same table, rendered afresh
    frame, _ = nudged.render(view_with({c: START for c in PLAYERS}), frame_seed=18)
    observation = pipeline.observe(frame, still=True)
    assert observation.supplies["red"] == cube_counts(START)


def test_a_dark_cube_taken_on_a_dark_cloth_is_not_reported_unchanged():
    """Held-out bench set 4242, frame 21 (a 2 700 K lamp over a checked cloth, soft camera): yellow took one of
    three wood cubes, dark brown on dark red, and the zone was reported unchanged at 0.97 — a wrong supply the
    reconciler would have trusted. Its change blob was just under the gate's size."""
    import cv2
    import numpy as np

    from companion.games.playout import random_midgame
    from companion.games.registry import get_pack
    from vision.evaluation import setup_table

    caylus = get_pack("caylus")
    seed, index = 4242 * 100_003 + 21, 21            # as `companion render caylus --seed 4242` makes frame 21
    players = list(caylus.info.colours[:int(np.random.default_rng(seed).integers(2, 6))])
    view = random_midgame(caylus, players, seed).table_view()
    table = SimulatedTable(load_layout(), sample_style("holdout", seed))
    frame, truth = table.render(view, frame_seed=index)
    frame = cv2.imdecode(cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, 95])[1], cv2.IMREAD_COLOR)
    truth["view"] = view.to_json()
    pipeline, _ = setup_table(truth, table.layout, None)   # the supplies confirmed one move earlier
    observation = pipeline.observe(frame, still=True)
    yellow = pipeline.reference.supplies[players.index("yellow")]
    assert yellow.counts["wood"] == view.supplies["yellow"]["wood"] + 1      # the case: one wood cube went
    seen, sure = observation.supplies["yellow"], observation.supply_confidence["yellow"]
    assert seen == cube_counts(view.supplies["yellow"]) or sure < 0.9, (seen, sure)


def test_a_zone_doubted_at_a_confirmation_keeps_its_last_confirmed_counts():
    # Held-out 2 players, seed 264: red sold a wood the camera didn't read; a frame confirming another decision taught
    # red's zone "wood 1" from a picture without it, and the zone read wood 1, sure, from then on.
    table, pipeline = set_up("holdout", 777_002)
    start = confirm_the_start(table, pipeline, frame_seed=11)
    # A seat whose cubes were never seen in the band (step 4 would keep the picture its counts belong to: below)
    pipeline.reference.supplies[PLAYERS.index("red")].band_seen = False
    sold = view_with({**{c: START for c in PLAYERS}, "red": {**START, "wood": 0}})
    frame, _ = table.render(sold, frame_seed=12)
    pipeline.observe(frame, still=True)
    pipeline.confirm(frame, start, doubted={"supply.red"})          # the rules still say wood 1: held back
    observation = read_after(table, pipeline, sold.supplies, frame_seed=12)
    assert observation.supplies["red"]["wood"] == 0 or observation.supply_confidence["red"] < 0.9
    pipeline.confirm(frame, start)                                  # taught: the zone now reads wood 1, sure
    taught = read_after(table, pipeline, sold.supplies, frame_seed=12)
    assert taught.supplies["red"]["wood"] == 1 and taught.supply_confidence["red"] >= 0.9
