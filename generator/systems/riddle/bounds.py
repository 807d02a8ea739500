"""The solver's admissible bounds that every goal shares (walking on a seat's turns,
pieces still to come, builds per turn); each goal's own search bound lives beside
its goal module and is built from these (``goals/slots.py``, ``goals/stand.py``,
``goals/blessings.py``, ``goals/all_of.py``). The distance tables they walk are in
:mod:`.distances`, who moves when in :mod:`.schedule`."""
from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from generator.engine.geometry import NO_SQUARE, Square
from generator.engine.state import PIECE_NAMES, height_at
from generator.systems.riddle.bookkeeping import (
    GODS_HELD_AT_MOST,
    REWARD_ON_ACHIEVEMENT,
    Bookkeeping,
    reward_options,
)
from generator.systems.riddle.distances import (
    build_distances,
    figure_distances,
    figure_squares,
    lure_walk,
    nearest,
)
from generator.systems.riddle.schedule import IDENTITY_TURNS, seat_turn_tables, useful_turn
from generator.systems.riddle.state import DOME_LEVEL, RiddleState
from generator.systems.riddle.vocab import UNREACHABLE

if TYPE_CHECKING:
    from generator.systems.riddle.context import RiddleContext
    from generator.systems.riddle.game import RiddleGame


PIECES_UP: tuple[tuple[tuple[int, int, int, int], ...], ...] = tuple(
    tuple((int(h <= 0 < h + b), int(h <= 1 < h + b), int(h <= 2 < h + b), int(h <= 3 < h + b))
          for b in range(DOME_LEVEL + 1))
    for h in range(DOME_LEVEL + 1))
