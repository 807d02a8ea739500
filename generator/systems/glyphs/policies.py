"""Player policies: ``planner`` (the default) and ``random`` (a baseline).

``planner`` plans its turn's actions together: a beam search over the owed
actions (two basic, one special, in any order) from the turn's grid, scoring
each grid by how far the revealed riddle cards are from solved. A card's
distance is the cheapest of its best placements (chosen at the start of the
plan), each cell costing 0 when it holds a fitting restored tile, 1 when the
fitting tile is cursed, else the move distance of the nearest fitting tile
plus its restore. Candidate actions are focused on those placements and
their fitting tiles. It re-plans when a solve changes the riddle row. It
takes rewards by a fixed preference, uses one when it solves a card at once
or on the last turn when it helps, and curses the tiles its plans need least.

``random`` picks uniformly among a sample of legal actions: a floor for the
win rate, and a way to drive every rule in tests.
"""
from __future__ import annotations

import random
from itertools import combinations
from typing import Callable, Iterator

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
from generator.systems.glyphs.game import Action, Play, has_use
from generator.systems.glyphs.model import Table

POLICIES = ("planner", "random")
DEFAULT_POLICY = "planner"
REWARD_PREFERENCE = ("restore-3", "swap-any", "swap-orthogonal-3", "rotate-row-and-column",
                     "swap-diagonal-2", "joker-pass")
BEAM = 3
SOLVED_BONUS = 6.0
RESTORED_WEIGHT = 0.05
TOP_PLACEMENTS = 3
PAIRED_SINGLES = 6
SOLVED_LOOKUP = 3

Target = tuple[tuple[int, ...], tuple[int, ...], int]
"""(cells, wanted symbols, jokers allowed) of one placement of one revealed card."""


def _direction_pairs(n: int) -> dict[str, tuple[tuple[int, int], ...]]:
    return {"orthogonal": adjacent_pairs(n, ORTHOGONAL), "horizontal": adjacent_pairs(n, ((0, 1),)),
            "vertical": adjacent_pairs(n, ((1, 0),)), "diagonal": adjacent_pairs(n, DIAGONAL)}


