"""Playouts of a role game over its deals: seeded games, per-role and per-card
statistics, the playtest command and the balance warnings of ``check``.

A role game's box holds several roles per type; a *deal* is one choice of a
Builder, a Specialist and a Mover role (:func:`~.model.iter_deals`, 75 for the
shipped box). :func:`playtest_deals` plays game ``i`` of a run on deal ``i mod
D`` (``D`` deals), drawing from ``random.Random(derive_seed(seed, i))``, every
seat under one policy, so each batch of ``D`` games plays every deal once.
Figures, precisely (:class:`DealResult`):

- ``wins``, ``win_types`` and ``game_length`` as for one game;
- per role (its copies and deals pooled): ``played``, ``cost_worker`` (plays whose
  player lost a worker: no ply followed the card), ``win share`` (the share of its
  plays in decided games made by the winner, with the per-game ratio interval of
  :mod:`.figures`), ``play rate`` (of the choices where a copy of it was in a hand
  with another card, the share that picked it);
- per printed card (role and number): the same win share and play rate;
- the fair share: the win share of every play of every card.

Check (:func:`iter_playout_problems`, cached in the pack's cache folder by a
fingerprint of the game, its roles, the budget and the simulator's sources): the
greedy player at ``playtest.players`` plays batches of one game a deal until every
role's win share is within the pack's ``sim.width`` (default +-5 points) or
``playtest.games`` games a deal (default 8; ``sim.max_games`` caps the total).
Warnings: a role never played (RS-N011), a role whose every play cost a worker
(RS-N012), a type whose numbers lift or sink all its roles (RS-N017), a role far above or
below the fair share (RS-N018), a card offered often and never picked (RS-N019),
and a role whose ability can never be used (RS-N015, :mod:`.reach`); notes: the
run (RS-N014) and each role's figures (RS-N020). What skill is worth, in the game and
per role (RS-N021-N024), is :mod:`.challenge`'s; the check's playouts also record, for
its first games, whether the seat a challenge would give the tested player won
(:class:`DealGames`), so the greedy player's games of the gap per role are these.
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator import __version__
from generator.cachefile import read_keyed, write_json
from generator.diagnostics import Diagnostic, Severity
from generator.pack.model import Document, Pack, pick_text
from generator.sim.budget import Budget, from_pack, players_from_pack, stop_text
from generator.sim.cache import digest_sources, package_modules
from generator.sim.executors import ExecutorUnavailable, make_executor
from generator.sim.montecarlo import Progress, RunResult, play_chunk, run_games, run_until
from generator.sim.stats import (
    format_interval,
    format_mean,
    format_rate,
    half_width,
    mean_interval,
    mean_of,
    wilson_interval,
)
from generator.systems.roles.challenge import CHECK_FIELD, SKILL_ORDER, challenger_seat, role_skill_games
from generator.systems.roles.content import check_pack, deals_of, read_pack
from generator.systems.roles.engine import (
    DEFAULT_MAX_ROUNDS,
    WIN_NONE,
    WIN_TYPES,
    GameRecord,
    Table,
    play_game,
)
from generator.systems.roles.fast import compile_notice
from generator.systems.roles.figures import (
    NEVER_WORTH_OFFERS,
    TYPE_RATIO,
    RatioSums,
    add_sums,
    far_from_fair,
    fisher_interval,
    pearson,
    ratio_interval,
    type_far_from_fair,
)
from generator.systems.roles.model import TYPES, RoleGame
from generator.systems.roles.policies import DEFAULT_POLICY, POLICIES
from generator.systems.roles.reach import collect_positions, iter_reach

FORMATS = ("text", "json")
CHECK_POLICY = "greedy"
CHECK_BUDGET = Budget(width=0.05, cap=0, batch=1)
"""The width check aims at; the cap and batch come from the game (see the module notes)."""
CACHE_VERSION = 5
"""Part of the playout cache key: bump it when a change alters results beyond the hashed sources."""
HASHED_MODULES = ("generator.systems.roles.engine", "generator.systems.roles.model",
                  "generator.systems.roles.policies", "generator.systems.roles.weights",
                  "generator.systems.roles.fast",
                  "generator.systems.roles.compiled", "generator.systems.roles.reach",
                  "generator.systems.roles.playout", "generator.systems.roles.figures",
                  "generator.systems.roles.challenge",
                  "generator.sim.montecarlo", "generator.sim.stats", "generator.sim.budget")
"""Modules whose source is part of the key: editing the rules, a policy, the greedy
player's compiled listing (:mod:`.compiled`, which gives the Python player's games) or
the reach search invalidates stored playouts, as in the tower and glyph systems."""
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
class DealGames:
    """A picklable simulation: game ``i`` plays ``tables[i % len(tables)]`` (one table per
    deal); its record is ``(deal index, GameRecord)``, and with ``seated`` games
    ``(deal index, GameRecord, seat won)``: whether the seat a challenge gives its tested
    player in game ``i`` won (:func:`.challenge.challenger_seat`; ``None`` from game
    ``seated`` on). Every seat plays the policy, so for game ``i < seated`` that is the
    record of the policy's own challenge game ``i``: the check's greedy playouts are the
    greedy player's games of the skill gap by role, not played twice."""

    tables: tuple[Table, ...]
    policy: str
    players: int
    max_rounds: int = DEFAULT_MAX_ROUNDS
    indexed: bool = True
    seated: int = 0

    def prepare(self) -> Any:
        tables, players, max_rounds = self.tables, self.players, self.max_rounds
        seats = [POLICIES[self.policy]() for _ in range(players)]
        seated = self.seated

        def play(rng: Any, index: int) -> tuple[Any, ...]:
            deal = index % len(tables)
            record = play_game(tables[deal], list(seats), rng, max_rounds)
            if not seated:
                return deal, record
            won = (record.winner == challenger_seat(index, len(tables), players)
                   if index < seated else None)
            return deal, record, won

        return play


