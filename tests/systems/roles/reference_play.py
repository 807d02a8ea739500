"""The role engine and players as they were before the speed work (issue 25 §5), kept
verbatim as the slow reference: :func:`play_game` with these players must give the
same records (winner, win type, rounds, plays) as the fast engine and players for the
same seeds (test_roles_speed.py), and benchmarks/roles.py times both side by side.

Copied from generator/systems/roles/engine.py and policies.py at commit 43d6456; only
the imports changed (the tables, positions and records are the current ones).
"""
from __future__ import annotations

import random
from dataclasses import replace

from generator.engine.geometry import Geometry, Square, iter_squares
from generator.engine.powers.pieces import TurnRules
from generator.engine.powers.turn import Ply, apply_ply, list_plies
from generator.engine.state import State, occupied
from generator.systems.roles.engine import (
    COST_IMPOSSIBLE,
    COST_UNFULFILLED,
    DEFAULT_MAX_ROUNDS,
    WIN_LAST,
    WIN_NONE,
    GameRecord,
    Play,
    Policy,
    Position,
    Table,
    Turn,
    owner_of,
    owner_options,
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
    within_two,
)


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
    return [p for p in plies
            if all(u <= s for u, s in zip(usage(state, p), supply, strict=True))]


def take_turn(table: Table, position: Position, seat: int, card: int, policy: Policy,
              rng: random.Random, others: list[Policy] | None = None) -> Turn:
    """``seat`` plays ``card``: a ply that follows it, or the loss of a worker.

    ``others``: the policy of every seat, asked where an ordered worker goes (its
    owner's choice); without them ``policy`` chooses for the owner too."""
    state, supply, _ = position
    plies = legal_plies(table, position, seat, card)
    if not plies:
        mine = [i for i in seat_workers(seat) if state.workers[i] >= 0]
        plain = list_plies(table.geometry, state, sum(1 << i for i in mine), TurnRules(),
                           level3_wins=False)
        lost = policy.choose_loss(table, position, seat, mine, rng)
        state = state._replace(workers=tuple(-1 if i == lost else sq
                                             for i, sq in enumerate(state.workers)))
        return Turn(state, supply, COST_UNFULFILLED if plain else COST_IMPOSSIBLE, "")
    ply = policy.choose_ply(table, position, seat, card, plies, rng)
    if ply.owner_chooses:
        owner = owner_of(ply.moves[-1][0])
        chooser = others[owner] if others is not None else policy
        ply = chooser.choose_destination(table, position, owner, owner_options(plies, ply), rng)
    won = win_type(table, position, seat, card, ply)
    used = usage(state, ply)
    supply = (supply[0] - used[0], supply[1] - used[1], supply[2] - used[2])
    return Turn(apply_ply(state, ply), supply, 0, won)


def _deal(hands: list[list[int]], alive: list[bool], pile: list[int], size: int) -> None:
    for seat, hand in enumerate(hands):
        while alive[seat] and len(hand) < size and pile:
            hand.append(pile.pop())


