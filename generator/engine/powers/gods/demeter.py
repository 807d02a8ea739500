"""Demeter: after the build, the worker may build once more, on a different space.

Choices: the two builds in either order are one ply (same outcome); the extra
build may be a dome when the space is at level 3 (the published power allows
any piece); it needs a second piece, so with a stockpile both must be available.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.engine.powers.pieces import PowerSpec, ExtraBuild, Piece


def make(params: Mapping[str, Any]) -> tuple[Piece, ...]:
    return (ExtraBuild(same_space=False),)


POWER = PowerSpec("demeter", "build a second time, on another space", make)
