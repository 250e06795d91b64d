"""A finished Citadels game in the tablet's records: listed by its title, its JSON replays to the same final scores,
and its BG Stats export carries BoardGameGeek's id and every player's score."""

from companion.cli.demo import build_demo
from companion.session.records import replay_record
from tests.web.tablet_client import PIN, Tablet

PLAYERS = ["red", "blue", "green"]


def test_a_finished_game_is_listed_by_title_replays_and_exports_to_bg_stats():
    app, desk, bots = build_demo(game="citadels", players=PLAYERS, humans=[], seed=12, pin=PIN)
    while bots.play_one():
        pass
    session = desk.session
    assert session.state.is_over
    tablet = Tablet(app.test_client())
    listed = tablet.get("/api/records").get_json()["games"]
    assert [(game["id"], game["title"]) for game in listed] == [(session.game_id, "Citadels")]
    record = tablet.get(f"/api/records/{session.game_id}").get_json()["record"]
    assert record["title"] == "Citadels"
    exported = tablet.get(f"/api/records/{session.game_id}/export.json").get_json()
    replayed = replay_record(exported)
    assert [s.total for s in replayed.scores()] == [s.total for s in session.state.scores()]
    play = tablet.get(f"/api/records/{session.game_id}/bgstats.json").get_json()
    assert play["game"]["bggId"] == 478
    scores = {s.player: s.total for s in session.state.scores()}
    assert sorted(p["score"] for p in play["players"]) == sorted(scores.values())
