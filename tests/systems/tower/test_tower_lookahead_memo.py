"""The lookahead's per-decision memo (policies/lookahead.py ``Memo``) changes nothing:
every value it gives equals value_position without it, over the positions of generated
maps' enemy turns, and whole seeded games pick the same actions as the plain policy
(tests/systems/tower/reference_lookahead.py)."""
from __future__ import annotations

import random

from generator.systems.tower import engine
from generator.systems.tower.engine import Game
from generator.systems.tower.model import game_from_map
from generator.systems.tower.policies._heuristics import make_tables
from generator.systems.tower.policies.lookahead import Memo, make_lookahead, value_position
from tests.systems.tower.reference_lookahead import make_slow_lookahead

KINDS = ("light-female", "dark-male", "light-male", "dark-female")


def generated_game(rng: random.Random) -> Game:
    """A random map: 5-7 squares a side, levels, water, target zones, 2 builders and
    up to four enemies."""
    w, h = rng.randint(5, 7), rng.randint(5, 7)
    cells = [rng.choice(". . . . . 1 1 2 3 4 ~".split()) for _ in range(w * h)]
    for sq in rng.sample(range(w), 2):
        cells[sq] = "T"  # target zones on the top row
    free = [sq for sq in range(w, w * h) if cells[sq] != "~"]
    picked = rng.sample(free, 2 + rng.randint(1, 4))
    for sq in picked[:2]:
        cells[sq] = ("" if cells[sq] in ".4" else cells[sq]) + "B"
        if cells[sq] == "B":
            cells[sq] = ".B"
    enemies = []
    for kind, sq in zip(KINDS, picked[2:]):
        cells[sq] = "."
        enemies.append(f"{kind} {chr(65 + sq % w)}{sq // w + 1} {rng.choice('NESW')}")
    text = "\n".join(" ".join(cells[r * w:(r + 1) * w]) for r in range(h))
    return game_from_map(text, enemies)


def test_memo_values_equal_plain_values() -> None:
    rng = random.Random("memo")
    compared = 0
    for _ in range(40):
        game = generated_game(rng)
        t = make_tables(game)
        state = game.start
        for _turn in range(6):
            memo = Memo()
            _, outcomes = engine.enemy_turn_outcomes(game, state)
            for o in outcomes:
                if not o.lost:
                    assert value_position(t, o.state, memo) == value_position(t, o.state)
                    compared += 1
            state, lost = engine.play_enemy_turn(game, state, rng)
            actions = engine.list_actions(game, state) if not lost else []
            if not actions:
                break
            state = engine.apply_action(game, state, rng.choice(actions))
            if engine.is_won(state):
                break
    assert compared > 2000


def test_lookahead_plays_the_games_of_the_plain_policy() -> None:
    rng = random.Random("games")
    for i in range(12):
        game = generated_game(rng)
        fast = engine.play_game(game, make_lookahead(game), random.Random(i), max_rounds=15)
        slow = engine.play_game(game, make_slow_lookahead(game), random.Random(i),
                                max_rounds=15)
        assert fast == slow
