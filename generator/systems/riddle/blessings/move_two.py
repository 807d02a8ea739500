"""``move-two``: two workers of the current player move this turn; only the second one
builds. The first takes one plain step (no god power); the second plays the usual
move and build, with the held gods' powers."""
from __future__ import annotations

from generator.systems.riddle.blessings._common import BlessingPower

BLESSING = BlessingPower("move-two", "two workers move, the second builds", move_two=True)
