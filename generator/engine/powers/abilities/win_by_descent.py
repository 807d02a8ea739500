"""``win-by-descent``: an additional win condition: the player also wins when their
worker steps down ``levels`` or more at once (default 2)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.engine.powers.pieces import Piece, PowerSpec, WinByDescent

SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "properties": {"levels": {"type": "integer", "minimum": 1, "maximum": 3, "default": 2}},
}


def make(params: Mapping[str, Any]) -> tuple[Piece, ...]:
    return (WinByDescent(params.get("levels", 2)),)


POWER = PowerSpec("win-by-descent", "also win by stepping down two levels", make, SCHEMA)
