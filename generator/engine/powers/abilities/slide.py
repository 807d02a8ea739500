"""``slide``: the worker may move along a row or column over spaces holding figures
to the first space without one. The climbing limit applies (RULES.md section 3);
the edge, the sea or a dome on the way stops the slide (no move that way)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.engine.powers.pieces import MovePattern, Piece, PowerSpec


def make(params: Mapping[str, Any]) -> tuple[Piece, ...]:
    return (MovePattern("slide"),)


POWER = PowerSpec("slide", "slide along a row or column past figures", make)
