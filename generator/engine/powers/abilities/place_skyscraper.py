"""``place-skyscraper``: a set-up placement, not a turn power: before the first
round, ``count`` skyscrapers (ground-level domes) are placed on free ground-level
spaces. Its pieces change no turn; a system that plays set-up placements reads
``count`` from the parameters (:func:`setup_skyscrapers`)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.engine.powers.pieces import Piece, PowerSpec

SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "properties": {"count": {"type": "integer", "minimum": 1, "maximum": 6, "default": 1}},
}


def setup_skyscrapers(params: Mapping[str, Any]) -> int:
    """How many skyscrapers the placement puts on the board.

    >>> setup_skyscrapers({}), setup_skyscrapers({"count": 2})
    (1, 2)
    """
    return int(params.get("count", 1))


def make(params: Mapping[str, Any]) -> tuple[Piece, ...]:
    return ()


POWER = PowerSpec("place-skyscraper", "place skyscrapers before play", make, SCHEMA)
