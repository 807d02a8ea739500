"""Hermes: instead of the usual move, the player's workers may each walk any number
of steps without changing level, and then either of them builds.

Choices (published versions and FAQs differ): one worker finishes its walk
before the other starts, in either order; zero steps is allowed for both, so the
player may build without moving; a walk never climbs or descends, so it never
wins; the usual move-then-build with one worker stays available.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.engine.powers.pieces import PowerSpec, Piece, TeamRoam


def make(params: Mapping[str, Any]) -> tuple[Piece, ...]:
    return (TeamRoam(),)


POWER = PowerSpec("hermes", "walk both workers on their level, then one builds", make)
