"""The tower system's model stage and check's simulations handed on as values (issue 23 §1).

A full check and build reads each tower document once, compiles each (scenario, rules)
game once, plays and proves each simulation once, and the build's report takes check's
results from the run's store (no cache file of this run is read back). A scenario that
fails the model stage is left out of the simulations; the others go on. The store is
pinned against a plain recomputation on generated scenarios.
"""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from tests.counting import count_calls

import generator.cachefile as cachefile
import generator.systems.tower.model as model_module
import generator.systems.tower.playtest as playtest_module
import generator.systems.tower.proof as proof_module
import generator.systems.tower.sim_checks as sim_checks
import generator.systems.tower.sim_skill as sim_skill
from generator import pipeline
from generator.pack.loader import load_packs
from generator.pack.schema import load_schemas
from generator.pipeline import kinds_of
from generator.systems import Options
from generator.registry import discover_systems
from generator.systems.tower.sim_checks import (
    SimSettings,
    check_simulations,
    report_simulations,
)
from generator.systems.tower import bookfit, build, decks
from generator.systems.tower.stage import TowerRun, models_of, read_models, run_of

from .conftest import write_starter

SMALL = "sim: {max_games: 40}\n"
LOADED_BEFORE_COUNTING = (bookfit, build, decks, sim_checks, sim_skill)
"""Modules the build imports on first use, loaded here so the counters wrap what they
import."""


def _starter(root: Path, overrides: dict[str, str] | None = None) -> Path:
    root = write_starter(root, overrides)
    manifest = root / "pack.yaml"
    manifest.write_text(manifest.read_text("utf-8") + SMALL, "utf-8")
    return root


def _load(root: Path) -> Any:
    [pack] = load_packs([root], load_schemas(), kinds_of(discover_systems())).packs
    return pack


def test_a_full_check_and_build_reads_each_document_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = _starter(tmp_path / "pack")
    scenarios = count_calls(monkeypatch, model_module, "build_scenario", lambda doc, *_: doc.id)
    variants = count_calls(monkeypatch, model_module, "build_variant", lambda doc: doc.id)
    campaigns = count_calls(monkeypatch, model_module, "build_campaign", lambda doc: doc.id)
    games = count_calls(monkeypatch, model_module, "compile_game",
                   lambda scenario, rules=None: (scenario.id, rules))
    played = count_calls(monkeypatch, playtest_module, "playtest_until",
                    lambda game, policy, *a, **k: (id(game), policy))
    proved = count_calls(monkeypatch, proof_module, "prove_win", lambda game, **_: id(game))
    read_back: list[str] = []
    real_read = cachefile.read_keyed

    def no_read(path: Path, *args: Any, **kwargs: Any) -> Any:
        if path.name.startswith("tower-"):
            read_back.append(path.name)
        return real_read(path, *args, **kwargs)

    for module in (sim_checks, sim_skill):
        monkeypatch.setattr(module, "read_keyed", no_read)
    report = pipeline.check([root], Options(cache=False))
    assert report.errors == 0, report.diagnostics
    assert not pipeline.build(report, tmp_path / "out").refused
    [pack] = report.packs
    assert set(scenarios) == {d.id for d in pack.of_kind("tower-scenario")}
    assert set(variants) == {d.id for d in pack.of_kind("tower-variant")}
    assert set(campaigns) == {d.id for d in pack.of_kind("tower-campaign")}
    for counts in (scenarios, variants, campaigns, games, played, proved):
        assert counts and set(counts.values()) == {1}, counts.most_common(3)
    # The build's report took check's playtests from the run, not from a cache file
    # (build makes a throwaway cache folder for --no-cache; the tower does not need it).
    assert read_back == []


def test_the_report_takes_checks_results_without_a_cache_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pack = _load(_starter(tmp_path / "pack"))
    settings = SimSettings(games=40)
    run = TowerRun()
    check_simulations(pack, None, settings, run=run)
    assert run.results and run.games

    def refuse(*_: Any, **__: Any) -> Any:
        raise AssertionError("played again")

    monkeypatch.setattr(sim_checks, "playtest_until", refuse)
    monkeypatch.setattr(sim_checks, "prove_win", refuse)
    handed_on = report_simulations(pack, None, settings, run)
    monkeypatch.undo()
    assert handed_on == report_simulations(_load(tmp_path / "pack"), None, settings)


