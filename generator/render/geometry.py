"""Print geometry: lengths, papers, card sizes, card sheets and duplex backs.

All lengths are millimetres; y grows downwards from the sheet's top-left.

Terms (as card printers use them):

- *trim box*: where the card is cut; its size is the card size.
- *bleed*: artwork beyond the trim on every side, so a slightly-off cut shows
  colour, not white. A card scene is card size + 2 x bleed.
- *gutter*: the gap between the trim boxes of neighbouring cards. When it is
  narrower than two bleeds, neighbours share it: each card's bleed is cut
  back at the middle of the gutter, so no card ever paints over another
  (gutter 0: one cut separates two cards). :func:`full_bleed_gutter` keeps
  every card's whole bleed and room for a cut line between two bleeds.
- *margin*: the printer's unprintable border. Every trim box lies inside
  it, so no card loses ink.
- *crop marks*: short lines extending the cut lines, drawn outside every
  bleed box, never closer than ``EDGE_CLEAR`` (5 mm) to the paper edge:
  around the cards (the outer bleed gives way down to ``MIN_OUTER_BLEED``
  to make room), and across the gutters wide enough to hold them. Every cut
  line gets a mark; a grid that would leave one unmarked gives up a row or
  a column.

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

EDGE_CLEAR = 5.0
"""No crop mark comes closer than this (mm) to the paper edge: printers leave it blank."""

MIN_MARK_LENGTH = 2.5
"""The shortest crop mark (mm) worth drawing; a cut line needs at least one."""

MIN_OUTER_BLEED = 1.5
"""The outer bleed may shrink to this (mm) to make room for crop marks around the cards."""

GUTTER_MARK_LENGTH = 4.0
"""Length (mm) of the cut lines drawn in a full-bleed gutter (see :func:`full_bleed_gutter`)."""

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


def resolve_card_size(spec: str | Sequence[str | float] | Mapping[str, str | float]
                      ) -> tuple[float, float]:
    """Return (width, height) in mm for a card size name, a (w, h) pair or a
    ``{width, height}`` mapping (as ``print.card`` is written).

    >>> resolve_card_size(("2.5in", "3.5in")), resolve_card_size({"width": 70, "height": "12cm"})
    ((63.5, 88.9), (70.0, 120.0))
    """
    if isinstance(spec, Mapping):
        return _resolve_pair((spec["width"], spec["height"]), CARD_SIZES, "card size")
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
    mark_length: float = 5.0

    @property
    def capacity(self) -> int:
        """Cards per sheet."""
        return self.cols * self.rows

    @property
    def grid_bleed(self) -> Box:
        """The box around every card's bleed."""
        first, last = self.slots[0].bleed, self.slots[-1].bleed
        return Box(first.x, first.y, last.right - first.x, last.bottom - first.y)


def _outer_bleed(room: float, bleed: float) -> tuple[float, bool]:
    """The bleed kept outside the grid along one axis, and whether crop marks fit beyond it.

    ``room`` is the distance from the outermost trim to the paper edge. The
    outer bleed gives way (down to ``MIN_OUTER_BLEED``) to make room for marks
    that end ``EDGE_CLEAR`` mm from the edge; when even that is too little, the
    full bleed stays (as far as the paper reaches) and the marks go elsewhere.
    """
    for_marks = room - EDGE_CLEAR - MARK_GAP - MIN_MARK_LENGTH
    if for_marks >= min(bleed, MIN_OUTER_BLEED) - _EPS:
        return min(bleed, for_marks), True
    return max(0.0, min(bleed, room)), False


def gutter_marks_fit(gutter: float, bleed: float) -> bool:
    """Whether the strip between two neighbours' bleed boxes can hold a crop mark.

    >>> (gutter_marks_fit(0, 3), gutter_marks_fit(full_bleed_gutter(3), 3))
    (False, True)
    """
    return gutter - 2 * bleed >= 2 * MARK_GAP + MIN_MARK_LENGTH - _EPS


def full_bleed_gutter(bleed: float) -> float:
    """The gutter that keeps every card's whole bleed and a cut line between them."""
    return 2 * bleed + 2 * MARK_GAP + GUTTER_MARK_LENGTH


