"""``far-build``: the build goes on a space two steps away from the worker instead of
next to it. Decision: "two steps" are two build steps (a neighbour of a neighbour
that is not next to the worker), so the build never crosses the sea or a bridge."""
from __future__ import annotations

from generator.engine.powers.pieces import FarBuild
from generator.systems.riddle.blessings._common import BlessingPower

BLESSING = BlessingPower("far-build", "build two steps away", pieces=(FarBuild(),))
