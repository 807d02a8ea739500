"""``pull``: after moving, the player may pull the worker standing straight behind
the space the moved worker left into that space (ignoring climbing). A move that
is not a one-space step (a slide, a leap, a bridge) pulls nothing. ``required``:
the pull is a must whenever it is possible."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.engine.powers.abilities._force import force_options_of, force_schema
from generator.engine.powers.pieces import ForceWorker, Piece, PowerSpec

SCHEMA = force_schema()


def make(params: Mapping[str, Any]) -> tuple[Piece, ...]:
    targets, required = force_options_of(params)
    return (ForceWorker("pull", targets=targets, required=required),)


POWER = PowerSpec("pull", "pull the worker behind into the vacated space", make, SCHEMA)
