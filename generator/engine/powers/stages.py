"""The stages of one worker's turn with powers, shared by :mod:`.turn`.

:class:`Ply` and its parts, the per-call inputs (:class:`_Turn`, which also
collects the distinct plies), and the stages in the order of RULES.md section 1:
the build before moving (or under the worker), each step (onto a free space, by
a move pattern, or into an occupied space that forces its figure away) with the
win checks after it, the forces after the move, then the builds (the main build,
the optional extra builds, a force onto the new block), then the end of the turn
(a force along a line, or a worker's owner ordered to move it).
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import NamedTuple

from generator.engine.geometry import NO_SQUARE, Bitboard, Geometry, Square
from generator.engine.powers.patterns import (
    end_force_options,
    force_options,
    pattern_destinations,
)
from generator.engine.powers.pieces import Targets, TurnRules
from generator.engine.state import DOME

_new = tuple.__new__  # Ply(...) re-parses its arguments; the build loops skip that

Build = tuple[Square, int]
"""``(square, piece)``: the piece placed (``LEVEL1`` .. ``LEVEL3`` or ``DOME``)."""

Relocation = tuple[int, Square]
"""``(worker index, square)``: a worker ends the step there (forced ones included)."""


class Ply(NamedTuple):
    """One ply: ``worker`` (the one that moved, or built after a team roam), the
    relocations in order, the builds in order, the win, whether the acting worker
    stepped up, and the powers used (ids, in the order used).

    ``owner_chooses``: the last relocation is a move the player ordered but whose
    destination belongs to the moved worker's owner (:class:`~.pieces.OrderMove`):
    the plies that differ only in that destination are one choice of the player,
    and the owner picks among them.
    """

    worker: int
    moves: tuple[Relocation, ...]
    builds: tuple[Build, ...]
    win: bool = False
    up: bool = False
    powers: tuple[str, ...] = ()
    owner_chooses: bool = False


def _bit_squares(bits: Bitboard) -> Iterator[Square]:
    while bits:
        low = bits & -bits
        bits ^= low
        yield low.bit_length() - 1


class _Turn:
    """The fixed inputs of one generation call, shared by its stages."""

    __slots__ = (
        "geometry", "rules", "no_up", "level3_wins", "stockpile", "opponents", "out", "dedupe",
        "movers", "start", "direct", "plain_builds", "moved", "pairs_once",
    )

    def __init__(
        self,
        geometry: Geometry,
        rules: TurnRules,
        no_up: bool,
        level3_wins: bool,
        stockpile: Sequence[int] | None,
        opponents: int,
        movers: int = 0,
        start: tuple[list[int], Bitboard, tuple[Square, ...], Bitboard] | None = None,
    ) -> None:
        self.movers = movers
        # The position before the turn (heights, domes, workers, occupied): the
        # rooftop test and the end-of-turn stage replay a ply's builds on it.
        self.start = start
        self.geometry = geometry
        self.rules = rules
        self.no_up = no_up
        self.level3_wins = level3_wins
        self.stockpile = stockpile
        self.opponents = opponents
        self.out: dict[object, Ply] = {}
        # The last relocations recorded, the workers before and after them.
        self.moved: tuple[object, object, tuple[Square, ...]] = (None, None, ())
        # Two builds on two spaces that either may take first, with the same powers
        # either way: the second order is the first's outcome with as many powers, which
        # the record would drop, so the builds are paired once, the lower space first.
        self.pairs_once = bool(
            rules.extra_other and not (rules.extra_other_blocks_only or rules.dome_any_level
                                       or rules.far_build or rules.extra_same)
        )
        # Only these powers can reach one outcome by two routes. A skyscraper raised
        # before moving is a dome on a ground-level space, which no later build of
        # these rules places (no dome below level 3), so it never meets another route;
        # nor do two builds paired once.
        self.dedupe = bool(
            (rules.pre_build and not (rules.pre_build_skyscraper and not rules.dome_any_level))
            or rules.extra_steps or rules.team_roam
            or (rules.extra_other and not self.pairs_once)
            or rules.move_patterns or rules.forces or rules.build_around or rules.end_forces
            or rules.climb_levels or rules.stay or rules.level_leap or rules.swap_own
            or rules.far_build
        )
        # Without a rooftop win or an end-of-turn stage a ply is recorded as it comes.
        self.direct = not (rules.win_by_dome or rules.end_forces)
        # The main build is one piece, the next on its space, with nothing after it.
        self.plain_builds = not (
            rules.far_build or rules.dome_any_level or rules.forces or rules.extra_same
            or rules.extra_other or rules.extra_other_required
        )

    def emit(self, workers: tuple[Square, ...], ply: Ply) -> None:
        """Finish a ply (a rooftop win, the end-of-turn stage) and record it."""
        rules = self.rules
        if rules.win_by_dome and not ply.win and self._places_rooftop(ply.builds):
            ply = ply._replace(win=True, powers=(*ply.powers, rules.win_by_dome))
        if rules.end_forces and not ply.win:
            for finished in self._end_of_turn(ply):
                self._record(workers, finished)
            return
        self._record(workers, ply)

    def _places_rooftop(self, builds: tuple[Build, ...]) -> bool:
        """Whether a build of ``builds`` is a dome on a level-3 tower."""
        assert self.start is not None
        for _, piece in builds:
            if piece == DOME:
                break
        else:
            return False  # no dome at all (most plies)
        heights = self.start[0]
        raised: dict[Square, int] = {}
        for sq, piece in builds:
            if piece != DOME:
                raised[sq] = raised.get(sq, 0) + 1
            elif heights[sq] + raised.get(sq, 0) == 3:
                return True
        return False

    def _end_of_turn(self, ply: Ply) -> list[Ply]:
        """``ply`` followed by each end-of-turn force or order it allows or requires."""
        assert self.start is not None
        heights0, domes, workers0, occ0 = self.start
        final = list(workers0)
        for j, sq in ply.moves:
            final[j] = sq
        at = final[ply.worker]
        if at < 0:
            return [ply]  # the acting worker left the game (a rooftop under it)
        heights = list(heights0)
        for sq, piece in ply.builds:
            if piece == DOME:
                domes |= 1 << sq
            else:
                heights[sq] += 1
        bits = self.geometry.bits
        occ = occ0
        for sq in workers0:
            if sq >= 0:
                occ &= ~bits[sq]
        for sq in final:
            if sq >= 0:
                occ |= bits[sq]
        out: list[Ply] = []
        plain = True
        for kind, directions, targets, required, power in self.rules.end_forces:
            options, optional = end_force_options(
                self.geometry, kind, directions, tuple(final), _targets(self, targets, ply.worker),
                occ, domes, heights, at)
            plain = plain and (optional or not required)
            for j, dest in options:
                out.append(ply._replace(moves=(*ply.moves, (j, dest)),
                                        powers=(*ply.powers, power),
                                        owner_chooses=kind == "order-move"))
        return [ply, *out] if plain else out

    def _record(self, workers: tuple[Square, ...], ply: Ply) -> None:
        """Record a ply; of two with the same outcome, keep the one using fewer powers
        (the earlier one on a tie)."""
        builds = ply.builds
        if len(ply.powers) > 1:  # each power once, in the order first used
            ply = ply._replace(powers=tuple(dict.fromkeys(ply.powers)))
        if self.stockpile is not None and not _affordable(builds, self.stockpile):
            return
        out = self.out
        if not self.dedupe:
            out[len(out)] = ply
            return
        moves = ply.moves
        if moves is self.moved[0] and workers is self.moved[1]:
            workers = self.moved[2]  # the builds of one step share its relocations
        else:
            before = workers
            for index, sq in moves:
                workers = (*workers[:index], sq, *workers[index + 1 :])
            self.moved = (moves, before, workers)
        if len(builds) == 2:
            first, second = builds
            if second < first:
                builds = (second, first)
        elif len(builds) > 2:
            builds = tuple(sorted(builds))
        key = (workers, builds, ply.win)
        known = out.get(key)
        if known is None or len(ply.powers) < len(known.powers):
            out[key] = ply


def _affordable(builds: tuple[Build, ...], stockpile: Sequence[int]) -> bool:
    if len(builds) == 1:
        return stockpile[builds[0][1]] > 0
    need = [0, 0, 0, 0]
    for _, piece in builds:
        need[piece] += 1
    return all(n <= have for n, have in zip(need, stockpile, strict=False))


def _worker_turn(
    turn: _Turn,
    workers: tuple[Square, ...],
    occ: Bitboard,
    domes: Bitboard,
    heights: list[int],
    index: int,
    start: Square,
) -> None:
    rules = turn.rules
    if rules.build_under_first:
        _build_under_first(turn, workers, occ, domes, heights, index, start)
        return
    free = turn.geometry.build_neighbours[start] & ~occ & ~domes
    if rules.pre_build_skyscraper:
        free &= ~sum(1 << sq for sq, h in enumerate(heights) if h)  # ground level only
    if not (rules.pre_build_required and free):
        _move_stage(turn, workers, occ, domes, heights, index, start, (), (), turn.no_up)
    if not rules.pre_build:
        return
    for b0 in _bit_squares(free):
        pieces = (DOME,) if rules.pre_build_skyscraper else _pieces(
            turn, heights[b0], rules.dome_any_level != "")
        for piece in pieces:
            new_heights, new_domes = _built(heights, domes, b0, piece)
            used: tuple[str, ...] = (rules.pre_build,)
            if piece == DOME and heights[b0] < 3 and not rules.pre_build_skyscraper:
                used += (rules.dome_any_level,)
            _move_stage(
                turn, workers, occ, new_domes, new_heights, index, start, ((b0, piece),), used,
                turn.no_up or rules.pre_build_no_up,
            )


def _build_under_first(
    turn: _Turn,
    workers: tuple[Square, ...],
    occ: Bitboard,
    domes: Bitboard,
    heights: list[int],
    index: int,
    start: Square,
) -> None:
    """A block under the worker before it moves; on level 3 a rooftop that removes it."""
    power = turn.rules.build_under_first
    height = heights[start]
    if height == 3:
        turn.emit(workers, Ply(index, ((index, NO_SQUARE),), ((start, DOME),), False, False,
                               (power,)))
        return
    raised = list(heights)
    raised[start] += 1
    _move_stage(turn, workers, occ, domes, raised, index, start, ((start, height),), (power,),
                turn.no_up)


def _pieces(turn: _Turn, height: int, dome_any: bool) -> tuple[int, ...]:
    """The pieces a build on a space of ``height`` may place."""
    if height == 3:
        return (DOME,)
    return (height, DOME) if dome_any else (height,)


def _built(
    heights: list[int], domes: Bitboard, sq: Square, piece: int
) -> tuple[list[int], Bitboard]:
    if piece == DOME:
        return heights, domes | 1 << sq
    new_heights = list(heights)
    new_heights[sq] += 1
    return new_heights, domes


def _steps(
    turn: _Turn,
    workers: tuple[Square, ...],
    occ: Bitboard,
    domes: Bitboard,
    heights: list[int],
    index: int,
    here: Square,
    no_up: bool,
    swap: bool = True,
) -> Iterator[tuple[Square, tuple[Relocation, ...], str]]:
    """Each step from ``here``: destination, relocations (the worker last), power used.

    ``swap``: whether own workers may trade places (:class:`~.pieces.SwapOwn` replaces
    the whole move, so never after a step already taken this turn)."""
    geometry = turn.geometry
    rules = turn.rules
    limit = heights[here] + (0 if no_up else 1)
    around = geometry.move_neighbours[here] & ~domes
    if not rules.patterns_only:
        for to in _bit_squares(around & ~occ):
            if heights[to] <= limit:
                yield to, ((index, to),), ""
            elif rules.climb_levels and not no_up and \
                    heights[to] <= heights[here] + rules.climb_levels:
                yield to, ((index, to),), rules.climb_power
    if rules.level_leap:
        same = geometry.land & ~occ & ~domes & ~around
        for to in _bit_squares(same):
            if heights[to] == heights[here]:
                yield to, ((index, to),), rules.level_leap
    if rules.swap_own and swap:
        for j, other in enumerate(workers):
            if other >= 0 and j != index and turn.movers >> j & 1:
                yield other, ((j, here), (index, other)), rules.swap_own
    for kind, distances, directions, power in turn.rules.move_patterns:
        ground = 0
        if kind == "beside-skyscraper":
            ground = sum(1 << sq for sq, h in enumerate(heights) if h)
        ends = pattern_destinations(geometry, here, kind, distances, directions,
                                    occupied=occ, domes=domes, levels_above_ground=ground)
        for to in _bit_squares(ends):
            if heights[to] <= limit:
                yield to, ((index, to),), power
    enter = turn.rules.enter
    if not enter or turn.rules.patterns_only:
        return
    for mode, targets, power in enter:
        for j, other in enumerate(workers):
            if other < 0 or j == index or not around >> other & 1 or heights[other] > limit:
                continue
            if targets == "opponents" and not turn.opponents >> j & 1:
                continue
            if mode == "swap":
                yield other, ((j, here), (index, other)), power
                continue
            beyond = _straight_on(geometry, here, other)
            if beyond >= 0 and not (occ | domes) >> beyond & 1:
                yield other, ((j, beyond), (index, other)), power


def _targets(turn: _Turn, targets: Targets, index: int) -> int:
    """The worker indices a force may move: the other players' or every other worker."""
    every = (1 << 64) - 1
    return (turn.opponents if targets == "opponents" else every) & ~(1 << index)


