"""The player turn: moves, builds, the crush, the loss by no move-then-build, and
the god-card hooks that change it (and the enemy turn)."""
from __future__ import annotations

from generator.systems.tower import engine
from generator.systems.tower.engine import Game, State
from generator.systems.tower.model import game_from_map
from generator.systems.tower.rules import BASE_RULES, LOSS_STUCK, Rules
from generator.systems.tower.variants import HOOKS, apply_hooks


def destinations(g: Game, state: State | None = None, builder: int = 0) -> set[str]:
    return {g.name(a[1]) for a in engine.list_actions(g, state or g.start) if a[0] == builder}


def builds(g: Game, to: str, state: State | None = None, builder: int = 0) -> set[str]:
    return {g.name(a[2]) for a in engine.list_actions(g, state or g.start)
            if a[0] == builder and g.name(a[1]) == to and a[4] < 0}


def hooked(g: Game, hook: str, **params: object) -> Game:
    return g.with_rules(apply_hooks(Rules(), [(hook, params)], hook))


def test_moves_one_space_any_direction_up_at_most_one_level() -> None:
    g = game_from_map("""
        . 1 2
        ~ B 4
        . . .""", ["dark-male C3 N"])
    # Not C1 (two up), A2 (water), C2 (dome), C3 (enemy).
    assert destinations(g) == {"A1", "B1", "A3", "B3"}


def test_builds_next_to_the_new_space_never_on_targets_water_domes_or_builders() -> None:
    g = game_from_map("""
        T 1 2
        ~ B 4
        B . .""", ["dark-male C3 N"])
    assert destinations(g) == {"A1", "B1", "B3"}
    assert builds(g, "B1") == {"C1", "B2"}  # B2: the space it just left
    # From B3: not A3 (the other builder), not C3 (an enemy on the same level).
    assert builds(g, "B3") == {"B2"}
    # A builder may stand on a target zone (A1) and build around it.
    assert builds(g, "A1") == {"B1", "B2"}


def test_apply_action_moves_and_builds_the_next_piece() -> None:
    g = game_from_map("""
        . 3 .
        . B .""", ["dark-male A1 S"])
    action = next(a for a in engine.list_actions(g, g.start)
                  if g.name(a[1]) == "C2" and g.name(a[2]) == "B1")
    after = engine.apply_action(g, g.start, action)
    assert after.builders == (g.square("C2"),)
    assert after.levels[g.square("B1")] == 4  # a dome on three blocks
    assert not engine.is_won(after)


def test_crush_from_a_higher_space_defeats_the_enemy() -> None:
    # Rulebook example: moved up onto a 1-high building, the builder crushes the
    # enemy next to it on the ground.
    g = game_from_map("""
        . 1 .
        B . .
        . . 1""", ["dark-male C1 S"])
    assert "C1" in builds(g, "B1")
    crush = next(a for a in engine.list_actions(g, g.start)
                 if g.name(a[1]) == "B1" and g.name(a[2]) == "C1")
    after = engine.apply_action(g, g.start, crush)
    assert after.enemies == (-1,) and after.levels[g.square("C1")] == 1
    assert engine.is_won(after)


def test_crush_refused_on_the_same_level_or_higher() -> None:
    g = game_from_map("""
        . 1 .
        B . .
        . . 1""", ["dark-male C1 S"])
    assert "C1" not in builds(g, "B2")  # both on the ground
    g = game_from_map("""
        . 1 1
        B . .
        . . .""", ["dark-male C1 S"])
    assert "C1" not in builds(g, "B1")  # both on level 1


def test_crush_compares_the_space_after_the_move() -> None:
    g = game_from_map("""
        . 1B .
        . . .""", ["dark-male C2 N"])
    # Stepped down to the enemy's level: no crush from B2 or C1.
    assert "C2" not in builds(g, "B2") and "C2" not in builds(g, "C1")
    before = g.with_rules(BASE_RULES.with_changes(crush_after_move=False))
    assert "C2" in builds(before, "B2") and "C2" in builds(before, "C1")


def test_no_move_then_build_loses_at_the_start_of_the_player_turn() -> None:
    boxed = game_from_map("""
        B ~
        4 4""")
    assert engine.list_actions(boxed, boxed.start) == []
    assert engine.start_of_player_turn(boxed, boxed.start) == LOSS_STUCK
    # It can move, but the only space to build on is the target it left.
    stranded = game_from_map("TB . ~")
    assert engine.list_actions(stranded, stranded.start) == []
    ground = game_from_map(".B . ~")
    assert [(ground.name(a[1]), ground.name(a[2])) for a in
            engine.list_actions(ground, ground.start)] == [("B1", "A1")]
    assert not engine.has_action(stranded, stranded.start)


def test_defeated_builders_do_not_act_and_the_other_still_can() -> None:
    g = game_from_map("""
        B . .
        . . .
        . . B""", ["dark-male B2 N"])
    state = g.start._replace(builders=(-1, g.start.builders[1]))
    assert {a[0] for a in engine.list_actions(g, state)} == {1}


# -- god-card hooks -----------------------------------------------------------------


