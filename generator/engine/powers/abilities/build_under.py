"""``build-under``: instead of the usual build, the worker builds a block under
itself (not on level 3) and stands on it; rising this way never wins."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.engine.powers.pieces import BuildUnder, Piece, PowerSpec


def make(params: Mapping[str, Any]) -> tuple[Piece, ...]:
    return (BuildUnder(),)


POWER = PowerSpec("build-under", "build a block under yourself", make)
