"""The grid: steps, solved detection and translations, each against a plain reference."""
from __future__ import annotations

import random

import pytest

from generator.systems.glyphs.board import (
    COLUMN,
    JOKER,
    ROW,
    SWAP,
    apply_step,
    is_solved,
    iter_solutions,
    move_distances,
)
from generator.systems.glyphs.game import translate


def reference_solved(n: int, tiles: tuple[int, ...], restored: int, symbol_of: tuple[int, ...],
                     wanted: tuple[int, ...], jokers: int) -> bool:
    """Brute force: read every row left to right and every column top to bottom as
    symbols (None for a cursed tile) and look for the card in each window."""
    grid = [[tiles[r * n + c] for c in range(n)] for r in range(n)]
    lines = grid + [list(col) for col in zip(*grid)]
    for line in lines:
        marks = [symbol_of[t] if restored >> t & 1 else None for t in line]
        for start in range(len(marks) - len(wanted) + 1):
            window = marks[start:start + len(wanted)]
            if None in window:
                continue
            misses = [i for i, (have, want) in enumerate(zip(window, wanted)) if have != want]
            if all(window[i] == JOKER for i in misses) and len(misses) <= jokers:
                return True
    return False


def random_case(rng: random.Random, n: int) -> tuple[tuple[int, ...], int, tuple[int, ...],
                                                     tuple[int, ...], int]:
    symbols = [rng.randrange(4) for _ in range(n * n - 2)] + [JOKER, JOKER]
    rng.shuffle(symbols)
    tiles = list(range(n * n))
    rng.shuffle(tiles)
    wanted = tuple(rng.randrange(4) for _ in range(rng.randint(1, n)))
    return tuple(tiles), rng.getrandbits(n * n), tuple(symbols), wanted, rng.randint(0, 1)


@pytest.mark.parametrize("n", [3, 4, 5])
def test_solved_detection_matches_a_brute_force_scan(n: int) -> None:
    rng = random.Random(n)
    hits = 0
    for _ in range(1500):
        tiles, restored, symbol_of, wanted, jokers = random_case(rng, n)
        expected = reference_solved(n, tiles, restored, symbol_of, wanted, jokers)
        assert is_solved(n, tiles, restored, symbol_of, wanted, jokers) == expected
        scan = next(iter_solutions(n, tiles, restored, symbol_of, wanted, jokers), None)
        assert (scan is not None) == expected
        hits += expected
    assert 50 < hits < 1450  # both answers are exercised


def reference_rotate(n: int, tiles: list[int], op: int, line: int, way: int) -> list[int]:
    cells = [line * n + k for k in range(n)] if op == ROW else [k * n + line for k in range(n)]
    values = [tiles[c] for c in cells]
    out = list(tiles)
    for k, c in enumerate(cells):
        out[cells[(k + way) % n]] = values[k]
    return out


def test_rotations_and_swaps_match_the_reference() -> None:
    rng = random.Random(4)
    for _ in range(300):
        n = rng.randint(3, 6)
        tiles = list(range(n * n))
        rng.shuffle(tiles)
        op, line, way = rng.choice([ROW, COLUMN]), rng.randrange(n), rng.choice([1, -1])
        got, _ = apply_step(n, tuple(tiles), 0, (op, line, way))
        assert list(got) == reference_rotate(n, tiles, op, line, way)
        a, b = rng.sample(range(n * n), 2)
        swapped, _ = apply_step(n, tuple(tiles), 0, (SWAP, a, b))
        assert swapped[a] == tiles[b] and swapped[b] == tiles[a]


def test_translation_moves_each_line_once_per_joker() -> None:
    rng = random.Random(9)
    for _ in range(200):
        n = 5
        symbol_of = tuple([JOKER] * 3 + list(range(n * n - 3)))
        tiles = list(range(n * n))
        rng.shuffle(tiles)
        for direction, op, way in (("translate-right", ROW, 1), ("translate-left", ROW, -1),
                                   ("translate-down", COLUMN, 1), ("translate-up", COLUMN, -1)):
            expected = list(tiles)
            for line in range(n):
                cells = ([line * n + k for k in range(n)] if op == ROW else
                         [k * n + line for k in range(n)])
                for _ in range(sum(symbol_of[tiles[c]] == JOKER for c in cells)):
                    expected = reference_rotate(n, expected, op, line, way)
            assert list(translate(n, tuple(tiles), symbol_of, direction)) == expected


def test_move_distances_are_a_lower_bound_on_single_tile_moves() -> None:
    d = move_distances(5)
    assert d[0][4] == 1  # a row rotation wraps
    assert d[0][2] == 1  # two swaps along a row
    assert d[0][6] == 1  # a diagonal swap
    assert d[0][12] == 2
    assert all(d[a][b] == d[b][a] for a in range(25) for b in range(25))
