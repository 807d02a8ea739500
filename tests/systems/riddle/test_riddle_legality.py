"""The legality checker (``legality.py``) on power turns: for each god, a legal line is
accepted and plausible illegal ones are rejected; quests, discards, the two-god
limit and blessing cards likewise; and random lines of play the solver writes with
gods and cards in play are all accepted (issue 13 §2, issue 14 §1)."""
from __future__ import annotations

import random

import pytest

from generator.systems.riddle.context import compile_riddle
from generator.systems.riddle.game import RiddleGame
from generator.systems.riddle.trace import describe_turn

from .legality import replay_line
from .reference_gods import ALL_GODS, POWER_BLESSINGS
from .test_riddle_solver import riddle_of, riddle_text
from .walks import random_walk

STOCK = "stockpile: {level1: 5, level2: 5, level3: 5, dome: 5}\n"
SILVER = "objectives:\n  - tier: silver\n    slots: {silver: 1}\n"
COIN = "coins:\n  - {at: D2, colour: silver, levels: [3]}\n"
GRID = """
W K . .
. W 1 .
. . 2 .
"""


def riddle(gods: str, *, grid: str = GRID, stock: str = STOCK, players: str = "1",
           objectives: str = SILVER, revealed: str = "") -> object:
    cards = f", revealed: [{revealed}]" if revealed else ""
    return riddle_of(riddle_text(grid, COIN + stock + f"gods: {{deck: [{gods}], queue: [{gods}]"
                                 f"{cards}}}\n" + objectives, players))


def legal(r: object, lines: list[str], players: int = 1) -> list[str]:
    return replay_line(r, "silver", lines, players, gods=ALL_GODS,  # type: ignore[arg-type]
                       blessings=POWER_BLESSINGS, reach=False)


# Per god: the take, a legal power turn, and illegal variants of it.
CASES = {
    "apollo": ("take Apollo from the queue (+1 level2)",
               "W1 A1-B2, W2 B2-A1 build A2 [Apollo] (level 1)", [
                   "W1 A1-B2, W2 B2-A1 build A2 (level 1)",  # the trade without the power
                   "W1 A1-B2, W2 B2-A2 build A3 [Apollo] (level 1)",  # sent elsewhere
                   "W2 B2-A1, W1 A1-C1 build A2 [Apollo] (level 1)"]),  # not a trade
    "artemis": ("take Artemis from the queue (+1 level1)",
                "W1 A1-A2-A3 build B3 [Artemis] (level 1)", [
                    "W1 A1-A2-A1 build B1 [Artemis] (level 1)",  # back where it began
                    "W1 A1-A2-A3 build B3 (level 1)",  # two steps without the power
                    "W1 A1-A2-B3-A3 build B3 [Artemis] (level 1)"]),  # three steps
    "atlas": ("take Atlas from the queue (+1 dome)",
              "W1 A1-A2 build A1 [Atlas] (dome)", [
                  "W1 A1-A2 build A1 (dome)",  # a dome on the ground without Atlas
                  "W1 A1-A2 build A1 [Atlas] (level 1)"]),  # Atlas named, no dome
    "demeter": ("take Demeter from the queue (+2 level1)",
                "W1 A1-A2 build A1, A3 [Demeter] (level 1, level 1)", [
                    "W1 A1-A2 build A1, A1 [Demeter] (level 1, level 2)",  # same space
                    "W1 A1-A2 build A1, A3 (level 1, level 1)",  # two builds, no power
                    "W1 A1-A2 build A1, C1 [Demeter] (level 1, level 1)"]),  # not next to it
    "hephaestus": ("take Hephaestus from the queue (+1 level2)",
                   "W1 A1-A2 build A3, A3 [Hephaestus] (level 1, level 2)", [
                       "W1 A1-A2 build A3, B3 [Hephaestus] (level 1, level 1)",  # elsewhere
                       "W2 B2-B3 build C3, C3 [Hephaestus] (level 3, dome)",  # a dome
                       "W1 A1-A2 build A3, A3 (level 1, level 2)"]),  # no power
    "hermes": ("take Hermes from the queue (+1 level1)",
               "W1 A1-A3, W2 B2-D1 build B3 [Hermes] (level 1)", [
                   "W1 A1-A3 build B3 (level 1)",  # a far walk without the power
                   "W1 A1-C2 build B3 [Hermes] (level 1)",  # climbs
                   "W1 A1-D2 build C1 [Hermes] (level 1)"]),  # no level path (C2, C3 high)
    "minotaur": ("take Minotaur from the queue (+1 level3)",
                 "King B1-C1, W1 A1-B1 build A1 [Minotaur] (level 1)", [
                     "King B1-C2, W1 A1-B1 build A1 [Minotaur] (level 1)",  # not in line
                     "King B1-C1, W1 A1-B1 build A1 (level 1)",  # a shove, no power
                     "King B1-C1, W2 B2-B1 build A1 [Minotaur] (level 1)"]),  # not in line
    "prometheus": ("take Prometheus from the queue (+1 level1)",
                   "W2 B2-B3 build A3, A2 [Prometheus] (level 1, level 1)", [
                       "W2 B2-C2 build B3, C1 [Prometheus] (level 1, level 1)",  # climbs
                       "W2 B2-C1 build D2, B2 [Prometheus] (level 1, level 1)",  # D2 is
                       # not next to B2: the early build is made before the move
                       "W2 B2-B3 build A3, A2 (level 1, level 1)"]),  # no power
}


