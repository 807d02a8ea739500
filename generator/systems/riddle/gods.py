"""God powers in a riddle (RULES.md section 1, "Decisions for god powers"), played
through the engine's power machinery (:mod:`generator.engine.powers`), not a second one.

What this module adds to a turn of :class:`~.game.RiddleGame`:

- *Taking a god* (the turn's action) puts its pieces on its card. The pieces
  stay counted in ``RiddleState.stock`` (the pieces the group may build, so every
  piece-counting bound still sees them); :class:`GodCard` entries in the
  bookkeeping say how many of them still lie on each held card.
- *Builds* take their piece from the stockpile proper or from any held card that
  has it: each source is a choice, so one successor per distinct outcome.
- *Powers*: the current player's held gods compose into the engine's
  :class:`~generator.engine.powers.pieces.TurnRules` (in the order RULES.md
  fixes; the engine's stages run in that order), and
  :func:`~generator.engine.powers.turn.list_plies` lists every distinct ply.
  Forced moves: Apollo trades places with workers only; Minotaur, whose riddle
  text shoves any figure, shoves the King and the Sphinx too (RULES 1: a power
  moves other figures when it says figures). In a ply the King and the Sphinx
  are relocation indices ``len(workers)`` and ``len(workers) + 1``.
- *Default quest*: a card whose last piece is built on a turn its power was used
  earns any one piece for the stockpile (the group's choice). A card left empty
  is discarded at the end of the turn (quest earned or not).
- *Custom quests* (a card's ``quest.id``, :mod:`.quests`): judged by
  :meth:`GodPowers.quest_step` at the end of every turn of the holder, power used
  or not (:data:`~.quests.NEEDS_POWER_USED`), for each god held at the start of the
  turn or taken during it, so the turn that clears the card still earns it. The
  reward is the card's piece (``any``: the group's choice); a custom quest is
  earned once (``HeldCard.quest_done``) and does not clear the card: the god stays
  held until its pieces are all cleared, as for every god. A god with a custom
  quest never earns the default one. Quests are part of the game with powers in
  play only (like powers they are optional, so a line without them stays sound).
- *Athena*: after a climb with her power, the other players' workers may not
  climb until her holder's next turn.

- *Pan*: a worker of Pan's holder that steps down two or more levels at once
  counts as standing on level 3 for the goals until the end of that turn
  (``Bookkeeping.pan_square``, read by the ``stand`` goal, cleared after the
  rewards step). The drop is measured from the height before the turn to the
  height after its builds, so a drop that builds might have shortened never
  counts. The power is passive: every such ply uses it (for its quest too).
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from generator.engine.geometry import NO_SQUARE
from generator.engine.powers import GODS, Ply, TurnRules, apply_ply, list_plies, rules_for
from generator.engine.state import PIECE_NAMES, State, Stockpile, height_at
from generator.systems.riddle.bookkeeping import (
    BLESSING_ACTION,
    Assignment,
    GOD_ACTION,
    Action,
    Bookkeeping,
    _new_tuple,
    plain_text,
)
from generator.systems.riddle.state import RiddleState, after_build

EXTRA = RiddleState._fields.index("extra")

if TYPE_CHECKING:
    from generator.systems.riddle.box import GodCard as GodCardModel

POWER_ACTION = -3
"""First field of a ply that used a power: ``(POWER_ACTION, index, -1)``, the index
into :meth:`GodPowers.plies` of the state it was played from."""

RIDDLE_POWERS: Mapping[str, str] = {
    "apollo-trade-places": "apollo",
    "artemis-second-step": "artemis",
    "athena-hold-the-heights": "athena",
    "atlas-dome-anywhere": "atlas",
    "demeter-second-build": "demeter",
    "hephaestus-stack-twice": "hephaestus",
    "hermes-level-stride": "hermes",
    "minotaur-shove": "minotaur",
    "pan-leap-down": "pan",
    "prometheus-early-build": "prometheus",
}
"""A riddle god card's power id -> the engine god whose pieces play it."""

NEEDS_NO_FIGURES: frozenset[str] = frozenset()
"""Engine gods implemented only on maps without the King or the Sphinx (none now:
Minotaur shoves them through :meth:`GodPowers.plies`)."""

