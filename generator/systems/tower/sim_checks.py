"""What ``check`` simulates for the tower system: playtests, proofs, campaign trends.

For every scenario that passed the set-up checks, a small playtest
(:class:`SimSettings`: 200 ``greedy`` games, seed 1, by default). When no
game is won, the proof search (:func:`~.proof.prove_win`, best case) looks
for any winning line. Results are cached in a folder passed in (``check``'s
cache folder): one JSON file per scenario, named by a content hash of
everything the result depends on (the compiled game: map, set-up, enemies,
rules; the scenario level; the settings; the simulator's version and the
source of the engine, rules, policies, runner and proof modules), written
atomically. An unreadable or stale file is ignored and replaced.

Diagnostics (paste-ready for ``generator.diagnostics.CODES``: :data:`SIM_CODES`):

- **RS-T101** (error), at the scenario's ``map``: the proof search exhausted
  every line and none wins: no play can win the scenario. Not reported when
  the first enemy turn loses for certain (RS-T013 already says so).
- **RS-T102** (warning), at a campaign's ``scenarios`` entry: a scenario of a
  higher level than an earlier one has a higher playtest win rate, beyond
  both 95 % intervals (the lower bound of the later one above the upper bound
  of the earlier one). Campaigns are played under their enemy order; god
  cards are not simulated here.
- **RS-T103** (warning), at the scenario's ``level``: no playtest game was
  won and the proof search found no win within its budget either.
- **RS-T104** (warning), at the scenario's ``level``: a cached result with the
  right fingerprint failed its consistency check (wins above games, losses
  that do not add up, an interval that is not the wins' ...); it was
  discarded, recomputed and rewritten. A cache is never a source of truth.
- **RS-T105** (error), at a variant's ``hooks``: with this god card, the proof
  search shows that no line of play wins one or more scenarios that are
  winnable without it (checked for every variant and every clean scenario,
  under the base rules and under each campaign's enemy order).

Playtest figures for the build report come from :func:`report_simulations`. The
scenarios come from the model stage (:func:`.stage.models_of`); given the run's
:class:`~.stage.TowerRun`, every game is compiled once and every result is kept by its
cache key, so the report takes check's results as values (no cache folder needed).
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import re
import time
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator import __version__
from generator.cachefile import read_keyed, write_json
from generator.diagnostics import CODES, Diagnostic, Severity
from generator.pack.model import Document, Pack
from generator.sim import cache
from generator.sim.budget import DEFAULT_WIDTH, Budget, from_pack
from generator.sim.montecarlo import STOPPED_BY_CAP
from generator.sim.stats import (
    PLATEAU_AT_MOST,
    classify_curve,
    format_rate,
    mean_interval,
    plateau_runs,
    total_of,
    wilson_interval,
)
from generator.systems.tower import checks
from generator.systems.tower.engine import Game, loss_odds
from generator.systems.tower.model import MAP_PATH, Scenario, TowerCampaign, compile_game
from generator.systems.tower.playtest import (
    LOSS_REASONS,
    PlaytestResult,
    name_loss,
    playtest_until,
)
from generator.systems.tower.proof import NO_WIN, UNKNOWN, WIN, prove_win
from generator.systems.tower.rules import BASE_RULES, Rules
from generator.systems.tower.stage import TowerRun, models_of

SIM_CODES: dict[str, tuple[Severity, str]] = {
    code: entry for code, entry in CODES.items() if re.fullmatch(r"RS-T1\d\d", code)
}
SIM_VERSION = 2
"""Part of every cache key: bump it when a change alters results beyond the hashed sources."""
CACHE_PREFIX = "tower-sim-"
HASHED_MODULES = (
    "generator.systems.tower.engine", "generator.systems.tower.game",
    "generator.systems.tower.enemy_turn", "generator.systems.tower.player_turn",
    "generator.systems.tower.rules",
    "generator.systems.tower.playtest", "generator.systems.tower.proof",
    "generator.systems.tower.policies", "generator.systems.tower.policies._heuristics",
    "generator.systems.tower.policies.random", "generator.systems.tower.policies.greedy",
    "generator.systems.tower.policies.lookahead",
    "generator.systems.tower.policies._lookahead_kernel",
    "generator.systems.tower.policies.lookahead_all", "generator.systems.tower.sim_checks",
    "generator.systems.tower.sim_skill", "generator.systems.tower.scoring",
    "generator.sim.montecarlo", "generator.sim.stats", "generator.sim.budget",
)
"""Modules whose source is part of the cache key (a policy module added later counts
through ``SIM_VERSION`` until it is listed)."""
LOSS_KEYS = frozenset(name_loss(flags) for flags in range(1 << len(LOSS_REASONS)))
"""Every loss reason a playtest summary can hold."""


@dataclass(frozen=True, slots=True)
class SimSettings:
    """How much ``check`` simulates per scenario."""

    games: int = 1000
    """At most this many games per scenario (the cap)."""
    policy: str = "greedy"
    seed: int = 1
    max_rounds: int = 100
    proof_budget: int = 3_000
    proof_horizon: int = 40
    jobs: int | None = 1  # in-process by default: check runs many small playtests
    width: float = DEFAULT_WIDTH
    """Play batches until the win rate's 95 % interval is within +- this (a share)."""
    batch: int = 100

    @property
    def budget(self) -> Budget:
        return Budget(self.width, self.games, self.batch)


