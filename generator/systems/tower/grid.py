"""The ASCII map of a tower-defence scenario, and where each cell sits in the file.

A map is a literal block scalar, one line per row, cells separated by spaces::

    map: |
      T T . ~ ~
      . 1 . . ~
      . B 2 . .

A cell is an optional terrain symbol followed by an optional ``B``:

======  ============================================================
``.``   ground (the default terrain when a cell is only ``B``)
``~``   water: nothing is built there and no pawn enters it
``T``   a target zone: nothing is built there; an enemy entering it wins
``1-4`` a building of that height (4 = three blocks and a dome)
``B``   a builder starts here (``2B``: a builder on a level-2 building)
======  ============================================================

Lines that are empty or start with ``#`` are skipped. At most 8 rows of at
most 8 cells, all rows the same length. Enemies are listed beside the map
(``enemies:``), each with its type, space and facing.

Problems are placed in value coordinates (0-based line and column inside the
scalar's text); :func:`~generator.pack.grid.layout_block` maps them to
the file, exactly as for riddle maps.

>>> grid, problems = parse_map(". B\\nT 2\\n")
>>> (grid.width, grid.height, problems)
(2, 2, [])
>>> [(c.name, c.terrain, c.builder) for c in grid.cells]
[('A1', '.', False), ('B1', '.', True), ('A2', 'T', False), ('B2', '2', False)]
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from generator.engine.geometry import COLUMN_LETTERS, MAX_SIDE
from generator.pack.grid import BlockLayout, GridProblem, iter_shape_problems, layout_block

TERRAIN = ".~T1234"
BUILDER = "B"
LEGEND = {
    ".": "ground",
    "~": "water",
    "T": "a target zone",
    "1": "a 1-high building",
    "2": "a 2-high building",
    "3": "a 3-high building",
    "4": "a 4-high building (three blocks and a dome)",
    "B": "a builder start",
}
LEGEND_HINT = ("cells are '.' ground, '~' water, 'T' target zone, '1'-'4' buildings "
               "(4 = domed), optionally followed by B (a builder), e.g. '2B'")

_TOKEN = re.compile(r"\S+")


@dataclass(frozen=True, slots=True)
class MapCell:
    """One cell as written: its place on the map and in the scalar's text."""

    row: int
    col: int
    line: int  # 0-based line inside the scalar's text
    offset: int  # 0-based column inside that line
    text: str
    terrain: str
    builder: bool

    @property
    def name(self) -> str:
        return f"{COLUMN_LETTERS[self.col]}{self.row + 1}" if self.col < MAX_SIDE else "?"


@dataclass(frozen=True, slots=True)
class ParsedMap:
    width: int
    height: int
    cells: tuple[MapCell, ...]  # row-major: cells[row * width + col]


def parse_map(text: str) -> tuple[ParsedMap | None, list[GridProblem]]:
    """Read a scenario map; ``None`` when its shape or a cell is unusable."""
    problems: list[GridProblem] = []
    rows: list[list[MapCell]] = []
    for line_no, line in enumerate(text.split("\n")):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        row = len(rows)
        rows.append([_read_cell(m.group(), row, col, line_no, m.start(), problems)
                     for col, m in enumerate(_TOKEN.finditer(line))])
    if not rows:
        problems.append(GridProblem("RS-T002", "the map is empty", 0, 0, LEGEND_HINT))
        return None, problems
    width = len(rows[0])
    problems.extend(iter_shape_problems(rows, "RS-T002", "water"))
    if problems:
        return None, problems
    return ParsedMap(width, len(rows), tuple(c for cells in rows for c in cells)), problems


def _read_cell(token: str, row: int, col: int, line: int, offset: int,
               problems: list[GridProblem]) -> MapCell:
    terrain, rest = (token[0], token[1:]) if token[0] in TERRAIN else (".", token)
    builder = False
    for i, mark in enumerate(rest):
        where = offset + len(token) - len(rest) + i
        if mark == BUILDER and not builder:
            builder = True
        elif mark == BUILDER:
            problems.append(GridProblem("RS-T001", f"cell '{token}' repeats 'B'", line, where,
                                        "a space holds at most one builder"))
        else:
            problems.append(GridProblem("RS-T001", f"'{mark}' in cell '{token}' is not a map "
                                        "symbol", line, where,
                                        LEGEND_HINT + "; separate cells with spaces"))
    return MapCell(row, col, line, offset, token, terrain, builder)


__all__ = ["BlockLayout", "LEGEND", "LEGEND_HINT", "MapCell", "ParsedMap", "TERRAIN",
           "layout_block", "parse_map"]
