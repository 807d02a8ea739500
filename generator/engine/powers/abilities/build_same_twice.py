"""``build-same-twice``: after the build, one more piece on the same space, unless
that piece would be a rooftop (a dome in this engine)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.engine.powers.pieces import ExtraBuild, Piece, PowerSpec


def make(params: Mapping[str, Any]) -> tuple[Piece, ...]:
    return (ExtraBuild(same_space=True, blocks_only=True),)


POWER = PowerSpec("build-same-twice", "build twice on one space, never a rooftop", make)
