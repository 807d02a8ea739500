"""The solver's fast bounds against their plain versions (STYLE 12): the same value on
every state a short breadth-first walk of seeded random riddles reaches."""
from __future__ import annotations

import itertools
import random
import re
from collections.abc import Callable, Iterator

import pytest

from generator.systems.riddle.bounds import Bounds, coin_pieces
from generator.systems.riddle.distances import first_build
from generator.systems.riddle.context import compile_riddle
from generator.systems.riddle.game import RiddleGame
from generator.engine.geometry import Square
from generator.engine.state import height_at
from generator.systems.riddle.context import RiddleContext
from generator.systems.riddle.effects.step_toward_closest_worker import grid_distance
from generator.systems.riddle.goals._common import smallest_sum
from generator.systems.riddle.goals.build import BuildGoal, build_bound
from generator.systems.riddle.goals.slots import (
    SLOT_CHOICES_AT_MOST,
    SlotsGoal,
    relaxed_coins,
    slots_bound,
)
from generator.systems.riddle.model import iter_goal_tree
from generator.systems.riddle.state import RiddleState
from generator.systems.riddle.vocab import UNREACHABLE, Goal

from .reference import FUZZ_GODS, compare, random_riddle_text, riddle_of_text


def plain_slots_bound(bounds: Bounds, goal: SlotsGoal, state: RiddleState) -> int:
    """The slots bound written for obviousness: every coin through
    :func:`coin_pieces` and :func:`first_build`, every choice of coins tried."""
    ctx = bounds.ctx
    workers = bounds.movers(state)
    if not workers:
        return UNREACHABLE
    filled = state.slots[goal.objective]
    per_colour = []
    anywhere: list[int] = []
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
            if spec.square in (state.board.king, state.board.sphinx):
                reach = max(reach, 2)  # wait a turn for the figure to step off
            if reach < UNREACHABLE:
                coins.append((builds, reach, need, spec.square))
        if len(coins) < count:
            return UNREACHABLE
        coins.sort()
        if len(coins) > SLOT_CHOICES_AT_MOST:  # the stand-ins stand on no square (-1)
            per_colour.append([tuple((*c, -1) for c in relaxed_coins(
                [c[:3] for c in coins], count))])
            anywhere.extend(c[3] for c in coins)  # their builds are on some of these
        else:
            per_colour.append(list(itertools.combinations(coins, count)))
    if not per_colour:
        return 0
    best = UNREACHABLE
    for choice in itertools.product(*per_colour):
        chosen = [coin for part in choice for coin in part]
        builds = sum(c[0] for c in chosen)
        turns = min(c[1] for c in chosen) - 1 + builds
        if bounds.game.players > 1:  # the builds on their builders' seats' turns
            where = {c[3] for c in chosen if c[3] >= 0} | set(anywhere)
            turns = max(turns, bounds.builds_turn(state, sum(1 << sq for sq in where), builds))
        if not any(c[3] < 0 for c in chosen):
            turns = max(turns, builds + plain_lure_turns(bounds.ctx, state,
                                                         [c[3] for c in chosen]))
            if bounds.game.players == 1:  # the walks between coins far apart
                turns = max(turns, builds + plain_spread(bounds, state, [c[3] for c in chosen]))
        pieces = [sum(c[2][p] for c in chosen) for p in range(4)]
        best = min(best, max(turns, bounds.supply_turn(state, pieces, builds, coins=True)))
    return best


def plain_spread(bounds: Bounds, state: RiddleState, targets: list[Square]) -> int:
    """The one-player walks between build spaces far apart, by enumeration
    (``test_riddle_spread.py``), for the workers on the board."""
    from .test_riddle_spread import plain_spread_waste

    workers = [w for w in state.board.workers if w >= 0]
    return plain_spread_waste(bounds.ctx.geometry, workers, targets)


