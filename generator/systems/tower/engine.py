"""The Santowerini engine: pure, deterministic, exact (RULES.md section 2).

A :class:`Game` is one scenario under one :class:`~.rules.Rules` value: the map's
precomputed tables (the square ahead in each facing, 8-neighbours for moving and
for building, orthogonal distances around water) plus the set-up
:class:`State`. States are small immutable tuples of ints, so they hash and
compare cheaply (a search keys its tables on them):

- ``levels[sq]``: 0-3 blocks, 4 = three blocks and a dome (:data:`~.rules.DOME`);
- ``builders``: each builder's square, ``-1`` once defeated;
- ``enemies``: each enemy's square in enemy order (``game.types`` names them),
  ``-1`` once defeated; ``facings``: 0 N, 1 E, 2 S, 3 W.

Squares are ``row * width + col`` with row 0 the top row (``A1`` is square 0).

The enemy turn is a function of (state, dice): :func:`enemy_turn` takes the
die values explicitly (one movement die per enemy still on the board, in enemy
order; with an attack-die variant, one attack die per enemy first), so
expectimax and exact enumeration work on it; :func:`roll_dice` draws them from a
``random.Random`` that is passed in, and :func:`enemy_turn_outcomes` lists every
distinct result with its exact weight (6^k outcomes, sharing prefixes).

The player turn: :func:`list_actions` (an empty list means the loss "no builder
can move then build"), :func:`apply_action`, :func:`is_won`. An action is a
tuple ``(builder, to, build, via, extra)``: the builder index, its destination,
the space built on, the intermediate space of a two-space move (``-1`` when it
moved once) and the space of an extra block (``-1`` when none).

Hot paths allocate nothing per step: the enemy turn copies the state into four
small lists once, mutates them and freezes them back.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import NamedTuple

from generator.engine.geometry import COLUMN_LETTERS
from generator.systems.tower.rules import (
    ADVANCE,
    BASE_RULES,
    DIE_FACES,
    DOME,
    ENEMY_TYPES,
    FACINGS,
    LOSS_BUILDERS,
    LOSS_BUILDINGS,
    LOSS_STUCK,
    LOSS_TARGET,
    MAX_BLOCKS,
    MOVEMENT_TABLE,
    Rules,
)

Square = int
NO_SQUARE: Square = -1
"""A defeated pawn's square."""
EDGE = -1
"""``game.step`` value: the space ahead is off the map."""
WATER = -2
"""``game.step`` value: the space ahead is water."""
UNREACHABLE = 1 << 20
"""Orthogonal distance between spaces that water or the edge separate."""
DIRECTIONS = ((-1, 0), (0, 1), (1, 0), (0, -1))
"""(row, col) change of one step facing N, E, S, W."""

Action = tuple[int, int, int, int, int]
"""``(builder, to, build, via, extra)``; see the module notes."""


class State(NamedTuple):
    """A position between turns (whose turn it is, the caller knows)."""

    levels: tuple[int, ...]
    builders: tuple[Square, ...]
    enemies: tuple[Square, ...]
    facings: tuple[int, ...]


class Outcome(NamedTuple):
    """One distinct result of an enemy turn, with its weight out of the denominator.

    ``culprit`` is the index of the enemy whose attack or step lost the
    scenario (``-1`` when nothing was lost).
    """

    state: State
    lost: int
    weight: int
    culprit: int = -1


class GameResult(NamedTuple):
    won: bool
    lost: int  # loss flags, 0 unless lost
    rounds: int  # enemy turns played
    state: State


@dataclass(frozen=True, slots=True)
class Game:
    """A scenario compiled for the engine under some rules (see :func:`make_game`)."""

    width: int
    height: int
    rules: Rules
    types: tuple[str, ...]  # enemy type of each enemy index, in enemy order
    water: tuple[bool, ...]
    targets: tuple[bool, ...]
    start: State
    step: tuple[tuple[int, int, int, int], ...] = field(repr=False)
    move_adj: tuple[tuple[Square, ...], ...] = field(repr=False)
    build_adj: tuple[tuple[Square, ...], ...] = field(repr=False)
    ban_adj: tuple[int, ...] = field(repr=False)  # bitmask: an enemy here bans builds there
    dist: tuple[tuple[int, ...], ...] = field(repr=False)
    tie: tuple[int, ...] = field(repr=False)

    @property
    def size(self) -> int:
        return self.width * self.height

    def name(self, sq: Square) -> str:
        """``A1``-style name of a square."""
        row, col = divmod(sq, self.width)
        return f"{COLUMN_LETTERS[col]}{row + 1}"

    def square(self, name: str) -> Square:
        """The square of an ``A1``-style name (ValueError when off the map)."""
        col = COLUMN_LETTERS.find(name[:1].upper())
        row = int(name[1:]) - 1 if name[1:].isdigit() else -1
        if not (0 <= col < self.width and 0 <= row < self.height):
            raise ValueError(f"{name} is not on this {self.width}x{self.height} map")
        return row * self.width + col

    def with_rules(self, rules: Rules) -> Game:
        """The same scenario under other rules (tables are recomputed)."""
        start = self.start
        enemies = [(t, sq, f) for t, sq, f in zip(self.types, start.enemies, start.facings)
                   if sq >= 0]
        return make_game(self.width, self.height, water=self.water, targets=self.targets,
                         levels=start.levels, builders=start.builders, enemies=enemies,
                         rules=rules)


