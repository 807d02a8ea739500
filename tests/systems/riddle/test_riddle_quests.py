"""Custom god quests (issue 13 §2): the conditions pinned to slow ones on generated
boards, the rules around them (once per god, the card kept, no default quest beside
them), the warning for a quest the solver does not play, and one small riddle per
custom quest whose shortest line needs the quest's reward."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from generator.engine.geometry import NO_SQUARE
from generator.engine.state import State, Stockpile
from generator.pack.loader import load_yaml
from generator.pack.model import Document
from generator.systems.riddle.context import compile_riddle
from generator.systems.riddle.gods import POWER_ACTION, HeldCard
from generator.systems.riddle.box import GodCard, build_god
from generator.systems.riddle.quests import QUESTS, Quest, iter_quest_problems
from generator.systems.riddle.results import ObjectiveResult
from generator.systems.riddle.solver import SOLVED, UNSOLVABLE, RiddleGame, solve_riddle
from generator.systems.riddle.trace import verify_result

from .reference import riddle_of_text
from .reference_gods import POWER_CASES, fuzz_powers, slow_quest_earned

ROOT = Path(__file__).resolve().parents[3]


def _random_board(rng: random.Random, size: int, figures: int) -> State:
    heights = [rng.choice((0, 0, 1, 2, 3)) for _ in range(size)]
    domes = [rng.random() < 0.1 for _ in range(size)]
    l1 = sum(1 << sq for sq, h in enumerate(heights) if h >= 1)
    l2 = sum(1 << sq for sq, h in enumerate(heights) if h >= 2)
    l3 = sum(1 << sq for sq, h in enumerate(heights) if h >= 3)
    dome = sum(1 << sq for sq, d in enumerate(domes) if d)
    squares = rng.sample(range(size), figures + 2)
    king = squares[figures] if rng.random() < 0.5 else NO_SQUARE
    sphinx = squares[figures + 1] if rng.random() < 0.5 else NO_SQUARE
    return State(l1, l2, l3, dome, tuple(squares[:figures]), king, sphinx)


def _moved(rng: random.Random, before: State, size: int) -> State:
    """``before`` with random pieces added and figures moved (a turn's worth, or more)."""
    after = _random_board(rng, size, len(before.workers))
    if rng.random() < 0.5:  # keep the heights, move figures only
        after = before._replace(workers=after.workers, king=after.king, sphinx=after.sphinx)
    if rng.random() < 0.3:
        after = after._replace(king=before.king, sphinx=before.sphinx)
    return after


@pytest.mark.parametrize("seed", range(3))
def test_quest_conditions_agree_with_the_slow_ones(seed: int) -> None:
    rng = random.Random(900 + seed)
    seen = {q: 0 for q in QUESTS if q != "default"}
    for _ in range(1500):
        size = rng.randint(4, 25)
        before = _random_board(rng, size, rng.randint(0, min(4, size - 2)))
        after = _moved(rng, before, size)
        mine = rng.randrange(16)
        level = rng.randint(1, 3)
        for quest in seen:
            fast = Quest(quest, level).earned(before, after, mine)
            assert fast == slow_quest_earned(quest, level, before, after, mine), (
                quest, level, before, after, bin(mine))
            seen[quest] += fast
    assert all(n > 20 for n in seen.values()), seen  # each condition both holds and fails


def test_the_schema_lists_exactly_the_registered_quests() -> None:
    import json

    schema = json.loads((ROOT / "schemas" / "god.schema.json").read_text())
    assert sorted(schema["properties"]["quest"]["properties"]["id"]["enum"]) == sorted(QUESTS)


def _god_doc(text: str) -> Document:
    data = load_yaml(text, "g.yaml").documents[0]
    return Document("god", "g", "g.yaml", data)


GOD = """kind: god
id: g
name: G
type: mover
pieces: {dome: 1}
power: {id: minotaur-shove, text: A power.}
quest:
  QUEST
"""


def test_a_quest_without_id_is_warned_at_its_line() -> None:
    doc = _god_doc(GOD.replace("QUEST", "text: Shove the King off a tower."))
    [d] = iter_quest_problems(build_god(doc), doc)
    assert d.code == "RS-G027" and d.line == 7
    assert "quest not simulated: the solver plays the default quest" in d.message
    doc = _god_doc(GOD.replace("QUEST", "id: shove-off-tower\n  text: Shove it."))
    assert list(iter_quest_problems(build_god(doc), doc)) == []


def test_shipped_custom_quests_read_as_structured_rewards() -> None:
    gods = {}
    for name in ("athena", "hephaestus", "minotaur", "apollo"):
        text = (ROOT / "content" / "riddles" / "gods" / f"{name}.yaml").read_text()
        gods[name] = build_god(_god_doc(text)).quest
    assert gods == {"athena": Quest("stand-above", 2, "level3"),
                    "hephaestus": Quest("raise-to", 2, "level2"),
                    "minotaur": Quest("shove-off-tower", 2, "dome"),
                    "apollo": Quest("default", 2, "any")}


def _card(name: str, power: str, pieces: Stockpile, quest: Quest) -> GodCard:
    return GodCard(name, name.title(), "builder", pieces, power, "A power.",
                   quest_text="A quest.", quest_id=quest.id, quest=quest)


FORGE = _card("forge", "hephaestus-stack-twice", Stockpile(0, 0, 0, 1),
              Quest("raise-to", 2, "level2"))
OWL = _card("owl", "athena-hold-the-heights", Stockpile(0, 0, 0, 1),
            Quest("stand-above", reward="level3"))
BULL = _card("bull", "minotaur-shove", Stockpile(0, 0, 1, 0),
             Quest("shove-off-tower", reward="dome"))
GODS = {g.id: g for g in (FORGE, OWL, BULL)}


def _riddle(grid: str, god: str, coins: str, stock: str) -> str:
    rows = "\n".join(f"    {row}" for row in grid.split("/"))
    return (f"kind: riddle\nid: q\nnumber: 1\ntitle: Q\nisland: x\nplayers: [1]\n"
            f"map:\n  grid: |\n{rows}\ncoins:\n{coins}stockpile: {{{stock}}}\n"
            f"gods: {{deck: [{god}], queue: [{god}]}}\n"
            f"objectives:\n  - tier: silver\n    slots: {{silver: COUNT}}\n    ends: true\n")


def _solve(text: str, gods: dict[str, GodCard]) -> tuple[ObjectiveResult, object]:
    riddle = riddle_of_text(text)
    assert riddle is not None, text
    [result] = solve_riddle(riddle, gods=gods, seconds=None,
                            shortest_with_powers=True).objectives
    return result, compile_riddle(riddle, 1)


def _with_default(card: GodCard) -> dict[str, GodCard]:
    return {card.id: _card(card.id, card.power, card.pieces, Quest())}


RAISE = _riddle("W . .", "forge", "  - {at: B1, colour: silver, levels: [2]}\n"
                "  - {at: C1, colour: silver, levels: [2]}\n", "level1: 2, level2: 1"
                ).replace("COUNT", "2")
STAND = _riddle("1W 1W 2 ./. . . K", "owl", "  - {at: C1, colour: silver, levels: [3]}\n",
                "level1: 1").replace("COUNT", "1")
SHOVE = _riddle("W 1K . 3/. . . .", "bull", "  - {at: D1, colour: silver, levels: [4]}\n",
                "level1: 1").replace("COUNT", "1")


@pytest.mark.parametrize("text, god, turns, earned", [
    # take; one space 0->2 (+level 2); the other 0->2
    (RAISE, "forge", 3, (1, "[Forge]", "quest reward +1 level2")),
    # take, with two workers above the King at the end of that turn (+level 3); C1 to 3
    (STAND, "owl", 2, (0, "take Owl", "quest reward +1 level3")),
    # take; shove the King off B1 (+dome); dome D1
    (SHOVE, "bull", 3, (1, "King B1-C1", "quest reward +1 dome")),
])
def test_a_custom_quest_reward_makes_the_shortest_line(
        text: str, god: str, turns: int, earned: tuple[int, str, str]) -> None:
    result, ctx = _solve(text, GODS)
    assert result.status == SOLVED and result.turns == turns, (result.reason, result.solution)
    assert result.solution[0].startswith(f"take {god.title()}")
    turn, what, note = earned
    assert what in result.solution[turn] and note in result.solution[turn], result.solution
    assert sum(note in line for line in result.solution) == 1  # earned once
    assert verify_result(ctx, result, gods=GODS) == ""  # type: ignore[arg-type]
    # The same god with the default quest cannot bring the piece: no line at all.
    other, _ = _solve(text, _with_default(GODS[god]))
    assert other.status == UNSOLVABLE, other.solution


def _game(text: str, gods: dict[str, GodCard]) -> RiddleGame:
    riddle = riddle_of_text(text)
    assert riddle is not None
    return RiddleGame(compile_riddle(riddle, 1), 0, gods=gods, powers=True)


def test_a_custom_quest_is_earned_once_and_keeps_the_card() -> None:
    game = _game(STAND, GODS)
    [start] = game.starts()
    [taken] = [s for a, s in game.successors(start) if a[0] == -1]
    # Taken this turn and the condition holds: earned, a level-3 block, the card kept.
    assert taken.extra.cards == (HeldCard(0, 0, (0, 0, 0, 1), True),)  # type: ignore[attr-defined]
    assert tuple(taken.stock) == (1, 0, 1, 1)
    # A later turn with the condition still true brings nothing more.
    again = [s for a, s in game.successors(taken)
             if a[0] >= 0 and s.board.workers[1] == taken.board.workers[1]]
    assert again and all(s.stock[2] <= 1 for s in again)
    # The card keeps its dome: a custom quest clears nothing.
    assert all(s.extra.cards[0].pieces == (0, 0, 0, 1) for s in again)  # type: ignore[attr-defined]


def test_a_custom_quest_god_never_earns_the_default_quest() -> None:
    # The card's level-2 block goes on B1 with the power (level 1 first): the card is
    # cleared on a turn its power was used, which earns the default quest, while the
    # custom quest asks for level 3 and earns nothing.
    text = _riddle("W . .", "forge", "  - {at: C1, colour: silver, levels: [1]}\n",
                   "level1: 1").replace("COUNT", "1")
    high = _card("forge", FORGE.power, Stockpile(0, 1, 0, 0), Quest("raise-to", 3, "level2"))
    low = _card("forge", FORGE.power, Stockpile(0, 1, 0, 0), Quest())
    stocks = {}
    for name, card in (("custom", high), ("default", low)):
        game = _game(text, {"forge": card})
        [start] = game.starts()
        [taken] = [s for a, s in game.successors(start) if a[0] == -1]
        cleared = [s for a, s in game.successors(taken)
                   if a[0] == POWER_ACTION and not s.extra.cards]  # type: ignore[attr-defined]
        assert cleared
        stocks[name] = {tuple(s.stock) for s in cleared}
    assert stocks["custom"] == {(0, 0, 0, 0)}
    assert stocks["default"] == {(1, 0, 0, 0), (0, 1, 0, 0), (0, 0, 1, 0), (0, 0, 0, 1)}


def test_solver_with_custom_quests_agrees_with_plain_breadth_first() -> None:
    # Seed chosen so that the reference (quests judged the slow way) earns some.
    before = dict(POWER_CASES)
    total, bad = fuzz_powers(8005, 30)
    assert not bad, "\n\n".join(bad)
    assert POWER_CASES["custom quests"] > before["custom quests"]
    assert POWER_CASES["quest earned"] > before["quest earned"]
    assert total.decided >= 20


def test_the_french_notation_names_a_quest_reward() -> None:
    from generator.systems.riddle.french import notation

    assert notation("take Owl from the queue (+1 dome; quest reward +1 level3)") == (
        "prend Owl dans la file (+1 dôme ; récompense de quête +1 bloc de niveau 3)")
