"""Print geometry: lengths, papers, card sizes, card sheets and duplex backs.

All lengths are millimetres; y grows downwards from the sheet's top-left.

Terms (as card printers use them):

- *trim box*: where the card is cut; its size is the card size.
- *bleed*: artwork beyond the trim on every side, so a slightly-off cut shows
  colour, not white. A card scene is card size + 2 x bleed.
- *gutter*: the gap between the trim boxes of neighbouring cards. When it is
  narrower than two bleeds, neighbours share it: each card's bleed is cut
  back at the middle of the gutter, so no card ever paints over another
  (gutter 0: one cut separates two cards).
- *margin*: the printer's unprintable border. Every trim box lies inside
  it, so no card loses ink. The outer bleed and crop marks may reach into
  it (they are outside the cut); at least ``MIN_MARK_ROOM`` mm is kept
  between the outermost bleed and the paper edge for the marks.
- *crop marks*: short lines extending the cut lines, drawn outside every
  bleed box: around the sheet, and inside gutters wide enough to hold them.

Sheets are portrait; cards may be turned a quarter (``rotated``) when that
fits more of them. Backs are for long-edge duplex: columns are mirrored so
each back lands behind its front.

>>> lay = layout_sheet("a4", *CARD_SIZES["poker"])
>>> (lay.cols, lay.rows, lay.rotated)
(3, 3, False)
>>> parse_length("0.125in")
3.175
"""
from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from .scene import MM_PER_PT

PAPERS: Mapping[str, tuple[float, float]] = MappingProxyType({
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
    # The width of A4 and the height of Letter: prints unscaled on both.
    "universal": (210.0, 279.4),
})
"""Paper sizes (width, height) in mm, portrait."""

CARD_SIZES: Mapping[str, tuple[float, float]] = MappingProxyType({
    "poker": (63.5, 88.9),
    "bridge": (57.15, 88.9),
    "mini": (44.45, 63.5),
    "tarot": (70.0, 120.0),
    "square": (70.0, 70.0),
})
"""Common card sizes (width, height) in mm, portrait."""

UNITS: Mapping[str, float] = MappingProxyType({"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": MM_PER_PT})
"""Millimetres per unit accepted by :func:`parse_length`."""

MIN_MARK_ROOM = 2.0
"""Room (mm) kept between the outermost bleed and the paper edge for crop marks."""

MARK_GAP = 0.5
"""Distance (mm) between a bleed box and the start of a crop mark."""

_LENGTH = re.compile(r"\s*([+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?)\s*([A-Za-z]*)\s*")
_EPS = 1e-6

Segment = tuple[float, float, float, float]
"""A line from (x1, y1) to (x2, y2)."""


def parse_length(value: str | float) -> float:
    """Return a length in mm from a number (mm) or a string with a unit.

    Units: mm, cm, in, pt; a bare number means mm.

    >>> [parse_length(v) for v in ("63.5mm", "12pt", "2 cm", 7, "-1.5")]
    [63.5, 4.233333333, 20.0, 7.0, -1.5]
    >>> parse_length("3 furlongs")
    Traceback (most recent call last):
    ValueError: invalid length '3 furlongs': unknown unit 'furlongs' (use mm, cm, in or pt)
    """
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        # ValueError, not TypeError: callers treat every unusable length alike.
        raise ValueError(  # noqa: TRY004
            f"invalid length {value!r}: expected a number of mm or a string like '63.5mm'")
    if isinstance(value, str):
        m = _LENGTH.fullmatch(value)
        if not m:
            raise ValueError(f"invalid length {value!r}: expected a number with a unit, like '63.5mm', "
                             "'0.125in' or '12pt'")
        unit = m.group(2).lower() or "mm"
        if unit not in UNITS:
            raise ValueError(f"invalid length {value!r}: unknown unit {m.group(2)!r} "
                             "(use mm, cm, in or pt)")
        result = float(m.group(1)) * UNITS[unit]
    else:
        result = float(value)
    if not math.isfinite(result):
        raise ValueError(f"invalid length {value!r}: not a finite number")
    # Nanometres are below any printer's reach; rounding keeps 3.5in == 88.9mm.
    return round(result, 9)


def _resolve_pair(spec: str | Sequence[str | float], table: Mapping[str, tuple[float, float]],
                  what: str) -> tuple[float, float]:
    if isinstance(spec, str):
        try:
            return table[spec.strip().lower()]
        except KeyError:
            raise ValueError(f"unknown {what} {spec!r}; use one of {', '.join(sorted(table))} "
                             "or a (width, height) pair") from None
    if len(spec) != 2:
        raise ValueError(f"a custom {what} is a (width, height) pair, got {spec!r}")
    w, h = parse_length(spec[0]), parse_length(spec[1])
    if not (w > 0 and h > 0):
        raise ValueError(f"{what} size must be positive, got {w} x {h} mm")
    return (w, h)


