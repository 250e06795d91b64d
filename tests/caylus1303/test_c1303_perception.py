"""Caylus 1303 on a filmed table (a synthetic camera reading the table view): a legal game is followed from the
camera, and an illegal move seen on the table raises one alert in the engine's words, naming the player, the place
and the rule; the game waits until the table is put right."""

import copy

import pytest

from companion.games import Piece
from companion.reconciler import Reconciler
from companion.reconciler.replay import run, summary
from companion.reconciler.synthetic import Noise, SyntheticCamera, layout_slots, random_actions, record_game
from companion.session import Journal, Session
from vision.observation import label_for

PLAYERS = ["blue", "red", "green"]
SEED = 5


def session_where(accept, players=PLAYERS, seed=SEED):
    """A session of a seeded random game at the first position where ``accept(state)`` holds."""
    actions, states = random_actions("caylus1303", players, seed)
    index = next(i for i, state in enumerate(states[:-1]) if accept(state))
    session = Session.new(Journal(":memory:"), game="caylus1303", players=players, seed=seed)
    for action in actions[:index]:
        session.decide(action, source="tablet")
    return session


def watching(session):
    """A reconciler that has seen the table at rest, and the camera it saw it with."""
    state = session.state
    vocabulary = {label_for(p) for p in state.table_view().slots.values()} | {f"worker:{c}" for c in session.players}
    camera = SyntheticCamera(layout_slots("caylus1303"), vocabulary, Noise.clean(), 0)
    reconciler = Reconciler(session)
    for index in range(4):
        reconciler.observe(camera.read(state.table_view(), 1_000 + index))
    return reconciler, camera


def film(reconciler, camera, view, start=2_000, frames=8):
    outcomes = []
    for index in range(frames):
        outcomes += reconciler.observe(camera.read(view, start + index))
    return outcomes


def placing_beside_another(state):
    decision = state.pending()
    return (decision is not None and decision.kind == "place" and not state.holds(decision.player, "journeyman")
            and any(len(workers) == 1 and workers[0] != decision.player for workers in state.road_workers))


def test_a_worker_put_beside_another_players_on_a_building_is_alerted_in_the_engines_words():
    session = session_where(placing_beside_another)
    state = session.state
    seat = state.pending().player
    space = next(i + 1 for i, workers in enumerate(state.road_workers) if len(workers) == 1 and workers[0] != seat)
    other = state.player_label(state.road_workers[space - 1][0])
    reconciler, camera = watching(session)
    bad = copy.deepcopy(state.table_view())
    bad.put(f"road.{space}.journeyman", Piece("worker", PLAYERS[seat]))
    bad.supplies[PLAYERS[seat]]["worker"] -= 1
    outcomes = film(reconciler, camera, bad)
    alerts = [o for o in outcomes if o.kind == "alert"]
    assert [o.kind for o in outcomes] == ["alert"]
    assert alerts[0].message.startswith(f"{state.player_label(seat)} can't place on the ")
    assert alerts[0].message.endswith(f"(space {space}): {other}'s worker already stands there")
    assert (alerts[0].player, alerts[0].place, alerts[0].rule) == (seat, f"road.{space}", "one worker per building")
    assert session.state is state and film(reconciler, camera, bad, start=3_000) == [], "the game waits"
    assert [o.kind for o in film(reconciler, camera, state.table_view(), start=4_000)] == ["resolved"]


def bridge_with_workers(state):
    decision = state.pending()
    return (decision is not None and decision.kind == "bridge" and state.workers[decision.player] >= 4
            and 0 <= state.provost + 4 <= 23)


def test_the_provost_moved_four_spaces_at_the_guilds_bridge_is_alerted_with_the_bridges_limit():
    session = session_where(bridge_with_workers, players=["blue", "red"], seed=3)
    state = session.state
    seat = state.pending().player
    reconciler, camera = watching(session)
    bad = copy.deepcopy(state.table_view())
    del bad.slots[f"provost.{state.provost}"]
    bad.put(f"provost.{state.provost + 4}", Piece("provost"))
    outcomes = film(reconciler, camera, bad)
    assert [(o.kind, o.player, o.place, o.rule) for o in outcomes] == [
        ("alert", seat, f"provost.{state.provost + 4}", "the provost moves at most 3 spaces at the Guilds Bridge")]
    assert outcomes[0].message == f"{state.player_label(seat)} can't move the provost 4 spaces at the Guilds " \
                                  "Bridge: at most 3"
    assert session.state is state


@pytest.mark.parametrize("players, seed", [(["blue", "red", "green"], 21)])
def test_a_legal_game_filmed_from_the_setup_is_followed_with_no_wrong_move_and_no_alert(players, seed):
    """The table lays out the tiles and draws the characters, the players draft and play two rounds: every decision
    the camera can see is committed from it, the rest asked; nothing is alerted."""
    recording = record_game("caylus1303", players, seed=seed, noise=Noise.clean(), blocked_rate=0.1,
                            max_decisions=70)
    session = Session.new(Journal(":memory:"), game="caylus1303", players=players, seed=seed)
    figures = summary(run(session, recording.observations, answers=recording.actions), recording.actions)
    assert figures["wrong_commits"] == 0 and session.alerts == []
    assert session.actions == recording.actions
    assert figures["by_camera"] >= 0.75 * len(recording.actions)
