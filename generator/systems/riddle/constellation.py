"""The constellation sheet: the tree of gods around Polaris, drawn from :mod:`.sky_layout`.

Each god is a node with its type icon and its name fitted inside (one size for all);
the paths between nodes are rows of diamonds to shade, sized and spaced so they never
touch each other or a node's ring; below the tree, a panel shows each +1 star with its
arrows and the gods they point toward.
"""
from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

from generator.systems.riddle import labels
from generator.render.fonts import measure
from generator.render.icons import (
    GOD_TYPES,
    GOLD,
    GOLD_DARK,
    INK,
    MUTED,
)
from generator.render.scene import Circle, Element, Group, Line, Polygon, Rect, Scene, Style, Text
from generator.systems.riddle.content import RiddleContent
from generator.systems.riddle.sky_layout import SkyLayout, layout_sky
from generator.systems.riddle.typography import (
    ACCENT,
    HEADING_H,
    MARGIN,
    RULE,
    diamond,
    draw_type_icon,
    fitted_text,
    footer,
    heading,
    page,
    write,
)
from generator.systems.riddle.wording import local


def _star(cx: float, cy: float, outer: float, inner: float, points: int, style: Style) -> Polygon:
    corners = []
    for i in range(points * 2):
        r = outer if i % 2 == 0 else inner
        a = math.pi * i / points - math.pi / 2
        corners.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return Polygon(tuple(corners), style)


NODE_NAME_SIZE = 7.5
"""The largest size (pt) of the god names in the constellation's nodes."""
NAME_BASELINE = 0.42
"""A node's name sits on this fraction of its radius below the centre (the icon above it)."""
NODE_RADIUS = 10.5
"""Radius (mm) of a god's node on the constellation sheet."""


def _node_name(content: RiddleContent, node_id: str, god_id: str | None, lang: str | None) -> str:
    god = content.gods.get(god_id) if god_id else None
    return local(god.name, lang) if god else (god_id or node_id)


def _name_room(r: float) -> float:
    """The width (mm) a name may take on the chord of a node of radius ``r``."""
    baseline = r * NAME_BASELINE
    top = baseline - 2.4
    chord = 2 * math.sqrt(max(r * r - max(abs(top), abs(baseline + 0.6)) ** 2, 0.0))
    return chord - 2.0


def node_name_size(names: Sequence[str], r: float) -> float:
    """One size (pt) for every node's name: the largest at which all of them fit, never
    below the 6 pt that prints legibly (a longer name then runs past the chord)."""
    room = _name_room(r)
    size = NODE_NAME_SIZE
    for name in names:
        while size > 6.0 and measure(name, "serif", True, False, size_pt=size) > room:
            size = max(6.0, size - 0.25)
    return size


def _sky_node(content: RiddleContent, node_id: str, god_id: str | None, x: float, y: float,
              r: float, lang: str | None, name_size: float) -> list[Element]:
    god = content.gods.get(god_id) if god_id else None
    colour = GOD_TYPES.get(god.type, MUTED) if god else MUTED
    name = _node_name(content, node_id, god_id, lang)
    out: list[Element] = [Circle(x, y, r, Style(fill="#fbf8f0", stroke=colour, stroke_width=0.8)),
                          Circle(x, y, r - 1.1, Style(stroke=colour, stroke_width=0.25))]
    if god is not None:
        icon = r * 0.78
        out.append(Group(draw_type_icon(god.type, x - icon / 2, y - r * 0.86, icon)))
    out.append(Text(x, y + r * NAME_BASELINE, name, font="serif", size=name_size, fill=INK,
                    anchor="middle", bold=True))
    return out


PATH_DIAMOND = 2.2
"""The largest half-diagonal (mm) of a diamond on a constellation path."""
DIAMOND_GAP = 0.6
"""Room (mm) left between two diamonds' strokes on a path, so each is shaded alone."""


DIAMOND_MIN = 2.0
"""The half-diagonal (mm) below which a straight row of diamonds is too small to shade
(4 mm across): such a path staggers its diamonds on both sides of the line instead."""
DIAMOND_OFFSET = 3.0
"""The furthest (mm) a staggered diamond's centre leaves its path's line."""
DIAMOND_END = 0.4
"""Room (mm) between the end diamonds and the nodes' rings."""


def _diamond_centres(x1: float, y1: float, ux: float, uy: float, start: float, end: float,
                     count: int, r: float, offset: float) -> list[tuple[float, float]]:
    """Centres of ``count`` diamonds of half-diagonal ``r`` spread evenly between
    ``start`` and ``end`` along the path (the end ones ``r`` plus :data:`DIAMOND_END` in),
    every other one ``offset`` mm to the far side of the line."""
    inner = r + DIAMOND_END
    a, b = start + inner, end - inner
    if count == 1 or b <= a:
        ts = [(start + end) / 2] * count
    else:
        ts = [a + (b - a) * k / (count - 1) for k in range(count)]
    return [(x1 + ux * t - uy * offset * (-1) ** k, y1 + uy * t + ux * offset * (-1) ** k)
            for k, t in enumerate(ts)]


