"""``build-around``: the build may go next to any of the player's workers (the
chosen worker) instead of next to the worker that moved."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.engine.powers.pieces import BuildAround, Piece, PowerSpec


def make(params: Mapping[str, Any]) -> tuple[Piece, ...]:
    return (BuildAround(),)


POWER = PowerSpec("build-around", "build next to any of your workers", make)
