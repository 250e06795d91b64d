"""LED board benchmark: game-state change → frame completely received, and recovery after a replug.

Runs each protocol against its emulated device on a real pseudo-terminal at 60 LEDs / 115200 baud.
A pty delivers bytes without baud-rate pacing, so the figure reported for the target adds the
theoretical wire time (10 bits per byte: start + 8 data + stop) to the measured software latency.

    .venv/bin/python tests/benchmarks/bench_leds.py
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from companion.games.caylus import lights as caylus_lights
from companion.games.table_view import Piece, TableView
from firmware_bridge import own_frames
from firmware_bridge.adalight import adalight_frame
from firmware_bridge.link import LedLink, LinkSettings
from firmware_bridge.protocols import make_protocol
from firmware_bridge.render import Renderer
from firmware_bridge.virtual_device import ENGINES, VirtualDevice

LEDS = 60
BAUD = 115200
CHANGES = 60
AWAY_S = (0.45, 0.9, 1.6, 2.3, 3.1)   # how long the board stays unplugged, varied against the back-off


def view_with_provost(square: int) -> TableView:
    view = TableView(game="caylus", players=("red", "blue"))
    for n in range(1, 17):
        view.put(f"road.{n}.tile", Piece("tile", name="neutral_farm"))
    view.put(f"road.{square}.provost", Piece("provost"))
    view.put("road.6.bailiff", Piece("bailiff"))
    view.put("road.12.worker", Piece("worker", "blue"))
    return view


def wire_bytes(protocol: str) -> int:
    pixels = [(1, 1, 1)] * LEDS
    if protocol == "own":
        return len(own_frames.encode_frame(own_frames.FrameType.SHOW, 1, own_frames.pixel_payload(pixels)))
    return len(adalight_frame(pixels))


def wait_for(condition, timeout: float = 5.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.0005)
    return False


def bench(protocol: str, folder: Path) -> None:
    renderer = Renderer(caylus_lights.default_mapping().with_led_count(LEDS), brightness=0.4,
                        palette=caylus_lights.palette())
    engine = ENGINES[protocol](LEDS)
    device = VirtualDevice(engine, folder / f"tty-{protocol}").plug()
    link = LedLink(str(device.path), make_protocol(protocol, LEDS), renderer, LinkSettings(baudrate=BAUD)).start()
    try:
        latencies = []
        for change in range(CHANGES):
            square = 1 + change % 20
            started = time.perf_counter()
            scene = caylus_lights.scene(view_with_provost(square), current_colour="red")   # the state change
            link.post(scene)
            expected = renderer.pixels(scene)
            if not wait_for(lambda: engine.pixels == expected):
                raise SystemExit(f"{protocol}: frame never arrived")
            latencies.append(engine.last_shown_at - started)
            time.sleep(0.02)
        wire_ms = wire_bytes(protocol) * 10 / BAUD * 1000
        soft_ms = [1000 * t for t in latencies]
        p95 = sorted(soft_ms)[int(0.95 * len(soft_ms)) - 1]
        print(f"{protocol:9s} frame {wire_bytes(protocol):4d} B  wire {wire_ms:5.1f} ms  "
              f"software+pty median {statistics.median(soft_ms):5.2f} ms  p95 {p95:5.2f} ms  max {max(soft_ms):5.2f} ms  "
              f"=> state change to frame on the wire (p95 + wire) {p95 + wire_ms:5.1f} ms (target <= 30)")

        recoveries = []
        for replug, away_s in enumerate(AWAY_S):
            device.unplug()
            wait_for(lambda: link.status.state == "disconnected")
            scene = caylus_lights.scene(view_with_provost(2 + replug), alert_places=["gate"])
            link.post(scene)
            time.sleep(away_s)   # the link backs off meanwhile
            device.plug()
            replugged = time.perf_counter()
            if not wait_for(lambda: engine.pixels in (renderer.pixels(scene, True), renderer.pixels(scene, False))
                            and link.status.state == "connected"):
                raise SystemExit(f"{protocol}: no recovery")
            recoveries.append(time.perf_counter() - replugged)
        print(f"{'':9s} recovery after replug ({', '.join(f'{r:.2f}' for r in recoveries)} s): "
              f"median {statistics.median(recoveries):.2f} s  "
              f"max {max(recoveries):.2f} s (target <= 2 s)")
    finally:
        link.close()
        device.unplug()


def main() -> None:
    print(f"LED link benchmark: {LEDS} LEDs at {BAUD} baud, {CHANGES} state changes, {len(AWAY_S)} replugs per protocol")
    with tempfile.TemporaryDirectory() as folder:
        for protocol in ("own", "wled", "adalight"):
            bench(protocol, Path(folder))


if __name__ == "__main__":
    main()