@pytest.mark.parametrize("god", sorted(CASES))
def test_each_gods_power_turn_is_checked(god: str) -> None:
    take, turn, bad = CASES[god]
    r = riddle(god)
    assert legal(r, [take, turn]) == []
    assert legal(r, [turn]), "a power used without the god held"
    for line in bad:
        assert legal(r, [take, line]), line


def test_athena_holds_the_other_players_climbs() -> None:
    grid = """
    W 1 . W
    . . . .
    W 1 . W
    """
    r = riddle("athena", grid=grid, players="1, 2")
    lines = ["P1 take Athena from the queue (+1 dome)", "P2 W4 D3-D2 build C3 (level 1)",
             "P1 W1 A1-B1 build C1 [Athena] (level 1)"]
    assert legal(r, [*lines, "P2 W3 A3-A2 build B2 (level 1)"], 2) == []
    assert legal(r, [*lines, "P2 W3 A3-B3 build C2 (level 1)"], 2)  # climbs under the hold
    plain = lines[:2] + ["P1 W1 A1-B1 build C1 (level 1)"]  # Athena not used: no hold
    assert legal(r, [*plain, "P2 W3 A3-B3 build C2 (level 1)"], 2) == []
    assert legal(r, [lines[0], lines[1], "P1 W1 A1-A2 build B2 [Athena] (level 1)"], 2)
    assert legal(r, ["P1 take Athena from the queue (+1 dome)",
                     "P1 W4 D3-D2 build C3 (level 1)"], 2)  # P2's turn


def test_pan_counts_the_leap_as_level_three() -> None:
    grid = """
    2W 2 .
    . . .
    """
    goal = "objectives:\n  - tier: silver\n    goal: {stand: {figure: worker, at: A2, level: 3}}\n"
    r = riddle_of(riddle_text(grid, STOCK + "gods: {deck: [pan], queue: [pan]}\n" + goal))
    take = "take Pan from the queue (+1 level1)"
    both = {"gods": ALL_GODS, "blessings": POWER_BLESSINGS}
    assert replay_line(r, "silver", [take, "W1 A1-A2 build B2 [Pan] (level 1)"], **both) == []
    assert replay_line(r, "silver", [take, "W1 A1-A2 build B2 (level 1)"], **both)  # no level 3
    assert replay_line(r, "silver", [take, "W1 A1-B1 build C1 [Pan] (level 1)"], **both)


