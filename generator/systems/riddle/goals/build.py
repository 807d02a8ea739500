"""``build``: at least N blocks, domes or complete towers stand on the board (or a region).

Counts are of what stands on the board at the end of a turn, set-up pieces
included (RULES 1 Decision for domes; we count blocks and towers the same way).
A complete tower is three blocks and a dome.
"""
from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from generator.engine.geometry import Geometry, Square
from generator.systems.riddle.bookkeeping import Bookkeeping
from generator.systems.riddle.bounds import MEMO_AT_MOST, PIECES_UP, Bounds
from generator.systems.riddle.distances import figure_squares, first_build
from generator.systems.riddle.goals._common import COORDINATE, mask_of
from generator.systems.riddle.schedule import IDENTITY_TURNS
from generator.systems.riddle.spread import SPREAD_AT_MOST, spread_turns
from generator.systems.riddle.state import RiddleState
from generator.systems.riddle.vocab import UNREACHABLE, DocPath, ParseSite, Problem

if TYPE_CHECKING:
    from generator.systems.riddle.context import RiddleContext
    from generator.systems.riddle.model import Riddle

WHAT = ("tower", "dome", "block")


@dataclass(frozen=True, slots=True)
class BuildGoal:
    NAME: ClassVar[str] = "build"
    CHANCE: ClassVar[bool] = False
    SCHEMA: ClassVar[dict[str, Any]] = {
        "type": "object",
        "additionalProperties": False,
        "required": ["what", "count"],
        "properties": {
            "what": {"enum": list(WHAT)},
            "count": {"type": "integer", "minimum": 1, "maximum": 200},
            "region": {"type": "array", "minItems": 1, "uniqueItems": True, "items": COORDINATE},
        },
    }

    what: str
    count: int
    region: tuple[Square, ...] = ()  # empty: the whole board
    path: DocPath = field(default=(), compare=False)

    @classmethod
    def from_params(cls, params: dict[str, Any], site: ParseSite
                    ) -> tuple[BuildGoal | None, list[Problem]]:
        squares: list[Square] = []
        problems: list[Problem] = []
        for i, name in enumerate(params.get("region", ())):
            sq, found = site.square(name, "region", i)
            problems.extend(found)
            if sq is not None:
                squares.append(sq)
        if problems:
            return None, problems
        return cls(params["what"], params["count"], tuple(sorted(squares)), site.path), []

    def to_params(self, geometry: Geometry) -> dict[str, Any]:
        out: dict[str, Any] = {"what": self.what, "count": self.count}
        if self.region:
            out["region"] = [geometry.name(sq) for sq in self.region]
        return out

    def deadline(self) -> int | None:
        return None

    def _area(self, ctx: RiddleContext, state: RiddleState) -> int:
        area = mask_of(self.region) if self.region else ctx.geometry.land
        return area & ~state.sunk

    def counted(self, ctx: RiddleContext, state: RiddleState) -> int:
        """How many of the counted pieces stand in the region now."""
        return self._counted(self._area(ctx, state), state)

    def _counted(self, area: int, state: RiddleState) -> int:
        board = state.board
        if self.what == "block":
            return (board.l1 & area).bit_count() + (board.l2 & area).bit_count() \
                + (board.l3 & area).bit_count()
        domes = board.domes & area  # the area leaves sunk spaces out: real domes only
        if self.what == "dome":
            return domes.bit_count()
        return (domes & board.l3).bit_count()

    def is_met(self, ctx: RiddleContext, state: RiddleState) -> bool:
        return self.counted(ctx, state) >= self.count

    def min_turns(self, ctx: RiddleContext, state: RiddleState) -> int:
        area = self._area(ctx, state)
        missing = self.count - self._counted(area, state)
        if missing <= 0:
            return 0
        if not ctx.plain_turns:
            return 1
        if self.what == "block":
            return missing  # one piece a turn
        # A dome (and so a tower) needs its space built up to level 3 first;
        # each undomed space in the region can take one more.
        board = state.board
        l1, l2, l3 = board.l1, board.l2, board.l3
        area &= ~board.domes
        costs = []
        while area:
            low = area & -area
            area ^= low
            costs.append(4 - bool(l1 & low) - bool(l2 & low) - bool(l3 & low))
        if len(costs) < missing:
            return UNREACHABLE
        costs.sort()
        return max(1, sum(costs[:missing]))

    def iter_problems(self, riddle: Riddle) -> Iterator[Problem]:
        geometry = riddle.board.geometry
        land = geometry.land
        for i, sq in enumerate(self.region):
            if not land >> sq & 1:
                yield Problem("RS-G024", f"{geometry.name(sq)} is sea: nothing is built there",
                              self.path + ("region", i))
        spaces = ((mask_of(self.region) if self.region else land) & land).bit_count()
        most = spaces * (3 if self.what == "block" else 1)
        if self.count > most:
            where = "the region" if self.region else "the board"
            yield Problem("RS-G024", f"{self.count} {self.what}s cannot stand on {where}: it "
                          f"has room for {most}", self.path + ("count",))


