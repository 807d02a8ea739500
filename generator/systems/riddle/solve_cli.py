"""``riddlesmith solve``: load a pack, solve one riddle, format the proof.

:func:`run_solve` does everything but parse the command line (the CLI's click
function calls it and prints the text). Exit codes: 0 when every requested
objective is solved; 1 when one is unsolvable or unproven, or the riddle has
errors (the same diagnostics ``check`` gives: ``solve`` never answers for a
riddle the pack checks reject); 2 for usage problems (no such pack, riddle,
player count, tier or format).
"""
from __future__ import annotations

import json
from dataclasses import replace
from collections.abc import Callable, Mapping
from pathlib import Path

from generator.diagnostics import Diagnostic, Severity
from generator.pack.loader import UsageError, load_packs
from generator.pack.model import Document, Pack
from generator.pack.schema import load_schemas, suggest
from generator.registry import discover_systems
from generator.systems.riddle import check_pack
from generator.systems.riddle.cache import COMPILE_NOTICE
from generator.systems.riddle.stage import models_of
from generator.systems.riddle.measures import Measures, measure_solve
from generator.systems.riddle.box import BlessingCard, Die, GodCard
from generator.systems.riddle.model import Riddle
from generator.systems.riddle.shortcuts import (
    REPORT_BUDGET,
    SEPARATOR,
    shortcut_riddles,
    shortcuts_of,
)
from generator.systems.riddle.solver import (
    BOARD_LEGEND,
    SOLVED,
    ObjectiveResult,
    RiddleSolve,
    plain_text,
    solve_riddle,
    worker_assignments,
)

FORMATS = ("text", "json")


def run_solve(pack_path: str | Path, riddle_id: str, players: int | None = None,
              tier: str | None = None, budget: int | None = None, fmt: str = "text",
              notice: Callable[[str], None] | None = None,
              powers: bool = True, measures: bool = True,
              seconds: float | None = None) -> tuple[int, str]:
    """Solve riddle ``riddle_id`` of the pack at ``pack_path``; return (exit code, text).

    ``players`` defaults to 1; ``tier`` picks one objective (default: all);
    ``budget`` is the node budget per search (default: the riddle's
    ``solver.nodes``, else the solver's default); ``fmt`` is ``text`` (the
    line turn by turn with the board after each turn) or ``json``. ``notice`` hears
    once, before a proof compiles the solver's compiled core (:mod:`.compiled.warm`).
    ``powers`` False is ``--no-powers``: the par without the powers in play (the riddle's
    own ``solver.powers`` otherwise decides).
    With ``measures`` each solved objective gets the designer's measures
    (:func:`.measures.measure_solve`: each part at most
    :data:`~.measures.CHILDREN_AT_MOST` generated states).
    ``seconds`` caps each objective's CPU time (``--seconds``; default none: the state
    caps alone decide, so the answer is the same on every machine).
    """
    if fmt not in FORMATS:
        return 2, f"riddlesmith: unknown format '{fmt}' (choose {', '.join(FORMATS)})"
    if budget is not None and budget < 1:
        return 2, "riddlesmith: the budget must be at least 1 state"
    try:
        loaded = load_packs([Path(pack_path)], load_schemas(), _kinds())
    except UsageError as exc:
        return 2, f"riddlesmith: {exc}"
    found = _find_riddle(loaded.packs, riddle_id)
    if found is None:
        errors = [d for d in loaded.diagnostics if d.severity is Severity.ERROR]
        if errors:
            return 1, _diagnostics_text(errors) + f"\nriddlesmith: riddle '{riddle_id}' could " \
                "not be loaded; fix the errors above"
        known = sorted(d.id for p in loaded.packs for d in p.of_kind("riddle"))
        close = suggest(riddle_id, known)
        return 2, (f"riddlesmith: no riddle '{riddle_id}' in {pack_path}" + (f"; {close}" if close else "")
                   + (f" (riddles: {', '.join(known)})" if known else " (it has no riddles)"))
    pack, doc = found
    models = models_of(pack)  # the model stage: every document read once
    riddle, diags = next((r, list(d)) for found, r, d in models.riddles if found is doc)
    # The pack's own checks judge the riddle first: ``solve`` never answers for a
    # riddle that ``check`` rejects (two coins on one space, say).
    checked = list(loaded.diagnostics) + (check_pack(pack)
                                          if riddle is not None else list(diags))
    errors = sorted({d for d in checked if d.severity is Severity.ERROR and d.file == doc.file},
                    key=Diagnostic.sort_key)
    if riddle is None or errors:
        return 1, _diagnostics_text(errors or diags) + f"\nriddlesmith: riddle '{riddle_id}' " \
            "has errors; fix them before solving it"
    count = players or (1 if 1 in riddle.players else min(riddle.players))
    if count not in riddle.players:
        allowed = riddle.players
        counts = (", ".join(map(str, allowed[:-1])) + " or " if len(allowed) > 1 else "") \
            + str(allowed[-1])
        noun = "player" if list(allowed) == [1] else "players"
        return 2, (f"riddlesmith: riddle '{riddle_id}' is for {counts} {noun}, not {count} "
                   "(its 'players:' list)")
    try:
        worker_assignments(count, len(riddle.board.workers))
    except ValueError as exc:
        return 1, f"riddlesmith: riddle '{riddle_id}': {exc}"
    tiers = [o.tier for o in riddle.objectives]
    if tier is not None and tier not in tiers:
        return 2, (f"riddlesmith: riddle '{riddle_id}' has no {tier} objective "
                   f"(objectives: {', '.join(tiers)})")
    gods, blessings = dict(models.gods), dict(models.blessings)
    die = models.dice.get(riddle.die) if riddle.die else None
    told = COMPILE_NOTICE.set(notice)
    try:
        solve = solve_riddle(riddle, count, gods=gods, die=die, budget=budget,
                             blessings=blessings, tiers=[tier] if tier else None,
                             shortest_with_powers=None if powers else False,
                             seconds=seconds)
    finally:
        COMPILE_NOTICE.reset(told)
    solve = _with_shortcuts(riddle, solve, gods=gods, die=die, blessings=blessings)
    if measures:
        solve = measure_solve(riddle, solve, gods=gods, die=die, blessings=blessings,
                              seconds=seconds)
    code = 0 if all(o.status == SOLVED for o in solve.objectives) else 1
    if fmt == "json":
        return code, json.dumps(solve.to_json(), indent=2, ensure_ascii=False)
    return code, format_solve_text(solve, plain_text(riddle.title))


