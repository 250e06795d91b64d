"""A worker's top read on the place beyond it, in its own colour, is that worker (held-out look, 4 players seed 200,
decision 38: "The table shows worker yellow on inn.right, which no legal move explains").

From where the camera stands a standing worker covers the centre of the place beyond it (``Observation.leaning_in``,
from :func:`vision.leaning.shadows`), so its top can read there, over whatever stands there. The readings below are
the ones the live loop gave on that table's still frames."""

from dataclasses import replace

from .table import arm_then_rest, kinds, watching

INN_LEANS = {"inn.right": ("inn.left",)}     # 4 players seed 200: inn.left's worker covers inn.right's centre


def _seen(leaning_in, **slots):
    """A frame adjuster: the readings of ``slots`` (``inn_left={"": 0.65, …}``) and the camera's lean map."""
    readings = {name.replace("_", "."): reading for name, reading in slots.items()}
    return lambda frame: replace(frame, slots={**frame.slots, **readings}, leaning_in=leaning_in)


def test_a_worker_read_over_the_worker_beyond_it_is_that_worker():
    """Yellow's worker goes on the inn's left side; its own place read it weakly (p 0.2-0.35), blue's worker on the
    right side, which its top covers, read yellow (0.82-0.89)."""
    seen = _seen(INN_LEANS, inn_left={"": 0.7, "worker:yellow": 0.3},
                 inn_right={"worker:yellow": 0.88, "": 0.11, "worker:red": 0.01})
    reconciler, cam, inn = watching(["red", "blue", "green", "yellow"], 200, 38)
    assert str(inn) == "place[3](place='inn')"
    assert [piece.colour for piece in reconciler.session.state.table_view().slots["inn.right"]] == ["blue"]
    placed = reconciler.session.state.apply(inn).table_view()
    outcomes = arm_then_rest(reconciler, cam, placed, "yellow", frames=14, start=3_000, adjust=seen, answer=inn)
    assert reconciler.session.actions[38] == inn
    assert "alert" not in kinds(outcomes) and reconciler.session.open_alerts() == []


def test_a_worker_read_beyond_an_empty_place_is_not_counted_there():
    """Nothing on the inn's left side (its window reads empty, p 0.99) and yellow read over blue on the right side:
    no worker stands in front to explain it, so it is a worker no legal move explains."""
    seen = _seen(INN_LEANS, inn_left={"": 0.99, "worker:yellow": 0.01},
                 inn_right={"worker:yellow": 0.88, "": 0.11, "worker:red": 0.01})
    reconciler, cam, inn = watching(["red", "blue", "green", "yellow"], 200, 38)
    before = reconciler.session.state.table_view()
    outcomes = arm_then_rest(reconciler, cam, before, "yellow", frames=14, start=3_000, adjust=seen)
    assert len(reconciler.session.actions) == 38
    assert any("inn.right" in o.message for o in outcomes if o.kind == "alert")


def test_a_worker_read_as_a_house_on_its_buildings_owner_spot_is_that_worker():
    """3 players seed 216, decision 8: blue's worker put on the marketplace (road.6) read there weakly (p 0.08-0.25);
    its top, in the square's owner spot beyond it, read as a blue house (0.74-0.92): "The table shows house blue on
    road.6.owner, which no legal move explains"."""
    seen = _seen({"road.6.owner": ("road.6.worker",), "road.6.tile": ("road.6.worker",)},
                 road_6_worker={"": 0.85, "worker:blue": 0.15}, road_6_owner={"house:blue": 0.85, "": 0.15})
    reconciler, cam, market = watching(["red", "blue", "green"], 216, 8)
    assert str(market) == "place[1](place='road.6')"
    placed = reconciler.session.state.apply(market).table_view()
    outcomes = arm_then_rest(reconciler, cam, placed, "blue", frames=14, start=3_000, adjust=seen, answer=market)
    assert reconciler.session.actions[8] == market
    assert "alert" not in kinds(outcomes) and reconciler.session.open_alerts() == []
