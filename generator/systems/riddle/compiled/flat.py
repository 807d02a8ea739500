"""A riddle objective as flat integer tables for the compiled A* core (pure Python).

:func:`unsupported` says whether the kernel (:mod:`.kernel`) implements every rule
a :class:`~generator.systems.riddle.game.RiddleGame` plays (None) or which feature
it lacks; :func:`tables` builds the numpy arrays the kernel reads; :func:`encode`
turns a Python :class:`~generator.systems.riddle.state.RiddleState` into the
kernel's flat state (a row of ``WIDTH`` int64 words), which is how the compiled
line is replayed through the Python rules and how the tests pin the kernel.

Bitboards are stored as int64 words: maps hold at most 64 squares, and a mask
with square 63 set is stored as a negative number (:func:`signed`), which the
kernel's bit tests and shifts treat alike.
"""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from generator.systems.riddle.bookkeeping import Bookkeeping
from generator.systems.riddle.schedule import IDENTITY_TURNS, seat_turn_tables
from generator.systems.riddle.effects.remove_top import RemoveTopEffect
from generator.systems.riddle.effects.sink import SinkEffect
from generator.systems.riddle.effects.stockpile_add import StockpileAddEffect
from generator.systems.riddle.effects.step_toward_closest_worker import (
    StepTowardClosestWorkerEffect,
    grid_distances,
)
from generator.systems.riddle.effects.stockpile_remove import StockpileRemoveEffect
from generator.systems.riddle.goals.all_of import AllOfGoal
from generator.systems.riddle.goals.any_of import AnyOfGoal
from generator.systems.riddle.goals.blessings import BlessingsGoal
from generator.systems.riddle.goals.build import WHAT, BuildGoal
from generator.systems.riddle.goals.slots import SlotsGoal
from generator.systems.riddle.goals.stand import StandGoal
from generator.systems.riddle.goals.within import WithinGoal
from generator.systems.riddle.state import RiddleState
from generator.systems.riddle.vocab import Goal

if TYPE_CHECKING:
    from generator.systems.riddle.game import RiddleGame

# The flat state: one int64 word per field.
L1, L2, L3, DOMES, TOKENS, SUNK, COLLECTED = range(7)
W0 = 7  # workers W0..W0+3 (square, -1 when absent or fewer workers)
KING, SPHINX, TURN = 11, 12, 13
STOCK = 14  # level1, level2, level3, dome: STOCK..STOCK+3
SLOTS = 18  # objective j's (silver, gold) in bits 8j..8j+7 (silver low nibble)
ACHIEVED, BLESSINGS, DESTROYED, GODS_TAKEN, GODS_HELD = 19, 20, 21, 22, 23
WANDERER_MOVED, ASSIGNMENT, REVEALED = 24, 25, 26
WIDTH = 27
WORKERS_AT_MOST = 4
OBJECTIVES_AT_MOST = 7  # slots of 8 bits each in one word
GODS_AT_MOST = 16
COINS_AT_MOST = 63
REWARD_CHOICES_AT_MOST = 64

# Parameters (the p array, also the head of the packed tables).
(P_SIZE, P_LAND, P_WORKERS, P_PLAYERS, P_OBJECTIVES, P_TARGET, P_ENDING, P_TURN_LIMIT,
 P_HORIZON, P_GODS, P_EFFECTS, P_COINS, P_REMOVABLE, P_REWARD_MASK, P_CHILDREN, P_NODES,
 P_LANDS, P_KEY_WIDTH, P_REWARD_WIDTH, P_ENDLESS, P_WIDTH, P_FIGURES_MOVE,
 P_SOURCES, P_ADDED, P_RECYCLING) = range(25)
P_LEN = 25
# Where each table starts in the packed array (:func:`pack`), after the parameters.
(O_MOVE_LIST, O_BUILD_LIST, O_LAND_LIST, O_DISTANCE, O_COIN_AT, O_COINS, O_SLOTS, O_ROOTS,
 O_GOALS, O_GOAL_MASKS, O_CHILDREN, O_SEAT_MASKS, O_WANDERER, O_KEY_ORDER, O_KEY_GROUP, O_GODS,
 O_REWARDS, O_REWARD_COUNT, O_EFFECTS, O_NEAR, O_FIGURE_DISTANCE,
 O_MOVE_TURNS, O_GRID, O_SUPPLY) = range(P_LEN, P_LEN + 24)
