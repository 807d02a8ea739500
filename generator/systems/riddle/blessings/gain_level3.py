"""``gain-level3``: one level-3 block from the box to the stockpile."""
from __future__ import annotations

from generator.systems.riddle.blessings._common import BlessingPower, gain

BLESSING = BlessingPower("gain-level3", "one level-3 block from the box to the stockpile.", instant=gain(2))
