"""The generic search framework: A* against breadth-first search on mazes, statuses,
budgets, symmetry keys and the count of optimal first moves."""
from __future__ import annotations

import gc
import random
from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field

import pytest

from generator.sim.search import (
    cyclic_gc_paused,
    BUDGET,
    EXHAUSTED,
    FOUND,
    HORIZON,
    UNREACHABLE,
    CountTo,
    astar,
    breadth_first,
    canonical_key_of,
    count_optimal_first_moves,
)

Cell = tuple[int, int]


@dataclass(frozen=True)
class Maze:
    """Walk a grid from ``start`` to ``goal`` around walls, one step (4 directions) a turn."""

    width: int
    height: int
    walls: frozenset[Cell]
    start: Cell
    goal: Cell
    estimates: list[int] = field(default_factory=list, compare=False)

    def starts(self) -> Iterable[Cell]:
        return (self.start,)

    def successors(self, cell: Cell) -> Iterable[tuple[str, Cell]]:
        x, y = cell
        for name, (dx, dy) in (("E", (1, 0)), ("S", (0, 1)), ("W", (-1, 0)), ("N", (0, -1))):
            nxt = (x + dx, y + dy)
            if 0 <= nxt[0] < self.width and 0 <= nxt[1] < self.height \
                    and nxt not in self.walls:
                yield name, nxt

    def is_goal(self, cell: Cell) -> bool:
        return cell == self.goal

    def estimate(self, cell: Cell) -> int:
        h = abs(cell[0] - self.goal[0]) + abs(cell[1] - self.goal[1])
        self.estimates.append(h)
        return h

    def key(self, cell: Cell) -> int:
        return cell[1] * self.width + cell[0]

    def first_move(self, state: Cell, action: str) -> Hashable:
        return action


def random_maze(seed: int, size: int = 9, density: float = 0.3) -> Maze:
    rng = random.Random(seed)
    cells = [(x, y) for x in range(size) for y in range(size)]
    walls = frozenset(c for c in cells if rng.random() < density) - {(0, 0), (size - 1, size - 1)}
    return Maze(size, size, walls, (0, 0), (size - 1, size - 1))


def test_the_toy_problem() -> None:
    problem = CountTo(7)
    result = astar(problem)
    assert result.status == FOUND and result.found and result.cost == 4
    assert result.states[0] == 0 and result.states[-1] == 7 and len(result.states) == 5
    assert breadth_first(problem).cost == 4
    # 7 = four steps of 2,2,2,1 in any order: both +1 and +2 start a shortest path.
    assert count_optimal_first_moves(problem, 4) == 2
    assert count_optimal_first_moves(CountTo(8), 4) == 1  # only 2+2+2+2


@pytest.mark.parametrize("seed", range(40))
def test_astar_agrees_with_breadth_first_on_mazes(seed: int) -> None:
    maze = random_maze(seed)
    a, b = astar(maze), breadth_first(maze)
    assert a.status == b.status
    assert a.cost == b.cost
    if a.found:
        assert a.expanded <= b.expanded
        cell = maze.start
        for (action, _), state in zip([(x, None) for x in a.actions], a.states[1:]):
            cell = dict(maze.successors(cell))[action]
            assert cell == state
        assert cell == maze.goal
    else:
        assert a.status == EXHAUSTED and a.actions == () and a.cost is None


def test_the_estimate_saves_work_on_an_open_field() -> None:
    maze = Maze(12, 12, frozenset(), (0, 0), (11, 11))
    a, b = astar(maze), breadth_first(maze)
    assert a.cost == b.cost == 22
    assert a.expanded * 5 < b.expanded


def test_budget_and_horizon() -> None:
    maze = Maze(12, 12, frozenset(), (0, 0), (11, 11))
    assert astar(maze, budget=5).status == BUDGET
    assert breadth_first(maze, budget=5).status == BUDGET
    assert astar(maze, max_cost=10).status == HORIZON
    assert breadth_first(maze, max_cost=10).status == HORIZON
    assert astar(maze, max_cost=22).cost == 22


def test_no_path_longer_than_max_cost() -> None:
    """A start that is not a goal, with an estimate of 0, and ``max_cost`` 0: A* found
    a 1-step path (the start was kept because its estimate, not 1, was compared with
    ``max_cost``; found by ``tests/systems/riddle/reference_truth.py`` on a riddle
    whose goal is ``within: 1``)."""
    @dataclass(frozen=True)
    class Blind(CountTo):
        def estimate(self, state: int) -> int:
            return 0

    assert astar(Blind(1), max_cost=0).status == HORIZON
    assert breadth_first(Blind(1), max_cost=0).status == HORIZON
    assert astar(Blind(1), max_cost=1).cost == 1
    for target in range(4):
        for max_cost in range(5):
            a, b = astar(Blind(target), max_cost=max_cost), breadth_first(Blind(target),
                                                                          max_cost=max_cost)
            assert (a.status, a.cost) == (b.status, b.cost), (target, max_cost)


