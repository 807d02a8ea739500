"""A Santowerini scenario compiled for the engine: the :class:`Game` tables (the square
ahead in each facing, 8-neighbours for moving and for building, orthogonal distances
around water), the :class:`State` of a position, and the position drawn as text.

States are small immutable tuples of ints (see :mod:`.engine` for their fields), so
they hash and compare cheaply. Squares are ``row * width + col``, ``A1`` is square 0.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from generator.engine.geometry import COLUMN_LETTERS
from generator.systems.tower.rules import BASE_RULES, FACINGS, Rules

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

Action = tuple[int, int, int, int, int, int, tuple[int, ...], tuple[int, ...]]
"""``(builder, to, build, via, extra, other, more, walks)``; see :mod:`.player_turn`."""


class State(NamedTuple):
    """A position between turns (whose turn it is, the caller knows)."""

    levels: tuple[int, ...]
    builders: tuple[Square, ...]
    enemies: tuple[Square, ...]
    facings: tuple[int, ...]
    stored: int = 0  # pieces on Morpheus's card (0 under every other card)


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
    around: tuple[int, ...] = field(repr=False)  # bitmask of the 8 dry neighbours
    edge: int = field(repr=False)  # bitmask of the map's edge rows and columns
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

    def across(self, centre: Square, sq: Square) -> Square:
        """The space straight across ``centre`` from its neighbour ``sq`` (EDGE off the
        map, WATER on water).

        >>> g = make_game(3, 1, water=(False,) * 3, targets=(False,) * 3, levels=(1, 0, 0),
        ...               builders=(1,), enemies=())
        >>> g.across(1, 0), g.across(0, 1)
        (2, -1)
        """
        (cr, cc), (r, c) = divmod(centre, self.width), divmod(sq, self.width)
        r, c = 2 * cr - r, 2 * cc - c
        if not (0 <= r < self.height and 0 <= c < self.width):
            return EDGE
        n = r * self.width + c
        return WATER if self.water[n] else n

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
    around_bits: list[int] = []
    edge = 0
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
        around_bits.append(sum(1 << n for n in around))
        if row in (0, height - 1) or col in (0, width - 1):
            edge |= 1 << sq
    start = State(tuple(levels), tuple(builders), tuple(e[1] for e in ordered),
                  tuple(e[2] for e in ordered))
    return Game(width, height, rules, tuple(e[0] for e in ordered), tuple(water), tuple(targets),
                start, tuple(step), tuple(move_adj), tuple(build_adj), tuple(ban_adj),
                tuple(around_bits), edge, _distances(size, step), rules.tie_break_offsets())


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
    "ARROWS", "Action", "DIRECTIONS", "EDGE", "Game", "GameResult", "NO_SQUARE", "Outcome",
    "Square", "State", "UNREACHABLE", "WATER", "facing_of", "format_state", "make_game",
]
