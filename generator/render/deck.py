"""What a game system hands to the print targets: decks, token sets and books.

The ``pnp`` target (home printing) is each system's own build. The other
targets (``pro`` for print shops, ``tts`` for Tabletop Simulator) and the
home-printing variants (fold-and-glue, ink saver, A5 booklets) are written
from these values by :mod:`generator.render.targets`, the same way for every
system. A system offers them through optional ``decks``, ``token_sets`` and
``books`` methods (see :class:`generator.systems.PrintSource`).

>>> from .scene import Scene
>>> face = Scene(69.5, 94.9, id="a")
>>> deck = Deck("gods", "God cards", 63.5, 88.9, 3.0, (face, face), (face, face))
>>> (deck.count, deck.unique_backs)
(2, False)
"""
from __future__ import annotations

from dataclasses import dataclass

from .scene import Scene

_EPS = 0.01


@dataclass(frozen=True, slots=True)
class Deck:
    """A deck of cards: trim size (mm), bleed, and one front and one back scene per card.

    Every scene is the trim size plus ``bleed`` on each side. ``names`` are the
    cards' names (for the virtual tabletop), one per card or none at all.
    ``source`` is where the deck is set up in the pack (file, line, column), for
    the diagnostics of the print targets; None: where the pack sets its card size.
    """

    id: str
    title: str
    width: float
    height: float
    bleed: float
    fronts: tuple[Scene, ...]
    backs: tuple[Scene, ...]
    names: tuple[str, ...] = ()
    source: tuple[str, int, int] | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "fronts", tuple(self.fronts))
        object.__setattr__(self, "backs", tuple(self.backs))
        object.__setattr__(self, "names", tuple(self.names))
        if not self.fronts or len(self.fronts) != len(self.backs):
            raise ValueError(f"deck {self.id!r}: needs cards and one back per front "
                             f"({len(self.fronts)} fronts, {len(self.backs)} backs)")
        if self.names and len(self.names) != len(self.fronts):
            raise ValueError(f"deck {self.id!r}: {len(self.names)} names for {len(self.fronts)} cards")
        w, h = self.width + 2 * self.bleed, self.height + 2 * self.bleed
        for scene in (*self.fronts, *self.backs):
            if abs(scene.width - w) > _EPS or abs(scene.height - h) > _EPS:
                raise ValueError(f"deck {self.id!r}: scene {scene.id!r} is {scene.width:g} x "
                                 f"{scene.height:g} mm, expected {w:g} x {h:g} (trim plus bleed)")

    @property
    def count(self) -> int:
        """Number of cards (copies counted)."""
        return len(self.fronts)

    @property
    def unique_backs(self) -> bool:
        """True when the cards do not all share one back."""
        return len(set(self.backs)) > 1


def _check_squares(what: str, items: str, scenes: tuple[Scene, ...], names: tuple[str, ...],
                   size: float) -> None:
    """Raise unless every scene is ``size`` mm square and ``names`` is empty or one a scene."""
    if names and len(names) != len(scenes):
        raise ValueError(f"{what}: {len(names)} names for {len(scenes)} {items}")
    for scene in scenes:
        if abs(scene.width - size) > _EPS or abs(scene.height - size) > _EPS:
            raise ValueError(f"{what}: scene {scene.id!r} is not {size:g} mm square")


@dataclass(frozen=True, slots=True)
class TokenSet:
    """Tokens of one size: each a scene of ``size`` x ``size`` mm, drawn to its edge.

    ``round`` says whether the tokens are cut as discs (otherwise squares).
    """

    id: str
    title: str
    size: float
    tokens: tuple[Scene, ...]
    round: bool = True
    names: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "tokens", tuple(self.tokens))
        object.__setattr__(self, "names", tuple(self.names))
        if not self.tokens:
            raise ValueError(f"token set {self.id!r} is empty")
        _check_squares(f"token set {self.id!r}", "tokens", self.tokens, self.names, self.size)


