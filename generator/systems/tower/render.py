"""The drawing pieces of a Santowerini pack's print: palette, text helpers, map pieces.

The pages themselves are in :mod:`.book` (the scenario book), :mod:`.tokens` (the
token sheet) and :mod:`.aid` (the player aid); :mod:`.build` turns a checked pack
into files.

A map is a top-down grid: buildings are nested squares, one per block, with
their height in the middle (a dome is a blue disc on the top block); water is
blue with waves; a target zone is a red bullseye; builders are blue pawns;
enemies are round (female) or square (male), light or dark, each with an arrow
pointing the way it faces. Column letters and row numbers run round the border.

Everything is measured in mm on the paper of ``options.paper`` or the pack's
``print.paper`` (A4 by default); the output is the same bytes on every run.

>>> look = ENEMY_LOOKS["dark-male"]
>>> (look.label, look.round, look.fill == DARK)
('Dark male', False, True)
>>> [face for face, _ in DIE_TABLE][:2]
[1, 2]
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from generator.pack.model import pick_text
from generator.render.fonts import measure
from generator.render.icons import (
    DOME,
    DOME_LIGHT,
    INK,
    LAND,
    LAND_LINE,
    LEVEL_FILLS,
    MUTED,
    PAPER,
    SEA,
    SEA_LINE,
    element_bounds,
    icon_label,
    icon_worker,
    label_text,
)
from generator.systems.tower.labels import label as L
from generator.render.scene import (
    MM_PER_PT,
    Circle,
    Element,
    Group,
    Line,
    Path,
    Polygon,
    Rect,
    Scene,
    Style,
    Text,
    TextBlock,
)
from generator.render.text import fit_text
from generator.systems.tower.model import (
    Scenario,
)
from generator.systems.tower.rules import (
    DOME as DOMED,
)
from generator.systems.tower.rules import (
    ENEMY_TYPES,
    FACINGS,
)

# -- palette (shared with the riddle maps where the thing is the same) --------------------

ACCENT = "#2d5d9f"
"""Headings and frames: the blue of the domes."""
TARGET_FILL = "#f6ddd4"
TARGET_INK = "#b3261e"
"""A target zone: a red bullseye on pale rose."""
ARROW = "#c0392b"
"""Facing arrows and movement arrows."""
LIGHT = "#f1e4c4"
DARK = "#463a36"
CUT = "#8a8a8a"
"""Cut lines on the token sheet."""
RULE = Style(stroke=ACCENT, stroke_width=0.4)
THIN = Style(stroke=INK, stroke_width=0.25)
MARGIN = 16.0
"""Page margin (mm)."""
FOOTER = 9.0
"""Room kept for the footer at the bottom of every page (mm)."""


@dataclass(frozen=True, slots=True)
class EnemyLook:
    """How one enemy type is drawn: light or dark, round (female) or square (male)."""

    label: str
    fill: str
    ink: str
    round: bool
    symbol: str


ENEMY_LOOKS = {
    "light-female": EnemyLook("Light female", LIGHT, INK, True, "\u2640"),
    "dark-male": EnemyLook("Dark male", DARK, PAPER, False, "\u2642"),
    "light-male": EnemyLook("Light male", LIGHT, INK, False, "\u2642"),
    "dark-female": EnemyLook("Dark female", DARK, PAPER, True, "\u2640"),
}
"""The marker of each enemy type (the four are told apart by shape and tone)."""

DIE_TABLE: tuple[tuple[int, str], ...] = (
    (1, "advance 1"),
    (2, "advance 2"),
    (3, "turn clockwise,\nadvance 1"),
    (4, "turn counter-clockwise,\nadvance 1"),
    (5, "advance 1, turn clockwise,\nadvance 1"),
    (6, "advance 1, turn counter-\nclockwise, advance 1"),
)
"""The movement die in words (line breaks for the player aid); the drawings follow
:data:`~.rules.MOVEMENT_TABLE`. Printed pages use its catalogue entries (``t-die-<face>``)."""


def enemy_name(kind: str, lang: str | None) -> str:
    """An enemy type's name in ``lang`` (the kind itself for a type the catalogue lacks)."""
    key = f"t-enemy-{kind}"
    return L(key, lang) if kind in ENEMY_LOOKS else kind


