"""Players for role-game playouts, in rising strength: ``random`` (uniform choices),
``greedy`` and ``lookahead`` (greedy, but it keeps its high numbers for a round it
can win in, and never hands a rival a win it can avoid).

The greedy player scores each ply by the position it leaves: a win first, then
its own workers' heights (level 3 counts as level 2: a worker parked on a tower
can no longer win by climbing, and leaves a tower to cap), a little for its own
workers on level 2 next to a free level-3 space (a climb ready for the Statue),
less the opponents' workers standing on level 2 next to a free level-3 space
(climbs it hands them) and less the opponents' workers within a step of being
next to an uncapped level-3 tower (a rooftop an Engineer with the Statue wins by). It picks the card whose best ply
scores highest (a card with no ply scores as a lost worker), preferring the
higher number on a tie (the Statue), assuming the Statue only when no other card
of the deck outside its hand has a higher number. It loses its lowest worker and
places a set-up skyscraper next to most opponents. When its card orders a rival's
worker to move, it values the order by the destination that rival would choose
(the one best for the rival, and of those the worst for itself); told to move its
own worker, it picks the destination best for itself.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from operator import itemgetter

from generator.engine.geometry import Geometry, Square
from generator.engine.powers.turn import Ply, apply_ply
from generator.engine.state import State, occupied
from generator.systems.roles.fast import KernelLister, kernel
from generator.systems.roles.weights import (
    HEIGHT_WEIGHT,
    LOST_WORKER_SCORE,
    READY_WEIGHT,
    ROOFTOP_THREAT_WEIGHT,
    THREAT_WEIGHT,
    USEFUL_HEIGHT,
    WIN_SCORE,
    within_two,
)
from generator.systems.roles.model import WORKERS_EACH
from generator.systems.roles.engine import (
    Policy,
    Position,
    Table,
    legal_plies,
    owner_of,
    seat_workers,
    usage,
    win_type,
)

_OWNER_CHOOSES = itemgetter(6)  # Ply.owner_chooses, read by C code


class RandomPolicy:
    """Every choice uniformly at random."""

    def choose_card(self, table: Table, position: Position, seat: int, hand: list[int],
                    rng: random.Random) -> int:
        return rng.randrange(len(hand))

    def choose_ply(self, table: Table, position: Position, seat: int, card: int,
                   plies: list[Ply], rng: random.Random) -> Ply:
        return plies[rng.randrange(len(plies))]

    def choose_space(self, table: Table, position: Position, seat: int, spaces: list[Square],
                     rng: random.Random) -> Square:
        return spaces[rng.randrange(len(spaces))]

    def choose_loss(self, table: Table, position: Position, seat: int, workers: list[int],
                    rng: random.Random) -> int:
        return workers[rng.randrange(len(workers))]

    def choose_destination(self, table: Table, position: Position, seat: int,
                           plies: list[Ply], rng: random.Random) -> Ply:
        return plies[rng.randrange(len(plies))]


def _height(state: State, sq: Square) -> int:
    return (state.l1 >> sq & 1) + (state.l2 >> sq & 1) + (state.l3 >> sq & 1)


def score_state(table: Table, state: State, seat: int,
                reach: tuple[int, ...] | None = None) -> int:
    """The greedy value of ``state`` for ``seat`` (no win in it); ``reach``:
    :func:`within_two` of the table's geometry, when the caller keeps it."""
    mine = seat_workers(seat)
    score = 0
    open3 = state.l3 & ~state.domes & ~occupied(state)
    towers = state.l3 & ~state.domes
    steps = table.geometry.move_neighbours
    if towers and reach is None:
        reach = within_two(table.geometry.build_neighbours)
    for i, sq in enumerate(state.workers):
        if sq < 0:
            continue
        height = _height(state, sq)
        ready = height == 2 and steps[sq] & open3
        if i in mine:
            score += HEIGHT_WEIGHT * min(height, USEFUL_HEIGHT) + (READY_WEIGHT if ready else 0)
            continue
        if ready:
            score -= THREAT_WEIGHT
        if towers and reach is not None and reach[sq] & towers:
            score -= ROOFTOP_THREAT_WEIGHT
    return score


