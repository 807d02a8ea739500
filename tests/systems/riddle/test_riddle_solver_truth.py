"""Every answer of the riddle solver is true (issue 14 §1): the two repros, the
objectives counting pieces rules out, and the solver against a plain
breadth-first reference over seeded random riddles (``reference.py``)."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from generator.systems.riddle.context import compile_riddle
from generator.systems.riddle.pieces import pieces_rule_out
from generator.systems.riddle.solve_cli import run_solve
from generator.systems.riddle.solver import SOLVED, UNSOLVABLE, RiddleGame, solve_riddle

from .conftest import check_pack, write_starter
from .reference import compare, fuzz, random_riddle_text, reference_solve, riddle_of_text
from .test_riddle_solver import TWO_BUILDS, riddle_of, riddle_text

MANY_COINS = """kind: riddle
id: many-coins
number: 600
title: Many Coins
island: lantern-isles
players: [1]
map:
  grid: |
    .W . . . .
    . . . . .
    2 2 2 2 2
    2 2 . . .
coins:
  - {at: A3, colour: silver, levels: [3]}
  - {at: B3, colour: silver, levels: [3]}
  - {at: C3, colour: silver, levels: [3]}
  - {at: D3, colour: silver, levels: [3]}
  - {at: E3, colour: silver, levels: [3]}
  - {at: A4, colour: silver, levels: [3]}
  - {at: B4, colour: silver, levels: [3]}
  - {at: C1, colour: silver, levels: [2]}
stockpile: {level1: 1, level2: 1, level3: 0, dome: 0}
objectives:
  - tier: silver
    slots: {silver: 1}
"""

FAR_COINS = """kind: riddle
id: far-coins
number: 601
title: Far Coins
island: lantern-isles
players: [1]
map:
  grid: |
    .W . . . . . . .
    . . . . . . . .
coins:
  - {at: C1, colour: silver, levels: [3]}
  - {at: F1, colour: silver, levels: [1]}
  - {at: F2, colour: silver, levels: [1]}
  - {at: G1, colour: silver, levels: [1]}
  - {at: G2, colour: silver, levels: [1]}
  - {at: H1, colour: silver, levels: [1]}
  - {at: H2, colour: silver, levels: [1]}
stockpile: {level1: 5, level2: 1, level3: 1, dome: 0}
objectives:
  - tier: silver
    slots: {silver: 1}
"""


@pytest.mark.parametrize(("text", "turns", "first"), [
    (MANY_COINS, 2, "W1 A1-B1 build C1 (level 1)"),
    (FAR_COINS, 3, "W1 A1-B1 build C1 (level 1)"),
])
def test_issue_14_repros(text: str, turns: int, first: str) -> None:
    [result] = solve_riddle(riddle_of(text)).objectives
    assert (result.status, result.turns) == (SOLVED, turns), result.reason
    assert result.solution[0] == first
    game = RiddleGame(compile_riddle(riddle_of(text)), 0)
    ref = reference_solve(game, depth=turns)
    assert ref.turns == turns
    assert all(game.estimate(s) <= left for s, left in ref.exact.items())


ROOMY = riddle_text("""
W . .
. . .
""", """coins:
  - {at: C1, colour: silver, levels: [3]}
  - {at: C2, colour: silver, levels: [4]}
stockpile: {level1: 4, level2: 4, level3: 0, dome: 0}
objectives:
  - tier: silver
    goal: GOAL
