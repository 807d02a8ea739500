"""Issue 25 §1 through the systems: the curve notes, plateaus and cliffs at the right
entries, the ``sim:`` setting of pack.yaml, caches that the stopping rule could not
have written, and the same output whatever runs the games."""
from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from generator.cli import main
from generator.sim.budget import Budget
from generator.sim.stats import wilson_interval
from generator.systems.glyphs import sim_checks as glyph_sims
from generator.systems.glyphs.content import load_pack as load_glyphs
from generator.systems.tower import sim_checks as tower_sims
from generator.systems.tower.model import build_campaign, build_scenario, game_from_map
from generator.systems.tower.playtest import PlaytestResult, playtest, playtest_until
from generator.systems.tower.sim_checks import ScenarioSim, SimSettings, iter_campaign_curve
from tests.systems.glyphs.conftest import load_small, write_pack
from tests.systems.tower.conftest import write_starter


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    assert "Traceback" not in result.output, result.output
    return result.exit_code, result.output

# -- tower ----------------------------------------------------------------------------------


def fake_sim(wins: int, games: int) -> ScenarioSim:
    return ScenarioSim(PlaytestResult(
        policy="greedy", games=games, seed=1, level=0, max_rounds=100, wins=wins,
        ci95=wilson_interval(wins, games), losses=(("target", games - wins),) if wins < games
        else (), turns_won=((3, wins),) if wins else (), turns_lost=((2, games - wins),)
        if wins < games else (), builders_alive=0, more_blocks=0, first_win=None,
        first_loss=None))


@pytest.fixture
def starter(tmp_path: Path) -> tuple[Any, Any, dict[str, Any]]:
    from generator.pack.loader import load_packs
    from generator.pack.schema import load_schemas
    from generator.pipeline import kinds_of
    from generator.registry import discover_systems

    root = write_starter(tmp_path / "pack")
    pack = load_packs([root], load_schemas(), kinds_of(discover_systems())).packs[0]
    [doc] = pack.of_kind("tower-campaign")
    scenarios = {d.id: build_scenario(d, pack.sources[d.file])[0]
                 for d in pack.of_kind("tower-scenario")}
    return build_campaign(doc), doc, scenarios


def curve(starter: tuple[Any, Any, dict[str, Any]], first: tuple[int, int],
          second: tuple[int, int], settings: SimSettings = SimSettings()
          ) -> list[tuple[str, int, str]]:
    campaign, doc, scenarios = starter
    sims = {"the-causeway": (scenarios["the-causeway"], fake_sim(*first)),
            "the-old-mill": (scenarios["the-old-mill"], fake_sim(*second))}
    return [(d.code, d.line, d.message) for d in iter_campaign_curve(campaign, doc, sims,
                                                                      settings)]


def test_tower_plateau_cliff_and_slope(starter: tuple[Any, Any, dict[str, Any]]) -> None:
    codes = [(c, line) for c, line, _ in curve(starter, (300, 400), (290, 400))]
    assert codes == [("RS-T106", 4), ("RS-T107", 4)]  # 75.0 and 72.5 %: within 5 points
    codes = [(c, line) for c, line, _ in curve(starter, (380, 400), (180, 400))]
    assert codes == [("RS-T106", 4), ("RS-T108", 4)]  # 95 -> 45 %: a cliff at the second
    _, _, message = curve(starter, (380, 400), (180, 400))[1]
    assert "drops 50.0 points" in message and "'the-old-mill' 45.0% [40.2-49.9%]" in message
    assert [c for c, _, _ in curve(starter, (300, 400), (260, 400))] == ["RS-T106"]
    # 25.0 points exactly is no cliff; 5.0 points exactly is a plateau
    assert [c for c, _, _ in curve(starter, (300, 400), (200, 400))] == ["RS-T106"]
    assert [c for c, _, _ in curve(starter, (300, 400), (280, 400))] == ["RS-T106", "RS-T107"]


