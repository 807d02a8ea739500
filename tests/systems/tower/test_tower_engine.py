"""The enemy turn, pinned on small positions: each rulebook example and each
Decision of RULES.md section 2 (orientation, attack, movement, losses).

Maps are written as in scenario files (``.`` ground, ``~`` water, ``T`` target,
``1``-``4`` buildings, ``B`` builders); enemies as ``"type space facing"``.
"""
from __future__ import annotations

import pytest

from generator.systems.tower.engine import (
    Game,
    State,
    dice_count,
    enemy_turn,
    format_state,
    orient,
)
from generator.systems.tower.model import game_from_map
from generator.systems.tower.rules import (
    BASE_RULES,
    ENEMY_TYPES,
    LOSS_BUILDERS,
    LOSS_BUILDINGS,
    LOSS_TARGET,
    MOVEMENT_TABLE,
    Rules,
)

EMPTY = """
. . . . .
. . . . .
. . . . .
. . . . .
. . . . .
"""


def facing(g: Game, i: int = 0, state: State | None = None) -> str:
    return "NESW"[orient(g, state or g.start)[i]]


def where(g: Game, state: State, i: int = 0) -> str:
    sq = state.enemies[i]
    return "gone" if sq < 0 else f"{g.name(sq)} {'NESW'[state.facings[i]]}"


def level(g: Game, state: State, name: str) -> int:
    return state.levels[g.square(name)]


# -- phase 1: orientation ------------------------------------------------------------


def test_orientation_nearest_building_wins_over_direction() -> None:
    # Rulebook: a building one space behind beats one two spaces to the right.
    g = game_from_map("""
        . . . . .
        . . . . .
        . . . . 1
        . . 1 . .
        . . . . .""", ["dark-male C3 N"])
    assert facing(g) == "S"


def test_orientation_tie_right_beats_left() -> None:
    # Rulebook: two buildings two spaces away, right and left: turn right.
    g = game_from_map("""
        . . . . .
        . . . . .
        1 . . . 1
        . . . . .
        . . . . .""", ["dark-male C3 N"])
    assert facing(g) == "E"


def test_orientation_tie_over_first_steps_of_all_shortest_paths() -> None:
    # Rulebook: buildings diagonally back-left and back-right; the first steps of
    # the shortest paths are back, left, back, right: right wins.
    g = game_from_map("""
        . . . . .
        . . . . .
        . 1 . 1 .
        . . . . .
        . . . . .""", ["dark-male C2 N"])
    assert facing(g) == "E"


def test_orientation_front_beats_every_other_tie() -> None:
    g = game_from_map("""
        . . 1 . .
        . . . . .
        1 . . . 1
        . . . . .
        . . 1 . .""", ["dark-male C3 E"])
    assert facing(g) == "E"
    g = game_from_map("""
        . . . . .
        . . . . .
        1 . . . .
        . . . . .
        . . 1 . .""", ["dark-male C3 N"])
    assert facing(g) == "W"  # left beats back


def test_orientation_ignores_the_building_underfoot() -> None:
    g = game_from_map("""
        . . . . .
        . . . . .
        1 . 2 . .
        . . . . .
        . . . . .""", ["dark-male C3 N"])
    assert facing(g) == "W"
    counted = g.with_rules(BASE_RULES.with_changes(own_space_counts=True))
    assert facing(counted) == "N"  # Decision flipped: distance 0, no turn


def test_orientation_paths_go_around_water_only() -> None:
    # C1 is 2 steps away as the crow walks, but B1 is water: 4 steps around,
    # so A4 (3 steps) is nearer.
    g = game_from_map("""
        . ~ 1
        . . .
        . . .
        1 . .""", ["dark-male A1 E"])
    assert facing(g) == "S"
    # Target zones, pawns and other buildings do not block a path.
    g = game_from_map("""
        . T 1 .
        . . . .
        . . . .
        1 . . .""", ["dark-male A1 S"])
    assert facing(g) == "E"
    g = game_from_map("""
        . B 1 .
        . . . .
        . . . .
        1 . . .""", ["dark-male A1 S", "light-male A3 N"])
    assert facing(g) == "E"


def test_orientation_keeps_facing_when_no_building_is_reachable() -> None:
    g = game_from_map("""
        . ~ 1
        ~ ~ .
        . . .""", ["dark-male A1 E"])
    assert facing(g) == "E"


