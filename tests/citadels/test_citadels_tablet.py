"""Citadels on the tablet, in headless chromium: the table drawn (each city as cards, gold, the crown, the characters
called and the murdered and robbed marks), a whole game played to the final scores by one person on the table's tablet
(handed to them for each secret choice) against three bots, the cards the pending decision names highlighted and
chosen by a tap."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli.demo import build_demo
from companion.web.server import LiveServer
from tests.waiting import wait_until
from tests.chromium import pair_page, says

PIN = "864200"
PLAYERS = ["red", "blue", "green", "yellow"]
STRINGS = json.loads((Path(__file__).resolve().parents[2] / "companion/games/citadels/tablet/i18n/en.json")
                     .read_text(encoding="utf-8"))

pytestmark = pytest.mark.browser


def _city_on_screen(page, colour: str) -> list[str]:
    return page.evaluate(f"[...document.querySelectorAll('.seat[data-colour={colour}] .city .district')]"
                         ".map((card) => card.dataset.district)")


def _preferred(decision) -> int:
    """The option a hurried player takes: build when they can, else take gold, else end the turn, else the first."""
    kinds = [option.action.kind for option in decision.options]
    for wanted in ("build",):
        if wanted in kinds:
            return kinds.index(wanted)
    for index, option in enumerate(decision.options):
        if option.action.kind == "gather" and option.action.arg("take") == "gold":
            return index
    return kinds.index("end_turn") if "end_turn" in kinds else 0


def _play_one_human_step(page, desk) -> str:
    """Red's part, on the screen: hand the tablet over, take it back, or tap the option Red prefers. Returns what
    was done ('cover', 'tap', 'button')."""
    made = len(desk.session.actions)
    assert wait_until(lambda: says(page, f"document.body.dataset.decisions === '{made}'"), 15.0), "the screen lags"
    if says(page, "!document.getElementById('hand-over').hidden"):
        covered = page.evaluate("document.body.dataset.handOver")
        page.evaluate("document.getElementById('hand-over-go').click()")
        assert wait_until(lambda: page.evaluate("document.body.dataset.handOver") != covered
                          or says(page, "document.querySelector('#options button.option:not([disabled])')"), 15.0)
        return "cover"
    session = desk.session
    decision = session.state.pending()
    index = _preferred(decision)
    before = len(session.actions)
    on_board = f"#board [data-option='{index}']"
    if decision.options[index].action.kind == "build":
        assert wait_until(lambda: says(page, f"document.querySelector(\"{on_board}\")"), 15.0), "the card to build is not highlighted"
        page.evaluate(f"document.querySelector(\"{on_board}\").click()")
        done = "tap"
    else:
        button = f"#options button.option[data-index='{index}']:not([disabled])"
        assert wait_until(lambda: says(page, f"document.querySelector(\"{button}\")"), 15.0), decision.kind
        page.evaluate(f"document.querySelector(\"{button}\").click()")
        done = "button"
    assert wait_until(lambda: len(session.actions) > before, 15.0), decision.kind
    return done


def test_a_whole_game_is_played_on_the_table_tablet_to_the_final_scores_against_bots(browser):
    app, desk, bots = build_demo(game="citadels", players=PLAYERS, humans=["red"], seed=5, pin=PIN)
    errors: list[str] = []
    seen = {"cover": 0, "tap": 0, "button": 0, "plays": 0, "murdered": 0}
    with LiveServer(app, "127.0.0.1", 0) as server:
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.on("pageerror", lambda error: errors.append(str(error)))
        pair_page(page, server.url, PIN)
        session = desk.session
        for _ in range(3000):
            state = session.state
            if state.is_over:
                break
            if bots.play_one():
                continue
            decision = state.pending()
            assert decision.player == 0, "only Red's decisions are left to the screen"
            if decision.kind == "turn" and not says(page, "!document.getElementById('hand-over').hidden"):
                # During Red's turn the table shows whose character plays, on Red's highlighted seat.
                character = STRINGS[f"tiles.{state.summary()['turn']['character']}"]
                shown = f"document.body.dataset.decisions === '{len(session.actions)}'"
                assert wait_until(lambda: says(page, shown), 15.0), "the screen lags"
                assert wait_until(lambda: says(page, "document.querySelector('.seat.playing[data-colour=red]')"), 15.0)
                assert f"Red plays the {character}" in page.inner_text(".table-headline")
                seen["plays"] += 1
            if state.murdered and says(page, "document.querySelector('.character.murdered')"):
                seen["murdered"] += 1
            seen[_play_one_human_step(page, desk)] += 1
        assert session.state.is_over
        assert wait_until(lambda: says(page, "!document.getElementById('breakdown-card').hidden"), 15.0)
        final = session.state
        for seat, colour in enumerate(PLAYERS):
            assert _city_on_screen(page, colour) == list(final.cities[seat])
        header = page.inner_text("#breakdown thead")
        for category in ("districts", "all_types", "first_complete"):
            assert STRINGS[f"scores.{category}"] in header
        rows = {row.get_attribute("data-colour"): row.inner_text() for row in page.locator("#breakdown tbody tr").all()}
        for score in final.scores():
            assert rows[PLAYERS[score.player]].split()[-1] == str(score.total)
        winners = page.inner_text("#winners")
        assert all(page.evaluate(f"Companion.playerName('{PLAYERS[seat]}', {{}})") in winners for seat in final.winners())
        assert page.locator("#chart polyline").count() == len(PLAYERS)
        # The score chart draws each player's points as a line, not as a filled black shape.
        assert page.evaluate("getComputedStyle(document.querySelector('#chart polyline')).fill") == "none"
    assert not errors
    assert seen["cover"] and seen["tap"] and seen["button"] and seen["plays"], seen


def test_the_table_shows_the_crown_gold_hands_characters_aside_and_the_murdered_mark(browser):
    app, desk, bots = build_demo(game="citadels", players=PLAYERS, humans=[], seed=8, pin=PIN)
    session = desk.session
    while not (session.state.phase == "turn" and session.state.murdered):
        assert bots.play_one()
    state = session.state
    summary = state.summary()
    with LiveServer(app, "127.0.0.1", 0) as server:
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.goto(server.url)
        assert wait_until(lambda: says(page, "document.querySelector('.citadels-table')"), 15.0)
        crowned = PLAYERS[state.crown]
        assert page.locator(f".seat[data-colour={crowned}] .crown").count() == 1
        assert page.locator(".seat .crown").count() == 1
        for seat, colour in enumerate(PLAYERS):
            head = page.inner_text(f".seat[data-colour={colour}] .seat-head")
            assert f"{state.gold[seat]} gold" in head and f"{len(state.hands[seat])} in hand" in head
            assert _city_on_screen(page, colour) == list(state.cities[seat])
        murdered = page.locator(".character.murdered")
        assert murdered.count() == 1 and murdered.get_attribute("data-character") == summary["murdered"]
        assert "murdered" in murdered.inner_text()
        for character in summary["faceup"]:
            assert "out this round" in page.inner_text(f".character[data-character={character}]")
        calling = page.locator(".character.calling")
        assert calling.count() == 1 and calling.get_attribute("data-character") == summary["calling"]
        # Nothing secret on the shared screen: no character still face down is named, no hand is drawn.
        hidden = {c for seat in range(len(PLAYERS)) for c in state.picks[seat]} - {
            c for shown in summary["revealed"].values() for c in shown}
        hidden -= set(summary["faceup"]) | {summary["murdered"]}
        owners = page.evaluate("[...document.querySelectorAll('.character .owner')].map((o) => o.closest('.character').dataset.character)")
        assert not hidden & set(owners)
        assert page.locator(".own-cards").count() == 0


@pytest.mark.parametrize("language", ["en", "zh-Hant", "ja"])
def test_the_table_is_drawn_in_the_readers_language_and_fits_a_phone(browser, language):
    strings = json.loads((Path(__file__).resolve().parents[2] / f"companion/games/citadels/tablet/i18n/{language}.json")
                         .read_text(encoding="utf-8"))
    app, desk, bots = build_demo(game="citadels", players=PLAYERS, humans=[], seed=8, pin=PIN)
    session = desk.session
    while not (session.state.phase == "turn" and any(session.state.cities)):
        assert bots.play_one()
    state = session.state
    with LiveServer(app, "127.0.0.1", 0) as server:
        page = browser.new_page(viewport={"width": 390, "height": 844})
        page.context.add_cookies([{"name": "lang", "value": language, "url": server.url}])
        page.goto(server.url)
        assert wait_until(lambda: says(page, "document.querySelector('.citadels-table')"), 15.0)
        headline = page.inner_text(".table-headline")
        assert strings["table.round"].replace("{round}", str(state.round)) in headline
        playing = state.summary()["turn"]["character"]
        assert strings[f"tiles.{playing}"] in page.inner_text(f".character[data-character={playing}]")
        built = next(city[0] for city in state.cities if city)
        assert strings[f"tiles.{built}"] in page.inner_text(f".district[data-district={built}]")
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "the phone scrolls sideways"


def test_the_victims_and_seats_a_power_names_are_highlighted_each_with_its_option(browser):
    """The Assassin's possible victims on the character row, the Magician's possible swaps on the seats."""
    app, desk, bots = build_demo(game="citadels", players=PLAYERS, humans=[], seed=2, pin=PIN)
    session = desk.session
    found = set()
    with LiveServer(app, "127.0.0.1", 0) as server:
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.goto(server.url)
        while found != {"murder", "swap_hands"} and not session.state.is_over:
            decision = session.state.pending()
            kinds = {option.action.kind for option in decision.options}
            for kind, target in (("murder", ".character"), ("swap_hands", ".seat")):
                if kind not in kinds or kind in found:
                    continue
                made = len(session.actions)
                assert wait_until(lambda: says(page, f"document.body.dataset.decisions === '{made}'"), 15.0)
                marked = page.evaluate(f"[...document.querySelectorAll('#board {target}.legal')]"
                                       ".map((node) => [node.dataset.character || node.dataset.colour, Number(node.dataset.option)])")
                expected = [(option.action.arg("character") if kind == "murder" else PLAYERS[option.action.arg("seat")], index)
                            for index, option in enumerate(decision.options) if option.action.kind == kind]
                assert sorted(map(tuple, marked)) == sorted(expected), kind
                found.add(kind)
            assert bots.play_one()
    assert found == {"murder", "swap_hands"}


def test_a_move_of_the_log_tapped_shows_the_table_then_without_nows_calls(browser):
    app, desk, bots = build_demo(game="citadels", players=PLAYERS, humans=[], seed=8, pin=PIN)
    session = desk.session
    while not (session.state.round >= 2 and session.state.phase == "turn"):
        assert bots.play_one()
    built_at = next(i for i, action in enumerate(session.actions) if action.kind == "build")
    then = session.history()[built_at + 1]
    with LiveServer(app, "127.0.0.1", 0) as server:
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.goto(server.url)
        assert wait_until(lambda: says(page, "document.querySelector('.table-headline')"), 15.0)
        number = built_at + 1
        assert wait_until(lambda: says(page, f"document.querySelector('#move-log li[data-number=\"{number}\"]')"), 15.0)
        page.evaluate(f"document.querySelector('#move-log li[data-number=\"{number}\"]').click()")
        assert wait_until(lambda: says(page, "!document.getElementById('history-banner').hidden"), 15.0)
        assert wait_until(lambda: all(_city_on_screen(page, colour) == list(then.cities[seat])
                                      for seat, colour in enumerate(PLAYERS)), 15.0)
        assert page.locator(".table-headline").count() == 0 and page.locator(".character-track").count() == 0
        page.click("#history-now")
        assert wait_until(lambda: says(page, "document.querySelector('.table-headline')"), 15.0)
        assert all(_city_on_screen(page, colour) == list(session.state.cities[seat]) for seat, colour in enumerate(PLAYERS))


def test_the_seat_choosing_a_character_is_highlighted_and_named_without_its_choices(browser):
    app, desk, bots = build_demo(game="citadels", players=PLAYERS, humans=[], seed=9, pin=PIN)
    session = desk.session
    while not (session.state.pending().kind == "pick" and session.state.pending().player == 1):
        assert bots.play_one()
    with LiveServer(app, "127.0.0.1", 0) as server:
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.goto(server.url)
        assert wait_until(lambda: says(page, "document.querySelector('.seat.playing[data-colour=blue]')"), 15.0)
        assert page.locator(".seat.playing").count() == 1
        assert "Blue chooses a character" in page.inner_text(".table-headline")
        assert page.locator("#board .legal").count() == 0, "the characters Blue may choose are not marked"


def test_a_call_is_the_tables_decision_in_words(browser):
    app, desk, bots = build_demo(game="citadels", players=PLAYERS, humans=[], seed=3, pin=PIN)
    session = desk.session
    while session.state.pending().kind != "call":
        assert bots.play_one()
    with LiveServer(app, "127.0.0.1", 0) as server:
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.goto(server.url)
        assert wait_until(lambda: says(page, "document.getElementById('whose-turn').textContent.includes('decide')"), 15.0)
        assert page.inner_text("#whose-turn") == "The table to decide"
