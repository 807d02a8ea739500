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

import json
from dataclasses import dataclass
from typing import Any

from generator.sim.executors import make_executor
from generator.sim.montecarlo import Progress, RunResult, run_games
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


__all__ = ["REFERENCE", "ChallengeGames", "challenge_json", "challenger_seat",
           "format_challenge", "play_challenge", "run_challenge"]
