"""Perft with gods: the engine replays tests/engine/data/powers.perft, the slow
reference re-derives the smaller counts, and both generators agree ply for ply
on every position of seeded random games, per god and for pairs of gods.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest
from engine_strategies import to_reference
from reference import NONE, candidate_bridges
from reference_powers import Outcome, turn_outcomes
from reference_powers import perft as reference_perft

from generator.engine import Geometry, State, height_at, parse_position, perft
from generator.engine.powers import (
    POWERS,
    PowerGame,
    PowerPosition,
    apply_ply,
    list_game_plies,
    play_ply,
    power_perft,
    to_power_position,
)
from generator.engine.powers.game import restricted_up
from generator.engine.standard import PerftRecord, parse_perft_records

DATA = Path(__file__).parent / "data"
RECORDS = parse_perft_records((DATA / "powers.perft").read_text(encoding="utf-8"))
STANDARD = parse_perft_records((DATA / "standard.perft").read_text(encoding="utf-8"))
ENGINE_BUDGET = 300_000  # leaves per count replayed here; benchmarks/perft.py replays all
REFERENCE_BUDGET = 20_000  # the reference visits about 60,000 leaves a second
GODS = tuple(POWERS)


def _game(record: PerftRecord) -> tuple[PowerGame, PowerPosition]:
    geometry, position = parse_position(record.position)
    marks = record.marks or (0, 0)
    return PowerGame(geometry, record.gods), to_power_position(position, marks)


def _cases(limit: int) -> list[tuple[PerftRecord, int, int]]:
    return [(r, d, c) for r in RECORDS for d, c in r.counts if c <= limit]


def test_every_god_has_records_and_depth_three() -> None:
    for god in GODS:
        mine = [r for r in RECORDS if r.gods[0] == (god,)]
        assert mine, god
        assert any(d == 3 for r in mine for d, _ in r.counts), god


@pytest.mark.parametrize(
    ("record", "depth", "count"),
    _cases(ENGINE_BUDGET),
    ids=lambda v: v.id if isinstance(v, PerftRecord) else str(v),
)
def test_engine_replays_the_counts(record: PerftRecord, depth: int, count: int) -> None:
    game, position = _game(record)
    assert power_perft(game, position, depth) == count


def test_reference_re_derives_the_small_counts() -> None:
    cases = _cases(REFERENCE_BUDGET)
    assert len(cases) >= 50
    for record, depth, count in cases:
        game, position = _game(record)
        board = to_reference(game.geometry, position.state)
        gods = (frozenset(record.gods[0]), frozenset(record.gods[1]))
        marks = (bool(position.marks[0]), bool(position.marks[1]))
        assert reference_perft(board, position.to_move, depth, gods, marks) == count, (
            record.id, depth)


def test_no_powers_is_the_plain_engine() -> None:
    checked = 0
    for record in STANDARD:
        geometry, position = parse_position(record.position)
        game = PowerGame(geometry, ((), ()))
        for depth, count in record.counts:
            if count <= 100_000:
                assert power_perft(game, to_power_position(position), depth) == count
                assert perft(geometry, position, depth) == count
                checked += 1
    assert checked >= 5


# -- lockstep fuzz ------------------------------------------------------------


def _random_board(rng: random.Random) -> tuple[Geometry, State]:
    """A 4x4 to 6x6 map (sometimes with sea and bridges) with random towers."""
    width, height = rng.randint(4, 6), rng.randint(4, 6)
    size = width * height
    land = [rng.random() > (0.15 if rng.random() < 0.4 else 0.0) for _ in range(size)]
    bridges = candidate_bridges(width, height, land)
    chosen = tuple(rng.sample(bridges, min(len(bridges), rng.randint(0, 2))))
    land_bits = sum(1 << sq for sq in range(size) if land[sq])
    geometry = Geometry(width, height, land_bits, chosen)
    heights = [rng.choice((0, 0, 0, 1, 1, 2, 2, 3)) if land[sq] else 0 for sq in range(size)]
    domes = [sq for sq in range(size) if land[sq] and rng.random() < 0.06]
    layers = [sum(1 << sq for sq in range(size) if heights[sq] >= n) for n in (1, 2, 3)]
    dome_bits = sum(1 << sq for sq in domes)
    open_squares = [sq for sq in range(size) if land[sq] and sq not in domes]
    workers = tuple(rng.sample(open_squares, 4)) if len(open_squares) >= 4 else (NONE,) * 4
    return geometry, State(layers[0], layers[1], layers[2], dome_bits, workers)


def _engine_outcomes(game: PowerGame, position: PowerPosition) -> set[Outcome]:
    geometry = game.geometry
    marking = bool(game.rules[position.to_move].marks_moved_up)
    out = set()
    for ply in list_game_plies(game, position):
        after = apply_ply(position.state, ply)
        out.add((
            tuple(height_at(after, sq) for sq in range(geometry.size)),
            tuple(bool(after.domes >> sq & 1) for sq in range(geometry.size)),
            tuple(after.workers),
            ply.win,
            ply.up and marking,
        ))
    return out


def _lockstep(game: PowerGame, state: State, rng: random.Random, max_plies: int = 60) -> int:
    """Play one random game checking both generators on every position; plies checked."""
    position = PowerPosition(state, 0, (0, 0))
    for checked in range(max_plies):
        side = position.to_move
        board = to_reference(game.geometry, position.state)
        mine = frozenset(game.powers[side])
        ours = _engine_outcomes(game, position)
        theirs = turn_outcomes(board, side, mine, restricted_up(game, position))
        assert ours == theirs, (game.powers, side, position)
        plies = list_game_plies(game, position)
        assert len(plies) == len(ours)  # no two plies share an outcome
        if not plies:
            return checked + 1
        ply = plies[rng.randrange(len(plies))]
        if ply.win:
            return checked + 1
        position = play_ply(game, position, ply)
    return max_plies


def _fuzz(seed: str, held: tuple[str, ...], games: int, max_plies: int) -> int:
    """Lockstep games on random boards: player 1 holds ``held``, player 2 a random god."""
    rng = random.Random(seed)
    checked = 0
    for _ in range(games):
        geometry, state = _random_board(rng)
        if state.workers[0] >= 0:
            game = PowerGame(geometry, (held, (rng.choice(GODS),)))
            checked += _lockstep(game, state, rng, max_plies)
    return checked


@pytest.mark.parametrize("god", GODS)
def test_lockstep_fuzz_per_god(god: str) -> None:
    assert _fuzz(f"powers-{god}", (god,), 5, 60) >= 20


COMPOSITIONS = [
    ("prometheus", "artemis"),
    ("hephaestus", "demeter"),
    ("atlas", "demeter"),
    ("apollo", "minotaur"),
    ("pan", "artemis"),
    ("hermes", "atlas"),
    ("prometheus", "atlas"),
    ("athena", "apollo"),
]


@pytest.mark.parametrize("pair", COMPOSITIONS, ids="+".join)
def test_lockstep_fuzz_two_gods(pair: tuple[str, str]) -> None:
    assert _fuzz(f"pair-{'+'.join(pair)}", pair, 3, 30) >= 10
