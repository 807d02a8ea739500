"""The standard two-player game, used to verify the engine (perft) and to benchmark it.

Player 1 owns workers 0 and 1, player 2 workers 2 and 3. Each player first places
both workers in one ply, as an unordered pair of free squares (the lower square
goes to the lower worker index). Then players alternate move-then-build plies; a
worker moving up onto level 3 wins at once (no build), and a player with no legal
move-then-build loses. RULES.md section 0 is the contract.

Positions have a one-line notation (used by the perft data files)::

    <board> <workers> <side> [<bridges>]

- board: rows top to bottom separated by ``/``; a cell is ``~`` (sea), ``0``-``3``
  (blocks), ``4`` (three blocks and a dome), or ``a``/``b``/``c`` (a dome on level
  0/1/2, which only powers produce);
- workers: four squares separated by commas, ``-`` for a worker not placed yet;
- side: ``1`` or ``2``, the player to act;
- bridges (optional): pairs like ``A2-C2`` separated by commas.

>>> g, start = parse_position("00000/00000/00000/00000/00000 -,-,-,- 1")
>>> perft(g, start, 1), perft(g, start, 2)
(300, 75900)
>>> format_position(g, start)
'00000/00000/00000/00000/00000 -,-,-,- 1'
"""
from __future__ import annotations

import random
from array import array
from functools import lru_cache
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from generator.engine.geometry import NO_SQUARE, Geometry, Square, iter_squares
from generator.engine.moves import (
    apply_move,
    count_moves,
    free_squares,
    list_moves,
    select_move,
)
from generator.engine.playouts import can_compile, kernel
from generator.engine.state import State, height_at

PLAYERS = 2
WORKERS_PER_PLAYER = 2

_DOME_CELLS = "abc4"  # a dome on level 0, 1, 2, 3


class StandardPosition(NamedTuple):
    """A state plus the player to act (0 = player 1, 1 = player 2)."""

    state: State
    to_move: int = 0


@dataclass(frozen=True, slots=True)
class GameResult:
    """How a finished game ended: the winner (0 or 1), after how many plies, and why."""

    winner: int
    plies: int
    reason: str  # "level3": the winner climbed; "stuck": the loser had no legal ply


def movers_of(player: int) -> int:
    """The ``movers`` mask of a player's workers (see :mod:`generator.engine.moves`)."""
    return 0b11 << (WORKERS_PER_PLAYER * player)


def start_position() -> StandardPosition:
    """The empty board before placement, player 1 to place (on any geometry)."""
    return StandardPosition(State(0, 0, 0, 0, (NO_SQUARE,) * (PLAYERS * WORKERS_PER_PLAYER)), 0)


def needs_placement(position: StandardPosition) -> bool:
    """True when the player to act has not placed their workers yet."""
    return position.state.workers[WORKERS_PER_PLAYER * position.to_move] < 0


def list_placements(geometry: Geometry, state: State) -> list[tuple[Square, Square]]:
    """Every unordered pair of free squares, lower square first."""
    squares = list(iter_squares(free_squares(geometry, state)))
    return [(a, b) for i, a in enumerate(squares) for b in squares[i + 1 :]]


def apply_placement(state: State, player: int, pair: tuple[Square, Square]) -> State:
    """The state after ``player`` puts their workers on the two squares of ``pair``."""
    first = WORKERS_PER_PLAYER * player
    workers = state.workers
    workers = (*workers[:first], *sorted(pair), *workers[first + WORKERS_PER_PLAYER :])
    return state._replace(workers=workers)


def perft(geometry: Geometry, position: StandardPosition, depth: int) -> int:
    """Number of leaf ply sequences ``depth`` plies deep (a win is a leaf at once).

    The last ply is counted in bulk (placements by a binomial, move-then-build
    sequences by :func:`count_moves`), never generated.
    """
    if depth <= 0:
        return 1
    return _perft(geometry, position.state, position.to_move, depth)


