"""``both-workers-act``: each of the player's workers moves and builds, one after
the other in either order. A win by the first ends the turn; when the second
cannot act, that order gives no ply (the card is unfulfilled there)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.engine.powers.pieces import BothWorkersAct, Piece, PowerSpec


def make(params: Mapping[str, Any]) -> tuple[Piece, ...]:
    return (BothWorkersAct(),)


POWER = PowerSpec("both-workers-act", "move and build with each of your workers", make)
