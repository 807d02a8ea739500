"""``gain-any-block``: one block of any level (not a dome) from the box to the stockpile;
the group chooses the level."""
from __future__ import annotations

from typing import TYPE_CHECKING

from generator.engine.state import PIECE_NAMES
from generator.systems.riddle.blessings._common import BlessingPower, with_stock
from generator.systems.riddle.state import RiddleState

if TYPE_CHECKING:
    from generator.systems.riddle.context import RiddleContext


def _gain(ctx: RiddleContext, state: RiddleState) -> list[tuple[str, RiddleState]]:
    return [(f"+1 {PIECE_NAMES[p]}", with_stock(state, p, 1)) for p in (0, 1, 2)]


BLESSING = BlessingPower("gain-any-block", "one block of any level to the stockpile",
                         instant=_gain)
