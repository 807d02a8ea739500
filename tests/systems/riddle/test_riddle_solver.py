"""The riddle solver: known shortest solutions of tiny riddles, every rule a turn
involves, A* against breadth-first search, admissible bounds, the cache, the
diagnostics and ``run_solve``."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import generator.systems.riddle.solver as solver_module
from generator.diagnostics import CODES, Severity
from generator.engine.state import Stockpile
from generator.pack.model import Document
from generator.pack.yamlload import load_yaml
from generator.sim.search import UNREACHABLE, astar, breadth_first
from generator.systems.riddle.context import compile_riddle
from generator.systems.riddle.box import Die, DieFace, GodCard
from generator.systems.riddle.model import Reward, Riddle, build_riddle
from generator.systems.riddle.solve_cli import run_solve
from generator.systems.riddle.solver import (
    SOLVED,
    SOLVER_CODES,
    UNPROVEN,
    UNSOLVABLE,
    RiddleGame,
    RiddleSolve,
    riddle_fingerprint,
    solve_cached,
    solve_riddle,
    worker_assignments,
)
from generator.systems.riddle.solver_diagnostics import (
    iter_riddle_solver_diagnostics,
    iter_solver_diagnostics,
)
from generator.systems.riddle.state import RiddleState

from .conftest import write_starter


HEAD = """kind: riddle
id: tiny
number: 1
title: Tiny
island: x
players: [{players}]
map:
  grid: |
{grid}
"""


def riddle_text(grid: str, body: str, players: str = "1") -> str:
    rows = "".join(f"    {row.strip()}\n" for row in grid.strip().splitlines())
    return HEAD.format(players=players, grid=rows.rstrip("\n")) + body


def riddle_of(text: str) -> Riddle:
    doc = load_yaml(text, "t.yaml").documents[0]
    riddle, diags = build_riddle(Document("riddle", doc.data["id"], "t.yaml", doc), text)
    assert riddle is not None and not diags, diags
    return riddle


def doc_of(text: str) -> Document:
    doc = load_yaml(text, "t.yaml").documents[0]
    return Document("riddle", doc.data["id"], "t.yaml", doc)


STOCK = "stockpile: {level1: 6, level2: 6, level3: 6, dome: 6}\n"

ONE_COIN = riddle_text("""
W .
. .
""", """coins:
  - {at: B2, colour: silver, levels: [1]}
""" + STOCK + """objectives:
  - tier: silver
    slots: {silver: 1}
    ends: true
""")

TWO_BUILDS = ONE_COIN.replace("levels: [1]", "levels: [2]")

BRIDGE = riddle_text("""
W . ~ .
. . ~ .
""", """  bridges:
    - [B1, D1]
""" + STOCK + """objectives:
  - tier: silver
    goal: {stand: {figure: worker, at: D2}}
    ends: true
""")

CORRIDOR = riddle_text("""
W . .
. . .
""", STOCK + """objectives:
  - tier: silver
    goal: {stand: {figure: worker, at: C1}}
    ends: true
