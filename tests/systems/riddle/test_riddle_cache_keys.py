"""The riddle proof cache's key, pinned against solving again.

A designer edits a card a riddle uses, not the riddle; ``check`` run twice with
the cache must then say what ``check --no-cache`` says. Each edit below is run
through the command line on a copy of a shipped riddle with the pack's gods,
blessings and die, and the second run's output is compared with a fresh run's.
The in-process memo of replayed proofs (:data:`.cache._VERIFIED`) is cleared
between runs, as a new process would start with it empty.
"""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

import generator.systems.riddle.cache as cache_module
from generator.cli import main

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
RIDDLE = "18-crowned-threshold.yaml"  # a queue with Atlas, Cupbearer revealed, the die

EDITS = {
    # name: (file, old, new) -- each changes what the solver says about the riddle
    "god-renamed": ("gods/atlas.yaml", "name: Atlas", "name: Atlantes"),
    "blessing-renamed": ("blessings/15-cupbearer.yaml", "name: Cupbearer", "name: Wine Bearer"),
    "blessing-effect": ("blessings/15-cupbearer.yaml", "effect: gain-dome", "effect: order-deck"),
    "god-pieces": ("gods/atlas.yaml", "pieces: {", "pieces: {level1: 2, "),
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

