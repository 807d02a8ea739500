"""Policies, playtests, the ``playtest`` command's core and the simulation checks
(RS-T101..RS-T103, cached results)."""
from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from generator.pack.loader import load_packs
from generator.pack.schema import load_schemas
from generator.sim.stats import wilson_interval
from generator.systems.tower import engine, sim_checks
from generator.systems.tower.engine import Action, Game, State
from generator.systems.tower.model import build_campaign, game_from_map
from generator.systems.tower.playtest import (
    MAX_ROUNDS_REASON,
    PlaytestResult,
    _kinds,
    name_loss,
    playtest,
    run_playtest,
)
from generator.systems.tower.policies import PolicySpec, load_policy, policy_names
from generator.systems.tower.rules import LOSS_TARGET
from generator.systems.tower.sim_checks import (
    ScenarioSim,
    SimSettings,
    check_simulations,
    iter_campaign_trend,
    report_simulations,
    simulate_scenario,
)

from .conftest import write_starter


GAME = game_from_map("""
    T T . ~ ~
    . 1 . . ~
    . B 2 . .
    ~ . . B .
    ~ ~ . . .""", ["light-female E5 N", "dark-male C5 N"])
JSON_KEYS = {"scenario", "policy", "games", "wins", "win_rate", "ci95", "losses", "mean_turns",
             "seed", "mean_turns_ci95", "loss_rates_ci95"}
SMALL = SimSettings(games=40)

MOAT = """kind: tower-scenario
id: the-moat
number: 3
level: 1
title: The Moat
map: |
  ~ ~ ~ {extra}
  ~ 3 ~ {extra}
  ~ ~ ~ {extra}
  1B . B {extra}
enemies:
  - {{type: dark-male, at: B2, facing: N}}
"""


def choose(policy: str, game: Game, state: State, seed: int = 0) -> Action:
    actions = engine.list_actions(game, state)
    return load_policy(policy).make(game)(game, state, actions, random.Random(seed))


# -- policies ------------------------------------------------------------------------


def test_every_policy_module_is_registered() -> None:
    assert policy_names() == ("greedy", "lookahead", "lookahead_all", "random")
    for name in policy_names():
        spec = load_policy(name)
        assert isinstance(spec, PolicySpec) and spec.name == name and spec.summary
    with pytest.raises(KeyError, match="policies: greedy, lookahead, lookahead_all, random"):
        load_policy("minimax")


@pytest.mark.parametrize("policy", ["random", "greedy", "lookahead", "lookahead_all"])
def test_policies_choose_legal_actions_and_repeat_with_the_seed(policy: str) -> None:
    make = load_policy(policy).make
    for seed in range(3):
        chosen: list[Action] = []
        policy_fn = make(GAME)

        def checked(game: Game, state: State, actions: list[Action], rng: random.Random
                    ) -> Action:
            action = policy_fn(game, state, actions, rng)
            assert action in actions
            chosen.append(action)
            return action

        first = engine.play_game(GAME, checked, random.Random(seed))
        again = engine.play_game(GAME, make(GAME), random.Random(seed))
        assert first == again and (chosen or not first.rounds or first.lost)


def test_greedy_and_lookahead_crush_when_they_can() -> None:
    g = game_from_map("""
        . 1 . .
        B . . .
        . . . B""", ["dark-male C1 W"])
    state = g.start._replace(facings=(3,))
    for policy in ("greedy", "lookahead"):
        action = choose(policy, g, state)
        assert g.name(action[2]) == "C1"  # the build on the enemy wins at once
        assert engine.is_won(engine.apply_action(g, state, action))


def test_greedy_blocks_the_way_to_a_target_zone() -> None:
    # The enemy on A3 faces the two-block tower on A2 and will knock it down to one:
    # a roll of 2 or 6 then walks it over A2 into the target A1. A third block on A2
    # leaves two after the attack: too high to climb, so every roll is safe.
    g = game_from_map("""
        T . . .
        2 . . .
        . . 1 .
        B . . B""", ["dark-male A3 N"])
    assert engine.loss_odds(g, g.start).by_reason == ((LOSS_TARGET, pytest.approx(1 / 3)),)
    for policy in ("greedy", "lookahead"):
        action = choose(policy, g, g.start)
        assert g.name(action[2]) == "A2"
        after = engine.apply_action(g, g.start, action)
        assert engine.loss_odds(g, after).probability == 0


def test_greedy_keeps_builders_out_of_an_attack() -> None:
    # B2 is the building the enemy on B3 faces: a builder standing there is defeated
    # (and, both on one block, it could not crush the enemy from there).
    g = game_from_map("""
        . . . .
        . 1 . .
        B 1 . .
        . . . B""", ["dark-male B3 N"])
    assert "B2" in {g.name(a[1]) for a in engine.list_actions(g, g.start)}
    for seed in range(5):
        action = choose("greedy", g, g.start, seed)
        assert g.name(action[1]) != "B2"


# -- playtests -----------------------------------------------------------------------