def _straight_on(geometry: Geometry, origin: Square, via: Square) -> Square:
    """The space one step past ``via`` in the direction origin -> via (-1: none).

    Only ordinary one-space steps have a straight-on space; a step across a bridge
    has none (a decision: the rules describe pushes on the open board only).
    """
    width = geometry.width
    (r0, c0), (r1, c1) = divmod(origin, width), divmod(via, width)
    dr, dc = r1 - r0, c1 - c0
    if max(abs(dr), abs(dc)) != 1:
        return -1
    r2, c2 = r1 + dr, c1 + dc
    if not (0 <= r2 < geometry.height and 0 <= c2 < width):
        return -1
    sq = r2 * width + c2
    return sq if geometry.land >> sq & 1 else -1


def _move_stage(
    turn: _Turn,
    workers: tuple[Square, ...],
    occ: Bitboard,
    domes: Bitboard,
    heights: list[int],
    index: int,
    start: Square,
    builds: tuple[Build, ...],
    used: tuple[str, ...],
    no_up: bool,
) -> None:
    _step_on(turn, workers, occ, domes, heights, index, start, start, builds, (), used, False,
             turn.rules.extra_steps + 1, no_up)
    if turn.rules.stay:  # build without moving first
        _build_stage(turn, workers, occ, domes, heights, index, start, builds, (),
                     (*used, turn.rules.stay), False)


