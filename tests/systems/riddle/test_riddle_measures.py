"""The designer's measures (issue 22 §2) pinned to plain enumeration.

``optimal_lines``, ``key_moves`` and the used pieces, gods and coins come from
walking the optimal DAG with exact distances from a depth-first search; the
reference here enumerates every line of ``par`` turns from the start, turn by
turn through the game's successors (no distances, no transposition), keeps those
that end at the goal, and canonicalises them the same way (the multiset of turn
labels). The par is the breadth-first reference's (``reference_solve``).
``trap_rate`` is pinned to the same playouts written without the shared table of
children.
"""
from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

from generator.diagnostics import Severity
from generator.engine.state import PIECE_NAMES
from generator.pack.model import Document
from generator.pack.yamlload import load_yaml
from generator.pipeline import check
from generator.sim.search import UNREACHABLE
from generator.systems import Options
from generator.systems.riddle.campaign import Campaign, Island
from generator.systems.riddle.campaign_checks import RiddleDifficulty, iter_island_difficulty
from generator.systems.riddle.context import compile_riddle
from generator.systems.riddle.game import RiddleGame
from generator.systems.riddle.measures import (
    Measures,
    distinct_starts,
    island_difficulties,
    measure_objective,
    measure_solve,
)
from generator.systems.riddle.results import ObjectiveResult
from generator.systems.riddle.solver import solve_riddle

from .reference import FUZZ_GODS, random_riddle_text, reference_solve, riddle_of_text
from .reference_lines import TooMany, enumerate_lines
from .reference_gods import ALL_GODS, POWER_BLESSINGS, random_god_riddle_text
from .test_riddle_proofs import write_piers
from .test_riddle_solver import riddle_of, riddle_text

def _check(game: RiddleGame, par: int, cap: int, where: str) -> bool:
    """Compare the measures with the enumeration; False when the case is too big."""
    try:
        lines = enumerate_lines(game, par)
    except TooMany:
        return False
    m = measure_objective(game, par, cap=cap, playouts=0, seconds=None)
    assert not m.stopped, where
    assert lines.multisets, where
    assert m.optimal_lines == min(len(lines.multisets), cap), where
    assert m.capped == (len(lines.multisets) > cap), where
    assert set(m.key_moves) == frozenset.intersection(*lines.labels), where
    assert set(m.key_parts) == frozenset.intersection(*lines.parts), where
    start = distinct_starts(game)[0]
    assert dict(m.unused_pieces) == {PIECE_NAMES[i]: start.stock[i] - lines.built[i]
                                     for i in range(4) if start.stock[i] > lines.built[i]}, where
    assert len(m.unused_gods) == len(game.queue) - len(lines.gods) + len(game.unknown_gods), where
    assert len(m.unused_coins) == sum(1 for i in range(len(game.ctx.coins))
                                      if not lines.coins >> i & 1), where
    return True


def _cases(seed: int, count: int, powers: bool) -> tuple[int, int]:
    """Measure ``count`` generated riddles; (objectives compared, with powers in play)."""
    rng = random.Random(seed)
    compared = powered = 0
    for n in range(count):
        if powers:
            text, players = random_god_riddle_text(rng, blessings=n % 2 == 1)
        else:
            text, players = random_riddle_text(rng)
        riddle = riddle_of_text(text)
        if riddle is None:
            continue
        ctx = compile_riddle(riddle, players)
        for j in range(len(ctx.objectives)):
            game = RiddleGame(ctx, j, gods=ALL_GODS if powers else FUZZ_GODS, powers=powers,
                              blessings=POWER_BLESSINGS if powers else None)
            ref = reference_solve(game, depth=5, states=3_000)
            if ref.turns is None or ref.turns == 0 or ref.capped:
                continue
            # A small cap on every third case, so that capped counts are compared too.
            if _check(game, ref.turns, 3 if n % 3 == 0 else 1_000, f"seed {seed} #{n} {j}"):
                compared += 1
                powered += game.powers.active or game.blessings.active
    return compared, powered


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_lines_and_key_moves_match_plain_enumeration(seed: int) -> None:
    compared, _ = _cases(seed, 60, powers=False)
    assert compared >= 20


@pytest.mark.parametrize("seed", [5, 6])
def test_lines_with_powers_match_plain_enumeration(seed: int) -> None:
    compared, powered = _cases(seed, 40, powers=True)
    assert compared >= 15 and powered >= 5


# -- trap rate ---------------------------------------------------------------------------