""")


def solve_one(text: str, players: int = 1, **kwargs: object) -> solver_module.ObjectiveResult:
    [result] = solve_riddle(riddle_of(text), players, **kwargs).objectives  # type: ignore[arg-type]
    return result


# -- known shortest solutions -----------------------------------------------------------


def test_one_turn_coin() -> None:
    result = solve_one(ONE_COIN)
    assert (result.status, result.turns) == (SOLVED, 1)
    assert result.solution == ("W1 A1-B1 build B2 (level 1; silver coin -> silver objective; "
                               "silver objective achieved)",)
    assert result.optimal_first_moves == 2  # from B1 or from A2; never from B2 itself
    assert result.reason == "" and result.states >= 1
    assert len(result.boards) == 2 and "1" in result.boards[1] and "s" not in result.boards[1]


def test_a_coin_needing_two_builds() -> None:
    result = solve_one(TWO_BUILDS)
    assert (result.status, result.turns) == (SOLVED, 2)
    assert result.solution[0].endswith("build B2 (level 1)")
    assert "build B2 (level 2; silver coin -> silver objective" in result.solution[1]


def test_three_turns_across_a_bridge() -> None:
    result = solve_one(BRIDGE)
    assert (result.status, result.turns) == (SOLVED, 3)
    assert result.solution[1].startswith("W1 B1-D1 ")  # the bridge is the only way over
    unbridged = BRIDGE.replace("  bridges:\n    - [B1, D1]\n", "")
    assert solve_one(unbridged).status == UNSOLVABLE


def test_a_sinking_space() -> None:
    assert solve_one(CORRIDOR).turns == 2
    assert solve_one(CORRIDOR).optimal_first_moves == 10  # via B1 or B2, five builds each
    sinks_b1 = CORRIDOR + "end_of_turn:\n  - sink: {at: B1, turn: 1}\n"
    result = solve_one(sinks_b1)
    assert result.turns == 2 and result.optimal_first_moves == 5
    assert "B1 sank" in result.solution[0] and result.solution[0].startswith("W1 A1-B2")
    # The goal is judged before the effects: arriving on the turn C1 sinks still counts.
    assert solve_one(CORRIDOR + "end_of_turn:\n  - sink: {at: C1, turn: 2}\n").turns == 2
    late = solve_one(CORRIDOR + "end_of_turn:\n  - sink: {at: C1, turn: 1}\n")
    assert late.status == UNSOLVABLE and "searched" in late.reason


def test_a_stockpile_that_runs_out() -> None:
    short = TWO_BUILDS.replace(STOCK, "stockpile: {level1: 6, level2: 0, level3: 6, dome: 6}\n")
    result = solve_one(short)
    assert result.status == UNSOLVABLE and result.turns is None and result.solution == ()
    refilled = short + "end_of_turn:\n  - stockpile-add: {piece: level2, count: 1}\n"
    assert solve_one(refilled).turns == 2


def test_a_deadline() -> None:
    text = CORRIDOR.replace("goal: {stand: {figure: worker, at: C1}}",
                            "goal: {all_of: [{stand: {figure: worker, at: C1}}, {within: 1}]}")
    assert solve_one(text).status == UNSOLVABLE
    assert solve_one(text.replace("within: 1", "within: 2")).turns == 2


def test_an_objective_only_the_sphinx_can_grant() -> None:
    text = ONE_COIN.replace("    slots: {silver: 1}\n    ends: true\n",
                            "    slots: {silver: 1}\n    ends: true\n"
                            "  - tier: gold\n    goal: {sphinx_wins: {count: 1}}\n")
    silver, gold = solve_riddle(riddle_of(text)).objectives
    assert silver.status == SOLVED
    assert gold.status == UNPROVEN and gold.reason.startswith("chance only")
    assert gold.turns is None
    assert gold.solution == ("play the Sphinx's game and win (gold objective achieved)",)
    # With three gems at most three games can be won.
    four = text.replace("count: 1", "count: 4")
    assert solve_riddle(riddle_of(four)).objectives[1].status == UNSOLVABLE


def test_a_die_reward_is_chance_too() -> None:
    short = TWO_BUILDS.replace(STOCK, "stockpile: {level1: 6, level2: 0, level3: 6, dome: 6}\n")
    die = Die("d", (DieFace("red", Reward("level2")), DieFace("blue")), ("red", "blue"))
    result = solve_one(short, die=die)
    assert result.status == UNPROVEN and "1 won game" in result.reason
    assert any("Sphinx's game and win the red gem (+1 level2)" in line for line in result.solution)


def test_gods_from_the_opening_queue() -> None:
    short = TWO_BUILDS.replace(STOCK, "stockpile: {level1: 6, level2: 0, level3: 6, dome: 6}\n"
                               "gods: {deck: [giver], queue: [giver]}\n")
    giver = GodCard("giver", "Giver", "builder", Stockpile(0, 1, 0, 0), "gift", "A gift.")
    result = solve_one(short, gods={"giver": giver})
    assert (result.status, result.turns) == (SOLVED, 3)
    assert "take Giver from the queue (+1 level2)" in result.solution
    unknown = solve_one(short)
    assert unknown.status == UNPROVEN and "giver" in unknown.reason


def test_an_objective_reward_adds_pieces() -> None:
    text = riddle_text("""
    W . .
    . . .
    """, """coins:
  - {at: A2, colour: silver, levels: [1]}
  - {at: C2, colour: gold, levels: [2]}
stockpile: {level1: 2, level2: 0, level3: 0, dome: 0}
objectives:
  - tier: silver
    slots: {silver: 1}
    reward: {piece: any}
  - tier: gold
    slots: {gold: 1}
    ends: true
