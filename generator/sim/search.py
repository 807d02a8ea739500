"""Best-first search over unit-cost steps: A*, plain breadth-first, optimal first moves.

A problem is anything with the five methods of :class:`SearchProblem`: start
states, successors (each one step, such as one turn), a goal test, an
admissible estimate of the steps still needed, and a packed int key for the
transposition table. Symmetric states share a key when ``key`` returns the
smallest packed image over a symmetry group (:func:`canonical_key_of` builds
such a function). Every search is deterministic: ties are broken by insertion
order, never by hashing.

- :func:`astar`: shortest path, expanding the fewest states an admissible
  estimate allows, with a node budget and an optional cost horizon;
- :func:`breadth_first`: the same answer without the estimate (a reference
  for tests and benchmarks);
- :func:`count_optimal_first_moves`: how many distinct first moves start a
  shortest path (a riddle with one such move has a unique opening).

Statuses: ``found`` (``cost`` and ``actions`` hold a shortest path),
``exhausted`` (no goal is reachable at all), ``horizon`` (none within
``max_cost``), ``budget`` (the node budget ran out first).

>>> problem = CountTo(5)
>>> result = astar(problem)
>>> result.status, result.cost, result.actions
('found', 3, ('+2', '+2', '+1'))
>>> breadth_first(problem).cost, count_optimal_first_moves(problem, 3)
(3, 2)
"""
from __future__ import annotations

import heapq
import time
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

S = TypeVar("S")
A = TypeVar("A")

UNREACHABLE = 1 << 30
"""An estimate this large (or larger) marks a state from which no goal is reachable."""

DEFAULT_BUDGET = 200_000
"""States a search may expand before it gives up (status ``budget``)."""

DEFAULT_SECONDS = 30.0
"""CPU seconds a caller's searches for one question may take by default."""

STORED_PER_STATE = 40
"""States a search may hold in memory per state of its budget: with the node
budget this bounds memory (a wide position can generate hundreds of children
per expanded state; issue 8 §3)."""

CHECK_EVERY = 8
"""Expanded states between two looks at the CPU clock."""

FOUND, EXHAUSTED, HORIZON, BUDGET = "found", "exhausted", "horizon", "budget"
LIMIT_STATES, LIMIT_MEMORY, LIMIT_SECONDS = "states", "memory", "seconds"


class SearchProblem(Protocol[S, A]):
    """What a search needs to know about a problem; every step costs 1.

    ``estimate`` must never exceed the true number of steps to a goal (0 at a
    goal); :data:`UNREACHABLE` prunes a state. ``key`` must be equal for states
    the search may treat as one (equal, or images under a symmetry).
    ``first_move`` names the move an action makes, so that actions which
    differ only in a later choice count as one first move.
    """

    def starts(self) -> Iterable[S]: ...

    def successors(self, state: S) -> Iterable[tuple[A, S]]: ...

    def is_goal(self, state: S) -> bool: ...

    def estimate(self, state: S) -> int: ...

    def key(self, state: S) -> int: ...

    def first_move(self, action: A) -> Hashable: ...


@dataclass(frozen=True, slots=True)
class SearchResult(Generic[S, A]):
    """The outcome of one search: status, a shortest path when found, and its effort."""

    status: str
    cost: int | None
    actions: tuple[A, ...]
    states: tuple[S, ...]  # the start state, then the state after each action
    expanded: int
    generated: int
    seconds: float
    limit: str = ""  # with status budget: which limit stopped it (states, memory, seconds)

    @property
    def found(self) -> bool:
        return self.status == FOUND



def _trace(node: int, node_state: list[S], node_parent: list[int],
           node_action: list[A | None]) -> tuple[tuple[A, ...], tuple[S, ...]]:
    """Actions and states from the start to ``node`` (-1: none), following parents."""
    actions: list[A] = []
    states: list[S] = []
    while node >= 0:
        states.append(node_state[node])
        action = node_action[node]
        if action is not None:
            actions.append(action)
        node = node_parent[node]
    return tuple(reversed(actions)), tuple(reversed(states))

