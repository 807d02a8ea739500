"""``skip-effects``: the riddle's end-of-turn effects do not apply this turn (the
rewards step still does)."""
from __future__ import annotations

from generator.systems.riddle.blessings._common import BlessingPower

BLESSING = BlessingPower("skip-effects", "no end-of-turn effects this turn", skip_effects=True)
