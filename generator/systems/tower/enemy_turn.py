"""The enemy turn (RULES.md section 2): orientation, attack, movement, as a function of
(state, dice), and every distinct result of a turn with its exact weight.

:func:`enemy_turn` takes the die values explicitly (one movement die per enemy still
on the board, in enemy order; with an attack-die variant, one attack die per enemy
first); :func:`roll_dice` draws them from a ``random.Random`` passed in;
:func:`enemy_turn_outcomes` shares prefixes while it enumerates the 6^k rolls. The
turn copies the state into four small lists once, mutates them and freezes them back.
"""
from __future__ import annotations

import random
from collections.abc import Sequence

from generator.systems.tower.game import (
    EDGE,
    NO_SQUARE,
    UNREACHABLE,
    WATER,
    Game,
    Outcome,
    Square,
    State,
)
from generator.systems.tower.rules import (
    ADVANCE,
    DIE_FACES,
    DOME,
    LOSS_BUILDERS,
    LOSS_BUILDINGS,
    LOSS_TARGET,
    MOVEMENT_TABLE,
)

def dice_count(game: Game, state: State) -> int:
    """How many dice the next enemy turn rolls."""
    alive = sum(1 for e in state.enemies if e >= 0)
    return alive * 2 if game.rules.attack_dice else alive


def roll_dice(game: Game, state: State, rng: random.Random) -> tuple[int, ...]:
    """The dice of one enemy turn, drawn from ``rng`` (attack dice first, if any)."""
    return tuple(rng.choice(DIE_FACES) for _ in range(dice_count(game, state)))


def enemy_turn(game: Game, state: State, dice: Sequence[int]) -> tuple[State, int]:
    """Play one enemy turn with these dice; returns the new state and the loss
    flags (0: the scenario goes on). The turn stops at the first loss."""
    lv = list(state.levels)
    bs = list(state.builders)
    es = list(state.enemies)
    fc = list(state.facings)
    alive = [i for i, e in enumerate(es) if e >= 0]
    need = len(alive) * 2 if game.rules.attack_dice else len(alive)
    if len(dice) != need:
        raise ValueError(f"this enemy turn rolls {need} dice, not {len(dice)}")
    attack = dice[:len(alive)] if game.rules.attack_dice else None
    moves = dice[len(alive):] if game.rules.attack_dice else dice
    _orient(game, lv, es, fc)
    lost, _ = _attack(game, lv, bs, es, fc, attack)
    if game.rules.charon_pulls and (not lost or not game.rules.stop_at_first_loss):
        _pull(game, lv, bs, es)
    if not lost or not game.rules.stop_at_first_loss:
        for i, die in zip(alive, moves):
            lost |= _move(game, lv, bs, es, fc, i, die)
            if lost and game.rules.stop_at_first_loss:
                break
    return State(tuple(lv), tuple(bs), tuple(es), tuple(fc), state.stored), lost


def play_enemy_turn(game: Game, state: State, rng: random.Random) -> tuple[State, int]:
    """:func:`enemy_turn` with dice drawn from ``rng``."""
    return enemy_turn(game, state, roll_dice(game, state, rng))


def orient(game: Game, state: State) -> tuple[int, ...]:
    """The facings after phase 1 (orientation) from ``state``."""
    fc = list(state.facings)
    _orient(game, state.levels, list(state.enemies), fc)
    return tuple(fc)


def _orient(g: Game, lv: Sequence[int], es: list[Square], fc: list[int]) -> None:
    """Phase 1: each enemy faces the first step of the best shortest orthogonal
    path to a nearest building (ties: ``g.tie``); no building reachable: no turn."""
    buildings = [sq for sq, level in enumerate(lv) if level]
    own_counts = g.rules.own_space_counts
    for i, s in enumerate(es):
        if s < 0:
            continue
        ds = g.dist[s]
        best = UNREACHABLE
        for b in buildings:
            if (b != s or own_counts) and ds[b] < best:
                best = ds[b]
        if best == UNREACHABLE or best == 0:
            continue
        nearest = [b for b in buildings if b != s and ds[b] == best]
        ahead = g.step[s]
        f = fc[i]
        for rel in g.tie:
            nf = (f + rel) & 3
            t = ahead[nf]
            if t < 0:
                continue
            dt = g.dist[t]
            if any(dt[b] == best - 1 for b in nearest):
                fc[i] = nf
                break


