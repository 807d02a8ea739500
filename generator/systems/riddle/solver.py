"""The riddle solver: each objective as a shortest-path search over team turns.

A turn is the current player's one action (a move then build with a worker
their seat may move, or taking a god from the opening queue), then the rewards
step (coins collected into the slots the group chooses, blessing tokens under
workers collected, objectives judged and their piece rewards added), then the
riddle's end-of-turn effects in order (RULES 1). Every choice the group has is
searched: which objective slot a coin fills, which of tied steps a figure
takes, which piece an ``any`` reward adds, and at set-up which workers each
player takes (2-4 players). :func:`solve_riddle` runs A* from
:mod:`generator.sim.search` once per objective (with 4 players, the 2-player
search first where :mod:`.partners` shows its answer is theirs) and returns, for each:

- ``solved``: the fewest turns, one shortest line in readable notation
  (``W1 B2-C3 build C4 (level 2; silver coin -> silver objective)``) and how
  many distinct first moves start a shortest line;
- ``unsolvable``: every line without blessing cards or the Sphinx's game was
  searched, with the opening queue's god powers the solver plays, and none
  reaches the objective;
- ``unproven``: the node budget or the riddle's horizon ran out first, the
  objective is reachable only by winning the Sphinx's game (chance only), or
  the opening queue names gods whose pieces are unknown.

What a proof relies on, and what it never does (RULES 1, decisions for the
solver):

- God powers, blessing cards and quests are optional, so a line without them
  is a sound proof and is searched first (with the goals' bounds). Taking a
  god from the *opening* queue is searched; cards refilled from the deck are
  not, since the deck's order is unknown; blessing cards are searched when the
  riddle reveals them at set-up (:mod:`.blessing_turns`). When the queue's
  powers or revealed cards are in play, a second search plays them
  (:mod:`.gods`: cards as piece sources, quests, discards, the two-god limit)
  with the admissible bound of :mod:`.power_bounds`: when a line without
  powers was found, only for a strictly shorter line (so the answer is the
  shortest line with the powers in play, and its optimal first moves are
  counted in that game); otherwise for any line ("needs a god power" in the
  reason). "unsolvable" means "not even with the powers in play"; powers the
  solver does not play (an unknown effect, ``order-deck``) are named in the
  reason.
- The Sphinx's game is never part of a proof. When the chance-free search
  is exhausted and the objective asks for Sphinx wins (or the die's rewards
  could add pieces), a second search lets every game be won: a line found
  then is reported ``unproven`` (chance only); none found is ``unsolvable``.
  Lost games (a destroyed worker) are never searched.

Search details. The heuristic is the larger of each goal's own admissible
bound (``goal.min_turns``) and the solver's :class:`Bounds` (walking to the
work on the worker's own seat's turns, climbing with a stair, pieces that are
missing until a god, an effect or a reward brings them, pieces conserved for
domes and towers, nothing built under the King or the Sphinx before they step
off, builds that goals held together need on disjoint spaces, and where the
King or the Sphinx can ever step); a test checks them against exact distances
on small riddles. The optimal first moves are counted by one depth-first
search whose transposition table keeps exact distances and refutations
(:func:`~generator.sim.search.count_optimal_first_moves`). The
transposition table keys one int packing the board, stockpile, slots, coins,
tokens, blessings, gods taken, the seat to play and, while a turn-dependent
rule (a sink, a deadline, the turn limit) is still ahead, the turn itself:
after that, reaching a position later is never better than reaching it sooner.
States that are images under a symmetry of the map fixing coins, features,
goal and effect spaces share a key, as do states that differ only by which of
one player's interchangeable workers stands where.

``states`` in a result counts the states expanded by the search that decided
the status (the proof, or the chance search); ``seconds`` covers everything,
counting the optimal first moves included (the count may expand as many
states as each search, and shares the objective's CPU-seconds cap; the shipped
riddles need at most about 7,000 states, flooded-den's gold and heroic).

Results are cached by :func:`solve_cached`, keyed by a hash of the riddle's
rules content, the gods, revealed blessing cards and die it uses (with the
cards' names, which the stored lines quote), the player count, the budget and
:data:`SOLVER_VERSION`; :func:`.solver_diagnostics.iter_solver_diagnostics` turns results into
``RS-G1xx`` diagnostics (:data:`SOLVER_CODES`), and
:func:`.solver_diagnostics.iter_riddle_solver_diagnostics` does both for ``check``.

>>> from generator.pack.model import Document
>>> from generator.systems.riddle.model import build_riddle
>>> from generator.pack.yamlload import load_yaml
>>> text = '''kind: riddle
... id: tiny
... number: 1
... title: Tiny
... island: x
... map:
...   grid: |
...     W .
...     . .
... coins:
...   - {at: B2, colour: silver, levels: [2]}
... objectives:
...   - tier: silver
...     slots: {silver: 1}
...     ends: true
... '''
>>> yaml_doc = load_yaml(text, "tiny.yaml").documents[0]
>>> riddle, _ = build_riddle(Document("riddle", "tiny", "tiny.yaml", yaml_doc), text)
>>> [result] = solve_riddle(riddle).objectives
>>> result.status, result.turns, result.optimal_first_moves
('solved', 2, 2)
>>> result.solution[1]
'W1 B1-A1 build B2 (level 2; silver coin -> silver objective; silver objective achieved)'
"""
from __future__ import annotations

