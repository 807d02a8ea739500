"""``both-workers-act``: both workers step (either order), then both build; a climb
onto level 3 by either step wins at once. When that is impossible, one worker
takes the usual turn. It does not combine with other step or build powers."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.engine.powers.pieces import BothWorkersAct, Piece, PowerSpec


def make(params: Mapping[str, Any]) -> tuple[Piece, ...]:
    return (BothWorkersAct(),)


POWER = PowerSpec("both-workers-act", "move and build with each of your workers", make)
