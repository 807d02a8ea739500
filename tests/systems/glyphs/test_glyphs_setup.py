"""Issue 26 §1: the glyph game can be set up from what it prints. A set-up sheet per
language says what the box holds and each step with the game document's counts, draws
every set-up pattern and the tile mark; the Whirlpool tile is printed, side A and B."""
from __future__ import annotations

from pathlib import Path

import pytest

from generator.render.geometry import resolve_paper
from generator.render.icons import element_bounds
from generator.systems.glyphs.content import load_pack
from generator.systems.glyphs.model import text_in
from generator.systems.glyphs.render import setup_page, whirlpool_faces
from tests.scene_text import scene_text
from tests.systems.glyphs.conftest import load_small

SHIPPED = Path(__file__).resolve().parents[3] / "content" / "glyphs"


@pytest.mark.parametrize("lang, words", [
    ("en", ("25 antechamber tiles", "3 of them watchers", "Saltire", "triangle at the bottom",
            "side A up", "takes 2 basic action tiles", "take 4 at random", "12 challenge tokens",
            "set 3 cards aside")),
    ("fr", ("25 tuiles d'antichambre", "dont 3 guetteurs", "Sautoir", "triangle en bas",
            "face A visible", "prend 2 tuiles Action basique", "prenez-en 4 au hasard",
            "12 jetons Défi", "écartez-en 3 cartes"))])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_setup_sheet_says_every_step_and_fits(lang: str, words: tuple[str, ...],
                                                  paper: str) -> None:
    loaded, _ = load_pack(load_small(SHIPPED))
    assert loaded.game is not None and loaded.glyphs is not None
    size = resolve_paper(paper)
    page = setup_page(loaded.game, loaded.glyphs, len(loaded.riddles), size, lang)
    text = scene_text(page)
    assert all(w in text for w in words), text
    for setup in loaded.game.setups:  # every pattern is drawn with its name
        assert text_in(setup.name, lang) in text
    box = element_bounds(list(page.children))
    assert box is not None and box[0] >= 10 and box[2] <= size[0] - 10 and box[3] <= size[1] - 10


def test_the_whirlpool_tile_has_both_sides_with_the_game_numbers() -> None:
    loaded, _ = load_pack(load_small(SHIPPED))
    assert loaded.game is not None
    side_a, side_b = whirlpool_faces(loaded.game, "en")
    assert "Whirlpool · A" in scene_text(side_a) and "under the deck" in scene_text(side_a)
    assert "curse 2 tiles" in scene_text(side_b) and "only three" in scene_text(side_b)
