"""The layout fitted to the board on the table: how far slot windows land from the printed board, before and after.

    .venv/bin/python tests/benchmarks/bench_layout_fit.py [--tables 4] [--stills 8] [--games caylus,caylus1303]
                                                          [--seeds S,S,...]

Seeds are drawn at random now (printed first), unless ``--seeds`` names them. Per game:

1. **Geometry.** ``--tables`` held-out tables, each with its own printing of the board (another size, shifted and
   turned against the markers, the print's own offsets: ``vision/render/printing.py``), rendered empty at
   1280×720 with lens and sensor. The pipeline registers it from the markers and fits the layout
   (``vision/board_fit.py``). Each on-board slot's centre is compared with where the render printed it (its truth
   centre in the picture, taken back to board mm through the pose): mean and worst error in mm with the layout
   as shipped and fitted, the fit's own residual, its verdict and its time.
2. **Slot reader.** ``--stills`` held-out stills (``companion render GAME --domain holdout``) scored by
   ``companion eval-vision``'s protocol twice, on the same frames: slots where the shipped layout puts them,
   and fitted to each table's board. Per-slot error and boards wholly right, before and after.

Prints one JSON object per game and part.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from companion.games.registry import get_pack  # noqa: E402
from companion.games.table_view import TableView  # noqa: E402
from vision.board_fit import BoardFit  # noqa: E402
from vision.layout import Layout, load_layout  # noqa: E402
from vision.pipeline import VisionPipeline  # noqa: E402
from vision.registration import Pose  # noqa: E402
from vision.render.domains import sample_style  # noqa: E402
from vision.render.renderer import SimulatedTable  # noqa: E402

LOOK = "holdout-printed"     # the held-out look, each board printed otherwise than its layout


def board_mm(pose: Pose, pixels: np.ndarray) -> np.ndarray:
    """Picture pixels → the board mm the pose puts there (the inverse of ``pose.to_image``)."""
    points = np.asarray(pixels, dtype=float)
    if pose.lens is not None:
        points = pose.lens.undistort(points)
    homogeneous = np.c_[points, np.ones(len(points))] @ np.linalg.inv(pose.image_from_board).T
    return homogeneous[:, :2] / homogeneous[:, 2:]


def slot_errors(layout: Layout, fit: BoardFit | None, pose: Pose, truth: dict) -> tuple[np.ndarray, np.ndarray]:
    """Each on-board slot's centre error (mm) with the layout as shipped and as fitted."""
    names = [name for name, entry in truth["slots"].items()
             if BoardFit.identity(layout).on_board(layout.region(name).center)]
    shipped = np.array([layout.region(name).center for name in names])
    printed = board_mm(pose, np.array([truth["slots"][name]["center"] for name in names]))
    fitted = fit.to_printed(shipped) if fit is not None else shipped
    return np.linalg.norm(printed - shipped, axis=1), np.linalg.norm(printed - fitted, axis=1)


def geometry(game: str, seeds: list[int]) -> dict:
    pack = get_pack(game)
    layout = load_layout(pack.table.default_layout)
    players = tuple(pack.info.colours[:2])
    rows, before_all, after_all = [], [], []
    for seed in seeds:
        table = SimulatedTable(layout, sample_style(LOOK, seed), (1280, 720), pack=pack)
        view = TableView(layout.game, players)
        pictures = [table.render(view, frame_seed=k)[0] for k in range(4)]
        _, truth = table.render(view, frame_seed=0)
        pipeline = VisionPipeline(layout, players, model=None)
        started = time.perf_counter()
        pose = pipeline.set_reference(pictures)
        seconds = time.perf_counter() - started
        fit = pipeline.board_fit
        before, after = slot_errors(layout, fit if fit.accepted else None, pose, truth)
        before_all.append(before)
        after_all.append(after)
        rows.append({"seed": seed, "before_mean_mm": round(float(before.mean()), 2),
                     "before_worst_mm": round(float(before.max()), 2), "after_mean_mm": round(float(after.mean()), 2),
                     "after_worst_mm": round(float(after.max()), 2), "accepted": fit.accepted,
                     "residual_mm": round(fit.residual_mm, 2), "matched": f"{fit.matched}/{fit.places}",
                     "setup_s": round(seconds, 2), "message": fit.message})
    before, after = np.concatenate(before_all), np.concatenate(after_all)
    return {"game": game, "part": "geometry", "tables": rows,
            "slot_centre_error_mm": {"before_mean": round(float(before.mean()), 2),
                                     "before_worst": round(float(before.max()), 2),
                                     "after_mean": round(float(after.mean()), 2),
                                     "after_worst": round(float(after.max()), 2)}}


def slot_reader(game: str, seed: int, stills: int) -> dict:
    from vision.evaluation import evaluate

    pack = get_pack(game)
    with tempfile.TemporaryDirectory() as folder:
        subprocess.run([sys.executable, "-c", "import sys; from companion.cli import main; sys.exit(main())",
                        "render", game, "--seed", str(seed), "--frames",
                        str(stills), "--domain", LOOK, "--out", folder], check=True, cwd=REPO,
                       stdout=subprocess.DEVNULL)
        before = evaluate(Path(folder), pack.table.default_layout, fit_board=False)
        after = evaluate(Path(folder), pack.table.default_layout, fit_board=True)
    keys = ("per_slot_error", "board_accuracy", "slots_total")
    return {"game": game, "part": "slot reader", "render_seed": seed, "stills": stills,
            "shipped_layout": {k: before.get(k) for k in keys}, "fitted_layout": {k: after.get(k) for k in keys}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=4)
    parser.add_argument("--stills", type=int, default=8, help="held-out stills for the slot reader (0: skip)")
    parser.add_argument("--games", default="caylus,caylus1303")
    parser.add_argument("--seeds", default="", help="comma-separated table seeds (default: drawn at random now)")
    args = parser.parse_args()
    draw = random.SystemRandom()
    seeds = [int(s) for s in args.seeds.split(",") if s] or [draw.randrange(100_000, 1_000_000)
                                                               for _ in range(args.tables)]
    still_seed = draw.randrange(100_000, 1_000_000)
    print(json.dumps({"table_seeds": seeds, "stills_seed": still_seed}), flush=True)
    for game in args.games.split(","):
        print(json.dumps(geometry(game, seeds)), flush=True)
        if args.stills:
            print(json.dumps(slot_reader(game, still_seed, args.stills)), flush=True)


if __name__ == "__main__":
    main()