""")
    silver, gold = solve_riddle(riddle_of(text)).objectives
    assert silver.turns == 1
    # Gold needs a level-2 piece: only the silver objective's reward brings one (on
    # whichever turn of the line; the compiled core may pick another 3-turn line).
    assert gold.turns == 3 and any("silver objective achieved; reward +1 level2" in turn
                                   for turn in gold.solution)
    no_reward = text.replace("    reward: {piece: any}\n", "")
    assert solve_riddle(riddle_of(no_reward)).objectives[1].status == UNSOLVABLE


def test_coins_fill_the_slot_the_group_chooses() -> None:
    text = ONE_COIN.replace("    slots: {silver: 1}\n    ends: true\n",
                            "    slots: {silver: 1}\n    ends: true\n"
                            "  - tier: gold\n    slots: {silver: 1}\n")
    silver, gold = solve_riddle(riddle_of(text)).objectives
    assert silver.turns == gold.turns == 1
    assert "silver coin -> gold objective" in gold.solution[0]


RACE = riddle_text("""
W . . ~ W W
~ ~ ~ ~ W .
""", STOCK + """objectives:
  - tier: silver
    goal: {stand: {figure: worker, at: C1}}
    ends: true
""", players="1, 2, 3, 4")


def test_player_counts_and_the_wanderer() -> None:
    riddle = riddle_of(RACE)
    turns = {n: solve_riddle(riddle, n).objectives[0].turns for n in (1, 2, 3, 4)}
    # One player moves W1 twice; two or four alternate pairs; three players could
    # do it in two turns with the Wanderer, were it not barred from moving twice running.
    assert turns == {1: 2, 2: 3, 3: 3, 4: 3}
    line = solve_riddle(riddle, 3).objectives[0]
    assert line.solution[0].startswith("P1 W1 ") and line.solution[2].startswith("P3 W1 ")
    assert "Wanderer W1" in line.setup


def test_worker_assignments() -> None:
    assert [a.masks for a in worker_assignments(1)] == [(0b1111,)]
    two = worker_assignments(2)
    assert len({a.masks for a in two}) == 6 and all(a.masks[0] ^ a.masks[1] == 0b1111
                                                     for a in two)
    assert all(a.masks[:2] == a.masks[2:] for a in worker_assignments(4))
    three = worker_assignments(3)
    assert all(bin(m).count("1") == 2 and m >> a.wanderer & 1 for a in three for m in a.masks)
    with pytest.raises(ValueError):
        worker_assignments(2, 3)


# -- search quality -------------------------------------------------------------------------

KING = riddle_text("""
W . . K
. 1 . .
. . W .
""", """coins:
  - {at: B2, colour: silver, levels: [3]}
  - {at: D3, colour: gold, levels: [1, 2]}
""" + STOCK + """objectives:
  - tier: silver
    slots: {silver: 1}
  - tier: gold
    slots: {gold: 1}
  - tier: heroic
    goal: {stand: {figure: worker, level: 2, at: C2}}
    ends: true
end_of_turn:
  - step-toward-closest-worker: {figure: king}
""")

SMALL_RIDDLES = [ONE_COIN, TWO_BUILDS, BRIDGE, CORRIDOR, KING,
                 CORRIDOR + "end_of_turn:\n  - sink: {at: B1, turn: 1}\n"]


@pytest.mark.parametrize("index", range(len(SMALL_RIDDLES)))
def test_astar_agrees_with_breadth_first(index: int) -> None:
    ctx = compile_riddle(riddle_of(SMALL_RIDDLES[index]))
    for j in range(len(ctx.objectives)):
        game = RiddleGame(ctx, j)
        a, b = astar(game), breadth_first(game, budget=20_000)
        assert a.status == b.status and a.cost == b.cost, (j, a.status, b.status)
        assert a.expanded <= b.expanded


ADMISSIBLE_CASES = [
    "{stand: {figure: worker, level: 2, at: C2}}",
    "{stand: {figure: worker, level: 2}}",
    "{stand: {figure: worker, at: B1}}",
    "{all_of: [{stand: {figure: worker, level: 1}}, {within: 3}]}",
    "{any_of: [{build: {what: dome, count: 1}}, {stand: {figure: worker, level: 2, at: B1}}]}",
    "{blessings: {count: 2}}",
    "{stand: {figure: king, level: 1, at: B3}}",
    "{stand: {figure: any, level: 2}}",
    "{all_of: [{slots: {silver: 1}}, {stand: {figure: worker, level: 2, at: C2}}]}",
]
ADMISSIBLE = riddle_text("""
K . b
. 1 .
W 1b W
""", """coins:
  - {at: A3, colour: silver, levels: [2]}
  - {at: C1, colour: silver, levels: [1]}
