"""The display list every renderer builds and every backend draws.

Units are millimetres, y grows downwards and the origin is the top-left corner,
as on a printed page. Text sizes are in points (the unit designers think in).
All values are frozen and hashable: sequences are stored as tuples (lists
passed in are converted), so two equal scenes compare equal and can be cached.

>>> card = Scene(63.5, 88.9, (Rect(0, 0, 63.5, 88.9, Style(fill="#ffffff")),), id="card")
>>> card.children[0].style.fill
'#ffffff'
>>> hash(card) == hash(Scene(63.5, 88.9, [Rect(0, 0, 63.5, 88.9, Style(fill="#ffffff"))], id="card"))
True

Coordinates are plain floats; colours are ``"#rrggbb"`` strings (checked).
Groups carry transforms applied in this order: translate, then rotate
(degrees, clockwise on the page, about the group's origin), then scale. A
group's ``clip`` (a rectangle, or a circle for round tokens) is in the group's
own (transformed) coordinates.
"""
from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

MM_PER_PT = 25.4 / 72.0
"""Millimetres per typographic point."""

_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
_PATH_ARITY = {"M": 2, "L": 2, "C": 6, "Q": 4, "Z": 0}


# Control characters have no glyph and are not allowed in XML: both backends drop them.
_CONTROL_TABLE: dict[int, str | None] = {**dict.fromkeys([*range(32), *range(0x7F, 0xA0)]), 9: " "}


def strip_control(text: str) -> str:
    r"""Return ``text`` without control characters; a tab becomes a space.

    >>> strip_control("a\tb\x00c\n")
    'a bc'
    """
    return text.translate(_CONTROL_TABLE)


_COLOURS_SEEN: set[str] = set()
"""Colours already found well formed (a scene repeats a few hundred colours many times)."""


def _check_colour(value: str | None, what: str) -> None:
    if value is None or value in _COLOURS_SEEN:
        return
    if not _COLOUR.fullmatch(value):
        raise ValueError(f"{what} must be a colour like '#1a2b3c' or None, got {value!r}")
    if len(_COLOURS_SEEN) < 4096:
        _COLOURS_SEEN.add(value)


def _check_finite(values: Sequence[float], what: str) -> None:
    if all(map(math.isfinite, values)):
        return
    for v in values:
        if not math.isfinite(v):
            raise ValueError(f"{what} must be finite numbers, got {v!r}")


def _freeze_points(obj: object, points: Sequence[Sequence[float]]) -> None:
    frozen = tuple((float(x), float(y)) for x, y in points)
    _check_finite([c for p in frozen for c in p], "points")
    object.__setattr__(obj, "points", frozen)


@dataclass(frozen=True, slots=True)
class Style:
    """How a shape is painted. ``None`` means no fill or no stroke.

    ``stroke_width`` and ``dash`` (on/off lengths) are in mm; ``opacity``
    applies to both fill and stroke.
    """

    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.25
    dash: tuple[float, ...] = ()
    opacity: float = 1.0

    def __post_init__(self) -> None:
        _check_colour(self.fill, "fill")
        _check_colour(self.stroke, "stroke")
        object.__setattr__(self, "dash", tuple(float(d) for d in self.dash))
        if self.stroke_width < 0 or not 0.0 <= self.opacity <= 1.0:
            raise ValueError("stroke_width must be >= 0 and opacity within 0..1")


NO_STYLE = Style()


@dataclass(frozen=True, slots=True)
class Rect:
    """An axis-aligned rectangle; ``rx`` rounds its corners (mm)."""

    x: float
    y: float
    w: float
    h: float
    style: Style = NO_STYLE
    rx: float = 0.0


@dataclass(frozen=True, slots=True)
class Circle:
    """A circle centred on (cx, cy)."""

    cx: float
    cy: float
    r: float
    style: Style = NO_STYLE


@dataclass(frozen=True, slots=True)
class Line:
    """A straight segment; only its stroke is drawn."""

    x1: float
    y1: float
    x2: float
    y2: float
    style: Style = NO_STYLE


@dataclass(frozen=True, slots=True)
class Polyline:
    """An open chain of segments through ``points``."""

    points: tuple[tuple[float, float], ...]
    style: Style = NO_STYLE

    def __post_init__(self) -> None:
        _freeze_points(self, self.points)