def settings_for(pack: Pack, settings: SimSettings | None = None) -> SimSettings:
    """The check's settings with the width and cap of the pack's ``sim:`` setting."""
    base = settings or SimSettings()
    chosen = from_pack(pack.data, base.budget)
    return dataclasses.replace(base, width=chosen.width, games=chosen.cap)


@dataclass(frozen=True, slots=True)
class ScenarioSim:
    """A scenario's simulation: its playtest and, when the playtest won nothing, a proof."""

    playtest: PlaytestResult
    proof_status: str | None = None  # WIN, NO_WIN, UNKNOWN; None: not searched
    proof_nodes: int = 0
    proof_reason: str = ""
    cache_problem: str = field(default="", compare=False)
    """Why a cached result with the right fingerprint was discarded ("": it was not)."""


# -- cache --------------------------------------------------------------------------------


def digest_sources(modules: tuple[str, ...] = HASHED_MODULES) -> str:
    """A hash of the simulator's source files (empty parts for modules without a file)."""
    return cache.digest_sources(modules, f"{SIM_VERSION}:{__version__}")


def fingerprint_game(game: Game, level: int, settings: SimSettings, sources: str) -> str:
    """A hash of everything a scenario's simulation depends on."""
    start = game.start
    blob = json.dumps({
        "size": [game.width, game.height], "water": game.water, "targets": game.targets,
        "levels": start.levels, "builders": start.builders, "enemies": start.enemies,
        "facings": start.facings, "types": game.types,
        "rules": dataclasses.asdict(game.rules), "level": level,
        "settings": dataclasses.asdict(settings) | {"jobs": None}, "sources": sources,
    }, sort_keys=True)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


def _sim_to_json(sim: ScenarioSim) -> dict[str, Any]:
    p = sim.playtest
    return {"playtest": {f.name: getattr(p, f.name) for f in dataclasses.fields(p)},
            "proof_status": sim.proof_status, "proof_nodes": sim.proof_nodes,
            "proof_reason": sim.proof_reason}


def _histogram(value: Any, name: str) -> tuple[tuple[int, int], ...]:
    """A cached histogram: ``[[value, count], ...]`` with values rising, counts positive."""
    if not isinstance(value, list):
        raise ValueError(f"{name} is not a list")
    out: list[tuple[int, int]] = []
    for pair in value:
        if not (isinstance(pair, list) and len(pair) == 2 and all(_is_int(v) for v in pair)):
            raise ValueError(f"{name} holds something other than [value, count] pairs")
        if pair[1] < 1 or pair[0] < 0 or (out and pair[0] <= out[-1][0]):
            raise ValueError(f"{name} is not a sorted histogram of positive counts")
        out.append((pair[0], pair[1]))
    return tuple(out)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _count(data: dict[str, Any], key: str) -> int:
    value = data.get(key)
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    raise ValueError(f"{key} is not a count")


def _optional_index(value: Any, games: int, name: str) -> int | None:
    if value is None:
        return None
    if not _is_int(value) or not 0 <= value < games:
        raise ValueError(f"{name} is not a game index")
    return int(value)


