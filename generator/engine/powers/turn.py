"""One turn with powers: every distinct ply a player may make, and applying one.

The generator walks the stages of a turn in the order of RULES.md section 1 and
asks the player's :class:`~.pieces.TurnRules` at each stage: an optional build
before moving, the step (onto a free space, or into an occupied one that forces
its figure away), extra steps, the win checks after each step (moving up onto
level 3; extra win conditions), the main build (a block, or a dome at any level),
then the extra builds (the same space, another space). A team roam (every worker
moves on its level, then one builds) is an alternative to the whole move stage.

A :class:`Ply` records what happened (which figures went where, which pieces
were built where, whether it won, which powers it used). Two plies with the same
outcome (the same squares for every worker, the same pieces built, the same win)
are one ply (the route using fewer powers is kept): Demeter's two builds in either order, or Artemis reaching a space in
one step or two, count once. For the plain game this is exactly the set of
``(worker, to, build)`` sequences of :mod:`generator.engine.moves`.

>>> from generator.engine.geometry import Geometry
>>> from generator.engine.state import State
>>> from generator.engine.powers.pieces import TurnRules
>>> g = Geometry.rectangle(3, 1)
>>> [p.builds for p in list_plies(g, State(0, 0, 0, 0, (0, 2)), 0b01, TurnRules())]
[((0, 0),)]
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from itertools import permutations

from generator.engine.geometry import Bitboard, Geometry, Square
from generator.engine.powers.pieces import TurnRules
from generator.engine.powers.stages import (
    Build,
    Ply,
    Relocation,
    _bit_squares,
    _build_stage,
    _steps,
    _Turn,
    _worker_turn,
)
from generator.engine.state import DOME, State, occupied

__all__ = ["Build", "Ply", "Relocation", "apply_ply", "list_plies"]

_new_state = tuple.__new__  # State(...) re-parses its arguments; this skips that step
_new_ply = tuple.__new__  # and so does Ply(...)


def list_plies(
    geometry: Geometry,
    state: State,
    movers: int,
    rules: TurnRules,
    *,
    no_up: bool = False,
    level3_wins: bool = True,
    stockpile: Sequence[int] | None = None,
    opponents: int = 0,
) -> list[Ply]:
    """Every distinct ply of the workers in ``movers`` (a bitmask over worker indices).

    ``no_up``: another player's power forbids moving up this turn. ``opponents``:
    bitmask of the worker indices that belong to other players (the figures an
    :class:`~.pieces.EnterOccupied` power with ``targets="opponents"`` may force).
    ``stockpile``: counts of the four pieces, or ``None`` for unlimited.
    Order: worker, then build-before-moving, then step, then build; team roams last.
    """
    if rules.both_act:
        return _both_act(geometry, state, movers, rules, no_up, level3_wins, stockpile, opponents)
    heights = [
        (state.l1 >> sq & 1) + (state.l2 >> sq & 1) + (state.l3 >> sq & 1)
        for sq in range(geometry.size)
    ]
    workers = state.workers
    occ = occupied(state)
    turn = _Turn(geometry, rules, no_up, level3_wins, stockpile, opponents, movers,
                 (heights, state.domes, workers, occ))
    for index, start in enumerate(workers):
        if start < 0 or not movers >> index & 1:
            continue
        _worker_turn(turn, workers, occ, state.domes, heights, index, start)
    if rules.team_roam:
        _team_roam(turn, workers, occ, state.domes, heights, movers)
    return list(turn.out.values())


def _both_act(
    geometry: Geometry,
    state: State,
    movers: int,
    rules: TurnRules,
    no_up: bool,
    level3_wins: bool,
    stockpile: Sequence[int] | None,
    opponents: int,
) -> list[Ply]:
    """Both workers step (either order), then both build (a win by a step ends the turn).

    When no ply lets both act, one worker moves and builds as usual ("if possible").
    Other step and build powers are not combined with this one.
    """
    single = replace(rules, both_act="")
    team = [i for i, sq in enumerate(state.workers) if sq >= 0 and movers >> i & 1]
    heights = [
        (state.l1 >> sq & 1) + (state.l2 >> sq & 1) + (state.l3 >> sq & 1)
        for sq in range(geometry.size)
    ]
    turn = _Turn(geometry, single, no_up, level3_wins, stockpile, opponents, movers,
                 (heights, state.domes, state.workers, occupied(state)))
    turn.dedupe = True  # the two orders reach many outcomes twice
    bits = geometry.bits
    used = (rules.both_act,)
    if len(team) == 2:
        for first, second in permutations(team):
            workers, occ = state.workers, occupied(state)
            for to, moved, _ in _steps(turn, workers, occ, state.domes, heights, first,
                                       workers[first], no_up):
                up = heights[to] > heights[workers[first]]
                if level3_wins and heights[to] == 3 and up:
                    turn.emit(state.workers, Ply(first, moved, (), True, True, used))
                    continue
                middle = (*workers[:first], to, *workers[first + 1 :])
                occ2 = occ & ~bits[workers[first]] | bits[to]
                _second_and_builds(turn, middle, occ2, state, heights, first, second, moved,
                                   up, used)
    plies = list(turn.out.values())
    if plies:
        return plies
    return list_plies(geometry, state, movers, single, no_up=no_up, level3_wins=level3_wins,
                      stockpile=stockpile, opponents=opponents)


def _second_and_builds(
    turn: _Turn,
    workers: tuple[Square, ...],
    occ: Bitboard,
    state: State,
    heights: list[int],
    first: int,
    second: int,
    moves: tuple[Relocation, ...],
    up: bool,
    used: tuple[str, ...],
) -> None:
    bits = turn.geometry.bits
    build_nb = turn.geometry.build_neighbours
    domes = state.domes
    emit = turn._record if turn.direct else turn.emit
    # Every ply here names the same one power, so of two with one outcome the first
    # stays: with nothing to check after the builds, record it here, and build a
    # ply only for an outcome not listed yet (the two orders meet often).
    quick = turn.direct and turn.stockpile is None and turn.dedupe and len(used) == 1
    out = turn.out
    for to, moved, _ in _steps(turn, workers, occ, domes, heights, second, workers[second],
                               turn.no_up):
        climbed = heights[to] > heights[workers[second]]
        now_moves = moves + moved
        if turn.level3_wins and heights[to] == 3 and climbed:
            turn.emit(state.workers, Ply(second, now_moves, (), True, True, used))
            continue
        final_occ = occ & ~bits[workers[second]] | bits[to]
        if quick:
            final = state.workers
            for j, sq in now_moves:
                final = (*final[:j], sq, *final[j + 1 :])
            seconds = [(y, (y, min(heights[y], DOME)))
                       for y in _bit_squares(build_nb[to] & ~final_occ & ~domes)]
            moved_up = up or climbed
            for x in _bit_squares(build_nb[workers[first]] & ~final_occ & ~domes):
                piece_x = min(heights[x], DOME)
                one = (x, piece_x)
                for y, two in seconds:
                    if y == x:
                        if piece_x == DOME:
                            continue  # the first build capped it
                        two = (y, piece_x + 1)
                    key = (final, (one, two) if one <= two else (two, one), False)
                    if key not in out:
                        out[key] = _new_ply(Ply, (second, now_moves, (one, two), False, moved_up,
                                                  used, False))
            continue
        for x in _bit_squares(build_nb[workers[first]] & ~final_occ & ~domes):
            piece_x = min(heights[x], DOME)
            for y in _bit_squares(build_nb[to] & ~final_occ & ~domes):
                if y == x and piece_x == DOME:
                    continue  # the first build capped it
                piece_y = piece_x + 1 if y == x else min(heights[y], DOME)
                emit(state.workers, Ply(second, now_moves, ((x, piece_x), (y, piece_y)),
                                        False, up or climbed, used))


def _team_roam(
    turn: _Turn,
    workers: tuple[Square, ...],
    occ: Bitboard,
    domes: Bitboard,
    heights: list[int],
    movers: int,
) -> None:
    """Every mover walks on its level (one after the other, any order); then one builds."""
    team = [i for i, sq in enumerate(workers) if sq >= 0 and movers >> i & 1]
    bits = turn.geometry.bits
    finals: dict[tuple[Square, ...], None] = {}
    for order in permutations(team):
        _roam(turn.geometry, workers, occ, domes, heights, order, bits, finals)
    power = turn.rules.team_roam
    for final in finals:
        moves = tuple((i, sq) for i, sq in zip(team, final, strict=True) if sq != workers[i])
        new_occ = occ
        for i, sq in zip(team, final, strict=True):
            new_occ &= ~bits[workers[i]]
        for sq in final:
            new_occ |= bits[sq]
        for builder, at in zip(team, final, strict=True):
            _build_stage(turn, workers, new_occ, domes, heights, builder, at, (), moves,
                         (power,), False)


def _roam(
    geometry: Geometry,
    workers: tuple[Square, ...],
    occ: Bitboard,
    domes: Bitboard,
    heights: list[int],
    order: tuple[int, ...],
    bits: tuple[Bitboard, ...],
    finals: dict[tuple[Square, ...], None],
) -> None:
    """Add every end placement of ``order``'s walks (the team in index order) to ``finals``."""
    team = sorted(order)
    placements: list[tuple[dict[int, Square], Bitboard]] = [({}, occ)]
    for i in order:
        grown: list[tuple[dict[int, Square], Bitboard]] = []
        for placed, current in placements:
            start = workers[i]
            blocked = (current & ~bits[start]) | domes | ~geometry.land
            for end in _same_level_reach(geometry, heights, start, blocked):
                now = dict(placed)
                now[i] = end
                grown.append((now, current & ~bits[start] | bits[end]))
        placements = grown
    for placed, _ in placements:
        finals.setdefault(tuple(placed[i] for i in team), None)


