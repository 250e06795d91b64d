"""Where the browser tests find headless Chromium, and how they start it (the ``browser`` fixture is in conftest)."""

from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
MISSING = f"{CHROMIUM} is missing: apt-get install chromium"


def chromium_missing() -> bool:
    return not Path(CHROMIUM).exists()


def says(page, expression: str) -> bool:
    """``expression`` evaluated in the page (the tablet's CSP forbids ``wait_for_function``'s eval); false while the
    page is between two renders or navigating (a language change reloads it)."""
    try:
        return bool(page.evaluate(expression))
    except Exception:  # playwright's Error: the execution context went with a navigation
        return False


def pair_page(page, url: str, pin: str) -> None:
    """Pair ``page`` with the tablet served at ``url`` by its PIN, as a person does on the pairing page."""
    page.goto(url + "pair")
    page.fill("#pin", pin)
    page.click("#pair-submit")
    page.wait_for_url(url)
