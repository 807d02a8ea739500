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

Playtest figures for the build report come from :func:`report_simulations`.
"""
from __future__ import annotations

import re

import dataclasses
import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator import __version__
from generator.diagnostics import CODES, Diagnostic, Severity
from generator.pack.model import Document, Pack
from generator.sim import cache
from generator.systems.tower import checks
from generator.systems.tower.engine import Game, loss_odds
from generator.systems.tower.model import (
    MAP_PATH,
    Scenario,
    TowerCampaign,
    build_campaign,
    build_scenario,
    compile_game,
)
from generator.systems.tower.playtest import PlaytestResult, playtest
from generator.systems.tower.proof import NO_WIN, UNKNOWN, WIN, prove_win
from generator.systems.tower.rules import BASE_RULES, Rules

SIM_CODES: dict[str, tuple[Severity, str]] = {
    code: entry for code, entry in CODES.items() if re.fullmatch(r"RS-T1\d\d", code)
}
SIM_VERSION = 1
"""Part of every cache key: bump it when a change alters results beyond the hashed sources."""
CACHE_PREFIX = "tower-sim-"
HASHED_MODULES = (
    "generator.systems.tower.engine", "generator.systems.tower.rules",
    "generator.systems.tower.playtest", "generator.systems.tower.proof",
    "generator.systems.tower.policies", "generator.systems.tower.policies._heuristics",
    "generator.systems.tower.policies.random", "generator.systems.tower.policies.greedy",
    "generator.systems.tower.policies.lookahead", "generator.sim.montecarlo",
)
"""Modules whose source is part of the cache key (a policy module added later counts
through ``SIM_VERSION`` until it is listed)."""


@dataclass(frozen=True, slots=True)
class SimSettings:
    """How much ``check`` simulates per scenario."""

    games: int = 200
    policy: str = "greedy"
    seed: int = 1
    max_rounds: int = 100
    proof_budget: int = 3_000
    proof_horizon: int = 40
    jobs: int | None = 1  # in-process by default: check runs many small playtests


@dataclass(frozen=True, slots=True)
class ScenarioSim:
    """A scenario's simulation: its playtest and, when the playtest won nothing, a proof."""

    playtest: PlaytestResult
    proof_status: str | None = None  # WIN, NO_WIN, UNKNOWN; None: not searched
    proof_nodes: int = 0
    proof_reason: str = ""


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


