"""The fragment player aid says what the game document says: a copy of the shipped pack
is edited in a temporary folder and the printed words and score table follow it."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conftest import CONTENT
from generator.pack.loader import load_packs
from generator.pack.schema import load_schemas
from generator.pipeline import kinds_of
from generator.render.scene import Text
from generator.registry import discover_systems
from generator.systems.fragments.render import player_aid
from generator.systems.fragments.settings import GameSettings, settings_of
from tests.scene_text import scene_text

A4 = (210.0, 297.0)


def edited_settings(tmp_path: Path, *edits: tuple[str, str]) -> GameSettings:
    """The shipped fragment game's settings, read from a copy with ``edits`` (old, new)."""
    root = tmp_path / "fragments"
    shutil.copytree(CONTENT / "fragments", root)
    game = root / "game.yaml"
    text = game.read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new)
    game.write_text(text, encoding="utf-8")
    loaded = load_packs([root], load_schemas(), kinds_of(discover_systems()))
    assert not loaded.diagnostics, loaded.diagnostics
    return settings_of(loaded.packs[0].of_kind("fragment-game")[0])


def table_of(settings: GameSettings, lang: str) -> list[str]:
    """The score table's texts, in drawing order (after the press-your-luck paragraph)."""
    page = player_aid(settings, A4, "T", lang)
    texts = [el.text for el in page.children if isinstance(el, Text)]
    return texts[texts.index("cards" if lang == "en" else "cartes"):]


def test_the_shipped_aid(tmp_path: Path) -> None:
    settings = edited_settings(tmp_path)
    assert "PRESS YOUR LUCK (1–4 PLAYERS)" in scene_text(player_aid(settings, A4, "T", "en"))
    assert table_of(settings, "en") == ["cards", "points", "1", "1", "2", "3", "3", "6", "4",
                                        "10", "5", "15", "6", "21", "7", "28", "8+", "36"]


@pytest.mark.parametrize(("lang", "heading", "words"), [
    ("en", "PRESS YOUR LUCK (2 OR 3 PLAYERS)",
     ("first to 40 points wins", "9 green and 4 red", "deal 6 to each player")),
    ("fr", "QUITTE OU DOUBLE (2 OU 3 JOUEURS)",
     ("le premier à 40 points gagne", "9 verts et 4 rouges", "distribuez-en 6 à chaque joueur"))])
def test_the_aid_follows_the_game_document(tmp_path: Path, lang: str, heading: str,
                                           words: tuple[str, ...]) -> None:
    settings = edited_settings(
        tmp_path, ("players: [1, 2, 3, 4]", "players: [2, 3]"), ("target: 50", "target: 40"),
        ("scoring: [1, 3, 6, 10, 15, 21, 28, 36]", "scoring: [1, 3, 6, 250000]"),
        ("tokens: {valid: 7, invalid: 7}", "tokens: {valid: 9, invalid: 4}"),
        ("hand_size: 5", "hand_size: 6"))
    text = scene_text(player_aid(settings, A4, "T", lang))
    assert heading in text
    for said in words:
        assert said in text, said
    # The game scores a riddle of four cards or more 250000 (sim.score_riddle): the table
    # stops there, not at the rulebook's 8 cards with the rulebook's points.
    assert table_of(settings, lang)[2:] == ["1", "1", "2", "3", "3", "6", "4+", "250000"]
