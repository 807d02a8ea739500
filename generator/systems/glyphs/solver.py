"""The per-card solver: the fewest actions that solve one riddle card from a given grid.

An *action* is one basic action (restore one tile; swap two orthogonally
adjacent tiles) or one special action (restore up to two tiles; up to two
horizontal swaps; up to two vertical swaps; one diagonal swap; rotate a
column; rotate a row), each costing 1, any number of times and in any order:
the card's distance from the grid, free of the turn structure. Rewards are
not used.

The search is IDA* (:func:`solve_card`) on two exact reductions:

- *restores commute with moves*: the restored mark travels with its tile,
  so a solution is a sequence of moves followed by ``ceil(c / 2)``
  restore-two actions, where ``c`` counts the cursed tiles of the final
  placement. The search runs over moves only and adds that completion cost;
- *irrelevant tiles are blanks*: only tiles whose symbol the card names (and
  jokers, when the card allows one) matter, so the state is the tuple of
  cells holding ``symbol*2 + restored`` or ``-1``; moves that leave it
  unchanged are skipped and equal states meet in a transposition table.

The heuristic adds a restore bound (the cursed tiles any placement must use,
halved) and a move bound (the slowest tile's :func:`~.board.move_distances`
to its cell, and the mismatched cells and the summed distances over ``max(5, L)``
for a card of ``L`` symbols: one action changes at most ``L`` of the card's cells and
brings each tile at most one step nearer, and ``L <= 5`` on grids up to 5x5),
minimised over placements: admissible, so the answer is optimal. The tests
pin it against :func:`bfs_card`, a plain breadth-first search over the full
actions on small grids.

>>> n = 3
>>> symbol_of = (0, 1, 2, 3, 4, 5, 6, 7, -1)
>>> solve_card(n, tuple(range(9)), 0b111, symbol_of, (1, 0), False).actions
1
>>> bfs_card(n, tuple(range(9)), 0b11, symbol_of, (3, 4, 5), False)  # restore 2, then 1
2
"""
from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations
from random import Random

from generator.systems.glyphs.board import (
    COLUMN,
    DIAGONAL,
    JOKER,
    ORTHOGONAL,
    RESTORE,
    ROW,
    SWAP,
    Step,
    adjacent_pairs,
    apply_steps,
    is_solved,
    move_distances,
    placements,
)

DEFAULT_BUDGET = 20_000
"""States evaluated per card search; past it the answer is a lower bound (``exact`` False)."""
INFINITY = 1 << 30
MOVED_AT_MOST = 5
"""What the heuristic divides its counts of cells by (see the module notes); a card
no longer than that takes the shorter way to the same bound (``_least_far``)."""


@dataclass(frozen=True, slots=True)
class CardSolve:
    """A card's distance: ``actions`` (a lower bound when not ``exact``) and the distinct
    states the search evaluated."""

    actions: int
    exact: bool
    nodes: int


def move_actions(n: int) -> tuple[tuple[Step, ...], ...]:
    """Every move action as steps: one or two horizontal swaps, one or two vertical
    swaps, a diagonal swap, a row or a column rotated either way (two disjoint swaps
    commute, so only one order of them is listed)."""
    out: list[tuple[Step, ...]] = []
    for pairs in (adjacent_pairs(n, ((0, 1),)), adjacent_pairs(n, ((1, 0),))):
        singles = [(SWAP, a, b) for a, b in pairs]
        out.extend((s,) for s in singles)
        for i, first in enumerate(singles):
            for j, second in enumerate(singles):
                disjoint = not {first[1], first[2]} & {second[1], second[2]}
                if i != j and not (disjoint and j < i):
                    out.append((first, second))
    out.extend(((SWAP, a, b),) for a, b in adjacent_pairs(n, DIAGONAL))
    for line in range(n):
        for way in (1, -1):
            out.append(((ROW, line, way),))
            out.append(((COLUMN, line, way),))
    return tuple(out)


def _encode(tiles: tuple[int, ...], restored: int, symbol_of: tuple[int, ...],
            wanted: tuple[int, ...], joker: bool) -> tuple[tuple[int, ...], dict[int, int]]:
    """The reduced state and the symbol -> index map of the card's symbols."""
    index = {s: i for i, s in enumerate(sorted(set(wanted)))}
    if joker:
        index[JOKER] = len(index)
    state = []
    for tile in tiles:
        i = index.get(symbol_of[tile])
        state.append(-1 if i is None else i * 2 + (restored >> tile & 1))
    return tuple(state), index


