"""``build-two-spaces``: after the build, one more build on a different space (the
two builds in either order are one ply). ``required``: the turn must build on two
spaces (no ply when only one space can be built on)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.engine.powers.pieces import ExtraBuild, Piece, PowerSpec

SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "properties": {"required": {"type": "boolean", "default": False}},
}


def make(params: Mapping[str, Any]) -> tuple[Piece, ...]:
    return (ExtraBuild(same_space=False, required=params.get("required", False)),)


POWER = PowerSpec("build-two-spaces", "build twice, on two different spaces", make, SCHEMA)
