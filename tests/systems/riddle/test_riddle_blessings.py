"""Blessing cards as one-time powers (issue 13 §2): each effect on a riddle that needs
it, the rules around the cards, and the solver with blessings pinned to plain
breadth-first search (``reference_gods.py``)."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from generator.systems.riddle.blessings import BLESSINGS
from generator.systems.riddle.bookkeeping import BLESSING_ACTION
from generator.systems.riddle.context import compile_riddle
from generator.systems.riddle.game import RiddleGame
from generator.systems.riddle.solver import SOLVED, UNSOLVABLE, solve_riddle
from generator.systems.riddle.trace import verify_result

from .reference import riddle_of_text
from .reference_gods import POWER_BLESSINGS, compare_powers, fuzz_powers

CONTENT = Path(__file__).resolve().parents[3] / "content" / "riddles" / "blessings"


def _riddle(grid: str, revealed: str, *, coins: str = "", stock: str = "level1: 1",
            goal: str = "", extra: str = "", players: int = 1) -> str:
    rows = "\n".join(f"    {row}" for row in grid.split("/"))
    objective = f"    goal: {goal}" if goal else "    slots: {silver: 1}"
    return (f"kind: riddle\nid: b\nnumber: 1\ntitle: B\nisland: x\nplayers: [{players}]\n"
            f"map:\n  grid: |\n{rows}\n" + (f"coins:\n  - {coins}\n" if coins else "")
            + f"stockpile: {{{stock}}}\ngods: {{revealed: [{revealed}]}}\n"
            f"objectives:\n  - tier: silver\n{objective}\n{extra}")


COIN = "{at: %s, colour: silver, levels: [%s]}"
CASES = {
    # effect: (riddle text, turns with the card; none without it)
    "gain-level1": _riddle("W . .", "gain-level1", coins=COIN % ("C1", 1), stock="level1: 0"),
    "gain-level3": _riddle("W . 2", "gain-level3", coins=COIN % ("C1", 3), stock="level1: 0"),
    "gain-dome": _riddle("W . 3", "gain-dome", coins=COIN % ("C1", 4), stock="level1: 0"),
    "gain-any-block": _riddle("W . 2", "gain-any-block", coins=COIN % ("C1", 3),
                              stock="level1: 0"),
    "exchange-piece": _riddle("W . 2", "exchange-piece", coins=COIN % ("C1", 3)),
    "reclaim-top": _riddle("W . . 1", "reclaim-top", coins=COIN % ("C1", 1),
                           stock="level1: 0"),
    "nudge-figure": _riddle("W . K/. . .", "nudge-figure",
                            goal="{stand: {figure: king, at: B1}}"),
    "collect-any-token": _riddle("W . . b", "collect-any-token", goal="{blessings: {count: 1}}"),
    "skip-effects": _riddle("W .", "skip-effects", stock="level1: 2",
                            goal="{stand: {figure: worker, level: 1}}",
                            extra="end_of_turn:\n  - {remove-top: {at: A1}}\n"
                                  "  - {remove-top: {at: B1}}\n"),
    "extra-step": _riddle("W . . .", "extra-step", coins=COIN % ("D1", 1)),
    "extra-build-elsewhere": _riddle("W . .", "extra-build-elsewhere", stock="level1: 2",
                                     goal="{build: {what: block, count: 2}}",
                                     extra="turn_limit: 1\n"),
    "double-climb": _riddle("W 2", "double-climb", goal="{stand: {figure: worker, level: 2}}"),
    "far-build": _riddle("W . . .", "far-build", coins=COIN % ("D1", 1)),
    "build-in-place": _riddle("W .", "build-in-place", coins=COIN % ("B1", 1)),
    "level-leap": _riddle("W . . .", "level-leap", coins=COIN % ("D1", 1)),
    "swap-workers": _riddle("W . ~ W .", "swap-workers", coins=COIN % ("E1", 1)),
    "move-two": _riddle("W . W . .", "move-two", goal="{all_of: [{stand: {figure: worker, "
                        "at: B1}}, {stand: {figure: worker, at: D1}}]}"),
}


def _solve(text: str, blessings: bool = True, players: int = 1) -> object:
    riddle = riddle_of_text(text)
    assert riddle is not None, text
    [result] = solve_riddle(riddle, players, blessings=POWER_BLESSINGS if blessings else None,
                            seconds=None).objectives
    return result


def test_every_shipped_blessing_effect_is_registered() -> None:
    effects = {yaml.safe_load(p.read_text())["effect"] for p in CONTENT.glob("*.yaml")}
    assert effects == set(BLESSINGS)
    assert not BLESSINGS["order-deck"].searched
    assert all(p.searched for name, p in BLESSINGS.items() if name != "order-deck")


@pytest.mark.parametrize("effect", sorted(CASES))
def test_each_blessing_solves_a_riddle_that_needs_it(effect: str) -> None:
    text = CASES[effect]
    without = _solve(text, blessings=False)
    assert without.status == UNSOLVABLE, (effect, without.reason)  # type: ignore[attr-defined]
    result = _solve(text)
    assert result.status == SOLVED and result.turns == 1 + (effect in (  # type: ignore[attr-defined]
        "skip-effects",)), (effect, result.reason, result.solution)  # type: ignore[attr-defined]
    name = POWER_BLESSINGS[effect].name
    assert any(f"use {name}" in line for line in result.solution), result.solution  # type: ignore[attr-defined]
    riddle = riddle_of_text(text)
    assert riddle is not None
    problem = verify_result(compile_riddle(riddle, 1), result,  # type: ignore[arg-type]
                            blessings=POWER_BLESSINGS)
    assert problem == ""


def test_a_card_is_used_once() -> None:
    # Two pieces short (any level-1 block, then a level-2 one on D1): one Quarry Gift
    # brings one of them, never both.
    text = _riddle("W . . 1", "gain-any-block", coins=COIN % ("D1", 2), stock="level1: 0")
    assert _solve(text).status == UNSOLVABLE  # type: ignore[attr-defined]
    text = _riddle("W . . 1", "gain-level1, gain-any-block", coins=COIN % ("D1", 2),
                   stock="level1: 0")
    result = _solve(text)
    assert result.status == SOLVED and result.turns == 2, result.solution  # type: ignore[attr-defined]


def test_order_deck_is_reported_not_searched() -> None:
    result = _solve(_riddle("W . . .", "order-deck", coins=COIN % ("D1", 1)))
    assert result.status == UNSOLVABLE  # type: ignore[attr-defined]
    assert "powers not searched" in result.reason and "order-deck" in result.reason  # type: ignore[attr-defined]


def test_revive_has_no_use_without_a_destroyed_worker() -> None:
    riddle = riddle_of_text(_riddle("W . .", "revive-worker", coins=COIN % ("C1", 1)))
    assert riddle is not None
    game = RiddleGame(compile_riddle(riddle, 1), 0, powers=True, blessings=POWER_BLESSINGS)
    [start] = game.starts()
    assert game.blessings.turns(game, start) == []


def test_an_extra_turn_keeps_the_seat() -> None:
    text = _riddle("W W . ./W W . .", "extra-turn", coins=COIN % ("D1", 1), players=2)
    riddle = riddle_of_text(text)
    assert riddle is not None
    game = RiddleGame(compile_riddle(riddle, 2), 0, powers=True, blessings=POWER_BLESSINGS)
    start = game.starts()[0]
    plain = [s for a, s in game.successors(start) if a[0] != BLESSING_ACTION]
    blessed = [s for a, s in game.successors(start) if a[0] == BLESSING_ACTION]
    assert blessed and plain
    assert {game.movers(s)[0] for s in plain} == {1}
    assert {game.movers(s)[0] for s in blessed} == {0}
    assert len({game.key(s) for s in blessed} & {game.key(s) for s in plain}) == 0


@pytest.mark.parametrize("seed", range(2))
def test_solver_with_blessings_agrees_with_plain_breadth_first(seed: int) -> None:
    total, bad = fuzz_powers(9100 + seed, 10, blessings=True)
    assert not total.disagreements, "\n\n".join(bad)
    assert total.decided > 0


SUNK_AND_REVIVED = """kind: riddle
id: fuzz
number: 1
title: Fuzz
island: x
players: [1]
map:
  grid: |
    W .
    . .
coins:
  - {at: B2, colour: silver, levels: [2]}
  - {at: B1, colour: silver, levels: [2]}
  - {at: A1, colour: silver, levels: [2, 3]}
stockpile: {level1: 2, level2: 3, level3: 3, dome: 0}
gods: {deck: [], queue: [], revealed: [collect-any-token, gain-level1, revive-worker]}
objectives:
  - tier: silver
    slots: {silver: 2}
  - tier: gold
    slots: {silver: 1}
    ends: true
end_of_turn:
  - {sink: {at: B1, turn: 3}}
  - {stockpile-add: {piece: level3, count: 2}}
"""
"""The only worker sinks with B1: the bound with powers must not call the riddle lost
while a revealed card can bring a worker back (``benchmarks/solver.py
--fuzz-blessings 400 --seed 5`` found it)."""


def test_a_worker_that_a_card_can_revive_is_not_gone_for_the_bound() -> None:
    out = compare_powers(SUNK_AND_REVIVED, 1)
    assert out.decided and not out.disagreements, out.disagreements
