"""The solver at the schema's extremes, pinned to the plain breadth-first reference.

:func:`.reference.random_riddle_text` mostly draws small riddles: 0-3 pieces of a
kind, slots of 1-3 coins, rewards of 1-2 pieces, turn limits up to 6. The
schema allows much more (riddle.schema.json): 8x8 maps, sea-only rows, up to 10
coins a slot goal asks of one colour, 30 pieces of a kind, rewards of 10, turn
limits and ``within`` up to 200 turns, four workers packed in a corner. These
riddles are drawn at those extremes and compared with :func:`.reference.compare`
(the state cap of the reference skips those too big to decide; the test asks
that enough are decided for the comparison to mean something).
"""
from __future__ import annotations

import random

import pytest

from .reference import _name, compare


def extreme_riddle_text(rng: random.Random) -> tuple[str, int]:
    """A riddle at the schema's extremes and the player count to solve it for."""
    width = rng.choice((2, 3, 8))
    height = rng.choice((2, 3, 8)) if width < 8 else rng.choice((2, 3))
    size = width * height
    cells = ["."] * size
    sea_row = rng.randrange(1, height) if height > 2 and rng.random() < 0.5 else -1
    for c in range(width):
        if sea_row >= 0:
            cells[sea_row * width + c] = "~"
    players = rng.choice((1, 2, 3, 4))
    corner = [0, 1, width, width + 1]  # A1 B1 A2 B2: four workers in a corner
    marks = {sq: "" for sq in range(size) if cells[sq] != "~"}
    for sq in corner:
        marks[sq] = "W"
    land = [sq for sq in marks if sq not in corner]
    if land and rng.random() < 0.4:
        marks[rng.choice(land)] += rng.choice("KS")
    colour = rng.choice(("silver", "gold"))
    many = rng.choice((0, 10, 12))  # no coin at all, or a colour's full slot goal and more
    coin_squares = rng.sample(land, min(many, len(land)))
    rows = []
    for r in range(height):
        rows.append(" ".join((cells[r * width + c] if not marks.get(r * width + c)
                              else marks[r * width + c]) for c in range(width)))
    bridges = []
    if sea_row >= 0 and width > 2 and rng.random() < 0.5:
        c = rng.randrange(2, width)  # columns A and B hold the workers
        above, below = (sea_row - 1) * width + c, (sea_row + 1) * width + c
        if sea_row + 1 < height:
            bridges.append(f"[{_name(width, above)}, {_name(width, below)}]")
    stock = {p: rng.choice((0, 1, 30)) for p in ("level1", "level2", "level3", "dome")}
    limit = rng.choice((None, 1, 200))
    text = ["kind: riddle", "id: extreme", "number: 1", "title: Extreme", "island: x",
            f"players: [{players}]", "map:", "  grid: |"]
    text += [f"    {row}" for row in rows]
    if bridges:
        text += ["  bridges:"] + [f"    - {b}" for b in bridges]
    if coin_squares:
        text.append("coins:")
        text += [f"  - {{at: {_name(width, sq)}, colour: {colour}, levels: [1]}}"
                 for sq in coin_squares]
    text.append("stockpile: {" + ", ".join(f"{p}: {n}" for p, n in stock.items()) + "}")
    text.append("objectives:")
    target = _name(width, rng.choice(land)) if land else "A1"
    goals = [f"{{stand: {{figure: worker, at: {target}, level: {rng.choice((0, 1, 3))}}}}}",
             f"{{within: {{turns: {rng.choice((1, 200))}, goal: {{stand: {{figure: worker, "
             f"at: {target}, level: 1}}}}}}}}",
             f"{{build: {{what: block, count: {rng.choice((1, 2, 200))}}}}}"]
    if coin_squares:
        text += [f"  - tier: silver\n    slots: {{{colour}: {min(10, len(coin_squares))}}}"]
    for tier, goal in zip(("gold", "heroic"), rng.sample(goals, 2)):
        text.append(f"  - tier: {tier}\n    goal: {goal}")
        if rng.random() < 0.3:
            text.append(f"    reward: {{piece: {rng.choice(('any', 'dome'))}, count: 10}}")
    if limit is not None:
        text.append(f"turn_limit: {limit}")
    return "\n".join(text) + "\n", players


@pytest.mark.parametrize("seed", range(6))
def test_the_solver_agrees_with_the_reference_at_the_schema_extremes(seed: int) -> None:
    rng = random.Random(9_000 + seed)
    decided, skipped, problems = 0, 0, []
    for _ in range(6):
        text, players = extreme_riddle_text(rng)
        out = compare(text, players, budget=20_000)
        decided += out.decided
        skipped += out.skipped
        problems += [f"{d}\n{text}" for d in out.disagreements]
    assert not problems, problems[0]
    assert decided >= 4, (decided, skipped)  # enough decided for the comparison to count


def full_map_riddle_text(rng: random.Random) -> tuple[str, int]:
    """An 8x8 riddle small enough for the reference: one worker and few pieces, sea
    rows, a stand goal (often out of reach: the unsolvable verdict on the largest map)
    and a turn limit from the schema's range."""
    cells = [["." for _ in range(8)] for _ in range(8)]
    for r in rng.sample(range(1, 8), rng.randint(0, 3)):
        cells[r] = ["~"] * 8  # a sea-only row
    land = [(r, c) for r in range(8) for c in range(8) if cells[r][c] == "."]
    worker, target = rng.sample(land, 2)
    cells[worker[0]][worker[1]] = "W"
    at = f"{'ABCDEFGH'[target[1]]}{target[0] + 1}"
    stock = rng.choice(("level1: 0", "level1: 1", "level1: 2"))
    text = ["kind: riddle", "id: full", "number: 1", "title: Full", "island: x",
            "players: [1]", "map:", "  grid: |"]
    text += [f"    {' '.join(row)}" for row in cells]
    text += [f"stockpile: {{{stock}, level2: 0, level3: 0, dome: 0}}", "objectives:",
             f"  - tier: silver\n    goal: {{stand: {{figure: worker, at: {at}, "
             f"level: {rng.choice((0, 0, 1))}}}}}"]
    if rng.random() < 0.5:
        text.append(f"turn_limit: {rng.choice((1, 3, 200))}")
    return "\n".join(text) + "\n", 1


def test_the_solver_agrees_with_the_reference_on_full_8x8_maps() -> None:
    rng = random.Random(8_808)
    decided, problems = 0, []
    for _ in range(24):
        text, players = full_map_riddle_text(rng)
        out = compare(text, players, budget=20_000)
        decided += out.decided
        problems += [f"{d}\n{text}" for d in out.disagreements]
    assert not problems, problems[0]
    assert decided >= 12, decided
