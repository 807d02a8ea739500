"""One objective of a compiled riddle as a search problem: successors turn by turn,
the A* estimate (each goal's bound, dispatched in :mod:`.estimate`) and the packed
key of the transposition table (symmetries and interchangeable workers share a key)."""
from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from functools import cached_property
from typing import Any

from generator.engine.geometry import NO_SQUARE, Square, Symmetry
from generator.engine.moves import apply_move, iter_moves
from generator.engine.state import Stockpile
from generator.systems.riddle.blessing_turns import BlessingCards, revealed_cards
from generator.systems.riddle.bookkeeping import (
    BLESSING_ACTION,
    GOD_ACTION,
    GODS_HELD_AT_MOST,
    REWARD_ON_ACHIEVEMENT,
    SPHINX_ACTION,
    Action,
    Bookkeeping,
    _add,
    _figures,
    _mask,
    _new_tuple,
    reward_options,
    worker_assignments,
)
from generator.systems.riddle.bounds import Bounds
from generator.systems.riddle.context import RiddleContext
from generator.systems.riddle.effects.sink import SinkEffect
from generator.systems.riddle.estimate import compile_goal_bound
from generator.systems.riddle.gods import POWER_ACTION, GodPowers
from generator.systems.riddle.box import BlessingCard, Die, GodCard
from generator.systems.riddle.model import iter_goal_tree
from generator.systems.riddle.power_bounds import PowerReach, power_reach, powered_estimate
from generator.systems.riddle.state import (
    RiddleState,
    after_build,
    collect_blessings,
    is_over,
    judge_objectives,
)
from generator.systems.riddle.vocab import UNREACHABLE, Effect, Goal

EXTRA = RiddleState._fields.index("extra")
"""Where the solver's bookkeeping sits in a state (states are rebuilt as plain tuples)."""
ACHIEVED = RiddleState._fields.index("achieved")


def time_horizon(ctx: RiddleContext) -> int:
    """The last turn at which some rule still depends on the turn number (sinks,
    deadlines, the turn limit); after it, equal positions are equal at any turn."""
    last = ctx.turn_limit or 0
    for effect in ctx.effects:
        if isinstance(effect, SinkEffect):
            last = max(last, effect.turn)
    for objective in ctx.objectives:
        for goal in iter_goal_tree(objective.goal):
            deadline = goal.deadline()
            if deadline is not None:
                last = max(last, deadline)
    return last


def symmetry_group(ctx: RiddleContext) -> tuple[Symmetry, ...]:
    """The map's symmetries that fix every square the rules single out: coins (by
    colour and levels), features, goal spaces and regions, effect spaces."""
    riddle = ctx.riddle
    sets: dict[Any, int] = {}
    for coin in ctx.coins:
        sets[("coin", coin.colour, coin.levels)] = sets.get(
            ("coin", coin.colour, coin.levels), 0) | 1 << coin.square
    singles: set[Square] = {f.square for f in riddle.board.features}
    regions: list[int] = []
    for objective in ctx.objectives:
        for goal in iter_goal_tree(objective.goal):
            at = getattr(goal, "at", NO_SQUARE)
            if isinstance(at, int) and at != NO_SQUARE:
                singles.add(at)
            region = getattr(goal, "region", ())
            if region:
                regions.append(_mask(region))
    for effect in ctx.effects:
        at = getattr(effect, "at", NO_SQUARE)
        if isinstance(at, int) and at != NO_SQUARE:
            singles.add(at)
    fixed = [*sets.values(), *regions, *(1 << sq for sq in sorted(singles))]
    return ctx.geometry.symmetries_fixing(*fixed)


