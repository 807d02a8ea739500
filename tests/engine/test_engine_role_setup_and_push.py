"""The two abilities the roles system added: ``push-into`` (pinned to the Minotaur's
push, the same piece, over seeded random positions) and ``place-skyscraper``."""
from __future__ import annotations

import doctest
import random

from test_engine_powers_perft import random_positions

from generator.engine.powers import list_plies, make_power, parameter_problems, rules_for
from generator.engine.powers.abilities import place_skyscraper


def test_push_into_plays_as_the_minotaur_push() -> None:
    rng = random.Random(2024)
    ours, theirs = rules_for(("push-into",)), rules_for(("minotaur",))
    compared = 0
    for geometry, state in random_positions(rng, 60):
        movers = 0b0011
        others = ((1 << len(state.workers)) - 1) & ~movers
        a = {(p.moves, p.builds, p.win) for p in list_plies(geometry, state, movers, ours,
                                                            opponents=others)}
        b = {(p.moves, p.builds, p.win) for p in list_plies(geometry, state, movers, theirs,
                                                            opponents=others)}
        assert a == b
        compared += 1
    assert compared > 20


def test_place_skyscraper_is_a_setup_placement() -> None:
    assert make_power("place-skyscraper") == ()
    assert rules_for(("place-skyscraper",)).plain
    assert parameter_problems("place-skyscraper", {"count": 0})
    assert doctest.testmod(place_skyscraper).failed == 0