def test_quests_rewards_and_discards() -> None:
    r = riddle("demeter, atlas, hephaestus-quest",
               stock="stockpile: {level1: 0, level2: 5, level3: 0, dome: 0}\n")
    take = "take Demeter from the queue (+2 level1)"
    turn = "W1 A1-A2 build A1, A3 [Demeter] (level 1, level 1; quest reward +1 dome)"
    assert legal(r, [take, turn]) == []
    assert legal(r, [take, turn.replace("+1 dome", "+2 dome")])  # one piece, not two
    assert legal(r, [take, turn.replace("; quest reward +1 dome", "")]) == []  # optional
    # Demeter's card is empty: she is discarded and her power gone.
    assert legal(r, [take, turn, "W1 A2-B3 build A2, A3 [Demeter] (level 1, level 2)"])
    # Without the power the last piece earns nothing.
    assert legal(r, [take, "W1 A1-A2 build A1 (level 1; quest reward +1 dome)"])
    heph = "take Hephaestus Quest from the queue (+1 level2)"
    raise_to = "W1 A1-A2 build A3, A3 [Hephaestus Quest] (level 1, level 2; quest reward +1 level2)"
    assert legal(r, [take, heph, raise_to]) == []
    assert legal(r, [take, heph, raise_to.replace("+1 level2", "+1 dome")])  # not its reward
    # Two gods at most for one player.
    three = [take, "take Atlas from the queue (+1 dome)", heph]
    assert legal(r, three[:2]) == []
    assert legal(r, three)


def test_blessing_cards_are_used_once_beside_the_action() -> None:
    r = riddle("apollo", revealed="extra-step, far-build, gain-dome")
    step = "use Extra Step; W1 A1-A2-A3 build B3 (level 1)"
    assert legal(r, [step]) == []
    assert legal(r, [step, step])  # the card is gone
    assert legal(r, ["use Extra Step, Far Build; W1 A1-A2-A3 build C1 (level 1)"])  # two shape
    assert legal(r, ["use Gain Dome (+1 dome); W1 A1-A2 build A3 (level 1)"]) == []
    assert legal(r, ["use Gain Dome (+1 level3); W1 A1-A2 build A3 (level 1)"])
    assert legal(r, ["use Far Build; W1 A1-A2 build A3 (level 1)"])  # A3 is next to A2
    leap = riddle("artemis", revealed="level-leap, swap-workers")
    assert legal(leap, ["use Level Leap; W1 A1-D1 build C1 (level 1)"]) == []
    assert legal(leap, ["use Level Leap; W1 A1-C2 build C1 (level 1)"])  # C2 is level 1
    assert legal(leap, ["use Shepherd's Call; W1 A1-B2, W2 B2-A1 build A2 (level 1)"])
    assert legal(leap, ["use Swap Workers; W1 A1-B2, W2 B2-A1 build A2 (level 1)"]) == []
    assert legal(leap, ["use Swap Workers; W1 A1-B2, W2 B2-A2 build A3 (level 1)"])


def test_random_lines_with_powers_replay() -> None:
    """Random turns the solver writes with gods and cards in play are all legal (a
    larger sample: ``python -m tests.systems.riddle.walks 2 1500``)."""
    rng = random.Random(7)
    walked = 0
    for _ in range(30):
        walk = random_walk(rng)
        if walk is None:
            continue
        problems = replay_line(walk.riddle, walk.tier, walk.lines, walk.players,
                               gods=ALL_GODS, blessings=POWER_BLESSINGS, reach=False)
        assert not problems, (problems, walk.lines, walk.text)
        walked += 1
    assert walked >= 18


