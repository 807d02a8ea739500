"""``gain-dome``: one dome from the box to the stockpile."""
from __future__ import annotations

from generator.systems.riddle.blessings._common import BlessingPower, gain

BLESSING = BlessingPower("gain-dome", "one dome from the box to the stockpile.", instant=gain(3))