def test_tower_curve_note_says_what_stopped(starter: tuple[Any, Any, dict[str, Any]]) -> None:
    settings = SimSettings(games=400)
    [(_, _, narrow)] = curve(starter, (380, 400), (200, 400), settings)[:1]
    assert "every interval within +-5 points" in narrow and "(400 games)" in narrow
    [(_, _, capped)] = curve(starter, (300, 400), (60, 100), settings)[:1]
    assert "the cap stopped 'the-old-mill'" in capped
    assert "'the-causeway' 75.0% [70.5-79.0%] (400 games)" in capped


def test_tower_cache_from_another_stopping_rule_is_recomputed(tmp_path: Path) -> None:
    game = game_from_map("T . .\n. 1 .\n. B .\nB . .", ["dark-male C4 N"])
    settings = SimSettings(games=300, batch=50)
    fresh = tower_sims.simulate_scenario(game, 0, settings)
    first = tower_sims.simulate_scenario(game, 0, settings, tmp_path)
    assert first == fresh and first.playtest.games in (50, 100, 150, 200, 250, 300)
    [path] = list(tmp_path.iterdir())
    data = json.loads(path.read_text())
    data["playtest"]["games"] = 60  # not a batch boundary
    path.write_text(json.dumps(data))
    again = tower_sims.simulate_scenario(game, 0, settings, tmp_path)
    assert again == fresh and "not where a run" in again.cache_problem


def test_tower_adaptive_playtest_is_a_plain_prefix_on_every_executor() -> None:
    game = game_from_map("T . .\n. 1 .\n. B .\nB . .", ["dark-male C4 N"])
    budget = Budget(width=0.04, cap=800, batch=100)
    here, why = playtest_until(game, "greedy", 5, budget, jobs=1)
    pooled = playtest_until(game, "greedy", 5, budget, jobs=2)
    assert pooled == (here, why)
    assert here == playtest(game, "greedy", here.games, 5, jobs=1)
    assert (why == "width") == budget.narrow_enough(here.wins, here.games)

# -- glyphs ---------------------------------------------------------------------------------


def glyph_result(rates: list[tuple[int, int]], settings: Any) -> dict[str, Any]:
    budget = settings.games_budget
    return {"policy": "planner", "seed": 1, "setup": "x", "cards": [],
            "curve": [{"degree": d, "games": g, "wins": w, "win_rate": w / g,
                       "ci95": list(wilson_interval(w, g)), "stopped": budget.stopped_by(w, g),
                       "mean_solved": 1.0, "mean_solved_ci95": [1.0, 1.0]}
                      for d, (w, g) in enumerate(rates, 1)]}


def glyph_diags(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                rates: list[tuple[int, int]]) -> list[tuple[str, int, str]]:
    pack = load_small(write_pack(tmp_path / "p"))
    loaded, _ = load_glyphs(pack)
    settings = glyph_sims.settings_for(pack)
    monkeypatch.setattr(glyph_sims, "simulate",
                        lambda *a, **k: glyph_result(rates, settings))
    return [(d.code, d.line, d.message)
            for d in glyph_sims.iter_simulation_problems(pack, loaded, None, settings)
            if d.code != "RS-X102"]


