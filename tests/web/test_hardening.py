"""Issue 71's hardening of the tablet's API: deep JSON, pairing limits and revocation, security headers."""

from __future__ import annotations

import pytest

from companion.web import create_app
from tablet_client import PIN, Tablet

WRONG = "000000" if PIN != "000000" else "111111"


def _deep(levels: int) -> str:
    return "[" * levels + "]" * levels


@pytest.mark.parametrize("url", ["/api/pair", "/api/decide", "/api/override", "/api/setup/camera", "/api/undo",
                                 "/api/games"])
@pytest.mark.parametrize("levels", [40, 100_000])
def test_deeply_nested_json_is_a_clear_400_on_every_json_endpoint(paired, url, levels):
    body = '{"pin": ' + _deep(levels) + "}"
    response = paired.client.post(url, data=body, content_type="application/json",
                                  headers={"X-CSRF-Token": paired.csrf})
    assert response.status_code == 400, (url, response.status_code)
    assert response.get_json()["error"]


def test_a_client_that_guesses_waits_but_another_with_the_right_pin_pairs(app):
    guesser = Tablet(app.test_client())
    for _ in range(5):
        assert guesser.pair(WRONG).status_code == 403
    assert guesser.pair().status_code == 429
    player = Tablet(app.test_client())
    player.client.environ_base["REMOTE_ADDR"] = "192.168.1.30"
    assert player.pair().status_code == 200


def test_many_wrong_pins_from_many_addresses_replace_the_pin_instead_of_locking_everyone_out(desk):
    shown = []
    app = create_app(desk, pin=PIN, on_new_pin=shown.append)
    for address in range(25):                      # more than the overall limit of 20
        guesser = Tablet(app.test_client())
        guesser.client.environ_base["REMOTE_ADDR"] = f"192.168.1.{100 + address}"
        assert guesser.pair(WRONG).status_code == 403
    assert len(shown) == 1 and shown[0] != PIN and app.extensions["pin"] == shown[0]
    player = Tablet(app.test_client())
    player.client.environ_base["REMOTE_ADDR"] = "192.168.1.30"
    assert player.pair(PIN).status_code == 403     # the old PIN is gone: guesses against it were wasted
    assert player.pair(shown[0]).status_code == 200
    assert player.get("/api/session").get_json()["pin"] == shown[0]     # a paired (table) device can show it
    assert "pin" not in Tablet(app.test_client()).get("/api/session").get_json()


def test_unpairing_revokes_a_saved_cookie_on_the_server(app):
    tablet = Tablet(app.test_client())
    assert tablet.pair().status_code == 200
    saved = tablet.client.get_cookie("session").value
    assert tablet.post("/api/unpair").status_code == 200
    copy = app.test_client()
    copy.set_cookie("session", saved)
    csrf = copy.get("/api/session").get_json()
    assert csrf["paired"] is False
    refused = copy.post("/api/undo", json={}, headers={"X-CSRF-Token": csrf["csrf"]})
    assert refused.status_code == 401


@pytest.mark.parametrize("url", ["/", "/pair", "/records", "/setup", "/api/live", "/api/session"])
def test_every_answer_carries_the_security_headers(tablet, url):
    response = tablet.get(url)
    policy = response.headers["Content-Security-Policy"]
    assert "script-src 'self' 'nonce-" in policy and "frame-ancestors 'none'" in policy
    assert "unsafe-inline" not in policy.split("script-src")[1].split(";")[0]
    assert response.headers["X-Frame-Options"] == "DENY"
    assert response.headers["X-Content-Type-Options"] == "nosniff"


def test_inline_scripts_carry_the_pages_nonce(tablet):
    import re
    for url in ("/", "/pair", "/records", "/setup"):
        response = tablet.get(url)
        nonce = re.search(r"'nonce-([^']+)'", response.headers["Content-Security-Policy"]).group(1)
        page = response.get_data(as_text=True)
        for tag in re.findall(r"<script\b[^>]*>", page):
            runs = "src=" not in tag and 'type="application/json"' not in tag
            assert not runs or f'nonce="{nonce}"' in tag, (url, tag)


