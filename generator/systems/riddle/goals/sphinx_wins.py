"""``sphinx_wins``: the Sphinx's game won at least N times. Chance only: a proof of
solvability never relies on it (RULES 1, decisions for the solver)."""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from generator.engine.geometry import Geometry
from generator.systems.riddle.goals._common import COUNT_PARAMS
from generator.systems.riddle.state import RiddleState
from generator.systems.riddle.vocab import UNREACHABLE, DocPath, ParseSite, Problem

if TYPE_CHECKING:
    from generator.systems.riddle.context import RiddleContext
    from generator.systems.riddle.model import Riddle


@dataclass(frozen=True, slots=True)
class SphinxWinsGoal:
    NAME: ClassVar[str] = "sphinx_wins"
    CHANCE: ClassVar[bool] = True
    SCHEMA: ClassVar[dict[str, Any]] = COUNT_PARAMS

    count: int
    path: DocPath = field(default=(), compare=False)

    @classmethod
    def from_params(cls, params: dict[str, Any], site: ParseSite
                    ) -> tuple[SphinxWinsGoal | None, list[Problem]]:
        return cls(params["count"], site.path), []

    def to_params(self, geometry: Geometry) -> dict[str, Any]:
        return {"count": self.count}

    def deadline(self) -> int | None:
        return None

    def is_met(self, ctx: RiddleContext, state: RiddleState) -> bool:
        return state.sphinx_wins >= self.count

    def min_turns(self, ctx: RiddleContext, state: RiddleState) -> int:
        missing = self.count - state.sphinx_wins
        if missing <= 0:
            return 0
        if ctx.gems - state.sphinx_wins < missing:
            return UNREACHABLE  # each win discards a gem
        return missing if ctx.plain_turns else 1  # one game per turn, as its action

    def iter_problems(self, riddle: Riddle) -> Iterator[Problem]:
        return iter(())


GOAL = SphinxWinsGoal
