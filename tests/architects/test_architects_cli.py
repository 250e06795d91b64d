"""The command line with Architects of the West Kingdom: ``companion serve architects`` offers it first and starts a
game of any size from the Setup page with its drawing; ``companion demo architects --leds virtual`` plays a bot game
on an emulated LED board; ``companion replay architects`` takes a rendered opening to a summary without a wrong commit
or an alert. (``simulate`` and the demo's bots: tests/contract/test_cli_contract.py;
``render``: tests/render/test_cli.py.)"""

from __future__ import annotations

import json
import subprocess
import sys
import time
import urllib.request

import pytest

from companion.cli import main
from companion.session import Journal
from companion.web import create_app
from companion.web.desk import Desk
from tests.web.tablet_client import PIN, Tablet

PLAYERS = ["red", "blue", "green", "yellow", "purple"]


@pytest.mark.parametrize("count", [2, 5])
def test_a_server_started_for_architects_offers_it_first_and_starts_it_from_the_setup_page(count):
    app = create_app(Desk(Journal(":memory:")), pin=PIN, config={"GAME": "architects"})
    tablet = Tablet(app.test_client())
    assert tablet.pair().status_code == 200
    games = tablet.get("/api/setup").get_json()["games"]
    assert games[0]["name"] == "architects"
    assert tablet.post("/api/games", {"players": PLAYERS[:count]}).status_code == 200
    assert app.extensions["desk"].session.game == "architects"
    page = tablet.get("/").get_data(as_text=True)
    assert "/pack/architects/board.js" in page
    live = tablet.get("/api/live").get_json()
    assert live["snapshot"]["table_view"]["players"] == PLAYERS[:count]
    assert [lamp["place"] for lamp in live["leds"]][:2] == ["turn", "quarry"]      # the strip's places


def test_replay_takes_a_rendered_architects_opening_to_a_summary_with_no_wrong_commit(tmp_path, capsys):
    out = tmp_path / "game"
    assert main(["render", "architects", "--game", "--players", "2", "--seed", "2", "--decisions", "4",
                 "--out", str(out), "--no-video"]) == 0
    capsys.readouterr()
    assert main(["replay", "architects", str(out), "--journal", str(tmp_path / "replay.sqlite3")]) == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert summary["expected_moves"] == 4
    assert summary["wrong_commits"] == 0 and summary["alerts"] == []


def test_the_demo_plays_architects_with_bots_on_an_emulated_led_board():
    demo = subprocess.Popen([sys.executable, "-c", "import sys; from companion.cli import main; sys.exit(main())",
                             "demo", "architects", "--leds", "virtual", "--port", "0", "--pace", "0.05"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines, live = [], {}
    try:
        for line in demo.stdout:
            lines.append(line.rstrip())
            if line.startswith("Press Ctrl+C"):
                break
        url = next(line.split(": ", 1)[1] for line in lines if line.startswith("Tablet UI: "))
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            live = json.load(urllib.request.urlopen(url + "api/live", timeout=5))
            link = live.get("leds_link") or {}
            if link.get("state") == "connected" and len(live.get("log") or []) >= 10:
                break
            time.sleep(0.3)
    finally:
        demo.terminate()
        demo.wait(timeout=10)
    assert live["snapshot"]["table_view"]["game"] == "architects"
    assert live["leds_link"]["state"] == "connected" and live["leds_link"]["frames_sent"] > 0, live["leds_link"]
    assert len(live["log"]) >= 10, "the bots play"
    assert [lamp["place"] for lamp in live["leds"]][0] == "turn"