@dataclass(frozen=True, slots=True)
class CardStats:
    """Per-role figures of a playout run (plays counted singly; see :class:`RoleFigures`)."""

    played: int
    cost_worker: int
    won: int  # plays in decided games whose player won
    decided: int  # plays in decided games

    @property
    def win_rate(self) -> float:
        return self.won / self.decided if self.decided else 0.0


@dataclass(frozen=True, slots=True)
class RoleFigures:
    """A role's (or a printed card's) figures across the deals: plays, plays that cost
    a worker, offers and picks (choices with another card in hand), and the per-game
    sums of (plays by the winner, plays) over decided games it was dealt in."""

    played: int
    cost_worker: int
    offers: int
    picks: int
    sums: RatioSums

    @property
    def win_share(self) -> float:
        return self.sums.ratio

    @property
    def interval(self) -> tuple[float, float]:
        return ratio_interval(self.sums)

    @property
    def play_rate(self) -> float:
        return self.picks / self.offers if self.offers else 0.0

    @property
    def cost_rate(self) -> float:
        return self.cost_worker / self.played if self.played else 0.0

    def to_list(self) -> list[int]:
        return [self.played, self.cost_worker, self.offers, self.picks, *self.sums.as_list()]

    @staticmethod
    def from_list(values: list[int]) -> RoleFigures:
        played, cost, offers, picks = values[:4]
        return RoleFigures(played, cost, offers, picks, RatioSums(*values[4:]))


@dataclass(frozen=True, slots=True)
class DealResult:
    """The summary of a run over deals (see the module notes). ``copies`` are keyed
    ``(role id, number)``; ``deals`` counts the games of each deal played."""

    policy: str
    players: int
    games: int
    seed: int
    wins: int
    win_types: tuple[tuple[str, int], ...]
    game_length: tuple[tuple[int, int], ...]
    cards: tuple[tuple[str, CardStats], ...]
    roles: tuple[tuple[str, RoleFigures], ...]
    copies: tuple[tuple[tuple[str, int], RoleFigures], ...]
    fair: RatioSums
    deals: tuple[int, ...]

    @property
    def mean_rounds(self) -> float:
        return mean_of(self.game_length) if self.games else 0.0

    def correlation(self) -> tuple[float, tuple[float, float], int]:
        """Pearson r between number and win share over the numbers printed (each
        number's copies pooled over the roles), its Fisher interval and the count."""
        by_number: dict[int, list[int]] = {}
        for (_, number), f in self.copies:
            entry = by_number.setdefault(number, [0, 0])
            entry[0] += f.sums.w
            entry[1] += f.sums.d
        points = [(n, w / d) for n, (w, d) in sorted(by_number.items()) if d]
        r = pearson([p[0] for p in points], [p[1] for p in points])
        return r, fisher_interval(r, len(points)), len(points)

    def to_json(self, game: str) -> dict[str, Any]:
        """The result as the CLI's JSON object (the tower fields, then the role ones)."""
        low, high = wilson_interval(self.wins, self.games)
        types = dict(self.win_types)
        r, (r_low, r_high), points = self.correlation()
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
            "roles": {ident: figures_json(f) for ident, f in self.roles},
            "fair_share": self.fair.ratio,
            "fair_share_ci95": list(ratio_interval(self.fair)),
            "number_correlation": {"r": r, "ci95": [r_low, r_high], "numbers": points},
            "deals": len(self.deals),
            "game_length": {str(k): v for k, v in self.game_length},
            "win_types": types,
        }