@dataclass(frozen=True, slots=True)
class Book:
    """A book's pages (all of one size) and its chapters: (title, 0-based page index),
    each at its depth in ``levels`` (0 when missing: see ``Document.outline_levels``)."""

    id: str
    title: str
    pages: tuple[Scene, ...]
    chapters: tuple[tuple[str, int], ...] = ()
    levels: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "pages", tuple(self.pages))
        object.__setattr__(self, "chapters", tuple(self.chapters))
        object.__setattr__(self, "levels", tuple(self.levels))
        if not self.pages:
            raise ValueError(f"book {self.id!r} has no pages")
        first = self.pages[0]
        for page in self.pages:
            if abs(page.width - first.width) > _EPS or abs(page.height - first.height) > _EPS:
                raise ValueError(f"book {self.id!r}: pages differ in size")
        for _, n in self.chapters:
            if not 0 <= n < len(self.pages):
                raise ValueError(f"book {self.id!r}: chapter page {n} out of range")


PIECE_KINDS = ("board", "tile", "token")
"""What a :class:`Piece` is on a virtual table: a board lies flat and stays put, a tile
is a thin square piece, a token a thin (round or square) counter."""


@dataclass(frozen=True, slots=True)
class Piece:
    """A flat playing piece that is not a card: a board, tile or token, with ``copies``
    of it in the box.

    ``front`` (and ``back``, None when the back is blank) is ``width`` x ``height`` mm,
    drawn to its edge (no bleed): what the player sees on the table.

    >>> from .scene import Scene
    >>> Piece("map-a", "Map A", "board", Scene(80, 80, id="a")).width
    80.0
    """

    id: str
    title: str
    kind: str
    front: Scene
    back: Scene | None = None
    copies: int = 1
    round: bool = False

    def __post_init__(self) -> None:
        if self.kind not in PIECE_KINDS:
            raise ValueError(f"piece {self.id!r}: kind {self.kind!r} is not one of "
                             f"{', '.join(PIECE_KINDS)}")
        if self.copies < 1:
            raise ValueError(f"piece {self.id!r}: needs at least one copy")
        if self.back is not None and (abs(self.back.width - self.front.width) > _EPS
                                      or abs(self.back.height - self.front.height) > _EPS):
            raise ValueError(f"piece {self.id!r}: its back and front differ in size")

    @property
    def width(self) -> float:
        """Width (mm)."""
        return float(self.front.width)

    @property
    def height(self) -> float:
        """Height (mm)."""
        return float(self.front.height)


@dataclass(frozen=True, slots=True)
class Die:
    """A die: its faces in order, each a ``size`` x ``size`` mm scene drawn to its edge,
    and what each face is called (what a roll shows on a virtual table).

    >>> from .scene import Scene
    >>> Die("d", "A die", 16.0, (Scene(16, 16, id="a"), Scene(16, 16, id="b"))).size
    16.0
    """

    id: str
    title: str
    size: float
    faces: tuple[Scene, ...]
    names: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "faces", tuple(self.faces))
        object.__setattr__(self, "names", tuple(self.names))
        if len(self.faces) < 2:
            raise ValueError(f"die {self.id!r}: needs at least two faces")
        _check_squares(f"die {self.id!r}", "faces", self.faces, self.names, self.size)


def crop_scene(scene: Scene, x: float, y: float, w: float, h: float, ident: str) -> Scene:
    """The ``w`` x ``h`` mm part of ``scene`` whose top left corner is at (x, y), as a
    scene of its own (for a piece drawn on a printed sheet).

    >>> crop_scene(Scene(210, 297, id="page"), 10, 20, 50, 30, "part").width
    50
    """
    from .scene import Group, Rect

    return Scene(w, h, (Group((Group(scene.children, translate=(-x, -y)),),
                              clip=Rect(0, 0, w, h)),), id=ident)
