"""The goal and effect registries: in sync with the schema, what each one does on a
solver state, and goal bounds that never overestimate (checked by brute force)."""
from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from generator.engine import ALL_WORKERS, NO_SQUARE, apply_move, list_moves, piece_for_build
from generator.engine.state import DOME, Stockpile
from generator.pack.model import Document
from generator.pack.yamlload import load_yaml
from generator.resources import schemas_dir
from generator.systems.riddle.context import RiddleContext, compile_riddle
from generator.systems.riddle.effects import EFFECTS
from generator.systems.riddle.goals import GOALS
from generator.systems.riddle.model import Riddle, build_riddle
from generator.systems.riddle.players import WORKERS_FOR_PLAYERS, movers_for, seat_of_turn
from generator.systems.riddle.state import (
    RiddleState,
    after_build,
    finish_turn,
    is_over,
    real_domes,
)
from generator.systems.riddle.templates import TEMPLATES
from generator.systems.riddle.vocab import UNREACHABLE

from .test_riddle_checks import RIDDLE


def riddle_of(text: str) -> Riddle:
    doc = load_yaml(text, "t.yaml").documents[0]
    riddle, diags = build_riddle(Document("riddle", doc.data["id"], "t.yaml", doc), text)
    assert riddle is not None and not diags, diags
    return riddle


# -- the registries and the schema ----------------------------------------------------


def test_schema_lists_exactly_the_registered_goals_and_effects() -> None:
    schema = json.loads((schemas_dir() / "riddle.schema.json").read_text(encoding="utf-8"))
    defs = schema["$defs"]
    assert defs["goal"]["properties"] == {name: cls.SCHEMA for name, cls in GOALS.items()}, \
        "schemas/riddle.schema.json $defs/goal must list every goal module's SCHEMA"
    assert defs["effect"]["properties"] == {name: cls.SCHEMA for name, cls in EFFECTS.items()}, \
        "schemas/riddle.schema.json $defs/effect must list every effect module's SCHEMA"
    assert defs["objective"]["properties"]["slots"] == GOALS["slots"].SCHEMA
    assert defs["goal"]["x-hint"].endswith(", ".join(GOALS))
    assert defs["effect"]["x-hint"].endswith(", ".join(EFFECTS))


def test_registries_hold_the_vocabulary_of_the_brief() -> None:
    assert set(GOALS) == {"slots", "stand", "build", "blessings", "sphinx_wins", "within",
                          "all_of", "any_of"}
    assert set(EFFECTS) == {"remove-top", "stockpile-add", "stockpile-remove",
                            "step-toward-closest-worker", "sink"}
    assert [n for n, c in GOALS.items() if c.CHANCE] == ["sphinx_wins"]
    for name, cls in (*GOALS.items(), *EFFECTS.items()):
        assert cls.NAME == name and cls.__module__.rsplit(".", 1)[1] == name.replace("-", "_")
        for method in ("from_params", "to_params", "iter_problems"):
            assert callable(getattr(cls, method)), (name, method)
    for cls in GOALS.values():
        assert all(callable(getattr(cls, m)) for m in ("is_met", "min_turns", "deadline"))
    for cls in EFFECTS.values():
        assert callable(cls.apply)


def test_the_riddle_template_documents_every_goal_and_effect() -> None:
    comments = "\n".join(line for line in TEMPLATES["riddle"].splitlines() if "#" in line)
    for name in (*GOALS, *EFFECTS):
        assert name in comments, name


# -- goals on states ---------------------------------------------------------------------


def ctx_of(text: str = RIDDLE, **kwargs: object) -> RiddleContext:
    return compile_riddle(riddle_of(text), **kwargs)  # type: ignore[arg-type]


def test_start_state() -> None:
    ctx = ctx_of()
    s = ctx.start
    assert s.turn == 0 and s.slots == ((0, 0), (0, 0), (0, 0)) and s.achieved == 0
    assert s.stock == Stockpile(4, 3, 2, 1) and s.tokens == 1 << ctx.geometry.square("B4")
    assert ctx.ending == 2 and ctx.distance[ctx.geometry.square("A2")][
        ctx.geometry.square("C2")] == 1  # across the bridge


