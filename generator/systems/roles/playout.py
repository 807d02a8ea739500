"""Playouts of a role game: seeded games, per-card statistics, the playtest command
and the card warnings of ``check``.

:func:`playtest` plays games ``0 .. n-1`` with the Monte Carlo runner (game ``i``
draws from ``random.Random(derive_seed(seed, i))``), every seat under one policy,
and summarises them (:class:`PlayoutResult`). Figures, precisely:

- ``wins``: games with a winner (the others reached ``max_rounds``);
  ``win_types``: games per way of winning (climb, condition, last-standing,
  max-rounds); ``game_length``: games per number of rounds;
- per card id (the seven Engineers count as one card): ``played`` (times played),
  ``cost_worker`` (times its player lost a worker on that turn: no ply followed
  the card), ``win_rate_when_played`` (share of plays, in decided games, whose
  player won the game).

Check warnings (small budget from the game's ``playtest`` settings, random
players, cached in the pack's cache folder by a fingerprint of the game and its
cards; a cache entry of the wrong shape is recomputed): a card never played in
the playouts (RS-N011: never dealt or never chosen), a card whose every play cost a worker
(RS-N012), a card whose win rate when played is :data:`FAR_ABOVE` over the mean
of the others with enough plays (RS-N013), and a card whose ability can never be
used (RS-N015: proven, or in none of the positions the playouts reached; see
:mod:`.reach`).
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator import __version__
from generator.cachefile import read_keyed, write_json
from generator.diagnostics import Diagnostic, Severity
from generator.pack.model import Document, Pack, pick_text
from generator.sim.cache import digest_sources, package_modules
from generator.sim.executors import ExecutorUnavailable, make_executor
from generator.sim.montecarlo import Progress, RunResult, run_games
from generator.sim.stats import format_mean, format_rate, mean_interval, mean_of, wilson_interval
from generator.systems.roles.content import check_pack, read_pack
from generator.systems.roles.engine import (
    DEFAULT_MAX_ROUNDS,
    WIN_NONE,
    WIN_TYPES,
    GameRecord,
    Table,
    compile_table,
    play_game,
)
from generator.systems.roles.model import RoleGame
from generator.systems.roles.policies import DEFAULT_POLICY, POLICIES
from generator.systems.roles.reach import collect_positions, iter_reach

FORMATS = ("text", "json")
CHECK_POLICY = "random"
FAR_ABOVE = 0.25
"""How far a card's win rate when played may exceed the mean of the others."""
MIN_PLAYS_FOR_RATE = 12
CACHE_VERSION = 4
"""Part of the playout cache key: bump it when a change alters results beyond the hashed sources."""
HASHED_MODULES = ("generator.systems.roles.engine", "generator.systems.roles.model",
                  "generator.systems.roles.policies", "generator.systems.roles.reach",
                  "generator.systems.roles.playout", "generator.sim.montecarlo",
                  "generator.sim.stats")
"""Modules whose source is part of the key: editing the rules, a policy or the reach
search invalidates stored playouts, as in the tower and glyph systems."""
HASHED_PACKAGES = ("generator.engine",)
"""Packages hashed whole: the shared engine (board, moves) and its power modules, which
play every card's abilities."""


def source_digest() -> str:
    """The hash of :data:`HASHED_MODULES`, every module of :data:`HASHED_PACKAGES` and
    the cache and riddlesmith versions."""
    names = [*HASHED_MODULES]
    for package in HASHED_PACKAGES:
        names.extend(package_modules(package))
    return digest_sources(tuple(names), f"{CACHE_VERSION}:{__version__}")


@dataclass(frozen=True, slots=True)
class RoleGames:
    """A picklable simulation for the runner: one game of ``table`` under a policy."""

    table: Table
    policy: str
    players: int
    max_rounds: int = DEFAULT_MAX_ROUNDS

    def prepare(self) -> Any:
        table, players, max_rounds = self.table, self.players, self.max_rounds
        seats = [POLICIES[self.policy]() for _ in range(players)]

        def play(rng: Any) -> GameRecord:
            return play_game(table, list(seats), rng, max_rounds)

        return play


@dataclass(frozen=True, slots=True)
class CardStats:
    """Per-card figures of a playout run."""

    played: int
    cost_worker: int
    won: int  # plays in decided games whose player won
    decided: int  # plays in decided games

    @property
    def win_rate(self) -> float:
        return self.won / self.decided if self.decided else 0.0