def figures_json(f: RoleFigures) -> dict[str, Any]:
    """A role's figures as JSON: plays, win share, play rate and cost rate with intervals."""
    return {"played": f.played, "cost_worker": f.cost_worker, "offers": f.offers,
            "picks": f.picks, "win_share": f.win_share, "win_share_ci95": list(f.interval),
            "play_rate": f.play_rate,
            "play_rate_ci95": list(wilson_interval(f.picks, f.offers)),
            "cost_rate": f.cost_rate,
            "cost_rate_ci95": list(wilson_interval(f.cost_worker, f.played))}


def summarise_deals(run: RunResult[tuple[Any, ...]], tables: tuple[Table, ...],
                    policy: str, players: int) -> DealResult:
    """A :class:`DealResult` from the runner's record counts."""
    types = dict.fromkeys(WIN_TYPES, 0)
    lengths: dict[int, int] = {}
    roles: dict[str, list[Any]] = {}
    copies: dict[tuple[str, int], list[Any]] = {}
    fair = RatioSums()
    deals = [0] * len(tables)
    wins = 0
    for table in tables:
        for i, role in enumerate(table.card_ids):
            roles.setdefault(role, [0, 0, 0, 0, RatioSums()])
            copies.setdefault((role, table.numbers[i]), [0, 0, 0, 0, RatioSums()])
    for (deal, record, *_), n in run.counts:
        table = tables[deal]
        deals[deal] += n
        types[record.win_type] += n
        lengths[record.rounds] = lengths.get(record.rounds, 0) + n
        decided = record.winner >= 0
        wins += n if decided else 0
        per_role: dict[str, list[int]] = {r: [0, 0] for r in table.card_ids}
        per_copy: dict[int, list[int]] = {i: [0, 0] for i in range(len(table.numbers))}
        for play in record.plays:
            role = table.card_ids[play.card]
            entry = roles[role]
            copy = copies[(role, table.numbers[play.card])]
            entry[0] += n
            copy[0] += n
            if play.cost:
                entry[1] += n
                copy[1] += n
            won = 1 if play.seat == record.winner else 0
            per_role[role][0] += won
            per_role[role][1] += 1
            per_copy[play.card][0] += won
            per_copy[play.card][1] += 1
        for i, (offers, picks) in enumerate(zip(record.offers, record.picks, strict=True)):
            for entry in (roles[table.card_ids[i]], copies[(table.card_ids[i], table.numbers[i])]):
                entry[2] += offers * n
                entry[3] += picks * n
        if decided:
            for role, (w, d) in per_role.items():
                roles[role][4] = roles[role][4].add(w, d, n)
            for i, (w, d) in per_copy.items():
                key = (table.card_ids[i], table.numbers[i])
                copies[key][4] = copies[key][4].add(w, d, n)
            fair = fair.add(sum(w for w, _ in per_role.values()),
                            sum(d for _, d in per_role.values()), n)
    role_figures = tuple((r, RoleFigures(*v)) for r, v in sorted(roles.items()))
    cards = tuple((r, CardStats(f.played, f.cost_worker, f.sums.w, f.sums.d))
                  for r, f in role_figures)
    return DealResult(
        policy, players, run.games, run.seed, wins,
        tuple((t, c) for t, c in types.items() if c), tuple(sorted(lengths.items())),
        cards, role_figures,
        tuple((k, RoleFigures(*v)) for k, v in sorted(copies.items())), fair, tuple(deals))


