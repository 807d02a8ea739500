"""Four players as two (``generator/systems/riddle/partners.py``): where the shortcut
is taken, the 4-player search gives the same status, turns and optimal first moves,
and the translated line replays in the 4-player game and by the independent
checker; where it is not, it is not taken; a riddle with three gods shows why."""
from __future__ import annotations

import dataclasses
import random

from generator.engine.state import Stockpile
from generator.systems.riddle.context import compile_riddle
from generator.systems.riddle.box import GodCard
from generator.systems.riddle.partners import as_four_players, same_as_two
from generator.systems.riddle.proofs import ProofRequest, ProofShared, prove_all
from generator.systems.riddle.results import SOLVED, UNSOLVABLE, ObjectiveResult
from generator.systems.riddle.solver import solve_objective, solve_riddle
from generator.systems.riddle.trace import verify_result

from .legality import replay_line
from .reference import FUZZ_GODS, random_riddle_text, riddle_of_text

STONE = GodCard("stone", "Stone", "builder", Stockpile(1, 0, 0, 0), "stone", "A stone.")
GODS = {**FUZZ_GODS, "stone": STONE}
THREE = "gods: {deck: [gift, domer, stone], queue: [gift, domer, stone]}\n"


def four_player_riddles(seed: int, wanted: int) -> list[str]:
    """Generated 4-player riddles (figures, coins, effects, bridges, 0-2 gods), every
    other one given a queue of three gods (where the shortcut needs four turns or
    fewer)."""
    rng = random.Random(seed)
    out: list[str] = []
    while len(out) < wanted:
        text, players = random_riddle_text(rng, 4)
        if players != 4:
            continue
        if len(out) % 2:
            text = "".join(line for line in text.splitlines(keepends=True)
                           if not line.startswith("gods:"))
            text = text.replace("objectives:\n", THREE + "objectives:\n", 1)
        out.append(text)
    return out


def searched(ctx: object, j: int) -> ObjectiveResult:
    return solve_objective(ctx, j, gods=GODS, budget=3_000, horizon=12)  # type: ignore[arg-type]


def test_the_four_player_search_agrees_where_the_shortcut_is_taken() -> None:
    taken = refused = three_gods = 0
    for text in four_player_riddles(71, 32):
        riddle = riddle_of_text(text)
        if riddle is None:
            continue
        two, four = compile_riddle(riddle, 2), compile_riddle(riddle, 4)
        for j, objective in enumerate(four.objectives):
            paired, own = searched(two, j), searched(four, j)
            derived = as_four_players(four, j, paired, gods=GODS)
            if not same_as_two(riddle, paired):
                assert derived is None, text
                refused += 1
                continue
            assert derived is not None, text
            assert (derived.status, derived.turns, derived.optimal_first_moves) == (
                own.status, own.turns, own.optimal_first_moves), (objective.tier, text)
            assert verify_result(four, derived, gods=GODS) == "", text
            assert derived.setup.count("P") == 4 and "P4" in derived.setup
            assert not replay_line(riddle, objective.tier, derived.solution, 4, gods=GODS), text
            taken += 1
            three_gods += len(riddle.gods.queue) == 3
    assert taken >= 18 and refused >= 5 and three_gods >= 3, (taken, refused, three_gods)


COUNTER = """kind: riddle
id: partners
number: 1
title: Partners
island: x
players: [2, 4]
map:
  grid: |
    W W ~ . .
    W . ~ W .
coins:
  - {at: E1, colour: silver, levels: [3]}
stockpile: {level1: 0, level2: 0, level3: 0, dome: 0}
gods: {deck: [one, two, three], queue: [one, two, three]}
objectives:
  - tier: silver
    slots: {silver: 1}
"""
PIECES = {name: GodCard(name, name.title(), "builder", Stockpile(*pieces), name, "A gift.")
          for name, pieces in (("one", (1, 0, 0, 0)), ("two", (0, 1, 0, 0)),
                               ("three", (0, 0, 1, 0)))}


def test_three_gods_taken_on_one_seats_turns_need_four_players() -> None:
    """Only W4 can reach the coin, so its seat builds every other turn and the other
    seat takes the three gods: seats 0, 2, 0 of four players may, seat 0 of two may
    not (it holds at most two). The 2-player answer is not the 4-player one here,
    and the shortcut (and ``solve``) leave it alone."""
    riddle = riddle_of_text(COUNTER)
    assert riddle is not None
    two, four = compile_riddle(riddle, 2), compile_riddle(riddle, 4)
    paired = solve_objective(two, 0, gods=PIECES, budget=20_000, horizon=10)
    own = solve_objective(four, 0, gods=PIECES, budget=20_000, horizon=10)
    assert (paired.status, own.status, own.turns) == (UNSOLVABLE, SOLVED, 6)
    assert as_four_players(four, 0, paired, gods=PIECES) is None
    [answer] = solve_riddle(riddle, 4, gods=PIECES, budget=20_000).objectives
    assert (answer.status, answer.turns) == (SOLVED, 6)
    assert not replay_line(riddle, "silver", answer.solution, 4, gods=PIECES)


def test_prove_all_takes_four_players_from_two_and_gives_the_searched_answers() -> None:
    """``check``'s path: a 4-player request beside its 2-player one is answered from it
    where the shortcut holds, searched elsewhere; the same verdicts either way."""
    riddles = {}
    for n, text in enumerate(four_player_riddles(5, 10)):
        riddle = riddle_of_text(text.replace("players: [4]", "players: [2, 4]"))
        if riddle is not None:
            riddles[f"fuzz-{n}"] = dataclasses.replace(riddle, id=f"fuzz-{n}")
    shared = ProofShared(riddles, GODS, {})
    both = [ProofRequest(rid, n, budget=20_000) for rid in riddles for n in (2, 4)]
    alone = [ProofRequest(rid, 4, budget=20_000) for rid in riddles]
    paired = prove_all(both, shared, cache_dir=None)
    searched_alone = prove_all(alone, shared, cache_dir=None)
    assert len(riddles) >= 6
    derived = 0
    for request in alone:
        got, want = paired[request], searched_alone[request]
        assert [(o.status, o.turns) for o in got.objectives] == [
            (o.status, o.turns) for o in want.objectives], request.riddle
        for o in got.objectives:
            if o.status == SOLVED:
                two = paired[dataclasses.replace(request, players=2)].objectives
                derived += o.states == two[got.objectives.index(o)].states
                assert "P4" in o.setup
                assert not replay_line(riddles[request.riddle], o.tier, o.solution, 4,
                                       gods=GODS)
    assert derived >= 3, derived
