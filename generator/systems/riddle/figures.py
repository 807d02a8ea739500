"""The riddle system's figures for ``riddlesmith diff``: each objective's par at every
player count the riddle allows and its optimal first moves (from the proofs ``check``
cached), and the designer's measures (:mod:`.measures`) of the riddles a diff touches.

The measures cost seconds a riddle, so they are taken only for the riddles whose
solver inputs differ between the two sides (:func:`proof_key`: a new map, coin or god
power, not a new story or card wording), and kept in the pack's cache
(:func:`cached_measures`) like the proofs.
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from generator.systems import Figure
from generator.systems.riddle.model import Riddle
from generator.systems.riddle.proofs import ProofRequest, ProofShared, prove_all, seats
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
    (:func:`~.cache.riddle_fingerprint`), the proof's lines and the source of the measures
    and of this module, which stores them."""
    from generator.sim.cache import digest_sources

    proof = proof_key(riddle, shared)
    lines = [[o.tier, o.status, o.turns, list(o.solution), o.powers_searched]
             for o in solve.objectives]
    blob = json.dumps({"proof": proof, "lines": lines, "measures": digest_sources(
        ("generator.systems.riddle.measures", "generator.systems.riddle.figures"),
        "measures")}, sort_keys=True, default=str)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


def cached_measures(riddle: Riddle, solve: RiddleSolve, shared: ProofShared,
                    cache_dir: Path | None) -> list[tuple[str, dict[str, Any]]]:
    """(tier, measures as JSON) of each solved objective of ``solve``, from the pack's
    cache when an entry for the same inputs is there (one file per riddle and inputs, so
    both sides of a diff keep theirs), else measured and stored."""
    from generator.cachefile import read_keyed, write_json
    from generator.systems.riddle.measures import measure_solve

    key = measures_fingerprint(riddle, solve, shared)
    path = cache_dir / f"measures-{riddle.id}-{key[:16]}.json" if cache_dir else None
    stored = read_keyed(path, key) if path is not None else None
    rows = stored.get("objectives") if stored is not None else None
    if isinstance(rows, list) and all(isinstance(r, list) and len(r) == 2 for r in rows):
        return [(str(tier), dict(found)) for tier, found in rows]
    measured = measure_solve(riddle, solve, gods=shared.gods, die=shared.die_of(riddle),
                             blessings=shared.blessings)
    out = [(o.tier, dict(o.measures)) for o in measured.objectives if o.measures is not None]
    if path is not None:
        write_json(path, {"fingerprint": key, "objectives": [list(row) for row in out]})
    return out


__all__ = ["MEASURED", "cached_measures", "iter_measure_figures", "iter_par_figures",
           "measures_fingerprint", "proof_key"]
