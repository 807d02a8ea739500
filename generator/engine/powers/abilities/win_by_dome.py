"""``win-by-dome``: an additional win condition: the player also wins when a build
of their turn places a dome (a rooftop). The roles system adds the Statue of
Liberty condition on top; the engine only reports the win."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.engine.powers.pieces import Piece, PowerSpec, WinByDome


def make(params: Mapping[str, Any]) -> tuple[Piece, ...]:
    return (WinByDome(),)


POWER = PowerSpec("win-by-dome", "also win by building a rooftop", make)
