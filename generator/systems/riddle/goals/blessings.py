"""``blessings``: at least N blessing tokens collected."""
from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from generator.engine.geometry import NO_SQUARE, Geometry
from generator.systems.riddle.bounds import MEMO_AT_MOST, Bounds
from generator.systems.riddle.goals._common import COUNT_PARAMS
from generator.systems.riddle.schedule import IDENTITY_TURNS
from generator.systems.riddle.spread import chain_costs, visit_costs
from generator.systems.riddle.state import RiddleState
from generator.systems.riddle.vocab import UNREACHABLE, DocPath, ParseSite, Problem

if TYPE_CHECKING:
    from generator.systems.riddle.context import RiddleContext
    from generator.systems.riddle.model import Riddle


@dataclass(frozen=True, slots=True)
class BlessingsGoal:
    NAME: ClassVar[str] = "blessings"
    CHANCE: ClassVar[bool] = False
    SCHEMA: ClassVar[dict[str, Any]] = COUNT_PARAMS

    count: int
    path: DocPath = field(default=(), compare=False)

    @classmethod
    def from_params(cls, params: dict[str, Any], site: ParseSite
                    ) -> tuple[BlessingsGoal | None, list[Problem]]:
        return cls(params["count"], site.path), []

    def to_params(self, geometry: Geometry) -> dict[str, Any]:
        return {"count": self.count}

    def deadline(self) -> int | None:
        return None

    def is_met(self, ctx: RiddleContext, state: RiddleState) -> bool:
        return state.blessings >= self.count

    def min_turns(self, ctx: RiddleContext, state: RiddleState) -> int:
        missing = self.count - state.blessings
        if missing <= 0:
            return 0
        if state.tokens.bit_count() < missing:
            return UNREACHABLE
        if not ctx.plain_turns:
            return 1
        # Tokens are collected at the end of a turn with a worker on them: the
        # nearest token is at least its distance in moves away, and only the worker
        # moved in a turn stands somewhere new, so every token but those under
        # workers now takes a turn of its own.
        best = UNREACHABLE
        left = state.tokens & ctx.geometry.land
        distance = ctx.distance
        under = 0
        rows = []
        for w in state.board.workers:
            if w != NO_SQUARE:
                under += left >> w & 1
                rows.append(distance[w])
        while left:
            low = left & -left
            left ^= low
            sq = low.bit_length() - 1
            for row in rows:
                if row[sq] < best:
                    best = row[sq]
        if best >= UNREACHABLE:
            return UNREACHABLE
        return max(1, best, missing - under)

    def iter_problems(self, riddle: Riddle) -> Iterator[Problem]:
        tokens = riddle.board.tokens.bit_count()
        if self.count > tokens:
            yield Problem("RS-G024", f"{self.count} blessings cannot be collected: the map "
                          f"sets up {tokens} blessing token{'s' if tokens != 1 else ''} ('b')",
                          self.path + ("count",))


