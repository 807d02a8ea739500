"""The solver's hot-path rewrites (issue 14 §2) against the plain code they replaced
(STYLE 12): the same value on every state a short breadth-first walk of seeded random
riddles reaches. Each plain version here is the code as it stood before the rewrite."""
from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator

import pytest

from generator.engine.geometry import NO_SQUARE, Square
from generator.engine.moves import apply_move, iter_moves
from generator.engine.state import Stockpile, height_at
from generator.systems.riddle.bounds import PIECES_UP, Bounds, coin_pieces
from generator.systems.riddle.distances import figure_squares, first_build
from generator.systems.riddle.context import RiddleContext, compile_riddle
from generator.systems.riddle.effects.sink import SinkEffect
from generator.systems.riddle.effects.stockpile_add import StockpileAddEffect
from generator.systems.riddle.estimate import compile_goal_bound, goal_bound
from generator.systems.riddle.game import RiddleGame
from generator.systems.riddle.goals.all_of import AllOfGoal, demand, disjoint_builds
from generator.systems.riddle.goals.blessings import WALKED_AT_MOST, BlessingsGoal, blessings_bound
from generator.systems.riddle.goals.build import SPACES_AT_MOST, BuildGoal, build_bound
from generator.systems.riddle.goals.slots import SlotsGoal
from generator.systems.riddle.model import iter_goal_tree
from generator.engine.powers import Ply, apply_ply
from generator.systems.riddle.bookkeeping import GOD_ACTION, Bookkeeping, _new_tuple
from generator.systems.riddle.gods import (
    FORCES_OTHERS,
    GODS_ATHENA,
    GodPowers,
    HeldCard,
    _sources,
    relocated,
)
from generator.systems.riddle.state import RiddleState, after_build, is_over
from generator.systems.riddle.vocab import UNREACHABLE, Goal

from .test_riddle_solver_bounds import plain_spread, walk
from .reference import FUZZ_GODS, random_riddle_text, riddle_of_text
from .reference_gods import ALL_GODS, POWER_BLESSINGS, random_god_riddle_text


def plain_build_bound(bounds: Bounds, goal: BuildGoal, state: RiddleState) -> int:
    """:func:`build_bound` as first written: lists of pieces, every choice of spaces
    against every choice of gods, each sum taken afresh."""
    ctx = bounds.ctx
    if goal.what == "block" or bounds.added_any or bounds.game_pieces or not ctx.plain_turns:
        return 0
    area = goal._area(ctx, state)
    board = state.board
    missing = goal.count - goal._counted(area, state)
    area &= ~board.domes
    if missing <= 0 or area.bit_count() > SPACES_AT_MOST:
        return 0
    workers = bounds.movers(state)
    pinned = figure_squares(board)
    spaces = []
    for sq in ctx.geometry.squares:
        if not area >> sq & 1:
            continue
        reach = first_build(workers, bounds.near, sq)
        if pinned >> sq & 1:
            reach = max(reach, 2)
        if reach < UNREACHABLE:
            spaces.append((height_at(board, sq), reach, sq))
    if len(spaces) < missing:
        return UNREACHABLE
    supply = list(state.stock)
    for sq in bounds.recycling:
        if not state.sunk >> sq & 1:
            for p, layer in enumerate((board.l1, board.l2, board.l3, board.domes)):
                supply[p] += layer >> sq & 1
    free = 0
    for j, (fixed, choice) in enumerate(bounds.reward_supply):
        if bounds.serving[j] and not state.achieved >> j & 1:
            free += choice
            for p in range(4):
                supply[p] += fixed[p]
    best = UNREACHABLE
    for chosen in itertools.combinations(sorted(spaces), missing):
        builds = sum(4 - h for h, _, _ in chosen)
        walk = min(reach for _, reach, _ in chosen) - 1 + builds
        if bounds.game.players > 1:  # the builds on their builders' seats' turns
            walk = max(walk, bounds.builds_turn(state, sum(1 << sq for _, _, sq in chosen),
                                                builds))
        if pinned:
            walk = max(walk, builds + bounds.lure_turns(state, [sq for _, _, sq in chosen]))
        if bounds.game.players == 1:
            walk = max(walk, builds + plain_spread(bounds, state, [sq for _, _, sq in chosen]))
        need = [sum(PIECES_UP[h][4 - h][p] for h, _, _ in chosen) for p in range(4)]
        for taken in bounds.god_choices(state):
            short = sum(max(0, need[p] - supply[p] - sum(g[p] for g in taken))
                        for p in range(4))
            turns = max(walk, builds + len(taken))
            if short <= free and turns < best:
                best = turns
    return best


