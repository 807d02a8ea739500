"""The riddle system's figures for ``riddlesmith diff``: each objective's par at every
player count the riddle allows and its optimal first moves (from the proofs ``check``
cached), and the designer's measures (:mod:`.measures`) of the riddles a diff touches.

The measures cost seconds a riddle, so a diff compares them only for the riddles whose
solver inputs differ between the two sides (:func:`proof_key`: a new map, coin or god
power, not a new story or card wording). They are kept in the pack's cache and in the
run's :class:`~.proofs.ProofStore` (:func:`measured_rows`), where the build's report
and book (:func:`measured_solves`: every one-player objective) find them too.
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from generator.sim.executors import Executor
from generator.systems import Figure, ProgressFn
from generator.systems.riddle.model import Riddle
from generator.systems.riddle.proofs import ProofRequest, ProofShared, ProofStore, prove_all, seats
from generator.systems.riddle.results import SOLVED, RiddleSolve

MEASURED = (("optimal_lines", "shortest lines"), ("key_moves", "key moves"),
            ("trap_rate", "trap rate"), ("estimate_gap", "estimate gap"))
"""The measures a diff compares, with their names as shown."""


def iter_par_figures(report: Mapping[str, Any]) -> list[Figure]:
    """Par at every player count and optimal first moves at one player, from the
    riddle system's build report."""
    solver = report["solver"]
    out: list[Figure] = []
    for rid, counts in sorted(solver["turns_by_players"].items()):
        for players, tiers in sorted(counts.items(), key=lambda kv: int(kv[0])):
            seat = "1 player" if players == "1" else f"{players} players"
            out.extend(Figure("riddle", rid, f"{tier} par, {seat}", turns, change="par")
                       for tier, turns in tiers.items())
    for rid, objectives in sorted(solver["riddles"].items()):
        out.extend(Figure("riddle", rid, f"{o['tier']} optimal first moves",
                          o.get("optimal_first_moves"), change="first-moves")
                   for o in objectives if o.get("status") == SOLVED)
    return out


def proof_key(riddle: Riddle, shared: ProofShared) -> str:
    """What decides a riddle's proof at one player, and so its measures: its rules content
    (not its title, story or rules text), its queue's gods, revealed blessings and die
    (:func:`~.cache.riddle_fingerprint`)."""
    from generator.systems.riddle.cache import riddle_fingerprint

    return riddle_fingerprint(riddle, 1, 0, gods=shared.gods, die=shared.die_of(riddle),
                              blessings=shared.blessings, count_first_moves=True)


def iter_measure_figures(shared: ProofShared, other: ProofShared | None,
                         cache_dir: Path | None, executor: Any = None) -> list[Figure]:
    """The measures of each solved objective at one player of the riddles whose
    :func:`proof_key` differs from the same riddle's in ``other`` (the other side of a
    diff; None, or a riddle it lacks: none measured). Their proofs come from the cache."""
    if other is None:
        return []
    chosen = [r for rid, r in sorted(shared.riddles.items()) if rid in other.riddles
              and seats(r, 1) and proof_key(r, shared) != proof_key(other.riddles[rid], other)]
    requests = [ProofRequest(r.id, 1, count_first_moves=True) for r in chosen]
    solves = prove_all(requests, shared, cache_dir=cache_dir, executor=executor)
    out = []
    for riddle, request in zip(chosen, requests):
        for tier, found in cached_measures(riddle, solves[request], shared, cache_dir):
            for key, name in MEASURED:
                value = found.get(key)
                if isinstance(value, list):
                    value = ", ".join(value)
                if key == "optimal_lines" and found.get("capped"):
                    value = f"more than {value}"
                out.append(Figure("riddle", riddle.id, f"{tier} {name}", value))
    return out


def measures_fingerprint(riddle: Riddle, solve: RiddleSolve, shared: ProofShared) -> str:
    """A hash of what one riddle's measures depend on: what its proof depends on
    (:func:`~.cache.riddle_fingerprint`), the proof's lines and the source of the measures,
    of their memo (:mod:`.measure_memo`) and of this module, which stores them."""
    from generator.sim.cache import digest_sources

    proof = proof_key(riddle, shared)
    lines = [[o.tier, o.status, o.turns, list(o.solution), o.powers_searched]
             for o in solve.objectives]
    blob = json.dumps({"proof": proof, "lines": lines, "measures": digest_sources(
        ("generator.systems.riddle.measures", "generator.systems.riddle.measure_memo",
         "generator.systems.riddle.figures"),
        "measures")}, sort_keys=True, default=str)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


def _stored_measures(path: Path | None, key: str) -> list[tuple[str, dict[str, Any]]] | None:
    """The rows :func:`_store_measures` wrote at ``path`` for ``key``, or None."""
    from generator.cachefile import read_keyed

    stored = read_keyed(path, key) if path is not None else None
    rows = stored.get("objectives") if stored is not None else None
    if isinstance(rows, list) and all(isinstance(r, list) and len(r) == 2 for r in rows):
        return [(str(tier), dict(found)) for tier, found in rows]
    return None


