"""``stand``: a figure stands on level N or higher (RULES 1 Decision), anywhere or on a space.

>>> StandGoal.SCHEMA["properties"]["figure"]["enum"]
['worker', 'king', 'sphinx', 'any']
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from generator.engine.geometry import NO_SQUARE, Geometry, Square
from generator.engine.state import height_at
from generator.systems.riddle.goals._common import COORDINATE
from generator.systems.riddle.state import RiddleState
from generator.systems.riddle.vocab import UNREACHABLE, DocPath, ParseSite, Problem

if TYPE_CHECKING:
    from generator.systems.riddle.context import RiddleContext
    from generator.systems.riddle.model import Riddle

FIGURES = ("worker", "king", "sphinx", "any")


@dataclass(frozen=True, slots=True)
class StandGoal:
    NAME: ClassVar[str] = "stand"
    CHANCE: ClassVar[bool] = False
    SCHEMA: ClassVar[dict[str, Any]] = {
        "type": "object",
        "additionalProperties": False,
        "minProperties": 1,
        "properties": {
            "figure": {"enum": list(FIGURES)},
            "level": {"type": "integer", "minimum": 0, "maximum": 3},
            "at": COORDINATE,
        },
    }

    figure: str = "worker"
    level: int = 0
    at: Square = NO_SQUARE
    path: DocPath = field(default=(), compare=False)

    @classmethod
    def from_params(cls, params: dict[str, Any], site: ParseSite
                    ) -> tuple[StandGoal | None, list[Problem]]:
        at: Square | None = NO_SQUARE
        problems: list[Problem] = []
        if "at" in params:
            at, problems = site.square(params["at"], "at")
        if at is None:
            return None, problems
        return cls(params.get("figure", "worker"), params.get("level", 0), at, site.path), []

    def to_params(self, geometry: Geometry) -> dict[str, Any]:
        out: dict[str, Any] = {"figure": self.figure, "level": self.level}
        if self.at != NO_SQUARE:
            out["at"] = geometry.name(self.at)
        return out

    def deadline(self) -> int | None:
        return None

    def _squares(self, state: RiddleState) -> tuple[Square, ...]:
        board = state.board
        if self.figure == "worker":
            return board.workers
        if self.figure == "king":
            return (board.king,)
        if self.figure == "sphinx":
            return (board.sphinx,)
        return (*board.workers, board.king, board.sphinx)

    def is_met(self, ctx: RiddleContext, state: RiddleState) -> bool:
        board = state.board
        for sq in self._squares(state):
            if sq != NO_SQUARE and (self.at == NO_SQUARE or sq == self.at) \
                    and height_at(board, sq) >= self.level:
                return True
        return False

    def min_turns(self, ctx: RiddleContext, state: RiddleState) -> int:
        if self.is_met(ctx, state):
            return 0
        board = state.board
        if not ctx.plain_turns or self.figure != "worker":
            # Other figures move only by effects or powers: claim one turn, no more.
            present = [sq for sq in self._squares(state) if sq != NO_SQUARE]
            return 1 if present else UNREACHABLE
        level = self.level
        if self.at != NO_SQUARE:
            bit = 1 << self.at
            if state.sunk & bit:
                return UNREACHABLE
            if board.domes & bit:
                return 1  # only an effect can open it again; claim nothing more
            builds = max(0, level - height_at(board, self.at))
        else:
            free = [level - height_at(board, sq) for sq in ctx.geometry.squares
                    if not board.domes >> sq & 1]
            if not free:
                return UNREACHABLE
            builds = max(0, min(free))
        best = UNREACHABLE
        for sq in board.workers:
            if sq == NO_SQUARE:
                continue
            # One move per turn, climbing at most one level per move.
            moves = max(0, level - height_at(board, sq))
            if self.at != NO_SQUARE:
                moves = max(moves, ctx.distance[sq][self.at])
                if sq == self.at:
                    moves = max(moves, 2)  # nobody builds under a worker: leave, come back
            best = min(best, moves)
        if best >= UNREACHABLE:
            return UNREACHABLE
        return max(1, builds, best)

    def iter_problems(self, riddle: Riddle) -> Iterator[Problem]:
        board = riddle.board
        geometry = board.geometry
        if self.at != NO_SQUARE:
            name = geometry.name(self.at)
            if not geometry.land >> self.at & 1:
                yield Problem("RS-G024", f"no figure can stand on {name}: it is sea",
                              self.path + ("at",))
            elif board.domes >> self.at & 1 and not riddle.removable() >> self.at & 1:
                yield Problem("RS-G024", f"no figure can stand on {name}: it is domed at "
                              f"set-up", self.path + ("at",))
        if self.figure == "king" and board.king == NO_SQUARE:
            yield Problem("RS-G024", "the map sets up no King ('K')", self.path + ("figure",))
        if self.figure == "sphinx" and board.sphinx == NO_SQUARE:
            yield Problem("RS-G024", "the map sets up no Sphinx ('S')", self.path + ("figure",))


GOAL = StandGoal
