"""Inline markup, word wrap and shrink-to-fit for card and page text.

Markup (parsed here; user text never reaches reportlab or SVG as markup):

- ``**bold**`` and ``*italic*`` (``***both***``); a marker opens only before
  a non-space and closes only after one, and an unmatched marker is literal
  text, so ``5 * 3`` stays as typed;
- ``:icon-name:`` draws an inline icon one em wide, when an icon registry is
  given (name -> ``draw(x, y, size_mm) -> tuple of scene elements``, where
  (x, y) is the top-left of an em square sitting on the text line);
- a line end (or the two characters ``\\n``) is a hard break; trailing
  breaks are ignored;
- a backslash makes the next ``*``, ``:`` or ``\\`` literal.

>>> r = fit_text("Take **one** tile.", width_mm=40, height_mm=10)
>>> (r.fits, r.size, r.lines, [t.text for t in r.block.runs])
(True, 10.0, 1, ['Take', 'one', 'tile.'])
>>> fit_text("word " * 200, 40, 10, min_size=6).fits
False

Layout is done once here; both backends draw the positioned runs as they
are, so the SVG and the PDF wrap identically.
"""
from __future__ import annotations

import functools
import math
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ContextManager

from ..diagnostics import Diagnostic, make
from . import fonts
from .reuse import Reuse
from .scene import MM_PER_PT, Element, Group, Scene, Text, TextBlock

IconDraw = Callable[[float, float, float], tuple[Element, ...]]
"""Draws one inline icon: ``draw(x, y, size_mm)``, (x, y) the top-left corner."""

STEP_PT = 0.25
"""Text shrinks in steps of this many points."""

OVERFLOW_BOXES = 4
OVERFLOW_LINES = 16
"""At the minimum size, layout stops after this many boxes of lines (plus lines)."""

_EPS = 1e-6
_ICON = re.compile(r":([A-Za-z][A-Za-z0-9_-]*):")

# A piece of a word: (text, bold, italic, icon name or None, width at 1 pt in mm).
_Piece = tuple[str, bool, bool, "str | None", float]
# A word: (pieces, width at 1 pt, width of the space before it at 1 pt, style of that space).
_Word = tuple[tuple[_Piece, ...], float, float, tuple[bool, bool]]
# Wrapped lines: each a list of (word, whether a space comes before it).
_Lines = list[list[tuple[_Word, bool]]]
# ('t', text) | ('m', marker, can_open, can_close) | ('i', icon name) | ('br',)
_Token = tuple[Any, ...]


@dataclass(frozen=True, slots=True)
class FitResult:
    """The outcome of :func:`fit_text`.

    ``size`` is the chosen size in pt; ``overflow_mm`` is how far the text
    runs past the box at ``min_size`` (0 when it fits); ``unknown_icons`` and
    ``missing_glyphs`` are content problems the caller reports. ``complete``
    is False when a text far too long for its box was laid out only in part:
    then ``overflow_mm`` and ``lines`` are lower bounds.
    """

    block: TextBlock
    size: float
    fits: bool
    overflow_mm: float
    lines: int
    unknown_icons: tuple[str, ...] = ()
    missing_glyphs: frozenset[str] = frozenset()
    complete: bool = True


_FITS: Reuse[tuple[Any, ...], FitResult] = Reuse("riddlesmith_fit_reuse")


@dataclass(frozen=True, slots=True)
class _Parsed:
    """Tokens of one markup string, with what a whole-text scan finds.

    Words are made from the tokens lazily (:class:`_Words`), so a text far too
    long for its box costs only the prefix that fills the box.
    """

    tokens: tuple[_Token, ...]
    paired: frozenset[int]
    icon_names: frozenset[str] | None
    files: tuple[tuple[tuple[bool, bool], str], ...]
    unknown_icons: tuple[str, ...]
    missing_glyphs: frozenset[str]


