"""Counting and selecting plies for the powers with many routes to one outcome.

A build before moving (Prometheus) and the team roam (Hermes) reach one outcome
by several routes, so :mod:`.fast` leaves them out; here each outcome is counted
once by rule:

- build before moving: the routes ``(b0, to, b1)`` and ``(b1, to, b0)`` give one
  outcome exactly when both ``b0`` and ``b1`` may be built on before moving (next
  to the start) and after it (next to ``to``); the pair counts once (lower ``b0``);
- team roam: an outcome is the end squares of the walkers and one build square
  next to either (the builder does not matter); the usual one-worker plies that
  keep the worker's level are roams too, so only the level-changing ones add.

:func:`count_route_plies` and :func:`select_route_ply` cover the rules that are
exactly one of these powers (:func:`routes_supported`); tests pin them to
:func:`~.turn.list_plies` like the rest of the fast path.
"""
from __future__ import annotations

from functools import lru_cache

from generator.engine.geometry import Bitboard, Geometry, Square
from generator.engine.moves import free_squares
from generator.engine.powers.fast import _walk
from generator.engine.powers.fast_builds import _height, _nth_square, _squares, _too_high
from generator.engine.powers.pieces import TurnRules
from generator.engine.powers.turn import Ply
from generator.engine.state import DOME, State, occupied

_PLAIN = TurnRules()

_new = tuple.__new__  # Ply(...) re-parses its arguments; the hot paths skip that


def routes_supported(rules: TurnRules) -> bool:
    """True for a lone build-before-moving power (no climb after it) or a lone team roam."""
    if rules.pre_build:
        return rules == TurnRules(pre_build=rules.pre_build, pre_build_no_up=True)
    return bool(rules.team_roam) and rules == TurnRules(team_roam=rules.team_roam)


def count_route_plies(geometry: Geometry, state: State, movers: int, rules: TurnRules, *,
                      no_up: bool = False, level3_wins: bool = True) -> int:
    """``len(list_plies(...))`` for rules :func:`routes_supported` accepts."""
    found = _routes(geometry, state, movers, rules, no_up, level3_wins, -1)
    assert isinstance(found, int)
    return found


def select_route_ply(geometry: Geometry, state: State, movers: int, rules: TurnRules,
                     index: int, *, no_up: bool = False, level3_wins: bool = True) -> Ply:
    """The ply number ``index`` (0 <= index < :func:`count_route_plies`)."""
    if index < 0:
        raise IndexError("ply index out of range")
    found = _routes(geometry, state, movers, rules, no_up, level3_wins, index)
    assert isinstance(found, Ply)
    return found


def _routes(geometry: Geometry, state: State, movers: int, rules: TurnRules, no_up: bool,
            level3_wins: bool, index: int) -> int | Ply:
    total = 0
    if rules.team_roam:
        found = _level_changes(geometry, state, movers, no_up, level3_wins, index)
        if isinstance(found, Ply):
            return found
        total += found
        index = index - found if index >= 0 else index
        found = _roams(geometry, state, movers, rules.team_roam, index)
        if isinstance(found, Ply):
            return found
        total += found
    else:
        usual = _walk(geometry, state, movers, _PLAIN, no_up, level3_wins, 0, -1)
        assert isinstance(usual, int)
        if 0 <= index < usual:
            return _walk(geometry, state, movers, _PLAIN, no_up, level3_wins, 0, index)
        total += usual
        index = index - usual if index >= 0 else index
        for worker, start in enumerate(state.workers):
            if start < 0 or not movers >> worker & 1:
                continue
            found = _pre_builds(geometry, state, worker, start, rules.pre_build, index)
            if isinstance(found, Ply):
                return found
            total += found
            index = index - found if index >= 0 else index
    if index >= 0:
        raise IndexError("ply index out of range")
    return total


