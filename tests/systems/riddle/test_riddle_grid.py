"""The ASCII map: cells, legend, shape problems, and positions inside the block scalar."""
from __future__ import annotations

import pytest

from generator.pack.grid import layout_block
from generator.systems.riddle.grid import LEGEND, MARKS, TERRAIN, parse_grid


def test_cells_read_terrain_then_marks() -> None:
    grid, problems = parse_grid(". ~ 1 2 3\n4 W Kb 2S *\n~* 3b . . .\n")
    assert problems == [] and grid is not None
    assert (grid.width, grid.height) == (5, 3)
    assert [(c.terrain, c.marks) for c in grid.cells[5:10]] == [
        ("4", ""), (".", "W"), (".", "Kb"), ("2", "S"), (".", "*")]
    assert grid.cell(2, 0).terrain == "~" and grid.cell(2, 0).marks == "*"  # a sea feature


def test_legend_documents_every_symbol() -> None:
    assert set(LEGEND) == set(TERRAIN) | set(MARKS)


def test_offsets_allow_aligned_columns_and_comments() -> None:
    grid, problems = parse_grid("# top row first\n.  2W .\n\n.  .  ~\n")
    assert problems == [] and grid is not None
    assert [(c.line, c.offset) for c in grid.cells] == [(1, 0), (1, 3), (1, 6),
                                                        (3, 0), (3, 3), (3, 6)]


@pytest.mark.parametrize("text, code, line, offset", [
    (". x .\n", "RS-G001", 0, 2),
    (". 2Wq .\n", "RS-G001", 0, 4),
    (". bb .\n", "RS-G001", 0, 3),
    (". WW .\n", "RS-G005", 0, 2),
    (". WS .\n", "RS-G005", 0, 2),
    (". 4K .\n", "RS-G003", 0, 2),
    (". ~W .\n", "RS-G004", 0, 2),
    (". . .\n. .\n", "RS-G002", 1, 3),
    (". .\n. . .\n", "RS-G002", 1, 4),
    ("\n\n", "RS-G002", 0, 0),
    (" ".join("." * 9) + "\n", "RS-G002", 0, 16),
    (". .\n" * 9, "RS-G002", 8, 0),
])
def test_problems_point_at_the_cell(text: str, code: str, line: int, offset: int) -> None:
    _, problems = parse_grid(text)
    assert [(p.code, p.line, p.offset) for p in problems] == [(code, line, offset)]


def test_shape_problems_make_the_grid_unusable() -> None:
    assert parse_grid(". .\n.\n")[0] is None
    assert parse_grid(". x\n")[0] is None
    assert parse_grid(". 4W\n")[0] is not None  # a conflict is reported, the map is still read


SOURCE = """map:
  grid: |{indicator}
{body}  bridges: []
"""


@pytest.mark.parametrize("indicator, indent, col", [
    ("", 4, 7), ("", 6, 9), ("-", 3, 6), ("2", 4, 7), ("+4", 6, 9), ("4-", 6, 9),
])
def test_block_layout_reads_the_indentation(indicator: str, indent: int, col: int) -> None:
    body = "".join(" " * indent + row + "\n" for row in (". . .", ". W ."))
    source = SOURCE.format(indicator=indicator, body=body)
    layout = layout_block((2, 9), (2, 3), source)
    assert layout.exact
    assert layout.locate(1, 2) == (4, col)
    assert source.splitlines()[3][col - 1] == "W"


def test_block_layout_without_source_assumes_two_more_spaces() -> None:
    assert layout_block((2, 9), (2, 3), None).locate(1, 2) == (4, 7)
    stale = "map:\n  other: |\n      . . .\n"  # the file changed since it was loaded
    assert layout_block((2, 9), (2, 3), stale).locate(0, 2) == (3, 7)


@pytest.mark.parametrize("value", ['">\\n. W"', "'. W'", ">\n    . W"])
def test_other_scalar_styles_point_at_the_value(value: str) -> None:
    source = f"map:\n  grid: {value}\n"
    layout = layout_block((2, 9), (2, 3), source)
    assert not layout.exact and layout.locate(0, 2) == (2, 9)


def test_systems_share_the_grid_layer_not_each_other() -> None:
    import ast
    from pathlib import Path

    import generator.systems as systems

    root = Path(systems.__file__).parent
    for system, other in (("tower", "riddle"), ("riddle", "tower")):
        for path in (root / system).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                names = ([node.module or ""] if isinstance(node, ast.ImportFrom)
                         else [a.name for a in node.names] if isinstance(node, ast.Import)
                         else [])
                assert not any(n.startswith(f"generator.systems.{other}") for n in names), path