def _tuples(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value


def _sim_from_json(data: dict[str, Any]) -> ScenarioSim:
    fields = {k: _tuples(v) for k, v in data["playtest"].items()}
    return ScenarioSim(PlaytestResult(**fields), data["proof_status"], data["proof_nodes"],
                       data["proof_reason"])


def _write_atomically(path: Path, text: str) -> None:
    cache.write_atomically(path, text)


# -- simulation ---------------------------------------------------------------------------


def simulate_scenario(game: Game, level: int, settings: SimSettings = SimSettings(),
                      cache_dir: Path | None = None, sources: str | None = None) -> ScenarioSim:
    """The playtest of a scenario and, when it won nothing, the best-case proof;
    reused from ``cache_dir`` when the fingerprint matches (None: no cache)."""
    path = None
    fingerprint = ""
    if cache_dir is not None:
        fingerprint = fingerprint_game(game, level, settings, sources or digest_sources())
        path = Path(cache_dir) / f"{CACHE_PREFIX}{fingerprint[:32]}.json"
        try:
            stored = json.loads(path.read_text(encoding="utf-8"))
            if stored.get("fingerprint") == fingerprint:
                return _sim_from_json(stored)
        except (OSError, ValueError, KeyError, TypeError):
            pass
    result = playtest(game, settings.policy, settings.games, settings.seed, settings.jobs,
                      level=level, max_rounds=settings.max_rounds)
    sim = ScenarioSim(result)
    if result.wins == 0:
        proof = prove_win(game, budget=settings.proof_budget, horizon=settings.proof_horizon)
        sim = ScenarioSim(result, proof.status, proof.nodes, proof.reason)
    if path is not None:
        record = {"fingerprint": fingerprint, **_sim_to_json(sim)}
        _write_atomically(path, json.dumps(record, indent=1, sort_keys=True) + "\n")
    return sim


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


def _clean_scenarios(pack: Pack, sources: dict[str, str]) -> dict[str, tuple[Scenario, Document]]:
    """Scenarios whose model and set-up have no errors (the engine needs a sound set-up)."""
    out = {}
    for doc in pack.of_kind("tower-scenario"):
        scenario, diags = build_scenario(doc, sources.get(doc.file))
        if scenario is None:
            continue
        diags = diags + list(checks.iter_setup_problems(scenario, doc))
        if not any(d.severity is Severity.ERROR for d in diags):
            out[doc.id] = (scenario, doc)
    return out


def simulate_pack(pack: Pack, sources: dict[str, str] | None = None,
                  cache_dir: Path | None = None, settings: SimSettings = SimSettings()
                  ) -> tuple[dict[tuple[str, Rules], ScenarioSim], list[Diagnostic]]:
    """Simulate every clean scenario (under the base rules, and under each campaign's
    enemy order); return the simulations by (scenario id, rules) and the diagnostics."""
    clean = _clean_scenarios(pack, sources if sources is not None else dict(pack.sources))
    source_digest = digest_sources()
    sims: dict[tuple[str, Rules], ScenarioSim] = {}
    out: list[Diagnostic] = []

    def simulate(ident: str, rules: Rules) -> ScenarioSim:
        key = (ident, rules)
        if key not in sims:
            scenario, doc = clean[ident]
            game = compile_game(scenario, rules)
            sims[key] = simulate_scenario(game, scenario.level, settings, cache_dir,
                                          source_digest)
            if rules == BASE_RULES:
                out.extend(iter_scenario_problems(scenario, doc, game, sims[key]))
        return sims[key]

    for ident in sorted(clean):
        simulate(ident, BASE_RULES)
    for doc in pack.of_kind("tower-campaign"):
        campaign = build_campaign(doc)
        rules = campaign.base_rules()
        played = {ident: (clean[ident][0], simulate(ident, rules))
                  for ident in campaign.scenarios if ident in clean}
        out.extend(iter_campaign_trend(campaign, doc, played))
    return sims, out


def check_simulations(pack: Pack, sources: dict[str, str] | None = None,
                      cache_dir: Path | None = None, settings: SimSettings = SimSettings()
                      ) -> list[Diagnostic]:
    """The simulation diagnostics of a pack (what the tower system's ``check`` adds)."""
    return simulate_pack(pack, sources, cache_dir, settings)[1]


def report_simulations(pack: Pack, cache_dir: Path | None = None,
                       settings: SimSettings = SimSettings()) -> dict[str, Any]:
    """Playtest figures of every clean scenario under the base rules, for the build report."""
    sims, _ = simulate_pack(pack, None, cache_dir, settings)
    scenarios = {}
    for (ident, rules), sim in sorted(sims.items(), key=lambda kv: kv[0][0]):
        if rules != BASE_RULES:
            continue
        p = sim.playtest
        entry = p.to_json(ident)
        entry["mean_score"] = p.mean_score
        entry["bonus_rates"] = dict(p.bonus_rates)
        if sim.proof_status is not None:
            entry["proof"] = sim.proof_status
        scenarios[ident] = entry
    return {"playtests": scenarios}


__all__ = ["CACHE_PREFIX", "NO_WIN", "SIM_CODES", "SIM_VERSION", "ScenarioSim", "SimSettings",
           "UNKNOWN", "WIN", "check_simulations", "digest_sources", "fingerprint_game",
           "iter_campaign_trend", "iter_scenario_problems", "report_simulations",
           "simulate_pack", "simulate_scenario"]
