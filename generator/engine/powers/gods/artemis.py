"""Artemis: after its step the worker may take one more step, but that step may
not end on the space it started the turn on.

Choices: each step is checked for a win as it happens (a climb onto level 3 on
the first step wins at once, so there is no second step); reaching a space in
one step or in two is one ply when the outcome is the same; ``steps`` sets how
many extra steps are allowed (default 1, the published power).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.engine.powers.pieces import PowerSpec, ExtraSteps, Piece

SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "properties": {"steps": {"type": "integer", "minimum": 1, "maximum": 3, "default": 1}},
}


def make(params: Mapping[str, Any]) -> tuple[Piece, ...]:
    return (ExtraSteps(params.get("steps", 1), not_back=True),)


POWER = PowerSpec("artemis", "move one extra time, not back to the start", make, SCHEMA)
