"""Helpers shared by the effect modules (not an effect: the leading underscore hides it)."""
from __future__ import annotations

from typing import Any

from generator.engine.state import PIECE_NAMES

COORDINATE: dict[str, Any] = {"$ref": "common.schema.json#/$defs/coordinate"}
PIECE: dict[str, Any] = {"enum": list(PIECE_NAMES)}
