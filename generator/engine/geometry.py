"""Board geometry: which spaces exist, who neighbours whom, and the map's symmetries.

A geometry is a rectangle of at most 8x8 spaces, some of which may be sea (not on
the board). Squares are plain ints, ``row * width + col``, row 0 at the top, so a
set of squares is an int bitboard. Everything the move generator needs per square
is precomputed here once: the move-neighbour and build-neighbour masks (bridges
join two spaces for moving only) and the permutations of the symmetry group.

>>> g = Geometry.from_ascii('''
... . ~ .
... . . .
... ''', bridges=[("A1", "C1")])
>>> g.name(g.square("C1")), bin(g.move_neighbours[g.square("A1")])
('C1', '0b11100')
>>> len(g.symmetries)
2
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

Square = int
"""A space: ``row * width + col``; row 0 is the top row, column 0 is column ``A``."""

Bitboard = int
"""A set of squares: bit ``sq`` is set when square ``sq`` is in the set."""

NO_SQUARE: Square = -1
"""Marks a figure that is not on the board (not placed yet, or removed)."""

MAX_SIDE = 8
COLUMN_LETTERS = "ABCDEFGH"
SEA_CHARS = "~"

# The eight symmetries of a square, as maps of (col, row) on an n x n grid; each
# takes (width, height, col, row) and returns the image (col, row). The four that
# swap the axes only map a rectangle onto itself when width == height.
_Formula = Callable[[int, int, int, int], tuple[int, int]]
_SYMMETRY_FORMULAS: tuple[tuple[str, bool, _Formula], ...] = (
    ("identity", False, lambda w, h, c, r: (c, r)),
    ("rotate-180", False, lambda w, h, c, r: (w - 1 - c, h - 1 - r)),
    ("mirror-left-right", False, lambda w, h, c, r: (w - 1 - c, r)),
    ("mirror-top-bottom", False, lambda w, h, c, r: (c, h - 1 - r)),
    ("rotate-90", True, lambda w, h, c, r: (h - 1 - r, c)),
    ("rotate-270", True, lambda w, h, c, r: (r, w - 1 - c)),
    ("transpose", True, lambda w, h, c, r: (r, c)),
    ("anti-transpose", True, lambda w, h, c, r: (h - 1 - r, w - 1 - c)),
)


@dataclass(frozen=True, slots=True)
class Symmetry:
    """One symmetry of a geometry: ``perm[sq]`` is the image of square ``sq``.

    >>> g = Geometry.rectangle(3, 1)
    >>> mirror = g.symmetries[1]
    >>> mirror.name, mirror.perm, bin(mirror.apply_bits(0b001))
    ('rotate-180', (2, 1, 0), '0b100')
    """

    name: str
    perm: tuple[Square, ...]
    width: int = field(repr=False)
    # Per row, the image bitboard of every bit pattern of that row: mapping a
    # bitboard costs one lookup per row instead of one step per set bit.
    row_images: tuple[tuple[Bitboard, ...], ...] = field(repr=False, compare=False)

    @classmethod
    def from_perm(cls, name: str, perm: tuple[Square, ...], width: int) -> Symmetry:
        """Build a symmetry and its row lookup tables from a permutation."""
        rows = len(perm) // width
        tables = []
        for row in range(rows):
            images = [0] * (1 << width)
            for pattern in range(1, 1 << width):
                low = pattern & -pattern
                col = low.bit_length() - 1
                images[pattern] = images[pattern ^ low] | (1 << perm[row * width + col])
            tables.append(tuple(images))
        return cls(name, perm, width, tuple(tables))

    @property
    def is_identity(self) -> bool:
        """True for the identity permutation."""
        return all(sq == image for sq, image in enumerate(self.perm))

    def apply_bits(self, bits: Bitboard) -> Bitboard:
        """Map a bitboard square by square."""
        width = self.width
        mask = (1 << width) - 1
        out = 0
        for images in self.row_images:
            if bits:
                out |= images[bits & mask]
                bits >>= width
        return out

    def apply_square(self, sq: Square) -> Square:
        """Map one square; ``NO_SQUARE`` stays ``NO_SQUARE``."""
        return self.perm[sq] if sq >= 0 else sq


def find_geometry_problems(
    width: int, height: int, land: Bitboard, bridges: Iterable[tuple[Square, Square]]
) -> tuple[str, ...]:
    """List what is wrong with a geometry description (empty when it is valid).

    >>> find_geometry_problems(3, 1, 0b101, [(0, 2)])
    ()
    >>> find_geometry_problems(3, 1, 0b111, [(0, 2)])
    ('bridge A1-C1: every space between its ends must be sea',)
    """
    problems: list[str] = []
    if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
        return (f"size {width}x{height}: width and height must be 1..{MAX_SIDE}",)
    size = width * height
    if land < 0 or land >> size:
        problems.append("land mask has bits outside the grid")
    for pair in bridges:
        a, b = pair
        label = (
            f"{_name(width, a)}-{_name(width, b)}"
            if 0 <= a < size and 0 <= b < size
            else f"{a}-{b}"
        )
        problems.extend(f"bridge {label}: {p}" for p in _bridge_problems(width, height, land, a, b))
    return tuple(problems)


def _bridge_problems(width: int, height: int, land: Bitboard, a: Square, b: Square) -> list[str]:
    size = width * height
    if not (0 <= a < size and 0 <= b < size):
        return ["an end is outside the grid"]
    if not (land >> a & 1 and land >> b & 1):
        return ["both ends must be land"]
    between = _squares_between(width, a, b)
    if between is None:
        return ["its ends must be in the same row or column"]
    if not between:
        return ["its ends must have at least one sea space between them"]
    if any(land >> sq & 1 for sq in between):
        return ["every space between its ends must be sea"]
    return []


def _squares_between(width: int, a: Square, b: Square) -> list[Square] | None:
    """Squares strictly between two squares of one row or column, else None."""
    (ra, ca), (rb, cb) = divmod(a, width), divmod(b, width)
    if ra == rb:
        lo, hi = sorted((ca, cb))
        return [ra * width + c for c in range(lo + 1, hi)]
    if ca == cb:
        lo, hi = sorted((ra, rb))
        return [r * width + ca for r in range(lo + 1, hi)]
    return None


def _name(width: int, sq: Square) -> str:
    row, col = divmod(sq, width)
    return f"{COLUMN_LETTERS[col]}{row + 1}"


@dataclass(frozen=True, slots=True)
class Geometry:
    """A rectangular map of at most 8x8 spaces with sea and bridges.

    Construct with ``Geometry(width, height, land, bridges)`` (``land`` is a
    bitboard, ``bridges`` pairs of squares), :meth:`from_ascii` or
    :meth:`rectangle`; invalid input raises ``ValueError`` listing every problem
    (see :func:`find_geometry_problems` to collect them without raising).

    >>> g = Geometry.rectangle(5, 5)
    >>> g.square("B3"), g.name(11), len(g.symmetries)
    (11, 'B3', 8)
    """

    width: int
    height: int
    land: Bitboard
    bridges: tuple[tuple[Square, Square], ...] = ()
    # Derived tables, computed once in __post_init__ (hence compare=False).
    size: int = field(init=False, repr=False, compare=False)
    squares: tuple[Square, ...] = field(init=False, repr=False, compare=False)
    bits: tuple[Bitboard, ...] = field(init=False, repr=False, compare=False)
    move_neighbours: tuple[Bitboard, ...] = field(init=False, repr=False, compare=False)
    build_neighbours: tuple[Bitboard, ...] = field(init=False, repr=False, compare=False)
    symmetries: tuple[Symmetry, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        bridges = tuple(sorted({(min(a, b), max(a, b)) for a, b in self.bridges}))
        problems = find_geometry_problems(self.width, self.height, self.land, bridges)
        if problems:
            raise ValueError("invalid geometry: " + "; ".join(problems))
        width, height, land = self.width, self.height, self.land
        size = width * height
        squares = tuple(sq for sq in range(size) if land >> sq & 1)
        move_nb = [0] * size
        build_nb = [0] * size
        for sq in squares:
            row, col = divmod(sq, width)
            ring = 0
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    r, c = row + dr, col + dc
                    if (dr or dc) and 0 <= r < height and 0 <= c < width:
                        ring |= 1 << (r * width + c)
            ring &= land
            move_nb[sq] = build_nb[sq] = ring
        for a, b in bridges:
            # A bridge joins its ends for moving only; building never crosses it.
            move_nb[a] |= 1 << b
            move_nb[b] |= 1 << a
        set_ = object.__setattr__  # frozen dataclass: derived fields are set once here
        set_(self, "bridges", bridges)
        set_(self, "size", size)
        set_(self, "squares", squares)
        # bits[NO_SQUARE] (the last entry) is 0, so absent figures add nothing.
        set_(self, "bits", tuple(1 << sq for sq in range(size)) + (0,))
        set_(self, "move_neighbours", tuple(move_nb))
        set_(self, "build_neighbours", tuple(build_nb))
        set_(self, "symmetries", self._find_symmetries())

    # -- construction ------------------------------------------------------

    @classmethod
    def rectangle(cls, width: int = 5, height: int = 5) -> Geometry:
        """A board of land only; ``rectangle()`` is the standard 5x5 board."""
        return cls(width, height, (1 << (width * height)) - 1)

    @classmethod
    def from_ascii(
        cls,
        text: str,
        bridges: Iterable[tuple[str, str]] = (),
        sea: str = SEA_CHARS,
    ) -> Geometry:
        """Read a grid: one line per row, a character in ``sea`` marks sea.

        Cells are separated by spaces when a row contains any; otherwise each
        character is a cell. Blank lines and lines starting with ``#`` are skipped.
        Bridges are pairs of square names.
        """
        rows = []
        for line in text.splitlines():
            cells = line.split()
            if not cells or cells[0].startswith("#"):
                continue
            rows.append(cells if len(cells) > 1 else list(cells[0]))
        if not rows or any(len(row) != len(rows[0]) for row in rows):
            raise ValueError("invalid geometry: the grid rows must have equal lengths")
        width, height = len(rows[0]), len(rows)
        land = 0
        for r, row in enumerate(rows):
            for c, cell in enumerate(row):
                if cell not in sea:
                    land |= 1 << (r * width + c)
        pairs = tuple(
            (parse_square(width, height, a), parse_square(width, height, b)) for a, b in bridges
        )
        return cls(width, height, land, pairs)

    # -- naming ------------------------------------------------------------

    def square(self, name: str) -> Square:
        """Square of a name like ``"C3"`` (column letter, row number from the top)."""
        return parse_square(self.width, self.height, name)

    def name(self, sq: Square) -> str:
        """Name of a square; ``"-"`` for ``NO_SQUARE``."""
        if sq == NO_SQUARE:
            return "-"
        if not 0 <= sq < self.size:
            raise ValueError(f"square {sq} is outside a {self.width}x{self.height} grid")
        return _name(self.width, sq)

    def names(self, bits: Bitboard) -> tuple[str, ...]:
        """Names of the squares in a bitboard, in square order."""
        return tuple(self.name(sq) for sq in iter_squares(bits))

    def to_ascii(self) -> str:
        """The grid as ``.`` (land) and ``~`` (sea), one line per row."""
        return "\n".join(
            " ".join(
                "." if self.land >> (r * self.width + c) & 1 else "~" for c in range(self.width)
            )
            for r in range(self.height)
        )

    # -- symmetry ----------------------------------------------------------

    def _find_symmetries(self) -> tuple[Symmetry, ...]:
        width, height = self.width, self.height
        bridge_set = set(self.bridges)
        found = []
        seen: set[tuple[Square, ...]] = set()
        for name, swaps_axes, formula in _SYMMETRY_FORMULAS:
            if swaps_axes and width != height:
                continue
            perm = []
            for sq in range(width * height):
                row, col = divmod(sq, width)
                c, r = formula(width, height, col, row)
                perm.append(r * width + c)
            if tuple(perm) in seen:
                continue  # on a 1-wide or 1x1 board several formulas coincide
            land = self.land
            if any((land >> sq & 1) != (land >> perm[sq] & 1) for sq in range(len(perm))):
                continue
            images = {(min(perm[a], perm[b]), max(perm[a], perm[b])) for a, b in bridge_set}
            if images != bridge_set:
                continue
            seen.add(tuple(perm))
            found.append(Symmetry.from_perm(name, tuple(perm), width))
        return tuple(found)

    def symmetries_fixing(self, *square_sets: Bitboard) -> tuple[Symmetry, ...]:
        """The symmetries that map each given square set onto itself.

        Pass one bitboard per class of interchangeable squares (all silver coin
        spaces, say); a square with a meaning of its own (a named feature, an
        objective space) is a set of one, so only symmetries fixing it remain.

        >>> g = Geometry.rectangle(3, 3)
        >>> [s.name for s in g.symmetries_fixing(1 << g.square("A1"))]
        ['identity', 'transpose']
        """
        return tuple(
            s for s in self.symmetries if all(s.apply_bits(bits) == bits for bits in square_sets)
        )


def parse_square(width: int, height: int, name: str) -> Square:
    """Square of a name on a ``width`` x ``height`` grid; ``ValueError`` if off the grid."""
    text = name.strip().upper()
    if len(text) < 2 or text[0] not in COLUMN_LETTERS or not text[1:].isdigit():
        raise ValueError(f"{name!r} is not a square name like 'C3'")
    col, row = COLUMN_LETTERS.index(text[0]), int(text[1:]) - 1
    if not (col < width and 0 <= row < height):
        raise ValueError(f"square {text} is outside a {width}x{height} grid")
    return row * width + col


def iter_squares(bits: Bitboard) -> Iterable[Square]:
    """The squares of a bitboard, lowest first.

    >>> list(iter_squares(0b10110))
    [1, 2, 4]
    """
    while bits:
        low = bits & -bits
        yield low.bit_length() - 1
        bits ^= low


def bits_of(squares: Sequence[Square] | Iterable[Square]) -> Bitboard:
    """The bitboard of some squares (``NO_SQUARE`` entries are ignored)."""
    out = 0
    for sq in squares:
        if sq >= 0:
            out |= 1 << sq
    return out
