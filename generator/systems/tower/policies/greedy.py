"""The ``greedy`` policy: the best action by a one-move heuristic, no search.

Each action ``(builder, to, build)`` scores the sum of a *move* term (where
the builder ends up) and a *build* term (what the piece does), both read from
the position's :func:`~._heuristics.read_threats` (the next enemy turn,
estimated without dice). In order of weight:

1. **Crush when possible**: a build on an enemy defeats it (the last one wins).
2. **Keep buildings alive**: a build that leaves no building standing after
   the coming attacks loses; otherwise each building expected to survive
   counts (a piece on an attacked one-block building saves it).
3. **Block paths to target zones**: the share of die faces that would carry
   an enemy into a target zone, after the build (a raised or domed space on
   its path turns it aside or stops it).
4. **Keep builders alive**: the builder's new space should not be attacked or
   walked over (the expected number of hits there; far worse when it is the
   last builder).
5. **Get ready to crush**: stand high, near enemies standing lower.

A block on bare ground draws the enemies that now have it as their nearest
building: their facing, attack and path are recomputed for that build.
Ties go to a uniformly random best action (one draw from the game's
``random.Random``), so the policy is deterministic given the seed.
"""
from __future__ import annotations

import random
from typing import NamedTuple

from generator.systems.tower.engine import Action, Game, Policy, State
from generator.systems.tower.policies import PolicySpec
from generator.systems.tower.policies._heuristics import (
    FACES,
    Tables,
    Threats,
    enemy_bits,
    face_nearest,
    make_tables,
    read_threats,
    strike,
    trace_enemy,
    trace_move,
)
from generator.systems.tower.rules import DIE_FACES

WIN = 1_000_000.0
"""A crush that defeats the last enemy."""
LOSS = 100_000.0
"""A build after which no building survives the coming attacks."""
CRUSH = 10_000.0
"""Each crush."""
TARGET = 2_000.0
"""Per die face (as a share of six) that carries an enemy into a target zone."""
BUILDER = 600.0
"""Per expected hit on the moved builder's new space."""
LAST_BUILDER = 20_000.0
"""The same, when the other builder is already defeated (losing it loses)."""
BUILDING = 100.0
"""Per building expected to stand after the coming attacks."""
HEIGHT = 12.0
"""Per level under the moved builder (up to :data:`MAX_HEIGHT`): height makes crushes."""
MAX_HEIGHT = 2
NEAR = 8.0
"""Per step closer than 3 (king moves) to an enemy standing lower than the builder."""
EXTRA_BLOCK = 0.5
"""Breaks ties in favour of taking an extra block when a god card offers one."""


def move_score(t: Tables, state: State, threats: Threats, builder: int, to: int) -> float:
    """Where the builder ends up: safety, height, closeness to lower enemies."""
    lv = state.levels
    last = all(b < 0 for i, b in enumerate(state.builders) if i != builder)
    score = -threats.danger[to] * (LAST_BUILDER if last else BUILDER)
    h = lv[to]
    score += HEIGHT * min(h, MAX_HEIGHT)
    if h:
        cheb = t.chebyshev[to]
        for e in state.enemies:
            if e >= 0 and lv[e] < h and cheb[e] < 3:
                score += NEAR * (3 - cheb[e])
    return score


def build_score(t: Tables, state: State, threats: Threats, u: int, base_risk: float,
                reuse: bool = True) -> float:
    """What a piece on ``u`` does: crush, buildings saved, paths to targets blocked.

    ``reuse=False`` traces every enemy that a change may reach again in full, the
    reference the tests pin the face-by-face re-trace (:func:`_retrace_risk`) to."""
    es = state.enemies
    if u in es:
        alive = sum(1 for e in es if e >= 0)
        return WIN if alive == 1 else CRUSH + TARGET * threats.risk[es.index(u)]
    g = t.game
    lv = list(state.levels)
    fresh = lv[u] == 0
    lv[u] += 1
    attacked: list[int] | tuple[int, ...] = threats.attacked
    facings: list[int] | tuple[int, ...] = threats.facings
    changed = 1 << u  # spaces whose level after the attacks differs from the base estimate
    turned = 0
    if fresh:
        att, fac = list(attacked), list(facings)
        for i, pos in enumerate(es):
            if pos < 0:
                continue
            d = g.dist[pos][u]
            best = threats.nearest[i]
            # The new block is (one of) this enemy's nearest buildings now.
            if d < best:
                nf = face_nearest(t, pos, state.facings[i], d, [u])
            elif d == best:
                nf = face_nearest(t, pos, state.facings[i], d, [*threats.nearest_sets[i], u])
            else:
                continue
            if nf != fac[i]:
                old, a = att[i], g.step[pos][nf]
                fac[i], att[i] = nf, a if a >= 0 else -1
                turned |= 1 << i
                for sq in (old, att[i]):
                    if sq >= 0:
                        changed |= 1 << sq
        attacked, facings = att, fac
    survivors = threats.standing + fresh - strike(lv, attacked, state.builders)
    if survivors == 0:
        return -LOSS
    risk = base_risk
    ebits = -1
    for i, pos in enumerate(es):
        if pos >= 0 and (turned >> i & 1 or threats.looked[i] & changed):
            if ebits < 0:
                ebits = enemy_bits(es)
            if turned >> i & 1 or not reuse:
                _, _, rk = trace_enemy(t, lv, ebits & ~(1 << pos), pos, facings[i])
            else:
                rk = _retrace_risk(t, lv, ebits & ~(1 << pos), pos, facings[i], threats, i,
                                   changed)
            risk += rk - threats.risk[i]
    return BUILDING * survivors - TARGET * risk