def plain_blessings_bound(bounds: Bounds, goal: BlessingsGoal, state: RiddleState) -> int:
    """:func:`blessings_bound` as first written: every token, every worker, every
    choice of tokens weighed afresh."""
    missing = goal.count - state.blessings
    if missing <= 0:
        return 0
    ctx = bounds.ctx
    board = state.board
    tokens = [sq for sq in ctx.geometry.squares if state.tokens >> sq & 1]
    movers = bounds.movers(state)
    workers = [w for w, _ in movers]
    if len(tokens) < missing or not workers:
        return UNREACHABLE
    distance = ctx.distance
    closed = (board.domes & ~ctx.removable) | state.sunk
    move_nb = ctx.geometry.move_neighbours
    alone: list[int] = []  # per token: turns to collect it, alone
    reach: list[int] = []  # per token: steps from the nearest worker
    for t in tokens:
        h_t = height_at(board, t)
        walk = min(distance[w][t] for w in workers)
        climb = UNREACHABLE
        for w, table in movers:
            moves = max(distance[w][t], h_t - height_at(board, w))
            if moves < UNREACHABLE:
                at = table[moves] if moves < len(table) else table[-1] + moves
                climb = min(climb, at)
        stair = 1
        if h_t >= 1:
            stair = UNREACHABLE
            nb = move_nb[t] & ~closed
            while nb:
                low = nb & -nb
                nb ^= low
                short = h_t - 1 - height_at(board, low.bit_length() - 1)
                stair = min(stair, 1 + (short if short > 0 else 0))
        if walk == 0:
            stair = 1  # set up on it: collected at the end of the first turn
        alone.append(max(1, climb, stair if walk else 1))
        reach.append(walk)
    best = UNREACHABLE
    for chosen in itertools.combinations(range(len(tokens)), missing):
        steps = sum(min([reach[i]] + [distance[tokens[k]][tokens[i]] for k in chosen if k != i])
                    for i in chosen)
        arrivals = sum(reach[i] > 0 for i in chosen)
        best = min(best, max(1, arrivals, max(alone[i] for i in chosen), steps))
    if best < UNREACHABLE and len(tokens) <= WALKED_AT_MOST:
        best = max(best, plain_token_walks(bounds, state, tokens, missing))
    return best


def plain_token_walks(bounds: Bounds, state: RiddleState, tokens: list[Square],
                      missing: int) -> int:
    """:func:`token_walks` by brute force: every set of at least ``missing`` tokens,
    every way to give them to the workers, every order of each worker's tokens."""
    ctx = bounds.ctx
    board = state.board
    distance = ctx.distance
    workers = [w for w in board.workers if w != NO_SQUARE]

    def rise(t: Square) -> int:
        return 0 if ctx.removable >> t & 1 else height_at(board, t)

    def walk(w: Square, order: tuple[Square, ...]) -> int:
        first = max(distance[w][order[0]], rise(order[0]) - height_at(board, w))
        return first + sum(distance[a][b] for a, b in itertools.pairwise(order))

    walks: dict[tuple[Square, tuple[Square, ...]], int] = {}  # each worker's best order, once

    def best_walk(w: Square, mine: tuple[Square, ...]) -> int:
        if (w, mine) not in walks:
            walks[(w, mine)] = min(walk(w, order) for order in itertools.permutations(mine))
        return walks[(w, mine)]

    best = UNREACHABLE
    for size in range(missing, len(tokens) + 1):
        for chosen in itertools.combinations(tokens, size):
            for owners in itertools.product(range(len(workers)), repeat=size):
                total = 0
                for k, w in enumerate(workers):
                    mine = tuple(t for t, o in zip(chosen, owners) if o == k)
                    if mine:
                        total += best_walk(w, mine)
                best = min(best, total)
    return best


