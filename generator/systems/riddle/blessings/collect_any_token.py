"""``collect-any-token``: a blessing token anywhere on the board is lifted and
collected (it counts as collected, like one under a worker)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from generator.systems.riddle.blessings._common import BlessingPower, squares
from generator.systems.riddle.state import RiddleState

if TYPE_CHECKING:
    from generator.systems.riddle.context import RiddleContext


def _collect(ctx: RiddleContext, state: RiddleState) -> list[tuple[str, RiddleState]]:
    return [(f"token on {ctx.geometry.name(sq)} collected",
             state._replace(tokens=state.tokens & ~(1 << sq), blessings=state.blessings + 1))
            for sq in squares(state.tokens)]


BLESSING = BlessingPower("collect-any-token", "collect any blessing token",
                         instant=_collect)
