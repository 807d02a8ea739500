"""``exchange-piece``: one piece of the stockpile back to the box, then one piece of
another type from the box to the stockpile. Pieces lying on a held god card are
not the stockpile's and cannot be given back."""
from __future__ import annotations

from typing import TYPE_CHECKING

from generator.engine.state import PIECE_NAMES
from generator.systems.riddle.blessings._common import (
    BlessingPower,
    in_stockpile_proper,
    with_stock,
)
from generator.systems.riddle.state import RiddleState

if TYPE_CHECKING:
    from generator.systems.riddle.context import RiddleContext


def _exchange(ctx: RiddleContext, state: RiddleState) -> list[tuple[str, RiddleState]]:
    out = []
    for give in range(4):
        if in_stockpile_proper(state, give) <= 0:
            continue
        for take in range(4):
            if take != give:
                out.append((f"{PIECE_NAMES[give]} for {PIECE_NAMES[take]}",
                            with_stock(with_stock(state, give, -1), take, 1)))
    return out


BLESSING = BlessingPower("exchange-piece", "trade a stockpile piece for another type",
                         instant=_exchange)
