"""The riddle icon set: pieces, figures, tokens, map marks, god types, dice and gems.

Every icon is drawn in code (no bitmaps) by one function
``icon_<name>(x, y, size_mm, *, ...style) -> tuple[Element, ...]`` that fills the
square of side ``size_mm`` whose top-left corner is (x, y) and never leaves it.
:data:`ICONS` maps the names used in text markup (``:coin-gold-3:``) to
drawing functions of the shape :data:`~generator.render.text.IconDraw`, so it
can be passed to ``fit_text(..., icons=ICONS)`` as it is; :data:`ICON_GROUPS`
orders them for a legend and :data:`ICON_LABELS` names them for people.

The colours come from :mod:`.palette` (shared with the map renderer, so that a
worker, a coin or a dome looks the same in a clue, on a map and in the legend),
the numerals inside icons from :mod:`.icon_text`, and :func:`element_bounds`
from :mod:`.bounds`; this module re-exports them for its importers.

>>> sorted(ICONS)[:3]
['blessing', 'bridge', 'build']
>>> box = element_bounds(icon_dome(10, 20, 8))
>>> box is not None and 10 <= box[0] and box[2] <= 18 and 20 <= box[1] and box[3] <= 28
True
"""
from __future__ import annotations

import functools
import math
from collections.abc import Mapping, Sequence
from types import MappingProxyType

from .bounds import Bounds, element_bounds
from .icon_text import fitted_size, icon_label, label_text
from .labels import LANGUAGES, gem_initial
from .palette import (
    BLESSING,
    BUILD,
    DIE_SHOWN,
    DOME,
    DOME_LIGHT,
    FEATURE,
    GEM_COLOURS,
    GEM_FALLBACK,
    GHOST,
    GOD_TYPES,
    GOLD,
    GOLD_DARK,
    INK,
    KING,
    LAND,
    LAND_LINE,
    LEVEL_FILLS,
    MOVE,
    MUTED,
    PAPER,
    SEA,
    SEA_LINE,
    SILVER,
    SILVER_DARK,
    SPHINX,
    SPHINX_FACE,
    SPHINX_GOLD,
    SPHINX_STRIPE,
    WOOD,
    WORKER_COLOURS,
    gem_colour,
)
from .scene import Circle, Element, Group, Line, Path, Polygon, Rect, Style
from .text import IconDraw

# -- helpers ---------------------------------------------------------------------------


class _Grid:
    """Maps a 100 x 100 design grid onto an icon's box, so shapes are drawn once."""

    __slots__ = ("x", "y", "k")

    def __init__(self, x: float, y: float, size: float) -> None:
        self.x, self.y, self.k = x, y, size / 100.0

    def p(self, u: float, v: float) -> tuple[float, float]:
        return (self.x + u * self.k, self.y + v * self.k)

    def pts(self, *uv: tuple[float, float]) -> tuple[tuple[float, float], ...]:
        return tuple(self.p(u, v) for u, v in uv)

    def n(self, length: float) -> float:
        return length * self.k

    def line_width(self, units: float = 3.0) -> float:
        # Outlines thin with the icon but never below what a printer draws cleanly.
        return max(0.08, units * self.k)




def _disc(g: _Grid, fill: str, ring: str = INK, r: float = 45.0, units: float = 3.5) -> Circle:
    return Circle(*g.p(50, 50), g.n(r), Style(fill=fill, stroke=ring, stroke_width=g.line_width(units)))


def _leaf(g: _Grid, base: tuple[float, float], tip: tuple[float, float], width: float) -> Path:
    """A pointed leaf from ``base`` to ``tip`` (design units), ``width`` across."""
    (bu, bv), (tu, tv) = base, tip
    du, dv = tu - bu, tv - bv
    length = math.hypot(du, dv) or 1.0
    nu, nv = -dv / length * width, du / length * width
    mu, mv = (bu + tu) / 2, (bv + tv) / 2
    return Path((("M", *g.p(bu, bv)), ("Q", *g.p(mu + nu, mv + nv), *g.p(tu, tv)),
                 ("Q", *g.p(mu - nu, mv - nv), *g.p(bu, bv)), ("Z",)),
                Style(fill="#ffffff"))


