"""The lookahead policy as it was before its per-decision memo (generator/systems/tower/
policies/lookahead.py ``Memo``): every position valued from scratch, positions met
twice in one decision valued once. The tests and benchmarks/playtest.py compare the
policy with it."""
from __future__ import annotations

import random

from generator.systems.tower import engine
from generator.systems.tower.engine import Action, Game, Policy, State
from generator.systems.tower.policies._heuristics import Tables, make_tables
from generator.systems.tower.policies.greedy import score_actions
from generator.systems.tower.policies.lookahead import CANDIDATES, LOST, value_position


def slow_expected_value(t: Tables, state: State, memo: dict[State, float]) -> float:
    denominator, outcomes = engine.enemy_turn_outcomes(t.game, state)
    total = 0.0
    for o in outcomes:
        if o.lost:
            total += LOST * o.weight
            continue
        v = memo.get(o.state)
        if v is None:
            v = memo[o.state] = value_position(t, o.state)  # no Memo: the plain path
        total += v * o.weight
    return total / denominator


def slow_choose_lookahead(t: Tables, state: State, actions: list[Action], rng: random.Random
                          ) -> Action:
    game = t.game
    scores = score_actions(t, state, actions)
    order = sorted(range(len(actions)), key=lambda i: -scores[i])
    picked = order[:CANDIDATES]
    picked += [i for i in order[CANDIDATES:] if actions[i][2] in state.enemies]
    memo: dict[State, float] = {}
    seen: dict[State, float] = {}
    best = -float("inf")
    chosen: list[int] = []
    for i in picked:
        after = engine.apply_action(game, state, actions[i])
        if engine.is_won(after):
            return actions[i]
        value = seen.get(after)
        if value is None:
            value = seen[after] = slow_expected_value(t, after, memo)
        if value > best:
            best = value
            chosen = [i]
        elif value == best:
            chosen.append(i)
    top = max(scores[i] for i in chosen)
    chosen = [i for i in chosen if scores[i] == top]
    return actions[chosen[0] if len(chosen) == 1 else chosen[rng.randrange(len(chosen))]]


def make_slow_lookahead(game: Game) -> Policy:
    tables = make_tables(game)

    def lookahead(game: Game, state: State, actions: list[Action], rng: random.Random
                  ) -> Action:
        return slow_choose_lookahead(tables, state, actions, rng)

    return lookahead