def astar(problem: SearchProblem[S, A], *, budget: int = DEFAULT_BUDGET,
          max_cost: int | None = None, seconds: float | None = None) -> SearchResult[S, A]:
    """A shortest path by A*, expanding at most ``budget`` states, holding at most
    ``STORED_PER_STATE * budget`` in memory and using at most ``seconds`` of CPU
    time (status ``budget`` when one runs out; ``limit`` says which).

    The goal test runs when a state is generated: with unit steps and an
    estimate of at least 1 for every non-goal state, the first goal generated
    lies on a shortest path (the state being expanded has the smallest
    ``g + h`` of the open list, and ``g + h >= g + 1``).
    """
    started = time.perf_counter()
    cpu_deadline = None if seconds is None else time.process_time() + seconds
    stored_at_most = STORED_PER_STATE * budget
    key_of = problem.key
    estimate = problem.estimate
    is_goal = problem.is_goal
    successors = problem.successors
    best: dict[int, int] = {}  # key -> fewest steps found so far
    node_state: list[S] = []
    node_parent: list[int] = []
    node_action: list[A | None] = []
    node_key: list[int] = []
    heap: list[tuple[int, int, int]] = []  # (f, -g, node): deeper first among equal f
    push, pop = heapq.heappush, heapq.heappop
    expanded = generated = 0
    cut = False

    def finish(status: str, node: int = -1, limit: str = "") -> SearchResult[S, A]:
        actions, states = _trace(node, node_state, node_parent, node_action)
        return SearchResult(status, len(actions) if status == FOUND else None, actions, states,
                            expanded, generated, time.perf_counter() - started, limit)

    for state in problem.starts():
        k = key_of(state)
        if k in best:
            continue
        best[k] = 0
        node_state.append(state)
        node_parent.append(-1)
        node_action.append(None)
        node_key.append(k)
        if is_goal(state):
            return finish(FOUND, len(node_state) - 1)
        h = estimate(state)
        if h >= UNREACHABLE:
            continue
        if max_cost is not None and h > max_cost:
            cut = True
            continue
        push(heap, (max(h, 1), 0, len(node_state) - 1))

    while heap:
        _, neg_g, node = pop(heap)
        g = -neg_g
        if best[node_key[node]] < g:
            continue  # a shorter way to this state was found after this entry was pushed
        if expanded >= budget:
            return finish(BUDGET, limit=LIMIT_STATES)
        if len(node_state) > stored_at_most:
            return finish(BUDGET, limit=LIMIT_MEMORY)
        if cpu_deadline is not None and expanded % CHECK_EVERY == 0 \
                and time.process_time() > cpu_deadline:
            return finish(BUDGET, limit=LIMIT_SECONDS)
        expanded += 1
        g1 = g + 1
        for action, child in successors(node_state[node]):
            generated += 1
            k = key_of(child)
            known = best.get(k)
            if known is not None and known <= g1:
                continue
            best[k] = g1
            if is_goal(child):
                node_state.append(child)
                node_parent.append(node)
                node_action.append(action)
                node_key.append(k)
                return finish(FOUND, len(node_state) - 1)
            h = estimate(child)
            if h >= UNREACHABLE:
                continue
            if h < 1:
                h = 1  # not a goal: at least one more step
            if max_cost is not None and g1 + h > max_cost:
                cut = True
                continue
            node_state.append(child)
            node_parent.append(node)
            node_action.append(action)
            node_key.append(k)
            push(heap, (g1 + h, -g1, len(node_state) - 1))
    return finish(HORIZON if cut else EXHAUSTED)


def breadth_first(problem: SearchProblem[S, A], *, budget: int = DEFAULT_BUDGET,
                  max_cost: int | None = None) -> SearchResult[S, A]:
    """A shortest path by plain breadth-first search: no estimate, same answer as
    :func:`astar`, usually far more states. ``budget`` counts expanded states."""
    started = time.perf_counter()
    key_of = problem.key
    is_goal = problem.is_goal
    successors = problem.successors
    seen: set[int] = set()
    node_state: list[S] = []
    node_parent: list[int] = []
    node_action: list[A | None] = []
    expanded = generated = 0

    def finish(status: str, node: int = -1) -> SearchResult[S, A]:
        actions, states = _trace(node, node_state, node_parent, node_action)
        return SearchResult(status, len(actions) if status == FOUND else None, actions, states,
                            expanded, generated, time.perf_counter() - started)

    layer: list[int] = []
    for state in problem.starts():
        k = key_of(state)
        if k in seen:
            continue
        seen.add(k)
        node_state.append(state)
        node_parent.append(-1)
        node_action.append(None)
        if is_goal(state):
            return finish(FOUND, len(node_state) - 1)
        layer.append(len(node_state) - 1)
    depth = 0
    while layer:
        if max_cost is not None and depth >= max_cost:
            return finish(HORIZON)
        nxt: list[int] = []
        for node in layer:
            if expanded >= budget:
                return finish(BUDGET)
            expanded += 1
            for action, child in successors(node_state[node]):
                generated += 1
                k = key_of(child)
                if k in seen:
                    continue
                seen.add(k)
                node_state.append(child)
                node_parent.append(node)
                node_action.append(action)
                if is_goal(child):
                    return finish(FOUND, len(node_state) - 1)
                nxt.append(len(node_state) - 1)
        layer = nxt
        depth += 1
    return finish(EXHAUSTED)