def _star(g: _Grid, cu: float, cv: float, outer: float, inner: float, points: int,
          style: Style) -> Polygon:
    corners = []
    for i in range(points * 2):
        r = outer if i % 2 == 0 else inner
        a = math.pi * i / points - math.pi / 2
        corners.append((cu + r * math.cos(a), cv + r * math.sin(a)))
    return Polygon(g.pts(*corners), style)



def _ink_on(fill: str) -> str:
    """White or ink, whichever reads better on ``fill`` (by perceived lightness)."""
    r, gr, b = (int(fill[i:i + 2], 16) for i in (1, 3, 5))
    return INK if 0.299 * r + 0.587 * gr + 0.114 * b > 150 else "#ffffff"


# -- pieces ----------------------------------------------------------------------------

# Elevations of the three blocks and the dome in a stack (design units):
# (left, top, right, bottom); every block sits on the one below.
_BLOCKS = ((6.0, 67.0, 94.0, 96.0), (16.0, 41.0, 84.0, 67.0), (26.0, 18.0, 74.0, 41.0))
_DOME_R = 14.5


def _stack_grid(x: float, y: float, size_mm: float, levels: int, dome: bool) -> _Grid:
    """The grid of a stack of ``levels`` blocks, shifted so the drawing is centred vertically."""
    top = _BLOCKS[levels - 1][1] - (_DOME_R if dome else 0.0)
    shift = 50.0 - (top + _BLOCKS[0][3]) / 2
    return _Grid(x, y + shift * size_mm / 100.0, size_mm)


def _block(g: _Grid, level: int, ghost: bool = False) -> tuple[Element, ...]:
    left, top, right, bottom = _BLOCKS[level - 1]
    x0, y0 = g.p(left, top)
    x1, y1 = g.p(right, bottom)
    if ghost:
        return (Rect(x0, y0, x1 - x0, y1 - y0, Style(fill=GHOST, stroke=MUTED,
                                                      stroke_width=g.line_width(2.0),
                                                      dash=(g.n(4), g.n(3)))),)
    parts: list[Element] = [
        Rect(x0, y0, x1 - x0, y1 - y0, Style(fill=LEVEL_FILLS[level - 1], stroke=INK,
                                             stroke_width=g.line_width(3.0))),
        # A cornice line along the top of each block, as on the real pieces.
        Line(*g.p(left, top + 5), *g.p(right, top + 5), Style(stroke=INK, stroke_width=g.line_width(1.5))),
    ]
    parts.extend(icon_label((x0 + x1) / 2, g.p(0, (top + 5 + bottom) / 2)[1], str(level), g.n(15)))
    return tuple(parts)


def _dome(g: _Grid, cu: float, base_v: float, r: float) -> tuple[Element, ...]:
    cx, cy = g.p(cu, base_v)
    rr = g.n(r)
    # Half a disc, built from two quarter arcs (cubic approximation).
    k = 0.5523 * rr
    shape = Path((("M", cx - rr, cy), ("C", cx - rr, cy - k, cx - k, cy - rr, cx, cy - rr),
                  ("C", cx + k, cy - rr, cx + rr, cy - k, cx + rr, cy), ("Z",)),
                 Style(fill=DOME, stroke=INK, stroke_width=g.line_width(3.0)))
    shine = Path((("M", cx - 0.62 * rr, cy - 0.35 * rr),
                  ("Q", cx - 0.55 * rr, cy - 0.72 * rr, cx - 0.18 * rr, cy - 0.78 * rr)),
                 Style(stroke=DOME_LIGHT, stroke_width=g.line_width(4.0)))
    return (shape, shine)


def icon_block(x: float, y: float, size_mm: float, *, level: int = 1) -> tuple[Element, ...]:
    """A block of ``level`` (1-3) in elevation, on ghosted blocks of the levels below."""
    if level not in (1, 2, 3):
        raise ValueError(f"a block is level 1, 2 or 3, got {level}")
    g = _stack_grid(x, y, size_mm, level, False)
    parts: list[Element] = []
    for lower in range(1, level):
        parts.extend(_block(g, lower, ghost=True))
    parts.extend(_block(g, level))
    return tuple(parts)