def _store_measures(path: Path | None, key: str, rows: list[tuple[str, dict[str, Any]]]
                    ) -> None:
    from generator.cachefile import write_json

    if path is not None:
        write_json(path, {"fingerprint": key, "objectives": [list(row) for row in rows]})


def _measures_path(cache_dir: Path | None, riddle: Riddle, key: str) -> Path | None:
    return cache_dir / f"measures-{riddle.id}-{key[:16]}.json" if cache_dir else None


PRINTED_MEASURES = ("par", "optimal_lines", "capped", "key_moves", "key_parts", "trap_rate",
                    "playouts", "estimate_gap", "unused", "states", "stopped")
"""The measures the build prints and reports: all but their CPU seconds, which vary
from run to run (the build's output is byte-identical for the same input)."""


def measure_rows(shared: ProofShared, riddle_id: str, solve: RiddleSolve
                 ) -> list[tuple[str, dict[str, Any]]]:
    """(tier, measures as JSON, :data:`PRINTED_MEASURES` only) of each solved objective
    of ``solve`` (one task of :func:`measured_solves`, run on its executor)."""
    from generator.systems.riddle.measures import BOOK_STATES, CHILDREN_AT_MOST, measure_solve

    riddle = shared.riddles[riddle_id]
    measured = measure_solve(riddle, solve, gods=shared.gods, die=shared.die_of(riddle),
                             blessings=shared.blessings, states=BOOK_STATES,
                             children=CHILDREN_AT_MOST)
    return [(o.tier, {k: v for k, v in o.measures.items() if k in PRINTED_MEASURES})
            for o in measured.objectives if o.measures is not None]


def cached_measures(riddle: Riddle, solve: RiddleSolve, shared: ProofShared,
                    cache_dir: Path | None, store: ProofStore | None = None
                    ) -> list[tuple[str, dict[str, Any]]]:
    """(tier, measures as JSON) of each solved objective of ``solve``: from this run's
    ``store``, else from the pack's cache when an entry for the same inputs is there
    (one file per riddle and inputs, so both sides of a diff keep theirs), else
    measured and stored in both."""
    return measured_rows({riddle.id: solve}, shared, cache_dir, store).get(riddle.id, [])


def measured_rows(solves: Mapping[str, RiddleSolve | None], shared: ProofShared,
                  cache_dir: Path | None, store: ProofStore | None = None,
                  executor: Executor | None = None, progress: ProgressFn | None = None,
                  label: str = "") -> dict[str, list[tuple[str, dict[str, Any]]]]:
    """:func:`cached_measures` for many riddles, the missing ones measured on
    ``executor`` (one task a riddle; None: here, in order) with one ``progress`` line
    each as it ends. The measures are counts, so every executor gives the same rows."""
    from generator.sim.executors import InProcessExecutor

    rows: dict[str, list[tuple[str, dict[str, Any]]]] = {}
    keys: dict[str, str] = {}
    todo: list[tuple[str, RiddleSolve, str]] = []
    for rid, solve in solves.items():
        if solve is None or rid not in shared.riddles:
            continue
        key = keys[rid] = measures_fingerprint(shared.riddles[rid], solve, shared)
        found = store.measures.get(key) if store is not None else None
        if found is None:
            found = _stored_measures(_measures_path(cache_dir, shared.riddles[rid], key), key)
        if found is None:
            todo.append((rid, solve, key))
        else:
            rows[rid] = found
    tasks = [(rid, solve) for rid, solve, _ in todo]
    for index, found in (executor or InProcessExecutor()).run(measure_rows, shared, tasks):
        rid, _, key = todo[index]
        _store_measures(_measures_path(cache_dir, shared.riddles[rid], key), key, found)
        rows[rid] = found
        if progress is not None:
            progress(f"{label}: {rid}: measured" if label else f"{rid}: measured")
    if store is not None:
        store.measures.update((keys[rid], found) for rid, found in rows.items())
    return rows


def measured_solves(solves: Mapping[str, RiddleSolve | None], shared: ProofShared,
                    cache_dir: Path | None, store: ProofStore | None = None,
                    executor: Executor | None = None, progress: ProgressFn | None = None,
                    label: str = "") -> dict[str, RiddleSolve | None]:
    """``solves`` with the designer's measures (:data:`PRINTED_MEASURES`) attached to
    each solved objective (:func:`measured_rows`), for the book's hints and solution
    pages and the build report."""
    rows = measured_rows(solves, shared, cache_dir, store, executor, progress, label)
    out: dict[str, RiddleSolve | None] = {}
    for rid, solve in solves.items():
        by_tier = dict(rows.get(rid, ()))
        if solve is None or not by_tier:
            out[rid] = solve
            continue
        out[rid] = replace(solve, objectives=tuple(
            replace(o, measures=dict(by_tier[o.tier])) if o.tier in by_tier else o
            for o in solve.objectives))
    return out


__all__ = ["MEASURED", "PRINTED_MEASURES", "cached_measures", "iter_measure_figures",
           "iter_par_figures", "measure_rows", "measured_rows", "measured_solves",
           "measures_fingerprint", "proof_key"]
