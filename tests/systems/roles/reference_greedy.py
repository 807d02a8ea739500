"""The greedy role player as it was before the second speed pass (issue 25 §5), kept
verbatim as the reference of today's player (and the lookahead player on it): the fast player (policies.py) must give
the same records (winner, win type, rounds, plays) for the same seeds
(test_roles_speed.py), and benchmarks/roles.py times both side by side.

Copied from generator/systems/roles/policies.py (``ply_value`` to ``LookaheadPolicy``)
and engine.py (``legal_plies``) at
commit 9518316; only the imports changed, and the lookahead's card rule of issue 25 §2
(``saves_high``: of cards worth the same, the lowest number unless the value is a win).
It plays on the current round engine and shared power engine (whatever they gain,
this player gains too).
"""
from __future__ import annotations

import random
from dataclasses import replace

from generator.engine.geometry import Geometry, Square
from generator.engine.powers.turn import Ply, apply_ply, list_plies
from generator.engine.state import State
from generator.systems.roles.engine import (
    DEFAULT_MAX_ROUNDS,
    GameRecord,
    Position,
    Table,
    owner_of,
    play_game,
    seat_workers,
    usage,
    win_type,
)
from generator.systems.roles.model import WORKERS_EACH
from generator.systems.roles.policies import (
    HEIGHT_WEIGHT,
    LOST_WORKER_SCORE,
    READY_WEIGHT,
    ROOFTOP_THREAT_WEIGHT,
    THREAT_WEIGHT,
    USEFUL_HEIGHT,
    WIN_SCORE,
    score_state,
    within_two,
)


def _height(state: State, sq: Square) -> int:
    return (state.l1 >> sq & 1) + (state.l2 >> sq & 1) + (state.l3 >> sq & 1)


def legal_plies(table: Table, position: Position, seat: int, card: int) -> list[Ply]:
    """Every ply of ``seat`` following ``card`` within the pieces left."""
    state, supply, statue = position
    rules = table.with_win[card] if statue == seat else table.without_win[card]
    mine = sum(1 << i for i in seat_workers(seat) if state.workers[i] >= 0)
    others = sum(1 << i for i, sq in enumerate(state.workers) if sq >= 0) & ~mine
    if rules.pre_build_skyscraper and not supply[2]:
        rules = replace(rules, pre_build="", pre_build_skyscraper=False,
                        pre_build_required=False)  # none left to build
    plies = list_plies(table.geometry, state, mine, rules, level3_wins=statue == seat,
                       opponents=others)
    if plies and min(supply) >= max(len(p.builds) for p in plies):
        return plies  # no ply can take more of a piece than the box holds
    return [p for p in plies
            if all(u <= s for u, s in zip(usage(state, p), supply, strict=True))]


def ply_value(state: State, ply: Ply, seat: int, steps: tuple[int, ...],
              reach: tuple[int, ...]) -> int:
    """``score_state`` of the state after ``ply``, without building that state (the
    greedy player's hot path; pinned to ``score_state(apply_ply(...))`` in the tests).
    ``steps``: the geometry's move neighbours; ``reach``: :func:`within_two`."""
    l1, l2, l3, domes, workers, king, sphinx = state
    for index, sq in ply.moves:
        workers = (*workers[:index], sq, *workers[index + 1:])
    for sq, piece in ply.builds:
        if piece == 0:
            l1 |= 1 << sq
        elif piece == 1:
            l2 |= 1 << sq
        elif piece == 2:
            l3 |= 1 << sq
        else:
            domes |= 1 << sq
    occ = 0
    for sq in workers:
        if sq >= 0:
            occ |= 1 << sq
    if king >= 0:
        occ |= 1 << king
    if sphinx >= 0:
        occ |= 1 << sphinx
    towers = l3 & ~domes
    open3 = towers & ~occ
    first = seat * WORKERS_EACH
    score = 0
    for i, sq in enumerate(workers):
        if sq < 0:
            continue
        height = (l1 >> sq & 1) + (l2 >> sq & 1) + (l3 >> sq & 1)
        ready = height == 2 and steps[sq] & open3
        if first <= i < first + WORKERS_EACH:
            score += HEIGHT_WEIGHT * min(height, USEFUL_HEIGHT) + (READY_WEIGHT if ready else 0)
            continue
        if ready:
            score -= THREAT_WEIGHT
        if towers and reach[sq] & towers:
            score -= ROOFTOP_THREAT_WEIGHT
    return score


