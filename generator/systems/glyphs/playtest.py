"""Glyph playtests: many seeded games at one difficulty degree, summarised; the commands.

:func:`playtest` plays games ``0 .. n-1`` with the Monte Carlo runner (game
``i`` draws from ``random.Random(derive_seed(seed, i))``) and returns a
:class:`GlyphPlaytest`: wins with a Wilson 95 % interval, losses by cause
(``clepsydra``: the last token came up; ``all-cursed``), turns, riddles
solved per game and the turn of each loss. A *turn* is an action phase; a
game lost to the clepsydra lasted every turn.

:func:`run_playtest` and :func:`run_solve` are ``riddlesmith playtest`` and
``solve`` for this system, without the command line.
"""
from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.diagnostics import Diagnostic, Severity
from generator.pack.loader import UsageError, load_packs
from generator.pack.model import Pack
from generator.pack.schema import load_schemas
from generator.sim.executors import ExecutorUnavailable, make_executor
from generator.sim.budget import Budget
from generator.sim.montecarlo import Progress, RunResult, run_games, run_until
from generator.sim.stats import (
    Histogram,
    format_mean,
    format_rate,
    make_histogram,
    mean_interval,
    mean_of,
    wilson_interval,
)
from generator.systems import CommandRequest
from generator.registry import discover_systems
from generator.systems.glyphs.content import models_of
from generator.systems.glyphs.game import CAUSES, play_game
from generator.systems.glyphs.model import Table
from generator.systems.glyphs.policies import DEFAULT_POLICY, POLICIES, make_policy
from generator.systems.glyphs.solver import INFINITY, card_difficulty

FORMATS = ("text", "json")
DEFAULT_GAMES = 1000
DEFAULT_DEGREE = 1
DEFAULT_GRIDS = 8
Record = tuple[int, int, int, int]
"""One game: (won, turns, riddles solved, loss cause) as ints."""


@dataclass(frozen=True, slots=True)
class GlyphGames:
    """A picklable simulation for the runner: one game at ``degree`` under ``policy``."""

    table: Table
    degree: int
    policy: str

    def __call__(self, rng: random.Random) -> Record:
        result = play_game(self.table, self.degree, make_policy(self.policy, rng), rng)
        return (int(result.won), result.turns, result.solved, result.cause)


@dataclass(frozen=True, slots=True)
class GlyphPlaytest:
    """The summary of a playtest (see the module notes)."""

    policy: str
    games: int
    seed: int
    degree: int
    wins: int
    ci95: tuple[float, float]
    losses: tuple[tuple[str, int], ...]
    turns: Histogram
    solved: Histogram
    loss_turns: Histogram
    first_win: int | None
    first_loss: int | None

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def to_json(self, game: str) -> dict[str, Any]:
        """The tower's playtest keys, then this system's own."""
        return {
            "scenario": game, "policy": self.policy, "games": self.games, "wins": self.wins,
            "win_rate": self.win_rate, "ci95": [self.ci95[0], self.ci95[1]],
            "losses": dict(self.losses), "mean_turns": mean_of(self.turns),
            "mean_turns_ci95": list(mean_interval(self.turns)), "seed": self.seed,
            "degree": self.degree, "mean_solved": mean_of(self.solved),
            "mean_solved_ci95": list(mean_interval(self.solved)),
            "loss_rates_ci95": {k: list(wilson_interval(v, self.games)) for k, v in self.losses},
            "solved": {str(k): v for k, v in self.solved},
            "loss_turns": {str(k): v for k, v in self.loss_turns},
            "first_win": self.first_win, "first_loss": self.first_loss,
        }


def summarise(run: RunResult[Record], policy: str, degree: int) -> GlyphPlaytest:
    wins = 0
    losses: dict[str, int] = {}
    turns: dict[int, int] = {}
    solved: dict[int, int] = {}
    lost_at: dict[int, int] = {}
    for (won, turn, count, cause), n in run.counts:
        turns[turn] = turns.get(turn, 0) + n
        solved[count] = solved.get(count, 0) + n
        if won:
            wins += n
        else:
            name = CAUSES.get(cause, "unknown")
            losses[name] = losses.get(name, 0) + n
            lost_at[turn] = lost_at.get(turn, 0) + n
    return GlyphPlaytest(policy, run.games, run.seed, degree, wins,
                         wilson_interval(wins, run.games), tuple(sorted(losses.items())),
                         make_histogram(turns), make_histogram(solved), make_histogram(lost_at),
                         run.first_game(lambda r: bool(r[0])),
                         run.first_game(lambda r: not r[0]))


