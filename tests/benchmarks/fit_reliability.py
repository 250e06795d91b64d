"""Fit a game's reliability.json (the reconciler's observation model) from readings collected on rendered games.

The Caylus file shipped in its pack was made by (about 40 minutes on 2 cores):

    for p in 2 3 4 5; do .venv/bin/python tests/benchmarks/collect_readings.py --domain demo --players $p \\
        --seed 71000$p --out /tmp/demo.jsonl; done
    .venv/bin/python tests/benchmarks/fit_reliability.py /tmp/demo.jsonl \\
        --source "rendered games, demo look, 960x540: 2-5 players, seeds 710002-710005" \\
        --out companion/games/caylus/reliability.json

Never fit on the look that is measured (``holdout``), nor on seeds that are measured.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from companion.reconciler.observation_model import fit_files  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("readings", nargs="+", type=Path, help="collect_readings.py JSONL files")
    parser.add_argument("--source", required=True, help="what the readings are (look, size, players, seeds)")
    parser.add_argument("--out", type=Path, required=True, help="the reliability.json to write")
    args = parser.parse_args()
    missing = [str(path) for path in args.readings if not path.is_file()]
    if missing:
        sys.exit(f"no readings file {', '.join(missing)}")
    model = fit_files(args.readings)
    model.source = args.source
    args.out.write_text(json.dumps(model.to_json(), sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {args.out}: {sum(model.slots.counts.get('', {}).values()):.0f} slot readings")


if __name__ == "__main__":
    main()
