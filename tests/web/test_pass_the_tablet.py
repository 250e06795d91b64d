"""Secret decisions in headless chromium: Citadels' character draft handed round one tablet seat by seat behind a
"Pass the tablet to …" cover, and a phone (390×844) paired to one seat that shows that seat's own choice and hand."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from companion.session import Journal
from companion.web import create_app
from companion.web.desk import Desk
from companion.web.server import LiveServer
from tablet_client import Tablet
from tests.chromium import CHROMIUM, pair_page

PIN = "975310"
TABLET = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
PLAYERS = ["red", "blue", "green", "yellow"]
NAMES = {"red": "Ann", "blue": "Bob", "green": "Cy", "yellow": "Di"}

IMAGES = Path(__file__).resolve().parents[2] / "docs" / "images"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is missing: apt-get install chromium"),
]


@pytest.fixture
def table():
    """A Citadels game of four people started from the Setup API, served; the table deals (as the camera would)."""
    desk = Desk(Journal(":memory:"))
    app = create_app(desk, pin=PIN)
    setup = Tablet(app.test_client())
    assert setup.pair(PIN).status_code == 200
    started = setup.post("/api/games", {"game": "citadels", "players": PLAYERS, "names": NAMES, "seed": 11})
    assert started.status_code == 200
    session = desk.session
    while session.state.pending().kind != "pick":
        session.decide(session.state.pending().options[0].action, source="camera")
    with LiveServer(app, "127.0.0.1", 0) as server:
        yield server.url, desk


def shoot(page, name: str) -> None:
    """With ``COMPANION_SCREENSHOTS=1``, the screen as docs/images/ui-<name>.png (docs/tablet-ui.md shows them)."""
    if os.environ.get("COMPANION_SCREENSHOTS"):
        page.screenshot(path=str(IMAGES / f"ui-{name}.png"), full_page=False)


def wait_until(page, expression: str, timeout: float = 5000) -> None:
    """Poll ``expression`` in the page (``page.evaluate`` is not the page's own eval, which its CSP forbids)."""
    deadline = time.monotonic() + timeout / 1000
    while not page.evaluate(expression):
        if time.monotonic() > deadline:
            raise AssertionError(f"still false after {timeout} ms: {expression}")
        time.sleep(0.05)


def pair(page, url: str) -> None:
    pair_page(page, url, PIN)


PUBLIC_PARTS = ".character-track .character-name, .seat > .city .district-name"
"""The names on the drawn table that everyone at the table sees: the eight characters in calling order (every one,
always; who holds one shows only once it is called) and the districts built in each city."""


def everything_on_the_page(page) -> str:
    """Every word in the page's body, hidden parts included, but for the drawn table's public parts."""
    return page.evaluate(f"""(() => {{
      const copy = document.body.cloneNode(true);
      copy.querySelectorAll({PUBLIC_PARTS!r}).forEach((part) => part.remove());
      return copy.textContent;
    }})()""")


def words(desk: Desk, names: list[str]) -> set[str]:
    """The English names of the pack's cards and characters ``names``."""
    strings = json.loads((Path(__file__).resolve().parents[2] / "companion/games/citadels/tablet/i18n/en.json")
                         .read_text(encoding="utf-8"))
    return {strings[f"tiles.{name}"] for name in names}


def test_the_draft_is_handed_round_one_tablet_and_no_seat_sees_anothers_secret(browser, table):
    url, desk = table
    session = desk.session
    page = browser.new_page(viewport=TABLET)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    pair(page, url)
    seen_before: set[str] = set()          # the characters and cards only the seats already handed the tablet held
    for colour in PLAYERS:
        seat = PLAYERS.index(colour)
        wait_until(page, f"document.body.dataset.handOver === '{colour}'")
        assert page.locator("#hand-over").is_visible() and page.locator("#live").is_hidden()
        assert page.locator("#hand-over-title").inner_text() == f"Pass the tablet to {NAMES[colour]}"
        options = [option.action.arg("character") for option in session.state.pending().options]
        covered = everything_on_the_page(page)
        assert not [word for word in seen_before | words(desk, options) if word in covered], colour
        if colour == "blue":
            shoot(page, "pass-the-tablet")

        page.click("#hand-over-go")                                  # "I am Ann"
        wait_until(page, f"document.querySelectorAll('#options button.option').length === {len(options)}")
        assert page.locator("#live").is_visible() and page.locator("#hand-over").is_hidden()
        assert page.locator("#secret-banner").inner_text().startswith(f"Only {NAMES[colour]} looks")
        hand = sorted(session.state.hands[seat])
        assert words(desk, hand) <= set(page.locator('[data-private="hand"]').inner_text().split(", "))
        shown = everything_on_the_page(page)
        assert words(desk, options) <= set(page.locator("#options").inner_text().split("\n"))
        assert not [word for word in seen_before if word in shown], colour
        if colour == "blue":
            shoot(page, "secret-revealed")

        decided = len(session.actions)
        page.locator("#options button.option").first.click()
        wait_until(page, f"document.body.dataset.decisions === '{decided + 1}'")
        others = {card for other in range(len(PLAYERS)) if other != seat for card in session.state.hands[other]}
        seen_before |= words(desk, list(session.state.picks[seat]))
        seen_before |= words(desk, [card for card in hand if card not in others])
    # the draft is over: the cover asks for the tablet back before the table's screen shows again
    wait_until(page, "document.body.dataset.handOver === 'back'")
    assert page.locator("#hand-over-title").inner_text() == "Pass the tablet back"
    called = words(desk, [option.action.arg("character") for option in session.state.pending().options])   # public
    assert not [word for word in seen_before - called if word in everything_on_the_page(page)]
    page.click("#hand-over-go")
    wait_until(page, "document.body.dataset.handOver === ''")
    assert page.locator("#live").is_visible() and page.locator("#private").is_hidden()
    page.close()
    assert errors == []


def test_a_phone_paired_to_a_seat_shows_that_seats_secret_choice_and_hand_only(browser, table):
    url, desk = table
    session = desk.session
    context = browser.new_context(viewport=PHONE, has_touch=True)
    page = context.new_page()
    pair(page, url)
    page.select_option("#seat-choice", "blue")
    wait_until(page, "!document.getElementById('you-are').hidden")
    assert page.locator("#you-are").inner_text() == "You are Bob"
    wait_until(page, "document.querySelectorAll('[data-private=\"hand\"]').length === 1")
    assert page.locator("#hand-over").is_hidden() and page.locator("#options button.option").count() == 0
    anns = words(desk, [option.action.arg("character") for option in session.state.pending().options])
    assert not [word for word in anns if word in page.locator("#options").inner_text()]
    assert page.locator("#decide-why").inner_text() == "This device plays Bob: it can't decide for Ann."

    session.decide(session.state.pending().options[0].action, source="tablet")      # Ann chose on the table's tablet
    options = [option.action.arg("character") for option in session.state.pending().options]
    wait_until(page, f"document.querySelectorAll('#options button.option').length === {len(options)}")
    assert page.locator("#hand-over").is_hidden()
    assert words(desk, options) <= set(page.locator("#options").inner_text().split("\n"))
    assert words(desk, sorted(session.state.hands[1])) <= set(page.locator('[data-private="hand"]').inner_text().split(", "))
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shoot(page, "phone-secret")
    assert page.locator("#options button.option").first.bounding_box()["height"] >= 48
    page.locator("#options button.option").first.click()
    wait_until(page, "document.querySelectorAll('#options button.option').length === 0")
    assert list(session.state.picks[1]) == [options[0]]
    context.close()


def _wait_for_options(page, decisions: int, count: int) -> None:
    wait_until(page, f"document.body.dataset.decisions === '{decisions}' && "
                     f"document.querySelectorAll('#options button.option:not([disabled])').length === {count}")


def test_a_round_is_played_with_two_phones_and_the_table_tablet_and_no_secret_reaches_another_screen(browser, table):
    """Ann and Bob play on their phones, Cy and Di on the table's tablet; the table enters the calls (as the camera
    would). During the draft no screen shows a character another seat chose; then the round is played to its end."""
    import random

    url, desk = table
    session = desk.session
    chooser = random.Random(5)
    phones = {}
    for colour in ("red", "blue"):
        context = browser.new_context(viewport=PHONE, has_touch=True)
        phones[colour] = context.new_page()
        pair(phones[colour], url)
        phones[colour].select_option("#seat-choice", colour)
        wait_until(phones[colour], "!document.getElementById('you-are').hidden")
    tablet = browser.new_page(viewport=TABLET)
    pair(tablet, url)
    screens = {**phones, "table": tablet}
    for _ in range(300):
        state = session.state
        if state.round > 1 or state.is_over:
            break
        decision = state.pending()
        if state.phase == "draft":        # who chose what so far is on nobody else's screen
            for name, page in screens.items():
                wait_until(page, f"document.body.dataset.decisions === '{len(session.actions)}'")
                text = everything_on_the_page(page)
                others = [seat for seat, colour in enumerate(PLAYERS) if colour != name]
                assert not [word for seat in others for word in words(desk, list(state.picks[seat])) if word in text], name
        if decision.is_chance and not decision.is_secret:
            session.decide(chooser.choice(decision.options).action, source="camera")
            continue
        colour = PLAYERS[decision.private_to if decision.is_secret else decision.player]
        page = phones.get(colour, tablet)
        number = len(session.actions)
        if page is tablet and decision.is_secret:
            wait_until(tablet, f"document.body.dataset.handOver === '{colour}'")
            tablet.click("#hand-over-go")
        elif page is tablet:
            wait_until(tablet, "document.body.dataset.handOver === '' || document.body.dataset.handOver === 'back'")
            if tablet.locator("#hand-over").is_visible():
                tablet.click("#hand-over-go")               # "The tablet is back on the table"
        _wait_for_options(page, number, len(decision.options))
        page.locator("#options button.option").nth(chooser.randrange(len(decision.options))).click()
        wait_until(page, f"document.body.dataset.decisions !== '{number}'")
    assert session.state.round == 2, "the round was not played to its end"
    for page in screens.values():
        page.context.close() if page in phones.values() else page.close()


def test_an_alert_raised_while_the_tablet_waits_for_a_player_shows_on_the_cover(browser, table):
    url, desk = table
    page = browser.new_page(viewport=TABLET)
    pair(page, url)
    wait_until(page, "document.body.dataset.handOver === 'red'")
    desk.session.raise_alert("Green took a card from the deck out of turn.", player="green")
    wait_until(page, "document.querySelectorAll('#hand-over .alert').length === 1")
    assert page.locator("#hand-over .alert").is_visible()
    page.locator("#hand-over .alert button").first.click()                 # "Fixed on the table"
    wait_until(page, "document.querySelectorAll('.alert').length === 0")
    assert desk.session.open_alerts() == []
    page.click("#hand-over-go")
    wait_until(page, "document.body.dataset.handOver === ''")
    assert page.locator("#live #alerts").count() == 1
    page.close()