def make_game(width: int, height: int, *, water: Sequence[bool], targets: Sequence[bool],
              levels: Sequence[int], builders: Sequence[Square],
              enemies: Sequence[tuple[str, Square, int]], rules: Rules = BASE_RULES) -> Game:
    """Compile a scenario: ``enemies`` are (type, square, facing) in any order;
    they are sorted into ``rules.enemy_order``."""
    size = width * height
    order = {t: i for i, t in enumerate(rules.enemy_order)}
    ordered = sorted(enemies, key=lambda e: (order.get(e[0], len(order)), e[1]))
    step: list[tuple[int, int, int, int]] = []
    move_adj: list[tuple[Square, ...]] = []
    build_adj: list[tuple[Square, ...]] = []
    ban_adj: list[int] = []
    for sq in range(size):
        row, col = divmod(sq, width)
        ahead = []
        for dr, dc in DIRECTIONS:
            r, c = row + dr, col + dc
            if not (0 <= r < height and 0 <= c < width):
                ahead.append(EDGE)
            elif water[r * width + c]:
                ahead.append(WATER)
            else:
                ahead.append(r * width + c)
        step.append((ahead[0], ahead[1], ahead[2], ahead[3]))
        around = [r * width + c for r in range(row - 1, row + 2) for c in range(col - 1, col + 2)
                  if 0 <= r < height and 0 <= c < width and (r, c) != (row, col)
                  and not water[r * width + c]]
        move_adj.append(tuple(n for n in around if rules.builders_on_targets or not targets[n]))
        build_adj.append(tuple(n for n in around if not targets[n]))
        banned = 0  # Limus bans the spaces next to an enemy, never its own (a crush)
        for n in around:
            if rules.build_ban_diagonal or n // width == row or n % width == col:
                banned |= 1 << n
        ban_adj.append(banned)
    start = State(tuple(levels), tuple(builders), tuple(e[1] for e in ordered),
                  tuple(e[2] for e in ordered))
    return Game(width, height, rules, tuple(e[0] for e in ordered), tuple(water), tuple(targets),
                start, tuple(step), tuple(move_adj), tuple(build_adj), tuple(ban_adj),
                _distances(size, step), rules.tie_break_offsets())


def _distances(size: int, step: Sequence[tuple[int, int, int, int]]
               ) -> tuple[tuple[int, ...], ...]:
    """All-pairs orthogonal path lengths; paths never cross water or leave the map
    (RULES 2 Decision: heights, domes, targets and pawns do not block them)."""
    out = []
    for src in range(size):
        dist = [UNREACHABLE] * size
        dist[src] = 0
        frontier = [src]
        while frontier:
            nxt = []
            for sq in frontier:
                for n in step[sq]:
                    if n >= 0 and dist[n] == UNREACHABLE:
                        dist[n] = dist[sq] + 1
                        nxt.append(n)
            frontier = nxt
        out.append(tuple(dist))
    return tuple(out)


# -- the enemy turn --------------------------------------------------------------------


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
    if not lost or not game.rules.stop_at_first_loss:
        for i, die in zip(alive, moves):
            lost |= _move(game, lv, bs, es, fc, i, die)
            if lost and game.rules.stop_at_first_loss:
                break
    return State(tuple(lv), tuple(bs), tuple(es), tuple(fc)), lost


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
        key = (State(tuple(lv), tuple(bs), tuple(es), tuple(fc)), lost, culprit)
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
            descend(0, weight, lv2, bs2, es2, fc2)
    denominator = 6 ** (2 * k if rules.attack_dice else k)
    outcomes = tuple(Outcome(s, lost, w, c) for (s, lost, c), w in found.items())
    return denominator, outcomes


