"""Each power pinned on a small hand-made position, plus the registry and composition."""
from __future__ import annotations

import pytest

from generator.engine import parse_position
from generator.engine.powers import (
    GODS,
    MARK_MOVED_UP,
    POWERS,
    ExtraSteps,
    PowerGame,
    PowerPosition,
    compose,
    list_plies,
    list_game_plies,
    make_power,
    parameter_problems,
    play_ply,
    to_power_position,
)
from generator.engine.powers.turn import Ply


def _setup(text: str, mine: tuple[str, ...], theirs: tuple[str, ...] = (),
           marks: tuple[int, int] = (0, 0)) -> tuple[PowerGame, PowerPosition]:
    geometry, position = parse_position(text)
    return PowerGame(geometry, (mine, theirs)), to_power_position(position, marks)


def _plies(text: str, mine: tuple[str, ...], theirs: tuple[str, ...] = (),
           marks: tuple[int, int] = (0, 0)) -> set[str]:
    """Every ply as ``moves|builds|win`` with square names (``W0>B2`` = worker 0 to B2;
    builds as ``B2:1`` for the level-1 block, ``B2:D`` for a dome)."""
    game, position = _setup(text, mine, theirs, marks)
    return {_describe(game, ply) for ply in list_game_plies(game, position)}


def _describe(game: PowerGame, ply: Ply) -> str:
    name = game.geometry.name
    moves = " ".join(f"W{i}>{name(sq)}" for i, sq in ply.moves)
    builds = " ".join(f"{name(sq)}:{'D' if p == 3 else p + 1}" for sq, p in ply.builds)
    return f"{moves}|{builds}|{'win' if ply.win else ''}"


def test_the_registry_holds_the_ten_gods() -> None:
    assert sorted(GODS) == [
        "apollo", "artemis", "athena", "atlas", "demeter",
        "hephaestus", "hermes", "minotaur", "pan", "prometheus",
    ]
    for spec in GODS.values():
        assert spec.summary and POWERS[spec.id] is spec


def test_parameters_are_checked_against_each_schema() -> None:
    assert make_power("artemis", {"steps": 2}) == (ExtraSteps(2, not_back=True),)
    assert parameter_problems("artemis", {"steps": 9})
    assert parameter_problems("atlas", {"levels": 1})  # atlas takes no parameters
    assert parameter_problems("zeus", {}) == [
        "unknown power 'zeus' (known: " + ", ".join(POWERS) + ")"
    ]
    with pytest.raises(ValueError, match="steps"):
        make_power("artemis", {"steps": "two"})


# One row: worker 0 (player 1) on A1; the opponents out of the way.
ROW = "0000~1 A1,-,F1,- 1"


def test_plain_row() -> None:
    assert _plies(ROW, ()) == {"W0>B1|A1:1|", "W0>B1|C1:1|"}


def test_apollo_swaps_with_an_opponent_only_within_the_climb_limit() -> None:
    # Worker 0 on A1 (level 0); opponent on B1 (level 1); own worker 1 on A2.
    plies = _plies("01/00/02 A1,A2,B1,B3 1", ("apollo",))
    swaps = {p for p in plies if p.startswith("W2>A1 W0>B1|")}
    assert swaps == {"W2>A1 W0>B1|B2:1|"}  # A1 holds the swapped worker, A2 worker 1
    assert not any(p.startswith("W1>A1") for p in plies)  # never the partner
    assert not any("W3>" in p for p in plies)  # B3 is on level 2: too high to swap onto


def test_apollo_swap_onto_level_three_wins() -> None:
    assert "W2>A1 W0>B1||win" in _plies("23 A1,-,B1,- 1", ("apollo",))


def test_artemis_takes_a_second_step_but_not_back() -> None:
    plies = _plies(ROW, ("artemis",))
    assert "W0>B1 W0>C1|D1:1|" in plies
    assert not any(p.startswith("W0>B1 W0>A1") for p in plies)
    assert not any(p.startswith("W0>C1|") for p in plies)  # C1 is not a neighbour of A1