def test_orientation_uses_the_buildings_before_any_attack() -> None:
    # Phase 1 runs for every enemy before phase 2: the second enemy turns toward
    # D1 even though the first enemy's attack is about to knock it down.
    g = game_from_map("""
        . . . 1 .
        . . . . .
        B . . . .""", ["light-female D2 N", "dark-male B1 S"])
    state, lost = enemy_turn(g, g.start, (1, 1))
    assert lost == LOSS_BUILDINGS
    assert state.facings[1] == 1  # dark-male faces E (toward D1, 2 steps)


# -- phase 2: attack -------------------------------------------------------------------


def test_attack_removes_the_top_piece_dome_first() -> None:
    g = game_from_map("""
        . . 4 . .
        . . . . .
        1 . . . .""", ["dark-male C2 N"])
    state, lost = enemy_turn(g, g.start, (4,))
    assert lost == 0 and level(g, state, "C1") == 3  # the dome went, three blocks stay
    assert where(g, state) == "B2 W"
    g = game_from_map("""
        . . 2 . .
        . . . . .
        1 . . . .""", ["dark-male C2 N"])
    state, _ = enemy_turn(g, g.start, (3,))
    assert level(g, state, "C1") == 1 and where(g, state) == "D2 E"


def test_attack_defeats_a_builder_even_on_a_building() -> None:
    # Rulebook: a builder on a 2-high building is defeated; the building stays.
    g = game_from_map("""
        . . 2B .
        . . . .
        B . . 1""", ["dark-male C2 N"])
    state, lost = enemy_turn(g, g.start, (3,))
    assert lost == 0 and state.builders == (-1, g.square("A3"))
    assert level(g, state, "C1") == 2


def test_attack_defeating_the_last_builder_loses_at_once() -> None:
    g = game_from_map("""
        . . 2B .
        . . . .
        . . . 1""", ["dark-male C2 N", "light-male A3 N"])
    state, lost = enemy_turn(g, g.start, (1, 1))
    assert lost == LOSS_BUILDERS
    # Nobody moved; the light male had already turned toward D3 in phase 1.
    assert where(g, state, 0) == "C2 N" and where(g, state, 1) == "A3 E"


def test_friendly_fire_only_through_a_building() -> None:
    # The dark male on C2 stands on a 3-high building: the light female's attack
    # removes its top piece and the dark male stays (RULES 2).
    g = game_from_map("""
        . . . . .
        . . 3 . .
        . . . . .
        . . . . 1""", ["light-female C3 N", "dark-male C2 N"])
    assert orient(g, g.start) == (0, 1)  # the dark male ignores the building underfoot
    state, lost = enemy_turn(g, g.start, (2, 1))
    assert lost == 0 and level(g, state, "C2") == 2
    assert where(g, state, 0) == "C3 N"  # both steps blocked: 2 levels up is too high
    assert where(g, state, 1) == "D2 E"
    # On the ground the attacked enemy is untouched (no friendly fire).
    g = game_from_map("""
        . . 1 . .
        . . . . .
        . . . . .
        1 . . . .""", ["light-female C3 N", "dark-male C2 N"])
    state, lost = enemy_turn(g, g.start, (1, 3))
    assert lost == 0 and level(g, state, "C1") == 0  # the dark male hit C1
    assert where(g, state, 0) == "C3 N"  # its step into the dark male ended its move
    assert where(g, state, 1) == "D2 E"


def test_attack_on_the_edge_or_water_does_nothing() -> None:
    # Neither enemy can reach A1 (water cuts it off), so both keep their facing:
    # one faces water, the other the edge.
    g = game_from_map("""
        1 ~ .
        ~ . .""", ["light-female B2 N", "dark-male C1 N"])
    state, lost = enemy_turn(g, g.start, (1, 1))
    assert lost == 0 and state == g.start  # attacks hit nothing, steps were skipped
    state, lost = enemy_turn(g, g.start, (1, 6))
    # The dark male: step off the edge skipped, turn west toward water kept, step skipped.
    assert lost == 0 and where(g, state, 1) == "C1 W"


def test_destroying_the_last_building_loses_and_stops_the_turn() -> None:
    g = game_from_map("""
        . . 1 . .
        . . . . .
        T . . . B""", ["light-female C2 N", "dark-male A2 S"])
    state, lost = enemy_turn(g, g.start, (3, 1))
    assert lost == LOSS_BUILDINGS
    assert state.enemies == g.start.enemies  # no movement phase


# -- phase 3: movement -------------------------------------------------------------------


