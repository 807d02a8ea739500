"""The rejection draws (generator.engine.powers.draw) against the listing generator.

Every index of the candidate superset is decoded on seeded random positions: the
kept candidates are the listed plies' outcomes, each exactly once, with the same
powers and climb (so a uniform index, redrawn until kept, is a uniform distinct
ply); the draws themselves are seeded, repeatable and legal, and fall back to
exact counting when the position has no ply.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest
from test_engine_powers_perft import GODS, random_positions

from generator.engine import Geometry, parse_position
from generator.engine.geometry import iter_squares
from generator.engine.moves import free_squares
from generator.engine.powers import (
    PowerGame,
    PowerPosition,
    apply_ply,
    list_plies,
    play_ply,
    play_random_power_game,
    rules_for,
    to_power_position,
)
from generator.engine.powers.game import draw_game_ply, needs_placement
from generator.engine.powers import draw as draw_module
from generator.engine.powers.draw import (
    RoamCandidates,
    StepCandidates,
    draw_roam_ply,
    make_drawer,
    roam_draw_supported,
    step_draw_supported,
)
from generator.engine.powers.fast import count_plies, fast_supported, select_ply
from generator.engine.powers.fast_routes import (
    count_route_plies,
    routes_supported,
    select_route_ply,
)
from generator.engine.powers.turn import Ply
from generator.engine.standard import GameResult, apply_placement, start_position
from generator.engine.state import State

HERMES = rules_for(("hermes",))


def _outcome(state: State, ply: Ply) -> tuple[object, ...]:
    return (apply_ply(state, ply), ply.win)


def _check_candidates(geometry: Geometry, state: State, movers: int, no_up: bool) -> int:
    candidates = RoamCandidates(geometry, state, movers, HERMES, no_up, True)
    kept = [p for i in range(candidates.total) if (p := candidates.candidate(i)) is not None]
    listed = list_plies(geometry, state, movers, HERMES, no_up=no_up,
                        opponents=0b1111 & ~movers)
    _same_plies(state, kept, listed)
    return len(kept)


@pytest.mark.parametrize("powers", [("artemis",), ("artemis", "pan"), ("pan", "artemis")],
                         ids="+".join)
def test_kept_step_candidates_are_the_listed_plies(powers: tuple[str, ...]) -> None:
    rules = rules_for(powers)
    assert step_draw_supported(rules)
    rng = random.Random("draw-steps-" + "+".join(powers))
    checked = 0
    for geometry, state in random_positions(rng, 30):
        movers, no_up = rng.choice((0b0011, 0b1100, 0b0001)), rng.random() < 0.2
        candidates = StepCandidates(geometry, state, movers, rules, no_up)
        kept = [p for i in range(candidates.total) if (p := candidates.candidate(i)) is not None]
        listed = list_plies(geometry, state, movers, rules, no_up=no_up,
                            opponents=0b1111 & ~movers)
        _same_plies(state, kept, listed)
        checked += 1
    assert checked >= 20
    assert not step_draw_supported(rules_for(("artemis", "atlas")))  # two pieces a space


def _same_plies(state: State, kept: list[Ply], listed: list[Ply]) -> None:
    ours = [_outcome(state, p) for p in kept]
    assert len(set(ours)) == len(ours)  # no outcome kept twice
    by_outcome = {_outcome(state, p): p for p in listed}
    assert set(ours) == set(by_outcome)
    for ply in kept:
        twin = by_outcome[_outcome(state, ply)]
        assert sorted(ply.powers) == sorted(twin.powers), (ply, twin)
        assert ply.up == twin.up


def test_the_draw_covers_a_lone_team_roam_only() -> None:
    assert roam_draw_supported(HERMES)
    assert not roam_draw_supported(rules_for(("hermes", "atlas")))
    assert not roam_draw_supported(rules_for(("prometheus",)))


def test_kept_candidates_are_the_listed_plies() -> None:
    rng = random.Random("draw-hermes")
    checked = 0
    for geometry, state in random_positions(rng, 30):
        movers, no_up = rng.choice((0b0011, 0b1100, 0b0001)), rng.random() < 0.2
        _check_candidates(geometry, state, movers, no_up)
        checked += 1
    assert checked >= 20


def test_walkers_in_each_others_way() -> None:
    # One corridor of ground level: each walker blocks the other's way past it.
    geometry, position = parse_position("00000/11101/11111/11111/11111 A1,C1,-,- 1")
    assert _check_candidates(geometry, position.state, 0b0011, False) > 0
    # The opening: both walkers roam one flat board.
    geometry, position = parse_position("00000/00000/00000/00000/00000 B2,D4,C3,A5 1")
    assert _check_candidates(geometry, position.state, 0b0011, False) > 0
    # A single space joins two halves (a cut square for both walkers).
    geometry, position = parse_position("00100/00100/11011/00100/00100 A1,E5,-,- 1")
    assert _check_candidates(geometry, position.state, 0b0011, False) > 0


def test_draws_are_uniform_and_repeatable() -> None:
    geometry, position = parse_position("00000/11101/11111/11111/11111 A1,C1,E5,A5 1")
    state = position.state
    listed = list_plies(geometry, state, 0b0011, HERMES, opponents=0b1100)
    rng = random.Random(5)
    draws = Counter(_outcome(state, draw_roam_ply(geometry, state, 0b0011, HERMES, rng))
                    for _ in range(40 * len(listed)))
    assert set(draws) == {_outcome(state, p) for p in listed}
    assert 10 < min(draws.values()) and max(draws.values()) < 80  # about 40 each
    again = random.Random(5)
    first = [draw_roam_ply(geometry, state, 0b0011, HERMES, again) for _ in range(5)]
    again = random.Random(5)
    assert first == [draw_roam_ply(geometry, state, 0b0011, HERMES, again) for _ in range(5)]


def test_no_ply_is_none() -> None:
    # Both workers boxed in by domes: no walk, no build.
    geometry, position = parse_position("0a000/aa000/00000/000aa/000a0 A1,E5,-,- 1")
    assert draw_roam_ply(geometry, position.state, 0b0011, HERMES, random.Random(1)) is None


def _slow_playout(game: PowerGame, rng: random.Random) -> GameResult:
    """The playout spelled out with positions, draw_game_ply and play_ply."""
    position = to_power_position(start_position())
    plies = 0
    while True:
        side = position.to_move
        if needs_placement(position):
            squares = list(iter_squares(free_squares(game.geometry, position.state)))
            pair = rng.sample(squares, 2)
            position = PowerPosition(apply_placement(position.state, side, (pair[0], pair[1])),
                                     side ^ 1, position.marks)
        else:
            ply = draw_game_ply(game, position, rng)
            if ply is None:
                return GameResult(side ^ 1, plies, "stuck")
            if ply.win:
                return GameResult(side, plies + 1, "power" if ply.powers else "level3")
            position = play_ply(game, position, ply)
        plies += 1


@pytest.mark.parametrize("pair", [("athena", "pan"), ("hermes", "athena"), ("artemis", "minotaur"),
                                  ("prometheus", "atlas"), ("demeter", "slide")], ids="+".join)
def test_the_playout_loop_is_the_slow_one(pair: tuple[str, str]) -> None:
    game = PowerGame(Geometry.rectangle(), ((pair[0],), (pair[1],)))
    for seed in range(6):
        fast = play_random_power_game(game, random.Random(seed))
        assert fast == _slow_playout(game, random.Random(seed))


@pytest.mark.parametrize("powers", [(g,) for g in GODS if g not in ("hermes", "artemis")]
                         + [("artemis", "pan", "atlas"), ("apollo", "minotaur", "pan"), ("slide",)],
                         ids="+".join)
def test_each_drawer_is_count_then_select(powers: tuple[str, ...]) -> None:
    """A drawer that does not reject draws the index a count + select (or the listing)
    would, and its ply."""
    rules = rules_for(powers)
    rng = random.Random("drawer-" + "+".join(powers))
    for geometry, state in random_positions(rng, 30):
        movers, no_up = rng.choice((0b0011, 0b1100)), rng.random() < 0.2
        opponents = 0b1111 & ~movers
        draw = make_drawer(geometry, rules, movers, opponents)
        seed = rng.random()
        if fast_supported(rules):
            count = count_plies(geometry, state, movers, rules, no_up=no_up, opponents=opponents)
            index = random.Random(seed).randrange(count) if count else -1
            expected = select_ply(geometry, state, movers, rules, index, no_up=no_up,
                                  opponents=opponents) if count else None
        elif routes_supported(rules):
            count = count_route_plies(geometry, state, movers, rules, no_up=no_up)
            index = random.Random(seed).randrange(count) if count else -1
            expected = select_route_ply(geometry, state, movers, rules, index,
                                        no_up=no_up) if count else None
        else:
            listed = list_plies(geometry, state, movers, rules, no_up=no_up, opponents=opponents)
            expected = listed[random.Random(seed).randrange(len(listed))] if listed else None
        assert draw(state, no_up, random.Random(seed)) == expected


def test_small_supersets_are_decoded_whole_and_misses_fall_back(
        monkeypatch: pytest.MonkeyPatch) -> None:
    geometry, position = parse_position("000/110/001 A1,C1,C3,A3 1")
    state = position.state
    candidates = RoamCandidates(geometry, state, 0b0011, HERMES, False, True)
    kept = [p for i in range(candidates.total) if (p := candidates.candidate(i)) is not None]
    monkeypatch.setattr(draw_module, "ATTEMPTS", 0)  # every draw misses: decoded whole
    for seed in range(5):  # one of the kept candidates, uniformly
        expected = kept[random.Random(seed).randrange(len(kept))]
        assert draw_roam_ply(geometry, state, 0b0011, HERMES, random.Random(seed)) == expected
    monkeypatch.setattr(draw_module, "WHOLE", 0)  # too large to decode whole: counted
    geometry, position = parse_position("00000/11101/11111/11111/11111 A1,C1,E5,A5 1")
    state = position.state
    count = count_route_plies(geometry, state, 0b0011, HERMES)
    for seed in range(5):
        expected = select_route_ply(geometry, state, 0b0011, HERMES,
                                    random.Random(seed).randrange(count))
        assert draw_roam_ply(geometry, state, 0b0011, HERMES, random.Random(seed)) == expected
    artemis = rules_for(("artemis",))
    draw = make_drawer(geometry, artemis, 0b0011, 0b1100)
    count = count_plies(geometry, state, 0b0011, artemis, opponents=0b1100)
    expected = select_ply(geometry, state, 0b0011, artemis, random.Random(7).randrange(count),
                          opponents=0b1100)
    assert draw(state, False, random.Random(7)) == expected
