"""``revive-worker``: a destroyed worker comes back on any free ground space (level 0).

Workers are destroyed by a lost Sphinx's game, which no search plays, and by a space
that sinks under them, after which a proof may use the card; the bound with powers
counts a revived worker beside every space (``power_bounds``)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from generator.engine.geometry import NO_SQUARE
from generator.systems.riddle.blessings._common import BlessingPower, free_land, squares
from generator.systems.riddle.state import RiddleState

if TYPE_CHECKING:
    from generator.systems.riddle.context import RiddleContext


def _revive(ctx: RiddleContext, state: RiddleState) -> list[tuple[str, RiddleState]]:
    board = state.board
    gone = [i for i, sq in enumerate(board.workers) if sq == NO_SQUARE]
    if not gone or state.destroyed <= 0:
        return []
    ground = free_land(ctx, state) & ~(board.l1 | board.l2 | board.l3)
    out = []
    for i in gone:
        for sq in squares(ground):
            workers = board.workers[:i] + (sq,) + board.workers[i + 1:]
            out.append((f"W{i + 1} back on {ctx.geometry.name(sq)}",
                        state._replace(board=board._replace(workers=workers),
                                       destroyed=state.destroyed - 1)))
    return out


BLESSING = BlessingPower("revive-worker", "a destroyed worker comes back", instant=_revive)
