"""The proof search against a plain exhaustive walk of the game, on generated games.

``prove_win`` orders moves by the greedy policy's scores, prunes revisited states by
depth, remembers states it found unable to win (only from complete searches), cuts
lines at a horizon and short-cuts games where no square is ever crushable. Every
one of those could turn a win into a silent ``no-win`` (an "unwinnable" scenario)
or the reverse. The reference below has none of them: a best case is a plain
reachability walk over every enemy result and every action; a robust proof is a
plain AND/OR recursion over the first K enemy turns. Games are generated over small
maps with water, targets and towers, 1-3 enemies and 0-3 hooks combined (every
hook, random parameters), so that the walk can finish.
"""
from __future__ import annotations

import random

import pytest

from generator.systems.tower import engine
from generator.systems.tower.engine import Game, State, make_game
from generator.systems.tower.proof import UNKNOWN, WIN, prove_win
from generator.systems.tower.rules import ENEMY_TYPES, Rules
from generator.systems.tower.variants import HOOKS, apply_hooks

WALK_LIMIT = 3000
"""Chance states the reference walk may visit before it gives up (None)."""


def reference_reach(game: Game, start: State) -> bool | None:
    """Whether some dice and some play win from chance node ``start`` (None: too big)."""
    seen = {start}
    stack = [start]
    while stack:
        state = stack.pop()
        for outcome in engine.enemy_turn_outcomes(game, state)[1]:
            if outcome.lost:
                continue
            for action in engine.list_actions(game, outcome.state):
                after = engine.apply_action(game, outcome.state, action)
                if engine.is_won(after):
                    return True
                if after not in seen:
                    seen.add(after)
                    stack.append(after)
                    if len(seen) > WALK_LIMIT:
                        return None
    return False


def reference_robust(game: Game, state: State, turn: int, k: int) -> bool | None:
    """Whether a strategy wins whatever the dice of enemy turns ``turn .. k - 1``."""
    outcomes = engine.enemy_turn_outcomes(game, state)[1]
    if any(o.lost for o in outcomes):
        return False
    for outcome in outcomes:
        answered = unknown = False
        for action in engine.list_actions(game, outcome.state):
            after = engine.apply_action(game, outcome.state, action)
            if engine.is_won(after):
                answered = True
                break
            value = (reference_robust(game, after, turn + 1, k) if turn + 1 < k
                     else reference_reach(game, after))
            if value:
                answered = True
                break
            unknown = unknown or value is None
        if not answered:
            return None if unknown else False
    return True


def _random_game(rng: random.Random) -> Game:
    hooks: list[tuple[str, dict[str, object]]] = []
    for name in rng.sample(sorted(HOOKS), rng.choice([0, 0, 1, 1, 2, 3])):
        params: dict[str, object] = {}
        if name == "double-attack":
            params = {"faces": rng.sample(range(1, 7), rng.randint(1, 3))}
        elif name == "no-build-near-enemy":
            params = {"diagonal": rng.random() < 0.5, "except_domes": rng.random() < 0.5}
        hooks.append((name, params))
    rules = apply_hooks(Rules(), hooks)
    while True:
        width, height = rng.choice([(3, 3), (3, 2), (2, 3), (4, 2), (3, 4), (4, 4), (5, 3)])
        size = width * height
        water = [rng.random() < 0.15 for _ in range(size)]
        targets = [not water[i] and rng.random() < 0.1 for i in range(size)]
        levels = [0 if water[i] or targets[i] else rng.choice((0, 0, 1, 1, 2, 3, 4))
                  for i in range(size)]
        free = [i for i in range(size) if not water[i] and levels[i] < 4]
        rng.shuffle(free)
        spots = [sq for sq in free[2:] if not targets[sq]]
        if not spots:
            continue
        types = rng.sample(ENEMY_TYPES, rng.randint(1, min(3, len(spots))))
        if not any(levels):
            levels[free[-1]] = 1
        try:
            return make_game(width, height, water=water, targets=targets, levels=levels,
                             builders=free[:2],
                             enemies=[(t, spots[i], rng.randrange(4))
                                      for i, t in enumerate(types)], rules=rules)
        except ValueError:
            continue


@pytest.mark.parametrize("seed", range(2))
def test_proofs_answer_as_the_plain_walk_on_generated_games(seed: int) -> None:
    rng = random.Random(f"proof-reference-{seed}")
    compared: dict[tuple[int, bool], int] = {}
    for _ in range(60):
        game = _random_game(rng)
        k = rng.choice([0, 0, 1, 2])
        got = prove_win(game, robust_turns=k, budget=50_000, horizon=60)
        want = (reference_reach(game, game.start) if k == 0
                else reference_robust(game, game.start, 0, k))
        if want is None or got.status == UNKNOWN:
            continue
        assert (got.status == WIN) == want, (k, got, engine.format_state(game, game.start))
        compared[(k, want)] = compared.get((k, want), 0) + 1
    # Both answers are compared, best case and robust: the pin is not vacuous.
    assert compared.get((0, True)) and compared.get((0, False)), compared
    assert sum(n for (k, _), n in compared.items() if k) >= 10, compared
