"""The relaxed game of :mod:`generator.systems.riddle.reach` pinned to plain search.

Every objective of a generated riddle (with and without a turn limit, with the
fuzz's piece-only gods, with real god powers and revealed blessing cards) that
:func:`reach_rule_out` calls out of reach must be out of reach of an exhaustive
breadth-first search of the game: without powers, with the queue's powers and
revealed blessings in play, and, when the goal counts Sphinx's games, with every
game won. The search keeps one visited set of whole states; the only folding is
the turn number past the last turn any rule reads (sinks, deadlines, the turn
limit), where the seat to play (the turn modulo the players) is all that
matters, as the rules of :mod:`.game` say; without it no riddle without a turn
limit is ever exhausted.
"""
from __future__ import annotations

import random
import re
from collections import deque
from collections.abc import Hashable

from generator.systems.riddle.context import compile_riddle
from generator.systems.riddle.game import RiddleGame
from generator.systems.riddle.model import iter_goal_tree
from generator.systems.riddle.reach import reach_rule_out
from generator.systems.riddle.state import RiddleState
from tests.systems.riddle.reference import FUZZ_GODS, random_riddle_text, riddle_of_text
from tests.systems.riddle.reference_gods import (
    ALL_GODS,
    POWER_BLESSINGS,
    random_god_riddle_text,
)

EXHAUST_AT_MOST = 4_000
"""States an exhaustive search may visit before its case is left undecided."""


def reachable(game: RiddleGame, states: int = EXHAUST_AT_MOST) -> bool | None:
    """Whether some line reaches the goal (None: more than ``states`` states)."""
    horizon, players = game.horizon, game.players

    def key(state: RiddleState) -> Hashable:
        turn = state.turn
        return state._replace(turn=horizon + 1 + turn % players) if turn > horizon else state

    seen = set()
    queue: deque[RiddleState] = deque()
    for start in game.starts():
        if key(start) not in seen:
            seen.add(key(start))
            queue.append(start)
    while queue:
        state = queue.popleft()
        if game.is_goal(state):
            return True
        for _, child in game.successors(state):
            k = key(child)
            if k not in seen:
                if len(seen) >= states:
                    return None
                seen.add(k)
                queue.append(child)
    return False


def _judge(text: str, players: int, gods: dict, blessings: dict | None, tally: dict[str, int],
           wrong: list[str]) -> None:
    riddle = riddle_of_text(text)
    if riddle is None:
        return
    ctx = compile_riddle(riddle, players)
    for j, objective in enumerate(ctx.objectives):
        reason = reach_rule_out(ctx, j, gods=gods, blessings=blessings)
        if not reason:
            continue
        tally["ruled out"] += 1
        chance = any(type(g).CHANCE for g in iter_goal_tree(objective.goal))
        games = [RiddleGame(ctx, j, gods=gods, blessings=blessings, chance=chance)]
        if blessings is not None:
            games.append(RiddleGame(ctx, j, gods=gods, blessings=blessings, powers=True,
                                    chance=chance))
        answers = [reachable(game) for game in games]
        if any(answers):
            wrong.append(f"objective {objective.tier}: {reason}\n{text}")
        elif all(a is False for a in answers):
            tally["confirmed"] += 1
        else:
            tally["undecided"] += 1


def _no_limit(text: str, rng: random.Random) -> str:
    """Half the riddles lose their turn limit (the case the relaxed game is for)."""
    return re.sub(r"^turn_limit: .*\n", "", text, flags=re.MULTILINE) \
        if rng.random() < 0.5 else text


def test_out_of_reach_agrees_with_exhaustive_search() -> None:
    """Generated riddles with the fuzz's gods (pieces only)."""
    rng = random.Random(22)
    tally = {"ruled out": 0, "confirmed": 0, "undecided": 0}
    wrong: list[str] = []
    for _ in range(400):
        text, players = random_riddle_text(rng)
        _judge(_no_limit(text, rng), players, FUZZ_GODS, None, tally, wrong)
    assert not wrong, "\n\n".join(wrong[:3])
    assert tally["confirmed"] >= 60, tally  # the sample must exercise the argument
    assert tally["undecided"] <= tally["confirmed"] // 2, tally


def test_out_of_reach_agrees_with_exhaustive_search_with_powers() -> None:
    """Generated riddles with real god powers, quests and revealed blessing cards."""
    rng = random.Random(23)
    tally = {"ruled out": 0, "confirmed": 0, "undecided": 0}
    wrong: list[str] = []
    for i in range(300):
        text, players = random_god_riddle_text(rng, blessings=i % 2 == 1)
        _judge(_no_limit(text, rng), players, ALL_GODS, POWER_BLESSINGS, tally, wrong)
    assert not wrong, "\n\n".join(wrong[:3])
    assert tally["confirmed"] >= 20, tally
