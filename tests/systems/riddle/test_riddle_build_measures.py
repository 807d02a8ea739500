"""The designer's measures in the build (issue 22 §2, issue 24 §2): each one-player
objective's measures in ``report.json``, under its solution in the book, and the key
move as the book's second hint.

The build measures each riddle once a run (the run's store hands them from the report
to the book), keeps them in the cache folder for the next run, and gives the same
rows on every executor. The rows are compared with :func:`~.measures.measure_solve`
called directly on a fresh proof, the plain way.
"""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import generator.systems.riddle.figures as figures
from generator import pipeline
from generator.sim.executors import LocalPoolExecutor
from generator.systems import Options
from generator.systems.riddle import proof_shared
from generator.systems.riddle.figures import PRINTED_MEASURES, measured_rows
from generator.systems.riddle.hints import move_hint
from generator.systems.riddle.measures import BOOK_STATES, CHILDREN_AT_MOST, measure_solve
from generator.systems.riddle.proofs import ProofRequest, ProofShared, ProofStore, prove_all
from generator.systems.riddle.results import SOLVED, ObjectiveResult, RiddleSolve
from generator.systems.riddle.solutions import SolutionBlock, measures_text

from .test_riddle_proofs import load, write_piers


def _plain_rows(root: Path) -> dict[str, dict[str, dict[str, Any]]]:
    """Each riddle's measures by tier, from a proof made here and measure_solve."""
    shared = proof_shared(load(root))
    out = {}
    for rid, riddle in sorted(shared.riddles.items()):
        request = ProofRequest(rid, 1, count_first_moves=True)
        solve = prove_all([request], shared, cache_dir=None)[request]
        measured = measure_solve(riddle, solve, gods=shared.gods, die=shared.die_of(riddle),
                                 blessings=shared.blessings, states=BOOK_STATES,
                                 children=CHILDREN_AT_MOST)
        out[rid] = {o.tier: {k: v for k, v in o.measures.items() if k in PRINTED_MEASURES}
                    for o in measured.objectives if o.measures is not None}
    return out


def _counts(rows: dict[str, list[tuple[str, dict[str, Any]]]]) -> dict[str, Any]:
    """The rows without their CPU seconds (the one part that varies from run to run)."""
    return {rid: [(tier, {k: v for k, v in found.items() if k != "seconds"})
                  for tier, found in tiers] for rid, tiers in rows.items()}


def _one_player_solves(tmp_path: Path) -> tuple[ProofShared, dict[str, RiddleSolve | None]]:
    """The piers pack's riddles and their one-player proofs, as the book asks for them."""
    shared = proof_shared(load(write_piers(tmp_path / "piers")))
    requests = {rid: ProofRequest(rid, 1, count_first_moves=True) for rid in shared.riddles}
    solves = prove_all(list(requests.values()), shared, cache_dir=None)
    return shared, {rid: solves[q] for rid, q in requests.items()}


