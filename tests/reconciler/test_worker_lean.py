"""A worker's top read on the place beyond it, in its own colour, is that worker (held-out look, 4 players seed 200,
decision 38: "The table shows worker yellow on inn.right, which no legal move explains"; 3 players seed 216,
decision 8: "The table shows house blue on road.6.owner…").

From where the camera stands a standing worker covers the centre of the place beyond it (``Observation.leaning_in``,
from :func:`vision.leaning.shadows`), so its top can read there, over whatever stands there and as whatever that
place holds. The readings below are the ones the live loop gave on those tables' still frames."""

from .table import filmed_move, kinds, read_as

INN = ["red", "blue", "green", "yellow"]
INN_LEANS = {"inn.right": ("inn.left",)}     # 4 players seed 200: inn.left's worker covers inn.right's centre


def test_a_worker_read_over_the_worker_beyond_it_is_that_worker():
    """Yellow's worker goes on the inn's left side; its own place read it weakly (p 0.2-0.35), blue's worker on the
    right side, which its top covers, read yellow (0.82-0.89)."""
    seen = read_as(INN_LEANS, inn_left={"": 0.7, "worker:yellow": 0.3},
                   inn_right={"worker:yellow": 0.88, "": 0.11, "worker:red": 0.01})
    reconciler, inn, outcomes = filmed_move(INN, 200, 38, "yellow", seen)
    assert str(inn) == "place[3](place='inn')"
    assert [piece.colour for piece in reconciler.session.history()[38].table_view().slots["inn.right"]] == ["blue"]
    assert reconciler.session.actions[38] == inn
    assert "alert" not in kinds(outcomes) and reconciler.session.open_alerts() == []


def test_a_worker_read_beyond_an_empty_place_is_not_counted_there():
    """Nothing on the inn's left side (its window reads empty, p 0.99) and yellow read over blue on the right side:
    no worker stands in front to explain it, so it is a worker no legal move explains."""
    seen = read_as(INN_LEANS, inn_left={"": 0.99, "worker:yellow": 0.01},
                   inn_right={"worker:yellow": 0.88, "": 0.11, "worker:red": 0.01})
    reconciler, _, outcomes = filmed_move(INN, 200, 38, "yellow", seen, made=False)
    assert len(reconciler.session.actions) == 38
    assert any("inn.right" in o.message for o in outcomes if o.kind == "alert")


def test_a_worker_read_as_a_house_on_its_buildings_owner_spot_is_that_worker():
    """3 players seed 216, decision 8: blue's worker put on the marketplace (road.6) read there weakly (p 0.08-0.25);
    its top, in the square's owner spot beyond it, read as a blue house (0.74-0.92)."""
    seen = read_as({"road.6.owner": ("road.6.worker",), "road.6.tile": ("road.6.worker",)},
                   road_6_worker={"": 0.85, "worker:blue": 0.15}, road_6_owner={"house:blue": 0.85, "": 0.15})
    reconciler, market, outcomes = filmed_move(["red", "blue", "green"], 216, 8, "blue", seen)
    assert str(market) == "place[1](place='road.6')"
    assert reconciler.session.actions[8] == market
    assert "alert" not in kinds(outcomes) and reconciler.session.open_alerts() == []