def plain_lure_turns(ctx: RiddleContext, state: RiddleState, chosen: list[Square]) -> int:
    """:meth:`Bounds.lure_turns` written for obviousness: per figure on a chosen
    space, each worker within grid distance 1 of it (not on a space that may sink)
    walks out of that ring; try 0, 1, 2, ... wasted moves (moves ending beside no
    other chosen space) and take the first count for which some walk gets out."""
    geometry = ctx.geometry
    board = state.board
    sinking = {e.at for e in ctx.effects if e.NAME == "sink"}  # type: ignore[attr-defined]
    rings, counts = [], []
    for s in chosen:
        if s not in (board.king, board.sphinx):
            continue
        ring = {sq for sq in geometry.squares
                if grid_distance(geometry.width, sq, s) == 1 and sq not in sinking}
        others = {sq for c in chosen if c != s for sq in geometry.squares
                  if grid_distance(geometry.width, sq, c) == 1}
        total = 0
        for w in board.workers:
            if w not in ring:
                continue
            for allowed in range(len(geometry.squares) + 1):
                # (square, wasted moves so far), exploring every walk within the ring
                seen = {(w, 0)}
                todo = [(w, 0)]
                out = False
                while todo and not out:
                    at, wasted = todo.pop()
                    for to in geometry.squares:
                        if to == s or not geometry.move_neighbours[at] >> to & 1:
                            continue
                        spent = wasted + (to not in others)
                        if spent > allowed:
                            continue
                        if to not in ring:
                            out = True
                        elif (to, spent) not in seen:
                            seen.add((to, spent))
                            todo.append((to, spent))
                if out:
                    total += allowed
                    break
        if total:  # (a figure no walk holds back counts no move twice)
            rings.append(ring)
            counts.append(total)
    if not counts:
        return 0
    if all(not a & b for a, b in itertools.combinations(rings, 2)):
        return sum(counts)
    return max(counts)


def plain_build_turns(goal: BuildGoal, ctx: RiddleContext, state: RiddleState) -> int:
    """:meth:`BuildGoal.min_turns` for domes and towers, square by square."""
    missing = goal.count - goal.counted(ctx, state)
    if missing <= 0:
        return 0
    board = state.board
    area = goal._area(ctx, state) & ~board.domes
    costs = [4 - height_at(board, sq) for sq in ctx.geometry.squares if area >> sq & 1]
    return max(1, smallest_sum(costs, missing))


def walk(game: RiddleGame, states: int) -> list[RiddleState]:
    """Up to ``states`` states breadth-first from the starts (every successor kept)."""
    seen = list(game.starts())
    i = 0
    while i < len(seen) and len(seen) < states:
        seen += [child for _, child in game.successors(seen[i])]
        i += 1
    return seen[:states]


def iter_cases(seed: int, wanted: Callable[[Goal], bool], riddles: int
               ) -> Iterator[tuple[RiddleContext, RiddleGame, list[Goal], RiddleState]]:
    """(context, game, goals, state) over seeded random riddles with a ``wanted`` goal:
    every state a short walk reaches, for ``riddles`` objectives."""
    rng = random.Random(seed)
    checked = tries = 0
    while checked < riddles and tries < 400:
        tries += 1
        text, players = random_riddle_text(rng)
        riddle = riddle_of_text(text)
        if riddle is None:
            continue
        ctx = compile_riddle(riddle, players)
        for j, objective in enumerate(ctx.objectives):
            goals = [g for g in iter_goal_tree(objective.goal) if wanted(g)]
            if goals:
                game = RiddleGame(ctx, j, gods=FUZZ_GODS)
                for state in walk(game, 150):
                    yield ctx, game, goals, state
                checked += 1
    assert checked >= riddles


@pytest.mark.parametrize("seed", range(12))
def test_slots_bound_equals_its_plain_version(seed: int) -> None:
    for _, game, goals, state in iter_cases(seed * 7919 + 3,
                                            lambda g: isinstance(g, SlotsGoal), 4):
        for goal in goals:
            assert isinstance(goal, SlotsGoal)
            assert slots_bound(game.bounds, goal, state) == \
                plain_slots_bound(game.bounds, goal, state)


