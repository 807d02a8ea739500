"""The round engine of a role game (RULES.md section 3), on the shared power engine.

A :class:`Table` is a compiled game: the map, start spaces, every printed card
(number, card id, and the :class:`~generator.engine.powers.pieces.TurnRules` its
abilities compose to through :func:`generator.engine.powers.registry.make_power`),
the pieces and the hand rules. :func:`play_game` plays one game with one policy
per seat, drawing every chance event (shuffles, seat numbers) from the ``rng``
passed in:

1. set-up: shuffle, deal hands, the rest starts the discard pile; each player's
   two workers go on the two start spaces of one number; set-up placements of
   the cards in the deck (skyscrapers) are made by the first player;
2. each round every player still in chooses a card at once (the policies see
   only the position and their own hand); the highest number takes the Statue
   of Liberty; players act from the lowest number to the highest;
3. a turn plays every distinct ply of the card's rules (:func:`~generator.engine.
   powers.turn.list_plies`) within the pieces left; with none, the player
   removes a worker and forfeits the turn (an impossible turn when not even a
   plain move-and-build exists, else an unfulfilled card); the last worker
   gone eliminates the player; when the card orders another player's worker to
   move (``owner_chooses``), that worker's owner picks where it goes;
4. wins, only while holding the Statue: a climb onto level 3, or a card's
   additional win condition (a rooftop for the Engineer, or another extra
   condition); or being the last player with workers;
5. every ``refill_every`` turns the discard pile is shuffled and hands refilled.

**Decisions.** A card's win-condition abilities act only for the Statue holder
(the player without it plays the card without them). Seats take start numbers
in a shuffled order. A hand that runs empty before the refill is refilled at
once. A worker removed by its own card (a rooftop built under it) is not a
worker lost to an impossible turn. A game still undecided after ``max_rounds``
rounds ends with no winner (win type ``max-rounds``). With no skyscraper left in the
box, a card's skyscraper build is not possible, so its turn goes on as usual;
every other ply needing a piece the box lacks is not legal. A worker a card
orders to move (the night guard's order) is moved by its owner's policy and never
wins by that move (:data:`~generator.engine.powers.pieces.ORDERED_MOVE_WINS`);
the player must pick a neighbouring rival when one stands there, and may pick
one that cannot move (then nothing happens).
"""
from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from operator import itemgetter
from typing import NamedTuple, Protocol

from generator.engine.geometry import Geometry, Square, iter_squares
from generator.engine.powers.pieces import TurnRules, compose
from generator.engine.powers.registry import POWERS, make_power
from generator.engine.powers.turn import Ply, apply_ply, list_plies
from generator.engine.state import DOME, State, occupied
from generator.systems.roles.model import (
    WORKERS_EACH,
    Deal,
    RoleCard,
    RoleGame,
    first_play_deal,
    iter_deals,
    printed_cards,
)

SETUP_POWER = "place-skyscraper"
DEFAULT_MAX_ROUNDS = 60
WIN_CLIMB, WIN_CONDITION, WIN_LAST, WIN_NONE = "climb", "condition", "last-standing", "max-rounds"
WIN_TYPES = (WIN_CLIMB, WIN_CONDITION, WIN_LAST, WIN_NONE)
WORKER_MASK = (1 << WORKERS_EACH) - 1
"""The bits of one seat's workers in a worker mask, shifted by ``WORKERS_EACH * seat``."""
_BUILDS = itemgetter(2)  # Ply.builds, read by C code in legal_plies
COST_IMPOSSIBLE, COST_UNFULFILLED = 1, 2
"""Why a played card cost a worker: no plain turn at all, or none that follows the card."""


@dataclass(frozen=True, slots=True)
class Table:
    """A compiled role game: everything :func:`play_game` reads, immutable."""

    geometry: Geometry
    starts: tuple[tuple[Square, ...], ...]
    numbers: tuple[int, ...]
    card_ids: tuple[str, ...]
    with_win: tuple[TurnRules, ...]
    without_win: tuple[TurnRules, ...]
    setup_skyscrapers: int
    pieces: tuple[int, int, int]  # blocks, rooftops, skyscrapers
    hand_size: int
    refill_every: int


def card_rules(card: RoleCard) -> tuple[TurnRules, TurnRules, int]:
    """The card's rules with and without its win conditions, and its set-up
    skyscrapers. Unknown powers are left out (not simulated)."""
    full, plain = [], []
    setup = 0
    for ability in card.abilities:
        if ability.power not in POWERS:
            continue
        if ability.power == SETUP_POWER:
            setup += int(ability.params.get("count", 1))
            continue
        pieces = (ability.power, make_power(ability.power, ability.params))
        full.append(pieces)
        if ability.timing != "win-condition":
            plain.append(pieces)
    return compose(full), compose(plain), setup


