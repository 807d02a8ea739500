"""The riddle player aid says what the pack says: a copy of the shipped pack is edited in
a temporary folder and the printed words follow it (player counts, the die, the blessing
score), in English and French."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from conftest import CONTENT
from generator.pack.loader import load_packs
from generator.pack.schema import load_schemas
from generator.pipeline import kinds_of
from generator.registry import discover_systems
from generator.systems.riddle.content import read_content
from generator.systems.riddle.player_aid import player_aid_pages
from tests.scene_text import scene_text

A4 = (210.0, 297.0)
OTHER_DIE = """kind: die
id: zephyr-die
faces:
  - {colour: amber, reward: {piece: dome, count: 2}}
  - {colour: jade, reward: {piece: level1, count: 3}}
gems: [amber, jade]
"""


def aid_text(root: Path, lang: str) -> str:
    loaded = load_packs([root], load_schemas(), kinds_of(discover_systems()))
    assert not loaded.diagnostics, loaded.diagnostics
    pages = player_aid_pages(read_content(loaded.packs[0], lang), A4, lang)
    return " ".join(scene_text(page) for page in pages)


def edited_pack(tmp_path: Path, players: str | None = None, die_for: int = 0) -> Path:
    """A copy of the shipped riddle pack. ``players``: every riddle's player counts;
    ``die_for``: how many riddles (in file order) roll a second die, 'zephyr-die'."""
    root = tmp_path / "riddles"
    shutil.copytree(CONTENT / "riddles", root)
    (root / "dice" / "zephyr-die.yaml").write_text(OTHER_DIE, encoding="utf-8")
    named = [f for f in sorted((root / "riddles").glob("*.yaml"))
             if "\ndie: sphinx-die" in f.read_text(encoding="utf-8")]
    for f in named[:die_for]:
        f.write_text(f.read_text(encoding="utf-8").replace("\ndie: sphinx-die",
                                                           "\ndie: zephyr-die"), encoding="utf-8")
    if players is not None:
        for f in (root / "riddles").glob("*.yaml"):
            text, n = re.subn(r"^players: .*$", f"players: {players}",
                              f.read_text(encoding="utf-8"), flags=re.M)
            assert n == 1, f
            f.write_text(text, encoding="utf-8")
    return root


@pytest.mark.parametrize(("lang", "one", "three"), [
    ("en", "1 player: two white", "3 players:"), ("fr", "1 joueur : deux ouvriers", "3 joueurs :")])
def test_the_players_section_names_only_the_counts_the_riddles_allow(
        tmp_path: Path, lang: str, one: str, three: str) -> None:
    assert three in aid_text(edited_pack(tmp_path / "all"), lang)
    text = aid_text(edited_pack(tmp_path / "solo", players="[1]"), lang)
    assert one in text and three not in text
    assert ("2 players:" if lang == "en" else "2 joueurs :") not in text


@pytest.mark.parametrize(("lang", "die"), [
    ("en", "The die: amber: add two domes; jade: add three level-1 blocks."),
    ("fr", "Le dé : ambre : ajoutez deux dômes ; jade : ajoutez trois blocs de niveau 1.")])
def test_the_die_is_the_one_the_riddles_roll(tmp_path: Path, lang: str, die: str) -> None:
    # Every riddle that named the shipped die now names another one (sorted after it).
    text = aid_text(edited_pack(tmp_path, die_for=99), lang)
    assert die in text, text
    assert "level-3" not in text and "niveau 3" not in text


def test_two_dice_in_play_are_both_described(tmp_path: Path) -> None:
    text = aid_text(edited_pack(tmp_path, die_for=1), "en")
    # Each by its printed name, never its id: numbered as on the die-face stickers.
    assert "The Sphinx's die 2: amber: add two domes" in text
    assert "The Sphinx's die 1: amber: add any one piece" in text
    assert "-die" not in text
