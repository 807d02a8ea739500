"""``slots``: the objective's coin slots are full (``{silver: 2, gold: 1}``).

An objective's ``slots:`` key is shorthand for this goal; written inside a
``goal`` it gives the objective its slots all the same. The goal knows its
objective, since a collected coin goes to the slot of one objective.
"""
from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from generator.engine.geometry import NO_SQUARE, Geometry
from generator.systems.riddle.bounds import PIECES_UP, Bounds
from generator.systems.riddle.distances import figure_squares, first_build
from generator.systems.riddle.goals._common import coin_cost, smallest_sum
from generator.systems.riddle.schedule import IDENTITY_TURNS
from generator.systems.riddle.spread import spread_turns
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


NO_PIECES = (0, 0, 0, 0)


SLOT_CHOICES_AT_MOST = 6
"""Coins of one colour beyond which the slots bound stops trying every choice (it
then weighs :func:`relaxed_coins` instead)."""


def relaxed_coins(coins: Sequence[tuple[int, int, tuple[int, ...]]], count: int
                  ) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """``count`` stand-in coins (builds, first build turn, pieces) that no choice of
    ``count`` real coins beats: the i-th takes the i-th fewest builds, the i-th
    fewest pieces of each kind, and every one the earliest first build of all.

    Any ``count`` real coins need at least the sum of the ``count`` smallest
    builds (and pieces of each kind), and start no earlier than the earliest
    coin, so the bound built from these stays admissible however many coins
    there are (issue 14: taking the cheapest builds alone was not).

    >>> relaxed_coins([(1, 5, (1, 0, 0, 0)), (3, 1, (1, 1, 1, 0)), (1, 5, (0, 1, 0, 0))], 2)
    ((1, 1, (0, 0, 0, 0)), (1, 1, (1, 1, 0, 0)))
    """
    builds = sorted(c[0] for c in coins)[:count]
    first = min(c[1] for c in coins)
    pieces = [sorted(c[2][p] for c in coins)[:count] for p in range(4)]
    return tuple((builds[i], first, tuple(pieces[p][i] for p in range(4)))
                 for i in range(count))


def slots_bound(bounds: Bounds, goal: SlotsGoal, state: RiddleState) -> int:
    """Walking and pieces for the cheapest coins that fill the missing slots.

    Per coin: the fewest builds on its space before it is collected and the
    pieces they take (as :func:`~generator.systems.riddle.bounds.coin_pieces`
    says), and the turn of the first build a worker can walk to; then the
    cheapest choice of coins for the missing slots, no earlier than the
    pieces can be there; with 2-4 players, no earlier than the builds' workers
    can walk there on their own seats' turns (:meth:`~generator.systems.riddle.bounds.Bounds.builds_turn`).
    Nothing is built under the King or the Sphinx, who
    move only at the end of a turn: a coin under one waits for turn 2, and for
    the turns luring the figure off (:meth:`~generator.systems.riddle.bounds.Bounds.lure_turns`,
    turns with no build on the chosen coins). With one player, no earlier than the
    walks between coins far apart allow (:mod:`~generator.systems.riddle.spread`). The hot path of the solver's estimate, so written
    with plain ints (``tests/systems/riddle/test_riddle_solver_bounds.py``
    pins it to the plain version).
    """
    workers = bounds.movers(state)
    if not workers:
        return UNREACHABLE
    near = bounds.near
    filled = state.slots[goal.objective]
    collected = state.collected
    board = state.board
    l1, l2, l3 = board.l1, board.l2, board.l3
    closed = board.domes | state.sunk  # sunk spaces carry the dome bit as well
    removable = bounds.ctx.removable & ~state.sunk
    single = bounds.game.players == 1
    pinned = figure_squares(board)
    per_colour: list[list[tuple[tuple[int, int, tuple[int, ...], int], ...]]] = []
    anywhere = 0
    for colour, count in ((0, goal.silver - filled[0]), (1, goal.gold - filled[1])):
        if count <= 0:
            continue
        coins = []
        for i, sq, levels in bounds.coins_by_colour[colour]:
            if collected >> i & 1:
                continue
            bit = 1 << sq
            need: tuple[int, ...]
            if removable & bit:
                builds, need = 1, NO_PIECES
            elif closed & bit:
                continue
            else:
                height = (l1 >> sq & 1) + (l2 >> sq & 1) + (l3 >> sq & 1)
                above = levels >> (height + 1)
                if not above:
                    continue
                builds = (above & -above).bit_length()
                need = PIECES_UP[height][builds]
            if single:
                reach = UNREACHABLE
                for w, _ in workers:
                    steps = near[w][sq]
                    if steps < reach:
                        reach = steps
                if reach < 1:
                    reach = 1
                elif reach >= len(IDENTITY_TURNS) and reach < UNREACHABLE:
                    reach = first_build(workers, near, sq)  # past the turn table
            else:
                reach = first_build(workers, near, sq)
            if pinned & bit and reach < 2:
                reach = 2  # the King or the Sphinx stands there until an effect moves it
            if reach < UNREACHABLE:
                coins.append((builds, reach, need, sq))
        if len(coins) < count:
            return UNREACHABLE
        coins.sort()
        if len(coins) > SLOT_CHOICES_AT_MOST:
            relaxed = relaxed_coins([c[:3] for c in coins], count)
            per_colour.append([tuple((*c, NO_SQUARE) for c in relaxed)])
            for c in coins:  # the stand-ins' builds are on some of these spaces
                anywhere |= 1 << c[3]
            continue
        per_colour.append(list(itertools.combinations(coins, count)))
    if not per_colour:
        return 0
    best = UNREACHABLE
    for choice in itertools.product(*per_colour):
        builds = 0
        first = UNREACHABLE
        n0 = n1 = n2 = n3 = 0
        squares = []
        for part in choice:
            for b, reach, need, sq in part:
                squares.append(sq)
                builds += b
                if reach < first:
                    first = reach  # the turn of the first build on them
                n0 += need[0]
                n1 += need[1]
                n2 += need[2]
                n3 += need[3]
        turns = first - 1 + builds
        if not single:  # the builds on the coins' spaces, on the builders' seats' turns
            where = anywhere
            for sq in squares:
                if sq != NO_SQUARE:
                    where |= 1 << sq
            late = bounds.builds_turn(state, where, builds)
            if late > turns:
                turns = late
        if pinned and NO_SQUARE not in squares:
            turns = max(turns, builds + bounds.lure_turns(state, squares))
        if turns >= best:
            continue
        if single and len(squares) >= 2 and NO_SQUARE not in squares:
            # One player: the walks between coins far apart (.spread).
            turns = max(turns, builds + spread_turns(bounds, board.workers, squares))
            if turns >= best:
                continue
        turns = max(turns, bounds.supply_turn(state, (n0, n1, n2, n3), builds, coins=True))
        if turns < best:
            best = turns
    return best


GOAL = SlotsGoal
