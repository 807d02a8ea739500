"""Print a Santowerini pack: scenario maps, the scenario book, a token sheet and a player aid.

:func:`build_artefacts` turns a checked pack into files:

- ``maps/<scenario>.svg``: each scenario's map on its own;
- ``print/<pack>-book.pdf``: a cover (the campaign's story, its scenarios and a map
  key), one page per scenario (number, title, level, story, map, the enemies in
  the order they act with their facings, set-up notes), the god cards and the
  campaign's score sheet;
- ``print/tokens.pdf``: print-and-play target-zone and water tiles and enemy
  markers with facing arrows, on a grid of cut lines;
- ``print/player-aid.pdf``: the enemy turn (orientation with its tie-break, the
  attack, the movement die drawn as arrows), the player turn, how a scenario is
  won or lost, and scoring.

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

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from generator.pack.model import Document, Pack, pick_text
from generator.render.fonts import measure
from generator.render.labels import label as L
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
    arrow_shape,
    icon_worker,
    label_text,
)
from generator.render.scene import (
    MM_PER_PT,
    Circle,
    Element,
    Group,
    Line,
    Path,
    Polygon,
    Polyline,
    Rect,
    Scene,
    Style,
    Text,
)
from generator.render.text import fit_text
from generator.systems import ProgressFn
from generator.systems.token_art import NO_TOKEN_ART, TokenArt
from generator.systems.tower.model import (
    EnemySetup,
    Scenario,
    TowerCampaign,
    Variant,
    build_campaign,
    build_scenario,
    build_variant,
)
from generator.systems.tower.rules import (
    ADVANCE,
    CLOCKWISE,
    DOME as DOMED,
    ENEMY_TYPES,
    FACINGS,
    MOVEMENT_TABLE,
)
from generator.systems.tower.scoring import (
    CAMPAIGN_END_POINTS,
    MORE_BLOCKS_FOR_BONUS,
    POINTS_PER_BONUS,
    RANKS,
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
    """Text fitted into a box at (x, y); returns its elements and the height it uses."""
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
    """A section heading in small capitals with a rule under it."""
    return [draw_label(x, y, text.upper(), 9.5, bold=True, fill=ACCENT),
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
    if numeral:
        ink = PAPER if height == DOMED else INK
        out.append(label_text(cx, cy, str(height), size * (0.2 if height == DOMED else 0.26),
                              fill=ink))
    return out


def draw_badge(x: float, y: float, size: float, height: int) -> list[Element]:
    """A building's height in a small disc at the top-left of its cell (under a pawn)."""
    cx, cy, r = x + size * 0.17, y + size * 0.17, size * 0.115
    fill = DOME if height == DOMED else PAPER
    return [Circle(cx, cy, r, Style(fill=fill, stroke=INK, stroke_width=max(0.2, size * 0.012))),
            label_text(cx, cy, str(height), r * 1.25, fill=PAPER if height == DOMED else INK)]


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
    symbol = label_text(cx, cy - size * 0.015, look.symbol, size * 0.36, fill=look.ink, bold=False)
    return [arrow, body, symbol]


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


# -- the book --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BookContent:
    """What the book prints, read from the pack."""

    title: str
    subtitle: str
    story: str
    scenarios: tuple[tuple[Scenario, Document], ...]  # in playing order
    enemy_order: tuple[str, ...]
    ranks: tuple[tuple[int, str], ...]
    variants: tuple[Variant, ...]


def default_ranks(lang: str | None) -> tuple[tuple[int, str], ...]:
    """The ranks of a campaign without its own, named in ``lang``."""
    return tuple((points, L("t-rank-" + name.lower().replace(" ", "-"), lang))
                 for points, name in RANKS)


def read_book(pack: Pack, lang: str | None) -> BookContent:
    """Scenarios in campaign order (others after, by number), the campaign's texts and ranks."""
    scenarios: dict[str, tuple[Scenario, Document]] = {}
    for doc in pack.of_kind("tower-scenario"):
        scenario, _ = build_scenario(doc, pack.sources.get(doc.file))
        if scenario is not None:
            scenarios[doc.id] = (scenario, doc)
    campaigns = sorted(pack.of_kind("tower-campaign"), key=lambda d: d.id)
    campaign: TowerCampaign | None = build_campaign(campaigns[0]) if campaigns else None
    ordered: list[tuple[Scenario, Document]] = []
    if campaign is not None:
        for ident in dict.fromkeys(campaign.scenarios):
            if ident in scenarios:
                ordered.append(scenarios.pop(ident))
    ordered.extend(sorted(scenarios.values(), key=lambda item: (item[0].number, item[0].id)))
    variants = tuple(sorted((build_variant(d) for d in pack.of_kind("tower-variant")),
                            key=lambda v: (v.difficulty != "easy", v.id)))
    pack_title = pick_text(pack.data.get("title", pack.id), lang)
    if campaign is None:
        return BookContent(pack_title, L("t-default-subtitle", lang), "", tuple(ordered),
                           ENEMY_TYPES, default_ranks(lang), variants)
    ranks = default_ranks(lang) if campaign.ranks is None else tuple(
        (r.points, text_of(r.name, lang)) for r in campaign.ranks)
    return BookContent(text_of(campaign.title, lang), pack_title,
                       text_of(campaign.story, lang) if campaign.story else "",
                       tuple(ordered), campaign.enemy_order, ranks, variants)


def draw_page(pw: float, ph: float, parts: list[Element], page_id: str, footer: str,
              number: int | None = None) -> Scene:
    """A page with the shared footer (a rule, the book's name, the page number)."""
    y = ph - MARGIN + 2
    frame: list[Element] = [Rect(0, 0, pw, ph, Style(fill=PAPER)),
                            Line(MARGIN, y - 4.5, pw - MARGIN, y - 4.5, RULE),
                            fit_label(MARGIN, y, footer, 7.5, pw - 2 * MARGIN - 12, fill=MUTED,
                                      italic=True)]
    if number is not None:
        frame.append(draw_label(pw - MARGIN, y, str(number), 7.5, fill=MUTED, anchor="end"))
    return Scene(pw, ph, tuple(frame + parts), id=page_id)


def draw_level_pips(x: float, y: float, level: int) -> list[Element]:
    """Four pips, ``level`` of them filled, right-aligned at x on baseline y."""
    out: list[Element] = []
    for i in range(4):
        cx = x - (3 - i) * 5.2 - 2
        filled = i < level
        out.append(Circle(cx, y - 2, 1.8, Style(fill=ACCENT if filled else PAPER, stroke=ACCENT,
                                                stroke_width=0.35)))
    return out


