"""The one-player walks between builds far apart (``spread.py``): against a plain
search of the workers' walks, against the breadth-first reference on riddles where it
binds, and made one turn too strong it fails."""
from __future__ import annotations

import heapq
import itertools
import random
from collections.abc import Sequence

import pytest

from generator.engine.geometry import Geometry, Square
from generator.systems.riddle import spread
from generator.systems.riddle.context import compile_riddle
from generator.systems.riddle.game import RiddleGame
from generator.systems.riddle.spread import SPREAD_AT_MOST, off_walks, spread_waste
from generator.systems.riddle.vocab import UNREACHABLE

from .reference import compare, random_riddle_text, reference_solve, riddle_of_text
from .test_riddle_solver_bounds import walk


def plain_waste(geometry: Geometry, workers: Sequence[Square], targets: Sequence[Square]
                ) -> int:
    """The fewest squares off the targets' neighbourhoods the workers enter, moving one
    at a time over land and bridges, until each target has had a worker next to it:
    Dijkstra over (every worker's square, targets seen)."""
    areas = [geometry.build_neighbours[t] for t in targets]
    useful = 0
    for area in areas:
        useful |= area

    def seen(squares: Sequence[Square], already: int) -> int:
        for i, area in enumerate(areas):
            if any(area >> sq & 1 for sq in squares):
                already |= 1 << i
        return already

    everything = (1 << len(targets)) - 1
    start = (tuple(workers), seen(workers, 0))
    best = {start: 0}
    heap = [(0, start)]
    while heap:
        cost, (squares, done) = heapq.heappop(heap)
        if done == everything:
            return cost
        if best[(squares, done)] < cost:
            continue
        for i, sq in enumerate(squares):
            nb = geometry.move_neighbours[sq]
            for n in range(geometry.size):
                if nb >> n & 1:
                    moved = squares[:i] + (n,) + squares[i + 1:]
                    state = (moved, seen([n], done))
                    step = cost + (0 if useful >> n & 1 else 1)
                    if step < best.get(state, UNREACHABLE):
                        best[state] = step
                        heapq.heappush(heap, (step, state))
    return UNREACHABLE


def plain_spread_waste(geometry: Geometry, workers: Sequence[Square],
                       targets: Sequence[Square]) -> int:
    """:func:`spread_waste` by enumeration: every way to give each target one of the
    workers, every order of each worker's targets, each leg a fresh 0-1 walk."""
    if not 2 <= len(targets) <= SPREAD_AT_MOST:
        return 0
    areas = [geometry.build_neighbours[t] for t in targets]
    useful = 0
    for area in areas:
        useful |= area

    rows: dict[int, list[int]] = {}  # each walk once per call

    def leg(sources: int, area: int) -> int:
        if sources not in rows:
            rows[sources] = off_walks(geometry, sources, useful)
        row = rows[sources]
        return min([row[sq] for sq in geometry.squares if area >> sq & 1] + [UNREACHABLE])

    best = UNREACHABLE
    for owners in itertools.product(range(len(workers)), repeat=len(targets)):
        total = 0
        for k, w in enumerate(workers):
            mine = [i for i, o in enumerate(owners) if o == k]
            if mine:
                total += min(leg(1 << w, areas[order[0]]) + sum(
                    leg(areas[a], areas[b]) for a, b in itertools.pairwise(order))
                    for order in itertools.permutations(mine))
        best = min(best, total)
    return best if best < UNREACHABLE else UNREACHABLE


@pytest.mark.parametrize("seed", range(3))
def test_spread_waste_never_exceeds_the_plain_search(seed: int) -> None:
    """On the maps of seeded random riddles (sea, bridges), 1-3 workers, 2-3 targets:
    the same as by enumeration, never above the plain search (admissible), equal to it almost always (the rings
    round a target are connected but where sea cuts them), and often above 0."""
    rng = random.Random(seed * 31 + 7)
    compared = equal = positive = 0
    while compared < 200:
        text, _ = random_riddle_text(rng, 1)
        riddle = riddle_of_text(text)
        if riddle is None:
            continue
        geometry = riddle.board.geometry
        land = list(geometry.squares)
        if len(land) < 9:
            continue
        workers = rng.sample(land, rng.randint(1, min(3, len(land) - 2)))
        targets = rng.sample(land, rng.randint(2, SPREAD_AT_MOST))
        fast = spread_waste(geometry, workers, targets)
        assert fast == plain_spread_waste(geometry, workers, targets), (text, workers, targets)
        slow = plain_waste(geometry, workers, targets)
        assert fast <= slow, (text, workers, targets)
        compared += 1
        equal += fast == slow
        positive += 0 < fast < UNREACHABLE
    assert equal >= 0.9 * compared and positive >= 10


