"""Apollo: the worker may step into a space held by an opponent's worker, which
is sent to the space Apollo's worker just left.

The step still obeys the climbing limit and never enters a dome. Choices: only
the other players' workers can be swapped (never a partner's, never the King
or the Sphinx: ``targets`` widens it to every other worker); a swap that moves
up onto level 3 wins like any climb; the swapped worker never wins by being moved.
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
    return (EnterOccupied("swap", params.get("targets", "opponents")),)


POWER = PowerSpec("apollo", "step into an opponent's space and swap places", make, SCHEMA)
