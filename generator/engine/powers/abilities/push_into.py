"""``push-into``: the worker may step into a neighbouring space held by another
player's worker when that worker can be forced one space straight back (onto a
free undomed land space, ignoring climbing); the step itself still climbs at
most one level. ``targets: workers`` lets it push the player's own worker too."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.engine.powers.pieces import EnterOccupied, Piece, PowerSpec

SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "properties": {"targets": {"enum": ["opponents", "workers"], "default": "opponents"}},
}


def make(params: Mapping[str, Any]) -> tuple[Piece, ...]:
    return (EnterOccupied("push", params.get("targets", "opponents")),)


POWER = PowerSpec("push-into", "step into a worker's space, pushing it straight back", make,
                  SCHEMA)
