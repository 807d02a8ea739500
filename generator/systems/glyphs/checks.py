"""Rule checks of the glyph documents: pure functions, documents in, diagnostics out.

Each check yields diagnostics located at the YAML node at fault (codes
``RS-X0xx``, declared in :mod:`generator.diagnostics`):

- RS-X001 a riddle names a symbol the glyph set lacks (or a joker), at that item;
- RS-X002 a sequence longer than the grid, at ``sequence``;
- RS-X003 a riddle the tile counts cannot spell (two copies of a symbol that
  exists once; a joker may cover one missing copy unless the card forbids
  jokers), at the first item too many;
- RS-X004 a deck of the wrong size: at the first card too many, or at the
  game's ``deck_size`` when a deck is short;
- RS-X005 a degree naming a deck without cards, at that deck number;
- RS-X006 a set-up pattern that is not a full grid of ``R`` and ``.``, at the row;
- RS-X007 a card with the same sequence and joker mark as an earlier one;
- RS-X016 a tile id twice in the glyph set;
- RS-X008 a clepsydra without one slot per turn;
- RS-X009 a glyph set whose tiles do not fill the grid;
- RS-X010 a game naming a glyph set or set-up that does not exist;
- RS-X011 (warning) a text without one of the pack's languages;
- RS-X012 a difficulty table that is not degrees 1 to 8 once each;
- RS-X013 a degree that removes more cards than a deck holds, or reveals more
  than it deals;
- RS-X014 a component count that does not match (more special tiles active
  than exist; fewer tokens than turns; fewer basic tiles than one player uses);
- RS-X015 glyph documents without a ``glyph-game``.
"""
from __future__ import annotations

from collections.abc import Collection, Iterator
from typing import Any

from generator.diagnostics import Diagnostic
from generator.pack.model import Document
from generator.systems.glyphs.model import (
    CURSED_MARK,
    RESTORED_MARK,
    GlyphGame,
    GlyphSet,
    Riddle,
)

DEGREES = tuple(range(1, 9))
TEXT_KEYS = ("name", "title", "spent")


def iter_set_problems(glyphs: GlyphSet, doc: Document, grid: int) -> Iterator[Diagnostic]:
    """RS-X009: the tiles must fill the grid exactly."""
    if glyphs.total != grid * grid:
        yield doc.diag("RS-X009", f"glyph set '{glyphs.id}' has {glyphs.total} tiles; a "
                       f"{grid}x{grid} antechamber needs {grid * grid}", ("tiles",), key=True,
                       hint="change the tiles' counts")
    seen: set[str] = set()
    for i, tile in enumerate(glyphs.tiles):
        if tile.id in seen:
            yield doc.diag("RS-X016", f"tile id '{tile.id}' appears twice in the glyph set",
                           ("tiles", i, "id"))
        seen.add(tile.id)


def iter_riddle_problems(riddle: Riddle, doc: Document, glyphs: GlyphSet | None, grid: int
                         ) -> Iterator[Diagnostic]:
    """RS-X001, RS-X002 and RS-X003 for one card."""
    if len(riddle.sequence) > grid:
        yield doc.diag("RS-X002", f"riddle '{riddle.id}' asks for {len(riddle.sequence)} tiles "
                       f"in a line; the grid is {grid} wide", ("sequence",), key=True)
    if glyphs is None:
        return
    tiles = glyphs.by_id()
    jokers = sum(t.count for t in glyphs.tiles if t.joker)
    known = True
    for i, symbol in enumerate(riddle.sequence):
        tile = tiles.get(symbol)
        if tile is None or tile.joker:
            known = False
            what = "is a joker, not a symbol" if tile else "is not in the glyph set"
            symbols = ", ".join(t.id for t in glyphs.tiles if not t.joker)
            yield doc.diag("RS-X001", f"'{symbol}' {what} '{glyphs.id}'", ("sequence", i),
                           hint=f"symbols: {symbols}")
    if not known:
        return
    spare = 0 if riddle.no_joker else min(1, jokers)
    used: dict[str, int] = {}
    for i, symbol in enumerate(riddle.sequence):
        used[symbol] = used.get(symbol, 0) + 1
        if used[symbol] > tiles[symbol].count:
            if spare:
                spare -= 1
                continue
            count = tiles[symbol].count
            yield doc.diag("RS-X003", f"riddle '{riddle.id}' needs {used[symbol]} '{symbol}' "
                           f"tiles; the set has {count}"
                           + (" and the card forbids jokers" if riddle.no_joker else ""),
                           ("sequence", i))


