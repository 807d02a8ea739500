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
from generator.engine.state import State
from generator.systems.riddle.bookkeeping import _new_tuple
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
        at = self.at
        bit = 1 << at
        if turn != self.turn or state.sunk & bit:
            return (state,)
        # The solver's hot path when a space sinks every turn: states rebuilt as plain
        # tuples (no NamedTuple._replace), workers copied only when one is lost.
        l1, l2, l3, domes, workers, king, sphinx = state.board
        keep = ~bit
        lost = workers.count(at)
        if lost:
            workers = tuple(NO_SQUARE if sq == at else sq for sq in workers)
        board = _new_tuple(State, (l1 & keep, l2 & keep, l3 & keep, domes | bit, workers,
                                   NO_SQUARE if king == at else king,
                                   NO_SQUARE if sphinx == at else sphinx))
        (_, stock, turned, collected, slots, achieved, tokens, blessings, wins, destroyed,
         sunk, extra) = state
        return (_new_tuple(RiddleState, (board, stock, turned, collected, slots, achieved,
                                         tokens & keep, blessings, wins, destroyed + lost,
                                         sunk | bit, extra)),)

    def iter_problems(self, riddle: Riddle) -> Iterator[Problem]:
        geometry = riddle.board.geometry
        if not geometry.land >> self.at & 1:
            yield Problem("RS-G024", f"{geometry.name(self.at)} is already sea",
                          self.path + ("at",))
        if riddle.turn_limit is not None and self.turn > riddle.turn_limit:
            yield Problem("RS-G024", f"turn {self.turn} never comes: the riddle ends after "
                          f"{riddle.turn_limit} turns", self.path + ("turn",))


EFFECT = SinkEffect