import dataclasses
import re
import time
from collections.abc import Iterable, Mapping
from pathlib import Path

from generator.diagnostics import CODES, Severity
from generator.sim.search import (
    BUDGET,
    LIMIT_CHILDREN,
    DEFAULT_BUDGET,
    EXHAUSTED,
    FOUND,
    HORIZON,
    LIMIT_MEMORY,
    LIMIT_SECONDS,
    stored_limit,
    SearchResult,
    astar,
    count_optimal_first_moves,
)
from generator.systems.riddle.bookkeeping import (
    GOD_ACTION,
    GODS_HELD_AT_MOST,
    REWARD_ON_ACHIEVEMENT,
    SPHINX_ACTION,
    Action,
    Assignment,
    Bookkeeping,
    plain_text,
    reward_options,
    worker_assignments,
)
from generator.systems.riddle.bounds import Bounds, coin_pieces
from generator.systems.riddle.cache import (
    compiled_core_on,
    CACHE_FOLDER,
    default_cache_dir,
    read_entry,
    riddle_fingerprint,
    write_entry,
)
from generator.systems.riddle.context import RiddleContext, compile_riddle
from generator.systems.riddle.game import RiddleGame, symmetry_group, time_horizon
from generator.systems.riddle.gods import engine_god, line_steps
from generator.systems.riddle.blessing_turns import BlessingCards, revealed_cards
from generator.systems.riddle.box import DEFAULT_GEMS, BlessingCard, Die, GodCard
from generator.systems.riddle.model import Riddle, iter_goal_tree
from generator.systems.riddle.partners import TWO, as_four_players, two_first
from generator.systems.riddle.pieces import pieces_rule_out
from generator.systems.riddle.reach import reach_rule_out
from generator.systems.riddle.results import (
    NOT_SEARCHED_WITH_POWERS,
    SOLVED,
    SOLVER_VERSION,
    UNPROVEN,
    UNSOLVABLE,
    ObjectiveResult,
    RiddleSolve,
)
from generator.systems.riddle.state import RiddleState
from generator.systems.riddle.trace import (
    BOARD_LEGEND,
    describe_line,
    describe_turn,
    format_board,
    format_board_cells,
    replay_trace,
    trace_of,
    verify_result,
)

CHECK_BUDGET = 20_000
"""States each search of ``check`` may expand (``solver.nodes`` in a riddle may lower
it, never raise it): every shipped riddle needs far fewer, and a riddle beyond it
is reported unproven in seconds rather than minutes. ``solve`` uses the larger
search default."""

SECONDS_PER_OBJECTIVE: float | None = None
"""CPU seconds one objective may cost (proof, chance search and counting together)
before it is reported unproven; None (the default in ``check``, ``build``, ``serve`` and
``solve``): no such cap. Every search is bounded by states instead (states expanded,
states held, states generated), which stop at the same state on every machine, so a
verdict never depends on the machine's speed or load (issue 22 §4; pinned by
``tests/systems/riddle/test_riddle_slow_clock.py``). ``solve --seconds S`` sets a cap for
whoever wants one: a result stopped by it depends on the machine's speed, the report
says so, and such results are never cached as true (see :func:`solve_cached`)."""

SHORTEST_WITH_POWERS = True
"""The par is the game as played (issue 22): when a line without powers exists and
the opening queue's powers or revealed blessing cards are in play, a second search
looks for a strictly shorter line with them (pinned to breadth-first search by the
fuzz of ``tests/systems/riddle/reference_gods.py``). A riddle opts out with
``solver: {powers: false, why: ...}`` and ``solve --no-powers`` shows the par
without them; a line that needs a power is searched with powers either way."""

