"""The solver's state of a riddle between turns, and the rules that act on it.

:class:`RiddleState` is immutable and hashable (a NamedTuple, like the engine's
``State``, because a search builds one per successor). Goals read it, effects
return new ones. The engine's ``State`` inside it holds heights, domes and
figures; the rest is riddle bookkeeping.

A sunk space (the ``sink`` effect) keeps its dome bit so the engine's move
generator treats it as closed without knowing about sinking; count real domes
with :func:`real_domes`.

The solver drives a turn like this::

    state = ctx.start
    # action: engine.apply_move(ctx.geometry, state.board, move) and the stockpile,
    # then after_build(ctx, state, square) for the coin and token riding on it
    for after in finish_turn(ctx, state):   # turn + 1, rewards, end-of-turn effects
        ...
"""
from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, NamedTuple

from generator.engine.geometry import NO_SQUARE, Bitboard, Square
from generator.engine.state import State, Stockpile, height_at

if TYPE_CHECKING:
    from generator.systems.riddle.context import RiddleContext

SILVER, GOLD = 0, 1
COLOURS = ("silver", "gold")
DOME_LEVEL = 4
"""A coin level of 4 means the dome."""
DESTROYED_TO_END = 2
"""RULES 1: the second destroyed worker ends the riddle at once."""


class RiddleState(NamedTuple):
    """A riddle position at the end of a turn (or at set-up, turn 0)."""

    board: State
    stock: Stockpile
    turn: int = 0
    collected: int = 0  # bit i: coin i has been collected
    slots: tuple[tuple[int, int], ...] = ()  # per objective: (silver, gold) slots filled
    achieved: int = 0  # bit j: objective j is achieved (it stays achieved)
    tokens: Bitboard = 0  # blessing tokens still on the board
    blessings: int = 0  # blessing tokens collected
    sphinx_wins: int = 0  # Sphinx's games won
    destroyed: int = 0  # workers destroyed
    sunk: Bitboard = 0  # spaces sunk into the sea (they also carry the dome bit)
    extra: Hashable = ()  # the solver's own bookkeeping: gods held, queue, Wanderer...


def real_domes(state: RiddleState) -> Bitboard:
    """Domes on the board, not counting sunk spaces."""
    return state.board.domes & ~state.sunk


def coin_level_reached(state: RiddleState, square: Square) -> int:
    """The level a build on ``square`` has just reached: 1-3, or 4 for a dome."""
    board = state.board
    if board.domes >> square & 1:
        return DOME_LEVEL
    return height_at(board, square)


def after_build(ctx: RiddleContext, state: RiddleState, square: Square
                ) -> tuple[RiddleState, ...]:
    """The states after a piece was built on ``square`` (already on ``state.board``).

    A dome forfeits a blessing token there; a coin showing the level just built
    is collected and placed in a free slot of its colour on any objective (the
    group's choice, so one state per choice), or set aside when no slot is free.
    """
    board = state.board
    if board.domes >> square & 1 and state.tokens >> square & 1:
        state = state._replace(tokens=state.tokens & ~(1 << square))
    coin = ctx.coin_at[square]
    if coin < 0 or state.collected >> coin & 1:
        return (state,)
    spec = ctx.coins[coin]
    if not spec.levels >> coin_level_reached(state, square) & 1:
        return (state,)
    return place_coin(ctx, state._replace(collected=state.collected | 1 << coin), spec.colour)


def place_coin(ctx: RiddleContext, state: RiddleState, colour: int) -> tuple[RiddleState, ...]:
    """One state per objective with a free slot of ``colour``; the coin is set aside if none."""
    out: list[RiddleState] = []
    for j, objective in enumerate(ctx.objectives):
        filled = state.slots[j]
        if filled[colour] >= objective.slots[colour]:
            continue
        grown = (filled[0] + (colour == SILVER), filled[1] + (colour == GOLD))
        out.append(state._replace(slots=state.slots[:j] + (grown,) + state.slots[j + 1:]))
    return tuple(out) or (state,)


def collect_blessings(state: RiddleState) -> RiddleState:
    """Collect every blessing token with a worker on it (the rewards step)."""
    if not state.tokens:
        return state
    under = 0
    for sq in state.board.workers:
        if sq != NO_SQUARE:
            under |= 1 << sq
    found = state.tokens & under
    if not found:
        return state
    return state._replace(tokens=state.tokens & ~found, blessings=state.blessings + found.bit_count())


def judge_objectives(ctx: RiddleContext, state: RiddleState) -> RiddleState:
    """Mark every objective whose goal holds now as achieved (it stays achieved)."""
    achieved = state.achieved
    for j, objective in enumerate(ctx.objectives):
        if not achieved >> j & 1 and objective.goal.is_met(ctx, state):
            achieved |= 1 << j
    return state if achieved == state.achieved else state._replace(achieved=achieved)


def finish_turn(ctx: RiddleContext, state: RiddleState) -> tuple[RiddleState, ...]:
    """After the action: count the turn, resolve rewards, then apply end-of-turn effects."""
    turn = state.turn + 1
    state = judge_objectives(ctx, collect_blessings(state._replace(turn=turn)))
    states: tuple[RiddleState, ...] = (state,)
    for effect in ctx.effects:
        nxt: list[RiddleState] = []
        for s in states:
            nxt.extend(effect.apply(ctx, s, turn))
        states = tuple(dict.fromkeys(nxt))  # drop repeats, keep order
    return states


def is_over(ctx: RiddleContext, state: RiddleState) -> bool:
    """True when no further turn is played: the ending objective is achieved, the
    second worker is destroyed, or the turn limit is reached."""
    if ctx.ending >= 0 and state.achieved >> ctx.ending & 1:
        return True
    if state.destroyed >= DESTROYED_TO_END:
        return True
    return ctx.turn_limit is not None and state.turn >= ctx.turn_limit
