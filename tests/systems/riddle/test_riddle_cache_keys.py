"""The riddle proof cache's key, pinned against solving again.

A designer edits a card a riddle uses, not the riddle; ``check`` run twice with
the cache must then say what ``check --no-cache`` says. Each edit below is run
through the command line on a copy of a shipped riddle with the pack's gods,
blessings and die, and the second run's output is compared with a fresh run's.
The in-process memo of replayed proofs (:data:`.cache._VERIFIED`) is cleared
between runs, as a new process would start with it empty.
"""
from __future__ import annotations

import dataclasses
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import generator.systems.riddle.cache as cache_module
from generator.cli import main
from generator.engine.state import Stockpile
from generator.systems.riddle.cache import riddle_fingerprint
from generator.systems.riddle.box import BlessingCard, Die, DieFace, GodCard
from generator.systems.riddle.model import Reward
from generator.systems.riddle.quests import Quest

from .reference import GIFT, riddle_of_text

from conftest import CONTENT

RIDDLES = CONTENT / "riddles"
PACK = """kind: pack
id: mini
title: Mini
version: 1.0.0
systems: [riddle]
languages: [en]
include: [riddles/*.yaml, gods/*.yaml, blessings/*.yaml, dice/*.yaml]
"""
RIDDLE = "21-crowned-threshold.yaml"  # a queue with Atlas, Goat Path revealed, the die

EDITS = {
    # name: (file, old, new) -- each changes what the solver says about the riddle
    # (edits that make the riddle slow to solve are pinned on the key below instead)
    "god-renamed": ("gods/atlas.yaml", "name: Atlas", "name: Atlantes"),
    "blessing-renamed": ("blessings/04-goat-path.yaml", "name: Goat Path", "name: Goat Track"),
    "die-face": ("dice/sphinx-die.yaml", "{piece: dome,", "{piece: level1,"),
    "players": (f"riddles/{RIDDLE}", "players: [1]", "players: [1, 2]"),
}


def mini_pack(root: Path) -> Path:
    for folder in ("gods", "blessings", "dice"):
        shutil.copytree(RIDDLES / folder, root / folder)
    (root / "riddles").mkdir()
    shutil.copy(RIDDLES / "riddles" / RIDDLE, root / "riddles" / RIDDLE)
    (root / "pack.yaml").write_text(PACK, encoding="utf-8")
    return root


def check(root: Path, *options: str) -> tuple[int, str]:
    cache_module._VERIFIED.clear()  # a new process: nothing replayed yet
    result = CliRunner().invoke(main, ["check", "-v", "--strict", *options, str(root)])
    assert "Traceback" not in result.output, result.output
    timing = r"^\[ *[\d.]+s\] | \((cached|[\d.]+ s)\)"
    return result.exit_code, re.sub(timing, "", result.output, flags=re.M)


@pytest.mark.parametrize("edit", sorted(EDITS))
def test_an_edit_to_a_card_gives_the_fresh_answer_through_the_cache(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, edit: str) -> None:
    root = mini_pack(tmp_path / "pack")
    rel, old, new = EDITS[edit]
    path = root / rel
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{rel} no longer holds {old!r}: update the edit"
    monkeypatch.chdir(tmp_path)
    check(root)  # fills the cache
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    assert check(root) == check(root, "--no-cache")



KEYED = """kind: riddle
id: keyed
number: 1
title: Keyed
island: x
players: [1]
map:
  grid: |
    W . .
stockpile: {level1: 1, level2: 0, level3: 0, dome: 0}
gods: {deck: [gift], queue: [gift], revealed: [cup]}
die: d
objectives:
  - tier: silver
    goal: {stand: {figure: worker, at: C1, level: 1}}
"""
CUP = BlessingCard("cup", 1, "Take a dome.", "gain-dome", "Cup")
DIE = Die("d", (DieFace("amber", Reward("dome")), DieFace("jade")), ("amber", "jade"))


def _key(god: GodCard = GIFT, cup: BlessingCard = CUP, die: Die = DIE) -> str:
    riddle = riddle_of_text(KEYED)
    assert riddle is not None
    return riddle_fingerprint(riddle, 1, 1000, gods={"gift": god}, die=die,
                              blessings={"cup": cup})


@pytest.mark.parametrize("change", [
    {"god": dataclasses.replace(GIFT, name="Offering")},  # named by "take Gift" lines
    {"god": dataclasses.replace(GIFT, pieces=Stockpile(0, 0, 0, 2))},
    {"god": dataclasses.replace(GIFT, power="athena-no-climb")},
    {"god": dataclasses.replace(GIFT, quest=Quest(level=3))},
    {"god": dataclasses.replace(GIFT, quest=Quest(reward="dome"))},
    {"cup": dataclasses.replace(CUP, effect="gain-level1")},
    {"cup": dataclasses.replace(CUP, name="Jug")},  # named by the lines that use it
    {"die": dataclasses.replace(DIE, faces=(DieFace("amber", Reward("level1")),
                                            DieFace("jade")))},
    {"die": dataclasses.replace(DIE, gems=("amber",))},
])
def test_each_card_field_the_solver_or_its_lines_read_is_in_the_key(
        change: dict[str, Any]) -> None:
    assert _key(**change) != _key()


@pytest.mark.parametrize("change", [
    {"god": dataclasses.replace(GIFT, power_text="Other words.", quest_text="Words.")},
    {"cup": dataclasses.replace(CUP, text="Other words.", number=9)},
])
def test_prose_the_solver_never_reads_is_not_in_the_key(change: dict[str, Any]) -> None:
    assert _key(**change) == _key()
