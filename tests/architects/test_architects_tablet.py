"""Architects of the West Kingdom on the tablet: the board and the player boards drawn from the table view (workers
counted by colour in every location, the Prison, the Black Market, the Tax Stand's silver, the apprentice row, the
Guildhall, the virtue and Cathedral tracks, each seat's goods, silver, debts, buildings and apprentices); a whole
game played by one person on the table's tablet (handed to them for each secret choice) against a bot, the legal
locations, capture targets, apprentices and cards highlighted and chosen by a tap, to the final breakdown and chart;
the finished game's record replays and exports for BG Stats."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

from companion.cli.demo import build_demo
from companion.session import replay_record
from companion.web.server import LiveServer
from tests.waiting import wait_until
from tests.chromium import pair_page, says

PIN = "531902"
PACK = Path(__file__).resolve().parents[2] / "companion/games/architects"
STRINGS = json.loads((PACK / "tablet/i18n/en.json").read_text(encoding="utf-8"))
LOCATIONS = json.loads((PACK / "rules.json").read_text(encoding="utf-8"))["large_locations"]
SCORE_TERMS = ("buildings", "building_bonuses", "cathedral", "virtue", "debts", "gold_and_marble", "silver", "prison")
TAPPED_KINDS = ("place", "retrieve", "capture", "hire", "keep", "discard", "construct", "let_go", "cathedral")


def _paired_page(browser, server):
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    pair_page(page, server.url, PIN)
    return page


def _zone_counts(page, selector: str) -> dict[str, int]:
    return page.evaluate(f"Object.fromEntries([...document.querySelectorAll(\"{selector} .count\")]"
                         ".map((chip) => [chip.dataset.colour, Number(chip.querySelector('.n').textContent)]))")


def _counted(state, slot: str) -> dict[str, int]:
    return dict(Counter(piece.colour for piece in state.table_view().slots.get(slot, ())))


def _preferred(decision, chooser: random.Random) -> int:
    """Red's choice: the Guildhall whenever it is offered (the game moves to its end), else any option."""
    for index, option in enumerate(decision.options):
        if option.action.kind == "place" and option.action.arg("location") == "guildhall":
            return index
    return chooser.randrange(len(decision.options))


def _play_red(page, desk, chooser: random.Random, seen: Counter) -> None:
    """Red's part, on the screen: take the tablet when it is passed, else tap the chosen option on the drawn board
    when the drawing names it alone, else its button."""
    session = desk.session
    made = len(session.actions)
    assert wait_until(lambda: says(page, f"document.body.dataset.decisions === '{made}'"), 20.0), "the screen lags"
    if says(page, "!document.getElementById('hand-over').hidden"):
        page.evaluate("document.getElementById('hand-over-go').click()")
        assert wait_until(lambda: says(page, "document.querySelector('#options button.option:not([disabled])')"), 5.0)
        seen["cover"] += 1
        return
    decision = session.state.pending()
    index = _preferred(decision, chooser)
    on_board = f"#board [data-option='{index}']"
    if decision.kind == "place":
        offered = {o.action.arg("location") for o in decision.options if o.action.arg("location") != "black_market"}
        highlighted = set(page.evaluate("[...document.querySelectorAll('#board .zone.legal')].map((z) => z.dataset.place)"))
        assert highlighted - {"black_market"} == offered
    if decision.options[index].action.kind in TAPPED_KINDS and says(page, f"document.querySelector(\"{on_board}\")"):
        page.evaluate(f"document.querySelector(\"{on_board}\").click()")
        seen["tap:" + decision.kind] += 1
    else:
        button = f"#options button.option[data-index='{index}']:not([disabled])"
        assert wait_until(lambda: says(page, f"document.querySelector(\"{button}\")"), 5.0), decision.kind
        page.evaluate(f"document.querySelector(\"{button}\").click()")
        seen["button"] += 1
    assert wait_until(lambda: len(session.actions) > made, 10.0), decision.kind


