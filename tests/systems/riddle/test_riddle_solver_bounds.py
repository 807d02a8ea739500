"""The solver's fast bounds against their plain versions (STYLE 12): the same value on
every state a short breadth-first walk of seeded random riddles reaches."""
from __future__ import annotations

import itertools
import random

import pytest

from generator.systems.riddle.bounds import (
    SLOT_CHOICES_AT_MOST,
    Bounds,
    coin_pieces,
    first_build,
    relaxed_coins,
)
from generator.systems.riddle.context import compile_riddle
from generator.systems.riddle.game import RiddleGame
from generator.systems.riddle.goals.slots import SlotsGoal, slots_bound
from generator.systems.riddle.model import iter_goal_tree
from generator.systems.riddle.state import RiddleState
from generator.systems.riddle.vocab import UNREACHABLE

from .reference import FUZZ_GODS, random_riddle_text, riddle_of_text


def plain_slots_bound(bounds: Bounds, goal: SlotsGoal, state: RiddleState) -> int:
    """The slots bound written for obviousness: every coin through
    :func:`coin_pieces` and :func:`first_build`, every choice of coins tried."""
    ctx = bounds.ctx
    workers = bounds.movers(state)
    if not workers:
        return UNREACHABLE
    filled = state.slots[goal.objective]
    per_colour = []
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
            reach = first_build(workers, bounds.near, spec.square)
            if reach < UNREACHABLE:
                coins.append((builds, reach, need))
        if len(coins) < count:
            return UNREACHABLE
        coins.sort()
        if len(coins) > SLOT_CHOICES_AT_MOST:
            per_colour.append([relaxed_coins(coins, count)])
        else:
            per_colour.append(list(itertools.combinations(coins, count)))
    if not per_colour:
        return 0
    best = UNREACHABLE
    for choice in itertools.product(*per_colour):
        chosen = [coin for part in choice for coin in part]
        builds = sum(c[0] for c in chosen)
        turns = min(c[1] for c in chosen) - 1 + builds
        pieces = [sum(c[2][p] for c in chosen) for p in range(4)]
        best = min(best, max(turns, bounds.supply_turn(state, pieces, builds, coins=True)))
    return best


def walk(game: RiddleGame, states: int) -> list[RiddleState]:
    """Up to ``states`` states breadth-first from the starts (every successor kept)."""
    seen = list(game.starts())
    i = 0
    while i < len(seen) and len(seen) < states:
        seen += [child for _, child in game.successors(seen[i])]
        i += 1
    return seen[:states]


@pytest.mark.parametrize("seed", range(12))
def test_slots_bound_equals_its_plain_version(seed: int) -> None:
    rng = random.Random(seed * 7919 + 3)
    checked = 0
    while checked < 4:
        text, players = random_riddle_text(rng)
        riddle = riddle_of_text(text)
        if riddle is None:
            continue
        ctx = compile_riddle(riddle, players)
        for j, objective in enumerate(ctx.objectives):
            goals = [g for g in iter_goal_tree(objective.goal) if isinstance(g, SlotsGoal)]
            if not goals:
                continue
            game = RiddleGame(ctx, j, gods=FUZZ_GODS)
            for state in walk(game, 150):
                for goal in goals:
                    assert slots_bound(game.bounds, goal, state) == \
                        plain_slots_bound(game.bounds, goal, state), text
            checked += 1
