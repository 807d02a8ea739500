"""Boards at play scale: every scenario the base game's 5x5 board cannot hold.

Each board is drawn with spaces of :data:`~.render.BOARD_SPACE` mm (the size of
the printed tiles and markers) and cut into pieces that fit the paper. A piece
that has a neighbour to its right or below carries a glue flap there: a strip
repeating the start of the neighbour, hatched, that the neighbour covers when
it is cut along its edge and laid on top, matching the drawing. Pieces are
lettered by row and numbered by column (A1, A2, B1...) with an assembly key.

>>> GLUE
12.0
"""
from __future__ import annotations

import math

from generator.render import labels
from generator.render.icons import INK, MUTED
from generator.render.scene import Element, Group, Line, Rect, Scene, Style, Text
from generator.systems.tower.book_content import BookContent
from generator.systems.tower.model import Scenario
from generator.systems.tower.render import draw_label, draw_map, map_geometry
from generator.systems.tower.tokens import BOARD_SPACE

GLUE = 12.0
"""Width (mm) of a glue flap."""
EDGE = 8.0
"""Blank border (mm) kept on every sheet around a piece."""
HEAD = 14.0
"""Room (mm) at the top of a sheet for the piece's label and instructions."""
CUT = Style(stroke="#000000", stroke_width=0.25, dash=(2.0, 1.0))
HATCH = Style(stroke="#9a8f84", stroke_width=0.25)


def needs_board(scenario: Scenario) -> bool:
    """Whether a scenario needs a printed board (the base game's board is 5x5)."""
    return scenario.width > 5 or scenario.height > 5


def board_scene(scenario: Scenario, enemy_order: tuple[str, ...]) -> Scene:
    """The whole board at play scale: spaces of ``BOARD_SPACE`` mm, coordinates on its border."""
    geo = map_geometry(scenario, 0.0, 0.0, 1e4, 1e4, max_cell=BOARD_SPACE)
    w = scenario.width * geo.cell + 2 * geo.border
    h = scenario.height * geo.cell + 2 * geo.border
    # map_geometry centres the map in the (huge) width it is given: move it to the origin.
    shift = geo.x - geo.border
    drawn = draw_map(scenario, geo, enemy_order)
    return Scene(w, h, (Group(tuple(drawn), translate=(-shift, 0.0)),), id=f"board-{scenario.id}")


def _spans(total: float, room: float) -> list[tuple[float, float]]:
    """Cut ``total`` mm into pieces of at most ``room`` mm, each but the last with a flap."""
    if total <= room:
        return [(0.0, total)]
    count = math.ceil((total - GLUE) / (room - GLUE))
    step = (total - GLUE) / count
    return [(i * step, i * step + step + GLUE) for i in range(count)]


def _hatch(x: float, y: float, w: float, h: float) -> list[Element]:
    out: list[Element] = [Rect(x, y, w, h, Style(fill="#ffffff", opacity=0.55))]
    step = 3.0
    k = -h
    while k < w:
        x0, y0 = x + max(k, 0.0), y + max(-k, 0.0)
        length = min(w - max(k, 0.0), h - max(-k, 0.0))
        out.append(Line(x0, y0, x0 + length, y0 + length, HATCH))
        k += step
    return out


def board_pages(scenario: Scenario, content: BookContent, paper: tuple[float, float],
                title: str, lang: str | None = None) -> list[Scene]:
    """The pieces of one scenario's board, one per sheet, in reading order."""
    pw, ph = paper
    board = board_scene(scenario, content.enemy_order)
    room_w, room_h = pw - 2 * EDGE, ph - 2 * EDGE - HEAD
    cols, rows = _spans(board.width, room_w), _spans(board.height, room_h)
    pages: list[Scene] = []
    for r, (y0, y1) in enumerate(rows):
        for c, (x0, x1) in enumerate(cols):
            name = f"{chr(ord('A') + r)}{c + 1}"
            w, h = x1 - x0, y1 - y0
            ox, oy = (pw - w) / 2, EDGE + HEAD
            parts: list[Element] = [
                Group(board.children, translate=(ox - x0, oy - y0), clip=Rect(x0, y0, w, h)),
            ]
            right_flap = c < len(cols) - 1
            lower_flap = r < len(rows) - 1
            if right_flap:
                parts += _hatch(ox + w - GLUE, oy, GLUE, h)
                parts.append(Text(ox + w - GLUE / 2, oy + h / 2, labels.label("board-glue", lang),
                                  size=7, fill=MUTED,
                                  anchor="middle"))
            if lower_flap:
                parts += _hatch(ox, oy + h - GLUE, w - (GLUE if right_flap else 0.0), GLUE)
                parts.append(Text(ox + w / 2, oy + h - GLUE / 2 + 1.0,
                                  labels.label("board-glue", lang), size=7,
                                  fill=MUTED, anchor="middle"))
            parts.append(Rect(ox, oy, w, h, CUT))
            parts.append(draw_label(EDGE, EDGE + 6.0, labels.label(
                "board-piece", lang, title=title, n=scenario.number, name=name,
                count=len(rows) * len(cols)), 9, bold=True))
            how = labels.label("board-cut" if len(rows) * len(cols) == 1 else "board-glue-how",
                               lang)
            parts.append(draw_label(EDGE, EDGE + 11.0, how, 7, fill=MUTED))
            parts.append(_key(pw - EDGE, EDGE + 1.0, len(rows), len(cols), r, c))
            pages.append(Scene(pw, ph, tuple(parts), id=f"board-{scenario.id}-{name}"))
    return pages


def _key(right: float, top: float, rows: int, cols: int, row: int, col: int) -> Group:
    """A small grid of the pieces with this one filled: where it goes."""
    cell = 4.0
    out: list[Element] = []
    x0 = right - cols * cell
    for r in range(rows):
        for c in range(cols):
            fill = INK if (r, c) == (row, col) else "#ffffff"
            out.append(Rect(x0 + c * cell, top + r * cell, cell, cell,
                            Style(fill=fill, stroke=INK, stroke_width=0.2)))
    return Group(tuple(out))


def all_board_pages(content: BookContent, paper: tuple[float, float],
                    lang: str | None = None) -> list[Scene]:
    """Every board the base game's board cannot hold, piece by piece."""
    out: list[Scene] = []
    for scenario, _ in content.scenarios:
        if needs_board(scenario):
            out += board_pages(scenario, content, paper, content.title, lang)
    return out


__all__ = ["GLUE", "all_board_pages", "board_pages", "board_scene", "needs_board"]