def _same_level_reach(
    geometry: Geometry, heights: list[int], start: Square, blocked: Bitboard
) -> list[Square]:
    """``start`` and every space reachable from it by steps on its level, avoiding ``blocked``."""
    level = heights[start]
    seen = 1 << start
    stack = [start]
    while stack:
        here = stack.pop()
        for to in _bit_squares(geometry.move_neighbours[here] & ~blocked & ~seen):
            if heights[to] == level:
                seen |= 1 << to
                stack.append(to)
    return list(_bit_squares(seen))


def apply_ply(state: State, ply: Ply) -> State:
    """The state after ``ply`` (relocations in order, then the builds in order).

    >>> apply_ply(State(0, 0, 0, 0, (0, 2)), Ply(0, ((0, 1),), ((0, 0), (0, 1))))
    State(l1=1, l2=1, l3=0, domes=0, workers=(1, 2), king=-1, sphinx=-1)
    """
    l1, l2, l3, domes, workers, king, sphinx = state
    moves = ply.moves
    if len(moves) == 1:
        index, sq = moves[0]
        workers = (*workers[:index], sq, *workers[index + 1 :])
    else:
        for index, sq in moves:
            workers = (*workers[:index], sq, *workers[index + 1 :])
    for sq, piece in ply.builds:
        bit = 1 << sq
        if piece == 0:
            l1 |= bit
        elif piece == 1:
            l2 |= bit
        elif piece == 2:
            l3 |= bit
        else:
            domes |= bit
    return _new_state(State, (l1, l2, l3, domes, workers, king, sphinx))
