"""Hephaestus: after the build, the worker may add one more block on the same space.

Choices: the extra piece must be a block, never a dome (so it is possible only
when the first build placed a level-1 or level-2 block); it needs a second piece
from the stockpile when one is used.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.engine.powers.pieces import PowerSpec, ExtraBuild, Piece


def make(params: Mapping[str, Any]) -> tuple[Piece, ...]:
    return (ExtraBuild(same_space=True, blocks_only=True),)


POWER = PowerSpec("hephaestus", "add a second block on the space just built", make)
