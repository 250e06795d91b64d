"""Every endpoint through the Flask test client: pairing, CSRF, trusted hosts, bad input → 4xx with a message."""

from __future__ import annotations

import pytest

from companion.session import Journal
from companion.web import create_app
from companion.web.desk import Desk
from tablet_client import PIN, Tablet


def first_option(tablet: Tablet) -> dict:
    return tablet.get("/api/live").get_json()["snapshot"]["pending"]["options"][0]


# -- pairing, CSRF, host header ------------------------------------------------------------------------------

def test_watching_needs_no_pin_but_playing_does(tablet):
    assert tablet.get("/").status_code == 200
    assert tablet.get("/api/live").get_json()["snapshot"]["players"] == ["red", "blue", "green"]
    refused = tablet.post("/api/decide", {"action": first_option(tablet)["action"]})
    assert refused.status_code == 401
    assert "PIN" in refused.get_json()["error"]


def test_right_pin_pairs_and_wrong_pin_is_refused(tablet):
    wrong = tablet.pair("000000" if PIN != "000000" else "111111")
    assert wrong.status_code == 403 and wrong.get_json()["error"] == "Wrong PIN."
    assert tablet.get("/api/session").get_json()["paired"] is False
    assert tablet.pair().status_code == 200
    assert tablet.get("/api/session").get_json()["paired"] is True
    assert tablet.post("/api/unpair").status_code == 200
    assert tablet.get("/api/session").get_json()["paired"] is False


def test_pin_guessing_is_rate_limited_even_for_the_right_pin(tablet):
    for _ in range(5):
        assert tablet.pair("999999" if PIN != "999999" else "888888").status_code == 403
    blocked = tablet.pair()
    assert blocked.status_code == 429
    assert int(blocked.headers["Retry-After"]) > 0
    assert "Try again" in blocked.get_json()["error"]


def test_every_post_needs_the_csrf_token(paired):
    action = first_option(paired)["action"]
    for url, body in [("/api/decide", {"action": action}), ("/api/undo", {}), ("/api/pair", {"pin": PIN}),
                      ("/api/games", {"players": ["red", "blue"]}), ("/api/override", {"slot": "gate.worker", "pieces": []})]:
        response = paired.post(url, body, csrf=False)
        assert response.status_code == 403, url
        assert "security token" in response.get_json()["error"]
    wrong = paired.client.post("/api/undo", json={}, headers={"X-CSRF-Token": "forged"})
    assert wrong.status_code == 403
    assert paired.get("/api/live").get_json()["snapshot"]["decisions_made"] == 0


def test_foreign_host_header_is_refused(tablet):
    assert tablet.client.get("/", headers={"Host": "evil.example"}).status_code == 400
    assert tablet.client.get("/api/live", headers={"Host": "127.0.0.1:5000"}).status_code == 200


def test_app_never_runs_in_debug_mode(app):
    assert app.debug is False


# -- the game: decide, undo, alerts, overrides, lessons --------------------------------------------------------

def test_a_tapped_option_is_committed_and_undone(paired, desk):
    option = first_option(paired)
    response = paired.post("/api/decide", {"action": option["action"]})
    assert response.status_code == 200
    assert desk.session.snapshot()["decisions_made"] == 1
    undone = paired.post("/api/undo")
    assert undone.get_json()["undone"] == option["action"]
    assert desk.session.snapshot()["decisions_made"] == 0
    nothing = paired.post("/api/undo")
    assert nothing.status_code == 409 and "nothing to undo" in nothing.get_json()["error"]


@pytest.mark.parametrize("body", [None, [], {"action": "gate"}, {"action": {"kind": "place"}},
                                  {"action": {"player": "red", "kind": "place"}}, {"action": {"player": 0, "kind": 5}}])
def test_malformed_decisions_get_400_with_a_message(paired, body):
    response = paired.client.post("/api/decide", data="not json" if body is None else None,
                                  json=body if body is not None else None,
                                  headers={"X-CSRF-Token": paired.csrf, "Content-Type": "application/json"})
    assert response.status_code == 400
    assert response.get_json()["error"]


