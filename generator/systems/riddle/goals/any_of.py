"""``any_of``: at least one listed goal holds."""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from generator.engine.geometry import Geometry
from generator.systems.riddle.goals.all_of import GOAL_LIST, parse_children
from generator.systems.riddle.state import RiddleState
from generator.systems.riddle.vocab import DocPath, Goal, ParseSite, Problem

if TYPE_CHECKING:
    from generator.systems.riddle.context import RiddleContext
    from generator.systems.riddle.model import Riddle


@dataclass(frozen=True, slots=True)
class AnyOfGoal:
    NAME: ClassVar[str] = "any_of"
    CHANCE: ClassVar[bool] = False
    SCHEMA: ClassVar[dict[str, Any]] = GOAL_LIST

    goals: tuple[Goal, ...]
    path: DocPath = field(default=(), compare=False)

    @classmethod
    def from_params(cls, params: list[Any], site: ParseSite
                    ) -> tuple[AnyOfGoal | None, list[Problem]]:
        goals, problems = parse_children(params, site)
        return (cls(goals, site.path) if goals is not None else None), problems

    def to_params(self, geometry: Geometry) -> list[Any]:
        return [{g.NAME: g.to_params(geometry)} for g in self.goals]

    def deadline(self) -> int | None:
        found = [g.deadline() for g in self.goals]
        return None if any(d is None for d in found) else max(d for d in found if d is not None)

    def is_met(self, ctx: RiddleContext, state: RiddleState) -> bool:
        return any(g.is_met(ctx, state) for g in self.goals)

    def min_turns(self, ctx: RiddleContext, state: RiddleState) -> int:
        return min(g.min_turns(ctx, state) for g in self.goals)

    def iter_problems(self, riddle: Riddle) -> Iterator[Problem]:
        for g in self.goals:
            yield from g.iter_problems(riddle)


GOAL = AnyOfGoal
