"""A story that leads the table back to the look a player's answer refused is asked, never committed (held-out look,
2 players, seed 32, decision 12: a wrong commit).

Blue's guild moved the provost from square 6, where the bailiff stands, to square 4. Square 6 went on reading the
provost (p 0.55-0.9: the bailiff's top) and square 4 read empty, so the camera asked and blue answered "guild -2".
Blue then moved the provost -1 to square 3, which the camera did not see either; "blue's provost +2" (back onto
square 6) explained every frame and was committed."""

from dataclasses import replace

from .table import kinds, live_bots_at, watching

PLAYERS = ["red", "blue"]


def _as_seen(frame):
    """Square 6's provost spot reads the bailiff's top as the provost; the provost where it went is not seen."""
    slots = dict(frame.slots)
    slots["road.6.provost"] = {"provost": 0.8, "": 0.2}
    for square in (3, 4):
        slots[f"road.{square}.provost"] = {"": 0.85, "provost": 0.15}
    return replace(frame, slots=slots)


def _blue_moves(reconciler, cam, view, start, frames=12):
    return [outcome for index in range(3)
            for outcome in reconciler.observe(replace(cam.read(view, start + index, covered={"hand"}), hand_from="blue"))] \
        + [outcome for index in range(frames) for outcome in reconciler.observe(_as_seen(cam.read(view, start + 10 + index)))]


def test_the_provost_read_back_where_the_answer_moved_it_from_is_not_committed_as_a_move():
    reconciler, cam, guild = watching(PLAYERS, 32, 11)
    assert str(guild) == "guild[1](steps=-2)"
    state = reconciler.session.state
    assert state.table_view().pieces("road.6.provost") and state.table_view().pieces("road.6.bailiff")
    after_guild = state.apply(guild)
    asked = [o for o in _blue_moves(reconciler, cam, after_guild.table_view(), 2_000) if o.kind == "prompt"]
    assert asked and guild in asked[-1].actions, "the guild is asked: square 6 still reads the provost"
    reconciler.answer(asked[-1], guild)

    _, provost = live_bots_at(PLAYERS, 32, 12)
    assert str(provost) == "provost[1](steps=-1)"
    outcomes = _blue_moves(reconciler, cam, after_guild.apply(provost).table_view(), 3_000, frames=16)
    committed = [action for o in outcomes if o.kind == "commit" for action in o.actions]
    assert all(action == provost for action in committed[:1]), \
        f"never the provost back onto square 6: {committed}"
    assert any(o.kind == "prompt" and provost in o.actions for o in outcomes), "asked, with the true move among"
    assert "alert" not in kinds(outcomes)
