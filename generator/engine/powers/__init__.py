"""Powers in the engine: gods (and later role abilities and blessings) as hooks on a turn.

Modules, each with one job:

- :mod:`.pieces`: the vocabulary (build before moving, enter an occupied space
  by swap or push, extra steps, team roam, win by descent, dome at any level,
  extra build on the same or another space, no climbing for the others after a
  climb), :func:`~.pieces.compose` into :class:`~.pieces.TurnRules`, and
  :class:`~.pieces.PowerSpec`.
- :mod:`.registry`: every power module's ``POWER`` by id, with its parameter
  schema (:func:`~.registry.make_power`, :func:`~.registry.rules_for`).
- :mod:`.gods`: one module per god, each a composition of pieces.
- :mod:`.abilities`: the role-ability vocabulary (slide, leap, push away, pull,
  force toward a direction, force onto the block just built, force into the
  vacated space, force along a line, order a neighbour's move, build twice
  apart or on one space, build under yourself, build around any worker, win by
  descent), one module per power, for a roles system to map cards onto.
- :mod:`.patterns`: the geometry of slides, leaps and forced moves.
- :mod:`.fast`, :mod:`.fast_routes`: counting and selecting plies without listing
  them (random playouts, the last ply of perft), pinned to :mod:`.turn`.
- :mod:`.draw`: each player's drawer for playouts (counting and selecting, or
  rejection from a cheap superset for the team roam and extra steps), pinned to
  :mod:`.turn` index by index.
- :mod:`.turn`: :func:`~.turn.list_plies` (every distinct ply under some rules,
  the team turns included) and :func:`~.turn.apply_ply`; :mod:`.stages`: the
  stages of one worker's turn it runs.
- :mod:`.game`: the standard two-player game with powers: positions with marks,
  :func:`~.game.power_perft`, random playouts.

The plain engine (:mod:`generator.engine.moves`) is untouched: powers take this
separate path, so the plain game pays nothing for them.

Public API::

    POWERS / GODS / ABILITIES -> Mapping[str, PowerSpec]
    make_power(id, params=None) -> tuple[Piece, ...]
    rules_for(ids) -> TurnRules ; compose([(id, pieces), ...]) -> TurnRules
    list_plies(geometry, state, movers, rules, *, no_up=False, level3_wins=True,
               stockpile=None, opponents=0) -> list[Ply]
    apply_ply(state, ply) -> State
    PowerGame(geometry, powers) ; PowerPosition(state, to_move, marks)
    power_perft(game, position, depth) ; play_random_power_game(game, rng)
"""
from __future__ import annotations

from generator.engine.powers.game import (
    PowerGame,
    PowerPosition,
    list_game_plies,
    play_ply,
    play_random_power_game,
    power_perft,
    to_power_position,
)
from generator.engine.powers.pieces import (
    MARK_MOVED_UP,
    BuildBeforeMove,
    DomeAnyLevel,
    EnterOccupied,
    ExtraBuild,
    ExtraSteps,
    OpponentsNoUpAfterUp,
    Piece,
    PowerSpec,
    TeamRoam,
    TurnRules,
    WinByDescent,
    compose,
)
from generator.engine.powers.registry import (
    ABILITIES,
    GODS,
    POWERS,
    make_power,
    parameter_problems,
    rules_for,
)
from generator.engine.powers.turn import Ply, apply_ply, list_plies

__all__ = [
    "ABILITIES",
    "GODS",
    "MARK_MOVED_UP",
    "POWERS",
    "BuildBeforeMove",
    "DomeAnyLevel",
    "EnterOccupied",
    "ExtraBuild",
    "ExtraSteps",
    "OpponentsNoUpAfterUp",
    "Piece",
    "Ply",
    "PowerGame",
    "PowerPosition",
    "PowerSpec",
    "TeamRoam",
    "TurnRules",
    "WinByDescent",
    "apply_ply",
    "compose",
    "list_game_plies",
    "list_plies",
    "make_power",
    "parameter_problems",
    "play_ply",
    "play_random_power_game",
    "power_perft",
    "rules_for",
    "to_power_position",
]