def facing_words(facing: str, lang: str | None) -> tuple[str, str]:
    """A facing letter as (name, letter) in ``lang``: ('west', 'W') or ("l'ouest", 'O')."""
    letter = "O" if facing == "W" and lang == "fr" else facing
    return L(f"t-facing-{facing}", lang), letter


# -- small helpers --------------------------------------------------------------------------


def escape_markup(text: str) -> str:
    r"""User text made literal for :func:`fit_text` (which reads ``*``, ``:`` and ``\``).

    >>> escape_markup("5 * 3: ok")
    '5 \\* 3\\: ok'
    """
    return text.replace("\\", "\\\\").replace("*", "\\*").replace(":", "\\:")


def text_height(lines: int, size: float, leading: float) -> float:
    """The height (mm) of ``lines`` lines of ``size`` pt text."""
    return lines * size * MM_PER_PT * leading


def write_paragraph(markup: str, x: float, y: float, width: float, max_height: float, *,
                    size: float = 10.0, min_size: float = 7.5, family: str = "serif",
                    leading: float = 1.3, fill: str = INK, align: str = "left"
                    ) -> tuple[list[Element], float]:
    """Text fitted into a box at (x, y); returns its elements and the height it uses.

    A box with no room left (``max_height`` <= 0: the page is full) gets the text at
    ``min_size`` running past it, for :func:`page_overflow` to find, never an error;
    so does a box too small for its text, for :func:`overfull_boxes` to find.
    """
    max_height = max(max_height, 0.0)
    fit = fit_text(markup, width, max_height, family=family, max_size=size, min_size=min_size,
                   leading=leading, fill=fill, align=align)
    used = min(max_height, text_height(fit.lines, fit.size, leading)) if fit.fits else max_height
    return [fit.block.at(x, y)], used


def draw_label(x: float, y: float, text: str, size: float = 9.0, *, bold: bool = False,
               fill: str = INK, anchor: str = "start", font: str = "sans",
               italic: bool = False) -> Text:
    return Text(x, y, text, font=font, size=size, fill=fill, anchor=anchor, bold=bold,
                italic=italic)


def fit_label(x: float, y: float, text: str, size: float, max_width: float, *,
              min_size: float = 6.0, bold: bool = False, fill: str = INK, anchor: str = "start",
              font: str = "sans", italic: bool = False) -> Text:
    """A one-line label shrunk to fit ``max_width`` mm; cut short with an ellipsis when it
    would have to go below ``min_size`` pt.

    >>> fit_label(0, 0, "A title far too long for its box", 20, 30, min_size=12).text[-1]
    '\u2026'
    """
    width = _width_of(text, size, font, bold, italic)
    if width > max_width:
        size = max(min_size, size * max_width / width)
        while len(text) > 1 and _width_of(text, size, font, bold, italic) > max_width:
            text = text[:-2].rstrip() + "\u2026"
    return draw_label(x, y, text, size, bold=bold, fill=fill, anchor=anchor, font=font,
                      italic=italic)


def draw_heading(x: float, y: float, text: str, width: float) -> list[Element]:
    """A section heading in small capitals with a rule under it (shrunk to ``width``)."""
    return [fit_label(x, y, text.upper(), 9.5, width, min_size=7.0, bold=True, fill=ACCENT),
            Line(x, y + 1.6, x + width, y + 1.6, RULE)]


def range_text(lo: int, hi: int | None) -> str:
    """A points range: ``10-19`` or ``50+``."""
    return f"{lo}+" if hi is None else f"{lo}\u2013{hi}"


def text_of(value: Any, lang: str | None) -> str:
    """A localized field, frozen (sorted pairs) or as written."""
    if isinstance(value, tuple):
        return pick_text(dict(value), lang)
    return pick_text(value, lang)


# -- map pieces ------------------------------------------------------------------------------


