"""The benchmark scripts run in the pure-Python install too (the fallback is measured)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

WITHOUT_NUMBA = """
import sys
sys.modules["numba"] = None  # as in an install without the `fast` extra
sys.modules["numpy"] = None
sys.path.insert(0, "benchmarks")
import solver
assert not solver.compiled_installed()
solver.print_compiled([], 1, 100)
print("fuzz", solver.run_fuzz_compiled(1, 1))
"""


def test_the_solver_benchmark_imports_and_reports_without_numba() -> None:
    """``benchmarks/solver.py`` says the compiled core is not compared instead of failing
    to import numpy (it did, in a ``.[test]`` install)."""
    done = subprocess.run([sys.executable, "-c", WITHOUT_NUMBA], cwd=REPO, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.count("compiled core: not compared") == 2
    assert "fuzz 0" in done.stdout


def test_every_benchmark_answers_help_without_running() -> None:
    """``--help`` prints the options and exits 0 (``build.py`` and ``fit.py`` ran the
    whole benchmark instead); the timeout only catches a script that starts measuring."""
    scripts = sorted(p for p in (REPO / "benchmarks").glob("*.py") if not p.name.startswith("_"))
    assert len(scripts) >= 10
    for script in scripts:
        done = subprocess.run([sys.executable, str(script), "--help"], cwd=REPO,
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 0 and "usage" in done.stdout.lower(), (script.name, done.stderr)