def playtest(table: Table, degree: int, policy: str = DEFAULT_POLICY, games: int = 100,
             seed: int = 0, jobs: int | None = 1, scheduler: Any = None,
             progress: Progress | None = None) -> GlyphPlaytest:
    """Play ``games`` seeded games at ``degree`` and summarise them. Raises KeyError for an
    unknown policy or degree, ExecutorUnavailable when the executor cannot run."""
    if policy not in POLICIES:
        raise KeyError(policy)
    if table.degree(degree) is None:
        raise KeyError(f"degree {degree}")
    with make_executor(jobs, scheduler) as executor:
        run = run_games(GlyphGames(table, degree, policy), games, seed, executor=executor,
                        progress=progress)
    return summarise(run, policy, degree)


def playtest_until(table: Table, degree: int, policy: str, seed: int, budget: Budget,
                   jobs: int | None = 1, scheduler: Any = None,
                   progress: Progress | None = None) -> tuple[GlyphPlaytest, str]:
    """Play batches of seeded games at ``degree`` until the win rate's 95 % interval is
    within the budget's width, or its cap; return the summary and what stopped it
    (``width`` or ``cap``). Games ``0 .. n-1`` of :func:`playtest` with the same seed."""
    if policy not in POLICIES:
        raise KeyError(policy)
    if table.degree(degree) is None:
        raise KeyError(f"degree {degree}")

    def enough(run: RunResult[Record]) -> bool:
        return budget.narrow_enough(run.count(lambda r: bool(r[0])), run.games)

    with make_executor(jobs, scheduler) as executor:
        run, stopped = run_until(GlyphGames(table, degree, policy), seed, batch=budget.batch,
                                 cap=budget.cap, enough=enough, executor=executor,
                                 progress=progress)
    return summarise(run, policy, degree), stopped


def format_playtest(result: GlyphPlaytest, game: str) -> str:
    r = result
    lines = [f"{game}: degree {r.degree}, policy {r.policy}, {r.games} games, seed {r.seed}",
             f"wins: {r.wins} of {r.games} ({r.win_rate * 100:.1f}%; 95% interval "
             f"{r.ci95[0] * 100:.1f}% to {r.ci95[1] * 100:.1f}%)"]
    if r.losses:
        lines.append("losses: " + ", ".join(f"{k} {v} ({format_rate(v, r.games)})"
                                            for k, v in r.losses))
    lines.append(f"riddles solved per game: mean {format_mean(r.solved)} ("
                 + ", ".join(f"{k}: {v}" for k, v in r.solved) + ")")
    lines.append(f"mean turns: {format_mean(r.turns)}")
    lines.append("(95% intervals: Wilson for shares, Student t for means)")
    if r.loss_turns:
        lines.append("turn of loss: " + ", ".join(f"{k}: {v}" for k, v in r.loss_turns))
    replay = [f"{name} is game {i}" for name, i in (("first win", r.first_win),
                                                    ("first loss", r.first_loss)) if i is not None]
    if replay:
        lines.append(f"replay: {', '.join(replay)} (playtest ... --seed {r.seed} --replay I "
                     "prints game I turn by turn)")
    return "\n".join(lines)


# -- the commands ---------------------------------------------------------------------------


def _load(pack_path: str) -> tuple[list[Pack], list[Diagnostic]]:
    kinds = {"pack": "core"}
    for name, system in sorted(discover_systems().items()):
        for kind in system.kinds:
            kinds.setdefault(kind, name)
    loaded = load_packs([Path(pack_path)], load_schemas(), kinds)
    return loaded.packs, list(loaded.diagnostics)


def _diagnostics_text(diags: list[Diagnostic]) -> str:
    return "\n".join(f"{d.location()}: {d.severity.value}: {d.message} [{d.code}]"
                     for d in sorted(diags, key=Diagnostic.sort_key))


