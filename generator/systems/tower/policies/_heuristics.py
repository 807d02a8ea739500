"""Shared heuristics of the ``greedy`` and ``lookahead`` policies (not a policy itself).

:func:`read_threats` looks one enemy turn ahead without rolling: the facing
each enemy takes in phase 1, the space it attacks in phase 2, and, for each of
the six faces of its movement die, the spaces it would step into and whether
it would enter a target zone. The trace moves one enemy at a time on the
current levels, treating the other enemies as standing still and builders as
no obstacle (an enemy walks through them, defeating them); it is an estimate
for ranking moves, never a rule (the engine is the rule).

The figures a policy weighs, all per space or per enemy:

- *danger* of a space: the expected number of times a builder standing there
  would be hit next turn (attacked: 1; stepped on by a face: 1/6);
- *target risk* of an enemy: the share of its die faces that carry it into a
  target zone;
- *survivors*: buildings still standing after the attacks (zero loses the
  scenario at once).
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
    r = game.rules
    return Tables(game, size, cheb, r.terrain_block_skips, r.enemy_block_ends_move,
                  r.terrain_before_enemy, r.edge_only_undoes_turn, r.own_space_counts)


class Threats(NamedTuple):
    """What the next enemy turn is expected to do from one position (see module notes)."""

    facings: tuple[int, ...]  # per enemy, after orientation (-1: defeated)
    attacked: tuple[int, ...]  # per enemy, the space it attacks (-1: none)
    nearest: tuple[int, ...]  # per enemy, its distance to the nearest building
    traces: tuple[tuple[tuple[int, bool], ...], ...]  # per enemy, per face: (mask, target)
    reach: tuple[int, ...]  # per enemy, the union of its trace masks
    risk: tuple[float, ...]  # per enemy, the share of faces entering a target zone
    danger: tuple[float, ...]  # per space


def face_toward(t: Tables, lv: tuple[int, ...] | list[int], pos: int, facing: int,
                extra: int = -1) -> tuple[int, int]:
    """Phase 1 for one enemy: (new facing, nearest building distance). ``extra`` is
    a space counted as a building although its level is 0 (a block about to be built)."""
    g = t.game
    ds = g.dist[pos]
    best = UNREACHABLE
    nearest = []
    for b in range(t.size):
        if (lv[b] or b == extra) and (b != pos or t.own_counts):
            d = ds[b]
            if d < best:
                best = d
                nearest = [b]
            elif d == best:
                nearest.append(b)
    if best == UNREACHABLE or best == 0:
        return facing, best
    ahead = g.step[pos]
    for rel in g.tie:
        nf = (facing + rel) & 3
        s = ahead[nf]
        if s < 0:
            continue
        dt = g.dist[s]
        for b in nearest:
            if dt[b] == best - 1:
                return nf, best
    return facing, best


def trace_move(t: Tables, lv: tuple[int, ...] | list[int], others: int, pos: int, facing: int,
               die: int) -> tuple[int, bool]:
    """The spaces (bit mask) one enemy steps into with this die, and whether it enters a
    target zone (the trace stops there, as the enemy turn does). ``others``: bit mask
    of the other enemies' spaces."""
    g = t.game
    step = g.step
    targets = g.targets
    mask = 0
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
        mask |= 1 << n
        if targets[n]:
            return mask, True
    return mask, False


def trace_enemy(t: Tables, lv: tuple[int, ...] | list[int], others: int, pos: int,
                facing: int) -> tuple[tuple[tuple[int, bool], ...], int, float]:
    """Every face's trace of one enemy, the union of their masks, and its target risk."""
    traces = tuple(trace_move(t, lv, others, pos, facing, die) for die in DIE_FACES)
    reach = 0
    hits = 0
    for mask, target in traces:
        reach |= mask
        hits += target
    return traces, reach, hits / FACES


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
    ebits = enemy_bits(es)
    facings = []
    attacked = []
    nearest = []
    traces = []
    reach = []
    risk = []
    danger = [0.0] * t.size
    for i, pos in enumerate(es):
        if pos < 0:
            facings.append(-1)
            attacked.append(-1)
            nearest.append(UNREACHABLE)
            traces.append(())
            reach.append(0)
            risk.append(0.0)
            continue
        f, best = face_toward(t, lv, pos, state.facings[i])
        a = g.step[pos][f]
        tr, rm, rk = trace_enemy(t, lv, ebits & ~(1 << pos), pos, f)
        facings.append(f)
        attacked.append(a if a >= 0 else -1)
        nearest.append(best)
        traces.append(tr)
        reach.append(rm)
        risk.append(rk)
        if a >= 0:
            danger[a] += 1.0
        for mask, _ in tr:
            while mask:
                low = mask & -mask
                danger[low.bit_length() - 1] += 1.0 / FACES
                mask ^= low
    return Threats(tuple(facings), tuple(attacked), tuple(nearest), tuple(traces), tuple(reach),
                   tuple(risk), tuple(danger))


def count_survivors(lv: tuple[int, ...] | list[int], attacked: list[int] | tuple[int, ...],
                    builders: tuple[int, ...]) -> int:
    """Buildings left standing after every enemy hits its attacked space once (an
    attack on a builder's space hits the builder, not the building)."""
    standing = sum(1 for level in lv if level)
    hits: dict[int, int] = {}
    for a in attacked:
        if a >= 0 and lv[a]:
            hits[a] = hits.get(a, 0) + 1
    for a, n in hits.items():
        if a in builders:
            n -= 1
        if n >= lv[a]:
            standing -= 1
    return standing


__all__ = ["FACES", "Tables", "Threats", "count_survivors", "enemy_bits", "face_toward",
           "make_tables", "read_threats", "trace_enemy", "trace_move"]
