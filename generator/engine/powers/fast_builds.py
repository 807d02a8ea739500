"""The fast ply paths' closed forms for builds and squares: how many distinct build
choices a moved worker has on a build mask, and the ``k``-th of them, in the order
:func:`~.fast.count_plies` and :func:`~.fast.select_ply` count them (one order for
every rule of :func:`~.fast.fast_supported`); and the small bitboard helpers the
walks share (:mod:`.fast`, :mod:`.fast_routes`, :mod:`.draw`).
tests/engine/test_engine_powers_fast.py pins them, through the ply counts and picks,
to :func:`~.turn.list_plies`.
"""
from __future__ import annotations

from collections.abc import Iterator

from generator.engine.geometry import Bitboard, Square
from generator.engine.powers.pieces import TurnRules
from generator.engine.powers.stages import Build
from generator.engine.state import DOME, State


def _height(l1: Bitboard, l2: Bitboard, l3: Bitboard, sq: Square) -> int:
    return (l1 >> sq & 1) + (l2 >> sq & 1) + (l3 >> sq & 1)


def _too_high(state: State, height: int, no_up: bool) -> Bitboard:
    """Spaces a worker on ``height`` may not step onto (by height alone)."""
    limit = height if no_up else height + 1
    return (state.l1, state.l2, state.l3)[limit] if limit < 3 else 0


def _below(state: State, level: int) -> Bitboard:
    """Spaces of height ``level`` or lower (nothing when ``level`` < 0)."""
    if level < 0:
        return 0
    return ~(state.l1, state.l2, state.l3)[level] if level < 3 else -1


def _squares(bits: Bitboard) -> Iterator[Square]:
    while bits:
        low = bits & -bits
        bits ^= low
        yield low.bit_length() - 1


def _nth_square(bits: Bitboard, n: int) -> Square:
    for _ in range(n):
        bits &= bits - 1
    return (bits & -bits).bit_length() - 1


def _build_kind(rules: TurnRules) -> int:
    """Which closed form counts a destination's builds: 0 one per space, 1 a dome at
    any level, 2 a second block on the same space, 3 a second build elsewhere, 4 any mix."""
    dome, same, other = rules.dome_any_level, rules.extra_same, rules.extra_other
    if not (dome or same or other):
        return 0
    if bool(dome) + bool(same) + bool(other) > 1:
        return 4
    return 1 if dome else 2 if same else 3


def _build_count(state: State, rules: TurnRules, free: Bitboard) -> int:
    """How many distinct build choices a group with build mask ``free`` offers."""
    n = free.bit_count()
    if not n:
        return 0
    low = (free & ~state.l3).bit_count() if rules.dome_any_level else 0  # a second option each
    singles = n + low
    total = singles
    doubled = (free & ~state.l2).bit_count() if rules.extra_same else 0
    total += doubled
    if rules.extra_other:
        squares_of_options = n + 3 * low  # the sum of (options per space) squared
        total += (singles * singles - squares_of_options) // 2
        total += doubled * (singles - (2 if rules.dome_any_level else 1))
    return total


def _options(state: State, rules: TurnRules, sq: Square) -> list[Build]:
    height = _height(state.l1, state.l2, state.l3, sq)
    if height == 3:
        return [(sq, DOME)]
    return [(sq, height), (sq, DOME)] if rules.dome_any_level else [(sq, height)]


def _build_choice(state: State, rules: TurnRules, free: Bitboard, k: int
                  ) -> tuple[tuple[Build, ...], tuple[str, ...]]:
    """The ``k``-th build choice (same order as :func:`_build_count` counts them)."""
    l1, l2, l3 = state.l1, state.l2, state.l3
    kind = _build_kind(rules)
    if kind == 0 or kind in (2, 3) and k < free.bit_count():  # one build, the next piece
        sq = _nth_square(free, k)
        return ((sq, _height(l1, l2, l3, sq)),), ()
    if kind == 1:  # each space's piece, then (below level 3) a dome there
        for sq in _squares(free):
            height = _height(l1, l2, l3, sq)
            if k == 0:
                return ((sq, height),), ()
            if k == 1 and height < 3:
                return ((sq, DOME),), (rules.dome_any_level,)
            k -= 1 if height == 3 else 2
        raise IndexError("build index out of range")
    if kind == 2:  # then a second block on a space of level 0 or 1
        sq = _nth_square(free & ~l2, k - free.bit_count())
        height = _height(l1, l2, l3, sq)
        return ((sq, height), (sq, height + 1)), (rules.extra_same,)
    if kind == 3:  # then each pair of spaces, lower first, in order
        squares = list(_squares(free))
        k -= len(squares)
        for i, low in enumerate(squares):
            row = len(squares) - 1 - i
            if k < row:
                high = squares[i + 1 + k]
                return (((low, _height(l1, l2, l3, low)),
                         (high, _height(l1, l2, l3, high))), (rules.extra_other,))
            k -= row
        raise IndexError("build index out of range")
    squares = list(_squares(free))
    options = [_options(state, rules, sq) for sq in squares]
    choices: list[tuple[Build, ...]] = [(o,) for opts in options for o in opts]
    doubles = [
        ((sq, h), (sq, h + 1))
        for sq in squares
        if (h := _height(state.l1, state.l2, state.l3, sq)) <= 1
    ] if rules.extra_same else []
    choices += doubles
    if rules.extra_other:
        for i, first in enumerate(options):
            for second in options[i + 1 :]:
                choices += [(a, b) for a in first for b in second]
        for double in doubles:
            choices += [
                (*double, o)
                for sq, opts in zip(squares, options, strict=True)
                if sq != double[0][0]
                for o in opts
            ]
    chosen = choices[k]
    used: list[str] = []
    if any(p == DOME and _height(state.l1, state.l2, state.l3, sq) < 3 for sq, p in chosen):
        used.append(rules.dome_any_level)
    if len(chosen) >= 2 and chosen[0][0] == chosen[1][0]:
        used.append(rules.extra_same)
    if len({sq for sq, _ in chosen}) == 2:
        used.append(rules.extra_other)
    return chosen, tuple(used)
