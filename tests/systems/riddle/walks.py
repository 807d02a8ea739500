"""Random lines of play with the god powers and blessing cards in play, written by the
solver's own notation (:func:`~generator.systems.riddle.trace.describe_turn`): what
the legality checker (:mod:`.legality`) must accept, and tamper with to reject."""
from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from generator.systems.riddle.bookkeeping import BLESSING_ACTION, GOD_ACTION
from generator.systems.riddle.context import compile_riddle
from generator.systems.riddle.game import RiddleGame
from generator.systems.riddle.gods import POWER_ACTION
from generator.systems.riddle.model import Riddle
from generator.systems.riddle.results import SOLVED
from generator.systems.riddle.solver import solve_riddle
from generator.systems.riddle.trace import describe_turn

from .reference import riddle_of_text
from .reference_gods import ALL_GODS, POWER_BLESSINGS, random_god_riddle_text


@dataclass(frozen=True)
class Walk:
    """A riddle, its player count and a random line of play on it."""

    text: str
    riddle: Riddle
    players: int
    tier: str
    lines: tuple[str, ...]
    steps: tuple[Mapping[str, Any], ...] = ()  # the solver's step objects, when solved


def random_walk(rng: random.Random, turns: int = 6) -> Walk | None:
    """A generated riddle with gods and blessing cards, and up to ``turns`` random turns
    on it that prefer taking gods and using powers and cards (None: no riddle)."""
    text, players = random_god_riddle_text(rng, blessings=rng.random() < 0.5)
    riddle = riddle_of_text(text)
    if riddle is None:
        return None
    ctx = compile_riddle(riddle, players)
    target = rng.randrange(len(ctx.objectives))
    game = RiddleGame(ctx, target, gods=ALL_GODS, blessings=POWER_BLESSINGS, powers=True)
    state = rng.choice(list(game.starts()))
    lines: list[str] = []
    for _ in range(turns):
        options = list(game.successors(state))
        if not options:
            break
        special = [o for o in options if o[0][0] in (POWER_ACTION, BLESSING_ACTION, GOD_ACTION)]
        action, child = rng.choice(special if special and rng.random() < 0.8 else options)
        lines.append(describe_turn(game, state, action, child))
        state = child
    return Walk(text, riddle, players, ctx.objectives[target].tier, tuple(lines))


def solved_lines(rng: random.Random, count: int, *, budget: int = 2_000,
                 seconds: float = 1.0) -> Iterator[Walk]:
    """The solver's shortest lines for the objectives it solves on ``count`` generated
    riddles with gods (custom quests too) and revealed blessing cards in play."""
    for _ in range(count):
        text, players = random_god_riddle_text(rng, blessings=rng.random() < 0.5)
        riddle = riddle_of_text(text)
        if riddle is None:
            continue
        solve = solve_riddle(riddle, players, gods=ALL_GODS, blessings=POWER_BLESSINGS,
                             budget=budget, seconds=seconds, count_first_moves=False)
        for result in solve.objectives:
            if result.status == SOLVED:
                yield Walk(text, riddle, players, result.tier, result.solution, result.steps)


def main(argv: list[str]) -> int:
    """``python -m tests.systems.riddle.walks [--solved] SEED COUNT``: replay COUNT random
    walks (with ``--solved``: the solver's lines on COUNT generated riddles, which must
    also reach their objective) with the legality checker; print each rejected one
    and the total (exit 1 if any)."""
    from .legality import replay_line

    solved = argv[:1] == ["--solved"]
    argv = argv[1:] if solved else argv
    rng = random.Random(int(argv[0]))
    walks: Iterable[Walk | None] = (
        solved_lines(rng, int(argv[1])) if solved
        else (random_walk(rng) for _ in range(int(argv[1]))))
    walked = bad = powered = 0
    for walk in walks:
        if walk is None:
            continue
        walked += 1
        powered += any("[" in line or "use " in line for line in walk.lines)
        problems = replay_line(walk.riddle, walk.tier, walk.lines, walk.players,
                               gods=ALL_GODS, blessings=POWER_BLESSINGS, reach=solved)
        if problems:
            bad += 1
            print(f"# {walk.players} players: {problems}\n" + "\n".join(walk.lines))
    print(f"{walked} lines replayed ({powered} with a god power or a blessing card), "
          f"{bad} rejected")
    return 1 if bad else 0


if __name__ == "__main__":
    import sys

    raise SystemExit(main(sys.argv[1:]))