def idle_score(state: State, threats: Threats, base_risk: float) -> float:
    """What no build does (Morpheus may keep its pieces): the buildings and paths as they
    stand."""
    survivors = threats.standing - strike(list(state.levels), threats.attacked, state.builders)
    return -LOSS if survivors == 0 else BUILDING * survivors - TARGET * base_risk


def _retrace_risk(t: Tables, lv: list[int], others: int, pos: int, facing: int,
                  threats: Threats, i: int, changed: int) -> float:
    """:func:`trace_enemy`'s risk for enemy ``i`` facing as before, tracing again only the
    faces whose trace read a changed space (``lv`` differs from the levels the
    threats were read on only there): the others end as they did."""
    hits = 0
    for die, read, (_, target) in zip(DIE_FACES, threats.face_read[i], threats.traces[i]):
        if read & changed:
            target = trace_move(t, lv, others, pos, facing, die)[2]
        hits += target
    return hits / FACES


def score_actions(t: Tables, state: State, actions: list[Action]) -> list[float]:
    """The greedy score of each action (see the module notes).

    A god power that moves an enemy before the build (Charon's send, Apollo's swap) is
    scored on the position it makes: the threats are read again for those enemies."""
    rules = t.game.rules
    moves_enemies = rules.force_enemy or rules.move_into_enemy
    threats = read_threats(t, state)
    view = _View(state, threats, sum(threats.risk), {}, {})
    views = {state.enemies: view}
    size = t.size
    scores = []
    for action in actions:
        bi, to, u, extra, other, more = (action[0], action[1], action[2], action[4],
                                         action[5], action[6])
        if moves_enemies:
            es = _enemies_at_build(t, state, action)
            found = views.get(es)
            if found is None:
                seen = state._replace(enemies=es)
                threats = read_threats(t, seen)
                found = views[es] = _View(seen, threats, sum(threats.risk), {}, {})
            view = found
        key = bi * size + to
        m = view.moves.get(key)
        if m is None:
            m = view.moves[key] = move_score(t, view.state, view.threats, bi, to)
        b = view.builds.get(u)
        if b is None:
            b = view.builds[u] = (build_score(t, view.state, view.threats, u, view.risk)
                                  if u >= 0 else idle_score(view.state, view.threats, view.risk))
        # An extra block (a god card's gift) is never worse than none; one that
        # crushes counts as a crush. Taking a block off (Ares) is not scored: on a tie
        # the action without it wins. Hermes's walks of the other builders are not
        # scored either: ties among them are broken at random.
        bonus = 0.0
        crushed: tuple[int, ...] = (u,)
        for piece in (extra, *more):
            if piece >= 0:
                bonus += EXTRA_BLOCK
                if piece not in crushed and piece in view.state.enemies:
                    bonus += CRUSH
                    crushed += (piece,)
        if other >= 0:
            bonus -= EXTRA_BLOCK / 2
        scores.append(m + b + bonus)
    return scores


class _View(NamedTuple):
    """A position as the builder sees it when it builds, with its scores so far."""

    state: State
    threats: Threats
    risk: float
    moves: dict[int, float]
    builds: dict[int, float]


def _enemies_at_build(t: Tables, state: State, action: Action) -> tuple[int, ...]:
    """Where the enemies stand when the builder builds: Charon (easy) may have sent one
    across the builder, Apollo (easy) swapped one with it."""
    bi, to, other = action[0], action[1], action[5]
    origin = state.builders[bi]
    es = state.enemies
    if other >= 0 and t.game.rules.force_enemy:
        es = tuple(t.game.across(origin, e) if e == other else e for e in es)
    if to in es:
        es = tuple(origin if e == to else e for e in es)
    return es


def choose_greedy(t: Tables, state: State, actions: list[Action], rng: random.Random) -> Action:
    """The best-scoring action (ties: uniformly at random)."""
    scores = score_actions(t, state, actions)
    best = max(scores)
    chosen = [a for a, s in zip(actions, scores) if s == best]
    return chosen[0] if len(chosen) == 1 else chosen[rng.randrange(len(chosen))]


def make_greedy(game: Game) -> Policy:
    """The greedy policy for ``game`` (its tables built once)."""
    tables = make_tables(game)

    def greedy(game: Game, state: State, actions: list[Action], rng: random.Random) -> Action:
        return choose_greedy(tables, state, actions, rng)

    return greedy


POLICY = PolicySpec("greedy", "one-move heuristic: crush, keep buildings and builders alive, "
                    "block paths to target zones", make_greedy)

__all__ = ["POLICY", "build_score", "choose_greedy", "idle_score", "make_greedy", "move_score",
           "score_actions"]