"""``PIECES_UP[h][b]``: the pieces ``b`` builds take on a space ``h`` blocks high.

>>> PIECES_UP[1][3]
(0, 1, 1, 1)
"""
COIN_LEVELS = 0b11110
"""The levels a build can reach (1-3, and 4 for the dome), as bits of a coin's ``levels``."""
PIECE_LIMIT_TURNS = 64
"""How far ahead :meth:`Bounds.supply_turn` looks for pieces still to come."""
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
        self.near = build_distances(ctx)
        added = [0, 0, 0, 0]
        for effect in ctx.effects:
            if effect.NAME == "stockpile-add":
                added[effect.piece] += effect.count  # type: ignore[attr-defined]
        self.added = tuple(added)
        self.moving_figures = {e.figure for e in ctx.effects  # type: ignore[attr-defined]
                               if e.NAME == "step-toward-closest-worker"}
        self.figure_distance = figure_distances(ctx) if self.moving_figures else ()
        # A piece removed to the stockpile can be built again: supply without end.
        self.recycling = tuple(sorted({e.at for e in ctx.effects  # type: ignore[attr-defined]
                                       if e.NAME == "remove-top"
                                       and getattr(e, "to", "") == "stockpile"}))
        self.recycling_mask = sum(1 << sq for sq in self.recycling)
        self.recycled = bool(self.recycling)
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
        self.coin_objectives = tuple(o.goal.NAME == "slots" for o in ctx.objectives)
        # Rewards that can still serve: not the target's (it comes too late) nor the
        # ending objective's (the riddle is over when it comes).
        self.serving = tuple(j != game.target and j != ctx.ending for j in range(len(supply)))
        self.added_any = any(added)
        # Per colour: (coin index, square, levels a build collects it at, 1-4).
        self.coins_by_colour = tuple(
            tuple((i, c.square, c.levels & COIN_LEVELS) for i, c in enumerate(ctx.coins)
                  if c.colour == colour) for colour in range(2))
        self.memo: dict[Any, int] = {}
        self.lure_memo: dict[Any, int] = {}
        self.god_memo: dict[Any, tuple[tuple[int, int, int, int, int], ...]] = {}
        self.choice_memo: dict[Any, int] = {}  # a goal's best choice, by what it weighs
        self.build_memo: dict[Any, int] = {}
        self.movers_memo: dict[Any, tuple[tuple[Square, tuple[int, ...]], ...]] = {}
        self.possible_memo: dict[Any, int] = {}
        self.nears_memo: dict[Any, tuple[int, ...]] = {}
        self.free_memo: dict[Any, int] = {}
        self.spread_memo: dict[Any, Any] = {}  # .spread and goals.blessings.token_walks
        self.sinking = sum(1 << e.at for e in ctx.effects  # type: ignore[attr-defined]
                           if e.NAME == "sink")
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
        gods = self.god_choices(state)
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

    def god_choices(self, state: RiddleState) -> list[tuple[Sequence[int], ...]]:
        """Every set of untaken gods the group could still take (their pieces)."""
        book: Bookkeeping = state.extra  # type: ignore[assignment]
        untaken = [god.pieces for i, god in enumerate(self.game.queue)
                   if not book.gods_taken >> i & 1]
        takes = min(len(untaken), sum(GODS_HELD_AT_MOST - held for held in book.gods_held))
        return [c for size in range(takes + 1) for c in itertools.combinations(untaken, size)]

    def god_totals(self, state: RiddleState) -> tuple[tuple[int, int, int, int, int], ...]:
        """Per set of untaken gods the group could still take (as :meth:`god_choices`):
        (gods taken, their pieces of each kind), remembered per (gods taken, gods held)."""
        book: Bookkeeping = state.extra  # type: ignore[assignment]
        key = (book.gods_taken, book.gods_held)
        known = self.god_memo.get(key)
        if known is None:
            known = tuple((len(taken), sum(g[0] for g in taken), sum(g[1] for g in taken),
                           sum(g[2] for g in taken), sum(g[3] for g in taken))
                          for taken in self.god_choices(state))
            self.god_memo[key] = known
        return known

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
        key = (state.stock, book.gods_taken, state.achieved)
        known = self.possible_memo.get(key)
        if known is not None:
            return known
        total = sum(state.stock)
        for i, god in enumerate(self.game.queue):
            if not book.gods_taken >> i & 1:
                total += sum(god.pieces) + 1
        for j, (fixed, free) in enumerate(self.reward_supply):
            if self.serving[j] and not state.achieved >> j & 1:
                total += sum(fixed) + free
        if len(self.possible_memo) < MEMO_AT_MOST:
            self.possible_memo[key] = total
        return total

    # -- luring the King and the Sphinx off a space ---------------------------------

    def lure_turns(self, state: RiddleState, chosen: Sequence[Square]) -> int:
        """Fewest turns, from now, whose build is on none of the spaces ``chosen``,
        needed to lure the King and the Sphinx off those of them they stand on.

        A figure steps only to a space strictly closer to a worker closest to it,
        never onto a worker, so it stays while a worker is next to it (grid
        distance 1, sea and bridges aside). So every worker next to a figure on a
        chosen space ``s`` walks out of that ring before anything is built on
        ``s``; a move of that walk builds on a chosen space only if it ends next to
        another chosen one (``s`` holds the figure), so it is a turn of its own
        unless it does (:func:`~.distances.lure_walk`). A space that may sink counts as out of
        the ring (a worker there may be destroyed). Walks out of disjoint rings are
        different moves, so they add up; otherwise the longest counts.
        """
        board = state.board
        pinned = figure_squares(board)
        geometry = self.ctx.geometry
        ring_of = geometry.build_neighbours
        rings: list[int] = []
        total = 0
        longest = 0
        for s in chosen:
            if not pinned >> s & 1:
                continue
            others = 0
            for c in chosen:
                if c != s:
                    others |= ring_of[c]
            inside = ring_of[s] & ~self.sinking
            here = tuple(sorted(w for w in board.workers if w != NO_SQUARE and inside >> w & 1))
            if not here:
                continue
            key = (s, others, here)
            waste = self.lure_memo.get(key)
            if waste is None:
                waste = sum(lure_walk(geometry.move_neighbours, inside, others, s, w)
                            for w in here)
                if len(self.lure_memo) < MEMO_AT_MOST:
                    self.lure_memo[key] = waste
            if waste:  # (a ring no walk is held in counts no move twice)
                total += waste
                longest = max(longest, waste)
                rings.append(ring_of[s])
        disjoint = all(a & b == 0 for a, b in itertools.combinations(rings, 2))
        return total if disjoint else longest

    def figure_free_turn(self, state: RiddleState, here: Square) -> int:
        """The earliest turn at whose end the King or the Sphinx on ``here`` may take
        its first step (0: the end of the next turn, nothing claimed).

        A figure steps only to a space strictly closer to a closest worker and
        never onto a worker, so it stays while a worker stands next to it (grid
        distance 1). Every worker next to it walks out of that ring first
        (:func:`~.distances.lure_walk`, a space that may sink counts as out): one move a turn,
        each worker on its own seat's turns."""
        board = state.board
        ring = self.ctx.geometry.build_neighbours[here] & ~self.sinking
        inside = [w for w in board.workers if w != NO_SQUARE and ring >> w & 1]
        if not inside:
            return 0
        movers = self.movers(state)
        key = (here, movers)
        known = self.free_memo.get(key)
        if known is not None:
            return known
        move_nb = self.ctx.geometry.move_neighbours
        total = latest = 0
        for w, table in movers:
            if not ring >> w & 1:
                continue
            moves = lure_walk(move_nb, ring, 0, here, w)
            if moves <= 0:  # no walk out (it claims nothing then)
                continue
            total += moves
            at = table[moves] if moves < len(table) else table[-1] + moves
            if at > latest:
                latest = at
        known = max(total, latest)
        if len(self.free_memo) < MEMO_AT_MOST:
            self.free_memo[key] = known
        return known

    # -- who moves when ------------------------------------------------------------

    def movers(self, state: RiddleState) -> tuple[tuple[Square, tuple[int, ...]], ...]:
        """Per worker on the board: its square, and ``turns[d]``, the earliest turn
        (from now) of its d-th move. One player moves any worker every turn; with
        more players a worker moves only on its seat's turns (the Wanderer at
        most every other turn). Remembered per (workers, assignment, seat, Wanderer
        moved): every goal's bound asks for it."""
        board = state.board
        if self.game.players == 1:
            key: Any = board.workers
        else:
            book: Bookkeeping = state.extra  # type: ignore[assignment]
            key = (board.workers, book.assignment, state.turn % self.game.players,
                   book.wanderer_moved)
        known = self.movers_memo.get(key)
        if known is not None:
            return known
        if self.game.players == 1:
            known = tuple((w, IDENTITY_TURNS) for w in board.workers if w != NO_SQUARE)
        else:
            seat = key[2]
            k = (book.assignment, seat, book.wanderer_moved)
            tables = self.turn_tables.get(k)
            if tables is None:
                tables = self._turn_tables(book.assignment, seat, book.wanderer_moved,
                                           len(board.workers))
                self.turn_tables[k] = tables
            known = tuple((w, tables[i]) for i, w in enumerate(board.workers) if w != NO_SQUARE)
        if len(self.movers_memo) < MEMO_AT_MOST:
            self.movers_memo[key] = known
        return known

    def builds_turn(self, state: RiddleState, squares: int, count: int) -> int:
        """The earliest turn of the ``count``-th build on the spaces ``squares`` (a
        bitmask): each needs a worker next to one of them, moved that turn on its
        own seat's turn (:func:`~.schedule.useful_turn`; 0 claims nothing). With one player it
        is never more than the nearest walk plus the builds, which the goals' bounds
        already count: so it is asked only with more players."""
        if count <= 1 or not squares:  # one build: no later than the nearest walk
            return 0
        book: Bookkeeping = state.extra  # type: ignore[assignment]
        workers = state.board.workers
        key = (workers, squares)
        nears = self.nears_memo.get(key)
        if nears is None:
            near = self.near
            out = []
            for w in workers:
                best = nearest(near[w], squares) if w != NO_SQUARE else UNREACHABLE
                out.append(best if best >= UNREACHABLE or best > 1 else 1)  # a move first
            nears = tuple(out)
            if len(self.nears_memo) < MEMO_AT_MOST:
                self.nears_memo[key] = nears
        assignment = self.game.assignments[book.assignment]
        players = self.game.players
        return useful_turn(assignment.masks, assignment.wanderer, players, state.turn % players,
                           book.wanderer_moved, nears, count)

    def _turn_tables(self, assignment_index: int, seat: int, wanderer_moved: bool,
                     workers: int) -> tuple[tuple[int, ...], ...]:
        assignment = self.game.assignments[assignment_index]
        return seat_turn_tables(assignment.masks, assignment.wanderer, self.game.players, seat,
                                wanderer_moved, workers)


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
