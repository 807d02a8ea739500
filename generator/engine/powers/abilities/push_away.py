"""``push-away``: after moving, the player may push one worker next to the moved
worker a space straight away from it (ignoring climbing, onto a free undomed land
space). ``targets``: the other players' workers (default) or any other worker."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.engine.powers.pieces import ForceWorker, Piece, PowerSpec

SCHEMA = {"type": "object", "additionalProperties": False, "properties": {"targets": {"enum": ["opponents", "workers"], "default": "opponents"}}}


def make(params: Mapping[str, Any]) -> tuple[Piece, ...]:
    return (ForceWorker("away", targets=params.get("targets", "opponents")),)


POWER = PowerSpec("push-away", "push a neighbouring worker straight back", make, SCHEMA)