def _with_shortcuts(riddle: Riddle, solve: RiddleSolve, *, gods: Mapping[str, GodCard],
                    die: Die | None, blessings: Mapping[str, BlessingCard]) -> RiddleSolve:
    """``solve`` with each objective's shortcut report (:mod:`.shortcuts`): the riddle
    solved with each deck god beside the opening queue, with ``check``'s budget for it,
    at the same player count."""
    revealed = {}
    for key, other in shortcut_riddles(riddle, gods).items():
        god = key.rsplit(SEPARATOR, 1)[1]
        revealed[god] = solve_riddle(other, solve.players, gods=gods, die=die,
                                     blessings=blessings, budget=REPORT_BUDGET,
                                     tiers=[o.tier for o in solve.objectives],
                                     count_first_moves=False)
    cuts = shortcuts_of(solve, revealed)
    return replace(solve, objectives=tuple(replace(o, shortcuts=cuts.get(o.tier, ()))
                                           for o in solve.objectives))


def format_solve_text(solve: RiddleSolve, title: str = "") -> str:
    """The solve report: per objective its verdict, then the line turn by turn with
    the board after each turn."""
    players = f"{solve.players} player{'s' if solve.players != 1 else ''}"
    lines = [f"{solve.riddle}{f' ({title})' if title else ''}, {players}", ""]
    for result in solve.objectives:
        lines.extend(_objective_text(result))
        lines.append("")
    lines.append("Boards: " + BOARD_LEGEND + ".")
    return "\n".join(lines)


def _objective_text(result: ObjectiveResult) -> list[str]:
    effort = f"{result.states} states, {result.seconds:.2f} s"
    if result.status == SOLVED:
        firsts = ("first moves not counted" if result.optimal_first_moves is None else
                  f"{result.optimal_first_moves} optimal first "
                  f"move{'s' if result.optimal_first_moves != 1 else ''}")
        head = (f"{result.tier} objective: solved in {result.turns} "
                f"turn{'s' if result.turns != 1 else ''}; {firsts} ({effort})")
    else:
        head = f"{result.tier} objective: {result.status} ({effort})"
    lines = [head]
    if result.reason:
        lines.append(f"  {result.reason}")
    if result.shortcuts:
        lines.append("  a deck god refilled into the queue would cut it: " + ", ".join(
            f"{g} {t} turn{'s' if t != 1 else ''}" for g, t in result.shortcuts))
    if result.measures is not None:
        lines.append("  " + Measures.from_json(result.measures).text())
    if result.solution:
        if result.status != SOLVED:
            lines.append("  a line that relies on chance:")
        if result.setup and not result.setup.startswith("P1 W1+W2+W3+W4"):
            lines.append(f"  workers: {result.setup}")
        boards = result.boards
        if boards:
            lines.append("  set-up:")
            lines.extend("    " + row for row in boards[0].splitlines())
        for turn, move in enumerate(result.solution, 1):
            lines.append(f"  turn {turn}: {move}")
            if turn < len(boards):
                lines.extend("    " + row for row in boards[turn].splitlines())
    return lines


def _kinds() -> dict[str, str]:
    """Document kind -> owning system, as the pipeline computes it."""
    kinds = {"pack": "core"}
    for name, system in sorted(discover_systems().items()):
        for kind in system.kinds:
            kinds.setdefault(kind, name)
    return kinds


def _find_riddle(packs: list[Pack], riddle_id: str) -> tuple[Pack, Document] | None:
    for pack in packs:
        for doc in pack.of_kind("riddle"):
            if doc.id == riddle_id:
                return pack, doc
    return None


def _diagnostics_text(diags: list[Diagnostic]) -> str:
    return "\n".join(f"{d.location()}: {d.severity.value}: {d.message} [{d.code}]"
                     for d in sorted(diags, key=Diagnostic.sort_key))


__all__ = ["FORMATS", "format_solve_text", "run_solve"]
