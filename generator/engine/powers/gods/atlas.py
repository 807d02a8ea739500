"""Atlas: the worker may build a dome on any level (also on the ground) instead of
the next block.

Choices: a dome placed on level 0-2 is a dome for every rule (nothing enters or
builds there; RULES.md section 1 counts it as level 4 for coins and goals); the
ordinary dome on level 3 is not a use of the power.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.engine.powers.pieces import PowerSpec, DomeAnyLevel, Piece


def make(params: Mapping[str, Any]) -> tuple[Piece, ...]:
    return (DomeAnyLevel(),)


POWER = PowerSpec("atlas", "build a dome on any level", make)