@dataclass(frozen=True, slots=True)
class LossOdds:
    """Exact chances that an enemy turn (or the start of the player turn after it) loses."""

    probability: Fraction
    by_reason: tuple[tuple[int, Fraction], ...]  # loss flags -> probability
    by_culprit: tuple[tuple[int, Fraction], ...]  # enemy index (-1: stuck) -> probability
    outcomes: int  # distinct results enumerated


def loss_odds(game: Game, state: State | None = None) -> LossOdds:
    """The exact probability that the enemy turn from ``state`` (default: the
    set-up, as every scenario starts with it) loses before the player moves,
    counting the loss "no builder can move then build" at the player's turn."""
    denominator, outcomes = enemy_turn_outcomes(game, game.start if state is None else state)
    reasons: dict[int, int] = {}
    culprits: dict[int, int] = {}
    for o in outcomes:
        lost, culprit = o.lost, o.culprit
        if not lost and not has_action(game, o.state):
            lost, culprit = LOSS_STUCK, -1
        if lost:
            reasons[lost] = reasons.get(lost, 0) + o.weight
            culprits[culprit] = culprits.get(culprit, 0) + o.weight
    return LossOdds(Fraction(sum(reasons.values()), denominator),
                    tuple((k, Fraction(v, denominator)) for k, v in sorted(reasons.items())),
                    tuple((k, Fraction(v, denominator)) for k, v in sorted(culprits.items())),
                    len(outcomes))


# -- the player turn -------------------------------------------------------------------


def _bits(squares: Sequence[Square]) -> int:
    out = 0
    for sq in squares:
        if sq >= 0:
            out |= 1 << sq
    return out


def list_actions(game: Game, state: State) -> list[Action]:
    """Every legal move-then-build of the player (empty: the scenario is lost).

    Actions ending in the same position are listed once (an extra move keeps
    the first intermediate space found).
    """
    if game.rules.plain_player_turn:
        return _list_plain(game, state, False)
    return _list_general(game, state, False)


def has_action(game: Game, state: State) -> bool:
    """True when some builder can move then build (cheaper than listing them)."""
    if game.rules.plain_player_turn:
        return bool(_list_plain(game, state, True))
    return bool(_list_general(game, state, True))


def _list_plain(g: Game, state: State, first_only: bool) -> list[Action]:
    lv, bs, es, _ = state
    ebits = _bits(es)
    bbits = _bits(bs)
    occupied = ebits | bbits
    out: list[Action] = []
    for bi, b in enumerate(bs):
        if b < 0:
            continue
        others = bbits & ~(1 << b)
        reach = lv[b] + 1
        for t in g.move_adj[b]:
            ht = lv[t]
            if occupied >> t & 1 or ht > reach or ht == DOME:
                continue
            for u in g.build_adj[t]:
                hu = lv[u]
                if hu == DOME or others >> u & 1 or (ebits >> u & 1 and hu >= ht):
                    continue
                out.append((bi, t, u, -1, -1))
                if first_only:
                    return out
    return out


def _list_general(g: Game, state: State, first_only: bool) -> list[Action]:
    rules = g.rules
    lv, bs, es, _ = state
    ebits = _bits(es)
    bbits = _bits(bs)
    occupied = ebits | bbits
    near = 0
    if rules.build_ban_near_enemy:
        for e in es:
            if e >= 0:
                near |= g.ban_adj[e]
    out: list[Action] = []
    for bi, b in enumerate(bs):
        if b < 0:
            continue
        others = bbits & ~(1 << b)
        for via, t in _iter_moves(g, lv, b, occupied):
            ht = lv[t]
            crush_level = ht if rules.crush_after_move else lv[b]
            for u in g.build_adj[t]:
                hu = lv[u]
                if hu == DOME or others >> u & 1:
                    continue
                crush = ebits >> u & 1
                if crush and hu >= crush_level:
                    continue
                if near >> u & 1 and not (rules.build_ban_except_domes and hu == MAX_BLOCKS):
                    continue
                out.append((bi, t, u, via, -1))
                if first_only:
                    return out
                if rules.extra_block_same_space and hu + 1 < MAX_BLOCKS:
                    if rules.build_ban_near_enemy and crush:
                        rest = [e for e in es if e >= 0 and e != u]
                        banned = 0
                        for e in rest:
                            banned |= g.ban_adj[e]
                    else:
                        banned = near
                    if not banned >> u & 1:  # the extra piece is a block, never exempt
                        out.append((bi, t, u, via, u))
    return out


