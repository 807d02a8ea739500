"""``reclaim-top``: the top piece of any tower with no figure on it (its dome first,
else its highest block) goes back to the stockpile, as the ``remove-top`` effect
with ``to: stockpile`` does. A coin still on the space stays there (it is collected
again only by building a level it shows); a sunk space is not a tower."""
from __future__ import annotations

from typing import TYPE_CHECKING

from generator.systems.riddle.blessings._common import BlessingPower, free_land, squares
from generator.systems.riddle.effects.remove_top import RemoveTopEffect
from generator.systems.riddle.state import RiddleState

if TYPE_CHECKING:
    from generator.systems.riddle.context import RiddleContext


def _reclaim(ctx: RiddleContext, state: RiddleState) -> list[tuple[str, RiddleState]]:
    board = state.board
    bare = free_land(ctx, state._replace(board=board._replace(domes=0)))
    towers = (board.l1 | board.domes) & bare & ~state.sunk
    return [(f"{ctx.geometry.name(sq)} top piece back",
             RemoveTopEffect(sq, "stockpile").apply(ctx, state, state.turn)[0])
            for sq in squares(towers)]


BLESSING = BlessingPower("reclaim-top", "a tower's top piece back to the stockpile",
                         instant=_reclaim)
