"""The legality checker on turns of a player holding Hermes and a god that changes the
step (Apollo, Minotaur, Artemis): every turn the solver offers such a player is
accepted, and the same turns naming both gods, or a step power acting inside Hermes's
walk, are rejected (Hermes's walk replaces the step; a named power must act)."""
from __future__ import annotations

import random
import re

import pytest

from generator.systems.riddle.bookkeeping import GOD_ACTION
from generator.systems.riddle.context import compile_riddle
from generator.systems.riddle.game import RiddleGame
from generator.systems.riddle.model import Riddle
from generator.systems.riddle.trace import describe_turn

from .reference import riddle_of_text
from .reference_gods import ALL_GODS, POWER_BLESSINGS
from .test_riddle_legality import legal, riddle

CARDS = ("move-two", "move-two", "far-build", "extra-build-elsewhere", "extra-step", "swap-workers")
"""Blessing cards revealed in some generated riddles: those a Hermes walk may go with, and
two that change the step (which it may not)."""
SAMPLE = 40
"""Offered turns replayed per generated position (a Hermes position offers thousands)."""
STEPPERS = ("apollo", "artemis", "minotaur")
NAMES = {"apollo": "Apollo", "artemis": "Artemis", "minotaur": "Minotaur", "hermes": "Hermes"}
TAKES = {"hermes": "take Hermes from the queue (+1 level1)",
         "apollo": "take Apollo from the queue (+1 level2)",
         "artemis": "take Artemis from the queue (+1 level1)",
         "minotaur": "take Minotaur from the queue (+1 level3)"}

# Per god beside Hermes: turns legal with both held, and plausible illegal ones.
CASES = {
    "apollo": (["W1 A1-A3, W2 B2-D1 build B3 [Hermes] (level 1)",
                "W1 A1-B2, W2 B2-A1 build A2 [Apollo] (level 1)"], [
        "W1 A1-A3, W2 B2-D1 build B3 [Hermes + Apollo] (level 1)",  # Apollo named, no trade
        "W1 A1-A3, W2 B2-D1 build B3 [Apollo + Hermes] (level 1)",
        "W1 A1-B2, W2 B2-A1 build A2 [Hermes + Apollo] (level 1)",  # a trade in the walk
        "W1 A1-B2, W2 B2-A1 build A2 [Hermes] (level 1)"]),  # W1 walks through W2
    "artemis": (["W1 A1-A2-A3 build B3 [Artemis] (level 1)",
                 "W1 A1-A3 build B3 [Hermes] (level 1)"], [
        "W1 A1-A2-A3 build B3 [Hermes + Artemis] (level 1)",  # two steps, both named
        "W1 A1-A3 build B3 [Hermes + Artemis] (level 1)",  # a walk with Artemis named
        "W2 B2-C2-D2 build D1 [Hermes + Artemis] (level 1)",  # up and down again
        "W2 B2-C2-D2 build D1 [Hermes] (level 1)"]),  # a walk written through C2 (level 1)
    "minotaur": (["King B1-C1, W1 A1-B1 build A1 [Minotaur] (level 1)",
                  "W1 A1-A3, W2 B2-D1 build B3 [Hermes] (level 1)"], [
        "King B1-C1, W1 A1-B1 build A1 [Hermes + Minotaur] (level 1)",  # a shove in the walk
        "W1 A1-A3, W2 B2-D1 build B3 [Minotaur + Hermes] (level 1)",  # Minotaur named, no shove
        "King B1-C1, W1 A1-B1 build A1 [Hermes] (level 1)"]),  # the King does not walk
}


@pytest.mark.parametrize("god", STEPPERS)
def test_hermes_with_a_step_power_is_checked_as_a_whole(god: str) -> None:
    good, bad = CASES[god]
    r = riddle(f"hermes, {god}")
    takes = [TAKES["hermes"], TAKES[god]]
    assert legal(r, takes) == []
    for line in good:
        assert legal(r, [*takes, line]) == [], line
    for line in bad:
        assert legal(r, [*takes, line]), line
    problems = legal(r, [*takes, bad[0]])
    assert "beside Hermes" in problems[0], problems


def test_hermes_walks_after_twin_lamps_step_and_not_with_a_step_card() -> None:
    """Twin Lamps' first worker steps (it may climb); the others then walk with Hermes."""
    r = riddle("hermes", revealed="move-two, extra-step")
    take = TAKES["hermes"]
    lamps = "use Move Two; W2 B2-C2, W1 A1-A3 build B3 [Hermes] (level 1)"
    assert legal(r, [take, lamps]) == []  # W2 climbs onto C2 first
    assert legal(r, [take, "use Move Two; W2 B2-C2 build A2 [Hermes] (level 1)"]) == []
    assert legal(r, [take, lamps.replace("W1 A1-A3", "W1 A1-C3")])  # W1 would climb
    assert legal(r, [take, lamps.replace("W2 B2-C2", "W2 B2-C3")])  # two levels up
    assert legal(r, [take, "use Extra Step; W1 A1-A2-A3 build B3 [Hermes] (level 1)"])
    assert legal(r, [take, "use Extra Step; W1 A1-A3 build B3 [Hermes] (level 1)"])


