"""What ``check`` simulates for a glyph game: the degree curve and the cards' difficulty.

- The win-rate curve: at each degree 1-8, ``planner`` games (seed 1) in batches
  of 20 until the win rate's 95 % interval is within +-5 points, at most 40
  games a degree (:class:`SimSettings`; a pack's ``sim:`` setting changes the
  width and the cap). The planner plays about 25 games a CPU second, so the
  width would cost about a minute: the cap keeps ``check`` near 15 s and the
  curve note says which degrees it stopped. ``riddlesmith playtest`` measures
  one degree closely.
- Card difficulty: each card's minimum actions (:func:`~.solver.card_difficulty`)
  from 3 seeded shuffled grids of the standard set-up, within a search budget
  of 1,000 states (a lower bound where the budget ran out; the report counts
  the proved ones per card).

Both are cached like the tower system's simulations: one JSON file in the
pack's cache folder, named by a hash of everything the result depends on
(the compiled table, the settings, the simulator's version and the source of
its modules), written atomically; an unreadable or stale file is replaced.

Diagnostics (RS-X1xx):

- **RS-X101** (warning), at the higher degree's entry: its win rate is above
  a lower degree's beyond both 95 % intervals (clearly easier);
- **RS-X102** (warning), at the game's ``deck_size``: a deck's mean minimum
  actions is not above the previous deck's;
- **RS-X103** (info), at ``degrees``: the curve, degree by degree, each rate
  with its interval and games, and which degrees the cap stopped;
- **RS-X104** (info), at the first degree of a plateau: adjacent degrees won
  within 5 points of each other;
- **RS-X105** (warning), at the later degree: a cliff, the win rate drops more
  than 25 points from one degree to the next;
- **RS-X106** (info), at ``degrees``: the skill gap at each degree, the strongest
  player's win rate minus the weakest's (the check's planner and the players of
  ``sim.players``, default ``random``; each on the same seeds and budget);
- **RS-X107** (warning), at the degree: a stronger player won less than a weaker one
  beyond both 95 % intervals.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator import __version__
from generator.cachefile import read_keyed, write_text
from generator.diagnostics import Diagnostic
from generator.pack.model import Pack
from generator.sim.cache import digest_sources
from generator.sim.budget import DEFAULT_PLAYERS, DEFAULT_WIDTH, Budget, from_pack, players_from_pack
from generator.sim.montecarlo import STOPPED_BY_CAP
from generator.sim.stats import (
    PLATEAU_AT_MOST,
    classify_curve,
    format_rate,
    mean_interval,
    plateau_runs,
    wilson_interval,
    wrong_way,
)
from generator.systems.glyphs.content import models_of
from generator.systems.glyphs.model import Table
from generator.skill import compare_policies, strength_order
from generator.systems.glyphs.playtest import playtest_until, standard_setup
from generator.systems.glyphs.policies import POLICIES, SKILL_ORDER
from generator.systems.glyphs.solver import INFINITY, card_difficulty

SIM_VERSION = 3
CACHE_PREFIX = "glyphs-sim-"
HASHED_MODULES = ("generator.systems.glyphs.board", "generator.systems.glyphs.game",
                  "generator.systems.glyphs.policies", "generator.systems.glyphs.scoring",
                  "generator.systems.glyphs.compiled",
                  "generator.systems.glyphs.solver",
                  "generator.systems.glyphs.playtest", "generator.systems.glyphs.sim_checks",
                  "generator.sim.montecarlo", "generator.sim.stats", "generator.sim.budget")
"""Modules whose source is part of the key: every one that computes a stored figure
(this one computes the curve's means; ``sim.stats`` its Wilson intervals; ``compiled``
is the planner's numba kernel, which decides the games when numba is installed)."""


@dataclass(frozen=True, slots=True)
class SimSettings:
    games: int = 40
    """At most this many games a degree (the cap)."""
    policy: str = "planner"
    seed: int = 1
    grids: int = 3
    budget: int = 1_000
    width: float = DEFAULT_WIDTH
    """Play batches until each degree's win rate is within +- this (a share)."""
    batch: int = 20
    players: tuple[str, ...] = DEFAULT_PLAYERS
    """The players compared with ``policy`` at every degree, on the same seeds and budget
    (``sim.players``): the skill gap."""

    @property
    def games_budget(self) -> Budget:
        return Budget(self.width, self.games, self.batch)


def settings_for(pack: Pack, settings: SimSettings | None = None) -> SimSettings:
    """The check's settings with the width and cap of the pack's ``sim:`` setting."""
    base = settings or DEFAULT_SETTINGS
    chosen = from_pack(pack.data, base.games_budget)
    players = players_from_pack(pack.data, POLICIES, base.policy, SKILL_ORDER)
    return dataclasses.replace(base, width=chosen.width, games=chosen.cap, players=players)


DEFAULT_SETTINGS = SimSettings()
"""What ``check`` and the build report simulate."""


def fingerprint(table: Table, settings: SimSettings) -> str:
    blob = json.dumps({"table": dataclasses.asdict(table),
                       "settings": dataclasses.asdict(settings),
                       "sources": digest_sources(HASHED_MODULES, f"{SIM_VERSION}:{__version__}")}, sort_keys=True)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


COMPILE_NOTICE = ("glyphs: compiling the planner's turn once, about 30 s of CPU (later runs "
                  "load it from numba's cache; 'riddlesmith warm' does it ahead)")


def _compile_notice(progress: Callable[[str], None]) -> None:
    """Say so before the first game when the compiled planner is on and not compiled yet:
    the wait is the compile, not the games (the results are the same either way)."""
    from generator.systems.glyphs.policies import planning_kernel

    kernel = planning_kernel()
    if kernel is not None and not kernel.compiled_already():
        progress(COMPILE_NOTICE)


def simulate(table: Table, settings: SimSettings | None = None,
             cache_dir: Path | None = None,
             progress: Callable[[str], None] | None = None,
             run: dict[str, Any] | None = None) -> dict[str, Any]:
    """The curve and the card difficulties as a JSON-ready dict (cached); ``progress``
    hears of each degree played and of the card difficulties as they finish. ``run``
    (:func:`.content.results_of`) answers what this run simulated already and keeps
    every answer, by cache key."""
    settings = settings or DEFAULT_SETTINGS
    path = None
    key = ""
    if cache_dir is not None or run is not None:
        key = fingerprint(table, settings)
    if run is not None and isinstance(run.get(CACHE_PREFIX + key), dict):
        return dict(run[CACHE_PREFIX + key])
    if cache_dir is not None:
        path = Path(cache_dir) / f"{CACHE_PREFIX}{key[:32]}.json"
        stored = read_keyed(path, key)  # a regular, size-capped file holding a JSON object
        if stored is not None and consistent(stored.get("result"), table, settings):
            if run is not None:
                run[CACHE_PREFIX + key] = dict(stored["result"])
            return dict(stored["result"])
    curve = []
    if progress is not None:
        _compile_notice(progress)
    for degree in table.degrees:
        started = time.process_time()
        r, stopped = playtest_until(table, degree.degree, settings.policy, settings.seed,
                                    settings.games_budget)
        curve.append({"degree": degree.degree, "games": r.games, "wins": r.wins,
                      "win_rate": r.win_rate, "ci95": list(r.ci95), "stopped": stopped,
                      "mean_solved": sum(k * v for k, v in r.solved) / max(1, r.games),
                      "mean_solved_ci95": list(mean_interval(r.solved)),
                      "players": [_player(table, degree.degree, p, settings)
                                  for p in settings.players]})
        if progress is not None:
            progress(f"glyphs: degree {degree.degree}: {settings.policy} won "
                     f"{format_rate(r.wins, r.games)} of {r.games} games "
                     f"({time.process_time() - started:.1f} s)")
    setup = standard_setup(table)
    if progress is not None:
        progress(f"glyphs: fewest actions of {len(table.cards)} riddle cards")
    cards = []
    for card in table.cards:
        found = card_difficulty(table.n, table.symbol_of, card.id, card.wanted,
                                bool(card.jokers), table.pattern(setup), settings.grids,
                                settings.seed, settings.budget)
        values = [a for a in found.actions if a < INFINITY]
        cards.append({"card": card.id, "deck": card.deck, "actions": list(found.actions),
                      "exact": found.exact,
                      "mean_min_actions": round(sum(values) / len(values), 3) if values else None})
    result = {"policy": settings.policy, "seed": settings.seed, "setup": setup,
              "curve": curve, "cards": cards}
    if path is not None:
        write_text(path, json.dumps({"fingerprint": key, "result": result}, indent=1,
                                           sort_keys=True) + "\n")
    if run is not None:
        run[CACHE_PREFIX + key] = dict(result)
    return result


def _player(table: Table, degree: int, policy: str, settings: SimSettings) -> dict[str, Any]:
    """Another player's games at one degree (the skill gap's other side)."""
    r, stopped = playtest_until(table, degree, policy, settings.seed, settings.games_budget)
    return {"policy": policy, "games": r.games, "wins": r.wins, "ci95": list(r.ci95),
            "stopped": stopped}


def _player_consistent(entry: Any, policy: str, budget: Budget) -> bool:
    games, wins = entry["games"], entry["wins"]
    return (entry["policy"] == policy and type(games) is int and type(wins) is int
            and budget.possible(games) and budget.consistent(wins, games)
            and tuple(entry["ci95"]) == wilson_interval(wins, games)
            and entry["stopped"] == budget.stopped_by(wins, games))


def consistent(result: Any, table: Table, settings: SimSettings) -> bool:
    """Whether a cached result is one these settings could have produced: a cache is
    never a source of truth, so an edited or truncated entry is recomputed.

    The curve has one entry per degree of the table, each with a count of games where
    the settings' batches stop (a batch boundary narrow enough, or the cap), at most
    that many wins, the matching rate, Wilson interval and stop reason; the cards
    are the table's, each with one action count per grid and the mean of the finite
    ones.
    """
    try:
        if not isinstance(result, dict) or result.get("seed") != settings.seed \
                or result.get("policy") != settings.policy:
            return False
        curve, cards = result["curve"], result["cards"]
        if [c["degree"] for c in curve] != [d.degree for d in table.degrees]:
            return False
        budget = settings.games_budget
        for c in curve:
            games, wins = c["games"], c["wins"]
            if not (type(games) is int and type(wins) is int and budget.possible(games)
                    and budget.consistent(wins, games) and c["win_rate"] == wins / games
                    and tuple(c["ci95"]) == wilson_interval(wins, games)
                    and c["stopped"] == budget.stopped_by(wins, games)
                    and 0 <= c["mean_solved"] <= 9
                    and len(c["mean_solved_ci95"]) == 2
                    and c["mean_solved_ci95"][0] <= c["mean_solved"] <= c["mean_solved_ci95"][1]
                    and len(c["players"]) == len(settings.players)
                    and all(_player_consistent(e, p, budget)
                            for e, p in zip(c["players"], settings.players))):
                return False
        if [(c["card"], c["deck"]) for c in cards] != [(t.id, t.deck) for t in table.cards]:
            return False
        for c in cards:
            actions = c["actions"]
            if len(actions) != settings.grids or not all(type(a) is int and a >= 0
                                                         for a in actions):
                return False
            finite = [a for a in actions if a < INFINITY]
            mean = round(sum(finite) / len(finite), 3) if finite else None
            if c["mean_min_actions"] != mean:
                return False
        return True
    except (KeyError, TypeError, ValueError, AttributeError):
        return False


def deck_means(result: dict[str, Any]) -> dict[int, float]:
    by_deck: dict[int, list[float]] = {}
    for card in result["cards"]:
        if card["mean_min_actions"] is not None:
            by_deck.setdefault(card["deck"], []).append(card["mean_min_actions"])
    return {d: round(sum(v) / len(v), 3) for d, v in sorted(by_deck.items())}


def iter_simulation_problems(pack: Pack, loaded: Any, cache_dir: Path | None,
                             settings: SimSettings | None = None,
                             progress: Callable[[str], None] | None = None,
                             run: dict[str, Any] | None = None) -> Iterator[Diagnostic]:
    """RS-X101 to RS-X107 for the pack's game (its checks passed); ``run`` keeps the
    result for the build's report (:func:`.content.results_of`)."""
    table, doc = loaded.table, loaded.game_doc
    settings = settings or settings_for(pack)
    result = simulate(table, settings, cache_dir, progress, run)
    curve = result["curve"]
    index = {d.degree: i for i, d in enumerate(loaded.game.degrees)}

    def figure(c: dict[str, Any]) -> str:
        return f"degree {c['degree']} {format_rate(c['wins'], c['games'])}"

    ordered = sorted(curve, key=lambda c: c["degree"])
    for i, j in wrong_way([tuple(c["ci95"]) for c in ordered]):
        later, earlier = ordered[j], ordered[i]
        if earlier["degree"] < later["degree"]:
            yield doc.diag("RS-X101", f"{figure(later)} of playtests won, clearly more than "
                           f"{figure(earlier)} (the 95% intervals do not overlap)",
                           ("degrees", index[later["degree"]]),
                           hint="make the higher degree's decks or set-up harder")
    means = deck_means(result)
    decks = sorted(means)
    for a, b in zip(decks, decks[1:]):
        if means[b] <= means[a]:
            yield doc.diag("RS-X102", f"deck {b} needs {means[b]:.2f} actions per card on "
                           f"average, no more than deck {a} ({means[a]:.2f})", ("deck_size",))
    budget = settings.games_budget
    summary = ", ".join(f"{c['degree']}: {format_rate(c['wins'], c['games'])} ({c['games']})"
                        for c in curve)
    capped = [str(c["degree"]) for c in curve if c["stopped"] == STOPPED_BY_CAP]
    stop = (f"the cap stopped degree{'s' if len(capped) > 1 else ''} {', '.join(capped)} "
            f"before +-{budget.width * 100:g} points (sim.max_games in pack.yaml plays more)"
            if capped else f"every interval within +-{budget.width * 100:g} points")
    yield doc.diag("RS-X103", f"win rates by degree ({result['policy']}, seed "
                   f"{result['seed']}; games {budget.describe()} a degree): {summary}; {stop}",
                   ("degrees",), key=True)
    yield from _skill_problems(doc, ordered, result["policy"], index)
    steps = classify_curve([c["win_rate"] for c in ordered])
    for first, last in plateau_runs(steps):
        flat = ordered[first:last + 1]
        yield doc.diag("RS-X104", f"plateau: {', '.join(figure(c) for c in flat)}: each won "
                       f"within {PLATEAU_AT_MOST * 100:g} points of the degree before, so "
                       "these degrees play alike", ("degrees", index[flat[0]["degree"]]),
                       hint="give the degrees of the plateau harder decks or set-ups, or "
                       "accept it")
    for step in steps:
        if step.kind == "cliff":
            a, b = ordered[step.first], ordered[step.second]
            yield doc.diag("RS-X105", f"cliff: the win rate drops {-step.change * 100:.1f} "
                           f"points from {figure(a)} to {figure(b)}",
                           ("degrees", index[b["degree"]]),
                           hint="soften the later degree (another deck or set-up), or add "
                           "a step between them")


def _skill_problems(doc: Any, ordered: list[dict[str, Any]], policy: str,
                    index: dict[int, int]) -> Iterator[Diagnostic]:
    """RS-X106 (the skill gap by degree) and RS-X107 (a stronger player winning less)."""
    if not ordered or not ordered[0].get("players"):
        return  # no other player compared (or a curve from before the skill gap)
    gaps = []
    for c in ordered:
        results = {p["policy"]: p for p in c["players"]}
        results[policy] = c
        comparison = compare_policies(results, SKILL_ORDER)
        lo, hi = comparison["skill_gap_ci95"]
        gaps.append(f"{c['degree']}: {comparison['skill_gap'] * 100:+.0f} "
                    f"[{lo * 100:+.0f}, {hi * 100:+.0f}]")
        for inv in comparison["inversions"]:
            stronger, weaker = results[inv["stronger"]], results[inv["weaker"]]
            yield doc.diag("RS-X107", f"degree {c['degree']}: the {inv['stronger']} player won "
                           f"{format_rate(stronger['wins'], stronger['games'])}, clearly less "
                           f"than the weaker {inv['weaker']} player's "
                           f"{format_rate(weaker['wins'], weaker['games'])}",
                           ("degrees", index[c["degree"]]),
                           hint="skill should pay: luck decides this degree, or a player "
                           "misreads a rule")
    names = strength_order([policy, *(p["policy"] for p in ordered[0]["players"])],
                           SKILL_ORDER)
    yield doc.diag("RS-X106", f"skill gap by degree ({names[-1]} - {names[0]}, points, 95% "
                   f"interval): {', '.join(gaps)}", ("degrees",), key=True)


def report_simulations(pack: Pack, cache_dir: Path | None,
                       run: dict[str, Any] | None = None) -> dict[str, Any]:
    """The build report's figures: counts, the curve and each card's difficulty (with
    ``run``, the result check kept there: nothing is played or read again)."""
    loaded, _ = models_of(pack)
    counts = {"riddles": len(loaded.riddles),
              "tiles": loaded.glyphs.total if loaded.glyphs else 0}
    if loaded.table is None:
        return {"counts": counts}
    result = simulate(loaded.table, settings_for(pack), cache_dir, run=run)
    return {"counts": counts, **result, "cards": [labelled_card(c) for c in result["cards"]],
            "deck_mean_min_actions": {str(k): v for k, v in deck_means(result).items()}}


def labelled_card(card: dict[str, Any]) -> dict[str, Any]:
    """A card's difficulty for the report: its fewest actions named by the grid they were
    found from (``grid 1``...), so each figure has its own column in the preview.

    >>> labelled_card({"card": "c", "deck": 1, "actions": [1, 2], "exact": 2,
    ...                "mean_min_actions": 1.5})["min_actions"]
    {'grid 1': 1, 'grid 2': 2}
    """
    out = {k: v for k, v in card.items() if k != "actions"}
    grids = {f"grid {i}": a for i, a in enumerate(card["actions"], 1)}
    return {"card": out.pop("card"), "deck": out.pop("deck"), "min_actions": grids, **out}


__all__ = ["DEFAULT_SETTINGS", "SimSettings", "deck_means", "iter_simulation_problems",
           "labelled_card", "report_simulations", "settings_for", "simulate"]
