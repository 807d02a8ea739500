"""The per-card IDA* solver against a plain breadth-first search on small grids."""
from __future__ import annotations

import random

from generator.systems.glyphs.board import JOKER
from generator.systems.glyphs.solver import INFINITY, bfs_card, card_difficulty, solve_card


def test_ida_star_matches_bfs_on_3x3_grids() -> None:
    rng = random.Random(1)
    compared = 0
    for _ in range(20):
        symbols = [0, 0, 1, 2, 3, 4, 5, JOKER, 6]
        rng.shuffle(symbols)
        restored = rng.getrandbits(9)
        wanted = tuple(rng.choice([0, 1, 2, 3]) for _ in range(rng.choice([2, 3])))
        joker = rng.random() < 0.5
        fast = solve_card(3, tuple(range(9)), restored, tuple(symbols), wanted, joker)
        slow = bfs_card(3, tuple(range(9)), restored, tuple(symbols), wanted, joker, limit=3)
        assert fast.exact
        if slow is None:
            assert fast.actions > 3
        else:
            assert fast.actions == slow
            compared += 1
    assert compared >= 12


def test_ida_star_matches_bfs_on_4x4_grids_with_two_symbols() -> None:
    rng = random.Random(2)
    for _ in range(6):
        symbols = list(range(13)) + [JOKER] * 3
        rng.shuffle(symbols)
        restored = rng.getrandbits(16)
        wanted = tuple(rng.sample(range(13), 2))
        fast = solve_card(4, tuple(range(16)), restored, tuple(symbols), wanted, False)
        slow = bfs_card(4, tuple(range(16)), restored, tuple(symbols), wanted, False, limit=2)
        assert fast.actions == slow if slow is not None else fast.actions > 2


def test_impossible_card_is_infinite_and_budget_gives_a_lower_bound() -> None:
    symbols = tuple([0, 1, 2, 3, 4, 5, 6, 7, 8])
    assert solve_card(3, tuple(range(9)), 0, symbols, (0, 0), False).actions == INFINITY
    assert solve_card(3, tuple(range(9)), 0, symbols, (0, 0), True).actions == INFINITY
    big = tuple(list(range(22)) + [JOKER] * 3)
    tight = solve_card(5, tuple(range(25)), 0, big, (3, 9, 14, 20), False, budget=5)
    assert not tight.exact and tight.actions >= 2


def test_card_difficulty_is_seeded() -> None:
    symbols = tuple(list(range(22)) + [JOKER] * 3)
    a = card_difficulty(5, symbols, "c", (1, 2), True, 0b1000101010001000101010001, 3, 7)
    b = card_difficulty(5, symbols, "c", (1, 2), True, 0b1000101010001000101010001, 3, 7)
    assert a == b and len(a.actions) == 3 and a.exact == 3
