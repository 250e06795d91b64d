"""The slot model on a real photo of the 2005 board (never in training): do empty squares read empty?

    .venv/bin/python tests/benchmarks/bench_real_photo.py

The photo (../shared/reference/caylus-images/board-2005-photo.jpg, read in place, never copied) has
no markers, so it is registered from its four board corners, measured once by hand as a setup wizard
would let a user tap them. There is one photo only, so the "setup capture" and the "current frame"
are both made from it: the current frame is the photo under another lamp (level, colour), with
sensor noise, blur and JPEG, taps off by a few pixels, and — in the harder variants — seen by a
tilted camera. Every slot of the 28 road squares holds nothing new, so every one should read empty.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import cv2
import numpy as np

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

PHOTO = REPO.parent / "shared" / "reference" / "caylus-images" / "board-2005-photo.jpg"
# Outer corners of the board in the photo (px), top-left then clockwise; measured by hand, zoomed 8×.
BOARD_CORNERS = [(11.0, 5.0), (751.0, 5.0), (751.0, 1016.0), (11.0, 1017.0)]
PRINTED_SQUARES = {7, 8, 16}      # their tiles are printed on the board: "tile:…" is not asked of the model


def relit(photo: np.ndarray, rng: np.random.Generator, gain: float, warmth: float) -> np.ndarray:
    picture = photo.astype(np.float32) * gain * np.array([1 - warmth, 1.0, 1 + warmth])
    picture = cv2.GaussianBlur(picture, (0, 0), float(rng.uniform(0.4, 1.0)))
    picture += rng.normal(0, 4.0, picture.shape)
    ok, data = cv2.imencode(".jpg", np.clip(picture, 0, 255).astype(np.uint8), [cv2.IMWRITE_JPEG_QUALITY, 65])
    return cv2.imdecode(data, cv2.IMREAD_COLOR)


def tilted(photo: np.ndarray, corners: list[tuple[float, float]], squeeze: float) -> tuple[np.ndarray, list]:
    """The photo as a camera tilted toward the board's top edge would see it (a trapezoid)."""
    h, w = photo.shape[:2]
    source = np.float32([(0, 0), (w, 0), (w, h), (0, h)])
    target = np.float32([(w * squeeze, 0), (w * (1 - squeeze), 0), (w, h), (0, h)])
    warp = cv2.getPerspectiveTransform(source, target)
    moved = cv2.perspectiveTransform(np.float32(corners).reshape(-1, 1, 2), warp).reshape(-1, 2)
    return cv2.warpPerspective(photo, warp, (w, h)), [tuple(map(float, p)) for p in moved]


def road_slots(layout) -> list[str]:
    names = []
    for n in range(1, 29):
        for part in ("tile", "worker", "owner", "provost", "bailiff"):
            if part == "tile" and n in PRINTED_SQUARES:
                continue
            names.append(f"road.{n}.{part}")
    return [s for s in names if s in layout.regions]


def main() -> int:
    from vision.layout import load_layout
    from vision.pipeline import VisionPipeline

    if not PHOTO.exists():
        print(json.dumps({"error": f"{PHOTO} not found (the shared reference folder sits beside the repo)"}))
        return 1
    photo = cv2.imread(str(PHOTO), cv2.IMREAD_COLOR)
    layout = load_layout("caylus-2005")
    slots = road_slots(layout)
    rng = np.random.default_rng(2005)
    variants = [("same light", 1.0, 0.0, 0.0), ("dimmer, warmer", 0.75, 0.08, 0.0), ("brighter, cooler", 1.2, -0.06, 0.0),
                ("tilted camera", 0.9, 0.05, 0.12), ("tilted more, dim", 0.7, 0.1, 0.2)]
    results = {}
    wrong_total, read_total = 0, 0
    for name, gain, warmth, squeeze in variants:
        reference, reference_corners = photo, BOARD_CORNERS
        if squeeze:
            reference, reference_corners = tilted(photo, BOARD_CORNERS, squeeze)
        current = relit(reference, rng, gain, warmth)
        taps = [(x + rng.uniform(-3, 3), y + rng.uniform(-3, 3)) for x, y in reference_corners]
        pipeline = VisionPipeline(layout, ("red", "blue", "green", "yellow", "black"), use_markers=False, slots=slots)
        pipeline.set_reference(reference, reference_corners)
        pipeline.tracker.set_corners(taps, layout.board_size)
        observation = pipeline.observe(current, still=True)
        wrong = {s: observation.best(s) for s in slots if observation.best(s)[0] != ""}
        results[name] = {"slots": len(slots), "read_empty": len(slots) - len(wrong),
                         "wrong": {s: [label, round(p, 3)] for s, (label, p) in sorted(wrong.items())},
                         "ms": round(observation.elapsed_ms, 1)}
        wrong_total += len(wrong)
        read_total += len(slots)
    print(json.dumps({"photo": str(PHOTO.name), "empty_road_slots_read_empty": round(1 - wrong_total / read_total, 4),
                      "variants": results}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
