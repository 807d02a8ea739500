"""Helpers shared by the goal modules (not a goal: the leading underscore hides it)."""
from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from generator.engine.geometry import Bitboard, Square
from generator.engine.state import height_at
from generator.systems.riddle.state import DOME_LEVEL, RiddleState
from generator.systems.riddle.vocab import UNREACHABLE

if TYPE_CHECKING:
    from generator.systems.riddle.context import RiddleContext

COORDINATE: dict[str, Any] = {"$ref": "common.schema.json#/$defs/coordinate"}
COUNT_PARAMS: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "required": ["count"],
    "properties": {"count": {"type": "integer", "minimum": 1, "maximum": 200}},
}
"""Parameters of the goals that count something: ``{count: N}``."""


@functools.lru_cache(maxsize=1024)
def mask_of(squares: tuple[Square, ...]) -> Bitboard:
    """The bitboard of ``squares`` (remembered: goals ask for their regions every turn).

    >>> bin(mask_of((0, 2)))
    '0b101'
    """
    out = 0
    for sq in squares:
        out |= 1 << sq
    return out


def coin_cost(ctx: RiddleContext, state: RiddleState, coin: int) -> int:
    """Fewest builds before coin ``coin`` (not yet collected) can be collected."""
    spec = ctx.coins[coin]
    bit = 1 << spec.square
    if state.sunk & bit:
        return UNREACHABLE
    board = state.board
    if ctx.removable & bit:
        return 1  # an effect may lower the space again: claim nothing more
    if board.domes & bit:
        return UNREACHABLE
    height = height_at(board, spec.square)
    for level in range(height + 1, DOME_LEVEL + 1):
        if spec.levels >> level & 1:
            return level - height
    return UNREACHABLE


def smallest_sum(costs: list[int], count: int) -> int:
    """Sum of the ``count`` smallest finite costs, or UNREACHABLE when there are too few."""
    finite = sorted(c for c in costs if c < UNREACHABLE)
    if len(finite) < count:
        return UNREACHABLE
    return sum(finite[:count])