SPACES_AT_MOST = 8
"""Undomed spaces in a region beyond which :func:`build_bound` claims nothing (it
tries every choice of spaces)."""


def build_bound(bounds: Bounds, goal: BuildGoal, state: RiddleState) -> int:
    """Turns for the missing domes or towers, counting the pieces they take.

    Pieces are conserved: a build takes one from the stockpile, and only a
    ``remove-top: {to: stockpile}`` effect, a god taken from the queue (a turn
    of its own) or an objective's reward puts one there. So the region's builds
    can use, of each kind, at most what the stockpile, the recycling spaces,
    the untaken gods and the rewards hold now (a piece that falls back from a
    recycling space is the same piece again). The bound is the region's builds
    plus the fewest gods to take so that every kind suffices, and no less than
    the walk to the first build plus the builds (with 2-4 players, the builds on
    their builders' seats' turns: :meth:`~generator.systems.riddle.bounds.Bounds.builds_turn`; a space under the King or the
    Sphinx waits a turn for the figure to step off, and for the turns luring it
    off, :meth:`~generator.systems.riddle.bounds.Bounds.lure_turns`; with one player, the
    turns walking between spaces far apart, :mod:`~generator.systems.riddle.spread`), the
    least over every
    choice of spaces (UNREACHABLE when no choice can ever have its pieces; 0,
    nothing claimed, when effects add pieces without end or in the chance
    search).
    """
    ctx = bounds.ctx
    if goal.what == "block" or bounds.added_any or bounds.game_pieces or not ctx.plain_turns:
        return 0
    area = goal._area(ctx, state)
    board = state.board
    missing = goal.count - goal._counted(area, state)
    area &= ~board.domes
    if missing <= 0 or area.bit_count() > SPACES_AT_MOST:
        return 0
    l1, l2, l3, domes = board.l1, board.l2, board.l3, board.domes
    workers = bounds.movers(state)
    pinned = figure_squares(board)
    near = bounds.near
    # One player moves any worker every turn: the first build is the nearest walk.
    rows = [near[w] for w, _ in workers] if bounds.game.players == 1 else None
    spaces = []  # (height, turn of the first build there, square)
    while area:
        low = area & -area
        area ^= low
        sq = low.bit_length() - 1
        if rows is None:
            reach = first_build(workers, near, sq)
        else:
            reach = UNREACHABLE
            for row in rows:
                if row[sq] < reach:
                    reach = row[sq]
            if reach < 1:
                reach = 1
            elif len(IDENTITY_TURNS) <= reach < UNREACHABLE:
                reach = first_build(workers, near, sq)  # past the turn table
        if pinned & low and reach < 2:
            reach = 2  # the King or the Sphinx stands there until an effect moves it
        if reach < UNREACHABLE:
            spaces.append((bool(l1 & low) + bool(l2 & low) + bool(l3 & low), reach,
                           low.bit_length() - 1))
    if len(spaces) < missing:
        return UNREACHABLE
    s0, s1, s2, s3 = state.stock
    for sq in bounds.recycling:
        bit = 1 << sq
        if not state.sunk & bit:
            s0 += bool(l1 & bit)
            s1 += bool(l2 & bit)
            s2 += bool(l3 & bit)
            s3 += bool(domes & bit)
    free = 0
    for j, (fixed, choice) in enumerate(bounds.reward_supply):
        if bounds.serving[j] and not state.achieved >> j & 1:
            free += choice
            s0 += fixed[0]
            s1 += fixed[1]
            s2 += fixed[2]
            s3 += fixed[3]
    spaces.sort()
    # The King or the Sphinx on none of the spaces: no turns to lure it off them.
    lure = False
    for _, _, sq in spaces:
        if pinned >> sq & 1:
            lure = True
    book: Bookkeeping = state.extra  # type: ignore[assignment]
    several = bounds.game.players > 1  # the builds' turns depend on who moves when
    spread = not several and 2 <= missing <= SPREAD_AT_MOST  # walks between the spaces
    key = (missing, tuple(spaces), s0, s1, s2, s3, free, book.gods_taken, book.gods_held,
           board.workers if lure or several or spread else (), pinned if lure else 0,
           (book.assignment, state.turn % bounds.game.players, book.wanderer_moved)
           if several else ())
    known = bounds.build_memo.get(key)
    if known is None:
        known = _best_spaces(bounds, state, spaces, missing, (s0, s1, s2, s3), free, lure)
        if len(bounds.build_memo) < MEMO_AT_MOST:
            bounds.build_memo[key] = known
    return known


