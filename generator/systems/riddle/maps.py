"""Riddle maps seen from above (the legend page of their symbols is in :mod:`.legend`).

:func:`render_map` draws any riddle map (up to 8x8, with sea and bridges) as a
:class:`~generator.render.scene.Scene`: land and sea, towers as nested squares
with their level, domes, figures, coins, blessing tokens and feature markers,
and the coordinates around the border. The same scene goes to SVG and into the
PDFs. Given a position (a :class:`RiddleState`) it draws that position instead
of the set-up, and ``arrows``/``builds`` mark a solution turn on it.

Every space is laid out the same way, so a crowded space stays readable::

    +--------------------+
    | level         feat |   level: the tower's height badge (top left)
    |                    |   feature marker (top right)
    |       figure       |   a worker, the King or the Sphinx (centre; a dome
    |                    |   takes the centre when the space is domed)
    | token         coin |   blessing token (bottom left), coin (bottom right)
    +--------------------+

SVG groups carry ids naming what they show and where: ``worker-B2``,
``king-E1``, ``sphinx-E5``, ``coin-C3``, ``blessing-B4``, ``feature-E3``,
``dome-D1``, ``level2-C3`` (a tower without a dome), ``bridge-A2-C2``, ``sunk-C3``,
``move-B2-C3``, ``build-C4``.

>>> from generator.render import scene_to_svg
>>> riddle = sample_riddle()
>>> scene = render_map(riddle, size_mm=100)
>>> (round(scene.width, 3), round(scene.height, 3))
(100.0, 100.0)
>>> b"worker-B2" in scene_to_svg(scene)
True
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from generator.engine.geometry import NO_SQUARE, Geometry, Square
from generator.engine.state import State, height_at
from generator.render.icons import (
    icon_label,
    BUILD,
    DOME,
    DOME_LIGHT,
    ICONS,
    INK,
    LAND,
    LAND_LINE,
    LEVEL_FILLS,
    MOVE,
    MUTED,
    SEA,
    SEA_LINE,
    WOOD,
    WORKER_COLOURS,
    arrow_shape,
    icon_blessing,
    icon_coin,
    icon_feature,
    icon_king,
    icon_sphinx,
    icon_wanderer,
    icon_worker,
)
from generator.render.scene import Circle, Element, Group, Line, Path, Rect, Scene, Style
from generator.systems.riddle.model import Riddle
from generator.systems.riddle.state import RiddleState

# -- the layout of one space (fractions of the cell's side) -------------------------------

LEVEL_INSETS = (0.07, 0.15, 0.23)
"""Inset of the level-1, level-2 and level-3 squares from the cell's edge."""
FIGURE_BOX = 0.54
"""Side of the centred figure token."""
DOME_RADIUS = 0.21
CORNER_BOX = 0.32
"""Side of a corner item (coin, blessing token, feature marker)."""
CORNER_INSET = 0.045
"""Gap between a corner item and the cell's edge: room for a build marker's frame."""
BADGE_RADIUS = 0.095
BADGE_CENTRE = 0.155
ICON_GAP = 0.04
"""Gap between two power icons side by side on a move arrow."""
MARGIN = 0.45
"""Border around the board for the coordinates, in cells."""
DEFAULT_SIZE_MM = 120.0


@dataclass(frozen=True, slots=True)
class Space:
    """What stands on one space, as the map draws it."""

    level: int = 0
    dome: bool = False
    sunk: bool = False
    figure: str = ""  # "" | "worker" | "king" | "sphinx"
    worker: int = -1  # the worker's index (its number on the map is index + 1)
    colour: str = "start"  # a WORKER_COLOURS name, for a worker
    coin: tuple[str, tuple[int, ...]] | None = None  # (colour, levels)
    token: bool = False
    feature: bool = False


def worker_colours_for(players: int) -> tuple[str, ...]:
    """Worker colours by worker index for a player count (RULES 1: players and workers).

    >>> worker_colours_for(1), worker_colours_for(3)
    (('white', 'white', 'blue', 'blue'), ('white', 'blue', 'red', 'wanderer'))
    """
    if players == 3:
        return ("white", "blue", "red", "wanderer")
    return ("white", "white", "blue", "blue")


