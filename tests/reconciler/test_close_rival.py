"""A disagreement that a legal story as likely as the best one explains is a question, not an illegal move (held-out
look, 4 players seed 241, decision 55: "The table shows worker red on stables.2, which no legal move explains").

Red's worker went to the stables and read there (p 0.70-0.93); the same move puts yellow's disc on bridge.1 (the
engine passes yellow with it), which read empty (0.56-0.69), so "nothing happened" kept level with "red to the
stables" (0.1-0.5 nats) and the worker on stables.2 was alerted. The readings are the live loop's."""

from .table import filmed_move, kinds, read_as

PLAYERS = ["red", "blue", "green", "yellow"]


def test_a_worker_seen_where_a_level_story_puts_it_is_asked_not_alerted():
    seen = read_as({}, stables_2={"worker:red": 0.85, "": 0.15},
                   bridge_1={"": 0.66, "disc:yellow": 0.19, "disc:green": 0.15})
    reconciler, stables, outcomes = filmed_move(PLAYERS, 241, 55, "red", seen)
    assert str(stables) == "place[0](place='stables')"
    assert [p.colour for p in reconciler.session.history()[56].table_view().slots["bridge.1"]] == ["yellow"]
    assert "alert" not in kinds(outcomes) and reconciler.session.open_alerts() == []
    assert reconciler.session.actions[55] == stables


def test_a_worker_no_legal_story_puts_there_is_still_alerted():
    """The same reading on road.30, a square no building stands on yet: no legal story puts a worker there."""
    seen = read_as({}, road_30_worker={"worker:red": 0.85, "": 0.15},
                   bridge_1={"": 0.66, "disc:yellow": 0.19, "disc:green": 0.15})
    _, _, outcomes = filmed_move(PLAYERS, 241, 55, "red", seen)
    assert any("road.30" in o.message for o in outcomes if o.kind == "alert")
