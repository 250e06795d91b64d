"""The browser scripts parse (a syntax error would blank a screen without failing any server test)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[2] / "companion" / "web" / "static"


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed: cannot syntax-check the scripts")
@pytest.mark.parametrize("script", sorted(p.name for p in STATIC.glob("*.js")))
def test_script_parses(script):
    result = subprocess.run(["node", "--check", str(STATIC / script)], capture_output=True, text=True, timeout=30)
    assert result.returncode == 0, result.stderr