def variants(ctx: RiddleContext, state: RiddleState, rng: random.Random
             ) -> Iterator[RiddleState]:
    """``state``, then states that differ from it in one thing a bound may read (an
    objective achieved, a piece in the stockpile, a worker, the King or the Sphinx,
    a block, a token, a coin collected, a god taken): a memo keyed too coarsely
    then meets two states its key cannot tell apart. Pure functions of a state
    need not be asked only about reachable ones."""
    yield state
    board = state.board
    land = list(ctx.geometry.squares)
    taken = {*board.workers, board.king, board.sphinx}
    free_squares = [sq for sq in land if sq not in taken] or land
    book = state.extra
    yield state._replace(achieved=state.achieved ^ 1 << rng.randrange(len(ctx.objectives)))
    stock = list(state.stock)
    stock[rng.randrange(4)] += 1
    yield state._replace(stock=Stockpile(*stock))
    workers = list(board.workers)
    workers[rng.randrange(len(workers))] = rng.choice(free_squares)
    yield state._replace(board=board._replace(workers=tuple(workers)))
    if board.king >= 0:
        yield state._replace(board=board._replace(king=rng.choice(free_squares)))
    if board.sphinx >= 0:
        yield state._replace(board=board._replace(sphinx=rng.choice(free_squares)))
    sq = rng.choice(land)
    bit = 1 << sq
    if not board.domes & bit:
        if not board.l1 & bit:
            yield state._replace(board=board._replace(l1=board.l1 | bit))
        elif not board.l2 & bit:
            yield state._replace(board=board._replace(l2=board.l2 | bit))
        elif not board.l3 & bit:
            yield state._replace(board=board._replace(l3=board.l3 | bit))
    yield state._replace(tokens=state.tokens ^ 1 << rng.choice(land))
    if ctx.coins:
        yield state._replace(collected=state.collected ^ 1 << rng.randrange(len(ctx.coins)))
    yield state._replace(extra=book._replace(  # type: ignore[attr-defined]
        gods_taken=book.gods_taken ^ rng.randrange(4)))  # type: ignore[attr-defined]


def iter_cases(seed: int, wanted: Callable[[str], bool], states: int = 100,
               ) -> Iterator[tuple[RiddleContext, RiddleGame, list[Goal], RiddleState]]:
    """(context, game, goals, state) over seeded random riddles whose text is
    ``wanted``, with the gods of the fuzz in the queue: every state a short walk
    of each objective reaches, and its :func:`variants` (the caller stops when it
    has seen enough)."""
    rng = random.Random(seed)
    for _ in range(20000):
        text, players = random_riddle_text(rng)
        if not wanted(text):
            continue
        riddle = riddle_of_text(text)
        if riddle is None:
            continue
        ctx = compile_riddle(riddle, players)
        for j, objective in enumerate(ctx.objectives):
            game = RiddleGame(ctx, j, gods=FUZZ_GODS)
            goals = list(iter_goal_tree(objective.goal))
            for state in walk(game, states):
                for variant in variants(ctx, state, rng):
                    yield ctx, game, goals, variant


