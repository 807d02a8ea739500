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

import gc
import heapq
import time
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from contextlib import contextmanager
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

STORED_PER_STATE = 10
"""States a search may hold in memory per state of its budget: with the node
budget this bounds memory (a wide position can generate hundreds of children
per expanded state; issue 8 §3)."""

STORED_AT_MOST = 1_000_000
"""States a search holds at most, whatever its budget (about a gigabyte)."""


def stored_limit(budget: int) -> int:
    """States a search with node budget ``budget`` may hold in memory.

    >>> stored_limit(20_000), stored_limit(10**9)
    (200000, 1000000)
    """
    return min(STORED_PER_STATE * budget, STORED_AT_MOST)

CHECK_EVERY = 8
"""Expanded states between two looks at the clock."""


class CpuCap:
    """A CPU-seconds cap that reads the CPU clock only when it may have run out.

    Reading the process's CPU time can cost milliseconds on some systems, the
    wall clock next to nothing; a single-threaded search never spends more CPU
    time than wall time, so the CPU clock is read only once the wall clock
    says the cap could be reached.

    >>> CpuCap(None).spent(), CpuCap(60.0).spent()
    (False, False)
    """

    __slots__ = ("seconds", "look", "cpu")

    def __init__(self, seconds: float | None) -> None:
        self.seconds = seconds
        self.look = time.perf_counter() + (seconds or 0.0)  # the CPU clock's next reading
        self.cpu = time.process_time() if seconds is not None else 0.0

    def spent(self) -> bool:
        """True once the search has used its CPU seconds."""
        if self.seconds is None:
            return False
        now = time.perf_counter()
        if now < self.look:
            return False
        used = time.process_time() - self.cpu
        if used > self.seconds:
            return True
        self.look = now + (self.seconds - used)  # CPU time grows no faster than wall time
        return False

