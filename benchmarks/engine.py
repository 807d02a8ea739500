"""Random playouts of the standard two-player game: our engine against a plain C
reference and santorinai, and with a random god per player against the plain game.

    python benchmarks/engine.py [--games 2000] [--reference-games 200]
                                [--c-games 200000] [--god-games 1000] [--rounds 3] [--seed 1]

The plain playouts run three ways side by side: the compiled kernel (numba, the
``fast`` extra) one game per call (``play_random_game``) and many per call
(``play_random_games``: the generator's state is handed over once), and the
Python path (``play_random_game_python``, what every playout ran before the
kernel; the same games). The C reference (``benchmarks/reference/playouts.c``,
built here with the system C compiler, skipped without one) plays the same rules
the obvious way in C with its own generator, all games in one call; the target
is at least a third of its playouts/s.

A playout places both players' workers at random, then plays uniformly random
legal move-then-build plies until a player wins or is stuck. Both engines run
in this process, one after the other, on one core, each from its own seeded
``random.Random``; times are CPU seconds of this process. santorinai (PyPI, optional: ``pip install santorinai``) is
driven through its ``Board`` API; where its rules differ from ours the output
says so, and the mean game length is printed so the work per playout can be
compared.

With gods, each playout draws a god for each player (uniformly among the ten
simple gods, from the same seeded generator) and plays uniformly random
distinct plies (see generator/engine/powers/turn.py for what makes two plies
the same), drawn by each player's drawer (generator/engine/powers/draw.py:
counting and selecting, or by rejection for the team roam and extra steps); the
playouts/s are printed beside the plain engine's and the target is within 2x. A
table per god follows (its playouts against a random opponent).
"""
from __future__ import annotations

import argparse
import ctypes
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

from generator.engine import Geometry, play_random_game
from generator.engine.powers import GODS, PowerGame, play_random_power_game
from generator.engine.playouts import compiled_off
from generator.engine.standard import (
    play_random_game_listing,
    play_random_game_python,
    play_random_games,
)

TARGET_RATE = 1_000  # playouts per second, one core
TARGET_RATIO = 5.0  # against santorinai
GODS_TARGET = 2.0  # plain playouts/s over playouts/s with a random god per player
C_SHARE = 1 / 3  # our playouts/s over the C reference's, at least
C_SOURCE = Path(__file__).resolve().parent / "reference" / "playouts.c"


@dataclass(frozen=True, slots=True)
class Options:
    games: int
    reference_games: int
    seed: int
    god_games: int = 1000
    rounds: int = 3
    c_games: int = 200_000


@dataclass(frozen=True, slots=True)
class Measure:
    label: str
    games: int
    seconds: float
    mean_plies: float

    @property
    def rate(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else float("inf")

    @property
    def plies_rate(self) -> float:
        return self.rate * self.mean_plies


def parse_options(argv: list[str]) -> Options:
    """Fill the options from the command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="playouts with our engine")
    parser.add_argument(
        "--reference-games", type=int, default=200, help="playouts with santorinai"
    )
    parser.add_argument("--god-games", type=int, default=1000,
                        help="playouts with a random god per player (0: skip)")
    parser.add_argument("--seed", type=int, default=1, help="seed of every random.Random")
    parser.add_argument("--rounds", type=int, default=3,
                        help="alternating timings of the plain and the mixed playouts")
    parser.add_argument("--c-games", type=int, default=200_000,
                        help="playouts with the C reference (0: skip)")
    args = parser.parse_args(argv)
    return Options(max(1, args.games), max(1, args.reference_games), args.seed,
                   max(0, args.god_games), max(1, args.rounds), max(0, args.c_games))


def measure(label: str, games: int, seed: int, play: Callable[[random.Random], int]) -> Measure:
    """Time ``games`` playouts in CPU seconds of this process (steadier than the wall
    clock on a shared machine); ``play`` returns the number of plies of one game."""
    rng = random.Random(seed)
    started = time.process_time()
    plies = sum(play(rng) for _ in range(games))
    return Measure(label, games, time.process_time() - started, plies / games)


def fastest(measures: list[Measure]) -> Measure:
    """The quickest of repeated measures of the same playouts."""
    return min(measures, key=lambda m: m.seconds)


def play_ours(geometry: Geometry) -> Callable[[random.Random], int]:
    return lambda rng: play_random_game(geometry, rng).plies


def play_python(geometry: Geometry) -> Callable[[random.Random], int]:
    return lambda rng: play_random_game_python(geometry, rng).plies


def measure_batched(label: str, games: int, seed: int, geometry: Geometry) -> Measure:
    """``games`` playouts in one :func:`play_random_games` call, CPU seconds."""
    rng = random.Random(seed)
    started = time.process_time()
    plies = sum(r.plies for r in play_random_games(geometry, rng, games))
    return Measure(label, games, time.process_time() - started, plies / games)


def measure_c(games: int, seed: int, workdir: Path) -> Measure | str:
    """The C reference's playouts (one call), or why it could not run."""
    compiler = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if compiler is None:
        return "no C compiler found"
    library = workdir / "playouts.so"
    built = subprocess.run([compiler, "-O2", "-shared", "-fPIC", str(C_SOURCE), "-o",
                            str(library)], capture_output=True, text=True)
    if built.returncode:
        return f"{compiler} failed: {built.stderr.strip()[:200]}"
    lib = ctypes.CDLL(str(library))
    lib.play_games.restype = ctypes.c_longlong
    lib.play_games.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_ulonglong,
                               ctypes.POINTER(ctypes.c_longlong)]
    wins = ctypes.c_longlong()
    started = time.process_time()
    plies = lib.play_games(5, 5, games, seed, ctypes.byref(wins))
    return Measure("C reference (list + choice)", games, time.process_time() - started,
                   plies / games)