def _pre_builds(geometry: Geometry, state: State, worker: int, start: Square, power: str,
                index: int) -> int | Ply:
    """The plies that build before moving (then step without climbing, then build)."""
    l1, l2, l3 = state.l1, state.l2, state.l3
    bits = geometry.bits
    free = free_squares(geometry, state)
    here = bits[start]
    height = 3 if l3 & here else 2 if l2 & here else 1 if l1 & here else 0
    level = _level_mask(state, height)
    before = geometry.build_neighbours[start] & free
    build_nb = geometry.build_neighbours
    firsts_all = before.bit_count()
    open_after = free | here
    targets = geometry.move_neighbours[start] & free & ~_too_high(state, height, True)
    total = 0
    while targets:
        low = targets & -targets
        targets ^= low
        to = low.bit_length() - 1
        after = build_nb[to] & open_after
        both = before & after  # pairs built in either order count once
        pairs = both.bit_count()
        # Building on ``to`` first would make the step a climb (or onto a dome).
        firsts = firsts_all - 1 if before & level & low else firsts_all
        # Every (b0, b1), less a second build on a space the first one domed, less
        # the pairs of ``both`` in their higher-first order.
        count = firsts * after.bit_count() - (both & l3).bit_count() - pairs * (pairs - 1) // 2
        if not 0 <= index < count:
            total += count
            index = index - count if index >= 0 else index
            continue
        firsts_mask = before & ~low if before & level & low else before
        while firsts_mask:
            first = firsts_mask & -firsts_mask
            firsts_mask ^= first
            seconds = after & ~first if first & l3 else after  # nothing on a dome
            if both & first:
                seconds &= ~(both & (first - 1))  # of a pair, the lower square goes first
            count = seconds.bit_count()
            if index < count:
                b0 = first.bit_length() - 1
                h0 = _height(l1, l2, l3, b0)
                b1 = _nth_square(seconds, index)
                piece = h0 + 1 if b1 == b0 else _height(l1, l2, l3, b1)
                builds = ((b0, min(h0, DOME)), (b1, piece))
                return _new(Ply, (worker, ((worker, to),), builds, False, False, (power,)))
            index -= count
        raise AssertionError("the count of this destination covers the index")
    return total


def _level_mask(state: State, height: int) -> Bitboard:
    """Spaces of exactly ``height`` blocks."""
    layers = (-1, state.l1, state.l2, state.l3, 0)
    return layers[height] & ~layers[height + 1]


def _level_changes(geometry: Geometry, state: State, movers: int, no_up: bool,
                   level3_wins: bool, index: int) -> int | Ply:
    """The usual plies whose step changes level (the others are roams too)."""
    l1, l2, l3 = state.l1, state.l2, state.l3
    bits = geometry.bits
    free = free_squares(geometry, state)
    build_nb = geometry.build_neighbours
    # Per height: the spaces a worker there may step onto that change its level.
    steps = (0, ~l1, ~l2, ~l3) if no_up else (l1 & ~l2, ~l1 | l2 & ~l3, ~l2 | l3, ~l3)
    total = 0
    for worker, start in enumerate(state.workers):
        if start < 0 or not movers >> worker & 1:
            continue
        here = bits[start]
        height = 3 if l3 & here else 2 if l2 & here else 1 if l1 & here else 0
        targets = geometry.move_neighbours[start] & free & steps[height]
        wins = targets & l3 if level3_wins and height < 3 else 0
        count = wins.bit_count()
        if 0 <= index < count:
            to = _nth_square(wins, index)
            return _new(Ply, (worker, ((worker, to),), (), True, True, ()))
        total += count
        if index < 0:  # counting: no ply to find
            rest, buildable = targets & ~wins, free | here
            while rest:
                low = rest & -rest
                rest ^= low
                total += (build_nb[low.bit_length() - 1] & buildable).bit_count()
            continue
        index -= count
        for to in _squares(targets & ~wins):
            can_build = build_nb[to] & (free | bits[start]) & ~bits[to]
            count = can_build.bit_count()
            if 0 <= index < count:
                b = _nth_square(can_build, index)
                up = _height(l1, l2, l3, to) > height
                builds = ((b, _height(l1, l2, l3, b)),)
                return _new(Ply, (worker, ((worker, to),), builds, False, up, ()))
            total += count
            index = index - count if index >= 0 else index
    return total


@lru_cache(maxsize=64)
def _edge_masks(width: int, height: int) -> tuple[Bitboard, Bitboard, Bitboard]:
    """All squares, all but the first column, all but the last column."""
    full = (1 << width * height) - 1
    first = sum(1 << r * width for r in range(height))
    last = first << (width - 1)
    return full, full & ~first, full & ~last


def _reach(geometry: Geometry, state: State, start: Square, avoid: Bitboard) -> Bitboard:
    """``start`` and every space a walk on its level reaches, never entering ``avoid``.

    Grows the region a ring at a time with shifts (the eight grid directions), plus
    the far end of any bridge.
    """
    allowed = _level_mask(state, _height(state.l1, state.l2, state.l3, start)) & ~avoid
    allowed &= geometry.land & ~state.domes
    full, not_first, not_last = _edge_masks(geometry.width, geometry.height)
    width, bridges = geometry.width, geometry.bridges
    seen = 1 << start
    while True:
        row = seen | (seen << 1 & not_first) | (seen >> 1 & not_last)
        grown = row | row << width | row >> width
        for a, b in bridges:
            if seen >> a & 1:
                grown |= 1 << b
            if seen >> b & 1:
                grown |= 1 << a
        grown = grown & full & allowed | seen
        if grown == seen:
            return seen
        seen = grown


