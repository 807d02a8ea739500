"""``extra-build-elsewhere``: after the build, one more build on a different space next
to the same worker (a block or, on level 3, a dome: the next piece of that space)."""
from __future__ import annotations

from generator.engine.powers.pieces import ExtraBuild
from generator.systems.riddle.blessings._common import BlessingPower

BLESSING = BlessingPower("extra-build-elsewhere", "one more build on another space",
                         pieces=(ExtraBuild(same_space=False),))
