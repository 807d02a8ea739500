"""Pan: the player also wins when their worker steps down two or more levels at once.

Choices: the version with "two or more levels" (not "from level 2 or higher to
the ground"), so 3 -> 1 wins too; the win comes at once after the step, with no
build; a worker forced down by another power does not win.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.engine.powers.pieces import PowerSpec, Piece, WinByDescent

SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "properties": {"levels": {"type": "integer", "minimum": 1, "maximum": 3, "default": 2}},
}


def make(params: Mapping[str, Any]) -> tuple[Piece, ...]:
    return (WinByDescent(params.get("levels", 2)),)


POWER = PowerSpec("pan", "also win by stepping down two levels", make, SCHEMA)
