"""Hypothesis strategies for random maps and positions, shared by the engine tests."""
from __future__ import annotations

from hypothesis import strategies as st
from reference import NONE, RefBoard, candidate_bridges, neighbours

from generator.engine import Geometry, State, height_at, state_from_heights

# Low towers are likelier, so that workers can still climb and moves abound.
_HEIGHTS = (0, 0, 0, 1, 1, 2, 2, 3)


@st.composite
def ref_boards(
    draw: st.DrawFn,
    max_side: int = 8,
    max_workers: int = 4,
    sea: bool = True,
) -> RefBoard:
    """A random map (size, sea, bridges), random towers and domes, random figures."""
    width = draw(st.integers(1, max_side))
    height = draw(st.integers(1, max_side))
    size = width * height
    # Some maps are mostly land, some mostly sea (where bridges abound).
    sea_share = draw(st.sampled_from([0, 1, 3])) if sea else 0
    land_cell = st.sampled_from([True] * 3 + [False] * sea_share)
    land = draw(st.lists(land_cell, min_size=size, max_size=size))
    candidates = candidate_bridges(width, height, land)
    bridges = (
        draw(st.lists(st.sampled_from(candidates), unique=True, max_size=6)) if candidates else []
    )
    heights = [h if is_land else 0 for h, is_land in zip(
        draw(st.lists(st.sampled_from(_HEIGHTS), min_size=size, max_size=size)), land, strict=True
    )]
    domes = [d and is_land for d, is_land in zip(
        draw(st.lists(st.sampled_from([False] * 5 + [True]), min_size=size, max_size=size)),
        land,
        strict=True,
    )]
    open_squares = [sq for sq in range(size) if land[sq] and not domes[sq]]
    figures = draw(st.permutations(open_squares)) if open_squares else []
    n_workers = draw(st.integers(1, max_workers))
    workers = []
    for i in range(n_workers):
        # The first worker is always there: a position without workers has no moves.
        present = i == 0 or draw(st.sampled_from([True, True, True, False]))
        workers.append(figures.pop() if present and figures else NONE)
    others = []
    for _ in range(2):  # King and Sphinx, each there or not
        wanted: bool = draw(st.booleans())
        others.append(figures.pop() if wanted and figures else NONE)
    board = RefBoard(width, height, land, bridges, heights, domes, workers, others)
    if workers[0] != NONE and draw(st.booleans()):
        _steer_first_worker(draw, board)
    return board


def _steer_first_worker(draw: st.DrawFn, board: RefBoard) -> None:
    """Make the rare cases common: a worker at a bridge end, a climb to level 3."""
    taken = set(board.workers + board.others)
    ends = [sq for pair in board.bridges for sq in pair if sq not in taken and not board.domes[sq]]
    to_bridge: bool = draw(st.booleans())
    if ends and to_bridge:
        board.workers[0] = draw(st.sampled_from(sorted(ends)))
    here = board.workers[0]
    near = [sq for sq in neighbours(board, here, moving=True) if not board.domes[sq]]
    if near:
        board.heights[here] = 2
        board.heights[draw(st.sampled_from(near))] = 3


def to_engine(board: RefBoard) -> tuple[Geometry, State]:
    """The same position in the engine's representation."""
    land = sum(1 << sq for sq, is_land in enumerate(board.land) if is_land)
    geometry = Geometry(board.width, board.height, land, tuple(board.bridges))
    state = state_from_heights(
        board.heights,
        domes=[sq for sq, d in enumerate(board.domes) if d],
        workers=board.workers,
        king=board.others[0] if board.others else NONE,
        sphinx=board.others[1] if len(board.others) > 1 else NONE,
    )
    return geometry, state


movers_masks = st.one_of(st.just(-1), st.integers(0, 15))
stockpiles = st.one_of(st.none(), st.lists(st.integers(0, 2), min_size=4, max_size=4))


def to_reference(geometry: Geometry, state: State) -> RefBoard:
    """The reference board of an engine state (the inverse of :func:`to_engine`)."""
    return RefBoard(
        geometry.width,
        geometry.height,
        [bool(geometry.land >> sq & 1) for sq in range(geometry.size)],
        list(geometry.bridges),
        [height_at(state, sq) for sq in range(geometry.size)],
        [bool(state.domes >> sq & 1) for sq in range(geometry.size)],
        list(state.workers),
    )
