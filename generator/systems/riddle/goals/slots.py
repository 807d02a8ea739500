"""``slots``: the objective's coin slots are full (``{silver: 2, gold: 1}``).

An objective's ``slots:`` key is shorthand for this goal; written inside a
``goal`` it gives the objective its slots all the same. The goal knows its
objective, since a collected coin goes to the slot of one objective.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from generator.engine.geometry import Geometry
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


GOAL = SlotsGoal
