"""Imposition for those without a duplex printer or a print shop.

- :func:`fold_pages`: fold-and-glue card sheets. Each card's front and back
  sit side by side, joined at a fold line (the card's bottom edge when the
  cards are turned, its side edge otherwise); fold, glue, then cut. Crop
  marks lie in the margins, at least :data:`MARK_EDGE` mm from the paper
  edge, and dashed marks show the fold.
- :func:`booklet_pages`: a book as a saddle-stitch booklet: two pages on each
  side of a landscape sheet, in the order that makes a folded stack of sheets
  read 1, 2, 3, ... Printed double-sided, flipping on the short edge. A book
  laid out for the booklet's page (:func:`booklet_page`, A5 on A4) prints as
  it is; a larger one is scaled down (A4 pages shrink to A5). A book of more
  than :data:`SIGNATURE_SHEETS` sheets is split into signatures (each folded
  and stapled on its own, then stacked: :func:`signature_sheets`); the pages of
  each inner sheet move towards the fold by :data:`CREEP` mm a sheet, so the
  fore-edges line up once folded, and each sheet names its signature.

>>> booklet_order(8)
[(7, 0), (1, 6), (5, 2), (3, 4)]
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from . import fonts, labels

from .deck import Book, Deck
from .scene import MM_PER_PT, Element, Group, Line, Rect, Scene, Style, Text

MARK_EDGE = 5.0
"""No mark comes closer than this (mm) to the paper edge: printers cannot print there."""
FOLD_MARGIN = 8.0
"""Distance (mm) from the paper edge to the outermost bleed: room for the marks."""
MARK_GAP = 0.5
_CUT = Style(stroke="#000000", stroke_width=0.15)
_FOLD = Style(stroke="#000000", stroke_width=0.15, dash=(1.0, 1.0))


@dataclass(frozen=True, slots=True)
class FoldLayout:
    """Pairs (front + back) in a grid: trim size of one pair, grid origin, counts."""

    paper_w: float
    paper_h: float
    card_w: float
    card_h: float
    bleed: float
    turned: bool
    cols: int
    rows: int

    @property
    def pair_w(self) -> float:
        """Trim width of a front and back side by side."""
        return 2 * (self.card_h if self.turned else self.card_w)

    @property
    def pair_h(self) -> float:
        return self.card_w if self.turned else self.card_h

    @property
    def capacity(self) -> int:
        return self.cols * self.rows

    @property
    def origin(self) -> tuple[float, float]:
        """Top-left corner of the first pair's trim box (the grid is centred)."""
        b = self.bleed
        return ((self.paper_w - self.cols * (self.pair_w + 2 * b)) / 2 + b,
                (self.paper_h - self.rows * (self.pair_h + 2 * b)) / 2 + b)

    def trim(self, n: int) -> tuple[float, float]:
        """Top-left corner of pair ``n``'s trim box."""
        x0, y0 = self.origin
        b = self.bleed
        return (x0 + (n % self.cols) * (self.pair_w + 2 * b),
                y0 + (n // self.cols) * (self.pair_h + 2 * b))


def layout_fold(paper: tuple[float, float], card_w: float, card_h: float, bleed: float) -> FoldLayout:
    """The layout that holds the most pairs (upright cards win a tie).

    >>> lay = layout_fold((210.0, 297.0), 63.5, 88.9, 3.0)
    >>> (lay.turned, lay.cols, lay.rows)
    (True, 1, 4)
    """
    pw, ph = paper
    best: FoldLayout | None = None
    for turned in (False, True):
        pair_w = 2 * (card_h if turned else card_w) + 2 * bleed
        pair_h = (card_w if turned else card_h) + 2 * bleed
        cols = math.floor((pw - 2 * FOLD_MARGIN) / pair_w + 1e-9)
        rows = math.floor((ph - 2 * FOLD_MARGIN) / pair_h + 1e-9)
        lay = FoldLayout(pw, ph, card_w, card_h, bleed, turned, cols, rows)
        if cols > 0 and rows > 0 and (best is None or lay.capacity > best.capacity):
            best = lay
    if best is None:
        raise ValueError(f"a {card_w:g} x {card_h:g} mm card and its back do not fit side by side "
                         f"on {pw:g} x {ph:g} mm paper")
    return best


def _place(scene: Scene, lay: FoldLayout, x: float, y: float, back: bool) -> Group:
    """A card (trim corner x, y) on its side of the fold, clipped at the fold."""
    b = lay.bleed
    tw, th = (lay.card_h, lay.card_w) if lay.turned else (lay.card_w, lay.card_h)
    if lay.turned:
        # The cards' bottom edges meet at the fold; each card's top points away from it.
        bx, by, bw, bh = x - b, y - b, tw + 2 * b, th + 2 * b
        inner = Group(scene.children, translate=(bx + bw, by) if back else (bx, by + bh),
                      rotate=90 if back else -90, id=scene.id)
    else:
        inner = Group(scene.children, translate=(x - b, y - b), id=scene.id)
    clip = Rect(x, y - b, tw + b, th + 2 * b) if back else Rect(x - b, y - b, tw + b, th + 2 * b)
    return Group((inner,), clip=clip)


def _fold_marks(lay: FoldLayout, pairs: int) -> list[Element]:
    """Cut marks for the trim lines and dashed fold marks, in the margins only."""
    b = lay.bleed
    used_rows = math.ceil(pairs / lay.cols)
    used_cols = min(pairs, lay.cols)
    x0, y0 = lay.trim(0)
    left, top = x0 - b - MARK_GAP, y0 - b - MARK_GAP
    right = lay.trim(used_cols - 1)[0] + lay.pair_w + b + MARK_GAP
    bottom = lay.trim((used_rows - 1) * lay.cols)[1] + lay.pair_h + b + MARK_GAP
    out: list[Element] = []
    for r in range(used_rows):
        y = lay.trim(r * lay.cols)[1]
        for yy in (y, y + lay.pair_h):
            out.append(Line(MARK_EDGE, yy, left, yy, _CUT))
            out.append(Line(right, yy, lay.paper_w - MARK_EDGE, yy, _CUT))
    for c in range(used_cols):
        x = lay.trim(c)[0]
        for xx, style in ((x, _CUT), (x + lay.pair_w / 2, _FOLD), (x + lay.pair_w, _CUT)):
            out.append(Line(xx, MARK_EDGE, xx, top, style))
            out.append(Line(xx, bottom, xx, lay.paper_h - MARK_EDGE, style))
    return out


def fold_pages(deck: Deck, paper: tuple[float, float], stamp: str = "") -> tuple[Scene, ...]:
    """Fold-and-glue sheets of ``deck`` on ``paper`` (see the module notes); a ``stamp``
    (``print.stamp``) goes in the bleed under each pair's front, outside the trim."""
    from .sheets import STAMP_SIZE, stamp_line

    em = STAMP_SIZE * MM_PER_PT
    lay = layout_fold(paper, deck.width, deck.height, deck.bleed)
    half = lay.pair_w / 2
    pages: list[Scene] = []
    pairs = list(zip(deck.fronts, deck.backs))
    for p, start in enumerate(range(0, len(pairs), lay.capacity), start=1):
        chunk = pairs[start:start + lay.capacity]
        children: list[Element] = []
        for n, (front, back) in enumerate(chunk):
            x, y = lay.trim(n)
            children.append(_place(front, lay, x, y, back=False))
            children.append(_place(back, lay, x + half, y, back=True))
            if stamp and lay.bleed >= em + 0.4:
                children.extend(stamp_line(stamp, front.id, x, y + lay.pair_h + 0.2
                                           + fonts.ASCENT * em, half))
        children.append(Group(tuple(_fold_marks(lay, len(chunk))), id=f"fold-{p}-marks"))
        pages.append(Scene(lay.paper_w, lay.paper_h, tuple(children), id=f"fold-{p}"))
    return tuple(pages)


def booklet_order(pages: int) -> list[tuple[int, int]]:
    """(left, right) page indices of each sheet side, outer sheet first; ``pages`` % 4 == 0."""
    if pages % 4:
        raise ValueError("a saddle-stitch booklet has a multiple of four pages")
    out: list[tuple[int, int]] = []
    for s in range(pages // 4):
        out.append((pages - 1 - 2 * s, 2 * s))
        out.append((2 * s + 1, pages - 2 - 2 * s))
    return out


SIGNATURE_SHEETS = 8
"""The most sheets one signature holds: a common long-reach stapler closes eight folded
sheets of 80 g/m² paper (32 pages)."""
CREEP = 0.1
"""How far (mm) the pages of each sheet further inside a signature move towards the fold:
about the thickness of a sheet of 80 g/m² paper, which each sheet inside another pushes
its fore-edge out by once folded."""
SIGNATURE_MARK_SIZE = 6.0
"""Size (pt) of the signature mark over the fold of each sheet's inside."""


def signature_sheets(pages: int, most: int = SIGNATURE_SHEETS) -> list[int]:
    """How many sheets each signature of a ``pages``-page booklet holds: as few
    signatures as keep each to ``most`` sheets, as even as they can be (the larger first).

    >>> signature_sheets(12), signature_sheets(76), signature_sheets(124)
    ([3], [7, 6, 6], [8, 8, 8, 7])
    """
    sheets = max(1, -(-pages // 4))
    count = -(-sheets // most)
    base, extra = divmod(sheets, count)
    return [base + 1 if n < extra else base for n in range(count)]


def booklet_page(paper: tuple[float, float]) -> tuple[float, float]:
    """The page of a booklet printed on ``paper`` (portrait): half of it, turned.

    >>> booklet_page((210.0, 297.0)), booklet_page((215.9, 279.4))
    ((148.5, 210.0), (139.7, 215.9))
    """
    return paper[1] / 2, paper[0]


def booklet_scale(book: Book, paper: tuple[float, float] | None = None) -> float:
    """How much a booklet on ``paper`` (default: the book's own page size) shrinks
    ``book``'s pages to fit half a landscape sheet; 1.0 when they already fit (a book
    laid out at :func:`booklet_page` size is printed as it is).

    >>> from .scene import Scene
    >>> round(booklet_scale(Book("b", "B", (Scene(210, 297),))), 3), round(booklet_scale(Book("b", "B", (Scene(215.9, 279.4),))), 3)
    (0.707, 0.647)
    >>> booklet_scale(Book("b", "B", (Scene(148.5, 210),)), (210, 297))
    1.0
    """
    pw, ph = book.pages[0].width, book.pages[0].height
    sheet_w, sheet_h = (paper[1], paper[0]) if paper is not None else (ph, pw)
    return min(1.0, sheet_w / 2 / pw, sheet_h / ph)


def booklet_pages(book: Book, paper: tuple[float, float] | None = None,
                  lang: str | None = None
                  ) -> tuple[tuple[Scene, ...], tuple[tuple[str, int], ...]]:
    """The imposed sheet sides of ``book`` and its chapters pointing at them.

    Sheets are ``paper`` (default: the book's page size) turned landscape; each page
    is centred on half a sheet, scaled down when larger (see :func:`booklet_scale`).
    Blank pages fill the book up to a multiple of four. A book of more than
    :data:`SIGNATURE_SHEETS` sheets is imposed as signatures (see the module notes),
    each sheet's inside marked in ``lang`` with its signature and which sheets to staple.
    """
    pw, ph = book.pages[0].width, book.pages[0].height
    sheet_w, sheet_h = (paper[1], paper[0]) if paper is not None else (ph, pw)
    half = sheet_w / 2
    k = booklet_scale(book, paper)
    dx, dy = (half - pw * k) / 2, (sheet_h - ph * k) / 2
    signatures = signature_sheets(len(book.pages))
    sides: list[Scene] = []
    side_of: dict[int, int] = {}
    first_page = first_sheet = 0
    for s, sheets in enumerate(signatures):
        for n, (left, right) in enumerate(booklet_order(4 * sheets)):
            creep = CREEP * (n // 2) if len(signatures) > 1 else 0.0
            children: list[Element] = []
            for slot, index in enumerate((left + first_page, right + first_page)):
                side_of[index] = len(sides)
                if index < len(book.pages):
                    # Towards the fold by the creep, and never past it.
                    shift = creep if slot == 0 else -creep
                    x = slot * half + dx + shift
                    lo, hi = (0.0, half - x) if slot == 0 else (half - x, pw * k)
                    children.append(Group((Group(book.pages[index].children, scale=k),),
                                          translate=(x, dy),
                                          clip=Rect(max(lo, 0.0), 0, min(hi, pw * k) - max(lo, 0.0),
                                                    ph * k),
                                          id=f"p{index + 1}"))
            if len(signatures) > 1 and n % 2 == 1:
                children.append(_signature_mark(sheet_w, s, len(signatures), n // 2, sheets,
                                                first_sheet, lang))
            sides.append(Scene(sheet_w, sheet_h, tuple(children), id=f"booklet-{len(sides) + 1}"))
        first_page += 4 * sheets
        first_sheet += sheets
    chapters = tuple((f"{title} (p. {page + 1})", side_of[page]) for title, page in book.chapters)
    return tuple(sides), chapters


def _signature_mark(sheet_w: float, signature: int, signatures: int, sheet: int, sheets: int,
                    first_sheet: int, lang: str | None) -> Group:
    """Over the fold of a sheet's inside: its signature, its place in it, and which of the
    PDF's sheets (two sides each) are folded and stapled together with it."""
    text = labels.label("b-signature-mark", lang, s=signature + 1, n=signatures,
                        k=sheet + 1, m=sheets, first=first_sheet + 1,
                        last=first_sheet + sheets)
    return Group((Text(sheet_w / 2, MARK_EDGE + 2.5, text, size=SIGNATURE_MARK_SIZE,
                       fill="#555555", anchor="middle"),),
                 id=f"signature-{signature + 1}-{sheet + 1}")


def booklet_signatures(book: Book) -> list[tuple[int, int]]:
    """The sheets of each signature of ``book``'s booklet, as (first, last) from 1:
    the sheets to fold and staple together.

    >>> booklet_signatures(Book("b", "B", tuple(Scene(148.5, 210) for _ in range(76))))
    [(1, 7), (8, 13), (14, 19)]
    """
    out: list[tuple[int, int]] = []
    first = 1
    for sheets in signature_sheets(len(book.pages)):
        out.append((first, first + sheets - 1))
        first += sheets
    return out