def test_too_many_event_streams_are_refused(desk):
    import http.client
    import time

    from companion.web.server import LiveServer

    app = create_app(desk, pin=PIN, max_streams=2)
    with LiveServer(app, "127.0.0.1", 0) as server:
        def open_stream():
            connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
            connection.request("GET", "/api/events")
            return connection, connection.getresponse()

        streams = [open_stream() for _ in range(2)]
        assert [response.status for _, response in streams] == [200, 200]
        connection, refused = open_stream()
        assert refused.status == 503 and "screens" in refused.read().decode()
        connection.close()
        for connection, response in streams:
            response.close()
            connection.close()
        deadline = time.monotonic() + 10
        while app.extensions["streams"].open and time.monotonic() < deadline:
            desk.notify("game")
            time.sleep(0.1)
        connection, again = open_stream()
        assert again.status == 200
        connection.close()


@pytest.mark.parametrize("body, key", [
    ({"slot": "road.99.worker", "pieces": []}, "errors.unknown_slot"),
    ({"slot": "road.9.worker", "pieces": [{"kind": "dragon", "colour": "red"}]}, "errors.bad_piece_kind"),
    ({"slot": "road.9.worker", "pieces": [{"kind": "worker", "colour": "purple"}]}, "errors.bad_piece_colour"),
    ({"slot": "road.9.worker", "pieces": [{"kind": "worker", "colour": "red", "extra": 1}]}, "errors.bad_pieces"),
])
def test_an_override_names_a_slot_of_the_board_and_the_packs_pieces_and_colours(paired, desk, body, key):
    response = paired.post("/api/override", body)
    assert response.status_code == 400 and response.get_json()["error_key"] == key
    assert desk.session.snapshot()["overrides"] == {}
    empty_now = paired.post("/api/override", {"slot": "road.12.worker", "pieces": [{"kind": "worker", "colour": "blue"}]})
    assert empty_now.status_code == 200            # a slot of the board, empty in the game's view


@pytest.mark.parametrize("camera, ok", [("0", True), ("/dev/video2", True), ("rtsp://10.0.0.2/live", True),
                                        ("http://phone.local:8080/video", True), ("sim", True),
                                        ("/no/such/video.mp4", False), ("rtsp://", False), ("javascript:x", False),
                                        ("999", False), ("", False), (7, False)])
def test_a_camera_is_an_index_an_existing_file_or_a_stream_url_checked_before_saving(paired, camera, ok, tmp_path):
    before = paired.get("/api/setup").get_json()["setup"].get("camera")
    response = paired.post("/api/setup/camera", {"camera": camera})
    assert (response.status_code == 200) is ok, (camera, response.get_json())
    if not ok:
        assert response.get_json()["error"]
        assert paired.get("/api/setup").get_json()["setup"].get("camera") == before


def test_a_video_file_that_exists_is_a_camera(paired, tmp_path):
    video = tmp_path / "game.mp4"
    video.write_bytes(b"\0")
    assert paired.post("/api/setup/camera", {"camera": str(video)}).status_code == 200


def test_a_malformed_decision_from_the_tablet_is_refused_and_changes_nothing(paired, desk):
    decision = desk.session.state.pending()
    option = decision.options[0].action.to_json()
    name, value = next(iter(option["args"].items()))
    before = len(desk.session.actions)
    for bad in ([value], {"x": value}, 7.0, True):
        body = {"action": {**option, "args": {**option["args"], name: bad}}}
        response = paired.post("/api/decide", body)
        assert response.status_code in (400, 422), (bad, response.status_code)
        assert response.get_json()["error"]
    assert len(desk.session.actions) == before