def test_every_hook_has_a_side_and_a_god() -> None:
    assert {h.side for h in HOOKS.values()} == {"easy", "expert"}
    # The rulebook's piles: 13 easy gods and 8 expert ones, one hook each.
    assert sorted(h.god for h in HOOKS.values() if h.side == "easy") == [
        "Apollo", "Ares", "Artemis", "Charon", "Demeter", "Hephaestus", "Hermes", "Hestia",
        "Morpheus", "Poseidon", "Prometheus", "Triton", "Zeus"]
    assert sorted(h.god for h in HOOKS.values() if h.side == "expert") == [
        "Aphrodite", "Apollo", "Charon", "Hestia", "Hypnus", "Limus", "Minotaur", "Zeus"]


def test_double_attack_on_a_one_or_a_six() -> None:
    g = hooked(game_from_map("""
        . . 3 . .
        . . . . .
        B . . . 1""", ["dark-male C2 N"]), "double-attack")
    assert engine.dice_count(g, g.start) == 2  # attack die, then movement die
    twice, _ = engine.enemy_turn(g, g.start, (6, 3))
    once, _ = engine.enemy_turn(g, g.start, (3, 3))
    assert twice.levels[g.square("C1")] == 1 and once.levels[g.square("C1")] == 2
    assert engine.enemy_turn(g, g.start, (1, 3))[0] == twice
    faces = hooked(g, "double-attack", faces=[2])
    assert engine.enemy_turn(faces, faces.start, (2, 3))[0] == twice


def test_attack_own_space_knocks_the_building_underfoot() -> None:
    g = hooked(game_from_map("""
        . . 1 . .
        . . 2 . .
        B . . . .""", ["dark-male C2 N"]), "attack-own-space")
    # The enemy on C2 attacks C1 (1 -> 0), then its own building (2 -> 1).
    state, lost = engine.enemy_turn(g, g.start, (4,))
    assert lost == 0
    assert state.levels[g.square("C1")] == 0 and state.levels[g.square("C2")] == 1
    plain = g.with_rules(BASE_RULES)
    state, _ = engine.enemy_turn(plain, plain.start, (4,))
    assert state.levels[g.square("C2")] == 2


def test_no_build_orthogonally_next_to_an_enemy_unless_a_dome() -> None:
    base = game_from_map("""
        . . . . .
        . . 3 . .
        . 1 . . .
        . . B . .
        . . . . .""", ["dark-male C3 N"])
    g = hooked(base, "no-build-near-enemy")
    # From D4: D3 and C4 (the space it left) are orthogonally next to the enemy.
    assert builds(base, "D4") == {"D3", "E3", "C4", "E4", "C5", "D5", "E5"}
    assert builds(g, "D4") == {"E3", "E4", "C5", "D5", "E5"}
    # From D3: C2 holds three blocks next to the enemy: a dome is still allowed.
    assert builds(base, "D3") == {"C2", "D2", "E2", "E3", "C4", "D4", "E4"}
    assert builds(g, "D3") == {"C2", "D2", "E2", "E3", "D4", "E4"}
    diagonal = hooked(base, "no-build-near-enemy", diagonal=True)
    assert builds(diagonal, "D3") == {"C2", "E2", "E3", "E4"}
    # The crush is a build on the enemy's own space, which is not next to it:
    # allowed (RULES.md §2), or no enemy could be crushed under Limus.
    crush = game_from_map("""
        . 1 .
        B . .""", ["dark-male C1 S"])
    assert "C1" in builds(crush, "B1")
    assert "C1" in builds(hooked(crush, "no-build-near-enemy"), "B1")


def test_swap_with_builder_instead_of_defeating_it() -> None:
    g = hooked(game_from_map("""
        . . 1 . .
        . . . . .
        . . B . .
        . . . . .
        B . . . .""", ["dark-male C5 N"]), "swap-with-builder")
    state, lost = engine.enemy_turn(g, g.start, (2,))
    assert lost == 0
    assert g.name(state.enemies[0]) == "C3" and g.name(state.builders[0]) == "C4"


def test_extra_move_reaches_two_spaces_never_back_to_the_start() -> None:
    base = game_from_map("""
        . . . . .
        . . . . .
        . . B . .
        . . . . .
        . . . . 1""", ["dark-male A1 E"])
    g = hooked(base, "extra-move")
    assert len(destinations(base)) == 8
    reach = destinations(g)
    assert len(reach) == 23  # every space but C3 itself and the enemy's A1
    assert "C3" not in reach and "A1" not in reach
    two = next(a for a in engine.list_actions(g, g.start) if g.name(a[1]) == "E1")
    assert g.name(two[3]) == "D2" and engine.apply_action(g, g.start, two).builders == (4,)


def test_extra_block_on_the_same_space_never_a_dome() -> None:
    base = game_from_map("""
        . 1 2
        . B .""", ["dark-male A1 E"])
    g = hooked(base, "extra-block")
    extra = {(g.name(a[1]), g.name(a[2])) for a in engine.list_actions(g, g.start) if a[4] >= 0}
    plain = {(g.name(a[1]), g.name(a[2])) for a in engine.list_actions(g, g.start) if a[4] < 0}
    assert plain == {(g.name(a[1]), g.name(a[2])) for a in engine.list_actions(base, base.start)}
    # Two pieces on B1 (1 -> 3) are blocks; on C1 (2 -> 3 -> dome) the second is a dome.
    assert ("A2", "B1") in extra and ("C2", "B1") in extra
    assert ("C2", "C1") in plain and ("C2", "C1") not in extra
    action = next(a for a in engine.list_actions(g, g.start)
                  if a[4] >= 0 and g.name(a[1]) == "A2" and g.name(a[2]) == "B1")
    assert engine.apply_action(g, g.start, action).levels[g.square("B1")] == 3
