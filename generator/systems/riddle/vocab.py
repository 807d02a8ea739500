"""What every goal and every end-of-turn effect provides, and how they are registered.

A goal or an effect is one small module in ``goals/`` or ``effects/`` defining a
frozen dataclass and naming it ``GOAL`` or ``EFFECT``; the package finds it, so
adding one is adding one module. Each class carries:

- ``NAME``: the word used in YAML (``stand``, ``remove-top``...);
- ``SCHEMA``: the JSON Schema of its parameters, exactly as it appears in
  ``schemas/riddle.schema.json`` (a test keeps the two in sync);
- ``from_params(params, site) -> (instance | None, problems)``: build it from
  schema-valid parameters, resolving coordinates on the riddle's map;
- ``iter_problems(riddle) -> Iterator[Problem]``: what makes it unworkable on
  this riddle (a stand on the sea, a sink after the turn limit...).

Goals add ``is_met(ctx, state)``, ``min_turns(ctx, state)`` and ``deadline()``
(see :class:`Goal`); effects add ``apply(ctx, state, turn)`` (see :class:`Effect`).
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from generator.engine.geometry import Geometry, Square, parse_square

if TYPE_CHECKING:
    from generator.systems.riddle.context import RiddleContext
    from generator.systems.riddle.model import Riddle
    from generator.systems.riddle.state import RiddleState

UNREACHABLE = 1 << 30
"""``min_turns`` of a goal that can never be met from a state (prune it)."""

DocPath = tuple[Any, ...]


@dataclass(frozen=True, slots=True)
class Problem:
    """A problem found while reading or checking a riddle, at a path of its document."""

    code: str
    message: str
    path: DocPath
    hint: str = ""


@dataclass(frozen=True, slots=True)
class ParseSite:
    """Where a goal or an effect is written, and what it may refer to.

    ``path`` is the document path of its parameters; ``objective`` the index of
    the objective a goal belongs to (-1 for effects); ``parse_goal`` reads a
    nested goal (``all_of``/``any_of`` use it).
    """

    geometry: Geometry
    path: DocPath
    objective: int = -1
    parse_goal: Callable[[Any, ParseSite], tuple[Goal | None, list[Problem]]] | None = field(
        default=None, repr=False, compare=False)

    def at(self, *keys: Any) -> ParseSite:
        """The site of a value nested under this one."""
        return ParseSite(self.geometry, self.path + keys, self.objective, self.parse_goal)

    def square(self, name: str, *keys: Any) -> tuple[Square | None, list[Problem]]:
        """The square of a coordinate written at ``path + keys`` (None when off the map)."""
        try:
            return parse_square(self.geometry.width, self.geometry.height, name), []
        except ValueError:
            g = self.geometry
            return None, [Problem("RS-G007", f"{name} is outside the {g.width}x{g.height} map",
                                  self.path + keys,
                                  f"columns A-{chr(64 + g.width)}, rows 1-{g.height}")]


class Goal(Protocol):
    """A goal: a predicate on solver states plus a bound for A*.

    ``is_met(ctx, state)``: true when the goal holds in ``state``, an end-of-turn
    state (objectives are judged at the end of a turn; ``state.turn`` is the
    number of the turn just played).

    ``min_turns(ctx, state)``: an admissible lower bound on the number of further
    turns before the goal can hold: 0 when it holds now, at least 1 otherwise,
    :data:`UNREACHABLE` when it never can. Bounds assume what a turn can do
    without god powers or blessings (one worker moves once, one piece is built)
    when ``ctx.plain_turns`` is set; otherwise they fall back to 0/1.

    ``deadline()``: the last turn at which the goal can hold (``within``), or None.
    """

    NAME: ClassVar[str]
    SCHEMA: ClassVar[dict[str, Any]]
    CHANCE: ClassVar[bool]

    def is_met(self, ctx: RiddleContext, state: RiddleState) -> bool: ...

    def min_turns(self, ctx: RiddleContext, state: RiddleState) -> int: ...

    def deadline(self) -> int | None: ...

    def iter_problems(self, riddle: Riddle) -> Iterator[Problem]: ...

    def to_params(self, geometry: Geometry) -> Any: ...


class Effect(Protocol):
    """An end-of-turn effect.

    ``apply(ctx, state, turn)`` returns every state the group may choose after the
    effect (never empty; one state when there is no choice, such as a tie for the
    closest worker). ``turn`` is the number of the turn that just ended.
    """

    NAME: ClassVar[str]
    SCHEMA: ClassVar[dict[str, Any]]

    def apply(self, ctx: RiddleContext, state: RiddleState, turn: int
              ) -> tuple[RiddleState, ...]: ...

    def iter_problems(self, riddle: Riddle) -> Iterator[Problem]: ...

    def to_params(self, geometry: Geometry) -> Any: ...


def table(package: str, classes: tuple[Any, ...]) -> Mapping[str, Any]:
    """Name -> class of ``classes``, each with its YAML ``NAME`` (sorted, read-only): the
    explicit table of a vocabulary package, one entry per module. Two classes of one
    name are refused.

    >>> from generator.systems.riddle.effects import sink
    >>> sorted(table("effects", (sink.EFFECT,)))
    ['sink']
    """
    found: dict[str, Any] = {}
    for cls in classes:
        if cls.NAME in found:
            raise ValueError(f"{package}: two modules register '{cls.NAME}'")
        found[cls.NAME] = cls
    return MappingProxyType(dict(sorted(found.items())))


def square_names(geometry: Geometry, squares: tuple[Square, ...]) -> list[str]:
    return [geometry.name(sq) for sq in squares]
