"""The glyph player aid and degree table say what the game document says: a copy of the
shipped pack is edited in a temporary folder and the printed words follow it."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from generator.systems.glyphs.content import load_pack
from generator.systems.glyphs.model import GlyphGame
from generator.systems.glyphs.render import aid_page, degree_page
from tests.scene_text import scene_text
from tests.systems.glyphs.conftest import load_small

SHIPPED = Path(__file__).resolve().parents[3] / "content" / "glyphs"
A4 = (210.0, 297.0)


def edited_game(tmp_path: Path, edit: dict[int, str] | None = None,
                replace: tuple[str, str] | None = None) -> GlyphGame:
    """The shipped glyph game, read from a copy whose degree lines get ``edit[degree]``
    appended inside their braces (e.g. ``", removed: 2"``), then ``replace`` (old, new)."""
    root = tmp_path / "glyphs"
    shutil.copytree(SHIPPED, root)
    game_file = root / "game.yaml"
    text = game_file.read_text(encoding="utf-8")
    for degree, extra in (edit or {}).items():
        line = re.compile(rf"^(  - \{{degree: {degree}, .*?)(\}})$", re.M)
        text, n = line.subn(lambda m: m.group(1) + extra + m.group(2), text)
        assert n == 1, degree
    if replace:
        assert replace[0] in text, replace
        text = text.replace(*replace)
    game_file.write_text(text, encoding="utf-8")
    loaded, _ = load_pack(load_small(root))
    assert loaded.game is not None
    return loaded.game


def aid_words(game: GlyphGame, lang: str) -> str:
    return scene_text(aid_page(game, A4, lang))


def test_the_shipped_aid_names_degree_8s_smaller_hand_of_rewards(tmp_path: Path) -> None:
    game = edited_game(tmp_path)
    assert [d.rewards_held for d in sorted(game.degrees, key=lambda d: d.degree)] == \
        [3] * 7 + [2]
    en, fr = aid_words(game, "en"), aid_words(game, "fr")
    assert "solve all nine riddles before" in en
    assert "Keep three at most (two at degree 8): taking one more sends one of them to the " \
        "box" in en
    assert "résoudre les neuf énigmes avant" in fr
    assert "Gardez-en trois au plus (deux au degré 8) : en prendre une de plus" in fr
    assert "a fourth" not in en and "quatrième" not in fr


def test_the_aid_follows_the_documents_counts(tmp_path: Path) -> None:
    # Two cards set aside per deck instead of three: 3 decks x 4 = twelve riddles at every
    # degree; degree 8 now keeps five rewards and every other degree four.
    edit = {d: ", removed: 2, rewards_held: 4" for d in range(1, 8)}
    edit[8] = ", removed: 2"
    game = edited_game(tmp_path, edit, ("rewards_held: 2", "rewards_held: 5"))
    en, fr = aid_words(game, "en"), aid_words(game, "fr")
    assert "solve all twelve riddles before" in en and "nine" not in en
    assert "Keep four at most (five at degree 8)" in en
    assert "résoudre les douze énigmes avant" in fr
    assert "Gardez-en quatre au plus (cinq au degré 8)" in fr
    degrees_en = scene_text(degree_page(game, A4, "en"))
    degrees_fr = scene_text(degree_page(game, A4, "fr"))
    assert "set 2 cards aside unseen, then" in degrees_en
    assert "écartez-en 2 cartes sans les regarder, puis" in degrees_fr


@pytest.mark.parametrize(("lang", "goal", "note"), [
    ("en", "solve all nine riddles (18 at degree 1; six at degrees 7 and 8) before",
     "set 3 cards aside unseen (0 at degree 1; 4 at degrees 7 and 8), then"),
    ("fr", "résoudre les neuf énigmes (18 au degré 1 ; six aux degrés 7 et 8) avant",
     "sans les regarder (0 au degré 1 ; 4 aux degrés 7 et 8), puis")])
def test_a_count_that_differs_by_degree_names_the_degrees(tmp_path: Path, lang: str, goal: str,
                                                          note: str) -> None:
    game = edited_game(tmp_path, {1: ", removed: 0", 7: ", removed: 4", 8: ", removed: 4"})
    assert goal in aid_words(game, lang)
    assert note in scene_text(degree_page(game, A4, lang))
