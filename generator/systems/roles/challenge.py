"""One player against the field: what skill is worth in a role game.

Every seat of a plain playtest plays the same policy, so somebody always wins and
the win rate says nothing about skill. A *challenge* seats the tested policy in
one seat and the reference player (``--against``, default ``greedy``) in every
other: game ``i`` plays deal ``i mod D`` (``D`` deals) with the challenger in seat
``(i div D) mod P`` (``P`` players), so every deal is played from every seat in
turn. The figure is the challenger's win share, beside the fair share ``1/P``;
``playtest --policy random --policy greedy --policy lookahead`` compares them
(:mod:`generator.skill`), overall, per role (the games whose deal holds it; the
Engineer is in every deal) and per deal (``--format json``).

``check`` measures both (see :func:`iter_skill_problems` and
:func:`iter_role_skill_problems`): the game's figure until its interval is narrow
enough (RS-N021, RS-N022), and per role a fixed :data:`ROLE_SKILL_GAMES` games a
deal for every player, greedy included, on the same seeds (RS-N023, RS-N024).
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Mapping
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
    difference_interval,
    format_rate,
    make_histogram,
    mean_interval,
    mean_of,
    wilson_interval,
)
from generator.skill import compare_policies, format_gap, strength_order
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
    """A picklable simulation: game ``i``'s record is ``(deal, challenger won, rounds)``."""

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

        def play(rng: Any, index: int) -> tuple[int, bool, int]:
            deal = index % len(tables)
            seat = challenger_seat(index, len(tables), players)
            seats = [challenger if s == seat else field[s] for s in range(players)]
            record = play_game(tables[deal], seats, rng, max_rounds)
            return deal, record.winner == seat, record.rounds

        return play


def play_challenge(tables: tuple[Table, ...], policy: str, against: str, games: int,
                   seed: int, players: int, jobs: int | None = 1, scheduler: Any = None,
                   progress: Progress | None = None) -> RunResult[tuple[int, bool, int]]:
    """Play ``games`` seeded challenge games (KeyError: no such policy)."""
    POLICIES[policy], POLICIES[against]  # fail here, not in a worker
    with make_executor(jobs, scheduler) as executor:
        return run_games(ChallengeGames(tables, policy, against, players), games, seed,
                         executor=executor, progress=progress)


def deal_counts(run: RunResult[tuple[int, bool, int]], deals: int
                ) -> tuple[tuple[int, int], ...]:
    """Per deal, (the challenger's wins, games) of a challenge run."""
    out = [[0, 0] for _ in range(deals)]
    for (deal, won, _), n in run.counts:
        out[deal][0] += n if won else 0
        out[deal][1] += n
    return tuple((w, g) for w, g in out)


def role_counts(per_deal: tuple[tuple[int, int], ...], tables: tuple[Table, ...],
                order: tuple[str, ...] = ()) -> dict[str, tuple[int, int]]:
    """Per role, (wins, games) over the deals whose table holds it; the roles in
    ``order`` (the game's), then any other by id.

    >>> from types import SimpleNamespace as T
    >>> role_counts(((1, 2), (0, 2)), (T(card_ids=("e", "a", "a")), T(card_ids=("e", "b"))),
    ...             ("e", "b"))
    {'e': (1, 4), 'b': (0, 2), 'a': (1, 2)}
    """
    out: dict[str, list[int]] = {}
    for (wins, games), table in zip(per_deal, tables, strict=True):
        for role in dict.fromkeys(table.card_ids):
            entry = out.setdefault(role, [0, 0])
            entry[0] += wins
            entry[1] += games
    rank = {role: i for i, role in enumerate(order)}
    return {role: (out[role][0], out[role][1])
            for role in sorted(out, key=lambda r: (rank.get(r, len(rank)), r))}


def _rate_json(wins: int, games: int) -> dict[str, Any]:
    return {"games": games, "wins": wins, "win_rate": wins / games if games else 0.0,
            "ci95": list(wilson_interval(wins, games))}