def _counting(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    calls: Counter[str] = Counter()
    real = figures.measure_rows

    def counted(shared: Any, rid: str, solve: Any) -> Any:
        calls[rid] += 1
        return real(shared, rid, solve)

    monkeypatch.setattr(figures, "measure_rows", counted)
    return calls


def test_the_report_gives_each_objective_its_measures_once_a_run_and_cached(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = write_piers(tmp_path / "piers")
    calls = _counting(monkeypatch)
    # --no-cache: no folder at all, yet the book and the report measure each riddle once
    report = pipeline.check([root], Options(cache=False))
    assert report.errors == 0
    assert not pipeline.build(report, tmp_path / "out").refused
    pack_id = report.packs[0].id
    rows = json.loads((tmp_path / "out" / pack_id / "report.json").read_text())
    solver = rows["systems"]["riddle"]["solver"]["riddles"]
    plain = _plain_rows(root)
    assert set(calls) == set(plain) and set(calls.values()) == {1}, calls
    got = {rid: {o["tier"]: o["measures"] for o in objs if o["measures"] is not None}
           for rid, objs in solver.items()}
    assert got == plain
    assert any(m["optimal_lines"] for tiers in got.values() for m in tiers.values())
    for objs in solver.values():  # measured exactly where solved; never CPU seconds
        for o in objs:
            assert (o["measures"] is not None) == (o["status"] == SOLVED)
            assert o["measures"] is None or "seconds" not in o["measures"]

    # With a cache folder: measured in the first run, read back in the next.
    calls.clear()
    cache = tmp_path / "cache"
    for n in range(2):
        report = pipeline.check([root], Options(cache_dir=cache))
        out = tmp_path / f"cached-{n}"
        assert not pipeline.build(report, out).refused
        assert (out / pack_id / "report.json").read_bytes() == \
            (tmp_path / "out" / pack_id / "report.json").read_bytes()
    assert calls == Counter({rid: 1 for rid in plain})


def test_a_damaged_cache_entry_is_measured_again(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    shared, by_id = _one_player_solves(tmp_path)
    first = measured_rows(by_id, shared, tmp_path)
    [entry, *_] = sorted(tmp_path.glob("measures-*.json"))
    entry.write_text('{"fingerprint": "x", "objectives": 3}')
    calls = _counting(monkeypatch)
    again = measured_rows(by_id, shared, tmp_path)
    assert _counts(again) == _counts(first) and sum(calls.values()) == 1
    store = ProofStore()
    assert measured_rows(by_id, shared, tmp_path, store) == first
    calls.clear()
    assert measured_rows(by_id, shared, None, store) == first and not calls  # the run's own


def test_every_executor_gives_the_same_rows(tmp_path: Path) -> None:
    shared, by_id = _one_player_solves(tmp_path)
    here = measured_rows(by_id, shared, None)
    lines: list[str] = []
    with LocalPoolExecutor(2) as pool:
        there = measured_rows(by_id, shared, None, executor=pool, progress=lines.append,
                              label="piers")
    assert _counts(here) == _counts(there) and len(lines) == len(here)
    assert all(line.startswith("piers: ") for line in lines)


def _result(measures: dict[str, Any] | None) -> ObjectiveResult:
    return ObjectiveResult("gold", SOLVED, 3, ("W1 A1-B2 build C3 (level 1)",) * 3, 2, 10,
                           0.0, steps=({"worker": "W1"},) * 3, measures=measures)


@pytest.mark.parametrize("lang", [None, "fr"])
def test_the_second_hint_names_the_key_move_and_prefers_a_god(lang: str | None) -> None:
    from generator.systems.riddle.model import Riddle

    riddle: Riddle = object.__new__(Riddle)
    plain = SolutionBlock(riddle, _result({"key_moves": ["A1-B2 build C3 level1"]}), None)
    godly = SolutionBlock(riddle, _result({"key_moves": ["A1-B2 build C3 level1",
                                                          "take Atlas"]}), None)
    none = SolutionBlock(riddle, _result(None), None)
    parts = SolutionBlock(riddle, _result({"key_moves": [], "key_parts": [
        "build F1 level2", "take Hermes"]}), None)
    if lang is None:
        assert move_hint(parts, lang) == "Every shortest line takes Hermes's card from the queue."
    if lang is None:
        assert move_hint(plain, lang) == "Every shortest line plays A1–B2, build C3 (level-1 block)."
        assert move_hint(godly, lang) == "Every shortest line takes Atlas's card from the queue."
    else:
        assert move_hint(plain, lang).endswith("A1–B2, construit C3 (bloc de niveau 1).")
        assert move_hint(godly, lang) == ("Toutes les solutions les plus courtes prennent la "
                                          "carte de Atlas dans la file.")
    assert "shortest line opens" in move_hint(none, None)


def test_the_solution_line_prints_what_was_measured_and_nothing_else() -> None:
    assert measures_text(_result(None), None) == ""
    assert measures_text(_result({"optimal_lines": 1, "key_moves": ["take Atlas"],
                                  "trap_rate": None, "playouts": 200}), None) == \
        "1 shortest line"
    text = measures_text(_result({"optimal_lines": 1000, "capped": True, "key_moves": [],
                                  "trap_rate": 0.5, "playouts": 200}), None)
    assert text == ("more than 1000 shortest lines · no move common to all · "
                    "50 % of 200 naive playouts miss the par")
    assert measures_text(_result({"optimal_lines": None, "key_moves": [], "trap_rate": None,
                                  "playouts": 0, "stopped": "x"}), None) == ""