def test_glyph_plateaus_and_cliffs_at_their_degrees(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    # 'degrees:' is line 8 of the small game.yaml, degree d's entry line 8 + d
    rates = [(32, 40), (31, 40), (30, 40), (12, 40), (8, 40), (4, 40), (1, 40), (0, 40)]
    found = [(c, line) for c, line, _ in glyph_diags(tmp_path, monkeypatch, rates)]
    assert found == [("RS-X103", 8), ("RS-X104", 9), ("RS-X104", 15), ("RS-X105", 12)]
    messages = {c: m for c, _, m in reversed(glyph_diags(tmp_path, monkeypatch, rates))}
    assert "degree 1 80.0% [65.2-89.5%], degree 2 77.5%" in messages["RS-X104"]
    assert "drops 45.0 points from degree 3 75.0%" in messages["RS-X105"]
    assert "the cap stopped degrees 1, 2, 3, 4, 5, 6" in messages["RS-X103"]


def test_glyph_wrong_way_only_beyond_both_intervals(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    close = [(20, 40), (24, 40), (20, 40), (16, 40), (12, 40), (8, 40), (4, 40), (0, 40)]
    assert "RS-X101" not in [c for c, _, _ in glyph_diags(tmp_path, monkeypatch, close)]
    clear = [(4, 40), (30, 40), (20, 40), (16, 40), (12, 40), (8, 40), (4, 40), (0, 40)]
    found = [(c, line) for c, line, _ in glyph_diags(tmp_path, monkeypatch, clear)]
    # degrees 2-4 lie wholly above degree 1's [4.0-23.1%]; degree 5 (30%) overlaps it
    assert [line for c, line in found if c == "RS-X101"] == [10, 11, 12]


def test_glyph_cache_from_another_stopping_rule_is_not_consistent(tmp_path: Path) -> None:
    pack = load_small(write_pack(tmp_path / "p"))
    loaded, _ = load_glyphs(pack)
    settings = glyph_sims.SimSettings(games=40, grids=1, budget=200)
    result = glyph_sims.simulate(loaded.table, settings)
    assert glyph_sims.consistent(result, loaded.table, settings)
    wide = json.loads(json.dumps(result))
    entry = wide["curve"][0]
    entry.update(games=20, wins=10, win_rate=0.5, ci95=list(wilson_interval(10, 20)),
                 stopped="width")
    assert not glyph_sims.consistent(wide, loaded.table, settings)  # would have gone on

# -- the sim: setting and byte-identical output ---------------------------------------------


def test_sim_setting_sets_width_and_cap(tmp_path: Path) -> None:
    root = write_pack(tmp_path / "p", {"pack.yaml": (
        "include:", "sim: {width: 10, max_games: 60}\ninclude:")})
    pack = load_small(root)
    settings = glyph_sims.settings_for(pack)
    assert (settings.width, settings.games, settings.batch) == (0.1, 60, 20)
    assert tower_sims.settings_for(pack).games == 60
    code, out = run("check", str(root), "--no-cache")
    assert code == 0, out
    assert "games until +-10 points, at most 60 games a degree" in out


def test_sim_setting_is_schema_checked(tmp_path: Path) -> None:
    root = write_pack(tmp_path / "p", {"pack.yaml": (
        "include:", "sim: {widht: 10, max_games: 0}\ninclude:")})
    code, out = run("check", str(root), "--no-cache")
    assert code == 1 and "RS-S002" in out and "did you mean 'width'" in out
    assert "RS-S001" in out or "RS-S005" in out  # max_games below 1


def test_check_output_is_byte_identical(tmp_path: Path) -> None:
    root = write_pack(tmp_path / "p", {"pack.yaml": (
        "include:", "sim: {width: 20, max_games: 12}\ninclude:")})
    first = run("check", str(root), "--no-cache", "--format", "json")
    assert first == run("check", str(root), "--no-cache", "--format", "json", "--jobs", "2")
    notes = json.loads(first[1])["diagnostics"]
    assert any(d["code"] == "RS-X103" for d in notes)


def test_stopping_rule_over_generated_budgets() -> None:
    rng = random.Random(11)
    for _ in range(300):
        budget = Budget(width=rng.choice([0.02, 0.05, 0.1]), cap=rng.randrange(1, 500),
                        batch=rng.randrange(1, 120))
        games = rng.randrange(1, 600)
        wins = rng.randrange(games + 1)
        ends = set(range(budget.batch, budget.cap, budget.batch)) | {budget.cap}
        expected = games in ends and (games == budget.cap or budget.narrow_enough(wins, games))
        assert budget.consistent(wins, games) == expected