# One alternative per token kind; plain text runs are matched whole (in C).
_TOKEN_RE = re.compile(r"(\\[n*:\\])|(\r\n|[\r\n])|(\*\*?)|(:[A-Za-z][A-Za-z0-9_-]*:)|([^\\\r\n*:]+|[\\:])")
_DROP = {c: None for c in range(0x20) if c != 0x09} | {c: None for c in range(0x7F, 0xA0)} | {0x09: 0x20}


def _tokenize(markup: str, with_icons: bool) -> list[_Token]:
    """Split markup into ('t', text) ('m', marker, can_open, can_close) ('i', name) ('br',)."""
    tokens: list[_Token] = []
    buf: list[str] = []
    n = len(markup)
    clean = markup.translate(_DROP) == markup  # then text runs need no translation
    for m in _TOKEN_RE.finditer(markup):
        group = m.lastindex
        if group == 5:
            buf.append(m.group() if clean else m.group().translate(_DROP))
            continue
        if group == 1 and m.group() != "\\n" or group == 4 and not with_icons:
            buf.append(m.group()[1] if group == 1 else m.group())
            continue
        if buf:
            tokens.append(("t", "".join(buf)))
            buf.clear()
        if group == 3:
            i = m.start()
            k = m.end() - i
            prev = markup[i - 1] if i > 0 else " "
            after = markup[i + k] if i + k < n else " "
            tokens.append(("m", m.group(), not after.isspace(), not prev.isspace()))
        elif group == 4:
            tokens.append(("i", m.group()[1:-1]))
        else:
            tokens.append(("br",))
    if buf:
        tokens.append(("t", "".join(buf)))
    return [t for t in tokens if t[0] != "t" or t[1]]


def _pair_markers(tokens: list[_Token]) -> set[int]:
    """Indices of emphasis markers that have a partner; the rest are literal."""
    open_at: dict[str, int | None] = {"*": None, "**": None}
    paired: set[int] = set()
    for idx, tok in enumerate(tokens):
        if tok[0] != "m":
            continue
        kind, can_open, can_close = tok[1], tok[2], tok[3]
        start = open_at[kind]
        if start is None:
            if can_open:
                open_at[kind] = idx
        elif can_close:
            paired.update((start, idx))
            open_at[kind] = None
    return paired


@functools.lru_cache(maxsize=256)
def _parse(markup: str, family: str, icon_names: frozenset[str] | None) -> _Parsed:
    """Tokenize once and scan the whole text for unknown icons and missing glyphs."""
    tokens = _tokenize(markup, icon_names is not None)
    paired = _pair_markers(tokens)
    files = {(b, i): fonts.resolve_face(family, b, i).file for b in (False, True) for i in (False, True)}
    seen: dict[tuple[bool, bool], list[str]] = {style: [] for style in files}
    unknown: set[str] = set()
    bold = italic = False
    # The styles matter only for characters some face lacks, or for icon names.
    lacking = set().union(*(fonts.missing_glyphs(markup, family, *style) for style in files))
    scan = tokens if lacking or icon_names is not None else []
    for idx, tok in enumerate(scan):
        kind = tok[0]
        if kind == "t":
            seen[(bold, italic)].append(tok[1])
        elif kind == "m":
            if idx not in paired:
                seen[(bold, italic)].append(tok[1])
            elif tok[1] == "**":
                bold = not bold
            else:
                italic = not italic
        elif kind == "i" and icon_names is not None and tok[1] not in icon_names:
            unknown.add(tok[1])
            seen[(bold, italic)].append(f":{tok[1]}:")
    missing = set().union(*(fonts.missing_glyphs("".join(parts).replace(" ", ""), family, *style)
                            for style, parts in seen.items()))
    return _Parsed(tuple(tokens), frozenset(paired), icon_names, tuple(sorted(files.items())),
                   tuple(sorted(unknown)), frozenset(missing))


