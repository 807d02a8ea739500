"""The enemy turn as a chance node: exact outcome enumeration against brute force
over every dice tuple, exact loss odds, and seeded determinism."""
from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from generator.systems.tower import engine
from generator.systems.tower.engine import Game, State
from generator.systems.tower.model import game_from_map
from generator.systems.tower.rules import (
    LOSS_BUILDINGS,
    LOSS_STUCK,
    LOSS_TARGET,
    Rules,
)
from generator.systems.tower.variants import apply_hooks

from .test_tower_reference import random_position


def brute_force(g: Game, s: State) -> Counter[tuple[State, int]]:
    counts: Counter[tuple[State, int]] = Counter()
    for dice in product(range(1, 7), repeat=engine.dice_count(g, s)):
        counts[engine.enemy_turn(g, s, dice)] += 1
    return counts


def enumerated(g: Game, s: State) -> tuple[int, Counter[tuple[State, int]]]:
    denominator, outcomes = engine.enemy_turn_outcomes(g, s)
    counts: Counter[tuple[State, int]] = Counter()
    for o in outcomes:
        counts[(o.state, o.lost)] += o.weight
    return denominator, counts


@pytest.mark.parametrize("rules", [Rules(), apply_hooks(Rules(), [("double-attack", {})]),
                                   apply_hooks(Rules(), [("attack-own-space", {})]),
                                   apply_hooks(Rules(), [("swap-with-builder", {})])],
                         ids=["base", "double-attack", "attack-own-space", "swap-with-builder"])
def test_outcomes_equal_brute_force_over_every_dice_tuple(rules: Rules) -> None:
    rng = random.Random(f"exact-{rules.variants}")
    checked = 0
    while checked < 25:
        g, s = random_position(rng, rules)
        if engine.dice_count(g, s) > 4:
            continue  # 6^4 dice tuples at most, to stay fast
        denominator, counts = enumerated(g, s)
        assert denominator == 6 ** engine.dice_count(g, s)
        assert counts == brute_force(g, s), engine.format_state(g, s)
        checked += 1


def test_identical_results_are_merged() -> None:
    g = game_from_map("""
        ~ ~ ~
        ~ . ~
        ~ 2 B""", ["dark-male B2 N"])
    denominator, outcomes = engine.enemy_turn_outcomes(g, g.start)
    # The enemy turns S and knocks B3 down to 1. Then 1 and 2 both end on B3
    # facing S (the second step is off the map); 3: faces W (water), 4: faces E,
    # 5: B3 facing W, 6: B3 then into the builder on C3, the last one: lost.
    assert denominator == 6
    assert sorted((engine.format_state(g, o.state).split("\n")[1:], o.lost, o.weight)
                  for o in outcomes) == sorted([
        (["~ < ~", "~ 1 B"], 0, 1), (["~ > ~", "~ 1 B"], 0, 1),
        (["~ . ~", "~ 1v B"], 0, 2), (["~ . ~", "~ 1< B"], 0, 1),
        (["~ . ~", "~ 1 >"], 4, 1)])


OPEN = """
    . 1 . . .
    . . . . .
    . . . . .
    . . . . .
    B . . . B
"""


def test_loss_odds_target_two_steps_ahead_is_one_in_six() -> None:
    g = game_from_map(OPEN.replace(". 1 . . .", ". 1 T . ."), ["dark-male C3 N"])
    odds = engine.loss_odds(g)
    assert odds.probability == Fraction(1, 6)  # only a 2 gets there
    assert odds.by_reason == ((LOSS_TARGET, Fraction(1, 6)),)
    assert odds.by_culprit == ((0, Fraction(1, 6)),)


def test_loss_odds_target_straight_ahead_is_two_in_three() -> None:
    g = game_from_map(OPEN.replace(". . . . .", ". . T . .", 1), ["dark-male C3 N"])
    assert engine.loss_odds(g).probability == Fraction(2, 3)  # 1, 2, 5 and 6


def test_loss_odds_certain_when_the_only_building_is_attacked() -> None:
    g = game_from_map(OPEN, ["dark-male B2 N"])
    odds = engine.loss_odds(g)
    assert odds.probability == 1 and odds.by_reason == ((LOSS_BUILDINGS, Fraction(1)),)


def test_loss_odds_count_builders_left_without_a_move() -> None:
    g = game_from_map("""
        B 4 1
        4 4 .
        . . .""", ["dark-male C3 N"])
    odds = engine.loss_odds(g)
    assert odds.by_reason == ((LOSS_STUCK, Fraction(1)),)
    assert odds.by_culprit == ((-1, Fraction(1)),)


def test_double_attack_odds_use_the_attack_die() -> None:
    # A 2-high building in front: one attack leaves 1, two (a 1 or a 6 on the
    # attack die, 1/3) destroy it.
    g = game_from_map(OPEN.replace(". 1 . . .", ". 2 . . ."), ["dark-male B2 N"])
    assert engine.loss_odds(g).probability == 0
    hestia = g.with_rules(apply_hooks(Rules(), [("double-attack", {})]))
    assert engine.dice_count(hestia, hestia.start) == 2
    assert engine.loss_odds(hestia).probability == Fraction(1, 3)


def test_same_seed_same_games() -> None:
    g = game_from_map("""
        T T . ~ ~
        . 1 . . ~
        . B 2 . .
        ~ . . B .
        ~ ~ . . .""", ["light-female E5 N", "dark-male C5 N"])
    first = [engine.play_game(g, engine.random_policy, random.Random(seed)) for seed in range(30)]
    again = [engine.play_game(g, engine.random_policy, random.Random(seed)) for seed in range(30)]
    assert first == again
    assert any(r.won for r in first) or all(r.lost for r in first)
    assert all(r.won != bool(r.lost) or r.rounds == 100 for r in first)
