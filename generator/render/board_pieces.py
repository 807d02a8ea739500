"""Boards at play scale: an empty playing surface, cut into sheet-sized pieces with glue flaps.

Two systems print boards for the base game's pieces to stand on (the tower's
scenarios wider than 5x5 and the role game's board). What they share lives here:

- :data:`PLAY_SPACE`, the side of a space, measured against the base game's
  blocks (see its note);
- :func:`surface_scene`, a grid of empty spaces with coordinates round the
  border and, in a space's corner, a few small words saying what starts there;
- :func:`piece_pages`, the board cut into pieces that fit the paper. A piece
  with a neighbour to its right or below carries a glue flap there: a strip
  repeating the start of the neighbour, hatched, that the neighbour covers when
  it is cut along its edge and laid on top, matching the drawing. Pieces are
  lettered by row and numbered by column (A1, A2, B1...) with an assembly key.

>>> spans(100.0, 180.0)
[(0.0, 100.0)]
>>> [(round(a), round(b)) for a, b in spans(250.0, 180.0)]
[(0, 131), (119, 250)]
"""
from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from generator.render.icons import INK, LAND, LAND_LINE, MUTED, PAPER, SEA, label_text
from generator.render.labels import label
from generator.render.scene import Element, Group, Line, Rect, Scene, Style, Text

PLAY_SPACE = 40.0
"""Side (mm) of a printed board's space. The base game's ground-level block is
about 36 mm across at its foot (Roxley publishes no dimensions: this is our
reading of the retail pieces), and its board leaves a margin round each block so
two neighbouring towers and a worker beside them do not touch. 40 mm is the
smallest round size that holds a block with 2 mm to spare on every side (the
tower's 30 mm tiles and markers sit inside a space)."""
GLUE = 12.0
"""Width (mm) of a glue flap."""
EDGE = 8.0
"""Blank border (mm) kept on every sheet around a piece."""
HEAD = 14.0
"""Room (mm) at the top of a sheet for the piece's label and instructions."""
BORDER = 8.0
"""Width (mm) of the coordinate border round a printed board."""
MARK_PT = 6.0
"""Size (pt) of a start mark's words: small, so they sit under a piece unnoticed."""
CUT = Style(stroke="#000000", stroke_width=0.25, dash=(2.0, 1.0))
HATCH = Style(stroke="#9a8f84", stroke_width=0.25)
_MM_PER_PT = 25.4 / 72


@dataclass(frozen=True, slots=True)
class StartMark:
    """What starts on one space: a few words (one line each) and a chip of colour."""

    lines: tuple[str, ...]
    colour: str = MUTED


def surface_scene(cols: int, rows: int, marks: Mapping[int, Sequence[StartMark]], ident: str,
                  *, voids: frozenset[int] = frozenset(), space: float = PLAY_SPACE) -> Scene:
    """An empty board of ``cols`` x ``rows`` spaces of ``space`` mm, coordinates on its
    border (columns A, B... left to right; rows 1, 2... top to bottom), the squares
    in ``voids`` shaded as no space, and each square's start marks in its lower-left
    corner, the first mark lowest."""
    w, h = cols * space + 2 * BORDER, rows * space + 2 * BORDER
    out: list[Element] = [Rect(0, 0, w, h, Style(fill=PAPER, stroke=INK, stroke_width=0.5),
                               rx=1.5)]
    line_h = MARK_PT * _MM_PER_PT * 1.25
    for sq in range(cols * rows):
        row, col = divmod(sq, cols)
        x, y = BORDER + col * space, BORDER + row * space
        fill = SEA if sq in voids else LAND
        out.append(Rect(x, y, space, space, Style(fill=fill, stroke=LAND_LINE, stroke_width=0.3)))
        base = y + space - 1.6
        for mark in marks.get(sq, ()):
            for text in reversed(mark.lines):
                out.append(Rect(x + 1.4, base - 1.6, 1.6, 1.6, Style(fill=mark.colour)))
                out.append(Text(x + 3.6, base, text, font="sans", size=MARK_PT, fill=MUTED))
                base -= line_h
    out.append(Rect(BORDER, BORDER, cols * space, rows * space, Style(stroke=INK,
                                                                      stroke_width=0.45)))
    size = BORDER * 0.62
    for col in range(cols):
        letter = "ABCDEFGHIJKLMNOP"[col]
        x = BORDER + (col + 0.5) * space
        for y in (BORDER / 2, BORDER + rows * space + BORDER / 2):
            out.append(label_text(x, y, letter, size, fill=MUTED))
    for row in range(rows):
        y = BORDER + (row + 0.5) * space
        for x in (BORDER / 2, BORDER + cols * space + BORDER / 2):
            out.append(label_text(x, y, str(row + 1), size, fill=MUTED))
    return Scene(w, h, tuple(out), id=ident)


def spans(total: float, room: float) -> list[tuple[float, float]]:
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


def piece_pages(board: Scene, paper: tuple[float, float], heading: str,
                lang: str | None) -> list[Scene]:
    """``board`` cut into pieces, one per sheet of ``paper``, in reading order. ``heading``
    names the board; it may hold ``{name}`` and ``{count}`` (the piece and how many)."""
    pw, ph = paper
    room_w, room_h = pw - 2 * EDGE, ph - 2 * EDGE - HEAD
    cols, rows = spans(board.width, room_w), spans(board.height, room_h)
    count = len(rows) * len(cols)
    how = label("board-cut" if count == 1 else "board-glue-how", lang)
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
            if right_flap:
                parts += _hatch(ox + w - GLUE, oy, GLUE, h)
                parts.append(Text(ox + w - GLUE / 2, oy + h / 2, label("board-glue", lang),
                                  size=7, fill=MUTED, anchor="middle"))
            if r < len(rows) - 1:
                parts += _hatch(ox, oy + h - GLUE, w - (GLUE if right_flap else 0.0), GLUE)
                parts.append(Text(ox + w / 2, oy + h - GLUE / 2 + 1.0, label("board-glue", lang),
                                  size=7, fill=MUTED, anchor="middle"))
            parts.append(Rect(ox, oy, w, h, CUT))
            parts.append(Text(EDGE, EDGE + 6.0, heading.format(name=name, count=count),
                              font="sans", size=9, fill=INK, bold=True))
            parts.append(Text(EDGE, EDGE + 11.0, how, font="sans", size=7, fill=MUTED))
            parts.append(_key(pw - EDGE, EDGE + 1.0, len(rows), len(cols), r, c))
            pages.append(Scene(pw, ph, tuple(parts), id=f"{board.id}-{name}"))
    return pages


__all__ = ["GLUE", "PLAY_SPACE", "StartMark", "piece_pages", "spans", "surface_scene"]