def marks_of_move(before: State, move: Sequence[int]
                  ) -> tuple[tuple[tuple[Square, Square], ...], tuple[Square, ...]]:
    """The move arrow and build marker of a solver move ``(worker, to, build)`` played
    from ``before``, as :func:`render_map` takes them; other actions mark nothing.

    >>> marks_of_move(State(0, 0, 0, 0, (0, 5)), (1, 6, 7))
    (((5, 6),), (7,))
    """
    worker, to, build = move[0], move[1], move[2]
    if worker < 0 or worker >= len(before.workers) or before.workers[worker] == NO_SQUARE:
        return ((), ())
    return (((before.workers[worker], to),), (build,) if build != NO_SQUARE else ())


# -- drawing one space ------------------------------------------------------------------


def _line_width(c: float, fraction: float = 0.012) -> float:
    return max(0.12, c * fraction)


def sea_cell(x: float, y: float, c: float) -> tuple[Element, ...]:
    style = Style(stroke=SEA_LINE, stroke_width=_line_width(c, 0.025))
    out: list[Element] = []
    for fu, fv in ((0.16, 0.3), (0.5, 0.58), (0.2, 0.82)):
        sx, sy, step = x + fu * c, y + fv * c, c * 0.1
        out.append(Path((("M", sx, sy), ("Q", sx + step / 2, sy - step / 2, sx + step, sy),
                         ("Q", sx + step * 1.5, sy + step / 2, sx + step * 2, sy)), style))
    return tuple(out)


def _dome_top(cx: float, cy: float, r: float, c: float) -> tuple[Element, ...]:
    """A dome from above: a blue disc with a highlight."""
    return (Circle(cx, cy, r, Style(fill=DOME, stroke=INK, stroke_width=_line_width(c, 0.018))),
            Path((("M", cx - 0.62 * r, cy - 0.1 * r), ("Q", cx - 0.6 * r, cy - 0.6 * r, cx - 0.1 * r, cy - 0.62 * r)),
                 Style(stroke=DOME_LIGHT, stroke_width=_line_width(c, 0.03))))


def _tower(x: float, y: float, c: float, space: Space) -> tuple[Element, ...]:
    """The nested squares of a tower, its dome and its height badge."""
    out: list[Element] = []
    for level in range(1, space.level + 1):
        inset = LEVEL_INSETS[level - 1] * c
        out.append(Rect(x + inset, y + inset, c - 2 * inset, c - 2 * inset,
                        Style(fill=LEVEL_FILLS[level - 1], stroke=INK,
                              stroke_width=_line_width(c, 0.012 + 0.003 * level))))
    if space.dome:
        out.extend(_dome_top(x + c / 2, y + c / 2, DOME_RADIUS * c, c))
    if space.level:
        bx, by = x + BADGE_CENTRE * c, y + BADGE_CENTRE * c
        out.append(Circle(bx, by, BADGE_RADIUS * c, Style(fill=LEVEL_FILLS[space.level - 1], stroke=INK,
                                                           stroke_width=_line_width(c, 0.014))))
        out.extend(icon_label(bx, by, str(space.level), BADGE_RADIUS * c * 1.45))
    return tuple(out)


def _corner(x: float, y: float, c: float, corner: str) -> tuple[float, float]:
    """Top-left of a corner item's box: corner is tl, tr, bl or br."""
    near, far = CORNER_INSET * c, c - CORNER_INSET * c - CORNER_BOX * c
    return (x + (far if corner[1] == "r" else near), y + (far if corner[0] == "b" else near))