def test_an_illegal_decision_is_refused_with_the_rule_and_changes_nothing(paired, desk):
    pending = desk.session.state.pending()
    wrong_seat = (pending.player + 1) % 3
    response = paired.post("/api/decide", {"action": {"player": wrong_seat, "kind": "place", "args": {"place": "gate"}}})
    assert response.status_code == 422
    assert response.get_json()["error"]
    assert desk.session.snapshot()["decisions_made"] == 0


def test_alerts_stay_until_resolved(paired, desk):
    alert = desk.session.raise_alert("Blue's worker stands on the Peddler twice", player="blue", place="road.7",
                                     rule="one worker per building")
    shown = paired.get("/api/live").get_json()
    assert [a["message"] for a in shown["snapshot"]["alerts"]] == ["Blue's worker stands on the Peddler twice"]
    assert any(lamp["place"] == "road.7" and lamp["role"] == "alert" for lamp in shown["leds"])
    assert paired.post(f"/api/alerts/{alert.id}/resolve", {"how": "maybe"}).status_code == 400
    assert paired.post("/api/alerts/99/resolve", {"how": "fixed"}).status_code == 404
    assert paired.post(f"/api/alerts/{alert.id}/resolve", {"how": "override"}).status_code == 200
    assert paired.get("/api/live").get_json()["snapshot"]["alerts"] == []
    assert paired.post(f"/api/alerts/{alert.id}/resolve", {"how": "fixed"}).status_code == 404


def test_slot_override_is_recorded_and_bad_ones_refused(paired, desk):
    ok = paired.post("/api/override", {"slot": "road.9.worker", "pieces": [{"kind": "worker", "colour": "red"}]})
    assert ok.status_code == 200
    assert desk.session.snapshot()["overrides"] == {"road.9.worker": [{"kind": "worker", "colour": "red"}]}
    for body in [{"slot": "../../etc", "pieces": []}, {"slot": "road.9.worker", "pieces": "worker"},
                 {"slot": "road.9.worker", "pieces": [{"colour": "red"}]}, {"pieces": []}]:
        response = paired.post("/api/override", body)
        assert response.status_code == 400 and response.get_json()["error"], body


def test_guided_play_teaches_each_lesson_once(paired, desk):
    desk.new_game(game="caylus", players=["red", "blue"], seed=3, variants={}, guided=True)
    assert paired.get("/api/live").get_json()["lesson"]["key"] == "setup"
    assert paired.post("/api/lessons/setup/done").status_code == 200
    lesson = paired.get("/api/live").get_json()["lesson"]
    assert lesson["key"] == "placement" and "worker" in lesson["text"]
    assert paired.post("/api/lessons/no_such_rule/done").status_code == 404


def test_legal_places_are_the_pending_options(paired, desk):
    live = paired.get("/api/live").get_json()
    named = {o.action.arg("place") for o in desk.session.state.pending().options} - {"pass"}
    assert set(live["legal_places"]) == named


def hinted(lamps_or_scene) -> set[str]:
    if isinstance(lamps_or_scene, list):
        return {lamp["place"] for lamp in lamps_or_scene if "hint" in lamp["roles"]}
    return {place for place, lights in lamps_or_scene.places if any(light.role == "hint" for light in lights)}


@pytest.mark.parametrize("guided", [False, True])
def test_the_virtual_leds_show_what_the_strip_shows(paired, desk, guided):
    from companion.live.leds import scene_for_session
    desk.new_game(game="caylus", players=["red", "blue"], seed=3, variants={}, guided=guided)
    desk.session.raise_alert("Blue's worker stands on the Peddler twice", player="blue", place="road.7")
    lamps = paired.get("/api/live").get_json()["leds"]
    strip = scene_for_session(desk.session)
    roads = {p for p in paired.get("/api/live").get_json()["legal_places"] if p.startswith("road.")}
    assert hinted(lamps) == hinted(strip)
    assert (roads - {"road.7"} <= hinted(lamps)) if guided else not hinted(lamps)    # hints: guided play only
    shown = {lamp["place"]: lamp["role"] for lamp in lamps}
    assert shown["road.7"] == "alert" and any(light.role == "alert" for light in dict(strip.places)["road.7"])