SHORTCUT_FLOOR, SHORTCUT_FACTOR = 20_000, 10
"""States expanded (at least the floor, else ``SHORTCUT_FACTOR`` times the proof's) the
search for a line with powers shorter than the one found without may take.
:func:`shortcut_children` caps the states it generates: with Hermes in the queue one expansion
generates about 130,000 children (every worker's walk on its level), so the cap on
generated states is the one that binds, and it binds at the same state on every
machine. When it stops undecided the result says so (:data:`NOT_RULED_OUT`,
``powers_searched`` false) and keeps the line without powers."""
SHORTCUT_CHILDREN_PER_STATE = 1.0
"""States the search for a shorter line with powers may generate, per state of the
proof's budget: 20,000 in ``check`` and ``build`` (budget 20,000), 200,000 in ``solve``
(200,000). Measured on the shipped riddles (``riddlesmith check content/riddles
--no-cache``, CPU seconds): 7 s without this search; with the turns generated lazily,
21 s at 10,000 and 32 s at 20,000, the least that decides sinking-quay's heroic
objective (3 turns with Atlas, 6 without: the search needs 15,000-20,000 states);
50 s at 50,000 decides nothing more. A Python state with powers costs 10-40
microseconds and Hermes alone generates about 200,000 a turn, so past these caps the
answer is "not ruled out", never a guess."""


POWER_CHILDREN_PER_STATE = 5
"""States the search with powers for an objective no line without them reaches may
generate, per state of the budget (100,000 in ``check``): the shipped riddles that
need a power generate at most about 60,000."""


FIRSTS_CHILDREN_AT_MOST = 1_000_000
"""States the count of optimal first moves in the game with powers may generate (a Hermes
turn lists hundreds of thousands): a count, so it stops at the same state on every
machine. sinking-quay's heroic objective (3 turns with Atlas: one first move) needs
between 400,000 and 1,000,000, about 3.5 CPU seconds."""


def shortcut_children(budget: int) -> int:
    """The cap on states generated by the search for a shorter line with powers.

    >>> shortcut_children(20_000), shortcut_children(200_000)
    (20000, 200000)
    """
    return max(1, int(budget * SHORTCUT_CHILDREN_PER_STATE))
NOT_RULED_OUT = "shortest without god powers; a shorter line with them is not ruled out"
FIRSTS_WITHOUT_POWERS = "optimal first moves counted without powers"
"""Said when the shortest line uses no power and its first moves were counted in the
game without powers (a first move using a power is not among them)."""

SOLVER_CODES: dict[str, tuple[Severity, str]] = {
    code: entry for code, entry in CODES.items() if re.fullmatch(r"RS-G1\d\d", code)
}
"""Diagnostic codes of the solver's results (to join the project's table)."""