stockpile: {level1: 4, level2: 3, level3: 2, dome: 1}
objectives:
  - tier: silver
    slots: {silver: 2}
  - tier: heroic
    goal: GOAL
    ends: true
end_of_turn:
  - step-toward-closest-worker: {figure: king}
""")


def exact_turns(game: RiddleGame, depth: int, starts: slice = slice(None)
                ) -> dict[RiddleState, int]:
    """Fewest turns to the goal from every state within ``depth`` turns of the start
    (when that many turns are left to find it), by backward induction."""
    layers = [dict.fromkeys(list(game.starts())[starts])]
    children: dict[RiddleState, list[RiddleState]] = {}
    for _ in range(depth):
        nxt: dict[RiddleState, None] = {}
        for s in layers[-1]:
            if not game.is_goal(s) and s not in children:
                children[s] = [c for _, c in game.successors(s)]
                nxt.update(dict.fromkeys(children[s]))
        layers.append(nxt)
    exact: dict[RiddleState, int] = {}
    for d in range(depth, -1, -1):
        for s in layers[d]:
            if game.is_goal(s):
                exact[s] = 0
            elif d < depth:
                known = [exact[c] for c in children[s] if c in exact]
                if known and min(known) + 1 <= depth - d:
                    exact[s] = min(known) + 1
    return exact


TIGHT = ADMISSIBLE.replace("stockpile: {level1: 4, level2: 3, level3: 2, dome: 1}",
                           "stockpile: {level1: 2, level2: 1, level3: 0, dome: 0}\n"
                           "gods: {deck: [giver], queue: [giver]}").replace(
    "    slots: {silver: 2}\n", "    slots: {silver: 2}\n    reward: {piece: any}\n")
GIVER = GodCard("giver", "Giver", "builder", Stockpile(0, 1, 1, 0), "gift", "A gift.")


@pytest.mark.parametrize(("goal", "tight"), [(g, False) for g in ADMISSIBLE_CASES] + [
    (ADMISSIBLE_CASES[0], True), (ADMISSIBLE_CASES[-1], True)])
def test_bounds_never_overestimate(goal: str, tight: bool) -> None:
    ctx = compile_riddle(riddle_of((TIGHT if tight else ADMISSIBLE).replace("GOAL", goal)))
    rng = random.Random(7)
    for j in range(len(ctx.objectives)):
        game = RiddleGame(ctx, j, gods={"giver": GIVER})
        exact = exact_turns(game, 3)
        assert any(v >= 2 for v in exact.values()), "the goal should need a few turns"
        sample = rng.sample(sorted(exact, key=game.key), min(200, len(exact)))
        for state in sample:
            bound = game.estimate(state)
            assert bound <= exact[state], (goal, j, state, bound, exact[state])
            assert bound < UNREACHABLE


def test_symmetric_maps_share_keys() -> None:
    text = riddle_text("""
    . . .
    W . W
    . . .
    """, STOCK + """objectives:
  - tier: silver
    goal: {build: {what: dome, count: 1}}
    ends: true
