"""Lockstep fuzzing: the engine against the slow reference (``reference.py``) on
random positions and random games, under the base rules and every hook."""
from __future__ import annotations

import random

import pytest

from generator.systems.tower import engine, player_turn
from generator.systems.tower.engine import Game, State, make_game
from generator.systems.tower.rules import ENEMY_TYPES, Rules
from generator.systems.tower.variants import HOOKS, apply_hooks

from . import reference as ref

RULE_SETS = {
    "base": Rules(),
    **{name: apply_hooks(Rules(), [(name, {})]) for name in sorted(HOOKS)},
    "no-build-near-enemy-diagonal": apply_hooks(Rules(), [("no-build-near-enemy",
                                                           {"diagonal": True})]),
    "double-attack-2-3-4": apply_hooks(Rules(), [("double-attack", {"faces": [2, 3, 4]})]),
}


def random_position(rng: random.Random, rules: Rules, builders: int = 2
                    ) -> tuple[Game, State]:
    """A random set-up: some water and targets, towers, two builders (or ``builders``)
    and 1-4 enemies."""
    while True:
        made = _try_position(rng, rules, builders)
        if made is not None:
            return made


def _try_position(rng: random.Random, rules: Rules, count: int) -> tuple[Game, State] | None:
    width, height = rng.choice([(5, 5), (5, 5), (4, 6), (6, 4), (3, 3)])
    size = width * height
    water = [rng.random() < 0.1 for _ in range(size)]
    targets = [not water[i] and rng.random() < 0.08 for i in range(size)]
    levels = [0 if water[i] or targets[i] else rng.choice((0, 0, 0, 1, 1, 2, 3, 4))
              for i in range(size)]
    free = [i for i in range(size) if not water[i] and levels[i] < 4]
    rng.shuffle(free)
    builders = [sq for sq in free[:count]]
    spots = [sq for sq in free[count:] if not targets[sq]]
    if not spots:
        return None
    types = rng.sample(ENEMY_TYPES, rng.randint(1, min(4, len(spots))))
    enemies = [(t, spots[i], rng.randrange(4)) for i, t in enumerate(types)]
    if not any(levels):
        levels[free[-1]] = 1
    g = make_game(width, height, water=water, targets=targets, levels=levels,
                  builders=builders, enemies=enemies, rules=rules)
    return g, g.start


def to_board(g: Game, s: State) -> ref.Board:
    def space(sq: int) -> tuple[int, int]:
        return (sq % g.width, sq // g.width)

    return ref.Board(
        g.width, g.height,
        {space(i) for i in range(g.size) if g.water[i]},
        {space(i) for i in range(g.size) if g.targets[i]},
        {space(i): s.levels[i] for i in range(g.size)},
        [space(b) if b >= 0 else None for b in s.builders],
        [[space(e) if e >= 0 else None, f] for e, f in zip(s.enemies, s.facings)],
        g.rules)


def from_board(g: Game, board: ref.Board, stored: int = 0) -> State:
    def sq(space: tuple[int, int] | None) -> int:
        return -1 if space is None else space[1] * g.width + space[0]

    return State(tuple(board.levels[(i % g.width, i // g.width)] for i in range(g.size)),
                 tuple(sq(b) for b in board.builders),
                 tuple(sq(e[0]) for e in board.enemies),
                 tuple(e[1] for e in board.enemies), stored)


def check_enemy_turn(g: Game, s: State, dice: tuple[int, ...]) -> tuple[State, int]:
    got, lost = engine.enemy_turn(g, s, dice)
    board = to_board(g, s)
    want_lost = ref.enemy_turn(board, dice)
    assert (lost, got) == (want_lost, from_board(g, board, s.stored)), (
        f"\n{engine.format_state(g, s)}\ndice {dice}\n{engine.format_state(g, got)}")
    return got, lost


def check_actions(g: Game, s: State) -> None:
    actions = engine.list_actions(g, s)
    got = set()
    for action in actions:
        after = engine.apply_action(g, s, action)
        board = to_board(g, after)
        got.add((action[0], tuple(board.builders), tuple(sorted(board.levels.items())),
                 tuple(e[0] for e in board.enemies)))
    want = ref.results(to_board(g, s), s.stored)
    assert len(got) == len(actions), "two actions with the same result"
    assert got == want, f"\n{engine.format_state(g, s)}\nextra {got - want}\nmissing {want - got}"
    assert engine.has_action(g, s) == bool(want)


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_enemy_turn_and_actions_match_the_reference_on_random_positions(name: str) -> None:
    rng = random.Random(f"positions-{name}")
    rules = RULE_SETS[name]
    for _ in range(60):
        g, s = random_position(rng, rules)
        check_actions(g, s)
        dice = tuple(rng.randint(1, 6) for _ in range(engine.dice_count(g, s)))
        check_enemy_turn(g, s, dice)


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_random_games_match_the_reference_turn_by_turn(name: str) -> None:
    rng = random.Random(f"games-{name}")
    rules = RULE_SETS[name]
    for _ in range(12):
        g, s = random_position(rng, rules)
        for _ in range(15):
            s, lost = check_enemy_turn(g, s, engine.roll_dice(g, s, rng))
            if lost:
                break
            check_actions(g, s)
            actions = engine.list_actions(g, s)
            if not actions:
                break
            s = engine.apply_action(g, s, rng.choice(actions))
            if engine.is_won(s):
                break


WHOLE_POWERS = [("level-walk",), ("ground-build",), ("stored-builds",),
                ("level-walk", "extra-move"), ("level-walk", "edge-run"),
                ("level-walk", "swap-with-enemy"), ("level-walk", "ground-build"),
                ("level-walk", "stay-near-enemy"), ("level-walk", "highest-sleeps"),
                ("ground-build", "second-build"), ("ground-build", "extra-block"),
                ("ground-build", "no-build-near-enemy"), ("stored-builds", "build-underfoot"),
                ("stored-builds", "no-build-near-enemy")]


@pytest.mark.parametrize("hooks", WHOLE_POWERS, ids="+".join)
def test_whole_powers_match_the_reference_with_more_builders_and_a_stock(
        hooks: tuple[str, ...]) -> None:
    """Hermes walks every builder, Poseidon builds up to three times, Morpheus spends
    any stock: with two and three builders, pieces already on Morpheus's card, and
    beside the cards whose moves or builds they meet."""
    rng = random.Random(f"whole-{'+'.join(hooks)}")
    rules = apply_hooks(Rules(), [(hook, {}) for hook in hooks])
    for n in range(30):
        g, s = random_position(rng, rules, builders=2 + n % 2)
        if rules.stored_builds:
            s = s._replace(stored=rng.randrange(5))
        check_actions(g, s)


def test_plain_and_general_action_lists_agree() -> None:
    rng = random.Random(7)
    for _ in range(200):
        g, s = random_position(rng, Rules())
        assert player_turn._list_plain(g, s, False) == player_turn._list_general(g, s, False)
