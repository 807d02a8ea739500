"""Frozen models of the glyph documents and the compiled game the simulator plays.

``build_*`` read documents that passed their schema (no diagnostics here:
:mod:`.checks` judges them); :func:`compile_game` turns a checked game, its
glyph set and the riddle cards into a :class:`Table` of plain ints.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from generator.pack.model import Document
from generator.systems.glyphs.board import JOKER

Text = str | tuple[tuple[str, str], ...]
"""A text, or (language, text) pairs."""

SPECIAL_EFFECTS = ("restore-2", "swap-horizontal-2", "swap-vertical-2", "swap-diagonal",
                   "rotate-column", "rotate-row")
REWARD_EFFECTS = ("restore-3", "swap-orthogonal-3", "swap-diagonal-2", "rotate-row-and-column",
                  "joker-pass", "swap-any")
TOKEN_EFFECTS = ("whirlpool", "curse", "translate-up", "translate-down", "translate-left",
                 "translate-right")
WHIRLPOOL_REMAINING = 3
"""Riddle cards left in play at which the whirlpool turns to side B when the game document
does not say (``whirlpool.remaining``; the schema's default)."""
RESTORED_MARK = "R"
CURSED_MARK = "."


def make_text(value: Any) -> Text:
    """A YAML text field as a hashable :data:`Text`."""
    if isinstance(value, dict):
        return tuple((str(k), str(v)) for k, v in value.items())
    return str(value)


def text_in(text: Text, lang: str | None) -> str:
    """The text in ``lang``, else English, else the first language.

    >>> text_in((("en", "Sun"), ("fr", "Soleil")), "fr"), text_in("Sun", "fr")
    ('Soleil', 'Sun')
    """
    if isinstance(text, str):
        return text
    found = dict(text)
    return found.get(lang or "en") or found.get("en") or next(iter(found.values()), "")


@dataclass(frozen=True, slots=True)
class Shape:
    """One piece of a glyph: ``kind`` (circle, ring, rect, line, polygon) and its numbers
    on a 100 x 100 box (a polygon's points flattened)."""

    kind: str
    values: tuple[float, ...]


@dataclass(frozen=True, slots=True)
class Tile:
    id: str
    name: Text
    count: int
    joker: bool
    colour: str
    glyph: tuple[Shape, ...]


@dataclass(frozen=True, slots=True)
class GlyphSet:
    id: str
    name: Text
    tiles: tuple[Tile, ...]

    @property
    def total(self) -> int:
        return sum(t.count for t in self.tiles)

    def by_id(self) -> dict[str, Tile]:
        return {t.id: t for t in self.tiles}


@dataclass(frozen=True, slots=True)
class Riddle:
    id: str
    deck: int
    title: Text
    sequence: tuple[str, ...]
    no_joker: bool


@dataclass(frozen=True, slots=True)
class Degree:
    degree: int
    decks: tuple[int, ...]
    removed: int
    revealed: int
    setup: str
    rewards_shown: int
    rewards_held: int
    start_rewards: int


@dataclass(frozen=True, slots=True)
class Named:
    """An action tile, a reward card or a token: id, name, effect(s), copies."""

    id: str
    name: Text
    effects: tuple[str, ...]
    copies: int = 1


@dataclass(frozen=True, slots=True)
class Setup:
    id: str
    name: Text
    rows: tuple[str, ...]

    def cells(self) -> tuple[tuple[str, ...], ...]:
        return tuple(tuple(row.split()) for row in self.rows)


@dataclass(frozen=True, slots=True)
class GlyphGame:
    id: str
    title: Text
    glyph_set: str
    grid: int
    deck_size: int
    turns: int
    degrees: tuple[Degree, ...]
    basic_tiles: int
    basic_per_player: int
    basic_name: Text
    basic_spent: Text
    special_active: int
    specials: tuple[Named, ...]
    rewards: tuple[Named, ...]
    tokens: tuple[Named, ...]
    whirlpool_name: Text
    whirlpool_curse: int
    whirlpool_remaining: int  # side B once at most this many riddle cards remain in play
    clepsydra: tuple[tuple[int, bool], ...]  # (curse count, refresh mark) per slot
    setups: tuple[Setup, ...]

    def setup(self, ident: str) -> Setup | None:
        return next((s for s in self.setups if s.id == ident), None)


def build_set(doc: Document) -> GlyphSet:
    d = doc.data
    tiles = []
    for t in d["tiles"]:
        shapes = []
        for shape in t["glyph"]:
            (kind, values), = shape.items()
            flat = [float(x) for v in values for x in (v if isinstance(v, list) else [v])]
            shapes.append(Shape(str(kind), tuple(flat)))
        tiles.append(Tile(str(t["id"]), make_text(t["name"]), int(t.get("count", 1)),
                          bool(t.get("joker", False)), str(t.get("colour", "#2b2b2b")),
                          tuple(shapes)))
    return GlyphSet(doc.id, make_text(d["name"]), tuple(tiles))


def build_riddle(doc: Document) -> Riddle:
    d = doc.data
    return Riddle(doc.id, int(d["deck"]), make_text(d["title"]),
                  tuple(str(s) for s in d["sequence"]), bool(d.get("no_joker", False)))


def build_game(doc: Document) -> GlyphGame:
    d = doc.data
    degrees = tuple(Degree(int(g["degree"]), tuple(int(x) for x in g["decks"]),
                           int(g.get("removed", 3)), int(g.get("revealed", 3)), str(g["setup"]),
                           int(g.get("rewards_shown", 3)), int(g.get("rewards_held", 3)),
                           int(g.get("start_rewards", 0)))
                    for g in d["degrees"])
    basic = d["basic_actions"]
    special = d["special_actions"]
    return GlyphGame(
        id=doc.id, title=make_text(d["title"]), glyph_set=str(d["glyph_set"]),
        grid=int(d.get("grid", 5)), deck_size=int(d["deck_size"]), turns=int(d["turns"]),
        degrees=degrees, basic_tiles=int(basic["tiles"]), basic_per_player=int(basic["per_player"]),
        basic_name=make_text(basic["name"]), basic_spent=make_text(basic["spent"]),
        special_active=int(special["active"]),
        specials=tuple(Named(str(s["id"]), make_text(s["name"]), (str(s["effect"]),))
                       for s in special["tiles"]),
        rewards=tuple(Named(str(r["id"]), make_text(r["name"]), (str(r["effect"]),),
                            int(r.get("copies", 1))) for r in d["rewards"]),
        tokens=tuple(Named(str(t["id"]), "", tuple(str(e) for e in t["effects"]))
                     for t in d["tokens"]),
        whirlpool_name=make_text(d["whirlpool"]["name"]),
        whirlpool_curse=int(d["whirlpool"]["curse"]),
        whirlpool_remaining=int(d["whirlpool"].get("remaining", WHIRLPOOL_REMAINING)),
        clepsydra=tuple((int(s["curse"]), bool(s.get("refresh", False))) for s in d["clepsydra"]),
        setups=tuple(Setup(str(k), make_text(v["name"]), tuple(str(r) for r in v["rows"]))
                     for k, v in d["setups"].items()))


# -- the compiled game ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Card:
    """A riddle card for the simulator: symbol numbers and how many jokers may stand in."""

    id: str
    deck: int
    wanted: tuple[int, ...]
    jokers: int  # 0 (no-joker card) or 1


@dataclass(frozen=True, slots=True)
class Table:
    """Everything the simulator needs, as ints and tuples (picklable, hashable)."""

    n: int
    symbol_of: tuple[int, ...]  # tile number -> symbol number, JOKER for jokers
    symbols: tuple[str, ...]  # symbol number -> tile id
    cards: tuple[Card, ...]
    degrees: tuple[Degree, ...]
    specials: tuple[str, ...]  # effect of each special tile
    special_active: int
    rewards: tuple[str, ...]  # effect of each reward card (copies expanded)
    tokens: tuple[tuple[str, ...], ...]
    slots: tuple[tuple[int, bool], ...]
    whirlpool_curse: int
    whirlpool_remaining: int
    patterns: tuple[tuple[str, int], ...]  # set-up id -> restored cells as a bit mask
    basic_per_turn: int = 2  # basic actions a player takes each turn (``per_player``)

    def degree(self, number: int) -> Degree | None:
        return next((d for d in self.degrees if d.degree == number), None)

    def pattern(self, ident: str) -> int:
        return dict(self.patterns)[ident]


def pattern_mask(setup: Setup) -> int:
    """The restored cells of a set-up pattern as a bit mask (row by row)."""
    mask = 0
    for i, cell in enumerate(c for row in setup.cells() for c in row):
        if cell == RESTORED_MARK:
            mask |= 1 << i
    return mask


def compile_game(game: GlyphGame, glyphs: GlyphSet, riddles: list[Riddle]) -> Table:
    """The simulator's table of a game whose checks passed."""
    symbols = tuple(t.id for t in glyphs.tiles if not t.joker)
    number = {s: i for i, s in enumerate(symbols)}
    symbol_of: list[int] = []
    for t in glyphs.tiles:
        symbol_of.extend([JOKER if t.joker else number[t.id]] * t.count)
    cards = tuple(Card(r.id, r.deck, tuple(number[s] for s in r.sequence), 0 if r.no_joker else 1)
                  for r in sorted(riddles, key=lambda r: (r.deck, r.id)))
    rewards = tuple(r.effects[0] for r in game.rewards for _ in range(r.copies))
    return Table(
        n=game.grid, symbol_of=tuple(symbol_of), symbols=symbols, cards=cards,
        degrees=tuple(sorted(game.degrees, key=lambda d: d.degree)),
        specials=tuple(s.effects[0] for s in game.specials), special_active=game.special_active,
        rewards=rewards, tokens=tuple(t.effects for t in game.tokens), slots=game.clepsydra,
        whirlpool_curse=game.whirlpool_curse,
        whirlpool_remaining=game.whirlpool_remaining,
        patterns=tuple((s.id, pattern_mask(s)) for s in game.setups),
        basic_per_turn=game.basic_per_player)


__all__ = ["Card", "Degree", "GlyphGame", "GlyphSet", "Named", "REWARD_EFFECTS", "Riddle",
           "SPECIAL_EFFECTS", "Setup", "Shape", "TOKEN_EFFECTS", "Table", "Text", "Tile",
           "build_game", "build_riddle", "build_set", "compile_game", "make_text",
           "pattern_mask", "text_in"]