def test_a_whole_game_is_played_on_the_table_tablet_to_the_final_scores_against_a_bot(browser):
    app, desk, bots = build_demo(game="architects", players=["red", "blue"], humans=["red"], seed=11, pin=PIN)
    chooser, seen, errors = random.Random(11), Counter(), []
    with LiveServer(app, "127.0.0.1", 0) as server:
        page = _paired_page(browser, server)
        page.on("pageerror", lambda error: errors.append(str(error)))
        session = desk.session
        for _ in range(5000):
            if session.state.is_over:
                break
            if not bots.play_one():
                assert session.state.pending().player == 0, "only Red's decisions are left to the screen"
                _play_red(page, desk, chooser, seen)
        final = session.state
        assert final.is_over
        assert wait_until(lambda: says(page, "!document.getElementById('breakdown-card').hidden"), 5.0)
        for place in LOCATIONS:
            assert _zone_counts(page, f"#board .zone[data-place={place}]") == _counted(final, f"{place}.workers"), place
        header = page.inner_text("#breakdown thead")
        for term in SCORE_TERMS:
            assert STRINGS[f"scores.{term}"] in header, term
        rows = {row.get_attribute("data-colour"): row.inner_text() for row in page.locator("#breakdown tbody tr").all()}
        for score in final.scores():
            assert rows[["red", "blue"][score.player]].split()[-1] == str(score.total)
        assert page.locator("#chart polyline").count() == 2
    assert not errors
    tapped = ("tap:place", "tap:capture", "tap:draft_keep", "tap:construct", "tap:workshop", "tap:retrieve")
    assert seen["cover"] and seen["button"] and all(seen[kind] for kind in tapped), seen


def test_the_board_and_player_boards_show_the_engines_position_and_no_secret(browser):
    app, desk, bots = build_demo(game="architects", players=["red", "blue", "green"], humans=[], seed=8, pin=PIN)
    session = desk.session
    while len(session.actions) < 260 or not session.state.table_view().slots.get("prison"):
        assert bots.play_one()
    state = session.state
    view = state.table_view()
    with LiveServer(app, "127.0.0.1", 0) as server:
        page = _paired_page(browser, server)
        assert wait_until(lambda: says(page, f"document.body.dataset.decisions === '{len(session.actions)}'"), 5.0)
        for place in LOCATIONS:
            assert _zone_counts(page, f"#board .zone[data-place={place}]") == _counted(state, f"{place}.workers"), place
        assert _zone_counts(page, "#board .zone[data-place=prison]") == _counted(state, "prison")
        assert f"{len(view.slots.get('tax_stand.silver', ()))} silver" in page.inner_text("#board .zone[data-place=tax_stand]")
        guildhall = page.locator("#board .guildhall-spaces .space")
        assert guildhall.count() == state.summary()["guildhall_spaces"]
        assert page.locator("#board .guildhall-spaces .space.taken").count() == state.summary()["guildhall"]
        row = page.evaluate("[...document.querySelectorAll('.workshop-row [data-apprentice]')].map((c) => Number(c.dataset.apprentice))")
        assert row == [int(p.name.split(":")[1]) for r in (1, 2) for c in (1, 2, 3, 4)
                       for p in view.slots.get(f"workshop.{r}.{c}", ())]
        for colour in view.players:
            marker = page.locator(f".track[data-track=virtue] .dot[data-colour={colour}]")
            assert marker.count() == 1
            assert marker.locator("xpath=..").get_attribute("data-step") == str(view.tracks["virtue"][colour])
        for seat, colour in enumerate(view.players):
            head = page.inner_text(f".seat[data-colour={colour}] .seat-head")
            supply = view.supplies[colour]
            assert f"{supply['silver']} silver" in head and f"{supply['cards']} building cards" in head
            if supply["debt_unpaid"]:
                assert f"{supply['debt_unpaid']} unpaid debts" in head
            built = page.evaluate(f"[...document.querySelectorAll('.seat[data-colour={colour}] [data-building]')]"
                                  ".map((c) => Number(c.dataset.building))")
            assert built == sorted(state.data["players"][seat]["buildings"])
            hired = page.evaluate(f"[...document.querySelectorAll('.seat[data-colour={colour}] [data-apprentice]')]"
                                  ".map((c) => Number(c.dataset.apprentice))")
            assert hired == sorted(set(state.data["players"][seat]["apprentices"]))
        assert page.locator(".own-cards").count() == 0          # the shared screen shows no hand
        page.close()


def test_a_finished_game_is_a_record_that_replays_and_exports_for_bg_stats():
    app, desk, bots = build_demo(game="architects", players=["red", "blue"], humans=[], seed=6, pin=PIN)
    while bots.play_one():
        pass
    final = desk.session.state
    assert final.is_over
    client = app.test_client()
    game_id = desk.session.game_id
    record = client.get(f"/api/records/{game_id}/export.json").get_json()
    assert [s.total for s in replay_record(record).scores()] == [s.total for s in final.scores()]
    play = client.get(f"/api/records/{game_id}/bgstats.json").get_json()
    assert play["game"]["bggId"] == 236457
    assert sorted(p["score"] for p in play["players"]) == sorted(s.total for s in final.scores())