@dataclass(frozen=True, slots=True)
class PlayoutResult:
    """The summary of a playout run (see the module notes)."""

    policy: str
    players: int
    games: int
    seed: int
    wins: int
    win_types: tuple[tuple[str, int], ...]
    game_length: tuple[tuple[int, int], ...]
    cards: tuple[tuple[str, CardStats], ...]

    @property
    def mean_rounds(self) -> float:
        return mean_of(self.game_length) if self.games else 0.0

    def to_json(self, game: str) -> dict[str, Any]:
        """The result as the CLI's JSON object (the tower fields, then the role ones)."""
        low, high = wilson_interval(self.wins, self.games)
        types = dict(self.win_types)
        return {
            "scenario": game,
            "policy": self.policy,
            "games": self.games,
            "wins": self.wins,
            "win_rate": self.wins / self.games if self.games else 0.0,
            "ci95": [low, high],
            "losses": {WIN_NONE: types.get(WIN_NONE, 0)} if types.get(WIN_NONE) else {},
            "mean_turns": self.mean_rounds,
            "seed": self.seed,
            "players": self.players,
            "mean_turns_ci95": list(mean_interval(self.game_length)),
            "cards": {ident: {"played": s.played, "cost_worker": s.cost_worker,
                              "win_rate_when_played": s.win_rate,
                              "win_rate_ci95": list(wilson_interval(s.won, s.decided))}
                      for ident, s in self.cards},
            "game_length": {str(k): v for k, v in self.game_length},
            "win_types": types,
        }


def summarise(run: RunResult[GameRecord], table: Table, policy: str, players: int
              ) -> PlayoutResult:
    """A :class:`PlayoutResult` from the runner's record counts."""
    types = dict.fromkeys(WIN_TYPES, 0)
    lengths: dict[int, int] = {}
    stats = {ident: [0, 0, 0, 0] for ident in sorted(set(table.card_ids))}
    wins = 0
    for record, n in run.counts:
        types[record.win_type] += n
        lengths[record.rounds] = lengths.get(record.rounds, 0) + n
        wins += n if record.winner >= 0 else 0
        for play in record.plays:
            entry = stats[table.card_ids[play.card]]
            entry[0] += n
            entry[1] += n if play.cost else 0
            if record.winner >= 0:
                entry[3] += n
                entry[2] += n if play.seat == record.winner else 0
    return PlayoutResult(
        policy, players, run.games, run.seed, wins,
        tuple((t, c) for t, c in types.items() if c), tuple(sorted(lengths.items())),
        tuple((ident, CardStats(*v)) for ident, v in stats.items()))


def playtest(table: Table, policy: str = DEFAULT_POLICY, games: int = 200, seed: int = 0,
             players: int = 2, jobs: int | None = 1, scheduler: Any = None, *,
             max_rounds: int = DEFAULT_MAX_ROUNDS, progress: Progress | None = None
             ) -> PlayoutResult:
    """Play ``games`` seeded games of ``table`` and summarise them (KeyError: no policy)."""
    POLICIES[policy]  # fail here, not in a worker
    simulation = RoleGames(table, policy, players, max_rounds)
    with make_executor(jobs, scheduler) as executor:
        run = run_games(simulation, games, seed, executor=executor, progress=progress)
    return summarise(run, table, policy, players)


def _fingerprint(game_doc: Document, card_docs: list[Document], games: int, players: int,
                 seed: int) -> str:
    sources = source_digest()
    payload = json.dumps([CACHE_VERSION, game_doc.data, [d.data for d in card_docs], games,
                          players, seed, CHECK_POLICY, sources], sort_keys=True, default=str)
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


def cached_stats(pack: Pack, game: RoleGame, game_doc: Document, table: Table,
                 cache: Path | None) -> dict[str, Any]:
    """The check budget's figures (cached): ``cards`` (per card ``[played, cost_worker,
    won, decided]``), ``win_types`` (games per way), ``rounds`` (total rounds),
    ``game_length`` (``[rounds, games]`` pairs, for the mean's interval),
    ``positions`` (positions searched for RS-N015) and ``reach`` (per judged card
    ``[proof, first usable position]``, see :func:`.reach.iter_reach`)."""
    card_docs = sorted(pack.of_kind("role-card"), key=lambda d: d.id)
    key = _fingerprint(game_doc, card_docs, game.playtest_games, game.playtest_players,
                       game.seed)
    path = cache / f"roles-{game.id}.json" if cache is not None else None
    if path is not None:
        stored = read_keyed(path, key)
        if stored is not None and _well_formed(stored, table):
            return {k: stored[k] for k in ("cards", "win_types", "rounds", "game_length",
                                           "positions", "reach")}
    result = playtest(table, CHECK_POLICY, game.playtest_games, game.seed,
                      game.playtest_players)
    positions = collect_positions(table, game.playtest_games, game.seed, game.playtest_players)
    found: dict[str, Any] = {
        "cards": {i: [s.played, s.cost_worker, s.won, s.decided] for i, s in result.cards},
        "win_types": dict(result.win_types),
        "rounds": sum(k * n for k, n in result.game_length),
        "game_length": [[k, n] for k, n in result.game_length],
        "positions": len(positions),
        "reach": {ident: [proof, first] for ident, proof, first
                  in iter_reach(table, read_pack(pack)[0], positions)},
    }
    if path is not None:
        write_json(path, {"fingerprint": key, **found})
    return found