def _iter_words(parsed: _Parsed) -> Iterator[_Word | None]:
    """The words of ``parsed`` in order; None stands for a hard break."""
    files = dict(parsed.files)
    space_unit = {style: fonts.unit_width(" ", f) for style, f in files.items()}
    icon_names = parsed.icon_names
    pieces: list[_Piece] = []
    gap: tuple[float, tuple[bool, bool]] = (0.0, (False, False))
    pending: tuple[bool, bool] | None = None  # style of the first space after the last word
    has_words = False  # whether the current paragraph has a finished word

    def finish_word() -> _Word:
        nonlocal has_words
        word = (tuple(pieces), sum(p[4] for p in pieces), gap[0], gap[1])
        pieces.clear()
        has_words = True
        return word

    def add_piece(piece: _Piece) -> None:
        nonlocal gap, pending
        if not pieces:
            if has_words and pending is not None:
                gap = (space_unit[pending], pending)
            else:
                gap = (0.0, (False, False))
            pending = None
        pieces.append(piece)

    def add_text(text: str, bold: bool, italic: bool) -> Iterator[_Word]:
        nonlocal pending
        for j, part in enumerate(text.split(" ")):
            if j:
                if pieces:
                    yield finish_word()
                    pending = (bold, italic)
                elif has_words and pending is None:
                    pending = (bold, italic)
            if part:
                add_piece((part, bold, italic, None, fonts.unit_width(part, files[(bold, italic)])))

    bold = italic = False
    for idx, tok in enumerate(parsed.tokens):
        kind = tok[0]
        if kind == "t":
            yield from add_text(tok[1], bold, italic)
        elif kind == "m":
            if idx in parsed.paired:
                if tok[1] == "**":
                    bold = not bold
                else:
                    italic = not italic
            else:
                yield from add_text(tok[1], bold, italic)
        elif kind == "i":
            if icon_names is not None and tok[1] in icon_names:
                add_piece(("", bold, italic, tok[1], MM_PER_PT))
            else:
                yield from add_text(f":{tok[1]}:", bold, italic)
        else:
            if pieces:
                yield finish_word()
            yield None
            has_words, pending = False, None
    if pieces:
        yield finish_word()


class _Words:
    """The word stream of one text, made on demand and kept for the next size."""

    __slots__ = ("_items", "_source", "done")

    def __init__(self, parsed: _Parsed) -> None:
        self._items: list[_Word | None] = []
        self._source = _iter_words(parsed)
        self.done = False

    def get(self, index: int) -> _Word | None | bool:
        """Item ``index`` (a word, or None for a break), or False past the end."""
        while index >= len(self._items):
            if self.done:
                return False
            try:
                self._items.append(next(self._source))
            except StopIteration:
                self.done = True
                return False
        return self._items[index]


def _iter_chunks(word: _Word, size: float, width: float, family: str) -> Iterator[_Word]:
    """Break a word wider than the box into chunks that fit (at least one glyph each)."""
    def atoms() -> Iterator[_Piece]:
        for text, bold, italic, icon, unit in word[0]:
            if icon is not None:
                yield (text, bold, italic, icon, unit)
                continue
            f = fonts.resolve_face(family, bold, italic).file
            for ch in text:
                yield (ch, bold, italic, None, fonts.unit_width(ch, f))

    def merged(chunk: list[_Piece]) -> _Word:
        out: list[_Piece] = []
        for atom in chunk:
            last = out[-1] if out else None
            if last and atom[3] is None and last[3] is None and last[1:3] == atom[1:3]:
                out[-1] = (last[0] + atom[0], last[1], last[2], None, last[4] + atom[4])
            else:
                out.append(atom)
        return (tuple(out), sum(p[4] for p in out), 0.0, (False, False))

    chunk: list[_Piece] = []
    used = 0.0
    for atom in atoms():
        if chunk and (used + atom[4]) * size > width + _EPS:
            yield merged(chunk)
            chunk, used = [], 0.0
        chunk.append(atom)
        used += atom[4]
    yield merged(chunk)