class _Search:
    """One IDA* search (mutable inside; the answer is a frozen :class:`CardSolve`)."""

    def __init__(self, n: int, wanted: tuple[int, ...], index: dict[int, int], joker: bool,
                 budget: int) -> None:
        self.n = n
        self.cells = placements(n, len(wanted))
        self.want = tuple(index[s] for s in wanted)
        self.joker = index.get(JOKER, -9) if joker else -9
        self.dist = move_distances(n)
        self.lines = (adjacent_pairs(n, ((0, 1),)), adjacent_pairs(n, ((1, 0),)))
        self.diagonals = adjacent_pairs(n, DIAGONAL)
        start = tuple(range(n * n))
        self.rotations = tuple(apply_steps(n, start, 0, ((op, line, way),))[0]
                               for op in (ROW, COLUMN) for line in range(n) for way in (1, -1))
        self.budget = budget
        self.nodes = 0
        self.length = len(wanted)
        self.over = max(MOVED_AT_MOST, self.length)
        """What the counts of cells are divided by: one action changes at most
        ``length`` of the card's cells (a row rotated on a 6x6 grid moves six), and
        never more than five on grids up to 5x5."""
        need: dict[int, int] = {}
        for w in self.want:
            need[w] = need.get(w, 0) + 1
        self.need = need
        self.seen: dict[tuple[int, ...], int] = {}
        self.hcache: dict[tuple[int, ...], int] = {}
        self.pairs = tuple(tuple(zip(cells, self.want)) for cells in self.cells)
        self.symbols = len(index)
        self.none = (INFINITY,) * (n * n)

    def heuristic(self, state: tuple[int, ...]) -> int:
        """Admissible: restore bound + move bound (see the module notes); memoised.

        Per placement, with ``d`` each cell's distance from the nearest tile of its
        symbol and ``j`` from the nearest joker: the move bound is the largest of
        the farthest ``d`` (where a joker may stand in at one cell, the one with the
        largest ``d`` and then the nearest joker, ``max(j, the other d)`` when that
        joker is nearer), the cells not yet right and the summed ``d`` (less the
        best joker's gain) over :attr:`over`. Written as one pass over the cells
        (the tests pin it to the first, plainer write-up, ``reference_heuristic``).
        """
        known = self.hcache.get(state)
        if known is not None:
            return known
        self.nodes += 1
        restored = [0] * self.symbols
        where: list[list[int]] = [[] for _ in range(self.symbols)]
        for cell, code in enumerate(state):
            if code >= 0:
                sym = code >> 1
                where[sym].append(cell)
                if code & 1:
                    restored[sym] += 1
        covered = 0
        for s, k in self.need.items():
            covered += k if restored[s] >= k else restored[s]
        cursed_needed = self.length - covered
        if cursed_needed and self.joker >= 0 and restored[self.joker]:
            cursed_needed -= 1
        dist = self.dist
        none = self.none
        fields = [none] * self.symbols
        for sym in self.need:
            rows = [dist[c] for c in where[sym]]
            if rows:
                fields[sym] = rows[0] if len(rows) == 1 else tuple(map(min, *rows))
        best = INFINITY
        length = self.length
        over = self.over
        if length <= MOVED_AT_MOST:
            best = self._least_far(fields, where)
        elif self.joker >= 0 and where[self.joker]:
            rows = [dist[c] for c in where[self.joker]]
            jf = rows[0] if len(rows) == 1 else tuple(map(min, *rows))
            for pairs in self.pairs:
                total = zeros = 0
                max1 = max2 = -1
                jtop = gain = 0
                jzero = False
                for cell, want in pairs:
                    d = fields[want][cell]
                    j = jf[cell]
                    total += d
                    if d > max1:
                        max2 = max1
                        max1 = d
                        jtop = j
                    else:
                        if d > max2:
                            max2 = d
                        if d == max1 and j < jtop:
                            jtop = j
                    if d - j > gain:
                        gain = d - j
                    if d == 0:
                        zeros += 1
                    elif j == 0:
                        jzero = True
                if max1 > jtop:  # the joker helps most at a farthest cell
                    far = max2 if max2 > jtop else jtop
                else:
                    far = max1
                wrong = length - zeros - jzero
                total -= gain
                bound = far
                if (wrong + over - 1) // over > bound:
                    bound = (wrong + over - 1) // over
                if (total + over - 1) // over > bound:
                    bound = (total + over - 1) // over
                if bound < best:
                    best = bound
        else:
            for pairs in self.pairs:
                total = zeros = 0
                far = -1
                for cell, want in pairs:
                    d = fields[want][cell]
                    total += d
                    if d > far:
                        far = d
                    if d == 0:
                        zeros += 1
                bound = far
                if (length - zeros + over - 1) // over > bound:
                    bound = (length - zeros + over - 1) // over
                if (total + over - 1) // over > bound:
                    bound = (total + over - 1) // over
                if bound < best:
                    best = bound
        value = best + (cursed_needed + 1) // 2
        self.hcache[state] = value
        return value

    def _least_far(self, fields: list[tuple[int, ...]], where: list[list[int]]) -> int:
        """The move bound of :meth:`heuristic` for a card of at most
        :data:`MOVED_AT_MOST` symbols: the least, over placements, of the farthest
        distance (a joker standing in at one cell), a placement given up as soon as
        it cannot beat the best so far.

        The two counts over five never exceed the farthest distance ``far`` then: a
        cell not yet right is 1 over five, and ``far`` is at least 1 when one is
        (two such cells: the second farthest, which ``far`` never undercuts; one:
        its distance, or the joker's when that is nearer, 0 only when the joker is
        on it, which makes it right); the summed distances less the joker's best
        gain are at most ``length * far``, each cell's at most ``far`` (the
        farthest cell's replaced by the joker's distance there)."""
        best = INFINITY
        if self.joker >= 0 and where[self.joker]:
            rows = [self.dist[c] for c in where[self.joker]]
            jf = rows[0] if len(rows) == 1 else tuple(map(min, *rows))
            for pairs in self.pairs:
                max1 = max2 = -1
                jtop = 0
                for cell, want in pairs:
                    d = fields[want][cell]
                    if d > max1:
                        max2 = max1
                        max1 = d
                        jtop = jf[cell]
                    else:
                        if d > max2:
                            max2 = d
                            if max2 >= best:  # ``far`` is at least the second farthest
                                break
                        if d == max1 and jf[cell] < jtop:
                            jtop = jf[cell]
                else:
                    far = (max2 if max2 > jtop else jtop) if max1 > jtop else max1
                    if far < best:
                        best = far
                        if not best:
                            break
            return best
        for pairs in self.pairs:
            far = 0
            for cell, want in pairs:
                d = fields[want][cell]
                if d > far:
                    if d >= best:
                        break
                    far = d
            else:
                best = far
                if not best:
                    break
        return best

    def completion(self, state: tuple[int, ...]) -> int:
        """Restore actions that finish a placement already holding the right symbols
        (INFINITY when none does)."""
        best = INFINITY
        for cells in self.cells:
            cursed = 0
            used = 0
            for cell, want in zip(cells, self.want):
                code = state[cell]
                if code < 0:
                    break
                sym = code >> 1
                if sym != want:
                    if sym != self.joker or used:
                        break
                    used = 1
                cursed += 1 - (code & 1)
            else:
                best = min(best, (cursed + 1) // 2)
        return best

    def children(self, state: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        """The states one move action away, skipping moves that change nothing (a swap of
        two equal cells; a double swap whose second swap changes nothing is the single)."""
        for pairs in self.lines:
            for a, b in pairs:
                if state[a] == state[b]:
                    continue
                once = list(state)
                once[a], once[b] = once[b], once[a]
                yield tuple(once)
                for c, d in pairs:
                    if once[c] != once[d] and (c, d) != (a, b):
                        twice = once.copy()
                        twice[c], twice[d] = twice[d], twice[c]
                        yield tuple(twice)
        for a, b in self.diagonals:
            if state[a] != state[b]:
                once = list(state)
                once[a], once[b] = once[b], once[a]
                yield tuple(once)
        for perm in self.rotations:
            child = tuple(state[i] for i in perm)
            if child != state:
                yield child

    def dfs(self, state: tuple[int, ...], g: int, bound: int) -> int:
        """-1 when a solution of cost <= bound exists below; else the least f above bound."""
        f = g + self.heuristic(state)
        if f > bound:
            return f
        done = g + self.completion(state)
        if done <= bound:
            return -1
        least = done
        if self.nodes >= self.budget:
            return least
        seen = self.seen
        ranked = []
        for child in self.children(state):
            if seen.get(child, INFINITY) <= g + 1:
                continue
            seen[child] = g + 1
            h = self.heuristic(child)
            if g + 1 + h > bound:
                least = min(least, g + 1 + h)
                continue
            ranked.append((h, child))
        ranked.sort()
        for _, child in ranked:
            found = self.dfs(child, g + 1, bound)
            if found < 0:
                return -1
            least = min(least, found)
            if self.nodes >= self.budget:
                break
        return least


def solve_card(n: int, tiles: tuple[int, ...], restored: int, symbol_of: tuple[int, ...],
               wanted: tuple[int, ...], joker: bool, budget: int = DEFAULT_BUDGET) -> CardSolve:
    """The fewest actions solving a card asking for ``wanted`` (``joker``: one joker may
    stand in) from this grid. ``actions`` is INFINITY when the tiles cannot spell it."""
    state, index = _encode(tiles, restored, symbol_of, wanted, joker)
    if len(wanted) > n or not _spellable(state, wanted, index, joker):
        return CardSolve(INFINITY, True, 0)
    search = _Search(n, wanted, index, joker, budget)
    bound = search.heuristic(state)
    while True:
        search.seen = {state: 0}
        found = search.dfs(state, 0, bound)
        if found < 0:
            return CardSolve(bound, True, search.nodes)
        if search.nodes >= search.budget or found >= INFINITY:
            return CardSolve(bound, False, search.nodes)
        bound = found


def _spellable(state: tuple[int, ...], wanted: tuple[int, ...], index: dict[int, int],
               joker: bool) -> bool:
    counts: dict[int, int] = {}
    for code in state:
        if code >= 0:
            counts[code >> 1] = counts.get(code >> 1, 0) + 1
    missing = 0
    for sym in set(wanted):
        missing += max(0, wanted.count(sym) - counts.get(index[sym], 0))
    spare = min(1, counts.get(index[JOKER], 0)) if joker else 0
    return missing <= spare


# -- the slow reference -------------------------------------------------------------------


def iter_full_actions(n: int, tiles: tuple[int, ...], restored: int
                      ) -> Iterator[tuple[Step, ...]]:
    """Every action of the turn's menu on this grid, as steps (restores included)."""
    cursed = [t for t in tiles if not restored >> t & 1]
    for t in cursed:
        yield ((RESTORE, t, 0),)
    for a, b in combinations(cursed, 2):
        yield ((RESTORE, a, 0), (RESTORE, b, 0))
    for a, b in adjacent_pairs(n, ORTHOGONAL):
        yield ((SWAP, a, b),)
    yield from move_actions(n)


def bfs_card(n: int, tiles: tuple[int, ...], restored: int, symbol_of: tuple[int, ...],
             wanted: tuple[int, ...], joker: bool, limit: int = 6) -> int | None:
    """The reference: plain breadth-first search over full grids and every action
    (no reduction, no heuristic). None when nothing within ``limit`` actions solves it."""
    jokers = 1 if joker else 0
    start = (tiles, restored)
    if is_solved(n, tiles, restored, symbol_of, wanted, jokers):
        return 0
    seen = {start}
    frontier = deque([(start, 0)])
    while frontier:
        (t, r), depth = frontier.popleft()
        if depth >= limit:
            continue
        for steps in iter_full_actions(n, t, r):
            child = apply_steps(n, t, r, steps)
            if child in seen:
                continue
            if is_solved(n, child[0], child[1], symbol_of, wanted, jokers):
                return depth + 1
            seen.add(child)
            frontier.append((child, depth + 1))
    return None


__all__ = ["CardDifficulty", "CardSolve", "DEFAULT_BUDGET", "card_difficulty", "shuffled_grid", "INFINITY", "bfs_card", "iter_full_actions",
           "move_actions", "solve_card"]


# -- card difficulty ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardDifficulty:
    """A card's minimum actions over seeded shuffled grids: each grid's answer, and how
    many of them the search proved (the others are lower bounds)."""

    card: str
    actions: tuple[int, ...]
    exact: int

    @property
    def mean(self) -> float:
        return sum(self.actions) / len(self.actions) if self.actions else 0.0


def shuffled_grid(cells: int, pattern: int, rng: Random) -> tuple[tuple[int, ...], int]:
    """Tiles shuffled onto the cells, the pattern's cells restored (as at set-up)."""
    order = list(range(cells))
    rng.shuffle(order)
    tiles = tuple(order)
    restored = 0
    for cell, tile in enumerate(tiles):
        if pattern >> cell & 1:
            restored |= 1 << tile
    return tiles, restored


def card_difficulty(n: int, symbol_of: tuple[int, ...], card: str, wanted: tuple[int, ...],
                    joker: bool, pattern: int, grids: int, seed: int,
                    budget: int = DEFAULT_BUDGET) -> CardDifficulty:
    """:func:`solve_card` from ``grids`` grids shuffled by ``Random(f"{seed}:{card}:{i}")``."""
    actions = []
    exact = 0
    for i in range(grids):
        tiles, restored = shuffled_grid(len(symbol_of), pattern, Random(f"{seed}:{card}:{i}"))
        found = solve_card(n, tiles, restored, symbol_of, wanted, joker, budget)
        actions.append(found.actions)
        exact += found.exact
    return CardDifficulty(card, tuple(actions), exact)