def iter_deck_problems(cards: list[tuple[Riddle, Document]], game: GlyphGame, game_doc: Document,
                       cards_may_lack: bool = False) -> Iterator[Diagnostic]:
    """RS-X004 (deck sizes), RS-X007 (duplicate cards) and RS-X018 (a card in a deck no
    degree deals: a draft, its size not judged). A short deck is not judged
    while ``cards_may_lack`` (a card may be missing for an error already reported)."""
    by_deck: dict[int, list[tuple[Riddle, Document]]] = {}
    for riddle, doc in cards:
        by_deck.setdefault(riddle.deck, []).append((riddle, doc))
    dealt = {deck for degree in game.degrees for deck in degree.decks}
    for deck, members in sorted(by_deck.items()):
        if deck not in dealt:  # a draft deck: its size matters once a degree deals it
            for _, doc in members:
                yield doc.diag("RS-X018", f"deck {deck} is dealt at no degree of game "
                               f"'{game.id}' ({len(members)} of {game.deck_size} cards): "
                               "no game plays this card", ("deck",),
                               hint="move the card to a dealt deck with room, or add the "
                               "deck to a degree's decks once it is full")
            continue
        if len(members) > game.deck_size:
            riddle, doc = members[game.deck_size]
            yield doc.diag("RS-X004", f"deck {deck} has {len(members)} cards; game "
                           f"'{game.id}' deals decks of {game.deck_size}", ("deck",))
        elif len(members) < game.deck_size and not cards_may_lack:
            yield game_doc.diag("RS-X004", f"deck {deck} has {len(members)} card"
                                f"{'s' if len(members) != 1 else ''}; decks hold "
                                f"{game.deck_size}", ("deck_size",))
    seen: dict[tuple[tuple[str, ...], bool], str] = {}
    for riddle, doc in cards:
        key = (riddle.sequence, riddle.no_joker)
        if key in seen:
            yield doc.diag("RS-X007", f"riddle '{riddle.id}' repeats card '{seen[key]}'",
                           ("sequence",), key=True)
        else:
            seen[key] = riddle.id


