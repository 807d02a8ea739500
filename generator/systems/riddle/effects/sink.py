"""``sink``: at the end of turn N a space sinks into the sea, with everything on it.

Its pieces are gone, a worker there is destroyed, the King or Sphinx there
leaves the board, a token or uncollected coin there is lost. The sunk space
keeps the dome bit so the engine never moves or builds there (see
:mod:`~generator.systems.riddle.state`).
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from generator.engine.geometry import NO_SQUARE, Geometry, Square
from generator.systems.riddle.effects._common import COORDINATE
from generator.systems.riddle.state import RiddleState
from generator.systems.riddle.vocab import DocPath, ParseSite, Problem

if TYPE_CHECKING:
    from generator.systems.riddle.context import RiddleContext
    from generator.systems.riddle.model import Riddle


@dataclass(frozen=True, slots=True)
class SinkEffect:
    NAME: ClassVar[str] = "sink"
    SCHEMA: ClassVar[dict[str, Any]] = {
        "type": "object",
        "additionalProperties": False,
        "required": ["at", "turn"],
        "properties": {"at": COORDINATE, "turn": {"type": "integer", "minimum": 1, "maximum": 200}},
    }

    at: Square
    turn: int
    path: DocPath = field(default=(), compare=False)

    @classmethod
    def from_params(cls, params: dict[str, Any], site: ParseSite
                    ) -> tuple[SinkEffect | None, list[Problem]]:
        at, problems = site.square(params["at"], "at")
        if at is None:
            return None, problems
        return cls(at, params["turn"], site.path), []

    def to_params(self, geometry: Geometry) -> dict[str, Any]:
        return {"at": geometry.name(self.at), "turn": self.turn}

    def apply(self, ctx: RiddleContext, state: RiddleState, turn: int
              ) -> tuple[RiddleState, ...]:
        bit = 1 << self.at
        if turn != self.turn or state.sunk & bit:
            return (state,)
        board = state.board
        keep = ~bit
        workers = tuple(NO_SQUARE if sq == self.at else sq for sq in board.workers)
        lost = sum(1 for sq in board.workers if sq == self.at)
        board = board._replace(
            l1=board.l1 & keep, l2=board.l2 & keep, l3=board.l3 & keep,
            domes=board.domes | bit, workers=workers,
            king=NO_SQUARE if board.king == self.at else board.king,
            sphinx=NO_SQUARE if board.sphinx == self.at else board.sphinx)
        return (state._replace(board=board, tokens=state.tokens & keep, sunk=state.sunk | bit,
                               destroyed=state.destroyed + lost),)

    def iter_problems(self, riddle: Riddle) -> Iterator[Problem]:
        geometry = riddle.board.geometry
        if not geometry.land >> self.at & 1:
            yield Problem("RS-G024", f"{geometry.name(self.at)} is already sea",
                          self.path + ("at",))
        if riddle.turn_limit is not None and self.turn > riddle.turn_limit:
            yield Problem("RS-G024", f"turn {self.turn} never comes: the riddle ends after "
                          f"{riddle.turn_limit} turns", self.path + ("turn",))


EFFECT = SinkEffect