PASSIVE = frozenset({"pan"})
"""Engine gods whose riddle power is not an engine hook: Pan's engine piece wins
the standard game by a drop; in a riddle the drop only counts as level 3."""

SHOVES_FIGURES = frozenset({"minotaur"})
FORCES_OTHERS = frozenset({"apollo", "minotaur"})
"""Gods whose power moves another figure as the acting worker steps (a forced move,
not a worker the player moved)."""
"""Engine gods whose riddle text lets them force the King and the Sphinx."""

PAN_DROP = 2
"""Levels Pan's worker must step down at once."""

QUEST_REWARD = ((1, 0, 0, 0), (0, 1, 0, 0), (0, 0, 1, 0), (0, 0, 0, 1))
"""Default quest reward: any one piece to the stockpile (the group's choice)."""

PLIES_KEPT = 200_000
"""Plies :meth:`GodPowers.plies` remembers, over all the lists it keeps (the oldest
dropped first): a state's plies are asked again by the rendering of a line, by the
measures' labels (:func:`~.measures.turn_use`) and for every state sharing its board,
stockpile and held gods. A list is a pure function of those, so what is kept decides
no result, only the time (a Hermes roam lists thousands of plies)."""

ANY_WORKER = (1 << 8) - 1
"""Every worker index counts as a target of a forced move (the group cooperates)."""


class HeldCard(NamedTuple):
    """A god held by a player: its queue index, the seat holding it, pieces on its card."""

    god: int
    seat: int
    pieces: tuple[int, int, int, int]
    quest_done: bool = False  # its custom quest was earned (see :mod:`.quests`)


def engine_god(card: GodCardModel, *, figures: bool) -> str | None:
    """The engine god that plays ``card``'s power here, or None when not implemented."""
    god = RIDDLE_POWERS.get(card.power)
    if god is None or god not in GODS or (figures and god in NEEDS_NO_FIGURES):
        return None
    return god


