"""``all_of``: every listed goal holds at the end of the same turn."""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from generator.engine.geometry import Geometry
from generator.systems.riddle.state import RiddleState
from generator.systems.riddle.vocab import UNREACHABLE, DocPath, Goal, ParseSite, Problem

if TYPE_CHECKING:
    from generator.systems.riddle.context import RiddleContext
    from generator.systems.riddle.model import Riddle

GOAL_LIST: dict[str, Any] = {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/goal"}}


def parse_children(params: list[Any], site: ParseSite) -> tuple[tuple[Goal, ...] | None,
                                                                  list[Problem]]:
    """The goals of an ``all_of``/``any_of`` list (None if any of them is unreadable)."""
    assert site.parse_goal is not None
    goals: list[Goal] = []
    problems: list[Problem] = []
    for i, item in enumerate(params):
        goal, found = site.parse_goal(item, site.at(i))
        problems.extend(found)
        if goal is not None:
            goals.append(goal)
    return (tuple(goals) if len(goals) == len(params) else None), problems


@dataclass(frozen=True, slots=True)
class AllOfGoal:
    NAME: ClassVar[str] = "all_of"
    CHANCE: ClassVar[bool] = False
    SCHEMA: ClassVar[dict[str, Any]] = GOAL_LIST

    goals: tuple[Goal, ...]
    path: DocPath = field(default=(), compare=False)

    @classmethod
    def from_params(cls, params: list[Any], site: ParseSite
                    ) -> tuple[AllOfGoal | None, list[Problem]]:
        goals, problems = parse_children(params, site)
        return (cls(goals, site.path) if goals is not None else None), problems

    def to_params(self, geometry: Geometry) -> list[Any]:
        return [{g.NAME: g.to_params(geometry)} for g in self.goals]

    def deadline(self) -> int | None:
        found = [d for d in (g.deadline() for g in self.goals) if d is not None]
        return min(found) if found else None

    def is_met(self, ctx: RiddleContext, state: RiddleState) -> bool:
        return all(g.is_met(ctx, state) for g in self.goals)

    def min_turns(self, ctx: RiddleContext, state: RiddleState) -> int:
        if self.is_met(ctx, state):
            return 0
        need = max(1, max(g.min_turns(ctx, state) for g in self.goals))
        last = self.deadline()
        if need >= UNREACHABLE or (last is not None and state.turn + need > last):
            return UNREACHABLE
        return need

    def iter_problems(self, riddle: Riddle) -> Iterator[Problem]:
        for g in self.goals:
            yield from g.iter_problems(riddle)


GOAL = AllOfGoal
