"""Fit the slot model's "empty" logit bias on train-domain renders — never on the held-out domain.

    .venv/bin/python -m models.calibrate_slots [--frames 30] [--seed 7000000]

Training weighs "empty" down (class weight 0.5) and repeats rare kinds, so the raw model calls pieces
too readily on empty slots. This renders ``--frames`` stills of the *train* domain at seeds never used
for training (7 000 000+) of the default game (the one the slot model is trained for), scores the pipeline (vision/evaluation.py) for each candidate bias and writes
the best to ``models/slots.calibration.json``, which :class:`vision.recognizer.SlotModel` reads.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

from companion.games.registry import default_pack

REPO = Path(__file__).resolve().parents[1]
CANDIDATES = (0.0, 0.5, 1.0, 1.5, 2.0, 3.0)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=30)
    parser.add_argument("--seed", type=int, default=7_000_000)
    parser.add_argument("--model", type=Path, default=REPO / "models" / "slots.onnx")
    args = parser.parse_args(argv)
    folder = REPO / "models" / "data" / f"calibration-train-{args.seed}-{args.frames}"
    if not (folder / f"frame_{args.frames - 1:04d}.json").exists():
        subprocess.run([sys.executable, "-m", "companion", "render", default_pack().name, "--seed", str(args.seed),
                        "--frames", str(args.frames), "--out", str(folder), "--domain", "train"], check=True, cwd=REPO)
    from vision.evaluation import evaluate

    errors = {}
    for bias in CANDIDATES:
        result = evaluate(folder, model_path=args.model, empty_bias=bias)
        errors[bias] = result["per_slot_error_seen_from_above"]
        print(f"empty bias {bias:+.1f}: per-slot error {result['per_slot_error']:.4f}, "
              f"seen from above {errors[bias]:.4f}", file=sys.stderr)
    best = min(errors, key=errors.get)
    out = args.model.with_name(args.model.stem + ".calibration.json")
    out.write_text(json.dumps({"empty_logit_bias": best, "fitted_on": f"train domain, seeds {args.seed}+ "
                               f"({args.frames} frames)", "per_slot_error_seen_from_above": errors}, indent=1) + "\n",
                   encoding="utf-8")
    print(f"wrote {out}: empty logit bias {best}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
