"""``build-around``: the builds may go around a chosen worker instead of the one
that moved: another worker of the player (``whose: own``, the default) or any
worker next to the moved one (``whose: neighbour``); with a second build (for
example ``build-two-spaces``) both builds go around the same chosen worker."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.engine.powers.pieces import BuildAround, Piece, PowerSpec

SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "properties": {"whose": {"enum": ["own", "neighbour"], "default": "own"}},
}


def make(params: Mapping[str, Any]) -> tuple[Piece, ...]:
    return (BuildAround(params.get("whose", "own")),)


POWER = PowerSpec("build-around", "build around a chosen worker", make, SCHEMA)
