"""Turns that use blessing cards (RULES.md section 1, "Blessings"; the effects are in
:mod:`.blessings`), for one :class:`~.game.RiddleGame`.

The cards searched are the ones face up in the opening queue at set-up (the
riddle's ``gods: {revealed: [...]}``), whose effect the solver plays; the bit
``i`` of ``Bookkeeping.revealed`` says the ``i``-th is still there. A turn that
uses cards is one action ``(BLESSING_ACTION, k, -1)``: the ``k``-th entry of
:meth:`BlessingCards.turns` for the state it is played from, each entry naming the
cards used, the choices they made and the action beside them, with the states
right after the action (the rewards step and the effects follow as for any turn).

Decisions (see also :mod:`.blessings`):

- :data:`CARDS_RESOLVE_FIRST`: the cards of a turn resolve before its action, in
  the order the riddle lists them.
- :data:`SHAPING_CARDS_PER_TURN`: at most one card of a turn changes the move or
  the build, and the turn must use it.
- Beside a card that changes the move or the build, the action is a move and
  build; beside the others it may also be taking a god.
"""
from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations
from typing import TYPE_CHECKING, NamedTuple

from generator.engine.powers import Ply, TurnRules, compose, list_plies, make_power
from generator.engine.state import PIECE_NAMES, height_at, occupied
from generator.systems.riddle.blessings import BLESSINGS, BlessingPower
from generator.systems.riddle.bookkeeping import Bookkeeping, plain_text
from generator.systems.riddle.gods import ANY_WORKER
from generator.systems.riddle.state import RiddleState

if TYPE_CHECKING:
    from generator.systems.riddle.game import RiddleGame
    from generator.systems.riddle.box import BlessingCard

CARDS_RESOLVE_FIRST = True
"""Decision: the blessing cards of a turn resolve before its action, in list order."""
SHAPING_CARDS_PER_TURN = 1
"""Decision: at most one card of a turn changes its move or build."""


class BlessingTurn(NamedTuple):
    """One way to play a turn with blessing cards."""

    text: str  # "use Olive Branch (+1 level1); W1 A1-B1 build C1"
    pieces: str  # the pieces built, or those a god brought
    acted: tuple[RiddleState, ...]  # right after the action (before the rewards step)
    ply: Ply | None  # the move and build, None when a god was taken
    pre: RiddleState  # after the cards, before the action
    cards: tuple[str, ...]  # each card used, with the choice it made
    god: int = -1  # the queue index of the god taken


