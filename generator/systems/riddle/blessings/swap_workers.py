"""``swap-workers``: instead of moving, two workers of the current player trade places
(anywhere on the board, whatever their levels); one of them then builds from its
new space. Decision: either of the two may build (both moved)."""
from __future__ import annotations

from generator.engine.powers.pieces import SwapOwn
from generator.systems.riddle.blessings._common import BlessingPower

BLESSING = BlessingPower("swap-workers", "two own workers trade places", pieces=(SwapOwn(),))
