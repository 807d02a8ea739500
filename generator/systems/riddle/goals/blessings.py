"""``blessings``: at least N blessing tokens collected."""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from generator.engine.geometry import NO_SQUARE, Geometry
from generator.systems.riddle.goals._common import COUNT_PARAMS
from generator.systems.riddle.state import RiddleState
from generator.systems.riddle.vocab import UNREACHABLE, DocPath, ParseSite, Problem

if TYPE_CHECKING:
    from generator.systems.riddle.context import RiddleContext
    from generator.systems.riddle.model import Riddle


@dataclass(frozen=True, slots=True)
class BlessingsGoal:
    NAME: ClassVar[str] = "blessings"
    CHANCE: ClassVar[bool] = False
    SCHEMA: ClassVar[dict[str, Any]] = COUNT_PARAMS

    count: int
    path: DocPath = field(default=(), compare=False)

    @classmethod
    def from_params(cls, params: dict[str, Any], site: ParseSite
                    ) -> tuple[BlessingsGoal | None, list[Problem]]:
        return cls(params["count"], site.path), []

    def to_params(self, geometry: Geometry) -> dict[str, Any]:
        return {"count": self.count}

    def deadline(self) -> int | None:
        return None

    def is_met(self, ctx: RiddleContext, state: RiddleState) -> bool:
        return state.blessings >= self.count

    def min_turns(self, ctx: RiddleContext, state: RiddleState) -> int:
        missing = self.count - state.blessings
        if missing <= 0:
            return 0
        if state.tokens.bit_count() < missing:
            return UNREACHABLE
        if not ctx.plain_turns:
            return 1
        # Tokens are collected at the end of a turn with a worker on them: the
        # nearest token is at least its distance in moves away.
        best = UNREACHABLE
        for sq in ctx.geometry.squares:
            if state.tokens >> sq & 1:
                for w in state.board.workers:
                    if w != NO_SQUARE:
                        best = min(best, ctx.distance[w][sq])
        return max(1, best) if best < UNREACHABLE else UNREACHABLE

    def iter_problems(self, riddle: Riddle) -> Iterator[Problem]:
        tokens = riddle.board.tokens.bit_count()
        if self.count > tokens:
            yield Problem("RS-G024", f"{self.count} blessings cannot be collected: the map "
                          f"sets up {tokens} blessing token{'s' if tokens != 1 else ''} ('b')",
                          self.path + ("count",))


GOAL = BlessingsGoal