LURED_TOWER = """kind: riddle
id: lured-tower
number: 1
title: Lured Tower
island: x
players: [1]
map:
  grid: |
    . W . . .
    W K . . .
    . . . W .
stockpile: {level1: 3, level2: 3, level3: 3, dome: 2}
objectives:
  - tier: silver
    goal: {build: {what: tower, count: 2, region: [B2, D2]}}
end_of_turn:
  - step-toward-closest-worker: {figure: king}
"""
"""A tower space under the King, workers in and out of the ring around him."""


@pytest.mark.parametrize("seed", range(6))
def test_build_bound_equals_its_plain_version(seed: int) -> None:
    """Domes and towers with gods in the queue, figures on the map and rewards, and
    the King on a tower's space (:data:`LURED_TOWER`)."""
    riddle = riddle_of_text(LURED_TOWER)
    assert riddle is not None
    ctx = compile_riddle(riddle, 1)
    game = RiddleGame(ctx, 0)
    assert isinstance(game.goal, BuildGoal)
    rng = random.Random(seed)
    for start in walk(game, 200):
        for state in variants(ctx, start, rng):
            assert build_bound(game.bounds, game.goal, state) == \
                plain_build_bound(game.bounds, game.goal, state)
    compared = claimed = 0
    for _, game, goals, state in iter_cases(
            seed * 7907 + 5, lambda t: "what: dome" in t or "what: tower" in t):
        if compared >= 4000 and claimed >= 200:
            break
        for goal in goals:
            if isinstance(goal, BuildGoal):
                fast = build_bound(game.bounds, goal, state)
                assert fast == plain_build_bound(game.bounds, goal, state)
                compared += 1
                claimed += 0 < fast < UNREACHABLE
    assert compared >= 4000 and claimed >= 200


TALL_TOKENS = """kind: riddle
id: tall-tokens
number: 1
title: Tall Tokens
island: x
players: [1]
map:
  grid: |
    . .  .  .  . 3
    . .  3b .  . .
    1W . .  .  . 2
    W  . .  .  . 2b
stockpile: {level1: 4, level2: 4, level3: 2, dome: 1}
objectives:
  - tier: silver
    goal: {blessings: {count: 1}}
  - tier: gold
    goal: {blessings: {count: 2}}
"""
"""Blessing tokens high up, where the stair to them can take longer than the climb."""


@pytest.mark.parametrize("seed", range(6))
def test_blessings_bound_equals_its_plain_version(seed: int) -> None:
    """Blessing goals, with 1-4 workers shared by 1-4 players (the turn tables), and
    tokens high up (:data:`TALL_TOKENS`)."""
    compared = claimed = 0
    riddle = riddle_of_text(TALL_TOKENS)
    assert riddle is not None
    for j in range(2):
        game = RiddleGame(compile_riddle(riddle, 1), j)
        for state in walk(game, 300):
            assert isinstance(game.goal, BlessingsGoal)
            assert blessings_bound(game.bounds, game.goal, state) == \
                plain_blessings_bound(game.bounds, game.goal, state)
    for _, game, goals, state in iter_cases(seed * 6151 + 7, lambda t: "blessings:" in t):
        if compared >= 400 and claimed >= 40:
            break
        for goal in goals:
            if isinstance(goal, BlessingsGoal):
                fast = blessings_bound(game.bounds, goal, state)
                assert fast == plain_blessings_bound(game.bounds, goal, state)
                compared += 1
                claimed += 1 < fast < UNREACHABLE
    assert compared >= 400 and claimed >= 40


def plain_finish(game: RiddleGame, acted: RiddleState) -> list[RiddleState]:
    """The end of a turn as :mod:`.trace` replays it: every state of the rewards
    step, then the effects on each."""
    return [final for rewarded in game.rewards_step(acted)
            for final in game.effects_step(rewarded)]