def test_movement_table_matches_the_rules() -> None:
    assert MOVEMENT_TABLE[1] == (0,) and MOVEMENT_TABLE[2] == (0, 0)
    assert MOVEMENT_TABLE[3] == (1, 0) and MOVEMENT_TABLE[4] == (3, 0)
    assert MOVEMENT_TABLE[5] == (0, 1, 0) and MOVEMENT_TABLE[6] == (0, 3, 0)


@pytest.mark.parametrize(("die", "expect"), [
    (1, "C3 N"), (2, "C2 N"), (3, "D4 E"), (4, "B4 W"), (5, "D3 E"), (6, "B3 W"),
])
def test_each_die_face_in_open_ground(die: int, expect: str) -> None:
    g = game_from_map("""
        . . 1 . .
        . . . . .
        . . . . .
        . . . . .
        . . . . .""", ["dark-male C4 N"])
    state, lost = enemy_turn(g, g.start, (die,))
    assert lost == 0 and where(g, state) == expect


def test_turn_toward_the_edge_is_undone_and_the_advance_still_happens() -> None:
    # Rulebook example: a 3 on the east edge cannot turn east, but advances north.
    g = game_from_map("""
        . . . . 1
        . . . . .
        . . . . .""", ["dark-male E3 N"])
    state, lost = enemy_turn(g, g.start, (3,))
    assert lost == 0 and where(g, state) == "E2 N"
    state, lost = enemy_turn(g, g.start, (5,))  # advance, (turn undone), advance onto E1
    assert lost == 0 and where(g, state) == "E1 N"


def test_turn_toward_water_is_not_undone() -> None:
    # Decision: only the map edge undoes a turn. Facing water stays, the step is skipped.
    g = game_from_map("""
        . . 1 . .
        . . . . .
        . . . ~ .""", ["dark-male C3 N"])
    state, lost = enemy_turn(g, g.start, (3,))
    assert lost == 0 and where(g, state) == "C3 E"
    strict = g.with_rules(BASE_RULES.with_changes(edge_only_undoes_turn=False))
    state, _ = enemy_turn(strict, strict.start, (3,))
    assert where(strict, state) == "C2 N"


def test_step_blocked_by_a_tall_building_is_skipped_and_the_roll_continues() -> None:
    # Rulebook example 2: a 5; the building blocks the advance, the enemy still
    # turns and advances. (The attack first knocks C3 from 3 to 2: still too high.)
    g = game_from_map("""
        . . . . .
        . . . . .
        . . 3 . .
        . . . . .""", ["dark-male C4 N"])
    state, lost = enemy_turn(g, g.start, (5,))
    assert lost == 0 and level(g, state, "C3") == 2
    assert where(g, state) == "D4 E"
    stopping = g.with_rules(BASE_RULES.with_changes(terrain_block_skips=False))
    state, _ = enemy_turn(stopping, stopping.start, (5,))
    assert where(stopping, state) == "C4 N"


def test_step_into_a_dome_is_skipped() -> None:
    # Faces C1 (front beats the dome on its right), knocks C1 to 1, turns east
    # toward the dome on D2: the step is skipped.
    g = game_from_map("""
        . . 2 . .
        . . . 4 .""", ["dark-male C2 N"])
    state, lost = enemy_turn(g, g.start, (3,))
    assert lost == 0 and where(g, state) == "C2 E"
    assert level(g, state, "C1") == 1 and level(g, state, "D2") == 4


def test_climbing_one_level_up_and_any_number_down() -> None:
    g = game_from_map("""
        . . 3 . .
        . . 2 . .
        . . . . .""", ["dark-male C3 N"])
    state, _ = enemy_turn(g, g.start, (2,))  # C2 2 -> 1; up onto C2; C1 (3) too high
    assert where(g, state) == "C2 N"
    g = game_from_map("""
        . . . . .
        . . 3 . .
        . . . . .
        . . 1 . .""", ["dark-male C2 S"])
    state, _ = enemy_turn(g, g.start, (2,))  # down three levels to C3, up one onto C4
    assert where(g, state) == "C4 S"


def test_step_into_another_enemy_ends_the_movement() -> None:
    g = game_from_map("""
        . . 1 . .
        . . . . .
        . . . . .
        . . . . .""", ["light-female C4 N", "dark-male C3 N"])
    state, lost = enemy_turn(g, g.start, (5, 1))
    assert lost == 0
    assert where(g, state, 0) == "C4 N"  # no turn, no second advance
    assert where(g, state, 1) == "C2 N"
    skipping = g.with_rules(BASE_RULES.with_changes(enemy_block_ends_move=False))
    state, _ = enemy_turn(skipping, skipping.start, (5, 1))
    assert where(skipping, state, 0) == "D4 E"


