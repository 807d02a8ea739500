"""The proof search: best-case lines that replay, exhaustive refutations, the AND
search over the first K enemy turns, budgets and horizons."""
from __future__ import annotations

import random

import pytest

from generator.systems.tower import engine
from generator.systems.tower.model import game_from_map
from generator.systems.tower.proof import NO_WIN, UNKNOWN, WIN, find_dice, format_line, prove_win
from generator.systems.tower.rules import BASE_RULES

from .test_tower_reference import RULE_SETS, random_position

# The enemy sits on a three-block tower in the sea: nothing can stand higher next
# to it, so no crush is ever possible, and the builders end up boxed in.
MOATED = """
    ~ ~ ~
    ~ 3 ~
    ~ ~ ~
    1B . B"""
MOATED_WIDE = """
    ~ ~ ~ ~
    ~ 3 ~ .
    ~ ~ ~ .
    1B . . B"""


def test_best_case_line_replays_to_a_win() -> None:
    g = game_from_map("""
        T T . ~ ~
        . 1 . . ~
        . B 2 . .
        ~ . . B .
        ~ ~ . . .""", ["light-female E5 N", "dark-male C5 N"])
    result = prove_win(g)
    assert result.status == WIN and result.proven and result.line
    state = g.start
    for step in result.line:
        # The roll shown produces the position shown; the action is legal there.
        state, lost = engine.enemy_turn(g, state, step.dice)
        assert lost == 0 and state == step.state
        assert step.action in engine.list_actions(g, state)
        state = engine.apply_action(g, state, step.action)
    assert engine.is_won(state)
    text = format_line(g, result)
    assert text[0].startswith("turn 1: roll ") and "builds on" in text[0]


def test_no_line_wins_when_no_crush_is_ever_possible() -> None:
    g = game_from_map(MOATED, ["dark-male B2 N"])
    result = prove_win(g)
    assert result.status == NO_WIN and result.line == () and result.nodes < 1000
    assert "no line of play wins" in result.reason
    assert prove_win(g, robust_turns=1).status == NO_WIN


def test_a_certain_first_turn_loss_is_refuted_at_once() -> None:
    # The enemy faces the only building, a single block: its attack razes the last one.
    g = game_from_map(""". 1 .
        B . B""", ["dark-male A1 N"])
    assert engine.loss_odds(g).probability == 1
    result = prove_win(g)
    assert result.status == NO_WIN and result.nodes == 1


def test_budget_and_horizon_leave_the_question_open() -> None:
    wide = game_from_map(MOATED_WIDE, ["dark-male B2 N"])
    result = prove_win(wide, budget=300)
    assert result.status == UNKNOWN and not result.proven and result.nodes == 300
    assert "budget of 300 nodes" in result.reason
    # The crush needs two player turns: a horizon of one enemy turn cannot see it.
    g = game_from_map(". 1 .\nB . .\n. . 1", ["dark-male C1 S"])
    assert prove_win(g).status == WIN and len(prove_win(g).line) == 2
    short = prove_win(g, horizon=1)
    assert short.status == UNKNOWN and "longer than 1 enemy turns" in short.reason


def test_robust_search_answers_every_roll_of_the_first_turns() -> None:
    # The enemy is boxed in by water and a dome it can only chip at: whatever it
    # rolls it stays put, and a builder can always step onto C3 and crush it.
    boxed = game_from_map("""
        ~ ~ ~ ~
        ~ . 4 .
        ~ ~ 1 .
        . B . B""", ["dark-male B2 W"])
    for k in (1, 2):
        assert prove_win(boxed, robust_turns=k).status == WIN
    # A start where some first roll reaches the target zone: no strategy survives it.
    risky = game_from_map("""
        T . . .
        . . 1 .
        . . . B
        B . . .""", ["dark-male A3 N"])
    assert 0 < engine.loss_odds(risky).probability < 1
    assert prove_win(risky).status == WIN
    assert prove_win(risky, robust_turns=1).status == NO_WIN


def test_find_dice_and_bad_parameters() -> None:
    g = game_from_map(". 1 .\nB . .\n. . 1", ["dark-male C1 S"])
    after, _ = engine.enemy_turn(g, g.start, (2,))
    dice = find_dice(g, g.start, after)
    assert engine.enemy_turn(g, g.start, dice)[0] == after
    with pytest.raises(ValueError):
        prove_win(g, budget=0)
    loose = g.with_rules(BASE_RULES.with_changes(stop_at_first_loss=False))
    with pytest.raises(ValueError, match="stop_at_first_loss"):
        prove_win(loose)


def test_a_proof_without_its_line_finds_the_same_result() -> None:
    # check asks for no line (with_line=False); the search itself is the same.
    rng = random.Random("with-line")
    for name in sorted(RULE_SETS)[::3]:
        g, _ = random_position(rng, RULE_SETS[name])
        full = prove_win(g, budget=300)
        bare = prove_win(g, budget=300, with_line=False)
        assert (bare.status, bare.nodes, bare.reason) == (full.status, full.nodes, full.reason)
        assert bare.line == () and (full.status != WIN or full.line)