def _losses(g: Game, lv: Sequence[int], bs: Sequence[Square], es: Sequence[Square]) -> int:
    """Every loss condition true right now (RULES 2 Decision: all of them are reported)."""
    flags = 0
    if not any(lv):
        flags |= LOSS_BUILDINGS
    if all(b < 0 for b in bs):
        flags |= LOSS_BUILDERS
    targets = g.targets
    if any(e >= 0 and targets[e] for e in es):
        flags |= LOSS_TARGET
    return flags


def _remove_top(g: Game, lv: list[int], bs: list[Square], es: list[Square], t: Square) -> int:
    lv[t] -= 1  # the top piece: the dome first, then blocks
    if lv[t] == 0 and not any(lv):
        return _losses(g, lv, bs, es)
    return 0


def _hit(g: Game, lv: list[int], bs: list[Square], es: list[Square], t: Square) -> int:
    """One attack on square ``t`` (already known to be on the map and not water)."""
    if t in bs:
        bs[bs.index(t)] = NO_SQUARE  # even on a building, which is untouched
        return _losses(g, lv, bs, es) if all(b < 0 for b in bs) else 0
    if t in es:
        if lv[t] and g.rules.attack_enemy_on_building:
            return _remove_top(g, lv, bs, es, t)
        return 0
    if lv[t]:
        return _remove_top(g, lv, bs, es, t)
    return 0


def _attack(g: Game, lv: list[int], bs: list[Square], es: list[Square], fc: list[int],
            attack_dice: Sequence[int] | None, first: int = 0) -> tuple[int, int]:
    """Phase 2 from enemy index ``first``: returns (loss flags, culprit index)."""
    rules = g.rules
    double = rules.double_attack_faces
    lost = 0
    culprit = -1
    j = sum(1 for e in es[:first] if e >= 0)
    for i in range(first, len(es)):
        s = es[i]
        if s < 0:
            continue
        times = 1
        if attack_dice is not None:
            times = 2 if attack_dice[j] in double else 1
            j += 1
        t = g.step[s][fc[i]]
        for _ in range(times):
            for target in (t, s if rules.attack_own_space else EDGE):
                if target < 0:
                    continue
                # The faced space first, then (Zeus) the building under the enemy.
                flags = (_hit(g, lv, bs, es, target) if target != s
                         else _remove_top(g, lv, bs, es, s) if lv[s] else 0)
                if flags:
                    lost |= flags
                    if culprit < 0:
                        culprit = i
                    if rules.stop_at_first_loss:
                        return lost, culprit
    return lost, culprit


def _pull(g: Game, lv: Sequence[int], bs: list[Square], es: Sequence[Square]) -> None:
    """Charon (expert), before the movement phase: each enemy in enemy order sends every
    builder next to it (8 directions) to the space straight across the enemy, when
    that space is on the map, dry, not domed and free of pawns."""
    for e in es:
        if e < 0:
            continue
        for j, b in enumerate(bs):
            if b >= 0 and g.around[e] >> b & 1:
                to = g.across(e, b)
                if to >= 0 and lv[to] != DOME and to not in bs and to not in es:
                    bs[j] = to


def _push(g: Game, lv: list[int], bs: Sequence[Square], es: Sequence[Square], s: Square,
          t: Square, f: int) -> None:
    """Minotaur (expert): an enemy on ``s`` stepping to ``t`` (facing ``f``) pushes a
    building higher than ``s`` one space on, when no pawn stands on it and the space
    beyond is on the map, dry, empty of buildings and pawns and not a target zone."""
    if lv[t] <= lv[s] or t in bs or t in es:
        return
    beyond = g.step[t][f]
    if beyond < 0 or lv[beyond] or g.targets[beyond] or beyond in bs or beyond in es:
        return
    lv[beyond], lv[t] = lv[t], 0