WANDERER = """kind: riddle
id: wanderer
number: 1
title: Wanderer
island: x
players: [3]
map:
  grid: |
    1Wb Kb 1 W
    1W W . 1
coins:
  - {at: C2, colour: silver, levels: [3]}
  - {at: B2, colour: silver, levels: [3]}
  - {at: A2, colour: silver, levels: [4]}
stockpile: {level1: 3, level2: 1, level3: 0, dome: 0}
gods: {deck: [apollo, prometheus], queue: [apollo, prometheus], revealed: [gain-level3]}
objectives:
  - tier: silver
    slots: {silver: 2}
  - tier: gold
    slots: {silver: 1}
end_of_turn:
  - {step-toward-closest-worker: {figure: king}}
turn_limit: 6
"""
WANDERER_LINES = (
    "P1 use Gain Level3 (+1 level3); take Prometheus from the queue (+1 level1; "
    "blessing collected on A1)",
    "P2 take Apollo from the queue (+1 level2)",
    "P3 W2 D1-C1 build D2 (level 2)",
    "P1 W4 B2-C2 build D1 (level 1)",
    "P2 W2 C1-C2, W4 C2-C1 build D2 [Apollo] (level 3)",
    "P3 W2 C2-D1 build C2 (level 1)",
)
"""A random line the solver wrote (in today's notation, the acting worker first): P2's
Apollo turn is led by W2, which P3 also moves, so the Wanderer leads turns 5 and 6:
the first worker moved on two turns running (RULES 1). The solver took W4, the
worker sent back, for the one moved first."""


def test_the_checker_rejects_the_wanderer_leading_twice() -> None:
    riddle = riddle_of(WANDERER)
    problems = replay_line(riddle, "gold", WANDERER_LINES, 3, gods=ALL_GODS,
                           blessings=POWER_BLESSINGS, reach=False)
    assert problems and "turn 6" in problems[0], problems
    assert replay_line(riddle, "gold", WANDERER_LINES[:5], 3, gods=ALL_GODS,
                       blessings=POWER_BLESSINGS, reach=False) == []


def test_the_solver_never_lets_the_wanderer_lead_twice_with_apollo() -> None:
    ctx = compile_riddle(riddle_of(WANDERER), 3)
    game = RiddleGame(ctx, 1, gods=ALL_GODS, blessings=POWER_BLESSINGS, powers=True)
    states = list(game.starts())
    for line in WANDERER_LINES[:-1]:
        states = [child for s in states for a, child in game.successors(s)
                  if describe_turn(game, s, a, child) == line]
        assert states, line
    offered = [a for s in states for a, child in game.successors(s)
               if describe_turn(game, s, a, child) == WANDERER_LINES[-1]]
    assert offered == []


def test_a_token_a_card_collected_is_not_forfeited_by_a_block() -> None:
    """trace.describe_turn judged "blessing token forfeited" from the position before
    the cards: a token Tide Pool's effect had lifted looked forfeited by any build."""
    text = riddle_text("""
    W b .
    . . .
    """, STOCK + "gods: {deck: [apollo], queue: [apollo], revealed: [collect-any-token]}\n"
         + SILVER + "coins:\n  - {at: C2, colour: silver, levels: [3]}\n")
    r = riddle_of(text)
    game = RiddleGame(compile_riddle(r), 0, gods=ALL_GODS, blessings=POWER_BLESSINGS,
                      powers=True)
    [start] = game.starts()
    lines = [describe_turn(game, start, a, child) for a, child in game.successors(start)]
    used = [line for line in lines if line.startswith("use Collect Any Token")
            and " build B1 " in line]
    assert used and not any("forfeited" in line for line in used), used
    for line in used:
        assert legal(r, [line]) == [], line


def test_the_custom_quests_stand_above_and_shove_off_tower() -> None:
    above = riddle_of(riddle_text("""
    1W 1W K
    1 . .
    """, STOCK + "gods: {deck: [athena-quest], queue: [athena-quest]}\n" + SILVER
        + "coins:\n  - {at: C2, colour: silver, levels: [3]}\n"))
    take = "take Athena Quest from the queue (+1 dome; quest reward +1 level3)"
    assert legal(above, [take]) == []  # two workers stand above the King
    assert legal(above, [take.replace("level3", "dome")])  # not the card's reward
    again = "W1 A1-A2 build B2 (level 1; quest reward +1 level3)"
    assert legal(above, [take, again])  # earned once only
    assert legal(above, [take, again.replace("; quest reward +1 level3", "")]) == []
    level = riddle_of(riddle_text("""
    1W 1W 1K
    1 . .
    """, STOCK + "gods: {deck: [athena-quest], queue: [athena-quest]}\n" + SILVER
        + "coins:\n  - {at: C2, colour: silver, levels: [3]}\n"))
    assert legal(level, [take])  # the King stands as high: not earned
    shove = riddle_of(riddle_text("""
    W 1K .
    . W .
    """, STOCK + "gods: {deck: [minotaur-quest], queue: [minotaur-quest]}\n" + SILVER
        + "coins:\n  - {at: C2, colour: silver, levels: [3]}\n"))
    take = "take Minotaur Quest from the queue (+1 level3)"
    turn = "King B1-C1, W1 A1-B1 build A1 [Minotaur Quest] (level 1; quest reward +1 dome)"
    assert legal(shove, [take, turn]) == []
    assert legal(shove, [take, turn.replace("+1 dome", "+1 level3")])
    assert legal(shove, [take, "W2 B2-C2 build C1 (level 1; quest reward +1 dome)"])


