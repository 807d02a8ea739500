"""The linter runs with the tests, so CI enforces it."""
from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

from conftest import REPO


def test_ruff_is_clean() -> None:
    ruff = shutil.which("ruff") or shutil.which("ruff", path=str(REPO / ".venv" / "bin"))
    if ruff is None:
        try:
            import ruff as _  # noqa: F401
        except ImportError:
            pytest.skip("ruff is not installed (it comes with the 'test' extra)")
        cmd = [sys.executable, "-m", "ruff"]
    else:
        cmd = [ruff]
    result = subprocess.run([*cmd, "check", "generator", "tests", "benchmarks"], cwd=REPO,
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