def _iter_moves(g: Game, lv: Sequence[int], b: Square, occupied: int
                ) -> Iterator[tuple[Square, Square]]:
    """(via, to) of every destination of builder on ``b``: one space, and with
    the extra-move rule one more space, never back to ``b``."""
    first: list[Square] = []
    reach = lv[b] + 1
    for t in g.move_adj[b]:
        ht = lv[t]
        if occupied >> t & 1 or ht > reach or ht == DOME:
            continue
        first.append(t)
        yield -1, t
    if not g.rules.extra_move:
        return
    seen = set(first)
    seen.add(b)
    for t in first:
        reach2 = lv[t] + 1
        for t2 in g.move_adj[t]:
            h2 = lv[t2]
            if t2 in seen or occupied >> t2 & 1 or h2 > reach2 or h2 == DOME:
                continue
            seen.add(t2)
            yield t, t2


def apply_action(game: Game, state: State, action: Action) -> State:
    """The state after a (legal) action; a build on an enemy defeats it."""
    bi, to, at, _via, extra = action
    lv = list(state.levels)
    lv[at] += 1
    if extra >= 0:
        lv[extra] += 1
    bs = list(state.builders)
    bs[bi] = to
    es = state.enemies
    if at in es:
        es = tuple(NO_SQUARE if e == at else e for e in es)
    return State(tuple(lv), tuple(bs), es, state.facings)


def is_won(state: State) -> bool:
    """Every enemy is defeated."""
    return all(e < 0 for e in state.enemies)


def start_of_player_turn(game: Game, state: State) -> int:
    """Loss flags at the start of the player turn: :data:`LOSS_STUCK` or 0."""
    return 0 if has_action(game, state) else LOSS_STUCK


Policy = Callable[[Game, State, list[Action], random.Random], Action]


def random_policy(game: Game, state: State, actions: list[Action], rng: random.Random) -> Action:
    """Pick a legal action uniformly."""
    return actions[rng.randrange(len(actions))]


def play_game(game: Game, policy: Policy, rng: random.Random, *, max_rounds: int = 100,
              state: State | None = None) -> GameResult:
    """Play from ``state`` (default: the set-up; the enemy moves first) until a win,
    a loss or ``max_rounds`` enemy turns (then neither won nor lost)."""
    state = game.start if state is None else state
    for rounds in range(1, max_rounds + 1):
        state, lost = play_enemy_turn(game, state, rng)
        if lost:
            return GameResult(False, lost, rounds, state)
        actions = list_actions(game, state)
        if not actions:
            return GameResult(False, LOSS_STUCK, rounds, state)
        state = apply_action(game, state, policy(game, state, actions, rng))
        if is_won(state):
            return GameResult(True, 0, rounds, state)
    return GameResult(False, 0, max_rounds, state)


# -- display ---------------------------------------------------------------------------

ARROWS = "^>v<"


def format_state(game: Game, state: State) -> str:
    """The position as a map: terrain or level, then ``B`` (builder) or an arrow
    (an enemy facing that way).

    >>> g = make_game(3, 1, water=(False,) * 3, targets=(True, False, False),
    ...               levels=(0, 2, 4), builders=(1,), enemies=[("dark-male", 0, 1)])
    >>> print(format_state(g, g.start))
    T> 2B 4
    """
    rows = []
    for r in range(game.height):
        cells = []
        for c in range(game.width):
            sq = r * game.width + c
            level = state.levels[sq]
            text = ("~" if game.water[sq] else "T" if game.targets[sq] and not level
                    else str(level) if level else ".")
            pawn = ("B" if sq in state.builders else
                    ARROWS[state.facings[state.enemies.index(sq)]] if sq in state.enemies else "")
            text = pawn if pawn and text == "." else text + pawn
            cells.append(text)
        rows.append(" ".join(cells))
    return "\n".join(rows)


def facing_of(letter: str) -> int:
    """0-3 for ``N``, ``E``, ``S``, ``W``."""
    return FACINGS.index(letter)


__all__ = [
    "Action", "DIRECTIONS", "EDGE", "ENEMY_TYPES", "Game", "GameResult", "LossOdds",
    "NO_SQUARE", "Outcome", "Policy", "State", "UNREACHABLE", "WATER", "apply_action",
    "dice_count", "enemy_turn", "enemy_turn_outcomes", "facing_of", "format_state",
    "has_action", "is_won", "list_actions", "loss_odds", "make_game", "orient",
    "play_enemy_turn", "play_game", "random_policy", "roll_dice", "start_of_player_turn",
]