HEAD = P_LEN + 24
TURNS = len(IDENTITY_TURNS)  # entries of each worker's table of move turns

# Goal node kinds (nodes in post-order: a node's children come before it).
G_SLOTS, G_STAND, G_BUILD, G_WITHIN, G_ALL, G_ANY, G_BLESSINGS = 1, 2, 3, 4, 5, 6, 7
# Effect kinds.
E_SINK, E_ADD, E_REMOVE, E_TOP, E_STEP = 1, 2, 3, 4, 5
FIGURES = ("worker", "king", "sphinx", "any")  # a stand goal's figure: its index
SCRATCH_ROWS = 1024
"""Rows the kernel holds for one turn's end (reward choices times figure steps);
beyond, the search stops (OVERFLOW) and the caller runs the Python search."""


class Tables(NamedTuple):
    """The kernel's view of one objective of a riddle (every field an int64 array)."""

    p: np.ndarray  # parameters, indexed by the P_* constants
    move_list: np.ndarray  # [size, 9]: move neighbours of each square, -1 padded
    build_list: np.ndarray  # [size, 9]: build neighbours, -1 padded
    land_list: np.ndarray  # land squares
    distance: np.ndarray  # [size, size]: moves between squares ignoring heights
    coin_at: np.ndarray  # per square: the coin there or -1
    coins: np.ndarray  # [coins, 3]: square, colour (0 silver, 1 gold), level bits
    slots: np.ndarray  # [objectives, 2]: silver and gold slots offered
    roots: np.ndarray  # per objective: its goal's root node
    goals: np.ndarray  # [nodes, 6]: kind, a, b, c, first child slot, child count
    goal_masks: np.ndarray  # per node: region mask (build goals)
    children: np.ndarray  # child node indices, by the nodes' first child slot
    seat_masks: np.ndarray  # [assignments, players]: workers each seat moves
    wanderer: np.ndarray  # per assignment: the Wanderer's worker index or -1
    key_order: np.ndarray  # [assignments, workers]: worker indices in the key's order
    key_group: np.ndarray  # [assignments, workers]: group of each position (sorted within)
    gods: np.ndarray  # [gods, 4]: pieces each god of the queue brings
    rewards: np.ndarray  # [objectives, choices, 4]: stockpile additions per choice
    reward_count: np.ndarray  # per objective: its number of choices
    effects: np.ndarray  # [effects, 3]: kind, a, b
    near: np.ndarray  # [size, size]: moves from a square to one next to another (bounds.near)
    figure_distance: np.ndarray  # [size, size]: steps of a figure (bounds.figure_distances)
    move_turns: np.ndarray  # [assignment, seat, Wanderer moved, worker, TURNS]: the turn
    # of a worker's d-th move from now (bounds.seat_turn_tables)
    grid: np.ndarray  # [size, size]: grid distance, orthogonal or diagonal (effects)
    supply: np.ndarray  # [objectives, 5]: the pieces of each kind, then the pieces of the
    # group's choice, its reward brings while it can still serve (Bounds.reward_supply
    # where Bounds.serving, else none)


def signed(bits: int) -> int:
    """A bitboard of up to 64 squares as the int64 the kernel stores.

    >>> signed(1 << 63), signed(5)
    (-9223372036854775808, 5)
    """
    return bits - (1 << 64) if bits >> 63 & 1 else bits


def _goal_problem(goal: Goal) -> str | None:
    kind = type(goal)
    if kind in (AllOfGoal, AnyOfGoal):
        for child in goal.goals:  # type: ignore[attr-defined]
            problem = _goal_problem(child)
            if problem:
                return problem
        return None
    if kind is StandGoal:
        return None
    if kind in (SlotsGoal, BuildGoal, WithinGoal, BlessingsGoal):
        return None
    return f"goal {kind.NAME}"


