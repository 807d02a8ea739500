"""God and blessing decks and the riddle book, for the print targets.

The same scenes as the home-printing files of :mod:`.render`, handed over as
:mod:`generator.render.deck` values (see there).
"""
from __future__ import annotations

from generator.pack.model import Pack, pick_text
from generator.render.deck import Book, Deck
from generator.systems import Options, ProgressFn
from generator.systems.riddle.cards import card_settings, iter_card_faces
from generator.systems.riddle.render import (
    SOLUTION_MODES, book_outline, build_book, dress_book, paper_of, read_content, solve_all,
    solve_counts,
)


def riddle_decks(pack: Pack, options: Options) -> list[Deck]:
    """The god deck and the blessing deck (each with its own back)."""
    content = read_content(pack, options.lang)
    s = card_settings(pack, options)
    titles = {"gods": "god cards", "blessings": "blessing cards"}
    return [Deck(name, f"{content.title}: {titles[name]}", s.width, s.height, s.bleed,
                 tuple(fronts), tuple(backs), tuple(names))
            for name, fronts, backs, names in iter_card_faces(content, s, options.lang, pack.root)]


def riddle_books(pack: Pack, options: Options, progress: ProgressFn,
                 paper: tuple[float, float] | None = None) -> list[Book]:
    """The riddle book with its chapters: cover, voyage, symbols, one per riddle, solutions;
    laid out on ``paper`` (default the pack's), so a booklet page gets its own layout."""
    lang = options.lang
    mode = str(options.extra.get("solutions", "appendix"))
    if mode not in SOLUTION_MODES:
        raise ValueError(f"solutions must be one of {', '.join(SOLUTION_MODES)}, got {mode!r}")
    content = read_content(pack, lang)
    if not content.riddles:
        return []
    author = pick_text(pack.data.get("author", ""), lang)
    meta = [f"{content.title} · version {pack.data.get('version', '')}".strip(" ·")]
    if author:
        meta.append(author)
    book = dress_book(build_book(content, solve_all(content, options, progress),
                                 paper or paper_of(pack, options), lang, mode, progress, meta,
                                 solve_counts(content, options)), content, pack)
    chapters, levels = book_outline(book.pages, content, lang)
    return [Book(f"{pack.id}-book", f"{content.title}: riddle book", book.pages, chapters,
                 levels)]
