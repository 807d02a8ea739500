"""The shortcut report: what each god of the riddle's deck would do to its par.

The opening queue is the par's world (:mod:`.solver`), but the queue refills face up
from the shuffled deck as gods are taken (RULES 1), so a deck god the designer did
not deal may still reach the players. For each god of ``gods.deck`` that is not in
the opening queue and whose power the solver plays, :func:`shortcut_riddles` makes
the riddle with that god revealed face up beside the queue; its solve is the par
*if* that god were there (the refill is random, so it is not the par, but a
designer must know it). :func:`shortcuts_of` compares those pars with the riddle's
own, and :func:`iter_shortcut_diagnostics` warns (RS-G110) at the riddle's
``gods:`` line when a deck god would cut an objective by :data:`WARN_TURNS` turns
or more.

Each modified riddle is solved like any other (through the cache: its fingerprint
holds its queue), with :data:`REPORT_BUDGET`, at one player count: the riddle's
smallest, one player where allowed.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace

from generator.diagnostics import Diagnostic
from generator.pack.model import Document
from generator.systems.riddle.box import GodCard
from generator.systems.riddle.gods import engine_god
from generator.systems.riddle.model import Riddle
from generator.systems.riddle.results import SOLVED, RiddleSolve

WARN_TURNS = 2
"""A deck god that would cut an objective's par by this many turns or more is warned of."""

REPORT_BUDGET = 1_000
"""States each search of the report may expand (and, by
:func:`~.solver.shortcut_children`, 500 generated in the search for a shorter line):
a twentieth of ``check``'s proofs, since the report adds one solve per deck god. Measured on
the shipped riddles: 55 s CPU at ``check``'s own budget, mostly Hermes; a cut the
report misses within it is not claimed."""

SEPARATOR = "+"
"""Joins a riddle's id and a deck god's in the id of the riddle with that god revealed."""


def shortcut_gods(riddle: Riddle, gods: Mapping[str, GodCard]) -> tuple[str, ...]:
    """The deck gods not in the opening queue whose powers the solver plays.

    >>> from types import SimpleNamespace as NS
    >>> shortcut_gods(NS(gods=NS(deck=("atlas", "pan"), queue=("atlas",)),
    ...                  board=NS(king=-1, sphinx=-1)), {})
    ()
    """
    figures = riddle.board.king >= 0 or riddle.board.sphinx >= 0
    return tuple(g for g in riddle.gods.deck if g not in riddle.gods.queue and g in gods
                 and engine_god(gods[g], figures=figures) is not None)


def shortcut_riddles(riddle: Riddle, gods: Mapping[str, GodCard]) -> dict[str, Riddle]:
    """For each of :func:`shortcut_gods`: the riddle with that god revealed beside the
    opening queue, by ``<riddle id>+<god id>``."""
    return {f"{riddle.id}{SEPARATOR}{g}": replace(
        riddle, id=f"{riddle.id}{SEPARATOR}{g}",
        gods=replace(riddle.gods, queue=(*riddle.gods.queue, g)))
        for g in shortcut_gods(riddle, gods)}


def shortcut_players(riddle: Riddle) -> int:
    """The player count the shortcut report is made for: one player where the riddle
    allows it, else its smallest count."""
    return 1 if 1 in riddle.players else min(riddle.players)


def shortcuts_of(base: RiddleSolve, revealed: Mapping[str, RiddleSolve]
                 ) -> dict[str, tuple[tuple[str, int], ...]]:
    """Per objective tier: ``(god, turns)`` for every deck god whose riddle (by god id in
    ``revealed``) solves that objective in fewer turns than ``base``, in deck order.

    >>> from generator.systems.riddle.results import ObjectiveResult
    >>> def solve(turns):
    ...     return RiddleSolve("r", 1, (ObjectiveResult("gold", SOLVED, turns, (), None, 0, 0.0),))
    >>> shortcuts_of(solve(6), {"atlas": solve(3), "pan": solve(6)})
    {'gold': (('atlas', 3),)}
    """
    out: dict[str, tuple[tuple[str, int], ...]] = {}
    for j, result in enumerate(base.objectives):
        if result.status != SOLVED or result.turns is None:
            continue
        cuts = []
        for god, solve in revealed.items():
            other = solve.objectives[j] if j < len(solve.objectives) else None
            if other is not None and other.status == SOLVED and other.turns is not None \
                    and other.turns < result.turns:
                cuts.append((god, other.turns))
        if cuts:
            out[result.tier] = tuple(cuts)
    return out


def iter_shortcut_diagnostics(riddle: Riddle, doc: Document, base: RiddleSolve,
                              revealed: Mapping[str, RiddleSolve],
                              names: Mapping[str, str]) -> Iterator[Diagnostic]:
    """RS-G110 at the riddle's ``gods:`` line for each objective a deck god would cut by
    :data:`WARN_TURNS` turns or more (``names``: god id -> printed name)."""
    pars = {o.tier: o.turns for o in base.objectives}
    mode = f"{base.players} player{'s' if base.players != 1 else ''}"
    for tier, cuts in shortcuts_of(base, revealed).items():
        par = pars[tier]
        big = [(g, t) for g, t in cuts if par is not None and par - t >= WARN_TURNS]
        if not big:
            continue
        said = ", ".join(f"{names.get(g, g)} {t} turns" for g, t in big)
        yield doc.diag("RS-G110", f"the {tier} objective takes {par} turns ({mode}), but a "
                       f"deck god refilled into the queue would cut it: {said}", ("gods",),
                       key=True, hint="take the god out of the deck, or make the riddle need "
                       "more than its power gives")


def revealed_by_god(riddle: Riddle, solves: Mapping[str, RiddleSolve],
                    gods: Sequence[str]) -> dict[str, RiddleSolve]:
    """The solves of :func:`shortcut_riddles` (keyed by modified riddle id) by god id."""
    out = {}
    for g in gods:
        solve = solves.get(f"{riddle.id}{SEPARATOR}{g}")
        if solve is not None:
            out[g] = solve
    return out


__all__ = ["REPORT_BUDGET", "SEPARATOR", "WARN_TURNS", "iter_shortcut_diagnostics", "revealed_by_god",
           "shortcut_gods", "shortcut_players", "shortcut_riddles", "shortcuts_of"]
