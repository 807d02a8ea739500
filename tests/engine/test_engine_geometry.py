"""Geometry: square names, neighbour masks, bridges, validation."""
from __future__ import annotations

import pytest
from engine_strategies import ref_boards, to_engine
from hypothesis import given, settings
from reference import RefBoard, neighbours

from generator.engine import Geometry, find_geometry_problems, iter_squares


def test_square_names_read_column_then_row_from_the_top_left() -> None:
    g = Geometry.rectangle(5, 4)
    assert g.square("A1") == 0
    assert g.square("E1") == 4
    assert g.square("A2") == 5
    assert g.square("E4") == 19
    assert g.square("c3") == 12
    assert [g.name(sq) for sq in (0, 4, 5, 19)] == ["A1", "E1", "A2", "E4"]
    assert g.name(-1) == "-"
    for bad in ("F1", "A5", "A0", "3C", "", "AA"):
        with pytest.raises(ValueError):
            g.square(bad)


def test_standard_board_neighbour_counts() -> None:
    g = Geometry.rectangle()
    counts = {g.name(sq): g.move_neighbours[sq].bit_count() for sq in g.squares}
    assert counts["A1"] == 3 and counts["C1"] == 5 and counts["C3"] == 8
    assert g.move_neighbours == g.build_neighbours
    assert all(not g.move_neighbours[sq] >> sq & 1 for sq in g.squares)


def test_from_ascii_reads_sea_comments_and_both_cell_styles() -> None:
    spaced = Geometry.from_ascii("""
        # a comment line is skipped
        . ~ W 1
        . ~ 2 .
    """, bridges=[("A1", "C1")])
    packed = Geometry.from_ascii(".~W1\n.~2.", bridges=[("C1", "A1")])
    assert spaced == packed
    assert (spaced.width, spaced.height) == (4, 2)
    assert spaced.names(spaced.land) == ("A1", "C1", "D1", "A2", "C2", "D2")
    assert spaced.bridges == ((0, 2),)
    assert spaced.to_ascii() == ". ~ . .\n. ~ . ."


def test_a_bridge_links_for_moving_only() -> None:
    g = Geometry.from_ascii(". ~ ~ .\n. . . .", bridges=[("A1", "D1")])
    a1, d1 = g.square("A1"), g.square("D1")
    assert g.move_neighbours[a1] >> d1 & 1 and g.move_neighbours[d1] >> a1 & 1
    assert not g.build_neighbours[a1] >> d1 & 1
    assert g.names(g.build_neighbours[a1]) == ("A2", "B2")


@pytest.mark.parametrize(
    ("grid", "bridge", "problem"),
    [
        (". . .", ("A1", "C1"), "every space between its ends must be sea"),
        (". .", ("A1", "B1"), "at least one sea space"),
        (". ~\n~ .", ("A1", "B2"), "same row or column"),
        ("~ . .", ("A1", "C1"), "both ends must be land"),
    ],
)
def test_invalid_bridges_are_reported(grid: str, bridge: tuple[str, str], problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        Geometry.from_ascii(grid, bridges=[bridge])


def test_geometry_problems_are_collected_not_raised() -> None:
    assert find_geometry_problems(9, 1, 1, []) == ("size 9x1: width and height must be 1..8",)
    problems = find_geometry_problems(3, 1, 0b1111, [(0, 1), (0, 7)])
    assert problems == (
        "land mask has bits outside the grid",
        "bridge A1-B1: its ends must have at least one sea space between them",
        "bridge 0-7: an end is outside the grid",
    )
    with pytest.raises(ValueError, match="rows must have equal lengths"):
        Geometry.from_ascii(". .\n.")


@settings(max_examples=200, deadline=None)
@given(ref_boards())
def test_neighbour_masks_match_the_reference(board: RefBoard) -> None:
    geometry, _ = to_engine(board)
    for sq in range(geometry.size):
        if not board.land[sq]:
            assert geometry.move_neighbours[sq] == geometry.build_neighbours[sq] == 0
            continue
        assert sorted(iter_squares(geometry.move_neighbours[sq])) == sorted(
            neighbours(board, sq, moving=True)
        )
        assert sorted(iter_squares(geometry.build_neighbours[sq])) == sorted(
            neighbours(board, sq, moving=False)
        )