@dataclass(frozen=True, slots=True)
class Polygon:
    """A closed shape through ``points``."""

    points: tuple[tuple[float, float], ...]
    style: Style = NO_STYLE

    def __post_init__(self) -> None:
        _freeze_points(self, self.points)


@dataclass(frozen=True, slots=True)
class Path:
    """A path of absolute commands in mm.

    Each command is a tuple: ``("M", x, y)``, ``("L", x, y)``,
    ``("C", x1, y1, x2, y2, x, y)``, ``("Q", x1, y1, x, y)`` or ``("Z",)``.

    >>> Path((("M", 0, 0), ("L", 5, 0), ("Z",))).commands[1]
    ('L', 5.0, 0.0)
    """

    commands: tuple[tuple[str | float, ...], ...]
    style: Style = NO_STYLE

    def __post_init__(self) -> None:
        frozen: list[tuple[str | float, ...]] = []
        for cmd in self.commands:
            if not cmd or cmd[0] not in _PATH_ARITY:
                raise ValueError(f"path command must start with one of M L C Q Z, got {cmd!r}")
            op = str(cmd[0])
            args = tuple(map(float, cmd[1:]))
            if len(args) != _PATH_ARITY[op]:
                raise ValueError(f"path command {op} takes {_PATH_ARITY[op]} numbers, got {cmd!r}")
            _check_finite(args, "path coordinates")
            frozen.append((op, *args))
        if frozen and frozen[0][0] != "M":
            raise ValueError("a path must start with an M command")
        object.__setattr__(self, "commands", tuple(frozen))


@dataclass(frozen=True, slots=True)
class Text:
    """One line of text, drawn as is (no markup, no wrapping).

    (x, y) is the baseline point; ``anchor`` says whether x is the start,
    middle or end of the text. ``font`` is a family of :mod:`.fonts`
    ("sans" or "serif"); ``size`` is in points.
    """

    x: float
    y: float
    text: str
    font: str = "sans"
    size: float = 10.0
    fill: str = "#000000"
    anchor: str = "start"
    bold: bool = False
    italic: bool = False

    def __post_init__(self) -> None:
        _check_colour(self.fill, "text fill")
        if self.anchor not in ("start", "middle", "end"):
            raise ValueError(f"anchor must be start, middle or end, got {self.anchor!r}")
        if not self.size > 0:
            raise ValueError(f"text size must be positive, got {self.size!r}")


@dataclass(frozen=True, slots=True)
class TextBlock:
    """Text laid out by :func:`.text.fit_text`: runs and inline icons.

    The runs and icons are positioned relative to the top-left corner of the
    box they were fitted into (``width`` x ``height``); (x, y) places that
    corner. Use :meth:`at` to move a block.
    """

    runs: tuple[Text, ...]
    icons: tuple[Element, ...] = ()
    width: float = 0.0
    height: float = 0.0
    x: float = 0.0
    y: float = 0.0

    def __post_init__(self) -> None:
        object.__setattr__(self, "runs", tuple(self.runs))
        object.__setattr__(self, "icons", tuple(self.icons))

    def at(self, x: float, y: float) -> TextBlock:
        """Return the same block with its box's top-left corner at (x, y)."""
        return TextBlock(self.runs, self.icons, self.width, self.height, x, y)


IMAGE_FORMATS = ("png", "jpeg", "svg")


@dataclass(frozen=True, slots=True)
class Image:
    """A picture stretched over the box (x, y, w, h): PNG, JPEG or SVG ``data``.

    Fitting (cover, contain) is the caller's business (see :mod:`.art`): the
    backends draw the whole picture into the box, clipped by any enclosing group.
    """

    x: float
    y: float
    w: float
    h: float
    data: bytes
    format: str

    def __post_init__(self) -> None:
        if self.format not in IMAGE_FORMATS:
            raise ValueError(f"image format must be one of {', '.join(IMAGE_FORMATS)}, got {self.format!r}")
        _check_finite((self.x, self.y, self.w, self.h), "image box")
        if not (self.w > 0 and self.h > 0):
            raise ValueError(f"image size must be positive, got {self.w} x {self.h}")