FAR_DOMES = """kind: riddle
id: far-domes
number: 1
title: Far Domes
island: x
map:
  grid: |
    3 . . W . . 3
stockpile: {level1: 6, level2: 0, level3: 0, dome: 2}
objectives:
  - tier: silver
    goal: {build: {what: dome, count: 2, region: [A1, G1]}}
  - tier: gold
    slots: {silver: 2}
coins:
  - {at: A1, colour: silver, levels: [4]}
  - {at: G1, colour: silver, levels: [4]}
"""
"""Two domes (or two coins on them) at both ends of a row, one worker between: two
builds and four turns walking (one to reach B1, three from B1 to F1)."""


@pytest.mark.parametrize("tier", [0, 1])
def test_spread_binds_and_made_one_too_strong_fails(tier: int,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """The build goal's and the slots goal's estimate at the start is the six turns the
    reference finds, where the walk to the first build alone says three; one more turn
    of walking is caught by the reference comparison."""
    riddle = riddle_of_text(FAR_DOMES)
    assert riddle is not None
    game = RiddleGame(compile_riddle(riddle, 1), tier)
    [start] = game.starts()
    assert spread_waste(riddle.board.geometry, [3], [0, 6]) == 4
    assert game.estimate(start) == 6 == reference_solve(game).turns
    assert not compare(FAR_DOMES, 1).disagreements
    honest = spread.spread_waste
    monkeypatch.setattr(spread, "spread_waste",
                        lambda *args: (lambda w: w + 1 if w < UNREACHABLE else w)(honest(*args)))
    assert compare(FAR_DOMES, 1).disagreements


def test_spread_raises_estimates_on_random_riddles(monkeypatch: pytest.MonkeyPatch) -> None:
    """Over seeded random one-player riddles, the bound with the spread is at least the
    bound without (it only adds a claim) and above it on some states."""
    rng = random.Random(77)
    states = above = 0
    for _ in range(300):
        if states >= 2000 and above:
            break
        text, _ = random_riddle_text(rng, 1)
        riddle = riddle_of_text(text)
        if riddle is None:
            continue
        ctx = compile_riddle(riddle, 1)
        for j in range(len(ctx.objectives)):
            game = RiddleGame(ctx, j)
            visited = walk(game, 25)
            with monkeypatch.context() as patch:
                patch.setattr(spread, "spread_waste", lambda *args: 0)
                without = [RiddleGame(ctx, j).estimate(state) for state in visited]
            for state, plain in zip(visited, without):
                value = game.estimate(state)
                assert value >= plain, text
                above += value > plain
                states += 1
    assert states >= 2000 and above


@pytest.mark.parametrize("seed", range(2))
def test_goal_bounds_with_the_spread_equal_their_plain_versions(seed: int) -> None:
    """Where the spread binds (:data:`FAR_DOMES`, every state a walk reaches and its
    variants: workers moved, blocks added, coins collected): the build and the slots
    bounds equal their plain versions, which add the spread by enumeration."""
    from generator.systems.riddle.goals.build import BuildGoal, build_bound
    from generator.systems.riddle.goals.slots import SlotsGoal, slots_bound

    from .test_riddle_solver_bounds import plain_slots_bound
    from .test_riddle_solver_fast_paths import plain_build_bound, variants

    riddle = riddle_of_text(FAR_DOMES)
    assert riddle is not None
    ctx = compile_riddle(riddle, 1)
    rng = random.Random(seed)
    bound = 0
    for tier in (0, 1):
        game = RiddleGame(ctx, tier)
        goal = game.goal
        for start in walk(game, 150):
            for state in variants(ctx, start, rng):
                if isinstance(goal, BuildGoal):
                    fast = build_bound(game.bounds, goal, state)
                    assert fast == plain_build_bound(game.bounds, goal, state)
                else:
                    assert isinstance(goal, SlotsGoal)
                    fast = slots_bound(game.bounds, goal, state)
                    assert fast == plain_slots_bound(game.bounds, goal, state)
                workers = [w for w in state.board.workers if w >= 0]
                bound += spread_waste(ctx.geometry, workers, [0, 6]) > 0
    assert bound >= 100
