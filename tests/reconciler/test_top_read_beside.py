"""A piece's top read as the bailiff on its square's bailiff spot, the real bailiff missed, is no alert (held-out look,
2 players: "The table shows nothing on road.N.bailiff, which no legal move explains", four times in session 8's
batch).

Seed 110, decision 20: red's guild moved the provost −1, off square 8 (the bailiff's) onto 7; the provost's top read
as the bailiff on road.7.bailiff (p 0.5-0.65) and the bailiff on 8 read nothing (0.78-0.89). Seeds 124 (decision 24) and 108
(decisions 6 and 30): a worker put on a square read as the bailiff there (p 0.52-0.81) while the bailiff read
nothing on its own square. Judged against each story's view: the provost may move in it, the worker be put."""

import copy
from dataclasses import replace

from companion.games import Piece
from companion.reconciler import Reconciler

from .table import advance_until, arm_then_rest, kinds, session_at, show, watching


def _reading(**slots):
    """A frame adjuster setting the readings of ``slots`` (``road_7_bailiff={"bailiff": 0.97}``)."""
    readings = {name.replace("_", "."): reading for name, reading in slots.items()}
    return lambda frame: replace(frame, slots={**frame.slots, **readings})


def test_the_provosts_top_read_as_the_bailiff_where_it_moved_is_not_an_alert():
    reconciler, cam, guild = watching(["red", "blue"], 110, 20)
    assert str(guild) == "guild[0](steps=-1)"
    state = reconciler.session.state
    assert state.provost == state.bailiff == 8
    seen = _reading(road_7_bailiff={"bailiff": 0.65, "": 0.35}, road_8_bailiff={"": 0.86, "bailiff": 0.14})
    moved = state.apply(guild).table_view()
    outcomes = arm_then_rest(reconciler, cam, moved, "red", frames=14, start=3_000, adjust=seen)
    assert "alert" not in kinds(outcomes) and "reminder" not in kinds(outcomes)
    assert reconciler.session.actions[20] == guild and reconciler.session.sources[20] == "camera"
    # the same readings go on after the commit, while blue decides: still no alert
    outcomes = [o for i in range(8) for o in reconciler.observe(seen(cam.read(moved, 4_000 + i)))]
    assert "alert" not in kinds(outcomes) and reconciler.session.open_alerts() == []


def test_a_workers_top_read_as_the_bailiff_is_not_an_alert_and_the_placement_is_committed():
    missed = _reading(road_9_bailiff={"": 1.0})
    reconciler, cam, place = watching(["red", "blue"], 124, 24, adjust=missed)
    assert str(place) == "place[1](place='road.6')"
    assert reconciler.session.state.bailiff == 9
    seen = _reading(road_6_bailiff={"bailiff": 0.6, "": 0.4}, road_9_bailiff={"": 1.0})
    outcomes = arm_then_rest(reconciler, cam, reconciler.session.state.apply(place).table_view(), "blue", frames=12,
                             start=3_000, adjust=seen)
    assert "alert" not in kinds(outcomes) and reconciler.session.open_alerts() == []
    assert reconciler.session.actions[24] == place


def test_a_bailiff_read_where_no_piece_of_the_story_stands_is_still_alerted():
    reconciler, cam, guild = watching(["red", "blue"], 110, 20)
    seen = _reading(road_10_bailiff={"bailiff": 0.97, "": 0.03}, road_8_bailiff={"": 1.0})
    outcomes = arm_then_rest(reconciler, cam, reconciler.session.state.apply(guild).table_view(), "red", frames=14,
                             start=3_000, adjust=seen)
    assert "alert" in kinds(outcomes)


def test_a_bailiff_left_on_its_old_square_is_still_a_reminder():
    session, actions = session_at(["red", "blue"], seed=6, decisions=0)
    advance_until(session, actions, lambda s: s.turn > 1)
    old, new = session.history()[-2].bailiff, session.state.bailiff
    assert old != new and session.state.provost == new
    left = copy.deepcopy(session.state.table_view())
    left.slots.pop(f"road.{new}.bailiff")
    left.put(f"road.{old}.bailiff", Piece("bailiff"))
    outcomes = show(Reconciler(session), left, frames=8)
    assert "reminder" in kinds(outcomes) and f"road.{old}.bailiff" in " ".join(o.message for o in outcomes)


def test_an_unread_workers_top_read_as_the_bailiff_is_asked_not_alerted():
    """Held-out 4 players, seed 333, decision 157: green's worker on road.8 went unread (its circle's reference held a
    neighbour, so the camera could not read it) and its top read as the bailiff there (p 0.8), while the bailiff on
    road.22 read nothing (0.98): "nothing happened" and "green to road.8" were level, and "The table shows nothing on
    road.22.bailiff" was alerted. The story that puts the worker there explains both readings: a question."""
    missed = _reading(road_9_bailiff={"": 1.0})
    reconciler, cam, place = watching(["red", "blue"], 124, 24, adjust=missed)
    assert str(place) == "place[1](place='road.6')" and reconciler.session.state.bailiff == 9

    def seen(frame):
        frame = missed(frame)
        slots = {**frame.slots, "road.6.bailiff": {"bailiff": 0.8, "": 0.2}, "road.6.worker": {"worker:blue": 0.99}}
        return replace(frame, slots=slots, occluded_slots=frame.occluded_slots | {"road.6.worker"})

    outcomes = arm_then_rest(reconciler, cam, reconciler.session.state.apply(place).table_view(), "blue", frames=14,
                             start=3_000, adjust=seen, answer=place)
    assert "alert" not in kinds(outcomes) and reconciler.session.open_alerts() == []
    asked = [o for o in outcomes if o.kind == "prompt"]
    assert asked and asked[0].actions[0] == place
    assert reconciler.session.actions[24] == place and reconciler.session.sources[24] == "prompt"
