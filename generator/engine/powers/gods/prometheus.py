"""Prometheus: the worker may build before it moves, and then builds again after
moving, as long as it does not move up.

Choices: the same worker builds before and after; the first build is next to its
starting space and may be the space it then builds on again; no step of the turn
goes up (RULES.md section 1); building before and then being unable to move
is not a legal ply; an outcome reached by two orders of the builds counts once.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.engine.powers.pieces import PowerSpec, BuildBeforeMove, Piece


def make(params: Mapping[str, Any]) -> tuple[Piece, ...]:
    return (BuildBeforeMove(no_up=True),)


POWER = PowerSpec("prometheus", "build before moving too, if not moving up", make)
