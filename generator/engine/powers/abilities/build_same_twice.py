"""``build-same-twice``: after a block, one more piece on the same space.

``blocks_only`` (default true): the second piece may not be a rooftop (a dome in
this engine). ``required``: the second piece is a must whenever it is possible
(after a first rooftop, or a level-3 block with ``blocks_only``, none follows)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.engine.powers.pieces import ExtraBuild, Piece, PowerSpec

SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "blocks_only": {"type": "boolean", "default": True},
        "required": {"type": "boolean", "default": False},
    },
}


def make(params: Mapping[str, Any]) -> tuple[Piece, ...]:
    return (ExtraBuild(same_space=True, blocks_only=params.get("blocks_only", True),
                       required=params.get("required", False)),)


POWER = PowerSpec("build-same-twice", "build twice on one space", make, SCHEMA)
