"""The compiled A* core (generator/systems/riddle/compiled) pinned to the Python rules
and to the breadth-first reference, over generated riddles of the subset it supports
(skipped without numba: ``pip install '.[fast]'``)."""
from __future__ import annotations

import os
import random
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import takewhile
from pathlib import Path

import pytest

from generator.engine.geometry import COLUMN_LETTERS, NO_SQUARE
from generator.sim.search import astar
from generator.systems.riddle.context import compile_riddle
from generator.systems.riddle.game import RiddleGame
from generator.systems.riddle.goals import build as build_module
from generator.systems.riddle.goals import slots as slots_module
from generator.systems.riddle.goals.build import BuildGoal
from generator.systems.riddle.goals.all_of import AllOfGoal, disjoint_builds
from generator.systems.riddle.goals.any_of import AnyOfGoal
from generator.systems.riddle.bookkeeping import Bookkeeping
from generator.systems.riddle.distances import nearest
from generator.systems.riddle.goals.slots import SLOT_CHOICES_AT_MOST, SlotsGoal
from generator.systems.riddle.goals.stand import StandGoal, stand_bound
from generator.systems.riddle.state import RiddleState
from generator.systems.riddle.trace import verify_result
from generator.systems.riddle.vocab import UNREACHABLE, Goal

from .reference import FUZZ_GODS, random_riddle_text, reference_solve, riddle_of_text

try:
    import numba  # noqa: F401
except ImportError:
    numba = None

kernel = None
if numba is not None:  # numpy comes with numba (the "fast" extra)
    from generator.systems.riddle.compiled.flat import encode, pack, tables, unsupported
    from generator.systems.riddle.compiled.search import compiled_astar, kernel_module

    kernel = kernel_module()  # the JIT cache keyed by the sources' digest (search.cache_dir)
needs_kernel = pytest.mark.skipif(
    kernel is None, reason="the compiled core needs numba (pip install '.[fast]') and "
    "RIDDLESMITH_COMPILED unset")

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


def supported_games(seed: int, count: int,
                    rewrite: Callable[[str, random.Random], str | None] | None = None
                    ) -> Iterator[RiddleGame]:
    """Each objective of ``count`` generated riddles that the kernel supports (each
    text first ``rewrite``-n when given; None skips it)."""
    rng = random.Random(seed)
    made = 0
    while made < count:
        text, players = random_riddle_text(rng)
        changed = rewrite(text, rng) if rewrite is not None else text
        riddle = riddle_of_text(changed) if changed is not None else None
        if riddle is None:
            continue
        ctx = compile_riddle(riddle, players)
        for j in range(len(ctx.objectives)):
            game = RiddleGame(ctx, j, gods=FUZZ_GODS)
            if unsupported(game) is None:
                made += 1
                yield game


def rows(states: object) -> Counter[tuple[int, ...]]:
    return Counter(tuple(int(v) for v in row) for row in states)  # type: ignore[attr-defined]


@needs_kernel
def test_successors_match_the_python_rules_on_random_walks() -> None:
    rng = random.Random(5)
    checked = 0
    for game in supported_games(11, 60):
        t = pack(tables(game))
        state = rng.choice(tuple(game.starts()))
        for _ in range(6):
            python = [child for _, child in game.successors(state)]
            assert rows(kernel.children(encode(state), t)) == rows(encode(c) for c in python)
            checked += 1
            if not python:
                break
            state = rng.choice(python)
    assert checked > 200


def admissible_on(games: Iterable[RiddleGame], most: int = 1 << 30) -> tuple[int, int]:
    """Asserts the kernel's estimate is at most the true remaining turns on every state
    the reference visits, for the first ``most`` of ``games`` it settles; returns
    (games, states) checked."""
    assert kernel is not None
    games_done = states = 0
    for game in games:
        if games_done >= most:
            break
        ref = reference_solve(game, depth=6, states=3_000)
        if ref.capped:
            continue
        games_done += 1
        t = pack(tables(game))
        for state, left in ref.exact.items():
            assert kernel.bound_of(encode(state), t) <= left, (state, left)
            states += 1
    return games_done, states


@needs_kernel
def test_bound_is_admissible_on_every_state_the_reference_visits() -> None:
    assert admissible_on(supported_games(12, 150))[1] > 1_000


