"""``push-away``: after moving, the player may push one worker next to the moved
worker a space straight away from it (ignoring climbing, onto a free undomed land
space). ``targets``: the other players' workers (default) or any other worker;
``required``: a push is a must whenever one is possible."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.engine.powers.abilities._force import force_options_of, force_schema
from generator.engine.powers.pieces import ForceWorker, Piece, PowerSpec

SCHEMA = force_schema()


def make(params: Mapping[str, Any]) -> tuple[Piece, ...]:
    targets, required = force_options_of(params)
    return (ForceWorker("away", targets=targets, required=required),)


POWER = PowerSpec("push-away", "push a neighbouring worker straight back", make, SCHEMA)
