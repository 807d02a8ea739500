"""Truth for the new default, powers searched (issue 22 §5).

One generated riddle with god powers and blessing cards
(:func:`random_truth_riddle_text`) is compared, objective by objective, with the
slow references, each disagreement counted by its kind
(:data:`~.reference.KINDS`):

- the solver's default answer (``SHORTEST_WITH_POWERS``: turns, verdict, optimal
  first moves, ``powers_searched``) against plain breadth-first search of the game
  as played and of the game without powers (:func:`~.reference_gods.judge_powers`),
  and every state's estimate against the exact turns left;
- the printed line replayed by the independent legality checker (:mod:`.legality`),
  powers and blessing cards included;
- ``optimal_lines``, ``capped``, ``key_moves`` and ``key_parts`` of the solver's
  result (:func:`~generator.systems.riddle.measures.measures_game`, the solver's
  turns as par) against plain enumeration of every shortest line
  (:mod:`.reference_lines`), on the objectives whose lines are few enough;
- A* of :mod:`generator.sim.search` against the breadth-first turns, in both games:
  with ``max_cost`` the shortest turns it finds them (on that last step it stores
  and estimates no non-goal child), with one turn less it says ``horizon``, without
  a line at all it says ``exhausted``; with its cap on generated states
  (``children``) it either stops with that limit or answers as uncapped;
- every ``tight``-th riddle is solved again with the solver's caps on generated
  states with powers (:data:`~generator.systems.riddle.solver.SHORTCUT_CHILDREN_PER_STATE`,
  :data:`~generator.systems.riddle.solver.POWER_CHILDREN_PER_STATE`) cut to a few
  states, so that they bind: its answers must be "not ruled out" or unproven with
  ``powers_searched`` false, never a wrong number (same judge).

:func:`fuzz_truth` runs it over seeded riddles; the tests run a slice and
``benchmarks/truth.py`` the full 2,000.
"""
from __future__ import annotations

import random
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from generator.sim.search import (
    BUDGET,
    EXHAUSTED,
    FOUND,
    HORIZON,
    LIMIT_CHILDREN,
    astar,
)
from generator.systems.riddle import solver as solver_module
from generator.systems.riddle.context import compile_riddle
from generator.systems.riddle.game import RiddleGame
from generator.systems.riddle.measures import measure_objective, measures_game
from generator.systems.riddle.model import Riddle
from generator.systems.riddle.results import ObjectiveResult
from generator.systems.riddle.solver import SOLVED, solve_objective

from .legality import replay_line
from .reference import DEPTH, Outcome, Reference, reference_solve, riddle_of_text
from .reference_gods import (
    ALL_GODS,
    POWER_BLESSINGS,
    _estimates,
    judge_powers,
    random_god_riddle_text,
    slow_quests,
)
from .reference_lines import TooMany, enumerate_lines

STATES = 4_000
"""States a reference search may generate before the objective is skipped as too big."""
LINES_CAP = 1_000
"""The measures' cap on distinct lines (about a third of the objectives are measured
with 3, so that capped counts are compared too)."""
BUDGET_STATES = 50_000
"""The solver's state budget per search (its caps on generated states follow it)."""
TIGHT_EVERY = 4
"""Every this-many-th riddle is solved again with the caps on generated states tight."""
TIGHT_CHILDREN = 0.0002
"""States generated per state of the budget under tight caps (50,000 states: 10)."""


@dataclass
class Truth(Outcome):
    """The comparison's figures (``decided``: objectives compared with the reference)."""

    riddles: int = 0
    valid: int = 0  # riddles the loader accepted
    with_gods: int = 0  # riddles with a god in the opening queue
    with_cards: int = 0  # riddles with a revealed blessing card
    with_both: int = 0
    solved: int = 0  # objectives the reference solves
    unsolvable: int = 0  # objectives the reference proves have no line
    powered: int = 0  # objectives with a power or a card in play
    shorter: int = 0  # the truth is shorter with powers (or solvable only with them)
    not_searched: int = 0  # results with powers_searched false
    tight: int = 0  # objectives solved again with tight caps
    replayed: int = 0  # printed lines the legality checker replayed
    measured: int = 0  # objectives whose lines were enumerated
    capped_lines: int = 0  # of those, measured with optimal_lines capped
    astar_runs: int = 0  # A* searches compared with breadth-first turns
    children_stops: int = 0  # of those, stopped by the cap on generated states
    bad: list[str] = field(default_factory=list)  # disagreeing riddles, with their texts

    def add(self, other: Truth) -> None:
        for name, value in vars(other).items():
            if isinstance(value, int):
                setattr(self, name, getattr(self, name) + value)
        self.disagreements.extend(other.disagreements)
        self.bad.extend(other.bad)
        for kind, n in other.kinds.items():
            self.kinds[kind] = self.kinds.get(kind, 0) + n


