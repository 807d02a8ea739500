"""Optimal first moves with 2-4 players and a blessing card (brief legality2, item 4).

The solver counts the distinct first moves that start a shortest line, over every
way the players may share the workers, keyed by the action
(:meth:`~generator.systems.riddle.game.RiddleGame.first_move`). A plain move is
``(worker, to, build)``, the same in every sharing; a turn that uses a power or a
blessing card is keyed by its index in that state's list of such turns, and the
lists differ between sharings (another player holds other workers). The plain
count here enumerates every first turn of every sharing, then searches
breadth-first from each for the shortest rest, and counts the distinct turns as
printed."""
from __future__ import annotations

import pytest

from generator.systems.riddle.context import compile_riddle
from generator.systems.riddle.game import RiddleGame
from generator.systems.riddle.solver import SOLVED, solve_riddle
from generator.systems.riddle.state import RiddleState
from generator.systems.riddle.trace import describe_turn

from .reference_gods import ALL_GODS, POWER_BLESSINGS
from .test_riddle_solver import riddle_of, riddle_text

CARD_FIRST = riddle_text("""
W . W
. . .
W . W
""", """coins:
  - {at: B2, colour: silver, levels: [1]}
stockpile: {level1: 0, level2: 0, level3: 0, dome: 0}
gods: {deck: [atlas], queue: [atlas], revealed: [gain-level1]}
objectives:
  - tier: silver
    slots: {silver: 1}
""", "1, 2, 3, 4")
"""Only a blessing card (Olive Branch's effect) brings the level-1 block the coin
needs: every shortest line starts with a turn that uses it."""


def turns_left(game: RiddleGame, state: RiddleState, depth: int) -> int | None:
    """Fewest turns from ``state`` to the objective, by breadth-first search up to
    ``depth`` turns (None: not within it)."""
    layer = {state}
    for turns in range(depth + 1):
        if any(game.is_goal(s) for s in layer):
            return turns
        layer = {child for s in layer for _, child in game.successors(s)}
    return None


def plain_first_moves(game: RiddleGame, cost: int) -> set[str]:
    """Every first turn (as printed) of every sharing that starts a line of ``cost``."""
    out = set()
    for start in game.starts():
        for action, child in game.successors(start):
            if turns_left(game, child, cost - 1) == cost - 1:
                out.add(describe_turn(game, start, action, child))
    return out


def test_one_player_counts_each_card_turn_once() -> None:
    riddle = riddle_of(CARD_FIRST)
    [result] = solve_riddle(riddle, 1, gods=ALL_GODS, blessings=POWER_BLESSINGS).objectives
    game = RiddleGame(compile_riddle(riddle, 1), 0, gods=ALL_GODS, blessings=POWER_BLESSINGS,
                      powers=True)
    assert result.status == SOLVED and result.turns == 1
    assert result.optimal_first_moves == len(plain_first_moves(game, 1)) == 8


@pytest.mark.parametrize("players", [2, 3, 4])
def test_several_players_count_each_card_turn_once(players: int) -> None:
    riddle = riddle_of(CARD_FIRST)
    [result] = solve_riddle(riddle, players, gods=ALL_GODS,
                            blessings=POWER_BLESSINGS).objectives
    game = RiddleGame(compile_riddle(riddle, players), 0, gods=ALL_GODS,
                      blessings=POWER_BLESSINGS, powers=True)
    assert result.status == SOLVED and result.turns == 1
    assert result.optimal_first_moves == len(plain_first_moves(game, 1))