def icon_dome(x: float, y: float, size_mm: float) -> tuple[Element, ...]:
    """A dome piece."""
    g = _Grid(x, y, size_mm)
    base = Rect(*g.p(8, 74), g.n(84), g.n(10), Style(fill=DOME, stroke=INK, stroke_width=g.line_width(3.0)))
    return (*_dome(g, 50, 74, 42), base)


def icon_tower(x: float, y: float, size_mm: float, *, height: int = 1) -> tuple[Element, ...]:
    """A set-up tower of ``height`` 1-4 (4 = three blocks and a dome), blocks numbered."""
    if height not in (1, 2, 3, 4):
        raise ValueError(f"a set-up tower is 1-4 high, got {height}")
    g = _stack_grid(x, y, size_mm, min(height, 3), height == 4)
    parts: list[Element] = []
    for level in range(1, min(height, 3) + 1):
        parts.extend(_block(g, level))
    if height == 4:
        parts.extend(_dome(g, 50, _BLOCKS[2][1], _DOME_R))
    return tuple(parts)


# -- figures ---------------------------------------------------------------------------


def _pawn(g: _Grid, colour: str, outline: str | None = None) -> tuple[Element, ...]:
    style = Style(fill=colour, stroke=outline, stroke_width=g.line_width(1.5))
    head = Circle(*g.p(50, 29), g.n(11.5), style)
    body = Path((("M", *g.p(29, 80)), ("Q", *g.p(31, 50), *g.p(43, 45)), ("L", *g.p(57, 45)),
                 ("Q", *g.p(69, 50), *g.p(71, 80)), ("Z",)), style)
    base = Rect(*g.p(25, 76), g.n(50), g.n(9), style, rx=g.n(3))
    return (body, base, head)


def icon_worker(x: float, y: float, size_mm: float, *, colour: str = "start",
                label: str | None = None) -> tuple[Element, ...]:
    """A worker token: a pawn on a disc of the worker's colour (see :data:`WORKER_COLOURS`).

    ``label`` (the worker's number on a map) is written on the pawn's body.
    """
    fill, ink = WORKER_COLOURS[colour]
    g = _Grid(x, y, size_mm)
    parts: list[Element] = [_disc(g, fill)]
    parts.extend(_pawn(g, ink))
    if label:
        size = fitted_size(label, g.n(26), g.n(30))
        parts.extend(icon_label(*g.p(50, 63), label, size, fill=fill))
    return tuple(parts)


def icon_wanderer(x: float, y: float, size_mm: float, *, label: str | None = None
                  ) -> tuple[Element, ...]:
    """The Wanderer, the shared worker of a three-player game: a pawn with a staff."""
    fill, ink = WORKER_COLOURS["wanderer"]
    g = _Grid(x, y, size_mm)
    staff = Style(stroke=ink, stroke_width=g.line_width(5.0))
    parts: list[Element] = [_disc(g, fill)]
    parts.extend(_pawn(g, ink))
    parts.append(Line(*g.p(78, 30), *g.p(78, 82), staff))
    parts.append(Path((("M", *g.p(78, 31)), ("Q", *g.p(78, 17), *g.p(68, 20))), staff))
    if label:
        size = fitted_size(label, g.n(26), g.n(30))
        parts.extend(icon_label(*g.p(50, 63), label, size, fill=fill))
    return tuple(parts)


def icon_king(x: float, y: float, size_mm: float) -> tuple[Element, ...]:
    """The King: a gold crown on a royal purple disc."""
    g = _Grid(x, y, size_mm)
    gold = Style(fill=GOLD, stroke=INK, stroke_width=g.line_width(2.0))
    crown = Polygon(g.pts((22, 64), (20, 33), (36, 48), (50, 24), (64, 48), (80, 33), (78, 64)), gold)
    band = Rect(*g.p(22, 64), g.n(56), g.n(12), gold, rx=g.n(2))
    jewels = tuple(Circle(*g.p(u, v), g.n(4.5), Style(fill="#ffffff", stroke=INK, stroke_width=g.line_width(1.2)))
                   for u, v in ((20, 31), (50, 21), (80, 31)))
    gem = Circle(*g.p(50, 70), g.n(3.5), Style(fill=KING))
    return (_disc(g, KING), crown, band, gem, *jewels)