class PlyValues:
    """The greedy values of plies from one position for one seat: ``score_state`` of
    the state a ply leaves, without building that state (the greedy player's hot
    path; pinned to ``score_state(apply_ply(...))`` in test_roles_speed.py).

    The position's worker terms are summed once; a ply that builds under no worker
    changes the terms of the workers it moves, and of those that stay only where a
    free level-3 space beside them or a tower within two spaces came or went: those
    are scored again, the rest kept (:meth:`of`). In :meth:`values`, the commonest
    ply (the seat's own worker stepping between spaces off the towers, then blocks of
    levels 1-2 or domes below level 3 on free spaces) changes one term, found without
    replaying the ply (blocks under the mover raise it); a ply moving two workers off
    the towers (a force, a swap) changes two (:meth:`_two_moves`). Where such a ply
    raises level-3 towers on free spaces, the other workers' change is kept per
    (towers raised, workers moved) for the listing (:meth:`_raised`); a tower raised
    and capped in one ply changes nothing. Other plies (a rooftop on a standing
    tower, a block under a worker that stays, a step onto or off a tower) take the
    general path.

    >>> from generator.engine.geometry import Geometry
    >>> g = Geometry.rectangle(3, 1)
    >>> reach = within_two(g.build_neighbours)
    >>> values = PlyValues(State(2, 2, 0, 0, (0, 2)), 0, g.move_neighbours, reach)
    >>> values.values([Ply(0, ((0, 1),), ((0, 0),)), Ply(0, ((0, 1),), (), True)])
    ([20, 20], [1])
    """

    __slots__ = ("workers", "domes", "steps", "reach", "base", "terms", "first", "towers",
                 "open3", "occ", "heights", "_grown", "_last_moves", "_moved")

    def __init__(self, state: State, seat: int, steps: tuple[int, ...],
                 reach: tuple[int, ...]) -> None:
        l1, l2, l3, domes, workers, _, _ = state
        self.workers, self.domes, self.steps, self.reach = workers, domes, steps, reach
        occ = occupied(state)
        towers = l3 & ~domes
        open3 = towers & ~occ
        self.first = seat * WORKERS_EACH
        self.occ, self.towers, self.open3 = occ, towers, open3
        self.heights = l1, l2, l3
        self.terms = [self._term(i, sq, l1, l2, l3, open3, towers)
                      for i, sq in enumerate(workers)]
        self.base = sum(self.terms)
        self._grown: dict[int, int] = {}  # (new towers, moved) -> the other terms' change
        self._last_moves: object = None  # the last two-worker moves valued, and
        self._moved: tuple[int, int] | None = None  # their (occupied, value)

    def _term(self, index: int, sq: Square, l1: int, l2: int, l3: int, open3: int,
              towers: int) -> int:
        """One worker's part of the value (0 for a worker off the board)."""
        if sq < 0:
            return 0
        height = (l1 >> sq & 1) + (l2 >> sq & 1) + (l3 >> sq & 1)
        ready = height == 2 and self.steps[sq] & open3
        if self.first <= index < self.first + WORKERS_EACH:
            return HEIGHT_WEIGHT * min(height, USEFUL_HEIGHT) + (READY_WEIGHT if ready else 0)
        return (-THREAT_WEIGHT if ready else 0) - (
            ROOFTOP_THREAT_WEIGHT if towers and self.reach[sq] & towers else 0)

    def values(self, plies: list[Ply]) -> tuple[list[int], list[int]]:
        """The value of each ply (no win judged), and the indices of the plies marked
        as wins (the caller judges them)."""
        first, last = self.first, self.first + WORKERS_EACH
        towers, occ0, open3, workers = self.towers, self.occ, self.open3, self.workers
        l1, l2, _ = self.heights
        steps, base, terms = self.steps, self.base, self.terms
        out: list[int] = []
        wins: list[int] = []
        for ply in plies:
            if ply.win:
                wins.append(len(out))
            moves = ply.moves
            if len(moves) == 1:
                index, to = moves[0]
                start = workers[index]
                if to >= 0 and start >= 0 and first <= index < last and not (
                        towers >> to & 1 or towers >> start & 1):
                    occ = occ0 & ~(1 << start) | 1 << to
                    new = 0  # the level-3 towers the builds raise; -1: the general path
                    lift = 0  # blocks under the mover
                    for sq, piece in ply.builds:
                        # A block under another worker or a rooftop changes other terms
                        # (the general path); a dome below level 3 changes none.
                        if piece < 2:
                            if occ >> sq & 1:
                                if sq != to:
                                    new = -1
                                    break
                                lift += 1
                        elif piece == 2:
                            if occ >> sq & 1:
                                new = -1
                                break
                            new |= 1 << sq
                        elif new >> sq & 1:
                            new &= ~(1 << sq)  # a tower raised and capped: none of it stays
                        elif towers >> sq & 1:
                            new = -1
                            break
                    if new >= 0:
                        height = (l1 >> to & 1) + (l2 >> to & 1) + lift
                        ready = READY_WEIGHT if height == 2 and steps[to] & (open3 | new) else 0
                        value = base - terms[index] + HEIGHT_WEIGHT * height + ready
                        if new:
                            value += self._raised(1 << index, new)
                        out.append(value)
                        continue
            elif len(moves) == 2:
                moved = self._two_moves(moves, ply.builds)
                if moved is not None:
                    out.append(moved)
                    continue
            out.append(self.of(ply))
        return out, wins

    def _two_moves(self, moves: tuple[tuple[int, Square], ...],
                   builds: tuple[tuple[Square, int], ...]) -> int | None:
        """The value of a ply that moves two workers (a force, a swap, both workers
        acting) between spaces off the towers and builds no rooftop and no block under
        a third worker: those two terms change, and where it raises towers on free
        spaces the others as :meth:`_raised` says (``None``: another ply, for the
        general path). The plies of one step share their moves, so the last moves'
        value is kept for builds that change no term (blocks and domes on free spaces
        below level 3)."""
        if moves is not self._last_moves:
            self._last_moves, self._moved = moves, self._two_moved(moves)
        moved = self._moved
        if moved is None:
            return None
        occ, value = moved
        towers = self.towers
        for sq, piece in builds:
            if piece == 2 or (occ >> sq & 1 if piece < 2 else towers >> sq & 1):
                break
        else:
            return value
        (a, to_a), (b, to_b) = moves
        l1, l2, l3 = self.heights
        new = 0  # level-3 towers raised on free spaces
        for sq, piece in builds:
            if piece < 2:
                # A block raises only the term of a worker standing on it: one of the two.
                if occ >> sq & 1 and sq != to_a and sq != to_b:
                    return None
                if piece:
                    l2 |= 1 << sq
                else:
                    l1 |= 1 << sq
            elif piece == 2:
                if occ >> sq & 1:
                    return None
                new |= 1 << sq
            elif new >> sq & 1:
                new &= ~(1 << sq)  # a tower raised and capped: none of it stays
            elif towers >> sq & 1:
                return None
        term, terms = self._term, self.terms
        open3, after = self.open3 | new, towers | new
        value = (self.base - terms[a] - terms[b] + term(a, to_a, l1, l2, l3, open3, after)
                 + term(b, to_b, l1, l2, l3, open3, after))
        return value + self._raised(1 << a | 1 << b, new) if new else value

    def _two_moved(self, moves: tuple[tuple[int, Square], ...]) -> tuple[int, int] | None:
        """For two workers moved between spaces off the towers: the occupied spaces
        after the moves and the value when nothing is built (``None``: other moves)."""
        (a, to_a), (b, to_b) = moves
        workers, towers = self.workers, self.towers
        from_a, from_b = workers[a], workers[b]
        if a == b or min(to_a, to_b, from_a, from_b) < 0 or towers & (
                1 << to_a | 1 << to_b | 1 << from_a | 1 << from_b):
            return None
        occ = self.occ & ~(1 << from_a | 1 << from_b) | 1 << to_a | 1 << to_b
        l1, l2, l3 = self.heights
        term, terms, open3 = self._term, self.terms, self.open3
        return occ, (self.base - terms[a] - terms[b] + term(a, to_a, l1, l2, l3, open3, towers)
                     + term(b, to_b, l1, l2, l3, open3, towers))

    def _raised(self, moved: int, new: int) -> int:
        """How the terms of the workers not in ``moved`` (a mask of worker indices)
        change when the free spaces of ``new`` become level-3 towers (the moved
        workers step between spaces off the towers, so the free level-3 spaces are
        otherwise as before); kept per (``new``, ``moved``) for the listing."""
        key = new << 16 | moved  # worker indices are below 16
        change = self._grown.get(key)
        if change is not None:
            return change
        open3, towers, steps, reach = self.open3, self.towers, self.steps, self.reach
        l1, l2, l3 = self.heights
        first = self.first
        change = 0
        for j, sq in enumerate(self.workers):
            if sq < 0 or moved >> j & 1:
                continue
            readied = ((l1 >> sq & 1) + (l2 >> sq & 1) + (l3 >> sq & 1) == 2
                       and not steps[sq] & open3 and steps[sq] & new)
            if first <= j < first + WORKERS_EACH:
                change += READY_WEIGHT if readied else 0
                continue
            change -= THREAT_WEIGHT if readied else 0
            if reach[sq] & new and not reach[sq] & towers:
                change -= ROOFTOP_THREAT_WEIGHT
        self._grown[key] = change
        return change

    def of(self, ply: Ply) -> int:
        """``score_state`` after ``ply`` (no win checked here), by the general path."""
        towers = self.towers
        moves = ply.moves
        workers = self.workers
        occ = self.occ
        final: dict[int, Square] = {}
        for index, sq in moves:
            final[index] = sq
        for index in final:
            if workers[index] >= 0:
                occ &= ~(1 << workers[index])
        for sq in final.values():
            if sq >= 0:
                occ |= 1 << sq
        l1, l2, l3 = self.heights
        domes = self.domes
        under = False  # a block under a worker: score every worker
        for sq, piece in ply.builds:
            under = under or occ >> sq & 1 == 1
            if piece == 0:
                l1 |= 1 << sq
            elif piece == 1:
                l2 |= 1 << sq
            elif piece == 2:
                l3 |= 1 << sq
            else:
                domes |= 1 << sq
        after = l3 & ~domes
        open3 = after & ~occ
        rescore = self._term
        if under:
            return sum(rescore(i, final.get(i, sq), l1, l2, l3, open3, after)
                       for i, sq in enumerate(workers))
        terms = self.terms
        value = self.base
        # A worker that stays keeps its height: its term changes only when a free
        # level-3 space beside it, or a tower within two spaces, came or went.
        free3, built3 = open3 ^ self.open3, after ^ towers
        if free3 or built3:
            steps, reach = self.steps, self.reach
            for i, sq in enumerate(workers):
                if sq >= 0 and i not in final and (steps[sq] & free3 or reach[sq] & built3):
                    value += rescore(i, sq, l1, l2, l3, open3, after) - terms[i]
        for i, sq in final.items():
            value += rescore(i, sq, l1, l2, l3, open3, after) - terms[i]
        return value


