"""God and blessing decks and the riddle book, for the print targets.

The same scenes as the home-printing files of :mod:`.render`, handed over as
:mod:`generator.render.deck` values (see there).
"""
from __future__ import annotations

from generator.pack.model import Pack, pick_text
from generator.render.deck import Book, Deck
from generator.systems import Options, ProgressFn
from generator.systems.riddle.cards import (
    _text, blessing_back, blessing_front, card_settings, god_back, god_front,
)
from generator.systems.riddle.render import (
    SOLUTION_MODES, build_book, paper_of, read_content, solve_all,
)


def riddle_decks(pack: Pack, options: Options) -> list[Deck]:
    """The god deck and the blessing deck (each with its own back)."""
    content = read_content(pack, options.lang)
    s = card_settings(pack, options)
    title = content.title
    decks: list[Deck] = []
    gods = [content.gods[d.id] for d in content.god_docs]
    if gods:
        back = god_back(s, title)
        decks.append(Deck("gods", f"{title}: god cards", s.width, s.height, s.bleed,
                          tuple(god_front(g, s, options.lang, title) for g in gods),
                          (back,) * len(gods), tuple(_text(g.name, options.lang) for g in gods)))
    if content.blessings:
        back = blessing_back(s, title)
        cards = [card for card, _ in content.blessings]
        decks.append(Deck("blessings", f"{title}: blessing cards", s.width, s.height, s.bleed,
                          tuple(blessing_front(c, s, options.lang) for c in cards),
                          (back,) * len(cards),
                          tuple(_text(c.name, options.lang) if c.name is not None
                                else f"Blessing {c.number}" for c in cards)))
    return decks


def riddle_books(pack: Pack, options: Options, progress: ProgressFn) -> list[Book]:
    """The riddle book with its chapters: cover, voyage, symbols, one per riddle, solutions."""
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
    book = build_book(content, solve_all(content, options, progress), paper_of(pack, options),
                      lang, mode, progress, meta)
    chapters = [("Cover", 0), ("The voyage", 1), ("Symbols", 2)]
    for n, (riddle, _) in enumerate(content.riddles):
        chapters.append((f"{riddle.number}. {_text(riddle.title, lang)}", 3 + n))
    first_solution = 3 + len(content.riddles)
    if len(book.pages) > first_solution:
        chapters.append(("Solutions", first_solution))
    return [Book(f"{pack.id}-book", f"{content.title}: riddle book", book.pages,
                 tuple(chapters))]
