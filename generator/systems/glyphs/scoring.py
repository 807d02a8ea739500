"""The planner's scorer: how far the revealed riddle cards are from solved, fast.

:class:`Board` holds what the scorer reads of one table (move distances, the
tiles of each symbol, compiled targets, the jokers' distance fields);
:class:`Scorer` scores grids for one set of targets, a grid made from its
parent by counting again only what the change touched. The planning policy
(:mod:`.policies`) asks it for every grid its beam search meets. The tests pin
both to the slow planner they replaced (``tests/systems/glyphs/
reference_planner.py``).
"""
from __future__ import annotations

from generator.systems.glyphs.board import COLUMN, JOKER, ROW, SWAP, Step, move_distances, placements
from generator.systems.glyphs.model import Table

SOLVED_BONUS = 6.0
RESTORED_WEIGHT = 0.05
SOLVED_LOOKUP = 3

Target = tuple[tuple[int, ...], tuple[int, ...], int]
"""(cells, wanted symbols, jokers allowed) of one placement of one revealed card."""


Compiled = tuple[tuple[tuple[int, tuple[int, ...], tuple[int, ...]], ...], int]
"""A target as (cell, move distances from the cell, tiles of the wanted symbol) per
cell, and whether a joker fits."""


class Board:
    """What the fast scorer reads of one table: the move distances, the tiles of each
    symbol, and every target compiled once."""

    __slots__ = ("table", "symbol_of", "dist", "tiles_of", "jokers", "joker_mask", "reach",
                 "no_joker", "joker_fields", "key_bits", "compiled", "by_length")

    def __init__(self, table: Table) -> None:
        self.table = table
        self.symbol_of = table.symbol_of
        self.dist = move_distances(table.n)
        tiles_of: dict[int, list[int]] = {}
        for tile, symbol in enumerate(table.symbol_of):
            tiles_of.setdefault(symbol, []).append(tile)
        self.tiles_of = {symbol: tuple(found) for symbol, found in tiles_of.items()}
        self.jokers = self.tiles_of.get(JOKER, ())
        self.joker_mask = sum(1 << tile for tile in self.jokers)
        cells = range(len(table.symbol_of))
        # reach[restored][cell]: for a tile on ``cell``, each cell's distance from it
        # plus the tile's restore (1 while ``restored`` is 0).
        self.reach = tuple(tuple(tuple(self.dist[c][cell] + 1 - face for c in cells)
                                 for cell in cells) for face in (0, 1))
        self.no_joker = (99,) * len(table.symbol_of)
        self.joker_fields: dict[int, tuple[int, ...]] = {}
        self.key_bits = (2 * len(table.symbol_of)).bit_length()
        self.compiled: dict[Target, Compiled] = {}
        self.by_length: dict[int, tuple[tuple[tuple[int, ...], ...], ...]] = {}

    def runs(self, length: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """For each cell, the cells after it of each placement of ``length`` it opens
        (rightward, then downward)."""
        known = self.by_length.get(length)
        if known is None:
            n = self.table.n
            known = tuple(tuple(run[1:] for run in placements(n, length) if run[0] == cell)
                          for cell in range(n * n))
            self.by_length[length] = known
        return known

    def compile(self, target: Target) -> Compiled:
        known = self.compiled.get(target)
        if known is None:
            cells, wanted, joker = target
            known = (tuple((cell, self.dist[cell], self.tiles_of.get(want, ()))
                           for cell, want in zip(cells, wanted)), joker)
            self.compiled[target] = known
        return known

    def fitting_mask(self, target: Target) -> int:
        """The bits of the tiles that may fill a cell of ``target``."""
        _, wanted, joker = target
        mask = self.joker_mask if joker else 0
        for want in wanted:
            for tile in self.tiles_of.get(want, ()):
                mask |= 1 << tile
        return mask

    def joker_field(self, restored: int, pos: list[int]) -> tuple[int, ...]:
        """For each cell, the least distance plus restore of a joker to it (99: no joker);
        remembered by the jokers' cells and faces (a game meets few of them)."""
        key = 0
        bits = self.key_bits
        for tile in self.jokers:
            key = (key << bits) | pos[tile] << 1 | (restored >> tile & 1)
        known = self.joker_fields.get(key)
        if known is None:
            rows = [self.reach[restored >> tile & 1][pos[tile]] for tile in self.jokers]
            if not rows:
                known = self.no_joker
            else:
                known = rows[0] if len(rows) == 1 else tuple(map(min, *rows))
            self.joker_fields[key] = known
        return known


class Scorer:
    """:meth:`Planner.score` for one set of targets, fast: each target's cells are read
    with their move distances and fitting tiles looked up once, tiles are found by an
    inverse of the grid rather than a scan, "solved" is read only from the tiles that
    can open a card's sequence, and every grid scored is remembered (a plan meets the
    same grids again: ranking the single swaps, then growing the beam with them).

    A grid scored from its parent (:meth:`score_after`) counts again only the cards
    whose fitting tiles (the tiles of their symbols, and the jokers when one may
    stand in) the change moved or turned: a card's cost and its "solved" read
    nothing else. (A cell holding a fitting tile costs that tile's curse, 0 or 1,
    which no other fitting tile, a move or more away, can beat: so a cell's cost is
    the least, over the fitting tiles, of distance plus curse, whichever tile is on
    the cell.)

    A card's term is also remembered by what it reads: the cells and faces of its
    fitting tiles, a field of the grid's *code* (each tile's ``cell * 2 + face``
    at bits of its own, kept up to date change by change), so two grids alike
    for the card share one count. The code is also the key of the grids scored.

    The tests pin it to the slow planner it replaced (``tests/systems/glyphs/
    reference_planner.py``): the same scores, the same decisions in whole games.
    """

    __slots__ = ("board", "cards", "by_card", "masks", "fields", "parts", "bits", "memo", "last")

    Entry = tuple[float, list[int], list[float], tuple[int, ...], int]
    """A scored grid: its score, each tile's cell, each card's term of the score, the
    jokers' :meth:`Board.joker_field` and the grid's code."""

    def __init__(self, board: Board, targets: list[list[Target]]) -> None:
        self.board = board
        self.cards = [(len(options), options[0][1] if options else (),
                       options[0][2] if options else 0) for options in targets]
        self.by_card = [tuple(board.compile(target) for target in options)
                        for options in targets]
        # The bits of the tiles that could fill any cell of a card's targets: a change
        # moving or turning none of them leaves the card's term alone.
        self.masks: list[int] = []
        # The same tiles' fields of the grid's code, and each card's terms by them.
        self.bits = bits = board.key_bits
        self.fields: list[int] = []
        for options in targets:
            mask = 0
            for target in options:
                mask |= board.fitting_mask(target)
            self.masks.append(mask)
            self.fields.append(sum(((1 << bits) - 1) << (bits * tile)
                                   for tile in range(len(board.symbol_of)) if mask >> tile & 1))
        self.parts: list[dict[int, float]] = [{} for _ in targets]
        self.memo: dict[int, Scorer.Entry] = {}
        self.last: tuple[tuple[int, ...], int, Scorer.Entry] | None = None

    @staticmethod
    def positions(tiles: tuple[int, ...]) -> list[int]:
        """Tile number -> its cell."""
        pos = [0] * len(tiles)
        for cell, tile in enumerate(tiles):
            pos[tile] = cell
        return pos

    @staticmethod
    def cost(compiled: Compiled, restored: int, pos: list[int], jokers: tuple[int, ...],
             stop: int) -> int:
        """The slow planner's ``_cost`` of one compiled target; counting stops at ``stop``.
        ``jokers``: the grid's :meth:`Board.joker_field`.

        A cell's cost is the least, over the tiles that fit it, of distance plus restore:
        a fitting tile on the cell itself costs its restore (0 or 1), which no other,
        a move or more away, can beat, so this is the slow planner's "in place, else
        the nearest" without looking at the cell's own tile.
        """
        cells, joker = compiled
        here = 0
        for cell, row, fitting in cells:
            best = jokers[cell] if joker else 99
            for t in fitting:
                d = row[pos[t]] + (0 if restored >> t & 1 else 1)
                if d < best:
                    best = d
            here += best
            if here >= stop:
                break
        return here

    def solved(self, tiles: tuple[int, ...], restored: int, pos: list[int],
               wanted: tuple[int, ...], jokers: int) -> bool:
        """:func:`~.board.is_solved`, reading only the runs that start on a tile that can
        open ``wanted``."""
        board = self.board
        symbol_of = board.symbol_of
        first = wanted[0]
        rest = wanted[1:]
        starts = board.tiles_of.get(first, ())
        runs = board.runs(len(wanted))
        for tile in starts + board.jokers if jokers else starts:
            if not restored >> tile & 1:
                continue
            used0 = 0 if symbol_of[tile] == first else 1
            for run in runs[pos[tile]]:
                if rest:  # the run's second cell, read first: most runs end there
                    other = tiles[run[0]]
                    if not restored >> other & 1:
                        continue
                    have = symbol_of[other]
                    if have != rest[0] and (have != JOKER or used0 >= jokers):
                        continue
                used = used0
                for cell, want in zip(run, rest):
                    other = tiles[cell]
                    if not restored >> other & 1:
                        break
                    have = symbol_of[other]
                    if have == want:
                        continue
                    if have == JOKER and used < jokers:
                        used += 1
                        continue
                    break
                else:
                    return True
        return False

    def _remembered_part(self, card: int, tiles: tuple[int, ...], restored: int,
                         pos: list[int], jokers: tuple[int, ...], code: int) -> float:
        """:meth:`_part`, counted once per state of the card's fitting tiles."""
        key = code & self.fields[card]
        memo = self.parts[card]
        part = memo.get(key)
        if part is None:
            part = memo[key] = self._part(card, tiles, restored, pos, jokers)
        return part

    def _part(self, card: int, tiles: tuple[int, ...], restored: int, pos: list[int],
              jokers: tuple[int, ...]) -> float:
        """One card's term of the score: minus the bonus when solved, else its distance
        (the least :meth:`cost` of its targets; a target's count stops once it reaches
        the least so far, which it then cannot beat)."""
        cost = 99
        count_cost = self.cost
        for compiled in self.by_card[card]:
            here = count_cost(compiled, restored, pos, jokers, cost)
            if here < cost:
                cost = here
        count, wanted, allowed = self.cards[card]
        # A cost of 0 may lean on two jokers: only the real rule says solved. A card
        # far from its planned placements is not looked for elsewhere (speed).
        if cost <= SOLVED_LOOKUP and count and self.solved(tiles, restored, pos, wanted, allowed):
            return -SOLVED_BONUS
        return max(cost, 1)

    @staticmethod
    def _total(restored: int, parts: list[float]) -> float:
        """The score from the cards' terms (the slow planner's sum: every term is a whole
        number, so the sum is exact in any order)."""
        return sum(parts) - RESTORED_WEIGHT * restored.bit_count()

    def _entry(self, tiles: tuple[int, ...], restored: int) -> Entry:
        last = self.last  # a plan scores many changes of one grid in a row
        if last is not None and last[0] is tiles and last[1] == restored:
            return last[2]
        pos = self.positions(tiles)
        bits = self.bits
        code = 0
        for tile, cell in enumerate(pos):
            code |= (cell << 1 | restored >> tile & 1) << (bits * tile)
        known = self.memo.get(code)
        if known is None:
            jokers = self.board.joker_field(restored, pos)
            parts = [self._remembered_part(k, tiles, restored, pos, jokers, code)
                     for k in range(len(self.cards))]
            known = (self._total(restored, parts), pos, parts, jokers, code)
            self.memo[code] = known
        self.last = (tiles, restored, known)
        return known

    def score(self, tiles: tuple[int, ...], restored: int) -> float:
        """The slow planner's ``score`` of a grid for these targets."""
        return self._entry(tiles, restored)[0]

    def score_after(self, tiles: tuple[int, ...], restored: int, steps: tuple[Step, ...],
                    after: tuple[tuple[int, ...], int]) -> float:
        """:meth:`score` of ``after``, the grid ``steps`` make of (tiles, restored): only the
        cards whose fitting tiles the steps move or turn are counted again."""
        _, pos, parts, jokers, code = self._entry(tiles, restored)
        t2, r2 = after
        bits = self.bits
        if len(steps) == 1 and steps[0][0] == SWAP:  # the common case, read directly
            _, a, b = steps[0]
            x, y = tiles[a], tiles[b]
            # Each tile's field turns from cell a to b (or b to a), its face unchanged.
            code ^= ((a ^ b) << 1) * (1 << (bits * x) | 1 << (bits * y))
            known = self.memo.get(code)
            if known is not None:
                return known[0]
            changed = 1 << x | 1 << y
            pos2 = pos[:]
            pos2[x], pos2[y] = b, a
        else:
            n = self.board.table.n
            touched: set[int] = set()
            for op, a, b in steps:
                if op == SWAP:
                    touched.update((a, b))
                elif op == ROW:
                    touched.update(range(a * n, a * n + n))
                elif op == COLUMN:
                    touched.update(range(a, n * n, n))
                else:  # a restore or a curse changes the tile where it ends up
                    touched.add(t2.index(a))
            changed = 0
            pos2 = pos[:]
            for cell in touched:
                changed |= 1 << tiles[cell] | 1 << t2[cell]
                tile = t2[cell]
                pos2[tile] = cell
                code ^= ((pos[tile] << 1 | restored >> tile & 1)
                         ^ (cell << 1 | r2 >> tile & 1)) << (bits * tile)
            known = self.memo.get(code)
            if known is not None:
                return known[0]
        if changed & self.board.joker_mask:
            jokers = self.board.joker_field(r2, pos2)
        parts2 = parts
        fields = self.fields
        for card, mask in enumerate(self.masks):
            if mask & changed:  # :meth:`_remembered_part`, written out
                if parts2 is parts:
                    parts2 = parts[:]
                key = code & fields[card]
                memo = self.parts[card]
                part = memo.get(key)
                if part is None:
                    part = memo[key] = self._part(card, t2, r2, pos2, jokers)
                parts2[card] = part
        entry = (sum(parts2) - RESTORED_WEIGHT * r2.bit_count(), pos2, parts2, jokers, code)
        self.memo[code] = entry
        return entry[0]


__all__ = ["Board", "Compiled", "RESTORED_WEIGHT", "SOLVED_BONUS", "SOLVED_LOOKUP", "Scorer", "Target"]