def playtest_deals(tables: tuple[Table, ...], policy: str = DEFAULT_POLICY, games: int = 200,
                   seed: int = 0, players: int = 2, jobs: int | None = 1,
                   scheduler: Any = None, *, budget: Budget | None = None,
                   max_rounds: int = DEFAULT_MAX_ROUNDS, progress: Progress | None = None
                   ) -> tuple[DealResult, str]:
    """Play ``games`` seeded games over the deals (game ``i`` on deal ``i mod D``), or with
    ``budget`` batches of ``budget.batch`` games until every role's win share is within
    ``budget.width`` or ``budget.cap`` games; return the summary and what stopped it
    ('' for a fixed count). KeyError: no such policy."""
    POLICIES[policy]  # fail here, not in a worker
    simulation = DealGames(tables, policy, players, max_rounds)
    with make_executor(jobs, scheduler) as executor:
        if budget is None:
            run = run_games(simulation, games, seed, executor=executor, progress=progress)
            return summarise_deals(run, tables, policy, players), ""
        run, stopped = _run_budget(simulation, seed, budget, executor, progress)
    return summarise_deals(run, tables, policy, players), stopped


def _run_budget(simulation: DealGames, seed: int, budget: Budget, executor: Any = None,
                progress: Progress | None = None) -> tuple[RunResult[Any], str]:
    tables, policy, players = simulation.tables, simulation.policy, simulation.players

    def enough(partial: RunResult[Any]) -> bool:
        result = summarise_deals(partial, tables, policy, players)
        return all(half_width(f.interval) <= budget.width for _, f in result.roles)

    return run_until(simulation, seed, batch=budget.batch, cap=budget.cap, enough=enough,
                     executor=executor, progress=progress)


def check_playouts(tables: tuple[Table, ...], seed: int, players: int, budget: Budget,
                   seated: int) -> tuple[DealResult, str, tuple[tuple[int, int], ...]]:
    """The check's greedy playouts under ``budget`` (as :func:`playtest_deals`), and per
    deal (wins, games) of the challenge seat in games ``0 .. seated-1``
    (:class:`DealGames`), the games past the playouts' stop played for it alone."""
    simulation = DealGames(tables, CHECK_POLICY, players, seated=seated)
    run, stopped = _run_budget(simulation, seed, budget)
    counts = [[0, 0] for _ in tables]
    extra = play_chunk(simulation, seed, run.games, seated) if run.games < seated else {}
    for key, n in [*run.counts, *((k, v[0]) for k, v in extra.items())]:
        won = key[2] if seated else None  # no third field without seated games
        if won is not None:
            counts[key[0]][0] += n if won else 0
            counts[key[0]][1] += n
    return (summarise_deals(run, tables, CHECK_POLICY, players), stopped,
            tuple((w, g) for w, g in counts))


def playtest(table: Table, policy: str = DEFAULT_POLICY, games: int = 200, seed: int = 0,
             players: int = 2, jobs: int | None = 1, scheduler: Any = None, *,
             max_rounds: int = DEFAULT_MAX_ROUNDS, progress: Progress | None = None
             ) -> DealResult:
    """Play ``games`` seeded games of one table (one deal) and summarise them."""
    return playtest_deals((table,), policy, games, seed, players, jobs, scheduler,
                          max_rounds=max_rounds, progress=progress)[0]


def check_budget(pack: Pack, game: RoleGame, deals: int) -> Budget:
    """The check's budget: batches of one game a deal, at most ``playtest.games`` a deal,
    to the pack's ``sim.width`` (``sim.max_games`` caps the total)."""
    default = Budget(CHECK_BUDGET.width, max(1, game.playtest_games * deals), max(1, deals))
    return from_pack(pack.data, default)


def seated_games(pack: Pack, deals: int, budget: Budget) -> int:
    """The games of the check's playouts that are also the greedy player's games of the
    skill gap by role (:func:`.challenge.role_skill_games`; none when ``sim.players``
    names no other player)."""
    others = players_from_pack(pack.data, tuple(POLICIES), CHECK_FIELD, SKILL_ORDER)
    return role_skill_games(deals, budget.cap) if others else 0


def _fingerprint(game_doc: Document, card_docs: list[Document], games: int, players: int,
                 seed: int, budget: Budget | None = None, seated: int = 0) -> str:
    sources = source_digest()
    payload = json.dumps([CACHE_VERSION, game_doc.data, [d.data for d in card_docs], games,
                          players, seed, CHECK_POLICY, sources,
                          [budget.width, budget.cap, budget.batch] if budget else None,
                          seated], sort_keys=True, default=str)
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


FIGURE_KEYS = ("roles", "copies", "fair", "deals", "games", "stopped", "win_types",
               "game_length", "positions", "reach", "seated", "seated_games")


