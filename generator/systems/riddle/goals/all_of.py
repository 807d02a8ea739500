"""``all_of``: every listed goal holds at the end of the same turn."""
from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from generator.engine.geometry import NO_SQUARE, Bitboard, Geometry
from generator.engine.state import height_at
from generator.systems.riddle.bounds import Bounds
from generator.systems.riddle.goals.slots import SlotsGoal
from generator.systems.riddle.goals.stand import StandGoal
from generator.systems.riddle.state import RiddleState
from generator.systems.riddle.vocab import UNREACHABLE, DocPath, Goal, ParseSite, Problem

if TYPE_CHECKING:
    from generator.systems.riddle.context import RiddleContext
    from generator.systems.riddle.model import Riddle

GOAL_LIST: dict[str, Any] = {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/goal"}}


def parse_children(params: list[Any], site: ParseSite) -> tuple[tuple[Goal, ...] | None,
                                                                  list[Problem]]:
    """The goals of an ``all_of``/``any_of`` list (None if any of them is unreadable)."""
    assert site.parse_goal is not None
    goals: list[Goal] = []
    problems: list[Problem] = []
    for i, item in enumerate(params):
        goal, found = site.parse_goal(item, site.at(i))
        problems.extend(found)
        if goal is not None:
            goals.append(goal)
    return (tuple(goals) if len(goals) == len(params) else None), problems


@dataclass(frozen=True, slots=True)
class AllOfGoal:
    NAME: ClassVar[str] = "all_of"
    CHANCE: ClassVar[bool] = False
    SCHEMA: ClassVar[dict[str, Any]] = GOAL_LIST

    goals: tuple[Goal, ...]
    path: DocPath = field(default=(), compare=False)

    @classmethod
    def from_params(cls, params: list[Any], site: ParseSite
                    ) -> tuple[AllOfGoal | None, list[Problem]]:
        goals, problems = parse_children(params, site)
        return (cls(goals, site.path) if goals is not None else None), problems

    def to_params(self, geometry: Geometry) -> list[Any]:
        return [{g.NAME: g.to_params(geometry)} for g in self.goals]

    def deadline(self) -> int | None:
        found = [d for d in (g.deadline() for g in self.goals) if d is not None]
        return min(found) if found else None

    def is_met(self, ctx: RiddleContext, state: RiddleState) -> bool:
        for g in self.goals:
            if not g.is_met(ctx, state):
                return False
        return True

    def min_turns(self, ctx: RiddleContext, state: RiddleState) -> int:
        if self.is_met(ctx, state):
            return 0
        need = max(1, max(g.min_turns(ctx, state) for g in self.goals))
        last = self.deadline()
        if need >= UNREACHABLE or (last is not None and state.turn + need > last):
            return UNREACHABLE
        return need

    def iter_problems(self, riddle: Riddle) -> Iterator[Problem]:
        for g in self.goals:
            yield from g.iter_problems(riddle)


def demand(bounds: Bounds, goal: Goal, state: RiddleState) -> tuple[Bitboard, int]:
    """Spaces some of a goal's remaining builds must be on, and how many (0 when
    it is not known where): the coin spaces of a slots goal, a stand's space."""
    if isinstance(goal, SlotsGoal):
        filled = state.slots[goal.objective]
        board = state.board
        l1, l2, l3 = board.l1, board.l2, board.l3
        collected = state.collected
        removable = bounds.ctx.removable & ~state.sunk
        closed = board.domes | state.sunk  # sunk spaces carry the dome bit as well
        where = total = 0
        for colour, count in enumerate((goal.silver - filled[0], goal.gold - filled[1])):
            if count <= 0:
                continue
            costs = []
            for i, sq, levels in bounds.coins_by_colour[colour]:
                if collected >> i & 1:
                    continue
                bit = 1 << sq
                if removable & bit:
                    cost = 1  # as coin_pieces: an effect may lower the space
                elif closed & bit:
                    continue
                else:
                    above = levels >> ((l1 >> sq & 1) + (l2 >> sq & 1) + (l3 >> sq & 1) + 1)
                    if not above:
                        continue
                    cost = (above & -above).bit_length()
                costs.append(cost)
                where |= bit
            total += sum(sorted(costs)[:count])
        return where, total
    if isinstance(goal, StandGoal) and goal.at != NO_SQUARE and goal.figure != "any":
        if state.board.domes >> goal.at & 1:
            return 0, 0
        need = goal.level - height_at(state.board, goal.at)
        return 1 << goal.at, need if need > 0 else 0
    return 0, 0

def disjoint_builds(bounds: Bounds, goals: Sequence[Goal], state: RiddleState) -> int:
    """The most builds that goals held together need on pairwise disjoint spaces
    (with 2-4 players, the turn of the last of them, each on its builder's seat's
    turn: :meth:`~generator.systems.riddle.bounds.Bounds.builds_turn`)."""
    demands = [d for d in (demand(bounds, g, state) for g in goals) if d[1] > 0]
    if len(demands) < 2:
        return 0
    several = bounds.game.players > 1
    best = 0
    for size in range(2, len(demands) + 1):
        for chosen in itertools.combinations(demands, size):
            union = 0
            total = 0
            for where, builds in chosen:
                if union & where:
                    break
                union |= where
                total += builds
            else:
                if several:
                    total = max(total, bounds.builds_turn(state, union, total))
                best = max(best, total)
    return best


GOAL = AllOfGoal
