"""The scenario book, the god cards and the tiles and markers of a tower pack, for the
print targets.

The same drawings as :mod:`.render`, handed over as :mod:`generator.render.deck`
values (see there).
"""
from __future__ import annotations

from collections.abc import Iterator

from generator.diagnostics import Diagnostic
from generator.pack.model import Pack
from generator.render.deck import Book, Deck, Piece, TokenSet
from generator.render.scene import Scene
from generator.systems import Options, ProgressFn
from generator.systems.art import iter_map_art_problems
from generator.systems.token_art import TokenKind, token_art_of
from generator.systems.tower.book import book_pages
from generator.systems.tower.boards import board_scene
from generator.systems.tower.book_content import read_book
from generator.systems.tower.build import dress_pages, paper_of
from generator.systems.tower.cards import card_options, god_cards
from generator.systems.tower.render import ENEMY_LOOKS, text_of
from generator.systems.tower.tokens import TILE, dressed_tile, tile_keys, token_counts


def tower_books(pack: Pack, options: Options, progress: ProgressFn,
                paper: tuple[float, float] | None = None) -> list[Book]:
    """The scenario book: cover, one chapter per scenario, gods and score pages; laid out
    on ``paper`` (default the pack's), so a booklet page gets its own layout."""
    content = read_book(pack, options.lang)
    if not content.scenarios:
        return []
    pages = dress_pages(book_pages(content, paper or paper_of(pack, options), options.lang, progress),
                        content, pack)
    index = {page.id: n for n, page in enumerate(pages)}
    chapters = [("Cover", 0)]
    for s, _ in content.scenarios:
        chapters.append((f"Scenario {s.number}: {s.id}", index[f"scenario-{s.id}"]))
    back = [n for n, page in enumerate(pages) if page.id in ("god-cards", "score-sheet")]
    if back:
        chapters.append(("Gods and scores", back[0]))
    return [Book(f"{pack.id}-book", f"{content.title}: scenario book", pages, tuple(chapters))]


def tower_decks(pack: Pack, options: Options) -> list[Deck]:
    """The god cards (easy and expert variants, a back per side), as the duplex sheet
    prints them."""
    content = read_book(pack, options.lang)
    if not content.variants:
        return []
    s = card_options(pack, options)
    fronts, backs = god_cards(content.variants, s, options.lang, content.title)
    names = tuple(text_of(v.name, options.lang) for v in content.variants)
    return [Deck("god-cards", f"{content.title}: god cards", s.width, s.height, s.bleed,
                 tuple(fronts), tuple(backs), names)]


def tower_token_sets(pack: Pack, options: Options) -> list[TokenSet]:
    """Target-zone and water tiles (as many as the home-printing sheet: see token_counts) and two markers of
    each enemy type, each the size of a board space."""
    content = read_book(pack, options.lang)
    targets, water = token_counts(content)
    kinds = ["target"] * targets + ["water"] * water
    kinds += [k for k in content.enemy_order for _ in range(2)]
    art = token_art_of(pack)
    scenes = {k: Scene(TILE, TILE, tuple(dressed_tile(k, 0, 0, TILE, options.lang, art)), id=f"tile-{k}")
              for k in set(kinds)}
    names = tuple(ENEMY_LOOKS[k].label if k in ENEMY_LOOKS else f"{k} tile" for k in kinds)
    return [TokenSet("tiles", f"{content.title}: tiles and markers", TILE,
                     tuple(scenes[k] for k in kinds), False, names)]


def tower_pieces(pack: Pack, options: Options) -> list[Piece]:
    """Every scenario's board at play scale (empty spaces and start marks), for the
    virtual table: there is no base-game board on it, so the 5 x 5 ones are there too."""
    content = read_book(pack, options.lang)
    return [Piece(f"board-{s.id}", f"{content.title}: board of scenario {s.number}", "board",
                  board_scene(s, content.enemy_order, options.lang))
            for s, _ in content.scenarios]


def tower_token_kinds(pack: Pack, options: Options) -> list[TokenKind]:
    """The keys of ``print.tokens`` the tiles and enemy markers answer to."""
    content = read_book(pack, options.lang)
    kinds = ["target", "water", *content.enemy_order]
    return [TokenKind(key, TILE, False) for key in dict.fromkeys(k for kind in kinds for k in tile_keys(kind))]


def iter_scenario_art_problems(pack: Pack, options: Options) -> Iterator[Diagnostic]:
    """Art problems of the scenarios' maps (see :mod:`generator.systems.art`)."""
    paper = paper_of(pack, options)
    for doc in sorted(pack.of_kind("tower-scenario"), key=lambda d: d.id):
        yield from iter_map_art_problems(doc, pack.root, paper)