BROKEN_MAP = """kind: tower-scenario
id: the-broken-quay
number: 3
level: 1
title: The Broken Quay
map: |
  T T . ~
  . Q . .
  . B . .
enemies:
  - {type: dark-male, at: C3, facing: N}
"""


def test_a_scenario_that_fails_the_model_stage_does_not_stop_the_others(
        tmp_path: Path) -> None:
    root = _starter(tmp_path / "pack", {"scenarios/the-broken-quay.yaml": BROKEN_MAP})
    report = pipeline.check([root], Options(cache=False))
    [pack] = report.packs
    broken = [m for m in models_of(pack).scenarios if m.doc.id == "the-broken-quay"]
    assert broken and broken[0].scenario is None and broken[0].diagnostics
    assert any(d.file.endswith("the-broken-quay.yaml") and d.severity.value == "error"
               for d in report.diagnostics)
    # The two sound scenarios were simulated all the same: their playtests are in the
    # run, and the campaign's curve and the cards' rates were reported.
    played = {value.playtest.level for key, value in run_of(pack).results.items()
              if key.startswith("tower-sim-")}
    assert played == {0, 1}
    codes = {d.code for d in report.diagnostics}
    assert {"RS-T106", "RS-T111"} <= codes, sorted(codes)


SYMBOLS = ". . . . . . 1 1 2 ~ T".split()


def _random_scenario(rng: random.Random, ident: str, number: int) -> str:
    """A 5 x 5 scenario: random ground, two builders, two enemies on the bottom row,
    a target zone on the top row (its set-up is sound, its difficulty anything)."""
    rows = [[rng.choice(SYMBOLS) for _ in range(5)] for _ in range(5)]
    rows[0][rng.randrange(5)] = "T"
    rows[4] = ["." for _ in range(5)]
    rows[2][1], rows[2][3] = "B", "B"
    text = "\n".join("  " + " ".join(r) for r in rows)
    return (f"kind: tower-scenario\nid: {ident}\nnumber: {number}\nlevel: {number - 1}\n"
            f"title: {ident}\nmap: |\n{text}\nenemies:\n"
            "  - {type: dark-male, at: A5, facing: N}\n"
            "  - {type: light-female, at: E5, facing: N}\n")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_run_store_gives_what_a_fresh_computation_gives(tmp_path: Path, seed: int) -> None:
    """Generated packs: check then report through the run's store equal a report made
    from scratch on a freshly loaded pack, with no store and no cache (the slow, obvious
    way), and a second check through the same store gives the same diagnostics."""
    rng = random.Random(seed)
    ids = [f"gen-{seed}-{i}" for i in range(2)]
    files = {f"scenarios/{ident}.yaml": _random_scenario(rng, ident, i + 1)
             for i, ident in enumerate(ids)}
    files["campaigns/the-siege.yaml"] = (
        "kind: tower-campaign\nid: the-siege\ntitle: Generated\n"
        f"scenarios: [{', '.join(ids)}]\n")
    root = _starter(tmp_path / "pack", files)
    for name in ("the-causeway", "the-old-mill"):
        (root / "scenarios" / f"{name}.yaml").unlink()
    settings = SimSettings(games=20, proof_budget=300)
    pack = _load(root)
    run = TowerRun()
    first = check_simulations(pack, None, settings, run=run)
    assert any(key.startswith("tower-sim-") for key in run.results)
    assert check_simulations(pack, None, settings, run=run) == first
    assert report_simulations(pack, None, settings, run) == \
        report_simulations(_load(root), None, settings)
    assert check_simulations(_load(root), None, settings) == first


def test_models_are_read_once_a_pack(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pack = _load(_starter(tmp_path / "pack"))
    reads = count_calls(monkeypatch, model_module, "build_scenario", lambda doc, *_: doc.id)
    first = models_of(pack)
    assert models_of(pack) is first and run_of(pack) is run_of(pack)
    assert sum(reads.values()) == len(pack.of_kind("tower-scenario"))
    assert read_models(pack) == first  # the stage is a pure read: the same models again
