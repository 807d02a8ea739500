"""What the forcing abilities share: the ``targets`` and ``required`` parameters.

>>> force_options_of({})
('opponents', False)
>>> force_options_of({"targets": "workers", "required": True})
('workers', True)
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.engine.powers.pieces import Targets

FORCE_PROPERTIES: Mapping[str, Any] = {
    "targets": {"enum": ["opponents", "workers"], "default": "opponents"},
    "required": {"type": "boolean", "default": False},
}
"""``targets``: the other players' workers (default) or any other worker.
``required``: when a force is possible the turn must make one (a New York "if
possible"); by default forcing is optional."""


def force_schema(**extra: Any) -> dict[str, Any]:
    """The parameter schema of a forcing ability: the shared properties and ``extra``."""
    return {"type": "object", "additionalProperties": False,
            "properties": {**FORCE_PROPERTIES, **extra}}


def force_options_of(params: Mapping[str, Any], required: bool = False
                     ) -> tuple[Targets, bool]:
    """``(targets, required)`` from valid parameters (``required``: its default)."""
    return params.get("targets", "opponents"), bool(params.get("required", required))