def _sim_from_json(data: dict[str, Any], settings: SimSettings, level: int) -> ScenarioSim:
    """A cached simulation, checked for shape and consistency; ValueError says what is wrong.

    The summary must be the one these settings produce (policy, games, seed, level,
    rounds) and agree with itself: wins and losses add up to the games, the
    histograms count them, the interval is the Wilson interval of the wins, bonuses
    and first games fit the wins, a proof is searched only when nothing was won.
    """
    p = data.get("playtest")
    if not isinstance(p, dict):
        raise ValueError("no playtest summary")
    expected = {"policy": settings.policy, "seed": settings.seed,
                "level": level, "max_rounds": settings.max_rounds}
    for key, want in expected.items():
        if p.get(key) != want or type(p.get(key)) is not type(want):
            raise ValueError(f"{key} is {p.get(key)!r}, expected {want!r}")
    games = _count(p, "games")
    if not settings.budget.possible(games):
        raise ValueError(f"{games} games is not where a run {settings.budget.describe()} "
                         "ends")
    wins, alive, blocks = (_count(p, k) for k in ("wins", "builders_alive", "more_blocks"))
    if not (0 <= wins <= games and 0 <= alive <= wins and 0 <= blocks <= wins):
        raise ValueError(f"{wins} wins and bonuses do not fit {games} games")
    if not settings.budget.consistent(wins, games):
        raise ValueError(f"{wins} wins in {games} games: the run would have gone on")
    ci95 = p.get("ci95")
    if not (isinstance(ci95, list) and tuple(ci95) == wilson_interval(wins, games)):
        raise ValueError(f"ci95 {ci95!r} is not the interval of {wins} wins in {games} games")
    losses = p.get("losses")
    if not isinstance(losses, list) or not all(
            isinstance(e, list) and len(e) == 2 and e[0] in LOSS_KEYS and _is_int(e[1])
            and e[1] > 0 for e in losses):
        raise ValueError("losses are not (reason, games) pairs")
    pairs = tuple((str(e[0]), int(e[1])) for e in losses)
    if list(pairs) != sorted(dict(pairs).items()) or sum(n for _, n in pairs) != games - wins:
        raise ValueError(f"losses do not add up to {games - wins} games, sorted by reason")
    turns_won = _histogram(p.get("turns_won"), "turns_won")
    turns_lost = _histogram(p.get("turns_lost"), "turns_lost")
    if total_of(turns_won) != wins or total_of(turns_lost) != games - wins:
        raise ValueError("the turn histograms do not count the games")
    first_win = _optional_index(p.get("first_win"), games, "first_win")
    first_loss = _optional_index(p.get("first_loss"), games, "first_loss")
    if (first_win is None) != (wins == 0) or (first_loss is None) != (wins == games):
        raise ValueError("first_win or first_loss disagrees with the wins")
    both = _count(p, "both_bonuses")
    if both > min(alive, blocks) or alive + blocks - both > wins:
        raise ValueError(f"{both} games with both bonuses do not fit the bonuses")
    status, nodes, reason = data.get("proof_status"), _count(data, "proof_nodes"), data.get(
        "proof_reason")
    if status not in (None, WIN, NO_WIN, UNKNOWN) or (status is None) != (wins > 0):
        raise ValueError(f"proof status {status!r} with {wins} wins")
    if nodes > settings.proof_budget or not isinstance(reason, str):
        raise ValueError("proof nodes or reason malformed")
    result = PlaytestResult(settings.policy, games, settings.seed, level, settings.max_rounds,
                            wins, (ci95[0], ci95[1]), pairs, turns_won, turns_lost, alive,
                            blocks, first_win, first_loss, both)
    return ScenarioSim(result, None if status is None else str(status), nodes, reason)


# -- simulation ---------------------------------------------------------------------------


def game_of(scenario: Scenario, rules: Rules, run: TowerRun | None = None) -> Game:
    """The engine's game of ``scenario`` under ``rules``: compiled once a run when the
    run's store is given (the same value :func:`~.model.compile_game` gives again)."""
    if run is None:
        return compile_game(scenario, rules)
    game = run.games.get((scenario, rules))
    if game is None:
        game = run.games[(scenario, rules)] = compile_game(scenario, rules)
    return game


