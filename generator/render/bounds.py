"""Where drawn elements reach: the box a scene's elements stay in, strokes, miter joins,
text ascent and descent, group transforms and clips included: how icons are kept
inside their box, art placed, and drawings tested for overflow.
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from .fonts import ASCENT, measure
from .scene import (
    MM_PER_PT,
    Circle,
    Element,
    Group,
    Image,
    Line,
    Path,
    Polygon,
    Polyline,
    Rect,
    Text,
    TextBlock,
)

DESCENT = 0.24
"""Depth below the baseline as a fraction of the font size (DejaVu)."""
MITER_LIMIT = 4.0
"""The miter limit both backends use (the SVG default; set on every PDF page)."""

Bounds = tuple[float, float, float, float]
"""(left, top, right, bottom) in mm."""

# -- bounds ----------------------------------------------------------------------------


def _merge(a: Bounds | None, b: Bounds | None) -> Bounds | None:
    if a is None:
        return b
    if b is None:
        return a
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))


def _points_bounds(points: Iterable[tuple[float, float]], pad: float) -> Bounds | None:
    pts = list(points)
    if not pts:
        return None
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)


def _miter_tip(p: tuple[float, float], back: tuple[float, float], ahead: tuple[float, float],
               half: float) -> tuple[float, float] | None:
    """Where a miter join at ``p`` reaches, between the directions ``back`` (towards the
    previous point) and ``ahead`` (towards the next); None for a bevel or no corner."""
    la, lb = math.hypot(*back), math.hypot(*ahead)
    if la == 0 or lb == 0:
        return None
    ax, ay, bx, by = back[0] / la, back[1] / la, ahead[0] / lb, ahead[1] / lb
    theta = math.acos(max(-1.0, min(1.0, ax * bx + ay * by)))
    if theta < 1e-9:
        return None
    ratio = 1 / math.sin(theta / 2)
    mx, my = -(ax + bx), -(ay + by)
    lm = math.hypot(mx, my)
    if ratio > MITER_LIMIT or lm < 1e-12:
        return None  # beveled (or straight on): within half the width of the corner
    return (p[0] + mx / lm * half * ratio, p[1] + my / lm * half * ratio)


def _miter_points(points: Sequence[tuple[float, float]], half: float, closed: bool
                  ) -> list[tuple[float, float]]:
    """Where a stroke of half-width ``half`` reaches at each corner (miter joins, limit 4)."""
    out: list[tuple[float, float]] = []
    n = len(points)
    for i in range(n):
        if not closed and (i == 0 or i == n - 1):
            continue
        p, a, b = points[i], points[i - 1], points[(i + 1) % n]
        tip = _miter_tip(p, (a[0] - p[0], a[1] - p[1]), (b[0] - p[0], b[1] - p[1]), half)
        if tip is not None:
            out.append(tip)
    return out


def _path_miters(path: Path, half: float) -> list[tuple[float, float]]:
    """Miter tips at the joins of a path, from the tangents of the segments meeting there."""
    # Per segment: (start point, start tangent, end point, end tangent).
    subpaths: list[tuple[list[tuple[tuple[float, float], tuple[float, float],
                                    tuple[float, float], tuple[float, float]]], bool]] = []
    cur = start = (0.0, 0.0)
    for cmd in path.commands:
        op, v = cmd[0], [float(a) for a in cmd[1:]]
        if op == "M":
            subpaths.append(([], False))
            cur = start = (v[0], v[1])
            continue
        if op == "Z":
            if cur != start:
                subpaths[-1][0].append((cur, (start[0] - cur[0], start[1] - cur[1]), start,
                                        (start[0] - cur[0], start[1] - cur[1])))
            subpaths[-1] = (subpaths[-1][0], True)
            cur = start
            continue
        end = (v[-2], v[-1])
        ctrl = [(v[i], v[i + 1]) for i in range(0, len(v) - 2, 2)]
        first = next((c for c in (*ctrl, end) if c != cur), end)
        last = next((c for c in (*reversed(ctrl), cur) if c != end), cur)
        subpaths[-1][0].append((cur, (first[0] - cur[0], first[1] - cur[1]), end,
                                (end[0] - last[0], end[1] - last[1])))
        cur = end
    out: list[tuple[float, float]] = []
    for segments, closed in subpaths:
        pairs = list(zip(segments, segments[1:]))
        if closed and len(segments) > 1:
            pairs.append((segments[-1], segments[0]))
        for before, after in pairs:
            tip = _miter_tip(before[2], (-before[3][0], -before[3][1]), after[1], half)
            if tip is not None:
                out.append(tip)
    return out


def _transform(b: Bounds, g: Group) -> Bounds:
    corners = [(b[0], b[1]), (b[2], b[1]), (b[0], b[3]), (b[2], b[3])]
    a = math.radians(g.rotate)
    ca, sa = math.cos(a), math.sin(a)
    moved = [(g.translate[0] + g.scale * (x * ca - y * sa), g.translate[1] + g.scale * (x * sa + y * ca))
             for x, y in corners]
    out = _points_bounds(moved, 0.0)
    assert out is not None
    return out


def element_bounds(elements: Iterable[Element]) -> Bounds | None:
    """The box (left, top, right, bottom) that everything drawn by ``elements`` stays in.

    Strokes count (half their width, more at sharp miter joins); text counts
    from its ascent to its descent; curves count by their control points, which
    enclose them. None when nothing is drawn.

    >>> from generator.render.scene import Style
    >>> element_bounds([Rect(1, 2, 3, 4, Style(fill="#000000"))])
    (1.0, 2.0, 4.0, 6.0)
    >>> element_bounds([Circle(5, 5, 1, Style(stroke="#000000", stroke_width=0.5))])
    (3.75, 3.75, 6.25, 6.25)
    """
    box: Bounds | None = None
    for el in elements:
        if isinstance(el, Group):
            inner = element_bounds(el.children)
            if inner is not None:
                if el.clip is not None:
                    c = el.clip
                    cx0, cy0, cx1, cy1 = ((c.cx - c.r, c.cy - c.r, c.cx + c.r, c.cy + c.r)
                                          if isinstance(c, Circle) else (c.x, c.y, c.x + c.w, c.y + c.h))
                    inner = (max(inner[0], cx0), max(inner[1], cy0), min(inner[2], cx1),
                             min(inner[3], cy1))
                box = _merge(box, _transform(inner, el))
            continue
        if isinstance(el, TextBlock):
            inner = element_bounds((*el.runs, *el.icons))
            if inner is not None:
                box = _merge(box, (inner[0] + el.x, inner[1] + el.y, inner[2] + el.x, inner[3] + el.y))
            continue
        if isinstance(el, Text):
            if not el.text:
                continue
            em = el.size * MM_PER_PT
            width = measure(el.text, el.font, el.bold, el.italic, el.size)
            left = el.x - {"start": 0.0, "middle": width / 2, "end": width}[el.anchor]
            box = _merge(box, (left, el.y - ASCENT * em, left + width, el.y + DESCENT * em))
            continue
        if isinstance(el, Image):
            box = _merge(box, (el.x, el.y, el.x + el.w, el.y + el.h))
            continue
        style = el.style
        if not (style.fill or style.stroke):
            continue
        half = style.stroke_width / 2 if style.stroke else 0.0
        if isinstance(el, Rect):
            box = _merge(box, (el.x - half, el.y - half, el.x + el.w + half, el.y + el.h + half))
        elif isinstance(el, Circle):
            r = el.r + half
            box = _merge(box, (el.cx - r, el.cy - r, el.cx + r, el.cy + r))
        elif isinstance(el, Line):
            box = _merge(box, _points_bounds(((el.x1, el.y1), (el.x2, el.y2)), half))
        elif isinstance(el, (Polygon, Polyline)):
            pts = list(el.points)
            found = _points_bounds(pts, half)
            if half:
                found = _merge(found, _points_bounds(_miter_points(pts, half, isinstance(el, Polygon)), 0.0))
            box = _merge(box, found)
        elif isinstance(el, Path):
            coords = [(float(c[i]), float(c[i + 1])) for c in el.commands for i in range(1, len(c), 2)]
            found = _points_bounds(coords, half)
            if half:
                found = _merge(found, _points_bounds(_path_miters(el, half), 0.0))
            box = _merge(box, found)
    return box



__all__ = ["Bounds", "DESCENT", "MITER_LIMIT", "element_bounds"]
