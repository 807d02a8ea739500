"""Move-then-build generation, counting, uniform selection and application.

A move is a plain tuple ``(worker, to, build)``: the index of the worker in
``State.workers``, the square it moves to and the square it then builds on. When
``level3_wins`` is set, a move up onto level 3 ends the game and has no build:
``(worker, to, NO_SQUARE)``. Plain tuples keep the hot loops to one allocation
per move.

Every generator takes the same restrictions:

- ``movers``: bitmask over worker indices; bit ``i`` set lets ``workers[i]`` move
  (``0b0011`` = the first two workers). Absent workers never move.
- ``stockpile``: a :class:`~generator.engine.state.Stockpile` (or any 4-sequence
  of counts); a build whose piece is not in it is illegal. ``None`` = unlimited.
- ``level3_wins``: the standard win rule (moving up from level 2 to level 3).
- ``hooks``: a :class:`MoveHooks` for god powers and special rules; ``None``
  takes the fast path, so the plain game pays nothing for the hook points.

Order is deterministic: worker index, then destination square, then build square.

>>> from generator.engine.geometry import Geometry
>>> from generator.engine.state import State
>>> g = Geometry.rectangle(3, 1)
>>> s = State(0, 0, 0, 0, (0, 2))
>>> list_moves(g, s, 0b01)
[(0, 1, 0)]
>>> count_moves(g, s, 0b11), select_move(g, s, 0b11, 1)
(2, (1, 1, 2))
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from generator.engine.geometry import NO_SQUARE, Bitboard, Geometry, Square
from generator.engine.state import State

Move = tuple[int, int, int]
"""``(worker index, destination square, build square or NO_SQUARE for a win)``."""

ALL_WORKERS = -1
"""A ``movers`` mask that lets every worker move (all bits set)."""

_new_state = tuple.__new__  # State(...) re-parses arguments; this skips that step


class MoveHooks:
    """Hook points for god powers and special rules; override what you need.

    The generator calls, in order, for each worker allowed to move:

    1. :meth:`alter_destinations` with the default destination mask (neighbours
       by move adjacency, on the board, free, undomed, at most one level up);
       return a mask to add or remove destinations. Winning destinations are
       taken from the returned mask.
    2. :meth:`alter_builds` for each destination, with the default build mask
       (build neighbours of the destination, free once the worker has left,
       undomed, piece available); return the mask to use.

    then, once per call, :meth:`iter_extra_moves` for sequences that do not fit
    ``(worker, to, build)`` (a second build, a dome at any level, a swap...).
    An extra move is a tuple whose first three fields mean what a move's do and
    whose further fields belong to the power; :func:`apply_move` hands tuples
    longer than three to :meth:`apply_extra`. Hooks must not mutate anything.
    """

    def alter_destinations(
        self, geometry: Geometry, state: State, worker: int, destinations: Bitboard
    ) -> Bitboard:
        """Return the destination mask of ``worker`` (default: unchanged)."""
        return destinations

    def alter_builds(
        self, geometry: Geometry, state: State, worker: int, to: Square, builds: Bitboard
    ) -> Bitboard:
        """Return the build mask after ``worker`` moved to ``to`` (default: unchanged)."""
        return builds

    def iter_extra_moves(
        self, geometry: Geometry, state: State, movers: int
    ) -> Iterable[tuple[int, ...]]:
        """Yield sequences the mask model cannot express (default: none)."""
        return ()

    def apply_extra(self, geometry: Geometry, state: State, move: tuple[int, ...]) -> State:
        """Apply a sequence yielded by :meth:`iter_extra_moves`."""
        raise NotImplementedError(f"{type(self).__name__} yields no extra moves")


def stock_mask(state: State, stockpile: Sequence[int] | None) -> Bitboard:
    """Squares whose next piece is available (ignores figures, domes and sea).

    >>> bin(stock_mask(State(0b0110, 0b0100, 0, 0), (0, 1, 1, 0)))
    '0b110'
    """
    if stockpile is None:
        return -1
    l1, l2, l3 = state.l1, state.l2, state.l3
    mask = 0
    if stockpile[0] > 0:
        mask |= ~l1
    if stockpile[1] > 0:
        mask |= l1 & ~l2
    if stockpile[2] > 0:
        mask |= l2 & ~l3
    if stockpile[3] > 0:
        mask |= l3
    return mask


def free_squares(geometry: Geometry, state: State) -> Bitboard:
    """Land squares with no figure and no dome: where a figure may go or a piece be built."""
    bits = geometry.bits
    occ = bits[state.king] | bits[state.sphinx]
    for sq in state.workers:
        occ |= bits[sq]
    return geometry.land & ~state.domes & ~occ


def list_moves(
    geometry: Geometry,
    state: State,
    movers: int = ALL_WORKERS,
    stockpile: Sequence[int] | None = None,
    *,
    level3_wins: bool = False,
    hooks: MoveHooks | None = None,
) -> list[tuple[int, ...]]:
    """All legal move-then-build sequences, as a list (see the module docs)."""
    if hooks is not None:
        return _list_moves_hooked(geometry, state, movers, stockpile, level3_wins, hooks)
    l1, l2, l3, domes, workers, king, sphinx = state
    bits = geometry.bits
    occ = bits[king] | bits[sphinx]
    for sq in workers:
        occ |= bits[sq]
    free = geometry.land & ~domes & ~occ
    stock = stock_mask(state, stockpile)
    move_nb = geometry.move_neighbours
    build_nb = geometry.build_neighbours
    out: list[tuple[int, ...]] = []
    append = out.append
    for i, sq in enumerate(workers):
        if sq < 0 or not movers >> i & 1:
            continue
        here = bits[sq]
        if l2 & here:
            targets = move_nb[sq] & free
        elif l1 & here:
            targets = move_nb[sq] & free & ~l3
        else:
            targets = move_nb[sq] & free & ~l2
        wins = targets & l3 if level3_wins and l2 & here and not l3 & here else 0
        buildable = (free | here) & stock
        while targets:
            low = targets & -targets
            targets ^= low
            to = low.bit_length() - 1
            if low & wins:
                append((i, to, NO_SQUARE))
                continue
            builds = build_nb[to] & buildable
            while builds:
                b = builds & -builds
                builds ^= b
                append((i, to, b.bit_length() - 1))
    return out


def iter_moves(
    geometry: Geometry,
    state: State,
    movers: int = ALL_WORKERS,
    stockpile: Sequence[int] | None = None,
    *,
    level3_wins: bool = False,
    hooks: MoveHooks | None = None,
) -> Iterator[tuple[int, ...]]:
    """The same sequences as :func:`list_moves`, lazily (for searches that stop early)."""
    if hooks is not None:
        yield from _list_moves_hooked(geometry, state, movers, stockpile, level3_wins, hooks)
        return
    l1, l2, l3, domes, workers, king, sphinx = state
    bits = geometry.bits
    occ = bits[king] | bits[sphinx]
    for sq in workers:
        occ |= bits[sq]
    free = geometry.land & ~domes & ~occ
    stock = stock_mask(state, stockpile)
    move_nb = geometry.move_neighbours
    build_nb = geometry.build_neighbours
    for i, sq in enumerate(workers):
        if sq < 0 or not movers >> i & 1:
            continue
        here = bits[sq]
        if l2 & here:
            targets = move_nb[sq] & free
        elif l1 & here:
            targets = move_nb[sq] & free & ~l3
        else:
            targets = move_nb[sq] & free & ~l2
        wins = targets & l3 if level3_wins and l2 & here and not l3 & here else 0
        buildable = (free | here) & stock
        while targets:
            low = targets & -targets
            targets ^= low
            to = low.bit_length() - 1
            if low & wins:
                yield (i, to, NO_SQUARE)
                continue
            builds = build_nb[to] & buildable
            while builds:
                b = builds & -builds
                builds ^= b
                yield (i, to, b.bit_length() - 1)


def count_moves(
    geometry: Geometry,
    state: State,
    movers: int = ALL_WORKERS,
    stockpile: Sequence[int] | None = None,
    *,
    level3_wins: bool = False,
    hooks: MoveHooks | None = None,
) -> int:
    """How many sequences :func:`list_moves` would return, without building them."""
    if hooks is not None:
        return len(_list_moves_hooked(geometry, state, movers, stockpile, level3_wins, hooks))
    l1, l2, l3, domes, workers, king, sphinx = state
    bits = geometry.bits
    occ = bits[king] | bits[sphinx]
    for sq in workers:
        occ |= bits[sq]
    free = geometry.land & ~domes & ~occ
    stock = stock_mask(state, stockpile)
    move_nb = geometry.move_neighbours
    build_nb = geometry.build_neighbours
    total = 0
    for i, sq in enumerate(workers):
        if sq < 0 or not movers >> i & 1:
            continue
        here = bits[sq]
        if l2 & here:
            targets = move_nb[sq] & free
        elif l1 & here:
            targets = move_nb[sq] & free & ~l3
        else:
            targets = move_nb[sq] & free & ~l2
        if level3_wins and l2 & here and not l3 & here:
            wins = targets & l3
            total += wins.bit_count()
            targets ^= wins
        buildable = (free | here) & stock
        while targets:
            low = targets & -targets
            targets ^= low
            total += (build_nb[low.bit_length() - 1] & buildable).bit_count()
    return total


def select_move(
    geometry: Geometry,
    state: State,
    movers: int,
    index: int,
    stockpile: Sequence[int] | None = None,
    *,
    level3_wins: bool = False,
    hooks: MoveHooks | None = None,
) -> tuple[int, ...]:
    """The ``index``-th sequence of :func:`list_moves`, found by counting.

    With :func:`count_moves` this draws a uniformly random legal sequence without
    listing them: ``select_move(g, s, m, rng.randrange(count_moves(g, s, m)))``.
    """
    if hooks is not None:
        return _list_moves_hooked(geometry, state, movers, stockpile, level3_wins, hooks)[index]
    if index < 0:
        raise IndexError("move index out of range")
    l1, l2, l3, domes, workers, king, sphinx = state
    bits = geometry.bits
    occ = bits[king] | bits[sphinx]
    for sq in workers:
        occ |= bits[sq]
    free = geometry.land & ~domes & ~occ
    stock = stock_mask(state, stockpile)
    move_nb = geometry.move_neighbours
    build_nb = geometry.build_neighbours
    for i, sq in enumerate(workers):
        if sq < 0 or not movers >> i & 1:
            continue
        here = bits[sq]
        if l2 & here:
            targets = move_nb[sq] & free
        elif l1 & here:
            targets = move_nb[sq] & free & ~l3
        else:
            targets = move_nb[sq] & free & ~l2
        wins = targets & l3 if level3_wins and l2 & here and not l3 & here else 0
        buildable = (free | here) & stock
        while targets:
            low = targets & -targets
            targets ^= low
            to = low.bit_length() - 1
            if low & wins:
                if not index:
                    return (i, to, NO_SQUARE)
                index -= 1
                continue
            builds = build_nb[to] & buildable
            count = builds.bit_count()
            if index >= count:
                index -= count
                continue
            for _ in range(index):
                builds &= builds - 1  # drop the lowest set bit
            return (i, to, (builds & -builds).bit_length() - 1)
    raise IndexError("move index out of range")


def _list_moves_hooked(
    geometry: Geometry,
    state: State,
    movers: int,
    stockpile: Sequence[int] | None,
    level3_wins: bool,
    hooks: MoveHooks,
) -> list[tuple[int, ...]]:
    """The generic path: the fast path's logic with the hook points called."""
    l1, l2, l3, domes, workers, king, sphinx = state
    bits = geometry.bits
    free = free_squares(geometry, state)
    stock = stock_mask(state, stockpile)
    out: list[tuple[int, ...]] = []
    for i, sq in enumerate(workers):
        if sq < 0 or not movers >> i & 1:
            continue
        here = bits[sq]
        reach = free if l2 & here else free & ~l3 if l1 & here else free & ~l2
        targets = hooks.alter_destinations(
            geometry, state, i, geometry.move_neighbours[sq] & reach
        )
        wins = targets & l3 if level3_wins and l2 & here and not l3 & here else 0
        buildable = (free | here) & stock
        while targets:
            low = targets & -targets
            targets ^= low
            to = low.bit_length() - 1
            if low & wins:
                out.append((i, to, NO_SQUARE))
                continue
            builds = hooks.alter_builds(
                geometry, state, i, to, geometry.build_neighbours[to] & buildable
            )
            while builds:
                b = builds & -builds
                builds ^= b
                out.append((i, to, b.bit_length() - 1))
    out.extend(hooks.iter_extra_moves(geometry, state, movers))
    return out


def apply_move(
    geometry: Geometry,
    state: State,
    move: tuple[int, ...],
    hooks: MoveHooks | None = None,
) -> State:
    """The state after a sequence: the worker moves, then the next piece is built.

    Legality is not checked (generate moves for that). The piece built is
    ``piece_for_build(state, move[2])``, read before applying.

    >>> from generator.engine.geometry import Geometry
    >>> apply_move(Geometry.rectangle(3, 1), State(0, 0, 0, 0, (0,)), (0, 1, 0))
    State(l1=1, l2=0, l3=0, domes=0, workers=(1,), king=-1, sphinx=-1)
    """
    if len(move) != 3:
        if hooks is None:
            raise ValueError(f"move {move!r} needs the hooks that generated it")
        return hooks.apply_extra(geometry, state, move)
    worker, to, build = move
    l1, l2, l3, domes, workers, king, sphinx = state
    workers = (*workers[:worker], to, *workers[worker + 1 :])
    if build >= 0:
        bit = 1 << build
        if not l1 & bit:
            l1 |= bit
        elif not l2 & bit:
            l2 |= bit
        elif not l3 & bit:
            l3 |= bit
        else:
            domes |= bit
    return _new_state(State, (l1, l2, l3, domes, workers, king, sphinx))
