"""Glyph-system fixtures: a small 3x3 pack (fast to simulate) written from text."""
from __future__ import annotations

from pathlib import Path

import pytest

from generator.pack.loader import load_packs
from generator.pack.model import Pack
from generator.pack.schema import load_schemas
from generator.pipeline import kinds_of
from generator.systems import discover_systems

SMALL_PACK = """kind: pack
id: small-glyphs
title: {en: Small antechamber, fr: Petite antichambre}
version: 1.0.0
systems: [glyphs]
languages: [en, fr]
include: [set.yaml, game.yaml, riddles.yaml]
"""

SMALL_SET = """kind: glyph-set
id: tiny
name: {en: Tiny glyphs, fr: Petits glyphes}
tiles:
  - {id: sun, name: {en: Sun, fr: Soleil}, glyph: [circle: [50, 50, 20]]}
  - {id: moon, name: {en: Moon, fr: Lune}, glyph: [ring: [50, 50, 20]]}
  - {id: wave, name: {en: Wave, fr: Vague}, count: 2, glyph: [rect: [10, 40, 80, 20]]}
  - {id: tree, name: {en: Tree, fr: Arbre}, glyph: [line: [50, 10, 50, 90]]}
  - {id: fish, name: {en: Fish, fr: Poisson}, glyph: [polygon: [[10, 50], [60, 20], [60, 80]]]}
  - {id: star, name: {en: Star, fr: Étoile}, glyph: [circle: [50, 50, 10]]}
  - {id: eye, name: {en: Eye, fr: Œil}, joker: true, count: 2, glyph: [ring: [50, 50, 30]]}
"""

SMALL_GAME = """kind: glyph-game
id: small
title: {en: Small game, fr: Petit jeu}
glyph_set: tiny
grid: 3
deck_size: 2
turns: 6
degrees:
  - {degree: 1, decks: [1, 2, 3], removed: 0, setup: x}
  - {degree: 2, decks: [1, 2, 3], removed: 0, setup: x}
  - {degree: 3, decks: [1, 2, 4], removed: 0, setup: x}
  - {degree: 4, decks: [1, 3, 4], removed: 0, setup: x}
  - {degree: 5, decks: [2, 3, 4], removed: 0, setup: x}
  - {degree: 6, decks: [2, 3, 5], removed: 0, setup: x}
  - {degree: 7, decks: [3, 4, 5], removed: 0, setup: x}
  - {degree: 8, decks: [3, 4, 5], removed: 1, setup: bare}
basic_actions: {tiles: 2, per_player: 2, name: {en: Basic, fr: Basique}, spent: {en: Spent, fr: Épuisée}}
special_actions:
  active: 2
  tiles:
    - {id: dawn, name: {en: Dawn, fr: Aube}, effect: restore-2}
    - {id: side, name: {en: Side, fr: Côté}, effect: swap-horizontal-2}
    - {id: mill, name: {en: Mill, fr: Moulin}, effect: rotate-column}
rewards:
  - {id: lamp, name: {en: Lamp, fr: Lampe}, effect: restore-3, copies: 2}
  - {id: diver, name: {en: Diver, fr: Plongeur}, effect: swap-any}
  - {id: pass, name: {en: Pass, fr: Laissez-passer}, effect: joker-pass}
tokens:
  - {id: t1, effects: [whirlpool]}
  - {id: t2, effects: [curse]}
  - {id: t3, effects: [translate-left]}
  - {id: t4, effects: [whirlpool, curse]}
  - {id: t5, effects: [translate-down]}
  - {id: t6, effects: [curse]}
whirlpool: {name: {en: Whirlpool, fr: Tourbillon}, curse: 1}
clepsydra:
  - {curse: 1}
  - {curse: 1, refresh: true}
  - {curse: 1}
  - {curse: 1, refresh: true}
  - {curse: 2}
  - {curse: 0}
setups:
  x:
    name: {en: Cross, fr: Croix}
    rows: ["R . R", ". R .", "R . R"]
  bare:
    name: {en: Bare, fr: Nu}
    rows: [". . .", ". R .", ". . ."]
"""

SMALL_RIDDLES = "---\n".join(
    f"kind: glyph-riddle\nid: r{deck}-{i}\ndeck: {deck}\n"
    f"title: {{en: Riddle {deck}.{i}, fr: Énigme {deck}.{i}}}\nsequence: [{seq}]\n"
    + ("no_joker: true\n" if deck >= 4 else "")
    for deck, i, seq in [
        (1, 1, "sun, moon"), (1, 2, "wave, tree"), (2, 1, "fish, star"), (2, 2, "moon, wave"),
        (3, 1, "sun, wave, tree"), (3, 2, "star, fish, moon"), (4, 1, "wave, wave"),
        (4, 2, "tree, sun, star"), (5, 1, "fish, wave, wave"), (5, 2, "moon, tree, sun")])

SMALL_FILES = {"pack.yaml": SMALL_PACK, "set.yaml": SMALL_SET, "game.yaml": SMALL_GAME,
               "riddles.yaml": SMALL_RIDDLES}


def write_pack(root: Path, changes: dict[str, tuple[str, str]] | None = None) -> Path:
    """The small pack in ``root``; ``changes`` maps a file to (old, new) text to replace."""
    root.mkdir(parents=True, exist_ok=True)
    for name, text in SMALL_FILES.items():
        if changes and name in changes:
            old, new = changes[name]
            assert old in text, old
            text = text.replace(old, new, 1)
        (root / name).write_text(text, encoding="utf-8")
    return root


def load_small(root: Path) -> Pack:
    loaded = load_packs([root], load_schemas(), kinds_of(discover_systems()))
    assert not loaded.diagnostics, loaded.diagnostics
    return loaded.packs[0]


@pytest.fixture
def small_pack(tmp_path: Path) -> Path:
    return write_pack(tmp_path / "small")
