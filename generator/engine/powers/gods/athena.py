"""Athena: when one of her player's workers moved up during their last turn, the
other players' workers may not move up on their turns until she acts again.

Choices: "moved up" means any step of the acting worker went up (a swap or push
that climbs counts; being forced up by another's power does not); the mark is
part of the position (the perft notation writes it), set at the end of her turn
and cleared by her next turn; the restriction forbids every upward step of the
others, including steps taken with their own powers.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.engine.powers.pieces import PowerSpec, OpponentsNoUpAfterUp, Piece


def make(params: Mapping[str, Any]) -> tuple[Piece, ...]:
    return (OpponentsNoUpAfterUp(),)


POWER = PowerSpec("athena", "after climbing, the others cannot climb next turn", make)
