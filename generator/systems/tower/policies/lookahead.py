"""The ``lookahead`` policy: expectimax over the dice of the next enemy turn.

For the :data:`CANDIDATES` best actions by the greedy score (every crush is
a candidate too), the policy applies the action, enumerates every distinct
result of the next enemy turn with its exact weight
(:func:`~generator.systems.tower.engine.enemy_turn_outcomes`, the engine's
chance node) and averages a value over them:

- a result that loses (or leaves no builder able to move then build) is worth
  :data:`LOST`;
- any other position is valued statically: enemies still standing, builders
  still standing, a crush available right away, buildings (those expected to
  survive the next attacks, when few are left), and the risk that an enemy
  close to a target zone enters it on the next turn.

An action that wins at once is taken without looking further. The best
expected value wins; ties go to the better greedy score, then to a uniformly
random choice from the game's ``random.Random``. Positions met twice within
one decision are valued once.

With numba installed (the ``fast`` extra) the expected value of a candidate runs in a
compiled kernel (:mod:`._lookahead_kernel`) wherever it supports the rules
(:func:`compiled_value`): the same floating-point operations in the same order, so
the same values bit for bit and the same decisions; ``RIDDLESMITH_COMPILED=0`` keeps
it in Python.
"""
from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

from generator.engine.playouts import compiled_off
from generator.systems.tower import engine
from generator.systems.tower.engine import EDGE, UNREACHABLE, WATER, Action, Game, Policy, State
from generator.systems.tower.policies import PolicySpec
from generator.systems.tower.policies._heuristics import (
    Tables,
    enemy_bits,
    face_nearest,
    find_nearest,
    make_tables,
    strike,
    trace_enemy,
)
from generator.systems.tower.policies.greedy import score_actions
from generator.systems.tower import rules
from generator.systems.tower.rules import DOME, MOVEMENT_TABLE

CANDIDATES = 6
"""Actions searched per decision (the best by the greedy score, plus every crush)."""
LOST = -100_000.0
ENEMY = 5_000.0
"""Per enemy still standing."""
BUILDER = 1_500.0
"""Per builder still standing."""
CRUSH_READY = 3_000.0
"""Some builder can crush right away."""
BUILDING = 100.0
"""Per building expected to survive the next attacks."""
TARGET = 2_000.0
"""Per die face (as a share of six) that would carry an enemy into a target zone."""
REACH = 2
"""An enemy moves at most this many spaces in a turn: only enemies this close to a
target zone are traced."""


def can_crush(t: Tables, state: State) -> bool:
    """True when some builder can move next to an enemy standing lower and build on it
    (the base game's crush; god cards that ban builds are ignored in this estimate)."""
    g = t.game
    lv = state.levels
    es = state.enemies
    occupied = set(state.builders) | set(es)
    for b in state.builders:
        if b < 0:
            continue
        reach = lv[b] + 1
        for to in g.move_adj[b]:
            h = lv[to]
            if h == 0 or h > reach or h == DOME or to in occupied:
                continue
            for e in es:
                if e >= 0 and lv[e] < h and t.chebyshev[to][e] == 1 and e in g.build_adj[to]:
                    return True
    return False


class Memo:
    """What one decision's positions share, looked up instead of computed again: each
    position's value, each enemy's phase-1 facing per (levels, square, facing), and
    each target risk per (levels after the attacks, square, facing), with the other
    enemies in the key only when one stands where the trace looks.
    The positions after one candidate differ mostly in where the enemies stand, and
    share their levels (the tests compare with :func:`value_position` without it)."""

    __slots__ = ("alone", "facing", "risk", "value")

    def __init__(self) -> None:
        self.value: dict[State, float] = {}
        self.facing: dict[tuple[tuple[int, ...], int, int], int] = {}
        self.risk: dict[tuple[tuple[int, ...], int, int, int], float] = {}
        self.alone: dict[tuple[tuple[int, ...], int, int], tuple[int, float]] = {}


