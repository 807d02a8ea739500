"""The seat-aware build bound (issue 14 §2, §3): with 2-4 players a worker moves on
its own seat's turns only, and one worker moves per turn, so the builds a goal
needs near some spaces come no earlier than :func:`useful_turn` says.

Pinned twice: :func:`useful_turn` against every schedule of movers written out
turn by turn, and the goals' bounds that use it against the plain breadth-first
reference (exact turns left on every state it visits, the same shortest turns,
verdicts and first moves) on seeded random riddles of 2, 3 and 4 players, where
it must claim more than the one-player walk somewhere (or it would be dead
code)."""
from __future__ import annotations

import itertools
import random

import pytest

from generator.systems.riddle.bookkeeping import worker_assignments
from generator.systems.riddle.distances import first_build
from generator.systems.riddle.context import compile_riddle
from generator.systems.riddle.game import RiddleGame
from generator.systems.riddle.schedule import useful_turn
from generator.systems.riddle.vocab import UNREACHABLE

from .reference import FUZZ_GODS, _name, compare, random_riddle_text, riddle_of_text
from .test_riddle_solver_bounds import walk

LOOK = 9
"""Turns the plain schedule search writes out."""


def plain_useful_turn(masks: tuple[int, ...], wanderer: int, players: int, seat: int,
                      wanderer_moved: bool, nears: tuple[int, ...], count: int) -> int | None:
    """:func:`useful_turn` written for obviousness: every sequence of turns (each seat
    moves one of its workers, never the Wanderer twice running, or nobody), the
    first turn by which some sequence has ``count`` turns whose mover had made at
    least its ``nears`` moves; None when none within :data:`LOOK` turns."""
    workers = len(nears)
    for turns in range(1, LOOK + 1):
        options = []
        for t in range(turns):
            mask = masks[(seat + t) % players]
            options.append([-1] + [i for i in range(workers) if mask >> i & 1])
        for plan in itertools.product(*options):
            moves = [0] * workers
            last = wanderer_moved
            useful = 0
            legal = True
            for mover in plan:
                if mover == wanderer and last:
                    legal = False
                    break
                last = mover == wanderer and mover >= 0
                if mover >= 0:
                    moves[mover] += 1
                    useful += moves[mover] >= nears[mover]
            if legal and useful >= count:
                return turns
    return None


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_useful_turn_equals_every_schedule(players: int) -> None:
    rng = random.Random(players * 31)
    assignments = worker_assignments(players, 4)
    for _ in range(60 if players != 3 else 40):
        assignment = rng.choice(assignments)
        nears = tuple(rng.choice([1, 1, 2, 2, 3, UNREACHABLE]) for _ in range(4))
        seat = rng.randrange(players)
        moved = assignment.wanderer >= 0 and rng.random() < 0.5
        count = rng.randint(1, 3)
        fast = useful_turn(assignment.masks, assignment.wanderer, players, seat, moved,
                           nears, count)
        plain = plain_useful_turn(assignment.masks, assignment.wanderer, players, seat,
                                  moved, nears, count)
        if all(n >= UNREACHABLE for n in nears):
            assert fast == 0 and plain is None
        elif plain is None:
            assert fast > LOOK, (assignment, seat, moved, nears, count)
        else:
            assert fast == plain, (assignment, seat, moved, nears, count)


def riddles_for(players: int, seed: int, wanted: int) -> list[str]:
    """``wanted`` seeded random riddle texts for ``players`` players."""
    rng = random.Random(seed)
    out: list[str] = []
    while len(out) < wanted:
        text, got = random_riddle_text(rng, players)
        if got == players:
            out.append(text)
    return out