@pytest.mark.parametrize("seed", range(4))
def test_finish_equals_rewards_then_effects(seed: int) -> None:
    """:meth:`RiddleGame.finish` on every acted state (after the move and build, before
    the turn ends) of short walks over generated riddles, with god powers and
    revealed blessing cards in play half of the time (a skipped end of turn, and
    Pan's note on a quarter of them), rewards and every effect of the fuzz."""
    rng = random.Random(seed * 1301 + 9)
    compared = rewarded = effects = skipped = 0
    for i in range(400):
        if compared >= 2000 and rewarded and effects and skipped:
            break
        powered = i % 2 == 1
        text, players = (random_god_riddle_text(rng, blessings=True) if powered
                         else random_riddle_text(rng))
        riddle = riddle_of_text(text)
        if riddle is None:
            continue
        ctx = compile_riddle(riddle, players)
        game = RiddleGame(ctx, 0, gods={**FUZZ_GODS, **ALL_GODS}, powers=powered,
                          blessings=POWER_BLESSINGS)
        acted: list[RiddleState] = []

        def record(state: RiddleState, game: RiddleGame = game,
                   acted: list[RiddleState] = acted) -> list[RiddleState]:
            acted.append(state)
            return RiddleGame.finish(game, state)

        def record_counted(turned: RiddleState, game: RiddleGame = game,
                           acted: list[RiddleState] = acted) -> list[RiddleState]:
            acted.append(turned._replace(turn=turned.turn - 1))
            return RiddleGame._end_turn(game, turned)

        game.finish = record  # type: ignore[method-assign]
        game._end_turn = record_counted  # type: ignore[method-assign]
        walk(game, 60)
        del game.finish, game._end_turn
        for k, state in enumerate(acted):
            assert game.finish(state) == plain_finish(game, state), text
            compared += 1
            if k % 4 == 0:  # Pan's note, rare in short walks, set by hand
                noted = state._replace(extra=state.extra._replace(  # type: ignore[attr-defined]
                    pan_square=state.board.workers[0]))
                assert game.finish(noted) == plain_finish(game, noted), text
            rewarded += len(game.rewards_step(state)) > 1
            book = state.extra
            skipped += book.skip_effects  # type: ignore[attr-defined]
        effects += bool(ctx.effects)
    assert compared >= 2000 and rewarded and effects and skipped


TWO_TOWERS = """kind: riddle
id: two-towers
number: 1
title: Two Towers
island: x
players: [1]
map:
  grid: |
    . W . .
    . . . 1
    W . . .
coins:
  - {at: D3, colour: silver, levels: [2]}
stockpile: {level1: 4, level2: 4, level3: 2, dome: 1}
objectives:
  - tier: silver
    goal:
      all_of:
        - {stand: {figure: worker, at: A1, level: 2}}
        - {stand: {figure: worker, at: D2, level: 3}}
        - {slots: {silver: 1}}
  - tier: gold
    slots: {silver: 1}
"""
"""Builds that an ``all_of`` needs on disjoint known spaces (random riddles seldom do)."""


@pytest.mark.parametrize("seed", range(4))
def test_compiled_bound_equals_bound(seed: int) -> None:
    """:func:`~generator.systems.riddle.estimate.compile_goal_bound` against
    :func:`~generator.systems.riddle.estimate.goal_bound` for every goal of the goal tree (``all_of`` with and without builds on known spaces, ``any_of``,
    every leaf kind), in the plain and in the chance search."""
    rng = random.Random(seed * 2203 + 1)
    compared = disjoint = 0
    kinds: set[str] = set()
    for i in range(400):
        if compared >= 3000 and disjoint and len(kinds) >= 6:
            break
        text, players = random_riddle_text(rng) if i % 4 else (TWO_TOWERS, 1)
        riddle = riddle_of_text(text)
        if riddle is None:
            continue
        ctx = compile_riddle(riddle, players)
        game = RiddleGame(ctx, 0, gods=FUZZ_GODS, chance=i % 3 == 0)
        goals = [g for o in ctx.objectives for g in iter_goal_tree(o.goal)]
        compiled = [compile_goal_bound(game, g) for g in goals]
        for state in walk(game, 40):
            for goal, fast in zip(goals, compiled):
                value = fast(state, UNREACHABLE)
                assert value == goal_bound(game, goal, state), text
                for limit in range(min(value, 4)):  # above the limit: the cheap parts may do
                    assert limit < fast(state, limit) <= value, (text, limit)
                assert fast(state, value) == value, text
                compared += 1
                kinds.add(goal.NAME)
                if isinstance(goal, AllOfGoal):
                    disjoint += disjoint_builds(game.bounds, goal.goals, state) > 0
    assert compared >= 3000 and disjoint and len(kinds) >= 6, kinds