def unsupported(game: RiddleGame) -> str | None:
    """None when the kernel implements every rule ``game`` plays; else the first
    feature it lacks, in words (``effect step-toward-closest-worker``, ``god powers``)."""
    ctx = game.ctx
    board = ctx.start.board
    if game.powers.active or game.blessings.active:
        return "god powers or blessing cards"
    if game.chance:
        return "chance (the Sphinx's game)"
    if len(board.workers) > WORKERS_AT_MOST:
        return f"more than {WORKERS_AT_MOST} workers"
    if ctx.geometry.size > 64:
        return "more than 64 squares"
    if len(ctx.objectives) > OBJECTIVES_AT_MOST:
        return f"more than {OBJECTIVES_AT_MOST} objectives"
    if any(max(o.slots) > 15 for o in ctx.objectives):
        return "more than 15 slots of a colour"
    if len(game.queue) > GODS_AT_MOST:
        return f"more than {GODS_AT_MOST} gods in the queue"
    if len(ctx.coins) > COINS_AT_MOST:
        return f"more than {COINS_AT_MOST} coins"
    if len(game.blessings.cards) > 16:
        return "more than 16 revealed blessing cards"
    for effect in ctx.effects:
        if not isinstance(effect, (SinkEffect, StockpileAddEffect, StockpileRemoveEffect,
                                   RemoveTopEffect, StepTowardClosestWorkerEffect)):
            return f"effect {effect.NAME}"
    for objective in ctx.objectives:
        problem = _goal_problem(objective.goal)
        if problem:
            return problem
    choices = 1
    for options in game.rewards:
        choices *= len(options)
    if choices > REWARD_CHOICES_AT_MOST:
        return "too many reward choices in one turn"
    return None


def _neighbour_list(masks: tuple[int, ...], size: int) -> np.ndarray:
    """Each square's neighbours in ``masks`` in square order, -1 padded (a copy of the
    rows :func:`_neighbour_rows` remembers: every objective of a riddle asks for them)."""
    return np.array(_neighbour_rows(masks, size), dtype=np.int64)


@lru_cache(maxsize=64)
def _neighbour_rows(masks: tuple[int, ...], size: int) -> tuple[tuple[int, ...], ...]:
    rows = []
    for sq in range(size):
        mask = masks[sq] if sq < len(masks) else 0
        found = [b for b in range(size) if mask >> b & 1]
        rows.append((*found, *[-1] * (9 - len(found))))
    return tuple(rows)


def _deadline(goal: Goal) -> int:
    last = goal.deadline()
    return -1 if last is None else last


def _flatten(goal: Goal, nodes: list[list[int]], masks: list[int], children: list[int],
             land: int) -> int:
    """Append ``goal``'s nodes in post-order; return its own index."""
    kind = type(goal)
    if kind in (AllOfGoal, AnyOfGoal):
        mine = [_flatten(child, nodes, masks, children, land)
                for child in goal.goals]  # type: ignore[attr-defined]
        first = len(children)
        children.extend(mine)
        nodes.append([G_ALL if kind is AllOfGoal else G_ANY, 0, 0, _deadline(goal),
                      first, len(mine)])
        masks.append(0)
        return len(nodes) - 1
    mask = 0
    if kind is SlotsGoal:
        row = [G_SLOTS, goal.objective, goal.silver, goal.gold]  # type: ignore[attr-defined]
    elif kind is StandGoal:
        row = [G_STAND, goal.level, goal.at, FIGURES.index(goal.figure)]  # type: ignore[attr-defined]
    elif kind is BuildGoal:
        row = [G_BUILD, WHAT.index(goal.what), goal.count, 0]  # type: ignore[attr-defined]
        region = goal.region  # type: ignore[attr-defined]
        mask = land if not region else sum(1 << sq for sq in region)
    elif kind is WithinGoal:
        row = [G_WITHIN, goal.turns, 0, 0]  # type: ignore[attr-defined]
    elif kind is BlessingsGoal:
        row = [G_BLESSINGS, goal.count, 0, 0]  # type: ignore[attr-defined]
    else:
        raise ValueError(f"the compiled core has no goal {kind.NAME}")
    nodes.append([*row, 0, 0])
    masks.append(signed(mask))
    return len(nodes) - 1


def _effect_row(effect: object) -> list[int]:
    if isinstance(effect, SinkEffect):
        return [E_SINK, effect.at, effect.turn]
    if isinstance(effect, StockpileAddEffect):
        return [E_ADD, effect.piece, effect.count]
    if isinstance(effect, StockpileRemoveEffect):
        return [E_REMOVE, effect.piece, effect.count]
    if isinstance(effect, RemoveTopEffect):
        return [E_TOP, effect.at, int(effect.to == "stockpile")]
    if isinstance(effect, StepTowardClosestWorkerEffect):
        return [E_STEP, int(effect.figure == "king"), 0]
    raise ValueError(f"the compiled core has no effect {effect!r}")