def test_playtest_figures_add_up() -> None:
    seen: list[tuple[int, int]] = []
    result = playtest(GAME, "greedy", 150, seed=2, level=1,
                      progress=lambda d, t: seen.append((d, t)))
    assert result.games == 150 and result.wins + sum(n for _, n in result.losses) == 150
    assert result.ci95 == wilson_interval(result.wins, 150)
    assert result.ci95[0] <= result.win_rate <= result.ci95[1]
    assert 0 < result.wins < 150 and seen[-1] == (150, 150)
    assert all(set(reason.split("+")) <= {"buildings", "target", "builders", "stuck"}
               for reason, _ in result.losses)
    assert result.mean_turns > 1 and result.first_win is not None
    assert 1 + 2 <= result.mean_score <= 1 + 2 * 3  # level 1, the first-attempt bonus at least
    rates = dict(result.bonus_rates)
    assert rates["first attempt"] == 1.0 and 0 <= rates["builders alive"] <= 1
    assert result == playtest(GAME, "greedy", 150, seed=2, level=1)
    assert result != playtest(GAME, "greedy", 150, seed=3, level=1)
    data = result.to_json("the-causeway")
    assert set(data) == JSON_KEYS and data["ci95"] == list(result.ci95)
    low, high = data["mean_turns_ci95"]
    assert low < data["mean_turns"] < high  # games of different lengths: a real spread
    assert set(data["loss_rates_ci95"]) == set(data["losses"])
    for reason, (low, high) in data["loss_rates_ci95"].items():
        assert low <= data["losses"][reason] / 150 <= high
    assert sum(data["losses"].values()) == 150 - data["wins"]


def test_playtest_limits_and_bad_arguments() -> None:
    short = playtest(GAME, "random", 60, seed=1, max_rounds=1)
    assert short.mean_turns == 1.0
    assert dict(short.losses).get(MAX_ROUNDS_REASON, 0) + short.wins > 0
    assert name_loss(0) == MAX_ROUNDS_REASON
    with pytest.raises(KeyError):
        playtest(GAME, "nobody", 10)
    with pytest.raises(ValueError):
        playtest(GAME, "random", 10, max_rounds=0)


def test_run_playtest_text_and_json(tmp_path: Path) -> None:
    pack = write_starter(tmp_path / "pack")
    code, text = run_playtest(pack, "the-old-mill", games=60, seed=5, jobs=1)
    assert code == 0, text
    assert text.splitlines()[0] == ("the-old-mill (The Old Mill): level 1, policy greedy, "
                                    "60 games, seed 5")
    assert "wins: " in text and "95% interval" in text and "replay: " in text
    code, out = run_playtest(pack, "the-old-mill", games=60, seed=5, jobs=1, fmt="json")
    data = json.loads(out)
    assert code == 0 and set(data) == JSON_KEYS
    assert data["scenario"] == "the-old-mill" and data["games"] == 60 and data["seed"] == 5
    assert f"wins: {data['wins']} of 60" in text
    code, carded = run_playtest(pack, "the-old-mill", games=20, jobs=1, variant="hestia")
    assert code == 0 and "with the 'hestia' card" in carded