def describe_squares(scenario: Scenario, squares: Iterable[int], lang: str | None = None) -> str:
    names = [scenario.name(sq) for sq in squares]
    return ", ".join(names) if names else L("t-none", lang)


def _tiles(n: int, lang: str | None) -> str:
    return L("t-setup-tiles" if n > 1 else "t-setup-tile", lang, n=n) if n else "."


def setup_notes(scenario: Scenario, lang: str | None = None) -> list[str]:
    """The set-up of a scenario in words: pieces to take from the box, spaces to mark.

    Lines are markup for :func:`fit_text` (coordinates only, so nothing to escape).
    """
    s = scenario
    blocks = [sum(1 for lv in s.levels if lv >= k) for k in (1, 2, 3)]
    domes = sum(1 for lv in s.levels if lv == DOMED)
    pieces = [L("t-setup-level", lang, n=n, k=k + 1) for k, n in enumerate(blocks) if n]
    if domes:
        pieces.append(L("t-setup-domes" if domes > 1 else "t-setup-dome", lang, n=domes))
    buildings = [f"{s.name(sq)} ({lv})" for sq, lv in enumerate(s.levels) if lv]
    targets = [sq for sq in range(len(s.targets)) if s.targets[sq]]
    water = [sq for sq in range(len(s.water)) if s.water[sq]]
    lines = [
        L("t-setup-board", lang, w=s.width, h=s.height),
        L("t-setup-pieces", lang, list=", ".join(pieces) or L("t-none", lang)),
        L("t-setup-buildings", lang, list=", ".join(buildings)),
        L("t-setup-builders", lang, list=describe_squares(s, s.builders, lang)),
        L("t-setup-targets", lang, list=describe_squares(s, targets, lang))
        + _tiles(len(targets), lang),
        L("t-setup-water", lang, list=describe_squares(s, water, lang)) + _tiles(len(water), lang),
        L("t-setup-first", lang),
    ]
    return lines


def ordered_enemies(scenario: Scenario, enemy_order: Sequence[str]) -> list[EnemySetup]:
    """The scenario's enemies in the order they act."""
    order = {t: i for i, t in enumerate(enemy_order)}
    return sorted(scenario.enemies, key=lambda e: (order.get(e.type, len(order)), e.index))


def draw_enemy_list(scenario: Scenario, enemy_order: Sequence[str], x: float, y: float,
                    width: float, lang: str | None = None) -> tuple[list[Element], float]:
    """The enemies in the order they act: number, marker, type, space and facing."""
    out = draw_heading(x, y, L("t-enemies-order", lang), width)
    row_h = 12.0
    top = y + 5
    for n, e in enumerate(ordered_enemies(scenario, enemy_order)):
        ry = top + n * row_h
        facing = FACINGS[max(e.facing, 0)]
        out.append(Circle(x + 3.2, ry + row_h / 2, 3.0, Style(fill=ACCENT)))
        out.append(label_text(x + 3.2, ry + row_h / 2, str(n + 1), 3.4, fill=PAPER))
        out.extend(draw_enemy(x + 14, ry + row_h / 2, 10.5, e.type, max(e.facing, 0)))
        out.append(draw_label(x + 22, ry + row_h / 2 - 0.6, enemy_name(e.type, lang), 10,
                              bold=True))
        name, letter = facing_words(facing, lang)
        out.append(fit_label(x + 22, ry + row_h / 2 + 3.8,
                             L("t-enemy-at", lang, square=scenario.name(e.square), facing=name,
                               letter=letter), 8.5, width - 22, min_size=6.5, fill=MUTED))
    return out, 5 + row_h * len(scenario.enemies)


def scenario_page(scenario: Scenario, doc: Document, content: BookContent, paper: tuple[float, float],
                  lang: str | None, number: int, footer: str) -> Scene:
    """One scenario: header, story, map, enemies and set-up."""
    pw, ph = paper
    s = scenario
    width = pw - 2 * MARGIN
    parts: list[Element] = []
    y = MARGIN + 4
    parts.append(draw_label(MARGIN, y, L("t-scenario-n", lang, n=s.number), 9.5, bold=True, fill=ACCENT))
    parts.append(draw_label(pw - MARGIN, y, L("t-level-n", lang, n=s.level), 9.5, bold=True, fill=ACCENT,
                            anchor="end"))
    title = pick_text(doc.data["title"], lang)
    parts.append(fit_label(MARGIN, y + 10, title, 22, width - 30, min_size=12, bold=True,
                           font="serif"))
    parts.extend(draw_level_pips(pw - MARGIN, y + 9, s.level))
    parts.append(draw_label(pw - MARGIN, y + 15, L("t-win-scores", lang, n=s.level), 7.5,
                            fill=MUTED, anchor="end", italic=True))
    y += 17
    parts.append(Line(MARGIN, y, pw - MARGIN, y, RULE))
    y += 4
    story = pick_text(doc.data.get("story", ""), lang)
    if story:
        block, used = write_paragraph("*" + escape_markup(story.strip()) + "*", MARGIN, y, width, 30,
                                      size=10.5, min_size=8)
        parts.extend(block)
        y += used + 4
    bottom_h = max(12.0 * len(s.enemies) + 8, 58.0)
    map_h = ph - MARGIN - FOOTER - bottom_h - y - 4
    geo = map_geometry(s, MARGIN, y, width, map_h)
    parts.append(Group(tuple(draw_map(s, geo, content.enemy_order)), id=f"map-{s.id}"))
    y += geo.total_height + 5
    col_w = (width - 8) / 2
    enemies, _ = draw_enemy_list(s, content.enemy_order, MARGIN, y, col_w, lang)
    parts.extend(enemies)
    # The facings are compass points: a north arrow beside the list that uses them.
    parts.extend(draw_compass(MARGIN + col_w - 8, y + 13, 14, lang))
    x2 = MARGIN + col_w + 8
    parts.extend(draw_heading(x2, y, L("t-setup", lang), col_w))
    notes, _ = write_paragraph("\n".join(setup_notes(s, lang)), x2, y + 4, col_w,
                               ph - MARGIN - FOOTER - y - 4, size=8.5, min_size=6.5,
                               family="sans", leading=1.35)
    parts.extend(notes)
    return draw_page(pw, ph, parts, f"scenario-{s.id}", footer, number)