def _items(x: float, y: float, c: float, space: Space, name: str
           ) -> tuple[list[Element], list[Element]]:
    """Tokens, coin and feature marker (first list) and the figure (second list) of a space."""
    items: list[Element] = []
    box = CORNER_BOX * c
    if space.feature:
        items.append(Group(icon_feature(*_corner(x, y, c, "tr"), box), id=f"feature-{name}"))
    if space.token:
        items.append(Group(icon_blessing(*_corner(x, y, c, "bl"), box), id=f"blessing-{name}"))
    if space.coin is not None:
        colour, levels = space.coin
        items.append(Group(icon_coin(*_corner(x, y, c, "br"), box, colour=colour, levels=levels),
                           id=f"coin-{name}"))
    figures: list[Element] = []
    if space.figure:
        side = FIGURE_BOX * c
        fx, fy = x + (c - side) / 2, y + (c - side) / 2
        if space.figure == "king":
            figures.append(Group(icon_king(fx, fy, side), id=f"king-{name}"))
        elif space.figure == "sphinx":
            figures.append(Group(icon_sphinx(fx, fy, side), id=f"sphinx-{name}"))
        else:
            label = str(space.worker + 1) if space.worker >= 0 else None
            drawn = (icon_wanderer(fx, fy, side, label=label) if space.colour == "wanderer"
                     else icon_worker(fx, fy, side, colour=space.colour, label=label))
            figures.append(Group(drawn, id=f"worker-{name}"))
    return items, figures


def draw_space(x: float, y: float, c: float, space: Space, name: str = "") -> tuple[Element, ...]:
    """One space on its own, outlined as an island (the legend's samples use it)."""
    ground: list[Element] = []
    if space.sunk:
        ground += [Rect(x, y, c, c, Style(fill=SEA)), *sea_cell(x, y, c)]
        ground.append(Rect(x + 0.1 * c, y + 0.1 * c, 0.8 * c, 0.8 * c,
                           Style(stroke=INK, stroke_width=_line_width(c), dash=(0.05 * c, 0.04 * c))))
    else:
        ground.append(Rect(x, y, c, c, Style(fill=LAND, stroke=INK, stroke_width=_line_width(c, 0.025))))
        ground.extend(_tower(x, y, c, space))
    items, figures = _items(x, y, c, space, name)
    return (*ground, *items, *figures)


# -- the map ----------------------------------------------------------------------------


def _square(geometry: Geometry, where: Square | str) -> Square:
    return geometry.square(where) if isinstance(where, str) else where


def _spaces(riddle: Riddle, state: RiddleState | State | None,
            worker_colours: Sequence[str]) -> tuple[dict[Square, Space], int]:
    """What stands where, and the sunk squares, for the set-up or a given position."""
    board = riddle.board
    geometry = board.geometry
    if state is None:
        position, tokens, collected, sunk = board.state(), board.tokens, 0, 0
    elif isinstance(state, RiddleState):
        position, tokens, collected, sunk = state.board, state.tokens, state.collected, state.sunk
    else:
        position, tokens, collected, sunk = state, board.tokens, 0, 0
    coins: dict[Square, tuple[str, tuple[int, ...]]] = {}
    for i, coin in enumerate(riddle.coins):
        if not collected >> i & 1 and coin.square not in coins:
            coins[coin.square] = (coin.colour, coin.levels)
    figures: dict[Square, tuple[str, int, str]] = {}
    for i, sq in enumerate(position.workers):
        if sq != NO_SQUARE:
            colour = worker_colours[i] if i < len(worker_colours) else "start"
            figures[sq] = ("worker", i, colour)
    if position.king != NO_SQUARE:
        figures[position.king] = ("king", -1, "start")
    if position.sphinx != NO_SQUARE:
        figures[position.sphinx] = ("sphinx", -1, "start")
    out: dict[Square, Space] = {}
    for sq in geometry.squares:
        figure, worker, colour = figures.get(sq, ("", -1, "start"))
        out[sq] = Space(
            level=height_at(position, sq),
            dome=bool(position.domes >> sq & 1) and not sunk >> sq & 1,
            sunk=bool(sunk >> sq & 1),
            figure=figure, worker=worker, colour=colour,
            coin=coins.get(sq),
            token=bool(tokens >> sq & 1),
            feature=bool(board.feature_marks >> sq & 1),
        )
    return out, sunk