def value_position(t: Tables, state: State, memo: Memo | None = None) -> float:
    """The static value of a position with the player to move (see the module notes);
    ``memo`` (one decision's) only saves work, the value is the same."""
    game = t.game
    if not engine.has_action(game, state):
        return LOST
    lv = state.levels
    es = state.enemies
    alive = sum(1 for e in es if e >= 0)
    value = -ENEMY * alive + BUILDER * sum(1 for b in state.builders if b >= 0)
    if can_crush(t, state):
        value += CRUSH_READY
    standing = sum(1 for level in lv if level)
    few = standing <= alive  # only then can the attacks raze every building
    attacked = []
    movers = []
    for pos, facing in zip(es, state.facings):
        if pos < 0 or not (few or t.target_dist[pos] <= REACH):
            continue  # neither its attack nor its move can be decisive: skip it
        if memo is None:
            best, nearest = find_nearest(t, lv, pos)
            f = face_nearest(t, pos, facing, best, nearest)
        else:
            key = (lv, pos, facing)
            f = memo.facing.get(key, -1)
            if f < 0:
                best, nearest = find_nearest(t, lv, pos)
                f = memo.facing[key] = face_nearest(t, pos, facing, best, nearest)
        a = game.step[pos][f]
        attacked.append(a if a >= 0 else -1)
        if t.target_dist[pos] <= REACH:
            movers.append((pos, f))
    after = list(lv)
    standing -= strike(after, attacked, state.builders)
    risk = 0.0
    ebits = enemy_bits(es)
    frozen = tuple(after) if memo is not None and movers else lv
    for pos, f in movers:
        others = ebits & ~(1 << pos)
        if memo is None:
            risk += trace_enemy(t, after, others, pos, f)[2]
            continue
        # A trace reads the other enemies only on the spaces it looks at: when none
        # stands on a space the trace without them looked at, it is that trace.
        alone = memo.alone.get((frozen, pos, f))
        if alone is None:
            _, looked, own = trace_enemy(t, after, 0, pos, f)
            alone = memo.alone[(frozen, pos, f)] = (looked, own)
        if others & alone[0]:
            rkey = (frozen, others, pos, f)
            known = memo.risk.get(rkey)
            if known is None:
                known = memo.risk[rkey] = trace_enemy(t, after, others, pos, f)[2]
            risk += known
        else:
            risk += alone[1]
    return value + BUILDING * standing - TARGET * risk


def expected_value(t: Tables, state: State, memo: Memo | dict[State, float]) -> float:
    """The mean value over every result of the next enemy turn from ``state``."""
    denominator, outcomes = engine.enemy_turn_outcomes(t.game, state)
    shared = memo if isinstance(memo, Memo) else None
    values = memo.value if isinstance(memo, Memo) else memo
    total = 0.0
    for o in outcomes:
        if o.lost:
            total += LOST * o.weight
            continue
        v = values.get(o.state)
        if v is None:
            v = values[o.state] = value_position(t, o.state, shared)
        total += v * o.weight
    return total / denominator


def choose_lookahead(t: Tables, state: State, actions: list[Action], rng: random.Random,
                     compiled: Callable[[State, float], float | None] | None = None,
                     candidates: int | None = CANDIDATES) -> Action:
    """The action with the best expected value after the next enemy turn (``compiled``:
    :func:`compiled_value`'s function for the game, the same values faster, None for a
    candidate sure to be worse than the best so far), among the ``candidates`` best by
    the greedy score and every crush (None: among every action)."""
    game = t.game
    scores = score_actions(t, state, actions)
    order = sorted(range(len(actions)), key=lambda i: -scores[i])
    picked = order[:candidates]
    picked += [i for i in order[len(picked):]
               if actions[i][2] >= 0 and actions[i][2] in state.enemies]
    memo = Memo()
    seen: dict[State, float] = {}
    best = -float("inf")
    chosen: list[int] = []
    for i in picked:
        after = engine.apply_action(game, state, actions[i])
        if engine.is_won(after):
            return actions[i]
        value = seen.get(after)
        if value is None:
            value = (expected_value(t, after, memo) if compiled is None
                     else compiled(after, best))
            if value is None:
                continue  # below the best: neither chosen nor tied
            seen[after] = value
        if value > best:
            best = value
            chosen = [i]
        elif value == best:
            chosen.append(i)
    top = max(scores[i] for i in chosen)
    chosen = [i for i in chosen if scores[i] == top]
    return actions[chosen[0] if len(chosen) == 1 else chosen[rng.randrange(len(chosen))]]


KERNEL_SQUARES = 62
"""The kernel's bit masks hold at most this many squares."""
KERNEL_ENEMIES = 4
"""The kernel walks at most 6^4 rolls (the rules' four enemy types)."""
KEY_BITS = 63
"""The kernel packs a result into this many bits: 6 for the loss and the culprit, 9
per enemy (square and facing), 7 per builder."""


def kernel_supports(game: Game) -> bool:
    """Whether :mod:`._lookahead_kernel` plays ``game``'s rules (see its notes)."""
    r = game.rules
    ne, nb = len(game.start.enemies), len(game.start.builders)
    return (r.plain_player_turn and not r.attack_dice and not r.attack_own_space
            and not r.charon_pulls and not r.enemy_push and not r.swap_with_builder
            and r.stop_at_first_loss and game.size <= KERNEL_SQUARES and ne <= KERNEL_ENEMIES
            and 6 + 9 * ne + 7 * nb <= KEY_BITS)