def _marks(slots: Sequence[Slot], grid_slots: Sequence[Slot], gutter: float, bleed: float,
           paper_w: float, paper_h: float, mark_length: float) -> tuple[Segment, ...]:
    """Crop marks for the cards in ``slots``: the first cards of the grid ``grid_slots``."""
    if not slots:
        return ()
    grid = Box(min(s.bleed.x for s in slots), min(s.bleed.y for s in slots), 0.0, 0.0)
    grid = Box(grid.x, grid.y, max(s.bleed.right for s in slots) - grid.x,
               max(s.bleed.bottom for s in slots) - grid.y)
    xs = sorted({round(v, 6) for s in slots for v in (s.trim.x, s.trim.right)})
    ys = sorted({round(v, 6) for s in slots for v in (s.trim.y, s.trim.bottom)})
    marks: list[Segment] = []

    def keep(low: float, high: float) -> bool:
        # Clamping at the edge may leave a mark too short, or turned round: drop it.
        return high - low >= MIN_MARK_LENGTH - _EPS

    # Around the cards: from just outside the outermost bleed towards the paper edge,
    # never closer to it than EDGE_CLEAR (the printer's unprintable border).
    top0, top1 = grid.y - MARK_GAP, max(grid.y - MARK_GAP - mark_length, EDGE_CLEAR)
    bot0, bot1 = grid.bottom + MARK_GAP, min(grid.bottom + MARK_GAP + mark_length,
                                             paper_h - EDGE_CLEAR)
    left0, left1 = grid.x - MARK_GAP, max(grid.x - MARK_GAP - mark_length, EDGE_CLEAR)
    right0, right1 = grid.right + MARK_GAP, min(grid.right + MARK_GAP + mark_length,
                                                paper_w - EDGE_CLEAR)
    for x in xs:
        if keep(top1, top0):
            marks.append((x, top1, x, top0))
        if keep(bot0, bot1):
            marks.append((x, bot0, x, bot1))
    for y in ys:
        if keep(left1, left0):
            marks.append((left1, y, left0, y))
        if keep(right0, right1):
            marks.append((right0, y, right1, y))
    # Inside gutters: each cut line drawn across the whole strip between two bleed boxes.
    # The strip beside an empty slot serves too: a part-filled sheet keeps its cut lines.
    if gutter_marks_fit(gutter, bleed):
        at = {(s.row, s.col): s for s in grid_slots}
        for s in slots:
            r, c = s.row, s.col
            right = at.get((r, c + 1))
            if right is not None:
                x0, x1 = s.bleed.right + MARK_GAP, right.bleed.x - MARK_GAP
                marks += [(x0, y, x1, y) for y in (s.trim.y, s.trim.bottom)]
            below = at.get((r + 1, c))
            if below is not None:
                y0, y1 = s.bleed.bottom + MARK_GAP, below.bleed.y - MARK_GAP
                marks += [(x, y0, x, y1) for x in (s.trim.x, s.trim.right)]
    return tuple(sorted({(round(a, 4), round(b, 4), round(c, 4), round(d, 4))
                         for a, b, c, d in marks}))


def _build(paper_w: float, paper_h: float, cw: float, ch: float, bleed: float, gutter: float,
           margin: float, rotated: bool, cols: int, rows: int, mark_length: float,
           card_w: float, card_h: float) -> SheetLayout | None:
    """A ``cols`` x ``rows`` grid, or None when it leaves some cut line without a mark."""
    grid_w, grid_h = cols * cw + (cols - 1) * gutter, rows * ch + (rows - 1) * gutter
    if grid_w > paper_w - 2 * margin + _EPS or grid_h > paper_h - 2 * margin + _EPS:
        return None
    x0, y0 = (paper_w - grid_w) / 2, (paper_h - grid_h) / 2
    outer_x, side_marks = _outer_bleed(x0, bleed)
    outer_y, end_marks = _outer_bleed(y0, bleed)
    inner = gutter_marks_fit(gutter, bleed)
    # A cut across the sheet is found by marks at the sides or in the gutters between columns;
    # a cut down the sheet by marks at the top and bottom or in the gutters between rows.
    if not (side_marks or (inner and cols > 1)) or not (end_marks or (inner and rows > 1)):
        return None
    shared = min(bleed, gutter / 2)
    slots = []
    for r in range(rows):
        for c in range(cols):
            trim = Box(x0 + c * (cw + gutter), y0 + r * (ch + gutter), cw, ch)
            left = outer_x if c == 0 else shared
            right = outer_x if c == cols - 1 else shared
            top = outer_y if r == 0 else shared
            bottom = outer_y if r == rows - 1 else shared
            slots.append(Slot(
                index=r * cols + c, row=r, col=c, trim=trim,
                bleed=Box(trim.x - bleed, trim.y - bleed, cw + 2 * bleed, ch + 2 * bleed),
                visible=Box(trim.x - left, trim.y - top, cw + left + right, ch + top + bottom),
                rotation=90.0 if rotated else 0.0))
    shown = _visible_slots(slots)
    marks = _marks(shown, shown, gutter, bleed, paper_w, paper_h, mark_length)
    return SheetLayout(paper_w, paper_h, card_w, card_h, bleed, gutter, margin, cols, rows,
                       rotated, tuple(slots), marks, mark_length)