def icon_sphinx(x: float, y: float, size_mm: float) -> tuple[Element, ...]:
    """The Sphinx: a striped royal headdress framing a face, on a dark teal disc."""
    g = _Grid(x, y, size_mm)
    line = g.line_width(2.0)
    hood = Path((("M", *g.p(30, 48)), ("Q", *g.p(30, 16), *g.p(50, 16)), ("Q", *g.p(70, 16), *g.p(70, 48)),
                 ("L", *g.p(80, 84)), ("L", *g.p(20, 84)), ("Z",)),
                Style(fill=SPHINX_GOLD, stroke=INK, stroke_width=line))
    stripes = tuple(Line(*g.p(u0, v), *g.p(u1, v), Style(stroke=SPHINX_STRIPE, stroke_width=g.line_width(3.0)))
                    for u0, u1, v in ((30.5, 69.5, 52), (26.5, 73.5, 64), (22.8, 77.2, 76)))
    face = Path((("M", *g.p(39, 36)), ("Q", *g.p(50, 30), *g.p(61, 36)), ("L", *g.p(60, 60)),
                 ("Q", *g.p(50, 76), *g.p(40, 60)), ("Z",)),
                Style(fill=SPHINX_FACE, stroke=INK, stroke_width=line))
    eyes = tuple(Line(*g.p(u - 4, 47), *g.p(u + 4, 47), Style(stroke=INK, stroke_width=g.line_width(2.5)))
                 for u in (45, 55))
    brow = Line(*g.p(37, 34), *g.p(63, 34), Style(stroke=SPHINX_STRIPE, stroke_width=g.line_width(3.0)))
    return (_disc(g, SPHINX), hood, *stripes, face, *eyes, brow)


# -- tokens ----------------------------------------------------------------------------


def icon_blessing(x: float, y: float, size_mm: float) -> tuple[Element, ...]:
    """A blessing token: a green hexagon with a white olive sprig."""
    g = _Grid(x, y, size_mm)
    hexagon = Polygon(g.pts(*((50 + 46 * math.cos(math.pi / 3 * i - math.pi / 2),
                               50 + 46 * math.sin(math.pi / 3 * i - math.pi / 2)) for i in range(6))),
                      Style(fill=BLESSING, stroke=INK, stroke_width=g.line_width(3.0)))
    stem = Path((("M", *g.p(44, 84)), ("Q", *g.p(56, 52), *g.p(50, 20))),
                Style(stroke="#ffffff", stroke_width=g.line_width(3.5)))
    leaves = (
        _leaf(g, (50, 34), (36, 24), 6), _leaf(g, (51, 34), (65, 25), 6),
        _leaf(g, (52, 50), (36, 42), 6), _leaf(g, (52, 50), (68, 42), 6),
        _leaf(g, (49, 66), (34, 60), 6), _leaf(g, (50, 66), (66, 60), 6),
        _leaf(g, (50, 22), (50, 10), 5),
    )
    return (hexagon, stem, *leaves)


def _coin_levels(g: _Grid, levels: Sequence[int], ink: str) -> tuple[Element, ...]:
    """The levels a coin shows, side by side: digits, and a small dome for 4."""
    items = sorted(set(levels))
    if not items:
        return (_star(g, 50, 50, 16, 7, 4, Style(fill=ink)),)
    n = len(items)
    pitch = min(34.0, 68.0 / n)
    size = 48.0 if n == 1 else min(40.0, pitch * 1.15)
    parts: list[Element] = []
    for i, level in enumerate(items):
        cu = 50 + (i - (n - 1) / 2) * pitch
        if level == 4:
            r = size * 0.42
            cx, cy = g.p(cu, 50 + r * 0.45)
            rr, k = g.n(r), 0.5523 * g.n(r)
            parts.append(Path((("M", cx - rr, cy), ("C", cx - rr, cy - k, cx - k, cy - rr, cx, cy - rr),
                               ("C", cx + k, cy - rr, cx + rr, cy - k, cx + rr, cy), ("Z",)),
                              Style(fill=DOME, stroke=ink, stroke_width=g.line_width(1.5))))
        else:
            parts.extend(icon_label(*g.p(cu, 50), str(level), g.n(size), fill=ink))
    return tuple(parts)