class Planner:
    """The planning policy for one game (it keeps its plan between calls)."""

    def __init__(self, rng: random.Random | None = None) -> None:
        self.plan: list[Action] = []
        self.plan_row: tuple[int, ...] = ()
        self.plan_turn = -1
        self.board: Board | None = None

    # -- scoring ----------------------------------------------------------------------

    def scorer(self, play: Play, targets: list[list[Target]]) -> Scorer:
        """A scorer for ``targets`` (what depends on the table alone is made once)."""
        if self.board is None or self.board.table is not play.table:
            self.board = Board(play.table)
        return Scorer(self.board, targets)

    def targets(self, play: Play) -> list[list[Target]]:
        """Each revealed card's best placements on the current grid."""
        t = play.table
        scorer = self.scorer(play, [])
        pos = scorer.positions(play.tiles)
        jokers_near = scorer.board.joker_field(play.restored, pos)
        out = []
        for card_index in play.row:
            card = t.cards[card_index]
            jokers = card.jokers or (1 if play.joker_pass else 0)
            scored = []
            for cells in placements(t.n, len(card.wanted)):
                cost = scorer.cost(scorer.board.compile((cells, card.wanted, jokers)),
                                   play.restored, pos, jokers_near, 99)
                scored.append((cost, cells))
            scored.sort()
            out.append([(cells, card.wanted, jokers) for _, cells in scored[:TOP_PLACEMENTS]])
        return out

    def score(self, play: Play, targets: list[list[Target]], tiles: tuple[int, ...],
              restored: int) -> float:
        """Lower is better: the cards' distances, minus a bonus per card solved."""
        return self.scorer(play, targets).score(tiles, restored)

    # -- candidates -------------------------------------------------------------------

    def focus(self, play: Play, targets: list[list[Target]], tiles: tuple[int, ...]
              ) -> tuple[set[int], list[int]]:
        """Cells worth moving (the placements and their fitting tiles), and cursed tiles
        worth restoring (fitting tiles, nearest first)."""
        symbol_of = play.table.symbol_of
        cells: set[int] = set()
        wanted: set[int] = set()
        for options in targets:
            for target in options:
                cells.update(target[0])
                wanted.update(target[1])
                if target[2]:
                    wanted.add(JOKER)
        fitting = [c for c, tile in enumerate(tiles) if symbol_of[tile] in wanted]
        in_place = [c for c in fitting if c in cells]
        cursed = [tiles[c] for c in in_place + [c for c in fitting if c not in cells]
                  if not play.restored >> tiles[c] & 1]
        return cells | set(fitting), list(dict.fromkeys(cursed))

    def candidates(self, play: Play, effect: str, tiles: tuple[int, ...], restored: int,
                   focus: set[int], cursed: list[int],
                   rank: Callable[[tuple[Step, ...]], float] | None = None
                   ) -> Iterator[tuple[Step, ...]]:
        """Focused uses of ``effect`` on this grid (multi-swap effects pair the
        ``PAIRED_SINGLES`` best single swaps by ``rank``; without it, singles only)."""
        n = play.table.n
        pairs = _direction_pairs(n)
        cursed = [t for t in cursed if not restored >> t & 1][:6]
        if effect.startswith("restore"):
            most = {"restore": 1, "restore-2": 2, "restore-3": 3}[effect]
            for k in range(1, most + 1):
                for group in combinations(cursed, k):
                    yield tuple((RESTORE, t, 0) for t in group)
            return
        kind = {"swap": "orthogonal", "swap-orthogonal-3": "orthogonal",
                "swap-horizontal-2": "horizontal", "swap-vertical-2": "vertical",
                "swap-diagonal": "diagonal", "swap-diagonal-2": "diagonal"}.get(effect)
        if kind is not None:
            singles = [((SWAP, a, b),) for a, b in pairs[kind]
                       if (a in focus or b in focus) and tiles[a] != tiles[b]]
            yield from singles
            if effect in ("swap-horizontal-2", "swap-vertical-2", "swap-diagonal-2",
                          "swap-orthogonal-3") and rank is not None:
                best = sorted(singles, key=lambda s: (rank(s), s))[:PAIRED_SINGLES]
                for (first,), (second,) in combinations(best, 2):
                    yield (first, second)
                    if {first[1], first[2]} & {second[1], second[2]}:
                        yield (second, first)
            return
        if effect in ("rotate-row", "rotate-column", "rotate-row-and-column"):
            rows = sorted({c // n for c in focus})
            cols = sorted({c % n for c in focus})
            if effect == "rotate-row":
                yield from (((ROW, r, w),) for r in rows for w in (1, -1))
            elif effect == "rotate-column":
                yield from (((COLUMN, c, w),) for c in cols for w in (1, -1))
            else:
                for r in rows:
                    for c in cols:
                        for wr in (1, -1):
                            for wc in (1, -1):
                                yield ((ROW, r, wr), (COLUMN, c, wc))
                                yield ((COLUMN, c, wc), (ROW, r, wr))
            return
        if effect == "swap-any":
            spots = sorted(focus)
            for a, b in combinations(spots, 2):
                yield ((SWAP, a, b),)
            return
        if effect == "joker-pass":
            yield ()

    def options(self, play: Play, used_basic: int, used_special: bool
                ) -> list[tuple[str, int, str]]:
        """The (source, index, effect) still owed this turn after the ones planned."""
        out = []
        if play.basics_left - used_basic > 0:
            out.extend([("basic", 0, effect) for effect in ("restore", "swap")
                        if has_use(play, effect)])
        if not play.special_used and not used_special:
            seen = set()
            for i, effect in enumerate(play.specials):
                if play.active[i] and effect not in seen and has_use(play, effect):
                    seen.add(effect)
                    out.append(("special", i, effect))
        return out

    # -- planning ---------------------------------------------------------------------

    def make_plan(self, play: Play) -> list[Action]:
        """Beam search over the owed actions of this turn."""
        targets = self.targets(play)
        scorer = self.scorer(play, targets)
        start = scorer.score(play.tiles, play.restored)
        Beam = tuple[float, tuple[int, ...], int, tuple[Action, ...], int, bool]
        beam: list[Beam] = [(start, play.tiles, play.restored, (), 0, False)]
        finished: list[Beam] = []
        n = play.table.n
        while beam:
            # A grown entry is its parent's fields and the new action's (source, index,
            # effect) and steps; the Action is made only for the entries kept.
            grown: list[tuple[float, tuple[int, ...], int, Beam, tuple[str, int, str],
                              tuple[Step, ...]]] = []
            for parent in beam:
                _, tiles, restored, actions, basics, special = parent
                owed = self.options(play, basics, special)
                if not owed:
                    finished.append(parent)
                    continue
                focus, cursed = self.focus(play, targets, tiles)

                def rank(steps: tuple[Step, ...], tiles: tuple[int, ...] = tiles,
                         restored: int = restored) -> float:
                    return scorer.score_after(tiles, restored, steps, apply_steps(
                        n, tiles, restored, steps))

                for option in owed:
                    for steps in self.candidates(play, option[2], tiles, restored, focus,
                                                 cursed, rank):
                        if len(steps) == 1 and steps[0][0] == SWAP:
                            _, a, b = steps[0]
                            cells = list(tiles)
                            cells[a], cells[b] = cells[b], cells[a]
                            after = (tuple(cells), restored)
                        else:
                            after = apply_steps(n, tiles, restored, steps)
                        value = scorer.score_after(tiles, restored, steps, after)
                        grown.append((value, after[0], after[1], parent, option, steps))
            if len(grown) > BEAM:
                # Only entries scoring at most the BEAM-th best score can be among the BEAM
                # first by the full key; the filter keeps their order (the sort is stable).
                cut = sorted([g[0] for g in grown])[BEAM - 1]
                grown = [g for g in grown if g[0] <= cut]
            grown.sort(key=lambda g: (g[0], len(g[3][3]) + 1,
                                      [a.steps for a in g[3][3]] + [g[5]]))
            beam = []
            for value, t2, r2, parent, (source, index, effect), steps in grown[:BEAM]:
                beam.append((value, t2, r2, parent[3] + (Action(source, index, effect, steps),),
                             parent[4] + (source == "basic"), parent[5] or source == "special"))
        if not finished:
            return []
        finished.sort(key=lambda b: (b[0], [a.steps for a in b[3]]))
        return list(finished[0][3])

    def next_action(self, play: Play) -> Action | None:
        if not play.must_act():
            return self.reward_action(play)
        if not self.plan or self.plan_turn != play.turn or tuple(play.row) != self.plan_row:
            self.plan = self.make_plan(play)
            self.plan_turn = play.turn
            self.plan_row = tuple(play.row)
        while self.plan:
            action = self.plan.pop(0)
            if self._still_legal(play, action):
                return action
        return self._fallback(play)

    def _still_legal(self, play: Play, action: Action) -> bool:
        from generator.systems.glyphs.game import check_steps

        if action.source == "basic" and play.basics_left < 1:
            return False
        if action.source == "special" and (play.special_used or not play.active[action.index]):
            return False
        return not check_steps(play.table.n, play.restored, action.effect, action.steps)

    def _fallback(self, play: Play) -> Action | None:
        if play.basics_left > 0:
            a, b = adjacent_pairs(play.table.n, ORTHOGONAL)[0]
            return Action("basic", 0, "swap", ((SWAP, a, b),))
        for i, effect in enumerate(play.specials):
            if play.active[i] and not play.special_used and has_use(play, effect):
                return Action("special", i, effect, _any_use(play, effect))
        return None

    def best_use(self, play: Play, effect: str, plan: tuple[list[list[Target]], Scorer] | None
                 = None) -> tuple[float, tuple[Step, ...] | None]:
        """The use of ``effect`` that scores best on this grid (None: no use improves it).
        ``plan``: the targets and scorer of this grid, when the caller has them."""
        targets, scorer = plan or self._plan_of(play)
        focus, cursed = self.focus(play, targets, play.tiles)
        best: tuple[float, tuple[Step, ...] | None] = (
            scorer.score(play.tiles, play.restored), None)

        def rank(steps: tuple[Step, ...]) -> float:
            return scorer.score_after(play.tiles, play.restored, steps, apply_steps(
                play.table.n, play.tiles, play.restored, steps))

        for steps in self.candidates(play, effect, play.tiles, play.restored, focus, cursed,
                                     rank):
            if effect == "joker-pass":
                continue
            value = scorer.score_after(play.tiles, play.restored, steps, apply_steps(
                play.table.n, play.tiles, play.restored, steps))
            if value < best[0] - 1e-9:
                best = (value, steps)
        return best

    def _plan_of(self, play: Play) -> tuple[list[list[Target]], Scorer]:
        targets = self.targets(play)
        return targets, self.scorer(play, targets)

    def reward_action(self, play: Play) -> Action | None:
        """Use a held reward when it solves a card now, or on the last turn when it helps."""
        last = play.turn >= len(play.table.slots) - 1
        plan = self._plan_of(play)
        now = plan[1].score(play.tiles, play.restored)
        for i, effect in enumerate(play.held):
            if effect == "joker-pass":
                if any(play.table.cards[c].jokers == 0 and is_solved(
                        play.table.n, play.tiles, play.restored, play.table.symbol_of,
                        play.table.cards[c].wanted, 1) for c in play.row):
                    return Action("reward", i, effect, ())
                continue
            value, steps = self.best_use(play, effect, plan)
            if steps is not None and (value <= now - SOLVED_BONUS + 1 or (last and value < now)):
                return Action("reward", i, effect, steps)
        return None

    def pick_reward(self, play: Play) -> int:
        return min(range(len(play.reward_row)),
                   key=lambda i: (REWARD_PREFERENCE.index(play.reward_row[i]), i))

    def give_back(self, play: Play) -> tuple[int, Action | None]:
        index = max(range(len(play.held)),
                    key=lambda i: (REWARD_PREFERENCE.index(play.held[i]), i))
        effect = play.held[index]
        if effect == "joker-pass":
            return index, None
        _, steps = self.best_use(play, effect)
        return index, (Action("reward", index, effect, steps) if steps is not None else None)

    def pick_curses(self, play: Play, count: int) -> list[int]:
        targets = self.targets(play)
        needed: dict[int, int] = {}
        wanted: set[int] = set()
        for options in targets:
            for k, target in enumerate(options):
                wanted.update(target[1])
                for cell in target[0]:
                    needed[play.tiles[cell]] = max(needed.get(play.tiles[cell], 0),
                                                   TOP_PLACEMENTS - k + 1)
        symbol_of = play.table.symbol_of

        def value(tile: int) -> tuple[int, int, int]:
            return (needed.get(tile, 0), int(symbol_of[tile] in wanted or
                                             symbol_of[tile] == JOKER), tile)

        restored = [t for t in play.tiles if play.restored >> t & 1]
        return sorted(restored, key=value)[:count]


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
        (the least :meth:`cost` of its targets, written out here: the hottest loop)."""
        cost = 99
        for cells, joker in self.by_card[card]:
            here = 0
            for cell, row, fitting in cells:
                best = jokers[cell] if joker else 99
                for t in fitting:
                    d = row[pos[t]] + (0 if restored >> t & 1 else 1)
                    if d < best:
                        best = d
                here += best
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
        """The score from the cards' terms (the slow planner's sum, in its order: every
        term is a whole number, so the float sum is exact)."""
        total = 0.0
        for part in parts:
            total += part
        return total - RESTORED_WEIGHT * restored.bit_count()

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
        entry = (self._total(r2, parts2), pos2, parts2, jokers, code)
        self.memo[code] = entry
        return entry[0]


def _any_use(play: Play, effect: str) -> tuple[Step, ...]:
    """Some legal use of an effect (the first one listed)."""
    n = play.table.n
    if effect.startswith("restore"):
        cursed = [t for t in play.tiles if not play.restored >> t & 1]
        if cursed:
            return ((RESTORE, cursed[0], 0),)
        return ((ROW, 0, 1),) if effect == "rotate-row" else ((SWAP, 0, 1),)
    if effect == "rotate-row":
        return ((ROW, 0, 1),)
    if effect == "rotate-column":
        return ((COLUMN, 0, 1),)
    kind = {"swap-horizontal-2": ((0, 1),), "swap-vertical-2": ((1, 0),),
            "swap-diagonal": DIAGONAL}.get(effect, ORTHOGONAL)
    a, b = adjacent_pairs(n, kind)[0]
    return ((SWAP, a, b),)


class RandomPolicy:
    """Uniform among the owed actions' uses, each drawn at random; random rewards and curses."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.helper = Planner()

    def _random_use(self, play: Play, effect: str) -> tuple[Step, ...]:
        n = play.table.n
        cells = set(range(n * n))
        cursed = [t for t in play.tiles if not play.restored >> t & 1]
        self.rng.shuffle(cursed)
        uses = list(self.helper.candidates(play, effect, play.tiles, play.restored, cells, cursed))
        return self.rng.choice(uses) if uses else _any_use(play, effect)

    def next_action(self, play: Play) -> Action | None:
        owed = self.helper.options(play, 0, False)
        if not owed:
            return None
        source, index, effect = self.rng.choice(owed)
        if effect == "restore" and play.restored == (1 << len(play.tiles)) - 1:
            effect = "swap"
        steps = self._random_use(play, effect)
        if effect.startswith("restore") and not steps:
            steps = _any_use(play, "swap")
            effect = "swap" if source == "basic" else effect
        return Action(source, index, effect, steps)

    def pick_reward(self, play: Play) -> int:
        return self.rng.randrange(len(play.reward_row))

    def give_back(self, play: Play) -> tuple[int, Action | None]:
        return self.rng.randrange(len(play.held)), None

    def pick_curses(self, play: Play, count: int) -> list[int]:
        restored = [t for t in play.tiles if play.restored >> t & 1]
        return self.rng.sample(restored, count)


def make_policy(name: str, rng: random.Random) -> Planner | RandomPolicy:
    """A fresh policy for one game. Raises KeyError for an unknown name."""
    if name == "planner":
        return Planner(rng)
    if name == "random":
        return RandomPolicy(rng)
    raise KeyError(name)


__all__ = ["DEFAULT_POLICY", "POLICIES", "Board", "Planner", "RandomPolicy", "Scorer", "make_policy"]