def _visible_slots(slots: Sequence[Slot]) -> list[Slot]:
    """Slots whose bleed box is what is drawn (crop marks start outside the visible part)."""
    return [Slot(s.index, s.row, s.col, s.trim, s.visible, s.visible, s.rotation) for s in slots]


def _max_count(paper: float, card: float, gutter: float, margin: float) -> int:
    return max(0, int((paper - 2 * margin + gutter + _EPS) // (card + gutter)))


def _largest_grid(paper_w: float, paper_h: float, card_w: float, card_h: float, bleed: float,
                  gutter: float, margin: float, options: Sequence[bool], mark_length: float,
                  full_bleed: bool) -> SheetLayout | None:
    """The grid holding the most cards (the first found on a tie: upright, then more
    columns), or None; ``full_bleed``: only grids that give up none of the bleed."""
    best: SheetLayout | None = None
    for rotated in options:
        cw, ch = (card_h, card_w) if rotated else (card_w, card_h)
        for cols in range(_max_count(paper_w, cw, gutter, margin), 0, -1):
            for rows in range(_max_count(paper_h, ch, gutter, margin), 0, -1):
                if best is not None and cols * rows <= best.capacity:
                    break
                lay = _build(paper_w, paper_h, cw, ch, bleed, gutter, margin, rotated, cols, rows,
                             mark_length, card_w, card_h)
                if lay is not None and not (full_bleed and layout_shortfalls(lay)):
                    best = lay
                    break
    return best


def full_bleed_layout(layout: SheetLayout) -> SheetLayout | None:
    """The largest grid of ``layout``'s cards, gutter and margin on its paper that gives up
    none of the bleed (see :func:`layout_shortfalls`): what a layout that gives some up
    trades it for. None when no grid keeps it.

    >>> lay = layout_sheet("a4", *CARD_SIZES["poker"], gutter=11.0)
    >>> (lay.capacity, full_bleed_layout(lay).capacity)
    (8, 4)
    """
    return _largest_grid(layout.paper_w, layout.paper_h, layout.card_w, layout.card_h,
                         layout.bleed, layout.gutter, layout.margin, (False, True),
                         layout.mark_length, full_bleed=True)


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
    best = _largest_grid(paper_w, paper_h, card_w, card_h, bleed, gutter, margin, options,
                         mark_length, full_bleed=False)
    if best is None:
        raise ValueError(
            f"a {card_w:g} x {card_h:g} mm card with {bleed:g} mm bleed does not fit on "
            f"{paper_w:g} x {paper_h:g} mm paper inside a {margin:g} mm margin with crop marks "
            f"{EDGE_CLEAR:g} mm from the edge")
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


def sheet_crop_marks(layout: SheetLayout, used: int | None = None) -> tuple[Segment, ...]:
    """The crop marks for a sheet holding only its first ``used`` cards (None: a full sheet).

    Empty slots get no marks: the cut lines of the cards present, marked around
    them and in the gutters between them.

    >>> lay = layout_sheet("a4", *CARD_SIZES["poker"])
    >>> len(sheet_crop_marks(lay, 1)) < len(lay.crop_marks) == len(sheet_crop_marks(lay))
    True
    """
    if used is None or used >= layout.capacity:
        return layout.crop_marks
    shown = _visible_slots(layout.slots)
    return _marks(shown[:max(used, 0)], shown, layout.gutter, layout.bleed, layout.paper_w,
                  layout.paper_h, layout.mark_length)


def _clip_to_edge(seg: Segment, paper_w: float, paper_h: float) -> Segment | None:
    x1, y1, x2, y2 = seg
    lo_x, hi_x, lo_y, hi_y = EDGE_CLEAR, paper_w - EDGE_CLEAR, EDGE_CLEAR, paper_h - EDGE_CLEAR
    x1, x2 = min(max(x1, lo_x), hi_x), min(max(x2, lo_x), hi_x)
    y1, y2 = min(max(y1, lo_y), hi_y), min(max(y2, lo_y), hi_y)
    if abs(x2 - x1) + abs(y2 - y1) < MIN_MARK_LENGTH - _EPS:
        return None
    return (round(x1, 4), round(y1, 4), round(x2, 4), round(y2, 4))


def back_crop_marks(layout: SheetLayout, offset_x_mm: float = 0.0,
                    offset_y_mm: float = 0.0, used: int | None = None) -> tuple[Segment, ...]:
    """The crop marks of a sheet as they fall on its back (see :func:`back_positions`).

    A back offset may push a mark towards the paper edge; the part closer than
    ``EDGE_CLEAR`` is cut off, and a mark left too short is dropped (the
    cards are cut from the front, which keeps every mark).
    """
    w = layout.paper_w
    out = []
    for x1, y1, x2, y2 in sheet_crop_marks(layout, used):
        seg = _clip_to_edge((w - x1 + offset_x_mm, y1 + offset_y_mm,
                             w - x2 + offset_x_mm, y2 + offset_y_mm), w, layout.paper_h)
        if seg is not None:
            out.append(seg)
    return tuple(out)


def layout_shortfalls(layout: SheetLayout) -> tuple[str, ...]:
    """What a sheet layout gives up of its bleed, in words (nothing: the full bleed on
    every outer edge, clear of the printer's border).

    Two things can give way: the bleed on the sheet's outer edges, cut back (to
    :data:`MIN_OUTER_BLEED` at least) so that the crop marks fit before the
    :data:`EDGE_CLEAR` mm border; and, where the marks went between the cards instead,
    the bleed of the outer cards that lies in that border, which printers leave blank.

    >>> layout_shortfalls(layout_sheet("a4", *CARD_SIZES["poker"]))[0][:60]
    'the cards have 1.75 mm of bleed at the left and right edges '
    >>> layout_shortfalls(layout_sheet("letter", *CARD_SIZES["poker"], gutter=11.0))
    ()
    """
    if not layout.slots or layout.bleed <= 0:
        return ()
    slots = layout.slots
    x0 = min(s.trim.x for s in slots)
    y0 = min(s.trim.y for s in slots)
    x1 = max(s.trim.right for s in slots)
    y1 = max(s.trim.bottom for s in slots)
    sides = {
        "left and right": (min(s.trim.x - s.visible.x for s in slots if s.trim.x <= x0 + _EPS),
                           min(x0, layout.paper_w - x1)),
        "top and bottom": (min(s.trim.y - s.visible.y for s in slots if s.trim.y <= y0 + _EPS),
                           min(y0, layout.paper_h - y1)),
    }
    out: list[str] = []
    for where, (kept, room) in sides.items():
        if kept < layout.bleed - _EPS:
            out.append(f"the cards have {round(kept, 2):g} mm of bleed at the {where} edges of the sheet, "
                       f"not {layout.bleed:g} mm: the crop marks need the room before the "
                       f"printer's {EDGE_CLEAR:g} mm border")
        elif room < EDGE_CLEAR + layout.bleed - _EPS:
            lost = min(layout.bleed, EDGE_CLEAR + layout.bleed - room)
            out.append(f"the outer cards are cut {room:.2f} mm from the paper's {where} edges, so "
                       f"{lost:.2f} mm of their {layout.bleed:g} mm bleed lies in the "
                       f"{EDGE_CLEAR:g} mm border printers leave blank")
    return tuple(out)