class GodPowers:
    """The powers of one riddle's opening queue, for one :class:`~.game.RiddleGame`."""

    def __init__(self, queue: tuple[GodCardModel, ...], geometry: object, *,
                 figures: bool, enabled: bool = True,
                 assignments: Sequence[Assignment] = ()) -> None:
        self.queue = queue
        self.assignments = tuple(assignments)
        self.geometry = geometry
        self.engine = tuple(engine_god(card, figures=figures) if enabled else None
                            for card in queue)
        self.active = any(g is not None for g in self.engine)
        self.quests = tuple(card.quest for card in queue)
        self.custom = self.active and any(
            q.custom and g is not None for q, g in zip(self.quests, self.engine))
        self.rewards = tuple(_reward_options(q.reward) for q in self.quests)
        self._rules: dict[tuple[int, ...], TurnRules] = {}
        self._shove_rules: dict[tuple[int, ...], TurnRules] = {}
        self._plies: dict[tuple[object, ...], tuple[Ply, ...]] = {}
        self._plies_kept = 0  # plies (and lists) in self._plies

    def rules(self, held: tuple[int, ...]) -> TurnRules:
        """The composed rules of the held gods (queue indices), implemented ones only."""
        found = self._rules.get(held)
        if found is None:
            ids = tuple(g for g in (self.engine[i] for i in held)
                        if g is not None and g not in PASSIVE)
            found = self._rules[held] = rules_for(ids)
        return found

    # -- taking a god ----------------------------------------------------------

    def take(self, state: RiddleState, book: Bookkeeping, seat: int, index: int,
             base: Bookkeeping) -> RiddleState:
        """The state after ``seat`` takes the ``index``-th god of the queue (its pieces
        on its card, counted in the stock)."""
        pieces = self.queue[index].pieces
        p = (pieces[0], pieces[1], pieces[2], pieces[3])
        cards = tuple(sorted((*book.cards, HeldCard(index, seat, p))))
        held = book.gods_held[:seat] + (book.gods_held[seat] + 1,) + book.gods_held[seat + 1:]
        s = state.stock
        stock = _new_tuple(Stockpile, (s[0] + p[0], s[1] + p[1], s[2] + p[2], s[3] + p[3]))
        return state._replace(stock=stock, extra=base._replace(
            gods_taken=book.gods_taken | 1 << index, gods_held=held, cards=cards))

    # -- plies -------------------------------------------------------------------

    def plies(self, state: RiddleState, seat: int, movers: int) -> list[Ply]:
        """Every distinct ply of ``seat``'s workers under its held gods' powers (a new
        list each call; the plies are remembered, see :data:`PLIES_KEPT`)."""
        book: Bookkeeping = state.extra  # type: ignore[assignment]
        held = tuple(c.god for c in book.cards if c.seat == seat)
        no_up = book.athena >= 0 and book.athena != seat
        key = (state.board, state.stock, held, no_up, movers, book.assignment)
        kept = self._plies
        found = kept.get(key)
        if found is not None:
            return list(found)
        plies = self.list_plies(state, held, no_up, movers)
        kept[key] = tuple(plies)
        self._plies_kept += len(plies) + 1
        while self._plies_kept > PLIES_KEPT:  # the oldest lists go first
            self._plies_kept -= len(kept.pop(next(iter(kept)))) + 1
        return plies

    def list_plies(self, state: RiddleState, held: tuple[int, ...], no_up: bool,
                   movers: int) -> list[Ply]:
        """:meth:`plies` computed, not remembered: a pure function of the board, the
        stockpile, the gods ``held`` by the seat, ``no_up`` (Athena), ``movers`` and
        the worker assignment (which workers a key may permute)."""
        book: Bookkeeping = state.extra  # type: ignore[assignment]
        plies = list_plies(self.geometry, state.board, movers, self.rules(held),  # type: ignore[arg-type]
                           no_up=no_up, level3_wins=False, stockpile=state.stock,
                           opponents=ANY_WORKER)
        gods = {self.engine[i] for i in held}
        if gods & SHOVES_FIGURES and (state.board.king >= 0 or state.board.sphinx >= 0):
            plies += self._shove_figures(state, movers, held, no_up)
        if "pan" in gods:
            plies = [p._replace(powers=(*p.powers, "pan")) if pan_drop(state.board, p) else p
                     for p in plies]
        if self.assignments and self.rules(held).team_roam:  # the roam lists outcomes often
            plies = distinct_outcomes(state.board, plies, self.assignments[book.assignment])
        return plies

    def _shove_figures(self, state: RiddleState, movers: int, held: tuple[int, ...],
                       no_up: bool) -> list[Ply]:
        """Plies whose Minotaur charge shoves the King or the Sphinx: the figures join the
        board as extra workers only the shove may move (Apollo's trade is left out)."""
        board = state.board
        n = len(board.workers)
        rules = self._shove_rules.get(held)
        if rules is None:
            ids = tuple(g for g in (self.engine[i] for i in held)
                        if g is not None and g not in PASSIVE and g != "apollo")
            rules = self._shove_rules[held] = rules_for(ids)
        wide = board._replace(workers=(*board.workers, board.king, board.sphinx), king=-1,
                              sphinx=-1)
        plies = list_plies(self.geometry, wide, movers, rules, no_up=no_up,  # type: ignore[arg-type]
                           level3_wins=False, stockpile=state.stock,
                           opponents=1 << n | 1 << n + 1)
        return [p for p in plies if any(i >= n for i, _ in p.moves)]

    def moves(self, state: RiddleState, seat: int, movers: int, wanderer: int,
              finish: Callable[[RiddleState], list[RiddleState]],
              ctx: object) -> Iterator[tuple[Action, RiddleState]]:
        """Every move-then-build of the turn while some god is held: plain plies as
        ``(worker, to, build)``, plies using a power as ``(POWER_ACTION, i, -1)``;
        played lazily, ply by ply, in the order :meth:`plies` lists them."""
        for i, ply in enumerate(self.plies(state, seat, movers)):
            action = plain_action(ply) if not ply.powers else (POWER_ACTION, i, -1)
            if action is None:
                action = (POWER_ACTION, i, -1)
            for acted in self.play(ctx, state, seat, ply, wanderer):
                for nxt in finish(acted):
                    yield action, nxt

    def play(self, ctx: object, state: RiddleState, seat: int, ply: Ply,
             wanderer: int) -> list[RiddleState]:
        """The states right after ``ply`` (before the rewards step): pieces taken from
        each possible source, coins riding and collected build by build, the quest
        reward, empty cards discarded and Athena's mark."""
        book: Bookkeeping = state.extra  # type: ignore[assignment]
        board = state.board
        powers = ply.powers
        moves = ply.moves
        # The first worker moved is the one the player moved: Apollo's trade and
        # Minotaur's shove list the figure they force first, but the acting worker
        # stepped; a team roam (Hermes) moves its workers in the order listed.
        first = moves[0][0] if moves else ply.worker
        if first >= len(board.workers) or (powers and FORCES_OTHERS.intersection(powers)):
            first = ply.worker
        athena = -1 if book.athena == seat else book.athena
        if ply.up and GODS_ATHENA in powers:
            athena = seat
        moved = relocated(board, moves)
        pan = moved.workers[ply.worker] if "pan" in powers else book.pan_square
        wandered = first == wanderer if wanderer >= 0 else book.wanderer_moved
        base = book
        if athena != book.athena or pan != book.pan_square or wandered != book.wanderer_moved:
            base = book._replace(athena=athena, pan_square=pan, wanderer_moved=wandered)
        # Relocations first, then each build with the coins it reaches. States are
        # rebuilt as plain tuples (no NamedTuple._replace on this hot path).
        starts: list[tuple[RiddleState, tuple[HeldCard, ...]]] = [
            (_new_tuple(RiddleState, (moved, *state[1:])), book.cards)]
        for square, piece in ply.builds:
            grown: list[tuple[RiddleState, tuple[HeldCard, ...]]] = []
            for s, cards in starts:
                spent = list(s.stock)
                spent[piece] -= 1
                built = _new_tuple(RiddleState, (
                    apply_ply(s.board, Ply(ply.worker, (), ((square, piece),))),
                    _new_tuple(Stockpile, spent), *s[2:]))
                sources = _sources(s.stock, cards, piece)
                for after in after_build(ctx, built, square):  # type: ignore[arg-type]
                    for left in sources:
                        grown.append((after, left))
            starts = list(dict.fromkeys(grown)) if len(grown) > 1 else grown
        used = set(powers)
        full = all(any(c.pieces) for c in book.cards)
        out: list[RiddleState] = []
        for s, cards in starts:
            if cards is book.cards and full:  # no card emptied: no quest earned
                out.append(_new_tuple(RiddleState, (*s[:EXTRA], base)))
                continue
            out += self.settle(book, base, used, s, cards)
        return list(dict.fromkeys(out)) if len(out) > 1 else out

    def settle(self, book: Bookkeeping, base: Bookkeeping, used: set[str], s: RiddleState,
               cards: tuple[HeldCard, ...]) -> list[RiddleState]:
        """``s`` after a ply's builds took pieces from ``cards``: emptied cards
        discarded, once per choice of the quest rewards they earned (``book`` before
        the ply, ``base`` after its notes, ``used`` the powers it used)."""
        remaining = {d.god: d.pieces for d in cards}
        emptied = [c for c in book.cards if not any(remaining[c.god])]
        earned = sum(1 for c in emptied if self.engine[c.god] in used and any(c.pieces)
                     and not self.quests[c.god].custom)
        kept = tuple(c for c in cards if any(c.pieces))
        held = list(book.gods_held)
        for c in emptied:
            held[c.seat] -= 1
        after_book = base._replace(cards=kept, gods_held=tuple(held))
        rewards: list[tuple[int, int, int, int]] = [(0, 0, 0, 0)]
        for _ in range(earned):
            rewards = list(dict.fromkeys(
                (r[0] + q[0], r[1] + q[1], r[2] + q[2], r[3] + q[3])
                for r in rewards for q in QUEST_REWARD))
        st = s.stock
        return [s._replace(extra=after_book, stock=_new_tuple(Stockpile, (
            st[0] + r[0], st[1] + r[1], st[2] + r[2], st[3] + r[3]))) for r in rewards]

    def quest_step(self, before: RiddleState, seat: int, mine: int, acted: RiddleState
                   ) -> list[RiddleState]:
        """``acted`` (after the turn's action, before its rewards step) once per choice of
        the custom quest rewards ``seat`` earned on the turn from ``before``."""
        was: Bookkeeping = before.extra  # type: ignore[assignment]
        book: Bookkeeping = acted.extra  # type: ignore[assignment]
        now = {c.god: c for c in book.cards}
        held = [c for c in was.cards if c.seat == seat]
        held += [c for c in book.cards if c.seat == seat and not was.gods_taken >> c.god & 1]
        earned: list[int] = []
        for c in held:
            card = now.get(c.god, c)
            if (card.quest_done or self.engine[c.god] is None
                    or not self.quests[c.god].earned(before.board, acted.board, mine)):
                continue
            earned.append(c.god)
        if not earned:
            return [acted]
        cards = tuple(c._replace(quest_done=True) if c.god in earned else c for c in book.cards)
        out = [acted._replace(extra=book._replace(cards=cards))]
        for god in earned:
            out = [s._replace(stock=_new_tuple(Stockpile, (
                s.stock[0] + r[0], s.stock[1] + r[1], s.stock[2] + r[2], s.stock[3] + r[3])))
                for s in out for r in self.rewards[god]]
        return list(dict.fromkeys(out))

    # -- text --------------------------------------------------------------------

    def power_names(self, state: RiddleState, ply: Ply) -> list[str]:
        """The names of the held gods whose powers ``ply`` used, in the order used."""
        book: Bookkeeping = state.extra  # type: ignore[assignment]
        names: list[str] = []
        for power in ply.powers:
            for c in book.cards:
                if self.engine[c.god] == power:
                    names.append(plain_text(self.queue[c.god].name))
                    break
        return names

    def describe(self, geometry: object, state: RiddleState, ply: Ply) -> tuple[str, str]:
        """A ply in notation, ``W1 B2-C3-D3 build D4, D4 [Hephaestus]``, and its pieces."""
        g = geometry
        board = state.board
        text = f"W{ply.worker + 1} {g.name(board.workers[ply.worker])}"  # type: ignore[attr-defined]
        if ply.moves:
            n = len(board.workers)
            path: dict[int, list[int]] = {}
            for worker, sq in ply.moves:
                start = (board.workers[worker] if worker < n
                         else board.king if worker == n else board.sphinx)
                path.setdefault(worker, [start]).append(sq)
            steps = list(path.items())
            if FORCES_OTHERS.intersection(ply.powers):  # the acting worker first, then the forced
                steps.sort(key=lambda item: item[0] != ply.worker)
            text = ", ".join(_figure_name(w, n) + " " + "-".join(g.name(sq) for sq in squares)  # type: ignore[attr-defined]
                             for w, squares in steps)
        builds = ", ".join(g.name(sq) for sq, _ in ply.builds)  # type: ignore[attr-defined]
        if builds:
            text += f" build {builds}"
        pieces = ", ".join("dome" if piece == 3 else f"level {piece + 1}"
                           for _, piece in ply.builds)
        names = self.power_names(state, ply)
        power = f" [{' + '.join(names)}]" if names else ""
        return text.strip() + power, pieces