def test_stand_goal() -> None:
    ctx = ctx_of()
    g = ctx.geometry
    heroic = ctx.objectives[2].goal
    s = ctx.start
    assert not heroic.is_met(ctx, s)
    # D3 (a worker, level 0) is next to E3: two builds and two climbs are needed.
    assert heroic.min_turns(ctx, s) == 2
    board = s.board._replace(l1=s.board.l1 | 1 << g.square("E3"),
                             l2=s.board.l2 | 1 << g.square("E3"))
    moved = board._replace(workers=(g.square("E3"),) + board.workers[1:])
    assert heroic.is_met(ctx, s._replace(board=moved))
    assert heroic.min_turns(ctx, s._replace(board=moved)) == 0


def test_slots_goal_and_coin_placement() -> None:
    ctx = ctx_of()
    g = ctx.geometry
    s = ctx.start
    silver = ctx.objectives[0].goal
    # D2 (level 1) shows 2: one build; C4 shows 1 or 2: one build.
    assert silver.min_turns(ctx, s) == 2
    d2 = g.square("D2")
    built = s._replace(board=s.board._replace(l2=s.board.l2 | 1 << d2))
    [placed] = after_build(ctx, built, d2)
    assert placed.collected == 1 and placed.slots == ((1, 0), (0, 0), (0, 0))
    assert silver.min_turns(ctx, placed) == 1 and not silver.is_met(ctx, placed)
    full = placed._replace(slots=((2, 0), (0, 0), (0, 0)))
    assert silver.is_met(ctx, full) and silver.min_turns(ctx, full) == 0
    # A silver coin when every silver slot is full is set aside.
    [aside] = after_build(ctx, full._replace(collected=0), d2)
    assert aside.collected == 1 and aside.slots == full.slots


def test_a_coin_chooses_between_objectives() -> None:
    text = RIDDLE.replace("    slots: {gold: 1}\n", "    slots: {gold: 1, silver: 1}\n")
    ctx = ctx_of(text)
    d2 = ctx.geometry.square("D2")
    s = ctx.start
    built = s._replace(board=s.board._replace(l2=s.board.l2 | 1 << d2))
    choices = after_build(ctx, built, d2)
    assert [c.slots for c in choices] == [((1, 0), (0, 0), (0, 0)), ((0, 0), (1, 0), (0, 0))]


def test_dome_forfeits_a_blessing_token_and_blessings_are_collected() -> None:
    ctx = ctx_of()
    g = ctx.geometry
    b4 = g.square("B4")
    s = ctx.start
    domed = s._replace(board=s.board._replace(domes=1 << b4))
    assert after_build(ctx, domed, b4)[0].tokens == 0
    on_token = s._replace(board=s.board._replace(workers=(b4,) + s.board.workers[1:]))
    [after] = finish_turn(ctx, on_token)
    assert after.tokens == 0 and after.blessings == 1 and after.turn == 1


def test_build_goal_counts_and_bounds() -> None:
    text = RIDDLE.replace("goal: {stand: {figure: worker, at: E3, level: 2}}",
                          "goal: {build: {what: tower, count: 1, region: [C3, E1]}}")
    ctx = ctx_of(text)
    goal = ctx.objectives[2].goal
    assert goal.min_turns(ctx, ctx.start) == 2  # C3 is level 2: a block and a dome
    g = ctx.geometry
    c3 = 1 << g.square("C3")
    s = ctx.start
    tower = s._replace(board=s.board._replace(l3=s.board.l3 | c3, domes=c3))
    assert goal.is_met(ctx, tower)
    assert not goal.is_met(ctx, tower._replace(sunk=c3))  # a sunk space holds no tower


def test_within_and_all_of_deadline() -> None:
    text = RIDDLE.replace("goal: {stand: {figure: worker, at: E3, level: 2}}",
                          "goal: {all_of: [{stand: {figure: worker, at: E3, level: 2}}, "
                          "{within: {turns: 3}}]}")
    ctx = ctx_of(text)
    goal = ctx.objectives[2].goal
    assert goal.deadline() == 3
    assert goal.min_turns(ctx, ctx.start) == 2
    assert goal.min_turns(ctx, ctx.start._replace(turn=2)) == UNREACHABLE