def plain_successors(game: RiddleGame, state: RiddleState) -> list[tuple[object, RiddleState]]:
    """:meth:`RiddleGame.successors` for a state whose group holds no god card and has
    no blessing card or Sphinx's game to play: each move of the seat's workers, its
    piece from the stockpile, coins and tokens on the built space, then
    :func:`plain_finish`; then each god taken from the queue."""
    ctx = game.ctx
    if game.is_goal(state) or is_over(ctx, state):
        return []
    book = state.extra
    seat, movers, wanderer = game.movers(state)
    out: list[tuple[object, RiddleState]] = []
    for move in iter_moves(ctx.geometry, state.board, movers, state.stock):
        piece = height_at(state.board, move[2])
        stock = list(state.stock)
        stock[piece] -= 1
        after = state._replace(
            board=apply_move(ctx.geometry, state.board, move), stock=Stockpile(*stock),
            extra=book._replace(wanderer_moved=move[0] == wanderer) if wanderer >= 0 else book)
        for built in after_build(ctx, after, move[2]):
            out += [(move, final) for final in plain_finish(game, built)]
    for i in game.takeable(state, seat):
        out += [((GOD_ACTION, i, -1), final)
                for final in plain_finish(game, game.take_god(state, seat, i))]
    return out


@pytest.mark.parametrize("seed", range(4))
def test_successors_equal_their_plain_version(seed: int) -> None:
    """Every state of short walks over generated riddles (coins, tokens, rewards,
    effects, gods in the queue, 1-4 players with the Wanderer): the same
    successors in the same order."""
    rng = random.Random(seed * 4271 + 3)
    compared = 0
    for _ in range(400):
        if compared >= 1500:
            break
        text, players = random_riddle_text(rng)
        riddle = riddle_of_text(text)
        if riddle is None:
            continue
        game = RiddleGame(compile_riddle(riddle, players), 0, gods=FUZZ_GODS)
        for state in walk(game, 80):
            assert list(game.successors(state)) == plain_successors(game, state), text
            compared += 1
    assert compared >= 1500


def plain_demand(ctx: RiddleContext, goal: Goal, state: RiddleState) -> tuple[int, int]:
    """:func:`demand` of a slots goal as first written: every coin through
    :func:`coin_pieces`; other goals as :func:`demand` says."""
    if not isinstance(goal, SlotsGoal):
        return demand(RiddleGame(ctx, 0).bounds, goal, state)
    filled = state.slots[goal.objective]
    where = total = 0
    for colour, count in enumerate((goal.silver - filled[0], goal.gold - filled[1])):
        costs = []
        for i, spec in enumerate(ctx.coins):
            if count > 0 and spec.colour == colour and not state.collected >> i & 1:
                cost = coin_pieces(ctx, state, i)[0]
                if cost < UNREACHABLE:
                    costs.append(cost)
                    where |= 1 << spec.square
        total += sum(sorted(costs)[:max(count, 0)])
    return where, total


