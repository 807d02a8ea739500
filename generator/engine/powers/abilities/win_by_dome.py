"""``win-by-dome``: an additional win condition: the player also wins when a build
of their turn places a rooftop: a dome on a level-3 tower (a skyscraper, a dome on
the ground, does not count; nor does a dome a power puts on a lower level). The
roles system adds the Statue of Liberty condition on top; the engine only reports
the win."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.engine.powers.pieces import Piece, PowerSpec, WinByDome


def make(params: Mapping[str, Any]) -> tuple[Piece, ...]:
    return (WinByDome(),)


POWER = PowerSpec("win-by-dome", "also win by building a rooftop", make)
