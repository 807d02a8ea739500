"""``build-two-spaces``: after the build, one more build on a different space (the
two builds in either order are one ply)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.engine.powers.pieces import ExtraBuild, Piece, PowerSpec


def make(params: Mapping[str, Any]) -> tuple[Piece, ...]:
    return (ExtraBuild(same_space=False),)


POWER = PowerSpec("build-two-spaces", "build twice, on two different spaces", make)
