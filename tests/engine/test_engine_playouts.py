"""The compiled random playouts (generator/engine/compiled_playouts.py) play the games of
the Python path, draw for draw: same winner, plies and reason, and the same generator
state after, over generated maps and positions (perft positions, random midgames, sea,
bridges, an 8x8 map that uses bit 63); the switch off keeps Python; the first call,
which compiles, gives the same games as later ones."""
from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from generator.engine import Geometry, parse_perft_records, parse_position
from generator.engine.moves import apply_move, list_moves
from generator.engine.playouts import COMPILED_ENV, can_compile, compiled_off, kernel
from generator.engine.standard import (
    StandardPosition,
    apply_placement,
    list_placements,
    movers_of,
    play_random_game,
    play_random_game_listing,
    play_random_game_python,
    play_random_games,
    start_position,
)

pytest.importorskip("numba")
DATA = Path(__file__).parent / "data" / "standard.perft"


def random_midgame(geometry: Geometry, rng: random.Random, plies: int) -> StandardPosition:
    """A position ``plies`` random plies (or fewer, if the game ends) into a game."""
    state, side = start_position().state, 0
    for _ in range(plies):
        if state.workers[2 * side] < 0:
            pairs = list_placements(geometry, state)
            if not pairs:
                break
            state = apply_placement(state, side, rng.choice(pairs))
        else:
            moves = [m for m in list_moves(geometry, state, movers_of(side), level3_wins=True)
                     if m[2] >= 0]
            if not moves:
                break
            state = apply_move(geometry, state, rng.choice(moves))
        side ^= 1
    return StandardPosition(state, side)


MAPS = [
    Geometry.rectangle(),
    Geometry.rectangle(8, 8),
    Geometry.rectangle(3, 2),
    Geometry.from_ascii("..~..\n..~..\n~~~~.\n..~..\n..~..", bridges=(("A2", "A4"), ("B2", "D2"))),
    Geometry.from_ascii(".~.\n...\n.~."),
]


def same_games(geometry: Geometry, position: StandardPosition | None, seed: int,
               games: int) -> None:
    fast, slow = random.Random(seed), random.Random(seed)
    got = [play_random_game(geometry, fast, position) for _ in range(games)]
    want = [play_random_game_python(geometry, slow, position) for _ in range(games)]
    assert got == want
    assert fast.getstate() == slow.getstate()


def test_the_kernel_is_on_with_numba() -> None:
    assert compiled_off() is None and kernel() is not None
    assert can_compile(random.Random(1), 64, 4)
    assert not can_compile(random.SystemRandom(), 25, 4)


@pytest.mark.parametrize("geometry", MAPS, ids=lambda g: f"{g.width}x{g.height}:{g.land:x}")
def test_compiled_playouts_match_python_from_the_start(geometry: Geometry) -> None:
    for seed in range(60):
        same_games(geometry, None, seed, 3)


@pytest.mark.parametrize("geometry", MAPS, ids=lambda g: f"{g.width}x{g.height}:{g.land:x}")
def test_compiled_playouts_match_python_from_midgames(geometry: Geometry) -> None:
    rng = random.Random(f"midgames:{geometry.width}x{geometry.height}")
    for i in range(60):
        position = random_midgame(geometry, rng, rng.randrange(0, 40))
        same_games(geometry, position, i, 2)


def test_compiled_playouts_match_python_from_perft_positions() -> None:
    records = parse_perft_records(DATA.read_text(encoding="utf-8"))
    assert records
    for i, record in enumerate(records):
        geometry, position = parse_position(record.position)
        same_games(geometry, position, i, 4)


def test_batches_are_games_one_after_the_other() -> None:
    g = Geometry.rectangle()
    for seed in range(5):
        batch_rng, one_rng = random.Random(seed), random.Random(seed)
        batch = play_random_games(g, batch_rng, 200)
        one = [play_random_game_python(g, one_rng) for _ in range(200)]
        assert batch == one and batch_rng.getstate() == one_rng.getstate()


def test_compiled_playouts_match_listing() -> None:
    g = Geometry.rectangle()
    for seed in range(100):
        assert play_random_game(g, random.Random(seed)) == play_random_game_listing(
            g, random.Random(seed))


def test_switch_off_and_first_compile_give_the_same_games(tmp_path: Path) -> None:
    # A fresh numba cache: the first call compiles; with the switch off, Python plays.
    script = ("import random\nfrom generator.engine import Geometry\n"
              "from generator.engine.playouts import kernel\n"
              "from generator.engine.standard import play_random_games\n"
              "print(kernel() is not None)\n"
              "print(play_random_games(Geometry.rectangle(), random.Random(11), 50))\n")
    runs = {}
    for switch in ("1", "0"):
        env = {**os.environ, COMPILED_ENV: switch, "NUMBA_CACHE_DIR": str(tmp_path / switch)}
        done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                              text=True, check=True)
        runs[switch] = done.stdout.splitlines()
    assert runs["1"][0] == "True" and runs["0"][0] == "False"
    assert runs["1"][1] == runs["0"][1]
    assert runs["1"][1] == repr(play_random_games(Geometry.rectangle(), random.Random(11), 50))