def simulate_scenario(game: Game, level: int, settings: SimSettings = SimSettings(),
                      cache_dir: Path | None = None, sources: str | None = None,
                      run: TowerRun | None = None) -> ScenarioSim:
    """The playtest of a scenario and, when it won nothing, the best-case proof;
    taken from ``run`` when this run computed it already, else reused from
    ``cache_dir`` when the fingerprint matches (None: no cache)."""
    path = None
    fingerprint = ""
    problem = ""
    if cache_dir is not None or run is not None:
        fingerprint = fingerprint_game(game, level, settings, sources or digest_sources())
    if run is not None:
        known = run.results.get(CACHE_PREFIX + fingerprint)
        if isinstance(known, ScenarioSim):
            return known
    if cache_dir is not None:
        path = Path(cache_dir) / f"{CACHE_PREFIX}{fingerprint[:32]}.json"
        stored = read_keyed(path, fingerprint)
        if stored is not None:
            try:
                sim = _sim_from_json(stored, settings, level)
            except ValueError as exc:
                problem = f"{path.name}: {exc}"
            else:
                if run is not None:
                    run.results[CACHE_PREFIX + fingerprint] = sim
                return sim
    result, _ = playtest_until(game, settings.policy, settings.seed, settings.budget,
                               settings.jobs, level=level, max_rounds=settings.max_rounds)
    sim = ScenarioSim(result, cache_problem=problem)
    if result.wins == 0:
        proof = prove_win(game, budget=settings.proof_budget, horizon=settings.proof_horizon,
                          with_line=False)
        sim = ScenarioSim(result, proof.status, proof.nodes, proof.reason, problem)
    if path is not None:
        write_json(path, {"fingerprint": fingerprint, **_sim_to_json(sim)})
    if run is not None:
        run.results[CACHE_PREFIX + fingerprint] = sim
    return sim


VARIANT_PREFIX = "tower-variant-proof-"
PROOF_STATUSES = (WIN, NO_WIN, UNKNOWN)
REASON_AT_MOST = 500


def prove_variant(game: Game, settings: SimSettings, cache_dir: Path | None = None,
                  sources: str | None = None, run: TowerRun | None = None
                  ) -> tuple[str, str]:
    """The best-case proof's ``(status, reason)`` for a scenario under a variant's rules,
    taken from ``run`` or reused from ``cache_dir`` when the fingerprint matches. A
    stored entry is trusted as the scenario summaries' proof status is
    (:func:`simulate_scenario`): its shape is checked, never its truth, and a malformed
    one is recomputed and rewritten."""
    path = None
    fingerprint = ""
    if cache_dir is not None or run is not None:
        fingerprint = fingerprint_game(game, -1, settings, sources or digest_sources())
    answer: tuple[str, str] | None = None
    if run is not None:
        known = run.results.get(VARIANT_PREFIX + fingerprint)
        if isinstance(known, tuple):
            return (str(known[0]), str(known[1]))
    if cache_dir is not None:
        path = Path(cache_dir) / f"{VARIANT_PREFIX}{fingerprint[:32]}.json"
        stored = read_keyed(path, fingerprint)
        if stored is not None:
            status, reason = stored.get("status"), stored.get("reason")
            if status in PROOF_STATUSES and isinstance(reason, str) \
                    and len(reason) <= REASON_AT_MOST:
                answer = str(status), reason
    if answer is None:
        proof = prove_win(game, budget=settings.proof_budget, horizon=settings.proof_horizon,
                          with_line=False)
        answer = proof.status, proof.reason
        if path is not None:
            write_json(path, {"fingerprint": fingerprint, "status": proof.status,
                              "reason": proof.reason})
    if run is not None:
        run.results[VARIANT_PREFIX + fingerprint] = answer
    return answer


def _percent(x: float) -> str:
    return f"{x * 100:.1f}%"


def iter_scenario_problems(scenario: Scenario, doc: Document, game: Game, sim: ScenarioSim
                           ) -> Iterator[Diagnostic]:
    """RS-T101 and RS-T103 for one scenario's simulation."""
    if sim.proof_status == NO_WIN:
        if loss_odds(game).probability == 1:
            return  # RS-T013 already reports the certain loss on the first enemy turn
        yield doc.diag("RS-T101", f"no line of play wins this scenario: even with the best "
                       f"dice, every sequence of moves loses or never defeats every enemy "
                       f"(searched {sim.proof_nodes} nodes)", MAP_PATH, key=True,
                       hint="give the builders a way up next to the enemies, or move the "
                       "enemies away from the target zones")
    elif sim.proof_status == UNKNOWN:
        p = sim.playtest
        yield doc.diag("RS-T103", f"the {p.policy} policy won none of {p.games} playtests "
                       f"(seed {p.seed}) and the proof search found no winning line "
                       f"({sim.proof_reason})", ("level",),
                       hint="the scenario may be unwinnable; try 'riddlesmith playtest' "
                       "with the lookahead policy")


