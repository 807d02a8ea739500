"""God powers in riddles (issue 13 §2-3): the rules around gods (cards as piece
sources, the default quest, discarding, the two-god limit) and the solver with
powers pinned to plain breadth-first search (``reference_gods.py``)."""
from __future__ import annotations

import pytest

from generator.engine.state import Stockpile
from generator.systems.riddle.bookkeeping import Bookkeeping
from generator.systems.riddle.context import compile_riddle
from generator.systems.riddle.gods import POWER_ACTION, HeldCard
from generator.systems.riddle.results import ObjectiveResult
from generator.systems.riddle.solver import (
    SOLVED,
    UNSOLVABLE,
    RiddleGame,
    solve_objective,
    solve_riddle,
)

from .reference_gods import POWER_CASES, POWER_GODS, compare_powers, fuzz_powers
from .reference import riddle_of_text

ATLAS_COIN = """kind: riddle
id: atlas-coin
number: 1
title: Atlas Coin
island: x
players: [1]
map:
  grid: |
    W . . W
    W . . W
coins:
  - {at: C1, colour: silver, levels: [4]}
stockpile: {level1: 0, level2: 0, level3: 0, dome: 1}
gods: {deck: [QUEUE], queue: [QUEUE]}
objectives:
  - tier: silver
    slots: {silver: 1}
    ends: true
"""


def _ctx(queue: str = "atlas") -> object:
    riddle = riddle_of_text(ATLAS_COIN.replace("QUEUE", queue))
    assert riddle is not None
    return compile_riddle(riddle, 1)


def test_a_dome_coin_on_bare_ground_needs_atlas() -> None:
    result = solve_objective(_ctx(), 0, gods=POWER_GODS)  # type: ignore[arg-type]
    assert result.status == SOLVED and result.turns == 2
    assert "needs a god power" in result.reason
    assert result.solution[0] == "take Atlas from the queue (+1 dome)"
    assert "[Atlas]" in result.solution[1]


def test_without_a_power_that_helps_it_is_unsolvable_even_with_powers() -> None:
    result = solve_objective(_ctx("demeter"), 0, gods=POWER_GODS)  # type: ignore[arg-type]
    assert result.status == UNSOLVABLE
    assert "not even with the god powers in play" in result.reason


def _taken(game: RiddleGame) -> object:
    start = next(iter(game.starts()))
    [(action, after)] = [(a, s) for a, s in game.successors(start) if a[0] == -1]
    return after


def test_taking_a_god_puts_its_pieces_on_its_card() -> None:
    game = RiddleGame(_ctx(), 0, gods=POWER_GODS, powers=True)  # type: ignore[arg-type]
    after = _taken(game)
    book = after.extra  # type: ignore[attr-defined]
    assert book.cards == (HeldCard(0, 0, (0, 0, 0, 1)),)
    assert after.stock == Stockpile(0, 0, 0, 2)  # type: ignore[attr-defined]


def test_each_source_is_a_choice_and_an_emptied_card_is_discarded_with_its_quest() -> None:
    game = RiddleGame(_ctx(), 0, gods=POWER_GODS, powers=True)  # type: ignore[arg-type]
    after = _taken(game)
    plays = [(a, s) for a, s in game.successors(after) if a[0] == POWER_ACTION]
    assert plays
    stocks = set()
    for _, child in plays:
        book: Bookkeeping = child.extra  # type: ignore[assignment]
        if not book.cards:  # the dome came off the card: discarded, quest earned
            assert book.gods_held == (0,)
            stocks.add(tuple(child.stock))
        else:  # the dome came from the stockpile: the card keeps its piece
            assert book.cards[0].pieces == (0, 0, 0, 1)
            assert tuple(child.stock) == (0, 0, 0, 1)
    # Any one piece as the quest's reward, the group's choice.
    assert stocks == {(1, 0, 0, 1), (0, 1, 0, 1), (0, 0, 1, 1), (0, 0, 0, 2)}


def test_a_discarded_god_frees_a_place_under_the_two_god_limit() -> None:
    text = ATLAS_COIN.replace("QUEUE", "atlas, demeter, artemis")
    riddle = riddle_of_text(text)
    assert riddle is not None
    game = RiddleGame(compile_riddle(riddle, 1), 0, gods=POWER_GODS, powers=True)
    state = next(iter(game.starts()))
    for _ in range(2):
        state = next(s for a, s in game.successors(state) if a[0] == -1)
    assert state.extra.gods_held == (2,)  # type: ignore[attr-defined]
    assert not [a for a, _ in game.successors(state) if a[0] == -1]  # two held: no third
    # Clearing Atlas's card (its dome built) discards it: a third god may come.
    cleared = next(s for a, s in game.successors(state)
                   if a[0] == POWER_ACTION and len(s.extra.cards) == 1)  # type: ignore[attr-defined]
    assert [a for a, _ in game.successors(cleared) if a[0] == -1]


@pytest.mark.parametrize("seed", range(2))
def test_solver_with_powers_agrees_with_plain_breadth_first(seed: int) -> None:
    before = dict(POWER_CASES)
    total, bad = fuzz_powers(7000 + seed, 12)
    assert total.decided >= 10
    assert POWER_CASES["searched"] > before["searched"]
    assert not bad, "\n\n".join(bad)


