"""Counting optimal first moves fast (issue 14 §2): the estimate with a limit and the
blessings goal's own bound, pinned to the plain estimate and the breadth-first reference."""
from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from types import SimpleNamespace

import pytest

from generator.sim.search import astar, count_optimal_first_moves
from generator.systems.riddle.context import compile_riddle
from generator.systems.riddle.game import RiddleGame
from generator.systems.riddle.goals import blessings
from generator.systems.riddle.goals.blessings import BlessingsGoal
from generator.systems.riddle.state import RiddleState
from generator.systems.riddle.vocab import UNREACHABLE

from .reference import (
    FUZZ_GODS,
    compare,
    random_riddle_text,
    reference_solve,
    riddle_of_text,
    within_disagrees,
)
from .test_riddle_solver_bounds import walk


def plain_estimate(game: RiddleGame) -> SimpleNamespace:
    """``game`` as a search problem without :meth:`RiddleGame.estimate_within`."""
    return SimpleNamespace(starts=game.starts, successors=game.successors,
                           is_goal=game.is_goal, estimate=game.estimate, key=game.key,
                           first_move=game.first_move)


def iter_games(rng: random.Random, riddles: int, players: Sequence[int | None] = (None,)
               ) -> Iterator[tuple[str, RiddleGame]]:
    """(text, game) for every objective of ``riddles`` seeded random riddles."""
    for _ in range(riddles):
        text, count = random_riddle_text(rng, rng.choice(players))
        riddle = riddle_of_text(text)
        if riddle is None:
            continue
        ctx = compile_riddle(riddle, count)
        for j in range(len(ctx.objectives)):
            yield text, RiddleGame(ctx, j, gods=FUZZ_GODS)


@pytest.mark.parametrize("seed", range(3))
def test_estimate_within_keeps_to_its_contract(seed: int) -> None:
    """On every state a short walk of seeded random riddles reaches (1-4 players, every
    goal kind): the estimate itself up to the limit, above it no more than the estimate."""
    checked = above = 0
    for text, game in iter_games(random.Random(seed * 7919 + 5), 60, (1, 1, 2, 4)):
        for state in walk(game, 30):
            estimate = game.estimate(state)
            limits = range(min(estimate, 6) + 1)
            assert not within_disagrees(game, state, estimate, limits), text
            checked += 1
            above += any(game.estimate_within(state, k) < estimate for k in limits)
    assert checked >= 1000 and above > 0  # and the limit does cut some bounds short


@pytest.mark.parametrize("seed", range(2))
def test_count_with_limits_equals_count_without(seed: int) -> None:
    """The count asks the estimate with a limit; the same counts without it."""
    counted = 0
    for text, game in iter_games(random.Random(seed * 104729 + 11), 80):
        if counted >= 12:
            break
        found = astar(game, budget=3_000, max_cost=8)
        if found.cost is None or found.cost < 2:
            continue
        fast = count_optimal_first_moves(game, found.cost, budget=3_000, line=found.states)
        plain = count_optimal_first_moves(plain_estimate(game), found.cost, budget=3_000,
                                          line=found.states)
        assert fast == plain, text
        counted += fast is not None
    assert counted >= 12


TOKENS = """kind: riddle
id: tokens
number: 1
title: Tokens
island: x
map:
  grid: |
    W b b b
stockpile: {level1: 4, level2: 0, level3: 0, dome: 0}
objectives:
  - tier: silver
    goal: {blessings: {count: 3}}
"""
"""Three tokens a step apart: the nearest is one move away, the three take three turns."""


def test_blessings_goal_counts_a_turn_per_token_and_no_more(monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    """Each token no worker stands on takes a turn of its own: the goal's own bound says
    3 turns where the walk alone says 1, and the reference agrees; one turn more than
    that claim is caught by the reference comparison."""
    riddle = riddle_of_text(TOKENS)
    assert riddle is not None
    game = RiddleGame(compile_riddle(riddle, 1), 0)
    [start] = game.starts()
    goal = game.goal
    assert isinstance(goal, BlessingsGoal)
    assert goal.min_turns(game.ctx, start) == 3 == reference_solve(game).turns
    assert not compare(TOKENS, 1).disagreements
    honest = BlessingsGoal.min_turns

    def too_strong(self: BlessingsGoal, ctx: object, state: RiddleState) -> int:
        value = honest(self, ctx, state)  # type: ignore[arg-type]
        return value + 1 if 0 < value < UNREACHABLE else value

    monkeypatch.setattr(BlessingsGoal, "min_turns", too_strong)
    assert compare(TOKENS, 1).disagreements


def blessings_riddle_text(rng: random.Random) -> tuple[str, int]:
    """A seeded random riddle whose one objective is collecting 2-3 of its tokens."""
    while True:
        text, players = random_riddle_text(rng, rng.choice([1, 1, 2]))
        head = text.split("objectives:")[0]
        grid = head.split("grid: |")[1].split("bridges:")[0].split("coins:")[0]
        tokens = grid.count("b")
        if tokens >= 2:
            count = rng.randint(2, min(3, tokens))
            goal = f"  - tier: silver\n    goal: {{blessings: {{count: {count}}}}}\n"
            return head + "objectives:\n" + goal, players


def test_token_walks_against_the_reference(monkeypatch: pytest.MonkeyPatch) -> None:
    """On seeded random riddles collecting 2-3 tokens (sea, bridges, heights, 1-2
    players): the reference agrees with the solver and the estimate never exceeds the
    exact turns left; the walks raise the blessings bound on some states; and made one
    move too strong they are caught."""
    rng = random.Random(2024)
    texts = [blessings_riddle_text(rng) for _ in range(40)]
    decided = raised = 0
    for text, players in texts:
        out = compare(text, players)
        assert not out.disagreements, (out.disagreements, text)
        decided += out.decided
        riddle = riddle_of_text(text)
        assert riddle is not None
        ctx = compile_riddle(riddle, players)
        visited = walk(RiddleGame(ctx, 0), 20)
        with monkeypatch.context() as patch:
            patch.setattr(blessings, "token_walks", lambda *args: 0)
            without = [RiddleGame(ctx, 0).estimate(state) for state in visited]
        game = RiddleGame(ctx, 0)
        raised += sum(game.estimate(state) > plain for state, plain in zip(visited, without))
    assert decided >= 20 and raised > 0
    honest = blessings.token_walks
    monkeypatch.setattr(blessings, "token_walks",
                        lambda *args: (lambda w: w + 1 if w < UNREACHABLE else w)(honest(*args)))
    assert any(compare(text, players).disagreements for text, players in texts)
