"""A riddle compiled for search: geometry, tables and the set-up state.

:func:`compile_riddle` turns a :class:`~generator.systems.riddle.model.Riddle`
into a :class:`RiddleContext`, the ``ctx`` that goals and effects receive.
Everything a hot loop needs is a tuple or an int here.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from generator.engine.geometry import Bitboard, Geometry, Square
from generator.engine.state import Stockpile
from generator.systems.riddle.box import DEFAULT_GEMS
from generator.systems.riddle.model import Objective, Riddle
from generator.systems.riddle.state import COLOURS, RiddleState
from generator.systems.riddle.vocab import UNREACHABLE, Effect


@dataclass(frozen=True, slots=True)
class CoinSpec:
    square: Square
    colour: int  # SILVER or GOLD
    levels: int  # bit L set: building level L (4 = the dome) collects the coin


@dataclass(frozen=True, slots=True)
class RiddleContext:
    """Everything fixed during one solve of a riddle (one player count, one mode)."""

    riddle: Riddle
    geometry: Geometry
    players: int
    expert: bool
    stockpile: Stockpile
    coins: tuple[CoinSpec, ...]
    coin_at: tuple[int, ...]  # per square: index of the coin there, or -1
    objectives: tuple[Objective, ...]
    ending: int  # index of the ending objective (-1 when the riddle has none)
    effects: tuple[Effect, ...]
    turn_limit: int | None
    gems: int
    removable: Bitboard  # squares whose top piece an effect may remove
    # distance[a][b]: fewest moves from a to b over move adjacency (bridges
    # included), ignoring heights, domes and figures; UNREACHABLE when none.
    distance: tuple[tuple[int, ...], ...]
    plain_turns: bool  # one move and one build per turn: goal bounds may rely on it
    start: RiddleState


def move_distances(geometry: Geometry) -> tuple[tuple[int, ...], ...]:
    """All-pairs move distances over land, ignoring heights (BFS from every square).

    >>> g = Geometry.from_ascii(". ~ .", bridges=[("A1", "C1")])
    >>> move_distances(g)[0]
    (0, 1073741824, 1)
    """
    size = geometry.size
    rows: list[tuple[int, ...]] = []
    for src in range(size):
        dist = [UNREACHABLE] * size
        if geometry.land >> src & 1:
            dist[src] = 0
            queue = deque([src])
            while queue:
                sq = queue.popleft()
                nb = geometry.move_neighbours[sq]
                while nb:
                    low = nb & -nb
                    nxt = low.bit_length() - 1
                    nb ^= low
                    if dist[nxt] == UNREACHABLE:
                        dist[nxt] = dist[sq] + 1
                        queue.append(nxt)
        rows.append(tuple(dist))
    return tuple(rows)


def compile_riddle(riddle: Riddle, players: int = 1, *, expert: bool = False,
                   gems: int = DEFAULT_GEMS, plain_turns: bool = True) -> RiddleContext:
    """The search context of a riddle for ``players`` players, in normal or expert mode.

    ``plain_turns=False`` when the solver lets god powers or blessings act: goal
    bounds then stop assuming one move and one build per turn.
    """
    board = riddle.board
    geometry = board.geometry
    effects = riddle.end_of_turn
    stockpile = riddle.stockpile
    turn_limit = riddle.turn_limit
    if expert and riddle.expert is not None:
        stockpile = riddle.expert.stockpile or stockpile
        turn_limit = riddle.expert.turn_limit or turn_limit
        effects = effects + riddle.expert.end_of_turn
    coins = tuple(CoinSpec(c.square, COLOURS.index(c.colour),
                           sum(1 << level for level in c.levels)) for c in riddle.coins)
    coin_at = [-1] * geometry.size
    for i, coin in enumerate(coins):
        if coin_at[coin.square] < 0:
            coin_at[coin.square] = i
    start = RiddleState(
        board=board.state(),
        stock=stockpile,
        slots=tuple((0, 0) for _ in riddle.objectives),
        tokens=board.tokens,
    )
    return RiddleContext(
        riddle=riddle, geometry=geometry, players=players, expert=expert, stockpile=stockpile,
        coins=coins, coin_at=tuple(coin_at), objectives=riddle.objectives,
        ending=riddle.ending(), effects=effects, turn_limit=turn_limit, gems=gems,
        removable=riddle.removable(), distance=move_distances(geometry),
        plain_turns=plain_turns, start=start)