def blessings_bound(bounds: Bounds, goal: BlessingsGoal, state: RiddleState) -> int:
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
    ctx = bounds.ctx
    board = state.board
    left = state.tokens & ctx.geometry.land
    movers = bounds.movers(state)
    if left.bit_count() < missing or not movers:
        return UNREACHABLE
    l1, l2, l3 = board.l1, board.l2, board.l3
    distance = ctx.distance
    closed = (board.domes & ~ctx.removable) | state.sunk
    move_nb = ctx.geometry.move_neighbours
    # Per worker: its row of distances, its height and its turn table.
    walkers = [(distance[w], (l1 >> w & 1) + (l2 >> w & 1) + (l3 >> w & 1), table)
               for w, table in movers]
    single = bounds.game.players == 1
    tokens: list[int] = []
    alone: list[int] = []  # per token: turns to collect it, alone
    reach: list[int] = []  # per token: steps from the nearest worker
    while left:
        low = left & -left
        left ^= low
        t = low.bit_length() - 1
        tokens.append(t)
        h_t = (l1 >> t & 1) + (l2 >> t & 1) + (l3 >> t & 1)
        walk = climb = UNREACHABLE
        for row, h_w, table in walkers:
            d = row[t]
            if d < walk:
                walk = d
            moves = h_t - h_w
            if moves < d:
                moves = d
            if single:  # the turn of the m-th move is m: the fewest moves give the climb
                if moves < climb:
                    climb = moves
            elif moves < UNREACHABLE:
                at = table[moves] if moves < len(table) else table[-1] + moves
                if at < climb:
                    climb = at
        if single and len(IDENTITY_TURNS) <= climb < UNREACHABLE:
            climb += IDENTITY_TURNS[-1]  # past the table, as for more players
        if walk == 0 or h_t < 1:
            stair = 1  # set up on it: collected at the end of the first turn
        elif climb >= h_t and move_nb[t] & ~closed:
            stair = 1  # the stair takes at most h_t turns: never more than the climb
        else:
            stair = UNREACHABLE
            nb = move_nb[t] & ~closed
            while nb:
                low = nb & -nb
                nb ^= low
                n = low.bit_length() - 1
                short = h_t - 1 - (l1 >> n & 1) - (l2 >> n & 1) - (l3 >> n & 1)
                step = 1 + short if short > 0 else 1
                if step < stair:
                    stair = step
        most = climb if climb > stair else stair
        alone.append(most if most > 1 else 1)
        reach.append(walk)
    key = (missing, tuple(tokens), tuple(alone), tuple(reach))
    known = bounds.choice_memo.get(key)
    if known is None:
        known = _best_choice(distance, tokens, alone, reach, missing)
        if len(bounds.choice_memo) < MEMO_AT_MOST:
            bounds.choice_memo[key] = known
    if known < UNREACHABLE and len(tokens) <= WALKED_AT_MOST:
        walked = token_walks(bounds, state, tuple(tokens), missing)
        if walked > known:
            return walked
    return known


WALKED_AT_MOST = 5
"""Tokens beyond which :func:`token_walks` claims nothing (it weighs every set of them)."""


def token_walks(bounds: Bounds, state: RiddleState, tokens: tuple[int, ...],
                missing: int) -> int:
    """The fewest moves that take workers onto ``missing`` of ``tokens``: a token is
    collected only with a worker on it, and each turn moves one worker one step (the
    moves of each worker add up, and a worker collecting several tokens walks from
    one to the next; :func:`~generator.systems.riddle.spread.visit_costs`). A move
    climbs one level at most, and a space no effect lowers only rises, so a
    worker's first token is also at least the climb away. So at least this many
    turns; remembered per (workers, their heights, tokens, theirs, missing)."""
    board = state.board
    l1, l2, l3 = board.l1, board.l2, board.l3
    workers = [(w, (l1 >> w & 1) + (l2 >> w & 1) + (l3 >> w & 1)) for w in board.workers
               if w != NO_SQUARE]
    removable = bounds.ctx.removable
    rises = tuple(0 if removable >> t & 1 else (l1 >> t & 1) + (l2 >> t & 1) + (l3 >> t & 1)
                  for t in tokens)
    memo = bounds.spread_memo
    key = ("tokens", tuple(workers), tokens, rises, missing)
    known = memo.get(key)
    if known is None:
        distance = bounds.ctx.distance
        chains = memo.get(("token chains", tokens))
        if chains is None:
            chains = chain_costs([[distance[a][b] for b in tokens] for a in tokens])
        costs = visit_costs([[max(distance[w][t], rise - h) for t, rise in zip(tokens, rises)]
                             for w, h in workers], chains)
        known = min(UNREACHABLE, min(c for s, c in enumerate(costs)
                                     if s.bit_count() >= missing))
        if len(memo) > MEMO_AT_MOST:
            memo.clear()
        memo[("token chains", tokens)] = chains
        memo[key] = known
    return known


def _best_choice(distance: Sequence[Sequence[int]], tokens: Sequence[int],
                 alone: Sequence[int], reach: Sequence[int], missing: int) -> int:
    """The fewest turns over every choice of ``missing`` tokens (see :func:`blessings_bound`)."""
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


GOAL = BlessingsGoal