def plain_trap_rate(game: RiddleGame, par: int, seed: int, playouts: int) -> float:
    """The naive playouts, each from scratch: per turn a child of lowest estimate
    (distinct child states in the game's order; ``rng.choice`` among two or more)."""
    rng = random.Random(seed)
    starts = distinct_starts(game)
    misses = 0
    for _ in range(playouts):
        state = starts[0] if len(starts) == 1 else rng.choice(starts)
        hit = False
        for _turn in range(par):
            children = [c for _, c in game.successors(state)]
            if any(game.is_goal(c) for c in children):
                hit = True
                break
            scored = [(game.estimate(c), c) for c in children]
            low = min((h for h, _ in scored), default=UNREACHABLE)
            best = list(dict.fromkeys(c for h, c in scored if h == low < UNREACHABLE))
            if not best:
                break
            state = best[0] if len(best) == 1 else rng.choice(best)
        misses += not hit
    return misses / playouts


def test_trap_rate_matches_plain_playouts_and_is_deterministic() -> None:
    rng = random.Random(11)
    checked = 0
    for _ in range(40):
        text, players = random_riddle_text(rng)
        riddle = riddle_of_text(text)
        if riddle is None:
            continue
        ctx = compile_riddle(riddle, players)
        for j in range(len(ctx.objectives)):
            game = RiddleGame(ctx, j, gods=FUZZ_GODS)
            ref = reference_solve(game, depth=5, states=3_000)
            if ref.turns is None or ref.capped:
                continue
            m = measure_objective(game, ref.turns, seed=7, playouts=30, lines=False,
                                  seconds=None)
            assert m.trap_rate == plain_trap_rate(game, ref.turns, 7, 30)
            again = measure_objective(game, ref.turns, seed=7, playouts=30, lines=False,
                                      seconds=None)
            assert again == m
            assert m.estimate_gap == ref.turns - min(game.estimate(s)
                                                     for s in distinct_starts(game))
            checked += 1
    assert checked >= 10


def test_the_cap_on_generated_states_binds_the_same_whatever_the_clock() -> None:
    """Where one expansion is a whole god's turn, the measures stop at a count of
    generated states, not at a CPU time: the answer is the same with the seconds cap
    off, and a cap one state larger than a completed part needs changes nothing."""
    from .test_riddle_truth import HERMES_KEY_MOVES

    riddle = riddle_of_text(HERMES_KEY_MOVES)
    assert riddle is not None
    game = RiddleGame(compile_riddle(riddle, 1), 0, gods=ALL_GODS, powers=True)
    par = reference_solve(game, depth=4, states=50_000).turns
    assert par is not None
    small = measure_objective(game, par, seed=1, playouts=20, children=40)
    assert "40 generated" in small.stopped and small.optimal_lines is None
    timeless = measure_objective(game, par, seed=1, playouts=20, children=40, seconds=None)
    assert "40 generated" in timeless.stopped
    assert dataclasses.replace(timeless, stopped="") == dataclasses.replace(small, stopped="")
    whole = measure_objective(game, par, seed=1, playouts=20, seconds=None)
    assert whole.stopped == "" and whole.optimal_lines


# -- a hand-made riddle ------------------------------------------------------------------

ROW = riddle_text("""
W . . .
""", """coins:
  - {at: C1, colour: silver, levels: [1]}
  - {at: D1, colour: gold, levels: [3]}
stockpile: {level1: 3, level2: 1, level3: 1, dome: 2}
objectives:
  - tier: silver
    slots: {silver: 1}
    ends: true
""")
"""One worker at the end of a row, the silver coin two spaces on: the one shortest
line steps to B1 and builds on C1; the gold coin, two level-1 blocks and every
other piece are never used."""


def test_measures_of_a_hand_made_riddle() -> None:
    ctx = compile_riddle(riddle_of(ROW), 1)
    game = RiddleGame(ctx, 0)
    m = measure_objective(game, 1, seed=3)
    assert m.optimal_lines == 1 and not m.capped
    assert m.key_moves == ("A1-B1 build C1 level1",)
    assert m.key_parts == ("build C1 level1",)
    assert dict(m.unused_pieces) == {"level1": 2, "level2": 1, "level3": 1, "dome": 2}
    assert m.unused_coins == ("gold D1",)
    assert m.unused_gods == () and m.unused_blessings == ()
    assert m.estimate_gap == 0 and m.trap_rate == 0.0 and m.stopped == ""
    assert Measures.from_json(m.to_json()) == m
    assert "1 shortest line;" in m.text()


def test_objective_results_carry_measures_in_json() -> None:
    """``solve --format json`` adds the measures; a result without them (a cached
    proof, an older file) reads back without them."""
    m = Measures(2, 3, False, ("take Atlas",), 0.5, 200, 1, {"dome": 1}).to_json()
    result = ObjectiveResult("gold", "solved", 2, ("a", "b"), 1, 10, 0.1, measures=m)
    data = result.to_json()
    assert data["measures"] == m and ObjectiveResult.from_json(data).measures == m
    del data["measures"]
    assert ObjectiveResult.from_json(data).measures is None
    assert "measures" not in ObjectiveResult.from_json(data).to_json()


