"""Counting and selecting plies with powers without listing them (the playout fast path).

:func:`count_plies` returns ``len(list_plies(...))`` and :func:`select_ply` the ply
of a given index in a fixed order of its own, using masks and counts per
destination as :func:`generator.engine.moves.count_moves` does: every distinct
outcome has exactly one index, so a uniform index is a uniform distinct ply.
Only the rules where each outcome has one canonical route are covered
(:func:`fast_supported`); a build before moving and the team roam (Prometheus,
Hermes) reach one outcome by many routes and are counted in :mod:`.fast_routes`
(playouts draw the roam by rejection, :mod:`.draw`). Both phases are cheap: one
row per worker (its count and masks), then the pick walks one worker. The build
choices of a destination, counted and chosen in closed form, are in :mod:`.fast_builds`.
tests/engine/test_engine_powers_fast.py pins both functions to
:func:`~.turn.list_plies` over seeded random positions.
"""
from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from generator.engine.geometry import Bitboard, Geometry, Square
from generator.engine.moves import free_squares
from generator.engine.powers.fast_builds import (
    _below,
    _build_choice,
    _build_count,
    _build_kind,
    _height,
    _nth_square,
    _squares,
    _too_high,
)
from generator.engine.powers.pieces import TurnRules
from generator.engine.powers.stages import Ply, Relocation, _straight_on
from generator.engine.state import State

_new = tuple.__new__  # Ply(...) re-parses its arguments; the hot paths skip that


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
        or rules.end_forces
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
    free: Bitboard,
) -> list[_Group]:
    """The steps of one worker into a space held by a figure it forces away (``free``:
    :func:`~generator.engine.moves.free_squares` of ``state``)."""
    l1, l2, l3, workers = state.l1, state.l2, state.l3, state.workers
    bits = geometry.bits
    build_nb = geometry.build_neighbours
    around = geometry.move_neighbours[start] & ~_too_high(state, height, no_up)
    climbs = l3 if level3_wins and height < 3 else 0
    falls = _below(state, height - rules.win_descent) if rules.win_descent else 0
    groups = []
    for mode, targets_kind, power in rules.enter:
        for j, other in enumerate(workers):
            there = bits[other]
            if not around & there or j == index:
                continue  # not next to the worker (or absent), or the worker itself
            if targets_kind == "opponents" and not opponents >> j & 1:
                continue
            if mode == "swap":
                moves: tuple[Relocation, ...] = ((j, start), (index, other))
                can_build = build_nb[other] & free
            else:
                beyond = _straight_table(geometry)[start].get(other, -1)
                if beyond < 0 or not free >> beyond & 1:
                    continue
                moves = ((j, beyond), (index, other))
                can_build = build_nb[other] & (free | bits[start]) & ~bits[beyond]
            if there & climbs:
                groups.append(_new(_Group, (index, moves, True, other, 0, True, (power,))))
            elif there & falls:
                groups.append(_new(_Group, (index, moves, True, other, 0, False,
                                            (power, rules.win_descent_power))))
            else:
                up = _height(l1, l2, l3, other) > height
                groups.append(_new(_Group, (index, moves, False, other, can_build, up, (power,))))
    return groups


@lru_cache(maxsize=16)
def _straight_table(geometry: Geometry) -> tuple[dict[Square, Square], ...]:
    """Per origin, :func:`~.stages._straight_on` of each move neighbour that has one."""
    return tuple(
        {via: beyond for via in _squares(geometry.move_neighbours[origin])
         if (beyond := _straight_on(geometry, origin, via)) >= 0}
        for origin in range(geometry.size)
    )


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
        rows = _artemis_rows(geometry, state, movers, rules, no_up, level3_wins)
        return sum(count for _, count in rows)
    total = _walk(geometry, state, movers, rules, no_up, level3_wins, opponents, -1)
    assert isinstance(total, int)
    return total


@lru_cache(maxsize=16)
def _grid_shifts(geometry: Geometry) -> tuple[tuple[int, Bitboard], ...]:
    """The eight grid directions: the offset to the neighbour that way, and the
    squares whose neighbour that way is on the grid (by column; rows fall off)."""
    width, height = geometry.width, geometry.height
    first = sum(1 << r * width for r in range(height))
    last = first << (width - 1)
    full = (1 << width * height) - 1
    return tuple(
        (dr * width + dc, full & ~(last if dc > 0 else first if dc < 0 else 0))
        for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc
    )


