"""Minotaur: the worker may step into a space held by an opponent's worker when that
worker can be pushed one space straight on, in the same direction, to a free
undomed space (at any level).

Choices: the push target must be on the board and land (never the sea) and free of
every figure; a step across a bridge pushes nothing (a bridge has no "straight
on" space); a pushed worker never wins by being moved; a push that climbs onto
level 3 wins.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.engine.powers.pieces import PowerSpec, EnterOccupied, Piece

SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "properties": {"targets": {"enum": ["opponents", "workers"], "default": "opponents"}},
}


def make(params: Mapping[str, Any]) -> tuple[Piece, ...]:
    return (EnterOccupied("push", params.get("targets", "opponents")),)


POWER = PowerSpec("minotaur", "step into an opponent's space and push it on", make, SCHEMA)