def test_run_playtest_usage_and_content_errors(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    pack = write_starter(tmp_path / "pack")
    code, text = run_playtest(pack, "nowhere", games=5)
    assert code == 2 and "scenarios: the-causeway, the-old-mill" in text
    assert run_playtest(pack, "the-old-mill", policy="minimax")[0] == 2
    assert run_playtest(pack, "the-old-mill", fmt="xml")[0] == 2
    assert run_playtest(pack, "the-old-mill", games=0)[0] == 2
    assert run_playtest(pack, "the-old-mill", jobs=0)[0] == 2
    assert run_playtest(tmp_path / "missing", "the-old-mill")[0] == 2
    assert run_playtest(pack, "the-old-mill", games=5, variant="hermes")[0] == 2
    monkeypatch.setitem(sys.modules, "distributed", None)
    code, text = run_playtest(pack, "the-old-mill", games=5, scheduler="tcp://127.0.0.1:8786")
    assert code == 2 and "pip install distributed" in text
    broken = write_starter(tmp_path / "broken", {
        "scenarios/the-moat.yaml": MOAT.format(extra="").replace("1B . B", "1B . .")})
    code, text = run_playtest(broken, "the-moat", games=5)
    assert code == 1 and "RS-T012" in text


# -- simulation checks ------------------------------------------------------------------


def load_pack(root: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    """The pack at ``root``, loaded from inside it (diagnostics name files relative to it)."""
    monkeypatch.chdir(root)
    loaded = load_packs([Path(".")], load_schemas(), _kinds())
    [pack] = loaded.packs
    return pack


def test_starter_pack_simulates_clean_and_reports(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    pack = load_pack(write_starter(tmp_path / "pack"), monkeypatch)
    diags = [d for d in check_simulations(pack, cache_dir=tmp_path / "cache", settings=SMALL)
             if d.code not in ("RS-T109", "RS-T111")]  # the skill gap and the cards' rates
    assert [d.code for d in diags] == ["RS-T106"]  # the curve, a note
    assert "(40 games)" in diags[0].message and "the cap stopped" in diags[0].message
    report = report_simulations(pack, tmp_path / "cache", SMALL)
    assert sorted(report["playtests"]) == ["the-causeway", "the-old-mill"]
    entry = report["playtests"]["the-old-mill"]
    assert JSON_KEYS <= set(entry) and entry["games"] == 40 and "mean_score" in entry


def test_results_are_cached_by_content(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cache = tmp_path / "cache"
    first = simulate_scenario(GAME, 0, SMALL, cache)
    [stored] = cache.iterdir()
    assert stored.name.startswith("tower-sim-") and stored.suffix == ".json"

    def refuse(*args: object, **kwargs: object) -> PlaytestResult:
        raise AssertionError("played again instead of reading the cache")

    monkeypatch.setattr(sim_checks, "playtest_until", refuse)
    assert simulate_scenario(GAME, 0, SMALL, cache) == first
    monkeypatch.undo()
    # Another level, budget or map is another entry; a corrupt file is replaced.
    simulate_scenario(GAME, 1, SMALL, cache)
    simulate_scenario(GAME, 0, SimSettings(games=41), cache)
    assert len(list(cache.iterdir())) == 3
    stored.write_text("{not json", encoding="utf-8")
    assert simulate_scenario(GAME, 0, SMALL, cache) == first
    assert json.loads(stored.read_text(encoding="utf-8"))["playtest"]["games"] == 40


def test_unwinnable_scenario_is_an_error_at_its_map(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    pack = load_pack(write_starter(tmp_path / "pack", {
        "scenarios/the-moat.yaml": MOAT.format(extra="")}), monkeypatch)
    diags = [d for d in check_simulations(pack, settings=SMALL)
             if d.code not in ("RS-T106", "RS-T109", "RS-T111")]
    assert [(d.code, d.file, d.line, d.col) for d in diags] == [
        ("RS-T101", "scenarios/the-moat.yaml", 6, 1)]
    assert diags[0].severity.value == "error" and "no line of play wins" in diags[0].message


def test_no_win_found_within_budgets_is_a_warning(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    wide = MOAT.format(extra=".").replace("1B . B .", "1B . . B")
    pack = load_pack(write_starter(tmp_path / "pack", {"scenarios/the-moat.yaml": wide}),
                     monkeypatch)
    diags = [d for d in check_simulations(pack, settings=SimSettings(games=20, proof_budget=200))
             if d.code not in ("RS-T106", "RS-T109", "RS-T111")]
    assert [(d.code, d.line) for d in diags] == [("RS-T103", 4)]
    assert "won none of 20 playtests" in diags[0].message
    assert "budget of 200 nodes" in diags[0].message


def fake_sim(wins: int, games: int = 200) -> ScenarioSim:
    return ScenarioSim(PlaytestResult(
        policy="greedy", games=games, seed=1, level=0, max_rounds=100, wins=wins,
        ci95=wilson_interval(wins, games), losses=(("target", games - wins),) if wins < games
        else (), turns_won=((3, wins),) if wins else (), turns_lost=((2, games - wins),)
        if wins < games else (), builders_alive=0, more_blocks=0, first_win=None,
        first_loss=None))


def test_campaign_win_rates_should_fall_as_levels_rise(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    pack = load_pack(write_starter(tmp_path / "pack"), monkeypatch)
    [doc] = pack.of_kind("tower-campaign")
    campaign = build_campaign(doc)
    from generator.systems.tower.model import build_scenario

    scenarios = {d.id: build_scenario(d, pack.sources[d.file])[0]
                 for d in pack.of_kind("tower-scenario")}
    assert scenarios["the-causeway"].level < scenarios["the-old-mill"].level

    def trend(easy_wins: int, hard_wins: int) -> list[tuple[str, int]]:
        sims = {"the-causeway": (scenarios["the-causeway"], fake_sim(easy_wins)),
                "the-old-mill": (scenarios["the-old-mill"], fake_sim(hard_wins))}
        return [(d.code, d.line) for d in iter_campaign_trend(campaign, doc, sims)]

    assert trend(150, 100) == []
    assert trend(100, 110) == []  # higher, but within the intervals
    assert trend(100, 150) == [("RS-T102", 4)]
    [diag] = iter_campaign_trend(campaign, doc, {
        "the-causeway": (scenarios["the-causeway"], fake_sim(100)),
        "the-old-mill": (scenarios["the-old-mill"], fake_sim(150))})
    assert "'the-old-mill' (level 1) is won in 75.0%" in diag.message
    assert diag.severity.value == "warning"


def test_the_policy_table_names_every_policy_module() -> None:
    """POLICY_MODULES is written out (grep sees each policy); a scan of the package, the way
    policies used to be found, must find the same modules, each with its POLICY."""
    import pkgutil

    from generator.systems.tower import policies

    scanned = sorted(m.name for m in pkgutil.iter_modules(policies.__path__)
                     if not m.name.startswith("_"))
    assert list(policies.POLICY_MODULES) == scanned
    assert [policies.load_policy(name).name for name in scanned] == scanned