def _neighbour_sum(geometry: Geometry, squares: Bitboard, allowed: Bitboard) -> int:
    """``sum((build_neighbours[sq] & allowed).bit_count() for sq in squares)`` by shifting
    ``squares`` once per direction (``squares`` and ``allowed`` on land: building
    adjacency is the grid's, never a bridge)."""
    total = 0
    for offset, sources in _grid_shifts(geometry):
        moved = squares & sources
        total += ((moved << offset if offset > 0 else moved >> -offset) & allowed).bit_count()
    return total


class _Reach(NamedTuple):
    """One worker's one-or-two-step destinations under extra steps."""

    worker: int
    start: Square
    height: int
    first_wins: Bitboard
    first_stays: Bitboard
    wins: Bitboard  # final spaces of a winning route (one step or two)
    reached: Bitboard  # final spaces of a route that does not win
    open: Bitboard  # the spaces the worker may build on once moved


def _reaches(geometry: Geometry, state: State, movers: int, rules: TurnRules, no_up: bool,
             level3_wins: bool) -> list[_Reach]:
    """Per moving worker: every space one step or two away (not back to the start),
    the second steps grouped by the height of the space they leave."""
    l1, l2, l3 = state.l1, state.l2, state.l3
    bits = geometry.bits
    move_nb = geometry.move_neighbours
    free = free_squares(geometry, state)
    descent = rules.win_descent
    # Per height of the space a step leaves: where it may go, and where it wins.
    allowed = (~l1, ~l2, ~l3, -1) if no_up else (~l2, ~l3, -1, -1)
    winning = [0, 0, l3, 0] if level3_wins else [0, 0, 0, 0]
    if descent:
        for level in range(descent, 4):
            winning[level] |= _below(state, level - descent)
    out = []
    for index, start in enumerate(state.workers):
        if start < 0 or not movers >> index & 1:
            continue
        here = bits[start]
        height = 3 if l3 & here else 2 if l2 & here else 1 if l1 & here else 0
        targets = move_nb[start] & free & allowed[height]
        wins = targets & winning[height]
        stays = targets ^ wins
        by_height = [0, 0, 0, 0]
        middles = stays
        while middles:
            low = middles & -middles
            middles ^= low
            by_height[3 if l3 & low else 2 if l2 & low else 1 if l1 & low else 0] |= (
                move_nb[low.bit_length() - 1])
        all_wins, reached = wins, stays
        for level in range(4):
            around = by_height[level]
            if around:
                seconds = around & free & allowed[level]
                second_wins = seconds & winning[level]
                all_wins |= second_wins
                reached |= seconds & ~second_wins
        out.append(_Reach(index, start, height, wins, stays, all_wins, reached, free | here))
    return out


def _artemis_rows(
    geometry: Geometry, state: State, movers: int, rules: TurnRules, no_up: bool,
    level3_wins: bool,
) -> list[tuple[_Reach, int]]:
    """Per moving worker under extra steps: its destinations and how many plies they give
    (one win per winning final space, and the builds of each final space reached
    without winning, whatever the route)."""
    kind = _build_kind(rules)
    rows = []
    for reach in _reaches(geometry, state, movers, rules, no_up, level3_wins):
        count = reach.wins.bit_count()
        if kind < 3:
            count += _neighbour_sum(geometry, reach.reached, reach.open)
            if kind:
                extra = ~state.l3 if kind == 1 else ~state.l2  # a dome, or a second block
                count += _neighbour_sum(geometry, reach.reached, reach.open & extra)
        else:
            build_nb = geometry.build_neighbours
            for to in _squares(reach.reached):
                count += _build_count(state, rules, build_nb[to] & reach.open)
        rows.append((reach, count))
    return rows


def _select_artemis(
    geometry: Geometry, state: State, rules: TurnRules, no_up: bool, level3_wins: bool,
    rows: list[tuple[_Reach, int]], index: int,
) -> Ply:
    """The ply ``index`` of :func:`_artemis_rows`'s ``rows`` (per worker: the winning final
    spaces, then the others with their builds, each lowest first)."""
    build_nb = geometry.build_neighbours
    plain_builds = _build_kind(rules) == 0
    for reach, count in rows:
        if index >= count:
            index -= count
            continue
        wins = reach.wins.bit_count()
        if index < wins:
            return _artemis_ply(geometry, state, rules, reach, _nth_square(reach.wins, index),
                                True, level3_wins, no_up, 0)
        index -= wins
        for to in _squares(reach.reached):
            can_build = build_nb[to] & reach.open
            count = can_build.bit_count() if plain_builds else _build_count(state, rules,
                                                                            can_build)
            if index < count:
                return _artemis_ply(geometry, state, rules, reach, to, False, level3_wins,
                                    no_up, can_build, index)
            index -= count
    raise IndexError("ply index out of range")