def test_camera_picture_needs_pairing_and_a_camera(tablet):
    assert tablet.get("/camera.jpg").status_code == 401
    tablet.pair()
    missing = tablet.get("/camera.jpg")
    assert missing.status_code == 404 and "camera" in missing.get_json()["error"]


def test_camera_picture_is_served_from_the_frame_source(desk):
    class StillCamera:
        def latest_jpeg(self) -> bytes:
            return b"\xff\xd8fake-jpeg\xff\xd9"
    tablet = Tablet(create_app(desk, pin=PIN, frame_source=StillCamera()).test_client())
    tablet.pair()
    response = tablet.get("/camera.jpg")
    assert response.status_code == 200 and response.mimetype == "image/jpeg"
    assert response.data.startswith(b"\xff\xd8")


def test_no_game_yet_is_a_409_not_a_crash():
    tablet = Tablet(create_app(Desk(Journal(":memory:")), pin=PIN).test_client())
    tablet.pair()
    assert tablet.get("/api/live").get_json()["game_id"] is None
    response = tablet.post("/api/undo")
    assert response.status_code == 409 and "Setup" in response.get_json()["error"]


def test_unknown_route_and_wrong_method_are_json_4xx(tablet):
    assert tablet.get("/api/nothing").status_code == 404
    assert tablet.get("/api/decide").status_code == 405
    assert tablet.get("/api/decide").get_json()["error"]


def test_oversized_request_is_413(paired):
    response = paired.client.post("/api/override", data="x" * (300 * 1024),
                                  headers={"X-CSRF-Token": paired.csrf, "Content-Type": "application/json"})
    assert response.status_code == 413


# -- setup wizard ------------------------------------------------------------------------------------------

def test_setup_offers_the_caylus_engine_and_its_variants(tablet):
    games = tablet.get("/api/setup").get_json()["games"]
    caylus = next(g for g in games if g["name"] == "caylus")
    assert caylus["min_players"] == 2 and "beginner_favours" in [v["name"] for v in caylus["variants"]]


def test_starting_a_game_from_the_tablet(paired, desk):
    response = paired.post("/api/games", {"game": "caylus", "players": ["yellow", "black"], "seed": 11,
                                          "names": {"yellow": "Yuki"}, "variants": {"beginner_favours": True},
                                          "guided": True})
    assert response.status_code == 200
    snapshot = desk.session.snapshot()
    assert snapshot["players"] == ["yellow", "black"] and snapshot["names"] == {"yellow": "Yuki"}
    assert desk.session.guided and snapshot["variants"]["beginner_favours"] is True


@pytest.mark.parametrize("body, words", [
    ({"game": "chess", "players": ["red", "blue"]}, "does not know"),
    ({"players": "red"}, "list of colours"),
    ({"players": ["red", "red"]}, "different colour"),
    ({"players": ["red", "pink"]}, "different colour"),
    ({"players": ["red"]}, "2 to 5"),
    ({"players": ["red", "blue"], "variants": {"rocket": True}}, "rocket"),
    ({"players": ["red", "blue"], "seed": -1}, "seed"),
    ({"players": ["red", "blue"], "names": {"red": "x" * 99}}, "24"),
])
def test_bad_new_game_requests_are_explained(paired, desk, body, words):
    before = desk.session.game_id
    response = paired.post("/api/games", body)
    assert response.status_code == 400
    assert words in response.get_json()["error"]
    assert desk.session.game_id == before


def test_resume_a_game_and_refuse_unknown_ids(paired, desk):
    first = desk.session.game_id
    paired.post("/api/decide", {"action": first_option(paired)["action"]})
    paired.post("/api/games", {"players": ["red", "blue"], "seed": 1})
    assert desk.session.game_id != first
    assert paired.post("/api/games/resume", {"game_id": first}).status_code == 200
    assert desk.session.game_id == first and desk.session.snapshot()["decisions_made"] == 1
    assert paired.post("/api/games/resume", {"game_id": "nope"}).status_code == 404


