"""The power vocabulary: small pieces that hook one stage of a turn, and their composition.

A power (a god, a role ability, a blessing) is a tuple of pieces. Each piece is a
frozen dataclass with parameters that says what it changes at one stage of the
turn; :func:`compose` folds the pieces of every power a player holds into one
:class:`TurnRules`, which the turn generator (:mod:`.turn`) reads. Composition
follows the order of RULES.md section 1: a build before moving, the move (and
its extra steps), the main build, an extra block on that space, an extra build
elsewhere. Every rule field remembers which power gave it, so a generated ply
can say which powers it used.

Stages and pieces:

- before moving: :class:`BuildBeforeMove`;
- the move: :class:`EnterOccupied` (swap, or push straight back),
  :class:`ExtraSteps`, :class:`TeamRoam`;
- after each step: :class:`WinByDescent` (an extra win condition);
- the build: :class:`DomeAnyLevel`, :class:`ExtraBuild` (same space or another);
- the opponents' turns: :class:`OpponentsNoUpAfterUp` (a per-turn mark, "moved
  up", that restricts the others on their next turn).

>>> rules = compose([("artemis", (ExtraSteps(),)), ("atlas", (DomeAnyLevel(),))])
>>> rules.extra_steps, rules.dome_any_level
(1, 'atlas')
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any, Literal

EnterMode = Literal["swap", "push"]
Targets = Literal["opponents", "workers"]

MARK_MOVED_UP = 1
"""Per-turn mark: a worker of this player moved up during their last turn."""


@dataclass(frozen=True, slots=True)
class BuildBeforeMove:
    """The worker may build once before moving; then ``no_up`` forbids every upward step."""

    no_up: bool = True


@dataclass(frozen=True, slots=True)
class EnterOccupied:
    """A step may enter a space held by a figure, which is forced away.

    ``swap``: the figure goes to the space the worker left. ``push``: it goes one
    space further in the same straight direction, to a free undomed land space
    at any level. ``targets``: the other players' workers, or any other worker.
    """

    mode: EnterMode
    targets: Targets = "opponents"


@dataclass(frozen=True, slots=True)
class ExtraSteps:
    """After its step the worker may step ``count`` more times (optional each).

    ``not_back``: no extra step ends on the space the worker started the turn on.
    """

    count: int = 1
    not_back: bool = True


@dataclass(frozen=True, slots=True)
class TeamRoam:
    """Instead of the usual move, every worker of the player may move any number
    of times without changing level, one worker after the other; then one of
    them builds. Staying put (zero steps) is allowed."""


@dataclass(frozen=True, slots=True)
class WinByDescent:
    """The player also wins when their worker steps down ``levels`` or more at once."""

    levels: int = 2


@dataclass(frozen=True, slots=True)
class DomeAnyLevel:
    """Every build of the turn may place a dome on any level instead of a block."""


@dataclass(frozen=True, slots=True)
class ExtraBuild:
    """After the main build, one optional build more.

    ``same_space``: on the space just built on (else on a different space).
    ``blocks_only``: the extra piece may not be a dome.
    """

    same_space: bool
    blocks_only: bool = False


@dataclass(frozen=True, slots=True)
class OpponentsNoUpAfterUp:
    """When this player's worker moved up on their last turn, no worker of the
    other players may move up on their turns until this player acts again."""


Piece = (
    BuildBeforeMove
    | EnterOccupied
    | ExtraSteps
    | TeamRoam
    | WinByDescent
    | DomeAnyLevel
    | ExtraBuild
    | OpponentsNoUpAfterUp
)


@dataclass(frozen=True, slots=True)
class TurnRules:
    """What the powers of one player change in their turn; each field names its power.

    An empty string means the rule is off. Built by :func:`compose`; the plain
    game is ``TurnRules()``.
    """

    pre_build: str = ""
    pre_build_no_up: bool = False
    enter: tuple[tuple[EnterMode, Targets, str], ...] = ()
    extra_steps: int = 0
    extra_steps_power: str = ""
    extra_steps_not_back: bool = False
    team_roam: str = ""
    win_descent: int = 0
    win_descent_power: str = ""
    dome_any_level: str = ""
    extra_same: str = ""
    extra_same_blocks_only: bool = False
    extra_other: str = ""
    extra_other_blocks_only: bool = False
    marks_moved_up: str = ""
    blocks_opponents_up: str = ""

    @property
    def plain(self) -> bool:
        """True when no power changes the turn of this player."""
        return self == _PLAIN


_PLAIN = TurnRules()


NO_PARAMETERS: Mapping[str, Any] = MappingProxyType(
    {"type": "object", "additionalProperties": False, "properties": {}}
)


@dataclass(frozen=True, slots=True)
class PowerSpec:
    """A power: its id, a one-line summary in our words, its parameter schema and
    the function that builds its pieces from valid parameters."""

    id: str
    summary: str
    make: Callable[[Mapping[str, Any]], tuple[Piece, ...]]
    schema: Mapping[str, Any] = field(default_factory=lambda: NO_PARAMETERS)


def compose(powers: Iterable[tuple[str, tuple[Piece, ...]]]) -> TurnRules:
    """Fold the pieces of each ``(power id, pieces)`` into one :class:`TurnRules`.

    Two pieces of the same kind: the first power keeps the rule (a player holding
    two gods with the same hook uses one of them on a turn).
    """
    rules = _PLAIN
    for power, pieces in powers:
        for piece in pieces:
            rules = _add(rules, power, piece)
    return rules


def _add(rules: TurnRules, power: str, piece: Piece) -> TurnRules:
    if isinstance(piece, BuildBeforeMove):
        if rules.pre_build:
            return rules
        return replace(rules, pre_build=power, pre_build_no_up=piece.no_up)
    if isinstance(piece, EnterOccupied):
        return replace(rules, enter=(*rules.enter, (piece.mode, piece.targets, power)))
    if isinstance(piece, ExtraSteps):
        if rules.extra_steps:
            return rules
        return replace(
            rules,
            extra_steps=piece.count,
            extra_steps_power=power,
            extra_steps_not_back=piece.not_back,
        )
    if isinstance(piece, TeamRoam):
        return rules if rules.team_roam else replace(rules, team_roam=power)
    if isinstance(piece, WinByDescent):
        if rules.win_descent and rules.win_descent <= piece.levels:
            return rules
        return replace(rules, win_descent=piece.levels, win_descent_power=power)
    if isinstance(piece, DomeAnyLevel):
        return rules if rules.dome_any_level else replace(rules, dome_any_level=power)
    if isinstance(piece, ExtraBuild):
        if piece.same_space:
            if rules.extra_same:
                return rules
            return replace(rules, extra_same=power, extra_same_blocks_only=piece.blocks_only)
        if rules.extra_other:
            return rules
        return replace(rules, extra_other=power, extra_other_blocks_only=piece.blocks_only)
    if isinstance(piece, OpponentsNoUpAfterUp):
        if rules.blocks_opponents_up:
            return rules
        return replace(rules, blocks_opponents_up=power, marks_moved_up=power)
    raise TypeError(f"not a power piece: {piece!r}")