@pytest.mark.parametrize("seed", range(4))
def test_slots_demand_equals_its_plain_version(seed: int) -> None:
    """The spaces and builds a slots goal still needs, on walked states and their
    one-change variants of generated riddles with coins (sunk, domed and removable
    coin spaces among them)."""
    compared = needed = 0
    for ctx, game, goals, state in iter_cases(seed * 5303 + 2, lambda t: "slots:" in t, 60):
        if compared >= 3000 and needed >= 300:
            break
        for goal in goals:
            if isinstance(goal, SlotsGoal):
                fast = demand(game.bounds, goal, state)
                assert fast == plain_demand(ctx, goal, state)
                compared += 1
                needed += fast[1] > 0
    assert compared >= 3000 and needed >= 300


def iter_contexts(rng: random.Random, tries: int,
                  text_of: Callable[[random.Random], tuple[str, int]] = random_riddle_text
                  ) -> Iterator[tuple[str, RiddleContext]]:
    """(text, compiled riddle) of each valid one of ``tries`` generated riddles."""
    for _ in range(tries):
        text, players = text_of(rng)
        riddle = riddle_of_text(text)
        if riddle is not None:
            yield text, compile_riddle(riddle, players)


def plain_sink(effect: SinkEffect, state: RiddleState, turn: int) -> tuple[RiddleState, ...]:
    """:meth:`SinkEffect.apply` as first written (``_replace`` on the board and state)."""
    bit = 1 << effect.at
    if turn != effect.turn or state.sunk & bit:
        return (state,)
    board = state.board
    keep = ~bit
    workers = tuple(NO_SQUARE if sq == effect.at else sq for sq in board.workers)
    lost = sum(1 for sq in board.workers if sq == effect.at)
    board = board._replace(
        l1=board.l1 & keep, l2=board.l2 & keep, l3=board.l3 & keep,
        domes=board.domes | bit, workers=workers,
        king=NO_SQUARE if board.king == effect.at else board.king,
        sphinx=NO_SQUARE if board.sphinx == effect.at else board.sphinx)
    return (state._replace(board=board, tokens=state.tokens & keep, sunk=state.sunk | bit,
                           destroyed=state.destroyed + lost),)


def plain_effects_step(game: RiddleGame, state: RiddleState) -> tuple[RiddleState, ...]:
    """:meth:`RiddleGame.effects_step` as first written: every effect of the riddle on
    every turn (a sink of another turn leaves each state as it is)."""
    ctx = game.ctx
    book = state.extra
    if book.pan_square >= 0:  # type: ignore[attr-defined]
        state = state._replace(extra=book._replace(pan_square=-1))  # type: ignore[attr-defined]
    if book.skip_effects:  # type: ignore[attr-defined]
        return (state._replace(extra=state.extra._replace(skip_effects=False)),)  # type: ignore[attr-defined]
    states: tuple[RiddleState, ...] = (state,)
    for effect in ctx.effects:
        if len(states) == 1:
            states = effect.apply(ctx, states[0], state.turn)
        else:
            nxt: list[RiddleState] = []
            for s in states:
                nxt.extend(effect.apply(ctx, s, state.turn))
            states = tuple(dict.fromkeys(nxt))
    return states


@pytest.mark.parametrize("seed", range(3))
def test_effects_by_turn_equal_every_effect_every_turn(seed: int) -> None:
    """:meth:`RiddleGame.effects_step` (each turn's table of the effects that may act:
    a sink acts on its own turn only) against every effect applied every turn, and
    the sink and stockpile-add rebuilt as tuples against their ``_replace`` code, on
    every state of short walks over generated riddles with effects, each also at
    the turn of every sink of its riddle (so that sinks act). :meth:`finish` is
    pinned to :meth:`effects_step` above."""
    compared = sinking = adding = 0
    for text, ctx in iter_contexts(random.Random(seed * 7919 + 5), 600):
        if compared >= 3000 and sinking >= 200:
            break
        if not ctx.effects:
            continue
        game = RiddleGame(ctx, 0, gods=FUZZ_GODS)
        turns = sorted({getattr(e, "turn", 0) for e in ctx.effects} - {0})
        for state in walk(game, 40):
            for turn in (state.turn, *turns):
                at = state._replace(turn=turn)
                fast = game.effects_step(at)
                assert fast == plain_effects_step(game, at), text
                for effect in ctx.effects:
                    if isinstance(effect, SinkEffect):
                        assert effect.apply(ctx, at, turn) == plain_sink(effect, at, turn), text
                    if isinstance(effect, StockpileAddEffect):
                        assert effect.apply(ctx, at, turn) == (at._replace(
                            stock=at.stock.add(effect.piece, effect.count)),), text
                        adding += 1
                compared += 1
                sinking += turn in turns and fast != (at,)
    assert compared >= 3000 and sinking >= 200 and adding >= 200


