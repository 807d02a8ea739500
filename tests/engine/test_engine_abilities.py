"""The role-ability vocabulary (generator/engine/powers/abilities/): each power pinned
on a small hand position, its parameters checked, and the counting paths left to
the listing generator."""
from __future__ import annotations

import random

import pytest
from engine_strategies import to_reference
from reference_powers import turn_outcomes
from test_engine_powers import _plies
from test_engine_powers_perft import random_positions

from generator.engine import Geometry, State, height_at, parse_position
from generator.engine.powers import (
    ABILITIES,
    GODS,
    apply_ply,
    compose,
    list_plies,
    make_power,
    parameter_problems,
    rules_for,
)
from generator.engine.powers.fast import fast_supported
from generator.engine.powers.fast_routes import routes_supported


def test_the_vocabulary_is_registered_beside_the_gods() -> None:
    assert sorted(ABILITIES) == [
        "both-workers-act", "build-around", "build-same-twice", "build-skyscraper-first",
        "build-two-spaces", "build-under", "force-compass", "force-into-vacated",
        "force-line", "force-onto-build", "leap", "move-beside-skyscraper", "order-move",
        "place-skyscraper", "pull", "push-away", "push-into", "slide", "win-by-descent",
        "win-by-dome",
    ]
    assert not set(ABILITIES) & set(GODS)


@pytest.mark.parametrize("power", ["slide", "leap", "push-away", "pull", "force-onto-build",
                                   "build-under", "build-around", "order-move", "force-line",
                                   "force-into-vacated"])
def test_new_patterns_take_the_listing_path(power: str) -> None:
    rules = rules_for((power,))
    assert not fast_supported(rules) and not routes_supported(rules)


def test_parameters() -> None:
    assert parameter_problems("force-compass", {})  # the direction is required
    assert not parameter_problems("force-compass", {"direction": "S"})
    assert parameter_problems("leap", {"distances": [1]})
    assert not parameter_problems("leap", {"distances": [2], "directions": 4})


def test_slide_passes_figures_to_the_first_free_space() -> None:
    assert _plies("00000 A1,-,B1,C1 1", ("slide",)) == {"W0>D1|E1:1|"}
    assert _plies("00000 A1,-,B1,C1 1", ()) == set()
    assert "W0>E1|E2:1|" in _plies("000a0/00000 A1,-,B1,C1 1", ("slide",))  # a dome too
    assert _plies("000~0 A1,-,B1,C1 1", ("slide",)) == set()  # the sea stops it
    assert _plies("00020 A1,-,B1,C1 1", ("slide",)) == set()  # D1 is two levels up


def test_leap_goes_exactly_two_or_three_spaces_over_anything() -> None:
    plies = _plies("0a000 A1,-,E1,- 1", ("leap",))
    assert {p.split("|")[0] for p in plies} == {"W0>C1", "W0>D1"}  # B1 is domed
    high = _plies("00200 A1,-,E1,- 1", ("leap",))
    assert "W0>D1|C1:3|" in high and not any(p.startswith("W0>C1") for p in high)
    two = _plies("00000/00000/00000 A1,-,E3,- 1", ("leap",))
    assert "W0>C3|B2:1|" in two  # diagonal
    rows = compose([("leap", make_power("leap", {"directions": 4}))])
    straight = list_plies(*_state("00000/00000/00000 A1,-,E3,- 1"), 0b0001, rows)
    leaps = {to for p in straight if p.powers == ("leap",) for _, to in p.moves}
    assert leaps == {2, 3, 10}  # C1, D1 and A3 (A4 is off the three-row board)


def _state(text: str) -> tuple[Geometry, State]:
    geometry, position = parse_position(text)
    return geometry, position.state


def test_push_away_sends_a_neighbour_straight_back() -> None:
    plies = _plies("00000 A1,-,C1,- 1", ("push-away",))
    assert "W0>B1 W2>D1|A1:1|" in plies
    assert "W0>B1|A1:1|" in plies  # forcing is optional
    assert not any("W2>" in p for p in _plies("000a0 A1,-,C1,- 1", ("push-away",)))


def test_pull_drags_the_worker_behind_into_the_vacated_space() -> None:
    plies = _plies("00000 B1,-,A1,- 1", ("pull",))
    assert "W0>C1 W2>B1|D1:1|" in plies
    assert "W0>C1|B1:1|" in plies
    assert not any("W2>" in p for p in _plies("00000 B1,-,-,A1 1", ("pull",))
                   if p.startswith("W0>A1"))


def test_force_compass_moves_a_neighbour_toward_the_direction() -> None:
    geometry, position = parse_position("000/000/000 A1,-,B2,- 1")
    rules = compose([("force-compass", make_power("force-compass", {"direction": "S"}))])
    plies = list_plies(geometry, position.state, 0b0001, rules, opponents=0b1100)
    a2, b2, b3 = (geometry.square(n) for n in ("A2", "B2", "B3"))
    moves = {p.moves for p in plies}
    assert ((0, a2), (2, b3)) in moves  # A1 to A2 (next to B2), then B2 forced south
    assert all(m[1] == (2, b3) for m in moves if len(m) == 2)  # never another way
    assert all(p.powers == ("force-compass",) for p in plies if len(p.moves) == 2)
    assert b2 == position.state.workers[2]