def _clear(points: Sequence[tuple[float, float]], r: float) -> bool:
    """Whether diamonds of half-diagonal ``r`` at ``points`` keep clear of each other: two
    diamonds (L1 balls) are apart when their centres' L1 distance exceeds both
    half-diagonals, the gap and the strokes."""
    need = 2 * r + DIAMOND_GAP + 0.4
    return all(abs(p[0] - q[0]) + abs(p[1] - q[1]) >= need - 1e-9
               for p, q in itertools.combinations(points, 2))


def _largest(x1: float, y1: float, ux: float, uy: float, start: float, end: float, count: int,
             offset: float) -> float:
    """The largest half-diagonal (to 0.01 mm, at most :data:`PATH_DIAMOND`) that keeps
    the diamonds clear at ``offset``; 0 when none does. The diamonds get closer as they
    grow (the end ones move in), so clearance is monotone in the size: a bisection."""
    def fits(r: float) -> bool:
        return _clear(_diamond_centres(x1, y1, ux, uy, start, end, count, r, offset), r)

    if fits(PATH_DIAMOND):
        return PATH_DIAMOND
    lo, hi = 0.0, PATH_DIAMOND
    while hi - lo > 0.01:
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if fits(mid) else (lo, mid)
    return lo


def path_diamonds(x1: float, y1: float, x2: float, y2: float, start: float, end: float,
                  count: int) -> list[tuple[float, float, float]]:
    """(cx, cy, r) of ``count`` diamonds spread along a path, none touching another.

    Diamonds are squares turned 45 degrees: two of them keep clear when the
    L1 distance of their centres exceeds the sum of their half-diagonals, so
    the size follows from the spacing along the path and its direction; the end
    ones keep clear of the nodes. When a straight row would make them smaller
    than :data:`DIAMOND_MIN`, they are staggered: every other one moves to the
    far side of the line, by the offset (up to :data:`DIAMOND_OFFSET`) that
    gives the largest diamonds.

    >>> [round(r, 2) for _, _, r in path_diamonds(0, 0, 40, 0, 0, 40, 4)]
    [2.2, 2.2, 2.2, 2.2]
    >>> [(round(y, 2), round(r, 2)) for _, y, r in path_diamonds(0, 0, 14, 0, 0, 14, 3)]
    [(0.5, 2.2), (-0.5, 2.2), (0.5, 2.2)]
    """
    length = math.dist((x1, y1), (x2, y2))
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    best, shift = _largest(x1, y1, ux, uy, start, end, count, 0.0), 0.0
    if best < DIAMOND_MIN and count > 1:
        for tenth in range(1, round(DIAMOND_OFFSET * 10) + 1):
            size = _largest(x1, y1, ux, uy, start, end, count, tenth / 10)
            if size > best + 1e-9:
                best, shift = size, tenth / 10
    return [(x, y, best) for x, y in _diamond_centres(x1, y1, ux, uy, start, end, count, best, shift)]


def _arrow_glyph(x: float, y: float, length: float, colour: str) -> Polygon:
    """A hollow arrow pointing right, to shade."""
    h = length * 0.42
    shaft = h * 0.42
    pts = ((x, y - shaft), (x + length * 0.58, y - shaft), (x + length * 0.58, y - h),
           (x + length, y), (x + length * 0.58, y + h), (x + length * 0.58, y + shaft),
           (x, y + shaft))
    return Polygon(pts, Style(fill="#ffffff", stroke=colour, stroke_width=0.35))