class RiddleGame:
    """One objective of a compiled riddle as a :class:`~generator.sim.search.SearchProblem`.

    States are :class:`~generator.systems.riddle.state.RiddleState` values at the
    end of a turn (``extra`` holds :class:`Bookkeeping`); actions are
    ``(worker, to, build)`` moves, ``(GOD_ACTION, i, -1)`` or, in the chance
    search, ``(SPHINX_ACTION, i, -1)``.
    """

    def __init__(self, ctx: RiddleContext, target: int, *,
                 gods: Mapping[str, GodCard] | None = None, die: Die | None = None,
                 chance: bool = False, powers: bool = False,
                 blessings: Mapping[str, BlessingCard] | None = None) -> None:
        self.ctx = ctx
        self.target = target
        self.goal: Goal = ctx.objectives[target].goal
        self.bit = 1 << target
        self.chance = chance
        self.players = ctx.players
        workers = len(ctx.start.board.workers)
        self.assignments = worker_assignments(ctx.players, workers)
        known = gods or {}
        self.queue: tuple[GodCard, ...] = tuple(known[g] for g in ctx.riddle.gods.queue
                                                if g in known)
        self.unknown_gods = tuple(g for g in ctx.riddle.gods.queue if g not in known)
        start = ctx.start.board
        self.powers = GodPowers(self.queue, ctx.geometry, enabled=powers,
                                assignments=self.assignments,
                                figures=start.king != NO_SQUARE or start.sphinx != NO_SQUARE)
        revealed, self.unknown_blessings = revealed_cards(ctx.riddle.gods.revealed, blessings)
        self.blessings = BlessingCards(revealed, enabled=powers)
        self.rewards = tuple(reward_options(o.reward) if REWARD_ON_ACHIEVEMENT else
                             ((0, 0, 0, 0),) for o in ctx.objectives)
        self.reward_mask = _mask(j for j, options in enumerate(self.rewards)
                                 if options != ((0, 0, 0, 0),))
        # Per objective: its bit and its goal's test (judged at the end of each turn).
        self._judges = tuple((1 << j, o.goal.is_met) for j, o in enumerate(ctx.objectives))
        self.die = die
        self.sphinx_options = self._sphinx_options(die) if chance else ()
        self.horizon = time_horizon(ctx)
        self.coin_squares = tuple(c.square for c in ctx.coins)
        self.symmetries = tuple(s for s in symmetry_group(ctx) if not s.is_identity)
        # Each symmetry with its permutation extended by perm[-1] == -1 (no square).
        self._perms = tuple((s, (*s.perm, NO_SQUARE)) for s in self.symmetries)
        self.size = ctx.geometry.size
        self.layer_bits = 7 * self.size  # heights, domes, tokens, sunk, collected coins
        # Widths of the bookkeeping fields of a key (see _small).
        self.objective_bits = len(ctx.objectives)
        self.god_bits = len(self.queue)
        self.gem_bits = len(die.gems) if die is not None and chance else 0
        self.small_bits = (64 + 9 * self.objective_bits + 12 + self.god_bits
                           + 2 * ctx.players + 1 + self.gem_bits + self.blessings.bits
                           + (self.horizon + 1 + ctx.players).bit_length())
        self._collected_bits: dict[int, int] = {}
        # Per turn number: the effects that may act at the end of that turn (a sink
        # acts on its own turn only), in the riddle's order (see effects_on).
        self._turn_effects: dict[int, tuple[Effect, ...]] = {}
        self._left_out: dict[int, int] = {}
        # first_move's start state with its power plies and blessing turns.
        self._first_lists: tuple[RiddleState | None, dict[int, list[Any]]] = (None, {})
        # Held cards (queue index, seat, four counts, quest earned) and Athena's seat,
        # when powers play.
        self.card_bits = (len(self.queue) * 16 + 3) if self.powers.active else 0
        # The powered bound's turns for coins and spaces apart, by what is wanted
        # (:func:`~.power_bounds._apart`).
        self.apart_turns: dict[object, int] = {}
        # The powers' reach per set of gods (:func:`~.power_bounds.reach_of`).
        self.reach_by_gods: dict[int, PowerReach] = {}
        # Per (workers, steps, build distance): the powered bound's first turn per square.
        self.first_turns: dict[object, tuple[int, ...]] = {}
        # The bounds (distance tables, the compiled goal bound, the powers' reach) are
        # built on first use: a replay of a stored line (trace.verify_result) never
        # estimates, and a warm build replays every cached proof.

    @cached_property
    def bounds(self) -> Bounds:
        return Bounds(self)

    @cached_property
    def _goal_bound(self) -> Callable[[RiddleState, int], int]:
        return compile_goal_bound(self, self.goal)

    @cached_property
    def power_reach(self) -> PowerReach:
        return power_reach(self)

    # -- the search problem ------------------------------------------------

    def starts(self) -> Iterable[RiddleState]:
        seats = (0,) * self.players
        revealed = self.blessings.start_mask
        return tuple(self.ctx.start._replace(extra=Bookkeeping(i, 0, seats, revealed=revealed))
                     for i in range(len(self.assignments)))

    def is_goal(self, state: RiddleState) -> bool:
        return bool(state.achieved & self.bit)

    def first_move(self, state: RiddleState, action: Action) -> Hashable:
        """A plain move ``(worker, to, build)`` names itself (worker indices name the
        same workers in every sharing of 2-4 players). A turn with a power or a
        blessing card is an index into that state's list of such turns, and the lists
        differ between sharings: it is named by what it does instead (the ply; the
        cards used, their choices, the ply or the god taken)."""
        if action[0] not in (POWER_ACTION, BLESSING_ACTION):
            return action
        # Each list is built once per start, not once per action (Hermes: thousands).
        if self._first_lists[0] is not state:
            self._first_lists = (state, {})
        lists = self._first_lists[1]
        kind, i = action[0], action[1]
        if kind not in lists:
            seat, movers, _ = self.movers(state)
            lists[kind] = (self.powers.plies(state, seat, movers) if kind == POWER_ACTION
                           else self.blessings.turns(self, state))
        if kind == POWER_ACTION:
            ply = lists[kind][i]
            return POWER_ACTION, ply.worker, ply.moves, ply.builds, ply.powers
        turn = lists[kind][i]
        return BLESSING_ACTION, turn.cards, turn.ply, turn.god

    def movers(self, state: RiddleState) -> tuple[int, int, int]:
        """(seat, bitmask of the workers it may move, the Wanderer or -1) for the next turn."""
        book: Bookkeeping = state.extra  # type: ignore[assignment]
        seat = (state.turn - book.seat_shift) % self.players
        assignment = self.assignments[book.assignment]
        movers = assignment.masks[seat]
        if assignment.wanderer >= 0 and book.wanderer_moved:
            movers &= ~(1 << assignment.wanderer)
        return seat, movers, assignment.wanderer

    def successors(self, state: RiddleState) -> Iterator[tuple[Action, RiddleState]]:
        """Every (action, state after the turn), generated lazily: a search that stops
        at its cap on generated states (a Hermes turn has hundreds of thousands) does
        not pay for the rest. The order is fixed (powered plies first)."""
        ctx = self.ctx
        if state.achieved & self.bit or is_over(ctx, state):
            return
        book: Bookkeeping = state.extra  # type: ignore[assignment]
        seat = (state.turn - book.seat_shift) % self.players  # the seat playing next
        assignment = self.assignments[book.assignment]
        movers = assignment.masks[seat]
        wanderer = assignment.wanderer
        if wanderer >= 0 and book.wanderer_moved:
            movers &= ~(1 << wanderer)  # not the first worker moved two turns running
        board, stock = state.board, state.stock
        l1, l2, l3 = board.l1, board.l2, board.l3
        geometry = ctx.geometry
        finish: Callable[[RiddleState], list[RiddleState]] = self.finish
        if self.powers.custom:  # custom quests are judged on the turn as a whole
            finish = self._questing(state, seat, assignment.masks[seat])
        still, moved = book, book
        if wanderer >= 0:
            still = book._replace(wanderer_moved=False)
            moved = book._replace(wanderer_moved=True)
        s0, s1, s2, s3 = stock
        powered = bool(book.cards) or book.athena >= 0
        if powered:  # gods held: plies through the powers
            yield from self.powers.moves(state, seat, movers, wanderer, finish, ctx)
        # A move's state is built with the turn already counted when no custom quest
        # reads the turn before it ends (the actions never read the turn).
        counted = not self.powers.custom
        end: Callable[[RiddleState], list[RiddleState]] = self._end_turn if counted else finish
        middle = (state[2] + counted, *state[3:EXTRA])
        tail = state[EXTRA + 1:]
        # The stockpile after a build on a space 0-3 blocks high (made when first needed).
        lefts: list[Stockpile | None] = [None, None, None, None]
        coin_at = ctx.coin_at
        tokens, collected = state.tokens, state.collected
        for move in () if powered else iter_moves(geometry, board, movers, stock):
            build = move[2]
            bit = 1 << build
            height = 3 if l3 & bit else 2 if l2 & bit else 1 if l1 & bit else 0
            left = lefts[height]
            if left is None:
                spent = [s0, s1, s2, s3]
                spent[height] -= 1
                left = lefts[height] = _new_tuple(Stockpile, spent)
            after = _new_tuple(RiddleState, (  # state._replace, without parsing keywords
                apply_move(geometry, board, move), left, *middle,
                moved if move[0] == wanderer else still, *tail))
            coin = coin_at[build]
            if not tokens & bit and (coin < 0 or collected >> coin & 1):
                for nxt in end(after):  # no coin and no token there: after_build is a no-op
                    yield (move, nxt)  # type: ignore[misc]
                continue
            for built in after_build(ctx, after, build):
                for nxt in end(built):
                    yield (move, nxt)  # type: ignore[misc]
        for i in self.takeable(state, seat):
            for nxt in finish(self.take_god(state, seat, i)):
                yield ((GOD_ACTION, i, -1), nxt)
        if book.revealed and self.blessings.active:  # revealed blessing cards (blessing_turns)
            for k, turn in enumerate(self.blessings.turns(self, state)):
                for acted in turn.acted:
                    for nxt in finish(acted):
                        yield ((BLESSING_ACTION, k, -1), nxt)
        for i, (gem, delta) in enumerate(self.sphinx_options):
            if state.sphinx_wins >= ctx.gems or (gem >= 0 and book.gems_won >> gem & 1):
                continue
            won = state._replace(stock=_add(stock, delta), sphinx_wins=state.sphinx_wins + 1,
                                 extra=still._replace(gems_won=book.gems_won | (
                                     1 << gem if gem >= 0 else 0)))
            for nxt in finish(won):
                yield ((SPHINX_ACTION, i, -1), nxt)

    def takeable(self, state: RiddleState, seat: int) -> list[int]:
        """Queue indices of the gods ``seat`` may take now (none past the two-god limit)."""
        book: Bookkeeping = state.extra  # type: ignore[assignment]
        if not self.queue or book.gods_held[seat] >= GODS_HELD_AT_MOST:
            return []
        return [i for i in range(len(self.queue)) if not book.gods_taken >> i & 1]

    def take_god(self, state: RiddleState, seat: int, i: int) -> RiddleState:
        """The state after ``seat`` takes the ``i``-th god of the queue (the turn's action)."""
        book: Bookkeeping = state.extra  # type: ignore[assignment]
        still = book._replace(wanderer_moved=False) if book.wanderer_moved else book
        if self.powers.active:
            return self.powers.take(state, book, seat, i, still._replace(
                athena=-1 if book.athena == seat else book.athena))
        held = book.gods_held[:seat] + (book.gods_held[seat] + 1,) + book.gods_held[seat + 1:]
        return state._replace(stock=_add(state.stock, self.queue[i].pieces), extra=still._replace(
            gods_taken=book.gods_taken | 1 << i, gods_held=held))

    def estimate(self, state: RiddleState) -> int:
        return self.estimate_within(state, UNREACHABLE)

    def estimate_within(self, state: RiddleState, limit: int) -> int:
        """:meth:`estimate` when it is at most ``limit``; otherwise some admissible
        value above ``limit`` (never above the estimate), found without the costlier
        parts of the bound once a cheap part exceeds ``limit``: the depth-first count
        of optimal first moves only asks whether a state fits in ``limit`` turns."""
        if state.achieved & self.bit:
            return 0
        ctx = self.ctx
        if is_over(ctx, state):
            return UNREACHABLE
        if self.powers.active or self.blessings.active:
            return powered_estimate(self, state)  # goals' bounds assume plain turns
        return self.plain_estimate(state, limit)

    def plain_estimate(self, state: RiddleState, limit: int = UNREACHABLE) -> int:
        """The goals' bounds, for lines that use no power from ``state`` on (with a
        ``limit``: as :meth:`estimate_within`)."""
        ctx = self.ctx
        need = self._goal_bound(state, limit)
        if need >= UNREACHABLE:
            return UNREACHABLE
        if need > limit:
            return need  # the checks below only ever raise it to UNREACHABLE
        if need > 1 and need > self.bounds.turns_possible(state):
            return UNREACHABLE
        last = ctx.turn_limit
        if last is not None and state.turn + max(need, 1) > last:
            return UNREACHABLE
        return need

    def key(self, state: RiddleState) -> int:
        board = state.board
        l1, l2, l3, domes, workers, king, sphinx = board
        collected = self._collected_bits.get(state.collected)
        if collected is None:
            collected = _mask(sq for i, sq in enumerate(self.coin_squares)
                              if state.collected >> i & 1)
            self._collected_bits[state.collected] = collected
        groups = self.assignments[state.extra.assignment].groups  # type: ignore[attr-defined]
        single = len(groups) == 1
        if single:  # one player: every worker interchangeable with every other
            figures = 0
            for sq in sorted(workers):
                figures = figures << 7 | (sq + 1)
            figures = (figures << 7 | (king + 1)) << 7 | (sphinx + 1)
        else:
            figures = _figures(workers, groups, king, sphinx)
        size = self.size
        tokens, sunk = state.tokens, state.sunk
        if self.symmetries:
            # Figures are the most significant part of a key: only the images with the
            # smallest figures can give the smallest key, so only they are built whole.
            # ``perm[-1]`` is -1, so an absent figure stays absent.
            tied: list[Symmetry | None] = [None]
            for sym, perm in self._perms:
                if single:
                    image = 0
                    for sq in sorted([perm[w] for w in workers]):
                        image = image << 7 | (sq + 1)
                    image = (image << 7 | (perm[king] + 1)) << 7 | (perm[sphinx] + 1)
                else:
                    image = _figures(tuple(perm[sq] for sq in workers), groups, perm[king],
                                     perm[sphinx])
                if image < figures:
                    figures, tied = image, [sym]
                elif image == figures:
                    tied.append(sym)
            best = -1
            for image_of in tied:
                if image_of is None:
                    packed = (l1 | l2 << size | l3 << 2 * size | domes << 3 * size
                              | tokens << 4 * size | sunk << 5 * size | collected << 6 * size)
                else:
                    bits = image_of.apply_bits
                    packed = (bits(l1) | bits(l2) << size | bits(l3) << 2 * size
                              | bits(domes) << 3 * size | bits(tokens) << 4 * size
                              | bits(sunk) << 5 * size | bits(collected) << 6 * size)
                if best < 0 or packed < best:
                    best = packed
        else:
            best = (l1 | l2 << size | l3 << 2 * size | domes << 3 * size | tokens << 4 * size
                    | sunk << 5 * size | collected << 6 * size)
        key = ((figures << self.layer_bits | best) << self.small_bits) | self._small(state)
        if self.card_bits:
            key = key << self.card_bits | self._cards(state.extra)  # type: ignore[arg-type]
        return key

    def _cards(self, book: Bookkeeping) -> int:
        """Held cards and Athena's seat in ``card_bits`` bits (counts below 8)."""
        out = 0
        for card in book.cards:
            p = card.pieces
            out |= (card.quest_done << 15 | 1 << 14 | card.seat << 12 | p[0] << 9 | p[1] << 6
                    | p[2] << 3 | p[3]) << 16 * card.god
        return out << 3 | (book.athena + 1)

    # -- turn steps ----------------------------------------------------------

    def finish(self, state: RiddleState) -> list[RiddleState]:
        """End of the turn: rewards (blessings, objectives, piece rewards), then effects.

        The solver's hot path: :meth:`rewards_step` then :meth:`effects_step` on
        each of its states, with the common case (no reward earned, no god's or
        blessing's note to clear) done inline; the same states in the same order
        (``tests/systems/riddle/test_riddle_solver_fast_paths.py``)."""
        return self._end_turn(_new_tuple(RiddleState, (state[0], state[1], state[2] + 1,
                                                        *state[3:])))

    def _end_turn(self, turned: RiddleState) -> list[RiddleState]:
        """:meth:`finish` on a state whose turn is already counted."""
        if turned.tokens:
            turned = collect_blessings(turned)
        ctx = self.ctx
        before = achieved = turned.achieved
        for bit, met in self._judges:
            if not achieved & bit and met(ctx, turned):
                achieved |= bit
        if achieved != before:
            turned = _new_tuple(RiddleState, (*turned[:ACHIEVED], achieved,
                                              *turned[ACHIEVED + 1:]))
            if achieved & ~before & self.reward_mask:
                out: list[RiddleState] = []
                for rewarded in self._rewarded(turned, achieved & ~before & self.reward_mask):
                    out.extend(self.effects_step(rewarded))
                return out
        book: Bookkeeping = turned.extra  # type: ignore[assignment]
        if book.pan_square >= 0 or book.skip_effects:
            return list(self.effects_step(turned))
        turn = turned.turn
        effects = self._turn_effects.get(turn)
        if effects is None:
            effects = self.effects_on(turn)
        if not effects:
            return [turned]
        if len(effects) == 1 and not self._left_out[turn] & 1:
            return list(effects[0].apply(ctx, turned, turn))
        return list(self.effects_step(turned))

    def effects_on(self, turn: int) -> tuple[Effect, ...]:
        """The riddle's effects that may change a state at the end of ``turn``, in
        order: all but the sinks of other turns (a sink acts on its own turn only,
        and most turns sink nothing). Remembered per turn."""
        effects = self._turn_effects.get(turn)
        if effects is None:
            kept: list[Effect] = []
            left_out = 0  # bit k: an effect is left out between the k-th kept one and the next
            for effect in self.ctx.effects:
                if isinstance(effect, SinkEffect) and effect.turn != turn:
                    if kept:
                        left_out |= 1 << len(kept) - 1
                else:
                    kept.append(effect)
            self._left_out[turn] = left_out
            effects = self._turn_effects[turn] = tuple(kept)
        return effects

    def _questing(self, before: RiddleState, seat: int, mine: int
                  ) -> Callable[[RiddleState], list[RiddleState]]:
        """:meth:`finish` after judging ``seat``'s custom quests on the turn from ``before``
        (see :meth:`~.gods.GodPowers.quest_step`)."""
        quest_step, finish = self.powers.quest_step, self.finish

        def finish_turn(acted: RiddleState) -> list[RiddleState]:
            return [nxt for q in quest_step(before, seat, mine, acted) for nxt in finish(q)]
        return finish_turn

    def rewards_step(self, state: RiddleState) -> tuple[RiddleState, ...]:
        turned = collect_blessings(_new_tuple(RiddleState, (state[0], state[1], state[2] + 1,
                                                            *state[3:])))
        judged = judge_objectives(self.ctx, turned)
        new = judged.achieved & ~turned.achieved & self.reward_mask
        if not new:
            return (judged,)
        return self._rewarded(judged, new)

    def _rewarded(self, judged: RiddleState, new: int) -> tuple[RiddleState, ...]:
        """``judged`` with the piece rewards of the objectives ``new`` achieved (one
        state per choice of pieces)."""
        states = [judged]
        for j in range(len(self.rewards)):
            if new >> j & 1:
                states = [s._replace(stock=_add(s.stock, delta)) for s in states
                          for delta in self.rewards[j]]
        return tuple(dict.fromkeys(states))

    def effects_step(self, state: RiddleState) -> tuple[RiddleState, ...]:
        ctx = self.ctx
        turn = state.turn
        book: Bookkeeping = state.extra  # type: ignore[assignment]
        if book.pan_square >= 0:  # Pan's level 3 lasts until the goals are judged
            state = state._replace(extra=book._replace(pan_square=-1))
        if book.skip_effects:  # a blessing skips them
            return (state._replace(extra=state.extra._replace(skip_effects=False)),)  # type: ignore[attr-defined]
        states: tuple[RiddleState, ...] = (state,)
        effects = self._turn_effects.get(turn)
        if effects is None:
            effects = self.effects_on(turn)
        left_out = self._left_out[turn]
        for k, effect in enumerate(effects):
            if len(states) == 1:
                states = effect.apply(ctx, states[0], turn)
                if left_out >> k & 1 and len(states) > 1:
                    # A sink left out after it would have dropped repeats.
                    states = tuple(dict.fromkeys(states))
            else:
                nxt: list[RiddleState] = []
                for s in states:
                    nxt.extend(effect.apply(ctx, s, turn))
                states = tuple(dict.fromkeys(nxt))  # drop repeats, keep order
        return states

    # -- keys ------------------------------------------------------------------

    def _small(self, state: RiddleState) -> int:
        """The bookkeeping fields in ``small_bits`` bits (stock counts below 2**16)."""
        turn = state.turn
        if turn > self.horizon:
            turn = self.horizon + 1 + turn % self.players
        book: Bookkeeping = state.extra  # type: ignore[assignment]
        s0, s1, s2, s3 = state.stock
        out = (((turn << 16 | s0) << 16 | s1) << 16 | s2) << 16 | s3
        for silver, gold in state.slots:
            out = out << 8 | silver << 4 | gold
        blessings, wins, destroyed = state.blessings, state.sphinx_wins, state.destroyed
        out = (((out << self.objective_bits | state.achieved) << 6
                | (blessings if blessings < 63 else 63)) << 4
               | (wins if wins < 15 else 15)) << 2 | (destroyed if destroyed < 3 else 3)
        out = out << self.god_bits | book.gods_taken
        for held in book.gods_held:
            out = out << 2 | held
        out = out << 1 | book.wanderer_moved
        if self.blessings.bits:
            out = (out << self.blessings.bits - 2 | book.revealed) << 2 | book.seat_shift
        return out << self.gem_bits | book.gems_won

    # -- chance ----------------------------------------------------------------

    def _sphinx_options(self, die: Die | None) -> tuple[tuple[int, tuple[int, int, int, int]], ...]:
        """(gem index, stockpile addition) per way to win the Sphinx's game; without a
        known die, a win is anonymous (gem -1) and brings nothing."""
        if die is None:
            return ((-1, (0, 0, 0, 0)),)
        options: dict[tuple[int, tuple[int, int, int, int]], None] = {}
        for face in die.faces:
            if face.colour in die.gems:
                gem = die.gems.index(face.colour)
                for delta in reward_options(face.reward):
                    options[(gem, delta)] = None
        return tuple(options)
