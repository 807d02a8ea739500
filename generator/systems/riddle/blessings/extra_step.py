"""``extra-step``: the moving worker may take one more step after its move (it may
come back to the space it started from: the card does not forbid it)."""
from __future__ import annotations

from generator.engine.powers.pieces import ExtraSteps
from generator.systems.riddle.blessings._common import BlessingPower

BLESSING = BlessingPower("extra-step", "one extra step after the move",
                         pieces=(ExtraSteps(1, not_back=False),))