def _move(g: Game, lv: list[int], bs: list[Square], es: list[Square], fc: list[int], i: int,
          die: int) -> int:
    """Phase 3 for enemy ``i`` with this movement die; returns loss flags."""
    rules = g.rules
    s = es[i]
    f = fc[i]
    ahead = g.step
    lost = 0
    for op in MOVEMENT_TABLE[die]:
        if op != ADVANCE:
            nf = (f + op) & 3
            t = ahead[s][nf]
            if t == EDGE or (t == WATER and not rules.edge_only_undoes_turn):
                continue  # the turn is undone; the rest of the roll still happens
            f = nf
            continue
        t = ahead[s][f]
        if rules.enemy_push and t >= 0:
            _push(g, lv, bs, es, s, t, f)
        terrain = t < 0 or lv[t] == DOME or lv[t] > lv[s] + 1
        enemy = t >= 0 and t in es
        if terrain and (rules.terrain_before_enemy or not enemy):
            if rules.terrain_block_skips:
                continue
            break
        if enemy:
            if rules.enemy_block_ends_move:
                break
            continue
        es[i] = t
        flags = 0
        if t in bs:
            j = bs.index(t)
            if rules.swap_with_builder:
                bs[j] = s
            else:
                bs[j] = NO_SQUARE
                if all(b < 0 for b in bs):
                    flags |= LOSS_BUILDERS
        if g.targets[t]:
            flags |= LOSS_TARGET
        s = t
        if flags:
            lost |= _losses(g, lv, bs, es)
            if rules.stop_at_first_loss:
                break
    fc[i] = f
    return lost


def enemy_turn_outcomes(game: Game, state: State) -> tuple[int, tuple[Outcome, ...]]:
    """Every distinct result (state, loss flags, culprit) of the next enemy turn
    with its exact weight: returns ``(denominator, outcomes)``; the weights sum
    to the denominator, 6 per die (an attack die only matters as "attacks
    twice" or not). Needs ``rules.stop_at_first_loss`` (the default).

    Prefixes are shared: phases 1-2 run once per attack pattern, and each
    enemy's move once per die value of the enemies before it.
    """
    rules = game.rules
    lv = list(state.levels)
    es = list(state.enemies)
    fc = list(state.facings)
    _orient(game, lv, es, fc)
    alive = [i for i, e in enumerate(es) if e >= 0]
    k = len(alive)
    found: dict[tuple[State, int, int], int] = {}

    def record(weight: int, lv: list[int], bs: list[Square], es: list[Square], fc: list[int],
               lost: int, culprit: int) -> None:
        key = (State(tuple(lv), tuple(bs), tuple(es), tuple(fc), state.stored), lost, culprit)
        found[key] = found.get(key, 0) + weight

    def descend(depth: int, weight: int, lv: list[int], bs: list[Square], es: list[Square],
                fc: list[int]) -> None:
        if depth == k:
            record(weight, lv, bs, es, fc, 0, -1)
            return
        i = alive[depth]
        rest = 6 ** (k - depth - 1)
        for die in DIE_FACES:
            lv2, bs2, es2, fc2 = lv[:], bs[:], es[:], fc[:]
            lost = _move(game, lv2, bs2, es2, fc2, i, die)
            if lost and rules.stop_at_first_loss:
                record(weight * rest, lv2, bs2, es2, fc2, lost, i)
            elif lost:
                raise NotImplementedError("exact outcomes need stop_at_first_loss")
            else:
                descend(depth + 1, weight, lv2, bs2, es2, fc2)

    # An attack die only matters as "attacks twice" or not: one representative
    # face per class, weighted by how many faces fall in it.
    doubling = [d for d in DIE_FACES if d in rules.double_attack_faces]
    plain = [d for d in DIE_FACES if d not in rules.double_attack_faces]
    for pattern in range(1 << k if rules.attack_dice else 1):
        weight = 1
        dice: list[int] | None = None
        if rules.attack_dice:
            dice = []
            for bit in range(k):
                faces = doubling if pattern >> bit & 1 else plain
                weight *= len(faces)
                dice.append(faces[0] if faces else 0)
            if weight == 0:
                continue
        lv2, bs2, es2, fc2 = lv[:], list(state.builders), es[:], fc[:]
        lost, culprit = _attack(game, lv2, bs2, es2, fc2, dice)
        if lost:
            if not rules.stop_at_first_loss:
                raise NotImplementedError("exact outcomes need stop_at_first_loss")
            record(weight * 6 ** k, lv2, bs2, es2, fc2, lost, culprit)
        else:
            if rules.charon_pulls:
                _pull(game, lv2, bs2, es2)
            descend(0, weight, lv2, bs2, es2, fc2)
    denominator = 6 ** (2 * k if rules.attack_dice else k)
    outcomes = tuple(Outcome(s, lost, w, c) for (s, lost, c), w in found.items())
    return denominator, outcomes


__all__ = ["dice_count", "enemy_turn", "enemy_turn_outcomes", "orient", "play_enemy_turn",
           "roll_dice"]