def test_two_coins_of_one_colour_in_one_turn_are_each_written_where_they_go() -> None:
    """trace.describe_turn named the first objective that gained a slot for every coin
    collected on the turn: two gold coins, one to each objective (or one set aside),
    read "gold coin -> silver objective" twice."""
    text = riddle_text("""
    W . .
    . . .
    """, "coins:\n  - {at: A2, colour: gold, levels: [1]}\n"
         "  - {at: B2, colour: gold, levels: [1]}\n"
         "stockpile: {level1: 0, level2: 0, level3: 0, dome: 0}\n"
         "gods: {deck: [demeter], queue: [demeter]}\n"
         "objectives:\n  - tier: silver\n    slots: {gold: 1}\n"
         "  - tier: gold\n    slots: {gold: 1}\n"
         "  - tier: heroic\n    goal: {stand: {figure: worker, at: C2, level: 3}}\n")
    r = riddle_of(text)
    game = RiddleGame(compile_riddle(r), 2, gods=ALL_GODS, blessings=POWER_BLESSINGS,
                      powers=True)
    [start] = game.starts()
    [(action, taken)] = [(a, c) for a, c in game.successors(start) if a[0] < 0]
    first = describe_turn(game, start, action, taken)
    both = [describe_turn(game, taken, a, c) for a, c in game.successors(taken)]
    both = [line for line in both if line.count("gold coin -> ") == 2]
    assert any("silver objective; gold coin -> gold objective" in line for line in both), both
    for line in both:
        assert replay_line(r, "heroic", [first, line], gods=ALL_GODS,
                           blessings=POWER_BLESSINGS, reach=False) == [], line


JUDGED_BEFORE_EFFECTS = """kind: riddle
id: judged-before-effects
number: 1
title: Judged Before Effects
island: x
players: [1]
map:
  grid: |
    1W . .
stockpile: {level1: 1, level2: 0, level3: 0, dome: 0}
gods: {deck: [atlas], queue: [atlas]}
objectives:
  - tier: silver
    goal: {stand: {figure: worker, level: 1}}
end_of_turn:
  - {remove-top: {at: A1, to: stockpile}}
"""
"""Minimised from the truth fuzz (``benchmarks/truth.py`` seed 1: two riddles, a stand
and a build goal under ``remove-top``): W1 stands on level 1 when the rewards step
judges the objective (RULES 1) and on level 0 once the end-of-turn effect took A1's
block. The checker judged the position after the effects and refused the line."""


def test_objectives_are_judged_before_the_end_of_turn_effects() -> None:
    from generator.systems.riddle.solver import solve_riddle

    r = riddle_of(JUDGED_BEFORE_EFFECTS)
    [result] = solve_riddle(r, 1, gods=ALL_GODS, blessings=POWER_BLESSINGS,
                            seconds=None).objectives
    assert result.turns == 1 and result.solution[0].startswith("take Atlas"), result.solution
    assert "silver objective achieved; top piece removed from A1" in result.solution[0]
    assert replay_line(r, "silver", result.solution, gods=ALL_GODS,
                       blessings=POWER_BLESSINGS) == []
    # Never judged on the set-up position: no turn, not reached.
    assert replay_line(r, "silver", [], gods=ALL_GODS, blessings=POWER_BLESSINGS)