def _coast(geometry: Geometry, land: int, ox: float, oy: float, c: float) -> tuple[list[Element], list[Element]]:
    """Grid lines between land spaces, and the coastline around land (both as lines)."""
    w, h = geometry.width, geometry.height
    grid_style = Style(stroke=LAND_LINE, stroke_width=_line_width(c, 0.01))
    coast_width = _line_width(c, 0.025)
    coast_style = Style(stroke=INK, stroke_width=coast_width)
    half = coast_width / 2
    grid: list[Element] = []
    coast: list[Element] = []

    def is_land(col: int, row: int) -> bool:
        return 0 <= col < w and 0 <= row < h and bool(land >> (row * w + col) & 1)

    for row in range(h):
        for col in range(w):
            if not is_land(col, row):
                continue
            x, y = ox + col * c, oy + row * c
            # Each edge once: right and bottom edges to land are grid lines; any edge to sea is coast.
            for dc, dr, x1, y1, x2, y2 in ((1, 0, x + c, y, x + c, y + c), (0, 1, x, y + c, x + c, y + c),
                                           (-1, 0, x, y, x, y + c), (0, -1, x, y, x + c, y)):
                if is_land(col + dc, row + dr):
                    if dc + dr > 0:
                        grid.append(Line(x1, y1, x2, y2, grid_style))
                elif x1 == x2:
                    # Coast lines overrun their ends by half their width so corners close.
                    coast.append(Line(x1, y1 - half, x2, y2 + half, coast_style))
                else:
                    coast.append(Line(x1 - half, y1, x2 + half, y2, coast_style))
    return grid, coast


def _bridge(geometry: Geometry, a: Square, b: Square, ox: float, oy: float, c: float) -> Group:
    (ra, ca), (rb, cb) = divmod(a, geometry.width), divmod(b, geometry.width)
    if (ra, ca) > (rb, cb):
        (ra, ca), (rb, cb) = (rb, cb), (ra, ca)
    if ra == rb:  # across columns: from a's right edge to b's left edge
        x1, y1, x2, y2 = ox + (ca + 1) * c, oy + (ra + 0.5) * c, ox + cb * c, oy + (rb + 0.5) * c
    else:
        x1, y1, x2, y2 = ox + (ca + 0.5) * c, oy + (ra + 1) * c, ox + (cb + 0.5) * c, oy + rb * c
    plank = arrow_shape(x1, y1, x2, y2, 0.2 * c, 0.28 * c,
                        Style(fill=WOOD, stroke=INK, stroke_width=_line_width(c, 0.02)), both=True)
    # Rails along the plank, as on a rope bridge: they say "cross here" before the arrowheads do.
    horizontal = ra == rb
    rails: list[Element] = []
    length = math.hypot(x2 - x1, y2 - y1)
    inner = 0.3 * c
    if length > 2 * inner:
        for side in (-0.05 * c, 0.05 * c):
            if horizontal:
                rails.append(Line(x1 + inner, y1 + side, x2 - inner, y2 + side,
                                  Style(stroke=INK, stroke_width=_line_width(c, 0.008))))
            else:
                rails.append(Line(x1 + side, y1 + inner, x2 + side, y2 - inner,
                                  Style(stroke=INK, stroke_width=_line_width(c, 0.008))))
    return Group((plank, *rails), id=f"bridge-{geometry.name(a)}-{geometry.name(b)}")


def _move_arrow(geometry: Geometry, a: Square, b: Square, ox: float, oy: float, c: float,
                figure_at_end: bool) -> Group:
    ax, ay = divmod(a, geometry.width)[::-1]
    bx, by = divmod(b, geometry.width)[::-1]
    x1, y1 = ox + (ax + 0.5) * c, oy + (ay + 0.5) * c
    x2, y2 = ox + (bx + 0.5) * c, oy + (by + 0.5) * c
    length = math.hypot(x2 - x1, y2 - y1)
    stop = (FIGURE_BOX * 0.46 + 0.03) * c if figure_at_end else 0.12 * c
    if length > stop:
        x2, y2 = x2 - (x2 - x1) / length * stop, y2 - (y2 - y1) / length * stop
    width, head = 0.07 * c, 0.15 * c
    halo = arrow_shape(x1, y1, x2, y2, width, head,
                       Style(fill="#ffffff", stroke="#ffffff", stroke_width=_line_width(c, 0.03)))
    arrow = arrow_shape(x1, y1, x2, y2, width, head, Style(fill=MOVE))
    start = Circle(x1, y1, 0.06 * c, Style(fill=MOVE, stroke="#ffffff", stroke_width=_line_width(c, 0.015)))
    return Group((halo, arrow, start), id=f"move-{geometry.name(a)}-{geometry.name(b)}")