@lru_cache(maxsize=16)
def _end_placements(geometry: Geometry, state: State, starts: tuple[Square, ...],
                    others: Bitboard) -> tuple[tuple[Square, Bitboard], ...]:
    """First walker's end -> the second walker's possible ends (0 for a lone walker)."""
    bits = geometry.bits
    ends: dict[Square, Bitboard] = {}
    if len(starts) == 1:
        ends = {a: 0 for a in _squares(_reach(geometry, state, starts[0], others))}
    else:
        a0, b0 = starts
        # A walker standing outside the other's region (its level and component with
        # neither walker in the way) leaves that region as it is: no flood fill needed.
        region_a = _reach(geometry, state, a0, others)
        region_b = _reach(geometry, state, b0, others)
        for a in _squares(_reach(geometry, state, a0, others | bits[b0])):  # a walks first
            in_way = region_b >> a & 1
            ends[a] = _reach(geometry, state, b0, others | bits[a]) if in_way else region_b
        anywhere = 0  # second-walker ends that leave the first walker all of its region
        for b in _squares(_reach(geometry, state, b0, others | bits[a0])):  # b walks first
            if not region_a >> b & 1:
                anywhere |= bits[b]
                continue
            for a in _squares(_reach(geometry, state, a0, others | bits[b])):
                ends[a] = ends.get(a, 0) | bits[b]
        if anywhere:
            for a in _squares(region_a):
                ends[a] = ends.get(a, 0) | anywhere
    return tuple(sorted(ends.items()))


def _roams(geometry: Geometry, state: State, movers: int, power: str, index: int
           ) -> int | Ply:
    """Every end placement of the walkers, with one build next to either of them."""
    team = [i for i, sq in enumerate(state.workers) if sq >= 0 and movers >> i & 1]
    if not team:
        return 0
    bits = geometry.bits
    starts = tuple(state.workers[i] for i in team)
    others = occupied(state) & ~sum(bits[sq] for sq in starts)
    rows = _roam_rows(geometry, state, starts, others)
    if index < 0:
        return sum(count for _, _, count in rows)
    open_ = geometry.land & ~state.domes & ~others
    build_nb = geometry.build_neighbours
    for a, seconds, row in rows:
        if index >= row:
            index -= row
            continue
        near_a = build_nb[a] & open_ & ~bits[a]
        if len(team) == 1:
            return _roam_ply(geometry, state, team, (a, -1), near_a, index, power)
        while seconds:
            low = seconds & -seconds
            seconds ^= low
            can_build = (near_a | build_nb[low.bit_length() - 1] & open_ & ~bits[a]) & ~low
            count = can_build.bit_count()
            if index < count:
                b = low.bit_length() - 1
                return _roam_ply(geometry, state, team, (a, b), can_build, index, power)
            index -= count
    raise IndexError("ply index out of range")


@lru_cache(maxsize=16)  # a playout counts, then selects, on the same position
def _roam_rows(geometry: Geometry, state: State, starts: tuple[Square, ...], others: Bitboard
               ) -> tuple[tuple[Square, Bitboard, int], ...]:
    """Per end of the first walker: the second walker's ends and how many plies they give."""
    bits = geometry.bits
    build_nb = geometry.build_neighbours
    open_ = geometry.land & ~state.domes & ~others
    rows = []
    for a, seconds in _end_placements(geometry, state, starts, others):
        near_a = build_nb[a] & open_ & ~bits[a]
        if len(starts) == 1:
            rows.append((a, seconds, near_a.bit_count()))
            continue
        count = 0
        rest = seconds
        while rest:
            low = rest & -rest
            rest ^= low
            count += ((near_a | build_nb[low.bit_length() - 1] & open_ & ~bits[a]) & ~low
                      ).bit_count()
        rows.append((a, seconds, count))
    return tuple(rows)


def _roam_ply(geometry: Geometry, state: State, team: list[int], placed: tuple[Square, Square],
              can_build: Bitboard, index: int, power: str) -> Ply:
    square = _nth_square(can_build, index)
    piece = _height(state.l1, state.l2, state.l3, square)
    moves = tuple((i, sq) for i, sq in zip(team, placed, strict=False) if sq != state.workers[i])
    builds = ((square, piece),)
    # One worker ending one step away and building next to it is also the usual ply.
    if len(moves) == 1:
        mover, to = moves[0]
        if (geometry.move_neighbours[state.workers[mover]] >> to & 1
                and geometry.build_neighbours[to] >> square & 1):
            return _new(Ply, (mover, moves, builds, False, False, ()))
    builder = next(i for i, sq in zip(team, placed, strict=False)
                   if geometry.build_neighbours[sq] >> square & 1)
    return _new(Ply, (builder, moves, builds, False, False, (power,)))
