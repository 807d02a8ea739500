"""A verdict does not depend on the machine's speed or load (issue 22 §4).

``check``, ``build`` and ``solve`` search under state caps only (states expanded, held
and generated), which stop at the same state on every machine; no CPU-seconds cap
applies unless ``solve --seconds`` asks for one. The test runs the same proofs and
measures twice: once on the real clock, once on a clock that jumps an hour at every
reading (a machine a million times slower, or one under any load). Every status,
par, line, first-move count and measure must agree. A CPU cap left anywhere on the
default path would cut the slow run short and fail the comparison.
"""
from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from generator.pack.loader import load_packs
from generator.pack.schema import load_schemas
from generator.pipeline import kinds_of
from generator.registry import discover_systems
from generator.systems.riddle import proof_shared
from generator.systems.riddle.measures import measure_solve
from generator.systems.riddle.model import Riddle
from generator.systems.riddle.solver import CHECK_BUDGET, solve_riddle
from .reference_gods import ALL_GODS, POWER_BLESSINGS, random_god_riddle_text
from .reference_truth import riddle_of_text

REPO = Path(__file__).resolve().parents[3]
SHIPPED = ("driftwood-dawn", "capstone-cove", "kilns-end")
"""Shipped riddles with gods in their queue: a search for a shorter line with powers,
a power riddle (no line without one) and a riddle whose measures run playouts."""
GENERATED = 6
"""Generated riddles with one or two powered gods or blessings in play."""


class _Leaping:
    """A CPU and wall clock that leaps an hour at every reading."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 3600.0
        return self.now


@pytest.fixture
def leaping_clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    clock = _Leaping()
    monkeypatch.setattr(time, "process_time", clock)
    monkeypatch.setattr(time, "perf_counter", clock)
    yield


def _shipped() -> tuple[object, dict[str, Riddle]]:
    systems = discover_systems()
    loaded = load_packs([REPO / "content" / "riddles"], load_schemas(), kinds_of(systems))
    shared = proof_shared(loaded.packs[0])
    return shared, dict(shared.riddles)


def _verdicts(riddle: Riddle, players: int, **given: object) -> list[dict[str, object]]:
    """Every objective's result and measures as JSON, less the time each took."""
    solve = solve_riddle(riddle, players, budget=CHECK_BUDGET, **given)  # type: ignore[arg-type]
    solve = measure_solve(riddle, solve, gods=given.get("gods"),  # type: ignore[arg-type]
                          die=given.get("die"), blessings=given.get("blessings"))  # type: ignore[arg-type]
    out = []
    for result in solve.to_json()["objectives"]:
        result.pop("seconds", None)
        if isinstance(result.get("measures"), dict):
            result["measures"].pop("seconds", None)
        out.append(json.loads(json.dumps(result, sort_keys=True)))
    return out


def _runs() -> list[tuple[str, Riddle, int, dict[str, object]]]:
    shared, riddles = _shipped()
    runs: list[tuple[str, Riddle, int, dict[str, object]]] = []
    for rid in SHIPPED:
        riddle = riddles[rid]
        runs.append((rid, riddle, 1, {"gods": shared.gods, "die": shared.die_of(riddle),  # type: ignore[attr-defined]
                                      "blessings": shared.blessings}))  # type: ignore[attr-defined]
    rng = random.Random(22_4)
    while len(runs) < len(SHIPPED) + GENERATED:
        text, players = random_god_riddle_text(rng, blessings=len(runs) % 2 == 0)
        riddle = riddle_of_text(text)
        if riddle is not None:
            runs.append((f"generated {len(runs)}", riddle, players, {
                "gods": ALL_GODS, "blessings": POWER_BLESSINGS}))
    return runs


def test_a_slow_clock_changes_no_verdict(monkeypatch: pytest.MonkeyPatch) -> None:
    runs = _runs()
    real = [_verdicts(riddle, players, **given) for _, riddle, players, given in runs]
    clock = _Leaping()
    monkeypatch.setattr(time, "process_time", clock)
    monkeypatch.setattr(time, "perf_counter", clock)
    slow = [_verdicts(riddle, players, **given) for _, riddle, players, given in runs]
    for (name, *_), fast_run, slow_run in zip(runs, real, slow):
        assert slow_run == fast_run, name
    assert clock.now > 0  # the searches read the leaping clock


def test_the_seconds_cap_still_binds_when_asked(leaping_clock: None) -> None:
    """``solve --seconds`` keeps its meaning: on the leaping clock every objective of a
    riddle that needs a search runs out at once and says so."""
    shared, riddles = _shipped()
    solve = solve_riddle(riddles["capstone-cove"], 1, budget=CHECK_BUDGET, seconds=1.0,
                         gods=shared.gods, blessings=shared.blessings)  # type: ignore[attr-defined]
    assert any(o.capped for o in solve.objectives)


def test_solve_seconds_option_reaches_the_solver(leaping_clock: None) -> None:
    """``riddlesmith solve --seconds N``: the option is parsed and each objective it cuts
    says so (on the leaping clock the cap is gone at the first reading)."""
    from click.testing import CliRunner

    from generator.cli import main

    result = CliRunner().invoke(main, ["solve", str(REPO / "content" / "riddles"),
                                       "capstone-cove", "--seconds", "1", "--measures", "off",
                                       "--format", "json"])
    assert result.exit_code in (0, 1), result.output
    objectives = json.loads(result.output)["objectives"]
    assert any("CPU-seconds cap" in o["reason"] for o in objectives), objectives