""")
    ctx = compile_riddle(riddle_of(text))
    game = RiddleGame(ctx, 0)
    assert len(game.symmetries) == 7  # the whole group of the square, but the identity
    children = [c for _, c in game.successors(next(iter(game.starts())))]
    assert len({game.key(c) for c in children}) < len(children) / 3
    assert solve_one(text).turns == 4


# -- cache and diagnostics ------------------------------------------------------------------


def test_solve_cached_reuses_results(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    riddle = riddle_of(TWO_BUILDS)
    first = solve_cached(riddle, 1, 1000, tmp_path)
    [stored] = list(tmp_path.iterdir())
    assert stored.name.startswith("tiny-") and stored.suffix == ".json"
    assert json.loads(stored.read_text())["objectives"][0]["turns"] == 2

    def refuse(*args: object, **kwargs: object) -> RiddleSolve:
        raise AssertionError("the cache should have answered")

    monkeypatch.setattr(solver_module, "solve_riddle", refuse)
    again = solve_cached(riddle, 1, 1000, tmp_path)
    assert again.objectives == first.objectives and again.objectives[0].boards
    with pytest.raises(AssertionError):
        solve_cached(riddle, 1, 999, tmp_path)  # another budget is another question
    assert riddle_fingerprint(riddle, 1, 1000) != riddle_fingerprint(riddle, 2, 1000)
    retitled = riddle_of(TWO_BUILDS.replace("title: Tiny", "title: Small"))
    assert riddle_fingerprint(retitled, 1, 1000) == riddle_fingerprint(riddle, 1, 1000)


def diagnostics_of(text: str, players: tuple[int, ...] = (1,)) -> list[tuple[str, int, str]]:
    riddle = riddle_of(text)
    solves = [solve_riddle(riddle, n) for n in players]
    return [(d.code, d.line, d.severity.value)
            for d in iter_solver_diagnostics(riddle, doc_of(text), solves)]


def test_diagnostics_of_results() -> None:
    text = ONE_COIN.replace("    slots: {silver: 1}\n    ends: true\n",
                            "    slots: {silver: 1}\n    ends: true\n"
                            "  - tier: gold\n    goal: {sphinx_wins: {count: 1}}\n"
                            "  - tier: heroic\n    goal: {stand: {figure: worker, level: 3}}\n")
    text = text.replace("stockpile: {level1: 6, level2: 6, level3: 6, dome: 6}",
                        "stockpile: {level1: 6, level2: 6, level3: 0, dome: 6}")
    lines = text.splitlines()
    tier_line = {t: lines.index(f"  - tier: {t}") + 1 for t in ("silver", "gold", "heroic")}
    found = diagnostics_of(text)
    assert ("RS-G103", tier_line["silver"], "warning") in found  # ending in one turn
    assert ("RS-G102", tier_line["gold"], "warning") in found  # chance only
    assert ("RS-G101", tier_line["heroic"], "error") in found  # no level-3 block
    assert [c for c, _, _ in found if c == "RS-G105"] == ["RS-G105"]
    assert len(found) == 4


def test_expected_lengths_are_checked() -> None:
    text = TWO_BUILDS + "solver:\n  expect: {silver: 3}\n"
    expect_line = text.splitlines().index("  expect: {silver: 3}") + 1
    assert ("RS-G104", expect_line, "error") in diagnostics_of(text)
    assert "RS-G104" not in [c for c, _, _ in diagnostics_of(text.replace("3}", "2}"))]


def test_check_entry_point_uses_the_cache(tmp_path: Path) -> None:
    riddle = riddle_of(TWO_BUILDS)
    found = list(iter_riddle_solver_diagnostics(riddle, doc_of(TWO_BUILDS), cache_dir=tmp_path,
                                                players=(1, 2)))  # 2 players: not supported
    assert [d.code for d in found] == ["RS-G105"]
    assert found[0].message == "solver: 1 player: silver 2 turns"
    assert len(list(tmp_path.iterdir())) == 1


def test_solver_codes() -> None:
    assert list(SOLVER_CODES) == [f"RS-G{n}" for n in range(101, 101 + len(SOLVER_CODES))]
    assert set(SOLVER_CODES) <= set(CODES)
    assert SOLVER_CODES["RS-G101"][0] is Severity.ERROR


# -- run_solve ------------------------------------------------------------------------------


@pytest.fixture()
def starter(tmp_path: Path) -> Path:
    return write_starter(tmp_path / "pack")


def test_run_solve_json(starter: Path) -> None:
    code, text = run_solve(starter, "first-light", 1, "gold", None, "json")
    assert code == 0
    data = json.loads(text)
    assert list(data) == ["riddle", "players", "objectives"]
    assert data["riddle"] == "first-light" and data["players"] == 1
    [gold] = data["objectives"]
    assert list(gold) == ["tier", "status", "turns", "solution", "steps", "optimal_first_moves",
                          "powers_searched", "shortcuts", "states", "seconds", "reason",
                          "measures"]
    assert list(gold["measures"]) == ["par", "optimal_lines", "capped", "key_moves", "key_parts",
                                      "trap_rate",
                                      "playouts", "estimate_gap", "unused", "states", "seconds",
                                      "stopped"]
    assert gold["measures"]["par"] == 2 and gold["measures"]["stopped"] == ""
    assert gold["status"] == "solved" and gold["turns"] == 2 and len(gold["solution"]) == 2
    assert len(gold["steps"]) == 2 and all(list(s)[:6] == ["worker", "from", "to", "build",
                                                           "piece", "power"]
                                           for s in gold["steps"])


def test_run_solve_text(starter: Path) -> None:
    code, text = run_solve(starter, "first-light", 2, "heroic", None, "text")
    assert code == 0
    assert "heroic objective: solved in 4 turns" in text
    assert "\n  measures: " in text and "naive playouts" in text
    assert "turn 4: P2 " in text and "workers: P1 " in text
    assert text.count("    1   ~") == 5  # the set-up board and one board per turn


def test_run_solve_usage_errors(starter: Path) -> None:
    assert run_solve(starter, "nope", 1, None, None, "text")[0] == 2
    code, text = run_solve(starter, "first-light", 5, None, None, "text")
    assert code == 2 and "players, not 5 (its 'players:' list)" in text
    assert run_solve(starter, "first-light", 1, "mythic", None, "text")[0] == 2
    assert run_solve(starter, "first-light", 1, None, None, "yaml")[0] == 2
    assert run_solve(starter / "missing", "first-light", 1, None, None, "text")[0] == 2


def test_run_solve_exit_code_for_unsolvable(tmp_path: Path) -> None:
    pack = write_starter(tmp_path / "pack")
    riddle = pack / "riddles" / "first-light.yaml"
    riddle.write_text(riddle.read_text().replace("stockpile: {level1: 5, level2: 4, level3: 2, "
                                                 "dome: 2}", "stockpile: {level1: 5, level2: 4, "
                                                 "level3: 0, dome: 2}")
                      .replace("queue: [atlas, hermes]", "queue: []"))
    # The silver objective's reward can still bring the level-3 piece...
    code, text = run_solve(pack, "first-light", 1, "gold", None, "json")
    assert code == 0 and json.loads(text)["objectives"][0]["turns"] == 5
    # ...and without it nothing can.
    riddle.write_text(riddle.read_text().replace("    reward: {piece: any}\n", ""))
    code, text = run_solve(pack, "first-light", 1, "gold", None, "json")
    assert code == 1 and json.loads(text)["objectives"][0]["status"] == "unsolvable"



SEATED = riddle_text("""
W . . W
. 1 . .
W b . W
""", """coins:
  - {at: B1, colour: silver, levels: [2]}