def result_figures(result: DealResult, stopped: str) -> dict[str, Any]:
    """The JSON-safe figures of a check run (what the cache keeps)."""
    return {
        "roles": {r: f.to_list() for r, f in result.roles},
        "copies": [[r, n, *f.to_list()] for (r, n), f in result.copies],
        "fair": result.fair.as_list(),
        "deals": list(result.deals),
        "games": result.games,
        "stopped": stopped,
        "win_types": dict(result.win_types),
        "game_length": [[k, n] for k, n in result.game_length],
    }


def figures_result(found: Mapping[str, Any], players: int, seed: int) -> DealResult:
    """A :class:`DealResult` from :func:`result_figures`' JSON (for the warnings)."""
    roles = tuple((r, RoleFigures.from_list(v)) for r, v in sorted(found["roles"].items()))
    lengths = tuple((k, n) for k, n in found["game_length"])
    return DealResult(
        CHECK_POLICY, players, found["games"], seed,
        found["games"] - found["win_types"].get(WIN_NONE, 0),
        tuple(sorted(found["win_types"].items())), lengths,
        tuple((r, CardStats(f.played, f.cost_worker, f.sums.w, f.sums.d)) for r, f in roles),
        roles, tuple(((c[0], c[1]), RoleFigures.from_list(c[2:])) for c in found["copies"]),
        RatioSums(*found["fair"]), tuple(found["deals"]))


FIGURES = "roles.figures"
"""The key in ``Pack.stage`` of this run's check figures, by :func:`cached_stats`'s key."""


def cached_stats(pack: Pack, game: RoleGame, game_doc: Document, tables: tuple[Table, ...],
                 cache: Path | None, progress: Callable[[str], None] | None = None
                 ) -> dict[str, Any]:
    """The check's figures (cached): :func:`result_figures`, ``positions`` (positions
    searched for RS-N015), ``reach`` (per judged role ``[proof, first usable
    position]``, see :func:`.reach.iter_reach`), and per deal the greedy challenge seat's
    wins in the first ``seated_games`` games (:func:`check_playouts`, for RS-N023)."""
    card_docs = sorted(pack.of_kind("role-card"), key=lambda d: d.id)
    budget = check_budget(pack, game, len(tables))
    seated = seated_games(pack, len(tables), budget)
    key = _fingerprint(game_doc, card_docs, game.playtest_games, game.playtest_players,
                       game.seed, budget, seated)
    run: dict[str, dict[str, Any]] = pack.stage.setdefault(FIGURES, {})
    path = cache / f"roles-{game.id}.json" if cache is not None else None
    stored = read_keyed(path, key) if path is not None else None
    if stored is not None and _well_formed(stored, tables):
        run[key] = {k: stored[k] for k in FIGURE_KEYS}
        return dict(run[key])
    if key in run:  # this run's own, handed from check to the report as a value
        if path is not None:  # and kept for the next run, where the folder lacks it
            write_json(path, {"fingerprint": key, **run[key]})
        return dict(run[key])
    if progress is not None:
        compile_notice(progress)
        progress(f"roles: '{game.id}': {CHECK_POLICY} playouts over {len(tables)} deals")
    result, stopped, seat_counts = check_playouts(tables, game.seed, game.playtest_players,
                                                  budget, seated)
    positions = collect_positions(tables, game.playtest_games * len(tables), game.seed,
                                  game.playtest_players)
    found = result_figures(result, stopped)
    found["seated"] = [w for w, _ in seat_counts]
    found["seated_games"] = seated
    found["positions"] = len(positions)
    found["reach"] = {ident: [proof, first] for ident, proof, first
                      in iter_reach(tables, read_pack(pack)[0], positions)}
    if path is not None:
        write_json(path, {"fingerprint": key, **found})
    run[key] = found
    return dict(found)


def _ints(values: Any, length: int) -> bool:
    return (isinstance(values, list) and len(values) == length
            and all(type(x) is int and x >= 0 for x in values))