def test_sphinx_wins_and_blessings_bounds() -> None:
    text = RIDDLE.replace("goal: {stand: {figure: worker, at: E3, level: 2}}",
                          "goal: {any_of: [{sphinx_wins: {count: 2}}, {blessings: {count: 1}}]}")
    ctx = ctx_of(text)
    wins, blessings = ctx.objectives[2].goal.goals  # type: ignore[attr-defined]
    s = ctx.start
    assert wins.min_turns(ctx, s) == 2 and wins.min_turns(ctx, s._replace(sphinx_wins=2)) == 0
    assert wins.min_turns(ctx, s._replace(sphinx_wins=1)) == 1
    one_gem = ctx_of(text, gems=1)
    assert one_gem.objectives[2].goal.goals[0].min_turns(  # type: ignore[attr-defined]
        one_gem, one_gem.start) == UNREACHABLE
    assert blessings.min_turns(ctx, s) == 1  # A3 and the token on B4 are neighbours
    assert blessings.min_turns(ctx, s._replace(tokens=0)) == UNREACHABLE
    assert ctx.objectives[2].goal.min_turns(ctx, s) == 1


def test_bounds_relax_when_powers_may_act() -> None:
    ctx = ctx_of(plain_turns=False)
    assert ctx.objectives[2].goal.min_turns(ctx, ctx.start) == 1
    assert ctx.objectives[0].goal.min_turns(ctx, ctx.start) == 1


# -- effects ------------------------------------------------------------------------------


def effect_ctx(effects: str) -> RiddleContext:
    text = RIDDLE.replace("  - step-toward-closest-worker: {figure: sphinx}\n", effects)
    return ctx_of(text)


def test_remove_top_takes_the_dome_first_then_blocks() -> None:
    ctx = effect_ctx("  - remove-top: {at: C3, to: stockpile}\n")
    g = ctx.geometry
    c3 = 1 << g.square("C3")
    s = ctx.start
    domed = s._replace(board=s.board._replace(domes=c3))
    [after] = ctx.effects[0].apply(ctx, domed, 1)
    assert after.board.domes == 0 and after.board.l2 & c3 and after.stock[DOME] == 2
    [after] = ctx.effects[0].apply(ctx, after, 2)
    assert not after.board.l2 & c3 and after.board.l1 & c3
    bare = s._replace(board=s.board._replace(l1=0, l2=0))
    assert ctx.effects[0].apply(ctx, bare, 1) == (bare,)


def test_stockpile_effects() -> None:
    ctx = effect_ctx("  - stockpile-add: {piece: dome, count: 2}\n"
                     "  - stockpile-remove: {piece: level1, count: 9}\n")
    [after] = finish_turn(ctx, ctx.start)
    assert after.stock == Stockpile(0, 3, 2, 3)


def test_step_toward_closest_worker_offers_every_tied_step() -> None:
    ctx = effect_ctx("  - step-toward-closest-worker: {figure: king}\n")
    g = ctx.geometry
    s = ctx.start  # King on E1; closest worker: C2 (two away, tied with D3)
    outcomes = ctx.effects[0].apply(ctx, s, 1)
    assert sorted(g.name(o.board.king) for o in outcomes) == ["D1", "D2", "E2"]
    # Next to its worker with every closer space taken, the King stays.
    boxed = s._replace(board=s.board._replace(king=g.square("E3"),
                                              workers=(g.square("E4"),)))
    near = ctx.effects[0].apply(ctx, boxed, 1)
    assert near == (boxed,)


def test_sink_destroys_what_stands_there() -> None:
    ctx = effect_ctx("  - sink: {at: D3, turn: 2}\n")
    g = ctx.geometry
    d3 = g.square("D3")
    s = ctx.start
    assert ctx.effects[0].apply(ctx, s, 1) == (s,)
    [after] = ctx.effects[0].apply(ctx, s, 2)
    assert after.destroyed == 1 and d3 not in after.board.workers
    assert NO_SQUARE in after.board.workers and after.sunk == 1 << d3
    assert after.board.domes == 1 << d3 and real_domes(after) == 0
    assert not is_over(ctx, after) and is_over(ctx, after._replace(destroyed=2))


def test_finish_turn_judges_objectives_before_effects() -> None:
    ctx = effect_ctx("  - remove-top: {at: E3}\n")
    g = ctx.geometry
    e3 = 1 << g.square("E3")
    s = ctx.start
    board = s.board._replace(l1=s.board.l1 | e3, l2=s.board.l2 | e3,
                             workers=(g.square("E3"),) + s.board.workers[1:])
    [after] = finish_turn(ctx, s._replace(board=board))
    assert after.achieved == 0b100 and is_over(ctx, after)
    assert not after.board.l2 & e3  # the effect came after the judgement


