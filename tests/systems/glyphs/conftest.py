"""Glyph-system fixtures: a small 3x3 pack (fast to simulate) written from text."""
from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path
from typing import Iterator

import pytest

from generator.pack.loader import load_packs
from generator.pack.model import Pack
from generator.pack.schema import load_schemas
from generator.pipeline import kinds_of
from generator.registry import discover_systems
from generator.systems.glyphs.board import JOKER
from generator.systems.glyphs.content import load_pack
from generator.systems.glyphs.game import Play, new_game
from generator.systems.glyphs.model import Card, Table

ROOT = Path(__file__).resolve().parents[3]

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


def table_of(root: Path) -> Table:
    """The compiled table of the small pack (a folder named ``small``) or of a shipped one."""
    pack = load_small(root) if root.name == "small" else load_packs(
        [root], load_schemas(), kinds_of(discover_systems())).packs[0]
    table = load_pack(pack)[0].table
    assert table is not None
    return table


@pytest.fixture(scope="module")
def shipped() -> Table:
    return table_of(ROOT / "content" / "glyphs")


@pytest.fixture
def small(small_pack: Path) -> Table:
    return table_of(small_pack)


def random_table(base: Table, n: int, rng: random.Random) -> Table:
    """``base`` on a generated ``n`` x ``n`` grid: random symbols, 0-3 jokers, two cards
    a deck up to the grid's width, joker and no-joker cards, random set-up patterns."""
    kinds = rng.randint(3, 12)
    symbols = [rng.randrange(kinds) for _ in range(n * n)]
    for cell in rng.sample(range(n * n), rng.randint(0, 3)):
        symbols[cell] = JOKER
    plain = sorted({s for s in symbols if s != JOKER})
    cards = tuple(Card(f"r{deck}-{i}", deck,
                       tuple(rng.choice(plain) for _ in range(rng.randint(2, n))),
                       rng.randint(0, 1)) for deck in range(1, 6) for i in range(2))
    return replace(base, n=n, symbol_of=tuple(symbols), cards=cards,
                   symbols=tuple(f"s{i}" for i in range(plain[-1] + 1)),
                   patterns=tuple((ident, rng.getrandbits(n * n)) for ident, _ in base.patterns))


def iter_random_games(base: Table, trials: int, seed: int
                      ) -> Iterator[tuple[int, Play, random.Random]]:
    """A new game on a :func:`random_table` of every grid size the schema allows (3x3 to
    8x8, in turn), at each degree in turn: (grid size, game, the generator)."""
    rng = random.Random(seed)
    for trial in range(trials):
        n = 3 + trial % 6
        table = random_table(base, n, rng)
        yield n, new_game(table, table.degrees[trial % len(table.degrees)].degree, rng), rng
