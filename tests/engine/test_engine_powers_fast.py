"""The counting fast paths (generator.engine.powers.fast, .fast_routes) against the
listing generator.

For every rule set it covers, on seeded random positions: the count equals the
number of listed plies, and selecting each index in turn gives every listed
outcome exactly once (so a uniform index is a uniform distinct ply).
"""
from __future__ import annotations

import random

import pytest
from test_engine_powers_perft import GODS, random_positions

from generator.engine.powers import apply_ply, list_plies, rules_for
from generator.engine.powers.fast import _neighbour_sum, count_plies, fast_supported, select_ply
from generator.engine.powers.fast_routes import (
    count_route_plies,
    routes_supported,
    select_route_ply,
)
from generator.engine.powers.turn import Ply
from generator.engine.state import State

FAST = [(g,) for g in GODS if fast_supported(rules_for((g,)))] + [
    ("atlas", "demeter"),
    ("hephaestus", "demeter"),
    ("atlas", "hephaestus", "demeter"),
    ("apollo", "minotaur", "pan"),
    ("artemis", "pan", "atlas"),
    ("athena", "apollo"),
]


def _outcome(state: State, ply: Ply) -> tuple[object, ...]:
    return (apply_ply(state, ply), ply.win)


def test_the_fast_path_covers_eight_gods() -> None:
    assert sorted(g for (g,) in FAST[:8]) == sorted(set(GODS) - {"hermes", "prometheus"})
    assert all(fast_supported(rules_for(powers)) for powers in FAST)


ROUTES = [("prometheus",), ("hermes",)]


@pytest.mark.parametrize("powers", FAST + ROUTES, ids="+".join)
def test_count_and_select_match_the_listing(powers: tuple[str, ...]) -> None:
    rules = rules_for(powers)
    routes = routes_supported(rules)
    assert routes or fast_supported(rules)
    rng = random.Random("fast-" + "+".join(powers))
    positions = 0
    for geometry, state in random_positions(rng, 50):
        movers, no_up = rng.choice((0b0011, 0b1100, 0b0001)), rng.random() < 0.2
        opponents = 0b1111 & ~movers
        listed = list_plies(geometry, state, movers, rules, no_up=no_up, opponents=opponents)
        if routes:
            count = count_route_plies(geometry, state, movers, rules, no_up=no_up)
            selected = [
                select_route_ply(geometry, state, movers, rules, i, no_up=no_up)
                for i in range(count)
            ]
        else:
            count = count_plies(geometry, state, movers, rules, no_up=no_up, opponents=opponents)
            selected = [
                select_ply(geometry, state, movers, rules, i, no_up=no_up, opponents=opponents)
                for i in range(count)
            ]
        assert count == len(listed)
        ours = [_outcome(state, p) for p in selected]
        assert len(set(ours)) == count
        assert set(ours) == {_outcome(state, p) for p in listed}
        by_outcome = {_outcome(state, p): p for p in listed}
        for ply in selected:  # the same powers used, in any order; the same climb
            twin = by_outcome[_outcome(state, ply)]
            assert sorted(ply.powers) == sorted(twin.powers), (ply, twin)
            assert ply.up == twin.up
        positions += 1
    assert positions >= 40
    with pytest.raises(IndexError):
        select_ply(geometry, state, movers, rules, -1, no_up=no_up, opponents=opponents)
    with pytest.raises(IndexError):
        if routes:
            select_route_ply(geometry, state, movers, rules, count, no_up=no_up)
        else:
            select_ply(geometry, state, movers, rules, count, no_up=no_up, opponents=opponents)


def test_neighbour_sum_is_the_sum_over_squares() -> None:
    rng = random.Random("neighbour-sum")
    for geometry, state in random_positions(rng, 40):
        squares, allowed = rng.getrandbits(geometry.size), rng.getrandbits(geometry.size)
        squares &= geometry.land
        allowed &= geometry.land
        slow = sum((geometry.build_neighbours[sq] & allowed).bit_count()
                   for sq in range(geometry.size) if squares >> sq & 1)
        assert _neighbour_sum(geometry, squares, allowed) == slow