""")


@pytest.mark.parametrize(("goal", "why"), [
    ("{build: {what: dome, count: 1}}", "1 more dome needs 1 dome piece, the riddle brings at "
                                        "most 0"),
    ("{stand: {figure: worker, level: 3}}", "no figure can ever stand on level 3"),
    ("{stand: {figure: worker, level: 3, at: B2}}", "stand on B2 on level 3"),
    ("{slots: {silver: 1}}", "only 0 silver coins can ever be collected"),
    ("{build: {what: block, count: 9}}", "9 more blocks need 9 block pieces"),
    ("{any_of: [{build: {what: tower, count: 1}}, {stand: {level: 3}}]}", "no figure"),
    ("{all_of: [{within: 9}, {stand: {level: 3}}]}", "no figure"),
])
def test_counting_pieces_rules_out_at_once(goal: str, why: str) -> None:
    riddle = riddle_of(ROOMY.replace("GOAL", goal))
    [result] = solve_riddle(riddle).objectives
    assert result.status == UNSOLVABLE and result.states == 0
    assert result.reason.startswith("counting pieces: ") and why in result.reason


def test_counting_pieces_needs_the_sum_over_coins() -> None:
    text = ROOMY.replace("level3: 0", "level3: 1").replace("GOAL", "{slots: {silver: 2}}") \
        .replace("levels: [4]", "levels: [3, 4]")
    ctx = compile_riddle(riddle_of(text))
    assert "need at least 2 level3" in pieces_rule_out(ctx, 0)
    # One more level-3 piece and it is for the search to decide.
    assert pieces_rule_out(compile_riddle(riddle_of(text.replace("level3: 1", "level3: 2"))),
                           0) == ""


def test_counting_pieces_stays_silent_with_endless_supply() -> None:
    text = ROOMY.replace("GOAL", "{build: {what: dome, count: 1}}").replace(
        "level3: 0", "level3: 1") + (
        "end_of_turn:\n  - stockpile-add: {piece: dome}\n")
    [result] = solve_riddle(riddle_of(text)).objectives
    assert result.status == SOLVED


def test_the_generator_covers_the_vocabulary() -> None:
    rng = random.Random(3)
    texts = [random_riddle_text(rng)[0] for _ in range(300)]
    joined = "\n".join(texts)
    for word in ("stand:", "build:", "slots:", "blessings:", "within:", "all_of:", "any_of:",
                 "sphinx_wins:", "sink:", "remove-top:", "step-toward-closest-worker:",
                 "stockpile-add:", "stockpile-remove:", "bridges:", "reward:", "queue:",
                 "turn_limit:", "~", "K", "b"):
        assert word in joined, word
    valid = [t for t in texts if riddle_of_text(t) is not None]
    assert len(valid) > 250
    assert max(t.count("colour: silver") for t in valid) >= 8


@pytest.mark.parametrize("seed", range(3))
def test_solver_agrees_with_plain_breadth_first(seed: int) -> None:
    total, bad = fuzz(1000 + seed, 8)
    assert total.decided >= 6
    assert not bad, "\n\n".join(bad)


def test_the_reference_catches_an_inadmissible_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    # A comparison that cannot fail proves nothing: overestimate on purpose.
    original = RiddleGame.estimate
    monkeypatch.setattr(RiddleGame, "estimate",
                        lambda self, state: original(self, state) * 2 + 1)
    outcome = compare(TWO_BUILDS, 1)
    assert outcome.decided == 1 and outcome.disagreements and "estimate" in outcome.disagreements[0]


# -- solve refuses what check rejects; exit codes -----------------------------------------


def test_solve_refuses_a_riddle_check_rejects(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    pack = write_starter(tmp_path / "pack")
    riddle = pack / "riddles" / "first-light.yaml"
    riddle.write_text(riddle.read_text().replace("  - {at: A3, colour: silver, levels: [2]}",
                                                 "  - {at: C1, colour: silver, levels: [2]}"))
    code, text = run_solve(pack, "first-light", 1, None, None, "json")
    assert code == 1 and "[RS-G012]" in text and "fix them before solving" in text
    report = check_pack(pack, monkeypatch)
    [g012] = [d for d in report.diagnostics if d.code == "RS-G012"]
    assert f"{g012.line}:{g012.col}: error: {g012.message}" in text


def test_solve_exit_code_is_one_for_unproven(tmp_path: Path) -> None:
    pack = write_starter(tmp_path / "pack")
    assert run_solve(pack, "first-light", 1, "gold", None, "json")[0] == 0
    code, text = run_solve(pack, "first-light", 1, "gold", 1, "json")
    assert code == 1 and json.loads(text)["objectives"][0]["status"] == "unproven"
