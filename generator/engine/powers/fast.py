"""Counting and selecting plies with powers without listing them (the playout fast path).

:func:`count_plies` returns ``len(list_plies(...))`` and :func:`select_ply` the ply
of a given index in a fixed order of its own, using masks and counts per
destination as :func:`generator.engine.moves.count_moves` does: every distinct
outcome has exactly one index, so a uniform index is a uniform distinct ply.
Only the rules where each outcome has one canonical route are covered
(:func:`fast_supported`): a build before moving and the team roam (Prometheus,
Hermes) reach one outcome by many routes, so those take the listing path.
tests/engine/test_engine_powers_fast.py pins both functions to
:func:`~.turn.list_plies` over seeded random positions.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from generator.engine.geometry import Bitboard, Geometry, Square
from generator.engine.moves import free_squares
from generator.engine.powers.pieces import TurnRules
from generator.engine.powers.stages import Build, Ply, Relocation, _straight_on
from generator.engine.state import DOME, State


def fast_supported(rules: TurnRules) -> bool:
    """True when :func:`count_plies` and :func:`select_ply` cover these rules."""
    return not (
        rules.pre_build
        or rules.team_roam
        or rules.extra_steps > 1
        or (rules.extra_steps and (rules.enter or rules.marks_moved_up))
        or (rules.extra_steps and not rules.extra_steps_not_back)
        or (rules.extra_same and not rules.extra_same_blocks_only)
        or rules.extra_other_blocks_only
        or rules.move_patterns
        or rules.forces
        or rules.build_under
        or rules.build_under_first
        or rules.build_around
        or rules.both_act
        or rules.extra_same_required
        or rules.extra_other_required
        or rules.win_by_dome
        or rules.climb_levels
        or rules.stay
        or rules.level_leap
        or rules.swap_own
        or rules.far_build
    )


class _Group(NamedTuple):
    """Plies sharing their moves: one win, or one per build choice from ``at``."""

    worker: int
    moves: tuple[Relocation, ...]
    win: bool
    at: Square
    free: Bitboard  # the spaces ``at`` may build on
    up: bool
    powers: tuple[str, ...]


def _height(l1: Bitboard, l2: Bitboard, l3: Bitboard, sq: Square) -> int:
    return (l1 >> sq & 1) + (l2 >> sq & 1) + (l3 >> sq & 1)


def _too_high(state: State, height: int, no_up: bool) -> Bitboard:
    """Spaces a worker on ``height`` may not step onto (by height alone)."""
    limit = height if no_up else height + 1
    return (state.l1, state.l2, state.l3)[limit] if limit < 3 else 0


def _artemis_groups(
    geometry: Geometry,
    state: State,
    movers: int,
    rules: TurnRules,
    no_up: bool,
    level3_wins: bool,
) -> Iterator[_Group]:
    """The groups of every mover when the rules give extra steps."""
    for index, start, wins, stays, _, _ in _simple_targets(
        geometry, state, movers, rules, no_up, level3_wins
    ):
        yield from _artemis(geometry, state, rules, index, start, wins | stays,
                            free_squares(geometry, state), no_up, level3_wins, wins)


def _enter_groups(
    geometry: Geometry,
    state: State,
    rules: TurnRules,
    index: int,
    start: Square,
    height: int,
    no_up: bool,
    level3_wins: bool,
    opponents: int,
) -> Iterator[_Group]:
    """The steps of one worker into a space held by a figure it forces away."""
    l1, l2, l3, workers = state.l1, state.l2, state.l3, state.workers
    bits = geometry.bits
    free = free_squares(geometry, state)
    build_nb = geometry.build_neighbours
    around = geometry.move_neighbours[start] & ~_too_high(state, height, no_up)
    climbs = l3 if level3_wins and height < 3 else 0
    falls = _below(state, height - rules.win_descent) if rules.win_descent else 0
    for mode, targets_kind, power in rules.enter:
        for j, other in enumerate(workers):
            if other < 0 or j == index:
                continue
            if targets_kind == "opponents" and not opponents >> j & 1:
                continue
            there = bits[other]
            if not around & there:
                continue
            if mode == "swap":
                moves: tuple[Relocation, ...] = ((j, start), (index, other))
                can_build = build_nb[other] & free
            else:
                beyond = _straight_on(geometry, start, other)
                if beyond < 0 or not free >> beyond & 1:
                    continue
                moves = ((j, beyond), (index, other))
                can_build = build_nb[other] & (free | bits[start]) & ~bits[beyond]
            up = _height(l1, l2, l3, other) > height
            if there & climbs:
                yield _Group(index, moves, True, other, 0, True, (power,))
            elif there & falls:
                yield _Group(index, moves, True, other, 0, False, (power, rules.win_descent_power))
            else:
                yield _Group(index, moves, False, other, can_build, up, (power,))


def _below(state: State, level: int) -> Bitboard:
    """Spaces of height ``level`` or lower (nothing when ``level`` < 0)."""
    if level < 0:
        return 0
    return ~(state.l1, state.l2, state.l3)[level] if level < 3 else -1


def _artemis(
    geometry: Geometry,
    state: State,
    rules: TurnRules,
    index: int,
    start: Square,
    first: Bitboard,
    free: Bitboard,
    no_up: bool,
    level3_wins: bool,
    first_wins: Bitboard,
) -> Iterator[_Group]:
    """One step or two (not back to the start), grouped by final space."""
    l1, l2, l3 = state.l1, state.l2, state.l3
    bits = geometry.bits
    here = bits[start]
    descent = rules.win_descent
    wins = first & first_wins
    stays = first & ~first_wins
    via: dict[Square, Square] = {}  # final space -> a middle space, for two-step routes
    win_via: dict[Square, Square] = {}
    middles = stays
    open_ = free | here
    while middles:
        low = middles & -middles
        middles ^= low
        mid = low.bit_length() - 1
        height = _height(l1, l2, l3, mid)
        seconds = geometry.move_neighbours[mid] & open_ & ~low & ~here
        seconds &= ~_too_high(state, height, no_up)
        second_wins = seconds & (l3 if level3_wins and height < 3 else 0)
        if descent:
            second_wins |= seconds & _below(state, height - descent)
        for to in _squares(second_wins & ~wins):
            win_via.setdefault(to, mid)
        for to in _squares(seconds & ~second_wins & ~stays):
            via.setdefault(to, mid)
    for to in sorted([*_squares(wins), *win_via]):
        mid = win_via.get(to, -1) if not wins >> to & 1 else -1
        _, power = _win_kind(state, rules, mid if mid >= 0 else start, to, level3_wins)
        yield _route(state, rules, index, start, mid, to, True, 0, power)
    build_nb = geometry.build_neighbours
    for to in sorted([*_squares(stays), *via]):
        mid = -1 if stays >> to & 1 else via[to]
        can_build = build_nb[to] & open_ & ~bits[to]
        yield _route(state, rules, index, start, mid, to, False, can_build, "")


def _win_kind(state: State, rules: TurnRules, frm: Square, to: Square, level3_wins: bool
              ) -> tuple[bool, str]:
    """Whether the step ``frm -> to`` wins by climbing (``True``) or by descent (its power)."""
    climb = level3_wins and state.l3 >> to & 1 and not state.l3 >> frm & 1
    return (True, "") if climb else (False, rules.win_descent_power)


def _route(state: State, rules: TurnRules, index: int, start: Square, mid: Square, to: Square,
           win: bool, can_build: Bitboard, power: str) -> _Group:
    def height(sq: Square) -> int:
        return _height(state.l1, state.l2, state.l3, sq)

    if mid < 0:
        up = height(to) > height(start)
        return _Group(index, ((index, to),), win, to, can_build, up, (power,) if power else ())
    up = height(mid) > height(start) or height(to) > height(mid)
    used = (rules.extra_steps_power, power) if power else (rules.extra_steps_power,)
    return _Group(index, ((index, mid), (index, to)), win, to, can_build, up, used)


def _squares(bits: Bitboard) -> Iterator[Square]:
    while bits:
        low = bits & -bits
        bits ^= low
        yield low.bit_length() - 1


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
    if not (rules.dome_any_level or rules.extra_same or rules.extra_other):
        sq = _nth_square(free, k)
        return ((sq, _height(state.l1, state.l2, state.l3, sq)),), ()
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


def count_plies(
    geometry: Geometry,
    state: State,
    movers: int,
    rules: TurnRules,
    *,
    no_up: bool = False,
    level3_wins: bool = True,
    opponents: int = 0,
) -> int:
    """``len(list_plies(...))`` for rules that :func:`fast_supported` accepts."""
    if rules.extra_steps:
        return _count_artemis(geometry, state, movers, rules, no_up, level3_wins)
    total = _walk(geometry, state, movers, rules, no_up, level3_wins, opponents, -1)
    assert isinstance(total, int)
    return total


def _count_artemis(
    geometry: Geometry, state: State, movers: int, rules: TurnRules, no_up: bool,
    level3_wins: bool,
) -> int:
    """:func:`count_plies` with extra steps: one win per winning final space, and the
    builds of each final space reached without winning (whatever the route)."""
    l1, l2, l3 = state.l1, state.l2, state.l3
    bits = geometry.bits
    move_nb = geometry.move_neighbours
    build_nb = geometry.build_neighbours
    descent = rules.win_descent
    plain_builds = not (rules.dome_any_level or rules.extra_same or rules.extra_other)
    total = 0
    for _, start, wins, stays, open_, _ in _simple_targets(
        geometry, state, movers, rules, no_up, level3_wins
    ):
        here = bits[start]
        reached = stays
        middles = stays
        while middles:
            low = middles & -middles
            middles ^= low
            mid = low.bit_length() - 1
            height = (l1 >> mid & 1) + (l2 >> mid & 1) + (l3 >> mid & 1)
            seconds = move_nb[mid] & open_ & ~low & ~here & ~_too_high(state, height, no_up)
            second_wins = seconds & l3 if level3_wins and height < 3 else 0
            if descent:
                second_wins |= seconds & _below(state, height - descent)
            wins |= second_wins
            reached |= seconds & ~second_wins
        total += wins.bit_count()
        while reached:
            low = reached & -reached
            reached ^= low
            can_build = build_nb[low.bit_length() - 1] & open_ & ~low
            total += can_build.bit_count() if plain_builds else _build_count(
                state, rules, can_build)
    return total


def _simple_targets(
    geometry: Geometry, state: State, movers: int, rules: TurnRules, no_up: bool,
    level3_wins: bool,
) -> Iterator[tuple[int, Square, Bitboard, Bitboard, Bitboard, int]]:
    """Per moving worker: index, square, winning and other destinations, the spaces it
    may build on once moved (its own square included), and its height."""
    l1, l2, l3 = state.l1, state.l2, state.l3
    bits = geometry.bits
    free = free_squares(geometry, state)
    move_nb = geometry.move_neighbours
    descent = rules.win_descent
    for index, start in enumerate(state.workers):
        if start < 0 or not movers >> index & 1:
            continue
        height = (l1 >> start & 1) + (l2 >> start & 1) + (l3 >> start & 1)
        targets = move_nb[start] & free & ~_too_high(state, height, no_up)
        wins = targets & l3 if level3_wins and height < 3 else 0
        if descent and height >= descent:
            wins |= targets & _below(state, height - descent)
        yield index, start, wins, targets ^ wins, free | bits[start], height


def _walk(
    geometry: Geometry, state: State, movers: int, rules: TurnRules, no_up: bool,
    level3_wins: bool, opponents: int, index: int,
) -> int | Ply:
    """Without extra steps: the number of plies (``index`` < 0), or the ply ``index``.

    Per worker: its winning steps, then its other steps with their builds (one
    mask per destination, as :func:`generator.engine.moves.count_moves`), then its
    steps into occupied spaces.
    """
    build_nb = geometry.build_neighbours
    heights = (state.l1, state.l2, state.l3)
    plain_builds = not (rules.dome_any_level or rules.extra_same or rules.extra_other)
    total = 0
    for worker, start, wins, targets, buildable, height in _simple_targets(
        geometry, state, movers, rules, no_up, level3_wins
    ):
        count = wins.bit_count()
        if 0 <= index < count:
            to = _nth_square(wins, index)
            climbed = level3_wins and height < 3 and state.l3 >> to & 1
            won_by: tuple[str, ...] = () if climbed else (rules.win_descent_power,)
            return Ply(worker, ((worker, to),), (), True, bool(climbed), won_by)
        total += count
        index -= count
        while targets:
            low = targets & -targets
            targets ^= low
            to = low.bit_length() - 1
            builds = build_nb[to] & buildable & ~low
            count = builds.bit_count() if plain_builds else _build_count(state, rules, builds)
            if 0 <= index < count:
                up = height < 3 and bool(low & heights[height])
                chosen, used = _build_choice(state, rules, builds, index)
                return Ply(worker, ((worker, to),), chosen, False, up, used)
            total += count
            index -= count
        if not rules.enter:
            continue
        for group in _enter_groups(geometry, state, rules, worker, start, height, no_up,
                                   level3_wins, opponents):
            count = 1 if group.win else _build_count(state, rules, group.free)
            if 0 <= index < count:
                return _group_ply(state, rules, group, index)
            total += count
            index -= count
    if index >= 0:
        raise IndexError("ply index out of range")
    return total


def _group_ply(state: State, rules: TurnRules, group: _Group, k: int) -> Ply:
    if group.win:
        return Ply(group.worker, group.moves, (), True, group.up, group.powers)
    builds, used = _build_choice(state, rules, group.free, k)
    return Ply(group.worker, group.moves, builds, False, group.up, group.powers + used)


def _nth_square(bits: Bitboard, n: int) -> Square:
    for _ in range(n):
        bits &= bits - 1
    return (bits & -bits).bit_length() - 1


def select_ply(
    geometry: Geometry,
    state: State,
    movers: int,
    rules: TurnRules,
    index: int,
    *,
    no_up: bool = False,
    level3_wins: bool = True,
    opponents: int = 0,
) -> Ply:
    """The ply number ``index`` (0 <= index < :func:`count_plies`) in this module's order."""
    if index < 0:
        raise IndexError("ply index out of range")
    if not rules.extra_steps:
        ply = _walk(geometry, state, movers, rules, no_up, level3_wins, opponents, index)
        assert isinstance(ply, Ply)
        return ply
    for group in _artemis_groups(geometry, state, movers, rules, no_up, level3_wins):
        size = 1 if group.win else _build_count(state, rules, group.free)
        if index < size:
            return _group_ply(state, rules, group, index)
        index -= size
    raise IndexError("ply index out of range")