def _artemis_ply(geometry: Geometry, state: State, rules: TurnRules, reach: _Reach, to: Square,
                 win: bool, level3_wins: bool, no_up: bool, can_build: Bitboard, k: int = 0
                 ) -> Ply:
    """The ply ending on ``to``: in one step when one step gets there, else through the
    lowest middle space (the route the listing keeps)."""
    l1, l2, l3 = state.l1, state.l2, state.l3
    worker, start, height = reach.worker, reach.start, reach.height
    to_height = _height(l1, l2, l3, to)
    one_step = reach.first_wins if win else reach.first_stays
    if one_step >> to & 1:
        moves: tuple[Relocation, ...] = ((worker, to),)
        up = to_height > height
        powers: tuple[str, ...] = ()
        frm = start
    else:
        for mid in _squares(reach.first_stays):
            mid_height = _height(l1, l2, l3, mid)
            if not geometry.move_neighbours[mid] >> to & 1 or to == start:
                continue
            if to_height > mid_height + (0 if no_up else 1):
                continue
            climb = level3_wins and to_height == 3 and mid_height < 3
            descent = rules.win_descent and mid_height - to_height >= rules.win_descent
            if bool(climb or descent) == win:
                break
        else:
            raise AssertionError("a reached space has a route")
        moves = ((worker, mid), (worker, to))
        up = mid_height > height or to_height > mid_height
        powers = (rules.extra_steps_power,)
        frm = mid
    if win:
        climbed = level3_wins and to_height == 3 and _height(l1, l2, l3, frm) < 3
        return _new(Ply, (worker, moves, (), True, up, powers if climbed else
                   (*powers, rules.win_descent_power)))
    builds, used = _build_choice(state, rules, can_build, k)
    return _new(Ply, (worker, moves, builds, False, up, powers + used))


_Row = tuple[int, int, Square, int, Bitboard, Bitboard, Bitboard, list[_Group]]
"""Per moving worker (no extra steps): its ply count, index, square and height, its
winning destinations, its other destinations, the spaces it may build on once
moved, and its steps into occupied spaces."""