def draw_waves(x: float, y: float, size: float) -> list[Element]:
    style = Style(stroke=SEA_LINE, stroke_width=max(0.25, size * 0.03))
    out: list[Element] = []
    for fu, fv in ((0.14, 0.3), (0.46, 0.56), (0.2, 0.8)):
        sx, sy = x + size * fu, y + size * fv
        step = size * 0.11
        out.append(Path((("M", sx, sy), ("Q", sx + step / 2, sy - step * 0.5, sx + step, sy),
                         ("Q", sx + step * 1.5, sy + step * 0.5, sx + step * 2, sy),
                         ("Q", sx + step * 2.5, sy - step * 0.5, sx + step * 3, sy)), style))
    return out


def draw_target(x: float, y: float, size: float) -> list[Element]:
    """A target zone's bullseye, centred in its cell."""
    cx, cy = x + size / 2, y + size / 2
    ring = Style(stroke=TARGET_INK, stroke_width=max(0.3, size * 0.045))
    return [Circle(cx, cy, size * 0.34, ring), Circle(cx, cy, size * 0.2, ring),
            Circle(cx, cy, size * 0.07, Style(fill=TARGET_INK))]


def draw_building(x: float, y: float, size: float, height: int, *, numeral: bool = True
                  ) -> list[Element]:
    """A building seen from above: one nested square per block, a dome as a blue disc.

    The height is written in the middle (``numeral``), or left for a badge when
    a pawn stands on the building.
    """
    out: list[Element] = []
    pen = max(0.2, size * 0.014)
    for level in range(1, min(height, 3) + 1):
        inset = size * (0.06 + 0.105 * (level - 1))
        out.append(Rect(x + inset, y + inset, size - 2 * inset, size - 2 * inset,
                        Style(fill=LEVEL_FILLS[level - 1], stroke=INK, stroke_width=pen),
                        rx=size * 0.02))
    cx, cy = x + size / 2, y + size / 2
    if height == DOMED:
        r = size * 0.2
        out.append(Circle(cx, cy, r, Style(fill=DOME, stroke=INK, stroke_width=pen)))
        k = 0.5523 * r * 0.7
        out.append(Path((("M", cx - r * 0.7, cy), ("C", cx - r * 0.7, cy - k, cx - k, cy - r * 0.7,
                                                  cx, cy - r * 0.7)),
                        Style(stroke=DOME_LIGHT, stroke_width=max(0.25, size * 0.025))))
    if numeral:  # never printed below 6 pt (see icon_label)
        ink = PAPER if height == DOMED else INK
        out.extend(icon_label(cx, cy, str(height), size * (0.2 if height == DOMED else 0.26),
                              fill=ink))
    return out


def draw_badge(x: float, y: float, size: float, height: int) -> list[Element]:
    """A building's height in a small disc at the top-left of its cell (under a pawn)."""
    cx, cy, r = x + size * 0.17, y + size * 0.17, size * 0.115
    fill = DOME if height == DOMED else PAPER
    return [Circle(cx, cy, r, Style(fill=fill, stroke=INK, stroke_width=max(0.2, size * 0.012))),
            *icon_label(cx, cy, str(height), r * 1.25, fill=PAPER if height == DOMED else INK)]


def draw_enemy(cx: float, cy: float, size: float, kind: str, facing: int) -> list[Element]:
    """An enemy marker centred on (cx, cy), ``size`` across, with its facing arrow.

    The arrow sticks out of the marker towards the facing (0 N, 1 E, 2 S, 3 W),
    so the marker reads the same whichever way the map is held.
    """
    look = ENEMY_LOOKS[kind]
    dx, dy = ((0.0, -1.0), (1.0, 0.0), (0.0, 1.0), (-1.0, 0.0))[facing]
    nx, ny = -dy, dx
    half = size / 2
    tip = (cx + dx * half, cy + dy * half)
    base = half * 0.3
    wing = half * 0.5
    arrow = Polygon(((cx + dx * base + nx * wing, cy + dy * base + ny * wing), tip,
                     (cx + dx * base - nx * wing, cy + dy * base - ny * wing)),
                    Style(fill=ARROW, stroke=INK, stroke_width=max(0.15, size * 0.02)))
    body_style = Style(fill=look.fill, stroke=INK, stroke_width=max(0.2, size * 0.03))
    r = half * 0.62
    body: Element
    if look.round:
        body = Circle(cx, cy, r, body_style)
    else:
        side = r * 1.8
        body = Rect(cx - side / 2, cy - side / 2, side, side, body_style, rx=side * 0.18)
    # A small marker's sign is raised to 6 pt (or left out when far too small to carry it).
    symbol = icon_label(cx, cy - size * 0.015, look.symbol, size * 0.36, fill=look.ink, bold=False)
    return [arrow, body, *symbol]


