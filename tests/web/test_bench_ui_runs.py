"""``tests/benchmarks/bench_ui.py`` runs in the README's test environment (``pip install -e '.[test]'``) against the
pages as served, Content-Security-Policy included."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_ui_latency_benchmark_runs_and_prints_its_figures():
    run = subprocess.run([sys.executable, str(ROOT / "tests" / "benchmarks" / "bench_ui.py"), "3"], cwd=ROOT,
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    assert "SSE push (decide → event received): n=3" in run.stdout
    assert "Browser (decide → position drawn" in run.stdout or "browser: skipped" in run.stdout