def seat_riddle_text(rng: random.Random, kind: str) -> str:
    """A riddle on a tiny map whose goal needs two or three builds near few spaces,
    where the seats' turns bind and the reference still finishes: ``stand`` (a
    worker on a space raised to level 2), ``dome`` (a dome on a level-2 space),
    ``pair`` (a coin collected at level 2 and a worker on a raised space, held
    together: the builds of an ``all_of`` on disjoint spaces)."""
    width, height = rng.choice([(3, 2), (2, 3), (3, 3), (4, 2)])
    spots = rng.sample(range(width * height), 6)
    workers, target, other = spots[:4], spots[4], spots[5]
    cells = ["W" if sq in workers else "2" if kind == "dome" and sq == target else "."
             for sq in range(width * height)]
    at = _name(width, target)
    lines = ["kind: riddle", "id: seats", "number: 1", "title: Seats", "island: x",
             "map:", "  grid: |"]
    lines += [f"    {' '.join(cells[r * width:(r + 1) * width])}" for r in range(height)]
    if kind == "pair":
        lines += ["coins:", f"  - {{at: {_name(width, other)}, colour: gold, levels: [2]}}"]
    lines += ["stockpile: {level1: 4, level2: 4, level3: 2, dome: 1}", "objectives:",
              "  - tier: silver"]
    if kind == "pair":
        lines += ["    slots: {gold: 1}", f"    goal: {{stand: {{at: {at}, level: 1}}}}"]
    elif kind == "dome":
        lines.append(f"    goal: {{build: {{what: dome, count: 1, region: [{at}]}}}}")
    else:
        lines.append(f"    goal: {{stand: {{at: {at}, level: 2}}}}")
    return "\n".join(lines) + "\n"


def lure_riddle_text(rng: random.Random) -> str:
    """A riddle whose King must be lured a step or two while a worker beside him
    needs two moves to leave his side (he never steps with a worker next to him,
    :meth:`Bounds.figure_free_turn`), the other workers far off; few pieces, so
    every line ends within four turns."""
    width, height = rng.choice([(4, 2), (5, 2), (4, 3)])
    king = rng.choice([0, width])  # A1 or A2
    far = [sq for sq in range(width * height) if sq % width >= 2]
    rng.shuffle(far)
    workers = [width - king] + far[:3]  # the other A space, and three far off
    target = rng.choice([sq for sq in range(width * height)
                         if sq not in workers and sq != king and sq % width in (1, 2)])
    cells = ["W" if sq in workers else "K" if sq == king else "."
             for sq in range(width * height)]
    lines = ["kind: riddle", "id: lure", "number: 1", "title: Lure", "island: x",
             "map:", "  grid: |"]
    lines += [f"    {' '.join(cells[r * width:(r + 1) * width])}" for r in range(height)]
    lines += ["stockpile: {level1: 3, level2: 1, level3: 0, dome: 0}", "objectives:",
              "  - tier: silver",
              f"    goal: {{stand: {{figure: king, at: {_name(width, target)}, level: 0}}}}",
              "end_of_turn:", "  - step-toward-closest-worker: {figure: king}"]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seat_bounds_are_admissible_and_earn_their_place(players: int) -> None:
    """Every goal bound that asks :meth:`Bounds.builds_turn` (slots, stand, build,
    all_of) or :meth:`Bounds.figure_free_turn` (the King's or the Sphinx's stand),
    on random riddles and on tiny ones where the seats' turns bind."""
    texts = riddles_for(players, 900 + players, 20)
    rng = random.Random(40 + players)
    texts += [seat_riddle_text(rng, kind) for kind in ("stand", "dome", "pair") * 10]
    texts += [lure_riddle_text(rng) for _ in range(8 if players != 3 else 0)]  # 3: too big
    decided = above = 0
    for text in texts:
        out = compare(text, players)
        assert not out.disagreements, (out.disagreements, text)
        decided += out.decided
        riddle = riddle_of_text(text)
        if riddle is None or not riddle.coins:
            continue
        ctx = compile_riddle(riddle, players)
        game = RiddleGame(ctx, 0, gods=FUZZ_GODS)
        bounds = game.bounds
        for state in walk(game, 40):
            movers = bounds.movers(state)
            for coin in ctx.coins[:3]:
                one_player = first_build(movers, bounds.near, coin.square)
                if one_player >= UNREACHABLE:
                    continue
                for builds in (2, 3):
                    seats = bounds.builds_turn(state, 1 << coin.square, builds)
                    above += seats > one_player - 1 + builds
    assert decided >= 35 and above > 0
