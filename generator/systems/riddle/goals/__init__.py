"""The goal vocabulary: one module per goal, listed in :data:`GOALS`.

``GOALS`` maps each goal's YAML name to its class; :func:`parse_goal` reads a
goal mapping (``{stand: {...}}``, ``{all_of: [...]}``) into a goal object.
"""
from __future__ import annotations

from typing import Any

from generator.systems.riddle.goals import (
    all_of,
    any_of,
    blessings,
    build,
    slots,
    sphinx_wins,
    stand,
    within,
)
from generator.systems.riddle.vocab import Goal, ParseSite, Problem, table

GOALS = table(__name__, (
    all_of.GOAL,
    any_of.GOAL,
    blessings.GOAL,
    build.GOAL,
    slots.GOAL,
    sphinx_wins.GOAL,
    stand.GOAL,
    within.GOAL,
))


def parse_goal(value: Any, site: ParseSite) -> tuple[Goal | None, list[Problem]]:
    """A goal from its schema-valid mapping written at ``site.path``.

    ``{name: params}`` is one goal; several names in one mapping must all hold,
    as if listed under ``all_of`` (``{stand: {...}, within: 6}``).
    """
    if not isinstance(value, dict) or not value:
        return None, [Problem("RS-G024", "a goal is a mapping of goal names to parameters",
                              site.path, "e.g. {stand: {figure: worker, level: 3}}")]
    if site.parse_goal is None:
        site = ParseSite(site.geometry, site.path, site.objective, parse_goal)
    goals: list[Goal] = []
    problems: list[Problem] = []
    for name, params in value.items():
        cls = GOALS.get(name)
        if cls is None:
            problems.append(Problem("RS-G024", f"unknown goal '{name}'", site.path + (name,),
                                    "known goals: " + ", ".join(GOALS)))
            continue
        goal, found = cls.from_params(params, site.at(name))
        problems.extend(found)
        if goal is not None:
            goals.append(goal)
    if len(goals) != len(value):
        return None, problems
    if len(goals) == 1:
        return goals[0], problems
    return GOALS["all_of"](tuple(goals), site.path), problems


__all__ = ["GOALS", "parse_goal"]