def _well_formed(stored: dict[str, Any], tables: tuple[Table, ...]) -> bool:
    """Whether a cached entry has the shape :func:`cached_stats` writes."""
    roles = stored.get("roles")
    copies = stored.get("copies")
    ids = {r for t in tables for r in t.card_ids}
    keys = {(r, t.numbers[i]) for t in tables for i, r in enumerate(t.card_ids)}
    lengths, types = stored.get("game_length"), stored.get("win_types")
    reach = stored.get("reach")
    seated, each = stored.get("seated_games"), 0
    if type(seated) is int and seated >= 0:
        each = seated // len(tables)
    return (type(seated) is int and seated == each * len(tables)
            and _ints(stored.get("seated"), len(tables))
            and all(w <= each for w in stored["seated"])
            and isinstance(roles, dict) and set(roles) == ids
            and all(_ints(v, 10) for v in roles.values())
            and isinstance(copies, list) and all(
                isinstance(c, list) and len(c) == 12 and isinstance(c[0], str)
                and _ints(c[1:], 11) for c in copies)
            and {(c[0], c[1]) for c in copies} == keys
            and _ints(stored.get("fair"), 6) and _ints(stored.get("deals"), len(tables))
            and type(stored.get("games")) is int
            and stored.get("games") == sum(stored["deals"])
            and stored.get("stopped") in ("width", "cap")
            and isinstance(lengths, list) and all(_ints(v, 2) for v in lengths)
            and sum(n for _, n in lengths) == stored["games"]
            and isinstance(types, dict) and set(types) <= set(WIN_TYPES)
            and all(type(n) is int and n >= 0 for n in types.values())
            and type(stored.get("positions")) is int and stored["positions"] >= 0
            and isinstance(reach, dict) and set(reach) <= ids
            and all(isinstance(v, list) and len(v) == 2 and isinstance(v[0], str)
                    and type(v[1]) is int and v[1] >= -1 for v in reach.values()))


def _share(f: RoleFigures) -> str:
    return f"{f.win_share * 100:.0f}% {format_interval(f.interval, digits=0)}"


def iter_card_warnings(result: DealResult, docs: Mapping[str, Document], game_doc: Document
                       ) -> Iterator[Diagnostic]:
    """RS-N011, N012, N017, N018, N019 and the RS-N020 notes from a run (pure)."""
    fair, fair_interval = result.fair.ratio, ratio_interval(result.fair)
    for ident, f in result.roles:
        doc = docs[ident]
        if not f.played:
            yield doc.diag("RS-N011", f"'{ident}' was never played in the check playouts "
                           "(never dealt or never chosen; whether it can be played at all "
                           "is RS-N015's question)", ("abilities",))
        elif f.cost_worker == f.played:
            yield doc.diag("RS-N012", f"'{ident}' cost its player a worker every time it was "
                           f"played ({f.played} plays)", ("abilities",))
        way = far_from_fair(f.win_share, f.interval, fair, fair_interval)
        if way:
            yield doc.diag("RS-N018", f"'{ident}' wins far {way} a fair share: its players "
                           f"won {_share(f)} of its plays, every card "
                           f"{fair * 100:.0f}% {format_interval(fair_interval, digits=0)} "
                           "(95% intervals over games)", ("name",))
        yield doc.diag("RS-N020", f"'{ident}' across {sum(1 for d in result.deals if d)} "
                       f"deals: win share {_share(f)} (fair {fair * 100:.0f}%), play rate "
                       f"{format_rate(f.picks, f.offers, 0)}, cost a worker "
                       f"{format_rate(f.cost_worker, f.played, 0)}", ("name",))
    for (ident, number), f in result.copies:
        if f.offers >= NEVER_WORTH_OFFERS and not f.picks:
            yield docs[ident].diag("RS-N019", f"'{ident}' numbered {number} was never worth "
                                   f"playing: offered in {f.offers} choices with another "
                                   "card in hand, never picked", ("name",))
    by_type: dict[str, RatioSums] = {}
    for ident, f in result.roles:
        kind = str(docs[ident].data.get("type", ""))
        by_type[kind] = add_sums(by_type.get(kind, RatioSums()), f.sums)
    numbers = game_doc.data.get("numbers", {})
    for kind in TYPES:
        sums = by_type.get(kind)
        if sums is None or not sums.d:
            continue
        interval = ratio_interval(sums)
        way = type_far_from_fair(sums.ratio, interval, fair, fair_interval)
        if way:
            low = "high" if way == "above" else "low"
            yield game_doc.diag(
                "RS-N017", f"the {kind} numbers give every {kind} role the Statue too "
                f"{'often' if way == 'above' else 'rarely'}: {kind} cards won "
                f"{sums.ratio * 100:.1f}% {format_interval(interval, digits=1)} of their "
                f"plays, every card {fair * 100:.1f}% "
                f"{format_interval(fair_interval, digits=1)} (warned beyond {TYPE_RATIO:g}x "
                "the fair share with 95% intervals apart over games)",
                ("numbers", kind) if kind in numbers else ("roles",),
                hint=f"the {kind} numbers are too {low}: trade some with another type "
                "(riddlesmith explain RS-N017)")


