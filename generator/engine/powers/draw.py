"""Drawing one uniformly random distinct ply for a playout, by rejection where counting is dear.

Counting the team roam's plies exactly (:mod:`.fast_routes`) needs a flood fill per
end square of a walker when both walk in one region; a playout only needs one
uniform ply. So the roam is drawn by rejection: a candidate is a uniform index
into a superset that is cheap to size and to decode, and it is kept when it is a
legal, canonical ply (every distinct outcome has exactly one accepted index):

- the usual plies that change level (as :func:`.fast_routes._level_changes`
  counts them), then
- for each end square of each walker, taken from the region it could walk alone
  (its level, around the other figures), and for each of eight build slots of
  each walker (the n-th square next to its end): the candidate is kept when the
  two ends can both be reached (one walker after the other, in some order), the
  slot names a square that may be built on, and a slot of the second walker
  does not name a square next to the first walker's end (that build is the first
  walker's slot).

Extra steps with one build per space (Artemis) are drawn the same way: per worker
its winning final spaces, then each other final space with eight build slots.

Each attempt is uniform over the superset, so the first kept candidate is uniform
over the distinct plies; after :data:`ATTEMPTS` rejections the draw decodes a
small superset whole, or else counts exactly (still uniform: every branch is).
tests/engine/test_engine_powers_draw.py decodes every index of the supersets and
pins the kept ones to :func:`~.turn.list_plies`.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache

from generator.engine.geometry import Bitboard, Geometry, Square
from generator.engine.powers.fast import (
    _artemis_ply,
    _artemis_rows,
    _pick,
    _reaches,
    _select_artemis,
    _worker_rows,
    fast_supported,
)
from generator.engine.powers.fast_builds import _build_kind
from generator.engine.powers.fast_routes import (
    _level_changes,
    _pre_builds,
    _reach,
    count_route_plies,
    routes_supported,
    select_route_ply,
)
from generator.engine.powers.pieces import TurnRules
from generator.engine.powers.turn import Ply, list_plies
from generator.engine.state import State

ATTEMPTS = 48
"""Rejected candidates before a draw decodes its superset whole or counts exactly."""

WHOLE = 1024
"""After the misses, a superset this small is decoded whole rather than counted."""

SLOTS = 8
"""Build slots per walker: the most build neighbours a square has."""

_new = tuple.__new__  # Ply(...) re-parses its arguments; the hot paths skip that


def roam_draw_supported(rules: TurnRules) -> bool:
    """True for a lone team roam (the rules :func:`draw_roam_ply` covers)."""
    return bool(rules.team_roam) and rules == TurnRules(team_roam=rules.team_roam)


@lru_cache(maxsize=16)
def _build_lists(geometry: Geometry) -> tuple[tuple[Square, ...], ...]:
    """Per square, its build neighbours lowest first (the build slots)."""
    out = []
    for mask in geometry.build_neighbours:
        squares = []
        while mask:
            low = mask & -mask
            mask ^= low
            squares.append(low.bit_length() - 1)
        out.append(tuple(squares))
    return tuple(out)


_BYTE_SQUARES = tuple(
    tuple(tuple(8 * byte + i for i in range(8) if value >> i & 1) for value in range(256))
    for byte in range(8)
)
"""Per byte of a bitboard (a map has at most 64 squares) and its value: its squares."""


def _square_list(bits: Bitboard) -> tuple[Square, ...]:
    """The squares of ``bits``, lowest first, a byte at a time.

    >>> _square_list(0b1_0000_0001_0110)
    (1, 2, 4, 12)
    """
    out: tuple[Square, ...] = ()
    byte = 0
    while bits:
        out += _BYTE_SQUARES[byte][bits & 255]
        bits >>= 8
        byte += 1
    return out


class RoamCandidates:
    """The superset of one position's team-roam plies: ``total`` indices, and
    :meth:`candidate` decoding one (``None``: rejected)."""

    __slots__ = (
        "geometry", "state", "movers", "power", "no_up", "level3_wins", "usual", "team",
        "starts", "others", "open", "regions", "ends", "total", "_fills", "_near",
    )

    def __init__(self, geometry: Geometry, state: State, movers: int, rules: TurnRules,
                 no_up: bool, level3_wins: bool) -> None:
        self.geometry = geometry
        self.state = state
        self.movers = movers
        self.power = rules.team_roam
        self.no_up = no_up
        self.level3_wins = level3_wins
        usual = _level_changes(geometry, state, movers, no_up, level3_wins, -1)
        assert isinstance(usual, int)
        self.usual = usual
        bits = geometry.bits
        team: list[int] = []
        starts: list[Square] = []
        others = bits[state.king] | bits[state.sphinx]  # every figure but the walkers
        for i, sq in enumerate(state.workers):
            if sq >= 0 and movers >> i & 1:
                team.append(i)
                starts.append(sq)
            else:
                others |= bits[sq]
        self.team = team
        self.starts = starts
        self.others = others
        self.open = geometry.land & ~state.domes & ~others
        # Each walker's region as if it walked alone (the other's start left open).
        if len(starts) == 2:
            first = _reach(geometry, state, starts[0], others)
            # A walker standing in the other's region shares it (one level, one component).
            second = first if first >> starts[1] & 1 else _reach(geometry, state, starts[1],
                                                                  others)
            self.regions: tuple[Bitboard, ...] = (first, second)
            listed = _square_list(first)
            self.ends: tuple[tuple[Square, ...], ...] = (
                listed, listed if second == first else _square_list(second))
            placements = len(self.ends[0]) * len(self.ends[1])
        elif starts:
            self.regions = (_reach(geometry, state, starts[0], others),)
            self.ends = (_square_list(self.regions[0]),)
            placements = len(self.ends[0])
        else:
            self.regions, self.ends, placements = (), (), 0
        self.total = usual + placements * SLOTS * len(team)
        self._fills: dict[tuple[int, Square], Bitboard] = {}
        self._near = _build_lists(geometry)

    def candidate(self, index: int) -> Ply | None:
        """The ply of superset index ``index`` (0 <= index < ``total``), or ``None``."""
        if index < self.usual:
            found = _level_changes(self.geometry, self.state, self.movers, self.no_up,
                                   self.level3_wins, index)
            assert isinstance(found, Ply)
            return found
        index -= self.usual
        if len(self.team) == 1:
            ends = self.ends[0]
            near = self._near[ends[index // SLOTS]]
            nth = index % SLOTS
            if nth >= len(near) or not self.open >> near[nth] & 1:
                return None
            return self._ply((ends[index // SLOTS],), near[nth])
        builder, nth = divmod(index % (2 * SLOTS), SLOTS)
        index //= 2 * SLOTS
        firsts, seconds = self.ends
        a, b = firsts[index % len(firsts)], seconds[index // len(firsts)]
        near = self._near[b if builder else a]
        if nth >= len(near):
            return None
        square = near[nth]
        if not self.open >> square & 1 or square == a or square == b or a == b:
            return None
        if builder and self.geometry.build_neighbours[a] >> square & 1:
            return None  # the first walker's slot names this build
        if not self._reachable(a, b):
            return None
        return self._ply((a, b), square)

    def _fill(self, walker: int, blocker: Square) -> Bitboard:
        """The region of ``walker`` with the other walker standing on ``blocker``."""
        key = (walker, blocker)
        found = self._fills.get(key)
        if found is None:
            found = _reach(self.geometry, self.state, self.starts[walker],
                           self.others | self.geometry.bits[blocker])
            self._fills[key] = found
        return found

    def _reachable(self, a: Square, b: Square) -> bool:
        """Whether the walkers can end on ``a`` and ``b``, one walking after the other."""
        a0, b0 = self.starts
        if not self.regions[0] >> b0 & 1:
            return True  # two regions apart: neither walker is in the other's way
        if self._fill(0, b0) >> a & 1 and self._fill(1, a) >> b & 1:
            return True
        return bool(self._fill(1, a0) >> b & 1 and self._fill(0, b) >> a & 1)

    def _ply(self, ends: tuple[Square, ...], square: Square) -> Ply:
        geometry, workers = self.geometry, self.state.workers
        state = self.state
        piece = (state.l1 >> square & 1) + (state.l2 >> square & 1) + (state.l3 >> square & 1)
        moves = tuple((i, sq) for i, sq in zip(self.team, ends, strict=True) if sq != workers[i])
        builds = ((square, piece),)
        # One worker ending one step away and building next to it is also the usual ply.
        if len(moves) == 1:
            mover, to = moves[0]
            if (geometry.move_neighbours[workers[mover]] >> to & 1
                    and geometry.build_neighbours[to] >> square & 1):
                return _new(Ply, (mover, moves, builds, False, False, ()))
        builder = next(i for i, sq in zip(self.team, ends, strict=True)
                       if geometry.build_neighbours[sq] >> square & 1)
        return _new(Ply, (builder, moves, builds, False, False, (self.power,)))


def draw_roam_ply(geometry: Geometry, state: State, movers: int, rules: TurnRules,
                  rng: random.Random, *, no_up: bool = False, level3_wins: bool = True
                  ) -> Ply | None:
    """A uniformly random distinct ply under a lone team roam (``None``: no ply)."""
    ply = _first_kept(RoamCandidates(geometry, state, movers, rules, no_up, level3_wins), rng)
    if ply is not False:
        assert ply is None or isinstance(ply, Ply)
        return ply
    count = count_route_plies(geometry, state, movers, rules, no_up=no_up,
                              level3_wins=level3_wins)
    if not count:
        return None
    return select_route_ply(geometry, state, movers, rules, rng.randrange(count), no_up=no_up,
                            level3_wins=level3_wins)


def step_draw_supported(rules: TurnRules) -> bool:
    """True for extra steps with one build per space (what :class:`StepCandidates` covers)."""
    return fast_supported(rules) and bool(rules.extra_steps) and _build_kind(rules) == 0


class StepCandidates:
    """The superset of one position's plies under extra steps (one build per space): per
    moving worker, each winning final space, then each other final space with each of
    its eight build slots; a slot is kept when it names a space the worker may build
    on. ``total`` indices, :meth:`candidate` decodes one (``None``: rejected)."""

    __slots__ = ("geometry", "state", "rules", "no_up", "segments", "total", "_near")

    def __init__(self, geometry: Geometry, state: State, movers: int, rules: TurnRules,
                 no_up: bool) -> None:
        self.geometry, self.state, self.rules, self.no_up = geometry, state, rules, no_up
        self.segments = []
        total = 0
        for reach in _reaches(geometry, state, movers, rules, no_up, True):
            wins, ends = _square_list(reach.wins), _square_list(reach.reached)
            size = len(wins) + SLOTS * len(ends)
            self.segments.append((size, reach, wins, ends))
            total += size
        self.total = total
        self._near = _build_lists(geometry)

    def candidate(self, index: int) -> Ply | None:
        """The ply of superset index ``index`` (0 <= index < ``total``), or ``None``."""
        for size, reach, wins, ends in self.segments:
            if index >= size:
                index -= size
                continue
            if index < len(wins):
                return _artemis_ply(self.geometry, self.state, self.rules, reach, wins[index],
                                    True, True, self.no_up, 0)
            to, nth = divmod(index - len(wins), SLOTS)
            near = self._near[ends[to]]
            if nth >= len(near) or not reach.open >> near[nth] & 1:
                return None
            return _artemis_ply(self.geometry, self.state, self.rules, reach, ends[to], False,
                                True, self.no_up, 1 << near[nth])
        raise IndexError("candidate index out of range")


def _first_kept(candidates: RoamCandidates | StepCandidates, rng: random.Random
                ) -> Ply | None | bool:
    """The first kept of up to :data:`ATTEMPTS` uniform candidates; when none is kept,
    a superset of at most :data:`WHOLE` indices is decoded whole and one kept candidate
    chosen uniformly (``None``: none is kept, so there is no ply); else ``False``."""
    total = candidates.total
    if total:
        for _ in range(ATTEMPTS):
            ply = candidates.candidate(rng.randrange(total))
            if ply is not None:
                return ply
    if total > WHOLE:
        return False
    kept = [p for i in range(total) if (p := candidates.candidate(i)) is not None]
    return kept[rng.randrange(len(kept))] if kept else None


Drawer = Callable[[State, bool, random.Random], "Ply | None"]
"""``draw(state, no_up, rng)``: a uniformly random distinct ply of one player (``None``:
they have none)."""


def make_drawer(geometry: Geometry, rules: TurnRules, movers: int, opponents: int) -> Drawer:
    """The quickest uniform draw for a player's rules, chosen once per game: counting
    and selecting (:mod:`.fast`, :mod:`.fast_routes`), rejection from a cheap superset
    (the team roam, extra steps with one build per space), or listing every ply (the
    rules no counting path covers). A climb onto level 3 wins (the standard game)."""
    if fast_supported(rules) and rules.extra_steps:
        def draw_steps(state: State, no_up: bool, rng: random.Random) -> Ply | None:
            rows = _artemis_rows(geometry, state, movers, rules, no_up, True)
            count = sum(size for _, size in rows)
            if not count:
                return None
            return _select_artemis(geometry, state, rules, no_up, True, rows,
                                   rng.randrange(count))
        if not step_draw_supported(rules):
            return draw_steps

        def draw_steps_by_rejection(state: State, no_up: bool, rng: random.Random
                                    ) -> Ply | None:
            found = _first_kept(StepCandidates(geometry, state, movers, rules, no_up), rng)
            if found is False:
                return draw_steps(state, no_up, rng)
            assert found is None or isinstance(found, Ply)
            return found
        return draw_steps_by_rejection
    if fast_supported(rules):
        def draw_masks(state: State, no_up: bool, rng: random.Random) -> Ply | None:
            count, rows = _worker_rows(geometry, state, movers, rules, no_up, True, opponents)
            if not count:
                return None
            return _pick(geometry, state, rules, True, rows, rng.randrange(count))
        return draw_masks
    if roam_draw_supported(rules):
        def draw_roam(state: State, no_up: bool, rng: random.Random) -> Ply | None:
            return draw_roam_ply(geometry, state, movers, rules, rng, no_up=no_up)
        return draw_roam
    if routes_supported(rules) and rules.pre_build:
        return _pre_build_drawer(geometry, rules.pre_build, movers)

    def draw_listed(state: State, no_up: bool, rng: random.Random) -> Ply | None:
        plies = list_plies(geometry, state, movers, rules, no_up=no_up, opponents=opponents)
        return plies[rng.randrange(len(plies))] if plies else None
    return draw_listed


def _pre_build_drawer(geometry: Geometry, power: str, movers: int) -> Drawer:
    """A lone build before moving: each part counted once, then the index drawn in the
    order of :func:`~.fast_routes.select_route_ply` (the usual plies, then each
    worker's plies that build first)."""
    plain = TurnRules()

    def draw_pre_build(state: State, no_up: bool, rng: random.Random) -> Ply | None:
        usual, rows = _worker_rows(geometry, state, movers, plain, no_up, True, 0)
        parts = []
        total = usual
        for worker, start in enumerate(state.workers):
            if start >= 0 and movers >> worker & 1:
                count = _pre_builds(geometry, state, worker, start, power, -1)
                assert isinstance(count, int)
                parts.append((worker, start, count))
                total += count
        if not total:
            return None
        index = rng.randrange(total)
        found: int | Ply = 0
        if index < usual:
            found = _pick(geometry, state, plain, True, rows, index)
        else:
            index -= usual
            for worker, start, count in parts:
                if index < count:
                    found = _pre_builds(geometry, state, worker, start, power, index)
                    break
                index -= count
        assert isinstance(found, Ply)
        return found
    return draw_pre_build
