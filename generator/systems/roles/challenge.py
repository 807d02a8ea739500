"""One player against the field: what skill is worth in a role game.

Every seat of a plain playtest plays the same policy, so somebody always wins and
the win rate says nothing about skill. A *challenge* seats the tested policy in
one seat and the reference player (``--against``, default ``greedy``) in every
other: game ``i`` plays deal ``i mod D`` (``D`` deals) with the challenger in seat
``(i div D) mod P`` (``P`` players), so every deal is played from every seat in
turn. The figure is the challenger's win share, beside the fair share ``1/P``;
``playtest --policy random --policy greedy --policy lookahead`` compares them
(:mod:`generator.skill`).
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.cachefile import read_keyed, write_json
from generator.diagnostics import Diagnostic
from generator.pack.model import Document, Pack
from generator.sim.budget import Budget, players_from_pack, stop_text
from generator.sim.cache import digest_sources

from generator.sim.executors import make_executor
from generator.sim.montecarlo import Progress, RunResult, run_games, run_until
from generator.sim.stats import (
    format_rate,
    make_histogram,
    mean_interval,
    mean_of,
    wilson_interval,
)
from generator.systems.roles.engine import DEFAULT_MAX_ROUNDS, Table, play_game
from generator.systems.roles.policies import POLICIES

REFERENCE = "greedy"
"""The policy of the other seats unless ``--against`` names another."""


def challenger_seat(index: int, deals: int, players: int) -> int:
    """The challenger's seat in game ``index``.

    >>> [challenger_seat(i, 2, 3) for i in range(7)]
    [0, 0, 1, 1, 2, 2, 0]
    """
    return (index // deals) % players


@dataclass(frozen=True, slots=True)
class ChallengeGames:
    """A picklable simulation: game ``i``'s record is ``(challenger won, rounds)``."""

    tables: tuple[Table, ...]
    policy: str
    against: str
    players: int
    max_rounds: int = DEFAULT_MAX_ROUNDS
    indexed: bool = True

    def prepare(self) -> Any:
        tables, players, max_rounds = self.tables, self.players, self.max_rounds
        challenger = POLICIES[self.policy]()
        field = [POLICIES[self.against]() for _ in range(players)]

        def play(rng: Any, index: int) -> tuple[bool, int]:
            seat = challenger_seat(index, len(tables), players)
            seats = [challenger if s == seat else field[s] for s in range(players)]
            record = play_game(tables[index % len(tables)], seats, rng, max_rounds)
            return record.winner == seat, record.rounds

        return play


def play_challenge(tables: tuple[Table, ...], policy: str, against: str, games: int,
                   seed: int, players: int, jobs: int | None = 1, scheduler: Any = None,
                   progress: Progress | None = None) -> RunResult[tuple[bool, int]]:
    """Play ``games`` seeded challenge games (KeyError: no such policy)."""
    POLICIES[policy], POLICIES[against]  # fail here, not in a worker
    with make_executor(jobs, scheduler) as executor:
        return run_games(ChallengeGames(tables, policy, against, players), games, seed,
                         executor=executor, progress=progress)


def challenge_json(run: RunResult[tuple[bool, int]], game: str, policy: str, against: str,
                   players: int, deals: int) -> dict[str, Any]:
    """The figures of a challenge: the challenger's wins and share, the fair share."""
    wins = sum(n for (won, _), n in run.counts if won)
    rounds = make_histogram({r: sum(n for (_, r2), n in run.counts if r2 == r)
                             for (_, r), _ in run.counts})
    return {"scenario": game, "policy": policy, "against": against, "players": players,
            "deals": deals, "games": run.games, "seed": run.seed, "wins": wins,
            "win_rate": wins / run.games if run.games else 0.0,
            "ci95": list(wilson_interval(wins, run.games)), "fair_share": 1 / players,
            "figure": f"win share against {against}",
            "mean_rounds": mean_of(rounds), "mean_rounds_ci95": list(mean_interval(rounds))}


def format_challenge(result: dict[str, Any], title: str) -> str:
    """The text report of a challenge."""
    return (f"{title}: {result['games']} games over {result['deals']} deals, "
            f"{result['players']} players, {result['policy']} in each seat in turn against "
            f"{result['against']}, seed {result['seed']}\n"
            f"  {result['policy']} won {format_rate(result['wins'], result['games'])} "
            f"(fair share {result['fair_share'] * 100:.0f}%); mean rounds "
            f"{result['mean_rounds']:.1f}\n")


def run_challenge(tables: tuple[Table, ...], ident: str, title: str, policy: str,
                  against: str, games: int, seed: int, players: int, jobs: int | None,
                  scheduler: Any, fmt: str, progress: Progress | None) -> tuple[int, str]:
    """``playtest`` of one policy against the field: (exit code, text)."""
    run = play_challenge(tables, policy, against, games, seed, players, jobs, scheduler,
                         progress)
    result = challenge_json(run, ident, policy, against, players, len(tables))
    if fmt == "json":
        return 0, json.dumps(result, indent=2)
    return 0, format_challenge(result, title)


