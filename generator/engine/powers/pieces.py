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
- after each step: :class:`WinByDescent`; after the builds: :class:`WinByDome`
  (extra win conditions);
- the build: :class:`DomeAnyLevel`, :class:`ExtraBuild` (same space or another);
- the blessings' one-time changes (Sphinx riddles): :class:`ClimbHigher`,
  :class:`StayPut`, :class:`LevelLeap`, :class:`SwapOwn` (the step),
  :class:`FarBuild` (the main build);
- the opponents' turns: :class:`OpponentsNoUpAfterUp` (a per-turn mark, "moved
  up", that restricts the others on their next turn);
- the role abilities' patterns (Santorini: New York, RULES.md section 3):
  :class:`MovePattern` (slide, leap), :class:`ForceWorker` (push away, pull,
  toward a compass direction, onto the block just built, into the vacated
  space), :class:`BuildUnder`, :class:`BuildAround`, :class:`BothWorkersAct`;
- the end of the turn (after the builds): :class:`ForceLine` (force a worker along
  a line to the first free space), :class:`OrderMove` (a worker's owner must move
  it).

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
PatternKind = Literal["slide", "leap", "beside-skyscraper"]
ForceMode = Literal["away", "pull", "compass", "onto-build", "vacated"]
EndForceKind = Literal["line", "order-move"]
Compass = Literal["N", "E", "S", "W"]
EndForce = tuple[EndForceKind, tuple[Compass, ...], Targets, bool, str]
"""An end-of-turn force of :class:`TurnRules`: kind, directions, targets, required, power."""

MARK_MOVED_UP = 1
"""Per-turn mark: a worker of this player moved up during their last turn."""


@dataclass(frozen=True, slots=True)
class BuildBeforeMove:
    """The worker may build once before moving; then ``no_up`` forbids every upward step.

    ``piece``: ``next`` (the usual next piece) or ``skyscraper`` (a dome on a
    ground-level space: New York skyscrapers are encoded as ground-level domes,
    which nothing enters or builds on). ``required``: the build comes first
    whenever a space allows it (the usual turn only when none does).
    """

    no_up: bool = True
    piece: Literal["next", "skyscraper"] = "next"
    required: bool = False


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
class WinByDome:
    """The player also wins when a build of their turn places a rooftop: a dome on a
    level-3 tower. A dome on a lower level (a skyscraper, which New York builds on
    the ground, or Atlas's dome) is no rooftop and does not win."""


@dataclass(frozen=True, slots=True)
class DomeAnyLevel:
    """Every build of the turn may place a dome on any level instead of a block."""


@dataclass(frozen=True, slots=True)
class ExtraBuild:
    """After the main build, one optional build more.

    ``same_space``: on the space just built on (else on a different space).
    ``blocks_only``: the extra piece may not be a dome. ``required``: the turn must
    include it (with ``same_space`` and ``blocks_only``: unless the first piece was
    a dome, after which no block can follow).
    """

    same_space: bool
    blocks_only: bool = False
    required: bool = False  # the single build is not a ply (a "must" card)


@dataclass(frozen=True, slots=True)
class ClimbHigher:
    """A step may climb up to ``levels`` levels at once (instead of one)."""

    levels: int = 2


@dataclass(frozen=True, slots=True)
class StayPut:
    """The worker may build without moving first (its step is skipped)."""


@dataclass(frozen=True, slots=True)
class LevelLeap:
    """Instead of a step, the worker may go to any free, undomed land space of its
    own level, anywhere on the board."""


@dataclass(frozen=True, slots=True)
class SwapOwn:
    """Instead of moving, the worker may trade places with another worker of the
    same player, anywhere on the board (levels do not matter). The trade is the
    whole move: no extra step (Artemis's) comes before or after it."""


@dataclass(frozen=True, slots=True)
class FarBuild:
    """The main build may go two steps away instead of next to the worker: on a
    build neighbour of a build neighbour that is neither the worker's space nor
    next to it (so nothing is built across the sea or a bridge)."""


@dataclass(frozen=True, slots=True)
class OpponentsNoUpAfterUp:
    """When this player's worker moved up on their last turn, no worker of the
    other players may move up on their turns until this player acts again."""