def draw_builder(x: float, y: float, size: float) -> list[Element]:
    """A builder: a blue pawn on a disc (the player's colour)."""
    return list(icon_worker(x, y, size, colour="blue"))


@dataclass(frozen=True, slots=True)
class MapGeometry:
    """Where a map's cells go: top-left of cell A1, cell size and border width (mm)."""

    x: float
    y: float
    cell: float
    border: float
    width: int
    height: int

    @property
    def total_width(self) -> float:
        return self.width * self.cell + 2 * self.border

    @property
    def total_height(self) -> float:
        return self.height * self.cell + 2 * self.border


def map_geometry(scenario: Scenario, x: float, y: float, max_w: float, max_h: float,
                 max_cell: float = 26.0) -> MapGeometry:
    """The largest map (cell at most ``max_cell``) that fits the box, centred in its width."""
    w, h = scenario.width, scenario.height
    cell = min(max_cell, max_w / (w + 0.8), max_h / (h + 0.8))
    border = max(4.0, cell * 0.4)
    cell = min(cell, (max_w - 2 * border) / w, (max_h - 2 * border) / h)
    total_w = w * cell + 2 * border
    return MapGeometry(x + (max_w - total_w) / 2 + border, y + border, cell, border, w, h)


def draw_map(scenario: Scenario, geo: MapGeometry, enemy_order: Sequence[str] = ENEMY_TYPES
             ) -> list[Element]:
    """The map of a scenario at set-up, with coordinates on its border."""
    s, c = scenario, geo.cell
    out: list[Element] = [Rect(geo.x - geo.border, geo.y - geo.border, geo.total_width,
                               geo.total_height, Style(fill=PAPER, stroke=INK, stroke_width=0.5),
                               rx=1.5)]
    cells: list[Element] = []
    pawns: dict[int, list[Element]] = {}
    for n, sq in enumerate(s.builders):
        row, col = divmod(sq, s.width)
        pad = c * (0.2 if s.levels[sq] else 0.1)
        pawns[sq] = [Group(tuple(draw_builder(geo.x + col * c + pad, geo.y + row * c + pad,
                                              c - 2 * pad)), id=f"builder-{n + 1}")]
    order = {t: i for i, t in enumerate(enemy_order)}
    for e in sorted(s.enemies, key=lambda e: order.get(e.type, len(order))):
        row, col = divmod(e.square, s.width)
        size = c * (0.74 if s.levels[e.square] else 0.86)
        facing = max(e.facing, 0)
        pawns[e.square] = [Group(tuple(draw_enemy(geo.x + (col + 0.5) * c, geo.y + (row + 0.5) * c,
                                                  size, e.type, facing)),
                                 id=f"enemy-{e.type}-{FACINGS[facing]}")]
    for sq in range(s.width * s.height):
        row, col = divmod(sq, s.width)
        x, y = geo.x + col * c, geo.y + row * c
        fill = SEA if s.water[sq] else TARGET_FILL if s.targets[sq] else LAND
        cells.append(Rect(x, y, c, c, Style(fill=fill, stroke=LAND_LINE, stroke_width=0.3)))
        if s.water[sq]:
            cells.extend(draw_waves(x, y, c))
        if s.targets[sq]:
            cells.extend(draw_target(x, y, c))
        level = s.levels[sq]
        if level:
            cells.extend(draw_building(x, y, c, level, numeral=sq not in pawns))
        if sq in pawns:
            cells.extend(pawns[sq])
            if level:
                cells.extend(draw_badge(x, y, c, level))
    out.append(Group(tuple(cells), id="cells"))
    out.append(Rect(geo.x, geo.y, s.width * c, s.height * c, Style(stroke=INK, stroke_width=0.45)))
    size = min(geo.border * 0.62, 9.0) / MM_PER_PT
    for col in range(s.width):
        letter = "ABCDEFGH"[col]
        x = geo.x + (col + 0.5) * c
        for y in (geo.y - geo.border / 2, geo.y + s.height * c + geo.border / 2):
            out.append(label_text(x, y, letter, size * MM_PER_PT, fill=MUTED))
    for row in range(s.height):
        y = geo.y + (row + 0.5) * c
        for x in (geo.x - geo.border / 2, geo.x + s.width * c + geo.border / 2):
            out.append(label_text(x, y, str(row + 1), size * MM_PER_PT, fill=MUTED))
    return out