def pick_best(values: list[int], rng: random.Random) -> tuple[int, int]:
    """(best value, index of the ply taken): the first best, each later tie taking its
    place with probability 1/ties (one ``rng.randrange`` per tie, in ply order); an
    empty list is a lost worker, ``(LOST_WORKER_SCORE, -1)``, with no draw.

    A tie with a running best below the top draws too, so the values before the
    first top are walked one by one; after it only the tops draw, found by C code,
    each draw made as ``randrange`` makes it. tests/systems/roles/test_roles_speed.py
    pins it to the plain walk, result and generator state.

    >>> pick_best([3, 5, 1], random.Random(0))
    (5, 1)
    """
    if not values:
        return LOST_WORKER_SCORE, -1
    top = max(values)
    found = values.index(top)
    # rng.randrange(n) is CPython's _randbelow_with_getrandbits(n): getrandbits of
    # n.bit_length() bits until one is below n; drawn here without its checks.
    getrandbits = rng.getrandbits
    best, ties = values[0], 1
    for index in range(1, found):
        value = values[index]
        if value > best:
            best, ties = value, 1
        elif value == best:
            ties += 1
            bits = ties.bit_length()
            while getrandbits(bits) >= ties:
                pass
    index = found
    for ties in range(2, values.count(top) + 1):
        index = values.index(top, index + 1)
        bits = ties.bit_length()
        draw = getrandbits(bits)
        while draw >= ties:
            draw = getrandbits(bits)
        if draw == 0:
            found = index
    return top, found


