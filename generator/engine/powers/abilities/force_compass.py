"""``force-compass``: after moving, the player may force one worker next to the
moved worker a space toward ``direction`` (N is up the printed map), ignoring
climbing, onto a free undomed land space. ``required``: a must when possible."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.engine.powers.abilities._force import force_options_of, force_schema
from generator.engine.powers.pieces import ForceWorker, Piece, PowerSpec

SCHEMA = {**force_schema(direction={"enum": ["N", "E", "S", "W"]}), "required": ["direction"]}


def make(params: Mapping[str, Any]) -> tuple[Piece, ...]:
    targets, required = force_options_of(params)
    return (ForceWorker("compass", params["direction"], targets, required),)


POWER = PowerSpec("force-compass", "force a neighbouring worker toward a direction", make,
                  SCHEMA)
