"""``slide``: the worker may move along a row or column, passing over occupied
spaces (a figure or a dome), to the first unoccupied one. The climbing limit
applies (RULES.md section 3); the edge or the sea first stops the slide (no move
that way). ``exclusive``: the slide replaces the usual step (a "must" card)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.engine.powers.pieces import MovePattern, Piece, PowerSpec

SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "properties": {"exclusive": {"type": "boolean", "default": False}},
}


def make(params: Mapping[str, Any]) -> tuple[Piece, ...]:
    return (MovePattern("slide", exclusive=params.get("exclusive", False)),)


POWER = PowerSpec("slide", "slide along a row or column past what stands there", make, SCHEMA)
