"""``playtest`` shows its progress as it goes (issue 27 §2): off a terminal a line every
few seconds, read here from a subprocess with each line's arrival time; ``--quiet``
says nothing."""
from __future__ import annotations

import os
import re
import subprocess
import sys
import time

from conftest import CONTENT

COMMAND = [sys.executable, "-m", "generator.cli", "playtest", str(CONTENT / "tower"),
           "harbour-light", "--policy", "greedy", "--games", "3000", "--jobs", "1"]
LINE = re.compile(r"\[ *\d+\.\ds\] harbour-light: games ([\d,]+)/3,000 \(")


def _stderr_lines(*extra: str) -> tuple[list[tuple[float, str]], float]:
    """Each standard-error line with the seconds after the start it arrived, and when
    the process ended."""
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    env["RIDDLESMITH_PROGRESS_EVERY"] = "0.2"
    started = time.perf_counter()
    with subprocess.Popen([*COMMAND, *extra], stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True, env=env) as proc:
        assert proc.stderr is not None
        lines = [(time.perf_counter() - started, line.rstrip("\n")) for line in proc.stderr]
    assert proc.returncode == 0, lines
    return lines, time.perf_counter() - started


def test_progress_lines_arrive_while_the_games_are_played() -> None:
    lines, ended = _stderr_lines()
    progress = [(t, LINE.match(text)) for t, text in lines]
    assert all(m for _, m in progress), lines
    done = [int(m.group(1).replace(",", "")) for _, m in progress if m]
    assert len(done) >= 3 and done == sorted(done) and done[-1] == 3000, lines
    # Not all at the end: the first line came well before the process ended.
    assert progress[0][0] < ended - 0.3, (lines, ended)


def test_quiet_says_nothing() -> None:
    lines, _ = _stderr_lines("--quiet")
    assert lines == []
