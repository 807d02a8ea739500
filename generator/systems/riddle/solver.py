"""The riddle solver: each objective as a shortest-path search over team turns.

A turn is the current player's one action (a move then build with a worker
their seat may move, or taking a god from the opening queue), then the rewards
step (coins collected into the slots the group chooses, blessing tokens under
workers collected, objectives judged and their piece rewards added), then the
riddle's end-of-turn effects in order (RULES 1). Every choice the group has is
searched: which objective slot a coin fills, which of tied steps a figure
takes, which piece an ``any`` reward adds, and at set-up which workers each
player takes (2-4 players). :func:`solve_riddle` runs A* from
:mod:`generator.sim.search` once per objective and returns, for each:

- ``solved``: the fewest turns, one shortest line in readable notation
  (``W1 B2-C3 build C4 (level 2; silver coin -> silver objective)``) and how
  many distinct first moves start a shortest line;
- ``unsolvable``: every line without god powers, blessing cards or the
  Sphinx's game was searched and none reaches the objective;
- ``unproven``: the node budget or the riddle's horizon ran out first, the
  objective is reachable only by winning the Sphinx's game (chance only), or
  the opening queue names gods whose pieces are unknown.

What a proof relies on, and what it never does (RULES 1, decisions for the
solver):

- God powers, blessing cards and quests are optional, so a line without them
  is a sound proof. Taking a god from the *opening* queue is searched (its
  pieces become buildable by anyone); cards refilled from the deck are not,
  since the deck's order is unknown. We cannot tell when an objective needs a
  power, so an exhausted powerless search is reported ``unsolvable``, with
  the unimplemented powers named in the reason: "unsolvable" means "not
  without powers".
- The Sphinx's game is never part of a proof. When the chance-free search
  is exhausted and the objective asks for Sphinx wins (or the die's rewards
  could add pieces), a second search lets every game be won: a line found
  then is reported ``unproven`` (chance only); none found is ``unsolvable``.
  Lost games (a destroyed worker) are never searched.

Search details. The heuristic is the larger of each goal's own admissible
bound (``goal.min_turns``) and the solver's :class:`Bounds` (walking to the
work on the worker's own seat's turns, climbing with a stair, pieces that are
missing until a god, an effect or a reward brings them, builds that goals held
together need on disjoint spaces, and where the King or the Sphinx can ever
step); a test checks them against exact distances on small riddles. The
transposition table keys one int packing the board, stockpile, slots, coins,
tokens, blessings, gods taken, the seat to play and, while a turn-dependent
rule (a sink, a deadline, the turn limit) is still ahead, the turn itself:
after that, reaching a position later is never better than reaching it sooner.
States that are images under a symmetry of the map fixing coins, features,
goal and effect spaces share a key, as do states that differ only by which of
one player's interchangeable workers stands where.

``states`` in a result counts the states expanded by the search that decided
the status (the proof, or the chance search); ``seconds`` covers everything,
counting the optimal first moves included (that count is budgeted: see
:data:`COUNT_FLOOR`).

Results are cached by :func:`solve_cached`, keyed by a hash of the riddle's
rules content, the gods and die it uses, the player count, the budget and
:data:`SOLVER_VERSION`; :func:`iter_solver_diagnostics` turns results into
``RS-G1xx`` diagnostics (:data:`SOLVER_CODES`), and
:func:`iter_riddle_solver_diagnostics` does both for ``check``.

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

import re

import dataclasses
import hashlib
import itertools
import json
import os
import tempfile
import time
from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from generator.diagnostics import CODES, Diagnostic, Severity
from generator.engine.geometry import NO_SQUARE, Bitboard, Square, Symmetry
from generator.engine.moves import apply_move, iter_moves
from generator.engine.state import PIECE_NAMES, Stockpile, height_at
from generator.pack.model import Document
from generator.sim.search import (
    BUDGET,
    DEFAULT_BUDGET,
    DEFAULT_SECONDS,
    EXHAUSTED,
    FOUND,
    HORIZON,
    LIMIT_MEMORY,
    LIMIT_SECONDS,
    STORED_PER_STATE,
    SearchResult,
    astar,
    count_optimal_first_moves,
)
from generator.systems.riddle.context import RiddleContext, compile_riddle
from generator.systems.riddle.effects.remove_top import RemoveTopEffect
from generator.systems.riddle.effects.sink import SinkEffect
from generator.systems.riddle.effects.step_toward_closest_worker import (
    StepTowardClosestWorkerEffect,
)
from generator.systems.riddle.effects.stockpile_add import StockpileAddEffect
from generator.systems.riddle.goals.all_of import AllOfGoal
from generator.systems.riddle.goals.any_of import AnyOfGoal
from generator.systems.riddle.goals.blessings import BlessingsGoal
from generator.systems.riddle.goals.slots import SlotsGoal
from generator.systems.riddle.goals.stand import StandGoal
from generator.systems.riddle.model import (
    DEFAULT_GEMS,
    Die,
    GodCard,
    Reward,
    Riddle,
    dump_riddle,
    iter_goal_tree,
)
from generator.systems.riddle.pieces import pieces_rule_out
from generator.systems.riddle.state import (
    COLOURS,
    DOME_LEVEL,
    RiddleState,
    after_build,
    collect_blessings,
    is_over,
    judge_objectives,
)
from generator.systems.riddle.vocab import UNREACHABLE, Goal

SOLVER_VERSION = "riddle-solver-2"
"""Part of every cache key: bump it whenever a change could alter a result."""

SOLVED, UNSOLVABLE, UNPROVEN = "solved", "unsolvable", "unproven"

CHECK_BUDGET = 20_000
"""States each search of ``check`` may expand (``solver.nodes`` in a riddle may lower
it, never raise it): every shipped riddle needs far fewer, and a riddle beyond it
is reported unproven in seconds rather than minutes. ``solve`` uses the larger
search default."""

SECONDS_PER_OBJECTIVE = DEFAULT_SECONDS
"""CPU seconds one objective may cost (proof, chance search and counting together)
before it is reported unproven: with the state budget (which also bounds the
states held in memory) it bounds every check's time and memory (issue 8 §3).
A result stopped by this cap depends on the machine's speed; the report says so
and such results are never cached as true (see :func:`solve_cached`)."""

COUNT_FLOOR, COUNT_FACTOR = 3_000, 10
"""Counting the optimal first moves visits every state a shortest line could pass
through, which can cost far more than the proof: it may expand at most
``max(COUNT_FLOOR, COUNT_FACTOR * states of the proof)`` states."""

GODS_HELD_AT_MOST = 2
"""RULES 1: a player holds at most two gods. Gods taken are never given back in
the search (a god leaves a player only when its pieces are all cleared, which
the search does not track), so this is never more permissive than the rules."""

REWARD_ON_ACHIEVEMENT = True
"""Decision: an objective's piece reward is added to the stockpile in the
rewards step of the turn the objective is achieved (before the end-of-turn
effects). Rewards with text only change nothing the solver sees."""

CACHE_FOLDER = ".riddlesmith-cache"
"""Default cache folder, inside the pack folder (git-ignored): results stay with
the content they prove and a pack never writes outside its own folder."""

SOLVER_CODES: dict[str, tuple[Severity, str]] = {
    code: entry for code, entry in CODES.items() if re.fullmatch(r"RS-G1\d\d", code)
}
"""Diagnostic codes of the solver's results (to join the project's table)."""

GOD_ACTION = -1
SPHINX_ACTION = -2
"""First field of an action that is not a move: ``(GOD_ACTION, queue index, -1)``,
``(SPHINX_ACTION, option index, -1)``. A move is the engine's ``(worker, to, build)``."""

Action = tuple[int, int, int]

_new_tuple = tuple.__new__  # builds a Stockpile without re-parsing arguments


class Bookkeeping(NamedTuple):
    """What the solver tracks beyond the riddle state (kept in ``RiddleState.extra``)."""

    assignment: int = 0  # index into the game's worker assignments
    gods_taken: int = 0  # bit i: the i-th god of the opening queue was taken
    gods_held: tuple[int, ...] = ()  # per seat: gods taken by that player
    wanderer_moved: bool = False  # the Wanderer moved in the turn just played
    gems_won: int = 0  # bit i: the die's i-th gem was won (chance search only)


@dataclass(frozen=True, slots=True)
class Assignment:
    """Which workers each seat moves, and which workers are interchangeable."""

    masks: tuple[int, ...]  # per seat: bitmask of the worker indices it may move
    groups: tuple[tuple[int, ...], ...]  # workers a key may permute, in a fixed order
    wanderer: int = -1  # worker index of the Wanderer (3 players), -1 without
    text: str = ""