def _hermes_riddle(rng: random.Random, other: str) -> str:
    """A small generated riddle (one player) whose queue is Hermes and ``other``."""
    width, height = rng.randint(3, 4), rng.randint(2, 3)
    cells = [rng.choice(["", "", "", "1", "1", "2", "3", "4"]) for _ in range(width * height)]
    squares = rng.sample(range(width * height), 4)
    for sq in squares[:rng.randint(2, 3)]:
        cells[sq] = cells[sq].replace("4", "") + "W"
    if rng.random() < 0.6:
        cells[squares[3]] = cells[squares[3]].replace("4", "") + "K"
    rows = [" ".join(c or "." for c in cells[r * width:(r + 1) * width]) for r in range(height)]
    cards = f", revealed: [{rng.choice(CARDS)}]" if rng.random() < 0.4 else ""
    coin = "ABCD"[rng.randrange(width)] + str(rng.randint(1, height))
    text = GRID_TEXT.format(grid="\n".join(f"    {row}" for row in rows), coin=coin,
                            other=other, cards=cards)
    return text


GRID_TEXT = """kind: riddle
id: fuzz
number: 1
title: Fuzz
island: x
players: [1]
map:
  grid: |
{grid}
coins:
  - {{at: {coin}, colour: silver, levels: [1, 2, 3, 4]}}
stockpile: {{level1: 3, level2: 3, level3: 3, dome: 3}}
gods: {{deck: [hermes, {other}], queue: [hermes, {other}]{cards}}}
objectives:
  - tier: silver
    slots: {{silver: 1}}
"""


def _offered(r: Riddle, rng: random.Random) -> tuple[list[str], list[str]] | None:
    """The lines taking both gods (and a random turn or two after), and up to
    :data:`SAMPLE` of the turns the solver offers next."""
    game = RiddleGame(compile_riddle(r, 1), 0, gods=ALL_GODS, blessings=POWER_BLESSINGS,
                      powers=True)
    state = rng.choice(list(game.starts()))
    lines: list[str] = []
    for _ in range(2):
        takes = [(a, c) for a, c in game.successors(state) if a[0] == GOD_ACTION]
        if not takes:
            return None
        action, child = takes[0]
        lines.append(describe_turn(game, state, action, child))
        state = child
    for _ in range(rng.randint(0, 2)):
        options = [(a, c) for a, c in game.successors(state) if a[0] != GOD_ACTION]
        if not options:
            break
        action, child = rng.choice(options)
        lines.append(describe_turn(game, state, action, child))
        state = child
    options = list(game.successors(state))
    return lines, [describe_turn(game, state, a, c)
                   for a, c in rng.sample(options, min(len(options), SAMPLE))]


def _named(line: str) -> list[str]:
    found = re.search(r" \[([^\]]+)\]", line)
    return found.group(1).split(" + ") if found else []


def _both_named(line: str, other: str) -> list[str]:
    """``line`` naming Hermes and ``other`` when it names one of them (else nothing)."""
    named = _named(line)
    if ("Hermes" in named) == (other in named):
        return []
    add = other if "Hermes" in named else "Hermes"
    return [line.replace(f"[{' + '.join(named)}]", f"[{' + '.join(names)}]")
            for names in ([*named, add], [add, *named])]


def test_every_turn_offered_with_hermes_and_a_step_power_replays() -> None:
    """Seeded small riddles whose player holds Hermes and Apollo, Artemis or Minotaur:
    the turns the solver offers (a sample) are accepted; each Hermes or step-power turn rewritten
    to name both gods is rejected."""
    rng = random.Random(11)
    seen = {"Hermes": 0, "Apollo": 0, "Artemis": 0, "Minotaur": 0, "use Move Two": 0, "use ": 0}
    tampered = 0
    for case in range(36):
        other = STEPPERS[case % 3]
        r = riddle_of_text(_hermes_riddle(rng, other))
        if r is None:
            continue
        found = _offered(r, rng)
        if found is None:
            continue
        before, offered = found
        for line in offered:
            assert legal(r, [*before, line]) == [], (before, line)
            for name in seen:
                seen[name] += name in _named(line) or line.startswith(name)
            for wrong in _both_named(line, NAMES[other])[:1]:
                assert legal(r, [*before, wrong]), (before, wrong)
                tampered += 1
    assert min(seen.values()) >= 3 and tampered >= 100, (seen, tampered)
