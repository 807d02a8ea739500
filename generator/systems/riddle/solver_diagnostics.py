"""What ``check`` says of a riddle's solver results: the RS-G1xx diagnostics.

:func:`iter_solver_diagnostics` reads :class:`~.results.RiddleSolve` results (one per
player count or mode) and yields the problems and the summary line;
:func:`iter_riddle_solver_diagnostics` solves through the cache
(:func:`.solver.solve_cached`) first.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path

from generator.diagnostics import Diagnostic
from generator.pack.model import Document
from generator.systems.riddle.bookkeeping import worker_assignments
from generator.systems.riddle.box import BlessingCard, Die, GodCard
from generator.systems.riddle.model import Riddle
from generator.systems.riddle.results import SOLVED, UNPROVEN, UNSOLVABLE, RiddleSolve
from generator.systems.riddle.solver import solve_cached


def iter_solver_diagnostics(riddle: Riddle, doc: Document, solves: Iterable[RiddleSolve]
                            ) -> Iterator[Diagnostic]:
    """Diagnostics of solver results for one riddle (one :class:`RiddleSolve` per
    player count or mode): RS-G101 unsolvable (error), RS-G102 unproven (warning),
    RS-G103 the ending objective achievable in one turn (warning), RS-G104 a
    shortest solution other than ``solver.expect`` says (error), RS-G105 one
    summary line per riddle (info)."""
    tiers = [o.tier for o in riddle.objectives]
    expect = dict(riddle.solver.expect)
    summary: list[str] = []
    for solve in solves:
        mode = f"{solve.players} player{'s' if solve.players != 1 else ''}" + (
            ", expert" if solve.expert else "")
        for warning in solve.warnings:
            yield doc.diag("RS-G106", f"{warning} ({mode})", ("id",),
                           hint="a cache is never trusted without replaying its proofs")
        parts = []
        for result in solve.objectives:
            j = tiers.index(result.tier)
            at = ("objectives", j, "tier")
            if result.status == UNSOLVABLE:
                yield doc.diag("RS-G101", f"the {result.tier} objective can never be achieved "
                               f"({mode}): {result.reason}", at,
                               hint="the opening queue's god powers were searched too; "
                               "powers the reason names were not")
            elif result.status == UNPROVEN:
                yield doc.diag("RS-G102", f"the {result.tier} objective is not proven "
                               f"achievable ({mode}): {result.reason}", at,
                               hint="raise solver.nodes or solver.horizon, or simplify")
            elif riddle.objectives[j].ends and result.turns == 1:
                yield doc.diag("RS-G103", f"the {result.tier} objective ends the riddle and "
                               f"can be achieved in one turn ({mode}): "
                               f"{result.solution[0] if result.solution else ''}", at)
            if result.status == SOLVED and result.tier in expect \
                    and expect[result.tier] != result.turns and solve.players == 1 \
                    and not solve.expert:
                yield doc.diag("RS-G104", f"the {result.tier} objective's shortest solution "
                               f"takes {result.turns} turns, not {expect[result.tier]} "
                               f"({mode})", ("solver", "expect", result.tier),
                               hint="one shortest line: " + " / ".join(result.solution))
            parts.append(f"{result.tier} {result.turns} turns" if result.status == SOLVED
                         else f"{result.tier} {result.status}")
        summary.append(f"{mode}: " + ", ".join(parts))
    if summary:
        yield doc.diag("RS-G105", "solver: " + "; ".join(summary), ("id",))


def iter_riddle_solver_diagnostics(riddle: Riddle, doc: Document, *,
                                   gods: Mapping[str, GodCard] | None = None,
                                   die: Die | None = None, cache_dir: Path | None = None,
                                   budget: int | None = None,
                                   players: Iterable[int] = (1,), expert: bool = False,
                                   count_first_moves: bool = False,
                                   blessings: Mapping[str, BlessingCard] | None = None
                                   ) -> Iterator[Diagnostic]:
    """Solve a riddle through the cache and yield the diagnostics of
    :func:`iter_solver_diagnostics`: for each of ``players`` (default one player,
    the solver's default; pass ``riddle.players`` for every count, which costs far
    more) that the riddle supports, and with ``expert`` the expert mode too when
    the riddle has one. Counts its workers cannot serve are skipped (RS-G017)."""
    solves = []
    modes = [False] + ([True] if expert and riddle.expert is not None else [])
    for n in players:
        if n not in riddle.players:
            continue
        try:
            worker_assignments(n, len(riddle.board.workers))
        except ValueError:
            continue
        for mode in modes:
            solves.append(solve_cached(riddle, n, budget, cache_dir, gods=gods, die=die,
                                       expert=mode, count_first_moves=count_first_moves,
                                       blessings=blessings))
    yield from iter_solver_diagnostics(riddle, doc, solves)


__all__ = ["iter_riddle_solver_diagnostics", "iter_solver_diagnostics"]
