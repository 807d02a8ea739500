"""The Santorini core: map geometry, bitboard states, move-then-build generation.

Modules, each with one job:

- :mod:`~generator.engine.geometry`: :class:`Geometry` (a map up to 8x8 with sea
  and bridges; square names; neighbour masks) and its :class:`Symmetry` group.
- :mod:`~generator.engine.state`: :class:`State` (height layers, domes, figure
  squares), :class:`Stockpile`, :func:`pack_key`, :func:`transform_state`,
  :func:`canonical_key`.
- :mod:`~generator.engine.moves`: :func:`list_moves` / :func:`iter_moves` /
  :func:`count_moves` / :func:`select_move` / :func:`apply_move`, and the
  :class:`MoveHooks` hook points for powers.
- :mod:`~generator.engine.standard`: the standard two-player game used to verify
  and benchmark the engine: :func:`perft`, :func:`divide`, random playouts and a
  one-line position notation; its random playouts run compiled with numba
  (:mod:`~generator.engine.playouts`, the same games as in Python).
- :mod:`~generator.engine.powers`: god powers and role abilities as pieces
  composed into turn rules, registered by id, with their own turn generator,
  counting fast path, perft and playouts (the plain path above never pays for
  them).

Squares are ints (``row * width + col``, row 0 on top, ``"A1"`` top-left); sets of
squares are int bitboards. A move is a tuple ``(worker, to, build)``.

Public API::

    Geometry(width, height, land, bridges=())          # frozen dataclass
    Geometry.rectangle(width=5, height=5) / .from_ascii(text, bridges=(), sea="~")
    geometry.square(name) -> Square ; geometry.name(sq) -> str
    geometry.move_neighbours[sq] / geometry.build_neighbours[sq] -> Bitboard
    geometry.symmetries -> tuple[Symmetry, ...]         # identity first
    geometry.symmetries_fixing(*square_sets) -> tuple[Symmetry, ...]
    Symmetry.perm / .apply_bits(bits) / .apply_square(sq)
    find_geometry_problems(width, height, land, bridges) -> tuple[str, ...]

    State(l1, l2, l3, domes, workers=(), king=NO_SQUARE, sphinx=NO_SQUARE)
    state_from_heights(heights, domes=(), workers=(), king=..., sphinx=...) -> State
    height_at(state, sq) ; occupied(state) ; piece_for_build(state, sq)
    find_state_problems(geometry, state) -> tuple[str, ...]
    Stockpile(level1, level2, level3, dome).take(piece) / .add(piece, count=1)
    pack_key(state) -> int ; transform_state(state, symmetry) -> State
    canonical_key(state, symmetries) -> int

    list_moves(geometry, state, movers=ALL_WORKERS, stockpile=None, *,
               level3_wins=False, hooks=None) -> list[Move]
    iter_moves(...) ; count_moves(...) -> int ; select_move(g, s, movers, index, ...)
    apply_move(geometry, state, move, hooks=None) -> State
    class MoveHooks: alter_destinations / alter_builds / iter_extra_moves / apply_extra

    StandardPosition(state, to_move) ; start_position() ; parse_position(text)
    format_position(geometry, position) ; perft(geometry, position, depth) -> int
    divide(geometry, position, depth) ; play_random_game(geometry, rng, position=None)
    play_random_games(geometry, rng, games, position=None) -> list[GameResult]
    parse_perft_records(text) -> tuple[PerftRecord, ...]    # the perft data-file format

``movers`` is a bitmask over worker indices (bit i lets ``workers[i]`` move);
``stockpile`` limits builds to available pieces; ``hooks`` switches to the
generic path that calls :class:`MoveHooks` (the plain path never pays for it).

>>> g = Geometry.rectangle()
>>> s = State(0, 0, 0, 0, (g.square("B3"), g.square("D3"), g.square("C2"), g.square("C4")))
>>> count_moves(g, s, movers=0b0011)
68
"""
from __future__ import annotations

from generator.engine.geometry import (
    NO_SQUARE,
    Bitboard,
    Geometry,
    Square,
    Symmetry,
    bits_of,
    find_geometry_problems,
    iter_squares,
    parse_square,
)
from generator.engine.moves import (
    ALL_WORKERS,
    Move,
    MoveHooks,
    apply_move,
    count_moves,
    free_squares,
    iter_moves,
    list_moves,
    select_move,
    stock_mask,
)
from generator.engine.standard import (
    GameResult,
    PerftRecord,
    StandardPosition,
    divide,
    format_position,
    movers_of,
    parse_perft_records,
    parse_position,
    perft,
    play_random_game,
    play_random_games,
    start_position,
)
from generator.engine.state import (
    DOME,
    LEVEL1,
    LEVEL2,
    LEVEL3,
    State,
    Stockpile,
    canonical_key,
    find_state_problems,
    height_at,
    heights_of,
    occupied,
    pack_key,
    piece_for_build,
    state_from_heights,
    transform_state,
)

__all__ = [
    "ALL_WORKERS",
    "DOME",
    "LEVEL1",
    "LEVEL2",
    "LEVEL3",
    "NO_SQUARE",
    "Bitboard",
    "GameResult",
    "Geometry",
    "Move",
    "MoveHooks",
    "PerftRecord",
    "Square",
    "StandardPosition",
    "State",
    "Stockpile",
    "Symmetry",
    "apply_move",
    "bits_of",
    "canonical_key",
    "count_moves",
    "divide",
    "find_geometry_problems",
    "find_state_problems",
    "format_position",
    "free_squares",
    "height_at",
    "heights_of",
    "iter_moves",
    "iter_squares",
    "list_moves",
    "movers_of",
    "occupied",
    "pack_key",
    "parse_perft_records",
    "parse_position",
    "parse_square",
    "perft",
    "piece_for_build",
    "play_random_game",
    "play_random_games",
    "select_move",
    "start_position",
    "state_from_heights",
    "stock_mask",
    "transform_state",
]
