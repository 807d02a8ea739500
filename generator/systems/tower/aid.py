"""The player aid of a Santowerini pack (``print/player-aid.pdf``): the enemy turn
(orientation with its tie-break, the attack, the movement die drawn as arrows), the
player turn, how a scenario is won or lost, and scoring."""
from __future__ import annotations

import math
from typing import Any

from generator.render.icons import (
    INK,
    LAND,
    LAND_LINE,
    MUTED,
    PAPER,
    SEA,
    arrow_shape,
    label_text,
)
from generator.systems.tower.labels import label as L
from generator.render.scene import (
    Circle,
    Element,
    Line,
    Polygon,
    Polyline,
    Rect,
    Scene,
    Style,
)
from generator.systems.tower.book_content import BookContent
from generator.systems.tower.render import (
    ACCENT,
    ARROW,
    DIE_TABLE,
    FOOTER,
    MARGIN,
    TARGET_FILL,
    draw_badge,
    draw_builder,
    draw_building,
    draw_enemy,
    draw_heading,
    draw_label,
    draw_page,
    draw_rank_strip,
    draw_target,
    draw_waves,
    enemy_name,
    write_paragraph,
)
from generator.systems.tower.rules import (
    ADVANCE,
    CLOCKWISE,
    MOVEMENT_TABLE,
)
from generator.systems.tower.rules import (
    DOME as DOMED,
)
from generator.systems.tower.scoring import (
    CAMPAIGN_END_POINTS,
    MORE_BLOCKS_FOR_BONUS,
    POINTS_PER_BONUS,
)

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
    "AID_ENEMY_TURN",
    "AID_PLAYER_TURN",
    "aid_pages",
    "draw_build_rules",
    "draw_cross",
    "draw_crush",
    "draw_die",
    "draw_grid",
    "draw_move_diagram",
    "draw_move_rules",
    "draw_tie_break",
    "draw_turn",
    "write_section",
]