GODS_ATHENA = "athena"


def distinct_outcomes(board: State, plies: list[Ply], assignment: Assignment) -> list[Ply]:
    """``plies`` without those whose outcome an earlier one already reaches up to the
    workers a key may permute (``assignment.groups``: one player's four, a pair).

    A Hermes roam lists every labelled end placement: ``W1`` to C3 and ``W2`` to D3, and
    ``W1`` to D3 and ``W2`` to C3, are two plies with one outcome when ``W1`` and ``W2``
    are interchangeable (about 14 plies per outcome at one player on wandering-king: 25,736
    plies, 1,843 outcomes). Their states share a key, so the search kept the first and
    dropped the rest, after building them all; here they are never built. Two plies
    are one outcome when every figure's end square matches up to the groups and so
    does everything else the turn reads from the ply: the builds, the powers used, the
    climb (Athena), the win, whether the Wanderer moved first and, for Pan, where the
    builder stands. The first ply of each outcome is kept, in order, so the search
    meets the same states in the same order and keeps the same ones (pinned by
    ``tests/systems/riddle/test_riddle_solver_fast_paths.py`` against every ply).

    >>> from generator.engine.state import State
    >>> from generator.systems.riddle.bookkeeping import worker_assignments
    >>> board = State(0, 0, 0, 0, (0, 1))
    >>> swap = [Ply(0, ((0, 2), (1, 3)), ((4, 0),), powers=("hermes",)),
    ...         Ply(1, ((0, 3), (1, 2)), ((4, 0),), powers=("hermes",))]
    >>> len(distinct_outcomes(board, swap, worker_assignments(1, 2)[0]))
    1
    """
    if len(plies) < 2:
        return plies
    groups = assignment.groups
    wanderer = assignment.wanderer
    n = len(board.workers)
    single = groups[0] if len(groups) == 1 else None
    seen: set[tuple[object, ...]] = set()
    out: list[Ply] = []
    for ply in plies:
        moves = ply.moves
        if len(moves) < 2:  # one worker relocated: its outcome names it (no swap)
            out.append(ply)
            continue
        # relocated(board, moves), without building the board (hot: every roam ply)
        workers, king, sphinx = _figures_after(board, moves)
        if single is not None:
            figures: object = tuple(sorted(workers))
        else:
            figures = tuple(tuple(sorted([workers[i] for i in g])) for g in groups)
        first = moves[0][0]
        if first >= n or FORCES_OTHERS.intersection(ply.powers):
            first = ply.worker
        key = (figures, king, sphinx, ply.builds, ply.powers, ply.up, ply.win,
               first == wanderer, workers[ply.worker] if "pan" in ply.powers else -1)
        if key in seen:
            continue
        seen.add(key)
        out.append(ply)
    return out