def _worker_rows(
    geometry: Geometry, state: State, movers: int, rules: TurnRules, no_up: bool,
    level3_wins: bool, opponents: int,
) -> tuple[int, list[_Row]]:
    """The number of plies, and the :data:`_Row` of each moving worker: its winning steps, then its other steps
    with their builds (one mask per destination, as
    :func:`generator.engine.moves.count_moves`, counted by the closed form of
    :func:`~.fast_builds._build_kind`), then its steps into occupied spaces."""
    l1, l2, l3, workers = state.l1, state.l2, state.l3, state.workers
    bits = geometry.bits
    free = free_squares(geometry, state)
    move_nb = geometry.move_neighbours
    build_nb = geometry.build_neighbours
    kind = _build_kind(rules)
    descent = rules.win_descent
    layers = (l1, l2, l3)
    figures = 0  # the figures an enter power may force away
    if rules.enter:
        anyone = any(targets == "workers" for _, targets, _ in rules.enter)
        for j, sq in enumerate(workers):
            if anyone or opponents >> j & 1:
                figures |= bits[sq]
    rows: list[_Row] = []
    total = 0
    for worker, start in enumerate(workers):
        if start < 0 or not movers >> worker & 1:
            continue
        here = bits[start]
        height = 3 if l3 & here else 2 if l2 & here else 1 if l1 & here else 0
        limit = height if no_up else height + 1
        too_high = layers[limit] if limit < 3 else 0
        targets = move_nb[start] & free & ~too_high
        wins = targets & l3 if level3_wins and height < 3 else 0
        if descent and height >= descent:
            wins |= targets & _below(state, height - descent)
        count = wins.bit_count()
        rest = targets = targets ^ wins
        buildable = free | here
        if kind < 2:
            while rest:
                low = rest & -rest
                rest ^= low
                builds = build_nb[low.bit_length() - 1] & buildable
                count += builds.bit_count() + (kind and (builds & ~l3).bit_count())
        elif kind < 4:
            while rest:
                low = rest & -rest
                rest ^= low
                builds = build_nb[low.bit_length() - 1] & buildable
                n = builds.bit_count()
                count += n + ((builds & ~l2).bit_count() if kind == 2 else n * (n - 1) // 2)
        else:
            while rest:
                low = rest & -rest
                rest ^= low
                count += _build_count(state, rules, build_nb[low.bit_length() - 1] & buildable)
        groups: list[_Group] = []
        if rules.enter and move_nb[start] & figures & ~too_high:  # a figure to force away
            groups = _enter_groups(geometry, state, rules, worker, start, height, no_up,
                                   level3_wins, opponents, free)
            for group in groups:
                count += 1 if group.win else (group.free.bit_count() if not kind
                                              else _build_count(state, rules, group.free))
        rows.append((count, worker, start, height, wins, targets, buildable, groups))
        total += count
    return total, rows


def _target_count(state: State, rules: TurnRules, kind: int, builds: Bitboard) -> int:
    """The build choices of a destination whose build mask is ``builds``."""
    count = builds.bit_count()
    if kind == 1:
        return count + (builds & ~state.l3).bit_count()
    if kind == 2:
        return count + (builds & ~state.l2).bit_count()
    if kind == 3:
        return count + count * (count - 1) // 2
    return _build_count(state, rules, builds) if kind == 4 else count


def _pick(geometry: Geometry, state: State, rules: TurnRules, level3_wins: bool,
          rows: list[_Row], index: int) -> Ply:
    """The ply ``index`` of :func:`_worker_rows`'s ``rows``, in their order."""
    l1, l2, l3 = state.l1, state.l2, state.l3
    build_nb = geometry.build_neighbours
    kind = _build_kind(rules)
    for count, worker, _, height, wins, rest, buildable, groups in rows:
        if index >= count:
            index -= count
            continue
        count = wins.bit_count()
        if index < count:
            to = _nth_square(wins, index)
            climbed = level3_wins and height < 3 and l3 >> to & 1
            won_by: tuple[str, ...] = () if climbed else (rules.win_descent_power,)
            return _new(Ply, (worker, ((worker, to),), (), True, bool(climbed), won_by))
        index -= count
        higher = (l1, l2, l3, 0)[height]
        while rest:
            low = rest & -rest
            rest ^= low
            builds = build_nb[low.bit_length() - 1] & buildable
            count = builds.bit_count() if not kind else _target_count(state, rules, kind, builds)
            if index < count:
                move = ((worker, low.bit_length() - 1),)
                if not kind:
                    b = _nth_square(builds, index)
                    piece = (l1 >> b & 1) + (l2 >> b & 1) + (l3 >> b & 1)
                    return _new(Ply, (worker, move, ((b, piece),), False, bool(low & higher), ()))
                chosen, used = _build_choice(state, rules, builds, index)
                return _new(Ply, (worker, move, chosen, False, bool(low & higher), used))
            index -= count
        for group in groups:
            count = 1 if group.win else _build_count(state, rules, group.free)
            if index < count:
                return _group_ply(state, rules, group, index)
            index -= count
    raise IndexError("ply index out of range")


def _walk(
    geometry: Geometry, state: State, movers: int, rules: TurnRules, no_up: bool,
    level3_wins: bool, opponents: int, index: int,
) -> int | Ply:
    """Without extra steps: the number of plies (``index`` < 0), or the ply ``index``."""
    total, rows = _worker_rows(geometry, state, movers, rules, no_up, level3_wins, opponents)
    if index < 0:
        return total
    return _pick(geometry, state, rules, level3_wins, rows, index)


def _group_ply(state: State, rules: TurnRules, group: _Group, k: int) -> Ply:
    if group.win:
        return _new(Ply, (group.worker, group.moves, (), True, group.up, group.powers))
    builds, used = _build_choice(state, rules, group.free, k)
    return _new(Ply, (group.worker, group.moves, builds, False, group.up, group.powers + used))


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
    rows = _artemis_rows(geometry, state, movers, rules, no_up, level3_wins)
    return _select_artemis(geometry, state, rules, no_up, level3_wins, rows, index)
