"""``blessings``: at least N blessing tokens collected."""
from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from generator.engine.geometry import NO_SQUARE, Geometry
from generator.engine.state import height_at
from generator.systems.riddle.bounds import Bounds
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


def blessings_bound(bounds: Bounds, goal: BlessingsGoal, state: RiddleState) -> int:
    """Turns before N more blessing tokens are collected.

    A token is collected by a worker ending a turn on it, and only the worker
    moved that turn stands somewhere new, so each token no worker stands on
    yet takes a turn of its own (those under workers now may all be
    collected at the end of the next turn); its worker walks to it (and climbs to its level) from its start or
    from the token it collected before, one step a turn.
    """
    missing = goal.count - state.blessings
    if missing <= 0:
        return 0
    ctx = bounds.ctx
    board = state.board
    tokens = [sq for sq in ctx.geometry.squares if state.tokens >> sq & 1]
    movers = bounds.movers(state)
    workers = [w for w, _ in movers]
    if len(tokens) < missing or not workers:
        return UNREACHABLE
    distance = ctx.distance
    closed = (board.domes & ~ctx.removable) | state.sunk
    move_nb = ctx.geometry.move_neighbours
    alone: list[int] = []  # per token: turns to collect it, alone
    reach: list[int] = []  # per token: steps from the nearest worker
    for t in tokens:
        h_t = height_at(board, t)
        walk = min(distance[w][t] for w in workers)
        climb = UNREACHABLE
        for w, table in movers:
            moves = max(distance[w][t], h_t - height_at(board, w))
            if moves < UNREACHABLE:
                at = table[moves] if moves < len(table) else table[-1] + moves
                climb = min(climb, at)
        stair = 1
        if h_t >= 1:
            stair = UNREACHABLE
            nb = move_nb[t] & ~closed
            while nb:
                low = nb & -nb
                nb ^= low
                short = h_t - 1 - height_at(board, low.bit_length() - 1)
                stair = min(stair, 1 + (short if short > 0 else 0))
        if walk == 0:
            stair = 1  # set up on it: collected at the end of the first turn
        alone.append(max(1, climb, stair if walk else 1))
        reach.append(walk)
    best = UNREACHABLE
    for chosen in itertools.combinations(range(len(tokens)), missing):
        worst = max(alone[i] for i in chosen)
        if worst >= best:
            continue
        steps = 0
        for i in chosen:
            via = min((distance[tokens[k]][tokens[i]] for k in chosen if k != i),
                      default=UNREACHABLE)
            steps += min(reach[i], via)
        # Tokens under workers at the start are collected together at the end
        # of the first turn; each other token needs the turn its worker arrives.
        arrivals = sum(1 for i in chosen if reach[i] > 0)
        turns = max(1, arrivals, worst, steps)
        if turns < best:
            best = turns
    return best


GOAL = BlessingsGoal