def relocated(board: State, moves: tuple[tuple[int, int], ...]) -> State:
    """``board`` after a ply's relocations; indices past the workers are the King and
    the Sphinx (see :meth:`GodPowers._shove_figures`)."""
    workers, king, sphinx = _figures_after(board, moves)
    return board._replace(workers=tuple(workers), king=king, sphinx=sphinx)


def _figures_after(board: State, moves: tuple[tuple[int, int], ...]
                   ) -> tuple[list[int], int, int]:
    """The workers', the King's and the Sphinx's squares after ``moves``."""
    n = len(board.workers)
    workers, king, sphinx = list(board.workers), board.king, board.sphinx
    for i, sq in moves:
        if i < n:
            workers[i] = sq
        elif i == n:
            king = sq
        else:
            sphinx = sq
    return workers, king, sphinx


def pan_drop(board: State, ply: Ply) -> bool:
    """True when the acting worker of ``ply`` surely stepped down :data:`PAN_DROP` levels
    at once: from its height before the turn to the height after the ply's builds."""
    if ply.worker >= len(board.workers) or board.workers[ply.worker] < 0:
        return False
    after = apply_ply(board, Ply(ply.worker, (), ply.builds))
    here = board.workers[ply.worker]
    for i, sq in ply.moves:
        if i != ply.worker:
            continue
        if height_at(board, here) - height_at(after, sq) >= PAN_DROP:
            return True
        here = sq
    return False