def post_order(goal: Goal, out: list[Goal]) -> None:
    """``goal``'s nodes in the order flat.py numbers them (children first)."""
    for child in getattr(goal, "goals", ()) if isinstance(goal, (AllOfGoal, AnyOfGoal)) else ():
        post_order(child, out)
    out.append(goal)


def relaxed_supply(game: RiddleGame, state: RiddleState, need: Sequence[int],
                   builds: int) -> int:
    """``Bounds.supply_turn`` relaxed as compiled/pieces.py says: the rewards still to
    come all together from turn 2 on, ``max(2, builds)`` with pieces that effects add
    or recycle or past 10 untaken gods. (Equal to ``supply_turn`` without rewards to
    come: the test below checks that too.)"""
    bounds = game.bounds
    deficit = [max(0, n - have) for n, have in zip(need, state.stock)]
    if not any(deficit):
        return 0
    if not (bounds.sources or bounds.recycled):
        return UNREACHABLE
    if bounds.endless:
        return max(2, builds)
    fixed, free = [0, 0, 0, 0], 0
    for j, (pieces, choice) in enumerate(bounds.reward_supply):
        if bounds.serving[j] and not state.achieved >> j & 1:
            fixed = [a + b for a, b in zip(fixed, pieces)]
            free += choice
    book: Bookkeeping = state.extra  # type: ignore[assignment]
    if sum(1 for i in range(len(game.queue)) if not book.gods_taken >> i & 1) > 10:
        return max(2, builds)
    best = UNREACHABLE
    for chosen in bounds.god_choices(state):
        rest = [d - sum(g[p] for g in chosen) for p, d in enumerate(deficit)]
        if sum(max(0, r - f) for r, f in zip(rest, fixed)) > free:
            continue
        turn = builds + len(chosen)
        if chosen:
            turn = max(turn, len(chosen) + 1)
        if any(r > 0 for r in rest):
            turn = max(turn, 2)
        best = min(best, turn)
    return best


def seats_relaxed(game: RiddleGame) -> Callable[[RiddleState, int, int], int]:
    """``Bounds.builds_turn`` as compiled/base.py ``builds_turn`` weighs it: with the
    Wanderer, nothing claimed past 4,096 schedule states counted densely."""
    real = game.bounds.builds_turn

    def builds_turn(state: RiddleState, squares: int, count: int) -> int:
        book: Bookkeeping = state.extra  # type: ignore[assignment]
        if game.assignments[book.assignment].wanderer >= 0 and count > 1 and squares:
            dense = 2
            for w in state.board.workers:
                need = max(1, nearest(game.bounds.near[w], squares)) if w != NO_SQUARE \
                    else UNREACHABLE
                dense *= need + 1 if need < 255 else 1
            if dense > 4096:
                return 0
        return real(state, squares, count)
    return builds_turn


def relaxed(game: RiddleGame, state: RiddleState, value: Callable[[], int],
            monkeypatch: pytest.MonkeyPatch, claims: list[tuple[bool, int]]) -> int:
    """``value()`` (a Python bound) with the parts the compiled core relaxes on purpose
    relaxed: no lure or spread turns, the seats' turns as :func:`seats_relaxed`, and the
    pieces part as :func:`relaxed_supply` (checked equal to ``supply_turn`` where no
    reward is to come)."""
    bounds = game.bounds
    real = bounds.supply_turn
    pending = bounds.endless or any(
        bounds.serving[j] and not state.achieved >> j & 1 and (free or any(fixed))
        for j, (fixed, free) in enumerate(bounds.reward_supply))

    def supply(state: RiddleState, need: tuple[int, ...], builds: int, coins: bool = False) -> int:
        relaxed = relaxed_supply(game, state, need, builds)
        if not pending:
            assert relaxed == real(state, need, builds, coins)
        if relaxed:  # a claim: exact when gods were weighed and no reward is to come
            claims.append((not pending and bool(game.queue), relaxed))
        return relaxed

    with monkeypatch.context() as m:
        m.setattr(slots_module, "spread_turns", lambda *args: 0)
        m.setattr(build_module, "spread_turns", lambda *args: 0)
        m.setattr(bounds, "build_memo", {})  # (it remembers values of the unrelaxed parts)
        m.setattr(bounds, "lure_turns", lambda *args: 0)
        m.setattr(bounds, "builds_turn", seats_relaxed(game))
        m.setattr(bounds, "supply_turn", supply)
        return value()