def pick_scheduled(schedule: list[int], rng: random.Random) -> tuple[int, int]:
    """:func:`pick_best` of a value list from its tie-break schedule (the compiled
    :func:`~.compiled.tie_schedule`: the top, its first place, the counts ``m`` and
    ``t``, the tie count of each draw before that place, the places of the top): the
    same result and the same draws, without walking the values in Python (pinned to
    :func:`pick_best` in test_roles_compiled.py).

    >>> pick_scheduled([5, 1, 0, 1, 1], random.Random(0))
    (5, 1)
    >>> pick_scheduled([], random.Random(0))
    (-500, -1)
    """
    if not schedule:
        return LOST_WORKER_SCORE, -1
    top, found, m, t = schedule[0], schedule[1], schedule[2], schedule[3]
    getrandbits = rng.getrandbits
    for ties in schedule[4:4 + m]:
        bits = ties.bit_length()
        while getrandbits(bits) >= ties:
            pass
    places = schedule[4 + m:4 + m + t]
    for ties in range(2, t + 1):
        bits = ties.bit_length()
        draw = getrandbits(bits)
        while draw >= ties:
            draw = getrandbits(bits)
        if draw == 0:
            found = places[ties - 1]
    return top, found


class GreedyPolicy:
    """One-ply greedy choices (see the module notes).

    Copies of one role share their compiled rules, so in one position the plies and
    their values are listed once per (rules, Statue) and kept until the position
    changes; only the random tie-breaks are drawn again for each card, in the order
    the plain player draws them, so every choice and every draw is the plain
    player's (tests/systems/roles/reference_play.py and reference_greedy.py,
    test_roles_speed.py). The values come from the compiled kernel where it plays the
    card's rules (:mod:`.fast`; ``compiled=False``, numba missing or
    ``RIDDLESMITH_COMPILED=0``: never), else from one :class:`PlyValues` a position;
    both give the same values in the same order (test_roles_compiled.py)."""

    def __init__(self, compiled: bool = True) -> None:
        self._geometry: Geometry | None = None
        self._reach: tuple[int, ...] = ()
        self._steps: tuple[int, ...] = ()
        self._at: object = None
        self._lists: dict[tuple[int, bool],
                          tuple[list[Ply] | None, list[int], list[int] | None]] = {}
        self._scorer: PlyValues | None = None
        self._compiled = compiled
        self._lister: KernelLister | None = None

    def _fit(self, table: Table) -> None:
        if table.geometry is not self._geometry:  # kept for the table being played
            self._geometry = table.geometry
            self._reach = within_two(table.geometry.build_neighbours)
            self._steps = table.geometry.move_neighbours
            k = kernel() if self._compiled else None
            self._lister = KernelLister(k, table.geometry, self._reach) if k else None

    def _score(self, table: Table, state: State, seat: int) -> int:
        self._fit(table)
        return score_state(table, state, seat, self._reach)

    def _ply_score(self, table: Table, position: Position, seat: int, card: int,
                   ply: Ply) -> int:
        if ply.win and win_type(table, position, seat, card, ply):
            return WIN_SCORE
        assert self._scorer is not None
        return self._scorer.of(ply)

    def _ordered_scores(self, table: Table, position: Position, seat: int, card: int,
                        plies: list[Ply]) -> dict[Ply, int]:
        """The value of each ordered-move ply: that of the destination its owner takes."""
        groups: dict[object, list[Ply]] = {}
        for ply in plies:
            if ply.owner_chooses:
                groups.setdefault((ply.moves[:-1], ply.builds, ply.moves[-1][0]), []).append(ply)
        out: dict[Ply, int] = {}
        for group in groups.values():
            owner = owner_of(group[0].moves[-1][0])
            theirs = [self._score(table, apply_ply(position.state, p), owner) for p in group]
            top = max(theirs)
            value = min(self._ply_score(table, position, seat, card, p)
                        for p, v in zip(group, theirs, strict=True) if v == top)
            out.update(dict.fromkeys(group, value))
        return out

    def _listed(self, table: Table, position: Position, seat: int, card: int,
                plies: list[Ply] | None = None) -> list[int]:
        """The values of the legal plies of ``card`` (``plies`` when the caller listed
        them), from the position's memo."""
        return self._entry(table, position, seat, card, plies)[1]

    def _entry(self, table: Table, position: Position, seat: int, card: int,
               plies: list[Ply] | None = None
               ) -> tuple[list[Ply] | None, list[int], list[int] | None]:
        """The position's memo entry of ``card``: the plies (None when the kernel listed
        them), their values and, from the kernel, their tie-break schedule."""
        self._fit(table)
        at = (id(table), position.state, position.supply, seat)
        if at != self._at:
            self._at, self._lists, self._scorer = at, {}, None
        holds = position.statue == seat
        rules = table.with_win[card] if holds else table.without_win[card]
        key = (id(rules), holds)
        found = self._lists.get(key)
        if found is not None and (plies is None or found[0] == plies or (
                found[0] is None and len(found[1]) == len(plies))):
            return found
        if self._lister is not None:
            compiled = self._lister.values(position.state, position.supply, seat, holds, rules)
            if compiled is not None and (plies is None or len(compiled[0]) == len(plies)):
                entry: tuple[list[Ply] | None, list[int], list[int] | None] = (
                    None, compiled[0], compiled[1])
                self._lists[key] = entry
                return entry
        if self._scorer is None:
            self._scorer = PlyValues(position.state, seat, self._steps, self._reach)
        if plies is None:
            plies = legal_plies(table, position, seat, card)
        ordered = self._ordered_scores(table, position, seat, card, plies) if any(
            map(_OWNER_CHOOSES, plies)) else {}
        if ordered:
            values = [ordered[p] if p in ordered else
                      self._ply_score(table, position, seat, card, p) for p in plies]
        else:
            assert self._scorer is not None
            values, wins = self._scorer.values(plies)
            for i in wins:
                if win_type(table, position, seat, card, plies[i]):
                    values[i] = WIN_SCORE
        entry = (plies, values, None)
        self._lists[key] = entry
        return entry

    def choose_card(self, table: Table, position: Position, seat: int, hand: list[int],
                    rng: random.Random) -> int:
        outside = [n for i, n in enumerate(table.numbers) if i not in hand]
        top = max(outside, default=0)
        best_index, best_value = 0, None
        for index, card in enumerate(hand):
            statue = seat if table.numbers[card] > top else -1
            view = Position(position.state, position.supply, statue)
            _, values, schedule = self._entry(table, view, seat, card)
            value, _ = pick_best(values, rng) if schedule is None else pick_scheduled(
                schedule, rng)
            key = self._card_key(value, table.numbers[card])
            if best_value is None or key > best_value:
                best_index, best_value = index, key
        return best_index

    def _card_key(self, value: int, number: int) -> tuple[int, int]:
        """How :meth:`choose_card` ranks a card whose best ply is worth ``value``: the
        higher number first among equals (the Statue)."""
        return value, number

    def choose_ply(self, table: Table, position: Position, seat: int, card: int,
                   plies: list[Ply], rng: random.Random) -> Ply:
        _, index = pick_best(self._listed(table, position, seat, card, plies), rng)
        return plies[index]

    def choose_turn_ply(self, table: Table, position: Position, seat: int, card: int,
                        rng: random.Random) -> Ply | None:
        """The ply :meth:`choose_ply` would choose among the legal plies, listed, valued
        and kept by the kernel (see :class:`~.engine.QuickTurn`); None, with no draw,
        without the kernel, for rules it does not play, with no legal ply, or for a
        player that chooses its ply otherwise (the lookahead player)."""
        self._fit(table)
        lister = self._lister
        if lister is None or type(self).choose_ply is not GreedyPolicy.choose_ply:
            return None
        holds = position.statue == seat
        rules = table.with_win[card] if holds else table.without_win[card]
        count = lister.run(position.state, position.supply, seat, holds, rules, keep=True)
        if not count:
            return None
        _, index = pick_scheduled(lister.schedule(), rng)
        return lister.ply(index, rules)

    def choose_space(self, table: Table, position: Position, seat: int, spaces: list[Square],
                     rng: random.Random) -> Square:
        near = table.geometry.build_neighbours
        others = [sq for i, sq in enumerate(position.state.workers)
                  if sq >= 0 and i not in seat_workers(seat)]
        return max(spaces, key=lambda s: (sum(near[s] >> o & 1 for o in others), -s))

    def choose_loss(self, table: Table, position: Position, seat: int, workers: list[int],
                    rng: random.Random) -> int:
        state = position.state
        return min(workers, key=lambda i: (_height(state, state.workers[i]), i))

    def choose_destination(self, table: Table, position: Position, seat: int,
                           plies: list[Ply], rng: random.Random) -> Ply:
        values = [self._score(table, apply_ply(position.state, p), seat) for p in plies]
        top = max(values)
        best = [p for p, v in zip(plies, values, strict=True) if v == top]
        return best[rng.randrange(len(best))]


