"""The standard two-player game with one power (or more) per player.

As :mod:`generator.engine.standard` (placement, then alternating plies; a climb
onto level 3 wins, a player with no ply loses), plus each player's powers and
the per-turn marks they leave (Athena's "moved up"). A position is a
:class:`PowerPosition`; :func:`power_perft` counts distinct successor positions
ply by ply (see :mod:`.turn`), with a win as a leaf.

>>> from generator.engine.geometry import Geometry
>>> from generator.engine.standard import parse_position
>>> g, p = parse_position("00000/00000/00000/00000/00000 B3,D3,C2,C4 1")
>>> game = PowerGame(g, (("atlas",), ("pan",)))
>>> power_perft(game, to_power_position(p), 1)
136
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import NamedTuple

from generator.engine.geometry import Geometry, iter_squares
from generator.engine.moves import free_squares
from generator.engine.powers.draw import Drawer, make_drawer
from generator.engine.powers.fast import count_plies, fast_supported, select_ply
from generator.engine.powers.fast_routes import (
    count_route_plies,
    routes_supported,
    select_route_ply,
)
from generator.engine.powers.pieces import MARK_MOVED_UP, TurnRules
from generator.engine.powers.registry import rules_for
from generator.engine.powers.turn import Ply, apply_ply, list_plies
from generator.engine.standard import (
    PLAYERS,
    WORKERS_PER_PLAYER,
    GameResult,
    StandardPosition,
    apply_placement,
    list_placements,
    movers_of,
    start_position,
)
from generator.engine.state import State


class PowerPosition(NamedTuple):
    """A state, the player to act and one mark bitmask per player (``MARK_*``)."""

    state: State
    to_move: int = 0
    marks: tuple[int, ...] = (0,) * PLAYERS


@dataclass(frozen=True, slots=True)
class PowerGame:
    """A map and the power ids each player holds (in the order they compose)."""

    geometry: Geometry
    powers: tuple[tuple[str, ...], ...]
    rules: tuple[TurnRules, ...] = field(init=False, repr=False, compare=False)
    blockers: tuple[int, ...] = field(init=False, repr=False, compare=False)
    counted: tuple[str, ...] = field(init=False, repr=False, compare=False)  # fast path
    drawers: tuple[Drawer, ...] = field(init=False, repr=False, compare=False)  # playouts

    def __post_init__(self) -> None:
        rules = tuple(rules_for(p) for p in self.powers)
        object.__setattr__(self, "rules", rules)
        # The players whose mark stops the others from moving up (Athena's).
        blockers = tuple(i for i, r in enumerate(rules) if r.blocks_opponents_up)
        object.__setattr__(self, "blockers", blockers)
        counted = tuple(
            "masks" if fast_supported(r) else "routes" if routes_supported(r) else ""
            for r in rules
        )
        object.__setattr__(self, "counted", counted)
        everyone = (1 << PLAYERS * WORKERS_PER_PLAYER) - 1
        drawers = tuple(
            make_drawer(self.geometry, r, movers_of(side), everyone & ~movers_of(side))
            for side, r in enumerate(rules)
        )
        object.__setattr__(self, "drawers", drawers)


def to_power_position(position: StandardPosition, marks: tuple[int, ...] = (0,) * PLAYERS
                      ) -> PowerPosition:
    """A standard position with marks (none by default)."""
    return PowerPosition(position.state, position.to_move, marks)


def needs_placement(position: PowerPosition) -> bool:
    """True when the player to act has not placed their workers yet."""
    return position.state.workers[WORKERS_PER_PLAYER * position.to_move] < 0


def restricted_up(game: PowerGame, position: PowerPosition) -> bool:
    """True when another player's power forbids the player to act to move up."""
    side = position.to_move
    return any(
        other != side and position.marks[other] & MARK_MOVED_UP for other in game.blockers
    )


def list_game_plies(game: PowerGame, position: PowerPosition) -> list[Ply]:
    """Every distinct ply of the player to act (after placement)."""
    side = position.to_move
    movers = movers_of(side)
    all_workers = (1 << len(position.state.workers)) - 1
    return list_plies(
        game.geometry,
        position.state,
        movers,
        game.rules[side],
        no_up=restricted_up(game, position),
        opponents=all_workers & ~movers,
    )


def count_game_plies(game: PowerGame, position: PowerPosition) -> int:
    """``len(list_game_plies(...))``, by counting when the player's rules allow it."""
    found = _count_or_select(game, position, -1)
    assert isinstance(found, int)
    return found


