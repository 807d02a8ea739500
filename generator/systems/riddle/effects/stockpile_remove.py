"""``stockpile-remove``: remove pieces of one type from the stockpile (never below zero)."""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from generator.engine.geometry import Geometry
from generator.engine.state import PIECE_NAMES, Stockpile
from generator.systems.riddle.effects.stockpile_add import STOCK_CHANGE
from generator.systems.riddle.state import RiddleState
from generator.systems.riddle.vocab import DocPath, ParseSite, Problem

if TYPE_CHECKING:
    from generator.systems.riddle.context import RiddleContext
    from generator.systems.riddle.model import Riddle


@dataclass(frozen=True, slots=True)
class StockpileRemoveEffect:
    NAME: ClassVar[str] = "stockpile-remove"
    SCHEMA: ClassVar[dict[str, Any]] = STOCK_CHANGE

    piece: int
    count: int = 1
    path: DocPath = field(default=(), compare=False)

    @classmethod
    def from_params(cls, params: dict[str, Any], site: ParseSite
                    ) -> tuple[StockpileRemoveEffect | None, list[Problem]]:
        return cls(PIECE_NAMES.index(params["piece"]), params.get("count", 1), site.path), []

    def to_params(self, geometry: Geometry) -> dict[str, Any]:
        return {"piece": PIECE_NAMES[self.piece], "count": self.count}

    def apply(self, ctx: RiddleContext, state: RiddleState, turn: int
              ) -> tuple[RiddleState, ...]:
        counts = list(state.stock)
        if not counts[self.piece]:
            return (state,)
        counts[self.piece] = max(0, counts[self.piece] - self.count)
        return (state._replace(stock=Stockpile(*counts)),)

    def iter_problems(self, riddle: Riddle) -> Iterator[Problem]:
        return iter(())


EFFECT = StockpileRemoveEffect
