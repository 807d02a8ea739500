"""``force-compass``: after moving, the player may force one worker next to the
moved worker a space toward ``direction`` (N is up the printed map), ignoring
climbing, onto a free undomed land space."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.engine.powers.pieces import ForceWorker, Piece, PowerSpec

SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "required": ["direction"],
    "properties": {"direction": {"enum": ["N", "E", "S", "W"]}, "targets": {"enum": ["opponents", "workers"], "default": "opponents"}},
}


def make(params: Mapping[str, Any]) -> tuple[Piece, ...]:
    return (ForceWorker("compass", params["direction"], params.get("targets", "opponents")),)


POWER = PowerSpec("force-compass", "force a neighbouring worker toward a direction", make,
                  SCHEMA)
