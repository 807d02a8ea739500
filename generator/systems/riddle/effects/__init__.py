"""The end-of-turn effect vocabulary: one module per effect, listed in
:data:`EFFECTS`, which maps each YAML name to its class;
:func:`parse_effect` reads an effect mapping (``{sink: {at: C3, turn: 4}}``).
"""
from __future__ import annotations

from typing import Any

from generator.systems.riddle.effects import (
    remove_top,
    sink,
    step_toward_closest_worker,
    stockpile_add,
    stockpile_remove,
)
from generator.systems.riddle.vocab import Effect, ParseSite, Problem, table

EFFECTS = table(__name__, (
    remove_top.EFFECT,
    sink.EFFECT,
    step_toward_closest_worker.EFFECT,
    stockpile_add.EFFECT,
    stockpile_remove.EFFECT,
))


def parse_effect(value: Any, site: ParseSite) -> tuple[Effect | None, list[Problem]]:
    """An effect from its schema-valid mapping ``{name: params}`` written at ``site.path``."""
    if not isinstance(value, dict) or len(value) != 1:
        return None, [Problem("RS-G024", "an effect is a mapping with exactly one effect name",
                              site.path, "e.g. {remove-top: {at: C3}}")]
    (name, params), = value.items()
    cls = EFFECTS.get(name)
    if cls is None:
        return None, [Problem("RS-G024", f"unknown effect '{name}'", site.path,
                              "known effects: " + ", ".join(EFFECTS))]
    effect, problems = cls.from_params(params if params is not None else {}, site.at(name))
    return effect, problems


__all__ = ["EFFECTS", "parse_effect"]