def resolve_paper(spec: str | Sequence[str | float]) -> tuple[float, float]:
    """Return (width, height) in mm for a paper name or a (w, h) pair.

    >>> resolve_paper("Letter")
    (215.9, 279.4)
    """
    return _resolve_pair(spec, PAPERS, "paper")


def resolve_card_size(spec: str | Sequence[str | float]) -> tuple[float, float]:
    """Return (width, height) in mm for a card size name or a (w, h) pair.

    >>> resolve_card_size(("2.5in", "3.5in"))
    (63.5, 88.9)
    """
    return _resolve_pair(spec, CARD_SIZES, "card size")


@dataclass(frozen=True, slots=True)
class Box:
    """An axis-aligned box."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    def mirrored(self, sheet_w: float, dx: float = 0.0, dy: float = 0.0) -> Box:
        """Mirror left-right on a sheet ``sheet_w`` wide, then shift."""
        return Box(sheet_w - self.x - self.w + dx, self.y + dy, self.w, self.h)


@dataclass(frozen=True, slots=True)
class Slot:
    """Where one card goes on a sheet.

    ``bleed`` is the extent of the card scene; ``visible`` the part of it
    drawn (bleed shared with a neighbour is cut back at the gutter's middle).
    ``rotation`` (0, 90 or -90 degrees, clockwise) turns the card scene
    about its top-left corner before it is moved onto ``bleed``.
    """

    index: int
    row: int
    col: int
    trim: Box
    bleed: Box
    visible: Box
    rotation: float = 0.0


@dataclass(frozen=True, slots=True)
class SheetLayout:
    """A grid of card slots on one paper size, and its crop marks."""

    paper_w: float
    paper_h: float
    card_w: float
    card_h: float
    bleed: float
    gutter: float
    margin: float
    cols: int
    rows: int
    rotated: bool
    slots: tuple[Slot, ...]
    crop_marks: tuple[Segment, ...]

    @property
    def capacity(self) -> int:
        """Cards per sheet."""
        return self.cols * self.rows

    @property
    def grid_bleed(self) -> Box:
        """The box around every card's bleed."""
        first, last = self.slots[0].bleed, self.slots[-1].bleed
        return Box(first.x, first.y, last.right - first.x, last.bottom - first.y)


def _count(paper: float, card: float, bleed: float, gutter: float, margin: float) -> int:
    """How many cards fit along one side of the paper."""
    n = 0
    while True:
        extent = (n + 1) * card + n * gutter
        if extent > paper - 2 * margin + _EPS or extent + 2 * (bleed + MIN_MARK_ROOM) > paper + _EPS:
            return n
        n += 1


def _marks(slots: Sequence[Slot], cols: int, rows: int, gutter: float, bleed: float,
           paper_w: float, paper_h: float, mark_length: float) -> tuple[Segment, ...]:
    grid = Box(slots[0].bleed.x, slots[0].bleed.y,
               slots[-1].bleed.right - slots[0].bleed.x, slots[-1].bleed.bottom - slots[0].bleed.y)
    xs = sorted({round(v, 6) for s in slots[:cols] for v in (s.trim.x, s.trim.right)})
    ys = sorted({round(v, 6) for s in slots[::cols] for v in (s.trim.y, s.trim.bottom)})
    marks: list[Segment] = []
    # Around the sheet: from just outside the outermost bleed towards the paper edge.
    edge = MARK_GAP
    top0, top1 = grid.y - MARK_GAP, max(grid.y - MARK_GAP - mark_length, edge)
    bot0, bot1 = grid.bottom + MARK_GAP, min(grid.bottom + MARK_GAP + mark_length, paper_h - edge)
    left0, left1 = grid.x - MARK_GAP, max(grid.x - MARK_GAP - mark_length, edge)
    right0, right1 = grid.right + MARK_GAP, min(grid.right + MARK_GAP + mark_length, paper_w - edge)
    for x in xs:
        marks += [(x, top1, x, top0), (x, bot0, x, bot1)]
    for y in ys:
        marks += [(left1, y, left0, y), (right0, y, right1, y)]
    # Inside gutters, only where the space between two bleed boxes can hold a mark.
    if gutter - 2 * bleed >= 2 * MARK_GAP + 1.0:
        for c in range(cols - 1):
            x0, x1 = slots[c].bleed.right + MARK_GAP, slots[c + 1].bleed.x - MARK_GAP
            marks += [(x0, y, x1, y) for y in ys]
        for r in range(rows - 1):
            y0, y1 = slots[r * cols].bleed.bottom + MARK_GAP, slots[(r + 1) * cols].bleed.y - MARK_GAP
            marks += [(x, y0, x, y1) for x in xs]
    return tuple((round(a, 4), round(b, 4), round(c, 4), round(d, 4)) for a, b, c, d in marks)


def _build(paper_w: float, paper_h: float, card_w: float, card_h: float, bleed: float,
           gutter: float, margin: float, rotated: bool, mark_length: float) -> SheetLayout | None:
    cw, ch = (card_h, card_w) if rotated else (card_w, card_h)
    cols = _count(paper_w, cw, bleed, gutter, margin)
    rows = _count(paper_h, ch, bleed, gutter, margin)
    if cols == 0 or rows == 0:
        return None
    x0 = (paper_w - (cols * cw + (cols - 1) * gutter)) / 2
    y0 = (paper_h - (rows * ch + (rows - 1) * gutter)) / 2
    shared = min(bleed, gutter / 2)
    slots = []
    for r in range(rows):
        for c in range(cols):
            trim = Box(x0 + c * (cw + gutter), y0 + r * (ch + gutter), cw, ch)
            left = bleed if c == 0 else shared
            right = bleed if c == cols - 1 else shared
            top = bleed if r == 0 else shared
            bottom = bleed if r == rows - 1 else shared
            slots.append(Slot(
                index=r * cols + c, row=r, col=c, trim=trim,
                bleed=Box(trim.x - bleed, trim.y - bleed, cw + 2 * bleed, ch + 2 * bleed),
                visible=Box(trim.x - left, trim.y - top, cw + left + right, ch + top + bottom),
                rotation=90.0 if rotated else 0.0))
    marks = _marks(slots, cols, rows, gutter, bleed, paper_w, paper_h, mark_length)
    return SheetLayout(paper_w, paper_h, card_w, card_h, bleed, gutter, margin, cols, rows,
                       rotated, tuple(slots), marks)


def layout_sheet(paper: str | Sequence[str | float], card_w: float, card_h: float,
                 bleed: float = 3.0, gutter: float = 0.0, margin: float = 5.0,
                 orientation: str = "auto", mark_length: float = 5.0) -> SheetLayout:
    """Lay out as many cards as fit on one sheet, centred.

    ``orientation``: "portrait" keeps cards upright, "landscape" turns them a
    quarter, "auto" takes whichever holds more cards (upright on a tie).
    Raises ValueError when not even one card fits.

    >>> lay = layout_sheet("a4", *CARD_SIZES["mini"])
    >>> (lay.cols, lay.rows, lay.rotated, lay.capacity)
    (3, 6, True, 18)
    """
    paper_w, paper_h = resolve_paper(paper)
    if not (card_w > 0 and card_h > 0):
        raise ValueError(f"card size must be positive, got {card_w} x {card_h} mm")
    if bleed < 0 or gutter < 0 or margin < 0 or mark_length <= 0:
        raise ValueError("bleed, gutter and margin must be >= 0 and mark_length > 0")
    if orientation not in ("auto", "portrait", "landscape"):
        raise ValueError(f"orientation must be auto, portrait or landscape, got {orientation!r}")
    options = [o for o in (False, True)
               if orientation == "auto" or o == (orientation == "landscape")]
    best: SheetLayout | None = None
    for rotated in options:
        lay = _build(paper_w, paper_h, card_w, card_h, bleed, gutter, margin, rotated, mark_length)
        if lay is not None and (best is None or lay.capacity > best.capacity):
            best = lay
    if best is None:
        raise ValueError(
            f"a {card_w:g} x {card_h:g} mm card with {bleed:g} mm bleed does not fit on "
            f"{paper_w:g} x {paper_h:g} mm paper inside a {margin:g} mm margin")
    return best


def back_positions(layout: SheetLayout, offset_x_mm: float = 0.0,
                   offset_y_mm: float = 0.0) -> tuple[Slot, ...]:
    """Slots for the backs of a long-edge duplex sheet, index for index.

    Columns are mirrored left-right so back ``i`` lands behind front ``i``;
    the offset (as seen on the back side, x right, y down) corrects a
    printer that shifts the second side. Turned cards turn the other way.

    >>> lay = layout_sheet("a4", *CARD_SIZES["poker"])
    >>> [s.col for s in back_positions(lay)[:3]]
    [2, 1, 0]
    """
    w = layout.paper_w
    return tuple(
        Slot(s.index, s.row, layout.cols - 1 - s.col,
             s.trim.mirrored(w, offset_x_mm, offset_y_mm),
             s.bleed.mirrored(w, offset_x_mm, offset_y_mm),
             s.visible.mirrored(w, offset_x_mm, offset_y_mm),
             -s.rotation if s.rotation else 0.0)
        for s in layout.slots)


def back_crop_marks(layout: SheetLayout, offset_x_mm: float = 0.0,
                    offset_y_mm: float = 0.0) -> tuple[Segment, ...]:
    """The crop marks of a sheet as they fall on its back (see :func:`back_positions`)."""
    w = layout.paper_w
    return tuple((round(w - x1 + offset_x_mm, 4), round(y1 + offset_y_mm, 4),
                  round(w - x2 + offset_x_mm, 4), round(y2 + offset_y_mm, 4))
                 for x1, y1, x2, y2 in layout.crop_marks)