def compile_table(game: RoleGame, cards: Mapping[str, RoleCard], deal: Deal | None = None
                  ) -> Table:
    """The :class:`Table` of one deal of a checked game (by default its first-play deal,
    else its first deal); ``ValueError`` when it has no board or no deal."""
    if game.board is None:
        raise ValueError(f"role game '{game.id}' has no readable board")
    if deal is None:
        deal = first_play_deal(game, cards) or next(iter(iter_deals(game, cards)), None)
    if deal is None:
        raise ValueError(f"role game '{game.id}' has no role of some type")
    printed = printed_cards(cards, game, deal)
    compiled = {c.id: card_rules(c) for _, c in printed}
    return Table(
        game.board.geometry, tuple(sq for _, sq in game.board.starts),
        tuple(n for n, _ in printed), tuple(c.id for _, c in printed),
        tuple(compiled[c.id][0] for _, c in printed), tuple(compiled[c.id][1] for _, c in printed),
        sum(compiled[c.id][2] for c in {c.id: c for _, c in printed}.values()),
        (game.pieces["blocks"], game.pieces["rooftops"], game.pieces["skyscrapers"]),
        game.hand_size, game.refill_every)


def can_hold_skyscrapers(table: Table) -> bool:
    """Whether a skyscraper can ever stand: one is in the box, and a card of the deck
    places one at set-up or builds one (the Engineer's build before moving)."""
    if table.pieces[2] <= 0:
        return False
    return table.setup_skyscrapers > 0 or any(r.pre_build_skyscraper for r in table.with_win)


class Position(NamedTuple):
    """What a policy sees: the board state, the pieces left, who holds the Statue."""

    state: State
    supply: tuple[int, int, int]
    statue: int


class Policy(Protocol):
    """A player: chooses cards, plies, set-up spaces and which worker to lose."""

    def choose_card(self, table: Table, position: Position, seat: int, hand: list[int],
                    rng: random.Random) -> int: ...

    def choose_ply(self, table: Table, position: Position, seat: int, card: int,
                   plies: list[Ply], rng: random.Random) -> Ply: ...

    def choose_space(self, table: Table, position: Position, seat: int, spaces: list[Square],
                     rng: random.Random) -> Square: ...

    def choose_loss(self, table: Table, position: Position, seat: int, workers: list[int],
                    rng: random.Random) -> int: ...

    def choose_destination(self, table: Table, position: Position, seat: int,
                           plies: list[Ply], rng: random.Random) -> Ply: ...


class QuickTurn(Protocol):
    """A policy that may also choose its ply without the listing :func:`take_turn` makes:
    ``choose_turn_ply`` returns the ply ``choose_ply`` would choose among
    :func:`legal_plies`, drawing from ``rng`` as it would (a ply that wins carries the
    power :func:`win_type` reads), or None, having drawn nothing, to be asked
    ``choose_ply`` as usual (always when there is no legal ply)."""

    def choose_turn_ply(self, table: Table, position: Position, seat: int, card: int,
                        rng: random.Random) -> Ply | None: ...


class Play(NamedTuple):
    """One card played: the printed card index, the seat, and why it cost a worker (0: no)."""

    card: int
    seat: int
    cost: int


class GameRecord(NamedTuple):
    """A finished game: winner seat (-1: none), win type, rounds and every card played;
    per printed card, ``offers``: choices where it was in a hand of two cards or more,
    and ``picks``: how many of those chose it (its play rate when there was a choice)."""

    winner: int
    win_type: str
    rounds: int
    plays: tuple[Play, ...]
    offers: tuple[int, ...] = ()
    picks: tuple[int, ...] = ()


def seat_workers(seat: int) -> tuple[int, ...]:
    """The worker indices of a seat."""
    return tuple(range(WORKERS_EACH * seat, WORKERS_EACH * seat + WORKERS_EACH))


def usage(state: State, ply: Ply) -> tuple[int, int, int]:
    """Blocks, rooftops and skyscrapers a ply takes (a dome on level 3 is a rooftop)."""
    blocks = roofs = towers = 0
    extra: dict[Square, int] = {}
    for sq, piece in ply.builds:
        if piece == DOME:
            level = (state.l1 >> sq & 1) + (state.l2 >> sq & 1) + (state.l3 >> sq & 1)
            if level + extra.get(sq, 0) >= 3:
                roofs += 1
            else:
                towers += 1
        else:
            blocks += 1
            extra[sq] = extra.get(sq, 0) + 1
    return blocks, roofs, towers


def legal_plies(table: Table, position: Position, seat: int, card: int) -> list[Ply]:
    """Every ply of ``seat`` following ``card`` within the pieces left."""
    state, supply, statue = position
    rules = table.with_win[card] if statue == seat else table.without_win[card]
    present = 0
    for i, sq in enumerate(state.workers):
        if sq >= 0:
            present |= 1 << i
    mine = present & (WORKER_MASK << WORKERS_EACH * seat)
    if rules.pre_build_skyscraper and not supply[2]:
        rules = replace(rules, pre_build="", pre_build_skyscraper=False,
                        pre_build_required=False)  # none left to build
    plies = list_plies(table.geometry, state, mine, rules, level3_wins=statue == seat,
                       opponents=present & ~mine)
    if not plies or min(supply) >= max(map(len, map(_BUILDS, plies))):
        return plies  # no ply can take more of a piece than the box holds
    blocks = supply[0]
    # A ply without a dome takes only blocks, one a build.
    return [p for p in plies
            if len(p.builds) <= blocks and all(piece != DOME for _, piece in p.builds)
            or all(u <= s for u, s in zip(usage(state, p), supply, strict=True))]