def _well_formed(stored: dict[str, Any], table: Table) -> bool:
    """Whether a cached entry has the shape :func:`cached_stats` writes."""
    cards, types, rounds = stored.get("cards"), stored.get("win_types"), stored.get("rounds")
    positions, reach = stored.get("positions"), stored.get("reach")
    lengths = stored.get("game_length")
    return (isinstance(lengths, list)
            and all(isinstance(v, list) and len(v) == 2 and all(type(x) is int and x > 0
                                                                for x in v) for v in lengths)
            and type(rounds) is int and rounds == sum(k * n for k, n in lengths)
            and isinstance(cards, dict) and set(cards) == set(table.card_ids)
            and all(isinstance(v, list) and len(v) == 4
                    and all(type(x) is int and x >= 0 for x in v) for v in cards.values())
            and isinstance(types, dict) and set(types) <= set(WIN_TYPES)
            and all(type(n) is int and n >= 0 for n in types.values())
            and type(rounds) is int and rounds >= 0
            and type(positions) is int and positions >= 0
            and isinstance(reach, dict) and set(reach) <= set(table.card_ids)
            and all(isinstance(v, list) and len(v) == 2 and isinstance(v[0], str)
                    and type(v[1]) is int and v[1] >= -1 for v in reach.values()))


def iter_card_warnings(stats: dict[str, list[int]], docs: dict[str, Document]
                       ) -> Iterator[Diagnostic]:
    """RS-N011 / N012 / N013 from per-card statistics (pure)."""
    rates = {c: v[2] / v[3] for c, v in stats.items() if v[3] >= MIN_PLAYS_FOR_RATE}
    for ident, (played, cost, won, decided) in sorted(stats.items()):
        doc = docs[ident]
        if not played:
            yield doc.diag("RS-N011", f"'{ident}' was never played in the check playouts "
                           "(never dealt or never chosen; whether it can be played at all "
                           "is RS-N015's question)", ("abilities",))
        elif cost == played:
            yield doc.diag("RS-N012", f"'{ident}' cost its player a worker every time it was "
                           f"played ({played} plays)", ("abilities",))
        if ident in rates and len(rates) > 1:
            others = [r for c, r in rates.items() if c != ident]
            mean = sum(others) / len(others)
            if rates[ident] > mean + FAR_ABOVE:
                yield doc.diag("RS-N013", f"'{ident}' won {format_rate(won, decided, 0)} of "
                               f"its plays ({won}/{decided}); the other cards {mean:.0%} on "
                               "average", ("abilities",))


def iter_reach_warnings(reach: dict[str, list[Any]], positions: int,
                        docs: dict[str, Document]) -> Iterator[Diagnostic]:
    """RS-N015 from the reach figures of :func:`cached_stats` (pure)."""
    for ident, (proof, first) in sorted(reach.items()):
        if proof:
            yield docs[ident].diag("RS-N015", f"'{ident}' can never be played as written: "
                                   f"{proof}", ("abilities",))
        elif first < 0 and positions:
            yield docs[ident].diag("RS-N015", f"'{ident}' could not use its ability in any of "
                                   f"the {positions} positions the check playouts reached "
                                   "(an estimate)", ("abilities",))


def iter_playout_problems(pack: Pack, cache: Path | None) -> Iterator[Diagnostic]:
    """The card warnings of every role game of a checked pack."""
    cards, docs, games = read_pack(pack)
    for game, _, doc in games:
        table = compile_table(game, cards)
        figures = cached_stats(pack, game, doc, table, cache)
        yield from iter_card_warnings(figures["cards"], docs)
        yield from iter_reach_warnings(figures["reach"], figures["positions"], docs)
        games_played = game.playtest_games
        types = ", ".join(f"{t} {n} ({format_rate(n, games_played, 0)})"
                          for t, n in sorted(figures["win_types"].items()))
        lengths = tuple((k, n) for k, n in figures["game_length"])
        yield doc.diag("RS-N014", f"{games_played} {CHECK_POLICY} playouts of "
                       f"{game.playtest_players} players: {types}; mean "
                       f"{format_mean(lengths, 1)} rounds (95% intervals)",
                       ("playtest",) if "playtest" in doc.data else ("deck",))