def _step_on(
    turn: _Turn,
    workers: tuple[Square, ...],
    occ: Bitboard,
    domes: Bitboard,
    heights: list[int],
    index: int,
    start: Square,
    here: Square,
    builds: tuple[Build, ...],
    moves: tuple[Relocation, ...],
    used: tuple[str, ...],
    up: bool,
    steps_left: int,
    no_up: bool,
) -> None:
    """Take one step from ``here``, check wins, then build or step again."""
    rules = turn.rules
    first = here == start and not moves
    bits = turn.geometry.bits
    for to, relocations, power in _steps(turn, workers, occ, domes, heights, index, here, no_up,
                                         first):
        # Trading places is the whole move: no further step follows it.
        swapped = first and power == rules.swap_own != "" and len(relocations) == 2
        if not first and rules.extra_steps_not_back and to == start:
            continue
        now_used = used + (power,) if power else used
        if not first:
            now_used += (rules.extra_steps_power,)
        step_up = heights[to] > heights[here]
        now_moves = moves + relocations
        new_workers = workers
        new_occ = occ
        for j, _ in relocations:
            new_occ &= ~bits[workers[j]]
        for j, sq in relocations:
            new_occ |= bits[sq]
            new_workers = (*new_workers[:j], sq, *new_workers[j + 1 :])
        wins = turn.level3_wins and heights[to] == 3 and heights[here] < 3
        descent = rules.win_descent and heights[here] - heights[to] >= rules.win_descent
        if wins or descent:
            if not wins:
                now_used += (rules.win_descent_power,)
            turn.emit(workers, Ply(index, now_moves, builds, True, up or step_up, now_used))
            continue
        forced: list[tuple[int, Square, str]] = []
        must = False
        for mode, compass, targets, required, force_power in rules.forces:
            if mode == "onto-build":
                continue
            options = force_options(turn.geometry, mode, compass, new_workers,
                                    _targets(turn, targets, index), new_occ, domes, here, to)
            must = must or (required and bool(options))
            forced.extend((j, dest, force_power) for j, dest in options)
        if not must:
            _build_stage(turn, workers, new_occ, domes, heights, index, to, builds, now_moves,
                         now_used, up or step_up)
        for j, dest, force_power in forced:
            forced_occ = new_occ & ~bits[new_workers[j]] | bits[dest]
            _build_stage(turn, workers, forced_occ, domes, heights, index, to, builds,
                         now_moves + ((j, dest),), now_used + (force_power,), up or step_up)
        if steps_left > 1 and not swapped:
            _step_on(turn, new_workers, new_occ, domes, heights, index, start, to, builds,
                     now_moves, now_used, up or step_up, steps_left - 1, no_up)