def solve_riddle(riddle: Riddle, players: int = 1, *, gods: Mapping[str, GodCard] | None = None,
                 die: Die | None = None, budget: int | None = None,
                 tiers: Iterable[str] | None = None, expert: bool = False,
                 count_first_moves: bool = True,
                 seconds: float | None = SECONDS_PER_OBJECTIVE,
                 blessings: Mapping[str, BlessingCard] | None = None,
                 shortest_with_powers: bool | None = None,
                 from_two_players: bool = True) -> RiddleSolve:
    """Solve each objective (those of ``tiers``, or all) for ``players`` players.

    ``gods`` maps god ids to cards (their pieces make taking a god from the
    opening queue searchable); ``die`` is the riddle's die (for the chance
    search). ``budget`` is the node budget per search (default
    :data:`~generator.sim.search.DEFAULT_BUDGET`; the riddle's ``solver.nodes``
    may lower it, never raise it); ``seconds`` caps the CPU time of each
    objective; the riddle's ``solver.horizon`` caps the turns searched. Raises
    ``ValueError`` when the riddle's workers cannot be shared by ``players``
    players. With ``from_two_players`` a 4-player objective the 2-player search
    answers (:mod:`.partners`) is taken from it, its line read for 4 players.
    ``shortest_with_powers`` None follows the riddle (``solver.powers``, default
    :data:`SHORTEST_WITH_POWERS`); False is ``solve --no-powers``.
    """
    if shortest_with_powers is None:
        shortest_with_powers = SHORTEST_WITH_POWERS and riddle.solver.powers
    ctx = compile_riddle(riddle, players, expert=expert,
                         gems=len(die.gems) if die is not None else DEFAULT_GEMS)
    worker_assignments(players, len(ctx.start.board.workers))  # fail early on a bad count
    budget = effective_budget(budget or DEFAULT_BUDGET, riddle)
    wanted = None if tiers is None else set(tiers)
    two = compile_riddle(riddle, TWO, expert=expert, gems=ctx.gems) if from_two_players \
        and two_first(riddle, players, shortest_with_powers=shortest_with_powers) else None

    def solve(on: RiddleContext, j: int) -> ObjectiveResult:
        return solve_objective(on, j, gods=gods, die=die, budget=budget,
                               horizon=riddle.solver.horizon,
                               count_first_moves=count_first_moves, seconds=seconds,
                               blessings=blessings, shortest_with_powers=shortest_with_powers)

    def answer(j: int) -> ObjectiveResult:
        if two is not None:  # 4 players: the 2-player answer when it is theirs (.partners)
            paired = solve(two, j)
            derived = as_four_players(ctx, j, paired, gods=gods, die=die)
            if derived is not None:
                return dataclasses.replace(derived, seconds=paired.seconds + derived.seconds)
        return solve(ctx, j)

    results = tuple(answer(j) for j, objective in enumerate(ctx.objectives)
                    if wanted is None or objective.tier in wanted)
    return RiddleSolve(riddle.id, players, results, expert)