def iter_campaign_trend(campaign: TowerCampaign, doc: Document,
                        sims: dict[str, tuple[Scenario, ScenarioSim]]) -> Iterator[Diagnostic]:
    """RS-T102: a later scenario of a higher level that is won clearly more often than
    an earlier, lower one (one warning per later scenario)."""
    earlier: list[tuple[str, Scenario, PlaytestResult]] = []
    listed: set[str] = set()
    for i, ident in enumerate(campaign.scenarios):
        if ident in listed or ident not in sims:
            continue
        listed.add(ident)
        scenario, sim = sims[ident]
        result = sim.playtest
        for other_id, other, other_result in earlier:
            if other.level < scenario.level and result.ci95[0] > other_result.ci95[1]:
                yield doc.diag(
                    "RS-T102",
                    f"'{ident}' (level {scenario.level}) is won in {_percent(result.win_rate)} "
                    f"of {result.policy} playtests (95% interval {_percent(result.ci95[0])} to "
                    f"{_percent(result.ci95[1])}), more than '{other_id}' (level "
                    f"{other.level}) at {_percent(other_result.win_rate)} "
                    f"({_percent(other_result.ci95[0])} to {_percent(other_result.ci95[1])})",
                    ("scenarios", i),
                    hint="win rates should fall as levels rise: make it harder, raise the "
                    "earlier one's level, or reorder")
                break
        earlier.append((ident, scenario, result))


def iter_campaign_curve(campaign: TowerCampaign, doc: Document,
                        sims: dict[str, tuple[Scenario, ScenarioSim]],
                        settings: SimSettings = SimSettings()) -> Iterator[Diagnostic]:
    """The campaign's win-rate curve in play order: RS-T106 (info) lists each scenario's
    rate with its 95 % interval, its games and what stopped them; RS-T107 (info) names
    each plateau (adjacent scenarios within 5 points) and RS-T108 (warning) each cliff
    (a drop of more than 25 points to the next scenario)."""
    order: list[tuple[int, str, PlaytestResult]] = []
    for i, ident in enumerate(campaign.scenarios):
        if ident in sims and ident not in {o[1] for o in order}:
            order.append((i, ident, sims[ident][1].playtest))
    if not order:
        return
    budget = settings.budget

    def figure(ident: str, r: PlaytestResult) -> str:
        return f"'{ident}' {format_rate(r.wins, r.games)}"

    capped = [ident for _, ident, r in order if budget.stopped_by(r.wins, r.games) == STOPPED_BY_CAP]
    listed = ", ".join(f"{figure(ident, r)} ({r.games} games)" for _, ident, r in order)
    stop = (f"the cap stopped {', '.join(repr(c) for c in capped)} before its interval was "
            f"within +-{budget.width * 100:g} points" if capped else
            f"every interval within +-{budget.width * 100:g} points")
    yield doc.diag("RS-T106", f"win rates in campaign order ({order[0][2].policy}, seed "
                   f"{settings.seed}; games {budget.describe()}): {listed}; {stop}",
                   ("scenarios",), key=True)
    steps = classify_curve([r.win_rate for _, _, r in order])
    for first, last in plateau_runs(steps):
        run = order[first:last + 1]
        yield doc.diag("RS-T107", f"plateau: {', '.join(figure(i, r) for _, i, r in run)}: "
                       f"each won within {PLATEAU_AT_MOST * 100:g} points of the one before, "
                       "so the campaign does not get harder here",
                       ("scenarios", run[0][0]),
                       hint="change one scenario's map or enemies, or accept the plateau "
                       "as a breather")
    for step in steps:
        if step.kind != "cliff":
            continue
        (_, a, ra), (j, b, rb) = order[step.first], order[step.second]
        yield doc.diag("RS-T108", f"cliff: the win rate drops {-step.change * 100:.1f} points "
                       f"from {figure(a, ra)} to {figure(b, rb)}", ("scenarios", j),
                       hint="add a scenario between them, or soften the later one")


