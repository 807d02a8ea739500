"""``build-under``: the worker builds a block under itself and stands on it (a rise
never wins). ``timing: instead`` (default): optionally, in place of the usual
build, not on level 3. ``timing: before-move``: it must, before moving; then it
moves (climbing from its new level) and builds as usual; on level 3 the piece is
a rooftop and the worker leaves the game, which ends the turn.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.engine.powers.pieces import BuildUnder, Piece, PowerSpec

SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "properties": {"timing": {"enum": ["instead", "before-move"], "default": "instead"}},
}


def make(params: Mapping[str, Any]) -> tuple[Piece, ...]:
    return (BuildUnder(params.get("timing", "instead")),)


POWER = PowerSpec("build-under", "build a block under yourself", make, SCHEMA)