def compiled_value(game: Game, tables: Tables | None = None
                   ) -> Callable[[State, float], float | None] | None:
    """:func:`expected_value` of ``game``'s positions through the numba kernel, given the
    best value so far (the bar): None when the value is sure to be below it, which
    saves valuing the rest of its results. None instead of a function when numba is
    not installed, ``RIDDLESMITH_COMPILED=0`` or the kernel does not support the rules
    (:func:`kernel_supports`)."""
    if compiled_off() is not None or not kernel_supports(game):
        return None
    import numpy as np

    from generator.systems.tower.policies import _lookahead_kernel as kernel

    _check_constants(kernel)
    t = tables or make_tables(game)
    size = game.size
    r = game.rules
    width = max(len(ops) for ops in MOVEMENT_TABLE)

    def padded(rows: tuple[tuple[int, ...], ...]) -> Any:
        out = np.full((size, 8), -1, dtype=np.int64)
        for sq, row in enumerate(rows):
            out[sq, :len(row)] = row
        return out

    tabs = (np.array(game.step, dtype=np.int64), np.array(game.dist, dtype=np.int64),
            np.array(game.tie, dtype=np.int64), np.array(game.targets, dtype=np.bool_),
            np.array(t.target_dist, dtype=np.int64), padded(game.move_adj),
            padded(game.build_adj),
            np.array([sum(1 << n for n in row) for row in game.build_adj], dtype=np.int64),
            np.array(t.chebyshev, dtype=np.int64),
            np.array([r.own_space_counts, r.terrain_block_skips, r.enemy_block_ends_move,
                      r.terrain_before_enemy, r.edge_only_undoes_turn,
                      r.attack_enemy_on_building], dtype=np.bool_),
            np.array([list(ops) + [-1] * (width - len(ops)) for ops in MOVEMENT_TABLE],
                     dtype=np.int64),
            np.array([LOST, ENEMY, BUILDER, CRUSH_READY, BUILDING, TARGET], dtype=np.float64),
            REACH)
    run = kernel.expected_value

    def value(state: State, bar: float = -math.inf) -> float | None:
        found = float(run(np.array(state.levels, dtype=np.int64),
                          np.array(state.builders, dtype=np.int64),
                          np.array(state.enemies, dtype=np.int64),
                          np.array(state.facings, dtype=np.int64), float(bar), *tabs))
        return None if math.isnan(found) else found

    return value


def warm_kernel() -> str:
    """Compile the kernel now, or load it from numba's cache (``riddlesmith warm``); one
    line says how long that took (CPU seconds), or why there is nothing to do."""
    off = compiled_off()
    if off is not None:
        return f"the lookahead's compiled kernel is off ({off}): nothing to compile"
    from generator.systems.tower.model import game_from_map

    started = time.process_time()
    game = game_from_map(". T .\n1 . 1\n. .B .", ["dark-male B2 N"])
    value = compiled_value(game)
    assert value is not None  # the base rules on a small map: the kernel's
    value(game.start, -math.inf)
    return (f"the lookahead's compiled kernel is ready ({time.process_time() - started:.1f} s "
            "of CPU: about 7 s to compile on a first run, under 1 s to load later)")


def _check_constants(kernel: Any) -> None:
    """The kernel's copies of the engine's constants are the engine's."""
    ours = (rules.ADVANCE, DOME, EDGE, WATER, UNREACHABLE, rules.LOSS_BUILDINGS,
            rules.LOSS_TARGET, rules.LOSS_BUILDERS, len(rules.DIE_FACES))
    theirs = (kernel.ADVANCE, kernel.DOME, kernel.EDGE, kernel.WATER, kernel.UNREACHABLE,
              kernel.LOSS_BUILDINGS, kernel.LOSS_TARGET, kernel.LOSS_BUILDERS, kernel.FACES)
    if ours != theirs:
        raise RuntimeError("policies/_lookahead_kernel.py's constants differ from the engine's")


def make_lookahead(game: Game, compiled: bool = True, candidates: int | None = CANDIDATES
                   ) -> Policy:
    """The lookahead policy for ``game`` (its tables built once); ``compiled=False``
    keeps it in Python (the tests compare both); ``candidates``: how many of the greedy
    player's best actions it searches (None: every action, ``lookahead_all``)."""
    tables = make_tables(game)
    fast = compiled_value(game, tables) if compiled else None

    def lookahead(game: Game, state: State, actions: list[Action], rng: random.Random
                  ) -> Action:
        return choose_lookahead(tables, state, actions, rng, fast, candidates)

    return lookahead


POLICY = PolicySpec("lookahead", "expectimax over the next enemy turn's dice (exact chance "
                    "node) on the best greedy candidates", make_lookahead)

__all__ = ["KERNEL_SQUARES", "POLICY", "Memo", "choose_lookahead", "compiled_value",
           "expected_value", "kernel_supports", "make_lookahead", "value_position", "warm_kernel"]