def test_players_and_workers() -> None:
    assert set(WORKERS_FOR_PLAYERS.values()) == {4}
    assert movers_for(1, 0) == 0b1111
    assert [movers_for(2, s) for s in (0, 1)] == [0b0011, 0b1100]
    assert [movers_for(4, s) for s in range(4)] == [0b0011, 0b1100, 0b0011, 0b1100]
    assert [seat_of_turn(2, t) for t in (1, 2, 3)] == [0, 1, 0]


# -- admissibility, by brute force ----------------------------------------------------------

SMALL = """kind: riddle
id: small
number: 1
title: Small
island: x
map:
  grid: |
    W . W
    . 1 b
    . . 2
coins:
  - {at: B1, colour: silver, levels: [1]}
  - {at: C3, colour: silver, levels: [3]}
stockpile: {level1: 3, level2: 2, level3: 2, dome: 1}
objectives:
  - tier: silver
    goal: {GOAL}
    ends: true
"""

GOAL_CASES = [
    "{stand: {figure: worker, level: 2, at: C3}}",
    "{stand: {figure: worker, level: 2}}",
    "{build: {what: dome, count: 1}}",
    "{build: {what: tower, count: 1, region: [C3, B2]}}",
    "{build: {what: block, count: 6}}",
    "{slots: {silver: 2}}",
    "{blessings: {count: 1}}",
    "{all_of: [{stand: {figure: worker, level: 1}}, {within: 2}]}",
    "{any_of: [{build: {what: block, count: 7}}, {stand: {figure: worker, level: 2, at: B1}}]}",
]
HORIZON = 3


def iter_successors(ctx: RiddleContext, state: RiddleState) -> Iterator[RiddleState]:
    """Every end-of-turn state after one plain move-then-build (no gods, no Sphinx)."""
    for move in list_moves(ctx.geometry, state.board, ALL_WORKERS, state.stock):
        piece = piece_for_build(state.board, move[2])
        board = apply_move(ctx.geometry, state.board, move)
        moved = state._replace(board=board, stock=state.stock.take(piece))
        for built in after_build(ctx, moved, move[2]):
            yield from finish_turn(ctx, built)


@pytest.mark.parametrize("goal", GOAL_CASES)
def test_min_turns_never_overestimates(goal: str) -> None:
    text = SMALL.replace("{GOAL}", goal)
    if "slots" in goal:
        text = text.replace("    goal: {slots: {silver: 2}}", "    slots: {silver: 2}")
    ctx = compile_riddle(riddle_of(text))
    target = ctx.objectives[0].goal
    layers = [{ctx.start: None}]
    for _ in range(HORIZON):
        nxt: dict[RiddleState, None] = {}
        for s in layers[-1]:
            nxt.update(dict.fromkeys(iter_successors(ctx, s)))
        layers.append(nxt)
    exact: dict[RiddleState, int] = {}
    for depth in range(HORIZON, -1, -1):
        for s in layers[depth]:
            if target.is_met(ctx, s):
                exact[s] = 0
            elif depth < HORIZON:
                known = [exact[n] for n in iter_successors(ctx, s) if n in exact]
                if known:
                    exact[s] = 1 + min(known)
    assert any(v > 0 for v in exact.values()), "the goal should need a few turns"
    for s, turns in exact.items():
        bound = target.min_turns(ctx, s)
        assert bound <= turns, (goal, s, bound, turns)
        assert (bound == 0) == (turns == 0)


@pytest.mark.parametrize(("package", "attr"), [("goals", "GOAL"), ("effects", "EFFECT"),
                                               ("blessings", "BLESSING")])
def test_the_explicit_tables_hold_every_module_of_their_package(package: str, attr: str) -> None:
    """GOALS, EFFECTS and BLESSINGS are written out (grep and mypy see each entry); a scan
    of the package, the way they used to be found, must find the same names and classes."""
    import importlib
    import pkgutil

    module = importlib.import_module(f"generator.systems.riddle.{package}")
    scanned = {}
    for info in pkgutil.iter_modules(module.__path__):
        if not info.name.startswith("_"):
            cls = getattr(importlib.import_module(f"{module.__name__}.{info.name}"), attr)
            scanned[cls.NAME] = cls
    assert dict(getattr(module, attr + "S")) == scanned
