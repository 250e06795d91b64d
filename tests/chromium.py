"""Where the browser tests find headless Chromium, and how they start it (the ``browser`` fixture is in conftest)."""

from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
MISSING = f"{CHROMIUM} is missing: apt-get install chromium"


def chromium_missing() -> bool:
    return not Path(CHROMIUM).exists()
