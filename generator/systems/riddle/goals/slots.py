"""``slots``: the objective's coin slots are full (``{silver: 2, gold: 1}``).

An objective's ``slots:`` key is shorthand for this goal; written inside a
``goal`` it gives the objective its slots all the same. The goal knows its
objective, since a collected coin goes to the slot of one objective.
"""
from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from generator.engine.geometry import Geometry
from generator.systems.riddle.bounds import (
    SLOT_CHOICES_AT_MOST,
    Bounds,
    coin_pieces,
    first_build,
    relaxed_coins,
)
from generator.systems.riddle.goals._common import coin_cost, smallest_sum
from generator.systems.riddle.state import COLOURS, RiddleState
from generator.systems.riddle.vocab import UNREACHABLE, DocPath, ParseSite, Problem

if TYPE_CHECKING:
    from generator.systems.riddle.context import RiddleContext
    from generator.systems.riddle.model import Riddle


@dataclass(frozen=True, slots=True)
class SlotsGoal:
    NAME: ClassVar[str] = "slots"
    CHANCE: ClassVar[bool] = False
    SCHEMA: ClassVar[dict[str, Any]] = {
        "type": "object",
        "additionalProperties": False,
        "minProperties": 1,
        "properties": {
            "silver": {"type": "integer", "minimum": 0, "maximum": 10},
            "gold": {"type": "integer", "minimum": 0, "maximum": 10},
        },
    }

    silver: int
    gold: int
    objective: int
    path: DocPath = field(default=(), compare=False)

    @classmethod
    def from_params(cls, params: dict[str, Any], site: ParseSite
                    ) -> tuple[SlotsGoal | None, list[Problem]]:
        silver, gold = params.get("silver", 0), params.get("gold", 0)
        if silver + gold == 0:
            return None, [Problem("RS-G024", "an objective with no slot to fill is achieved by "
                                  "doing nothing", site.path, "give it silver or gold slots")]
        return cls(silver, gold, site.objective, site.path), []

    @property
    def counts(self) -> tuple[int, int]:
        return (self.silver, self.gold)

    def to_params(self, geometry: Geometry) -> dict[str, Any]:
        return {name: n for name, n in zip(COLOURS, self.counts) if n}

    def deadline(self) -> int | None:
        return None

    def is_met(self, ctx: RiddleContext, state: RiddleState) -> bool:
        silver, gold = state.slots[self.objective]
        return silver >= self.silver and gold >= self.gold

    def min_turns(self, ctx: RiddleContext, state: RiddleState) -> int:
        filled = state.slots[self.objective]
        missing = (self.silver - filled[0], self.gold - filled[1])
        if max(missing) <= 0:
            return 0
        # Each missing slot needs its own coin, and each coin its own builds (one
        # build per turn, on that coin's space).
        total = 0
        for colour, count in enumerate(missing):
            if count <= 0:
                continue
            costs = [coin_cost(ctx, state, i) for i, spec in enumerate(ctx.coins)
                     if spec.colour == colour and not state.collected >> i & 1]
            cost = smallest_sum(costs, count)
            if cost >= UNREACHABLE:
                return UNREACHABLE
            total += cost
        return max(1, total) if ctx.plain_turns else 1

    def iter_problems(self, riddle: Riddle) -> Iterator[Problem]:
        return iter(())  # slots against coins: see checks.iter_slot_problems (RS-G013)


def slots_bound(bounds: Bounds, goal: SlotsGoal, state: RiddleState) -> int:
    """Walking and pieces for the cheapest coins that fill the missing slots."""
    ctx = bounds.ctx
    workers = bounds.movers(state)
    if not workers:
        return UNREACHABLE
    near = bounds.near
    filled = state.slots[goal.objective]
    per_colour: list[list[tuple[tuple[int, int, tuple[int, ...]], ...]]] = []
    for colour, count in enumerate((goal.silver - filled[0], goal.gold - filled[1])):
        if count <= 0:
            continue
        coins = []
        for i, spec in enumerate(ctx.coins):
            if spec.colour != colour or state.collected >> i & 1:
                continue
            builds, need = coin_pieces(ctx, state, i)
            if builds >= UNREACHABLE:
                continue
            reach = first_build(workers, near, spec.square)
            if reach < UNREACHABLE:
                coins.append((builds, reach, need))
        if len(coins) < count:
            return UNREACHABLE
        coins.sort()
        if len(coins) > SLOT_CHOICES_AT_MOST:
            per_colour.append([relaxed_coins(coins, count)])
            continue
        per_colour.append(list(itertools.combinations(coins, count)))
    if not per_colour:
        return 0
    best = UNREACHABLE
    for choice in itertools.product(*per_colour):
        chosen = [coin for part in choice for coin in part]
        builds = sum(c[0] for c in chosen)
        first = min(c[1] for c in chosen)  # the turn of the first build on them
        turns = first - 1 + builds
        if turns >= best:
            continue
        pieces = [sum(c[2][p] for c in chosen) for p in range(4)]
        turns = max(turns, bounds.supply_turn(state, pieces, builds, coins=True))
        if turns < best:
            best = turns
    return best


GOAL = SlotsGoal
