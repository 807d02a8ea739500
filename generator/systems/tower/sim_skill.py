"""What ``check`` adds to the tower's simulations: the skill gap by scenario, and each
god card's win rate beside the plain game's.

- **Skill gap** (RS-T109, RS-T110): in each campaign, every scenario is played by
  the players of ``sim.players`` (default ``random``) with the check's budget and
  seed, beside the check's greedy playtest; the note gives the strongest player's
  win rate minus the weakest's with Newcombe's 95 % interval, scenario by scenario
  in campaign order, and a stronger player whose interval lies wholly below a
  weaker one's is a warning at the scenario.
- **God cards** (RS-T111, RS-T112): every card is played, greedy, for
  :data:`CARD_GAMES` seeded games on each clean scenario under the base rules, and
  so is the plain game on the same seeds; the note at the card gives both pooled
  win rates and the difference with its 95 % interval. An easy card whose
  difference lies wholly below zero at 99 % (it makes the game harder), or an expert
  card wholly above (easier), is a warning: the card is in the wrong pile, or its
  hook misplays (99 %, as a deck holds many cards: see :data:`Z99`).

Both are cached in the check's cache folder by the fingerprint of the compiled game
(map, set-up, rules), the settings and the simulator's sources, and kept in the run's
:class:`~.stage.TowerRun` by the same key.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from generator.cachefile import read_keyed, write_json
from generator.diagnostics import Diagnostic
from generator.pack.model import Document, Pack
from generator.sim.budget import players_from_pack
from generator.sim.stats import difference_interval, format_rate
from generator.skill import compare_policies, strength_order
from generator.systems.tower.engine import Game
from generator.systems.tower.model import Scenario, Variant
from generator.systems.tower.playtest import playtest, playtest_until
from generator.systems.tower.policies import policy_names
from generator.systems.tower.rules import BASE_RULES, Rules
from generator.systems.tower.stage import TowerRun

SKILL_ORDER = ("random", "greedy", "lookahead", "lookahead_all")
"""The tower's players by strength, weakest first (its ``playtest`` command's
``skill_order``)."""
Z99 = 2.5758293035489004
"""The two-sided 99 % normal quantile: RS-T112 judges each card of a deck of many at 99 %,
so that a deck of twenty fair cards raises a false warning about once in ten checks
rather than once in two."""
CARD_GAMES = 20
"""Seeded games per scenario for each god card's win rate (and the plain game's): 20 games on
each of the 6 shipped scenarios cost about 5 CPU s for the 21 cards (cached after); the
pooled rates carry about +-8 points. ``playtest --variant`` measures one card closely."""
PLAYER_PREFIX = "tower-player-"
CARD_PREFIX = "tower-card-rate-"


def _cached_counts(path: Path | None, key: str, games_at_most: int) -> tuple[int, int] | None:
    if path is None:
        return None
    stored = read_keyed(path, key)
    if stored is None:
        return None
    wins, games = stored.get("wins"), stored.get("games")
    if type(wins) is int and type(games) is int and 0 <= wins <= games <= games_at_most \
            and games > 0:
        return wins, games
    return None


def _known(run: TowerRun | None, key: str) -> tuple[int, int] | None:
    """(wins, games) this run computed already under ``key``, or None."""
    found = None if run is None else run.results.get(key)
    return found if isinstance(found, tuple) else None


def _keep(run: TowerRun | None, key: str, counts: tuple[int, int]) -> tuple[int, int]:
    if run is not None:
        run.results[key] = counts
    return counts


def player_counts(game: Game, level: int, settings: Any, policy: str, fingerprint: str,
                  cache_dir: Path | None, run: TowerRun | None = None) -> tuple[int, int]:
    """(wins, games) of ``policy`` on ``game`` with the check's budget (from this run's
    ``run``, or cached)."""
    known = _known(run, PLAYER_PREFIX + fingerprint)
    if known is not None:
        return known
    path = Path(cache_dir) / f"{PLAYER_PREFIX}{fingerprint[:32]}.json" if cache_dir else None
    found = _cached_counts(path, fingerprint, settings.games)
    if found is not None and settings.budget.consistent(*found):
        return _keep(run, PLAYER_PREFIX + fingerprint, found)
    result, _ = playtest_until(game, policy, settings.seed, settings.budget, 1, level=level,
                               max_rounds=settings.max_rounds)
    if path is not None:
        write_json(path, {"fingerprint": fingerprint, "wins": result.wins,
                          "games": result.games})
    return _keep(run, PLAYER_PREFIX + fingerprint, (result.wins, result.games))


def iter_skill_problems(pack: Pack, campaign_doc: Document,
                        played: Mapping[str, tuple[Scenario, Any, Game]], settings: Any,
                        cache_dir: Path | None, fingerprint: Any,
                        run: TowerRun | None = None) -> Iterator[Diagnostic]:
    """RS-T109 and RS-T110 for one campaign (``played``: scenario id -> (scenario, the
    check's simulation, the compiled game), in campaign order)."""
    names = players_from_pack(pack.data, policy_names(), settings.policy, SKILL_ORDER)
    if not names or not played:
        return
    order = strength_order([settings.policy, *names], SKILL_ORDER)
    gaps = []
    for ident, (scenario, sim, game) in played.items():
        results: dict[str, dict[str, int]] = {
            settings.policy: {"wins": sim.playtest.wins, "games": sim.playtest.games}}
        for name in names:
            player = dataclasses.replace(settings, policy=name)
            wins, games = player_counts(game, scenario.level, player, name,
                                        fingerprint(game, scenario.level, player), cache_dir,
                                        run)
            results[name] = {"wins": wins, "games": games}
        comparison = compare_policies(results, SKILL_ORDER)
        lo, hi = comparison["skill_gap_ci95"]
        gaps.append(f"'{ident}' {comparison['skill_gap'] * 100:+.0f} "
                    f"[{lo * 100:+.0f}, {hi * 100:+.0f}]")
        doc = _scenario_doc(pack, ident)
        for inv in comparison["inversions"]:
            s, w = results[inv["stronger"]], results[inv["weaker"]]
            if doc is not None:
                yield doc.diag("RS-T110", f"the {inv['stronger']} player won "
                               f"{format_rate(s['wins'], s['games'])} of this scenario, "
                               f"clearly less than the weaker {inv['weaker']} player's "
                               f"{format_rate(w['wins'], w['games'])}", ("level",),
                               hint="skill should pay: the dice decide this scenario, or a "
                               "player misreads a rule")
    yield campaign_doc.diag("RS-T109", f"skill gap by scenario in campaign order "
                            f"({order[-1]} - {order[0]}, points, 95% interval): "
                            f"{', '.join(gaps)}", ("scenarios",), key=True)


def _scenario_doc(pack: Pack, ident: str) -> Document | None:
    return next((d for d in pack.of_kind("tower-scenario") if d.id == ident), None)


def card_counts(game: Game, level: int, settings: Any, fingerprint: str,
                cache_dir: Path | None, run: TowerRun | None = None) -> tuple[int, int]:
    """(wins, games) of :data:`CARD_GAMES` greedy games of ``game`` (from this run's
    ``run``, or cached)."""
    known = _known(run, CARD_PREFIX + fingerprint)
    if known is not None:
        return known
    path = Path(cache_dir) / f"{CARD_PREFIX}{fingerprint[:32]}.json" if cache_dir else None
    found = _cached_counts(path, fingerprint, CARD_GAMES)
    if found is not None and found[1] == CARD_GAMES:
        return _keep(run, CARD_PREFIX + fingerprint, found)
    result = playtest(game, settings.policy, CARD_GAMES, settings.seed, 1, level=level,
                      max_rounds=settings.max_rounds)
    if path is not None:
        write_json(path, {"fingerprint": fingerprint, "wins": result.wins,
                          "games": result.games})
    return _keep(run, CARD_PREFIX + fingerprint, (result.wins, result.games))


def iter_card_rates(cards: Sequence[tuple[Variant, Document]],
                    clean: Mapping[str, tuple[Scenario, Document]], settings: Any,
                    cache_dir: Path | None, fingerprint: Any,
                    game_of: Callable[[Scenario, Rules], Game],
                    run: TowerRun | None = None) -> Iterator[Diagnostic]:
    """RS-T111 (each god card's pooled win rate beside the plain game's) and RS-T112 (an
    easy card clearly harder than the plain game, or an expert card clearly easier), for
    the god ``cards`` to judge (those without errors) on the ``clean`` scenarios."""
    if not cards or not clean:
        return
    rated = dataclasses.replace(settings, games=CARD_GAMES)

    def pooled(rules: Any) -> tuple[int, int]:
        wins = games = 0
        for ident in sorted(clean):
            scenario = clean[ident][0]
            game = game_of(scenario, rules)
            w, g = card_counts(game, scenario.level, settings,
                               fingerprint(game, scenario.level, rated), cache_dir, run)
            wins, games = wins + w, games + g
        return wins, games

    plain = pooled(BASE_RULES)
    for variant, doc in cards:
        wins, games = pooled(variant.apply(BASE_RULES))
        lo, hi = difference_interval(wins, games, *plain)
        far_lo, far_hi = difference_interval(wins, games, *plain, z=Z99)
        change = wins / games - plain[0] / plain[1]
        yield doc.diag("RS-T111", f"won {format_rate(wins, games)} of {CARD_GAMES} "
                       f"{settings.policy} games on each of {len(clean)} scenarios, the plain "
                       f"game {format_rate(*plain)} on the same seeds: {change * 100:+.1f} "
                       f"points [{lo * 100:+.1f}, {hi * 100:+.1f}]", ("hooks",), key=True)
        wrong = ("harder" if variant.difficulty == "easy" and far_hi < 0 else
                 "easier" if variant.difficulty == "expert" and far_lo > 0 else "")
        if wrong:
            yield doc.diag("RS-T112", f"this {variant.difficulty} card makes the game clearly "
                           f"{wrong}: {format_rate(wins, games)} won against "
                           f"{format_rate(*plain)} without it ({change * 100:+.1f} points, "
                           f"99% interval [{far_lo * 100:+.1f}, {far_hi * 100:+.1f}])",
                           ("difficulty",),
                           hint="move the card to the other pile, or check that the engine "
                           "plays its hook as the card says")


__all__ = ["CARD_GAMES", "SKILL_ORDER", "card_counts", "iter_card_rates", "iter_skill_problems",
           "player_counts"]
