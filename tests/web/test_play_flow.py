"""A game night from Setup to the records, in headless chromium and through the API (issue 71's play flow):
variants drawn from their type, undo and "Continue" closed on a finished game, seats owned by devices, guided
play that waits, translated buttons and refusals, a layout that shows everything at tablet and phone size."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.games import Action
from companion.session import Journal
from companion.web import create_app
from companion.web.desk import Desk
from companion.web.server import LiveServer

from tests.web.test_browser import CHROMIUM, CHROMIUM_ARGS, PHONE, TABLET, pair

PIN = "135790"

browser_only = [pytest.mark.browser,
                pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is missing: apt-get install chromium")]


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


def served(desk: Desk, **config):
    return LiveServer(create_app(desk, pin=PIN, config=config), "127.0.0.1", 0)


# -- 1. Setup: every variant drawn from its type ---------------------------------------------------------------

@pytest.mark.parametrize("game", ["caylus", "caylus1303"])
@pytest.mark.browser
@pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is missing")
def test_setup_draws_each_variant_from_its_type_and_starts_the_game(browser, game):
    from companion.games.registry import get_pack

    desk = Desk(Journal(":memory:"))
    info = get_pack(game).info
    with served(desk, GAME=game) as server:
        page = browser.new_page(viewport=TABLET)
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        pair(page, server.url)
        page.goto(server.url + "setup")
        page.wait_for_selector(".player-row")
        chosen = {}
        for variant in info.variants:                    # touch every control: each to a value not its default
            control = page.locator(f"#variant-{variant.name}")
            if isinstance(variant.default, bool):
                assert control.get_attribute("type") == "checkbox"
                control.check() if not variant.default else control.uncheck()
                chosen[variant.name] = not variant.default
            elif isinstance(variant.default, int):
                assert control.get_attribute("type") == "number"
                other = next(c for c in variant.choices if c != variant.default)
                control.fill(str(other))
                chosen[variant.name] = other
            else:
                assert control.evaluate("node => node.tagName") == "SELECT"
                other = next(c for c in variant.choices if c != variant.default)
                control.select_option(label=page.evaluate(
                    "([select, value]) => [...select.options].find((o, i) => select.choices[i] === value).label",
                    [control.element_handle(), other]))
                chosen[variant.name] = other
        # seat order: the second colour moved before the first
        page.locator(".player-row").nth(1).locator(".seat-up").click()
        page.click("#start-game")
        page.wait_for_url(server.url)
        session = desk.session
        assert session is not None and session.game == game
        assert session.setup["variants"] == {**info.variant_defaults(), **chosen}
        assert session.players[:2] == [info.colours[1], info.colours[0]]
        assert errors == []
        page.close()


def test_setup_describes_each_variant_control():
    desk = Desk(Journal(":memory:"))
    app = create_app(desk, pin=PIN)
    games = {g["name"]: g for g in app.test_client().get("/api/setup").get_json()["games"]}
    controls = {v["name"]: v for v in games["caylus"]["variants"]}
    assert controls["tailor_trade"]["control"] == "choice" and controls["tailor_trade"]["choices"] == ["tile", "rulebook"]
    assert controls["architect_tiles"]["control"] == "number" and controls["architect_tiles"]["min"] == 1
    assert controls["jeweller"]["control"] == "boolean"
