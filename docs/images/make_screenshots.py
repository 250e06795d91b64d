"""Regenerate the tablet screenshots of docs/tablet-ui.md that show a game in progress: the move log, a move of
the log tapped (the table then), the board's tappable places, and the live screen in 繁體中文 and 日本語.

Not a test: it plays a demo game (bots for blue and green, red waiting on the tablet) on a local server and photographs
it in headless Chromium at 1280×800. The other ``ui-*.png`` come from the browser tests
(``COMPANION_SCREENSHOTS=1``). CJK text needs a CJK font (Debian: ``apt-get install fonts-noto-cjk``); without one
the pictures show boxes, and the script says so.

    .venv/bin/python docs/images/make_screenshots.py [--seed 5] [--moves 150]
"""

from __future__ import annotations

import argparse
import logging
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from companion.session import Journal  # noqa: E402
from companion.web import create_app  # noqa: E402
from companion.web.autoplay import Autoplayer  # noqa: E402
from companion.web.desk import Desk  # noqa: E402
from companion.web.server import LiveServer  # noqa: E402
from tests.chromium import CHROMIUM, CHROMIUM_ARGS, pair_page, says  # noqa: E402

IMAGES = Path(__file__).resolve().parent
PIN = "246810"
TABLET = {"width": 1280, "height": 800}
MAX_BYTES = 150_000


def wait_until(page, expression: str, timeout: float = 10.0) -> None:
    """Poll ``expression`` in the page (its CSP forbids Playwright's own waiting by eval)."""
    deadline = time.monotonic() + timeout
    while not says(page, expression):
        if time.monotonic() > deadline:
            raise SystemExit(f"the page never showed: {expression}")
        time.sleep(0.05)


def play_until_red(desk, bots, moves: int) -> None:
    """The bots play until at least ``moves`` decisions are made and red (the tablet's player) is to place."""
    while True:
        state = desk.session.state
        decision = state.pending()
        if decision is None:
            raise SystemExit("the game ended before red's turn: try another --seed")
        red = desk.session.players[decision.player] == "red"
        if red and len(desk.session.actions) >= moves and decision.kind == "place":
            return
        if red:
            desk.session.decide(decision.options[0].action, source="tablet")
        else:
            assert bots.play_one()


def save(shot: bytes, name: str) -> Path:
    """``shot`` as docs/images/ui-<name>.png, or as a .jpg when the PNG would be over ``MAX_BYTES``."""
    path = IMAGES / f"ui-{name}.png"
    path.write_bytes(shot)
    if path.stat().st_size > MAX_BYTES:
        raise SystemExit(f"{path.name} is {path.stat().st_size} bytes: take a smaller part of the page")
    print(f"{path.relative_to(ROOT)}: {path.stat().st_size // 1000} kB")
    return path


def photograph(url: str, lang: str, browser) -> list[Path]:
    """The pictures of one language: in English the log, a tapped move and the board's places; else the screen."""
    context = browser.new_context(viewport=TABLET, device_scale_factor=1)
    context.add_cookies([{"name": "lang", "value": lang, "url": url}])
    page = context.new_page()
    pair_page(page, url, PIN)
    wait_until(page, "document.querySelectorAll('#options button').length > 0")
    wait_until(page, "document.querySelectorAll('#move-log li[data-number]').length > 3")
    saved = []
    if lang == "en":
        saved.append(save(page.locator(".moves-card").screenshot(), "move-log"))
        page.evaluate("window.scrollTo(0, 0)")       # the top bar stays over whatever scrolls under it
        assert page.locator("#board .legal").count() > 0, "no tappable place is highlighted"
        saved.append(save(page.locator("#board").screenshot(), "board-taps"))
        page.locator("#move-log li[data-number]").nth(3).click()
        wait_until(page, "!document.getElementById('history-banner').hidden")
        page.evaluate("window.scrollTo(0, 0)")
        saved.append(save(page.screenshot(), "table-then"))
    else:
        page.evaluate("window.scrollTo(0, 0)")
        saved.append(save(page.screenshot(), f"game-{lang}-tablet"))
    context.close()
    return saved


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=5, help="the demo game's seed (default 5)")
    parser.add_argument("--moves", type=int, default=150, help="decisions made before the pictures (default 150)")
    args = parser.parse_args(argv)
    logging.getLogger("werkzeug").setLevel(logging.WARNING)     # no line per request
    if not Path(CHROMIUM).exists():
        raise SystemExit(f"{CHROMIUM} is missing: apt-get install chromium")
    if shutil.which("fc-list") and "CJK" not in subprocess.run(["fc-list"], capture_output=True, text=True).stdout:
        print("warning: no CJK font installed (apt-get install fonts-noto-cjk): 中文 and 日本語 will show boxes")
    from playwright.sync_api import sync_playwright

    desk = Desk(Journal(":memory:"))       # the demo's game (companion.cli.demo.build_demo), with names
    desk.new_game(game="caylus", players=["red", "blue", "green"], seed=args.seed, variants={}, guided=False,
                  bots=["blue", "green"], names={"red": "Ann", "blue": "Bob", "green": "Chloé"})
    bots = Autoplayer(desk, bots=["blue", "green"], pace=0.0, seed=args.seed)
    app = create_app(desk, pin=PIN)
    play_until_red(desk, bots, args.moves)
    with LiveServer(app, "127.0.0.1", 0) as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for lang in ("en", "zh-Hant", "ja"):
            photograph(server.url, lang, browser)
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
