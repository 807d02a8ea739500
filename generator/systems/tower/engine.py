"""The Santowerini engine: pure, deterministic, exact (RULES.md section 2).

A :class:`Game` is one scenario under one :class:`~.rules.Rules` value: the map's
precomputed tables (the square ahead in each facing, 8-neighbours for moving and
for building, orthogonal distances around water) plus the set-up
:class:`State`. States are small immutable tuples of ints, so they hash and
compare cheaply (a search keys its tables on them):

- ``levels[sq]``: 0-3 blocks, 4 = three blocks and a dome (:data:`~.rules.DOME`);
- ``builders``: each builder's square, ``-1`` once defeated;
- ``enemies``: each enemy's square in enemy order (``game.types`` names them),
  ``-1`` once defeated; ``facings``: 0 N, 1 E, 2 S, 3 W.

Squares are ``row * width + col`` with row 0 the top row (``A1`` is square 0).

The enemy turn is a function of (state, dice): :func:`enemy_turn` takes the
die values explicitly (one movement die per enemy still on the board, in enemy
order; with an attack-die variant, one attack die per enemy first), so
expectimax and exact enumeration work on it; :func:`roll_dice` draws them from a
``random.Random`` that is passed in, and :func:`enemy_turn_outcomes` lists every
distinct result with its exact weight (6^k outcomes, sharing prefixes).

The player turn: :func:`list_actions` (an empty list means the loss "no builder
can move then build"), :func:`apply_action`, :func:`is_won`. An action is a
tuple ``(builder, to, build, via, extra, other)`` (see :mod:`.player_turn`): the
builder index, its destination, the space built on, the space before the last step
of a longer move, a second piece's space and a power's other space (``-1``: none).
States carry ``stored``, the pieces on Morpheus's card (0 under every other card).

Hot paths allocate nothing per step: the enemy turn copies the state into four
small lists once, mutates them and freezes them back.

The engine is three modules under this one: :mod:`.game` (the compiled scenario and
its state), :mod:`.enemy_turn` and :mod:`.player_turn`; this module re-exports them
and adds what needs both turns: :func:`loss_odds` and :func:`play_game`.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from generator.systems.tower.enemy_turn import (
    dice_count,
    enemy_turn,
    enemy_turn_outcomes,
    orient,
    play_enemy_turn,
    roll_dice,
)
from generator.systems.tower.game import (
    DIRECTIONS,
    EDGE,
    NO_SQUARE,
    UNREACHABLE,
    WATER,
    Action,
    Game,
    GameResult,
    Outcome,
    Square,
    State,
    facing_of,
    format_state,
    make_game,
)
from generator.systems.tower.player_turn import (
    apply_action,
    has_action,
    is_won,
    list_actions,
    start_of_player_turn,
)
from generator.systems.tower.rules import ENEMY_TYPES, LOSS_STUCK


@dataclass(frozen=True, slots=True)
class LossOdds:
    """Exact chances that an enemy turn (or the start of the player turn after it) loses."""

    probability: Fraction
    by_reason: tuple[tuple[int, Fraction], ...]  # loss flags -> probability
    by_culprit: tuple[tuple[int, Fraction], ...]  # enemy index (-1: stuck) -> probability
    outcomes: int  # distinct results enumerated


def loss_odds(game: Game, state: State | None = None) -> LossOdds:
    """The exact probability that the enemy turn from ``state`` (default: the
    set-up, as every scenario starts with it) loses before the player moves,
    counting the loss "no builder can move then build" at the player's turn."""
    denominator, outcomes = enemy_turn_outcomes(game, game.start if state is None else state)
    reasons: dict[int, int] = {}
    culprits: dict[int, int] = {}
    for o in outcomes:
        lost, culprit = o.lost, o.culprit
        if not lost and not has_action(game, o.state):
            lost, culprit = LOSS_STUCK, -1
        if lost:
            reasons[lost] = reasons.get(lost, 0) + o.weight
            culprits[culprit] = culprits.get(culprit, 0) + o.weight
    return LossOdds(Fraction(sum(reasons.values()), denominator),
                    tuple((k, Fraction(v, denominator)) for k, v in sorted(reasons.items())),
                    tuple((k, Fraction(v, denominator)) for k, v in sorted(culprits.items())),
                    len(outcomes))


# -- a whole game ----------------------------------------------------------------------


Policy = Callable[[Game, State, list[Action], random.Random], Action]


def random_policy(game: Game, state: State, actions: list[Action], rng: random.Random) -> Action:
    """Pick a legal action uniformly."""
    return actions[rng.randrange(len(actions))]


Observer = Callable[[int, State, "Action | None"], None]
"""Told each turn of a game: the round, the position after it, and the builder's action
(None after the enemies' turn)."""


def play_game(game: Game, policy: Policy, rng: random.Random, *, max_rounds: int = 100,
              state: State | None = None, observe: Observer | None = None) -> GameResult:
    """Play from ``state`` (default: the set-up; the enemy moves first) until a win,
    a loss or ``max_rounds`` enemy turns (then neither won nor lost); ``observe`` sees
    every turn (``playtest --replay``)."""
    state = game.start if state is None else state
    for rounds in range(1, max_rounds + 1):
        state, lost = play_enemy_turn(game, state, rng)
        if observe is not None:
            observe(rounds, state, None)
        if lost:
            return GameResult(False, lost, rounds, state)
        actions = list_actions(game, state)
        if not actions:
            return GameResult(False, LOSS_STUCK, rounds, state)
        action = policy(game, state, actions, rng)
        state = apply_action(game, state, action)
        if observe is not None:
            observe(rounds, state, action)
        if is_won(state):
            return GameResult(True, 0, rounds, state)
    return GameResult(False, 0, max_rounds, state)


__all__ = [
    "Action", "DIRECTIONS", "EDGE", "ENEMY_TYPES", "Game", "GameResult", "LossOdds",
    "NO_SQUARE", "Observer", "Outcome", "Policy", "Square", "State", "UNREACHABLE", "WATER",
    "apply_action", "dice_count", "enemy_turn", "enemy_turn_outcomes", "facing_of",
    "format_state", "has_action", "is_won", "list_actions", "loss_odds", "make_game", "orient",
    "play_enemy_turn", "play_game", "random_policy", "roll_dice", "start_of_player_turn",
]