def test_force_onto_build_moves_a_neighbour_onto_the_new_block() -> None:
    plies = _plies("000/000 A1,-,C1,- 1", ("force-onto-build",))
    assert "W0>B2 W2>B1|B1:1|" in plies
    assert "W0>B2|B1:1|" in plies


def test_build_two_spaces_and_same_twice() -> None:
    assert "W0>B1|A1:1 C1:1|" in _plies("0000~0 A1,-,F1,- 1", ("build-two-spaces",))
    same = _plies("0020~0 A1,-,F1,- 1", ("build-same-twice",))
    assert "W0>B1|A1:1 A1:2|" in same
    assert not any(p.startswith("W0>B1|C1:3 C1") for p in same)  # never a rooftop


def test_build_under_raises_the_worker() -> None:
    assert "W0>B1|B1:1|" in _plies("000~0 A1,-,E1,- 1", ("build-under",))
    assert not any(p.startswith("W0>B1|B1") for p in _plies("030~0 A1,-,E1,- 1",
                                                            ("build-under",)))


def test_build_under_before_moving() -> None:
    first = compose([("build-under", make_power("build-under", {"timing": "before-move"}))])
    geometry, state = _state("0200~0 A1,-,F1,- 1")
    plies = list_plies(geometry, state, 0b0001, first, opponents=0b1100)
    assert plies and all(p.builds[0] == (0, 0) for p in plies)  # always the block under first
    assert {p.moves for p in plies} == {((0, 1),)}  # from level 1 it may now climb onto B1
    top = _state("3000~0 A1,-,F1,- 1")
    gone = list_plies(*top, 0b0001, first, opponents=0b1100)
    assert [(p.moves, p.builds) for p in gone] == [(((0, -1),), ((0, 3),))]  # a rooftop


def test_build_around_builds_next_to_any_own_worker() -> None:
    plies = _plies("00000/00000 A1,E1,C2,- 1", ("build-around",))
    assert "W0>B1|D2:1|" in plies  # next to worker 1 on E1, far from worker 0
    assert "W0>B1|D2:1|" not in _plies("00000/00000 A1,E1,C2,- 1", ())


def test_both_workers_act() -> None:
    plies = _plies("0000~0 A1,C1,F1,- 1", ("both-workers-act",))
    assert "W0>B1 W1>D1|A1:1 C1:1|" in plies  # both stepped, then both built
    assert "W1>D1 W0>B1|A1:1 C1:1|" not in plies  # the same outcome counts once
    assert all(p.count("W") == 2 for p in plies)  # both always act when they can
    # Worker 0 on A1 cannot move (B1 is sea): worker 1 alone takes a usual turn.
    alone = _plies("0~0000 A1,C1,F1,- 1", ("both-workers-act",))
    assert alone == _plies("0~0000 A1,C1,F1,- 1", ())


def test_must_cards_leave_out_the_usual_choices() -> None:
    only = compose([("slide", make_power("slide", {"exclusive": True}))])
    geometry, state = _state("00000/00000 A1,-,B1,- 1")
    plies = list_plies(geometry, state, 0b0001, only, opponents=0b1100)
    assert {p.moves for p in plies} == {((0, geometry.square("C1")),),
                                        ((0, geometry.square("A2")),)}
    iron = compose([("build-two-spaces", make_power("build-two-spaces", {"required": True}))])
    row = _state("0000~0 A1,-,F1,- 1")
    assert {p.builds for p in list_plies(*row, 0b0001, iron, opponents=0b1100)} == {
        ((0, 0), (2, 0)),  # A1 and C1: never a single build
    }
    crane = compose([("build-same-twice",
                      make_power("build-same-twice", {"required": True, "blocks_only": False}))])
    tall = _state("0023~0 A1,-,F1,- 1")
    builds = {p.builds for p in list_plies(*tall, 0b0001, crane, opponents=0b1100)}
    assert builds == {((0, 0), (0, 1)), ((2, 2), (2, 3))}  # C1 gets its rooftop second


def test_build_around_a_neighbour_puts_both_builds_next_to_it() -> None:
    foreman = compose([
        ("build-around", make_power("build-around", {"whose": "neighbour"})),
        ("build-two-spaces", make_power("build-two-spaces", {"required": True})),
    ])
    geometry, state = _state("00000/00000/00000 A1,-,C3,E1 1")
    c3 = geometry.square("C3")
    chosen = {p.builds for p in list_plies(geometry, state, 0b0001, foreman, opponents=0b1100)
              if p.moves == ((0, geometry.square("B2")),)}
    around_c3 = [b for b in chosen if all(geometry.build_neighbours[c3] >> sq & 1 for sq, _ in b)]
    assert around_c3 and all(len(b) == 2 for b in chosen)
    d3 = geometry.square("D3")
    assert any(d3 in {sq for sq, _ in b} for b in around_c3)  # beyond the mover's reach