def play_ours_listing(geometry: Geometry) -> Callable[[random.Random], int]:
    return lambda rng: play_random_game_listing(geometry, rng).plies


def play_gods(geometry: Geometry, gods: tuple[str, ...], opponents: tuple[str, ...]
              ) -> Callable[[random.Random], int]:
    """A playout where player 1 draws from ``gods`` and player 2 from ``opponents``."""
    games = {(a, b): PowerGame(geometry, ((a,), (b,))) for a in gods for b in opponents}

    def play(rng: random.Random) -> int:
        pair = rng.choice(gods), rng.choice(opponents)
        return play_random_power_game(games[pair], rng).plies

    return play


def print_gods(options: Options, geometry: Geometry, plain: Measure) -> None:
    """The playouts with gods beside the plain engine, then per god.

    The plain and the mixed playouts are timed in alternation, ``options.rounds``
    times each, and the quickest of each is kept: a busy machine slows both alike.
    Each god's row is the quickest of as many rounds too.
    """
    gods = tuple(GODS)
    plains, mixes = [plain], []
    for round_ in range(options.rounds):
        if round_:
            plains.append(measure(plain.label, plain.games, options.seed, play_ours(geometry)))
        mixes.append(measure("random god per player", options.god_games, options.seed,
                             play_gods(geometry, gods, gods)))
    plain, mixed = fastest(plains), fastest(mixes)
    per_god = [
        fastest([measure(god, max(1, options.god_games // len(gods)), options.seed,
                         play_gods(geometry, (god,), gods)) for _ in range(options.rounds)])
        for god in gods
    ]
    print()
    print(f"with gods: seed {options.seed}, each player's god drawn uniformly from {len(gods)};"
          f" plain and mixed timed alternately, the quickest of {options.rounds} rounds each")
    print(f"{'playouts':<30} {'games':>7} {'seconds':>9} {'playouts/s':>11}"
          f" {'mean plies':>11} {'plies/s':>11} {'plain/this':>11}")
    for m in (plain, mixed, *per_god):
        label = m.label if m is not plain else "plain (count + select)"
        print(f"{label:<30} {m.games:>7} {m.seconds:>9.3f} {m.rate:>11,.0f}"
              f" {m.mean_plies:>11.1f} {m.plies_rate:>11,.0f} {plain.rate / m.rate:>10.1f}x")
    ratio = plain.rate / mixed.rate
    verdict = "meets" if ratio <= GODS_TARGET else "MISSES"
    print(f"target: a random god per player within {GODS_TARGET:g}x of the plain playouts/s:"
          f" {verdict} ({ratio:.1f}x; per ply {plain.plies_rate / mixed.plies_rate:.1f}x)")
    print("(the per-god rows: that god for player 1, a random god for player 2;"
          " the quickest of the rounds)")


def play_santorinai(board_class: Any) -> Callable[[random.Random], int]:
    """A uniformly random playout through santorinai's public Board API."""

    def play(rng: random.Random) -> int:
        board = board_class(2)
        # santorinai places pawn 1 (player 1), 2 (player 2), 3 (player 1), 4 (player 2):
        # uniform choices in that order give each player a uniform unordered pair.
        for pawn in board.pawns:
            board.place_pawn(rng.choice(board.get_possible_movement_positions(pawn)))
        player, plies = 1, 2
        while True:
            options = [
                (pawn, move, build)
                for pawn in board.pawns
                if pawn.player_number == player
                for move, build in board.get_possible_movement_and_building_positions(pawn)
            ]
            if not options:
                return plies  # the player to act is stuck and loses
            pawn, move, build = rng.choice(options)
            board.pawn_turn = pawn.number  # we choose the worker; santorinai would alternate
            ok, reason = board.play_move(move, build)
            if not ok:
                raise RuntimeError(f"santorinai refused a listed move: {reason}")
            plies += 1
            if board.winner_player_number is not None:
                return plies
            player = 3 - player

    return play


def compare_c(options: Options, geometry: Geometry) -> None:
    """Our playouts beside the C reference's, the quickest of ``options.rounds`` each."""
    off = compiled_off()
    play_random_game(geometry, random.Random(options.seed))  # compile or load the kernel first
    batched_games = max(options.games, options.c_games // 4)
    c_runs: list[Measure] = []
    single: list[Measure] = []
    batched: list[Measure] = []
    python: list[Measure] = []
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(options.rounds):
            c = measure_c(options.c_games, options.seed, Path(tmp))
            if isinstance(c, str):
                print(f"C reference: not run ({c})")
                return
            c_runs.append(c)
            single.append(measure("riddlesmith, a game a call", options.games, options.seed,
                                  play_ours(geometry)))
            batched.append(measure_batched("riddlesmith, many a call", batched_games,
                                           options.seed, geometry))
            python.append(measure("riddlesmith, Python (before)", max(1, options.games // 4),
                                  options.seed, play_python(geometry)))
    c = fastest(c_runs)
    rows = [c, fastest(single), fastest(batched), fastest(python)]
    kernel = "compiled kernel" if off is None else f"Python only ({off})"
    print()
    print(f"against the C reference: seed {options.seed}, one core, the quickest of "
          f"{options.rounds} rounds each; riddlesmith runs the {kernel}")
    print(f"{'engine':<30} {'games':>7} {'seconds':>9} {'playouts/s':>11}"
          f" {'mean plies':>11} {'share of C':>11}")
    for m in rows:
        print(f"{m.label:<30} {m.games:>7} {m.seconds:>9.3f} {m.rate:>11,.0f}"
              f" {m.mean_plies:>11.1f} {m.rate / c.rate:>11.2f}")
    for m in rows[1:3]:
        verdict = "meets" if m.rate >= C_SHARE * c.rate else "MISSES"
        print(f"target >= 1/3 of the C reference ({C_SHARE * c.rate:,.0f}/s), {m.label}: "
              f"{verdict} ({m.rate / c.rate:.2f}); {m.rate / rows[3].rate:.1f}x the Python path")


def run(options: Options) -> int:
    """Run the benchmark, print the table; the exit code is 0 (timings never fail)."""
    geometry = Geometry.rectangle()
    if options.c_games:
        compare_c(options, geometry)
        print()
    results = [
        measure("riddlesmith (count + select)", options.games, options.seed, play_ours(geometry)),
        measure(
            "riddlesmith (list + choice)", options.games, options.seed, play_ours_listing(geometry)
        ),
    ]
    reference: Measure | None = None
    try:
        from santorinai.board import Board  # type: ignore[import-untyped]
    except ImportError as error:
        print(f"santorinai: not available ({error}); install it with: pip install santorinai")
    else:
        version = metadata.version("santorinai")
        reference = measure(
            f"santorinai {version}", options.reference_games, options.seed, play_santorinai(Board)
        )
        results.append(reference)
    print(f"seed {options.seed}, one core, standard 5x5 game, uniformly random plies")
    print(
        f"{'engine':<30} {'games':>7} {'seconds':>9} {'playouts/s':>11}"
        f" {'mean plies':>11} {'plies/s':>11}"
    )
    for m in results:
        print(
            f"{m.label:<30} {m.games:>7} {m.seconds:>9.3f} {m.rate:>11,.0f}"
            f" {m.mean_plies:>11.1f} {m.plies_rate:>11,.0f}"
        )
    ours = results[0]
    verdict = "meets" if ours.rate >= TARGET_RATE else "MISSES"
    print(f"target >= {TARGET_RATE:,} playouts/s: {verdict} ({ours.rate:,.0f})")
    if reference is not None:
        ratio = ours.rate / reference.rate
        verdict = "meets" if ratio >= TARGET_RATIO else "MISSES"
        per_ply = ours.plies_rate / reference.plies_rate
        print(
            f"ratio riddlesmith / santorinai: {ratio:.1f}x playouts/s, {per_ply:.1f}x plies/s"
            f" (target >= {TARGET_RATIO:g}x: {verdict})"
        )
        print(
            "note: santorinai's rules differ slightly: any move onto level 3 wins (also from"
            " level 3), a winning move is listed once per build square, and it checks whether"
            " every pawn is stuck after each ply; playouts are otherwise the same."
        )
    if options.god_games:
        print_gods(options, geometry, ours)
    return 0


def main() -> None:
    sys.exit(run(parse_options(sys.argv[1:])))


if __name__ == "__main__":
    main()
