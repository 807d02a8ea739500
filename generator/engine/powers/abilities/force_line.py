"""``force-line``: at the end of the turn (after the builds), force one worker next
to the acting worker along a row or column toward one of ``directions`` (default
north or south) to the first unoccupied space, passing over anything between
(figures, towers, domes); the edge or the sea first: no force that way. The
forced worker ignores climbing. ``required`` (default true): a must when possible.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.engine.powers.abilities._force import FORCE_PROPERTIES, force_options_of
from generator.engine.powers.pieces import ForceLine, Piece, PowerSpec

SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "directions": {"type": "array", "items": {"enum": ["N", "E", "S", "W"]},
                       "minItems": 1, "uniqueItems": True, "default": ["N", "S"]},
        "targets": FORCE_PROPERTIES["targets"],
        "required": {**FORCE_PROPERTIES["required"], "default": True},
    },
}


def make(params: Mapping[str, Any]) -> tuple[Piece, ...]:
    targets, required = force_options_of(params, required=True)
    directions = tuple(params.get("directions", ["N", "S"]))
    return (ForceLine(directions, targets, required),)


POWER = PowerSpec("force-line", "force a neighbour along a line to the first free space", make,
                  SCHEMA)