def count_optimal_first_moves(problem: SearchProblem[S, A], cost: int, *,
                              budget: int = DEFAULT_BUDGET,
                              seconds: float | None = None) -> int | None:
    """How many distinct first moves (by ``problem.first_move``) start a path of
    ``cost`` steps to a goal, ``cost`` being the shortest; None when ``budget``
    expanded states do not settle it.

    A breadth-first sweep over the states with ``g + h <= cost`` (every state of
    every shortest path is one of them), carrying for each state the set of first
    moves that reach it; states with one key share their sets, since what one of
    them can reach in the steps left, so can the other.
    """
    if cost <= 0:
        return 0
    cpu_deadline = None if seconds is None else time.process_time() + seconds
    stored_at_most = STORED_PER_STATE * budget
    key_of = problem.key
    estimate = problem.estimate
    is_goal = problem.is_goal
    successors = problem.successors
    index: dict[Hashable, int] = {}  # first move -> its bit
    depth_of: dict[int, int] = {}
    layer: dict[int, tuple[S, int]] = {}
    for start in problem.starts():
        k = key_of(start)
        if k not in layer:
            layer[k] = (start, 0)
            depth_of[k] = 0
    reached = 0
    expanded = 0
    for depth in range(cost):
        nxt: dict[int, tuple[S, int]] = {}
        last = depth + 1 == cost
        for state, moves in layer.values():
            if expanded >= budget or len(depth_of) > stored_at_most:
                return None
            if cpu_deadline is not None and expanded % CHECK_EVERY == 0 \
                    and time.process_time() > cpu_deadline:
                return None
            expanded += 1
            for action, child in successors(state):
                if depth == 0:
                    bit = 1 << index.setdefault(problem.first_move(action), len(index))
                else:
                    bit = moves
                if last:
                    if is_goal(child):
                        reached |= bit
                    continue
                if is_goal(child):
                    continue  # shorter than the shortest: cannot happen, and ends a path
                h = estimate(child)
                if depth + 1 + max(h, 1) > cost:
                    continue
                k = key_of(child)
                seen = depth_of.get(k)
                if seen is not None and seen <= depth:
                    continue  # reached sooner elsewhere: no shortest path comes this way
                depth_of[k] = depth + 1
                entry = nxt.get(k)
                nxt[k] = (child, bit) if entry is None else (entry[0], entry[1] | bit)
        layer = nxt
    return reached.bit_count()


def canonical_key_of(pack: Callable[[S], int], transforms: Sequence[Callable[[S], S]]
                     ) -> Callable[[S], int]:
    """A key function that gives symmetric states one key: the smallest packed image.

    ``transforms`` are the state maps of a symmetry group (the identity may be
    left out); without any, ``pack`` itself is returned, so an asymmetric
    problem pays nothing.

    >>> key = canonical_key_of(lambda s: s, [lambda s: -s])
    >>> key(3) == key(-3) == -3
    True
    """
    if not transforms:
        return pack

    def key(state: S) -> int:
        best = pack(state)
        for transform in transforms:
            k = pack(transform(state))
            if k < best:
                best = k
        return best

    return key


@dataclass(frozen=True, slots=True)
class CountTo:
    """A toy problem for examples and tests: reach ``target`` from 0 by adding 1 or 2.

    Going past the target is a dead end; the estimate is ``ceil(left / 2)``.
    """

    target: int

    def starts(self) -> Iterable[int]:
        return (0,)

    def successors(self, state: int) -> Iterable[tuple[str, int]]:
        return [(f"+{step}", state + step) for step in (2, 1) if state + step <= self.target]

    def is_goal(self, state: int) -> bool:
        return state == self.target

    def estimate(self, state: int) -> int:
        return (self.target - state + 1) // 2

    def key(self, state: int) -> int:
        return state

    def first_move(self, action: str) -> Hashable:
        return action


__all__ = [
    "BUDGET", "DEFAULT_BUDGET", "DEFAULT_SECONDS", "EXHAUSTED", "FOUND", "HORIZON", "LIMIT_MEMORY", "LIMIT_SECONDS",
    "LIMIT_STATES", "STORED_PER_STATE", "UNREACHABLE", "CountTo",
    "SearchProblem", "SearchResult", "astar", "breadth_first", "canonical_key_of",
    "count_optimal_first_moves",
]