def worker_assignments(players: int, workers: int = 4) -> tuple[Assignment, ...]:
    """Every way the group may hand out the map's workers (RULES 1: players and workers).

    Workers are numbered in reading order of the map's ``W`` cells; the map does
    not colour them, so the group chooses who takes which.

    >>> [len(worker_assignments(n)) for n in (1, 2, 3, 4)]
    [1, 6, 24, 6]
    >>> worker_assignments(2)[2].text
    'P1 W1+W3, P2 W2+W4'
    """
    everyone = tuple(range(workers))
    if players == 1:
        return (Assignment(((1 << workers) - 1,), (everyone,), -1, "P1 " + _names(everyone)),)
    if workers != 4 or players not in (2, 3, 4):
        raise ValueError(f"{workers} workers cannot be shared by {players} players")
    out: list[Assignment] = []
    if players in (2, 4):
        for partner in (1, 2, 3):
            first = (0, partner)
            second = tuple(w for w in everyone if w not in first)
            for a, b in ((first, second), (second, first)):
                masks = (_mask(a), _mask(b)) * (players // 2)
                text = ", ".join(f"P{seat + 1} {_names(a if seat % 2 == 0 else b)}"
                                 for seat in range(players))
                out.append(Assignment(masks, (a, b), -1, text))
        return tuple(out)
    for wanderer in everyone:
        others = tuple(w for w in everyone if w != wanderer)
        for order in itertools.permutations(others):
            masks = tuple(1 << w | 1 << wanderer for w in order)
            text = ", ".join(f"P{seat + 1} W{w + 1}" for seat, w in enumerate(order))
            out.append(Assignment(masks, tuple((w,) for w in order) + ((wanderer,),), wanderer,
                                  f"{text}, Wanderer W{wanderer + 1}"))
    return tuple(out)


def _figures(workers: tuple[Square, ...], groups: tuple[tuple[int, ...], ...], king: Square,
             sphinx: Square) -> int:
    """The figures' squares packed 7 bits each; workers a key may permute (one player's
    pair, say) are sorted within their group."""
    figures = 0
    for group in groups:
        if len(group) == 1:
            figures = figures << 7 | (workers[group[0]] + 1)
        else:
            for sq in sorted([workers[i] for i in group]):
                figures = figures << 7 | (sq + 1)
    return (figures << 7 | (king + 1)) << 7 | (sphinx + 1)


def _mask(workers: Iterable[int]) -> int:
    out = 0
    for w in workers:
        out |= 1 << w
    return out


def _names(workers: Iterable[int]) -> str:
    return "+".join(f"W{w + 1}" for w in workers)


def plain_text(text: Any) -> str:
    """A model text in English (or its first language) for messages."""
    if isinstance(text, tuple):
        found = dict(text)
        return str(found.get("en", next(iter(found.values()), "")))
    return "" if text is None else str(text)


def reward_options(reward: Reward | None) -> tuple[tuple[int, int, int, int], ...]:
    """The stockpile additions a reward may bring (several when the group picks the piece).

    >>> reward_options(Reward("any", 2))[:3]
    ((2, 0, 0, 0), (1, 1, 0, 0), (1, 0, 1, 0))
    >>> reward_options(Reward(None, 1, "a story"))
    ((0, 0, 0, 0),)
    """
    if reward is None or reward.piece is None:
        return ((0, 0, 0, 0),)
    if reward.piece == "any":
        options = []
        for combo in itertools.combinations_with_replacement(range(4), reward.count):
            counts = [0, 0, 0, 0]
            for piece in combo:
                counts[piece] += 1
            options.append((counts[0], counts[1], counts[2], counts[3]))
        return tuple(options)
    counts = [0, 0, 0, 0]
    counts[PIECE_NAMES.index(reward.piece)] = reward.count
    return ((counts[0], counts[1], counts[2], counts[3]),)


def _add(stock: Stockpile, delta: Sequence[int]) -> Stockpile:
    return _new_tuple(Stockpile, (stock[0] + delta[0], stock[1] + delta[1], stock[2] + delta[2],
                                  stock[3] + delta[3]))


def _build_distances(ctx: RiddleContext) -> tuple[tuple[int, ...], ...]:
    """``near[a][t]``: fewest moves from ``a`` to a space from which ``t`` can be built on."""
    geometry = ctx.geometry
    size = geometry.size
    rows = []
    for a in range(size):
        row = [UNREACHABLE] * size
        dist = ctx.distance[a]
        for t in geometry.squares:
            nb = geometry.build_neighbours[t]
            best = UNREACHABLE
            while nb:
                low = nb & -nb
                nb ^= low
                d = dist[low.bit_length() - 1]
                if d < best:
                    best = d
            row[t] = best
        rows.append(tuple(row))
    return tuple(rows)


def time_horizon(ctx: RiddleContext) -> int:
    """The last turn at which some rule still depends on the turn number (sinks,
    deadlines, the turn limit); after it, equal positions are equal at any turn."""
    last = ctx.turn_limit or 0
    for effect in ctx.effects:
        if isinstance(effect, SinkEffect):
            last = max(last, effect.turn)
    for objective in ctx.objectives:
        for goal in iter_goal_tree(objective.goal):
            deadline = goal.deadline()
            if deadline is not None:
                last = max(last, deadline)
    return last


def symmetry_group(ctx: RiddleContext) -> tuple[Symmetry, ...]:
    """The map's symmetries that fix every square the rules single out: coins (by
    colour and levels), features, goal spaces and regions, effect spaces."""
    riddle = ctx.riddle
    sets: dict[Any, int] = {}
    for coin in ctx.coins:
        sets[("coin", coin.colour, coin.levels)] = sets.get(
            ("coin", coin.colour, coin.levels), 0) | 1 << coin.square
    singles: set[Square] = {f.square for f in riddle.board.features}
    regions: list[int] = []
    for objective in ctx.objectives:
        for goal in iter_goal_tree(objective.goal):
            at = getattr(goal, "at", NO_SQUARE)
            if isinstance(at, int) and at != NO_SQUARE:
                singles.add(at)
            region = getattr(goal, "region", ())
            if region:
                regions.append(_mask(region))
    for effect in ctx.effects:
        at = getattr(effect, "at", NO_SQUARE)
        if isinstance(at, int) and at != NO_SQUARE:
            singles.add(at)
    fixed = [*sets.values(), *regions, *(1 << sq for sq in sorted(singles))]
    return ctx.geometry.symmetries_fixing(*fixed)


class RiddleGame:
    """One objective of a compiled riddle as a :class:`~generator.sim.search.SearchProblem`.

    States are :class:`~generator.systems.riddle.state.RiddleState` values at the
    end of a turn (``extra`` holds :class:`Bookkeeping`); actions are
    ``(worker, to, build)`` moves, ``(GOD_ACTION, i, -1)`` or, in the chance
    search, ``(SPHINX_ACTION, i, -1)``.
    """

    def __init__(self, ctx: RiddleContext, target: int, *,
                 gods: Mapping[str, GodCard] | None = None, die: Die | None = None,
                 chance: bool = False) -> None:
        self.ctx = ctx
        self.target = target
        self.goal: Goal = ctx.objectives[target].goal
        self.bit = 1 << target
        self.chance = chance
        self.players = ctx.players
        workers = len(ctx.start.board.workers)
        self.assignments = worker_assignments(ctx.players, workers)
        known = gods or {}
        self.queue: tuple[GodCard, ...] = tuple(known[g] for g in ctx.riddle.gods.queue
                                                if g in known)
        self.unknown_gods = tuple(g for g in ctx.riddle.gods.queue if g not in known)
        self.rewards = tuple(reward_options(o.reward) if REWARD_ON_ACHIEVEMENT else
                             ((0, 0, 0, 0),) for o in ctx.objectives)
        self.reward_mask = _mask(j for j, options in enumerate(self.rewards)
                                 if options != ((0, 0, 0, 0),))
        self.die = die
        self.sphinx_options = self._sphinx_options(die) if chance else ()
        self.horizon = time_horizon(ctx)
        self.coin_squares = tuple(c.square for c in ctx.coins)
        self.symmetries = tuple(s for s in symmetry_group(ctx) if not s.is_identity)
        self.size = ctx.geometry.size
        self.layer_bits = 7 * self.size  # heights, domes, tokens, sunk, collected coins
        # Widths of the bookkeeping fields of a key (see _small).
        self.objective_bits = len(ctx.objectives)
        self.god_bits = len(self.queue)
        self.gem_bits = len(die.gems) if die is not None and chance else 0
        self.small_bits = (64 + 9 * self.objective_bits + 12 + self.god_bits
                           + 2 * ctx.players + 1 + self.gem_bits
                           + (self.horizon + 1 + ctx.players).bit_length())
        self._collected_bits: dict[int, int] = {}
        self.bounds = Bounds(self)

    # -- the search problem ------------------------------------------------

    def starts(self) -> Iterable[RiddleState]:
        seats = (0,) * self.players
        return tuple(self.ctx.start._replace(extra=Bookkeeping(i, 0, seats))
                     for i in range(len(self.assignments)))

    def is_goal(self, state: RiddleState) -> bool:
        return bool(state.achieved & self.bit)

    def first_move(self, action: Action) -> Hashable:
        return action  # worker indices name the same workers in every assignment

    def successors(self, state: RiddleState) -> list[tuple[Action, RiddleState]]:
        ctx = self.ctx
        if state.achieved & self.bit or is_over(ctx, state):
            return []
        book: Bookkeeping = state.extra  # type: ignore[assignment]
        seat = state.turn % self.players  # the seat playing turn state.turn + 1
        assignment = self.assignments[book.assignment]
        movers = assignment.masks[seat]
        wanderer = assignment.wanderer
        if wanderer >= 0 and book.wanderer_moved:
            movers &= ~(1 << wanderer)  # not the first worker moved two turns running
        board, stock = state.board, state.stock
        l1, l2, l3 = board.l1, board.l2, board.l3
        geometry = ctx.geometry
        finish = self.finish
        out: list[tuple[Action, RiddleState]] = []
        append = out.append
        still, moved = book, book
        if wanderer >= 0:
            still = book._replace(wanderer_moved=False)
            moved = book._replace(wanderer_moved=True)
        s0, s1, s2, s3 = stock
        for move in iter_moves(geometry, board, movers, stock):
            build = move[2]
            bit = 1 << build
            if l3 & bit:
                left = (s0, s1, s2, s3 - 1)
            elif l2 & bit:
                left = (s0, s1, s2 - 1, s3)
            elif l1 & bit:
                left = (s0, s1 - 1, s2, s3)
            else:
                left = (s0 - 1, s1, s2, s3)
            after = state._replace(board=apply_move(geometry, board, move),
                                   stock=_new_tuple(Stockpile, left),
                                   extra=moved if move[0] == wanderer else still)
            for built in after_build(ctx, after, build):
                for nxt in finish(built):
                    append((move, nxt))  # type: ignore[arg-type]
        if self.queue and book.gods_held[seat] < GODS_HELD_AT_MOST:
            for i, god in enumerate(self.queue):
                if book.gods_taken >> i & 1:
                    continue
                held = book.gods_held[:seat] + (book.gods_held[seat] + 1,) \
                    + book.gods_held[seat + 1:]
                taken = state._replace(stock=_add(stock, god.pieces), extra=still._replace(
                    gods_taken=book.gods_taken | 1 << i, gods_held=held))
                for nxt in finish(taken):
                    append(((GOD_ACTION, i, -1), nxt))
        for i, (gem, delta) in enumerate(self.sphinx_options):
            if state.sphinx_wins >= ctx.gems or (gem >= 0 and book.gems_won >> gem & 1):
                continue
            won = state._replace(stock=_add(stock, delta), sphinx_wins=state.sphinx_wins + 1,
                                 extra=still._replace(gems_won=book.gems_won | (
                                     1 << gem if gem >= 0 else 0)))
            for nxt in finish(won):
                append(((SPHINX_ACTION, i, -1), nxt))
        return out

    def estimate(self, state: RiddleState) -> int:
        if state.achieved & self.bit:
            return 0
        ctx = self.ctx
        if is_over(ctx, state):
            return UNREACHABLE
        need = self.bound(self.goal, state)
        if need >= UNREACHABLE or (need > 1 and need > self.bounds.turns_possible(state)):
            return UNREACHABLE
        limit = ctx.turn_limit
        if limit is not None and state.turn + max(need, 1) > limit:
            return UNREACHABLE
        return need

    def key(self, state: RiddleState) -> int:
        board = state.board
        collected = self._collected_bits.get(state.collected)
        if collected is None:
            collected = _mask(sq for i, sq in enumerate(self.coin_squares)
                              if state.collected >> i & 1)
            self._collected_bits[state.collected] = collected
        groups = self.assignments[state.extra.assignment].groups  # type: ignore[attr-defined]
        workers, king, sphinx = board.workers, board.king, board.sphinx
        figures = _figures(workers, groups, king, sphinx)
        board_bits = (board.l1, board.l2, board.l3, board.domes, state.tokens, state.sunk,
                      collected)
        if self.symmetries:
            # Figures are the most significant part of a key: only the images with the
            # smallest figures can give the smallest key, so only they are built whole.
            tied: list[Symmetry | None] = [None]
            for sym in self.symmetries:
                perm = sym.perm
                image = _figures(tuple(perm[sq] if sq >= 0 else sq for sq in workers), groups,
                                 perm[king] if king >= 0 else king,
                                 perm[sphinx] if sphinx >= 0 else sphinx)
                if image < figures:
                    figures, tied = image, [sym]
                elif image == figures:
                    tied.append(sym)
            best = -1
            for image_of in tied:
                layers = board_bits if image_of is None else tuple(
                    image_of.apply_bits(b) for b in board_bits)
                packed = self._pack_layers(layers)
                if best < 0 or packed < best:
                    best = packed
        else:
            best = self._pack_layers(board_bits)
        return ((figures << self.layer_bits | best) << self.small_bits) | self._small(state)

    def _pack_layers(self, layers: tuple[int, ...]) -> int:
        size = self.size
        l1, l2, l3, domes, tokens, sunk, collected = layers
        return (l1 | l2 << size | l3 << 2 * size | domes << 3 * size | tokens << 4 * size
                | sunk << 5 * size | collected << 6 * size)

    # -- turn steps ----------------------------------------------------------

    def finish(self, state: RiddleState) -> list[RiddleState]:
        """End of the turn: rewards (blessings, objectives, piece rewards), then effects."""
        out: list[RiddleState] = []
        for rewarded in self.rewards_step(state):
            out.extend(self.effects_step(rewarded))
        return out

    def rewards_step(self, state: RiddleState) -> tuple[RiddleState, ...]:
        turned = collect_blessings(state._replace(turn=state.turn + 1))
        judged = judge_objectives(self.ctx, turned)
        new = judged.achieved & ~turned.achieved & self.reward_mask
        if not new:
            return (judged,)
        states = [judged]
        for j in range(len(self.rewards)):
            if new >> j & 1:
                states = [s._replace(stock=_add(s.stock, delta)) for s in states
                          for delta in self.rewards[j]]
        return tuple(dict.fromkeys(states))

    def effects_step(self, state: RiddleState) -> tuple[RiddleState, ...]:
        ctx = self.ctx
        turn = state.turn
        states: tuple[RiddleState, ...] = (state,)
        for effect in ctx.effects:
            if len(states) == 1:
                states = effect.apply(ctx, states[0], turn)
            else:
                nxt: list[RiddleState] = []
                for s in states:
                    nxt.extend(effect.apply(ctx, s, turn))
                states = tuple(dict.fromkeys(nxt))  # drop repeats, keep order
        return states

    # -- bounds ----------------------------------------------------------------

    def bound(self, goal: Goal, state: RiddleState) -> int:
        """An admissible lower bound on the turns before ``goal`` is judged met."""
        kind = type(goal)
        if kind is AllOfGoal:
            need = 0
            for child in goal.goals:  # type: ignore[attr-defined]
                b = self.bound(child, state)
                if b >= UNREACHABLE:
                    return UNREACHABLE
                if b > need:
                    need = b
            # Builds that must happen on disjoint spaces take turns of their own.
            need = max(need, self.bounds.disjoint_builds(goal.goals, state))  # type: ignore[attr-defined]
            last = goal.deadline()
            if last is not None and state.turn + max(need, 1) > last:
                return UNREACHABLE
            return need
        if kind is AnyOfGoal:
            return min(self.bound(child, state) for child in goal.goals)  # type: ignore[attr-defined]
        if type(goal).CHANCE and not self.chance:
            return 0 if goal.is_met(self.ctx, state) else UNREACHABLE
        if kind is SlotsGoal:
            # Never below the goal's own bound: the same coins, plus walking and pieces.
            if goal.is_met(self.ctx, state):
                return 0
            return max(1, self.bounds.slots(goal, state))  # type: ignore[arg-type]
        base = goal.min_turns(self.ctx, state)
        if base <= 0 or base >= UNREACHABLE:
            return base
        if kind is BlessingsGoal:
            return max(base, self.bounds.blessings(goal, state))  # type: ignore[arg-type]
        if kind is StandGoal:
            figure = goal.figure  # type: ignore[attr-defined]
            if figure == "worker":
                return max(base, self.bounds.stand(goal, state))  # type: ignore[arg-type]
            if figure in ("king", "sphinx"):
                return max(base, self.bounds.stand_figure(goal, state,  # type: ignore[arg-type]
                                                          figure))
            return max(base, min(self.bounds.stand(goal, state),  # type: ignore[arg-type]
                                 self.bounds.stand_figure(goal, state, "king"),  # type: ignore[arg-type]
                                 self.bounds.stand_figure(goal, state, "sphinx")))  # type: ignore[arg-type]
        return base

    # -- keys ------------------------------------------------------------------

    def _small(self, state: RiddleState) -> int:
        """The bookkeeping fields in ``small_bits`` bits (stock counts below 2**16)."""
        turn = state.turn
        if turn > self.horizon:
            turn = self.horizon + 1 + turn % self.players
        book: Bookkeeping = state.extra  # type: ignore[assignment]
        s0, s1, s2, s3 = state.stock
        out = (((turn << 16 | s0) << 16 | s1) << 16 | s2) << 16 | s3
        for silver, gold in state.slots:
            out = out << 8 | silver << 4 | gold
        out = out << self.objective_bits | state.achieved
        out = out << 6 | min(state.blessings, 63)
        out = out << 4 | min(state.sphinx_wins, 15)
        out = out << 2 | min(state.destroyed, 3)
        out = out << self.god_bits | book.gods_taken
        for held in book.gods_held:
            out = out << 2 | held
        out = out << 1 | book.wanderer_moved
        return out << self.gem_bits | book.gems_won

    # -- chance ----------------------------------------------------------------

    def _sphinx_options(self, die: Die | None) -> tuple[tuple[int, tuple[int, int, int, int]], ...]:
        """(gem index, stockpile addition) per way to win the Sphinx's game; without a
        known die, a win is anonymous (gem -1) and brings nothing."""
        if die is None:
            return ((-1, (0, 0, 0, 0)),)
        options: dict[tuple[int, tuple[int, int, int, int]], None] = {}
        for face in die.faces:
            if face.colour in die.gems:
                gem = die.gems.index(face.colour)
                for delta in reward_options(face.reward):
                    options[(gem, delta)] = None
        return tuple(options)


PIECE_LIMIT_TURNS = 64
"""How far ahead :meth:`Bounds.supply_turn` looks for pieces still to come."""
IDENTITY_TURNS = tuple(range(64))
"""``turns[d] = d``: one player moves a worker every turn (see :meth:`Bounds.movers`)."""
MEMO_AT_MOST = 1 << 16
"""Entries :meth:`Bounds.supply_turn` remembers (its inputs repeat across states)."""


class Bounds:
    """The solver's admissible bounds, on top of each goal's own ``min_turns``.

    All of them rest on what one turn can do without powers: one worker moves
    one step and builds one piece (or a god is taken, or in the chance search
    a game is won), then effects may add pieces. So:

    - *walking*: no piece is built on a space before a worker stands next to
      it, so a coin or a target space far from every worker waits for the walk;
    - *climbing*: nothing is built under a worker, so a worker steps onto its
      target level after the last build there, from a neighbour at most one
      level lower, which may need builds of its own;
    - *pieces*: a build takes its piece from the stockpile; a missing piece
      arrives only from a god of the opening queue (a turn to take it), a
      stockpile effect, an objective's reward, or a won game (chance search),
      each no earlier than it can; and every turn but a god's uses a piece, so
      a goal needing more turns than pieces can ever come is out of reach.
    """

    def __init__(self, game: RiddleGame) -> None:
        ctx = game.ctx
        self.ctx = ctx
        self.game = game
        self.near = _build_distances(ctx)
        added = [0, 0, 0, 0]
        for effect in ctx.effects:
            if isinstance(effect, StockpileAddEffect):
                added[effect.piece] += effect.count
        self.added = tuple(added)
        self.moving_figures = {e.figure for e in ctx.effects
                               if isinstance(e, StepTowardClosestWorkerEffect)}
        self.figure_distance = figure_distances(ctx) if self.moving_figures else ()
        # A piece removed to the stockpile can be built again: supply without end.
        self.recycled = any(isinstance(e, RemoveTopEffect) and e.to == "stockpile"
                            for e in ctx.effects)
        self.endless = self.recycled or any(added)
        # Per objective: (fixed pieces, pieces of the group's choice) of its reward.
        supply = []
        for objective in ctx.objectives:
            reward = objective.reward
            fixed = [0, 0, 0, 0]
            free = 0
            if REWARD_ON_ACHIEVEMENT and reward is not None and reward.piece is not None:
                if reward.piece == "any":
                    free = reward.count
                else:
                    fixed[PIECE_NAMES.index(reward.piece)] = reward.count
            supply.append((tuple(fixed), free))
        self.reward_supply = tuple(supply)
        # Objectives whose builds are never a coin goal's own: other coin slots.
        self.coin_objectives = tuple(isinstance(o.goal, SlotsGoal) for o in ctx.objectives)
        # Rewards that can still serve: not the target's (it comes too late) nor the
        # ending objective's (the riddle is over when it comes).
        self.serving = tuple(j != game.target and j != ctx.ending for j in range(len(supply)))
        self.added_any = any(added)
        self.memo: dict[Any, int] = {}
        self.turn_tables: dict[tuple[int, int, bool], tuple[tuple[int, ...], ...]] = {}
        # A won game (chance search) brings at most this many pieces of any kind.
        self.game_pieces = max((max(sum(d) for d in reward_options(f.reward))
                                for f in game.die.faces), default=0) \
            if game.chance and game.die is not None else 0
        self.sources = bool(game.queue or self.added_any or self.game_pieces
                            or any(free or any(fixed) for fixed, free in self.reward_supply))

    # -- pieces ------------------------------------------------------------------

    def supply_turn(self, state: RiddleState, need: Sequence[int], builds: int,
                    coins: bool = False) -> int:
        """Fewest turns before ``builds`` builds using the pieces ``need`` can be done,
        counting when missing pieces can arrive (0: the stockpile holds them all).

        Each way to cover the shortfall is a set of gods to take and a set of
        objectives whose rewards to wait for; it costs the turns taking the gods,
        and the builds those objectives need when they cannot be the goal's own
        (another objective's coins are never this goal's coins).
        """
        stock = state.stock
        d0 = need[0] - stock[0]
        d1 = need[1] - stock[1]
        d2 = need[2] - stock[2]
        d3 = need[3] - stock[3]
        if d0 <= 0 and d1 <= 0 and d2 <= 0 and d3 <= 0:
            return 0
        if self.recycled:
            return max(2, builds)
        if not self.sources:
            return UNREACHABLE
        deficit = (d0 if d0 > 0 else 0, d1 if d1 > 0 else 0, d2 if d2 > 0 else 0,
                   d3 if d3 > 0 else 0)
        game = self.game
        ctx = self.ctx
        book: Bookkeeping = state.extra  # type: ignore[assignment]
        arrivals: list[tuple[int, tuple[int, ...], int, int]] = []
        for j, (fixed, free) in enumerate(self.reward_supply):
            if not self.serving[j] or state.achieved >> j & 1 or not (free or any(fixed)):
                continue
            turns = ctx.objectives[j].goal.min_turns(ctx, state)
            if turns < UNREACHABLE:
                own = turns if coins and self.coin_objectives[j] else 0
                arrivals.append((max(1, turns) + 1, fixed, free, own))
        memo_key = (deficit, builds, book.gods_taken, book.gods_held, state.sphinx_wins,
                    tuple(arrivals))  # arrivals carry whether their builds add
        known = self.memo.get(memo_key)
        if known is not None:
            return known
        untaken = [god.pieces for i, god in enumerate(game.queue)
                   if not book.gods_taken >> i & 1]
        takes = min(len(untaken), sum(GODS_HELD_AT_MOST - held for held in book.gods_held))
        gods = [c for size in range(takes + 1) for c in itertools.combinations(untaken, size)]
        waits = [c for size in range(len(arrivals) + 1)
                 for c in itertools.combinations(arrivals, size)]
        best = UNREACHABLE
        for chosen in gods:
            rest = [deficit[p] - sum(g[p] for g in chosen) for p in range(4)]
            for wait in waits:
                turn = self._cover_turn(state, rest, wait)
                if turn >= UNREACHABLE:
                    continue
                if chosen:
                    turn = max(turn, len(chosen) + 1)  # a god's pieces serve from the next turn
                turn = max(turn, builds + len(chosen) + sum(a[3] for a in wait))
                if turn < best:
                    best = turn
        if len(self.memo) < MEMO_AT_MOST:
            self.memo[memo_key] = best
        return best

    def _cover_turn(self, state: RiddleState, rest: Sequence[int],
                    wait: Sequence[tuple[int, tuple[int, ...], int, int]]) -> int:
        """The first turn by which the rewards ``wait`` (all of them, so no earlier than
        the last arrives), effects and won games cover ``rest``."""
        start = max((a[0] for a in wait), default=0)
        have = [0, 0, 0, 0]
        free = 0
        for _, fixed, choice, _ in wait:
            free += choice
            for p in range(4):
                have[p] += fixed[p]
        short = sum(r - h for r, h in zip(rest, have) if r > h)
        if short <= free:
            return start
        if not (self.added_any or self.game_pieces):
            return UNREACHABLE
        added = self.added
        games_left = self.ctx.gems - state.sphinx_wins if self.game_pieces else 0
        for turn in range(max(start, 2), PIECE_LIMIT_TURNS):
            extra = self.game_pieces * min(turn - 1, games_left)
            short = sum(r - h - a * (turn - 1) for r, h, a in zip(rest, have, added)
                        if r > h + a * (turn - 1))
            if short <= free + extra:
                return turn
        return UNREACHABLE

    def turns_possible(self, state: RiddleState) -> int:
        """Most turns that can still be played: each uses a piece, but for god takes
        (UNREACHABLE when effects or games supply pieces without end)."""
        if self.endless or self.game_pieces or self.game.sphinx_options:
            return UNREACHABLE
        book: Bookkeeping = state.extra  # type: ignore[assignment]
        total = sum(state.stock)
        for i, god in enumerate(self.game.queue):
            if not book.gods_taken >> i & 1:
                total += sum(god.pieces) + 1
        for j, (fixed, free) in enumerate(self.reward_supply):
            if self.serving[j] and not state.achieved >> j & 1:
                total += sum(fixed) + free
        return total

    # -- who moves when ------------------------------------------------------------

    def movers(self, state: RiddleState) -> list[tuple[Square, tuple[int, ...]]]:
        """Per worker on the board: its square, and ``turns[d]``, the earliest turn
        (from now) of its d-th move. One player moves any worker every turn; with
        more players a worker moves only on its seat's turns (the Wanderer at
        most every other turn)."""
        board = state.board
        if self.game.players == 1:
            return [(w, IDENTITY_TURNS) for w in board.workers if w != NO_SQUARE]
        book: Bookkeeping = state.extra  # type: ignore[assignment]
        seat = state.turn % self.game.players
        k = (book.assignment, seat, book.wanderer_moved)
        tables = self.turn_tables.get(k)
        if tables is None:
            tables = self._turn_tables(book.assignment, seat, book.wanderer_moved,
                                       len(board.workers))
            self.turn_tables[k] = tables
        return [(w, tables[i]) for i, w in enumerate(board.workers) if w != NO_SQUARE]

    def _turn_tables(self, assignment_index: int, seat: int, wanderer_moved: bool,
                     workers: int) -> tuple[tuple[int, ...], ...]:
        players = self.game.players
        assignment = self.game.assignments[assignment_index]
        tables = []
        for i in range(workers):
            turns = [0]
            last = wanderer_moved and i == assignment.wanderer
            turn = 0
            while len(turns) < len(IDENTITY_TURNS):
                turn += 1
                mask = assignment.masks[(seat + turn - 1) % players]
                if mask >> i & 1 and not last:
                    turns.append(turn)
                    last = i == assignment.wanderer
                else:
                    last = False
            tables.append(tuple(turns))
        return tuple(tables)

    # -- goals ---------------------------------------------------------------------

    def slots(self, goal: SlotsGoal, state: RiddleState) -> int:
        """Walking and pieces for the cheapest coins that fill the missing slots."""
        ctx = self.ctx
        workers = self.movers(state)
        if not workers:
            return UNREACHABLE
        near = self.near
        filled = state.slots[goal.objective]
        per_colour: list[list[tuple[tuple[int, int, tuple[int, ...]], ...]]] = []
        for colour, count in enumerate((goal.silver - filled[0], goal.gold - filled[1])):
            if count <= 0:
                continue
            coins = []
            for i, spec in enumerate(ctx.coins):
                if spec.colour != colour or state.collected >> i & 1:
                    continue
                builds, need = coin_pieces(ctx, state, i)
                if builds >= UNREACHABLE:
                    continue
                reach = first_build(workers, near, spec.square)
                if reach < UNREACHABLE:
                    coins.append((builds, reach, need))
            if len(coins) < count:
                return UNREACHABLE
            coins.sort()
            if len(coins) > SLOT_CHOICES_AT_MOST:
                per_colour.append([relaxed_coins(coins, count)])
                continue
            per_colour.append(list(itertools.combinations(coins, count)))
        if not per_colour:
            return 0
        best = UNREACHABLE
        for choice in itertools.product(*per_colour):
            chosen = [coin for part in choice for coin in part]
            builds = sum(c[0] for c in chosen)
            first = min(c[1] for c in chosen)  # the turn of the first build on them
            turns = first - 1 + builds
            if turns >= best:
                continue
            pieces = [sum(c[2][p] for c in chosen) for p in range(4)]
            turns = max(turns, self.supply_turn(state, pieces, builds, coins=True))
            if turns < best:
                best = turns
        return best

    def stand(self, goal: StandGoal, state: RiddleState) -> int:
        """Turns before a worker stands on level N (on a space, or anywhere).

        Nothing is built under a worker, so the worker steps onto its space ``t``
        once ``t`` is high enough, from a neighbour ``s`` at least one level
        lower: every build still missing on ``t`` and on ``s`` comes in an
        earlier turn, one a turn. The builds on ``t`` also wait for a worker to
        walk next to it, and for their pieces.
        """
        ctx = self.ctx
        board = state.board
        workers = self.movers(state)
        if not workers:
            return UNREACHABLE
        geometry = ctx.geometry
        distance = ctx.distance
        level = goal.level
        closed = (board.domes & ~ctx.removable) | state.sunk  # never stood on again
        targets = (goal.at,) if goal.at != NO_SQUARE else geometry.squares
        move_nb = geometry.move_neighbours
        near = self.near
        pieces = goal.at != NO_SQUARE  # anywhere: too many pairs to weigh pieces
        best = UNREACHABLE
        for t in targets:
            if closed >> t & 1:
                continue
            h_t = height_at(board, t)
            need_t = level - h_t if level > h_t else 0
            if need_t + 1 >= best:
                continue
            walk = 0
            if need_t:
                walk = first_build(workers, near, t)
                if walk >= UNREACHABLE:
                    continue
                walk += need_t  # the last build, then a turn to step on
            # The worker who stands there walks and climbs on its own turns.
            climber = UNREACHABLE
            for w, table in workers:
                moves = max(level - height_at(board, w), distance[w][t])
                if w == t:
                    moves = 2  # off the space to let it be built, and back
                if moves < UNREACHABLE:
                    at = table[moves] if moves < len(table) else table[-1] + moves
                    if at < climber:
                        climber = at
            if climber >= UNREACHABLE:
                continue
            walk = max(walk, climber)
            nb = move_nb[t] & ~closed
            while nb:
                low = nb & -nb
                nb ^= low
                h_s = height_at(board, low.bit_length() - 1)
                need_s = level - 1 - h_s if level - 1 > h_s else 0
                builds = need_t + need_s
                turns = max(builds + 1, walk)
                if turns >= best:
                    continue
                if pieces and builds:
                    need = [0, 0, 0, 0]
                    for p in range(h_t, h_t + need_t):
                        need[p] += 1
                    for p in range(h_s, h_s + need_s):
                        need[p] += 1
                    supply = self.supply_turn(state, need, builds)
                    if supply:
                        turns = max(turns, supply + 1)
                if turns < best:
                    best = turns
        return best

    def blessings(self, goal: BlessingsGoal, state: RiddleState) -> int:
        """Turns before N more blessing tokens are collected.

        A token is collected by a worker ending a turn on it, and only the worker
        moved that turn stands somewhere new, so each token no worker stands on
        yet takes a turn of its own (those under workers now may all be
        collected at the end of the next turn); its worker walks to it (and climbs to its level) from its start or
        from the token it collected before, one step a turn.
        """
        missing = goal.count - state.blessings
        if missing <= 0:
            return 0
        ctx = self.ctx
        board = state.board
        tokens = [sq for sq in ctx.geometry.squares if state.tokens >> sq & 1]
        movers = self.movers(state)
        workers = [w for w, _ in movers]
        if len(tokens) < missing or not workers:
            return UNREACHABLE
        distance = ctx.distance
        closed = (board.domes & ~ctx.removable) | state.sunk
        move_nb = ctx.geometry.move_neighbours
        alone: list[int] = []  # per token: turns to collect it, alone
        reach: list[int] = []  # per token: steps from the nearest worker
        for t in tokens:
            h_t = height_at(board, t)
            walk = min(distance[w][t] for w in workers)
            climb = UNREACHABLE
            for w, table in movers:
                moves = max(distance[w][t], h_t - height_at(board, w))
                if moves < UNREACHABLE:
                    at = table[moves] if moves < len(table) else table[-1] + moves
                    climb = min(climb, at)
            stair = 1
            if h_t >= 1:
                stair = UNREACHABLE
                nb = move_nb[t] & ~closed
                while nb:
                    low = nb & -nb
                    nb ^= low
                    short = h_t - 1 - height_at(board, low.bit_length() - 1)
                    stair = min(stair, 1 + (short if short > 0 else 0))
            if walk == 0:
                stair = 1  # set up on it: collected at the end of the first turn
            alone.append(max(1, climb, stair if walk else 1))
            reach.append(walk)
        best = UNREACHABLE
        for chosen in itertools.combinations(range(len(tokens)), missing):
            worst = max(alone[i] for i in chosen)
            if worst >= best:
                continue
            steps = 0
            for i in chosen:
                via = min((distance[tokens[k]][tokens[i]] for k in chosen if k != i),
                          default=UNREACHABLE)
                steps += min(reach[i], via)
            # Tokens under workers at the start are collected together at the end
            # of the first turn; each other token needs the turn its worker arrives.
            arrivals = sum(1 for i in chosen if reach[i] > 0)
            turns = max(1, arrivals, worst, steps)
            if turns < best:
                best = turns
        return best

    def demand(self, goal: Goal, state: RiddleState) -> tuple[Bitboard, int]:
        """Spaces some of a goal's remaining builds must be on, and how many (0 when
        it is not known where): the coin spaces of a slots goal, a stand's space."""
        if isinstance(goal, SlotsGoal):
            filled = state.slots[goal.objective]
            ctx = self.ctx
            where = total = 0
            for colour, count in enumerate((goal.silver - filled[0], goal.gold - filled[1])):
                if count <= 0:
                    continue
                costs = []
                for i, spec in enumerate(ctx.coins):
                    if spec.colour == colour and not state.collected >> i & 1:
                        cost = coin_pieces(ctx, state, i)[0]
                        if cost < UNREACHABLE:
                            costs.append(cost)
                            where |= 1 << spec.square
                total += sum(sorted(costs)[:count])
            return where, total
        if isinstance(goal, StandGoal) and goal.at != NO_SQUARE and goal.figure != "any":
            if state.board.domes >> goal.at & 1:
                return 0, 0
            need = goal.level - height_at(state.board, goal.at)
            return 1 << goal.at, need if need > 0 else 0
        return 0, 0

    def disjoint_builds(self, goals: Sequence[Goal], state: RiddleState) -> int:
        """The most builds that goals held together need on pairwise disjoint spaces."""
        demands = [d for d in (self.demand(g, state) for g in goals) if d[1] > 0]
        if len(demands) < 2:
            return 0
        best = 0
        for size in range(2, len(demands) + 1):
            for chosen in itertools.combinations(demands, size):
                union = 0
                total = 0
                for where, builds in chosen:
                    if union & where:
                        break
                    union |= where
                    total += builds
                else:
                    best = max(best, total)
        return best

    def stand_figure(self, goal: StandGoal, state: RiddleState, figure: str) -> int:
        """Turns before the King or the Sphinx stands on level N (on a space, or anywhere).

        Only an end-of-turn effect moves them, one step a turn, after the turn's
        objectives are judged; nothing is built under them. So the figure reaches
        its space ``t`` at the end of a turn no earlier than its distance to
        ``t``, after the last build there, and is seen there a turn later.
        """
        board = state.board
        here = board.king if figure == "king" else board.sphinx
        if here == NO_SQUARE:
            return UNREACHABLE
        ctx = self.ctx
        moves = figure in self.moving_figures
        level = goal.level
        closed = (board.domes & ~ctx.removable) | state.sunk
        targets = (goal.at,) if goal.at != NO_SQUARE else ctx.geometry.squares
        workers = self.movers(state)
        distance = self.figure_distance[here] if moves else ()
        best = UNREACHABLE
        for t in targets:
            if closed >> t & 1:
                continue
            need = level - height_at(board, t)
            if need < 0:
                need = 0
            if t == here:
                if not need:
                    return 1  # there already: judged at the end of the next turn
                if not moves:
                    continue
                arrive = need + 1  # it leaves first: builds only from the next turn
            elif not moves or distance[t] >= UNREACHABLE:
                continue
            else:
                arrive = max(distance[t], need)
            if need:
                walk = first_build(workers, self.near, t)
                if walk >= UNREACHABLE:
                    continue
                arrive = max(arrive, walk - 1 + need)
            if arrive + 1 < best:
                best = arrive + 1
        return best


def first_build(workers: Sequence[tuple[Square, tuple[int, ...]]],
                near: Sequence[Sequence[int]], target: Square) -> int:
    """The earliest turn a piece can be built on ``target``: a worker walks next to it
    (at least one move: a build follows a move) on its own turns."""
    best = UNREACHABLE
    for w, table in workers:
        steps = near[w][target]
        if steps >= UNREACHABLE:
            continue
        if steps < 1:
            steps = 1
        at = table[steps] if steps < len(table) else table[-1] + steps
        if at < best:
            best = at
    return best


def figure_distances(ctx: RiddleContext) -> tuple[tuple[int, ...], ...]:
    """Fewest end-of-turn steps a figure walking toward the closest worker needs
    between two squares (``UNREACHABLE`` when it never can).

    A step from ``a`` to a move-neighbour ``b`` needs a worker somewhere that ``b``
    is strictly closer to than ``a`` (grid distance, RULES 1): a worker on a land
    square other than ``a`` and ``b``. A space with no such step into it, such as a
    corner no worker can stand beyond, is never reached.
    """
    geometry = ctx.geometry
    width = geometry.width
    land = geometry.squares

    def apart(x: Square, y: Square) -> int:
        return max(abs(x // width - y // width), abs(x % width - y % width))

    steps: list[list[Square]] = [[] for _ in range(geometry.size)]
    for a in land:
        nb = geometry.move_neighbours[a]
        for b in land:
            if nb >> b & 1 and any(apart(b, w) < apart(a, w) for w in land if w not in (a, b)):
                steps[a].append(b)
    rows = []
    for src in range(geometry.size):
        dist = [UNREACHABLE] * geometry.size
        if geometry.land >> src & 1:
            dist[src] = 0
            frontier = [src]
            while frontier:
                nxt = []
                for a in frontier:
                    for b in steps[a]:
                        if dist[b] == UNREACHABLE:
                            dist[b] = dist[a] + 1
                            nxt.append(b)
                frontier = nxt
        rows.append(tuple(dist))
    return tuple(rows)


SLOT_CHOICES_AT_MOST = 6
"""Coins of one colour beyond which the slots bound stops trying every choice (it
then weighs :func:`relaxed_coins` instead)."""


def relaxed_coins(coins: Sequence[tuple[int, int, tuple[int, ...]]], count: int
                  ) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """``count`` stand-in coins (builds, first build turn, pieces) that no choice of
    ``count`` real coins beats: the i-th takes the i-th fewest builds, the i-th
    fewest pieces of each kind, and every one the earliest first build of all.

    Any ``count`` real coins need at least the sum of the ``count`` smallest
    builds (and pieces of each kind), and start no earlier than the earliest
    coin, so the bound built from these stays admissible however many coins
    there are (issue 14: taking the cheapest builds alone was not).

    >>> relaxed_coins([(1, 5, (1, 0, 0, 0)), (3, 1, (1, 1, 1, 0)), (1, 5, (0, 1, 0, 0))], 2)
    ((1, 1, (0, 0, 0, 0)), (1, 1, (1, 1, 0, 0)))
    """
    builds = sorted(c[0] for c in coins)[:count]
    first = min(c[1] for c in coins)
    pieces = [sorted(c[2][p] for c in coins)[:count] for p in range(4)]
    return tuple((builds[i], first, tuple(pieces[p][i] for p in range(4)))
                 for i in range(count))


def coin_pieces(ctx: RiddleContext, state: RiddleState, coin: int
                ) -> tuple[int, tuple[int, int, int, int]]:
    """Fewest builds on a coin's space before it is collected, and the pieces they use
    (none claimed where an effect may lower the space)."""
    spec = ctx.coins[coin]
    bit = 1 << spec.square
    none = (0, 0, 0, 0)
    if state.sunk & bit:
        return UNREACHABLE, none
    if ctx.removable & bit:
        return 1, none
    board = state.board
    if board.domes & bit:
        return UNREACHABLE, none
    height = height_at(board, spec.square)
    for level in range(height + 1, DOME_LEVEL + 1):
        if spec.levels >> level & 1:
            need = [0, 0, 0, 0]
            for p in range(height, level):
                need[p] = 1
            return level - height, (need[0], need[1], need[2], need[3])
    return UNREACHABLE, none


# -- results ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ObjectiveResult:
    """The solver's verdict on one objective."""

    tier: str
    status: str  # solved | unsolvable | unproven
    turns: int | None
    solution: tuple[str, ...]
    optimal_first_moves: int | None
    states: int  # states expanded by the search that decided the status
    seconds: float = field(compare=False)
    reason: str = ""
    setup: str = field(default="", compare=False)  # who moves which workers
    boards: tuple[str, ...] = field(default=(), compare=False)  # set-up, then each turn
    # The line for replay: (assignment,), then per turn (action..., child index).
    trace: tuple[tuple[int, ...], ...] = field(default=(), compare=False)

    def to_json(self) -> dict[str, Any]:
        return {"tier": self.tier, "status": self.status, "turns": self.turns,
                "solution": list(self.solution), "optimal_first_moves": self.optimal_first_moves,
                "states": self.states, "seconds": round(self.seconds, 3), "reason": self.reason}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ObjectiveResult:
        return cls(data["tier"], data["status"], data["turns"], tuple(data["solution"]),
                   data["optimal_first_moves"], data["states"], data["seconds"], data["reason"],
                   data.get("setup", ""), tuple(data.get("boards", ())),
                   tuple(tuple(int(x) for x in step) for step in data.get("trace", ())))


@dataclass(frozen=True, slots=True)
class RiddleSolve:
    """Every objective's verdict for one riddle, player count and mode."""

    riddle: str
    players: int
    objectives: tuple[ObjectiveResult, ...]
    expert: bool = False
    # Problems met on the way that the user should hear of once (a cache entry
    # that failed verification and was recomputed).
    warnings: tuple[str, ...] = field(default=(), compare=False)

    def to_json(self) -> dict[str, Any]:
        """The ``solve --format json`` document."""
        return {"riddle": self.riddle, "players": self.players,
                "objectives": [o.to_json() for o in self.objectives]}


def solve_riddle(riddle: Riddle, players: int = 1, *, gods: Mapping[str, GodCard] | None = None,
                 die: Die | None = None, budget: int | None = None,
                 tiers: Iterable[str] | None = None, expert: bool = False,
                 count_first_moves: bool = True,
                 seconds: float | None = SECONDS_PER_OBJECTIVE) -> RiddleSolve:
    """Solve each objective (those of ``tiers``, or all) for ``players`` players.

    ``gods`` maps god ids to cards (their pieces make taking a god from the
    opening queue searchable); ``die`` is the riddle's die (for the chance
    search). ``budget`` is the node budget per search (default
    :data:`~generator.sim.search.DEFAULT_BUDGET`; the riddle's ``solver.nodes``
    may lower it, never raise it); ``seconds`` caps the CPU time of each
    objective; the riddle's ``solver.horizon`` caps the turns searched. Raises
    ``ValueError`` when the riddle's workers cannot be shared by ``players``
    players.
    """
    ctx = compile_riddle(riddle, players, expert=expert,
                         gems=len(die.gems) if die is not None else DEFAULT_GEMS)
    worker_assignments(players, len(ctx.start.board.workers))  # fail early on a bad count
    budget = effective_budget(budget or DEFAULT_BUDGET, riddle)
    wanted = None if tiers is None else set(tiers)
    results = tuple(
        solve_objective(ctx, j, gods=gods, die=die, budget=budget,
                        horizon=riddle.solver.horizon, count_first_moves=count_first_moves,
                        seconds=seconds)
        for j, objective in enumerate(ctx.objectives)
        if wanted is None or objective.tier in wanted)
    return RiddleSolve(riddle.id, players, results, expert)


def solve_objective(ctx: RiddleContext, target: int, *,
                    gods: Mapping[str, GodCard] | None = None, die: Die | None = None,
                    budget: int = DEFAULT_BUDGET, horizon: int | None = None,
                    count_first_moves: bool = True,
                    seconds: float | None = SECONDS_PER_OBJECTIVE) -> ObjectiveResult:
    """Decide one objective of a compiled riddle (see the module docs for the statuses).

    ``budget`` bounds the states each search expands (and, through
    :data:`~generator.sim.search.STORED_PER_STATE`, the states it holds);
    ``seconds`` bounds the CPU time of everything this objective costs."""
    started = time.perf_counter()
    cpu_started = time.process_time()
    objective = ctx.objectives[target]
    ruled_out = pieces_rule_out(ctx, target, gods=gods, die=die)
    if ruled_out:
        return ObjectiveResult(objective.tier, UNSOLVABLE, None, (), None, 0,
                               time.perf_counter() - started, ruled_out + _powers_note(ctx, gods))
    game = RiddleGame(ctx, target, gods=gods, die=die)

    def left() -> float | None:
        return None if seconds is None else max(0.0, seconds - (time.process_time()
                                                                - cpu_started))

    found = astar(game, budget=budget, max_cost=horizon, seconds=left())

    def result(status: str, search: SearchResult[RiddleState, Action], reason: str,
               firsts: int | None = None, line: RiddleGame | None = None) -> ObjectiveResult:
        solution: tuple[str, ...] = ()
        boards: tuple[str, ...] = ()
        setup = ""
        trace: tuple[tuple[int, ...], ...] = ()
        if line is not None and search.found:
            solution = describe_line(line, search.states, search.actions)
            boards = tuple(format_board(ctx, s) for s in search.states)
            setup = line.assignments[search.states[0].extra.assignment].text  # type: ignore[attr-defined]
            trace = trace_of(line, search.states, search.actions)
        return ObjectiveResult(objective.tier, status,
                               search.cost if status == SOLVED else None, solution, firsts,
                               search.expanded, time.perf_counter() - started, reason, setup,
                               boards, trace)

    if found.status == FOUND:
        firsts = None
        note = ""
        if count_first_moves and found.cost is not None:
            allowed = min(budget, max(COUNT_FLOOR, COUNT_FACTOR * found.expanded))
            firsts = count_optimal_first_moves(game, found.cost, budget=allowed, seconds=left())
            if firsts is None:
                note = (f"optimal first moves not counted: more than {allowed} states or "
                        f"{seconds} CPU seconds")
        return result(SOLVED, found, note, firsts, game)
    if found.status == BUDGET:
        return result(UNPROVEN, found, budget_reason(found, budget, seconds))
    if found.status == HORIZON:
        return result(UNPROVEN, found, f"horizon: no solution within {horizon} turns "
                      "(solver.horizon)")
    # Exhausted without chance: does luck, or a missing god card, leave a doubt?
    if game.unknown_gods:
        return result(UNPROVEN, found, "the opening queue's gods "
                      f"{', '.join(game.unknown_gods)} are unknown: their pieces were not "
                      "searched")
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
        return result(UNSOLVABLE, found, f"searched {found.expanded} states: no line reaches "
                      "it, even winning every Sphinx's game" + _powers_note(ctx, gods))
    return result(UNSOLVABLE, found, f"searched {found.expanded} states: no line without god "
                  "powers, blessing cards or the Sphinx's game reaches it"
                  + _powers_note(ctx, gods))


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


def budget_reason(search: SearchResult[RiddleState, Action], budget: int,
                  seconds: float | None) -> str:
    """Why a search stopped undecided, naming the limit and both caps."""
    caps = f"caps: {budget} states expanded, {STORED_PER_STATE * budget} held"
    if seconds is not None:
        caps += f", {seconds:g} CPU seconds per objective"
    which = {LIMIT_MEMORY: "the memory cap (states held)",
             LIMIT_SECONDS: "the CPU-seconds cap"}.get(search.limit, "the state budget")
    return (f"budget: stopped by {which} after {search.expanded} states expanded "
            f"({search.generated} generated) without finding a solution or exhausting the "
            f"search ({caps})")


def _powers_note(ctx: RiddleContext, gods: Mapping[str, GodCard] | None) -> str:
    names = [f"{plain_text(gods[g].name)} ({gods[g].power})" for g in ctx.riddle.gods.queue
             if gods and g in gods]
    return f"; powers not searched: {', '.join(names)}" if names else ""


# -- notation ---------------------------------------------------------------------------


def describe_line(game: RiddleGame, states: Sequence[RiddleState],
                  actions: Sequence[Action]) -> tuple[str, ...]:
    """One readable line per turn of a path found by the search."""
    return tuple(describe_turn(game, states[i], actions[i], states[i + 1])
                 for i in range(len(actions)))


def describe_turn(game: RiddleGame, before: RiddleState, action: Action,
                  after: RiddleState) -> str:
    """A turn in notation: ``W1 B2-C3 build C4 (level 2; silver coin -> silver objective)``.

    The turn is replayed to find which of the group's choices led to ``after``,
    so every consequence (coins, blessings, objectives, rewards, effects) is named.
    """
    ctx = game.ctx
    g = ctx.geometry
    seat = before.turn % game.players
    who = f"P{seat + 1} " if game.players > 1 else ""
    first: list[str] = []
    acted: tuple[RiddleState, ...]
    if action[0] == GOD_ACTION:
        god = game.queue[action[1]]
        text = f"take {plain_text(god.name)} from the queue"
        first.append(f"+{_pieces(god.pieces)}")
        acted = (before._replace(stock=_add(before.stock, god.pieces)),)
        build = NO_SQUARE
    elif action[0] == SPHINX_ACTION:
        gem, delta = game.sphinx_options[action[1]]
        colour = f" the {game.die.gems[gem]} gem" if game.die is not None and gem >= 0 else ""
        text = f"play the Sphinx's game and win{colour}"
        if any(delta):
            first.append(f"+{_pieces(delta)}")
        acted = (before._replace(stock=_add(before.stock, delta),
                                 sphinx_wins=before.sphinx_wins + 1),)
        build = NO_SQUARE
    else:
        worker, to, build = action
        piece = height_at(before.board, build)
        text = (f"W{worker + 1} {g.name(before.board.workers[worker])}-{g.name(to)} "
                f"build {g.name(build)}")
        first.append("dome" if piece == 3 else f"level {piece + 1}")
        moved = before._replace(board=apply_move(g, before.board, action),
                                stock=before.stock.take(piece))
        acted = after_build(ctx, moved, build)
    for built in acted:
        for rewarded in game.rewards_step(built):
            for final in game.effects_step(rewarded):
                if _same(final, after):
                    notes = first + _notes(game, before, build, built, rewarded, final)
                    return who + text + (f" ({'; '.join(notes)})" if notes else "")
    return who + text + (f" ({'; '.join(first)})" if first else "")


def _same(a: RiddleState, b: RiddleState) -> bool:
    return a[:-1] == b[:-1]  # bookkeeping aside (the action sets it)


def _pieces(delta: Sequence[int]) -> str:
    parts = [f"{n} {PIECE_NAMES[i]}" for i, n in enumerate(delta) if n]
    return ", ".join(parts) if parts else "nothing"


def _notes(game: RiddleGame, before: RiddleState, build: Square, built: RiddleState,
           rewarded: RiddleState, final: RiddleState) -> list[str]:
    ctx = game.ctx
    g = ctx.geometry
    tiers = [o.tier for o in ctx.objectives]
    notes: list[str] = []
    new_coins = built.collected & ~before.collected
    for i, spec in enumerate(ctx.coins):
        if new_coins >> i & 1:
            colour = COLOURS[spec.colour]
            placed = [j for j, (a, b) in enumerate(zip(before.slots, built.slots)) if a != b]
            where = (f"{tiers[placed[0]]} objective" if placed
                     else f"set aside, no free {colour} slot")
            notes.append(f"{colour} coin -> {where}")
    if build != NO_SQUARE and before.tokens >> build & 1 and not built.tokens >> build & 1:
        notes.append("blessing token forfeited")
    taken = built.tokens & ~rewarded.tokens
    if taken:
        notes.append("blessing collected on " + ", ".join(g.names(taken)))
    for j, tier in enumerate(tiers):
        if rewarded.achieved >> j & 1 and not built.achieved >> j & 1:
            notes.append(f"{tier} objective achieved")
    gained = [a - b for a, b in zip(rewarded.stock, built.stock)]
    if any(gained):
        notes.append(f"reward +{_pieces(gained)}")
    notes.extend(_effect_notes(game, rewarded, final))
    return notes


def _effect_notes(game: RiddleGame, before: RiddleState, after: RiddleState) -> list[str]:
    g = game.ctx.geometry
    notes: list[str] = []
    b0, b1 = before.board, after.board
    for name, a, b in (("King", b0.king, b1.king), ("Sphinx", b0.sphinx, b1.sphinx)):
        if a != b and a != NO_SQUARE and b != NO_SQUARE:
            notes.append(f"{name} {g.name(a)}-{g.name(b)}")
    sunk = after.sunk & ~before.sunk
    if sunk:
        notes.append(", ".join(g.names(sunk)) + " sank")
    lowered = (b0.l1 & ~b1.l1) | (b0.l2 & ~b1.l2) | (b0.l3 & ~b1.l3) | (b0.domes & ~b1.domes)
    lowered &= ~sunk
    if lowered:
        notes.append("top piece removed from " + ", ".join(g.names(lowered)))
    for i, (a, b) in enumerate(zip(b0.workers, b1.workers)):
        if a != NO_SQUARE and b == NO_SQUARE:
            notes.append(f"W{i + 1} destroyed")
    change = [b - a for a, b in zip(before.stock, after.stock)]
    if any(change):
        notes.append("stockpile " + ", ".join(f"{n:+d} {PIECE_NAMES[i]}"
                                              for i, n in enumerate(change) if n))
    return notes


BOARD_LEGEND = ("heights . 1 2 3, X dome, ~ sea; W1-W4 workers, K King, S Sphinx; "
                "s/g silver/gold coin still on the board, b blessing token")


def format_board(ctx: RiddleContext, state: RiddleState) -> str:
    """The board as text: one row per line, a cell is its height (``X`` a dome, ``~``
    sea) then its figure and marks (see :data:`BOARD_LEGEND`)."""
    g = ctx.geometry
    board = state.board
    figures: dict[Square, str] = {}
    for i, sq in enumerate(board.workers):
        if sq != NO_SQUARE:
            figures[sq] = f"W{i + 1}"
    if board.king != NO_SQUARE:
        figures[board.king] = "K"
    if board.sphinx != NO_SQUARE:
        figures[board.sphinx] = "S"
    coins: dict[Square, str] = {}
    for i, spec in enumerate(ctx.coins):
        if not state.collected >> i & 1:
            coins[spec.square] = "sg"[spec.colour]
    cells = []
    for sq in range(g.size):
        if not g.land >> sq & 1 or state.sunk >> sq & 1:
            cells.append("~")
            continue
        height = height_at(board, sq)
        cell = "X" if board.domes >> sq & 1 else (str(height) if height else ".")
        cell += figures.get(sq, "") + coins.get(sq, "") + ("b" if state.tokens >> sq & 1 else "")
        cells.append(cell)
    return format_board_cells(g, tuple(cells))


def format_board_cells(geometry: Any, cells: Sequence[str]) -> str:
    """Lay out one text cell per square under column letters, with row numbers.

    >>> from generator.engine.geometry import Geometry
    >>> print(format_board_cells(Geometry.rectangle(2, 1), ("1W2s", "X")))
         A     B
     1   1W2s  X
    """
    width = max(5, max(len(c) for c in cells) + 1)
    letters = "ABCDEFGH"[:geometry.width]
    lines = ["    " + "".join(f" {c:<{width}}" for c in letters).rstrip()]
    for r in range(geometry.height):
        row = cells[r * geometry.width:(r + 1) * geometry.width]
        lines.append(f"{r + 1:>2}  " + "".join(f" {c:<{width}}" for c in row).rstrip())
    return "\n".join(lines)


# -- cache ------------------------------------------------------------------------------


def default_cache_dir(pack_root: Path) -> Path:
    """Where a pack's solver results are cached: ``<pack>/.riddlesmith-cache/``."""
    return pack_root / CACHE_FOLDER


CACHE_FILE_AT_MOST = 4 << 20
"""Bytes a cache file may hold; a larger one is not read (and is replaced)."""


def trace_of(game: RiddleGame, states: Sequence[RiddleState], actions: Sequence[Action]
             ) -> tuple[tuple[int, ...], ...]:
    """A found line in replayable form: ``(assignment,)``, then per turn the action and
    the index of the resulting state among that action's successors."""
    out: list[tuple[int, ...]] = [(states[0].extra.assignment,)]  # type: ignore[attr-defined]
    for before, action, after in zip(states, actions, states[1:]):
        same = [child for a, child in game.successors(before) if a == action]
        out.append((*action, same.index(after)))
    return tuple(out)


def replay_trace(game: RiddleGame, trace: Sequence[Sequence[int]]
                 ) -> tuple[tuple[RiddleState, ...], tuple[Action, ...]] | None:
    """The states and actions of a stored line, replayed by the rules, or None when a
    step is not legal or the line does not end at the objective."""
    starts = tuple(game.starts())
    if not trace or len(trace[0]) != 1 or not 0 <= trace[0][0] < len(starts):
        return None
    states = [starts[trace[0][0]]]
    actions: list[Action] = []
    for step in trace[1:]:
        if len(step) != 4 or game.is_goal(states[-1]):
            return None
        action = (step[0], step[1], step[2])
        same = [child for a, child in game.successors(states[-1]) if a == action]
        if not 0 <= step[3] < len(same):
            return None
        states.append(same[step[3]])
        actions.append(action)
    if not game.is_goal(states[-1]):
        return None
    return tuple(states), tuple(actions)


def verify_result(ctx: RiddleContext, result: ObjectiveResult, *,
                  gods: Mapping[str, GodCard] | None = None, die: Die | None = None) -> str:
    """Why a stored ``solved`` result cannot be trusted, or ``""``: its line is replayed
    by the rules, must reach the objective in exactly the stored number of turns,
    and must read as the stored solution."""
    tiers = [o.tier for o in ctx.objectives]
    if result.status != SOLVED or result.tier not in tiers:
        return "not a solved objective of this riddle"
    game = RiddleGame(ctx, tiers.index(result.tier), gods=gods, die=die)
    replayed = replay_trace(game, result.trace)
    if replayed is None:
        return f"the stored line for the {result.tier} objective does not replay"
    states, actions = replayed
    if len(actions) != result.turns or result.turns is None:
        return (f"the stored line for the {result.tier} objective takes {len(actions)} turns, "
                f"not {result.turns}")
    if game.estimate(states[0]) > len(actions):
        return f"the stored line for the {result.tier} objective is shorter than possible"
    if describe_line(game, states, actions) != result.solution:
        return f"the stored solution for the {result.tier} objective is not its line"
    return ""


def riddle_fingerprint(riddle: Riddle, players: int, budget: int, *,
                       gods: Mapping[str, GodCard] | None = None, die: Die | None = None,
                       expert: bool = False, count_first_moves: bool = False) -> str:
    """A hash of everything a result depends on: the riddle's rules content (not its
    story or title), the queue's god pieces, the die, the player count, the
    budget, the mode and :data:`SOLVER_VERSION`."""
    data = dump_riddle(riddle)
    for prose in ("title", "story", "rules"):
        data.pop(prose, None)
    queue = {g: list(gods[g].pieces) for g in riddle.gods.queue if gods and g in gods}
    die_data = None if die is None else {
        "gems": list(die.gems),
        "faces": [[f.colour, list(reward_options(f.reward))] for f in die.faces]}
    blob = json.dumps({"riddle": data, "gods": queue, "die": die_data, "players": players,
                       "budget": budget, "expert": expert, "solver": SOLVER_VERSION,
                       "first_moves": count_first_moves},
                      sort_keys=True, ensure_ascii=True, default=str)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


def solve_cached(riddle: Riddle, players: int, budget: int | None, cache_dir: Path | None, *,
                 gods: Mapping[str, GodCard] | None = None, die: Die | None = None,
                 expert: bool = False, count_first_moves: bool = True) -> RiddleSolve:
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
                            count_first_moves=count_first_moves)

    if cache_dir is None:
        return solve()
    fingerprint = riddle_fingerprint(riddle, players, budget, gods=gods, die=die, expert=expert,
                                     count_first_moves=count_first_moves)
    path = cache_dir / f"{riddle.id}-{fingerprint[:24]}.json"
    stored, problem = _read_entry(path, fingerprint, riddle, players, gods=gods, die=die,
                                  expert=expert)
    if stored is not None:
        return stored
    solved = solve()
    if problem:
        solved = dataclasses.replace(solved, warnings=solved.warnings + (
            f"cached result {path.name} discarded and recomputed: {problem}",))
    record = {"fingerprint": fingerprint, "solver": SOLVER_VERSION, **solved.to_json(),
              "expert": expert}
    for entry, result in zip(record["objectives"], solved.objectives):
        entry["setup"] = result.setup
        entry["boards"] = list(result.boards)
        entry["trace"] = [list(step) for step in result.trace]
    _write_atomically(path, json.dumps(record, indent=1, sort_keys=True) + "\n")
    return solved


def _read_entry(path: Path, fingerprint: str, riddle: Riddle, players: int, *,
                gods: Mapping[str, GodCard] | None, die: Die | None, expert: bool
                ) -> tuple[RiddleSolve | None, str]:
    """A stored result that passes verification, else None and what was wrong with
    it (``""`` when there was nothing worth reporting: no entry, or one that is
    never trusted by design)."""
    try:
        if path.is_symlink() or not path.is_file() or path.stat().st_size > CACHE_FILE_AT_MOST:
            return None, ""
        stored = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(stored, dict) or stored.get("fingerprint") != fingerprint:
            return None, ""
        solve = RiddleSolve(str(stored["riddle"]), int(stored["players"]),
                            tuple(ObjectiveResult.from_json(o) for o in stored["objectives"]),
                            bool(stored.get("expert", False)))
    except (OSError, ValueError, KeyError, TypeError, AttributeError, IndexError,
            RecursionError):
        return None, "it is not a readable result"
    if solve.riddle != riddle.id or solve.players != players or solve.expert != expert:
        return None, "it is for another riddle, player count or mode"
    if [o.tier for o in solve.objectives] != [o.tier for o in riddle.objectives]:
        return None, "its objectives are not the riddle's"
    if any(o.status != SOLVED for o in solve.objectives):
        return None, ""  # never trusted: see solve_cached
    ctx = compile_riddle(riddle, players, expert=expert,
                         gems=len(die.gems) if die is not None else DEFAULT_GEMS)
    for result in solve.objectives:
        problem = verify_result(ctx, result, gods=gods, die=die)
        if problem:
            return None, problem
    return solve, ""


def _write_atomically(path: Path, text: str) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, tmp = tempfile.mkstemp(prefix=".tmp-", dir=path.parent)
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.chmod(tmp, 0o644)  # mkstemp makes it private; a cache is as readable as the pack
        os.replace(tmp, path)
    except OSError:
        return  # a cache that cannot be written only costs time


# -- diagnostics ------------------------------------------------------------------------


def iter_solver_diagnostics(riddle: Riddle, doc: Document, solves: Iterable[RiddleSolve]
                            ) -> Iterator[Diagnostic]:
    """Diagnostics of solver results for one riddle (one :class:`RiddleSolve` per
    player count or mode): RS-G101 unsolvable (error), RS-G102 unproven (warning),
    RS-G103 the ending objective achievable in one turn (warning), RS-G104 a
    shortest solution other than ``solver.expect`` says (error), RS-G105 one
    summary line per riddle (info)."""
    tiers = [o.tier for o in riddle.objectives]
    expect = dict(riddle.solver.expect)
    summary: list[str] = []
    for solve in solves:
        mode = f"{solve.players} player{'s' if solve.players != 1 else ''}" + (
            ", expert" if solve.expert else "")
        for warning in solve.warnings:
            yield doc.diag("RS-G106", f"{warning} ({mode})", ("id",),
                           hint="a cache is never trusted without replaying its proofs")
        parts = []
        for result in solve.objectives:
            j = tiers.index(result.tier)
            at = ("objectives", j, "tier")
            if result.status == UNSOLVABLE:
                yield doc.diag("RS-G101", f"the {result.tier} objective can never be achieved "
                               f"({mode}): {result.reason}", at,
                               hint="god powers are not searched: if one is meant to be "
                               "needed, say so in the riddle's rules")
            elif result.status == UNPROVEN:
                yield doc.diag("RS-G102", f"the {result.tier} objective is not proven "
                               f"achievable ({mode}): {result.reason}", at,
                               hint="raise solver.nodes or solver.horizon, or simplify")
            elif riddle.objectives[j].ends and result.turns == 1:
                yield doc.diag("RS-G103", f"the {result.tier} objective ends the riddle and "
                               f"can be achieved in one turn ({mode}): "
                               f"{result.solution[0] if result.solution else ''}", at)
            if result.status == SOLVED and result.tier in expect \
                    and expect[result.tier] != result.turns and solve.players == 1 \
                    and not solve.expert:
                yield doc.diag("RS-G104", f"the {result.tier} objective's shortest solution "
                               f"takes {result.turns} turns, not {expect[result.tier]} "
                               f"({mode})", ("solver", "expect", result.tier),
                               hint="one shortest line: " + " / ".join(result.solution))
            parts.append(f"{result.tier} {result.turns} turns" if result.status == SOLVED
                         else f"{result.tier} {result.status}")
        summary.append(f"{mode}: " + ", ".join(parts))
    if summary:
        yield doc.diag("RS-G105", "solver: " + "; ".join(summary), ("id",))


def iter_riddle_solver_diagnostics(riddle: Riddle, doc: Document, *,
                                   gods: Mapping[str, GodCard] | None = None,
                                   die: Die | None = None, cache_dir: Path | None = None,
                                   budget: int | None = None,
                                   players: Iterable[int] = (1,), expert: bool = False,
                                   count_first_moves: bool = False) -> Iterator[Diagnostic]:
    """Solve a riddle through the cache and yield the diagnostics of
    :func:`iter_solver_diagnostics`: for each of ``players`` (default one player,
    the solver's default; pass ``riddle.players`` for every count, which costs far
    more) that the riddle supports, and with ``expert`` the expert mode too when
    the riddle has one. Counts its workers cannot serve are skipped (RS-G017)."""
    solves = []
    modes = [False] + ([True] if expert and riddle.expert is not None else [])
    for n in players:
        if n not in riddle.players:
            continue
        try:
            worker_assignments(n, len(riddle.board.workers))
        except ValueError:
            continue
        for mode in modes:
            solves.append(solve_cached(riddle, n, budget, cache_dir, gods=gods, die=die,
                                       expert=mode, count_first_moves=count_first_moves))
    yield from iter_solver_diagnostics(riddle, doc, solves)


__all__ = [
    "Assignment", "BOARD_LEGEND", "Bookkeeping", "CACHE_FOLDER", "CHECK_BUDGET", "GOD_ACTION", "ObjectiveResult",
    "RiddleGame", "RiddleSolve", "SOLVED", "SOLVER_CODES", "SOLVER_VERSION", "SPHINX_ACTION",
    "UNPROVEN", "UNSOLVABLE", "Bounds", "coin_pieces", "default_cache_dir", "describe_line",
    "describe_turn", "format_board", "iter_riddle_solver_diagnostics", "iter_solver_diagnostics",
    "reward_options", "riddle_fingerprint", "solve_cached", "solve_objective", "solve_riddle",
    "time_horizon", "worker_assignments",
]