@contextmanager
def cyclic_gc_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector for the ``with`` block, then restore it.

    A search allocates millions of small tuples that form no reference cycles
    and are freed by reference counting; the collector's passes over the
    growing open list and transposition table only cost time (a fifth to a
    third of a riddle proof's CPU time, ``benchmarks/solver.py``). Nested
    pauses leave the collector off until the outermost one ends.

    >>> with cyclic_gc_paused():
    ...     gc.isenabled()
    False
    """
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


FOUND, EXHAUSTED, HORIZON, BUDGET = "found", "exhausted", "horizon", "budget"
LIMIT_STATES, LIMIT_MEMORY, LIMIT_SECONDS = "states", "memory", "seconds"
LIMIT_CHILDREN = "children"
"""A search stopped by its cap on generated states (``astar(children=...)``): one
expansion may generate hundreds of thousands of children (a god that walks every
worker), so a cap on expansions alone does not bound the work."""


class SearchProblem(Protocol[S, A]):
    """What a search needs to know about a problem; every step costs 1.

    ``estimate`` must never exceed the true number of steps to a goal (0 at a
    goal); :data:`UNREACHABLE` prunes a state. ``key`` must be equal for states
    the search may treat as one (equal, or images under a symmetry).
    ``first_move`` names the move an action makes from a start state, so that
    actions which differ only in a later choice count as one first move, and one
    move reached from two starts (or listed at two places) counts once.
    A problem may also have ``estimate_within(state, limit)``: the estimate when it
    is at most ``limit``, otherwise any value above ``limit`` and not above the
    estimate (:func:`count_optimal_first_moves` only asks whether a state fits).
    """

    def starts(self) -> Iterable[S]: ...

    def successors(self, state: S) -> Iterable[tuple[A, S]]: ...

    def is_goal(self, state: S) -> bool: ...

    def estimate(self, state: S) -> int: ...

    def key(self, state: S) -> int: ...

    def first_move(self, state: S, action: A) -> Hashable: ...


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
          max_cost: int | None = None, seconds: float | None = None,
          cap: CpuCap | None = None, children: int | None = None) -> SearchResult[S, A]:
    """A shortest path by A*, expanding at most ``budget`` states, holding at most
    :func:`stored_limit` states in memory and using at most ``seconds`` of CPU
    time (status ``budget`` when one runs out; ``limit`` says which).

    The goal test runs when a state is generated: with unit steps and an
    estimate of at least 1 for every non-goal state, the first goal generated
    lies on a shortest path (the state being expanded has the smallest
    ``g + h`` of the open list, and ``g + h >= g + 1``). ``cap`` shares one
    CPU-seconds cap between several searches (``seconds`` is then ignored).
    ``children`` caps the states generated (limit :data:`LIMIT_CHILDREN`): unlike
    the CPU cap it stops the search at the same state on every machine.

    On the last step ``max_cost`` allows, a child that is not a goal is cut
    without storing it; its estimate is asked only while no state has been cut
    yet, and only for a state not reached before (the status tells ``horizon``
    from ``exhausted``, nothing else reads it).
    """
    with cyclic_gc_paused():
        return _astar(problem, budget, max_cost, seconds, cap, children)


def _astar(problem: SearchProblem[S, A], budget: int, max_cost: int | None,
           seconds: float | None, cap: CpuCap | None,
           children: int | None = None) -> SearchResult[S, A]:
    started = time.perf_counter()
    cap = cap or CpuCap(seconds)
    stored_at_most = stored_limit(budget)
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

    def store(state: S, parent: int, action: A | None, k: int) -> int:
        """Keep ``state`` as a node (reached from ``parent`` by ``action``); its index."""
        node_state.append(state)
        node_parent.append(parent)
        node_action.append(action)
        node_key.append(k)
        return len(node_state) - 1

    for state in problem.starts():
        k = key_of(state)
        if k in best:
            continue
        best[k] = 0
        start = store(state, -1, None, k)
        if is_goal(state):
            return finish(FOUND, start)
        h = estimate(state)
        if h >= UNREACHABLE:
            continue
        h = max(h, 1)  # not a goal: at least one step (max_cost 0 leaves only goal starts)
        if max_cost is not None and h > max_cost:
            cut = True
            continue
        push(heap, (h, 0, start))

    while heap:
        _, neg_g, node = pop(heap)
        g = -neg_g
        if best[node_key[node]] < g:
            continue  # a shorter way to this state was found after this entry was pushed
        if expanded >= budget:
            return finish(BUDGET, limit=LIMIT_STATES)
        if len(node_state) > stored_at_most:
            return finish(BUDGET, limit=LIMIT_MEMORY)
        if expanded % CHECK_EVERY == 0 and cap.spent():
            return finish(BUDGET, limit=LIMIT_SECONDS)
        expanded += 1
        g1 = g + 1
        last = max_cost is not None and g1 >= max_cost  # only a goal child can count
        for action, child in successors(node_state[node]):
            generated += 1
            if children is not None and generated > children:
                return finish(BUDGET, limit=LIMIT_CHILDREN)
            k = key_of(child)
            if last:
                if is_goal(child):
                    return finish(FOUND, store(child, node, action, k))
                if not cut and k not in best and estimate(child) < UNREACHABLE:
                    cut = True
                continue
            known = best.get(k)
            if known is not None and known <= g1:
                continue
            best[k] = g1
            if is_goal(child):
                return finish(FOUND, store(child, node, action, k))
            h = estimate(child)
            if h >= UNREACHABLE:
                continue
            if h < 1:
                h = 1  # not a goal: at least one more step
            if max_cost is not None and g1 + h > max_cost:
                cut = True
                continue
            push(heap, (g1 + h, -g1, store(child, node, action, k)))
    return finish(HORIZON if cut else EXHAUSTED)


def breadth_first(problem: SearchProblem[S, A], *, budget: int = DEFAULT_BUDGET,
                  max_cost: int | None = None) -> SearchResult[S, A]:
    """A shortest path by plain breadth-first search: no estimate, same answer as
    :func:`astar`, usually far more states. ``budget`` counts expanded states."""
    with cyclic_gc_paused():
        return _breadth_first(problem, budget, max_cost)


def _breadth_first(problem: SearchProblem[S, A], budget: int,
                   max_cost: int | None) -> SearchResult[S, A]:
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


COUNT_DEPTH_AT_MOST = 400
"""Longest shortest path whose first moves are counted (the depth-first search
recurses once per step; longer paths come back uncounted, never as an error)."""


class _Stop(Exception):
    """The budget or the CPU cap ran out while counting (unwinds the depth-first search)."""


def count_optimal_first_moves(problem: SearchProblem[S, A], cost: int, *,
                              budget: int = DEFAULT_BUDGET, seconds: float | None = None,
                              line: Sequence[S] = (), children: int | None = None) -> int | None:
    """How many distinct first moves (by ``problem.first_move``) start a path of
    ``cost`` steps to a goal, ``cost`` being the shortest; None when ``budget``
    expanded states, ``children`` generated ones (None: no such cap; the cap that binds
    where one expansion lists a whole Hermes turn) or ``seconds`` of CPU time do not
    settle it, or when ``cost`` exceeds :data:`COUNT_DEPTH_AT_MOST`.

    One depth-first search with a transposition table answers "does this state
    reach a goal within ``k`` steps?" for every first move's states, pruned by
    the estimate (asked with the steps left as its limit, see :class:`SearchProblem`),
    trying the children with the smallest estimate first. Every
    answer is a fact about the state's key that later questions reuse:

    - *yes* at depth ``d`` (``k = cost - d``) means exactly ``k`` steps are left,
      since no start reaches a goal in fewer than ``cost`` steps; ``line`` (the
      states of a shortest path, start first) seeds these exact distances;
    - *no* means more than ``k`` steps are left: a lower bound that prunes the
      state whenever it is asked again with ``k`` or fewer steps.

    So no state is expanded twice for the same question, and a first move that
    joins a known shortest line is proven as soon as it reaches it. The states
    expanded are those with ``g + h <= cost`` that a refutation needs, plus one
    line per proven first move.
    """
    with cyclic_gc_paused():
        return _count_optimal_first_moves(problem, cost, budget, seconds, line, children)


def _count_optimal_first_moves(problem: SearchProblem[S, A], cost: int, budget: int,
                               seconds: float | None, line: Sequence[S],
                               children: int | None = None) -> int | None:
    if cost <= 0:
        return 0
    if cost > COUNT_DEPTH_AT_MOST:
        return None
    cap = CpuCap(seconds)
    key_of = problem.key
    estimate = _estimate_within(problem)
    is_goal = problem.is_goal
    successors = problem.successors
    exact: dict[int, int] = {}  # key -> steps left (proven)
    lower: dict[int, int] = {}  # key -> more steps than this are left (refuted)
    for i, state in enumerate(line):
        exact.setdefault(key_of(state), cost - i)
    expanded = 0
    generated = 0
    most = children if children is not None else -1

    def settled(key: int, k: int) -> bool | None:
        """Whether the state of ``key`` reaches a goal in ``k`` steps, if already known."""
        known = exact.get(key)
        if known is not None:
            return known <= k
        return False if lower.get(key, 0) >= k else None

    def within(state: S, key: int, k: int) -> bool:
        """True when ``state`` (not a goal, ``1 <= k``) reaches a goal in ``k`` steps."""
        nonlocal expanded, generated
        if expanded >= budget or (expanded % CHECK_EVERY == 0 and cap.spent()):
            raise _Stop
        expanded += 1
        k1 = k - 1
        open_children: list[tuple[int, int, S, int]] = []
        for _, child in successors(state):
            generated += 1
            if generated == most:
                raise _Stop
            if is_goal(child):
                exact[key] = k
                return True
            if k1 <= 0:
                continue
            h = estimate(child, k1)  # before the key: most children are refuted by it alone
            if h > k1:
                continue
            ck = key_of(child)
            ok = settled(ck, k1)
            if ok is not None:
                if ok:
                    exact[key] = k
                    return True
                continue
            open_children.append((h, len(open_children), child, ck))
        open_children.sort()
        for _, _, child, ck in open_children:
            ok = settled(ck, k1)  # learned since the child was listed?
            if ok is False:
                continue
            if ok or within(child, ck, k1):
                exact[key] = k
                return True
        lower[key] = k
        return False

    moves: dict[Hashable, list[S]] = {}
    starts: set[S] = set()
    for start in problem.starts():
        # Each distinct start, not each key: two starts that are images of each other
        # under a symmetry share a key, but their first moves are different moves.
        if start in starts:
            continue
        starts.add(start)
        for action, child in successors(start):
            generated += 1
            if generated == most:
                return None
            moves.setdefault(problem.first_move(start, action), []).append(child)
    count = 0
    try:
        for firsts in moves.values():
            for child in firsts:
                if is_goal(child):
                    ok = cost == 1
                elif cost == 1:
                    ok = False
                else:
                    ck = key_of(child)
                    known = settled(ck, cost - 1)
                    if known is not None:
                        ok = known
                    else:
                        ok = estimate(child, cost - 1) <= cost - 1 and within(child, ck,
                                                                              cost - 1)
                if ok:
                    count += 1
                    break
    except _Stop:
        return None
    return count


def _estimate_within(problem: SearchProblem[S, A]) -> Callable[[S, int], int]:
    """The problem's ``estimate_within(state, limit)`` when it has one, else its
    estimate: the estimate when at most ``limit``, otherwise any admissible value
    above ``limit`` (a problem may then skip the costlier parts of its bound)."""
    within: Callable[[S, int], int] | None = getattr(problem, "estimate_within", None)
    if within is not None:
        return within
    estimate = problem.estimate
    return lambda state, limit: estimate(state)


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

    def first_move(self, state: int, action: str) -> Hashable:
        return action


__all__ = [
    "BUDGET", "DEFAULT_BUDGET", "DEFAULT_SECONDS", "EXHAUSTED", "FOUND", "HORIZON", "LIMIT_CHILDREN", "LIMIT_MEMORY", "LIMIT_SECONDS",
    "LIMIT_STATES", "STORED_AT_MOST", "STORED_PER_STATE", "stored_limit", "UNREACHABLE", "CountTo",
    "SearchProblem", "SearchResult", "astar", "breadth_first", "canonical_key_of",
    "count_optimal_first_moves", "cyclic_gc_paused",
]