def solve_objective(ctx: RiddleContext, target: int, *,
                    gods: Mapping[str, GodCard] | None = None, die: Die | None = None,
                    budget: int = DEFAULT_BUDGET, horizon: int | None = None,
                    count_first_moves: bool = True,
                    seconds: float | None = SECONDS_PER_OBJECTIVE,
                    blessings: Mapping[str, BlessingCard] | None = None,
                    shortest_with_powers: bool = SHORTEST_WITH_POWERS,
                    rule_out_reach: bool = True) -> ObjectiveResult:
    """Decide one objective of a compiled riddle (see the module docs for the statuses).

    ``budget`` bounds the states each search expands (and, through
    :func:`~generator.sim.search.stored_limit`, the states it holds);
    ``seconds`` bounds the CPU time of everything this objective costs.
    ``rule_out_reach=False`` skips the relaxed game of :mod:`.reach` (to measure it)."""
    started = time.perf_counter()
    cpu_started = time.process_time()
    objective = ctx.objectives[target]
    ruled_out = pieces_rule_out(ctx, target, gods=gods, die=die)
    in_play = _powers_in_play(ctx, gods) or _blessings_in_play(ctx, blessings)
    if ruled_out and not in_play:  # a quest reward or a blessing may bring the piece
        return ObjectiveResult(objective.tier, UNSOLVABLE, None, (), None, 0,
                               time.perf_counter() - started,
                               ruled_out + _powers_note(ctx, gods, blessings))
    out_of_reach = reach_rule_out(ctx, target, gods=gods, die=die, blessings=blessings) \
        if rule_out_reach else ""
    if out_of_reach:  # sound with the powers and revealed blessings in play (.reach)
        return ObjectiveResult(objective.tier, UNSOLVABLE, None, (), None, 0,
                               time.perf_counter() - started,
                               out_of_reach + _powers_note(ctx, gods, blessings))
    game = RiddleGame(ctx, target, gods=gods, die=die)

    loading: list[float] = []  # CPU seconds making the compiled core ready: not the cap's

    def left() -> float | None:
        return None if seconds is None else max(0.0, seconds - (time.process_time()
                                                                - cpu_started - sum(loading)))

    core: list[str] = []  # why the compiled core stopped undecided, when it did
    found = proof_search(game, budget, horizon, left(), core, loading)
    if game.unknown_gods:
        in_play = False  # pieces of unknown gods were not searched: no claim with powers

    def result(status: str, search: SearchResult[RiddleState, Action], reason: str,
               firsts: int | None = None, line: RiddleGame | None = None,
               searched: bool = True) -> ObjectiveResult:
        solution: tuple[str, ...] = ()
        boards: tuple[str, ...] = ()
        setup = ""
        trace: tuple[tuple[int, ...], ...] = ()
        steps: tuple[dict[str, object], ...] = ()
        if line is not None and search.found:
            solution = describe_line(line, search.states, search.actions)
            boards = tuple(format_board(ctx, s) for s in search.states)
            setup = line.assignments[search.states[0].extra.assignment].text  # type: ignore[attr-defined]
            trace = trace_of(line, search.states, search.actions)
            steps = line_steps(line, search.states, search.actions)
        return ObjectiveResult(objective.tier, status,
                               search.cost if status == SOLVED else None, solution, firsts,
                               search.expanded, time.perf_counter() - started, reason, setup,
                               boards, trace, steps,
                               capped=seconds is not None and not left(),
                               powers_searched=searched)

    def with_powers(reason: str, search: SearchResult[RiddleState, Action]) -> ObjectiveResult:
        """No line without god powers: search again with the queue's powers in play."""
        if not in_play:
            return result(UNSOLVABLE, search, reason + _powers_note(ctx, gods, blessings))
        power_game = RiddleGame(ctx, target, gods=gods, die=die, powers=True,
                                blessings=blessings)
        powered = astar(power_game, budget=budget, max_cost=horizon, seconds=left(),
                        children=POWER_CHILDREN_PER_STATE * budget)
        if powered.status == FOUND and powered.cost is not None:
            firsts = count_optimal_first_moves(power_game, powered.cost, budget=budget,
                                               seconds=left(), line=powered.states,
                                               children=FIRSTS_CHILDREN_AT_MOST) \
                if count_first_moves else None
            return result(SOLVED, powered, "needs a god power or a blessing: no line without "
                          "one", firsts, power_game)
        if powered.status == EXHAUSTED:
            return result(UNSOLVABLE, powered, reason + "; not even with the god powers in "
                          "play" + _powers_note(ctx, gods, blessings))
        return result(UNPROVEN, powered, "no line without god powers; with them the search "
                      "stopped: " + budget_reason(powered, budget, seconds), searched=False)

    if found.status == FOUND and in_play and shortest_with_powers and found.cost is not None:
        # A line without powers proves the objective; one with powers may be shorter
        # (the powered bound, :mod:`.power_bounds`, keeps this search admissible).
        power_game = RiddleGame(ctx, target, gods=gods, die=die, powers=True,
                                blessings=blessings)
        cap = found.cost - 1 if horizon is None else min(horizon, found.cost - 1)
        spend = left()
        shortcut_budget = min(budget, max(SHORTCUT_FLOOR, SHORTCUT_FACTOR * found.expanded))
        shorter = astar(power_game, budget=shortcut_budget, max_cost=cap, seconds=spend,
                        children=shortcut_children(budget)) if cap >= 1 else None
        if shorter is None or shorter.status in (EXHAUSTED, HORIZON):
            # Decision: the first moves are counted in the game without powers (the
            # line is one of its shortest); counting in the game with powers would
            # expand states whose power lists are huge (Hermes moves every worker).
            firsts = None
            note = f"no shorter line with the god powers in play; {FIRSTS_WITHOUT_POWERS}"
            if count_first_moves:
                firsts = count_optimal_first_moves(game, found.cost, budget=budget,
                                                   seconds=left(), line=found.states)
                if firsts is None:
                    note += f"; {not_counted(budget, seconds)}"
            return result(SOLVED, found, note, firsts, game)
        if shorter.status == FOUND and shorter.cost is not None:
            firsts = None
            if count_first_moves:
                firsts = count_optimal_first_moves(power_game, shorter.cost, budget=budget,
                                                   seconds=left(), line=shorter.states,
                                                   children=FIRSTS_CHILDREN_AT_MOST)
            return result(SOLVED, shorter, f"a god power or a blessing saves "
                          f"{found.cost - shorter.cost} turn"
                          f"{'s' if found.cost - shorter.cost != 1 else ''} "
                          f"({found.cost} without)", firsts, power_game)
        firsts = None
        if count_first_moves:
            firsts = count_optimal_first_moves(game, found.cost, budget=budget,
                                               seconds=left(), line=found.states)
        return result(SOLVED, found, f"{NOT_RULED_OUT}: " + budget_reason(
            shorter, shortcut_budget, seconds) + f"; {FIRSTS_WITHOUT_POWERS}", firsts, game,
            searched=False)
    if found.status == FOUND:
        firsts = None
        notes = []
        if in_play:  # powers off (the riddle or --no-powers): say what "shortest" means
            notes.append(NOT_SEARCHED_WITH_POWERS + (f" ({ctx.riddle.solver.why})"
                                                     if ctx.riddle.solver.why else ""))
        if count_first_moves and found.cost is not None:
            firsts = count_optimal_first_moves(game, found.cost, budget=budget, seconds=left(),
                                               line=found.states)
            if firsts is None:
                notes.append(not_counted(budget, seconds))
        return result(SOLVED, found, "; ".join(notes), firsts, game, searched=not in_play)
    if found.status == BUDGET:
        return result(UNPROVEN, found, "; ".join([budget_reason(found, budget, seconds),
                                                  *core]))
    if found.status == HORIZON:
        return result(UNPROVEN, found, f"horizon: no solution within {horizon} turns "
                      "(solver.horizon)")
    # Exhausted without chance: does luck, or a missing god card, leave a doubt?
    if game.unknown_gods:
        return result(UNPROVEN, found, "the opening queue's gods "
                      f"{', '.join(game.unknown_gods)} are unknown: their pieces were not "
                      "searched")
    powered: ObjectiveResult | None = None
    if in_play:  # a line with powers is a proof; chance is not
        powered = with_powers(f"searched {found.expanded} states: no line without god powers, "
                              "blessing cards or the Sphinx's game reaches it", found)
        if powered.status == SOLVED:
            return powered
    chance_goal = any(type(g).CHANCE for g in iter_goal_tree(objective.goal))
    die_pieces = die is not None and any(f.reward is not None and f.reward.piece is not None
                                         for f in die.faces)
    if chance_goal or die_pieces:
        lucky_game = RiddleGame(ctx, target, gods=gods, die=die, chance=True)
        lucky = astar(lucky_game, budget=budget, max_cost=horizon, seconds=left())
        if lucky.status == FOUND:
            wins = sum(1 for a in lucky.actions if a[0] == SPHINX_ACTION)
            return result(UNPROVEN, lucky, f"chance only: no line without the Sphinx's game; "
                          f"with {wins} won game{'s' if wins != 1 else ''} it takes "
                          f"{lucky.cost} turn{'s' if lucky.cost != 1 else ''}", None,
                          lucky_game)
        if lucky.status != EXHAUSTED:
            return result(UNPROVEN, lucky, "chance: no line without the Sphinx's game; the "
                          f"search with won games stopped ({lucky.status})")
        if powered is not None and powered.status != UNSOLVABLE:
            return powered
        return result(UNSOLVABLE, found, f"searched {found.expanded} states: no line reaches "
                      "it, even winning every Sphinx's game"
                      + (", not even with the god powers in play" if powered else "")
                      + _powers_note(ctx, gods, blessings))
    if powered is not None:
        return powered
    return result(UNSOLVABLE, found, (ruled_out or f"searched {found.expanded} states: no "
                  "line without god powers, blessing cards or the Sphinx's game reaches it")
                  + _powers_note(ctx, gods, blessings))