def map_scene(scenario: Scenario, enemy_order: Sequence[str] = ENEMY_TYPES,
              cell: float = 24.0) -> Scene:
    """A scenario's map alone (for ``maps/<id>.svg``)."""
    border = max(4.0, cell * 0.4)
    pad = 1.0  # so the frame's stroke is not cut by the edge of the drawing
    w = scenario.width * cell + 2 * (border + pad)
    h = scenario.height * cell + 2 * (border + pad)
    geo = MapGeometry(border + pad, border + pad, cell, border, scenario.width, scenario.height)
    return Scene(w, h, tuple(draw_map(scenario, geo, enemy_order)), id=f"map-{scenario.id}")


def draw_compass(cx: float, cy: float, size: float, lang: str | None = None) -> list[Element]:
    """A north arrow: the facings N, E, S and W as the maps use them."""
    r = size / 2
    out: list[Element] = [Circle(cx, cy, r * 0.62, Style(stroke=MUTED, stroke_width=0.25))]
    out.append(Polygon(((cx, cy - r * 0.62), (cx + r * 0.18, cy), (cx - r * 0.18, cy)),
                       Style(fill=INK)))
    out.append(Polygon(((cx, cy + r * 0.62), (cx + r * 0.18, cy), (cx - r * 0.18, cy)),
                       Style(fill=PAPER, stroke=INK, stroke_width=0.2)))
    t = r * 0.36
    for facing, (dx, dy) in zip("NESW", ((0, -1), (1, 0), (0, 1), (-1, 0))):
        letter = facing_words(facing, lang)[1]
        out.append(label_text(cx + dx * r * 0.86, cy + dy * r * 0.86, letter, t,
                              fill=INK if letter == "N" else MUTED))
    return out



NARROW_WIDTH = 140.0
"""Below this text width (mm: an A5 or half-letter page) the book pages use their narrow layouts."""
FRAME_ELEMENTS = 4
"""How many elements :func:`draw_page` puts before a page's own drawing."""
OVERFLOW_TOLERANCE = 0.5  # mm: a descender or a stroke may touch the margin


def draw_page(pw: float, ph: float, parts: list[Element], page_id: str, footer: str,
              number: int) -> Scene:
    """A page with the shared footer (a rule, the book's name, the page number): the
    first :data:`FRAME_ELEMENTS` children, then ``parts``."""
    y = ph - MARGIN + 2
    frame: list[Element] = [Rect(0, 0, pw, ph, Style(fill=PAPER)),
                            Line(MARGIN, y - 4.5, pw - MARGIN, y - 4.5, RULE),
                            fit_label(MARGIN, y, footer, 7.5, pw - 2 * MARGIN - 12, fill=MUTED,
                                      italic=True),
                            draw_label(pw - MARGIN, y, str(number), 7.5, fill=MUTED, anchor="end")]
    return Scene(pw, ph, tuple(frame + parts), id=page_id)


def page_overflow(page: Scene) -> tuple[float, float]:
    """How far (mm) what a page function drew on a :func:`draw_page` page runs below its
    content area (the footer's room) and past its right margin; (0, 0) when it fits.

    >>> page_overflow(draw_page(100, 100, [Rect(20, 20, 10, 10, Style(fill=INK))], "p", "", 1))
    (0.0, 0.0)
    >>> page_overflow(draw_page(100, 100, [Rect(20, 60, 70, 30, Style(fill=INK))], "p", "", 1))
    (15.0, 6.0)
    """
    box = element_bounds(page.children[FRAME_ELEMENTS:])
    if box is None:
        return 0.0, 0.0
    below = box[3] - (page.height - MARGIN - FOOTER)
    beyond = box[2] - (page.width - MARGIN)
    return (round(below, 3) if below > OVERFLOW_TOLERANCE else 0.0,
            round(beyond, 3) if beyond > OVERFLOW_TOLERANCE else 0.0)