def _perft(geometry: Geometry, state: State, side: int, depth: int) -> int:
    if state.workers[WORKERS_PER_PLAYER * side] < 0:
        if depth == 1:
            free = free_squares(geometry, state).bit_count()
            return free * (free - 1) // 2
        return sum(
            _perft(geometry, apply_placement(state, side, pair), side ^ 1, depth - 1)
            for pair in list_placements(geometry, state)
        )
    movers = movers_of(side)
    if depth == 1:
        return count_moves(geometry, state, movers, level3_wins=True)
    total = 0
    for move in list_moves(geometry, state, movers, level3_wins=True):
        if move[2] < 0:
            total += 1  # a win ends the game: a leaf whatever the depth left
        else:
            total += _perft(geometry, apply_move(geometry, state, move), side ^ 1, depth - 1)
    return total


def divide(geometry: Geometry, position: StandardPosition, depth: int) -> dict[str, int]:
    """perft split by first ply (named by :func:`format_ply`), for hunting bugs."""
    state, side = position
    out: dict[str, int] = {}
    if needs_placement(position):
        for pair in list_placements(geometry, state):
            child = StandardPosition(apply_placement(state, side, pair), side ^ 1)
            out[format_ply(geometry, state, pair)] = perft(geometry, child, depth - 1)
        return out
    for move in list_moves(geometry, state, movers_of(side), level3_wins=True):
        name = format_ply(geometry, state, move)
        if move[2] < 0:
            out[name] = 1
        else:
            child = StandardPosition(apply_move(geometry, state, move), side ^ 1)
            out[name] = perft(geometry, child, depth - 1)
    return out


def format_ply(geometry: Geometry, state: State, ply: tuple[int, ...]) -> str:
    """``B3+D3`` for a placement, ``B3-C3,C4`` for move then build, ``B3-C3#`` for a win."""
    if len(ply) == 2:
        return f"{geometry.name(ply[0])}+{geometry.name(ply[1])}"
    worker, to, build = ply[:3]
    head = f"{geometry.name(state.workers[worker])}-{geometry.name(to)}"
    return head + "#" if build < 0 else f"{head},{geometry.name(build)}"


def play_random_game(
    geometry: Geometry, rng: random.Random, position: StandardPosition | None = None
) -> GameResult:
    """Play uniformly random plies until the game ends.

    Placements are drawn uniformly among unordered pairs of free squares and
    plies uniformly among legal move-then-build sequences (a win counts as one),
    by counting and selecting rather than listing them. With numba installed the
    game is played by the compiled kernel (:mod:`.playouts`): the same game, and
    ``rng`` left in the same state.
    """
    return play_random_games(geometry, rng, 1, position)[0]


def play_random_games(
    geometry: Geometry, rng: random.Random, games: int,
    position: StandardPosition | None = None,
) -> list[GameResult]:
    """``games`` playouts from ``position``, one after the other from ``rng``: the
    results of calling :func:`play_random_game` ``games`` times, in one call (the
    compiled kernel then hands ``rng``'s state over once, not once per game)."""
    if position is None:
        position = start_position()
    module = kernel()
    if module is None or not can_compile(rng, geometry.size, len(position.state.workers)):
        return [play_random_game_python(geometry, rng, position) for _ in range(games)]
    return _play_compiled(module, geometry, rng, games, position)


def _play_compiled(module: Any, geometry: Geometry, rng: random.Random, games: int,
                   position: StandardPosition) -> list[GameResult]:
    import numpy as np

    state, side = position
    version, internal, gauss = rng.getstate()
    # Python's 624 words and the position in them, shared with the kernel (no copy back).
    words = array("I", internal)
    mt = np.frombuffer(words, dtype=np.uint32)
    land, move_nb, build_nb = _geometry_tables(geometry)
    bits = geometry.bits
    out = np.zeros((games, 3), dtype=np.int64)
    module.play_games(
        mt, land, move_nb, build_nb, np.uint64(bits[state.king] | bits[state.sphinx]),
        np.array((state.l1, state.l2, state.l3, state.domes), dtype=np.uint64),
        np.array(state.workers, dtype=np.int64), side, out,
    )
    rng.setstate((version, tuple(words.tolist()), gauss))
    reasons = ("stuck", "level3")
    return [GameResult(w, p, reasons[r]) for w, p, r in out.tolist()]