@needs_kernel
def test_the_slots_port_equals_the_python_slots_bound_relaxed_as_documented(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """compiled/slots.py against goals/slots.py ``slots_bound`` on encoded states the
    reference visits: equal to it with the documented parts relaxed, never above it."""
    assert kernel is not None
    compared = below = stand_ins = short = few = 0
    claims: list[tuple[bool, int]] = []
    for game in supported_games(15, 3_000):  # a colour of 7+ coins in 2% of them
        slot_nodes = [(i, g) for i, g in enumerate(goal_nodes(game)) if isinstance(g, SlotsGoal)]
        many = many_coins(game)
        if not slot_nodes or not (many or few < 60):
            continue  # (enough riddles of few coins: look for many)
        few += not many
        t = pack(tables(game))
        ref = reference_solve(game, depth=4, states=600)
        for state in ref.exact:
            flat = encode(state)
            for node, goal in slot_nodes:
                if goal.is_met(game.ctx, state):
                    continue
                compiled = kernel.leaf_of(flat, t, node)
                full = max(1, slots_module.slots_bound(game.bounds, goal, state))
                assert compiled == relaxed(game, state, lambda: max(1, slots_module.slots_bound(
                    game.bounds, goal, state)), monkeypatch, claims), state
                assert compiled <= full, state
                compared += 1
                below += compiled < full
                stand_ins += many
                short += any(n > h for n, h in zip((1, 1, 1, 1), state.stock))
    assert compared > 1_000 and stand_ins > 200 and short > 100, (compared, stand_ins, short)
    exact = [value for weighed, value in claims if weighed]
    assert len(exact) > 100 and UNREACHABLE in exact and min(exact) < UNREACHABLE, exact
    assert below > 0  # the relaxed parts do claim something in Python


def leaf_ports(seed: int, count: int, pick: Callable[[Goal], bool],
               finer: Callable[[RiddleGame, Goal, RiddleState], int],
               monkeypatch: pytest.MonkeyPatch, want: Callable[[RiddleGame], bool] = bool,
               games: int = 1 << 30) -> tuple[int, int, list[tuple[bool, int]]]:
    """The compiled bound of each leaf goal ``pick`` accepts against the Python one,
    ``max(min_turns, finer(...))``, on encoded states the reference visits: equal to
    it with the documented parts relaxed, never above it. Returns (states compared,
    of them where ``finer`` raised the bound, the pieces part's claims). Only the
    first ``games`` games that ``want`` accepts are compared."""
    assert kernel is not None
    compared = lower = 0
    claims: list[tuple[bool, int]] = []
    for game in supported_games(seed, count):
        nodes = [(i, g) for i, g in enumerate(goal_nodes(game)) if pick(g)]
        if not nodes or not want(game) or games <= 0:
            continue
        games -= 1
        t = pack(tables(game))
        ctx = game.ctx
        for state in reference_solve(game, depth=4, states=600).exact:
            flat = encode(state)
            for node, goal in nodes:
                base = 0 if goal.is_met(ctx, state) else goal.min_turns(ctx, state)
                compiled = kernel.leaf_of(flat, t, node)
                if base <= 0 or base >= UNREACHABLE:
                    assert compiled == base
                    continue
                assert compiled <= max(base, finer(game, goal, state)), state
                assert compiled == relaxed(game, state, lambda: max(base, finer(
                    game, goal, state)), monkeypatch, claims), state
                compared += 1
                lower += compiled > base
    return compared, lower, claims


@needs_kernel
def test_the_stand_port_equals_the_python_stand_bound_relaxed_as_documented(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """goals.py ``stand_walk`` against goals/stand.py ``stand_bound`` (a worker's)."""
    compared, lower, claims = leaf_ports(
        18, 400, lambda g: isinstance(g, StandGoal) and g.figure == "worker",
        lambda game, goal, state: stand_bound(game.bounds, goal, state),  # type: ignore[arg-type]
        monkeypatch)
    assert compared > 1_000 and lower > 200 and len(claims) > 20, (compared, lower, claims)


@needs_kernel
def test_the_build_port_equals_the_python_build_bound_relaxed_as_documented(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """compiled/build.py against goals/build.py ``build_bound`` (domes and towers)."""
    compared, lower, _ = leaf_ports(
        19, 600, lambda g: isinstance(g, BuildGoal) and g.what != "block",
        lambda game, goal, state: build_module.build_bound(
            game.bounds, goal, state),  # type: ignore[arg-type]
        monkeypatch)
    assert compared > 500 and lower > 50, (compared, lower)
    # Riddles whose pieces fall back to the stockpile (remove-top), which the plain
    # sample meets rarely: the recycling spaces' pieces count as supply.
    compared, lower, _ = leaf_ports(
        20, 3_000, lambda g: isinstance(g, BuildGoal) and g.what != "block",
        lambda game, goal, state: build_module.build_bound(
            game.bounds, goal, state),  # type: ignore[arg-type]
        monkeypatch, want=lambda game: game.bounds.recycled, games=40)
    assert compared > 300 and lower > 30, (compared, lower)


def with_a_stand(text: str, rng: random.Random) -> str | None:
    """``text`` whose first slots objective also asks a worker to stand on a space
    (None: no slots objective)."""
    lines = text.split("\n")
    grid = lines.index("  grid: |")
    land = [f"{COLUMN_LETTERS[x]}{y + 1}"
            for y, row in enumerate(takewhile(lambda r: r.startswith("    "), lines[grid + 1:]))
            for x, cell in enumerate(row.split()) if cell != "~"]
    slots = [k for k, line in enumerate(lines) if line.startswith("    slots: {")]
    if not slots or not land:
        return None
    lines.insert(slots[0] + 1, f"    goal: {{stand: {{figure: worker, at: {rng.choice(land)}, "
                 f"level: {rng.randint(1, 3)}}}}}")
    return "\n".join(lines)


def demanding_games(seed: int, count: int) -> Iterator[RiddleGame]:
    """Objectives of generated riddles :func:`with_a_stand` (an ``all_of`` of two goals
    that demand builds on known spaces, which the plain generator writes rarely)."""
    return supported_games(seed, count, with_a_stand)


@needs_kernel
def test_the_disjoint_builds_port_equals_the_python_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """compiled/demand.py against goals/all_of.py ``disjoint_builds`` on encoded states
    the reference visits: equal with the seats' turns relaxed as documented, never
    above it."""
    assert kernel is not None
    compared = claimed = 0
    for game in demanding_games(21, 150):
        nodes = [(i, g) for i, g in enumerate(goal_nodes(game)) if isinstance(g, AllOfGoal)]
        t = pack(tables(game))
        bounds = game.bounds
        for state in reference_solve(game, depth=4, states=600).exact:
            flat = encode(state)
            for node, goal in nodes:
                compiled = kernel.disjoint_of(flat, t, node)
                assert compiled <= disjoint_builds(bounds, goal.goals, state), state
                with monkeypatch.context() as m:
                    m.setattr(bounds, "builds_turn", seats_relaxed(game))
                    assert compiled == disjoint_builds(bounds, goal.goals, state), state
                compared += 1
                claimed += compiled > 0
    assert compared > 1_000 and claimed > 100, (compared, claimed)


@needs_kernel
def test_bound_is_admissible_where_goals_demand_builds_on_disjoint_spaces() -> None:
    """As the first admissibility test, on :func:`demanding_games`."""
    assert admissible_on(demanding_games(22, 80))[1] > 1_000


RECYCLING = """
kind: riddle
id: recycled-yard
number: 900
title: Recycled Yard
island: lantern-isles
players: [1]
map:
  grid: |
    ~ . . ~
    . W W .
    4 W W 1
    ~ ~ . .
stockpile: {level1: 3, level2: 1, level3: 1, dome: 1}
objectives:
  - tier: silver
    goal: {build: {what: tower, count: 2, region: [C3, D3, C4, D4]}}
end_of_turn:
  - remove-top: {at: A3, to: stockpile}
"""


@needs_kernel
def test_the_build_port_counts_the_pieces_that_fall_back(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Two towers need two pieces of each upper kind, the stockpile holds one: only
    the keep's pieces, which fall back to the stockpile a turn at a time, make them
    possible (and the bound finite)."""
    assert kernel is not None
    riddle = riddle_of_text(RECYCLING)
    assert riddle is not None
    game = RiddleGame(compile_riddle(riddle, 1), 0)
    goal = game.ctx.objectives[0].goal
    t = pack(tables(game))
    rng = random.Random(7)
    states = []
    for _ in range(40):  # random lines of play
        state = next(iter(game.starts()))
        for _ in range(6):
            states.append(state)
            children = [child for _, child in game.successors(state)]
            if not children:
                break
            state = rng.choice(children)
    claims: list[tuple[bool, int]] = []
    for state in states:
        if goal.is_met(game.ctx, state):
            continue
        base = goal.min_turns(game.ctx, state)
        compiled = kernel.leaf_of(encode(state), t, 0)
        assert compiled == relaxed(game, state, lambda: max(base, build_module.build_bound(
            game.bounds, goal, state)), monkeypatch, claims), state  # type: ignore[arg-type]
    assert len(states) > 100
    assert kernel.leaf_of(encode(states[0]), t, 0) < UNREACHABLE  # the keep's pieces count


def goal_nodes(game: RiddleGame) -> list[Goal]:
    """Every goal node of ``game``'s objectives, numbered as flat.py numbers them."""
    nodes: list[Goal] = []
    for objective in game.ctx.objectives:
        post_order(objective.goal, nodes)
    return nodes


def many_coins(game: RiddleGame) -> bool:
    """A colour with more coins than the slots bound tries every choice of."""
    return any(sum(1 for c in game.ctx.coins if c.colour == k) > SLOT_CHOICES_AT_MOST
               for k in range(2))


@needs_kernel
def test_bound_is_admissible_with_many_coins_of_a_colour() -> None:
    """As above, on generated riddles with slots and 7+ coins of a colour (the slots
    bound's stand-ins), which the plain sample meets rarely."""
    games, states = admissible_on((g for g in supported_games(17, 2_000) if many_coins(g) and any(
        o.slots != (0, 0) for o in g.ctx.objectives)), most=25)
    assert games >= 10 and states > 1_000, (games, states)


@needs_kernel
def test_status_and_turns_match_python_astar_and_the_reference() -> None:
    decided = found = 0
    for game in supported_games(13, 120):
        python = astar(game, budget=20_000)
        compiled = compiled_astar(game, 20_000, None, None)
        if compiled is None:  # a limit stopped the kernel: the caller runs Python
            continue
        decided += 1
        assert (compiled.status, compiled.cost) == (python.status, python.cost)
        if compiled.found:
            found += 1
            assert game.is_goal(compiled.states[-1])
            assert len(compiled.actions) == compiled.cost
        ref = reference_solve(game, depth=8, states=3_000)
        if ref.turns is not None:
            assert compiled.cost == ref.turns
        elif ref.finished:
            assert compiled.status == "exhausted"
    assert decided >= 100 and found >= 30


@needs_kernel
def test_python_and_compiled_agree_on_a_horizon() -> None:
    for game in supported_games(14, 20):
        python = astar(game, budget=20_000, max_cost=3)
        compiled = compiled_astar(game, 20_000, 3, None)
        if compiled is not None:
            assert (compiled.status, compiled.cost) == (python.status, python.cost)


PLAIN = """
import random, sys
sys.path.insert(0, {tests!r})
from generator.engine.geometry import COLUMN_LETTERS, NO_SQUARE
from generator.sim.search import astar
from generator.systems.riddle.compiled.search import compiled_astar
from generator.systems.riddle.context import compile_riddle
from generator.systems.riddle.game import RiddleGame
from generator.systems.riddle.compiled.flat import unsupported
from systems.riddle.reference import FUZZ_GODS, random_riddle_text, riddle_of_text
rng = random.Random(3)
done = 0
while done < 3:
    text, players = random_riddle_text(rng)
    riddle = riddle_of_text(text)
    if riddle is None or riddle.board.geometry.size > 12:
        continue
    game = RiddleGame(compile_riddle(riddle, players), 0, gods=FUZZ_GODS)
    if unsupported(game):
        continue
    python = astar(game, budget=2_000)
    compiled = compiled_astar(game, 2_000, None, None)
    if compiled is not None:
        assert (compiled.status, compiled.cost) == (python.status, python.cost), text
        done += 1
print("ok", done)
"""


@needs_kernel
def test_the_kernel_logic_runs_as_plain_python() -> None:
    """NUMBA_DISABLE_JIT=1 runs every kernel function as the Python it is written in."""
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    script = PLAIN.format(tests=os.path.join(REPO, "tests"))
    done = subprocess.run([sys.executable, "-c", script], env=env, cwd=REPO,
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0 and "ok 3" in done.stdout, done.stdout + done.stderr


def test_importing_the_solver_does_not_import_numba() -> None:
    """The default install stays pure Python: numba loads only when the compiled path runs."""
    script = ("import sys, importlib.util; import generator.systems.riddle.solver, generator.cli; "
              "print('numba' in sys.modules, 'numpy' in sys.modules); "
              "importlib.util.find_spec('numpy') and "
              "__import__('generator.systems.riddle.compiled.flat'); "
              "print('numba' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", script], cwd=REPO, capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.stdout.split() == ["False", "False", "False"], done.stdout + done.stderr


def test_the_core_is_on_wherever_numba_is_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.systems.riddle import cache

    monkeypatch.delenv("RIDDLESMITH_COMPILED", raising=False)
    assert cache.compiled_core_on() is (numba is not None)  # default: on with the fast extra
    assert (cache.compiled_core_off() is None) is (numba is not None)
    monkeypatch.setenv("RIDDLESMITH_COMPILED", "0")
    assert not cache.compiled_core_on()
    assert cache.compiled_core_off() == "RIDDLESMITH_COMPILED=0"
    monkeypatch.setenv("RIDDLESMITH_COMPILED", "1")
    assert cache.compiled_core_on() is (numba is not None)


@needs_kernel
def test_opted_in_proofs_go_through_the_core_with_the_python_answers(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """By default (numba installed) and with RIDDLESMITH_COMPILED=1, solve_objective's
    proof moves to the core after the Python A*'s first states, and answers as the
    Python path does: status, turns and the count of optimal first moves."""
    from generator.systems.riddle import solver
    from generator.systems.riddle.compiled import search

    calls: list[str] = []
    real = search.compiled_astar

    def spy(*args: object, **kwargs: object) -> object:
        found = real(*args, **kwargs)  # type: ignore[arg-type]
        calls.append("none" if found is None else found.status)
        return found

    monkeypatch.setattr(search, "compiled_astar", spy)
    monkeypatch.setattr(solver, "PYTHON_FIRST", 1)  # even small proofs reach the core
    compared = 0
    for i, game in enumerate(supported_games(29, 60)):
        if i % 2:  # the default (RIDDLESMITH_COMPILED unset) and the opt-in alike
            monkeypatch.setenv("RIDDLESMITH_COMPILED", "1")
        else:
            monkeypatch.delenv("RIDDLESMITH_COMPILED", raising=False)
        opted = solver.solve_objective(game.ctx, game.target, gods=FUZZ_GODS,
                                       count_first_moves=True, seconds=None)
        monkeypatch.setenv("RIDDLESMITH_COMPILED", "0")
        plain = solver.solve_objective(game.ctx, game.target, gods=FUZZ_GODS,
                                       count_first_moves=True, seconds=None)
        assert (opted.status, opted.turns, opted.optimal_first_moves) == (
            plain.status, plain.turns, plain.optimal_first_moves)
        assert len(opted.solution) == len(plain.solution)
        if opted.status == "solved":  # its line follows the rules (replayed by them)
            assert not verify_result(game.ctx, opted, gods=FUZZ_GODS)
        compared += 1
    assert compared >= 60 and calls.count("found") >= 5, calls


def test_a_first_compile_is_announced_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The notice (``compiling the riddle solver's core once, ...``) goes to the command's
    listener once per process, only when numba's cache does not hold the kernel."""
    if kernel is None:
        pytest.skip("the compiled core needs numba")
    from generator.systems.riddle.cache import COMPILE_NOTICE
    from generator.systems.riddle.compiled import warm

    heard: list[str] = []
    monkeypatch.setattr(warm, "_ANNOUNCED", set())
    monkeypatch.setattr(warm, "jit_cached", lambda _kernel: False)
    token = COMPILE_NOTICE.set(heard.append)
    try:
        warm.announce()
        warm.announce()
    finally:
        COMPILE_NOTICE.reset(token)
    assert len(heard) == 1 and heard[0].startswith("compiling the riddle solver's core once")
    monkeypatch.setattr(warm, "_ANNOUNCED", set())
    monkeypatch.setattr(warm, "jit_cached", lambda _kernel: True)
    warm.announce(heard.append)  # compiled already: nothing to say
    assert len(heard) == 1


def test_warm_exits_0_in_every_install(monkeypatch: pytest.MonkeyPatch) -> None:
    """``riddlesmith warm`` compiles or loads the core with numba, says it is off without
    it or with RIDDLESMITH_COMPILED=0, and exits 0 either way."""
    from click.testing import CliRunner

    from generator.cli import main

    monkeypatch.setenv("RIDDLESMITH_COMPILED", "0")
    done = CliRunner().invoke(main, ["warm"])
    assert done.exit_code == 0 and "off (RIDDLESMITH_COMPILED=0)" in done.output, done.output
    monkeypatch.delenv("RIDDLESMITH_COMPILED")
    done = CliRunner().invoke(main, ["warm"])
    assert done.exit_code == 0, done.output
    wants = ("compiled core loaded from", "compiled core compiled into") if kernel is not None \
        else ("off (numba is not installed)",)
    assert any(want in done.output for want in wants), done.output
    assert CliRunner().invoke(main, ["warm", "--quiet"]).output == ""


@needs_kernel
def test_a_tiny_memory_cap_stops_the_core_and_the_python_search_answers(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The compiled search's own cap in bytes (search.BYTES_AT_MOST): too small a cap
    stops the kernel with the memory status, compiled_astar answers None, and the
    proof (solver.proof_search) is the Python A*'s."""
    from generator.systems.riddle import solver
    from generator.systems.riddle.compiled import search

    statuses: list[int] = []
    real = kernel.astar  # type: ignore[union-attr]

    def spy(*args: object) -> object:
        out = real(*args)
        statuses.append(int(out[0]))
        return out

    monkeypatch.setattr(kernel, "astar", spy)
    monkeypatch.setattr(search, "BYTES_AT_MOST", 40 * search.bytes_per_state())
    monkeypatch.setattr(solver, "PYTHON_FIRST", 1)  # the core runs from the first states
    monkeypatch.delenv("RIDDLESMITH_COMPILED", raising=False)
    assert search.held_at_most() == 40
    compared = 0
    for game in supported_games(31, 100):
        plain = astar(game, budget=20_000)
        if plain.generated < 200 or plain.status not in ("found", "exhausted"):
            continue  # holds too few states for the cap to bite
        assert compiled_astar(game, 20_000, None, None) is None
        assert statuses[-1] == kernel.BUDGET_MEMORY  # type: ignore[union-attr]
        proof = solver.proof_search(game, 20_000, None, None)
        assert statuses[-1] == kernel.BUDGET_MEMORY  # type: ignore[union-attr]
        assert (proof.status, proof.cost, proof.expanded) == (
            plain.status, plain.cost, plain.expanded)  # the Python search's own answer
        compared += 1
    assert compared >= 5, compared
    monkeypatch.setattr(search, "BYTES_AT_MOST", 1 << 30)
    assert search.held_at_most() > 900_000  # the shipped cap: ~1.1 kB a state at most


def test_a_pool_gets_the_core_compiled_before_its_workers_start(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """prove_all compiles a cold core in the parent (with the notice) before a pool's
    workers would each compile it; in one process the first proof compiles it lazily."""
    if kernel is None:
        pytest.skip("the compiled core needs numba")
    from generator.pack.loader import load_packs
    from generator.pack.schema import load_schemas
    from generator.pipeline import kinds_of
    from generator.sim.executors import InProcessExecutor
    from generator.registry import discover_systems
    from generator.systems.riddle import proof_shared
    from generator.systems.riddle.compiled import warm
    from generator.systems.riddle.proofs import prove_all, requests_by_count

    from .test_riddle_proofs import write_piers

    shared = proof_shared(load_packs([write_piers(tmp_path / "pack")], load_schemas(),
                                     kinds_of(discover_systems())).packs[0])
    requests = requests_by_count(shared.riddles["pier-1"])
    compiled: list[object] = []
    monkeypatch.setattr(warm, "jit_cached", lambda _kernel: False)
    monkeypatch.setattr(warm, "warm", lambda notice=None: compiled.append(notice) or "")
    heard: list[str] = []
    prove_all(requests, shared, cache_dir=None, executor=_NotInProcess(InProcessExecutor()),
              progress=heard.append)
    assert compiled == [heard.append]
    prove_all(requests, shared, cache_dir=None, executor=InProcessExecutor(),
              progress=heard.append)
    assert compiled == [heard.append]  # one process: no compile ahead of need


class _NotInProcess:
    """An executor that is not :class:`InProcessExecutor` (as a pool is) but runs here."""

    def __init__(self, inner: object) -> None:
        self.inner = inner

    @property
    def workers(self) -> int:
        return 1

    def run(self, fn: Callable[..., object], shared: object, tasks: Sequence[tuple[object, ...]]
            ) -> Iterator[tuple[int, object]]:
        return self.inner.run(fn, shared, tasks)  # type: ignore[attr-defined, no-any-return]


@needs_kernel
def test_the_open_list_pops_in_the_order_of_the_python_tuples() -> None:
    """compiled/table.py's heap of packed entries against heapq over (f, -g, node)."""
    import heapq

    import numpy as np

    from generator.systems.riddle.compiled import table

    rng = random.Random(31)
    for _ in range(20):
        heap = np.empty(400, dtype=np.int64)
        size = 0
        python: list[tuple[int, int, int]] = []
        popped: list[int] = []
        expected: list[int] = []
        for node in range(rng.randrange(1, 400)):
            f, g = rng.randrange(table.ORDER_AT_MOST), rng.randrange(table.ORDER_AT_MOST)
            if rng.random() < 0.5:  # many ties on f and g
                f, g = rng.randrange(4), rng.randrange(3)
            table.push(heap, size, table.entry(f, g, node))
            size += 1
            heapq.heappush(python, (f, -g, node))
            if rng.random() < 0.3:  # pops between pushes, as the search does
                popped.append(int(table.entry_node(table.pop(heap, size))))
                size -= 1
                expected.append(heapq.heappop(python)[2])
        while size:
            popped.append(int(table.entry_node(table.pop(heap, size))))
            size -= 1
            expected.append(heapq.heappop(python)[2])
        assert popped == expected


@needs_kernel
@pytest.mark.parametrize("narrow", [False, True])
def test_the_transposition_table_answers_as_a_dict(narrow: bool) -> None:
    """compiled/table.py's open addressing (keys in their own rows, slots doubled at
    half full) against a dict, with many repeated keys; ``narrow``: hashes cut to
    three bits, so most keys collide and only the whole key tells them apart."""
    import numpy as np

    from generator.systems.riddle.compiled import table

    rng = random.Random(32)
    slots = table.new_table(4)
    keys = np.empty((1 << 10, table.KEY_WORDS), dtype=np.int64)
    entries = 0
    python: dict[tuple[int, ...], int] = {}
    pool = [tuple(rng.randrange(-3, 3) for _ in range(table.KEY_WORDS)) for _ in range(400)]
    for _ in range(2_000):
        words = rng.choice(pool)
        key = np.array(words, dtype=np.int64)
        h = int(table.hash_of(key)) & (7 if narrow else -1)
        at = int(table.slot_of(slots, keys, key, h))
        known = int(slots[at, table.VALUE])
        assert (known if known != table.EMPTY else None) == python.get(words)
        if known == table.EMPTY:
            table.put(slots, at, keys, entries, key, h)
            entries += 1
        value = rng.randrange(100)
        slots[at, table.VALUE] = value
        python[words] = value
        if 2 * entries > slots.shape[0]:
            slots = table.doubled(slots)
    assert entries == len(python) > 300


@needs_kernel
def test_the_kept_wanderer_turns_equal_the_turns_worked_out_each_time() -> None:
    """compiled/base.py ``builds_turn`` keeps the Wanderer's turns for a search (in the
    room after :data:`ROOM`, keyed by what ``wanderer_turn`` reads). One room kept over
    the states of many games, in the order a search meets them, answers as a room too
    small to keep anything, which works each turn out again."""
    import numpy as np

    from generator.systems.riddle.compiled.base import KEPT, ROOM, builds_turn
    from generator.systems.riddle.compiled.flat import TURN

    compared = kept_used = 0
    rng = random.Random(42)
    for game in supported_games(41, 400):
        if game.players < 2 or not any(a.wanderer >= 0 for a in game.assignments):
            continue
        t = pack(tables(game))
        kept = np.zeros(ROOM + 2 * KEPT, dtype=np.int64)  # one search's room
        size = game.ctx.geometry.size
        asked = [(rng.getrandbits(size) & rng.getrandbits(size), rng.randrange(2, 9))
                 for _ in range(6)]  # the same questions of every state, as a bound asks
        for state in reference_solve(game, depth=4, states=300).exact:
            for seat in range(game.players):  # the same walks on each seat's turn
                flat = encode(state)
                flat[TURN] += seat
                for squares, count in asked:
                    if squares:
                        fresh = builds_turn(flat, t, squares, count,
                                            np.zeros(ROOM, dtype=np.int64))
                        assert builds_turn(flat, t, squares, count, kept) == fresh, state
                        compared += 1
        kept_used += int(np.count_nonzero(kept[ROOM::2]))
    assert compared > 2_000 and kept_used > 100, (compared, kept_used)
