"""``move-beside-skyscraper``: the worker may move along a row or column, passing
over anything, to any unoccupied space next to a skyscraper (a ground-level
dome), within the climbing limit. ``exclusive``: it replaces the usual step."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.engine.powers.pieces import MovePattern, Piece, PowerSpec

SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "properties": {"exclusive": {"type": "boolean", "default": False}},
}


def make(params: Mapping[str, Any]) -> tuple[Piece, ...]:
    return (MovePattern("beside-skyscraper", exclusive=params.get("exclusive", False)),)


POWER = PowerSpec("move-beside-skyscraper", "move in a line to beside a skyscraper", make,
                  SCHEMA)