@lru_cache(maxsize=16)
def _geometry_tables(geometry: Geometry) -> tuple[Any, Any, Any]:
    """The kernel's view of a map: its land and neighbour masks as ``uint64``."""
    import numpy as np

    return (np.uint64(geometry.land), np.array(geometry.move_neighbours, dtype=np.uint64),
            np.array(geometry.build_neighbours, dtype=np.uint64))


def play_random_game_python(
    geometry: Geometry, rng: random.Random, position: StandardPosition | None = None
) -> GameResult:
    """:func:`play_random_game` in Python (the fallback and the kernel's reference)."""
    if position is None:
        position = start_position()
    state, side = position
    plies = 0
    while True:
        if state.workers[WORKERS_PER_PLAYER * side] < 0:
            squares = list(iter_squares(free_squares(geometry, state)))
            if len(squares) < WORKERS_PER_PLAYER:
                return GameResult(side ^ 1, plies, "stuck")
            first, second = rng.sample(squares, 2)
            state = apply_placement(state, side, (first, second))
        else:
            movers = movers_of(side)
            count = count_moves(geometry, state, movers, level3_wins=True)
            if not count:
                return GameResult(side ^ 1, plies, "stuck")
            move = select_move(geometry, state, movers, rng.randrange(count), level3_wins=True)
            state = apply_move(geometry, state, move)
            if move[2] < 0:
                return GameResult(side, plies + 1, "level3")
        plies += 1
        side ^= 1


def play_random_game_listing(
    geometry: Geometry, rng: random.Random, position: StandardPosition | None = None
) -> GameResult:
    """:func:`play_random_game` that lists the sequences and picks one (the slower way).

    Kept to measure what counting saves and to cross-check it: ``rng.choice`` and
    ``rng.randrange`` draw the same index, so with equal seeds both play the same game.
    """
    if position is None:
        position = start_position()
    state, side = position
    plies = 0
    while True:
        if state.workers[WORKERS_PER_PLAYER * side] < 0:
            squares = list(iter_squares(free_squares(geometry, state)))
            if len(squares) < WORKERS_PER_PLAYER:
                return GameResult(side ^ 1, plies, "stuck")
            first, second = rng.sample(squares, 2)
            state = apply_placement(state, side, (first, second))
        else:
            moves = list_moves(geometry, state, movers_of(side), level3_wins=True)
            if not moves:
                return GameResult(side ^ 1, plies, "stuck")
            move = rng.choice(moves)
            state = apply_move(geometry, state, move)
            if move[2] < 0:
                return GameResult(side, plies + 1, "level3")
        plies += 1
        side ^= 1


# -- notation ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PerftRecord:
    """One position of a perft data file and its expected counts per depth."""

    id: str
    position: str
    source: str = ""
    counts: tuple[tuple[int, int], ...] = ()  # (depth, count), in file order
    line: int = 0  # 1-based line of the "id" line, for messages
    gods: tuple[tuple[str, ...], ...] = ()  # power ids per player (empty: the plain game)
    marks: tuple[int, ...] = ()  # per-turn marks per player (generator.engine.powers)