def _wrap(words: _Words, size: float, width: float, family: str,
          max_lines: int | None = None) -> tuple[_Lines, float, bool]:
    """Greedy word wrap at ``size`` pt: lines of (word, space before it), the widest
    line, and whether the whole text was laid out.

    Stops as soon as there are more than ``max_lines`` lines (then the last
    value is False unless the text ended there).
    """
    lines: _Lines = []
    widest = 0.0
    line: list[tuple[_Word, bool]] = []
    used = 0.0
    blank = 0  # empty paragraphs not yet known to be followed by text
    in_para = False
    index = 0

    def over() -> bool:
        return max_lines is not None and len(lines) > max_lines

    while True:
        item = words.get(index)
        index += 1
        if item is False:
            break
        if item is None:
            if in_para:
                lines.append(line)
                widest = max(widest, used)
                line, used, in_para = [], 0.0, False
            else:
                blank += 1
            if over():
                return lines, widest, False
            continue
        assert isinstance(item, tuple)
        word = item
        if blank:
            lines.extend([] for _ in range(blank))
            blank = 0
        w = word[1] * size
        if in_para and line:
            gw = word[2] * size
            if used + gw + w <= width + _EPS:
                line.append((word, True))
                used += gw + w
                continue
            lines.append(line)
            widest = max(widest, used)
        in_para = True
        if w <= width + _EPS:
            line, used = [(word, False)], w
        else:
            last: _Word | None = None
            for chunk in _iter_chunks(word, size, width, family):
                if last is not None:
                    lines.append([(last, False)])
                    widest = max(widest, last[1] * size)
                    if over():
                        return lines, widest, False
                last = chunk
            assert last is not None
            line, used = [(last, False)], last[1] * size
        if over():
            return lines, widest, False
    if in_para:
        lines.append(line)
        widest = max(widest, used)
    return lines, widest, True


def _line_width(line: list[tuple[_Word, bool]], size: float) -> float:
    return sum(w[1] + (w[2] if gapped else 0.0) for w, gapped in line) * size


def _build_block(lines: _Lines, size: float, width: float,
                 height: float, family: str, leading: float, align: str, valign: str,
                 fill: str, icons: Mapping[str, IconDraw] | None) -> TextBlock:
    em = size * MM_PER_PT
    line_h = em * leading
    total = line_h * len(lines)
    top = {"top": 0.0, "middle": (height - total) / 2, "bottom": height - total}[valign]
    top = max(0.0, top)  # text that overflows runs off the bottom, never the top
    ascent = fonts.ASCENT
    runs: list[Text] = []
    drawn: list[Element] = []
    for n, line in enumerate(lines):
        baseline = top + n * line_h + (line_h - em) / 2 + ascent * em
        line_w = _line_width(line, size)
        dx = {"left": 0.0, "center": (width - line_w) / 2, "right": width - line_w}[align]
        # Segments: [x, text, bold, italic]; a run continues across a space of its own style.
        segs: list[list[Any]] = []
        x = 0.0
        joinable = False
        for word, gapped in line:
            gap_space = False
            if gapped:
                x += word[2] * size
                gap_space = True
                if segs and segs[-1][2:4] != list(word[3]):
                    joinable = False
            for text, bold, italic, icon, unit in word[0]:
                if icon is not None:
                    drawn.extend(icons[icon](dx + x, baseline - ascent * em, em) if icons else ())
                    joinable = False
                elif joinable and segs[-1][2] == bold and segs[-1][3] == italic:
                    segs[-1][1] += (" " if gap_space else "") + text
                else:
                    segs.append([x, text, bold, italic])
                    joinable = True
                gap_space = False
                x += unit * size
        runs.extend(Text(dx + sx, baseline, text, family, size, fill, "start", b, i)
                    for sx, text, b, i in segs)
    return TextBlock(tuple(runs), tuple(drawn), width, height)


def _sizes(max_size: float, min_size: float) -> list[float]:
    sizes = []
    k = 0
    while max_size - k * STEP_PT > min_size + _EPS:
        sizes.append(max_size - k * STEP_PT)
        k += 1
    sizes.append(min_size)
    return sizes


