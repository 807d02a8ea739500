"""``leap``: the worker may move exactly one of ``distances`` spaces in a straight
line, passing over anything (figures, domes, towers, sea), to a free undomed land
space within the climbing limit. ``directions``: 8 (default) or 4 (orthogonal).
``exclusive``: the leap replaces the usual step (a "must" card)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.engine.powers.pieces import MovePattern, Piece, PowerSpec

SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "distances": {
            "type": "array", "items": {"type": "integer", "minimum": 2, "maximum": 4},
            "minItems": 1, "uniqueItems": True, "default": [2, 3],
        },
        "directions": {"enum": [4, 8], "default": 8},
        "exclusive": {"type": "boolean", "default": False},
    },
}


def make(params: Mapping[str, Any]) -> tuple[Piece, ...]:
    distances = tuple(sorted(params.get("distances", [2, 3])))
    exclusive = params.get("exclusive", False)
    return (MovePattern("leap", distances, params.get("directions", 8), exclusive),)


POWER = PowerSpec("leap", "move exactly two or three spaces in a line", make, SCHEMA)
