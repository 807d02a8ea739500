"""``within``: the turn just played is turn N or earlier (``within: 6`` or ``within: {turns: 6}``).

Alone it is met at once; it is meant for ``all_of``, where it sets a deadline.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from generator.engine.geometry import Geometry
from generator.systems.riddle.state import RiddleState
from generator.systems.riddle.vocab import UNREACHABLE, DocPath, ParseSite, Problem

if TYPE_CHECKING:
    from generator.systems.riddle.context import RiddleContext
    from generator.systems.riddle.model import Riddle


@dataclass(frozen=True, slots=True)
class WithinGoal:
    NAME: ClassVar[str] = "within"
    CHANCE: ClassVar[bool] = False
    # One schema for both spellings (keywords only apply to their own type), so a
    # wrong value gets a plain message rather than a failed choice between forms.
    SCHEMA: ClassVar[dict[str, Any]] = {
        "type": ["integer", "object"],
        "minimum": 1,
        "maximum": 200,
        "additionalProperties": False,
        "required": ["turns"],
        "properties": {"turns": {"type": "integer", "minimum": 1, "maximum": 200}},
    }

    turns: int
    path: DocPath = field(default=(), compare=False)

    @classmethod
    def from_params(cls, params: Any, site: ParseSite
                    ) -> tuple[WithinGoal | None, list[Problem]]:
        turns = params["turns"] if isinstance(params, dict) else params
        return cls(int(turns), site.path), []

    def to_params(self, geometry: Geometry) -> int:
        return self.turns

    def deadline(self) -> int | None:
        return self.turns

    def is_met(self, ctx: RiddleContext, state: RiddleState) -> bool:
        return state.turn <= self.turns

    def min_turns(self, ctx: RiddleContext, state: RiddleState) -> int:
        return 0 if state.turn <= self.turns else UNREACHABLE

    def iter_problems(self, riddle: Riddle) -> Iterator[Problem]:
        return iter(())


GOAL = WithinGoal