def clean_scenarios(pack: Pack, unsound: Collection[tuple[str, str]] = ()
                    ) -> dict[str, tuple[Scenario, Document]]:
    """Scenarios whose model and set-up have no errors (the engine needs a sound set-up),
    less the ``unsound`` documents (those with errors of any check), from the pack's
    models (:func:`.stage.models_of`)."""
    out = {}
    for model in models_of(pack).scenarios:
        doc, scenario = model.doc, model.scenario
        if (doc.kind, doc.id) in unsound or scenario is None:
            continue
        diags = [*model.diagnostics, *checks.iter_setup_problems(scenario, doc)]
        if not any(d.severity is Severity.ERROR for d in diags):
            out[doc.id] = (scenario, doc)
    return out


def simulate_pack(pack: Pack, cache_dir: Path | None = None,
                  settings: SimSettings = SimSettings(),
                  unsound: Collection[tuple[str, str]] = (), with_skill: bool = False,
                  progress: Callable[[str], None] | None = None, run: TowerRun | None = None,
                  clean: dict[str, tuple[Scenario, Document]] | None = None
                  ) -> tuple[dict[tuple[str, Rules], ScenarioSim], list[Diagnostic]]:
    """Simulate every clean scenario (under the base rules, and under each campaign's
    enemy order); return the simulations by (scenario id, rules) and the diagnostics.
    The ``unsound`` documents ((kind, id) of those with errors) are left out: neither
    simulated nor judged, while the others are (issue 22 §4). ``clean`` is
    :func:`clean_scenarios` when the caller has it; ``run`` the run's store."""
    if clean is None:
        clean = clean_scenarios(pack, unsound)
    source_digest = digest_sources()
    sims: dict[tuple[str, Rules], ScenarioSim] = {}
    out: list[Diagnostic] = []
    warned: set[str] = set()

    def simulate(ident: str, rules: Rules) -> ScenarioSim:
        key = (ident, rules)
        if key not in sims:
            scenario, doc = clean[ident]
            game = game_of(scenario, rules, run)
            started = time.process_time()
            sims[key] = simulate_scenario(game, scenario.level, settings, cache_dir,
                                          source_digest, run)
            if progress is not None:
                p = sims[key].playtest
                progress(f"tower: '{ident}'{'' if rules == BASE_RULES else ' (campaign order)'}"
                         f": {p.policy} won {format_rate(p.wins, p.games)} of {p.games} games "
                         f"({time.process_time() - started:.1f} s)")
            if rules == BASE_RULES:
                out.extend(iter_scenario_problems(scenario, doc, game, sims[key]))
            if sims[key].cache_problem and ident not in warned:
                warned.add(ident)
                out.append(doc.diag("RS-T104", "a cached playtest of this scenario was "
                                    f"inconsistent and was recomputed ({sims[key].cache_problem})",
                                    ("level",), hint="the cache file was rewritten; if this "
                                    "comes back, something is editing the cache folder"))
        return sims[key]

    for ident in sorted(clean):
        simulate(ident, BASE_RULES)
    for campaign, doc in models_of(pack).campaigns:
        if (doc.kind, doc.id) in unsound:
            continue
        rules = campaign.base_rules()
        played = {ident: (clean[ident][0], simulate(ident, rules))
                  for ident in campaign.scenarios if ident in clean}
        out.extend(iter_campaign_trend(campaign, doc, played))
        out.extend(iter_campaign_curve(campaign, doc, played, settings))
        if with_skill:
            from generator.systems.tower.sim_skill import iter_skill_problems

            games = {ident: (s, sim, game_of(s, rules, run))
                     for ident, (s, sim) in played.items()}
            out.extend(iter_skill_problems(
                pack, doc, games, settings, cache_dir,
                lambda game, level, s: fingerprint_game(game, level, s, source_digest), run))
    return sims, out