def challenge_json(run: RunResult[tuple[int, bool, int]], game: str, policy: str,
                   against: str, players: int, tables: tuple[Table, ...],
                   labels: tuple[str, ...] = (), roles: tuple[str, ...] = ()
                   ) -> dict[str, Any]:
    """The figures of a challenge: the challenger's wins and share, the fair share, and
    under ``by`` the same per role (in the order of ``roles``) and per deal (named by
    ``labels``, else by index), each part that was played, for
    :func:`generator.skill.compare_by`."""
    wins = sum(n for (_, won, _), n in run.counts if won)
    rounds = make_histogram({r: sum(n for (_, _, r2), n in run.counts if r2 == r)
                             for (_, _, r), _ in run.counts})
    per_deal = deal_counts(run, len(tables))
    names = labels or tuple(str(i) for i in range(len(tables)))
    return {"scenario": game, "policy": policy, "against": against, "players": players,
            "deals": len(tables), "games": run.games, "seed": run.seed, "wins": wins,
            "win_rate": wins / run.games if run.games else 0.0,
            "ci95": list(wilson_interval(wins, run.games)), "fair_share": 1 / players,
            "figure": f"win share against {against}",
            "mean_rounds": mean_of(rounds), "mean_rounds_ci95": list(mean_interval(rounds)),
            "by": {"role": {role: _rate_json(w, g) for role, (w, g)
                            in role_counts(per_deal, tables, roles).items() if g},
                   "deal": {name: _rate_json(w, g) for name, (w, g)
                            in zip(names, per_deal, strict=True) if g}}}


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
                  scheduler: Any, fmt: str, progress: Progress | None,
                  labels: tuple[str, ...] = (), roles: tuple[str, ...] = ()
                  ) -> tuple[int, str]:
    """``playtest`` of one policy against the field: (exit code, text); ``labels``
    name the deals in the JSON, ``roles`` order its roles."""
    run = play_challenge(tables, policy, against, games, seed, players, jobs, scheduler,
                         progress)
    result = challenge_json(run, ident, policy, against, players, tables, labels, roles)
    if fmt == "json":
        return 0, json.dumps(result, indent=2)
    return 0, format_challenge(result, title)


SKILL_ORDER = ("random", "greedy", "lookahead")
"""The players by strength, weakest first (its ``playtest`` command's ``skill_order``)."""
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

    def wins_of(run: RunResult[tuple[int, bool, int]]) -> int:
        return sum(n for (_, won, _), n in run.counts if won)

    def enough(run: RunResult[tuple[int, bool, int]]) -> bool:
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


ROLE_SKILL_GAMES = 4
"""Games a deal each player plays for the skill gap per role (RS-N023, RS-N024): 300 for
the shipped 75 deals, so each Builder and Specialist role is judged on 60 games, each
Mover on 100 and the Engineer on all (``sim.max_games`` caps them, in whole rounds of
one game a deal). The greedy player's are the check's own playouts; the random
player's 300 games cost about 4 CPU s at 2 players, once: they are cached like the
playouts."""