def pick_best(values: list[int], rng: random.Random) -> tuple[int, int]:
    """(best value, index of the ply taken): the first best, each later tie taking its
    place with probability 1/ties (one ``rng.randrange`` per tie, in ply order); an
    empty list is a lost worker, ``(LOST_WORKER_SCORE, -1)``, with no draw."""
    best, found, ties = LOST_WORKER_SCORE, -1, 0
    for index, value in enumerate(values):
        if found < 0 or value > best:
            best, found, ties = value, index, 1
        elif value == best:
            ties += 1
            if rng.randrange(ties) == 0:
                found = index
    return best, found


class GreedyPolicy:
    """One-ply greedy choices (see the module notes).

    Copies of one role share their compiled rules, so in one position the plies and
    their values are listed once per (rules, Statue) and kept until the position
    changes; only the random tie-breaks are drawn again for each card, in the order
    the plain player draws them, so every choice and every draw is the plain
    player's (tests/systems/roles/reference_play.py, test_roles_speed.py)."""

    saves_high = False

    def __init__(self) -> None:
        self._geometry: Geometry | None = None
        self._reach: tuple[int, ...] = ()
        self._steps: tuple[int, ...] = ()
        self._at: object = None
        self._lists: dict[tuple[int, bool], tuple[list[Ply], list[int]]] = {}
        self._values: dict[Ply, int] = {}

    def _fit(self, table: Table) -> None:
        if table.geometry is not self._geometry:  # kept for the table being played
            self._geometry = table.geometry
            self._reach = within_two(table.geometry.build_neighbours)
            self._steps = table.geometry.move_neighbours

    def _score(self, table: Table, state: State, seat: int) -> int:
        self._fit(table)
        return score_state(table, state, seat, self._reach)

    def _ply_score(self, table: Table, position: Position, seat: int, card: int,
                   ply: Ply) -> int:
        if ply.win and win_type(table, position, seat, card, ply):
            return WIN_SCORE
        value = self._values.get(ply)
        if value is None:
            value = self._values[ply] = ply_value(position.state, ply, seat, self._steps,
                                                  self._reach)
        return value

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
        self._fit(table)
        at = (id(table), position.state, position.supply, seat)
        if at != self._at:
            self._at, self._lists, self._values = at, {}, {}
        holds = position.statue == seat
        rules = table.with_win[card] if holds else table.without_win[card]
        key = (id(rules), holds)
        found = self._lists.get(key)
        if found is not None and (plies is None or found[0] == plies):
            return found[1]
        if plies is None:
            plies = legal_plies(table, position, seat, card)
        ordered = self._ordered_scores(table, position, seat, card, plies) if any(
            p.owner_chooses for p in plies) else {}
        values = [ordered[p] if p in ordered else
                  self._ply_score(table, position, seat, card, p) for p in plies]
        self._lists[key] = (plies, values)
        return values

    def choose_card(self, table: Table, position: Position, seat: int, hand: list[int],
                    rng: random.Random) -> int:
        outside = [n for i, n in enumerate(table.numbers) if i not in hand]
        top = max(outside, default=0)
        best_index, best_value = 0, None
        for index, card in enumerate(hand):
            statue = seat if table.numbers[card] > top else -1
            view = Position(position.state, position.supply, statue)
            value, _ = pick_best(self._listed(table, view, seat, card), rng)
            number = table.numbers[card]
            key = (value, -number if self.saves_high and value < WIN_SCORE else number)
            if best_value is None or key > best_value:
                best_index, best_value = index, key
        return best_index

    def choose_ply(self, table: Table, position: Position, seat: int, card: int,
                   plies: list[Ply], rng: random.Random) -> Ply:
        _, index = pick_best(self._listed(table, position, seat, card, plies), rng)
        return plies[index]

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
    """The greedy player, looking one turn ahead: it does not hand a rival a win.

    Of its plies by greedy value, best first (ties in the greedy player's random order,
    at most :data:`LOOKAHEAD_PLIES`), it plays the first after which no rival seat can
    win on its next turn with any role of the deal, assuming that rival holds the
    Statue (the worst case; the rivals' hands are hidden). A ply that wins at once is
    played at once; when every ply checked hands a win, it plays the greedy choice."""

    saves_high = True

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


def play_today(table: Table, players: int, rng: random.Random,
               max_rounds: int = DEFAULT_MAX_ROUNDS, policy: str = "greedy") -> GameRecord:
    """One game of ``table`` with every seat under today's ``policy`` (greedy or
    lookahead)."""
    kind = {"greedy": GreedyPolicy, "lookahead": LookaheadPolicy}[policy]
    seats = [kind() for _ in range(players)]
    return play_game(table, list(seats), rng, max_rounds)