@dataclass(frozen=True, slots=True)
class MovePattern:
    """More destinations for the step (the climbing limit still holds).

    ``slide``: along a row or column, passing over occupied spaces (a figure or a
    dome), to the first unoccupied one (the edge or the sea first: no slide).
    ``leap``: exactly one of ``distances`` spaces in a straight line (the eight
    directions, or the four orthogonal ones when ``directions`` is 4), passing
    over anything. ``beside-skyscraper``: along a row or column, passing over
    anything, to any unoccupied space next to a skyscraper (a ground-level dome).
    ``exclusive``: these are the only destinations (the usual
    one-space step and any other step power are not offered).
    """

    kind: PatternKind
    distances: tuple[int, ...] = (2, 3)
    directions: int = 8
    exclusive: bool = False  # the pattern replaces the usual step (a "must" card)


@dataclass(frozen=True, slots=True)
class ForceWorker:
    """The player may force one worker (a forced worker ignores climbing limits and
    lands on a free undomed land space; it never wins by being moved).

    After the move: ``away`` pushes a worker next to the moved one a space straight
    away from it; ``pull`` drags a worker standing straight behind the vacated
    space into it; ``compass`` moves a worker next to the moved one a space toward
    ``direction``; ``vacated`` forces any worker next to the space the moved worker
    left into that space (chosen before the move, forced after it). After the
    build: ``onto-build`` moves a worker next to the space just built onto that
    block (never onto a dome). ``required``: when a force is possible the turn must
    make one (a New York "if possible"); otherwise forcing is optional.
    """

    mode: ForceMode
    direction: Compass = "N"
    targets: Targets = "opponents"
    required: bool = False


@dataclass(frozen=True, slots=True)
class ForceLine:
    """At the end of the turn (after the builds) force a worker next to the acting one
    along a row or column, toward one of ``directions``, to the first unoccupied
    space (no figure, no dome), passing over anything between; the edge or the sea
    first: no force that way. ``required``: when possible, one force is a must."""

    directions: tuple[Compass, ...] = ("N", "S")
    targets: Targets = "opponents"
    required: bool = True


@dataclass(frozen=True, slots=True)
class OrderMove:
    """At the end of the turn (after the builds) the player chooses a worker next to
    the acting one; that worker's owner must move it one usual step (a neighbouring
    free undomed space at most one level up, no build) when it can. ``required``:
    the player must choose one when any is next to the acting worker (choosing one
    that cannot move changes nothing). The owner chooses the destination: such
    plies carry ``owner_chooses`` (see :class:`~.stages.Ply`). A move made on
    another player's turn never wins (:data:`ORDERED_MOVE_WINS`)."""

    targets: Targets = "opponents"
    required: bool = True


ORDERED_MOVE_WINS = False
"""Decision (the rules are silent): a worker moved on another player's turn, by that
player's order, does not win by climbing, as a forced worker does not."""


@dataclass(frozen=True, slots=True)
class BuildUnder:
    """The worker builds under itself and stands on the new block (a rise never wins).

    ``instead``: optionally, in place of the usual build (not on level 3).
    ``before-move``: it must, before moving; then it moves (climbing from its new
    level) and builds as usual. On level 3 that piece is a rooftop (a dome) and the
    worker leaves the game (its square becomes ``NO_SQUARE``), ending the turn.
    """

    timing: Literal["instead", "before-move"] = "instead"


@dataclass(frozen=True, slots=True)
class BuildAround:
    """The builds may go around a chosen worker instead of the moved one: any other
    worker of the player (``own``), or any worker next to the moved one
    (``neighbour``). Every build of the turn is then next to that worker."""

    whose: Literal["own", "neighbour"] = "own"


@dataclass(frozen=True, slots=True)
class BothWorkersAct:
    """Both of the player's workers step (one after the other, either order), then
    both build; a climb onto level 3 ends the turn at once. When no ply lets both
    act, one worker takes the usual turn (the New York "if possible")."""


Piece = (
    BuildBeforeMove
    | EnterOccupied
    | ExtraSteps
    | TeamRoam
    | WinByDescent
    | WinByDome
    | DomeAnyLevel
    | ExtraBuild
    | OpponentsNoUpAfterUp
    | MovePattern
    | ForceWorker
    | ForceLine
    | OrderMove
    | BuildUnder
    | BuildAround
    | BothWorkersAct
    | ClimbHigher
    | StayPut
    | LevelLeap
    | SwapOwn
    | FarBuild
)