@dataclass(frozen=True, slots=True)
class Group:
    """Children drawn under a transform, optionally clipped to a rectangle or a circle.

    Only the clip's geometry counts (its style is ignored). ``id`` becomes the SVG element id (kept unique by the SVG backend).
    """

    children: tuple[Element, ...] = ()
    translate: tuple[float, float] = (0.0, 0.0)
    rotate: float = 0.0
    scale: float = 1.0
    clip: Rect | Circle | None = None
    id: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "children", tuple(self.children))
        tx, ty = self.translate
        object.__setattr__(self, "translate", (float(tx), float(ty)))
        _check_finite((tx, ty, self.rotate, self.scale), "group transform")


Element = Rect | Circle | Line | Polyline | Polygon | Path | Text | TextBlock | Group | Image
"""Anything that can appear in a scene."""


@dataclass(frozen=True, slots=True)
class Scene:
    """One drawing (a card, a page, a map) of ``width`` x ``height`` mm."""

    width: float
    height: float
    children: tuple[Element, ...] = ()
    id: str = "scene"

    def __post_init__(self) -> None:
        object.__setattr__(self, "children", tuple(self.children))
        if not (self.width > 0 and self.height > 0):
            raise ValueError(f"scene size must be positive, got {self.width} x {self.height}")


@dataclass(frozen=True, slots=True)
class Document:
    """Pages for one PDF. ``duplex`` asks viewers to print long-edge duplex."""

    pages: tuple[Scene, ...]
    title: str = ""
    author: str = ""
    subject: str = ""
    duplex: bool = False
    keywords: tuple[str, ...] = field(default=())
    cmyk: bool = False
    """Write every colour as DeviceCMYK (for print shops); images are converted too."""
    rich_black: bool = False
    """With ``cmyk``: large black areas in rich black (see :mod:`.pdf`); text and lines stay K."""
    trim_inset: float | None = None
    """When set, every page gets a TrimBox this many mm inside the paper edge."""
    bleed_inset: float = 0.0
    """With ``trim_inset``: the BleedBox's distance (mm) inside the paper edge."""
    outline: tuple[tuple[str, int], ...] = ()
    """Bookmarks: (title, 0-based page index), shown by viewers as the outline."""
    outline_levels: tuple[int, ...] = ()
    """Each bookmark's depth (0 top), in the order of ``outline``; missing ones are 0. A
    bookmark is at most one level deeper than the one before it."""
    flip_short_edge: bool = False
    """With ``duplex``: flip on the short edge (landscape booklets)."""
    output_intent: tuple[str, str, str] | None = None
    """A PDF/X output intent: (condition identifier, registry, condition name); with
    ``cmyk``, for print shops that ask for PDF/X-1a."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "pages", tuple(self.pages))
        object.__setattr__(self, "keywords", tuple(self.keywords))
        object.__setattr__(self, "outline", tuple((str(t), int(n)) for t, n in self.outline))
        object.__setattr__(self, "outline_levels", tuple(int(v) for v in self.outline_levels))
        depth = -1
        for level in self.outline_levels:
            if not 0 <= level <= depth + 1:
                raise ValueError(f"outline level {level} comes after level {depth}: a bookmark "
                                 "is at most one level deeper than the one before it")
            depth = level
        if not self.pages:
            raise ValueError("a document needs at least one page")


def painted_box(el: Element) -> tuple[float, float, float, float] | None:
    """The box (x0, y0, x1, y1) a shape or picture paints in its own units, or None for
    text, groups and empty shapes (they are measured, if at all, by their callers).

    >>> painted_box(Circle(5, 5, 2)), painted_box(Rect(1, 2, 3, 4))
    ((3, 3, 7, 7), (1, 2, 4, 6))
    """
    if isinstance(el, (Rect, Image)):
        return (el.x, el.y, el.x + el.w, el.y + el.h)
    if isinstance(el, Circle):
        return (el.cx - el.r, el.cy - el.r, el.cx + el.r, el.cy + el.r)
    if isinstance(el, (Polygon, Polyline)):
        xs, ys = [p[0] for p in el.points], [p[1] for p in el.points]
        return (min(xs), min(ys), max(xs), max(ys)) if xs else None
    if isinstance(el, Path):
        nums = [float(v) for cmd in el.commands for v in cmd[1:]]
        xs, ys = nums[0::2], nums[1::2]
        return (min(xs), min(ys), max(xs), max(ys)) if xs else None
    return None
