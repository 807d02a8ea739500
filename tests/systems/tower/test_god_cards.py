"""One hand-built position per god card where its power changes the legal actions or the
enemy turn exactly as the card says, and one where it does not apply; the shipped
piles; every easy card only adds options (pinned on random positions, the property
that keeps an easy card from making a scenario unwinnable)."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from generator.pack.loader import load_packs
from generator.pack.schema import load_schemas
from generator.pipeline import kinds_of
from generator.registry import discover_systems
from generator.systems.tower import engine, proof, replay
from generator.systems.tower.engine import Action, Game, Policy, State
from generator.systems.tower.model import build_variant, game_from_map
from generator.systems.tower.policies import load_policy, policy_names
from generator.systems.tower.policies._heuristics import make_tables
from generator.systems.tower.policies.greedy import choose_greedy
from generator.systems.tower.rules import BASE_RULES, POSEIDON_BUILDS, Rules
from generator.systems.tower.variants import EASY, HOOKS, apply_hooks

from .test_tower_reference import random_position

TOWER = Path(__file__).resolve().parents[3] / "content" / "tower"


def hooked(g: Game, hook: str) -> Game:
    return g.with_rules(apply_hooks(Rules(), [(hook, {})], hook))


def outcomes(g: Game, state: State | None = None) -> set[State]:
    """Every position the player can leave behind (the stored count left out)."""
    state = state or g.start
    return {engine.apply_action(g, state, a)._replace(stored=0)
            for a in engine.list_actions(g, state)}


def ends(g: Game, state: State | None = None, builder: int = 0) -> set[str]:
    return {g.name(a[1]) for a in engine.list_actions(g, state or g.start) if a[0] == builder}


# -- the piles ---------------------------------------------------------------------------


def test_the_shipped_piles_are_the_rulebooks_thirteen_easy_and_eight_expert_cards() -> None:
    loaded = load_packs([TOWER], load_schemas(), kinds_of(discover_systems()))
    assert not loaded.diagnostics
    pack = loaded.packs[0]
    variants = [build_variant(d) for d in pack.of_kind("tower-variant")]
    assert len({v.id for v in variants}) == len(variants) == 21
    for side, count in ((EASY, 13), ("expert", 8)):
        pile = [v for v in variants if v.difficulty == side]
        assert len(pile) == count
        # One hook a card, of the card's own god and side.
        assert all(len(v.hooks) == 1 and HOOKS[v.hooks[0][0]].god == v.god
                   and HOOKS[v.hooks[0][0]].side == side for v in pile)
    assert len(HOOKS) == 21 and {h for v in variants for h, _ in v.hooks} == set(HOOKS)


@pytest.mark.parametrize("hook", sorted(h for h, spec in HOOKS.items() if spec.side == EASY))
def test_an_easy_card_keeps_every_plain_action_and_the_enemy_turn(hook: str) -> None:
    rng = random.Random(f"superset:{hook}")
    for _ in range(40):
        base, state = random_position(rng, BASE_RULES)
        g = hooked(base, hook)
        assert outcomes(base, state) <= outcomes(g, state)
        dice = tuple(rng.randint(1, 6) for _ in range(engine.dice_count(g, state)))
        assert engine.enemy_turn(g, state, dice) == engine.enemy_turn(base, state, dice)


# -- easy cards --------------------------------------------------------------------------


def test_apollo_easy_steps_onto_an_enemy_which_takes_the_builders_space() -> None:
    g = hooked(game_from_map("""
        . . . 1
        . B . .
        . . . B""", ["dark-male C2 N"]), "swap-with-enemy")
    swap = [a for a in engine.list_actions(g, g.start) if g.name(a[1]) == "C2"]
    assert {a[0] for a in swap} == {0, 1}  # D3 is next to C2 as well
    assert all(engine.apply_action(g, g.start, a).enemies == (g.start.builders[a[0]],)
               for a in swap)
    # Not from a target zone (the enemy would land on it), nor two levels up.
    assert "C2" not in ends(hooked(game_from_map("""
        . . . 1
        . TB . .
        . . . B""", ["dark-male C2 N"]), "swap-with-enemy"))
    assert "C2" not in ends(hooked(game_from_map("""
        . . . 1
        . B 2 .
        . . . B""", ["dark-male C2 N"]), "swap-with-enemy"))


def test_demeter_builds_a_second_time_never_on_the_same_space() -> None:
    g = hooked(game_from_map("""
        . . .
        B . 1
        . . .""", ["dark-male C3 N"]), "second-build")
    twice = [a for a in engine.list_actions(g, g.start) if a[4] >= 0]
    assert twice and all(a[4] != a[2] for a in twice)
    # From A1: B1 and B2, or A2 and B1, in either order (one action each).
    assert {frozenset((g.name(a[2]), g.name(a[4]))) for a in twice if g.name(a[1]) == "A1"} >= {
        frozenset(("B1", "B2")), frozenset(("A2", "B1"))}


def test_hermes_walks_its_level_any_distance_or_not_at_all() -> None:
    base = game_from_map("""
        B . 1 . .
        . . 1 . .
        1 1 1 . .
        . . . . B""", ["dark-male E1 S"])
    g = hooked(base, "level-walk")
    # The ground walk stays inside the wall of blocks; A1 itself (no steps) counts too.
    assert ends(g) == {"A1", "B1", "A2", "B2"} and ends(base) == {"B1", "A2", "B2"}
    # The builder on E4 walks the open ground to D1, far away.
    assert "D1" in ends(g, builder=1) and "D1" not in ends(base, builder=1)


def test_hermes_walks_every_builder_then_one_of_them_builds() -> None:
    g = hooked(game_from_map("""
        B . 1 . .
        . . 1 . .
        1 1 1 . .
        . . . . B""", ["dark-male E1 S"]), "level-walk")
    actions = engine.list_actions(g, g.start)
    names = {(a[0], tuple(g.name(w) for w in a[7]), g.name(a[2])) for a in actions if a[7]}
    # Both walk in one turn (B2 and D2, far from E4), and either of them builds.
    assert (0, ("B2", "D2"), "C1") in names and (1, ("B2", "D2"), "D1") in names
    # Neither may walk off its level: builder 2 never stands on a block.
    assert all(g.start.levels[a[7][1]] == 0 for a in actions if a[7])
    # Builder 2 walks, the one on A1 not at all, and A1 still builds (on B1).
    after = engine.apply_action(g, g.start, next(
        a for a in actions if a[0] == 0 and a[7] and g.name(a[7][0]) == "A1"
        and g.name(a[7][1]) == "D1" and g.name(a[2]) == "B1"))
    assert after.builders == (g.square("A1"), g.square("D1"))
    assert after.levels[g.square("B1")] == 1
    walk = next(a for a in actions if a[0] == 1 and a[7] and g.name(a[7][0]) == "B2"
                and g.name(a[7][1]) == "D2" and g.name(a[2]) == "D1")
    assert proof.describe_action(g, walk) == (
        "builders walk to B2, D2, builder 2 builds on D1")
    assert replay.describe_action(g, g.start, walk) == (
        "builders walk A1-B2, E4-D2, builder 2, builds D1")
    # Without the card the turn moves one builder only.
    base = g.with_rules(BASE_RULES)
    assert not any(sum(x != y for x, y in zip(s.builders, g.start.builders)) > 1
                   for s in outcomes(base))
    assert any(sum(x != y for x, y in zip(s.builders, g.start.builders)) == 2
               for s in outcomes(g))


def test_prometheus_builds_first_then_never_climbs() -> None:
    g = hooked(game_from_map("""
        . 1 .
        B . .
        . . .""", ["dark-male C3 N"]), "build-before-move")
    first = [a for a in engine.list_actions(g, g.start) if a[4] >= 0]
    assert first
    for a in first:
        pre = g.start.levels[a[4]] + 1 if a[4] == a[1] else g.start.levels[a[1]]
        assert pre <= g.start.levels[g.square("A2")]  # not up after building first
    assert "B1" in ends(g)  # without the first build it may still climb to B1
    assert not any(a[4] >= 0 and g.name(a[1]) == "B1" for a in engine.list_actions(g, g.start))


def test_ares_takes_a_block_next_to_the_builder_that_did_not_move() -> None:
    g = hooked(game_from_map("""
        B . 4 .
        . 2 . .
        . . B .""", ["dark-male A3 N"]), "remove-block")
    taken = {g.name(a[5]) for a in engine.list_actions(g, g.start)
             if a[5] >= 0 and a[0] == 1 and a[5] != a[2]}
    # Builder 2 moves, builder 1 on A1 did not: B2 is next to it (a block built on B1
    # or A2 this turn may come off again too); C1 is a dome, far away.
    assert taken == {"B2"}
    b2 = g.square("B2")
    a = next(a for a in engine.list_actions(g, g.start) if a[0] == 1 and a[5] == b2 != a[2])
    assert engine.apply_action(g, g.start, a).levels[b2] == 1
    # Never the last piece on the map.
    last = hooked(game_from_map("""
        B 1 .
        . . .
        . . B""", ["dark-male A3 N"]), "remove-block")
    assert any(a[5] >= 0 for a in engine.list_actions(last, last.start))
    assert all(any(after.levels) for after in outcomes(last))


def test_charon_easy_ferries_an_enemy_across_the_builder_before_it_moves() -> None:
    g = hooked(game_from_map("""
        . . . . 1
        . B . . .
        . . . . B""", ["dark-male C2 N"]), "force-enemy")
    sent = [a for a in engine.list_actions(g, g.start) if a[5] >= 0]
    assert sent and all(engine.apply_action(g, g.start, a).enemies == (g.square("A2"),)
                        for a in sent)
    # Across is water: no ferry.
    wet = hooked(game_from_map("""
        . . . . 1
        ~ B . . .
        . . . . B""", ["dark-male C2 N"]), "force-enemy")
    assert not any(a[5] >= 0 for a in engine.list_actions(wet, wet.start))


def test_hestia_easy_builds_again_away_from_the_edge() -> None:
    g = hooked(game_from_map("""
        B . .
        . . .
        . . 1""", ["dark-male A3 N"]), "inland-build")
    seconds = {g.name(a[4]) for a in engine.list_actions(g, g.start) if a[4] >= 0}
    assert seconds == {"B2"}  # the one space of a 3x3 map off its edge


def test_morpheus_stores_a_piece_a_turn_and_builds_any_number_of_them() -> None:
    g = hooked(game_from_map("""
        B . .
        . . .
        . . 1""", ["dark-male A3 N"]), "stored-builds")
    first = engine.list_actions(g, g.start)
    assert any(a[2] < 0 for a in first)  # no build at all
    assert not any(a[4] >= 0 for a in first)  # only this turn's piece on the card
    kept = engine.apply_action(g, g.start, next(a for a in first if a[2] < 0))
    assert kept.stored == 1
    assert any(a[4] >= 0 for a in engine.list_actions(g, kept))  # two pieces now
    # The card keeps every piece not built (no cap of the engine's own) ...
    hoard = kept._replace(stored=7)
    assert engine.apply_action(g, hoard, next(a for a in first if a[2] < 0)).stored == 8
    # ... and a turn spends all of them: eight pieces from B2, the card emptied.
    at_b2 = [a for a in engine.list_actions(g, hoard) if g.name(a[1]) == "B2"]
    most = max(at_b2, key=lambda a: len(a[6]))
    assert 2 + len(most[6]) == 8 and engine.apply_action(g, hoard, most).stored == 0
    # Four pieces on one space (a finished tower) count: A1 after the builder left it.
    assert any(engine.apply_action(g, hoard, a).levels[g.square("A1")] == 4 for a in at_b2)
    # Each position once: spending from a card of 7 lists no two equal results.
    assert len(outcomes(g, hoard)) == len(engine.list_actions(g, hoard))


def test_poseidon_builds_with_the_unmoved_builder_on_the_ground_only() -> None:
    g = hooked(game_from_map("""
        B . . .
        . . . .
        . . . 1B""", ["dark-male A3 N"]), "ground-build")
    # Builder 2 (on level 1) moves; builder 1 on the ground builds around A1 too.
    assert any(a[0] == 1 and a[4] >= 0 and g.name(a[4]) in {"B1", "A2", "B2"}
               for a in engine.list_actions(g, g.start))
    # Builder 1 moves; builder 2 stands on level 1: no extra build.
    assert not any(a[0] == 0 and a[4] >= 0 for a in engine.list_actions(g, g.start))


def test_poseidon_builds_up_to_three_times_the_same_space_too() -> None:
    g = hooked(game_from_map("""
        B . . .
        . . . .
        . . . 1B""", ["dark-male A3 N"]), "ground-build")
    actions = [a for a in engine.list_actions(g, g.start) if a[0] == 1 and a[4] >= 0]
    counts = {1 + len(a[6]) for a in actions}
    assert counts == set(range(1, POSEIDON_BUILDS + 1)) == {1, 2, 3}
    around_a1 = {g.square(n) for n in ("B1", "A2", "B2")}
    assert all({a[4], *a[6]} <= around_a1 for a in actions)
    three = next(a for a in actions if len(a[6]) == 2 and g.name(a[1]) == "C2"
                 and {a[2], a[4], *a[6]} == {g.square("B1")})
    assert replay.describe_action(g, g.start, three) == (
        "builder 2 D3-C2, builds B1, more pieces on B1, B1, B1")
    assert proof.describe_action(g, three) == "builder 2 to C2, builds on B1, B1, B1 and B1"
    # Three on B1: a level-3 building from the ground builder alone.
    assert any(engine.apply_action(g, g.start, a).levels[g.square("B1")] == 3
               for a in actions)


def test_triton_runs_on_along_the_edge() -> None:
    base = game_from_map("""
        B . . . .
        . . . . .
        . . . . .
        . . . . .
        . . . . 1""", ["dark-male D4 N"])
    g = hooked(base, "edge-run")
    assert {"E1", "A5", "E5"} <= ends(g)  # along the edge
    assert "B2" in ends(g) and "C3" not in ends(g)  # an inland space ends the run
    assert "A1" not in ends(g)  # never back where it began


def test_zeus_easy_builds_under_itself_except_on_level_three() -> None:
    g = hooked(game_from_map("""
        B . 1
        3 . .""", ["dark-male C2 N"]), "build-underfoot")
    under = {g.name(a[1]) for a in engine.list_actions(g, g.start) if a[2] == a[1]}
    assert under == {"B1", "B2"}  # not A2, where it would stand on level 3


# -- expert cards ------------------------------------------------------------------------


def test_minotaur_shoves_a_taller_building_one_space_on() -> None:
    g = hooked(game_from_map("""
        . . . .
        . . . .
        . 2 . .
        B . . B""", ["dark-male B1 S"]), "push-building")
    # Attack phase hits B2? No: the enemy faces its nearest building, B3, two steps south.
    state, lost = engine.enemy_turn(g, g.start, (2,))
    assert lost == 0
    assert g.name(state.enemies[0]) == "B3"
    assert state.levels[g.square("B3")] == 0 and state.levels[g.square("B4")] == 2
    # B4 held a builder: the building stays, too tall to climb, and the enemy waits.
    blocked = hooked(game_from_map("""
        . . . .
        . . . .
        . 2 . .
        . B . B""", ["dark-male B1 S"]), "push-building")
    state, _ = engine.enemy_turn(blocked, blocked.start, (2,))
    assert g.name(state.enemies[0]) == "B2" and state.levels[g.square("B3")] == 2


def test_aphrodite_keeps_a_builder_next_to_the_enemy_it_started_beside() -> None:
    base = game_from_map("""
        . . . . .
        . B . . .
        . . . . 1
        . . . . B""", ["dark-male A1 E"])
    g = hooked(base, "stay-near-enemy")
    assert ends(g) == {"B1", "A2"}  # the free spaces next to A1
    assert ends(base) == {"B1", "C1", "A2", "C2", "A3", "B3", "C3"}
    assert ends(g, builder=1) == ends(base, builder=1)  # E4 starts far from the enemy


def test_charon_expert_pulls_builders_across_the_enemy_before_it_moves() -> None:
    g = hooked(game_from_map("""
        . . . . 1
        . B . . .
        . . . . B""", ["dark-male C2 N"]), "pull-across")
    # The enemy attacks north (C1, nothing there), sends B2 to D2, then moves: 3 turns it
    # east, where D2 now holds the builder it defeats.
    state, _ = engine.enemy_turn(g, g.start, (1,))
    assert g.name(state.builders[0]) == "D2"
    plain = g.with_rules(BASE_RULES)
    assert engine.enemy_turn(plain, plain.start, (1,))[0].builders[0] == g.square("B2")
    wet = hooked(game_from_map("""
        . . . . 1
        . B . ~ .
        . . . . B""", ["dark-male C2 N"]), "pull-across")
    assert engine.enemy_turn(wet, wet.start, (1,))[0].builders[0] == g.square("B2")


def test_hypnus_freezes_the_higher_builder() -> None:
    g = hooked(game_from_map("""
        1B . .
        . . 1
        . . B""", ["dark-male A3 N"]), "highest-sleeps")
    assert {a[0] for a in engine.list_actions(g, g.start)} == {1}
    level = hooked(game_from_map("""
        1B . .
        . . 1
        . . 1B""", ["dark-male A3 N"]), "highest-sleeps")
    assert {a[0] for a in engine.list_actions(level, level.start)} == {0, 1}
    alone = level.start._replace(builders=(level.start.builders[0], -1))
    assert {a[0] for a in engine.list_actions(level, alone)} == {0}


def test_greedy_scores_a_ferry_on_the_position_it_makes() -> None:
    # Only after Charon ferries the enemy from C2 (level 1) across B2 to A2 (ground)
    # can the builder climbing to A1 (level 2) crush it: the greedy policy finds that win.
    g = hooked(game_from_map("""
        2 . . .
        . 1B 1 .
        . . . B""", ["dark-male C2 N"]), "force-enemy")
    actions = engine.list_actions(g, g.start)
    action = choose_greedy(make_tables(g), g.start, actions, random.Random(1))
    assert action[5] == g.square("C2") and engine.is_won(engine.apply_action(g, g.start, action))


@pytest.mark.parametrize("hook", sorted(HOOKS))
def test_every_policy_plays_every_card(hook: str) -> None:
    # Each policy picks among the card's options and the games run to an end (or the
    # round cap) with only legal actions.
    rng = random.Random(f"policies:{hook}")
    base, _ = random_position(rng, BASE_RULES)
    g = hooked(base, hook)
    for name in policy_names():
        policy = load_policy(name).make(g)

        def checked(game: Game, state: State, actions: list[Action], r: random.Random,
                    policy: Policy = policy) -> Action:
            action = policy(game, state, actions, r)
            assert action in actions
            return action

        for seed in range(2 if name == "lookahead" else 5):
            engine.play_game(g, checked, random.Random(seed), max_rounds=12)