def play_game(table: Table, policies: list[Policy], rng: random.Random,
              max_rounds: int = DEFAULT_MAX_ROUNDS) -> GameRecord:
    """Play one game, one policy per seat (2-5 seats), to its end."""
    seats = len(policies)
    if not 2 <= seats <= len(table.starts):
        raise ValueError(f"{seats} players on a board with {len(table.starts)} start numbers")
    deck = list(range(len(table.numbers)))
    rng.shuffle(deck)
    hands: list[list[int]] = [[] for _ in range(seats)]
    alive = [True] * seats
    _deal(hands, alive, deck, table.hand_size)
    discard = deck
    numbers = list(range(len(table.starts)))
    rng.shuffle(numbers)
    workers = [-1] * (WORKERS_EACH * seats)
    for seat in range(seats):
        for i, sq in zip(seat_workers(seat), table.starts[numbers[seat]], strict=True):
            workers[i] = sq
    state = State(0, 0, 0, 0, tuple(workers))
    supply = table.pieces
    for _ in range(min(table.setup_skyscrapers, supply[2])):
        free = [sq for sq in iter_squares(table.geometry.land & ~occupied(state) & ~state.domes)]
        if not free:
            break
        sq = policies[0].choose_space(table, Position(state, supply, -1), 0, free, rng)
        state = state._replace(domes=state.domes | 1 << sq)
        supply = (supply[0], supply[1], supply[2] - 1)
    plays: list[Play] = []
    turns = 0
    for round_no in range(1, max_rounds + 1):
        for seat in range(seats):
            if alive[seat] and not hands[seat]:
                rng.shuffle(discard)
                _deal(hands, [s == seat for s in range(seats)], discard, table.hand_size)
        view = Position(state, supply, -1)
        chosen = {seat: hands[seat].pop(policies[seat].choose_card(table, view, seat,
                                                                    hands[seat], rng))
                  for seat in range(seats) if alive[seat] and hands[seat]}
        if not chosen:  # no card left anywhere (a deck smaller than the hands; check says so)
            return GameRecord(-1, WIN_NONE, round_no, tuple(plays))
        statue = max(chosen, key=lambda s: table.numbers[chosen[s]])
        for seat in sorted(chosen, key=lambda s: table.numbers[chosen[s]]):
            card = chosen[seat]
            discard.append(card)
            if not alive[seat]:
                continue
            turn = take_turn(table, Position(state, supply, statue), seat, card,
                             policies[seat], rng, policies)
            state, supply = turn.state, turn.supply
            plays.append(Play(card, seat, turn.cost))
            if turn.win:
                return GameRecord(seat, turn.win, round_no, tuple(plays))
            for other in range(seats):
                if alive[other] and all(state.workers[i] < 0 for i in seat_workers(other)):
                    alive[other] = False
                    discard.extend(hands[other])
                    hands[other] = []
            if sum(alive) == 1:
                return GameRecord(alive.index(True), WIN_LAST, round_no, tuple(plays))
            if not any(alive):
                return GameRecord(-1, WIN_NONE, round_no, tuple(plays))
        turns += 1
        if turns % table.refill_every == 0:
            rng.shuffle(discard)
            _deal(hands, alive, discard, table.hand_size)
    return GameRecord(-1, WIN_NONE, max_rounds, tuple(plays))


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


class GreedyPolicy:
    """One-ply greedy choices (see the module notes)."""

    def __init__(self) -> None:
        self._geometry: Geometry | None = None
        self._reach: tuple[int, ...] = ()

    def _score(self, table: Table, state: State, seat: int) -> int:
        if table.geometry is not self._geometry:  # kept for the table being played
            self._geometry = table.geometry
            self._reach = within_two(table.geometry.build_neighbours)
        return score_state(table, state, seat, self._reach)

    def _ply_score(self, table: Table, position: Position, seat: int, card: int,
                   ply: Ply) -> int:
        if win_type(table, position, seat, card, ply):
            return WIN_SCORE
        return self._score(table, apply_ply(position.state, ply), seat)

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

    def _best(self, table: Table, position: Position, seat: int, card: int,
              plies: list[Ply], rng: random.Random) -> tuple[int, Ply | None]:
        best, found = LOST_WORKER_SCORE, None
        ties = 0
        ordered = self._ordered_scores(table, position, seat, card, plies) if any(
            p.owner_chooses for p in plies) else {}
        for ply in plies:
            value = ordered.get(ply)
            if value is None:
                value = self._ply_score(table, position, seat, card, ply)
            if found is None or value > best:
                best, found, ties = value, ply, 1
            elif value == best:
                ties += 1
                if rng.randrange(ties) == 0:
                    found = ply
        return best, found

    def choose_card(self, table: Table, position: Position, seat: int, hand: list[int],
                    rng: random.Random) -> int:
        outside = [n for i, n in enumerate(table.numbers) if i not in hand]
        top = max(outside, default=0)
        best_index, best_value = 0, None
        for index, card in enumerate(hand):
            statue = seat if table.numbers[card] > top else -1
            view = Position(position.state, position.supply, statue)
            value, _ = self._best(table, view, seat, card,
                                  legal_plies(table, view, seat, card), rng)
            key = (value, table.numbers[card])
            if best_value is None or key > best_value:
                best_index, best_value = index, key
        return best_index

    def choose_ply(self, table: Table, position: Position, seat: int, card: int,
                   plies: list[Ply], rng: random.Random) -> Ply:
        _, ply = self._best(table, position, seat, card, plies, rng)
        assert ply is not None
        return ply

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


POLICIES = {"random": RandomPolicy, "greedy": GreedyPolicy}


def play_reference(table: Table, policy: str, players: int, rng: random.Random,
                   max_rounds: int = DEFAULT_MAX_ROUNDS) -> GameRecord:
    """One game of ``table`` with every seat under the old ``policy``."""
    seats = [POLICIES[policy]() for _ in range(players)]
    return play_game(table, list(seats), rng, max_rounds)  # type: ignore[arg-type]
