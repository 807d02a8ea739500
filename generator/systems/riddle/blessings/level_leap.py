"""``level-leap``: instead of stepping, a worker goes to any free space of its own level
anywhere on the board (land, undomed, no figure), then builds from there."""
from __future__ import annotations

from generator.engine.powers.pieces import LevelLeap
from generator.systems.riddle.blessings._common import BlessingPower

BLESSING = BlessingPower("level-leap", "move to any free space of the same level",
                         pieces=(LevelLeap(),))
