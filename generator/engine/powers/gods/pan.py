"""Pan: the player also wins when their worker steps down two or more levels at once.

Choices: the version with "two or more levels" (not "from level 2 or higher to
the ground"), so 3 -> 1 wins too; the win comes at once after the step, with no
build; a worker forced down by another power does not win. The power is the
``win-by-descent`` ability with its default of two levels.
"""
from __future__ import annotations

from generator.engine.powers.abilities.win_by_descent import SCHEMA, make
from generator.engine.powers.pieces import PowerSpec

POWER = PowerSpec("pan", "also win by stepping down two levels", make, SCHEMA)
