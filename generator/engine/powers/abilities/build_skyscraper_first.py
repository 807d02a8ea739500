"""``build-skyscraper-first``: before moving, the worker must build a skyscraper on
a neighbouring ground-level space when one is free (otherwise the turn is as
usual); then it moves (climbing as usual) and builds. Skyscrapers are encoded as
ground-level domes: nothing enters or builds on them."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.engine.powers.pieces import BuildBeforeMove, Piece, PowerSpec


def make(params: Mapping[str, Any]) -> tuple[Piece, ...]:
    return (BuildBeforeMove(no_up=False, piece="skyscraper", required=True),)


POWER = PowerSpec("build-skyscraper-first", "build a skyscraper before moving", make)
