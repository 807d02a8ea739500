"""Helpers for the benchmark scripts: timing and locating the repository."""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path
from typing import Callable

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))


def best_of(fn: Callable[[], object], repeat: int = 3) -> float:
    """Median wall time of ``repeat`` runs, in seconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)