LOOKAHEAD_PLIES = 8
"""The best plies by the greedy value that :class:`LookaheadPolicy` checks for a win
handed to the next players (past them it keeps the greedy choice)."""


class LookaheadPolicy(GreedyPolicy):
    """The greedy player, looking past this turn: it keeps its high numbers for a round
    it can win in, and it does not hand a rival a win.

    Cards: as the greedy player it plays the card whose best ply is worth most, but of
    cards worth the same it plays the *lowest* number unless that value is a win (the
    greedy player plays the highest): a high number takes the Statue, which only pays
    in a round where its holder can climb to win, so it is kept for one. (Measured
    against greedy players, 300 games from each seat in turn, this alone lifts a
    greedy player from about the fair share to 62 % at 2 players and 45 % at 4.)

    Plies: of its plies by greedy value, best first (ties in the greedy player's random
    order, at most :data:`LOOKAHEAD_PLIES`), it plays the first after which no rival
    seat can win on its next turn with any role of the deal, assuming that rival holds
    the Statue (the worst case; the rivals' hands are hidden). A ply that wins at once
    is played at once; when every ply checked hands a win, it plays the greedy choice."""

    def _card_key(self, value: int, number: int) -> tuple[int, int]:
        return value, number if value >= WIN_SCORE else -number

    def _hands_a_win(self, table: Table, position: Position, seat: int, ply: Ply) -> bool:
        state = apply_ply(position.state, ply)
        used = usage(position.state, ply)
        supply = (position.supply[0] - used[0], position.supply[1] - used[1],
                  position.supply[2] - used[2])
        seats = len(state.workers) // WORKERS_EACH
        roles: dict[int, int] = {}
        for card, rules in enumerate(table.with_win):
            roles.setdefault(id(rules), card)
        for rival in range(seats):
            if rival == seat or all(state.workers[i] < 0 for i in seat_workers(rival)):
                continue
            view = Position(state, supply, rival)
            for card in roles.values():
                for reply in legal_plies(table, view, rival, card):
                    if reply.win and win_type(table, view, rival, card, reply):
                        return True
        return False

    def choose_ply(self, table: Table, position: Position, seat: int, card: int,
                   plies: list[Ply], rng: random.Random) -> Ply:
        values = self._listed(table, position, seat, card, plies)
        best, index = pick_best(values, rng)
        if best >= WIN_SCORE or len(plies) == 1:
            return plies[index]
        checked = 0
        for value in sorted(set(values), reverse=True):
            tied = [i for i, v in enumerate(values) if v == value]
            rng.shuffle(tied)
            for i in tied:
                if checked == LOOKAHEAD_PLIES:
                    return plies[index]
                checked += 1
                if not self._hands_a_win(table, position, seat, plies[i]):
                    return plies[i]
        return plies[index]


POLICIES: dict[str, Callable[[], Policy]] = {"random": RandomPolicy, "greedy": GreedyPolicy,
                                             "lookahead": LookaheadPolicy}
DEFAULT_POLICY = "greedy"
