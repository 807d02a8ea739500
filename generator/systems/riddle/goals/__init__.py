"""The goal vocabulary: one module per goal, found by :func:`~..vocab.discover`.

``GOALS`` maps each goal's YAML name to its class; :func:`parse_goal` reads a
goal mapping (``{stand: {...}}``, ``{all_of: [...]}``) into a goal object.
"""
from __future__ import annotations

from typing import Any

from generator.systems.riddle.vocab import Goal, ParseSite, Problem, discover

GOALS = discover(__name__, "GOAL")


def parse_goal(value: Any, site: ParseSite) -> tuple[Goal | None, list[Problem]]:
    """A goal from its schema-valid mapping ``{name: params}`` written at ``site.path``."""
    if not isinstance(value, dict) or len(value) != 1:
        return None, [Problem("RS-G024", "a goal is a mapping with exactly one goal name",
                              site.path, "e.g. {stand: {figure: worker, level: 3}}")]
    (name, params), = value.items()
    cls = GOALS.get(name)
    if cls is None:
        return None, [Problem("RS-G024", f"unknown goal '{name}'", site.path,
                              "known goals: " + ", ".join(GOALS))]
    if site.parse_goal is None:
        site = ParseSite(site.geometry, site.path, site.objective, parse_goal)
    goal, problems = cls.from_params(params, site.at(name))
    return goal, problems


__all__ = ["GOALS", "parse_goal"]