class BlessingCards:
    """The blessing cards face up at set-up of one riddle, for one game."""

    def __init__(self, cards: tuple[BlessingCard, ...], *, enabled: bool) -> None:
        self.cards = cards
        self.powers: tuple[BlessingPower | None, ...] = tuple(BLESSINGS.get(c.effect)
                                                              for c in cards)
        self.start_mask = 0
        if enabled:
            for i, power in enumerate(self.powers):
                if power is not None and power.searched:
                    self.start_mask |= 1 << i
        self.active = self.start_mask != 0
        self.bits = len(cards) + 2 if self.active else 0  # the mask and the seat shift
        self._plans: dict[int, list[tuple[int, ...]]] = {}
        self._rules: dict[tuple[tuple[str, ...], str], TurnRules] = {}

    def unsearched(self) -> list[str]:
        """``Name (effect): why`` for each revealed card the solver does not play."""
        out = []
        for card, power in zip(self.cards, self.powers):
            if power is None or not power.searched:
                why = power.why if power is not None else "no such blessing effect"
                out.append(f"{plain_text(card.name or card.id)} ({card.effect}: {why})")
        return out

    def plans(self, revealed: int) -> list[tuple[int, ...]]:
        """Every set of cards one turn may use (indices in list order)."""
        found = self._plans.get(revealed)
        if found is None:
            up = [i for i in range(len(self.cards)) if revealed >> i & 1]
            found = []
            for n in range(1, len(up) + 1):
                for plan in combinations(up, n):
                    shaping = [i for i in plan if _shapes(self.powers[i])]
                    if len(shaping) <= SHAPING_CARDS_PER_TURN:
                        found.append(plan)
            self._plans[revealed] = found
        return found

    def rules(self, gods: tuple[str, ...], power: BlessingPower) -> TurnRules:
        """The held gods' rules with a card's pieces (the card's effect names its hooks)."""
        key = (gods, power.NAME)
        found = self._rules.get(key)
        if found is None:
            found = self._rules[key] = compose(
                [(g, make_power(g)) for g in gods] + [(power.NAME, power.pieces)])
        return found

    def name(self, i: int) -> str:
        card = self.cards[i]
        return plain_text(card.name) if card.name is not None else card.id

    # -- the turns -------------------------------------------------------------------

    def turns(self, game: RiddleGame, state: RiddleState) -> list[BlessingTurn]:
        """Every turn from ``state`` that uses at least one revealed card, in a fixed order."""
        book: Bookkeeping = state.extra  # type: ignore[assignment]
        seat, movers, wanderer = game.movers(state)
        out: list[BlessingTurn] = []
        for plan in self.plans(book.revealed):
            shaping: BlessingPower | None = None
            skip = extra = False
            cleared = book._replace(revealed=book.revealed & ~sum(1 << i for i in plan))
            pres: list[tuple[tuple[str, ...], RiddleState]] = [((), state._replace(extra=cleared))]
            for i in plan:
                power = self.powers[i]
                assert power is not None
                name = self.name(i)
                if power.instant is not None:
                    pres = [(texts + (f"{name} ({words})",), after) for texts, s in pres
                            for words, after in power.instant(game.ctx, s)]
                    continue
                if power.shapes_turn:
                    shaping = power
                skip = skip or power.skip_effects
                extra = extra or power.extra_turn
                pres = [(texts + (name,), s) for texts, s in pres]
            for texts, pre in pres:
                pb: Bookkeeping = pre.extra  # type: ignore[assignment]
                pre = pre._replace(extra=pb._replace(
                    skip_effects=skip,
                    seat_shift=(pb.seat_shift + 1) % game.players if extra else pb.seat_shift))
                out.extend(self._moves(game, pre, seat, movers, wanderer, shaping, texts))
                if shaping is None:
                    out.extend(self._takes(game, pre, seat, texts))
        return out

    def _moves(self, game: RiddleGame, pre: RiddleState, seat: int, movers: int, wanderer: int,
               shaping: BlessingPower | None, cards: tuple[str, ...]) -> list[BlessingTurn]:
        book: Bookkeeping = pre.extra  # type: ignore[assignment]
        held = tuple(c.god for c in book.cards if c.seat == seat)
        gods = tuple(g for g in (game.powers.engine[i] for i in held) if g is not None)
        no_up = book.athena >= 0 and book.athena != seat
        geometry = game.ctx.geometry
        if shaping is None or shaping.move_two:
            rules = game.powers.rules(held)
        else:
            rules = self.rules(gods, shaping)
        if shaping is not None and shaping.move_two:
            plies = move_two_plies(game, pre, movers, rules, no_up, shaping.NAME)
        else:
            plies = list_plies(geometry, pre.board, movers, rules, no_up=no_up,
                               level3_wins=False, stockpile=pre.stock, opponents=ANY_WORKER)
            if shaping is not None:
                plies = [p for p in plies if shaping.NAME in p.powers]
        out = []
        for ply in plies:
            acted = game.powers.play(game.ctx, pre, seat, ply, wanderer)
            if acted:
                text, pieces = game.powers.describe(geometry, pre, ply)
                out.append(BlessingTurn(_use(cards) + text, pieces, tuple(acted), ply, pre, cards))
        return out

    def _takes(self, game: RiddleGame, pre: RiddleState, seat: int, cards: tuple[str, ...]
               ) -> list[BlessingTurn]:
        out = []
        for i in game.takeable(pre, seat):
            god = game.queue[i]
            taken = game.take_god(pre, seat, i)
            pieces = ", ".join(f"{n} {PIECE_NAMES[p]}" for p, n in enumerate(god.pieces) if n)
            out.append(BlessingTurn(f"{_use(cards)}take {plain_text(god.name)} from the queue",
                                    f"+{pieces or 'nothing'}", (taken,), None, pre, cards, i))
        return out


def _shapes(power: BlessingPower | None) -> bool:
    return power is not None and power.shapes_turn


def _use(cards: tuple[str, ...]) -> str:
    return "use " + ", ".join(cards) + "; "


def move_two_plies(game: RiddleGame, pre: RiddleState, movers: int, rules: TurnRules,
                   no_up: bool, power: str) -> list[Ply]:
    """A first worker's plain step, then another worker's move and build (``move-two``)."""
    board = pre.board
    geometry = game.ctx.geometry
    occ = occupied(board)
    out: list[Ply] = []
    for a, sq in enumerate(board.workers):
        if sq < 0 or not movers >> a & 1:
            continue
        here = height_at(board, sq)
        reach = geometry.move_neighbours[sq] & geometry.land & ~occ & ~board.domes
        while reach:
            low = reach & -reach
            reach ^= low
            to = low.bit_length() - 1
            there = height_at(board, to)
            if there > here + (0 if no_up else 1):
                continue
            moved = board._replace(workers=board.workers[:a] + (to,) + board.workers[a + 1:])
            for ply in list_plies(geometry, moved, movers & ~(1 << a), rules, no_up=no_up,
                                  level3_wins=False, stockpile=pre.stock,
                                  opponents=ANY_WORKER):
                out.append(ply._replace(moves=((a, to), *ply.moves), up=ply.up or there > here,
                                        powers=(power, *ply.powers)))
    return out


def revealed_cards(ids: tuple[str, ...], known: Mapping[str, BlessingCard] | None
                   ) -> tuple[tuple[BlessingCard, ...], tuple[str, ...]]:
    """The revealed blessing cards a riddle names that the pack holds, and the ids it
    does not."""
    known = known or {}
    return (tuple(known[b] for b in ids if b in known),
            tuple(b for b in ids if b not in known))