stockpile: {level1: 4, level2: 3, level3: 2, dome: 1}
objectives:
  - tier: silver
    slots: {silver: 1}
  - tier: gold
    goal: {blessings: {count: 1}}
  - tier: heroic
    goal: {stand: {figure: worker, level: 2, at: C2}}
    ends: true
""", players="1, 2, 3, 4")


@pytest.mark.parametrize("players", [2, 3])
def test_bounds_never_overestimate_with_seats(players: int) -> None:
    ctx = compile_riddle(riddle_of(SEATED), players)
    rng = random.Random(11)
    for j in range(len(ctx.objectives)):
        game = RiddleGame(ctx, j)
        exact = exact_turns(game, 3, slice(None, None, 7))  # a few worker assignments
        assert any(v >= 2 for v in exact.values())
        for state in rng.sample(sorted(exact, key=game.key), min(150, len(exact))):
            assert game.estimate(state) <= exact[state], (j, state, exact[state])


def test_a_solve_cut_by_the_cpu_cap_is_reported_but_never_cached(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The CPU-seconds cap depends on the machine: what it cut (a search, or the count
    of first moves of a solved objective) must not be stored and trusted later."""
    riddle = riddle_of(TWO_BUILDS)
    real = solver_module.solve_objective

    def hurried(*args: object, **kwargs: object) -> solver_module.ObjectiveResult:
        kwargs["seconds"] = 0.0  # the cap has run out before anything is counted
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(solver_module, "solve_objective", hurried)
    cut = solve_cached(riddle, 1, 1000, tmp_path)
    assert all(o.capped for o in cut.objectives)
    assert list(tmp_path.iterdir()) == []  # nothing stored
    monkeypatch.undo()
    whole = solve_cached(riddle, 1, 1000, tmp_path)
    assert not any(o.capped for o in whole.objectives)
    assert whole.objectives[0].turns == 2 and whole.objectives[0].optimal_first_moves
    assert len(list(tmp_path.iterdir())) == 1


def test_check_pipeline_does_not_store_a_capped_solve(tmp_path: Path) -> None:
    from dataclasses import replace

    from generator.systems.riddle.cache import write_entry

    solved = solver_module.solve_riddle(riddle_of(TWO_BUILDS), 1, budget=1000)
    capped = replace(solved, objectives=tuple(replace(o, capped=True)
                                              for o in solved.objectives))
    assert not write_entry(tmp_path / "cut.json", "f" * 64, capped)
    assert not (tmp_path / "cut.json").exists()
    assert write_entry(tmp_path / "whole.json", "f" * 64, solved)