def _table_of(pack_path: str, kind: str, ident: str) -> tuple[int, str, Table | None, Pack | None]:
    """(exit code, message, table, pack) for the pack holding ``kind`` ``ident``."""
    try:
        packs, diags = _load(pack_path)
    except UsageError as exc:
        return 2, f"riddlesmith: {exc}", None, None
    for pack in packs:
        if any(d.id == ident for d in pack.of_kind(kind)):
            loaded, problems = models_of(pack)
            errors = [d for d in problems if d.severity is Severity.ERROR]
            if errors or loaded.table is None:
                return 1, (_diagnostics_text(errors) + f"\nriddlesmith: '{ident}' has errors; "
                           "fix them first"), None, None
            return 0, "", loaded.table, pack
    errors = [d for d in diags if d.severity is Severity.ERROR]
    if errors:
        return 1, _diagnostics_text(errors) + f"\nriddlesmith: '{ident}' could not be loaded", \
            None, None
    known = sorted(d.id for p in packs for d in p.of_kind(kind))
    return 2, (f"riddlesmith: no {kind} '{ident}' in {pack_path}"
               + (f" ({kind}s: {', '.join(known)})" if known else "")), None, None


def run_playtest(request: CommandRequest) -> tuple[int, str]:
    """``riddlesmith playtest PACK GAME --degree D``: (exit code, text or JSON)."""
    v = request.values
    policy = v.get("policy") or DEFAULT_POLICY
    if policy not in POLICIES:
        return 2, f"riddlesmith: unknown policy '{policy}' (choose {', '.join(POLICIES)})"
    if request.fmt not in FORMATS:
        return 2, f"riddlesmith: unknown format '{request.fmt}'"
    degree = v.get("degree") or DEFAULT_DEGREE
    games = v.get("games") or DEFAULT_GAMES
    code, text, table, _ = _table_of(request.pack, "glyph-game", request.target)
    if table is None:
        return code, text
    if table.degree(degree) is None:
        return 2, f"riddlesmith: game '{request.target}' has no degree {degree}"
    if v.get("replay") is not None:
        from generator.systems.glyphs.replay import replay_text

        return 0, replay_text(table, request.target, degree, policy, v.get("seed") or 0,
                              v["replay"])
    try:
        result = playtest(table, degree, policy, games, v.get("seed") or 0, v.get("jobs"),
                          v.get("scheduler"), request.progress)
    except ExecutorUnavailable as exc:
        return 2, f"riddlesmith: {exc}"
    if request.fmt == "json":
        return 0, json.dumps(result.to_json(request.target), indent=2)
    return 0, format_playtest(result, request.target)


def run_solve(request: CommandRequest) -> tuple[int, str]:
    """``riddlesmith solve PACK CARD``: the card's minimum actions from shuffled grids."""
    grids = request.values.get("grids") or DEFAULT_GRIDS
    code, text, table, _ = _table_of(request.pack, "glyph-riddle", request.target)
    if table is None:
        return code, text
    card = next(c for c in table.cards if c.id == request.target)
    setup = standard_setup(table)
    found = card_difficulty(table.n, table.symbol_of, card.id, card.wanted, bool(card.jokers),
                            table.pattern(setup), grids, 0)
    values = [a for a in found.actions if a < INFINITY]
    data = {"card": card.id, "deck": card.deck, "setup": setup, "grids": grids,
            "actions": list(found.actions), "exact": found.exact,
            "mean": sum(values) / len(values) if values else None}
    if request.fmt == "json":
        return 0, json.dumps(data, indent=2)
    note = "" if found.exact == grids else f" ({grids - found.exact} lower bounds: the search " \
        "budget ran out)"
    return 0, (f"{card.id} (deck {card.deck}): minimum actions from {grids} shuffled "
               f"'{setup}' grids: {', '.join(map(str, found.actions))}; mean "
               f"{data['mean']:.2f}{note}")


def standard_setup(table: Table) -> str:
    """The set-up most degrees use (the first such in degree order)."""
    counts: dict[str, int] = {}
    for d in table.degrees:
        counts[d.setup] = counts.get(d.setup, 0) + 1
    return max(counts, key=lambda s: (counts[s], -[d.setup for d in table.degrees].index(s)))


__all__ = ["DEFAULT_DEGREE", "DEFAULT_GAMES", "GlyphGames", "GlyphPlaytest", "format_playtest",
           "playtest", "playtest_until", "run_playtest", "run_solve", "standard_setup", "summarise"]
