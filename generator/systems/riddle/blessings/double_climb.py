"""``double-climb``: this turn a step may climb two levels at once."""
from __future__ import annotations

from generator.engine.powers.pieces import ClimbHigher
from generator.systems.riddle.blessings._common import BlessingPower

BLESSING = BlessingPower("double-climb", "a step may climb two levels",
                         pieces=(ClimbHigher(2),))