SKILL_ORDER = ("random", "greedy", "lookahead")
"""The players by strength, weakest first (the system's ``skill_order``)."""
CHECK_FIELD = "greedy"
"""The players of the field in check's challenges (the check playouts' player)."""


def _challenge_key(base: str, policy: str) -> str:
    names = ["generator.systems.roles.challenge"]
    return hashlib.sha256(f"{base}:{policy}:{digest_sources(tuple(names), 'challenge')}".encode()
                          ).hexdigest()


def cached_challenge(tables: tuple[Table, ...], policy: str, players: int, seed: int,
                     budget: Budget, base_key: str, path: Path | None) -> tuple[int, int, str]:
    """(wins, games, what stopped it) of ``policy`` against the greedy field, in batches of
    ``budget.batch`` games until its win share is within ``budget.width`` or ``budget.cap``
    games (cached at ``path`` under a key from ``base_key``, the check playouts' own)."""
    key = _challenge_key(base_key, policy)
    if path is not None:
        stored = read_keyed(path, key)
        if stored is not None and _challenge_well_formed(stored, budget):
            return stored["wins"], stored["games"], stored["stopped"]

    def wins_of(run: RunResult[tuple[bool, int]]) -> int:
        return sum(n for (won, _), n in run.counts if won)

    def enough(run: RunResult[tuple[bool, int]]) -> bool:
        return budget.narrow_enough(wins_of(run), run.games)

    run, stopped = run_until(ChallengeGames(tables, policy, CHECK_FIELD, players), seed,
                             batch=budget.batch, cap=budget.cap, enough=enough)
    found = (wins_of(run), run.games, stopped)
    if path is not None:
        write_json(path, {"fingerprint": key, "wins": found[0], "games": found[1],
                          "stopped": stopped})
    return found


def _challenge_well_formed(stored: dict[str, Any], budget: Budget) -> bool:
    wins, games = stored.get("wins"), stored.get("games")
    return (type(wins) is int and type(games) is int and budget.possible(games)
            and budget.consistent(wins, games)
            and stored.get("stopped") == budget.stopped_by(wins, games))


def iter_skill_problems(pack: Pack, game_id: str, doc: Document, tables: tuple[Table, ...],
                        players: int, seed: int, decided: float, budget: Budget,
                        base_key: str, cache: Path | None) -> Iterator[Diagnostic]:
    """RS-N021 (what skill is worth against the check's greedy players) and RS-N022 (a
    player stronger than greedy winning clearly less than a fair share, or a weaker one
    clearly more). The greedy player's own share needs no games: with every seat greedy
    and the challenger's seat rotating, its expected share is the decided rate over the
    players (by symmetry)."""
    names = players_from_pack(pack.data, tuple(POLICIES), CHECK_FIELD, SKILL_ORDER)
    if not names:
        return
    fair = decided / players
    rank = {n: i for i, n in enumerate(SKILL_ORDER)}
    parts = [f"{CHECK_FIELD} {fair * 100:.0f}% (by symmetry)"]
    gaps = []
    for name in names:
        path = cache / f"roles-{game_id}-challenge-{name}.json" if cache is not None else None
        wins, games, stopped = cached_challenge(tables, name, players, seed, budget, base_key,
                                                path)
        lo, hi = wilson_interval(wins, games)
        parts.append(f"{name} {format_rate(wins, games, 0)} ({games} games, "
                     f"{stop_text(stopped)})")
        gap = (fair - wins / games, fair - hi, fair - lo)
        gaps.append((name, gap) if rank[name] < rank[CHECK_FIELD] else
                    (name, (-gap[0], -gap[2], -gap[1])))
        stronger = rank[name] > rank[CHECK_FIELD]
        if (stronger and hi < fair) or (not stronger and lo > fair):
            yield doc.diag("RS-N022", f"the {name} player, {'stronger' if stronger else 'weaker'}"
                           f" than {CHECK_FIELD}, won {format_rate(wins, games, 0)} of its "
                           f"games against {CHECK_FIELD} players, clearly "
                           f"{'less' if stronger else 'more'} than the fair share "
                           f"{fair * 100:.0f}%", ("playtest",) if "playtest" in doc.data
                           else ("roles",),
                           hint="skill should pay: the deal or the Statue decides too much, "
                           "or a player misreads a rule")
    spread = "; ".join(f"{'greedy - ' + n if rank[n] < rank[CHECK_FIELD] else n + ' - greedy'}"
                       f" {g[0] * 100:+.0f} points [{g[1] * 100:+.0f}, {g[2] * 100:+.0f}]"
                       for n, g in gaps)
    yield doc.diag("RS-N021", f"what skill is worth ({players} players, one seat against "
                   f"{CHECK_FIELD} players in the others, each seat in turn): "
                   f"{', '.join(parts)}; {spread}",
                   ("playtest",) if "playtest" in doc.data else ("roles",), key=True)


__all__ = ["CHECK_FIELD", "REFERENCE", "SKILL_ORDER", "cached_challenge", "iter_skill_problems", "ChallengeGames", "challenge_json", "challenger_seat",
           "format_challenge", "play_challenge", "run_challenge"]