def _build_stage(
    turn: _Turn,
    workers: tuple[Square, ...],
    occ: Bitboard,
    domes: Bitboard,
    heights: list[int],
    index: int,
    at: Square,
    builds: tuple[Build, ...],
    moves: tuple[Relocation, ...],
    used: tuple[str, ...],
    up: bool,
) -> None:
    """The builds: under the worker, or from ``at`` (or around a chosen worker)."""
    rules = turn.rules
    placed = workers
    if rules.build_around or rules.forces:
        for j, sq in moves:
            placed = (*placed[:j], sq, *placed[j + 1 :])
    if rules.build_under and heights[at] < 3:
        turn.emit(workers, Ply(index, moves, builds + ((at, heights[at]),), False, up,
                               used + (rules.build_under,)))
    _builds_from(turn, workers, placed, occ, domes, heights, index, at, builds, moves, used, up)
    if not rules.build_around:
        return
    near = turn.geometry.build_neighbours[at]
    for j, sq in enumerate(placed):
        if sq < 0 or j == index:
            continue
        if rules.build_around_whose == "own" and not turn.movers >> j & 1:
            continue
        if rules.build_around_whose == "neighbour" and not near >> sq & 1:
            continue
        _builds_from(turn, workers, placed, occ, domes, heights, index, sq, builds, moves,
                     used + (rules.build_around,), up)


