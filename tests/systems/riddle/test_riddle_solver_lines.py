"""Every solution line the solver prints is legal: replayed by the independent
checker of ``legality.py`` (issue 14 §1), on random riddles and on the shipped
ones as ``solve``, ``check`` and the book print them."""
from __future__ import annotations

import random
import re

import pytest

from generator.systems.riddle.solver import SOLVED, solve_riddle

from .legality import replay_line
from .reference import FUZZ_GODS, random_riddle_text, riddle_of_text
from .test_riddle_solver import KING, TWO_BUILDS, riddle_of


@pytest.mark.parametrize("seed", range(2))
def test_lines_of_random_riddles_replay(seed: int) -> None:
    rng = random.Random(500 + seed)
    replayed = 0
    for _ in range(14):
        text, players = random_riddle_text(rng)
        riddle = riddle_of_text(text)
        if riddle is None:
            continue
        solve = solve_riddle(riddle, players, gods=FUZZ_GODS, budget=2_000, seconds=1.0,
                             count_first_moves=False)
        for result in solve.objectives:
            if result.status == SOLVED:
                problems = replay_line(riddle, result.tier, result.solution, players,
                                       gods=FUZZ_GODS)
                assert not problems, (problems, text)
                replayed += 1
    assert replayed >= 6


def test_the_checker_rejects_illegal_lines() -> None:
    riddle = riddle_of(TWO_BUILDS)
    [result] = solve_riddle(riddle).objectives
    assert replay_line(riddle, "silver", result.solution) == []
    first, second = result.solution
    assert replay_line(riddle, "silver", (first,))  # one turn short of the objective
    assert replay_line(riddle, "silver", (first.replace("build B2", "build A1"), second))
    assert replay_line(riddle, "silver", (first.replace("(level 1)", "(level 2)"), second))
    assert replay_line(riddle, "silver", (first, second.replace("silver coin -> silver "
                                                                "objective; ", "")))
    king = riddle_of(KING)
    for result in solve_riddle(king).objectives:
        assert replay_line(king, result.tier, result.solution) == []
        steps = [line for line in result.solution if "King " in line]
        if steps:
            bad = tuple(re.sub(r"King (\w\d)-(\w\d)", r"King \1-\1", line)
                        for line in result.solution)
            assert replay_line(king, result.tier, bad)