PYTHON_FIRST = 512
"""States the Python A* expands on an objective before the proof moves to the compiled
core: within them it decides most shipped objectives (its bounds are finer than the
core's), and a search that ends within its budget returns exactly what a larger
budget would, so those lines stay the Python path's lines."""


COMPILED_PER_BUDGET = 10
"""The compiled core may expand this many times the search's budget: a compiled state
costs 4 to 14 times less CPU than a Python one (the kernel against the Python A* on the
3-player objectives of three-pillars, wandering-king, gate-of-questions and
flooded-den: 14 against 60, 16 against 220, 52 against 354, 122 against 531
microseconds a state), so where the Python search would stop on the budget the
compiled one goes on about as long (up to 2.5 times, on the 4x riddles), and proves
(for every player count, issue 14 §3) what the Python one leaves unproven. Its
memory has its own cap in bytes (:data:`.compiled.search.BYTES_AT_MOST`); past either,
or undecided, the proof goes back to the Python A* with the budget. The answer is
the same either way where both decide."""


def proof_search(game: RiddleGame, budget: int, horizon: int | None,
                 seconds: float | None, why: list[str] | None = None,
                 loading: list[float] | None = None) -> SearchResult[RiddleState, Action]:
    """The proof's A* (no powers, no chance): the Python
    :func:`~generator.sim.search.astar` for :data:`PYTHON_FIRST` states, then, when
    numba is installed and the compiled core (``generator/systems/riddle/compiled``)
    supports the riddle, that core for at most :data:`COMPILED_PER_BUDGET` times the
    budget (its line replayed by the Python rules, its memory capped in bytes); else,
    or when the core stops undecided, the Python search with the whole budget (``why``
    then gets the limit that stopped the core).
    Compiling or loading the core (:func:`~.compiled.warm.load_core`, once per process)
    is not charged to ``seconds``; ``loading`` gets the CPU seconds it took, so that the
    caller leaves them out of the objective's cap too (issue 22 §4).
    The compiled core is on wherever numba is installed (the ``fast`` extra);
    ``RIDDLESMITH_COMPILED=0`` turns it off (:func:`~.cache.compiled_core_on`)."""
    if budget > PYTHON_FIRST and compiled_core_on():
        cpu = time.process_time()
        first = astar(game, budget=PYTHON_FIRST, max_cost=horizon, seconds=seconds)
        if first.status != BUDGET:
            return first
        try:  # imported only now: numpy and numba load only when the core runs
            from generator.systems.riddle.compiled.search import compiled_astar
            from generator.systems.riddle.compiled.warm import load_core
        except ImportError:  # numpy is not installed
            return astar(game, budget=budget, max_cost=horizon, seconds=left_of(seconds, cpu))
        ready = load_core()  # a first compile (about 30 s) is said, and never charged
        cpu += ready
        if loading is not None:
            loading.append(ready)
        found = compiled_astar(game, COMPILED_PER_BUDGET * budget, horizon,
                               left_of(seconds, cpu), why=why)
        if found is not None:
            return found
        seconds = left_of(seconds, cpu)  # what both spent is gone from the cap
    return astar(game, budget=budget, max_cost=horizon, seconds=seconds)