def role_skill_games(deals: int, cap: int) -> int:
    """The games a player plays for the per-role gap: :data:`ROLE_SKILL_GAMES` a deal, at
    most ``cap`` in whole rounds of one game a deal (0 when the cap is under one round:
    no gap per role is measured).

    >>> role_skill_games(75, 600), role_skill_games(75, 100), role_skill_games(75, 10)
    (300, 75, 0)
    """
    return deals * min(ROLE_SKILL_GAMES, cap // deals)


def cached_deal_counts(tables: tuple[Table, ...], policy: str, players: int, seed: int,
                       games: int, base_key: str, path: Path | None
                       ) -> tuple[tuple[int, int], ...]:
    """Per deal, (wins, games) of ``games`` seeded games of ``policy`` in one seat against
    greedy players (:class:`ChallengeGames`: game ``i`` as in every other challenge), cached
    at ``path`` under a key from ``base_key``."""
    key = _challenge_key(f"{base_key}:per-deal:{games}", policy)
    each = games // len(tables)
    if path is not None:
        stored = read_keyed(path, key)
        wins = stored.get("wins") if stored is not None else None
        if (isinstance(wins, list) and len(wins) == len(tables) and stored is not None
                and stored.get("games") == games
                and all(type(w) is int and 0 <= w <= each for w in wins)):
            return tuple((w, each) for w in wins)
    run = run_games(ChallengeGames(tables, policy, CHECK_FIELD, players), games, seed)
    found = deal_counts(run, len(tables))
    if path is not None:
        write_json(path, {"fingerprint": key, "games": games, "wins": [w for w, _ in found]})
    return found


def iter_role_skill_problems(pack: Pack, game_id: str, doc: Document,
                             docs: Mapping[str, Document], roles: tuple[str, ...],
                             tables: tuple[Table, ...], players: int, seed: int,
                             budget: Budget, base_key: str, cache: Path | None,
                             greedy: tuple[tuple[int, int], ...] = ()
                             ) -> Iterator[Diagnostic]:
    """RS-N023 (the skill gap per role: the strongest player's win share minus the
    weakest's in the games whose deal holds the role, with Newcombe's 95 % interval) and
    RS-N024 (at a role, a stronger player whose interval lies wholly below a weaker
    one's). The players are the check's greedy one and those of ``sim.players``, each in
    one seat against greedy players, all on the same seeds (:func:`cached_deal_counts`);
    the roles in the game's order (``roles``). ``greedy``: the greedy player's per-deal
    counts when the check's playouts recorded them (its challenge games are those
    playouts, :class:`.playout.DealGames`), else they are played here."""
    names = players_from_pack(pack.data, tuple(POLICIES), CHECK_FIELD, SKILL_ORDER)
    if not names:
        return
    order = strength_order([CHECK_FIELD, *names], SKILL_ORDER)
    games = role_skill_games(len(tables), budget.cap)
    if not games:
        return  # sim.max_games under one game a deal
    per_role = {}
    for name in order:
        path = (cache / f"roles-{game_id}-role-skill-{name}.json" if cache is not None
                else None)
        per_deal = (greedy if name == CHECK_FIELD and sum(g for _, g in greedy) == games
                    else cached_deal_counts(tables, name, players, seed, games, base_key, path))
        per_role[name] = role_counts(per_deal, tables, roles)
    gaps = []
    where = ("playtest",) if "playtest" in doc.data else ("roles",)
    for role in per_role[order[0]]:
        results = {name: dict(zip(("wins", "games"), per_role[name][role], strict=True))
                   for name in order}
        comparison = compare_policies(results, SKILL_ORDER)
        gaps.append(f"{role} {format_gap(comparison, 0)} ({per_role[order[0]][role][1]} games)")
        for inv in comparison["inversions"]:
            s, w = results[inv["stronger"]], results[inv["weaker"]]
            gap_lo, gap_hi = difference_interval(s["wins"], s["games"], w["wins"], w["games"])
            target = docs.get(role)
            yield (target.diag if target is not None else doc.diag)(
                "RS-N024", f"in the {s['games']} games dealt with '{role}', the "
                f"{inv['stronger']} player won {format_rate(s['wins'], s['games'], 0)} "
                f"against greedy players, clearly less than the weaker {inv['weaker']} "
                f"player's {format_rate(w['wins'], w['games'], 0)} "
                f"({(s['wins'] / s['games'] - w['wins'] / w['games']) * 100:+.0f} points "
                f"[{gap_lo * 100:+.0f}, {gap_hi * 100:+.0f}])",
                ("name",) if target is not None else where,
                hint="skill should pay: with this role the Statue or the deal decides, or "
                "a player misreads its ability")
    yield doc.diag("RS-N023", f"skill gap by role ({order[-1]} - {order[0]}, points, 95% "
                   f"interval; each player in one seat against {CHECK_FIELD} players, "
                   f"{games // len(tables)} games a deal, seed {seed}, the games dealt "
                   f"with the role): {'; '.join(gaps)}", where, key=True)


__all__ = ["CHECK_FIELD", "REFERENCE", "ROLE_SKILL_GAMES", "SKILL_ORDER", "ChallengeGames",
           "cached_challenge", "cached_deal_counts", "challenge_json", "challenger_seat",
           "deal_counts", "format_challenge", "iter_role_skill_problems",
           "iter_skill_problems", "play_challenge", "role_counts", "role_skill_games",
           "run_challenge"]