def test_measures_follow_the_game_of_the_solver_line() -> None:
    """Only a blessing card brings the coin's block: the solver's line uses it, so the
    measures count lines in the game with powers (every one uses the card)."""
    from .test_riddle_first_moves import CARD_FIRST

    riddle = riddle_of(CARD_FIRST)
    solve = solve_riddle(riddle, 1, gods=ALL_GODS, blessings=POWER_BLESSINGS)
    [result] = measure_solve(riddle, solve, gods=ALL_GODS, blessings=POWER_BLESSINGS,
                             seconds=None).objectives
    assert result.measures is not None
    m = Measures.from_json(result.measures)
    assert m.par == result.turns and m.stopped == "" and m.optimal_lines
    assert m.unused_blessings == () and m.estimate_gap is not None


# -- the island difficulty check (RS-G108, RS-G109) --------------------------------------


def test_an_easier_riddle_after_a_harder_one_on_an_island_is_reported(tmp_path: Path) -> None:
    """pier-2's hardest objective takes fewer turns than pier-1's, which it follows on
    the starter campaign's island: RS-G108 at pier-2 in the island's list."""
    root = write_piers(tmp_path / "pack")
    report = check([root], Options(cache=False))
    found = [(d.code, Path(d.file).name, d.line, d.col) for d in report.diagnostics
             if d.code in ("RS-G108", "RS-G109")]
    assert found == [("RS-G108", "adventure.yaml", 7, 23)], found
    [easier] = [d for d in report.diagnostics if d.code == "RS-G108"]
    assert easier.severity is Severity.WARNING and "'pier-2'" in easier.message
    ordered = (root / "campaigns" / "adventure.yaml").read_text().replace(
        "[pier-1, pier-2, pier-3]", "[pier-2, pier-1, pier-3]")
    (root / "campaigns" / "adventure.yaml").write_text(ordered)
    report = check([root], Options(cache=False))
    assert [d.code for d in report.diagnostics if d.code == "RS-G108"] == []


ISLE = "islands:\n  - {id: isle, riddles: [a, b, c]}\n"


def _island(riddles: dict[str, RiddleDifficulty]) -> list[tuple[str, int, int]]:
    yaml = load_yaml(ISLE, "c.yaml").documents[0]
    campaign = Campaign("c", "C", (Island("isle", "Isle", ("a", "b", "c")),))
    return [(d.code, d.line, d.col) for d in iter_island_difficulty(
        campaign, Document("campaign", "c", "c.yaml", yaml), riddles)]


def test_island_difficulty_on_made_up_results() -> None:
    def d(rid: str, hardest: int | None, gap: int | None = 1, trap: float | None = None
          ) -> RiddleDifficulty:
        return RiddleDifficulty(rid, hardest, "gold", gap, trap)

    assert _island({"a": d("a", 3), "b": d("b", 3), "c": d("c", 4)}) == []
    assert _island({"a": d("a", 5), "b": d("b", 3), "c": d("c", 4)}) == [("RS-G108", 2, 29)]
    # A riddle without a result is skipped: c is compared with a.
    assert _island({"a": d("a", 5), "b": d("b", None), "c": d("c", 4)}) == [
        ("RS-G108", 2, 32)]
    flat = {r: d(r, 3, 0, 0.0) for r in "abc"}
    assert _island(flat) == [("RS-G109", 2, 25)]
    assert _island({**flat, "c": d("c", 3, 0, None)}) == []  # not measured: no note
    assert _island({**flat, "c": d("c", 3, 0, 0.1)}) == []


def test_island_difficulties_measure_traps_only_where_every_gap_is_0() -> None:
    """The estimate gap of every riddle; trap rates only on an island whose riddles
    all have gap 0 (the check's cost stays small)."""
    riddle = riddle_of(ROW)
    solve = solve_riddle(riddle, 1)
    twin = dataclasses.replace(riddle, id="twin")
    campaign = Campaign("c", "C", (Island("isle", "Isle", (riddle.id, "twin")),))
    found = island_difficulties([campaign], {riddle.id: riddle, "twin": twin},
                                {riddle.id: solve, "twin": dataclasses.replace(solve,
                                                                               riddle="twin")})
    assert found[riddle.id] == RiddleDifficulty(riddle.id, 1, "silver", 0, 0.0)
    assert found["twin"].trap_rate == 0.0
    alone = island_difficulties([], {riddle.id: riddle}, {riddle.id: solve})
    assert alone[riddle.id].estimate_gap == 0 and alone[riddle.id].trap_rate is None