def left_of(seconds: float | None, since: float) -> float | None:
    """CPU seconds left of ``seconds`` after what this process spent since ``since``."""
    return None if seconds is None else max(0.0, seconds - (time.process_time() - since))


def effective_budget(cap: int, riddle: Riddle) -> int:
    """The states each search may expand: the command's ``cap``, or the riddle's
    ``solver.nodes`` when that is lower. Content may lower a budget, never raise
    it (issue 8 §3: ``solver.nodes: 100000000`` must not take a check hostage).

    >>> from types import SimpleNamespace as NS
    >>> effective_budget(20_000, NS(solver=NS(nodes=100_000_000)))
    20000
    >>> effective_budget(20_000, NS(solver=NS(nodes=500)))
    500
    """
    nodes = riddle.solver.nodes
    return min(cap, nodes) if nodes else cap


def not_counted(budget: int, seconds: float | None) -> str:
    """Why the optimal first moves were not counted.

    >>> not_counted(20_000, None)
    'optimal first moves not counted: more than 20000 states'
    >>> not_counted(500, 2.0)
    'optimal first moves not counted: more than 500 states or 2 CPU seconds'
    """
    return (f"optimal first moves not counted: more than {budget} states"
            + ("" if seconds is None else f" or {seconds:g} CPU seconds"))


def budget_reason(search: SearchResult[RiddleState, Action], budget: int,
                  seconds: float | None) -> str:
    """Why a search stopped undecided, naming the limit and both caps."""
    caps = f"caps: {budget} states expanded, {stored_limit(budget)} held"
    if seconds is not None:
        caps += f", {seconds:g} CPU seconds per objective"
    if search.limit == LIMIT_CHILDREN:
        caps += f", {search.generated - 1} states generated"
    which = {LIMIT_MEMORY: "the memory cap (states held)",
             LIMIT_SECONDS: "the CPU-seconds cap",
             LIMIT_CHILDREN: "the cap on states generated"}.get(search.limit, "the state budget")
    return (f"budget: stopped by {which} after {search.expanded} states expanded "
            f"({search.generated} generated) without finding a solution or exhausting the "
            f"search ({caps})")


def _figures(ctx: RiddleContext) -> bool:
    return ctx.start.board.king >= 0 or ctx.start.board.sphinx >= 0


def _powers_in_play(ctx: RiddleContext, gods: Mapping[str, GodCard] | None) -> bool:
    """Some god of the opening queue has a power the solver plays."""
    return any(gods and g in gods and engine_god(gods[g], figures=_figures(ctx)) is not None
               for g in ctx.riddle.gods.queue)


def _blessings_in_play(ctx: RiddleContext, blessings: Mapping[str, BlessingCard] | None) -> bool:
    """Some blessing card revealed at set-up has a power the solver plays."""
    cards, _ = revealed_cards(ctx.riddle.gods.revealed, blessings)
    return BlessingCards(cards, enabled=True).active