def constellation_page(content: RiddleContent, paper: tuple[float, float], lang: str | None,
                       number: int) -> tuple[Scene, SkyLayout | None]:
    """The constellation tree and its +1 stars."""
    pw, ph = paper
    m = MARGIN
    width = pw - 2 * m
    sky = content.constellation
    title = content.constellation_title or labels.label("r-sky-title", lang)
    parts: list[Element] = [Text(m, m + 8, title, font="serif", size=18, fill=INK, bold=True)]
    intro = labels.label("r-sky-intro", lang)
    para = write(intro, m, m + 12.0, width, 20.0, family="serif", size=9.5, min_size=8.0, lang=lang)
    parts.append(para.block)
    if sky is None:
        parts += footer(pw, ph, content.title, number, labels.label("r-sheet-footer", lang))
        return page(pw, ph, parts, "constellation"), None
    stars = sky.stars
    per_row = 6
    star_rows = math.ceil(len(stars) / per_row) if stars else 0
    star_h = 29.0
    panel_h = (HEADING_H + star_rows * star_h + 2.0) if stars else 0.0
    top = m + 12.0 + para.height + 4.0
    bottom = ph - m - 8.0 - panel_h
    size = min(width, bottom - top)
    cx, cy = pw / 2, top + size / 2
    node_r = NODE_RADIUS
    layout = layout_sky(sky, cx, cy, size / 2 - node_r - 1.0, node_r, 8.5)
    pos = {name: (x, y) for name, x, y in layout.nodes}
    # A faint sky behind the tree.
    parts.append(Circle(cx, cy, size / 2, Style(fill="#eef2f7", stroke=RULE, stroke_width=0.3)))
    for ring_r in sorted({round(math.dist(p, (cx, cy)), 3) for p in pos.values()} - {0.0}):
        parts.append(Circle(cx, cy, ring_r, Style(stroke="#d5dde8", stroke_width=0.25,
                                                  dash=(0.8, 1.6))))
    for a, b, count in layout.paths:
        if a not in pos or b not in pos:
            continue
        (x1, y1), (x2, y2) = pos[a], pos[b]
        length = math.dist(pos[a], pos[b])
        ux, uy = (x2 - x1) / length, (y2 - y1) / length
        start, end = layout.radius(a) + 0.6, length - layout.radius(b) - 0.6
        parts.append(Line(x1 + ux * start, y1 + uy * start, x1 + ux * end, y1 + uy * end,
                          Style(stroke="#7c8aa0", stroke_width=0.45)))
        for dx, dy, r in path_diamonds(x1, y1, x2, y2, start, end, count):
            parts.append(diamond(dx, dy, r, Style(fill="#ffffff", stroke=ACCENT, stroke_width=0.4)))
    gods_of = {n.id: n.god for n in sky.nodes}
    name_size = node_name_size([_node_name(content, name, gods_of.get(name), lang)
                                for name, _, _ in layout.nodes if name != layout.polaris],
                               layout.node_radius)
    for name, x, y in layout.nodes:
        if name == layout.polaris:
            r = layout.polaris_radius
            parts.append(Circle(x, y, r, Style(fill="#1c4a52", stroke=GOLD, stroke_width=0.8)))
            parts.append(_star(x, y - 1.6, 6.2, 2.4, 8, Style(fill=GOLD)))
            parts.append(Text(x, y + r - 2.6, "POLARIS", font="sans", size=6.0, fill="#f6e7b9",
                              anchor="middle", bold=True))
        else:
            parts += _sky_node(content, name, gods_of.get(name), x, y, layout.node_radius, lang,
                               name_size)
    # The +1 stars: each with its three arrows and the gods they point toward.
    if stars:
        y = bottom + 4.0
        parts += heading(m, y, labels.label("h-plus-stars", lang, score=sky.blessing_score), width)
        y += HEADING_H
        toward = {a.id: a.toward for a in sky.arrows}
        cell = width / per_row
        for i, star in enumerate(stars):
            row, col = divmod(i, per_row)
            x0, y0 = m + col * cell, y + row * star_h
            parts.append(Rect(x0 + 0.8, y0, cell - 1.6, star_h - 2.0, Style(fill="#f4f1ea"),
                              rx=1.5))
            parts.append(_star(x0 + 7.0, y0 + 7.0, 5.4, 2.4, 5,
                               Style(fill="#ffffff", stroke=GOLD_DARK, stroke_width=0.45)))
            parts.append(Text(x0 + 7.0, y0 + 8.3, "+1", font="sans", size=6.0, fill=GOLD_DARK,
                              anchor="middle", bold=True))
            parts.append(Text(x0 + 13.5, y0 + 8.0, labels.label("r-star-n", lang, n=i + 1), font="serif", size=7.5,
                              fill=MUTED, italic=True))
            for j, arrow in enumerate(star.arrows):
                node = toward.get(arrow, "")
                god_id = gods_of.get(node)
                god = content.gods.get(god_id) if god_id else None
                label = local(god.name, lang) if god else node
                colour = GOD_TYPES.get(god.type, MUTED) if god else MUTED
                ay = y0 + 15.0 + j * 4.6
                parts.append(_arrow_glyph(x0 + 3.0, ay, 6.5, colour))
                parts.append(fitted_text(x0 + 11.0, ay + 1.2, label, 7.0, cell - 13.0,
                                         font="sans", fill=INK, min_size=6.0))
    parts += footer(pw, ph, content.title, number, labels.label("r-sheet-footer", lang))
    return page(pw, ph, parts, "constellation"), layout


__all__ = [
    "DIAMOND_MIN", "DIAMOND_OFFSET", "PATH_DIAMOND", "constellation_page",
    "path_diamonds",
]