def plain_play(self: GodPowers, ctx: object, state: RiddleState, seat: int, ply: Ply,
               wanderer: int) -> list[RiddleState]:
    """:meth:`GodPowers.play` as first written (``_replace`` on every state and
    book, a ``Ply`` built per build)."""
    book: Bookkeeping = state.extra  # type: ignore[assignment]
    board = state.board
    # The first worker moved is the one the player moved: Apollo's trade and
    # Minotaur's shove list the figure they force first, but the acting worker
    # stepped; a team roam (Hermes) moves its workers in the order listed.
    first = ply.moves[0][0] if ply.moves else ply.worker
    if first >= len(board.workers) or FORCES_OTHERS.intersection(ply.powers):
        first = ply.worker
    athena = -1 if book.athena == seat else book.athena
    if ply.up and any(GODS_ATHENA == p for p in ply.powers):
        athena = seat
    base = book._replace(athena=athena)
    if "pan" in ply.powers:
        base = base._replace(pan_square=relocated(board, ply.moves).workers[ply.worker])
    if wanderer >= 0:
        base = base._replace(wanderer_moved=first == wanderer)
    # Relocations first, then each build with the coins it reaches.
    moved = relocated(board, ply.moves)
    starts: list[tuple[RiddleState, tuple[HeldCard, ...]]] = [
        (state._replace(board=moved), book.cards)]
    for square, piece in ply.builds:
        grown: list[tuple[RiddleState, tuple[HeldCard, ...]]] = []
        for s, cards in starts:
            stock = list(s.stock)
            stock[piece] -= 1
            built = s._replace(board=apply_ply(s.board, Ply(ply.worker, (), ((square, piece),))),
                               stock=_new_tuple(Stockpile, tuple(stock)))
            for after in after_build(ctx, built, square):  # type: ignore[arg-type]
                for left in _sources(s.stock, cards, piece):
                    grown.append((after, left))
        starts = list(dict.fromkeys(grown))
    used = {p for p in ply.powers}
    out: list[RiddleState] = []
    for s, cards in starts:
        out += self.settle(book, base, used, s, cards)
    return list(dict.fromkeys(out))


@pytest.mark.parametrize("seed", range(3))
def test_play_equals_its_plain_version(seed: int) -> None:
    """:meth:`GodPowers.play` of every ply on every state of short walks over generated
    riddles with gods held (coins, tokens, quests, Athena, Pan, the Wanderer, 1-4
    players): the same states in the same order as the plain version."""
    compared = 0
    for text, ctx in iter_contexts(random.Random(seed * 6007 + 11), 300, random_god_riddle_text):
        if compared >= 3000:
            break
        game = RiddleGame(ctx, 0, gods={**FUZZ_GODS, **ALL_GODS}, powers=True)
        for state in walk(game, 40):
            book = state.extra
            if not (book.cards or book.athena >= 0):  # type: ignore[attr-defined]
                continue
            seat, movers, wanderer = game.movers(state)
            for ply in game.powers.plies(state, seat, movers):
                assert (game.powers.play(game.ctx, state, seat, ply, wanderer)
                        == plain_play(game.powers, game.ctx, state, seat, ply, wanderer)), text
                compared += 1
    assert compared >= 3000
