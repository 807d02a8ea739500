"""``nudge-figure``: the King or the Sphinx moves one space in any direction (a move
neighbour: across a bridge too) to a free space. Decision: at any height (a nudge
is not a climb)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from generator.systems.riddle.blessings._common import BlessingPower, free_land, squares
from generator.systems.riddle.state import RiddleState

if TYPE_CHECKING:
    from generator.systems.riddle.context import RiddleContext


def _nudge(ctx: RiddleContext, state: RiddleState) -> list[tuple[str, RiddleState]]:
    board = state.board
    g = ctx.geometry
    free = free_land(ctx, state)
    out = []
    for name, sq in (("King", board.king), ("Sphinx", board.sphinx)):
        if sq < 0:
            continue
        for to in squares(g.move_neighbours[sq] & free):
            moved = board._replace(king=to) if name == "King" else board._replace(sphinx=to)
            out.append((f"{name} {g.name(sq)}-{g.name(to)}", state._replace(board=moved)))
    return out


BLESSING = BlessingPower("nudge-figure", "move the King or the Sphinx one space",
                         instant=_nudge)