def test_skyscrapers_are_ground_level_domes() -> None:
    engineer = rules_for(("build-skyscraper-first",))
    geometry, state = _state("0100/0000 A1,-,D2,- 1")
    plies = list_plies(geometry, state, 0b0001, engineer, opponents=0b1100)
    firsts = {p.builds[0] for p in plies}
    assert firsts == {(geometry.square("A2"), 3), (geometry.square("B2"), 3)}  # not B1
    bus = compose([("move-beside-skyscraper",
                    make_power("move-beside-skyscraper", {"exclusive": True}))])
    geometry, state = _state("00000/0000a/00000 A1,-,A3,- 1")  # E2: a skyscraper
    ends = {p.moves[-1][1] for p in list_plies(geometry, state, 0b0001, bus, opponents=0b1100)}
    assert ends == {geometry.square("D1"), geometry.square("E1")}
    rooftop = _state("00000/00004/00000 A1,-,A3,- 1")  # E2: a dome on level 3
    assert list_plies(*rooftop, 0b0001, bus, opponents=0b1100) == []


def test_win_by_dome() -> None:
    plies = _plies("0030~0 A1,-,F1,- 1", ("win-by-dome",))
    assert "W0>B1|C1:D|win" in plies and "W0>B1|A1:1|" in plies


def test_win_by_descent() -> None:
    assert "W0>B1||win" in _plies("200~0 A1,-,E1,- 1", ("win-by-descent",))
    assert not any(p.endswith("win") for p in _plies("100~0 A1,-,E1,- 1", ("win-by-descent",)))


# -- lockstep against the slow reference --------------------------------------

# Reference name -> (power id, parameters); the reference knows the aliases of gods.
REFERENCE_NAMES = {
    "slide": ("slide", {}),
    "leap": ("leap", {}),
    "push-away": ("push-away", {}),
    "pull": ("pull", {}),
    "force-compass-S": ("force-compass", {"direction": "S"}),
    "force-onto-build": ("force-onto-build", {}),
    "build-under": ("build-under", {}),
    "build-around": ("build-around", {}),
    "demeter": ("build-two-spaces", {}),
    "hephaestus": ("build-same-twice", {}),
    "pan": ("win-by-descent", {}),
    "both-workers-act": ("both-workers-act", {}),
    "slide-only": ("slide", {"exclusive": True}),
    "leap-only": ("leap", {"exclusive": True}),
    "ironworker": ("build-two-spaces", {"required": True}),
    "crane": ("build-same-twice", {"required": True, "blocks_only": False}),
    "win-by-dome": ("win-by-dome", {}),
    "build-around-neighbour": ("build-around", {"whose": "neighbour"}),
    "firefighter": ("build-under", {"timing": "before-move"}),
    "engineer": ("build-skyscraper-first", {}),
    "tour-bus": ("move-beside-skyscraper", {"exclusive": True}),
    "fashion": ("force-into-vacated", {}),
    "street-vendor": ("force-onto-build", {"required": True}),
    "night-guard": ("order-move", {}),
    "reporter": ("force-line", {}),
}
COMBINED = [("slide", "pull"), ("leap", "push-away"), ("build-around", "force-onto-build"),
            ("build-under", "force-compass-S"), ("artemis", "pull"),
            ("both-workers-act", "slide"), ("crane", "win-by-dome"), ("slide-only", "pull"),
            ("build-around-neighbour", "ironworker"), ("build-around", "hephaestus", "demeter"),
            ("firefighter", "pan"), ("engineer", "win-by-dome"), ("tour-bus", "ironworker"),
            ("fashion", "slide"), ("fashion", "artemis"), ("street-vendor", "hephaestus"),
            ("night-guard", "ironworker"), ("night-guard", "win-by-dome"),
            ("night-guard", "artemis"), ("reporter", "build-under"), ("reporter", "firefighter"),
            ("reporter", "leap-only")]


@pytest.mark.parametrize("names", [(n,) for n in REFERENCE_NAMES] + COMBINED, ids="+".join)
def test_lockstep_with_the_reference(names: tuple[str, ...]) -> None:
    powers = []
    for name in names:
        power, params = REFERENCE_NAMES.get(name, (name, {}))
        powers.append((power, make_power(power, params)))
    rules = compose(powers)
    rng = random.Random("abilities-" + "+".join(names))
    checked = used = 0
    for geometry, state in random_positions(rng, 40):
        no_up = rng.random() < 0.2
        plies = list_plies(geometry, state, 0b0011, rules, no_up=no_up, opponents=0b1100)
        ours = set()
        for ply in plies:
            after = apply_ply(state, ply)
            ours.add((
                tuple(height_at(after, sq) for sq in range(geometry.size)),
                tuple(bool(after.domes >> sq & 1) for sq in range(geometry.size)),
                tuple(after.workers), ply.win, False,
            ))
        assert len(ours) == len(plies)
        theirs = turn_outcomes(to_reference(geometry, state), 0, frozenset(names), no_up)
        assert ours == theirs
        checked += 1
        used += sum(1 for ply in plies if ply.powers)
    assert checked >= 30
    assert used  # the positions exercised the power, not only the plain turn