def tables(game: RiddleGame) -> Tables:
    """The arrays :mod:`.kernel` reads for ``game`` (check :func:`unsupported` first)."""
    ctx = game.ctx
    geometry = ctx.geometry
    size = geometry.size
    workers = len(ctx.start.board.workers)
    nodes: list[list[int]] = []
    masks: list[int] = []
    children: list[int] = []
    roots = [_flatten(o.goal, nodes, masks, children, geometry.land) for o in ctx.objectives]
    assignments = game.assignments
    key_order = np.zeros((len(assignments), max(workers, 1)), dtype=np.int64)
    key_group = np.zeros_like(key_order)
    for a, assignment in enumerate(assignments):
        at = 0
        for g, group in enumerate(assignment.groups):
            for w in group:
                key_order[a, at] = w
                key_group[a, at] = g
                at += 1
    most = max(len(options) for options in game.rewards) if game.rewards else 1
    rewards = np.zeros((max(len(game.rewards), 1), most, 4), dtype=np.int64)
    for j, options in enumerate(game.rewards):
        for k, delta in enumerate(options):
            rewards[j, k] = delta
    choices = 1
    for options in game.rewards:
        choices *= len(options)
    coin_rows = [[c.square, c.colour, c.levels] for c in ctx.coins]
    p = [0] * P_LEN
    p[P_SIZE], p[P_LAND], p[P_WORKERS] = size, signed(geometry.land), workers
    p[P_PLAYERS], p[P_OBJECTIVES], p[P_TARGET] = ctx.players, len(ctx.objectives), game.target
    p[P_ENDING] = ctx.ending
    p[P_TURN_LIMIT] = -1 if ctx.turn_limit is None else ctx.turn_limit
    p[P_HORIZON], p[P_GODS], p[P_EFFECTS] = game.horizon, len(game.queue), len(ctx.effects)
    p[P_COINS], p[P_REMOVABLE] = len(ctx.coins), signed(ctx.removable)
    p[P_REWARD_MASK] = game.reward_mask
    # Children of one expansion at most: every move with a slot choice, and each god.
    steps = sum(isinstance(e, StepTowardClosestWorkerEffect) for e in ctx.effects)
    p[P_CHILDREN] = min(1 << 16, (workers * 8 * 8 + len(game.queue)) * max(1, len(ctx.objectives))
                        * choices * (2 if steps else 1) + SCRATCH_ROWS)
    p[P_WIDTH] = geometry.width
    moving = game.bounds.moving_figures
    p[P_FIGURES_MOVE] = int("king" in moving) | int("sphinx" in moving) << 1
    # Bounds.supply_turn: a piece the stockpile lacks can still arrive (or come back).
    p[P_SOURCES] = int(game.bounds.sources or game.bounds.recycled)
    p[P_ADDED] = int(game.bounds.added_any)  # an effect adds pieces
    p[P_RECYCLING] = signed(game.bounds.recycling_mask)  # spaces whose pieces fall back
    move_turns = np.zeros((len(assignments), ctx.players, 2, max(workers, 1), TURNS),
                          dtype=np.int64)
    for a, assignment in enumerate(assignments):
        for seat in range(ctx.players):
            for moved in range(2):
                rows = seat_turn_tables(assignment.masks, assignment.wanderer, ctx.players,
                                        seat, bool(moved), workers)
                for w, row in enumerate(rows):
                    move_turns[a, seat, moved, w] = row
    figure_distance = np.array(game.bounds.figure_distance or [[0] * size] * size,
                               dtype=np.int64).reshape((size, size))
    p[P_NODES], p[P_LANDS] = len(nodes), len(geometry.squares)
    p[P_KEY_WIDTH], p[P_REWARD_WIDTH] = key_order.shape[1], most
    # Bounds.endless: pieces come back without end (no count of turns left is claimed).
    p[P_ENDLESS] = int(any(isinstance(e, StockpileAddEffect) or (
        isinstance(e, RemoveTopEffect) and e.to == "stockpile") for e in ctx.effects))

    def array(rows: list[list[int]] | list[int], width: int) -> np.ndarray:
        out = np.array(rows, dtype=np.int64)
        return out.reshape((len(rows), width)) if width else out

    return Tables(
        p=np.array(p, dtype=np.int64),
        move_list=_neighbour_list(geometry.move_neighbours, size),
        build_list=_neighbour_list(geometry.build_neighbours, size),
        land_list=np.array(geometry.squares, dtype=np.int64),
        distance=np.array(ctx.distance, dtype=np.int64).reshape((size, size)),
        coin_at=np.array(ctx.coin_at, dtype=np.int64),
        coins=array(coin_rows, 3),
        slots=array([list(o.slots) for o in ctx.objectives], 2),
        roots=np.array(roots, dtype=np.int64),
        goals=array(nodes, 6),
        goal_masks=np.array(masks, dtype=np.int64),
        children=np.array(children or [0], dtype=np.int64),
        seat_masks=array([list(a.masks) for a in assignments], ctx.players),
        wanderer=np.array([a.wanderer for a in assignments], dtype=np.int64),
        key_order=key_order,
        key_group=key_group,
        gods=array([list(g.pieces) for g in game.queue], 4),
        rewards=rewards,
        reward_count=np.array([len(o) for o in game.rewards] or [1], dtype=np.int64),
        effects=array([_effect_row(e) for e in ctx.effects], 3),
        near=np.array(game.bounds.near, dtype=np.int64).reshape((size, size)),
        figure_distance=figure_distance,
        move_turns=move_turns,
        grid=np.array(grid_distances(geometry.width, size), dtype=np.int64).reshape((size, size)),
        supply=array([[*fixed, free] if serving else [0] * 5 for (fixed, free), serving
                      in zip(game.bounds.reward_supply, game.bounds.serving)], 5),
    )


