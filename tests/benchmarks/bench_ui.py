"""Committed move → visible on the tablet: latency of the push path, measured two ways.

1. Server-sent events: time from ``Session.decide`` returning until the event carrying the new
   position has arrived on an open ``/api/events`` stream (what every tablet receives).
2. Browser (when /usr/bin/chromium exists): time until headless chromium has drawn the new position
   (``document.body.dataset.decisions`` updated by live.js after rendering).

Target: ≤ 100 ms. Run: ``.venv/bin/python tests/benchmarks/bench_ui.py [moves]``.
"""

from __future__ import annotations

import http.client
import json
import statistics
import sys
import threading
import time
from pathlib import Path


def summary(name: str, samples: list[float]) -> None:
    ordered = sorted(samples)
    p95 = ordered[max(0, int(round(0.95 * len(ordered))) - 1)]
    print(f"{name}: n={len(samples)} median={statistics.median(samples):.1f} ms p95={p95:.1f} ms "
          f"max={max(samples):.1f} ms")


def wait_until(page, expression: str, timeout_s: float = 30.0) -> None:
    """Poll ``expression`` with ``page.evaluate`` (Playwright's ``wait_for_function`` evaluates a string in the page,
    which the tablet's Content-Security-Policy forbids)."""
    deadline = time.perf_counter() + timeout_s
    while not page.evaluate(expression):
        if time.perf_counter() > deadline:
            raise TimeoutError(f"still false after {timeout_s} s: {expression}")
        time.sleep(0.001)


def next_move(session):
    return session.state.pending().options[0].action


def bench_sse(moves: int) -> list[float]:
    from companion.cli.demo import build_demo
    from companion.web.server import LiveServer
    app, desk, _bots = build_demo(seed=3, pin="000000")
    latencies: list[float] = []
    arrived: dict[int, float] = {}
    ready = threading.Event()
    with LiveServer(app, "127.0.0.1", 0) as server:
        def listen() -> None:
            connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
            connection.request("GET", "/api/events")
            response = connection.getresponse()
            ready.set()
            while True:
                line = response.fp.readline()
                if not line:
                    return
                if line.startswith(b"data: "):
                    payload = json.loads(line[6:])
                    arrived.setdefault(payload["snapshot"]["decisions_made"], time.perf_counter())
        threading.Thread(target=listen, daemon=True).start()
        ready.wait(5)
        time.sleep(0.3)
        session = desk.session
        for _ in range(moves):
            if session.state.is_over:
                break
            committed = session.decide(next_move(session), source="bench") and time.perf_counter()
            expected = session.snapshot()["decisions_made"]
            deadline = time.perf_counter() + 5
            while expected not in arrived and time.perf_counter() < deadline:
                time.sleep(0.0005)
            latencies.append((arrived[expected] - committed) * 1000)
            time.sleep(0.02)
    return latencies


def bench_browser(moves: int) -> list[float]:
    if not Path("/usr/bin/chromium").exists():
        print("browser: skipped (/usr/bin/chromium missing)")
        return []
    from playwright.sync_api import sync_playwright
    from companion.cli.demo import build_demo
    from companion.web.server import LiveServer
    app, desk, _bots = build_demo(seed=3, pin="000000")
    latencies = []
    with LiveServer(app, "127.0.0.1", 0) as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=[
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync"])
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.goto(server.url)
        wait_until(page, "document.body.dataset.decisions === '0'")
        # The page records when each position was drawn, on the same clock as performance.now().
        page.evaluate("""() => { window.drawnAt = {};
            new MutationObserver(() => { const n = document.body.dataset.decisions;
              if (!(n in window.drawnAt)) window.drawnAt[n] = performance.now(); })
            .observe(document.body, {attributes: true, attributeFilter: ['data-decisions']}); }""")
        session = desk.session
        for _ in range(moves):
            if session.state.is_over:
                break
            before = page.evaluate("performance.now()")
            committed = time.perf_counter()
            session.decide(next_move(session), source="bench")
            decided = time.perf_counter()
            expected = session.snapshot()["decisions_made"]
            wait_until(page, f"'{expected}' in window.drawnAt")
            drawn = page.evaluate(f"window.drawnAt['{expected}']")
            # browser clock from just before the decision; subtract the time decide() itself took
            latencies.append(drawn - before - (decided - committed) * 1000)
            time.sleep(0.02)
        browser.close()
    return latencies


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    summary("SSE push (decide → event received)", bench_sse(count))
    drawn = bench_browser(min(count, 40))
    if drawn:
        summary("Browser (decide → position drawn in chromium, 1280x800)", drawn)