def iter_game_problems(game: GlyphGame, doc: Document, sets: set[str], decks: set[int],
                       rejected: Collection[str] = (), cards_may_lack: bool = False
                       ) -> Iterator[Diagnostic]:
    """RS-X005, X006, X008, X010, X012, X013 and X014 for the game document. A glyph set
    named in ``rejected`` (left out for its own errors) is not also missing; a deck is not
    "without cards" while ``cards_may_lack``."""
    if game.glyph_set not in sets and game.glyph_set not in rejected:
        yield doc.diag("RS-X010", f"no glyph set '{game.glyph_set}' in this pack",
                       ("glyph_set",), hint="known: " + (", ".join(sorted(sets)) or "none"))
    seen: set[int] = set()
    for i, degree in enumerate(game.degrees):
        if degree.degree in seen:
            yield doc.diag("RS-X012", f"degree {degree.degree} is listed twice",
                           ("degrees", i, "degree"))
        seen.add(degree.degree)
        for j, deck in enumerate(degree.decks):
            if deck not in decks and not cards_may_lack:
                yield doc.diag("RS-X005", f"degree {degree.degree} takes deck {deck}, which has "
                               "no cards", ("degrees", i, "decks", j))
        if game.setup(degree.setup) is None:
            yield doc.diag("RS-X010", f"no set-up '{degree.setup}' in this game",
                           ("degrees", i, "setup"),
                           hint="set-ups: " + ", ".join(s.id for s in game.setups))
        if degree.removed >= game.deck_size:
            yield doc.diag("RS-X013", f"degree {degree.degree} removes {degree.removed} cards "
                           f"from decks of {game.deck_size}", ("degrees", i, "removed"))
        elif degree.revealed > len(degree.decks) * (game.deck_size - degree.removed):
            yield doc.diag("RS-X013", f"degree {degree.degree} reveals more cards than it "
                           "deals", ("degrees", i, "revealed"))
    missing = [d for d in DEGREES if d not in seen]
    if missing:
        yield doc.diag("RS-X012", "the difficulty table lacks degree"
                       f"{'s' if len(missing) > 1 else ''} {', '.join(map(str, missing))}",
                       ("degrees",), key=True)
    for setup in game.setups:
        yield from _iter_pattern_problems(game, doc, setup.id, setup.rows)
    if len(game.clepsydra) != game.turns:
        yield doc.diag("RS-X008", f"the clepsydra has {len(game.clepsydra)} slots; the game "
                       f"lasts {game.turns} turns", ("clepsydra",), key=True)
    if len(game.tokens) < game.turns:
        yield doc.diag("RS-X014", f"{len(game.tokens)} challenge tokens cannot fill "
                       f"{game.turns} clepsydra slots", ("tokens",), key=True)
    if game.special_active > len(game.specials):
        yield doc.diag("RS-X014", f"{game.special_active} special tiles active but only "
                       f"{len(game.specials)} exist", ("special_actions", "active"))
    if game.basic_tiles < game.basic_per_player:
        yield doc.diag("RS-X014", f"{game.basic_tiles} basic tiles cannot give a player "
                       f"{game.basic_per_player}", ("basic_actions", "tiles"))


def _iter_pattern_problems(game: GlyphGame, doc: Document, ident: str, rows: tuple[str, ...]
                           ) -> Iterator[Diagnostic]:
    n = game.grid
    where = ("setups", ident, "rows")
    if len(rows) != n:
        yield doc.diag("RS-X006", f"set-up '{ident}' has {len(rows)} rows; the grid has {n} "
                       f"({n * n} cells)", where, key=True)
    for i, row in enumerate(rows):
        cells = row.split()
        bad = [c for c in cells if c not in (RESTORED_MARK, CURSED_MARK)]
        if len(cells) != n or bad:
            what = f"'{bad[0]}' is neither {RESTORED_MARK} nor {CURSED_MARK}" if bad else \
                f"{len(cells)} cells instead of {n}"
            yield doc.diag("RS-X006", f"set-up '{ident}' row {i + 1}: {what}", where + (i,),
                           hint=f"write {n} cells separated by spaces, like "
                                f"'{' '.join([RESTORED_MARK] + [CURSED_MARK] * (n - 1))}'")


def iter_translation_problems(doc: Document, languages: list[str]) -> Iterator[Diagnostic]:
    """RS-X011: every text field of a glyph document in every language of the pack."""
    def walk(value: Any, path: tuple[Any, ...]) -> Iterator[Diagnostic]:
        if isinstance(value, dict):
            for key, item in value.items():
                if key in TEXT_KEYS and isinstance(item, (str, dict)):
                    have = set(item) if isinstance(item, dict) else set()
                    lacking = [lang for lang in languages if lang not in have]
                    if isinstance(item, str) and len(languages) == 1:
                        continue
                    if lacking:
                        yield doc.diag("RS-X011", f"{key} has no {', '.join(lacking)} "
                                       "translation", path + (key,),
                                       hint="write it as {" + ", ".join(
                                           f"{lang}: ..." for lang in languages) + "}")
                else:
                    yield from walk(item, path + (key,))
        elif isinstance(value, list):
            for i, item in enumerate(value):
                yield from walk(item, path + (i,))

    yield from walk(doc.data, ())


__all__ = ["DEGREES", "iter_deck_problems", "iter_game_problems", "iter_riddle_problems",
           "iter_set_problems", "iter_translation_problems"]