def icon_coin(x: float, y: float, size_mm: float, *, colour: str = "silver",
              levels: Sequence[int] = ()) -> tuple[Element, ...]:
    """A silver or gold coin showing the levels that collect it (4 = the dome)."""
    if colour not in ("silver", "gold"):
        raise ValueError(f"a coin is silver or gold, got {colour!r}")
    fill, dark = (SILVER, SILVER_DARK) if colour == "silver" else (GOLD, GOLD_DARK)
    g = _Grid(x, y, size_mm)
    rim = Circle(*g.p(50, 50), g.n(45), Style(fill=fill, stroke=INK, stroke_width=g.line_width(3.0)))
    # A dashed ring reads as the milled edge of a coin.
    milled = Circle(*g.p(50, 50), g.n(38), Style(stroke=dark, stroke_width=g.line_width(3.0),
                                                  dash=(g.n(3), g.n(3))))
    return (rim, milled, *_coin_levels(g, levels, INK))


# -- map marks -------------------------------------------------------------------------


def arrow_shape(x1: float, y1: float, x2: float, y2: float, width: float, head: float,
                style: Style, both: bool = False) -> Polygon:
    """An arrow from (x1, y1) to (x2, y2) as one outline: a shaft ``width`` wide and a
    head ``head`` long (and wide, twice the shaft at least); ``both`` puts a head on each end.

    >>> len(arrow_shape(0, 0, 10, 0, 1, 3, Style()).points), len(arrow_shape(0, 0, 10, 0, 1, 3, Style(), True).points)
    (7, 10)
    """
    length = math.hypot(x2 - x1, y2 - y1)
    if length == 0:
        return Polygon(((x1, y1),), style)
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    nx, ny = -uy, ux
    head = min(head, length / (2 if both else 1))
    half = width / 2
    wing = max(head * 0.55, width)

    def at(t: float, side: float) -> tuple[float, float]:
        return (x1 + ux * t + nx * side, y1 + uy * t + ny * side)

    end = length - head
    start = head if both else 0.0
    pts = [at(start, half), at(end, half), at(end, wing), at(length, 0.0), at(end, -wing),
           at(end, -half), at(start, -half)]
    if both:
        pts += [at(start, -wing), at(0.0, 0.0), at(start, wing)]
    return Polygon(tuple(pts), style)


def icon_bridge(x: float, y: float, size_mm: float) -> tuple[Element, ...]:
    """A bridge: a wooden two-headed arrow across the sea."""
    g = _Grid(x, y, size_mm)
    sea = Rect(*g.p(4, 22), g.n(92), g.n(56), Style(fill=SEA), rx=g.n(6))
    waves = _waves(g, 4, 22, 92, 56)
    plank = arrow_shape(*g.p(8, 50), *g.p(92, 50), g.n(16), g.n(22),
                        Style(fill=WOOD, stroke=INK, stroke_width=g.line_width(2.5)), both=True)
    return (sea, *waves, plank)


def _waves(g: _Grid, u: float, v: float, w: float, h: float) -> tuple[Element, ...]:
    style = Style(stroke=SEA_LINE, stroke_width=g.line_width(3.0))
    out: list[Element] = []
    for fu, fv in ((0.18, 0.3), (0.52, 0.62), (0.12, 0.82)):
        su, sv = u + w * fu, v + h * fv
        step = w * 0.1
        out.append(Path((("M", *g.p(su, sv)), ("Q", *g.p(su + step / 2, sv - step * 0.5), *g.p(su + step, sv)),
                         ("Q", *g.p(su + step * 1.5, sv + step * 0.5), *g.p(su + step * 2, sv))), style))
    return tuple(out)