def _builds_from(
    turn: _Turn,
    workers: tuple[Square, ...],
    placed: tuple[Square, ...],
    occ: Bitboard,
    domes: Bitboard,
    heights: list[int],
    index: int,
    center: Square,
    builds: tuple[Build, ...],
    moves: tuple[Relocation, ...],
    used: tuple[str, ...],
    up: bool,
) -> None:
    """The main build next to ``center``, then the optional extra builds next to it."""
    rules = turn.rules
    emit = turn._record if turn.direct else turn.emit
    near = turn.geometry.build_neighbours
    free = near[center] & ~occ & ~domes
    if turn.plain_builds:  # the loop below, for one piece and no extra build
        while free:
            low = free & -free
            free ^= low
            b = low.bit_length() - 1
            emit(workers, _new(Ply, (index, moves, (*builds, (b, heights[b])), False, up, used,
                                      False)))
        return
    far = 0
    if rules.far_build:
        for n in _bit_squares(near[center]):
            far |= near[n]
        far &= ~near[center] & ~(1 << center) & ~occ & ~domes
    dome_any = rules.dome_any_level != ""
    for b in _bit_squares(free | far):
        height = heights[b]
        for piece in _pieces(turn, height, dome_any):
            main = builds + ((b, piece),)
            main_used = used + (rules.far_build,) if far >> b & 1 else used
            if piece == DOME and height < 3:
                main_used += (rules.dome_any_level,)
            same_possible = rules.extra_same != "" and piece < DOME and (
                piece + 1 < DOME or not rules.extra_same_blocks_only)
            # A required extra build leaves the single build out (a "must" card).
            single = not rules.extra_other_required and not (
                rules.extra_same_required and same_possible)
            onto = _force_onto(turn, placed, occ, domes, index, b, main, moves, main_used, up) if (
                single and rules.forces and piece < DOME) else ([], False)
            if single and not onto[1]:
                emit(workers, _new(Ply, (index, moves, main, False, up, main_used, False)))
            for forced in onto[0]:
                emit(workers, forced)
            firsts = [(main, main_used)] if single or not same_possible else []
            if same_possible:
                same = (main + ((b, piece + 1),), main_used + (rules.extra_same,))
                if not rules.extra_other_required:
                    emit(workers, _new(Ply, (index, moves, same[0], False, up, same[1], False)))
                firsts.append(same)
            if not rules.extra_other:
                continue
            others = free & -(2 << b) if turn.pairs_once else free & ~(1 << b)
            for b2 in _bit_squares(others):
                height2 = heights[b2]
                for piece2 in _pieces(turn, height2, dome_any):
                    if piece2 == DOME and rules.extra_other_blocks_only:
                        continue
                    extra_used: tuple[str, ...] = (rules.extra_other,)
                    if piece2 == DOME and height2 < 3:
                        extra_used += (rules.dome_any_level,)
                    for first_builds, first_used in firsts:
                        emit(workers, _new(Ply, (index, moves, first_builds + ((b2, piece2),), False,
                                                up, first_used + extra_used, False)))


def _force_onto(
    turn: _Turn,
    placed: tuple[Square, ...],
    occ: Bitboard,
    domes: Bitboard,
    index: int,
    built: Square,
    builds: tuple[Build, ...],
    moves: tuple[Relocation, ...],
    used: tuple[str, ...],
    up: bool,
) -> tuple[list[Ply], bool]:
    """After a block is built on ``built``: each ply forcing a worker next to it onto
    it, and whether one of them is a must (a required force that is possible)."""
    out: list[Ply] = []
    must = False
    for mode, compass, targets, required, power in turn.rules.forces:
        if mode != "onto-build":
            continue
        options = force_options(turn.geometry, mode, compass, placed,
                                _targets(turn, targets, index), occ, domes, placed[index], built)
        must = must or (required and bool(options))
        out.extend(Ply(index, moves + ((j, dest),), builds, False, up, used + (power,))
                   for j, dest in options)
    return out, must