def render_map(riddle: Riddle, state: RiddleState | State | None = None,
               arrows: Sequence[tuple[Square | str, Square | str]] = (),
               size_mm: float = DEFAULT_SIZE_MM, *, builds: Sequence[Square | str] = (),
               worker_colours: Sequence[str] = (), scene_id: str | None = None,
               arrow_icons: Sequence[str] = ()) -> Scene:
    """The riddle's map from above, fitting a ``size_mm`` square (the longer side is ``size_mm``).

    ``state`` is the position to draw (default: the set-up); ``arrows`` are
    moves ``(from, to)`` and ``builds`` spaces just built on, as squares or
    names like ``"B2"``. ``worker_colours`` names each worker's colour by index
    (see :func:`worker_colours_for`); by default workers are start markers.
    Workers are numbered from 1 in the order the solver names them (W1, W2...).
    ``arrow_icons`` are drawn side by side on the middle of the first arrow (the
    blessing card and the gods' types a power turn used).

    Everything scales with the cell: cells of 12 mm or more (a 5x5 map of 75 mm)
    keep the height badges and single-level coins at about 5 pt; smaller maps
    stay correct, only harder to read.
    """
    geometry = riddle.board.geometry
    for colour in worker_colours:
        if colour not in WORKER_COLOURS:
            raise ValueError(f"unknown worker colour {colour!r}; use one of {', '.join(WORKER_COLOURS)}")
    cols, rows = geometry.width, geometry.height
    c = size_mm / (max(cols, rows) + 2 * MARGIN)
    ox = oy = MARGIN * c
    width, height = cols * c + 2 * ox, rows * c + 2 * oy
    spaces, sunk = _spaces(riddle, state, worker_colours)
    land = geometry.land & ~sunk

    board: list[Element] = [Rect(ox, oy, cols * c, rows * c, Style(fill=SEA))]
    for sq in range(geometry.size):
        if not land >> sq & 1:
            row, col = divmod(sq, cols)
            board.extend(sea_cell(ox + col * c, oy + row * c, c))
    cells: list[Element] = []
    items: list[Element] = []
    figures: list[Element] = []
    for sq in geometry.squares:
        row, col = divmod(sq, cols)
        x, y = ox + col * c, oy + row * c
        space = spaces[sq]
        name = geometry.name(sq)
        if space.sunk:
            cells.append(Group((Rect(x + 0.1 * c, y + 0.1 * c, 0.8 * c, 0.8 * c,
                                     Style(stroke=INK, stroke_width=_line_width(c),
                                           dash=(0.05 * c, 0.04 * c))),), id=f"sunk-{name}"))
        else:
            cells.append(Rect(x, y, c, c, Style(fill=LAND)))
        sq_items, sq_figures = _items(x, y, c, space, name)
        items.extend(sq_items)
        figures.extend(sq_figures)
    grid, coast = _coast(geometry, land, ox, oy, c)
    towers: list[Element] = []
    for sq in geometry.squares:
        space = spaces[sq]
        if space.sunk or not (space.level or space.dome):
            continue
        row, col = divmod(sq, cols)
        drawn = _tower(ox + col * c, oy + row * c, c, space)
        name = geometry.name(sq)
        towers.append(Group(drawn, id=f"dome-{name}" if space.dome else f"level{space.level}-{name}"))
    # A bridge whose end has sunk leads nowhere (a sunk space is never entered): not drawn.
    bridges = [_bridge(geometry, a, b, ox, oy, c) for a, b in geometry.bridges
               if not (sunk >> a & 1 or sunk >> b & 1)]
    frame = Rect(ox, oy, cols * c, rows * c, Style(stroke=INK, stroke_width=_line_width(c, 0.015)))

    marks: list[Element] = []
    for where in sorted({_square(geometry, b) for b in builds}):
        row, col = divmod(where, cols)
        inset, line = 0.02 * c, 0.04 * c
        marks.append(Group((Rect(ox + col * c + inset, oy + row * c + inset, c - 2 * inset, c - 2 * inset,
                                 Style(stroke=BUILD, stroke_width=line), rx=0.06 * c),),
                           id=f"build-{geometry.name(where)}"))
    moves: list[Element] = []
    for a, b in arrows:
        sa, sb = _square(geometry, a), _square(geometry, b)
        moves.append(_move_arrow(geometry, sa, sb, ox, oy, c, bool(spaces.get(sb, Space()).figure)))
    if arrows and arrow_icons:
        moves.extend(_arrow_icons(geometry, arrows[0], arrow_icons, ox, oy, c))

    labels = _coordinates(cols, rows, ox, oy, c)
    # Layers, bottom to top. Move arrows pass under tokens, coins and figures, so
    # those stay whole; the arrows' heads stop short of the figure they point at.
    children: list[Element] = [
        Group(tuple(board), id="sea"),
        Group(tuple(cells), id="land"),
        Group(tuple(grid + coast), id="coast"),
        *towers, *bridges, frame, *marks, *moves, *items, *figures,
        Group(tuple(labels), id="coordinates"),
    ]
    return Scene(width, height, tuple(children), id=scene_id or f"map-{riddle.id}")


