"""Shared heuristics of the ``greedy`` and ``lookahead`` policies (not a policy itself).

:func:`read_threats` looks one enemy turn ahead without rolling: the facing
each enemy takes in phase 1, the space it attacks in phase 2, and, for each of
the six faces of its movement die, the spaces it would step into and whether
it would enter a target zone. The attacks come first (:func:`strike`: each
attacked building loses its top piece, a builder there takes the hit
instead); the traces then move one enemy at a time over the levels the
attacks leave, treating the other enemies as standing still and builders as
no obstacle (an enemy walks through them, defeating them). It is an estimate
for ranking moves, never a rule (the engine is the rule).

The figures a policy weighs, all per space or per enemy:

- *danger* of a space: the expected number of times a builder standing there
  would be hit next turn (attacked: 1; stepped on by a face: 1/6);
- *target risk* of an enemy: the share of its die faces that carry it into a
  target zone;
- *survivors*: buildings still standing after the attacks (zero loses the
  scenario at once).

Each trace also records every space it *looked at* (entered or found
blocked): a change of level anywhere else cannot change that trace, so a
policy re-traces only the enemies whose looked-at spaces a build touches.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from generator.systems.tower.engine import EDGE, UNREACHABLE, WATER, Game, State
from generator.systems.tower.rules import ADVANCE, DIE_FACES, DOME, MOVEMENT_TABLE

FACES = len(DIE_FACES)


@dataclass(frozen=True, slots=True)
class Tables:
    """Per-game tables the heuristics read (built once per game by :func:`make_tables`)."""

    game: Game
    size: int
    chebyshev: tuple[tuple[int, ...], ...]  # king-move distance between squares
    target_dist: tuple[int, ...]  # orthogonal path length to the nearest target zone
    skips: bool  # rules.terrain_block_skips
    enemy_ends: bool  # rules.enemy_block_ends_move
    terrain_first: bool  # rules.terrain_before_enemy
    edge_only: bool  # rules.edge_only_undoes_turn
    own_counts: bool  # rules.own_space_counts


def make_tables(game: Game) -> Tables:
    """The tables of ``game``."""
    size = game.size
    w = game.width
    cheb = tuple(tuple(max(abs(a // w - b // w), abs(a % w - b % w)) for b in range(size))
                 for a in range(size))
    targets = [sq for sq in range(size) if game.targets[sq]]
    tdist = tuple(min((game.dist[sq][z] for z in targets), default=UNREACHABLE)
                  for sq in range(size))
    r = game.rules
    return Tables(game, size, cheb, tdist, r.terrain_block_skips, r.enemy_block_ends_move,
                  r.terrain_before_enemy, r.edge_only_undoes_turn, r.own_space_counts)


class Threats(NamedTuple):
    """What the next enemy turn is expected to do from one position (see module notes)."""

    facings: tuple[int, ...]  # per enemy, after orientation (-1: defeated)
    attacked: tuple[int, ...]  # per enemy, the space it attacks (-1: none)
    nearest: tuple[int, ...]  # per enemy, its distance to the nearest building
    nearest_sets: tuple[tuple[int, ...], ...]  # per enemy, the buildings at that distance
    traces: tuple[tuple[tuple[int, bool], ...], ...]  # per enemy, per face: (entered, target)
    looked: tuple[int, ...]  # per enemy, the spaces its traces looked at (bit mask)
    face_read: tuple[tuple[int, ...], ...]  # per enemy, per face: the spaces its trace read
    risk: tuple[float, ...]  # per enemy, the share of faces entering a target zone
    danger: tuple[float, ...]  # per space
    standing: int  # buildings on the map before the attacks
    survivors: int  # buildings left after the attacks


def find_nearest(t: Tables, lv: tuple[int, ...] | list[int], pos: int) -> tuple[int, list[int]]:
    """The distance from ``pos`` to the nearest building and every building that near."""
    ds = t.game.dist[pos]
    best = UNREACHABLE
    nearest: list[int] = []
    for b in range(t.size):
        if lv[b] and (b != pos or t.own_counts):
            d = ds[b]
            if d < best:
                best = d
                nearest = [b]
            elif d == best:
                nearest.append(b)
    return best, nearest


def face_nearest(t: Tables, pos: int, facing: int, best: int, nearest: list[int]) -> int:
    """Phase 1 for one enemy, given its nearest buildings: the facing toward the first
    step of the best shortest path (ties: the rules' order); unreachable: unchanged."""
    if best == UNREACHABLE or best == 0:
        return facing
    g = t.game
    ahead = g.step[pos]
    for rel in g.tie:
        nf = (facing + rel) & 3
        s = ahead[nf]
        if s < 0:
            continue
        dt = g.dist[s]
        for b in nearest:
            if dt[b] == best - 1:
                return nf
    return facing


def face_toward(t: Tables, lv: tuple[int, ...] | list[int], pos: int, facing: int
                ) -> tuple[int, int]:
    """Phase 1 for one enemy: (new facing, distance to the nearest building).

    >>> from generator.systems.tower.model import game_from_map
    >>> g = game_from_map(". . .\\n1 . 1\\n. . .", ["dark-male B2 N"])
    >>> face_toward(make_tables(g), g.start.levels, 4, 0)  # west and east tie: right wins
    (1, 1)
    """
    best, nearest = find_nearest(t, lv, pos)
    return face_nearest(t, pos, facing, best, nearest), best


def strike(lv: list[int], attacked: list[int] | tuple[int, ...], builders: tuple[int, ...]
           ) -> int:
    """Phase 2, estimated: each attacked space loses its top piece, except that the first
    attack on a builder's space hits the builder. Changes ``lv``; returns how many
    buildings it razed."""
    razed = 0
    hit_builders = 0
    for a in attacked:
        if a < 0:
            continue
        if a in builders and not hit_builders >> a & 1:
            hit_builders |= 1 << a
            continue
        if lv[a]:
            lv[a] -= 1
            if not lv[a]:
                razed += 1
    return razed


def trace_move(t: Tables, lv: tuple[int, ...] | list[int], others: int, pos: int, facing: int,
               die: int) -> tuple[int, int, bool]:
    """One enemy's move with this die: the spaces it steps into and the spaces it looks
    at (bit masks), and whether it enters a target zone (the trace stops there, as the
    enemy turn does). ``others``: bit mask of the other enemies' spaces."""
    g = t.game
    step = g.step
    targets = g.targets
    entered = 0
    looked = 0
    s, f = pos, facing
    for op in MOVEMENT_TABLE[die]:
        if op != ADVANCE:
            nf = (f + op) & 3
            n = step[s][nf]
            if n == EDGE or (n == WATER and not t.edge_only):
                continue
            f = nf
            continue
        n = step[s][f]
        if n >= 0:
            looked |= 1 << n
        terrain = n < 0 or lv[n] == DOME or lv[n] > lv[s] + 1
        blocked = n >= 0 and others >> n & 1
        if terrain and (t.terrain_first or not blocked):
            if t.skips:
                continue
            break
        if blocked:
            if t.enemy_ends:
                break
            continue
        s = n
        entered |= 1 << n
        if targets[n]:
            return entered, looked, True
    return entered, looked, False


def trace_enemy(t: Tables, lv: tuple[int, ...] | list[int], others: int, pos: int,
                facing: int) -> tuple[tuple[tuple[int, bool], ...], int, float]:
    """Every face's trace of one enemy (entered mask, target), the union of the spaces
    they looked at, and its target risk."""
    traces, looked, risk, _ = trace_faces(t, lv, others, pos, facing)
    return traces, looked, risk


def trace_faces(t: Tables, lv: tuple[int, ...] | list[int], others: int, pos: int,
                facing: int) -> tuple[tuple[tuple[int, bool], ...], int, float, tuple[int, ...]]:
    """:func:`trace_enemy`, and per face the spaces whose level its trace read: the
    spaces it looked at and the enemy's own (the first step's base)."""
    traces = []
    looked = 0
    hits = 0
    read = []
    for die in DIE_FACES:
        entered, seen, target = trace_move(t, lv, others, pos, facing, die)
        traces.append((entered, target))
        looked |= seen
        read.append(seen | 1 << pos)
        hits += target
    return tuple(traces), looked, hits / FACES, tuple(read)


def enemy_bits(enemies: tuple[int, ...]) -> int:
    out = 0
    for e in enemies:
        if e >= 0:
            out |= 1 << e
    return out


def read_threats(t: Tables, state: State) -> Threats:
    """The expected effects of the next enemy turn from ``state`` (see module notes)."""
    g = t.game
    lv = state.levels
    es = state.enemies
    facings: list[int] = []
    attacked: list[int] = []
    nearest: list[int] = []
    nearest_sets: list[tuple[int, ...]] = []
    for i, pos in enumerate(es):
        if pos < 0:
            facings.append(-1)
            attacked.append(-1)
            nearest.append(UNREACHABLE)
            nearest_sets.append(())
            continue
        best, near = find_nearest(t, lv, pos)
        f = face_nearest(t, pos, state.facings[i], best, near)
        a = g.step[pos][f]
        facings.append(f)
        attacked.append(a if a >= 0 else -1)
        nearest.append(best)
        nearest_sets.append(tuple(near))
    after = list(lv)
    standing = sum(1 for level in lv if level)
    survivors = standing - strike(after, attacked, state.builders)
    ebits = enemy_bits(es)
    traces: list[tuple[tuple[int, bool], ...]] = []
    looked: list[int] = []
    face_read: list[tuple[int, ...]] = []
    risk: list[float] = []
    danger = [0.0] * t.size
    for i, pos in enumerate(es):
        if pos < 0:
            traces.append(())
            looked.append(0)
            face_read.append(())
            risk.append(0.0)
            continue
        tr, seen, rk, read = trace_faces(t, after, ebits & ~(1 << pos), pos, facings[i])
        traces.append(tr)
        looked.append(seen)
        face_read.append(read)
        risk.append(rk)
        a = attacked[i]
        if a >= 0:
            danger[a] += 1.0
        for mask, _ in tr:
            while mask:
                low = mask & -mask
                danger[low.bit_length() - 1] += 1.0 / FACES
                mask ^= low
    return Threats(tuple(facings), tuple(attacked), tuple(nearest), tuple(nearest_sets),
                   tuple(traces), tuple(looked), tuple(face_read), tuple(risk), tuple(danger),
                   standing, survivors)


__all__ = ["FACES", "Tables", "Threats", "enemy_bits", "face_nearest", "face_toward",
           "find_nearest", "make_tables", "read_threats", "strike", "trace_enemy", "trace_faces",
           "trace_move"]
