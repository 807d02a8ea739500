"""The riddle cache is verified before use and the solver's budget bounds time and
memory (issue 8 §2 and §3)."""
from __future__ import annotations

import json
import time
from pathlib import Path

from generator.sim.search import stored_limit
from generator.systems.riddle.solver import (
    CHECK_BUDGET,
    SOLVED,
    UNPROVEN,
    UNSOLVABLE,
    solve_cached,
    solve_riddle,
)
from generator.systems.riddle.solver_diagnostics import iter_solver_diagnostics

from .test_riddle_solver import STOCK, TWO_BUILDS, doc_of, riddle_of, riddle_text

UNWINNABLE = TWO_BUILDS.replace(STOCK, "stockpile: {level1: 6, level2: 0, level3: 6, dome: 6}\n")


def entry_of(cache: Path) -> tuple[Path, dict[str, object]]:
    [path] = list(cache.iterdir())
    return path, json.loads(path.read_text())


def test_a_cached_proof_is_replayed_before_use(tmp_path: Path) -> None:
    riddle = riddle_of(TWO_BUILDS)
    first = solve_cached(riddle, 1, None, tmp_path)
    assert first.objectives[0].status == SOLVED and not first.warnings
    again = solve_cached(riddle, 1, None, tmp_path)
    assert again.objectives == first.objectives and not again.warnings
    path, data = entry_of(tmp_path)
    assert data["objectives"][0]["trace"]  # type: ignore[index]
    # Tampered: one turn shorter than the line it stores.
    data["objectives"][0]["turns"] = 1  # type: ignore[index]
    path.write_text(json.dumps(data))
    fixed = solve_cached(riddle, 1, None, tmp_path)
    assert fixed.objectives[0].turns == 2
    assert len(fixed.warnings) == 1 and "takes 2 turns, not 1" in fixed.warnings[0]
    diags = list(iter_solver_diagnostics(riddle, doc_of(TWO_BUILDS), [fixed]))
    assert [d.code for d in diags].count("RS-G106") == 1
    # Reported once: the entry was rewritten.
    assert not solve_cached(riddle, 1, None, tmp_path).warnings


def test_a_tampered_claim_of_solvable_is_caught(tmp_path: Path) -> None:
    honest = riddle_of(TWO_BUILDS)
    solve_cached(honest, 1, None, tmp_path / "honest")
    _, proof = entry_of(tmp_path / "honest")
    riddle = riddle_of(UNWINNABLE)
    assert solve_cached(riddle, 1, None, tmp_path / "c").objectives[0].status == UNSOLVABLE
    path, data = entry_of(tmp_path / "c")
    # The unwinnable riddle's entry claims the honest riddle's proof (right fingerprint).
    data["objectives"] = proof["objectives"]
    path.write_text(json.dumps(data))
    result = solve_cached(riddle, 1, None, tmp_path / "c")
    assert result.objectives[0].status == UNSOLVABLE
    assert result.warnings and "does not replay" in result.warnings[0]


def test_unsolvable_and_unproven_entries_are_never_trusted(tmp_path: Path) -> None:
    riddle = riddle_of(UNWINNABLE)
    solve_cached(riddle, 1, None, tmp_path)
    path, data = entry_of(tmp_path)
    data["objectives"][0]["status"] = UNPROVEN  # type: ignore[index]
    path.write_text(json.dumps(data))
    again = solve_cached(riddle, 1, None, tmp_path)
    assert again.objectives[0].status == UNSOLVABLE and not again.warnings


def test_bad_cache_files_are_ignored_and_replaced(tmp_path: Path) -> None:
    riddle = riddle_of(TWO_BUILDS)
    solve_cached(riddle, 1, None, tmp_path)
    path, _ = entry_of(tmp_path)
    for junk in ("[]", "null", "[" * 100_000 + "]" * 100_000, "{\"fingerprint\": 3}", "\xff"):
        path.write_text(junk, encoding="utf-8", errors="replace")
        assert solve_cached(riddle, 1, None, tmp_path).objectives[0].turns == 2
    path.unlink()
    path.symlink_to("/dev/zero")
    assert solve_cached(riddle, 1, None, tmp_path).objectives[0].turns == 2


def test_content_may_lower_the_budget_but_not_raise_it() -> None:
    greedy = riddle_of(TWO_BUILDS + "solver:\n  nodes: 100000000\n")
    [result] = solve_cached(greedy, 1, 1, None).objectives
    assert result.status == UNPROVEN
    assert result.states <= 1 and "caps: 1 states expanded" in result.reason
    modest = riddle_of(TWO_BUILDS + "solver:\n  nodes: 1\n")
    assert solve_cached(modest, 1, None, None).objectives[0].status == UNPROVEN


WIDE = riddle_text("""
W . . . . . . W
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
W . . . . . . W
""", """stockpile: {level1: 20, level2: 20, level3: 20, dome: 20}
objectives:
  - tier: silver
    goal: {all_of: [{build: {what: tower, count: 3}}, {stand: {level: 3, at: D4}}]}
""")

STANDS = riddle_text("""
W . . . W
. . . . .
. . . . .
. . . . .
W . . . W
""", """stockpile: {level1: 12, level2: 10, level3: 6, dome: 4}
objectives:
  - tier: silver
    goal: {stand: {level: 3, at: A3}}
  - tier: gold
    goal: {stand: {level: 3, at: C3}}
  - tier: heroic
    goal: {all_of: [{stand: {level: 3, at: E3}}, {stand: {level: 3, at: C1}}]}
""", players="1, 2")


def test_time_and_memory_are_capped() -> None:
    for text, players in ((WIDE, 1), (STANDS, 2)):
        started = time.process_time()
        solve = solve_riddle(riddle_of(text), players, budget=CHECK_BUDGET, seconds=0.5,
                             count_first_moves=False)
        spent = time.process_time() - started
        assert spent < 0.8 * len(solve.objectives) + 0.5, spent
        for result in solve.objectives:
            assert result.status in (SOLVED, UNPROVEN)
            if result.status == UNPROVEN:
                assert "CPU-seconds cap" in result.reason or "state budget" in result.reason \
                    or "memory cap" in result.reason
                assert f"{stored_limit(CHECK_BUDGET)} held" in result.reason
