"""``force-into-vacated``: before moving, the player chooses a worker next to the
worker that will move; after the move that worker is forced into the space just
left (ignoring climbing). ``targets``: any other worker (default ``workers``, the
player's own included) or only the other players' (``opponents``). ``required``
(default true): when a worker stands next to the mover, one must be chosen (the
New York "if possible"). A pull of the worker straight behind only is ``pull``.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.engine.powers.abilities._force import FORCE_PROPERTIES, force_options_of
from generator.engine.powers.pieces import ForceWorker, Piece, PowerSpec

SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "targets": {**FORCE_PROPERTIES["targets"], "default": "workers"},
        "required": {**FORCE_PROPERTIES["required"], "default": True},
    },
}


def make(params: Mapping[str, Any]) -> tuple[Piece, ...]:
    _, required = force_options_of(params, required=True)
    targets = params.get("targets", "workers")
    return (ForceWorker("vacated", targets=targets, required=required),)


POWER = PowerSpec("force-into-vacated", "force a neighbour into the space you left", make,
                  SCHEMA)