@dataclass(frozen=True, slots=True)
class TurnRules:
    """What the powers of one player change in their turn; each field names its power.

    An empty string means the rule is off. Built by :func:`compose`; the plain
    game is ``TurnRules()``.
    """

    pre_build: str = ""
    pre_build_no_up: bool = False
    pre_build_skyscraper: bool = False
    pre_build_required: bool = False
    enter: tuple[tuple[EnterMode, Targets, str], ...] = ()
    extra_steps: int = 0
    extra_steps_power: str = ""
    extra_steps_not_back: bool = False
    team_roam: str = ""
    win_descent: int = 0
    win_descent_power: str = ""
    win_by_dome: str = ""
    dome_any_level: str = ""
    extra_same: str = ""
    extra_same_blocks_only: bool = False
    extra_same_required: bool = False
    extra_other: str = ""
    extra_other_blocks_only: bool = False
    extra_other_required: bool = False
    marks_moved_up: str = ""
    blocks_opponents_up: str = ""
    move_patterns: tuple[tuple[PatternKind, tuple[int, ...], int, str], ...] = ()
    patterns_only: bool = False
    forces: tuple[tuple[ForceMode, Compass, Targets, bool, str], ...] = ()
    end_forces: tuple[EndForce, ...] = ()
    build_under: str = ""
    build_under_first: str = ""
    build_around: str = ""
    build_around_whose: str = "own"
    both_act: str = ""
    climb_levels: int = 0
    climb_power: str = ""
    stay: str = ""
    level_leap: str = ""
    swap_own: str = ""
    far_build: str = ""

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
        return replace(rules, pre_build=power, pre_build_no_up=piece.no_up,
                       pre_build_skyscraper=piece.piece == "skyscraper",
                       pre_build_required=piece.required)
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
    if isinstance(piece, WinByDome):
        return rules if rules.win_by_dome else replace(rules, win_by_dome=power)
    if isinstance(piece, DomeAnyLevel):
        return rules if rules.dome_any_level else replace(rules, dome_any_level=power)
    if isinstance(piece, ExtraBuild):
        if piece.same_space:
            if rules.extra_same:
                return rules
            return replace(rules, extra_same=power, extra_same_blocks_only=piece.blocks_only,
                           extra_same_required=piece.required)
        if rules.extra_other:
            return rules
        return replace(rules, extra_other=power, extra_other_blocks_only=piece.blocks_only,
                       extra_other_required=piece.required)
    if isinstance(piece, MovePattern):
        pattern = (piece.kind, piece.distances, piece.directions, power)
        return replace(rules, move_patterns=(*rules.move_patterns, pattern),
                       patterns_only=rules.patterns_only or piece.exclusive)
    if isinstance(piece, ForceWorker):
        force = (piece.mode, piece.direction, piece.targets, piece.required, power)
        return replace(rules, forces=(*rules.forces, force))
    if isinstance(piece, ForceLine):
        line: EndForce = ("line", piece.directions, piece.targets, piece.required, power)
        return replace(rules, end_forces=(*rules.end_forces, line))
    if isinstance(piece, OrderMove):
        order: EndForce = ("order-move", (), piece.targets, piece.required, power)
        return replace(rules, end_forces=(*rules.end_forces, order))
    if isinstance(piece, BuildUnder):
        if piece.timing == "before-move":
            return rules if rules.build_under_first else replace(rules, build_under_first=power)
        return rules if rules.build_under else replace(rules, build_under=power)
    if isinstance(piece, BuildAround):
        if rules.build_around:
            return rules
        return replace(rules, build_around=power, build_around_whose=piece.whose)
    if isinstance(piece, BothWorkersAct):
        return rules if rules.both_act else replace(rules, both_act=power)
    if isinstance(piece, ClimbHigher):
        if rules.climb_levels >= piece.levels:
            return rules
        return replace(rules, climb_levels=piece.levels, climb_power=power)
    if isinstance(piece, StayPut):
        return rules if rules.stay else replace(rules, stay=power)
    if isinstance(piece, LevelLeap):
        return rules if rules.level_leap else replace(rules, level_leap=power)
    if isinstance(piece, SwapOwn):
        return rules if rules.swap_own else replace(rules, swap_own=power)
    if isinstance(piece, FarBuild):
        return rules if rules.far_build else replace(rules, far_build=power)
    if isinstance(piece, OpponentsNoUpAfterUp):
        if rules.blocks_opponents_up:
            return rules
        return replace(rules, blocks_opponents_up=power, marks_moved_up=power)
    raise TypeError(f"not a power piece: {piece!r}")