@pytest.mark.parametrize("seed", range(8))
def test_build_goal_bound_equals_its_plain_version(seed: int) -> None:
    for ctx, _, goals, state in iter_cases(
            seed * 104729 + 11, lambda g: isinstance(g, BuildGoal) and g.what != "block", 3):
        for goal in goals:
            assert isinstance(goal, BuildGoal)
            assert goal.min_turns(ctx, state) == plain_build_turns(goal, ctx, state)


def test_build_pieces_bound_is_admissible_and_earns_its_place() -> None:
    """The pieces bound for domes and towers against the plain breadth-first
    reference (exact turns left on every state it visits, the same shortest turns,
    verdicts and first moves) on seeded random riddles with such a goal, half of
    them recycling pieces; and it must claim more than the goal's own bound
    somewhere, or it would be dead code."""
    rng = random.Random(142)
    decided = recycling = above = 0
    for _ in range(6000):
        if decided >= 24 and recycling >= 6:
            break
        text, players = random_riddle_text(rng)
        if not re.search(r"what: (dome|tower)", text):
            continue
        recycles = "to: stockpile" in text
        if recycling < 6 and not recycles and decided >= 18:
            continue
        out = compare(text, players)
        assert not out.disagreements, (out.disagreements, text)
        decided += out.decided
        recycling += recycles and out.decided > 0
        riddle = riddle_of_text(text)
        assert riddle is not None
        ctx = compile_riddle(riddle, players)
        for j, objective in enumerate(ctx.objectives):
            game = RiddleGame(ctx, j, gods=FUZZ_GODS)
            for goal in iter_goal_tree(objective.goal):
                if isinstance(goal, BuildGoal):
                    above += sum(1 for state in walk(game, 60)
                                 if build_bound(game.bounds, goal, state)
                                 > goal.min_turns(ctx, state))
    assert decided >= 24 and recycling >= 6 and above > 0


def test_lure_turns_equal_their_plain_version() -> None:
    """The lure count against :func:`plain_lure_turns`, on every state a short walk
    of seeded random riddles reaches where a figure stands on a coin, for every
    pair and triple of coin squares."""
    rng = random.Random(1414)
    compared = above = 0
    for _ in range(3000):
        if compared >= 20:
            break
        text, players = random_riddle_text(rng)
        riddle = riddle_of_text(text)
        if riddle is None:
            continue
        ctx = compile_riddle(riddle, players)
        squares = sorted({c.square for c in ctx.coins})
        board = ctx.start.board
        if not {board.king, board.sphinx} & set(squares):
            continue
        compared += 1
        game = RiddleGame(ctx, 0, gods=FUZZ_GODS)
        for state in walk(game, 40):
            for size in (1, 2, 3):
                for chosen in itertools.combinations(squares, size):
                    fast = game.bounds.lure_turns(state, list(chosen))
                    assert fast == plain_lure_turns(ctx, state, list(chosen)), (text, chosen)
                    above += fast > 0
    assert compared >= 20 and above > 0


def test_lure_bound_is_admissible_on_figures_over_coins() -> None:
    """Admissibility where it bites: seeded random riddles whose King or Sphinx
    starts on a coin (or a build goal's space) and steps toward the closest
    worker, against the breadth-first reference (exact turns left on every state
    it visits, the same shortest turns, verdicts and first moves)."""
    rng = random.Random(1415)
    decided = 0
    for _ in range(20000):
        if decided >= 60:
            break
        text, players = random_riddle_text(rng)
        if "step-toward" not in text:
            continue
        riddle = riddle_of_text(text)
        if riddle is None:
            continue
        ctx = compile_riddle(riddle, players)
        board = ctx.start.board
        if not {board.king, board.sphinx} & {c.square for c in ctx.coins}:
            continue
        out = compare(text, players)
        assert not out.disagreements, (out.disagreements, text)
        decided += out.decided
    assert decided >= 60
