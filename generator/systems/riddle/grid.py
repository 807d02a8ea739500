"""The ASCII map of a riddle: cells, legend, and where each cell sits in the YAML file.

A map is a literal block scalar, one line per row, cells separated by spaces::

    grid: |
      . ~ W  1 .
      . ~ 2b . *

A cell is an optional terrain symbol followed by any marks on that space:

======  ==============================================================
``.``   land (the default terrain when a cell has marks only: ``W``)
``~``   sea: not part of the board
``1-4`` a tower of that height set up there (4 = three blocks and a dome)
``W``   a worker starts here (workers are numbered in reading order)
``K``   the King starts here
``S``   the Sphinx starts here
``b``   a blessing token is set up here
``*``   a unique map feature (its name and text go under ``features``)
======  ==============================================================

So ``2W`` is a worker on a level-2 tower and ``1b`` a blessing token on a
level-1 block. Lines that are empty or start with ``#`` are skipped. A map has
at most 8 rows of at most 8 cells, all rows the same length.

Problems are located in *value* coordinates (line and column inside the
scalar's text, 0-based); :class:`~generator.pack.grid.BlockLayout` maps them to the file's lines and
columns: the scalar's recorded position is its ``|`` indicator, its content
starts on the next line at the block's indentation.

>>> grid, problems = parse_grid(". W\\n~ 2b\\n")
>>> (grid.width, grid.height, problems)
(2, 2, [])
>>> [(c.name, c.terrain, c.marks) for c in grid.cells]
[('A1', '.', ''), ('B1', '.', 'W'), ('A2', '~', ''), ('B2', '2', 'b')]
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from generator.engine.geometry import COLUMN_LETTERS
from generator.pack.grid import GridProblem, iter_shape_problems

TERRAIN = ".~1234"
MARKS = "WKSb*"
FIGURES = "WKS"
LEGEND: dict[str, str] = {
    ".": "land",
    "~": "sea",
    "1": "a 1-high tower",
    "2": "a 2-high tower",
    "3": "a 3-high tower",
    "4": "a 4-high tower (three blocks and a dome)",
    "W": "a worker start",
    "K": "the King",
    "S": "the Sphinx",
    "b": "a blessing token",
    "*": "a unique feature",
}
MARK_NAMES = {"W": "a worker", "K": "the King", "S": "the Sphinx", "b": "a blessing token",
              "*": "a feature"}
LEGEND_HINT = ("cells are '.' land, '~' sea, '1'-'4' towers, optionally followed by W (worker), "
               "K (King), S (Sphinx), b (blessing token), * (feature), e.g. '2W'")

_TOKEN = re.compile(r"\S+")


@dataclass(frozen=True, slots=True)
class GridCell:
    """One cell as written: its place on the map and in the scalar's text."""

    row: int
    col: int
    line: int  # 0-based line inside the scalar's text
    offset: int  # 0-based column inside that line
    text: str
    terrain: str
    marks: str

    @property
    def name(self) -> str:
        return f"{COLUMN_LETTERS[self.col]}{self.row + 1}"


@dataclass(frozen=True, slots=True)
class ParsedGrid:
    width: int
    height: int
    cells: tuple[GridCell, ...]  # row-major, so cells[row * width + col]

    def cell(self, row: int, col: int) -> GridCell:
        return self.cells[row * self.width + col]



def parse_grid(text: str) -> tuple[ParsedGrid | None, list[GridProblem]]:
    """Read a map grid; ``None`` when its shape is unusable (problems say why)."""
    problems: list[GridProblem] = []
    rows: list[list[GridCell]] = []
    for line_no, line in enumerate(text.split("\n")):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        row = len(rows)
        cells: list[GridCell] = []
        for col, match in enumerate(_TOKEN.finditer(line)):
            token, offset = match.group(), match.start()
            cells.append(_read_cell(token, row, col, line_no, offset, problems))
        rows.append(cells)
    if not rows:
        problems.append(GridProblem("RS-G002", "the map grid is empty", 0, 0, LEGEND_HINT))
        return None, problems
    width = len(rows[0])
    problems.extend(iter_shape_problems(rows, "RS-G002", "sea"))
    if any(p.code in ("RS-G001", "RS-G002") for p in problems):
        return None, problems
    flat = tuple(cell for cells in rows for cell in cells)
    return ParsedGrid(width, len(rows), flat), problems


def _read_cell(token: str, row: int, col: int, line: int, offset: int,
               problems: list[GridProblem]) -> GridCell:
    terrain, marks = (token[0], token[1:]) if token[0] in TERRAIN else (".", token)
    start = len(token) - len(marks)
    clean = ""
    for i, mark in enumerate(marks):
        where = offset + start + i
        if mark not in MARKS:
            problems.append(GridProblem(
                "RS-G001", f"'{mark}' in cell '{token}' is not a map symbol", line, where,
                LEGEND_HINT + "; separate cells with spaces"))
            continue
        if mark in clean:
            if mark in FIGURES:
                problems.append(GridProblem(
                    "RS-G005", f"cell '{token}' puts {MARK_NAMES[mark]} on a space twice",
                    line, offset))
            else:
                problems.append(GridProblem(
                    "RS-G001", f"cell '{token}' repeats '{mark}'", line, where))
            continue
        clean += mark
    figures = [m for m in clean if m in FIGURES]
    name = f"{COLUMN_LETTERS[col]}{row + 1}" if col < len(COLUMN_LETTERS) else "?"
    if len(figures) > 1:
        problems.append(GridProblem(
            "RS-G005", f"{name}: {MARK_NAMES[figures[0]]} and {MARK_NAMES[figures[1]]} start on "
            f"the same space", line, offset, "each space holds at most one figure"))
    for mark in clean:
        if mark == "*":
            continue  # a feature may be a sea feature (a whirlpool, a reef)
        if terrain == "~":
            problems.append(GridProblem(
                "RS-G004", f"{name}: {MARK_NAMES[mark]} is set up on the sea", line, offset,
                "figures and tokens need a land space"))
        elif terrain == "4":
            problems.append(GridProblem(
                "RS-G003", f"{name}: {MARK_NAMES[mark]} is set up on a dome", line, offset,
                "nothing stands on a domed space; use 3 for a three-block tower"))
    return GridCell(row, col, line, offset, token, terrain, clean)
