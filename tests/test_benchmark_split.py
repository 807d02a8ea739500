"""benchmarks/_sampled.py files the solver's and simulators' modules under simulation."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from generator.systems.riddle.cache import SOLVER_MODULES
from generator.systems.roles.playout import HASHED_MODULES as ROLE_MODULES
from generator.systems.tower.sim_checks import HASHED_MODULES as TOWER_MODULES

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "_sampled.py"


@pytest.fixture(scope="module")
def sampled() -> ModuleType:
    spec = importlib.util.spec_from_file_location("_sampled_under_test", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _file(name: str) -> str:
    module = sys.modules.get(name) or importlib.import_module(name)
    assert module.__file__ is not None
    return module.__file__


@pytest.mark.parametrize("name", [
    "generator.systems.riddle.schedule", "generator.systems.riddle.distances",
    "generator.systems.riddle.estimate", "generator.systems.riddle.box",
    "generator.systems.tower.enemy_turn", "generator.systems.tower.player_turn",
])
def test_new_solver_modules_count_as_simulation(sampled: ModuleType, name: str) -> None:
    # These were missing from the hand-written list: time in them was "other".
    simulation = sampled.simulation_files()
    assert sampled.classify((_file(name),), simulation) == (name.split(".")[2], "simulation")
    assert sampled.kind_of(_file(name)) is None  # only the derived list knows them


def test_every_hashed_module_but_the_describing_ones_is_simulation(sampled: ModuleType) -> None:
    simulation = sampled.simulation_files()
    for name in (*SOLVER_MODULES, *TOWER_MODULES, *ROLE_MODULES):
        if name.rsplit(".", 1)[-1] in sampled._DESCRIBING:
            continue
        assert sampled.kind_of(_file(name), simulation) == "simulation", name


def test_classify_keeps_its_rules(sampled: ModuleType) -> None:
    simulation = sampled.simulation_files()
    solver = _file("generator.systems.riddle.solver")
    book = _file("generator.systems.riddle.book")
    cli = _file("generator.cli")
    # The innermost known frame decides the kind; the outermost system frame the system.
    assert sampled.classify((solver, book, cli), simulation) == ("riddle", "simulation")
    assert sampled.classify((book, solver, cli), simulation) == ("riddle", "rendering")
    assert sampled.classify((cli,), simulation) == ("core", "other")
    assert sampled.classify((solver, "<frozen importlib._bootstrap>"), simulation) \
        == ("riddle", "imports")