def overfull_boxes(page: Scene) -> list[tuple[float, str]]:
    """The text boxes of a :func:`draw_page` page whose text runs on past the box's
    bottom into what is drawn under it: how far (mm) and the text's first words. A box
    that reaches the content area's bottom is left out (:func:`page_overflow` measures
    that one).

    >>> long = write_paragraph("word " * 20, 16, 20, 30, 10, min_size=9)[0]
    >>> [(round(mm), words) for mm, words in overfull_boxes(draw_page(100, 100, long, "p", "", 1))]
    [(18, 'word word word word word')]
    """
    limit = page.height - MARGIN - FOOTER
    out: list[tuple[float, str]] = []
    for block in _text_blocks(page.children[FRAME_ELEMENTS:]):
        bottom = block.y + block.height
        drawn = element_bounds([block])
        if drawn is None or bottom >= limit - OVERFLOW_TOLERANCE:
            continue
        if drawn[3] - bottom > OVERFLOW_TOLERANCE:
            words = " ".join(" ".join(run.text for run in block.runs).split()[:5])
            out.append((round(drawn[3] - bottom, 3), words))
    return out


def _text_blocks(elements: Sequence[Element]) -> list[TextBlock]:
    """The text blocks among ``elements`` and in their untransformed groups."""
    out: list[TextBlock] = []
    for el in elements:
        if isinstance(el, TextBlock):
            out.append(el)
        elif isinstance(el, Group) and el.translate == (0.0, 0.0) and el.scale == 1.0 \
                and el.rotate == 0.0:
            out.extend(_text_blocks(el.children))
    return out


def _width_of(text: str, size: float, font: str = "serif", bold: bool = False,
              italic: bool = False) -> float:
    return measure(text, font, bold=bold, italic=italic, size_pt=size)


def draw_rank_strip(x: float, y: float, width: float, ranks: Sequence[tuple[int, str]]
                    ) -> list[Element]:
    out: list[Element] = []
    rank_w = width / max(1, len(ranks))
    for i, (lowest, name) in enumerate(ranks):
        hi = ranks[i + 1][0] - 1 if i + 1 < len(ranks) else None
        rx = x + i * rank_w
        out.append(Rect(rx + 1, y, rank_w - 2, 15, Style(fill="#f1ede2", stroke=LAND_LINE,
                                                         stroke_width=0.3), rx=1.5))
        out.append(draw_label(rx + rank_w / 2, y + 6, range_text(lowest, hi), 9, bold=True,
                              anchor="middle", fill=ACCENT))
        size = max(6.0, min(9.5, 9.5 * (rank_w - 4) / max(1.0, _width_of(name, 9.5))))
        out.append(draw_label(rx + rank_w / 2, y + 12, name, size, font="serif", anchor="middle"))
    return out


__all__ = [
    "ACCENT",
    "ARROW",
    "CUT",
    "DARK",
    "DIE_TABLE",
    "ENEMY_LOOKS",
    "EnemyLook",
    "FOOTER",
    "FRAME_ELEMENTS",
    "LIGHT",
    "MARGIN",
    "MapGeometry",
    "NARROW_WIDTH",
    "RULE",
    "TARGET_FILL",
    "TARGET_INK",
    "THIN",
    "draw_badge",
    "draw_builder",
    "draw_building",
    "draw_compass",
    "draw_enemy",
    "draw_heading",
    "draw_label",
    "draw_map",
    "draw_page",
    "draw_rank_strip",
    "overfull_boxes",
    "page_overflow",
    "draw_target",
    "draw_waves",
    "enemy_name",
    "escape_markup",
    "facing_words",
    "fit_label",
    "map_geometry",
    "map_scene",
    "range_text",
    "text_height",
    "text_of",
    "write_paragraph",
]
