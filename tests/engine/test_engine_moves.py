"""Move generation against the reference implementation, in lockstep on random positions."""
from __future__ import annotations

import pytest
from engine_strategies import movers_masks, ref_boards, stockpiles, to_engine
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import RefBoard, apply_sequence, legal_sequences

from generator.engine import (
    NO_SQUARE,
    Geometry,
    MoveHooks,
    State,
    Stockpile,
    apply_move,
    count_moves,
    find_state_problems,
    height_at,
    iter_moves,
    list_moves,
    piece_for_build,
    select_move,
    state_from_heights,
)

FUZZ = settings(max_examples=300, deadline=None)


def _movers_set(board: RefBoard, movers: int) -> set[int]:
    return {i for i in range(len(board.workers)) if movers >> i & 1}


def _engine_view(geometry: Geometry, state: State) -> tuple[list[int], list[bool], list[int]]:
    heights = [height_at(state, sq) for sq in range(geometry.size)]
    domes = [bool(state.domes >> sq & 1) for sq in range(geometry.size)]
    return heights, domes, list(state.workers)


@FUZZ
@given(ref_boards(), movers_masks, stockpiles, st.booleans())
def test_engine_lists_exactly_the_reference_sequences(
    board: RefBoard, movers: int, stockpile: list[int] | None, level3_wins: bool
) -> None:
    geometry, state = to_engine(board)
    assert find_state_problems(geometry, state) == ()
    expected = legal_sequences(board, _movers_set(board, movers), stockpile, level3_wins)
    moves = list_moves(geometry, state, movers, stockpile, level3_wins=level3_wins)
    assert len(moves) == len(set(moves)), "duplicate sequences"
    assert set(moves) == set(expected)
    assert moves == sorted(moves, key=lambda m: (m[0], m[1], m[2] % 256))
    assert list(iter_moves(geometry, state, movers, stockpile, level3_wins=level3_wins)) == moves
    assert count_moves(geometry, state, movers, stockpile, level3_wins=level3_wins) == len(moves)
    for index, move in enumerate(moves):
        chosen = select_move(geometry, state, movers, index, stockpile, level3_wins=level3_wins)
        assert chosen == move
    with pytest.raises(IndexError):
        select_move(geometry, state, movers, len(moves), stockpile, level3_wins=level3_wins)


@FUZZ
@given(ref_boards(), movers_masks)
def test_apply_move_matches_the_reference(board: RefBoard, movers: int) -> None:
    geometry, state = to_engine(board)
    for move in list_moves(geometry, state, movers, level3_wins=True):
        after = apply_move(geometry, state, move)
        ref_after = apply_sequence(board, move)
        expected = (ref_after.heights, ref_after.domes, ref_after.workers)
        assert _engine_view(geometry, after) == expected
        assert (after.king, after.sphinx) == (state.king, state.sphinx)
        assert find_state_problems(geometry, after) == ()
        if move[2] != NO_SQUARE:
            assert height_at(after, move[2]) + (after.domes >> move[2] & 1) == (
                piece_for_build(state, move[2]) + 1
            )


@settings(max_examples=100, deadline=None)
@given(ref_boards(), movers_masks, stockpiles, st.booleans())
def test_no_op_hooks_take_the_generic_path_to_the_same_moves(
    board: RefBoard, movers: int, stockpile: list[int] | None, level3_wins: bool
) -> None:
    geometry, state = to_engine(board)
    plain = list_moves(geometry, state, movers, stockpile, level3_wins=level3_wins)
    hooks = MoveHooks()
    hooked = list_moves(geometry, state, movers, stockpile, level3_wins=level3_wins, hooks=hooks)
    assert hooked == plain
    counted = count_moves(geometry, state, movers, stockpile, level3_wins=level3_wins, hooks=hooks)
    assert counted == len(plain)


# -- hand-made positions ------------------------------------------------------


def test_standard_fixed_position_has_68_sequences() -> None:
    g = Geometry.rectangle()
    s = State(0, 0, 0, 0, tuple(g.square(n) for n in ("B3", "D3", "C2", "C4")))
    assert count_moves(g, s, 0b0011) == 68
    assert count_moves(g, s, 0b1100) == 68  # the position is symmetric


def test_climbing_rules() -> None:
    # A worker on level 0 at A1; B1 level 1, A2 level 2, B2 level 3 (3x2 board).
    g = Geometry.rectangle(3, 2)
    s = state_from_heights([0, 1, 0, 2, 3, 0], workers=[0])
    destinations = {to for _, to, _ in list_moves(g, s)}
    assert destinations == {g.square("B1")}  # A2 (+2) and B2 (+3) are too high