def test_artemis_wins_on_either_step() -> None:
    assert "W0>B1 W0>C1||win" in _plies("1230 A1,-,D1,- 1", ("artemis",))
    first = _plies("2300 A1,-,D1,- 1", ("artemis",))
    assert "W0>B1||win" in first
    assert not any(p.startswith("W0>B1 W0>") for p in first)  # the game is over


def test_athena_climb_stops_the_opponents_next_turn() -> None:
    game, position = _setup("01000/00000/00010 A1,E1,C3,E3 1", ("athena",))
    climb = next(p for p in list_game_plies(game, position) if p.moves == ((0, 1),))
    after = play_ply(game, position, climb)
    assert after.marks == (MARK_MOVED_UP, 0)
    opponent_heights = {game.geometry.name(p.moves[-1][1]) for p in list_game_plies(game, after)}
    assert "D3" not in opponent_heights and "D2" in opponent_heights
    # Without the climb there is no mark, and the opponent may climb.
    flat = next(p for p in list_game_plies(game, position) if p.moves == ((0, 5),))
    free = play_ply(game, position, flat)
    assert free.marks == (0, 0)
    assert "D3" in {game.geometry.name(p.moves[-1][1]) for p in list_game_plies(game, free)}


def test_atlas_builds_a_dome_on_any_level() -> None:
    assert _plies(ROW, ("atlas",)) == {
        "W0>B1|A1:1|", "W0>B1|A1:D|", "W0>B1|C1:1|", "W0>B1|C1:D|",
    }


def test_demeter_builds_twice_on_different_spaces_in_any_order_once() -> None:
    plies = _plies(ROW, ("demeter",))
    assert plies == {"W0>B1|A1:1|", "W0>B1|C1:1|", "W0>B1|A1:1 C1:1|"}


def test_hephaestus_adds_a_block_but_never_a_dome() -> None:
    plies = _plies("0020~1 A1,-,F1,- 1", ("hephaestus",))
    assert "W0>B1|A1:1 A1:2|" in plies
    assert "W0>B1|C1:3|" in plies
    assert not any(p.startswith("W0>B1|C1:3 C1") for p in plies)


def test_hermes_walks_both_workers_on_their_level() -> None:
    # Player 1 on A1 and A3 (level 0); the ground is connected around the level-1 wall.
    text = "00100/11100/00000 A1,A3,E1,E3 1"
    plies = _plies(text, ("hermes",))
    assert "W1>D3|D2:1|" in plies  # a long walk on the ground, then a build
    assert "|B1:1|" in plies  # no step at all, then worker 0 builds
    assert "W0>B1 W1>C3|C2:2|" in plies  # both walked, worker 1 built
    assert not any("W0>C1" in p for p in plies)  # a walk never climbs (C1 is on level 1)


def test_minotaur_pushes_straight_on_only_to_a_free_space() -> None:
    assert "W2>C1 W0>B1|A1:1|" in _plies("000 A1,-,B1,- 1", ("minotaur",))
    assert not any(p.startswith("W2>") for p in _plies("00a A1,-,B1,- 1", ("minotaur",)))
    assert not any(p.startswith("W2>") for p in _plies("00 A1,-,B1,- 1", ("minotaur",)))
    assert not any(p.startswith("W2>") for p in _plies("000 A1,C1,B1,- 1", ("minotaur",)))
    # A push may send the worker up any height, but never off the board or onto the sea.
    assert "W2>C1 W0>B1|A1:1|" in _plies("003 A1,-,B1,- 1", ("minotaur",))
    assert not any(p.startswith("W2>") for p in _plies("00~ A1,-,B1,- 1", ("minotaur",)))


def test_pan_wins_by_stepping_down_two_levels() -> None:
    plies = _plies("200~0 A1,-,E1,- 1", ("pan",), ())
    assert "W0>B1||win" in plies
    assert "W0>B1||win" not in _plies("200~0 A1,-,E1,- 1", ())
    assert not any(p.endswith("win") for p in _plies("100~0 A1,-,E1,- 1", ("pan",)))