def pack(t: Tables) -> np.ndarray:
    """``t`` as one int64 array, the kernel's argument: the parameters, each table's
    offset (``O_*``), then the tables flattened row by row. (One array rather than a
    tuple of arrays: numba counts references on every array a tuple hands out, which
    cost more than the rules themselves.)"""
    parts = list(t[1:])
    head = np.zeros(HEAD, dtype=np.int64)
    head[:P_LEN] = t.p
    at = HEAD
    for k, part in enumerate(parts):
        head[P_LEN + k] = at
        at += part.size
    return np.concatenate([head, *(part.ravel() for part in parts)]).astype(np.int64)


def encode(state: RiddleState) -> np.ndarray:
    """The kernel's flat state of a Python state (bookkeeping of plain turns only)."""
    book: Bookkeeping = state.extra  # type: ignore[assignment]
    board = state.board
    out = np.zeros(WIDTH, dtype=np.int64)
    out[L1], out[L2], out[L3], out[DOMES] = (signed(board.l1), signed(board.l2),
                                             signed(board.l3), signed(board.domes))
    out[TOKENS], out[SUNK], out[COLLECTED] = signed(state.tokens), signed(state.sunk), \
        state.collected
    out[W0:W0 + WORKERS_AT_MOST] = -1
    out[W0:W0 + len(board.workers)] = board.workers
    out[KING], out[SPHINX], out[TURN] = board.king, board.sphinx, state.turn
    out[STOCK:STOCK + 4] = state.stock
    slots = 0
    for j, (silver, gold) in enumerate(state.slots):
        slots |= (silver | gold << 4) << 8 * j
    out[SLOTS], out[ACHIEVED] = signed(slots), state.achieved
    out[BLESSINGS], out[DESTROYED] = state.blessings, state.destroyed
    out[GODS_TAKEN] = book.gods_taken
    held = 0
    for seat, count in enumerate(book.gods_held):
        held |= count << 2 * seat
    out[GODS_HELD], out[WANDERER_MOVED] = held, int(book.wanderer_moved)
    out[ASSIGNMENT], out[REVEALED] = book.assignment, book.revealed
    return out


def describe_reasons(reasons: list[str]) -> str:
    """``reason: count`` per reason, most frequent first (for the benchmark)."""
    counts: dict[str, int] = {}
    for reason in reasons:
        counts[reason] = counts.get(reason, 0) + 1
    return ", ".join(f"{r}: {n}" for r, n in sorted(counts.items(), key=lambda x: (-x[1], x[0])))


__all__ = ["Tables", "WIDTH", "describe_reasons", "encode", "pack", "signed", "tables", "unsupported"]
