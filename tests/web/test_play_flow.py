"""A game night from Setup to the records, in headless chromium and through the API (issue 71's play flow):
variants drawn from their type, undo and "Continue" closed on a finished game, seats owned by devices, guided
play that waits, translated buttons and refusals, a layout that shows everything at tablet and phone size."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.session import Journal
from companion.web import create_app
from companion.web.desk import Desk
from companion.web.server import LiveServer
from companion.web.tablet import tablet_data

from tests.chromium import CHROMIUM
from tests.web.test_browser import PHONE, TABLET, pair

PIN = "135790"

browser_only = [pytest.mark.browser,
                pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is missing: apt-get install chromium")]


def served(desk: Desk, **config):
    return LiveServer(create_app(desk, pin=PIN, config=config), "127.0.0.1", 0)


# -- 1. Setup: every variant drawn from its type ---------------------------------------------------------------

@pytest.mark.parametrize("game", ["caylus", "caylus1303", "citadels", "architects"])
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
        first_player_variant = tablet_data(game).get("first_player_variant")
        for variant in info.variants:                    # touch every control: each to a value not its default
            if variant.name == first_player_variant:
                continue                                 # set by "first player" (below)
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
        if first_player_variant:                         # the third seat's player starts: the seats turn round
            page.select_option("#first-player", info.colours[2])
            chosen[first_player_variant] = True
        else:
            assert page.locator("#first-player-row").is_hidden()
        page.click("#start-game")
        page.wait_for_url(server.url)
        session = desk.session
        assert session is not None and session.game == game
        assert session.setup["variants"] == {**info.variant_defaults(), **chosen}
        seats = [info.colours[1], info.colours[0], info.colours[2]]
        if first_player_variant:
            assert session.players == [info.colours[2], info.colours[1], info.colours[0]]
            assert session.players[session.state.pending().player] == info.colours[2]
        else:
            assert session.players == seats
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


# -- 2. a finished game: undo off, no "Continue"; [hidden] hides ----------------------------------------------

@pytest.mark.browser
@pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is missing")
def test_a_finished_game_offers_no_undo_and_its_record_no_continue(browser):
    desk = Desk(Journal(":memory:"))
    desk.new_game(game="caylus", players=["red", "blue"], seed=2, variants={}, guided=False)
    session = desk.session
    with served(desk) as server:
        page = browser.new_page(viewport=TABLET)
        pair(page, server.url)
        session.decide(session.state.pending().options[0].action, source="camera")
        page.wait_for_selector(f"body[data-decisions='1']", state="attached")
        assert page.locator("#undo").is_enabled()
        while not session.state.is_over:
            session.decide(session.state.pending().options[-1].action, source="camera")
        page.wait_for_selector("#breakdown-card:not([hidden])")
        assert page.locator("#undo").is_disabled()
        page.goto(server.url + f"records/{session.game_id}")
        page.wait_for_selector("#winners:has-text('Winner')")
        assert page.locator("#resume").is_hidden()
        page.goto(server.url + "setup")
        page.wait_for_selector(".player-row")
        assert page.locator("#preview").is_hidden(), "no camera: no broken picture"
        page.close()


# -- 3. seats: a seat device, the table device, a bot ----------------------------------------------------------

@pytest.mark.browser
@pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is missing")
def test_a_seat_device_and_the_table_device_each_play_their_own_seats(browser):
    desk = Desk(Journal(":memory:"))
    desk.new_game(game="caylus", players=["red", "blue", "green"], seed=7, variants={}, guided=False, bots=["green"])
    session = desk.session

    def to_decide(colour):
        while session.players[session.state.pending().player] != colour:
            session.decide(session.state.pending().options[0].action, source="camera")
        return len(session.actions)

    with served(desk) as server:
        table = browser.new_context(viewport=TABLET, has_touch=True).new_page()
        phone = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True).new_page()
        pair(table, server.url)
        pair(phone, server.url)
        phone.select_option("#seat-choice", "blue")
        phone.wait_for_selector("#you-are:has-text('You are Blue')")
        assert table.locator("#you-are").is_hidden()
        assert table.locator("#seat-choice option[value='green']").is_disabled()

        made = to_decide("green")
        for page in (table, phone):
            page.wait_for_selector(f"body[data-decisions='{made}']", state="attached")
            assert page.locator("#options button.option").first.is_disabled()
            assert "played by a bot" in page.inner_text("#decide-why")

        made = to_decide("blue")
        for page in (table, phone):
            page.wait_for_selector(f"body[data-decisions='{made}']", state="attached")
        assert table.locator("#options button.option").first.is_disabled()
        assert "Blue decides on their own device" in table.inner_text("#decide-why")
        phone.locator("#options button.option").first.click()
        table.wait_for_selector(f"body[data-decisions='{made + 1}']", state="attached")
        assert session.players[session.actions[-1].player] == "blue"

        # undo within the turn: blue's device takes back blue's move; the table's device may not
        phone.wait_for_selector("#undo:not([disabled])")
        assert table.locator("#undo").is_disabled()
        phone.click("#undo")
        table.wait_for_selector(f"body[data-decisions='{made}']", state="attached")
        assert session.players[session.state.pending().player] == "blue"
        made = to_decide("red")
        table.wait_for_selector(f"body[data-decisions='{made}']", state="attached")
        assert table.locator("#options button.option").first.is_enabled()
        assert phone.locator("#options button.option").first.is_disabled()
        table.context.close()
        phone.context.close()


# -- 4. guided play waits --------------------------------------------------------------------------------------

@pytest.mark.browser
@pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is missing")
def test_a_lesson_waits_for_got_it_and_can_be_read_again(browser, tmp_path):
    journal = Journal(tmp_path / "companion.sqlite3")
    desk = Desk(journal)
    desk.new_game(game="caylus", players=["red", "blue"], seed=5, variants={}, guided=True, bots=["blue"])
    with served(desk) as server:
        page = browser.new_page(viewport=TABLET)
        pair(page, server.url)
        page.wait_for_selector("#lesson:not([hidden]) >> text=Check the setup")
        while desk.session.players[desk.session.state.pending().player] != "red":
            desk.session.decide(desk.session.state.pending().options[0].action, source="camera")
        made = len(desk.session.actions)
        page.wait_for_selector(f"body[data-decisions='{made}']", state="attached")
        page.wait_for_timeout(2000)                                  # the lesson stays; it does not time out
        assert page.locator("#lesson").is_visible()
        assert page.locator("#options button.option").first.is_disabled()
        titles = []
        while page.locator("#lesson").is_visible():
            titles.append(page.inner_text("#lesson-title"))
            key = page.get_attribute("#lesson", "data-key")
            page.click("#lesson-done")
            page.wait_for_selector(f"#lesson[hidden], #lesson:not([data-key='{key}'])", state="attached")
        assert page.locator("#options button.option").first.is_enabled()
        page.click("#lessons-seen summary")
        seen = page.locator("#lessons-seen-list .lesson-seen summary").all_inner_texts()
        assert seen == titles
        page.locator("#lessons-seen-list .lesson-seen summary").first.click()
        assert page.locator("#lessons-seen-list .lesson-seen p").first.is_visible()
        page.close()
    again = Desk(Journal(tmp_path / "companion.sqlite3"))
    again.resume(desk.session.game_id)
    with served(again) as server:
        page = browser.new_page(viewport=TABLET)
        pair(page, server.url)
        page.wait_for_selector("#lessons-seen:not([hidden])")
        page.click("#lessons-seen summary")
        assert page.locator("#lessons-seen-list .lesson-seen summary").all_inner_texts() == titles
        assert page.locator("#lesson").is_hidden()
        page.close()


# -- 6. layout: nothing cut, nothing hidden, nothing wider than the screen -------------------------------------

class WideCamera:
    """A camera whose picture is 960 px wide, as the camera demo sends."""

    def __init__(self):
        import cv2
        import numpy as np
        picture = np.full((540, 960, 3), 90, np.uint8)
        self.jpeg = cv2.imencode(".jpg", picture)[1].tobytes()

    def latest_jpeg(self):
        return self.jpeg


def inside(page, selector: str, box_selector: str) -> bool:
    """Whether ``selector``'s box lies inside ``box_selector``'s visible box (not cut by its overflow)."""
    return page.evaluate("""([selector, boxSelector]) => {
        const item = document.querySelector(selector).getBoundingClientRect();
        const box = document.querySelector(boxSelector).getBoundingClientRect();
        return item.left >= box.left - 1 && item.right <= box.right + 1; }""", [selector, box_selector])


@pytest.mark.browser
@pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is missing")
def test_the_live_screen_shows_everything_at_tablet_and_phone_size(browser):
    desk = Desk(Journal(":memory:"))
    desk.new_game(game="caylus", players=["red", "blue", "green", "yellow"], seed=11, variants={}, guided=False,
                  names={"red": "Annabelle", "blue": "Bartholomew", "green": "Constance", "yellow": "Dorothea"})
    session = desk.session
    app = create_app(desk, pin=PIN, frame_source=WideCamera())
    with LiveServer(app, "127.0.0.1", 0) as server:
        page = browser.new_page(viewport=TABLET)
        pair(page, server.url)
        page.wait_for_selector("#options button.option")
        options = page.locator("#options")
        assert options.evaluate("node => node.scrollHeight <= node.clientHeight + 1"), "the options box is capped"
        passing = page.locator("#options button.option", has_text="Pass")
        passing.scroll_into_view_if_needed()
        assert passing.is_visible()
        assert page.evaluate("""() => [...document.querySelectorAll('#options .option-label')].every(
            (label) => label.scrollWidth <= label.clientWidth + 1)"""), "a button's words are cut"
        page.wait_for_selector("#camera:not([hidden])")
        page.locator("#camera").evaluate("image => image.decode()")
        assert inside(page, "#camera", ".board-card"), "the camera picture overflows its card"
        headers = page.locator("#players thead th").all_inner_texts()
        assert "gold" in headers and "workers" in " ".join(headers).lower()
        for index in range(len(headers)):
            assert inside(page, f"#players thead th:nth-child({index + 1})", ".players-card .table-wrap"), headers[index]

        phone = browser.new_page(viewport=PHONE, is_mobile=True, has_touch=True)
        pair(phone, server.url)
        phone.wait_for_selector("#camera:not([hidden])")
        phone.locator("#camera").evaluate("image => image.decode()")
        assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

        while not session.state.is_over:
            session.decide(session.state.pending().options[-1].action, source="camera")
        page.wait_for_selector("#breakdown-card:not([hidden])")
        page.locator("#breakdown-card").scroll_into_view_if_needed()
        headers = page.locator("#breakdown thead th").all_inner_texts()
        for wanted in ("Trades", "Penalties", "Total"):
            assert wanted in headers, headers
            index = headers.index(wanted)
            assert inside(page, f"#breakdown thead th:nth-child({index + 1})", "#breakdown-card .table-wrap"), wanted
        phone.wait_for_selector("#breakdown-card:not([hidden])")
        assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        page.close()
        phone.close()


# -- 7. the log of moves, players by name ----------------------------------------------------------------------

@pytest.mark.browser
@pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is missing")
def test_the_moves_are_logged_in_plain_words_and_players_by_name_and_the_chart_has_a_legend(browser):
    desk = Desk(Journal(":memory:"))
    desk.new_game(game="caylus", players=["red", "blue", "green"], seed=7, variants={}, guided=False,
                  names={"red": "Ann", "blue": "Bob"})
    session = desk.session
    gate = next(o for o in session.state.pending().options if o.action.arg("place") == "gate")
    who = session.players[gate.action.player]
    session.decide(gate.action, source="camera")
    with served(desk) as server:
        page = browser.new_page(viewport=TABLET)
        pair(page, server.url)
        page.wait_for_selector("#move-log li[data-number='1']")
        first = page.inner_text("#move-log li[data-number='1']")
        assert "Gate" in first and {"red": "Ann", "blue": "Bob", "green": "Green"}[who] in first
        assert "Ann" in page.inner_text(".board") and "Bob" in page.inner_text(".board"), "turn order by name"
        assert [text.strip() for text in page.locator(".chart-legend li").all_inner_texts()] == ["Ann", "Bob", "Green"]
        assert page.locator("#chart .turn-tick").count() >= 2, "the chart's turn axis"
        context = browser.new_context(viewport=TABLET)
        context.add_cookies([{"name": "lang", "value": "ja", "url": server.url}])
        japanese = context.new_page()
        japanese.goto(server.url)
        japanese.wait_for_selector("#move-log li[data-number='1']")
        assert "城門" in japanese.inner_text("#move-log li[data-number='1']")
        context.close()
        page.close()


# -- the whole night: Setup, a seat device and the table device, undo, the end, the record -----------------------

@pytest.mark.browser
@pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is missing")
def test_a_game_night_from_setup_to_the_exported_record(browser):
    import json
    import urllib.request

    from companion.games.registry import get_pack

    desk = Desk(Journal(":memory:"))
    info = get_pack("caylus").info
    with served(desk, GAME="caylus") as server:
        table = browser.new_context(viewport=TABLET, has_touch=True).new_page()
        phone = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True).new_page()
        pair(table, server.url)
        table.goto(server.url + "setup")
        table.wait_for_selector(".player-row")
        table.locator(".seat").nth(2).uncheck()                  # red and blue
        table.fill(".name[data-colour='red']", "Ann")
        table.fill(".name[data-colour='blue']", "Bob")
        table.locator("#guided").uncheck()
        table.locator("#variant-jeweller").check()
        table.locator("#variant-beginner_favours").check()
        table.select_option("#first-player", "red")
        table.locator("#variant-tailor_trade").select_option(index=1)
        table.locator("#variant-second_wood_farm").select_option(index=1)
        table.locator("#variant-architect_tiles").fill("1")
        table.click("#start-game")
        table.wait_for_url(server.url)
        session = desk.session
        assert session.players == ["red", "blue"] and session.setup["names"] == {"red": "Ann", "blue": "Bob"}
        assert session.setup["variants"] == {**info.variant_defaults(), "jeweller": True, "beginner_favours": True,
                                             "seat_order_is_turn_order": True, "tailor_trade": "rulebook",
                                             "second_wood_farm": "food", "architect_tiles": 1}

        pair(phone, server.url)
        phone.select_option("#seat-choice", "blue")
        phone.wait_for_selector("#you-are:has-text('You are Bob')")

        def whose():
            return session.players[session.state.pending().player]

        def wait(count):
            for page in (table, phone):
                page.wait_for_selector(f"body[data-decisions='{count}']", state="attached")

        for _turn in range(3):                      # each decides on their own device
            page = phone if whose() == "blue" else table
            other = table if page is phone else phone
            made = len(session.actions)
            wait(made)
            assert other.locator("#options button.option").first.is_disabled()
            page.locator("#options button.option").first.click()
            wait(made + 1)
        # undo within the turn: the last mover's device takes it back
        last = session.players[session.actions[-1].player]
        mover = phone if last == "blue" else table
        made = len(session.actions)
        mover.wait_for_selector("#undo:not([disabled])")
        mover.click("#undo")
        wait(made - 1)
        assert whose() == last

        while not session.state.is_over:            # the rest as the camera commits it
            session.decide(session.state.pending().options[-1].action, source="camera")
        table.wait_for_selector("#breakdown-card:not([hidden])")
        assert table.locator("#undo").is_disabled() and phone.locator("#undo").is_disabled()
        table.goto(server.url + f"records/{session.game_id}")
        table.wait_for_selector("#winners:has-text('Winner')")
        assert table.locator("#resume").is_hidden()
        href = table.get_attribute("#export-json", "href")
        with urllib.request.urlopen(server.url.rstrip("/") + href) as answer:
            record = json.loads(answer.read())
        assert record["over"] is True and record["complete"] is True
        assert record["names"] == {"red": "Ann", "blue": "Bob"} and record["variants"] == session.setup["variants"]
        assert record["actions"] == [action.to_json() for action in session.actions]
        assert [s["total"] for s in record["scores"]] == [s.total for s in session.state.scores()]
        with urllib.request.urlopen(server.url.rstrip("/") + table.get_attribute("#export-bgstats", "href")) as answer:
            play = json.loads(answer.read())
        assert {p["name"] for p in play["players"]} == {"Ann", "Bob"}, play
        table.context.close()
        phone.context.close()


@pytest.mark.browser
@pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is missing")
@pytest.mark.parametrize("game, place", [("caylus", "gate"), ("caylus1303", None)])
def test_a_tap_on_a_legal_place_of_the_board_chooses_it(browser, game, place):
    desk = Desk(Journal(":memory:"))
    desk.new_game(game=game, players=["red", "blue", "green"], seed=7, variants={}, guided=False)
    session = desk.session
    while session.state.pending().kind != "place" and game == "caylus1303" or session.state.pending().player < 0:
        session.decide(session.state.pending().options[0].action, source="camera")
    options = session.state.pending().options
    places = [o.action.arg("place") for o in options if isinstance(o.action.arg("place"), str)]
    place = place or next(p for p in places if p.startswith("road.") and places.count(p) == 1)
    chosen = next(o.action for o in options if o.action.arg("place") == place)
    made = len(session.actions)
    with served(desk) as server:
        page = browser.new_page(viewport=TABLET, has_touch=True)
        pair(page, server.url)
        page.wait_for_selector(f"body[data-decisions='{made}']", state="attached")
        page.locator(f"#board .place.legal[data-place='{place}']").first.click()
        page.wait_for_selector(f"body[data-decisions='{made + 1}']", state="attached")
        assert session.actions[-1] == chosen
        page.close()


@pytest.mark.browser
@pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is missing")
def test_a_move_of_the_log_tapped_shows_the_table_then(browser):
    desk = Desk(Journal(":memory:"))
    desk.new_game(game="caylus", players=["red", "blue"], seed=7, variants={}, guided=False)
    session = desk.session
    gate = next(o for o in session.state.pending().options if o.action.arg("place") == "gate")
    session.decide(gate.action, source="camera")
    inn = next(o for o in session.state.pending().options if o.action.arg("place") == "inn")
    session.decide(inn.action, source="camera")
    with served(desk) as server:
        page = browser.new_page(viewport=TABLET)
        page.goto(server.url)
        page.wait_for_selector("#move-log li[data-number='2']")
        workers = "#board .place[data-place='{}'] circle.worker"
        assert page.locator(workers.format("inn")).count() == 1
        page.click("#move-log li[data-number='1']")
        page.wait_for_selector("#history-banner:not([hidden]) >> text=The table after move 1")
        assert page.locator(workers.format("inn")).count() == 0
        assert page.locator(workers.format("gate")).count() == 1
        page.click("#history-now")
        page.wait_for_selector("#history-banner", state="hidden")
        assert page.locator(workers.format("inn")).count() == 1
        page.close()
    app = create_app(desk, pin=PIN).test_client()
    assert app.get("/api/history/1").get_json()["table_view"]["slots"]["gate.worker"]
    assert app.get("/api/history/9").status_code == 404