def icon_sea(x: float, y: float, size_mm: float) -> tuple[Element, ...]:
    """Sea: not part of the board."""
    g = _Grid(x, y, size_mm)
    return (Rect(*g.p(4, 4), g.n(92), g.n(92), Style(fill=SEA, stroke=INK, stroke_width=g.line_width(1.5))),
            *_waves(g, 4, 4, 92, 92))


def icon_feature(x: float, y: float, size_mm: float) -> tuple[Element, ...]:
    """A unique map feature: a white star on a purple disc (its text is in the riddle)."""
    g = _Grid(x, y, size_mm)
    return (_disc(g, FEATURE, r=45, units=3.0),
            _star(g, 50, 52, 32, 13, 5, Style(fill="#ffffff")))


def icon_move(x: float, y: float, size_mm: float) -> tuple[Element, ...]:
    """A worker's move in a solution: a red arrow with a white halo."""
    g = _Grid(x, y, size_mm)
    halo = arrow_shape(*g.p(10, 62), *g.p(90, 38), g.n(12), g.n(30),
                       Style(fill="#ffffff", stroke="#ffffff", stroke_width=g.line_width(8.0)))
    arrow = arrow_shape(*g.p(10, 62), *g.p(90, 38), g.n(12), g.n(30), Style(fill=MOVE))
    return (halo, arrow)


def icon_build(x: float, y: float, size_mm: float) -> tuple[Element, ...]:
    """A build in a solution: an orange frame around the space built on."""
    g = _Grid(x, y, size_mm)
    cell = Rect(*g.p(10, 10), g.n(80), g.n(80), Style(fill=LAND))
    frame = Rect(*g.p(14, 14), g.n(72), g.n(72), Style(stroke=BUILD, stroke_width=g.line_width(8.0)),
                 rx=g.n(6))
    plus = Polygon(g.pts((44, 28), (56, 28), (56, 44), (72, 44), (72, 56), (56, 56), (56, 72), (44, 72),
                         (44, 56), (28, 56), (28, 44), (44, 44)), Style(fill=BUILD))
    return (cell, frame, plus)


# -- god types -------------------------------------------------------------------------


def icon_mover(x: float, y: float, size_mm: float) -> tuple[Element, ...]:
    """A mover god: a double chevron."""
    g = _Grid(x, y, size_mm)
    white = Style(fill="#ffffff")
    chevrons = tuple(Polygon(g.pts((u, 28), (u + 14, 28), (u + 36, 50), (u + 14, 72), (u, 72), (u + 22, 50)), white)
                     for u in (22, 44))
    return (_disc(g, GOD_TYPES["mover"]), *chevrons)


def icon_builder(x: float, y: float, size_mm: float) -> tuple[Element, ...]:
    """A builder god: a mason's hammer, tilted as if striking."""
    g = _Grid(x, y, size_mm)
    white = Style(fill="#ffffff")
    # Drawn about the disc's centre, then tilted; design units relative to the centre.
    k = g.k
    handle = Polygon(tuple((u * k, v * k) for u, v in ((-5, -8), (5, -8), (6, 34), (-6, 34))), white)
    head = Polygon(tuple((u * k, v * k) for u, v in ((-30, -30), (-12, -30), (-12, -26), (24, -24),
                                                     (30, -20), (24, -16), (-12, -14), (-12, -8),
                                                     (-30, -8))), white)
    return (_disc(g, GOD_TYPES["builder"]), Group((handle, head), translate=g.p(50, 52), rotate=-30.0))


def icon_specialist(x: float, y: float, size_mm: float) -> tuple[Element, ...]:
    """A specialist god: an open eye."""
    g = _Grid(x, y, size_mm)
    colour = GOD_TYPES["specialist"]
    eye = Path((("M", *g.p(18, 50)), ("Q", *g.p(50, 16), *g.p(82, 50)), ("Q", *g.p(50, 84), *g.p(18, 50)),
                ("Z",)), Style(fill="#ffffff"))
    iris = Circle(*g.p(50, 50), g.n(12), Style(fill=colour))
    pupil = Circle(*g.p(50, 50), g.n(5), Style(fill=INK))
    return (_disc(g, colour), eye, iris, pupil)


