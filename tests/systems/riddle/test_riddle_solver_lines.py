"""Every solution line the solver prints is legal: replayed by the independent
checker of ``legality.py`` (issue 14 §1), on random riddles and on the shipped
ones as ``solve``, ``check`` and the book print them."""
from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from generator.pack.loader import load_packs
from generator.pack.schema import load_schemas
from generator.pipeline import kinds_of
from generator.systems import Options, cache_dir_for
from generator.registry import discover_systems
from generator.systems.riddle import proof_shared
from generator.systems.riddle.proofs import (
    ProofRequest,
    ProofShared,
    prove_all,
    requests_by_count,
)
from generator.systems.riddle.results import RiddleSolve
from generator.systems.riddle.solve_cli import run_solve
from generator.systems.riddle.solver import SOLVED, solve_riddle

from .legality import parse, replay_line
from .reference import FUZZ_GODS, random_riddle_text, riddle_of_text
from .reference_gods import ALL_GODS, POWER_BLESSINGS
from .test_riddle_solver import KING, TWO_BUILDS, riddle_of
from .walks import solved_lines


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


def test_lines_of_random_riddles_with_powers_replay() -> None:
    """The solver's lines on generated riddles with gods (custom quests too) and revealed
    blessing cards: legal and reaching the objective. A larger sample by hand:
    ``python -m tests.systems.riddle.walks --solved 3 300``."""
    walks = list(solved_lines(random.Random(11), 12))
    for walk in walks:
        problems = replay_line(walk.riddle, walk.tier, walk.lines, walk.players,
                               gods=ALL_GODS, blessings=POWER_BLESSINGS)
        assert not problems, (problems, walk.text)
        assert_steps_match(walk.lines, walk.steps)
    assert len(walks) >= 6


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


# -- the shipped riddles: every line check, the book and solve print --------------------

SHIPPED = Path(__file__).resolve().parents[3] / "content" / "riddles"


@dataclass(frozen=True)
class Shipped:
    """The shipped riddle pack's proofs: what ``check`` proves (every player count each
    riddle allows) and what the book and ``solve`` print (one player, first moves
    counted)."""

    shared: ProofShared
    solves: dict[ProofRequest, RiddleSolve]
    seconds: float


@pytest.fixture(scope="module")
def shipped() -> Shipped:
    """One proof run per session, through the very cache ``check`` and ``build`` keep in
    the pack (``.riddlesmith-cache/``, also filled by the other tests that check the
    shipped pack): warm, it replays the stored lines (each verified on reading);
    cold, it proves the pack."""
    if not (SHIPPED / "pack.yaml").is_file():
        pytest.skip("the shipped riddle campaign is not in this checkout")
    started = time.process_time()
    loaded = load_packs([SHIPPED], load_schemas(), kinds_of(discover_systems()))
    pack = loaded.packs[0]
    shared = proof_shared(pack)
    requests = [q for r in shared.riddles.values() for q in requests_by_count(r)]
    requests += [ProofRequest(rid, 1, count_first_moves=True) for rid in shared.riddles]
    solves = prove_all(requests, shared, cache_dir=cache_dir_for(pack, Options()), gate=True)
    return Shipped(shared, solves, time.process_time() - started)


def test_every_shipped_line_replays(shipped: Shipped) -> None:
    """Every solved objective of every shipped riddle, for every player count it allows,
    as ``check`` proves it and as the book prints it: legal turn by turn, powers
    included, and reaching its objective; its ``steps`` say the same as its text."""
    replayed = powered = 0
    counts: set[tuple[str, int]] = set()
    for request, solve in shipped.solves.items():
        riddle = shipped.shared.riddles[request.riddle]
        for result in solve.objectives:
            if result.status != SOLVED:
                continue
            problems = replay_line(riddle, result.tier, result.solution, request.players,
                                   gods=shipped.shared.gods,
                                   blessings=shipped.shared.blessings)
            assert not problems, (request, result.tier, problems)
            assert_steps_match(result.solution, result.steps)
            replayed += 1
            powered += any("[" in line for line in result.solution)
            counts.add((request.riddle, request.players))
    assert {rid for rid, _ in counts} == set(shipped.shared.riddles)
    assert {n for _, n in counts} == {1, 2, 3, 4}
    # check's one-player requests are the book's (first moves counted): one solve each
    assert replayed >= 150 and powered >= 6, (replayed, powered)


@pytest.mark.parametrize("riddle", ["quarry-debt", "kilns-end"])
def test_solve_prints_the_checked_lines_and_steps(shipped: Shipped, riddle: str) -> None:
    """``solve --format json`` gives the lines the book prints, and steps that agree."""
    code, out = run_solve(SHIPPED, riddle, fmt="json")
    assert code == 0, out
    data = json.loads(out)
    book = shipped.solves[ProofRequest(riddle, 1, count_first_moves=True)]
    assert [o["solution"] for o in data["objectives"]] == [list(o.solution)
                                                           for o in book.objectives]
    for o in data["objectives"]:
        assert_steps_match(o["solution"], o["steps"])
        assert not replay_line(shipped.shared.riddles[riddle], o["tier"], o["solution"],
                               gods=shipped.shared.gods, blessings=shipped.shared.blessings)


def assert_steps_match(solution: Sequence[str], steps: Sequence[Mapping[str, Any]]) -> None:
    """Each ``{worker, from, to, build, piece, power}`` object says what its line says."""
    assert len(steps) == len(solution), (solution, steps)
    for text, step in zip(solution, steps):
        line = parse(text)
        if line.cards:
            used = [f"{name} ({choice})" if choice else name for name, choice in line.cards]
            assert step.get("blessings") == used, (text, step)
        if line.take is not None:
            assert step["take_god"] == line.take and step["worker"] is None, (text, step)
            continue
        paths = {name: squares for name, squares in line.groups}
        squares = paths.get(str(step["worker"]))
        assert squares is not None, (text, step)
        assert (step["from"], step["to"]) == (squares[0], squares[-1]), (text, step)
        assert step["build"] == line.builds[0], (text, step)
        pieces = [p.replace("level ", "level") for p in line.pieces]
        assert step["piece"] == pieces[0], (text, step)
        assert step["power"] == (" + ".join(line.gods) or None), (text, step)
        more = [[sq, p] for sq, p in zip(line.builds[1:], pieces[1:])]
        assert step.get("more_builds", []) == more, (text, step)
