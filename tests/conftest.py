"""Shared fixtures. ``nim`` is a tiny real game used to test the game-neutral layers on their own."""

import pytest

from companion.games import registry
from tests.chromium import CHROMIUM, CHROMIUM_ARGS, MISSING, chromium_missing


@pytest.fixture
def nim_game():
    from tests.games.nim import PACK

    already = "nim" in registry.game_names()
    registry.register(PACK)
    yield "nim"
    if not already:
        registry.unregister("nim")


@pytest.fixture(scope="module")
def browser():
    """One headless Chromium (Playwright) for a module's browser tests; the test is skipped where it is missing."""
    if chromium_missing():
        pytest.skip(MISSING)
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


# Whole-game tests take minutes; started last they run one after another while the other worker idles.
# Starting them first lets pytest-xdist spread them over both workers.
SLOW_TEST_PATHS = ("tests/reconciler/", "tests/render/test_cli.py", "tests/live/")


def pytest_collection_modifyitems(config, items):
    items.sort(key=lambda item: 0 if item.nodeid.startswith(SLOW_TEST_PATHS) else 1)