def test_the_power_reference_catches_an_inadmissible_bound(
        monkeypatch: pytest.MonkeyPatch) -> None:
    original = RiddleGame.estimate
    monkeypatch.setattr(RiddleGame, "estimate",
                        lambda self, state: original(self, state) * 2 + 1
                        if self.powers.active else original(self, state))
    out = compare_powers(ATLAS_COIN.replace("QUEUE", "atlas"), 1)
    assert out.disagreements


def test_json_steps_name_the_power_of_each_turn() -> None:
    result = solve_objective(_ctx(), 0, gods=POWER_GODS)  # type: ignore[arg-type]
    steps = result.to_json()["steps"]
    assert steps[0]["take_god"] == "Atlas" and steps[0]["power"] is None
    assert {k: steps[1][k] for k in ("worker", "from", "to", "build", "piece", "power")} == {
        "worker": "W1", "from": "A1", "to": "B1", "build": "C1", "piece": "dome",
        "power": "Atlas"}


def test_a_line_with_powers_replays_from_its_trace() -> None:
    from generator.systems.riddle.trace import verify_result

    ctx = _ctx()
    result = solve_objective(ctx, 0, gods=POWER_GODS)  # type: ignore[arg-type]
    assert verify_result(ctx, result, gods=POWER_GODS) == ""  # type: ignore[arg-type]


def _god_riddle(grid: str, queue: str, goal: str, stock: str = "level1: 1") -> str:
    rows = "\n".join(f"    {row}" for row in grid.split("/"))
    return (f"kind: riddle\nid: g\nnumber: 1\ntitle: G\nisland: x\nplayers: [1]\n"
            f"map:\n  grid: |\n{rows}\nstockpile: {{{stock}}}\n"
            f"gods: {{deck: [{queue}], queue: [{queue}]}}\n"
            f"objectives:\n  - tier: silver\n    goal: {goal}\n")


def _solved(text: str, shortest: bool = True) -> ObjectiveResult:
    riddle = riddle_of_text(text)
    assert riddle is not None, text
    [result] = solve_riddle(riddle, gods=POWER_GODS, seconds=None,
                            shortest_with_powers=shortest).objectives
    return result


def test_pan_counts_a_leap_down_as_level_three_for_the_goals() -> None:
    text = _god_riddle("2W . .", "pan", "{stand: {figure: worker, level: 3}}")
    result = _solved(text)
    assert result.status == SOLVED and result.turns == 2, result.reason
    assert "[Pan]" in result.solution[1], result.solution
    # A drop of one level is no leap.
    result = _solved(_god_riddle("1W . .", "pan", "{stand: {figure: worker, level: 3}}"))
    assert result.status == UNSOLVABLE, result.solution


def test_pan_level_lasts_one_turn_only() -> None:
    riddle = riddle_of_text(_god_riddle("2W . .", "pan", "{stand: {figure: worker, level: 3}}"))
    assert riddle is not None
    game = RiddleGame(compile_riddle(riddle, 1), 0, gods=POWER_GODS, powers=True)
    [start] = game.starts()
    [(_, taken)] = [(a, s) for a, s in game.successors(start) if a[0] == -1]
    leaps = [s for a, s in game.successors(taken) if a[0] == POWER_ACTION]
    assert leaps and all(s.achieved for s in leaps)
    # The mark is gone once the turn is over: the next turn's goals never see it.
    assert all(s.extra.pan_square == -1 for s in leaps)  # type: ignore[attr-defined]
    assert not riddle.objectives[0].goal.is_met(game.ctx, leaps[0]._replace(achieved=0))


def test_minotaur_shoves_the_king_when_the_map_has_one() -> None:
    text = _god_riddle("W K . .", "minotaur", "{stand: {figure: king, at: C1}}")
    result = _solved(text)
    assert result.status == SOLVED and result.turns == 2, result.reason
    assert "King B1-C1" in result.solution[1] and "[Minotaur]" in result.solution[1]
    # Apollo trades places with workers only, never with the King.
    result = _solved(_god_riddle("W K . .", "apollo", "{stand: {figure: king, at: A1}}"))
    assert result.status == UNSOLVABLE, result.solution


def test_a_power_that_shortens_a_solvable_objective_is_used() -> None:
    # Without powers: four turns of walking; Artemis (a turn to take her) saves one.
    text = _god_riddle("W . . . . .", "artemis", "{build: {what: block, count: 1, "
                       "region: [F1]}}", stock="level1: 5")
    result = _solved(text)
    assert result.status == SOLVED and result.turns == 3, result.solution
    assert "saves 1 turn (4 without)" in result.reason
    assert "[Artemis]" in " ".join(result.solution)
    # Apollo cannot help: the powerless line stands, counted without powers.
    result = _solved(text.replace("artemis", "apollo"))
    assert result.status == SOLVED and result.turns == 4, result.solution
    assert "no shorter line with the god powers in play" in result.reason
    assert result.optimal_first_moves == 2  # B1, building A1 or C1
    # By default (SHORTEST_WITH_POWERS) the line without powers is reported.
    result = _solved(text, shortest=False)
    assert result.turns == 4 and "saves" not in result.reason