def fit_text(markup: str, width_mm: float, height_mm: float, family: str = "sans",
             max_size: float = 10.0, min_size: float = 6.0, leading: float = 1.2,
             align: str = "left", valign: str = "top",
             icons: Mapping[str, IconDraw] | None = None,
             fill: str = "#000000") -> FitResult:
    """Lay out ``markup`` in a box, shrinking from ``max_size`` to ``min_size``.

    Tries sizes in 0.25 pt steps and keeps the largest whose wrapped lines fit
    (``leading`` is the line height as a multiple of the size). When even
    ``min_size`` is too big, the block is laid out at ``min_size`` and
    ``fits`` is False. ``align`` is left/center/right, ``valign``
    top/middle/bottom. The block's origin is the box's top-left corner.

    >>> r = fit_text("A long clue that must wrap over lines", 20, 30, max_size=8)
    >>> r.lines > 1 and r.fits
    True
    """
    if icons is not None:  # icon registries are not hashable: nothing to reuse by
        return _fit_text(markup, width_mm, height_mm, family, max_size, min_size, leading, align,
                         valign, icons, fill)
    key = (markup, width_mm, height_mm, family, max_size, min_size, leading, align, valign, fill)
    return _FITS.get(key, lambda: _fit_text(markup, width_mm, height_mm, family, max_size, min_size,
                                            leading, align, valign, None, fill))


def reuse_fits(previous: dict[tuple[Any, ...], FitResult]
               ) -> ContextManager[dict[tuple[Any, ...], FitResult]]:
    """Inside the block, :func:`fit_text` of a text (without icons) fitted with the same
    arguments in ``previous`` returns that result instead of laying it out again; yields
    the results asked for in the block (see :mod:`.reuse`).

    >>> with reuse_fits({}) as first:
    ...     a = fit_text("Take one tile.", 40, 10)
    >>> with reuse_fits(first):
    ...     b = fit_text("Take one tile.", 40, 10)
    >>> a is b, a == fit_text("Take one tile.", 40, 10)
    (True, True)
    """
    return _FITS.block(previous)