def iter_reach_warnings(reach: dict[str, list[Any]], positions: int,
                        docs: Mapping[str, Document]) -> Iterator[Diagnostic]:
    """RS-N015 from the reach figures of :func:`cached_stats` (pure)."""
    for ident, (proof, first) in sorted(reach.items()):
        if proof:
            yield docs[ident].diag("RS-N015", f"'{ident}' can never be played as written: "
                                   f"{proof}", ("abilities",))
        elif first < 0 and positions:
            yield docs[ident].diag("RS-N015", f"'{ident}' could not use its ability in any of "
                                   f"the {positions} positions the check playouts reached "
                                   "(an estimate)", ("abilities",))


def iter_playout_problems(pack: Pack, cache: Path | None,
                          progress: Callable[[str], None] | None = None
                          ) -> Iterator[Diagnostic]:
    """The balance warnings of every role game of a checked pack (``progress`` hears of
    playouts that are not in the cache)."""
    cards, docs, games = read_pack(pack)
    for game, _, doc in games:
        deals, tables = deals_of(pack, game)
        if not tables:
            continue
        figures = cached_stats(pack, game, doc, tables, cache, progress)
        result = figures_result(figures, game.playtest_players, game.seed)
        yield from iter_card_warnings(result, docs, doc)
        yield from iter_reach_warnings(figures["reach"], figures["positions"], docs)
        budget = check_budget(pack, game, len(tables))
        types = ", ".join(f"{t} {n} ({format_rate(n, result.games, 0)})"
                          for t, n in sorted(figures["win_types"].items()))
        r, interval, _ = result.correlation()
        yield doc.diag("RS-N014", f"{result.games} {CHECK_POLICY} playouts of "
                       f"{game.playtest_players} players over {len(deals)} deals (seed "
                       f"{game.seed}; one game a deal a batch, until every role's win share "
                       f"is within +-{budget.width * 100:g} points, at most {budget.cap} "
                       f"games: {stop_text(figures['stopped'])}): {types}; mean "
                       f"{format_mean(result.game_length, 1)} rounds; fair share "
                       f"{result.fair.ratio * 100:.0f}% "
                       f"{format_interval(ratio_interval(result.fair), digits=0)}; number "
                       f"r = {r:.2f} {format_interval(interval, False, 2)} (the Statue's own pull, "
                       "not judged: RS-N017 judges each type's numbers; 95% intervals)",
                       ("playtest",) if "playtest" in doc.data else ("roles",))
        from generator.systems.roles.challenge import (
            iter_role_skill_problems,
            iter_skill_problems,
        )

        card_docs = sorted(pack.of_kind("role-card"), key=lambda d: d.id)
        key = _fingerprint(doc, card_docs, game.playtest_games, game.playtest_players,
                           game.seed, budget, figures["seated_games"])
        yield from iter_skill_problems(
            pack, game.id, doc, tables, game.playtest_players, game.seed,
            result.wins / result.games if result.games else 0.0, budget, key, cache)
        each = figures["seated_games"] // len(tables)
        yield from iter_role_skill_problems(pack, game.id, doc, docs, game.roles, tables,
                                            game.playtest_players, game.seed, budget, key,
                                            cache, tuple((w, each) for w in figures["seated"]))


CARD_FIELDS = ("played", "cost_worker", "won", "decided")
"""The names of a role's figures under ``cards`` in the build report."""
REACH_FIELDS = ("proof", "first_usable_position")


def report_playouts(pack: Pack, cache: Path | None) -> dict[str, Any]:
    """Per-game figures of the check, for the build report: per role under ``cards``
    (:data:`CARD_FIELDS` and the win rate when played with its Wilson interval over
    plays), under ``roles`` (:func:`figures_json`), the fair share, the number
    correlation, and the reach as a record named by :data:`REACH_FIELDS`."""
    cards, _, games = read_pack(pack)
    out: dict[str, Any] = {}
    for game, problem, doc in games:
        if problem:
            continue
        deals, tables = deals_of(pack, game)
        if not tables:
            continue
        stats = cached_stats(pack, game, doc, tables, cache)
        result = figures_result(stats, game.playtest_players, game.seed)
        full = result.to_json(game.id)
        lengths = tuple((k, n) for k, n in stats["game_length"])
        out[game.id] = {
            "cards": {i: {**dict(zip(CARD_FIELDS, [s.played, s.cost_worker, s.won,
                                                   s.decided], strict=True)),
                          "win_rate_when_played": s.win_rate,
                          "win_rate_ci95": list(wilson_interval(s.won, s.decided))}
                      for i, s in result.cards},
            "roles": full["roles"],
            "copies": {f"{r} {n}": figures_json(f) for (r, n), f in result.copies},
            "fair_share": full["fair_share"], "fair_share_ci95": full["fair_share_ci95"],
            "number_correlation": full["number_correlation"],
            "win_types": stats["win_types"], "game_length": stats["game_length"],
            "mean_rounds": mean_of(lengths), "mean_rounds_ci95": list(mean_interval(lengths)),
            "reach": {i: dict(zip(REACH_FIELDS, v, strict=True))
                      for i, v in stats["reach"].items()},
            "positions": stats["positions"], "stopped": stats["stopped"],
            "games": result.games, "deals": len(deals), "players": game.playtest_players}
    return out