def random_truth_riddle_text(rng: random.Random) -> tuple[str, int]:
    """A generated riddle (:func:`~.reference.random_riddle_text`) whose opening queue
    holds one or two powered gods (a custom quest half the time), or whose set-up
    reveals one to three blessing cards, or both: a third of each."""
    mix = rng.randrange(3)
    while True:
        text, players = random_god_riddle_text(rng, blessings=mix != 0)
        gods, cards = _parts(text)
        if (mix == 0 and gods) or (mix == 1 and cards and not gods) or \
                (mix == 2 and gods and cards):
            return text, players


def _parts(text: str) -> tuple[bool, bool]:
    """Whether the riddle queues a god, and whether it reveals a blessing card."""
    line = re.search(r"^gods: .*$", text, flags=re.MULTILINE)
    if line is None:
        return False, False
    return "queue: []" not in line.group(0), "revealed:" in line.group(0)


@contextmanager
def tight_caps() -> Iterator[None]:
    """The solver's caps on states generated with powers cut to a few states."""
    saved = (solver_module.SHORTCUT_CHILDREN_PER_STATE, solver_module.POWER_CHILDREN_PER_STATE)
    solver_module.SHORTCUT_CHILDREN_PER_STATE = TIGHT_CHILDREN
    solver_module.POWER_CHILDREN_PER_STATE = TIGHT_CHILDREN  # type: ignore[assignment]
    try:
        yield
    finally:
        solver_module.SHORTCUT_CHILDREN_PER_STATE, solver_module.POWER_CHILDREN_PER_STATE = saved


def compare_truth(text: str, players: int, *, tight: bool = False, measures: bool = True,
                  astar_checks: bool = True, states: int = STATES) -> Truth:
    """Compare every objective of one riddle (see the module docs)."""
    out = Truth(riddles=1)
    riddle = riddle_of_text(text)
    if riddle is None:
        return out
    out.valid = 1
    gods, cards = _parts(text)
    out.with_gods, out.with_cards, out.with_both = int(gods), int(cards), int(gods and cards)
    ctx = compile_riddle(riddle, players)
    for j, objective in enumerate(ctx.objectives):
        where = f"objective {objective.tier} ({players} players)"
        plain = RiddleGame(ctx, j, gods=ALL_GODS, blessings=POWER_BLESSINGS)
        ref = reference_solve(plain, states=states)
        if ref.capped:
            out.skipped += 1
            continue
        game = slow_quests(RiddleGame(ctx, j, gods=ALL_GODS, blessings=POWER_BLESSINGS,
                                      powers=True))
        in_play = game.powers.active or game.blessings.active
        truth = reference_solve(game, states=states) if in_play else ref
        if truth.capped:
            out.skipped += 1
            continue
        out.decided += 1
        out.powered += in_play
        out.solved += truth.turns is not None
        out.unsolvable += truth.turns is None and truth.finished
        out.shorter += truth.turns is not None and (ref.turns is None or truth.turns < ref.turns)
        _estimates(plain, ref, where, out)
        if in_play:
            _estimates(game, truth, where + " with powers", out)
        horizon = None if truth.finished else DEPTH
        result = solve_objective(ctx, j, gods=ALL_GODS, blessings=POWER_BLESSINGS,
                                 budget=BUDGET_STATES, horizon=horizon, seconds=None)
        _judge(out, riddle, players, j, where, result, ref, truth, measures)
        if tight and in_play:
            with tight_caps():
                capped = solve_objective(ctx, j, gods=ALL_GODS, blessings=POWER_BLESSINGS,
                                         budget=BUDGET_STATES, horizon=horizon, seconds=None)
            out.tight += 1
            _judge(out, riddle, players, j, where + " (tight caps)", capped, ref, truth, False)
        if astar_checks:
            _astar(out, plain, ref, where)
            if in_play:
                _astar(out, game, truth, where + " with powers")
    return out


def _judge(out: Truth, riddle: Riddle, players: int, j: int, where: str,
           result: ObjectiveResult, ref: Reference, truth: Reference, measures: bool) -> None:
    out.not_searched += not result.powers_searched
    judge_powers(where, result, ref, truth, out)
    if result.status != SOLVED or result.turns is None:
        return
    if len(result.solution) != result.turns:
        out.disagree("legality", f"{where}: {len(result.solution)} printed turns, "
                     f"{result.turns} said")
    problems = replay_line(riddle, result.tier, result.solution, players, gods=ALL_GODS,
                           blessings=POWER_BLESSINGS)
    out.replayed += 1
    if problems:
        out.disagree("legality", f"{where}: {'; '.join(problems)}")
    if measures and result.turns >= 1:
        _measures(out, riddle, players, j, where, result, ref, truth)


