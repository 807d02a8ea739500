"""``step-toward-closest-worker``: the King or the Sphinx steps one space toward the
closest worker.

Decisions (the rulebook leaves them open): "closest" counts spaces orthogonally
or diagonally on the grid, ignoring sea (RULES 1); the figure takes one step to
a move-neighbour (bridges included) that is land, free and undomed, ignoring
heights, and only when that brings it strictly closer; among such steps it
takes the ones that bring it closest. Ties for the closest worker or the step
are the group's choice, so every choice is returned. No step: it stays.
"""
from __future__ import annotations

import functools
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from generator.engine.geometry import NO_SQUARE, Bitboard, Geometry, Square
from generator.engine.state import State
from generator.systems.riddle.state import RiddleState
from generator.systems.riddle.vocab import DocPath, ParseSite, Problem

if TYPE_CHECKING:
    from generator.systems.riddle.context import RiddleContext
    from generator.systems.riddle.model import Riddle

STEP_IGNORES_HEIGHT = True


def grid_distance(width: int, a: Square, b: Square) -> int:
    """Spaces between two squares counted orthogonally or diagonally.

    >>> grid_distance(5, 0, 12)
    2
    """
    (ra, ca), (rb, cb) = divmod(a, width), divmod(b, width)
    return max(abs(ra - rb), abs(ca - cb))


@functools.lru_cache(maxsize=64)
def grid_distances(width: int, size: int) -> tuple[tuple[int, ...], ...]:
    """:func:`grid_distance` between every two squares of a map ``width`` wide.

    >>> grid_distances(3, 9)[0][8] == grid_distance(3, 0, 8) == 2
    True
    """
    return tuple(tuple(grid_distance(width, a, b) for b in range(size)) for a in range(size))


KING_FIELD, SPHINX_FIELD = State._fields.index("king"), State._fields.index("sphinx")
_new_tuple = tuple.__new__  # rebuilds a state without NamedTuple._replace's keyword parsing


@functools.lru_cache(maxsize=1 << 16)
def step_targets(width: int, size: int, here: Square, free: Bitboard,
                 workers: tuple[Square, ...]) -> tuple[Square, ...]:
    """The squares a figure on ``here`` may step to, in square order: among the
    ``free`` move-neighbours (land, no figure, no dome), those closest to a worker
    that is closest to the figure, when strictly closer to it than ``here``.
    A pure function of its arguments, remembered because the same few
    positions repeat across a search.

    >>> step_targets(3, 9, 0, 0b11010, (8,))
    (4,)
    """
    apart = grid_distances(width, size)
    from_here = apart[here]
    placed = [w for w in workers if w != NO_SQUARE]
    if not placed:
        return ()
    near = min(from_here[w] for w in placed)
    candidates = []
    while free:
        low = free & -free
        free ^= low
        candidates.append(low.bit_length() - 1)
    steps: set[Square] = set()
    for target in placed:
        if from_here[target] != near:
            continue
        to_target = apart[target]
        best = min((to_target[sq] for sq in candidates), default=near)
        if best < near:
            steps.update(sq for sq in candidates if to_target[sq] == best)
    return tuple(sorted(steps))


@dataclass(frozen=True, slots=True)
class StepTowardClosestWorkerEffect:
    NAME: ClassVar[str] = "step-toward-closest-worker"
    SCHEMA: ClassVar[dict[str, Any]] = {
        "type": "object",
        "additionalProperties": False,
        "required": ["figure"],
        "properties": {"figure": {"enum": ["king", "sphinx"]}},
    }

    figure: str
    path: DocPath = field(default=(), compare=False)

    @classmethod
    def from_params(cls, params: dict[str, Any], site: ParseSite
                    ) -> tuple[StepTowardClosestWorkerEffect | None, list[Problem]]:
        return cls(params["figure"], site.path), []

    def to_params(self, geometry: Geometry) -> dict[str, Any]:
        return {"figure": self.figure}

    def apply(self, ctx: RiddleContext, state: RiddleState, turn: int
              ) -> tuple[RiddleState, ...]:
        board = state.board
        king = self.figure == "king"
        here = board.king if king else board.sphinx
        if here == NO_SQUARE:
            return (state,)
        geometry = ctx.geometry
        workers = board.workers
        blocked = board.domes
        for sq in workers:
            if sq >= 0:
                blocked |= 1 << sq
        other = board.sphinx if king else board.king
        if other >= 0:
            blocked |= 1 << other
        steps = step_targets(geometry.width, geometry.size, here,
                             geometry.move_neighbours[here] & ~blocked, workers)
        if not steps:
            return (state,)
        at = KING_FIELD if king else SPHINX_FIELD
        return tuple(_new_tuple(RiddleState, (
            _new_tuple(State, (*board[:at], sq, *board[at + 1:])), *state[1:]))
            for sq in steps)

    def iter_problems(self, riddle: Riddle) -> Iterator[Problem]:
        board = riddle.board
        if (board.king if self.figure == "king" else board.sphinx) == NO_SQUARE:
            letter = "K" if self.figure == "king" else "S"
            yield Problem("RS-G024", f"the map sets up no {self.figure.title()} ('{letter}') "
                          "to move", self.path + ("figure",))


EFFECT = StepTowardClosestWorkerEffect