CARD_FIELDS = ("played", "cost_worker", "won", "decided")
"""The names of a card's figures in the build report (the cache keeps them as a list)."""
REACH_FIELDS = ("proof", "first_usable_position")


def report_playouts(pack: Pack, cache: Path | None) -> dict[str, Any]:
    """Per-game card figures of the check budget, for the build report: each card's
    figures and reach as a record named by :data:`CARD_FIELDS` and :data:`REACH_FIELDS`."""
    cards, _, games = read_pack(pack)
    out: dict[str, Any] = {}
    for game, problem, doc in games:
        if problem:
            continue
        table = compile_table(game, cards)
        stats = cached_stats(pack, game, doc, table, cache)
        out[game.id] = {
            **stats,
            "cards": {i: {**dict(zip(CARD_FIELDS, v)),
                          "win_rate_when_played": v[2] / v[3] if v[3] else 0.0,
                          "win_rate_ci95": list(wilson_interval(v[2], v[3]))}
                      for i, v in stats["cards"].items()},
            "mean_rounds": mean_of(tuple((k, n) for k, n in stats["game_length"])),
            "mean_rounds_ci95": list(mean_interval(tuple((k, n)
                                                         for k, n in stats["game_length"]))),
            "reach": {i: dict(zip(REACH_FIELDS, v)) for i, v in stats["reach"].items()},
            "games": game.playtest_games, "players": game.playtest_players}
    return out


def format_playtest(result: PlayoutResult, game: str) -> str:
    """The text report of a playtest."""
    lines = [f"{game}: {result.games} games, {result.players} players, policy "
             f"{result.policy}, seed {result.seed}",
             f"  decided: {result.wins} ({format_rate(result.wins, result.games, 0)}); mean "
             f"rounds {format_mean(result.game_length, 1)}",
             "  win types: " + ", ".join(f"{t} {n} ({format_rate(n, result.games, 0)})"
                                         for t, n in result.win_types),
             "  card                  played  cost-worker  win-rate when played"]
    for ident, s in result.cards:
        lines.append(f"  {ident:<20} {s.played:>7} {s.cost_worker:>12}  "
                     f"{format_rate(s.won, s.decided, 0)}")
    lines.append("  (95% intervals: Wilson for shares, Student t for means)")
    return "\n".join(lines) + "\n"


def run_playtest(pack_path: str | Path, ident: str, games: int, policy: str, seed: int,
                 jobs: int | None, scheduler: str | None, fmt: str,
                 progress: Progress | None = None, players: int | None = None
                 ) -> tuple[int, str]:
    """Playtest role game ``ident`` of the pack: (exit code, text); 2 for usage problems."""
    from generator.pack.loader import UsageError, load_packs
    from generator.pack.schema import load_schemas
    from generator.systems import discover_systems
    if fmt not in FORMATS:
        return 2, f"riddlesmith: unknown format '{fmt}' (choose {', '.join(FORMATS)})"
    if policy not in POLICIES:
        return 2, f"riddlesmith: unknown policy '{policy}' (choose {', '.join(POLICIES)})"
    kinds = {k: name for name, s in discover_systems().items() for k in s.kinds}
    try:
        loaded = load_packs([Path(pack_path)], load_schemas(), kinds)
    except UsageError as exc:
        return 2, f"riddlesmith: {exc}"
    for pack in loaded.packs:
        cards, _, found = read_pack(pack)
        for game, _, _ in found:
            if game.id != ident:
                continue
            errors = [d for d in check_pack(pack) + loaded.diagnostics
                      if d.severity is Severity.ERROR]
            if errors:
                return 1, "\n".join(f"{d.file}:{d.line}:{d.col}: {d.code} {d.message}"
                                    for d in errors) + (
                    f"\nriddlesmith: role game '{ident}' has errors; fix them first")
            seats = players or game.playtest_players
            try:
                result = playtest(compile_table(game, cards), policy, games, seed, seats, jobs,
                                  scheduler, progress=progress)
            except (ExecutorUnavailable, ValueError) as exc:
                return 2, f"riddlesmith: {exc}"
            if fmt == "json":
                return 0, json.dumps(result.to_json(ident), indent=2)
            return 0, format_playtest(result, f"{ident} ({pick_text(game.title, None)})")
    return 2, f"riddlesmith: no role game '{ident}' in {pack_path}"
