"""Two routes to the same game are one move, not a question (held-out 2 players, seed 230, decision 14).

Red's last worker of the turn, put on road.2, looks exactly like one put on the gate and sent on to road.2 under the
same hand: the gate is worked as soon as the placements end, and both cost one denier. The camera asked "which
placement?" for 8 of that game's 14 placement questions; both routes leave the same game, so it now commits."""

from companion.games import Action

from .table import filmed_move, live_bots_at

PLAYERS = ["red", "blue"]
GATE = Action(player=0, kind="place", args=(("place", "gate"),))


def test_the_gate_route_ends_in_the_same_position_but_for_what_the_last_decision_did():
    session, road_2 = live_bots_at(PLAYERS, 230, 14)
    direct = session.state.apply(road_2)
    via_gate = session.state.apply(GATE).apply(Action(player=0, kind="gate", args=(("place", "road.2"),)))
    assert str(road_2) == "place[0](place='road.2')"
    assert direct != via_gate and direct.position() == via_gate.position()
    assert direct.position() != session.state.apply(GATE).position()


def test_a_worker_put_where_the_gate_could_also_send_it_is_committed_without_a_question():
    reconciler, road_2, outcomes = filmed_move(PLAYERS, 230, 14, "red", lambda frame: frame)
    assert [o for o in outcomes if o.kind == "prompt" and o.decision == 14] == []
    assert reconciler.session.actions[14] == road_2 and reconciler.session.sources[14] == "camera"