# -- the Sphinx's game -----------------------------------------------------------------


def icon_die_face(x: float, y: float, size_mm: float, *, colour: str = "red",
                  letter: str | None = None) -> tuple[Element, ...]:
    """A face of the Sphinx's die: its colour, and the colour's initial for colour-blind eyes
    (``letter``: the initial in the reader's language; default the English name's)."""
    g = _Grid(x, y, size_mm)
    fill = gem_colour(colour)
    face = Rect(*g.p(6, 6), g.n(88), g.n(88), Style(fill=fill, stroke=INK, stroke_width=g.line_width(3.5)),
                rx=g.n(16))
    letter = (letter or colour)[:1].upper()
    return (face, *icon_label(*g.p(50, 50), letter, fitted_size(letter, g.n(50), g.n(60)),
                              fill=_ink_on(fill)))


def icon_gem(x: float, y: float, size_mm: float, *, colour: str = "red") -> tuple[Element, ...]:
    """A gem of the Sphinx's board, cut with facets."""
    g = _Grid(x, y, size_mm)
    fill = gem_colour(colour)
    facet = Style(stroke=INK, stroke_width=g.line_width(1.5))
    body = Polygon(g.pts((8, 38), (28, 14), (72, 14), (92, 38), (50, 90)),
                   Style(fill=fill, stroke=INK, stroke_width=g.line_width(3.0)))
    lines = (
        Line(*g.p(8, 38), *g.p(92, 38), facet),
        Line(*g.p(28, 14), *g.p(38, 38), facet), Line(*g.p(50, 14), *g.p(38, 38), facet),
        Line(*g.p(50, 14), *g.p(62, 38), facet), Line(*g.p(72, 14), *g.p(62, 38), facet),
        Line(*g.p(38, 38), *g.p(50, 90), facet), Line(*g.p(62, 38), *g.p(50, 90), facet),
    )
    shine = Polygon(g.pts((30, 19), (40, 19), (33, 33)), Style(fill="#ffffff", opacity=0.7))
    return (body, *lines, shine)


# -- registry --------------------------------------------------------------------------


def _entry(draw: IconDraw, **options: object) -> IconDraw:
    return functools.partial(draw, **options) if options else draw


def _registry() -> dict[str, tuple[IconDraw, str]]:
    out: dict[str, tuple[IconDraw, str]] = {}
    for level in (1, 2, 3):
        out[f"level-{level}"] = (_entry(icon_block, level=level), f"Level-{level} block")
    out["dome"] = (icon_dome, "Dome")
    for height in (1, 2, 3, 4):
        out[f"tower-{height}"] = (_entry(icon_tower, height=height),
                                 "Tower of 4 (domed)" if height == 4 else f"Tower of {height}")
    out["worker"] = (icon_worker, "Worker start")
    for colour in ("white", "blue", "red", "green"):
        out[f"worker-{colour}"] = (_entry(icon_worker, colour=colour), f"{colour.title()} worker")
    out["wanderer"] = (icon_wanderer, "The Wanderer")
    out["king"] = (icon_king, "The King")
    out["sphinx"] = (icon_sphinx, "The Sphinx")
    out["blessing"] = (icon_blessing, "Blessing token")
    for colour in ("silver", "gold"):
        out[f"coin-{colour}"] = (_entry(icon_coin, colour=colour), f"{colour.title()} coin")
        for level in (1, 2, 3, 4):
            what = "dome" if level == 4 else f"level {level}"
            out[f"coin-{colour}-{level}"] = (_entry(icon_coin, colour=colour, levels=(level,)),
                                             f"{colour.title()} coin, {what}")
    out["sea"] = (icon_sea, "Sea")
    out["bridge"] = (icon_bridge, "Bridge")
    out["feature"] = (icon_feature, "Unique feature")
    out["move"] = (icon_move, "Move")
    out["build"] = (icon_build, "Build")
    out["mover"] = (icon_mover, "Mover god")
    out["builder"] = (icon_builder, "Builder god")
    out["specialist"] = (icon_specialist, "Specialist god")
    for colour in DIE_SHOWN:
        out[f"die-{colour}"] = (_entry(icon_die_face, colour=colour), f"Die face, {colour}")
    for colour in DIE_SHOWN:
        out[f"gem-{colour}"] = (_entry(icon_gem, colour=colour), f"Gem, {colour}")
    return out


