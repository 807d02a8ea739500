"""``build-in-place``: a worker builds without moving first (the build is next to it,
as usual)."""
from __future__ import annotations

from generator.engine.powers.pieces import StayPut
from generator.systems.riddle.blessings._common import BlessingPower

BLESSING = BlessingPower("build-in-place", "build without moving", pieces=(StayPut(),))
