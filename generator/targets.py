"""Build targets: what ``build --target`` and the home-printing variants add to a pack's output.

- ``pnp`` (the default): each system's own print-and-play files.
- ``pro``: ``pro/`` print-shop PDFs and 300 dpi PNGs of every deck
  (:mod:`generator.render.targets.pro`); ``cmyk`` writes the PDFs in DeviceCMYK.
- ``tts``: ``tts/`` Tabletop Simulator images and saved-object JSON of every deck,
  token set, table piece (boards, tiles, tokens: a system's ``table_pieces``) and die
  (a system's ``table_dice``), the images named by a hash of their bytes and found at ``tts_url_base`` when given
  (:mod:`generator.render.targets.tts`).
- ``tgc``, ``mpc``, ``dtc``: the files a print service asks for, in ``<target>/``,
  from its profile (:mod:`generator.render.targets.profiles`); ``check`` runs the
  profile's preflight first (:func:`iter_profile_problems`).

With ``pnp``, the home-printing variants are written from the same decks and
books: ``fold`` (``print/fold/<deck>.pdf``, fold-and-glue sheets),
``booklet`` (``print/booklet/<book>.pdf``, A5 saddle-stitch booklets with
bookmarks: a system with ``booklet_books`` lays its books out for the A5 page, the
others are shrunk) and ``ink_saver`` (``print/ink-saver/``: card sheets and books with no
full-bleed backgrounds and no page tint; with ``fold`` or ``booklet``, those too
are written there, from the ink-saving scenes).

Systems hand over decks, token sets and books through optional methods (see
:class:`generator.systems.PrintSource`); a system without them adds nothing here.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import Any

from generator.diagnostics import Diagnostic, make
from generator.pack.model import Pack
from generator.render.deck import Book, Deck, Die, Piece, TokenSet
from generator.render.geometry import (
    SheetLayout,
    full_bleed_layout,
    layout_sheet,
    layout_shortfalls,
    parse_length,
)
from generator.render.impose import (
    booklet_page,
    booklet_pages,
    booklet_scale,
    booklet_signatures,
    fold_pages,
)
from generator.render.ink import ink_saver
from generator.render.pdf import document_to_pdf
from generator.render.scene import Document
from generator.render.sheets import (
    card_sheet_pages,
    deck_layout,
    gutter_setting,
    interleave_duplex,
    sheet_layouts,
)
from generator.render.targets.preflight import iter_breaches
from generator.render.targets.profiles import PROFILES
from generator.render.text import MIN_PRINT_SIZE, iter_printed_sizes
from generator.systems import Artefact, Options, PrintSource, ProgressFn, paper_of, stamp_of

PROFILE_TARGETS = tuple(PROFILES)
TARGETS = ("pnp", "pro", "tts", *PROFILE_TARGETS)
DEFAULT_TARGETS = ("pnp",)


def targets_of(options: Options) -> tuple[str, ...]:
    """The targets asked for, in :data:`TARGETS` order (default: ``pnp``)."""
    asked = tuple(options.extra.get("targets") or DEFAULT_TARGETS)
    unknown = [t for t in asked if t not in TARGETS]
    if unknown:
        raise ValueError(f"unknown target {unknown[0]!r} (known: {', '.join(TARGETS)})")
    return tuple(t for t in TARGETS if t in asked)


def decks_of(source: PrintSource, pack: Pack, options: Options) -> list[Deck]:
    return list(source.decks(pack, options)) if source.decks else []


def token_sets_of(source: PrintSource, pack: Pack, options: Options) -> list[TokenSet]:
    return list(source.token_sets(pack, options)) if source.token_sets else []


def _pieces(source: PrintSource, pack: Pack, options: Options) -> list[Piece]:
    return list(source.table_pieces(pack, options)) if source.table_pieces else []


def _dice(source: PrintSource, pack: Pack, options: Options) -> list[Die]:
    return list(source.table_dice(pack, options)) if source.table_dice else []


def books_of(source: PrintSource, pack: Pack, options: Options, progress: ProgressFn
           ) -> list[Book]:
    return list(source.books(pack, options, progress)) if source.books else []


def _booklet_books(source: PrintSource, pack: Pack, options: Options, progress: ProgressFn
                   ) -> list[tuple[Book, tuple[float, float] | None]]:
    """The books of the booklet, each with the sheet it is imposed on: laid out for the
    booklet's page by a system that can (``booklet_books(pack, options, progress, page)``),
    on the paper; else the usual books, on their own page size turned (and shrunk)."""
    if source.booklet_books is not None:
        paper = paper_of(pack, options)
        return [(book, paper) for book in source.booklet_books(pack, options, progress,
                                                               booklet_page(paper))]
    return [(book, None) for book in books_of(source, pack, options, progress)]


def iter_booklet_problems(source: PrintSource, pack: Pack, options: Options,
                          progress: ProgressFn) -> Iterator[Diagnostic]:
    """With ``booklet``: one warning (RS-R006) per book whose booklet would print text
    below 6 pt, at ``pack.yaml``: a book the system does not lay out for the booklet's
    page is shrunk whole, not re-flowed.

    The books are built for it, so only ask when the pack is otherwise clean.
    """
    if not options.extra.get("booklet") or "pnp" not in targets_of(options):
        return
    for book, sheet in _booklet_books(source, pack, options, progress):
        k = booklet_scale(book, sheet)
        small = [(n, size * k, text.text) for n, page in enumerate(book.pages)
                 for text, size in iter_printed_sizes(page.children)
                 if size * k < MIN_PRINT_SIZE - 1e-9]
        if not small:
            continue
        pages = sorted({n for n, _, _ in small})
        n, size, text = min(small, key=lambda s: (s[1], s[0]))
        why = (f"its pages shrink to {k:.0%}, so text under {MIN_PRINT_SIZE / k:.1f} pt does"
               if k < 1 else "laid out for the booklet's page")
        yield pack.manifest.diag(
            "RS-R006", f"the --booklet copy of '{book.id}' prints text below {MIN_PRINT_SIZE:g} pt "
            f"on {len(pages)} of {len(book.pages)} pages: {why} (smallest {size:.1f} pt, page "
            f"{n + 1}: '{text[:30]}')",
            hint=(f"print/{book.id}.pdf keeps every text at 6 pt or more; the booklet trades "
                  "size for paper") if k < 1 else "")


def iter_sheet_problems(source: PrintSource, pack: Pack, options: Options) -> Iterator[Diagnostic]:
    """With ``build`` (pnp): one note (RS-R013) per deck whose card sheets give up part of
    its bleed (:func:`generator.render.geometry.layout_shortfalls`), at the deck's line.

    The decks are drawn for it, so only ask when the pack is otherwise clean.
    """
    if "targets" not in options.extra or "pnp" not in targets_of(options):
        return
    cfg = pack.data.get("print", {})
    paper = paper_of(pack, options)
    gutter = gutter_setting(options.extra.get("gutter"), cfg.get("gutter"))
    for deck in decks_of(source, pack, options):
        plain, wide = sheet_layouts(paper, deck.width, deck.height, deck.bleed, gutter)
        lay = deck_layout(deck.fronts, deck.backs, plain, wide)
        shortfalls = layout_shortfalls(lay)
        if shortfalls:
            yield _deck_diag(pack, deck, "RS-R013", (
                f"the card sheets of '{deck.id}' ({_grid(lay)}) give up part of the "
                f"bleed: {'; '.join(shortfalls)}; {_trade(lay)}"),
                "cut on the marks, not outside them; build --target pro for one card a page "
                "with the full bleed")


def _grid(lay: SheetLayout) -> str:
    """'2 x 4, turned': a sheet layout's grid in words."""
    return f"{lay.cols} x {lay.rows}{', turned' if lay.rotated else ''}"


