"""``force-onto-build``: after building a block (not a dome), the player may force
a worker next to that space onto it (ignoring climbing). Only after the main
build (an extra build from another power forces nothing)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.engine.powers.pieces import ForceWorker, Piece, PowerSpec

SCHEMA = {"type": "object", "additionalProperties": False, "properties": {"targets": {"enum": ["opponents", "workers"], "default": "opponents"}}}


def make(params: Mapping[str, Any]) -> tuple[Piece, ...]:
    return (ForceWorker("onto-build", targets=params.get("targets", "opponents")),)


POWER = PowerSpec("force-onto-build", "force a neighbouring worker onto the new block", make,
                  SCHEMA)
