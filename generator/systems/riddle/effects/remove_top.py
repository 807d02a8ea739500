"""``remove-top``: remove the top piece of a space (its dome first, else its highest block).

Figures on the space stay and drop with it; a coin or token there stays too.
The piece goes back to the box unless ``to: stockpile`` says otherwise
(Decision: the rulebook does not say; ``box`` keeps the stockpile as printed).
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from generator.engine.geometry import Geometry, Square
from generator.engine.state import DOME, LEVEL1, LEVEL2, LEVEL3
from generator.systems.riddle.effects._common import COORDINATE
from generator.systems.riddle.state import RiddleState
from generator.systems.riddle.vocab import DocPath, ParseSite, Problem

if TYPE_CHECKING:
    from generator.systems.riddle.context import RiddleContext
    from generator.systems.riddle.model import Riddle

REMOVED_PIECE_GOES_TO = "box"


@dataclass(frozen=True, slots=True)
class RemoveTopEffect:
    NAME: ClassVar[str] = "remove-top"
    SCHEMA: ClassVar[dict[str, Any]] = {
        "type": "object",
        "additionalProperties": False,
        "required": ["at"],
        "properties": {"at": COORDINATE, "to": {"enum": ["box", "stockpile"]}},
    }

    at: Square
    to: str = REMOVED_PIECE_GOES_TO
    path: DocPath = field(default=(), compare=False)

    @classmethod
    def from_params(cls, params: dict[str, Any], site: ParseSite
                    ) -> tuple[RemoveTopEffect | None, list[Problem]]:
        at, problems = site.square(params["at"], "at")
        if at is None:
            return None, problems
        return cls(at, params.get("to", REMOVED_PIECE_GOES_TO), site.path), []

    def to_params(self, geometry: Geometry) -> dict[str, Any]:
        out: dict[str, Any] = {"at": geometry.name(self.at)}
        if self.to != REMOVED_PIECE_GOES_TO:
            out["to"] = self.to
        return out

    def apply(self, ctx: RiddleContext, state: RiddleState, turn: int
              ) -> tuple[RiddleState, ...]:
        bit = 1 << self.at
        board = state.board
        if state.sunk & bit:
            return (state,)
        if board.domes & bit:
            board, piece = board._replace(domes=board.domes & ~bit), DOME
        elif board.l3 & bit:
            board, piece = board._replace(l3=board.l3 & ~bit), LEVEL3
        elif board.l2 & bit:
            board, piece = board._replace(l2=board.l2 & ~bit), LEVEL2
        elif board.l1 & bit:
            board, piece = board._replace(l1=board.l1 & ~bit), LEVEL1
        else:
            return (state,)
        stock = state.stock.add(piece) if self.to == "stockpile" else state.stock
        return (state._replace(board=board, stock=stock),)

    def iter_problems(self, riddle: Riddle) -> Iterator[Problem]:
        geometry = riddle.board.geometry
        if not geometry.land >> self.at & 1:
            yield Problem("RS-G024", f"{geometry.name(self.at)} is sea: nothing is ever built "
                          "there to remove", self.path + ("at",))


EFFECT = RemoveTopEffect