def _trade(lay: SheetLayout) -> str:
    """Why a layout gives up bleed: the cards a sheet would lose to keep all of it."""
    full = full_bleed_layout(lay)
    gutter = f"{lay.gutter:g} mm between the cards" if lay.gutter else "the cards butted"
    if full is None:
        return (f"that lets the cards fit at all: no grid of them ({gutter}) keeps the whole "
                f"{lay.bleed:g} mm bleed on every edge of this paper")
    return (f"that keeps {lay.capacity} cards a sheet, where the whole {lay.bleed:g} mm bleed "
            f"on every edge ({gutter}) would leave {full.capacity} ({_grid(full)})")


def _deck_diag(pack: Pack, deck: Deck, code: str, message: str, hint: str) -> Diagnostic:
    """A diagnostic at the deck's YAML line: the document the system names as the deck's
    source, else ``print.card`` in ``pack.yaml`` (where every card size is set)."""
    if deck.source is not None:
        file, line, col = deck.source
        return make(code, message, file, line, col, hint=hint)
    where = ("print", "card") if "card" in (pack.data.get("print") or {}) else ("print",)
    return pack.manifest.diag(code, message, where, hint=hint)


def iter_profile_problems(source: PrintSource, pack: Pack, options: Options) -> Iterator[Diagnostic]:
    """With ``--target tgc|mpc|dtc``: the preflight of each deck against each asked
    profile (:func:`generator.render.targets.preflight.iter_breaches`), at the deck's line."""
    profiles = [PROFILES[t] for t in targets_of(options) if t in PROFILES]
    if not profiles:
        return
    for deck in decks_of(source, pack, options):
        for profile in profiles:
            for breach in iter_breaches(profile, deck):
                yield _deck_diag(pack, deck, breach.code, f"--target {profile.id}: {breach.message}",
                                 breach.hint)


def _light(deck: Deck) -> Deck:
    """The deck with :func:`ink_saver` applied to every face."""
    return replace(deck, fronts=tuple(ink_saver(s) for s in deck.fronts),
                   backs=tuple(ink_saver(s) for s in deck.backs))


def _pdf(pages: Sequence[Any], title: str, **kw: Any) -> bytes:
    return document_to_pdf(Document(tuple(pages), title=title, **kw))


