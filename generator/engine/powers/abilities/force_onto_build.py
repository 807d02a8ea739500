"""``force-onto-build``: after building a block (not a dome), the player may force
a worker next to that space onto it (ignoring climbing). Only after the main
build (an extra build from another power forces nothing). ``required``: the force
is a must whenever one is possible (the New York street vendor's "if possible")."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.engine.powers.abilities._force import force_options_of, force_schema
from generator.engine.powers.pieces import ForceWorker, Piece, PowerSpec

SCHEMA = force_schema()


def make(params: Mapping[str, Any]) -> tuple[Piece, ...]:
    targets, required = force_options_of(params)
    return (ForceWorker("onto-build", targets=targets, required=required),)


POWER = PowerSpec("force-onto-build", "force a neighbouring worker onto the new block", make,
                  SCHEMA)