def test_corner_taps_and_colour_samples(desk, tmp_path):
    import cv2
    import numpy as np
    picture = np.zeros((100, 200, 3), np.uint8)
    picture[:, 100:] = (0, 0, 200)  # right half red (BGR)

    class StillCamera:
        def latest_jpeg(self) -> bytes:
            return cv2.imencode(".jpg", picture)[1].tobytes()
    tablet = Tablet(create_app(desk, pin=PIN, frame_source=StillCamera(), config={"DATA_DIR": str(tmp_path)}).test_client())
    tablet.pair()
    corners = [[0.1, 0.1], [0.9, 0.1], [0.9, 0.9], [0.1, 0.9]]
    assert tablet.post("/api/setup/corners", {"corners": corners}).status_code == 200
    assert tablet.post("/api/setup/corners", {"corners": corners[:3]}).status_code == 400
    assert tablet.post("/api/setup/corners", {"corners": [[2, 0]] * 4}).status_code == 400
    sampled = tablet.post("/api/setup/colours", {"samples": {"red": [0.75, 0.5], "black": [0.25, 0.5]}}).get_json()
    red, black = sampled["colours"]["red"]["rgb"], sampled["colours"]["black"]["rgb"]
    assert red[0] > 150 and red[2] < 60 and max(black) < 40
    assert tablet.post("/api/setup/colours", {"samples": {"red": [3, 3]}}).status_code == 400
    assert tablet.post("/api/setup/empty-board").status_code == 200
    assert (tmp_path / "empty-board.jpg").read_bytes()[:2] == b"\xff\xd8"
    import json
    saved = json.loads((tmp_path / "setup.json").read_text())
    assert saved["corners"] == corners and "red" in saved["colours"]


def test_camera_steps_without_a_camera_say_so(paired):
    response = paired.post("/api/setup/empty-board")
    assert response.status_code == 409 and "camera" in response.get_json()["error"]
    assert paired.post("/api/setup/camera", {"camera": ""}).status_code == 400
    assert paired.post("/api/setup/camera", {"camera": "0"}).status_code == 200


# -- records ----------------------------------------------------------------------------------------------

def play_to_the_end(session) -> None:
    while not session.state.is_over:
        session.decide(session.state.pending().options[-1].action, source="test")


def test_finished_game_record_opens_and_exports(tablet, desk):
    session = desk.session
    play_to_the_end(session)
    games = tablet.get("/api/records").get_json()["games"]
    assert games[0]["id"] == session.game_id and games[0]["finished"]
    opened = tablet.get(f"/api/records/{session.game_id}").get_json()
    record = opened["record"]
    assert record["over"] and len(record["actions"]) == session.snapshot()["decisions_made"]
    assert opened["bgstats_link"].startswith("bgstats://")
    exported = tablet.get(f"/api/records/{session.game_id}/export.json")
    assert exported.headers["Content-Disposition"].startswith("attachment")
    assert exported.get_json()["actions"] == record["actions"]
    bgstats = tablet.get(f"/api/records/{session.game_id}/bgstats.json").get_json()
    scores = {s.player: s.total for s in session.state.scores()}
    assert bgstats["game"]["bggId"] == 18602
    assert [p["score"] for p in bgstats["players"]] == [scores[0], scores[1], scores[2]]
    assert [p["name"] for p in bgstats["players"]][0] == "Ann"
    winners = {session.players[seat] for seat in session.state.winners()}
    assert {p["role"] for p in bgstats["players"] if p["winner"]} == winners


def test_unknown_record_is_404(tablet):
    for url in ["/api/records/nope", "/api/records/nope/export.json", "/api/records/nope/bgstats.json"]:
        response = tablet.get(url)
        assert response.status_code == 404 and "nope" in response.get_json()["error"]


def test_pages_render_in_every_language(tablet):
    for lang, word in [("en", "Records"), ("zh-Hant", "紀錄"), ("ja", "記録")]:
        tablet.client.set_cookie("lang", lang)
        for page in ["/", "/records", "/setup", "/pair"]:
            response = tablet.get(page)
            assert response.status_code == 200
            assert word in response.get_data(as_text=True), (lang, page)
    assert tablet.get("/api/i18n/ja").get_json()["nav.records"] == "記録"
    assert tablet.get("/api/i18n/fr").status_code == 404