def iter_target_artefacts(source: PrintSource, pack: Pack, options: Options,
                          progress: ProgressFn) -> list[Artefact]:
    """Files of the ``pro`` and ``tts`` targets and the pnp variants, for one system of a pack."""
    from generator.render.targets import (
        pro_artefacts,
        tts_deck_artefacts,
        tts_die_artefacts,
        tts_piece_artefacts,
        tts_token_artefacts,
    )
    from generator.render.targets.service import profile_artefacts

    targets = targets_of(options)
    extra = options.extra
    fold, booklet, light = bool(extra.get("fold")), bool(extra.get("booklet")), bool(extra.get("ink_saver"))
    out: list[Artefact] = []
    wants_decks = ("pro" in targets or "tts" in targets or any(t in PROFILES for t in targets)
                   or ("pnp" in targets and (fold or light)))
    decks = decks_of(source, pack, options) if wants_decks else []
    if "pro" in targets:
        # Rich black only where asked: --rich-black, or print.rich_black in pack.yaml.
        rich = bool(extra.get("rich_black")) or bool(pack.data.get("print", {}).get("rich_black"))
        for deck in decks:
            progress(f"{pack.id}: print-shop files of {deck.id}")
            out += [Artefact(p, d) for p, d in pro_artefacts(deck, cmyk=bool(extra.get("cmyk")),
                                                             rich_black=rich)]
    for target in targets:
        if target in PROFILES:
            for deck in decks:
                progress(f"{pack.id}: {PROFILES[target].service} files of {deck.id}")
                out += [Artefact(p, d) for p, d in profile_artefacts(PROFILES[target], deck)]
    if "tts" in targets:
        base = extra.get("tts_url_base") or None
        for deck in decks:
            progress(f"{pack.id}: Tabletop Simulator deck {deck.id}")
            out += [Artefact(p, d) for p, d in tts_deck_artefacts(deck, url_base=base)]
        for tokens in token_sets_of(source, pack, options):
            out += [Artefact(p, d) for p, d in tts_token_artefacts(tokens, url_base=base)]
        pieces = _pieces(source, pack, options)
        if pieces:
            progress(f"{pack.id}: Tabletop Simulator boards, tiles and tokens")
        for piece in pieces:
            out += [Artefact(p, d) for p, d in tts_piece_artefacts(piece, url_base=base)]
        for die in _dice(source, pack, options):
            progress(f"{pack.id}: Tabletop Simulator die {die.id}")
            out += [Artefact(p, d) for p, d in tts_die_artefacts(die, url_base=base)]
    if "pnp" not in targets:
        return out
    paper = paper_of(pack, options)
    cfg = pack.data.get("print", {})
    if light:
        offset = options.back_offset or (parse_length(cfg.get("back_offset", {}).get("x", 0)),
                                         parse_length(cfg.get("back_offset", {}).get("y", 0)))
        for deck in decks:
            lay = layout_sheet(paper, deck.width, deck.height, bleed=deck.bleed,
                               gutter=parse_length(cfg.get("gutter", 0)))
            lit = _light(deck)
            fronts, backs = card_sheet_pages(lit.fronts, lit.backs, lay,
                                             bool(cfg.get("crop_marks", True)), offset,
                                             label=f"{deck.title} (ink saver)",
                                             stamp=stamp_of(pack, options).text(deck.id))
            out.append(Artefact(f"print/ink-saver/{deck.id}-duplex.pdf", _pdf(
                interleave_duplex(fronts, backs), f"{deck.title} (ink saver, duplex)",
                duplex=True)))
    if fold:
        for deck in decks:
            progress(f"{pack.id}: fold-and-glue sheets of {deck.id}")
            pages = fold_pages(_light(deck) if light else deck, paper,
                               stamp_of(pack, options).text(deck.id))
            name = f"print/ink-saver/{deck.id}-fold.pdf" if light else f"print/fold/{deck.id}.pdf"
            out.append(Artefact(name, _pdf(pages, f"{deck.title} (fold and glue)")))
    if light:
        for book in books_of(source, pack, options, progress):
            book = replace(book, pages=tuple(ink_saver(p) for p in book.pages))
            out.append(Artefact(f"print/ink-saver/{book.id}.pdf", _pdf(
                book.pages, f"{book.title} (ink saver)", outline=book.chapters,
                outline_levels=book.levels)))
    if booklet:
        for book, sheet in _booklet_books(source, pack, options, progress):
            if light:
                book = replace(book, pages=tuple(ink_saver(p) for p in book.pages))
            sides, chapters = booklet_pages(book, sheet, options.lang)
            signatures = booklet_signatures(book)
            if len(signatures) > 1:
                progress(f"{pack.id}: {book.id} booklet in {len(signatures)} signatures: "
                         + "; ".join(f"staple sheets {a}-{b}" for a, b in signatures))
            name = f"print/ink-saver/{book.id}-booklet.pdf" if light else f"print/booklet/{book.id}.pdf"
            out.append(Artefact(name, _pdf(
                sides, f"{book.title} (booklet)", duplex=True, flip_short_edge=True,
                outline=chapters, outline_levels=book.levels)))
    return out