def _arrow_icons(geometry: Geometry, arrow: tuple[Square | str, Square | str],
                 icons: Sequence[str], ox: float, oy: float, c: float) -> list[Element]:
    """The icons of the powers and the card a move used, side by side across the middle
    of its arrow (across, so that neither reaches the figures at its ends), the first
    one above or left."""
    cols = geometry.width
    sa, sb = _square(geometry, arrow[0]), _square(geometry, arrow[1])
    (ay, ax), (by, bx) = divmod(sa, cols), divmod(sb, cols)
    d = 0.34 * c
    mx, my = ox + ((ax + bx) / 2 + 0.5) * c - d / 2, oy + ((ay + by) / 2 + 0.5) * c - d / 2
    # A unit vector across the arrow, pointing down or right.
    px, py = float(abs(by - ay)), float(abs(bx - ax))
    if (bx - ax) * (by - ay) > 0:
        px = -px
    norm = math.hypot(px, py) or 1.0
    px, py = px / norm, py / norm
    out: list[Element] = []
    for k, icon in enumerate(icons):
        shift = (k - (len(icons) - 1) / 2) * (d + ICON_GAP * c)
        x, y = (mx, my) if len(icons) == 1 else (mx + shift * px, my + shift * py)
        out.append(Group(ICONS[icon](x, y, d),
                         id=f"power-{geometry.name(sa)}" + (f"-{k + 1}" if k else "")))
    return out


def _coordinates(cols: int, rows: int, ox: float, oy: float, c: float) -> list[Element]:
    """Column letters above and below the board, row numbers left and right of it."""
    size = min(0.24 * c, 6.0)
    out: list[Element] = []
    for col in range(cols):
        cx = ox + (col + 0.5) * c
        letter = chr(ord("A") + col)
        out.extend(icon_label(cx, oy / 2, letter, size, fill=MUTED))
        out.extend(icon_label(cx, oy + rows * c + oy / 2, letter, size, fill=MUTED))
    for row in range(rows):
        cy = oy + (row + 0.5) * c
        out.extend(icon_label(ox / 2, cy, str(row + 1), size, fill=MUTED))
        out.extend(icon_label(ox + cols * c + ox / 2, cy, str(row + 1), size, fill=MUTED))
    return out


def sample_riddle() -> Riddle:
    """The starter pack's riddle (5x5 with sea, coins, a token and a feature), for examples."""
    from generator.pack.model import Document
    from generator.pack.yamlload import load_yaml
    from generator.systems.riddle.model import build_riddle
    from generator.systems.riddle.templates import STARTER_RIDDLE

    loaded = load_yaml(STARTER_RIDDLE, "first-light.yaml").documents[0]
    riddle, _ = build_riddle(Document("riddle", loaded.data["id"], "first-light.yaml", loaded),
                             STARTER_RIDDLE)
    assert riddle is not None
    return riddle


__all__ = ["DEFAULT_SIZE_MM", "Space", "draw_space", "marks_of_move", "render_map",
           "sample_riddle", "worker_colours_for"]