def parse_perft_records(text: str) -> tuple[PerftRecord, ...]:
    """Read a perft data file (format: the header of ``tests/engine/data/standard.perft``).

    >>> records = parse_perft_records("id x\\nposition 0/0 -,-,-,- 1\\nperft 1 1\\n")
    >>> records[0].id, records[0].counts
    ('x', ((1, 1),))
    """
    records: list[PerftRecord] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        key, _, value = line.partition(" ")
        value = value.strip()
        if key == "id":
            records.append(PerftRecord(value, "", line=number))
        elif not records:
            raise ValueError(f"line {number}: {key!r} before the first 'id'")
        elif key == "position":
            records[-1] = replace(records[-1], position=value)
        elif key == "source":
            records[-1] = replace(records[-1], source=value)
        elif key == "gods":
            gods = tuple(() if g == "-" else tuple(g.split("+")) for g in value.split())
            records[-1] = replace(records[-1], gods=gods)
        elif key == "marks":
            records[-1] = replace(records[-1], marks=tuple(int(m) for m in value.split()))
        elif key == "perft":
            depth, _, count = value.partition(" ")
            counts = (*records[-1].counts, (int(depth), int(count)))
            records[-1] = replace(records[-1], counts=counts)
        else:
            raise ValueError(f"line {number}: unknown key {key!r}")
    for record in records:
        if not record.position:
            raise ValueError(f"line {record.line}: record {record.id!r} has no position")
    return tuple(records)



def parse_position(text: str) -> tuple[Geometry, StandardPosition]:
    """Read the one-line notation described in the module docs."""
    fields = text.split()
    if len(fields) not in (3, 4):
        raise ValueError(f"position needs 3 or 4 fields, got {len(fields)}: {text!r}")
    rows = fields[0].split("/")
    width, height = len(rows[0]), len(rows)
    if any(len(row) != width for row in rows):
        raise ValueError(f"board rows must have equal lengths: {fields[0]!r}")
    land = 0
    heights: list[int] = []
    domes = 0
    for sq, cell in enumerate("".join(rows)):
        if cell == "~":
            heights.append(0)
            continue
        land |= 1 << sq
        if cell in "0123":
            heights.append(int(cell))
        elif cell in _DOME_CELLS:
            heights.append(_DOME_CELLS.index(cell))
            domes |= 1 << sq
        else:
            raise ValueError(f"unknown board cell {cell!r} in {fields[0]!r}")
    bridges: list[tuple[Square, Square]] = []
    if len(fields) == 4:
        probe = Geometry(width, height, land)
        for pair in fields[3].split(","):
            a, _, b = pair.partition("-")
            bridges.append((probe.square(a), probe.square(b)))
    geometry = Geometry(width, height, land, tuple(bridges))
    names = fields[1].split(",")
    if len(names) != PLAYERS * WORKERS_PER_PLAYER:
        raise ValueError(f"expected {PLAYERS * WORKERS_PER_PLAYER} workers: {fields[1]!r}")
    workers = tuple(NO_SQUARE if n == "-" else geometry.square(n) for n in names)
    if fields[2] not in ("1", "2"):
        raise ValueError(f"side to act must be 1 or 2, not {fields[2]!r}")
    l1 = l2 = l3 = 0
    for sq, level in enumerate(heights):
        l1 |= (level >= 1) << sq
        l2 |= (level >= 2) << sq
        l3 |= (level >= 3) << sq
    return geometry, StandardPosition(State(l1, l2, l3, domes, workers), int(fields[2]) - 1)


def format_position(geometry: Geometry, position: StandardPosition) -> str:
    """Write a position in the one-line notation (inverse of :func:`parse_position`)."""
    state, side = position
    rows = []
    for r in range(geometry.height):
        cells = []
        for c in range(geometry.width):
            sq = r * geometry.width + c
            level = height_at(state, sq)
            if not geometry.land >> sq & 1:
                cells.append("~")
            elif state.domes >> sq & 1:
                cells.append(_DOME_CELLS[level])
            else:
                cells.append(str(level))
        rows.append("".join(cells))
    text = f"{'/'.join(rows)} {','.join(geometry.name(sq) for sq in state.workers)} {side + 1}"
    if geometry.bridges:
        names = geometry.name
        text += " " + ",".join(f"{names(a)}-{names(b)}" for a, b in geometry.bridges)
    return text
