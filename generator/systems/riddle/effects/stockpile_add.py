"""``stockpile-add``: add pieces of one type to the stockpile (from the box)."""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from generator.engine.geometry import Geometry
from generator.engine.state import PIECE_NAMES, Stockpile
from generator.systems.riddle.bookkeeping import _new_tuple
from generator.systems.riddle.effects._common import PIECE
from generator.systems.riddle.state import RiddleState
from generator.systems.riddle.vocab import DocPath, ParseSite, Problem

if TYPE_CHECKING:
    from generator.systems.riddle.context import RiddleContext
    from generator.systems.riddle.model import Riddle

STOCK_CHANGE: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "required": ["piece"],
    "properties": {"piece": PIECE, "count": {"type": "integer", "minimum": 1, "maximum": 20}},
}


@dataclass(frozen=True, slots=True)
class StockpileAddEffect:
    NAME: ClassVar[str] = "stockpile-add"
    SCHEMA: ClassVar[dict[str, Any]] = STOCK_CHANGE

    piece: int
    count: int = 1
    path: DocPath = field(default=(), compare=False)

    @classmethod
    def from_params(cls, params: dict[str, Any], site: ParseSite
                    ) -> tuple[StockpileAddEffect | None, list[Problem]]:
        return cls(PIECE_NAMES.index(params["piece"]), params.get("count", 1), site.path), []

    def to_params(self, geometry: Geometry) -> dict[str, Any]:
        return {"piece": PIECE_NAMES[self.piece], "count": self.count}

    def apply(self, ctx: RiddleContext, state: RiddleState, turn: int
              ) -> tuple[RiddleState, ...]:
        # Every turn on every state of a search: rebuilt as plain tuples (no _replace).
        counts = list(state.stock)
        counts[self.piece] += self.count
        return (_new_tuple(RiddleState, (state[0], _new_tuple(Stockpile, counts), *state[2:])),)

    def iter_problems(self, riddle: Riddle) -> Iterator[Problem]:
        return iter(())


EFFECT = StockpileAddEffect