def format_playtest(result: DealResult, game: str, stopped: str = "") -> str:
    """The text report of a playtest."""
    r, interval, points = result.correlation()
    lines = [f"{game}: {result.games} games over {len(result.deals)} deals, {result.players} "
             f"players, policy {result.policy}, seed {result.seed}"
             + (f" ({stop_text(stopped)})" if stopped else ""),
             f"  decided: {result.wins} ({format_rate(result.wins, result.games, 0)}); mean "
             f"rounds {format_mean(result.game_length, 1)}",
             "  win types: " + ", ".join(f"{t} {n} ({format_rate(n, result.games, 0)})"
                                         for t, n in result.win_types),
             f"  fair share {result.fair.ratio * 100:.0f}% "
             f"{format_interval(ratio_interval(result.fair), digits=0)}; win share by number: "
             f"r = {r:.2f} {format_interval(interval, False, 2)} over {points} numbers",
             "  role                  played   win share        play rate        cost a worker"]
    for ident, f in result.roles:
        lines.append(f"  {ident:<20} {f.played:>7}   {_share(f):<15}  "
                     f"{format_rate(f.picks, f.offers, 0):<15}  "
                     f"{format_rate(f.cost_worker, f.played, 0)}")
    lines.extend([
        "  (played: plays of the role's copies; win share: the share of its plays in decided",
        "  games made by the winner, beside the fair share; play rate: how often a hand holding",
        "  it with another card picked it; cost a worker: the share of its plays after which",
        "  its player had no move that follows it and lost a worker)"])
    lines.append("  (95% intervals: win shares per game, Wilson for rates, Student t for means)")
    return "\n".join(lines) + "\n"


def run_playtest(pack_path: str | Path, ident: str, games: int, policy: str, seed: int,
                 jobs: int | None, scheduler: str | None, fmt: str,
                 progress: Progress | None = None, players: int | None = None,
                 against: str | None = None, replay: int | None = None) -> tuple[int, str]:
    """Playtest role game ``ident`` of the pack over all its deals: (exit code, text); 2
    for usage problems. ``against``: ``policy`` plays one seat against this policy in the
    others (:mod:`.challenge`)."""
    from generator.pack.loader import UsageError, load_packs
    from generator.pack.schema import load_schemas
    from generator.registry import discover_systems
    if fmt not in FORMATS:
        return 2, f"riddlesmith: unknown format '{fmt}' (choose {', '.join(FORMATS)})"
    for name in (policy, against or policy):
        if name not in POLICIES:
            return 2, f"riddlesmith: unknown policy '{name}' (choose {', '.join(POLICIES)})"
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
                deals, tables = deals_of(pack, game)
                if replay is not None:
                    from generator.systems.roles.replay import replay_text

                    return 0, replay_text(tables[replay % len(tables)], tables, ident, policy,
                                          seed, replay, seats, against)
                if against is not None:
                    from generator.systems.roles.challenge import run_challenge

                    return run_challenge(tables, ident, f"{ident} ({pick_text(game.title, None)})",
                                         policy, against, games, seed, seats, jobs, scheduler,
                                         fmt, progress, tuple(d.label() for d in deals),
                                         game.roles)
                result, _ = playtest_deals(tables, policy, games, seed, seats, jobs,
                                           scheduler, progress=progress)
            except (ExecutorUnavailable, ValueError) as exc:
                return 2, f"riddlesmith: {exc}"
            if fmt == "json":
                return 0, json.dumps(result.to_json(ident), indent=2)
            return 0, format_playtest(result, f"{ident} ({pick_text(game.title, None)})")
    return 2, f"riddlesmith: no role game '{ident}' in {pack_path}"