def _fit_text(markup: str, width_mm: float, height_mm: float, family: str = "sans",
             max_size: float = 10.0, min_size: float = 6.0, leading: float = 1.2,
             align: str = "left", valign: str = "top",
             icons: Mapping[str, IconDraw] | None = None,
             fill: str = "#000000") -> FitResult:
    if not all(math.isfinite(v) for v in (width_mm, height_mm, max_size, min_size, leading)):
        raise ValueError("text box sizes must be finite numbers")
    if not width_mm > 0 or height_mm < 0:
        raise ValueError(f"text box must have a positive width, got {width_mm} x {height_mm}")
    if not 0 < min_size <= max_size:
        raise ValueError(f"need 0 < min_size <= max_size, got {min_size} and {max_size}")
    if align not in ("left", "center", "right") or valign not in ("top", "middle", "bottom"):
        raise ValueError(f"bad alignment {align!r}/{valign!r}")
    if not leading > 0:
        raise ValueError(f"leading must be positive, got {leading}")
    fonts.resolve_face(family)  # fail early on an unknown family
    names = frozenset(icons) if icons is not None else None
    parsed = _parse(markup, family, names)
    words = _Words(parsed)

    chosen: tuple[float, _Lines, float, bool] | None = None
    sizes = _sizes(max_size, min_size)
    for size in sizes:
        line_h = size * MM_PER_PT * leading
        capacity = int((height_mm + _EPS) // line_h)
        last = size == sizes[-1]
        # Every size stops as soon as the box is full. The last one lays out a
        # few boxes more, so an overflow is measured exactly when it is moderate
        # and bounded by the box (never by the text's length) when it is not.
        lines, widest, complete = _wrap(words, size, width_mm, family,
                                        OVERFLOW_BOXES * capacity + OVERFLOW_LINES if last
                                        else capacity)
        if not complete and not last:
            continue
        overflow = max(len(lines) * line_h - height_mm, widest - width_mm, 0.0)
        chosen = (size, lines, overflow, complete)
        if overflow <= _EPS or last:
            break
    assert chosen is not None
    size, lines, overflow, complete = chosen
    fits = overflow <= _EPS
    block = _build_block(lines, size, width_mm, height_mm, family, leading, align, valign,
                         fill, icons)
    return FitResult(block, size, fits, 0.0 if fits else round(overflow, 3), len(lines),
                     parsed.unknown_icons, parsed.missing_glyphs, complete)


MIN_PRINT_SIZE = 6.0
"""The smallest text size (pt) we print: smaller text is a warning (RS-R006)."""


def iter_printed_sizes(elements: Iterable[Element], scale: float = 1.0
                       ) -> Iterator[tuple[Text, float]]:
    """Every text run under ``elements`` with the size (pt) it prints at, groups' scale included.

    >>> from .scene import Group, Text
    >>> [(t.text, s) for t, s in iter_printed_sizes([Group((Text(0, 0, "a", size=8),), scale=0.5)])]
    [('a', 4.0)]
    """
    for el in elements:
        if isinstance(el, Group):
            yield from iter_printed_sizes(el.children, scale * el.scale)
        elif isinstance(el, TextBlock):
            yield from iter_printed_sizes((*el.runs, *el.icons), scale)
        elif isinstance(el, Text) and el.text.strip():
            yield el, el.size * scale


def small_texts(scene: Scene, min_size: float = MIN_PRINT_SIZE) -> list[tuple[str, float]]:
    """(text, size pt) of each run in ``scene`` printed below ``min_size``."""
    return [(t.text, round(size, 2)) for t, size in iter_printed_sizes(scene.children)
            if size < min_size - 1e-9]


def diagnose_fit(result: FitResult, file: str, line: int = 1, col: int = 1, *,
                 pointer: str = "", what: str = "text",
                 preferred_size: float | None = None) -> list[Diagnostic]:
    """Turn a :class:`FitResult` into the render diagnostics of one text field.

    RS-R001 when it does not fit, RS-R002 when it fits only below
    ``preferred_size``, RS-R004 for characters the font cannot draw. Unknown
    icons are left to the caller (they belong to its icon set).

    >>> r = fit_text("word " * 100, 30, 10)
    >>> [d.code for d in diagnose_fit(r, "cards.yaml", 4, 9, what="riddle text")]
    ['RS-R001']
    """
    out: list[Diagnostic] = []
    if result.fits and result.size < MIN_PRINT_SIZE - 1e-9 and result.block.runs:
        out.append(make("RS-R006", f"{what} prints at {result.size:g} pt, below the "
                        f"{MIN_PRINT_SIZE:g} pt that stays readable on paper", file, line, col,
                        pointer=pointer, hint="shorten the text, or raise its minimum size to "
                        f"{MIN_PRINT_SIZE:g} pt"))
    if not result.fits:
        more = "" if result.complete else "more than "
        out.append(make("RS-R001", f"{what} does not fit its box: {more}{result.overflow_mm:g} mm "
                        f"too long at the minimum size of {result.size:g} pt", file, line, col,
                        pointer=pointer, hint="shorten the text or give it a larger box"))
    elif preferred_size is not None and result.size < preferred_size:
        out.append(make("RS-R002", f"{what} was shrunk to {result.size:g} pt to fit "
                        f"(preferred {preferred_size:g} pt)", file, line, col, pointer=pointer,
                        hint="shorter text stays easier to read"))
    if result.missing_glyphs:
        chars = ", ".join(f"{c!r} (U+{ord(c):04X})" for c in sorted(result.missing_glyphs))
        out.append(make("RS-R004", f"{what} uses characters the bundled font cannot draw: {chars}",
                        file, line, col, pointer=pointer,
                        hint="the fonts cover Latin, accents and Greek; replace these characters"))
    return out
