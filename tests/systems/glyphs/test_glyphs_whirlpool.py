"""The whirlpool turns to side B at the number of riddle cards the game document gives
(``whirlpool.remaining``), in the simulator and on the printed aid; edited copies of the
small pack's game document drive both."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from ruamel.yaml import YAML

from conftest import CONTENT
from generator.systems.glyphs.content import load_pack
from generator.systems.glyphs.game import Play, new_game, sfynx_phase
from generator.systems.glyphs.model import WHIRLPOOL_REMAINING, GlyphGame, Table
from generator.systems.glyphs.policies import Planner
from generator.systems.glyphs.render import aid_page, token_effect_text

from tests.scene_text import scene_text

from .conftest import load_small, write_pack

SCHEMAS = Path(__file__).resolve().parents[3] / "schemas"
WHIRLPOOL = "whirlpool: {name: {en: Whirlpool, fr: Tourbillon}, curse: 1}"


def loaded(tmp_path: Path, remaining: int | None, curse: int = 1) -> tuple[GlyphGame, Table]:
    """The small pack's game and table, its whirlpool given ``remaining`` (None: unsaid)
    and ``curse``."""
    line = WHIRLPOOL.replace("curse: 1}", f"curse: {curse}}}" if remaining is None
                             else f"curse: {curse}, remaining: {remaining}}}")
    root = write_pack(tmp_path / f"small-{remaining}-{curse}", {"game.yaml": (WHIRLPOOL, line)})
    result, diagnostics = load_pack(load_small(root))
    assert result.game is not None and result.table is not None, diagnostics
    return result.game, result.table


class LowestCurses(Planner):
    def pick_curses(self, play: Play, count: int) -> list[int]:
        return sorted(t for t in play.tiles if play.restored >> t & 1)[:count]


def whirl_once(table: Table) -> tuple[Play, list[int], int]:
    """A new degree-1 game (six riddle cards in play) whose first token is a whirlpool,
    after that token: the play, the row before it and the restored tiles before it."""
    play = new_game(table, 1, random.Random(5))
    play.tokens[0] = ("whirlpool",)
    row, restored = list(play.row), play.restored
    sfynx_phase(play, LowestCurses(random.Random(5)))
    return play, row, restored


@pytest.mark.parametrize(("remaining", "side_b"), [(None, False), (5, False), (6, True)])
def test_side_b_starts_at_the_documents_number(tmp_path: Path, remaining: int | None,
                                               side_b: bool) -> None:
    _, table = loaded(tmp_path, remaining)
    assert table.whirlpool_remaining == (WHIRLPOOL_REMAINING if remaining is None else remaining)
    play, row, restored = whirl_once(table)
    assert len(row) + len(play.deck) == 6
    assert play.whirlpool_b is side_b
    if side_b:  # curse one restored tile, the row stays
        assert play.row == row and (restored & ~play.restored).bit_count() == 1
    else:  # the card farthest from the deck goes under it, nothing is cursed
        assert play.row != row and play.restored == restored


@pytest.mark.parametrize(("remaining", "lang", "words"), [
    (6, "en", "once six riddles remain:"),
    (6, "fr", "quand il reste six énigmes :"),
    (1, "en", "once one riddle remains"),
    (1, "fr", "quand il reste une énigme"),
    (None, "en", "once three riddles remain")])
def test_the_aid_says_the_documents_number(tmp_path: Path, remaining: int | None, lang: str,
                                           words: str) -> None:
    game, _ = loaded(tmp_path, remaining)
    assert words in token_effect_text(game, "whirlpool", lang)
    printed = scene_text(aid_page(game, (210.0, 297.0), lang))
    assert words in printed.replace("\u202f", " ").replace("\xa0", " ")


@pytest.mark.parametrize(("curse", "remaining", "lang", "words"), [
    (1, 6, "en", "curse 1 tile)"),
    (1, 1, "en", "curse 1 tile)"),
    (1, 6, "fr", "maudissez 1 tuile)"),
    (1, 1, "fr", "maudissez 1 tuile)"),
    (2, 6, "en", "curse 2 tiles)"),
    (3, 1, "fr", "maudissez 3 tuiles)"),
    (0, 6, "fr", "maudissez 0 tuile)"),
    (0, 6, "en", "curse 0 tiles)")])
def test_the_curse_agrees_with_its_number(tmp_path: Path, curse: int, remaining: int,
                                          lang: str, words: str) -> None:
    game, _ = loaded(tmp_path, remaining, curse)
    assert game.whirlpool_curse == curse
    assert words in token_effect_text(game, "whirlpool", lang)
    printed = scene_text(aid_page(game, (210.0, 297.0), lang)).replace("\u202f", " ")
    assert words in " ".join(printed.replace("\xa0", " ").split())


def test_schema_default_model_and_shipped_game_agree() -> None:
    schema = json.loads((SCHEMAS / "glyph-game.schema.json").read_text(encoding="utf-8"))
    default = schema["properties"]["whirlpool"]["properties"]["remaining"]["default"]
    shipped = YAML(typ="safe").load((CONTENT / "glyphs" / "game.yaml").read_text("utf-8"))
    assert default == WHIRLPOOL_REMAINING == shipped["whirlpool"]["remaining"]
