"""The type checker runs with the tests (mypy --strict over the package)."""
from __future__ import annotations

import subprocess
import sys

import pytest

from conftest import REPO


def test_mypy_strict_is_clean() -> None:
    pytest.importorskip("mypy", reason="mypy comes with the 'test' extra")
    result = subprocess.run([sys.executable, "-m", "mypy", "--strict", "generator"], cwd=REPO,
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
