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
from generator.systems.riddle.bounds import Bounds
from generator.systems.riddle.distances import first_build
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
        # Pan (riddle gods): a worker that leapt down counts as on level 3 this turn.
        pan = getattr(state.extra, "pan_square", NO_SQUARE) if self.figure in (
            "worker", "any") else NO_SQUARE
        for sq in self._squares(state):
            if sq != NO_SQUARE and (self.at == NO_SQUARE or sq == self.at) \
                    and (height_at(board, sq) >= self.level or (sq == pan and self.level <= 3)):
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


def stand_bound(bounds: Bounds, goal: StandGoal, state: RiddleState) -> int:
    """Turns before a worker stands on level N (on a space, or anywhere).

    Nothing is built under a worker, so the worker steps onto its space ``t``
    once ``t`` is high enough, from a neighbour ``s`` at least one level
    lower: every build still missing on ``t`` and on ``s`` comes in an
    earlier turn, one a turn. The builds on ``t`` also wait for a worker to
    walk next to it (with 2-4 players, on the seats' turns:
    :meth:`~generator.systems.riddle.bounds.Bounds.builds_turn`), and for their pieces.
    """
    ctx = bounds.ctx
    board = state.board
    workers = bounds.movers(state)
    if not workers:
        return UNREACHABLE
    geometry = ctx.geometry
    distance = ctx.distance
    level = goal.level
    closed = (board.domes & ~ctx.removable) | state.sunk  # never stood on again
    targets = (goal.at,) if goal.at != NO_SQUARE else geometry.squares
    move_nb = geometry.move_neighbours
    near = bounds.near
    pieces = goal.at != NO_SQUARE  # anywhere: too many pairs to weigh pieces
    several = bounds.game.players > 1
    best = UNREACHABLE
    for t in targets:
        if closed >> t & 1:
            continue
        h_t = height_at(board, t)
        need_t = level - h_t if level > h_t else 0
        if need_t + 1 >= best:
            continue
        walk = 0
        if need_t:
            walk = first_build(workers, near, t)
            if walk >= UNREACHABLE:
                continue
            walk += need_t  # the last build, then a turn to step on
            if several:  # the builds come on their builders' seats' turns
                walk = max(walk, bounds.builds_turn(state, 1 << t, need_t) + 1)
        # The worker who stands there walks and climbs on its own turns.
        climber = UNREACHABLE
        for w, table in workers:
            moves = max(level - height_at(board, w), distance[w][t])
            if w == t:
                moves = 2  # off the space to let it be built, and back
            if moves < UNREACHABLE:
                at = table[moves] if moves < len(table) else table[-1] + moves
                if at < climber:
                    climber = at
        if climber >= UNREACHABLE:
            continue
        walk = max(walk, climber)
        nb = move_nb[t] & ~closed
        while nb:
            low = nb & -nb
            nb ^= low
            h_s = height_at(board, low.bit_length() - 1)
            need_s = level - 1 - h_s if level - 1 > h_s else 0
            builds = need_t + need_s
            turns = max(builds + 1, walk)
            if turns >= best:
                continue
            if pieces and builds:
                need = [0, 0, 0, 0]
                for p in range(h_t, h_t + need_t):
                    need[p] += 1
                for p in range(h_s, h_s + need_s):
                    need[p] += 1
                supply = bounds.supply_turn(state, need, builds)
                if supply:
                    turns = max(turns, supply + 1)
            if turns < best:
                best = turns
    return best


def stand_figure_bound(bounds: Bounds, goal: StandGoal, state: RiddleState, figure: str) -> int:
    """Turns before the King or the Sphinx stands on level N (on a space, or anywhere).

    Only an end-of-turn effect moves them, one step a turn, after the turn's
    objectives are judged; nothing is built under them. So the figure reaches
    its space ``t`` at the end of a turn no earlier than its distance to
    ``t``, after the last build there, and is seen there a turn later; its
    first step waits for the workers next to it to walk away
    (:meth:`~generator.systems.riddle.bounds.Bounds.figure_free_turn`).
    """
    board = state.board
    here = board.king if figure == "king" else board.sphinx
    if here == NO_SQUARE:
        return UNREACHABLE
    ctx = bounds.ctx
    moves = figure in bounds.moving_figures
    level = goal.level
    closed = (board.domes & ~ctx.removable) | state.sunk
    targets = (goal.at,) if goal.at != NO_SQUARE else ctx.geometry.squares
    workers = bounds.movers(state)
    distance = bounds.figure_distance[here] if moves else ()
    best = UNREACHABLE
    free = -1  # the turn of its first step, found when first needed
    for t in targets:
        if closed >> t & 1:
            continue
        need = level - height_at(board, t)
        if need < 0:
            need = 0
        if t == here:
            if not need:
                return 1  # there already: judged at the end of the next turn
            if not moves:
                continue
            arrive = need + 1  # it leaves first: builds only from the next turn
            steps = 2  # off and back
        elif not moves or distance[t] >= UNREACHABLE:
            continue
        else:
            arrive = max(distance[t], need)
            steps = distance[t]
        if free < 0:
            free = bounds.figure_free_turn(state, here)
        if free > 1:  # its first step ends that turn, then one step a turn
            arrive = max(arrive, free + steps - 1)
        if need:
            walk = first_build(workers, bounds.near, t)
            if walk >= UNREACHABLE:
                continue
            arrive = max(arrive, walk - 1 + need)
        if arrive + 1 < best:
            best = arrive + 1
    return best


GOAL = StandGoal