@pytest.mark.parametrize("language, quarry", [("en", "Quarry"), ("zh-Hant", "採石場"), ("ja", "採石場")])
def test_the_demo_draws_the_board_and_follows_the_bots_in_every_language(browser, language, quarry):
    strings = json.loads((PACK / f"tablet/i18n/{language}.json").read_text(encoding="utf-8"))
    app, desk, bots = build_demo(game="architects", players=["red", "blue", "green"], humans=[], seed=4, pin=PIN)
    errors: list[str] = []
    with LiveServer(app, "127.0.0.1", 0) as server:
        page = _paired_page(browser, server)
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.select_option("#language", language)
        title = json.dumps(strings["app.title"])
        assert wait_until(lambda: says(page, f"document.body.innerText.includes({title})"), 10.0)
        session = desk.session
        while len(session.actions) < 120:
            assert bots.play_one()
        state = session.state
        assert wait_until(lambda: says(page, f"document.body.dataset.decisions === '{len(session.actions)}'"), 10.0)
        assert page.inner_text("#board .zone[data-place=quarry] h3") == quarry
        assert page.inner_text("#board .zone[data-place=mines] h3") == strings["places.mines"]
        for place in LOCATIONS:
            assert _zone_counts(page, f"#board .zone[data-place={place}]") == _counted(state, f"{place}.workers"), place
        assert page.locator("#whose-turn").inner_text().strip()
        page.close()
    assert errors == []


def test_a_five_player_board_fits_a_phone_without_scrolling_sideways(browser):
    app, desk, bots = build_demo(game="architects", players=["red", "blue", "green", "yellow", "purple"], humans=[],
                                 seed=5, pin=PIN)
    session = desk.session
    while len(session.actions) < 400:
        assert bots.play_one()
    with LiveServer(app, "127.0.0.1", 0) as server:
        page = browser.new_page(viewport={"width": 390, "height": 844})
        page.goto(server.url)
        assert wait_until(lambda: says(page, f"document.body.dataset.decisions === '{len(session.actions)}'"), 10.0)
        assert page.locator("#board .seat").count() == 5
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        page.close()


def test_guided_play_opens_with_the_setup_check_of_the_table(browser):
    app, desk, _bots = build_demo(game="architects", players=["red", "blue"], humans=["red", "blue"], seed=3,
                                  guided=True, pin=PIN)
    with LiveServer(app, "127.0.0.1", 0) as server:
        page = _paired_page(browser, server)
        assert wait_until(lambda: says(page, "document.querySelector('#setup-check li')"), 10.0)
        lines = page.evaluate("[...document.querySelectorAll('#setup-check li')].map((li) => li.textContent)")
        assert lines[:2] == ["Tax Stand: 4 silver", "Every virtue marker on 7"]
        assert any(line.startswith("Red has: ") and "20 workers" in line for line in lines)
        assert STRINGS["rules.setup.title"] in page.inner_text("body")
        page.close()



def _until_the_cathedral_is_offered(seed: int) -> list:
    """The actions of a random game up to a Guildhall decision offering the Cathedral (empty when it never does)."""
    from companion.games import new_game
    state, chooser, actions = new_game("architects", ["red", "blue"], seed=seed), random.Random(seed), []
    while state.pending() is not None:
        decision = state.pending()
        if decision.kind == "guildhall" and any(o.action.kind == "cathedral" for o in decision.options):
            return actions
        actions.append(chooser.choice(decision.options).action)
        state = state.apply(actions[-1])
    return []


def test_the_cathedrals_next_level_is_highlighted_and_a_tap_on_it_advances(browser):
    seed, actions = next((seed, found) for seed in range(1, 20) if (found := _until_the_cathedral_is_offered(seed)))
    app, desk, _bots = build_demo(game="architects", players=["red", "blue"], humans=["red", "blue"], seed=seed, pin=PIN)
    session = desk.session
    for action in actions:
        session.decide(action)
    decision = session.state.pending()
    levels = [(o.action.arg("level"), i) for i, o in enumerate(decision.options) if o.action.kind == "cathedral"]
    level, index = levels[0]
    with LiveServer(app, "127.0.0.1", 0) as server:
        page = _paired_page(browser, server)
        step = f".track[data-track=cathedral] .step[data-step='{level}']"
        assert wait_until(lambda: says(page, f"document.querySelector(\"{step}.legal\")"), 20.0)
        assert len(levels) == 1                               # one way to pay: the tap chooses it
        assert page.get_attribute(step, "data-option") == str(index)
        before = len(session.actions)
        page.evaluate(f"document.querySelector(\"{step}\").click()")
        assert wait_until(lambda: len(session.actions) > before, 10.0)
        assert session.actions[before].kind == "cathedral"
        page.close()