def _figure_name(index: int, workers: int) -> str:
    if index < workers:
        return f"W{index + 1}"
    return "King" if index == workers else "Sphinx"


def plain_action(ply: Ply) -> Action | None:
    """``(worker, to, build)`` for a ply without powers (one step, one build)."""
    if ply.powers or len(ply.moves) != 1 or len(ply.builds) != 1:
        return None
    return (ply.moves[0][0], ply.moves[0][1], ply.builds[0][0])


def _reward_options(piece: str) -> tuple[tuple[int, int, int, int], ...]:
    """A quest reward's stockpile additions: one piece, or any one (the group's choice).

    >>> _reward_options("dome")
    ((0, 0, 0, 1),)
    """
    if piece == "any":
        return QUEST_REWARD
    return (QUEST_REWARD[PIECE_NAMES.index(piece)],)


def _sources(stock: Stockpile, cards: tuple[HeldCard, ...], piece: int
             ) -> list[tuple[HeldCard, ...]]:
    """The held cards after one ``piece`` is taken, once per possible source: the
    stockpile proper (what the stock holds beyond the cards), or a card holding one."""
    on_cards = sum(c.pieces[piece] for c in cards)
    out: list[tuple[HeldCard, ...]] = []
    if stock[piece] - on_cards > 0:
        out.append(cards)
    for k, c in enumerate(cards):
        if c.pieces[piece] > 0:
            p = list(c.pieces)
            p[piece] -= 1
            out.append(cards[:k] + (c._replace(pieces=(p[0], p[1], p[2], p[3])),)
                       + cards[k + 1:])
    return out


