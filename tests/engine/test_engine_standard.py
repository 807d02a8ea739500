"""The standard two-player game: notation, placement, random playouts."""
from __future__ import annotations

import random

import pytest

from generator.engine import Geometry, parse_position, play_random_game, start_position
from generator.engine.standard import (
    apply_placement,
    format_position,
    list_placements,
    parse_perft_records,
    play_random_game_listing,
)


@pytest.mark.parametrize(
    "text",
    [
        "00000/00000/00000/00000/00000 -,-,-,- 1",
        "01200/12321/00310/4a000/00001 C1,B2,D2,E2 2",
        "00~00/00~00/~~~~1/00~02/00~00 A1,B4,D2,E5 1 A2-A4,B2-D2,B4-D4",
        "0c/b4 A1,-,-,- 1",
    ],
)
def test_position_notation_round_trips(text: str) -> None:
    geometry, position = parse_position(text)
    assert format_position(geometry, position) == text


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("00000/0000 -,-,-,- 1", "equal lengths"),
        ("00x00 -,-,-,- 1", "unknown board cell"),
        ("00000 -,-,- 1", "expected 4 workers"),
        ("00000 -,-,-,- 3", "1 or 2"),
        ("00000 -,-,-,-", "3 or 4 fields"),
        ("00000 F1,-,-,- 1", "outside"),
    ],
)
def test_bad_positions_are_rejected(text: str, problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        parse_position(text)


def test_bad_perft_files_are_rejected() -> None:
    with pytest.raises(ValueError, match="before the first 'id'"):
        parse_perft_records("perft 1 2\n")
    with pytest.raises(ValueError, match="unknown key"):
        parse_perft_records("id x\nfen 0 -,-,-,- 1\n")
    with pytest.raises(ValueError, match="has no position"):
        parse_perft_records("id x\nperft 1 2\n")


def test_placement_is_an_unordered_pair() -> None:
    g = Geometry.rectangle(3, 1)
    state = start_position().state
    assert list_placements(g, state) == [(0, 1), (0, 2), (1, 2)]
    placed = apply_placement(state, 1, (2, 0))
    assert placed.workers == (-1, -1, 0, 2)


def test_random_games_are_reproducible_and_end() -> None:
    g = Geometry.rectangle()
    first = [play_random_game(g, random.Random(7)) for _ in range(3)]
    again = [play_random_game(g, random.Random(7)) for _ in range(3)]
    assert first == again
    results = [play_random_game(g, random.Random(seed)) for seed in range(200)]
    assert {r.reason for r in results} == {"level3", "stuck"}
    assert all(r.winner in (0, 1) and r.plies >= 2 for r in results)


def test_counting_and_listing_play_the_same_games() -> None:
    # select_move(randrange(count)) must pick what rng.choice(list_moves) picks.
    g = Geometry.rectangle()
    for seed in range(50):
        assert play_random_game(g, random.Random(seed)) == play_random_game_listing(
            g, random.Random(seed)
        )