def iter_variant_problems(pack: Pack, sims: dict[tuple[str, Rules], ScenarioSim],
                          settings: SimSettings = SimSettings(),
                          cache_dir: Path | None = None,
                          unsound: Collection[tuple[str, str]] = (),
                          run: TowerRun | None = None,
                          clean: dict[str, tuple[Scenario, Document]] | None = None
                          ) -> Iterator[Diagnostic]:
    """RS-T105: a variant under which the best-case proof search shows that a scenario,
    winnable without it, can never be won (one error per variant, naming the scenarios).
    The ``unsound`` documents are left out, variants and scenarios alike."""
    if clean is None:
        clean = clean_scenarios(pack, unsound)
    source_digest = digest_sources()
    contexts = list(dict.fromkeys(rules for _, rules in sims))  # base rules first
    for variant, doc in models_of(pack).variants:
        if (doc.kind, doc.id) in unsound:
            continue
        lost: dict[str, str] = {}
        for base in contexts:
            rules = variant.apply(base)
            for ident in sorted(clean):
                sim = sims.get((ident, base))
                if ident in lost or sim is None or sim.proof_status == NO_WIN:
                    continue  # RS-T101 already says the scenario cannot be won at all
                status, reason = prove_variant(game_of(clean[ident][0], rules, run), settings,
                                               cache_dir, source_digest, run)
                if status == NO_WIN:
                    lost[ident] = reason
        if lost:
            names = ", ".join(f"'{ident}'" for ident in sorted(lost))
            reasons = sorted(set(lost.values()))
            yield doc.diag("RS-T105", f"with this variant no line of play wins {names}: "
                           f"{'; '.join(reasons)}", ("hooks",), key=True,
                           hint="a god card may make scenarios harder, never impossible: "
                           "check the hook's parameters against the rules")


def check_simulations(pack: Pack, cache_dir: Path | None = None,
                      settings: SimSettings = SimSettings(),
                      unsound: Collection[tuple[str, str]] = (),
                      progress: Callable[[str], None] | None = None,
                      run: TowerRun | None = None) -> list[Diagnostic]:
    """The simulation diagnostics of a pack (what the tower system's ``check`` adds), the
    ``unsound`` documents ((kind, id): those with errors) left out. With ``run`` (the
    run's store), every result is kept there for the build's report."""
    from generator.systems.tower.sim_skill import iter_card_rates

    clean = clean_scenarios(pack, unsound)
    sims, out = simulate_pack(pack, cache_dir, settings, unsound, with_skill=True,
                              progress=progress, run=run, clean=clean)
    variants = [(v, d) for v, d in models_of(pack).variants if (d.kind, d.id) not in unsound]
    if progress is not None and pack.of_kind("tower-variant"):
        progress(f"tower: proving and rating {len(pack.of_kind('tower-variant'))} god cards")
    source_digest = digest_sources()
    return out + list(iter_variant_problems(pack, sims, settings, cache_dir, unsound, run,
                                            clean)) \
        + list(iter_card_rates(variants, clean, settings, cache_dir,
                               lambda game, level, s: fingerprint_game(game, level, s,
                                                                       source_digest),
                               lambda scenario, rules: game_of(scenario, rules, run), run))


def report_simulations(pack: Pack, cache_dir: Path | None = None,
                       settings: SimSettings = SimSettings(),
                       run: TowerRun | None = None) -> dict[str, Any]:
    """Playtest figures of every clean scenario under the base rules, for the build report
    (with ``run``, the results check kept there: nothing is played or read again)."""
    sims, _ = simulate_pack(pack, cache_dir, settings, run=run)
    scenarios = {}
    for (ident, rules), sim in sorted(sims.items(), key=lambda kv: kv[0][0]):
        if rules != BASE_RULES:
            continue
        p = sim.playtest
        entry = p.to_json(ident)
        entry["mean_score"] = p.mean_score
        entry["mean_score_ci95"] = list(mean_interval(p.scores))
        entry["bonus_rates"] = dict(p.bonus_rates)
        entry["bonus_rates_ci95"] = {name: list(wilson_interval(n, p.wins))
                                     for name, n in p.bonus_counts}
        if sim.proof_status is not None:
            entry["proof"] = sim.proof_status
        scenarios[ident] = entry
    return {"playtests": scenarios}


__all__ = ["CACHE_PREFIX", "NO_WIN", "SIM_CODES", "SIM_VERSION", "ScenarioSim", "SimSettings",
           "UNKNOWN", "WIN", "check_simulations", "digest_sources", "fingerprint_game",
           "clean_scenarios", "game_of", "iter_campaign_curve", "iter_campaign_trend",
           "iter_scenario_problems", "iter_variant_problems", "prove_variant",
           "report_simulations", "settings_for",
           "simulate_pack", "simulate_scenario"]