def _powers_note(ctx: RiddleContext, gods: Mapping[str, GodCard] | None,
                 blessings: Mapping[str, BlessingCard] | None = None) -> str:
    names = [f"{plain_text(gods[g].name)} ({gods[g].power})" for g in ctx.riddle.gods.queue
             if gods and g in gods and engine_god(gods[g], figures=_figures(ctx)) is None]
    cards, unknown = revealed_cards(ctx.riddle.gods.revealed, blessings)
    names += BlessingCards(cards, enabled=True).unsearched()
    names += [f"{b} (unknown blessing card)" for b in unknown]
    return f"; powers not searched: {', '.join(names)}" if names else ""


def solve_cached(riddle: Riddle, players: int, budget: int | None, cache_dir: Path | None, *,
                 gods: Mapping[str, GodCard] | None = None, die: Die | None = None,
                 expert: bool = False, count_first_moves: bool = True,
                 blessings: Mapping[str, BlessingCard] | None = None) -> RiddleSolve:
    """:func:`solve_riddle` (every objective), reusing a stored result when the
    riddle's fingerprint matches and the result survives verification;
    ``cache_dir=None`` solves without caching.

    ``budget`` None means :data:`CHECK_BUDGET` (the riddle's ``solver.nodes`` may
    lower it, never raise it). ``count_first_moves=False`` skips counting the
    optimal first moves (``check`` does not need them, and counting can cost
    more than the proof); results with and without counts are cached apart.
    A result is one JSON file per fingerprint, written atomically; a file that
    is not a regular file, too large, unreadable or stale is ignored and
    replaced, and a cache that cannot be written only costs time.

    A cache is an optimisation, never a source of truth (issue 8 §2):

    - a ``solved`` entry is trusted only after :func:`verify_result` replays its
      line by the rules (cheap: one successor list per turn) and checks its
      length; if any objective fails, the entry is discarded, the riddle is
      solved again and the failure is reported once (``RiddleSolve.warnings``);
    - an ``unsolvable`` or ``unproven`` entry is never trusted: nothing short
      of the search itself can confirm "no line exists" or "the budget ran
      out", and trusting one would let a tampered file turn an error into a
      warning. Such riddles are solved again on every run; shipped content
      has none, and each search is bounded by the budget and the CPU cap.
    """
    budget = effective_budget(budget or CHECK_BUDGET, riddle)

    def solve() -> RiddleSolve:
        return solve_riddle(riddle, players, gods=gods, die=die, budget=budget, expert=expert,
                            count_first_moves=count_first_moves, blessings=blessings)

    if cache_dir is None:
        return solve()
    fingerprint = riddle_fingerprint(riddle, players, budget, gods=gods, die=die, expert=expert,
                                     count_first_moves=count_first_moves, blessings=blessings)
    path = cache_dir / f"{riddle.id}-{fingerprint[:24]}.json"
    stored, problem = read_entry(path, fingerprint, riddle, players, gods=gods, die=die,
                                  expert=expert, blessings=blessings)
    if stored is not None:
        return stored
    solved = solve()
    if problem:
        solved = dataclasses.replace(solved, warnings=solved.warnings + (
            f"cached result {path.name} discarded and recomputed: {problem}",))
    write_entry(path, fingerprint, solved)
    return solved


__all__ = [
    "Action", "Assignment", "BOARD_LEGEND", "Bookkeeping", "Bounds", "CACHE_FOLDER",
    "CHECK_BUDGET", "GOD_ACTION", "NOT_SEARCHED_WITH_POWERS", "GODS_HELD_AT_MOST", "ObjectiveResult", "REWARD_ON_ACHIEVEMENT",
    "RiddleGame", "RiddleSolve", "SECONDS_PER_OBJECTIVE", "SOLVED", "SOLVER_CODES",
    "SOLVER_VERSION", "SPHINX_ACTION", "UNPROVEN", "UNSOLVABLE", "budget_reason", "coin_pieces",
    "default_cache_dir", "describe_line", "describe_turn", "effective_budget", "format_board",
    "format_board_cells",
    "plain_text", "replay_trace", "reward_options", "riddle_fingerprint", "solve_cached",
    "solve_objective", "solve_riddle", "symmetry_group", "time_horizon", "trace_of",
    "verify_result", "worker_assignments",
]