def _measures(out: Truth, riddle: Riddle, players: int, j: int, where: str,
              result: ObjectiveResult, ref: Reference, truth: Reference) -> None:
    """The solver's result measured (``solve --measures``) against plain enumeration."""
    ctx = compile_riddle(riddle, players)
    game = measures_game(ctx, j, result, gods=ALL_GODS, blessings=POWER_BLESSINGS)
    par = result.turns
    assert par is not None
    powered = game.powers.active or game.blessings.active
    expected = truth.turns if powered else ref.turns
    if expected != par:  # measured in a game whose shortest line is not the par
        out.disagree("optimal lines", f"{where}: measured with par {par} in the game "
                     f"{'with' if powered else 'without'} powers, whose "
                     f"shortest line takes {expected} turns")
        return
    try:
        lines = enumerate_lines(game, par)
    except TooMany:
        return
    cap = 3 if (players + j + par) % 3 == 0 else LINES_CAP  # a third, so capped counts too
    m = measure_objective(game, par, cap=cap, playouts=0, seconds=None)
    out.measured += 1
    out.capped_lines += len(lines.multisets) > cap
    if m.stopped or not lines.multisets:
        out.disagree("optimal lines", f"{where}: measures stopped ({m.stopped}) or no "
                     f"line of {par} turns enumerated")
        return
    if (m.optimal_lines, m.capped) != (min(len(lines.multisets), cap),
                                       len(lines.multisets) > cap):
        out.disagree("optimal lines", f"{where}: optimal_lines {m.optimal_lines} (capped "
                     f"{m.capped}, cap {cap}), enumeration {len(lines.multisets)}")
    if set(m.key_moves) != frozenset.intersection(*lines.labels):
        out.disagree("key moves", f"{where}: key_moves {sorted(m.key_moves)}, enumeration "
                     f"{sorted(frozenset.intersection(*lines.labels))}")
    if set(m.key_parts) != frozenset.intersection(*lines.parts):
        out.disagree("key moves", f"{where}: key_parts {sorted(m.key_parts)}, enumeration "
                     f"{sorted(frozenset.intersection(*lines.parts))}")


def _astar(out: Truth, game: RiddleGame, ref: Reference, where: str) -> None:
    """A* with a cost horizon and with a cap on generated states, against the turns of
    breadth-first search of the same game."""
    def run(max_cost: int | None, children: int | None = None) -> tuple[str, int | None, int,
                                                                          str]:
        found = astar(game, budget=BUDGET_STATES, max_cost=max_cost, children=children)
        out.astar_runs += 1
        return found.status, found.cost, found.generated, found.limit

    # (max_cost, the statuses breadth-first search allows, the cost when found)
    cases: list[tuple[int | None, set[str], int | None]] = []
    if ref.turns is not None:
        cases += [(ref.turns, {FOUND}, ref.turns), (ref.turns + 1, {FOUND}, ref.turns)]
        if ref.turns >= 1:
            cases.append((ref.turns - 1, {HORIZON}, None))
        if ref.finished:
            cases.append((None, {FOUND}, ref.turns))
    elif ref.finished:  # no line at all
        cases += [(None, {EXHAUSTED}, None), (2, {HORIZON, EXHAUSTED}, None)]
    else:  # none within DEPTH turns (lines may go on: "exhausted" is not refuted)
        cases.append((DEPTH, {HORIZON, EXHAUSTED}, None))
    full: tuple[str, int | None, int, str] | None = None
    full_cost: int | None = None
    for max_cost, allowed, want in cases:
        status, cost, generated, limit = run(max_cost)
        if status == BUDGET:
            continue  # too big for the budget: nothing to compare
        if status not in allowed or cost != want:
            out.disagree("astar", f"{where}: A* with max_cost {max_cost}: {status} {cost}, "
                         f"breadth-first {ref.turns} turns "
                         f"({'finished' if ref.finished else f'none within {DEPTH}'})")
        if full is None:
            full, full_cost = (status, cost, generated, limit), max_cost
    if full is None:
        return
    status, cost, generated, _ = full
    for children in sorted({1, max(1, generated // 3), max(1, generated - 1), generated}):
        c_status, c_cost, c_generated, c_limit = run(full_cost, children)
        if c_status == BUDGET and c_limit == LIMIT_CHILDREN:
            out.children_stops += 1
            if c_generated != children + 1:
                out.disagree("children cap", f"{where}: stopped by the cap of {children} "
                             f"generated states after {c_generated}")
        elif (c_status, c_cost) != (status, cost) or c_generated > children:
            out.disagree("children cap", f"{where}: with at most {children} states "
                         f"generated {c_status} {c_cost} ({c_generated} generated), "
                         f"uncapped {status} {cost} ({generated} generated)")


def fuzz_truth(seed: int, count: int, *, tight_every: int = TIGHT_EVERY,
               measures: bool = True, astar_checks: bool = True,
               states: int = STATES) -> Truth:
    """Compare ``count`` riddles of :func:`random_truth_riddle_text` from ``seed``."""
    rng = random.Random(seed)
    total = Truth()
    for n in range(count):
        text, players = random_truth_riddle_text(rng)
        one = compare_truth(text, players, tight=tight_every > 0 and n % tight_every == 0,
                            measures=measures, astar_checks=astar_checks, states=states)
        if one.disagreements:
            one.bad.append(f"# seed {seed} riddle {n}, players {players}: "
                           f"{'; '.join(one.disagreements)}\n{text}")
        total.add(one)
    return total