def test_prometheus_builds_before_moving_and_then_never_climbs() -> None:
    plies = _plies("010 A1,-,C1,- 1", ("prometheus",))
    assert "W0>B1|A1:1|" in plies  # the ordinary climb is still there
    # After a build before moving nothing is left at level 0 or below to step onto.
    assert not any(p.count(":") == 2 for p in plies)
    flat = _plies("000/000 A1,-,C2,- 1", ("prometheus",))
    assert "W0>B1|A2:1 C1:1|" in flat  # a build before moving, the step, a build after
    assert "W0>B1|A2:1 A2:2|" in flat  # the same space twice
    assert not any(p.startswith("W0>B1|B1:1") for p in flat)  # stepping onto B1 would climb


def test_composition_follows_the_rules_order() -> None:
    rules = compose([("prometheus", make_power("prometheus")), ("artemis", make_power("artemis"))])
    assert rules.pre_build == "prometheus" and rules.extra_steps == 1
    both = _plies("0000~0 A1,-,F1,- 1", ("hephaestus", "demeter"))
    assert "W0>B1|A1:1 A1:2 C1:1|" in both  # main build, its extra block, then elsewhere
    with_powers = _setup("0000~0 A1,-,F1,- 1", ("hephaestus", "demeter"))
    used = {p.powers for p in list_game_plies(*with_powers)}
    assert ("hephaestus", "demeter") in used and () in used


def test_plies_name_the_powers_they_used() -> None:
    game, position = _setup(ROW, ("artemis",))
    by_moves = {p.moves: p.powers for p in list_game_plies(game, position)}
    assert by_moves[((0, 1),)] == ()
    assert by_moves[((0, 1), (0, 2))] == ("artemis",)


def test_a_stockpile_limits_every_piece_of_a_ply() -> None:
    geometry, position = parse_position("0010~0 A1,-,F1,- 1")
    rules = compose([("demeter", make_power("demeter")), ("hephaestus", make_power("hephaestus"))])
    state = position.state

    def builds(stock: tuple[int, int, int, int]) -> set[tuple[tuple[int, int], ...]]:
        plies = list_plies(geometry, state, 0b0001, rules, stockpile=stock, opponents=0b1100)
        return {p.builds for p in plies}

    a1, c1 = geometry.square("A1"), geometry.square("C1")
    plenty = builds((9, 9, 9, 9))
    assert ((a1, 0), (c1, 1)) in plenty and ((a1, 0), (a1, 1)) in plenty
    one_each = builds((1, 1, 0, 0))
    assert ((a1, 0), (c1, 1)) in one_each  # a level-1 and a level-2 block
    assert ((a1, 0), (a1, 1)) in one_each
    assert ((c1, 1), (c1, 2)) not in one_each  # no level-3 block left
    assert builds((0, 0, 0, 0)) == set()
    flat = parse_position("0000~0 A1,-,F1,- 1")[1].state
    pair = ((a1, 0), (c1, 0))  # two level-1 blocks
    for stock, allowed in (((1, 0, 0, 0), False), ((2, 0, 0, 0), True)):
        plies = list_plies(geometry, flat, 0b0001, rules, stockpile=stock, opponents=0b1100)
        assert (pair in {p.builds for p in plies}) is allowed


@pytest.mark.parametrize(("package", "table"), [
    ("generator.engine.powers.gods", "GODS"),
    ("generator.engine.powers.abilities", "ABILITIES"),
])
def test_the_explicit_power_tables_hold_every_module_of_their_package(package: str,
                                                                      table: str) -> None:
    """The tables are written out (grep and mypy see each power); a scan of the package,
    the way they used to be found, must find the same powers."""
    import importlib
    import pkgutil

    from generator.engine.powers import registry

    module = importlib.import_module(package)
    scanned = {importlib.import_module(f"{package}.{info.name}").POWER.id
               for info in pkgutil.iter_modules(module.__path__) if not info.name.startswith("_")}
    assert set(getattr(registry, table)) == scanned
