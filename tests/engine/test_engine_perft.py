"""perft: the engine replays the counts of tests/engine/data/standard.perft.

Every record runs at every depth it lists (the largest, fixed-position depth 4
with 24.5 million leaves, takes about a second thanks to bulk counting at the
last ply). The reference implementation re-derives every count small enough
for it, so the cross-checked records stay honest.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from engine_strategies import ref_boards, to_engine, to_reference
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import NONE, RefBoard
from reference import perft as reference_perft

from generator.engine import parse_position, perft
from generator.engine.standard import (
    StandardPosition,
    divide,
    format_position,
    parse_perft_records,
)

DATA = Path(__file__).parent / "data" / "standard.perft"
RECORDS = parse_perft_records(DATA.read_text(encoding="utf-8"))
REFERENCE_BUDGET = 60_000  # leaves; the reference needs about 1 s per 100,000


def _cases(limit: int | None = None) -> list[tuple[str, str, int, int]]:
    return [
        (r.id, r.position, depth, count)
        for r in RECORDS
        for depth, count in r.counts
        if limit is None or count <= limit
    ]


def test_the_data_file_has_the_published_counts() -> None:
    by_id = {r.id: r for r in RECORDS}
    assert by_id["standard-start"].counts == ((1, 300), (2, 75_900), (3, 4_313_232))
    assert by_id["fixed"].counts == ((1, 68), (2, 5_156), (3, 350_208), (4, 24_545_388))


@pytest.mark.parametrize(("record", "position", "depth", "count"), _cases())
def test_engine_perft(record: str, position: str, depth: int, count: int) -> None:
    geometry, start = parse_position(position)
    assert perft(geometry, start, depth) == count


@pytest.mark.parametrize(("record", "position", "depth", "count"), _cases(REFERENCE_BUDGET))
def test_reference_perft(record: str, position: str, depth: int, count: int) -> None:
    geometry, start = parse_position(position)
    assert reference_perft(to_reference(geometry, start.state), start.to_move, depth) == count


def test_divide_adds_up_to_perft() -> None:
    geometry, start = parse_position("01200/12321/00310/4a000/00001 C1,B2,D2,E2 1")
    split = divide(geometry, start, 2)
    assert sum(split.values()) == 933
    assert split["C1-C2#"] == 1  # a win is one leaf
    geometry, start = parse_position("000/000/000 -,-,-,- 1")
    split = divide(geometry, start, 2)
    assert len(split) == 36 and set(split.values()) == {21} and "A1+B1" in split


@settings(max_examples=40, deadline=None)
@given(ref_boards(max_side=5, max_workers=4, sea=True), st.integers(0, 1), st.integers(1, 2))
def test_perft_matches_the_reference_on_random_positions(
    board: RefBoard, side: int, depth: int
) -> None:
    # The standard game needs exactly four worker slots, placed in pairs.
    workers = (board.workers + [NONE] * 4)[:4]
    for player in (0, 1):
        if NONE in workers[2 * player : 2 * player + 2]:
            workers[2 * player] = workers[2 * player + 1] = NONE
    board.workers = workers
    board.others = []
    geometry, state = to_engine(board)
    position = StandardPosition(state, side)
    assert perft(geometry, position, depth) == reference_perft(board, side, depth)
    assert parse_position(format_position(geometry, position)) == (geometry, position)