def draw_key(x: float, y: float, width: float, enemy_order: Sequence[str], lang: str | None = None
             ) -> tuple[list[Element], float]:
    """The map key: every kind of cell and pawn, drawn as on the maps, with its name."""
    cell = 13.0
    items: list[tuple[str, list[Element]]] = []

    def cell_at(kind: str) -> Any:
        def draw(cx: float, cy: float) -> list[Element]:
            fill = SEA if kind == "water" else TARGET_FILL if kind == "target" else LAND
            out: list[Element] = [Rect(cx, cy, cell, cell, Style(fill=fill, stroke=LAND_LINE,
                                                                 stroke_width=0.3))]
            if kind == "water":
                out.extend(draw_waves(cx, cy, cell))
            if kind == "target":
                out.extend(draw_target(cx, cy, cell))
            return out
        return draw

    entries: list[tuple[str, Any, Any]] = [
        (L("t-key-ground", lang), cell_at("ground"), None),
        (L("t-key-water", lang), cell_at("water"), None),
        (L("t-key-target", lang), cell_at("target"), None),
    ]
    for height in (1, 2, 3, 4):
        label = L("t-key-dome", lang) if height == DOMED else L("t-key-height", lang, n=height)
        entries.append((label, cell_at("ground"),
                        lambda cx, cy, h=height: draw_building(cx, cy, cell, h)))
    entries.append((L("t-key-builder", lang), cell_at("ground"),
                    lambda cx, cy: draw_builder(cx + 1.3, cy + 1.3, cell - 2.6)))
    for kind in enemy_order:
        entries.append((enemy_name(kind, lang), cell_at("ground"),
                        lambda cx, cy, k=kind: draw_enemy(cx + cell / 2, cy + cell / 2, cell * 0.86,
                                                          k, 0)))
    per_row = max(1, int((width + 4) // (cell + 8.5)))
    pitch = (width - cell) / max(1, per_row - 1)
    for i, (label, base, extra) in enumerate(entries):
        col, row = i % per_row, i // per_row
        cx, cy = x + col * pitch, y + row * (cell + 9)
        drawn = list(base(cx, cy))
        if extra is not None:
            drawn.extend(extra(cx, cy))
        items.append((label, drawn))
        items[-1][1].append(draw_label(cx + cell / 2, cy + cell + 4, label, 6.5, anchor="middle",
                                       fill=MUTED))
    rows = (len(entries) + per_row - 1) // per_row
    return [e for _, drawn in items for e in drawn], rows * (cell + 9)


def cover_page(content: BookContent, paper: tuple[float, float], lang: str | None,
               footer: str) -> Scene:
    pw, ph = paper
    width = pw - 2 * MARGIN
    parts: list[Element] = []
    y = MARGIN + 8
    parts.append(draw_label(pw / 2, y, L("t-cover-kicker", lang),
                            8.5, bold=True, fill=ACCENT, anchor="middle"))
    parts.append(fit_label(pw / 2, y + 16, content.title, 30, width, min_size=14, bold=True,
                           font="serif", anchor="middle"))
    parts.append(fit_label(pw / 2, y + 25, content.subtitle, 12, width, min_size=8, font="serif",
                           italic=True, anchor="middle", fill=MUTED))
    # A skyline of the four heights, as the maps draw them.
    sky = 15.0
    for i, height in enumerate((1, 3, 4, 2, 1)):
        parts.extend(draw_building(pw / 2 + (i - 2.5) * (sky + 3) + 1.5, y + 31, sky, height,
                                   numeral=False))
    y += 31 + sky + 8
    if content.story:
        block, used = write_paragraph("*" + escape_markup(content.story.strip()) + "*", MARGIN + 8, y,
                                      width - 16, 45, size=11.5, min_size=8.5, align="center")
        parts.extend(block)
        y += used + 7
    parts.extend(draw_heading(MARGIN, y, L("t-the-scenarios", lang), width))
    y += 4
    row_h = 9.0
    for n, (s, doc) in enumerate(content.scenarios):
        ry = y + n * row_h
        if n % 2 == 0:
            parts.append(Rect(MARGIN, ry, width, row_h, Style(fill="#f1ede2")))
        base = ry + row_h / 2 + 1.5
        parts.append(draw_label(MARGIN + 3, base, str(s.number), 10, bold=True, fill=ACCENT))
        parts.append(fit_label(MARGIN + 12, base, pick_text(doc.data["title"], lang), 10.5, 80,
                               min_size=7, font="serif", bold=True))
        parts.append(draw_label(MARGIN + 95, base, L("t-level-lower", lang, n=s.level), 8.5, fill=MUTED))
        parts.append(draw_label(MARGIN + 117, base, f"{s.width}\u00d7{s.height}", 8.5, fill=MUTED))
        for i, e in enumerate(ordered_enemies(s, content.enemy_order)):
            parts.extend(draw_enemy(MARGIN + 135 + i * 8, ry + row_h / 2, 6.4, e.type,
                                    max(e.facing, 0)))
        parts.append(draw_label(pw - MARGIN - 3, base, L("t-page-n", lang, n=n + 2), 8.5, fill=MUTED,
                                anchor="end"))
    y += row_h * len(content.scenarios) + 8
    parts.extend(draw_heading(MARGIN, y, L("t-reading-maps", lang), width))
    key, used = draw_key(MARGIN, y + 5, width, content.enemy_order, lang)
    parts.extend(key)
    y += 5 + used + 1
    note = L("t-reading-maps-text", lang)
    block, used = write_paragraph(note, MARGIN, y, width, 16, size=8.5, min_size=7, family="sans")
    parts.extend(block)
    y += used + 5
    parts.extend(draw_heading(MARGIN, y, L("t-you-need", lang), width))
    need = L("t-you-need-text", lang)
    block, used = write_paragraph(need, MARGIN, y + 4, width, ph - MARGIN - FOOTER - y - 4,
                                  size=9, min_size=7, family="sans")
    parts.extend(block)
    return draw_page(pw, ph, parts, "cover", footer, 1)


def draw_card_box(v: Variant, x: float, y: float, w: float, lang: str | None
                  ) -> tuple[list[Element], float]:
    """A god card as a framed box (name, side, text); returns it and its height."""
    expert = v.difficulty == "expert"
    colour = "#8e3b2f" if expert else "#3e7a4f"
    text = text_of(v.text, lang) if v.text else ", ".join(h for h, _ in v.hooks)
    block, used = write_paragraph(escape_markup(" ".join(text.split())), x + 3, y + 9.5, w - 6, 60,
                                  size=9, min_size=6.5)
    h = used + 12
    out: list[Element] = [Rect(x, y, w, h, Style(fill=PAPER, stroke=colour, stroke_width=0.6), rx=2),
                          Rect(x, y, w, 7, Style(fill=colour), rx=2),
                          Rect(x, y + 4, w, 3, Style(fill=colour))]
    out.append(fit_label(x + 3, y + 5, text_of(v.name, lang), 9.5, w - 22, bold=True, fill=PAPER))
    out.append(draw_label(x + w - 3, y + 5, (L(f"t-diff-{v.difficulty}", lang) if v.difficulty in ("easy", "expert")
                                              else v.difficulty.upper()), 7, bold=True, fill=PAPER,
                          anchor="end"))
    out.extend(block)
    return out, h


def gods_page(content: BookContent, paper: tuple[float, float], lang: str | None, number: int,
              footer: str) -> Scene:
    pw, ph = paper
    width = pw - 2 * MARGIN
    parts: list[Element] = []
    y = MARGIN + 14
    parts.append(draw_label(MARGIN, y, L("t-god-cards", lang), 22, bold=True, font="serif"))
    y += 6
    intro = L("t-gods-intro", lang, easy=abs(CAMPAIGN_END_POINTS["easy"]),
              expert=CAMPAIGN_END_POINTS["expert"])
    block, used = write_paragraph(intro, MARGIN, y, width, 40, size=10, min_size=8)
    parts.extend(block)
    y += used + 6
    col_w = (width - 8) / 2
    for side, x in (("easy", MARGIN), ("expert", MARGIN + col_w + 8)):
        title = L(f"t-side-{side}", lang)
        parts.extend(draw_heading(x, y, title, col_w))
        cards = [v for v in content.variants if v.difficulty == side]
        top = y + 5
        for v in cards:
            box, used = draw_card_box(v, x, top, col_w, lang)
            parts.extend(box)
            top += used + 4
        if not cards:
            parts.append(draw_label(x, y + 10, L("t-no-cards", lang), 9,
                                    italic=True, fill=MUTED))
    return draw_page(pw, ph, parts, "god-cards", footer, number)


def draw_box(x: float, y: float, size: float) -> Rect:
    return Rect(x, y, size, size, Style(fill=PAPER, stroke=INK, stroke_width=0.35), rx=0.6)


def score_page(content: BookContent, paper: tuple[float, float], lang: str | None, number: int,
               footer: str) -> Scene:
    """The campaign's score sheet: a row per scenario, the god-card adjustment, the ranks."""
    pw, ph = paper
    width = pw - 2 * MARGIN
    parts: list[Element] = []
    y = MARGIN + 14
    parts.append(draw_label(MARGIN, y, L("t-score-sheet", lang), 22, bold=True, font="serif"))
    parts.append(fit_label(pw - MARGIN, y, content.title, 11, width - 60, italic=True,
                           font="serif", anchor="end", fill=MUTED))
    y += 6
    rules = L("t-score-rules", lang, bonus=POINTS_PER_BONUS, blocks=MORE_BLOCKS_FOR_BONUS)
    block, used = write_paragraph(rules, MARGIN, y, width, 30, size=9.5, min_size=7.5)
    parts.extend(block)
    y += used + 5
    # Columns: (header, width); the scenario title takes what is left.
    cols = [("#", 9.0), (L("t-col-scenario", lang), 0.0), (L("t-col-level", lang), 13.0),
            (L("t-col-lost", lang), 30.0), (L("t-col-first", lang), 18.0),
            (L("t-col-both", lang), 23.0), (L("t-col-blocks", lang, n=MORE_BLOCKS_FOR_BONUS), 19.0),
            (L("t-col-points", lang), 17.0)]
    fixed = sum(w for _, w in cols)
    cols[1] = (cols[1][0], width - fixed)
    xs = [MARGIN]
    for _, w in cols:
        xs.append(xs[-1] + w)
    head_h, row_h = 9.0, 12.0
    parts.append(Rect(MARGIN, y, width, head_h, Style(fill=ACCENT)))
    for (name, w), x in zip(cols, xs):
        parts.append(fit_label(x + w / 2, y + 6, name, 7.5, w - 1.5, min_size=5.5, bold=True,
                               fill=PAPER, anchor="middle"))
    y += head_h
    for n, (s, doc) in enumerate(content.scenarios):
        ry = y + n * row_h
        parts.append(Rect(MARGIN, ry, width, row_h, Style(fill=PAPER if n % 2 else "#f1ede2",
                                                          stroke=LAND_LINE, stroke_width=0.2)))
        mid = ry + row_h / 2
        parts.append(draw_label(xs[0] + cols[0][1] / 2, mid + 1.5, str(s.number), 10, bold=True,
                                anchor="middle", fill=ACCENT))
        title = pick_text(doc.data["title"], lang)
        parts.append(fit_label(xs[1] + 2, mid + 1.5, title, 10, cols[1][1] - 4, min_size=6.5,
                               font="serif", bold=True))
        parts.append(draw_label(xs[2] + cols[2][1] / 2, mid + 1.5, str(s.level), 10, anchor="middle"))
        for k in range(5):
            parts.append(draw_box(xs[3] + 2.5 + k * 5.2, mid - 2, 4.0))
        for c in (4, 5, 6):
            parts.append(draw_box(xs[c] + cols[c][1] / 2 - 2.75, mid - 2.75, 5.5))
            parts.append(draw_label(xs[c] + cols[c][1] / 2 + 4, mid + 4.5, f"+{POINTS_PER_BONUS}", 6,
                                    fill=MUTED))
        parts.append(Rect(xs[7] + 2, ry + 1.8, cols[7][1] - 4, row_h - 3.6,
                          Style(fill=PAPER, stroke=INK, stroke_width=0.35), rx=0.8))
    y += row_h * len(content.scenarios)
    parts.append(Line(MARGIN, y, MARGIN + width, y, Style(stroke=INK, stroke_width=0.5)))
    y += 4
    # God cards adjustment and the total.
    box_x = xs[7] + 2
    box_w = cols[7][1] - 4
    parts.append(draw_label(MARGIN + 2, y + 5.5, L("t-god-cards", lang), 10, bold=True))
    options = (("none", 0), ("easy", CAMPAIGN_END_POINTS["easy"]),
               ("expert", CAMPAIGN_END_POINTS["expert"]))
    for i, (name, points) in enumerate(options):
        x = MARGIN + 32 + i * 34
        parts.append(draw_box(x, y + 1.5, 5.0))
        sign = f"{points:+d}".replace("-", "\u2212") if points else "0"
        parts.append(draw_label(x + 7, y + 5.5, f"{L(f't-opt-{name}', lang)} ({sign})", 9))
    parts.append(Rect(box_x, y, box_w, 8.4, Style(fill=PAPER, stroke=INK, stroke_width=0.35), rx=0.8))
    y += 11
    parts.append(draw_label(box_x - 3, y + 6.5, L("t-campaign-total", lang), 11, bold=True, anchor="end"))
    parts.append(Rect(box_x, y, box_w, 10, Style(fill=PAPER, stroke=INK, stroke_width=0.8), rx=0.8))
    y += 20
    parts.extend(draw_heading(MARGIN, y, L("t-ranks", lang), width))
    y += 4
    parts.extend(draw_rank_strip(MARGIN, y, width, content.ranks))
    y += 20
    parts.append(draw_label(MARGIN, y + 4, L("t-below-zero", lang), 8,
                            italic=True, fill=MUTED))
    y += 12
    parts.extend(draw_heading(MARGIN, y, L("t-notes", lang), width))
    for k in range(1, 6):
        ly = y + 4 + k * 9
        if ly > ph - MARGIN - FOOTER:
            break
        parts.append(Line(MARGIN, ly, MARGIN + width, ly, Style(stroke=LAND_LINE, stroke_width=0.3)))
    return draw_page(pw, ph, parts, "score-sheet", footer, number)


def _width_of(text: str, size: float, font: str = "serif", bold: bool = False,
              italic: bool = False) -> float:
    return measure(text, font, bold=bold, italic=italic, size_pt=size)


def book_pages(content: BookContent, paper: tuple[float, float], lang: str | None,
               progress: ProgressFn) -> list[Scene]:
    footer = L("t-footer-book", lang, title=content.title)
    pages = [cover_page(content, paper, lang, footer)]
    for s, doc in content.scenarios:
        progress(f"scenario {s.number}: {s.id}")
        pages.append(scenario_page(s, doc, content, paper, lang, len(pages) + 1, footer))
    if content.variants:
        pages.append(gods_page(content, paper, lang, len(pages) + 1, footer))
    pages.append(score_page(content, paper, lang, len(pages) + 1, footer))
    return pages


# -- the token sheet -------------------------------------------------------------------------

BOARD_SPACE = 30.0
"""Side (mm) of a space on the boards printed at play scale."""
TILE = BOARD_SPACE
"""Side of a tile or marker on the token sheet (mm): the size of a printed board's space."""


def draw_tile(kind: str, x: float, y: float, size: float, facing: int = 0,
              lang: str | None = None) -> list[Element]:
    """One token: a target-zone tile, a water tile or an enemy marker (``kind`` = type)."""
    if kind == "target":
        return [Rect(x, y, size, size, Style(fill=TARGET_FILL)), *draw_target(x, y, size)]
    if kind == "water":
        return [Rect(x, y, size, size, Style(fill=SEA)), *draw_waves(x, y, size)]
    out: list[Element] = [Rect(x, y, size, size, Style(fill=LAND))]
    out.extend(draw_enemy(x + size / 2, y + size / 2 - 1, size * 0.76, kind, facing))
    out.append(draw_label(x + size / 2, y + size - 1.6, enemy_name(kind, lang).lower(), 6.0,
                          anchor="middle", fill=MUTED))
    return out


def tile_keys(kind: str) -> tuple[str, ...]:
    """The ``print.tokens`` keys (token artwork) a tile or marker looks up, most specific first.

    >>> tile_keys("water"), tile_keys("dark-male")
    (('water',), ('enemy-dark-male', 'enemy'))
    """
    return (kind,) if kind in ("target", "water") else (f"enemy-{kind}", "enemy")


def dressed_tile(kind: str, x: float, y: float, size: float, lang: str | None,
                 art: TokenArt) -> list[Element]:
    """:func:`draw_tile` with the tile's artwork, cut to its square (tiles are butted: no bleed)."""
    return list(art.dress(draw_tile(kind, x, y, size, lang=lang), tile_keys(kind), size, False,
                          0.0, (x, y)))


def draw_tile_grid(kinds: Sequence[str], x: float, y: float, per_row: int, size: float,
                   lang: str | None = None, art: TokenArt = NO_TOKEN_ART) -> tuple[list[Element], float]:
    """Tiles edge to edge in rows of ``per_row``, with dashed cut lines between and
    around them (running 3 mm past the outer edges); returns them and their height."""
    out: list[Element] = []
    counts = [min(per_row, len(kinds) - r * per_row) for r in range((len(kinds) + per_row - 1) // per_row)]
    for i, kind in enumerate(kinds):
        col, row = i % per_row, i // per_row
        out.extend(dressed_tile(kind, x + col * size, y + row * size, size, lang, art))
    cut = Style(stroke=CUT, stroke_width=0.2, dash=(2.0, 1.0))
    over = 3.0
    for k in range(len(counts) + 1):
        # The line under row k-1 and over row k spans the longer of the two rows.
        n = max(counts[k - 1] if k > 0 else 0, counts[k] if k < len(counts) else 0)
        out.append(Line(x - over, y + k * size, x + n * size + over, y + k * size, cut))
    for row, n in enumerate(counts):
        top = y + row * size - (over if row == 0 else 0)
        bottom = y + (row + 1) * size + (over if row == len(counts) - 1 else 0)
        for col in range(n + 1):
            out.append(Line(x + col * size, top, x + col * size, bottom, cut))
    out.append(draw_label(x - 1.5, y - 1.2, "\u2702", 9, fill=CUT, anchor="end"))
    return out, len(counts) * size


def token_counts(content: BookContent) -> tuple[int, int]:
    """Target-zone and water tiles to print: the most any scenario needs plus a spare.

    The counts depend on the scenarios only, never on the paper.
    """
    targets = max((sum(s.targets) for s, _ in content.scenarios), default=0)
    water = max((sum(s.water) for s, _ in content.scenarios), default=0)
    return targets + 1, water + 1


def token_pages(content: BookContent, paper: tuple[float, float], lang: str | None = None,
                art: TokenArt = NO_TOKEN_ART) -> list[Scene]:
    """Tiles and markers to cut out; a new page starts when a section would not fit."""
    pw, ph = paper
    width = pw - 2 * MARGIN
    per_row = max(1, int(width // TILE))
    targets, water = token_counts(content)
    enemies = [k for k in content.enemy_order for _ in range(2)]
    enemy_row = max(1, min(per_row, len(content.enemy_order)))
    sections = [
        (L("t-tokens-targets", lang), L("t-tokens-targets-text", lang), ["target"] * targets,
         per_row),
        (L("t-tokens-water", lang), L("t-tokens-water-text", lang), ["water"] * water, per_row),
        (L("t-tokens-enemies", lang), L("t-tokens-enemies-text", lang), enemies, enemy_row),
    ]
    pages: list[Scene] = []
    parts: list[Element] = []
    footer = L("t-footer-tokens", lang, title=content.title)
    bottom = ph - MARGIN - FOOTER - 10  # room for the 50 mm check line

    def start() -> float:
        parts.append(draw_label(MARGIN, MARGIN + 10, L("t-tokens-title", lang), 20, bold=True,
                                font="serif"))
        how, _ = write_paragraph(L("t-tokens-how", lang), MARGIN, MARGIN + 13.5, pw - 2 * MARGIN,
                                 8, size=8.5, min_size=6.5, family="sans", fill=MUTED)
        parts.extend(how)
        return MARGIN + 24

    y = start()
    for title, text, kinds, row_len in sections:
        rows = (len(kinds) + row_len - 1) // row_len
        need = 14 + rows * TILE + 8
        if y + need > bottom and len(parts) > 2:
            pages.append(draw_page(pw, ph, list(parts), f"tokens-{len(pages) + 1}", footer,
                                   len(pages) + 1))
            parts.clear()
            y = start()
        parts.extend(draw_heading(MARGIN, y, title, width))
        block, used = write_paragraph(text, MARGIN, y + 3.5, width, 9, size=8, min_size=6.5,
                                      family="sans", fill=MUTED)
        parts.extend(block)
        grid, grid_h = draw_tile_grid(kinds, (pw - row_len * TILE) / 2, y + 5.5 + used + 3.5, row_len,
                                      TILE, lang, art)
        parts.extend(grid)
        y += 5.5 + used + 3.5 + grid_h + 8
    y = min(y, ph - MARGIN - FOOTER - 8)
    parts.append(Line(pw / 2 - 25, y, pw / 2 + 25, y, Style(stroke=INK, stroke_width=0.3)))
    for x in (pw / 2 - 25, pw / 2 + 25):
        parts.append(Line(x, y - 1.5, x, y + 1.5, Style(stroke=INK, stroke_width=0.3)))
    parts.append(draw_label(pw / 2, y + 4.5, L("line-50mm", lang), 7,
                            anchor="middle", fill=MUTED))
    pages.append(draw_page(pw, ph, parts, f"tokens-{len(pages) + 1}", footer, len(pages) + 1))
    return pages


# -- the player aid --------------------------------------------------------------------------


def draw_die(x: float, y: float, size: float, face: int) -> list[Element]:
    """A die face with its pips."""
    out: list[Element] = [Rect(x, y, size, size, Style(fill=PAPER, stroke=INK, stroke_width=0.4),
                               rx=size * 0.18)]
    spots = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)],
             4: [(0, 0), (2, 0), (0, 2), (2, 2)], 5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
             6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}[face]
    for u, v in spots:
        out.append(Circle(x + size * (0.24 + 0.26 * u), y + size * (0.24 + 0.26 * v), size * 0.085,
                          Style(fill=INK)))
    return out


def draw_turn(cx: float, cy: float, r: float, clockwise: bool) -> list[Element]:
    """A curved arrow over (cx, cy): a quarter turn clockwise or counter-clockwise,
    sweeping from the old facing (north) towards the new one."""
    # Angles on the page (y down): north is -90; clockwise goes towards 0 (east).
    start, sweep = (-125.0, 95.0) if clockwise else (-55.0, -95.0)
    steps = 12
    pts = [(cx + r * math.cos(math.radians(start + sweep * i / steps)),
            cy + r * math.sin(math.radians(start + sweep * i / steps))) for i in range(steps + 1)]
    width = max(0.35, r * 0.14)
    out: list[Element] = [Polyline(tuple(pts), Style(stroke=ARROW, stroke_width=width))]
    end = math.radians(start + sweep)
    sign = 1.0 if clockwise else -1.0
    tx, ty = -math.sin(end) * sign, math.cos(end) * sign  # the direction of travel at the end
    ex, ey = pts[-1]
    head = max(1.0, r * 0.42)
    nx, ny = -ty, tx
    out.append(Polygon(((ex + tx * head, ey + ty * head),
                        (ex + nx * head * 0.5, ey + ny * head * 0.5),
                        (ex - nx * head * 0.5, ey - ny * head * 0.5)), Style(fill=ARROW)))
    return out


def draw_grid(x: float, y: float, g: float, cols: int, rows: int) -> list[Element]:
    return [Rect(x + c * g, y + r * g, g, g, Style(fill=LAND, stroke=LAND_LINE, stroke_width=0.25))
            for r in range(rows) for c in range(cols)]


def draw_move_diagram(x: float, y: float, g: float, face: int) -> list[Element]:
    """Face ``face`` of the movement die on a 3 x 3 grid: the enemy starts at the bottom
    middle facing north; straight arrows are steps, curved ones quarter turns, and a
    faded marker shows where it ends and which way it then faces."""
    out = draw_grid(x, y, g, 3, 3)
    col, row, facing = 1, 2, 0
    start = (col, row)
    steps: list[tuple[tuple[int, int], tuple[int, int]]] = []
    turns: list[tuple[tuple[int, int], bool]] = []
    for action in MOVEMENT_TABLE[face]:
        if action == ADVANCE:
            dc, dr = ((0, -1), (1, 0), (0, 1), (-1, 0))[facing]
            steps.append(((col, row), (col + dc, row + dr)))
            col, row = col + dc, row + dr
        else:
            turns.append(((col, row), action == CLOCKWISE))
            facing = (facing + action) % 4

    def centre(c: int, r: int) -> tuple[float, float]:
        return (x + (c + 0.5) * g, y + (r + 0.5) * g)

    ex, ey = centre(col, row)
    out.extend(draw_enemy(ex, ey, g * 0.7, "light-male", facing))
    out.append(Rect(x + col * g, y + row * g, g, g, Style(fill=PAPER, opacity=0.45)))
    sx, sy = centre(*start)
    out.extend(draw_enemy(sx, sy, g * 0.7, "light-male", 0))
    for (c1, r1), (c2, r2) in steps:
        x1, y1 = centre(c1, r1)
        x2, y2 = centre(c2, r2)
        ux, uy = (x2 - x1) / g, (y2 - y1) / g
        gap1 = g * 0.34 if (c1, r1) == start else g * 0.1
        gap2 = g * 0.32 if (c2, r2) == (col, row) else g * 0.1
        out.append(arrow_shape(x1 + ux * gap1, y1 + uy * gap1, x2 - ux * gap2, y2 - uy * gap2,
                               g * 0.1, g * 0.24, Style(fill=ARROW)))
    for (c, r), clockwise in turns:
        tx, ty = centre(c, r)
        out.extend(draw_turn(tx, ty, g * 0.36, clockwise))
    return out


def draw_tie_break(x: float, y: float, g: float, lang: str | None = None) -> list[Element]:
    """The orientation tie-break: front 1, right 2, left 3, back 4, round an enemy facing north."""
    out = draw_grid(x, y, g, 3, 3)
    cx, cy = x + 1.5 * g, y + 1.5 * g
    for rank, (dx, dy), side in ((1, (0, -1), "front"), (2, (1, 0), "right"), (3, (-1, 0), "left"),
                                 (4, (0, 1), "back")):
        name = L(f"t-side-{side}", lang)
        tx, ty = cx + dx * g, cy + dy * g
        out.append(arrow_shape(cx + dx * g * 0.4, cy + dy * g * 0.4, tx - dx * g * 0.26,
                               ty - dy * g * 0.26, g * 0.08, g * 0.2, Style(fill=ACCENT)))
        out.append(Circle(tx, ty - g * 0.08, g * 0.17, Style(fill=ACCENT)))
        out.append(label_text(tx, ty - g * 0.08, str(rank), g * 0.2, fill=PAPER))
        out.append(draw_label(tx, ty + g * 0.33, name, 6.5, anchor="middle"))
    out.extend(draw_enemy(cx, cy, g * 0.7, "dark-male", 0))
    return out


def draw_cross(cx: float, cy: float, r: float) -> list[Element]:
    """A red cross: not allowed."""
    style = Style(stroke=ARROW, stroke_width=max(0.5, r * 0.3))
    return [Line(cx - r, cy - r, cx + r, cy + r, style), Line(cx - r, cy + r, cx + r, cy - r, style)]


def draw_move_rules(x: float, y: float, g: float) -> list[Element]:
    """A builder's move: any of eight directions, but not onto water, a pawn, a dome or
    a building two levels up."""
    out = draw_grid(x, y, g, 3, 3)
    out.append(Rect(x, y + g, g, g, Style(fill=SEA)))
    out.extend(draw_waves(x, y + g, g))
    out.extend(draw_building(x + 2 * g, y, g, 2))
    out.extend(draw_building(x + g, y, g, 1))
    out.extend(draw_building(x + 2 * g, y + 2 * g, g, DOMED))
    out.extend(draw_enemy(x + 0.5 * g, y + 2.5 * g, g * 0.8, "dark-female", 0))
    out.extend(draw_builder(x + g * 1.12, y + g * 1.12, g * 0.76))
    cx, cy = x + 1.5 * g, y + 1.5 * g
    blocked = {(-1, 0), (1, -1), (1, 1), (-1, 1)}
    for dx, dy in ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)):
        length = math.hypot(dx, dy)
        ux, uy = dx / length, dy / length
        if (dx, dy) in blocked:
            out.extend(draw_cross(cx + dx * g * 0.66, cy + dy * g * 0.66, g * 0.1))
            continue
        reach = g * (0.82 if dx and dy else 0.7)
        out.append(arrow_shape(cx + ux * g * 0.42, cy + uy * g * 0.42, cx + ux * reach,
                               cy + uy * reach, g * 0.07, g * 0.16, Style(fill="#2e7d32")))
    return out


def draw_build_rules(x: float, y: float, g: float) -> list[Element]:
    """Where a builder may build: any neighbour but a target zone, water, another builder,
    a dome, or an enemy it stands no higher than."""
    out = draw_grid(x, y, g, 3, 3)
    out.append(Rect(x + 2 * g, y, g, g, Style(fill=TARGET_FILL)))
    out.extend(draw_target(x + 2 * g, y, g))
    out.extend(draw_builder(x + 0.12 * g, y + 2.12 * g, g * 0.76))
    out.extend(draw_building(x, y, g, 2))
    out.extend(draw_building(x + g, y + 2 * g, g, 3))
    out.extend(draw_builder(x + g * 1.12, y + g * 1.12, g * 0.76))
    out.extend(draw_enemy(x + 2.5 * g, y + 1.5 * g, g * 0.8, "light-female", 3))
    ok = Style(stroke="#2e7d32", stroke_width=0.6, dash=(1.0, 0.6))
    for c, r in ((0, 0), (1, 0), (0, 1), (1, 2), (2, 2)):
        out.append(Rect(x + c * g + 1, y + r * g + 1, g - 2, g - 2, ok, rx=0.8))
    for c, r in ((2, 0), (2, 1), (0, 2)):
        out.extend(draw_cross(x + (c + 0.8) * g, y + (r + 0.2) * g, g * 0.09))
    return out


def draw_crush(x: float, y: float, g: float) -> list[Element]:
    """A crush: a builder on a level-1 building drops a block on the enemy beside it."""
    out = draw_grid(x, y, g, 2, 1)
    out.extend(draw_building(x, y, g, 1, numeral=False))
    out.extend(draw_builder(x + g * 0.2, y + g * 0.2, g * 0.6))
    out.extend(draw_badge(x, y, g, 1))
    out.extend(draw_enemy(x + 1.5 * g, y + 0.5 * g, g * 0.8, "dark-female", 3))
    out.append(Rect(x + g * 1.08, y + g * 0.08, g * 0.84, g * 0.84,
                    Style(stroke="#2e7d32", stroke_width=0.7, dash=(1.2, 0.8)), rx=0.8))
    return out


AID_ENEMY_TURN = ("t-aid-orientation", "t-aid-attack", "t-aid-movement")
"""The enemy turn's three phases: catalogue keys of their headings (``<key>-text``: the body)."""

AID_PLAYER_TURN = (("t-aid-move", "move"), ("t-aid-build", "build"), ("t-aid-crush", "crush"))
"""Your turn's three steps: catalogue key and diagram."""


def write_section(parts: list[Element], x: float, y: float, width: float, heading: str, body: str,
                  diagram: tuple[float, float, Any] | None = None, *, size: float = 9.5,
                  max_height: float = 50.0) -> float:
    """A headed paragraph, with an optional diagram ``(width, height, draw(x, y))`` at its
    right; returns the y below it."""
    parts.extend(draw_heading(x, y, heading, width))
    text_w = width - (diagram[0] + 5 if diagram else 0)
    block, used = write_paragraph(body, x, y + 4, text_w, max_height, size=size, min_size=7.5,
                                  leading=1.25)
    parts.extend(block)
    if diagram is not None:
        dw, dh, draw = diagram
        parts.extend(draw(x + width - dw, y + 4.5))
        used = max(used, dh + 1)
    return y + 4 + used + 5


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
        size = min(9.5, 9.5 * (rank_w - 4) / max(1.0, _width_of(name, 9.5)))
        out.append(draw_label(rx + rank_w / 2, y + 12, name, size, font="serif", anchor="middle"))
    return out


def aid_pages(content: BookContent, paper: tuple[float, float], lang: str | None = None
              ) -> list[Scene]:
    """Two pages: the enemy turn; then your turn, winning and losing, scoring."""
    pw, ph = paper
    width = pw - 2 * MARGIN
    footer = L("t-footer-aid", lang, title=content.title)
    # Page 1: the enemy turn.
    parts: list[Element] = []
    y = MARGIN + 10
    parts.append(draw_label(MARGIN, y, L("t-aid-enemy-turn", lang), 22, bold=True, font="serif"))
    parts.append(draw_label(pw - MARGIN, y, L("t-aid-enemy-turn-sub", lang), 9, italic=True,
                            font="serif", anchor="end", fill=MUTED))
    y += 6
    intro = L("t-aid-enemy-intro", lang)
    block, used = write_paragraph(intro, MARGIN, y, width, 14, size=9.5, min_size=8)
    parts.extend(block)
    y += used + 2
    n = len(content.enemy_order)
    slot = width / n
    for i, kind in enumerate(content.enemy_order):
        cx = MARGIN + slot * (i + 0.5)
        parts.extend(draw_enemy(cx, y + 6, 11, kind, 1))
        parts.append(draw_label(cx, y + 15.5, f"{i + 1}. {enemy_name(kind, lang)}", 8.5,
                                anchor="middle", bold=True))
        if i + 1 < n:
            parts.append(arrow_shape(cx + 10, y + 6, cx + slot - 10, y + 6, 0.8, 2.6,
                                     Style(fill=MUTED)))
    y += 24
    g = 12.0
    key = AID_ENEMY_TURN[0]
    y = write_section(parts, MARGIN, y, width, L(key, lang), L(f"{key}-text", lang),
                      (3 * g, 3 * g, lambda x, yy: draw_tie_break(x, yy, g, lang)), size=9)
    for key in AID_ENEMY_TURN[1:]:
        y = write_section(parts, MARGIN, y, width, L(key, lang), L(f"{key}-text", lang), size=9)
    y -= 1
    # The die, drawn: one 3 x 3 diagram per face, three to a row.
    cols = 3
    cell_w = width / cols
    room = ph - MARGIN - FOOTER - y - 7
    g = max(7.0, min(13.0, (room / 2 - 13) / 3))
    block_h = 3 * g + 13
    for i, (face, _) in enumerate(DIE_TABLE):
        words = L(f"t-die-{face}", lang)
        col, row = i % cols, i // cols
        bx = MARGIN + col * cell_w
        by = y + row * block_h
        parts.extend(draw_die(bx, by, 7.5, face))
        block, _ = write_paragraph(words, bx + 10, by + 0.2, cell_w - 13, 9, size=8, min_size=6.5,
                                   family="sans", leading=1.2)
        parts.extend(block)
        parts.extend(draw_move_diagram(bx + 10, by + 9.5, g, face))
    y += 2 * block_h
    note = L("t-aid-diagrams", lang)
    block, _ = write_paragraph(note, MARGIN, y, width, 10, size=7.5, min_size=6.5,
                               family="sans", fill=MUTED)
    parts.extend(block)
    page1 = draw_page(pw, ph, parts, "aid-enemy-turn", footer, 1)

    # Page 2: your turn, the end of a scenario, scoring.
    parts = []
    y = MARGIN + 10
    parts.append(draw_label(MARGIN, y, L("t-aid-your-turn", lang), 22, bold=True, font="serif"))
    parts.append(draw_label(pw - MARGIN, y, L("t-aid-your-turn-sub", lang), 9, italic=True, font="serif",
                            anchor="end", fill=MUTED))
    y += 9
    g = 13.0
    diagrams = {
        "move": (3 * g, 3 * g, lambda x, yy: draw_move_rules(x, yy, g)),
        "build": (3 * g, 3 * g, lambda x, yy: draw_build_rules(x, yy, g)),
        "crush": (2 * 16.0, 16.0, lambda x, yy: draw_crush(x, yy, 16.0)),
    }
    for key, kind in AID_PLAYER_TURN:
        y = write_section(parts, MARGIN, y, width, L(key, lang), L(f"{key}-text", lang),
                          diagrams[kind])
    col_w = (width - 8) / 2
    y_win = write_section(parts, MARGIN, y, col_w, L("t-aid-win", lang), L("t-aid-win-text", lang))
    y = max(y_win, write_section(parts, MARGIN + col_w + 8, y, col_w, L("t-aid-lose", lang),
                                 L("t-aid-lose-text", lang)))
    scoring = L("t-aid-scoring-text", lang, bonus=POINTS_PER_BONUS, blocks=MORE_BLOCKS_FOR_BONUS,
                expert=CAMPAIGN_END_POINTS["expert"], easy=abs(CAMPAIGN_END_POINTS["easy"]))
    y = write_section(parts, MARGIN, y, width, L("t-aid-scoring", lang), scoring) - 2
    parts.extend(draw_rank_strip(MARGIN, y, width, content.ranks))
    page2 = draw_page(pw, ph, parts, "aid-your-turn", footer, 2)
    return [page1, page2]


__all__ = [
    "DIE_TABLE", "ENEMY_LOOKS", "BookContent", "EnemyLook", "MapGeometry", "aid_pages",
    "book_pages", "draw_building", "draw_enemy", "draw_map", "map_geometry",
    "map_scene", "read_book", "setup_notes", "token_pages",
]