def select_game_ply(game: PowerGame, position: PowerPosition, index: int) -> Ply:
    """The ply number ``index`` of the player to act (0 <= index < :func:`count_game_plies`).

    The order is that of the counting path (:mod:`.fast`, :mod:`.fast_routes`) when
    the rules allow counting, else that of :func:`list_game_plies`; either way each
    distinct ply has one index.
    """
    if index < 0:
        raise IndexError("ply index out of range")
    found = _count_or_select(game, position, index)
    assert isinstance(found, Ply)
    return found


def _count_or_select(game: PowerGame, position: PowerPosition, index: int) -> int | Ply:
    state, side, _ = position
    rules = game.rules[side]
    path = game.counted[side]
    if not path:
        options = list_game_plies(game, position)
        return options[index] if index >= 0 else len(options)
    movers = movers_of(side)
    no_up = bool(game.blockers) and restricted_up(game, position)
    geometry = game.geometry
    if path == "routes":
        if index < 0:
            return count_route_plies(geometry, state, movers, rules, no_up=no_up)
        return select_route_ply(geometry, state, movers, rules, index, no_up=no_up)
    opponents = ((1 << len(state.workers)) - 1) & ~movers
    if index < 0:
        return count_plies(geometry, state, movers, rules, no_up=no_up, opponents=opponents)
    return select_ply(geometry, state, movers, rules, index, no_up=no_up, opponents=opponents)


def draw_game_ply(game: PowerGame, position: PowerPosition, rng: random.Random) -> Ply | None:
    """A uniformly random distinct ply of the player to act (``None``: they have none),
    by the player's drawer (:func:`.draw.make_drawer`)."""
    side = position.to_move
    no_up = bool(game.blockers) and restricted_up(game, position)
    return game.drawers[side](position.state, no_up, rng)


def play_ply(game: PowerGame, position: PowerPosition, ply: Ply) -> PowerPosition:
    """The position after the player to act makes ``ply`` (marks updated)."""
    side = position.to_move
    mark = MARK_MOVED_UP if game.rules[side].marks_moved_up and ply.up else 0
    marks = (*position.marks[:side], mark, *position.marks[side + 1 :])
    return PowerPosition(apply_ply(position.state, ply), side ^ 1, marks)


def power_perft(game: PowerGame, position: PowerPosition, depth: int) -> int:
    """Number of leaves ``depth`` plies deep (distinct plies; a win is a leaf at once)."""
    if depth <= 0:
        return 1
    state, side, marks = position
    if needs_placement(position):
        if depth == 1:
            free = free_squares(game.geometry, state).bit_count()
            return free * (free - 1) // 2
        return sum(
            power_perft(
                game, PowerPosition(apply_placement(state, side, pair), side ^ 1, marks), depth - 1
            )
            for pair in list_placements(game.geometry, state)
        )
    if depth == 1:
        return count_game_plies(game, position)  # the last ply is counted, not listed
    plies = list_game_plies(game, position)
    return sum(
        1 if ply.win else power_perft(game, play_ply(game, position, ply), depth - 1)
        for ply in plies
    )


def play_random_power_game(
    game: PowerGame, rng: random.Random, position: PowerPosition | None = None
) -> GameResult:
    """Play uniformly random plies (among distinct plies) until the game ends.

    Plies are drawn by each player's drawer, as :func:`draw_game_ply` draws them.
    """
    if position is None:
        position = to_power_position(start_position())
    state, side, marks = position
    geometry, drawers = game.geometry, game.drawers
    marking = tuple(bool(r.marks_moved_up) for r in game.rules)
    # Per player: the other players whose mark forbids them to move up.
    held_by = tuple(tuple(o for o in game.blockers if o != side_) for side_ in range(PLAYERS))
    plies = 0
    while True:
        if state.workers[WORKERS_PER_PLAYER * side] < 0:
            squares = list(iter_squares(free_squares(geometry, state)))
            if len(squares) < WORKERS_PER_PLAYER:
                return GameResult(side ^ 1, plies, "stuck")
            pair = rng.sample(squares, 2)
            state = apply_placement(state, side, (pair[0], pair[1]))
        else:
            no_up = False
            for other in held_by[side]:
                no_up = no_up or bool(marks[other] & MARK_MOVED_UP)
            ply = drawers[side](state, no_up, rng)
            if ply is None:
                return GameResult(side ^ 1, plies, "stuck")
            if ply.win:
                return GameResult(side, plies + 1, "power" if ply.powers else "level3")
            if marking[side] or marks[side]:  # as play_ply: the mark of this turn only
                mark = MARK_MOVED_UP if marking[side] and ply.up else 0
                marks = (*marks[:side], mark, *marks[side + 1 :])
            state = apply_ply(state, ply)
        plies += 1
        side ^= 1