def test_unreachable_estimates_prune() -> None:
    @dataclass(frozen=True)
    class Pruned(CountTo):
        def estimate(self, state: int) -> int:
            return UNREACHABLE if state == 2 else super().estimate(state)

    result = astar(Pruned(4))
    assert result.cost == 3 and 2 not in result.states  # 1+2+1 or 1+1+2 around it


def test_several_starts_and_a_goal_at_the_start() -> None:
    @dataclass(frozen=True)
    class TwoStarts(CountTo):
        def starts(self) -> Iterable[int]:
            return (0, 3)

    assert astar(TwoStarts(5)).cost == 1
    assert astar(TwoStarts(3)).cost == 0 and astar(TwoStarts(3)).actions == ()
    assert breadth_first(TwoStarts(5)).cost == 1


def test_count_optimal_first_moves_on_an_open_field() -> None:
    maze = Maze(4, 4, frozenset(), (0, 0), (3, 3))
    assert count_optimal_first_moves(maze, 6) == 2  # east or south
    assert count_optimal_first_moves(Maze(4, 4, frozenset({(1, 0)}), (0, 0), (3, 3)), 6) == 1
    assert count_optimal_first_moves(maze, 6, budget=1) is None


def test_canonical_keys_merge_mirror_images() -> None:
    # A line of cells 0..8 mirrored at 4: reaching 3 and 5 is the same to the search.
    @dataclass(frozen=True)
    class Line:
        def starts(self) -> Iterable[int]:
            return (4,)

        def successors(self, s: int) -> Iterable[tuple[int, int]]:
            return [(d, s + d) for d in (-1, 1) if 0 <= s + d <= 8]

        def is_goal(self, s: int) -> bool:
            return s in (0, 8)

        def estimate(self, s: int) -> int:
            return min(s, 8 - s)

        def key(self, s: int) -> int:
            return canonical_key_of(lambda x: x, [lambda x: 8 - x])(s)

        def first_move(self, state: int, action: int) -> Hashable:
            return action

    line = Line()
    assert line.key(3) == line.key(5) == 3
    result = astar(line)
    assert result.cost == 4 and result.generated < 8
    assert canonical_key_of(abs, []) is abs


def exact_distances(maze: Maze) -> dict[Cell, int]:
    """Steps from every cell to the goal, by breadth-first search backwards (the
    maze's steps are symmetric): the slow, obvious reference for counting."""
    dist = {maze.goal: 0}
    frontier = [maze.goal]
    while frontier:
        nxt = []
        for cell in frontier:
            for _, other in maze.successors(cell):
                if other not in dist:
                    dist[other] = dist[cell] + 1
                    nxt.append(other)
        frontier = nxt
    return dist


class BlindMaze(Maze):
    """A maze whose estimate says nothing (1 off the goal): the count must still be exact."""

    def estimate(self, cell: Cell) -> int:
        return 0 if cell == self.goal else 1


@pytest.mark.parametrize("seed", range(60))
def test_counting_first_moves_agrees_with_exact_distances(seed: int) -> None:
    """The depth-first count with its transposition table against the definition: a
    first move is optimal when its cell lies exactly one step less from the goal."""
    size = 4 + seed % 5
    base = random_maze(seed, size=size, density=0.25)
    dist = exact_distances(base)
    if base.start not in dist:
        return
    cost = dist[base.start]
    expected = sum(1 for _, cell in base.successors(base.start) if dist.get(cell) == cost - 1)
    for maze in (base, BlindMaze(base.width, base.height, base.walls, base.start, base.goal)):
        assert count_optimal_first_moves(maze, cost) == expected
        line = astar(maze).states
        assert count_optimal_first_moves(maze, cost, line=line) == expected


def test_searches_pause_the_cyclic_collector_and_restore_it() -> None:
    """A search runs with the cyclic collector paused, and leaves it as it found it
    (on, or off when the caller had turned it off), also when the search raises."""
    seen: list[bool] = []

    class Watched(CountTo):
        def estimate(self, state: int) -> int:
            seen.append(gc.isenabled())
            return super().estimate(state)

    assert gc.isenabled()
    astar(Watched(6))
    breadth_first(Watched(6))
    count_optimal_first_moves(Watched(6), 3)
    assert seen and not any(seen) and gc.isenabled()
    gc.disable()
    try:
        astar(Watched(6))
        assert not gc.isenabled()
    finally:
        gc.enable()
    with pytest.raises(ZeroDivisionError):
        with cyclic_gc_paused():
            raise ZeroDivisionError
    assert gc.isenabled()