_ALL = tuple(sorted(_registry().items()))

ICONS: Mapping[str, IconDraw] = MappingProxyType({name: draw for name, (draw, _) in _ALL})
"""Icon name -> ``draw(x, y, size_mm)``; pass as ``fit_text(..., icons=ICONS)``."""

ICON_LABELS: Mapping[str, str] = MappingProxyType({name: label for name, (_, label) in _ALL})
"""Icon name -> what a player calls it."""



def _icons_in(lang: str) -> Mapping[str, IconDraw]:
    letters = {c: gem_initial(c, lang) for c in DIE_SHOWN}
    if all(letter == gem_initial(c, "en") for c, letter in letters.items()):
        return ICONS
    local = dict(ICONS)
    for colour, letter in letters.items():
        local[f"die-{colour}"] = _entry(icon_die_face, colour=colour, letter=letter)
    return MappingProxyType(local)


_ICONS_BY_LANG = MappingProxyType({lang: _icons_in(lang) for lang in LANGUAGES})


def icons_for(lang: str | None) -> Mapping[str, IconDraw]:
    """:data:`ICONS` for text in ``lang``: each die face carries its colour's initial in
    that language, as the stickers and the legend do (a French green face shows V).
    A language the catalogue lacks gets the English initials, like its labels.

    >>> icons_for("en") is ICONS, icons_for(None) is ICONS, icons_for("xx") is ICONS
    (True, True, True)
    >>> [e.text for e in icons_for("fr")["die-green"](0, 0, 5) if hasattr(e, "text")]
    ['V']
    """
    return _ICONS_BY_LANG.get(lang or "en", ICONS)


ICON_GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Pieces", ("level-1", "level-2", "level-3", "dome", "tower-1", "tower-2", "tower-3", "tower-4")),
    ("Figures", ("worker", "worker-white", "worker-blue", "worker-red", "worker-green", "wanderer",
                 "king", "sphinx")),
    ("Tokens and coins", ("blessing", "coin-silver", "coin-silver-1", "coin-silver-2", "coin-silver-3",
                          "coin-silver-4", "coin-gold", "coin-gold-1", "coin-gold-2", "coin-gold-3",
                          "coin-gold-4")),
    ("Map and solutions", ("sea", "bridge", "feature", "move", "build")),
    ("Gods", ("mover", "builder", "specialist")),
    ("The Sphinx's game", tuple(f"die-{c}" for c in DIE_SHOWN) + tuple(f"gem-{c}" for c in DIE_SHOWN)),
)
"""Every icon of :data:`ICONS` once, in legend order, under a heading."""


__all__ = [
    # Re-exported: the palette, the labels inside icons and the bounds, for the modules
    # that import them from here.
    "BLESSING", "BUILD", "Bounds", "DIE_SHOWN", "DOME", "DOME_LIGHT", "FEATURE", "GEM_COLOURS",
    "GEM_FALLBACK", "GHOST", "GOD_TYPES", "GOLD", "GOLD_DARK", "ICONS", "ICON_GROUPS",
    "ICON_LABELS", "INK", "KING", "LAND", "LAND_LINE", "LEVEL_FILLS", "MOVE", "MUTED", "PAPER",
    "SEA", "SEA_LINE", "SILVER", "SILVER_DARK", "SPHINX", "SPHINX_FACE", "SPHINX_GOLD",
    "SPHINX_STRIPE", "WOOD", "WORKER_COLOURS", "arrow_shape", "element_bounds", "fitted_size",
    "gem_colour", "icon_blessing", "icon_block", "icon_bridge", "icon_build", "icon_builder",
    "icon_coin", "icon_die_face", "icon_dome", "icon_feature", "icon_gem", "icon_king",
    "icon_label", "icon_move", "icon_mover", "icon_sea", "icon_specialist", "icon_sphinx",
    "icon_tower", "icon_wanderer", "icon_worker", "icons_for", "label_text",
]
