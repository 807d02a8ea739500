"""The riddle system's figures for ``riddlesmith diff``: each objective's par at every
player count the riddle allows and its optimal first moves (from the proofs ``check``
cached), and the designer's measures (:mod:`.measures`) of the riddles a diff touches.

The measures cost seconds a riddle and are not cached, so they are taken only for the
riddles whose document changed or that use a god, blessing or die whose document did.
"""
from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from generator.systems import Figure
from generator.systems.riddle.model import Riddle
from generator.systems.riddle.proofs import ProofRequest, ProofShared, prove_all, seats
from generator.systems.riddle.results import SOLVED

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


def touched(riddle: Riddle, changed: frozenset[tuple[str, str]]) -> bool:
    """Whether a diff touches ``riddle``: its document, or a god, blessing or die it uses."""
    used = {("riddle", riddle.id), ("die", riddle.die or "")}
    used.update(("god", g) for g in (*riddle.gods.deck, *riddle.gods.queue))
    used.update(("blessing", b) for b in riddle.gods.revealed)
    return bool(used & changed)


def iter_measure_figures(shared: ProofShared, changed: frozenset[tuple[str, str]],
                         cache_dir: Path | None, executor: Any = None) -> list[Figure]:
    """The measures of each solved objective at one player of the riddles ``changed``
    touches (their proofs come from the cache)."""
    from generator.systems.riddle.measures import measure_solve

    chosen = [r for rid, r in sorted(shared.riddles.items()) if touched(r, changed)
              and seats(r, 1)]
    requests = [ProofRequest(r.id, 1, count_first_moves=True) for r in chosen]
    solves = prove_all(requests, shared, cache_dir=cache_dir, executor=executor)
    out = []
    for riddle, request in zip(chosen, requests):
        measured = measure_solve(riddle, solves[request], gods=shared.gods,
                                 die=shared.die_of(riddle), blessings=shared.blessings)
        for objective in measured.objectives:
            found = objective.measures
            if found is None:
                continue
            for key, name in MEASURED:
                value = found.get(key)
                if isinstance(value, list):
                    value = ", ".join(value)
                if key == "optimal_lines" and found.get("capped"):
                    value = f"more than {value}"
                out.append(Figure("riddle", riddle.id, f"{objective.tier} {name}", value))
    return out


__all__ = ["MEASURED", "iter_measure_figures", "iter_par_figures", "touched"]