def line_steps(game: RiddleGameLike, states: Sequence[RiddleState],
               actions: Sequence[Action]) -> tuple[dict[str, object], ...]:
    """Every turn of a found line as a :func:`step_json` object."""
    out = []
    for state, action in zip(states, actions):
        plies = None
        if action[0] == BLESSING_ACTION:
            used = game.blessings.turns(game, state)[action[1]]
            if used.ply is not None:
                step = step_json(game.ctx.geometry, used.pre, (POWER_ACTION, 0, -1),
                                 game.powers, [used.ply])
            else:
                step = step_json(game.ctx.geometry, used.pre, (GOD_ACTION, used.god, -1),
                                 game.powers, None)
            step["blessings"] = list(used.cards)
            out.append(step)
            continue
        if action[0] == POWER_ACTION:
            seat, movers, _ = game.movers(state)
            plies = game.powers.plies(state, seat, movers)
        out.append(step_json(game.ctx.geometry, state, action, game.powers, plies))
    return tuple(out)


class RiddleGameLike(Protocol):
    """What :func:`line_steps` needs of a :class:`~.game.RiddleGame`."""

    ctx: Any
    powers: GodPowers
    blessings: Any

    def movers(self, state: RiddleState) -> tuple[int, int, int]: ...


def step_json(geometry: object, state: RiddleState, action: Action,
              powers: GodPowers | None, plies: list[Ply] | None) -> dict[str, object]:
    """One solution step as ``{"worker", "from", "to", "build", "piece", "power"}``."""
    g = geometry
    board = state.board
    name = g.name  # type: ignore[attr-defined]
    if action[0] >= 0:
        worker, to, build = action
        piece = height_at(board, build)
        return {"worker": f"W{worker + 1}", "from": name(board.workers[worker]), "to": name(to),
                "build": name(build), "piece": PIECE_NAMES[min(piece, 3)], "power": None}
    if action[0] == POWER_ACTION and powers is not None and plies is not None:
        ply = plies[action[1]]
        worker = ply.worker  # the acting worker (a forced figure moves too)
        start = board.workers[worker]
        ends = [sq for w, sq in ply.moves if w == worker]
        return {"worker": f"W{worker + 1}", "from": name(start) if start != NO_SQUARE else None,
                "to": name(ends[-1]) if ends else name(start),
                "build": name(ply.builds[0][0]) if ply.builds else None,
                "piece": PIECE_NAMES[ply.builds[0][1]] if ply.builds else None,
                "power": " + ".join(powers.power_names(state, ply)) or None,
                "more_builds": [[name(sq), PIECE_NAMES[p]] for sq, p in ply.builds[1:]]}
    taken = None
    if action[0] == -1 and powers is not None and 0 <= action[1] < len(powers.queue):
        taken = plain_text(powers.queue[action[1]].name)
    return {"worker": None, "from": None, "to": None, "build": None, "piece": None,
            "power": None, "take_god": taken}


def power_icons(game: RiddleGameLike, state: RiddleState, action: Action) -> tuple[str, ...]:
    """The icon names (god types) of the gods whose powers ``action`` used, in order;
    a turn that used blessing cards starts with the blessing icon."""
    lead: tuple[str, ...] = ()
    if action[0] == BLESSING_ACTION:
        used = game.blessings.turns(game, state)[action[1]]
        if used.ply is None:
            return ("blessing",)
        lead, ply, state = ("blessing",), used.ply, used.pre
    elif action[0] == POWER_ACTION:
        seat, movers, _ = game.movers(state)
        ply = game.powers.plies(state, seat, movers)[action[1]]
    else:
        return ()
    book: Bookkeeping = state.extra  # type: ignore[assignment]
    out: list[str] = []
    for power in ply.powers:
        for c in book.cards:
            if game.powers.engine[c.god] == power:
                kind = game.powers.queue[c.god].type
                out.append(kind if kind in ("mover", "builder", "specialist") else "feature")
                break
    return lead + tuple(out)


def marks_of_power_turn(before: State, after: State
                        ) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
    """The move arrows (workers that changed space) and the spaces built on of a turn
    played with a power, from the positions around it."""
    arrows = tuple((a, b) for a, b in zip(before.workers, after.workers)
                   if a != b and a != NO_SQUARE and b != NO_SQUARE)
    changed = ((before.l1 ^ after.l1) | (before.l2 ^ after.l2) | (before.l3 ^ after.l3)
               | (before.domes ^ after.domes))
    return arrows, tuple(sq for sq in range(changed.bit_length()) if changed >> sq & 1)