def test_a_move_up_to_level3_wins_without_a_build_only_when_asked() -> None:
    g = Geometry.rectangle(2, 1)
    s = state_from_heights([2, 3], workers=[0])
    assert list_moves(g, s, level3_wins=True) == [(0, 1, NO_SQUARE)]
    assert list_moves(g, s) == [(0, 1, 0)]
    # From level 3 to level 3 is not a move up: no win.
    s = state_from_heights([3, 3], workers=[0])
    assert list_moves(g, s, level3_wins=True) == [(0, 1, 0)]


def test_the_space_just_left_may_be_built_on() -> None:
    g = Geometry.rectangle(2, 1)
    s = State(0, 0, 0, 0, (0,))
    assert list_moves(g, s) == [(0, 1, 0)]


def test_figures_and_domes_block_moves_and_builds() -> None:
    g = Geometry.rectangle(3, 1)
    s = State(0, 0, 0, 0, (0,), king=2)
    assert list_moves(g, s) == [(0, 1, 0)]  # cannot build under the King
    s = State(0, 0, 0, 0b100, (0,))
    assert list_moves(g, s) == [(0, 1, 0)]  # nor on a dome


def test_a_bridge_is_crossed_but_not_built_across() -> None:
    g = Geometry.from_ascii(". ~ .", bridges=[("A1", "C1")])
    s = State(0, 0, 0, 0, (0,))
    # Across the bridge the old space is no build neighbour and there is no other:
    # the move has no build, so it is no legal sequence.
    assert list_moves(g, s) == []
    g = Geometry.from_ascii(". ~ .\n~ ~ .", bridges=[("A1", "C1")])
    assert list_moves(g, s) == [(0, g.square("C1"), g.square("C2"))]


def test_the_stockpile_limits_builds() -> None:
    g = Geometry.rectangle(3, 1)
    s = state_from_heights([0, 0, 3], workers=[0])
    everything = list_moves(g, s)
    assert everything == [(0, 1, 0), (0, 1, 2)]
    assert list_moves(g, s, stockpile=Stockpile(0, 0, 0, 1)) == [(0, 1, 2)]
    assert list_moves(g, s, stockpile=Stockpile(1, 0, 0, 0)) == [(0, 1, 0)]
    assert list_moves(g, s, stockpile=Stockpile(0, 5, 5, 0)) == []
    assert Stockpile(0, 0, 0, 1).take(piece_for_build(s, 2)) == Stockpile(0, 0, 0, 0)


def test_movers_restrict_which_workers_move() -> None:
    g = Geometry.rectangle(5, 1)
    s = State(0, 0, 0, 0, (0, 4, NO_SQUARE))
    assert {m[0] for m in list_moves(g, s, 0b001)} == {0}
    assert {m[0] for m in list_moves(g, s, 0b010)} == {1}
    assert list_moves(g, s, 0b100) == []


class _NoClimbing(MoveHooks):
    """A power-like hook: workers may not move up (like an opponent's Athena)."""

    def alter_destinations(self, geometry: Geometry, state: State, worker: int,
                           destinations: int) -> int:
        here = state.workers[worker]
        return sum(
            1 << sq
            for sq in range(geometry.size)
            if destinations >> sq & 1 and height_at(state, sq) <= height_at(state, here)
        )


class _DomeAnywhere(MoveHooks):
    """A power-like hook that adds sequences of its own shape (like Atlas)."""

    def iter_extra_moves(self, geometry: Geometry, state: State, movers: int):  # type: ignore[no-untyped-def]
        for worker, to, build in list_moves(geometry, state, movers):
            yield (worker, to, build, 1)  # 1: build a dome whatever the level

    def apply_extra(self, geometry: Geometry, state: State, move: tuple[int, ...]) -> State:
        moved = apply_move(geometry, state, (move[0], move[1], NO_SQUARE))
        return moved._replace(domes=moved.domes | 1 << move[2])


def test_hooks_alter_and_extend_the_candidates() -> None:
    g = Geometry.rectangle(3, 1)
    s = state_from_heights([0, 1, 0], workers=[0])
    assert list_moves(g, s) == [(0, 1, 0), (0, 1, 2)]
    assert list_moves(g, s, hooks=_NoClimbing()) == []
    hooks = _DomeAnywhere()
    moves = list_moves(g, s, hooks=hooks)
    assert moves == [(0, 1, 0), (0, 1, 2), (0, 1, 0, 1), (0, 1, 2, 1)]
    assert count_moves(g, s, hooks=hooks) == 4
    assert select_move(g, s, -1, 3, hooks=hooks) == (0, 1, 2, 1)
    after = apply_move(g, s, (0, 1, 2, 1), hooks=hooks)
    assert after.domes == 0b100 and after.l1 == 0b010 and after.workers == (1,)
    with pytest.raises(ValueError):
        apply_move(g, s, (0, 1, 2, 1))