def win_type(table: Table, position: Position, seat: int, card: int, ply: Ply) -> str:
    """How ``ply`` wins ('' when it does not): a climb or an additional condition (a
    rooftop, never a skyscraper; a descent)."""
    if position.statue != seat or not ply.win:
        return ""
    rules = table.with_win[card]
    conditions = {rules.win_by_dome, rules.win_descent_power} - {""}
    return WIN_CONDITION if conditions.intersection(ply.powers) else WIN_CLIMB


def owner_options(plies: list[Ply], chosen: Ply) -> list[Ply]:
    """The plies among which the owner of the worker ``chosen`` orders to move picks
    (the same ply up to that worker's destination); ``[chosen]`` for other plies."""
    if not chosen.owner_chooses:
        return [chosen]
    head, (worker, _) = chosen.moves[:-1], chosen.moves[-1]
    return [p for p in plies if p.owner_chooses and p.builds == chosen.builds
            and p.moves[:-1] == head and p.moves[-1][0] == worker]


def owner_of(worker: int) -> int:
    """The seat a worker index belongs to."""
    return worker // WORKERS_EACH


class Turn(NamedTuple):
    """The outcome of a turn: the new state and pieces, why a worker was lost (0: none),
    and how it won ('' when it did not)."""

    state: State
    supply: tuple[int, int, int]
    cost: int
    win: str


def take_turn(table: Table, position: Position, seat: int, card: int, policy: Policy,
              rng: random.Random, others: list[Policy] | None = None) -> Turn:
    """``seat`` plays ``card``: a ply that follows it, or the loss of a worker (a
    :class:`QuickTurn` policy is asked first).

    ``others``: the policy of every seat, asked where an ordered worker goes (its
    owner's choice); without them ``policy`` chooses for the owner too."""
    state, supply, _ = position
    quick = getattr(policy, "choose_turn_ply", None)
    chosen = quick(table, position, seat, card, rng) if quick is not None else None
    if chosen is not None:
        ply = chosen
    else:
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


Observer = Callable[[int, int, int, int, State, "Turn"], None]
"""Told of every turn: round, seat, card played, the Statue's seat, the state before
the turn, and the turn (``playtest --replay``)."""


def play_game(table: Table, policies: list[Policy], rng: random.Random,
              max_rounds: int = DEFAULT_MAX_ROUNDS, observe: Observer | None = None
              ) -> GameRecord:
    """Play one game, one policy per seat (2-5 seats), to its end; ``observe`` sees every
    turn."""
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
    offers = [0] * len(table.numbers)
    picks = [0] * len(table.numbers)

    def record(winner: int, how: str, rounds: int) -> GameRecord:
        return GameRecord(winner, how, rounds, tuple(plays), tuple(offers), tuple(picks))

    turns = 0
    for round_no in range(1, max_rounds + 1):
        for seat in range(seats):
            if alive[seat] and not hands[seat]:
                rng.shuffle(discard)
                _deal(hands, [s == seat for s in range(seats)], discard, table.hand_size)
        view = Position(state, supply, -1)
        chosen: dict[int, int] = {}
        for seat in range(seats):
            hand = hands[seat]
            if not alive[seat] or not hand:
                continue
            card = hand.pop(policies[seat].choose_card(table, view, seat, hand, rng))
            if hand:  # there was a choice
                for other in hand:
                    offers[other] += 1
                offers[card] += 1
                picks[card] += 1
            chosen[seat] = card
        if not chosen:  # no card left anywhere (a deck smaller than the hands; check says so)
            return record(-1, WIN_NONE, round_no)
        statue = max(chosen, key=lambda s: table.numbers[chosen[s]])
        for seat in sorted(chosen, key=lambda s: table.numbers[chosen[s]]):
            card = chosen[seat]
            discard.append(card)
            if not alive[seat]:
                continue
            turn = take_turn(table, Position(state, supply, statue), seat, card,
                             policies[seat], rng, policies)
            if observe is not None:
                observe(round_no, seat, card, statue, state, turn)
            state, supply = turn.state, turn.supply
            plays.append(Play(card, seat, turn.cost))
            if turn.win:
                return record(seat, turn.win, round_no)
            for other in range(seats):
                if alive[other] and all(state.workers[i] < 0 for i in seat_workers(other)):
                    alive[other] = False
                    discard.extend(hands[other])
                    hands[other] = []
            if sum(alive) == 1:
                return record(alive.index(True), WIN_LAST, round_no)
            if not any(alive):
                return record(-1, WIN_NONE, round_no)
        turns += 1
        if turns % table.refill_every == 0:
            rng.shuffle(discard)
            _deal(hands, alive, discard, table.hand_size)
    return record(-1, WIN_NONE, max_rounds)
