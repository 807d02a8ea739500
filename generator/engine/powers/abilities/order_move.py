"""``order-move``: at the end of the turn (after the builds), the player chooses a
worker next to the acting worker and its owner must move it one usual step (a
neighbouring free undomed space at most one level up; no build) when it can. The
owner, not the player, picks the destination: the plies carry ``owner_chooses``.
``targets``: the other players' workers (default) or any other worker.
``required`` (default true): when a worker stands next to the acting one, one
must be chosen; choosing one that cannot move changes nothing. A move made on
another player's turn never wins (a decision:
:data:`~generator.engine.powers.pieces.ORDERED_MOVE_WINS`)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.engine.powers.abilities._force import FORCE_PROPERTIES, force_options_of
from generator.engine.powers.pieces import OrderMove, Piece, PowerSpec

SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "targets": FORCE_PROPERTIES["targets"],
        "required": {**FORCE_PROPERTIES["required"], "default": True},
    },
}


def make(params: Mapping[str, Any]) -> tuple[Piece, ...]:
    targets, required = force_options_of(params, required=True)
    return (OrderMove(targets, required),)


POWER = PowerSpec("order-move", "make a neighbour's owner move it", make, SCHEMA)