def _best_spaces(bounds: Bounds, state: RiddleState, spaces: list[tuple[int, int, int]],
                 missing: int, supply: tuple[int, int, int, int], free: int,
                 lure: bool) -> int:
    """The fewest turns over every choice of ``missing`` of ``spaces`` (height, turn of
    the first build, square) and every choice of gods (see :func:`build_bound`)."""
    s0, s1, s2, s3 = supply
    gods = bounds.god_totals(state)
    several = bounds.game.players > 1
    # Per space: (builds, turn of the first build, square, pieces the builds take).
    plans = [(4 - h, reach, sq, PIECES_UP[h][4 - h]) for h, reach, sq in spaces]
    best = UNREACHABLE
    for chosen in itertools.combinations(plans, missing):
        builds = 0
        first = UNREACHABLE
        n0 = n1 = n2 = n3 = 0
        for b, reach, _, need in chosen:
            builds += b
            if reach < first:
                first = reach
            n0 += need[0]
            n1 += need[1]
            n2 += need[2]
            n3 += need[3]
        walk = first - 1 + builds
        if several:  # the builds on the chosen spaces, on their builders' seats' turns
            where = 0
            for c in chosen:
                where |= 1 << c[2]
            walk = max(walk, bounds.builds_turn(state, where, builds))
        if lure:
            walk = max(walk, builds + bounds.lure_turns(state, [c[2] for c in chosen]))
        if walk >= best:
            continue  # every choice of gods takes at least the walk
        if not several and missing >= 2:  # one player: the walks between far spaces
            walk = max(walk, builds + spread_turns(bounds, state.board.workers,
                                                   [c[2] for c in chosen]))
            if walk >= best:
                continue
        n0 -= s0
        n1 -= s1
        n2 -= s2
        n3 -= s3
        for taken, g0, g1, g2, g3 in gods:
            short = ((n0 - g0 if n0 > g0 else 0) + (n1 - g1 if n1 > g1 else 0)
                     + (n2 - g2 if n2 > g2 else 0) + (n3 - g3 if n3 > g3 else 0))
            turns = builds + taken  # gods are taken on turns of their own
            if turns < walk:
                turns = walk
            if short <= free and turns < best:
                best = turns
    return best


GOAL = BuildGoal
