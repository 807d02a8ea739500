"""``pull``: after moving, the player may pull the worker standing straight behind
the space the moved worker left into that space (ignoring climbing). A move that
is not a one-space step (a slide, a leap, a bridge) pulls nothing."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.engine.powers.pieces import ForceWorker, Piece, PowerSpec

SCHEMA = {"type": "object", "additionalProperties": False, "properties": {"targets": {"enum": ["opponents", "workers"], "default": "opponents"}}}


def make(params: Mapping[str, Any]) -> tuple[Piece, ...]:
    return (ForceWorker("pull", targets=params.get("targets", "opponents")),)


POWER = PowerSpec("pull", "pull the worker behind into the vacated space", make, SCHEMA)