def test_terrain_is_checked_before_the_enemy_on_it() -> None:
    # The dark male stands on a 3-high building in front of the light female:
    # her attack lowers it to 2, still too high, so her step is skipped (terrain
    # first) and her roll goes on.
    g = game_from_map("""
        . . . . .
        . . . . .
        . . 3 . .
        . . . . .""", ["light-female C4 N", "dark-male C3 N"])
    state, lost = enemy_turn(g, g.start, (5, 4))
    assert lost == 0 and level(g, state, "C3") == 2
    assert where(g, state, 0) == "D4 E"
    assert where(g, state, 1) == "B3 W"
    enemy_first = g.with_rules(BASE_RULES.with_changes(terrain_before_enemy=False))
    state, _ = enemy_turn(enemy_first, enemy_first.start, (5, 4))
    assert where(enemy_first, state, 0) == "C4 N"


def test_entering_a_builder_defeats_it_mid_move() -> None:
    # Rulebook: an enemy rolling 2 defeats the builder on its way.
    g = game_from_map("""
        . . 1 . .
        . . . . .
        . . B . .
        . . . . .
        B . . . .""", ["dark-male C5 N"])
    state, lost = enemy_turn(g, g.start, (2,))
    assert lost == 0 and where(g, state) == "C3 N"
    assert state.builders == (-1, g.square("A5"))
    # A 5 enters the builder on its second step, after the turn.
    g = game_from_map("""
        . . . . .
        . . 1 . .
        . . . . .
        . . . B .
        B . . . .""", ["dark-male C5 N"])
    state, lost = enemy_turn(g, g.start, (5,))
    assert lost == 0 and where(g, state) == "D4 E"
    assert state.builders == (-1, g.square("A5"))


def test_defeating_the_last_builder_mid_move_loses() -> None:
    g = game_from_map("""
        . . 1 . .
        . . . . .
        . . B . .
        . . . . .
        . . . . .""", ["dark-male C5 N"])
    state, lost = enemy_turn(g, g.start, (2,))
    assert lost == LOSS_BUILDERS and where(g, state) == "C3 N"


def test_passing_through_a_target_zone_loses_at_once() -> None:
    g = game_from_map("""
        . . 1 . .
        . . T . .
        . . . . .
        . . . . B""", ["light-female C3 N", "dark-male A4 N"])
    state, lost = enemy_turn(g, g.start, (2, 1))
    assert lost == LOSS_TARGET
    assert where(g, state, 0) == "C2 N"  # stopped on the target: no second step
    assert where(g, state, 1) == "A4 N"  # the turn stopped: the dark male never moved


def test_a_loss_reports_every_condition_true_at_that_moment() -> None:
    # The last builder stands on the target zone the enemy enters.
    g = game_from_map("""
        . . 1 . .
        . . TB . .
        . . . . .
        . . . . .""", ["dark-male C4 N"])
    state, lost = enemy_turn(g, g.start, (2,))
    assert lost == LOSS_TARGET | LOSS_BUILDERS
    assert where(g, state) == "C2 N"


def test_enemy_order_and_one_die_per_enemy_on_the_board() -> None:
    g = game_from_map("""
        1 . . . .
        . . . . .
        . . . . .""", ["dark-female E3 N", "light-female A3 N", "light-male C3 N"])
    assert g.types == ("light-female", "light-male", "dark-female")
    assert dice_count(g, g.start) == 3
    defeated = g.start._replace(enemies=(g.start.enemies[0], -1, g.start.enemies[2]))
    assert dice_count(g, defeated) == 2
    with pytest.raises(ValueError):
        enemy_turn(g, defeated, (1, 1, 1))
    assert BASE_RULES.enemy_order == ENEMY_TYPES
    flipped = g.with_rules(Rules(enemy_order=tuple(reversed(ENEMY_TYPES))))
    assert flipped.types == ("dark-female", "light-male", "light-female")


def test_format_state_shows_pawns_and_levels() -> None:
    g = game_from_map("""
        T 1 ~
        2B . .""", ["dark-male C2 W"])
    assert format_state(g, g.start) == "T 1 ~\n2B . <"
