"""What every ASCII map shares, whatever system writes it: problems placed inside a
block scalar's text, the shape check (equal rows, at most MAX_SIDE), and the
layout that maps a place in the scalar back to its file line and column.

Riddle and tower maps (and any third-party system's) parse their own cells and
build on this module, so no system imports another's grid.
"""
from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Protocol

from generator.engine.geometry import MAX_SIDE


@dataclass(frozen=True, slots=True)
class GridProblem:
    """A problem at a place inside the scalar's text (0-based line and column)."""

    code: str
    message: str
    line: int
    offset: int
    hint: str = ""


class _Cell(Protocol):
    @property
    def row(self) -> int: ...
    @property
    def line(self) -> int: ...
    @property
    def offset(self) -> int: ...
    @property
    def text(self) -> str: ...


def iter_shape_problems(rows: Sequence[Sequence[_Cell]], code: str, blank: str
                        ) -> Iterator[GridProblem]:
    """Rows of unequal length and maps larger than MAX_SIDE, at the offending cell.

    Shared by every system that writes maps as ASCII grids; ``blank`` names
    what a designer writes for an empty cell (sea, water).
    """
    width = len(rows[0])
    for cells in rows[1:]:
        if len(cells) > width:
            extra = cells[width]
            yield GridProblem(
                code, f"row {extra.row + 1} has {len(cells)} cells; the first row has {width}",
                extra.line, extra.offset, "every row of the map has the same number of cells")
        elif len(cells) < width:
            last = cells[-1]
            yield GridProblem(
                code, f"row {last.row + 1} has {len(cells)} cells; the first row has {width}",
                last.line, last.offset + len(last.text),
                f"every row of the map has the same number of cells (use '~' for {blank})")
    if width > MAX_SIDE:
        extra = rows[0][MAX_SIDE]
        yield GridProblem(code, f"the map is {width} cells wide; at most {MAX_SIDE} are allowed",
                          extra.line, extra.offset)
    if len(rows) > MAX_SIDE:
        extra = rows[MAX_SIDE][0]
        yield GridProblem(code, f"the map has {len(rows)} rows; at most {MAX_SIDE} are allowed",
                          extra.line, extra.offset)


@dataclass(frozen=True, slots=True)
class BlockLayout:
    """Where the text of a scalar sits in its file.

    ``exact`` is True for a literal block (``|``): value line ``i`` is file line
    ``first_line + i`` and value column ``c`` is file column ``indent + c + 1``.
    For any other style the lines cannot be mapped, and every place falls back to
    the scalar's own position.
    """

    first_line: int
    indent: int
    exact: bool
    start: tuple[int, int]

    def locate(self, line: int, offset: int) -> tuple[int, int]:
        """1-based file line and column of a 0-based place in the value."""
        if not self.exact:
            return self.start
        return (self.first_line + line, self.indent + offset + 1)


def layout_block(value_pos: tuple[int, int], key_pos: tuple[int, int] | None,
                 source: str | None, key: str = "grid") -> BlockLayout:
    """The layout of a block scalar whose ``|`` is at ``value_pos``.

    With the file's ``source`` the indentation is read from it (an explicit
    indentation indicator, or the first non-empty content line). Without it, or
    when the source does not show ``key`` where the key was found (the file
    changed since it was loaded), we assume the usual style: content indented
    two spaces more than its key.

    >>> text = "map:\\n  grid: |\\n    . W\\n"
    >>> layout_block((2, 9), (2, 3), text).locate(0, 2)
    (3, 7)
    >>> layout_block((2, 9), (2, 3), None).locate(0, 2)
    (3, 7)
    """
    line, col = value_pos
    parent = (key_pos[1] - 1) if key_pos else 0
    guess = BlockLayout(line + 1, parent + 2, True, value_pos)
    if source is None:
        return guess
    lines = source.splitlines()
    if not 1 <= line <= len(lines) or len(lines[line - 1]) < col:
        return guess
    if key_pos and not lines[key_pos[0] - 1][key_pos[1] - 1:].startswith(key):
        return guess
    header = lines[line - 1][col - 1:]
    if not header or header[0] not in "|>":
        return BlockLayout(line, 0, False, value_pos)  # quoted or plain: no line mapping
    if header[0] == ">":
        return BlockLayout(line + 1, 0, False, value_pos)
    digits = re.match(r"\|[+-]?([1-9])?", header)
    if digits and digits.group(1):
        return BlockLayout(line + 1, parent + int(digits.group(1)), True, value_pos)
    for text in lines[line:]:
        if text.strip():
            return BlockLayout(line + 1, len(text) - len(text.lstrip(" ")), True, value_pos)
    return guess


__all__ = ["BlockLayout", "GridProblem", "iter_shape_problems", "layout_block"]
