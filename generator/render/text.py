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
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from ..diagnostics import Diagnostic, make
from . import fonts
from .scene import MM_PER_PT, Element, Group, Scene, Text, TextBlock

IconDraw = Callable[[float, float, float], tuple[Element, ...]]
"""Draws one inline icon: ``draw(x, y, size_mm)``, (x, y) the top-left corner."""

STEP_PT = 0.25
"""Text shrinks in steps of this many points."""

_EPS = 1e-6
_ICON = re.compile(r":([A-Za-z][A-Za-z0-9_-]*):")
_CONTROL = frozenset(chr(c) for c in [*range(32), *range(0x7F, 0xA0)])

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
    ``missing_glyphs`` are content problems the caller reports.
    """

    block: TextBlock
    size: float
    fits: bool
    overflow_mm: float
    lines: int
    unknown_icons: tuple[str, ...] = ()
    missing_glyphs: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class _Parsed:
    paragraphs: tuple[tuple[_Word, ...], ...]
    unknown_icons: tuple[str, ...]
    missing_glyphs: frozenset[str]


def _tokenize(markup: str, with_icons: bool) -> list[_Token]:
    """Split markup into ('t', text) ('m', marker, can_open, can_close) ('i', name) ('br',)."""
    tokens: list[_Token] = []
    buf: list[str] = []

    def flush() -> None:
        if buf:
            tokens.append(("t", "".join(buf)))
            buf.clear()

    i, n = 0, len(markup)
    while i < n:
        ch = markup[i]
        if ch == "\\" and i + 1 < n:
            nxt = markup[i + 1]
            if nxt == "n":
                flush()
                tokens.append(("br",))
                i += 2
                continue
            if nxt in "*:\\":
                buf.append(nxt)
                i += 2
                continue
        if ch == "\n" or ch == "\r":
            flush()
            tokens.append(("br",))
            i += 2 if markup.startswith("\r\n", i) else 1
            continue
        if ch == "*":
            k = 2 if markup.startswith("**", i) else 1
            prev = markup[i - 1] if i > 0 else " "
            after = markup[i + k] if i + k < n else " "
            flush()
            tokens.append(("m", "*" * k, not after.isspace(), not prev.isspace()))
            i += k
            continue
        if ch == ":" and with_icons:
            m = _ICON.match(markup, i)
            if m:
                flush()
                tokens.append(("i", m.group(1)))
                i = m.end()
                continue
        if ch == "\t":
            buf.append(" ")
        elif ch not in _CONTROL:
            buf.append(ch)
        i += 1
    flush()
    return tokens


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


@functools.lru_cache(maxsize=4096)
def _parse(markup: str, family: str, icon_names: frozenset[str] | None) -> _Parsed:
    tokens = _tokenize(markup, icon_names is not None)
    paired = _pair_markers(tokens)
    files = {(b, i): fonts.resolve_face(family, b, i).file for b in (False, True) for i in (False, True)}
    space_unit = {style: fonts.unit_width(" ", f) for style, f in files.items()}

    paragraphs: list[tuple[_Word, ...]] = []
    words: list[_Word] = []
    pieces: list[_Piece] = []
    gap: tuple[float, tuple[bool, bool]] = (0.0, (False, False))
    pending: tuple[bool, bool] | None = None  # style of the first space after the last word
    unknown: list[str] = []
    seen: dict[tuple[bool, bool], list[str]] = {style: [] for style in files}

    def finish_word() -> None:
        if pieces:
            words.append((tuple(pieces), sum(p[4] for p in pieces), gap[0], gap[1]))
            pieces.clear()

    def add_piece(piece: _Piece) -> None:
        nonlocal gap, pending
        if not pieces:
            if words and pending is not None:
                gap = (space_unit[pending], pending)
            else:
                gap = (0.0, (False, False))
            pending = None
        pieces.append(piece)

    def add_text(text: str, bold: bool, italic: bool) -> None:
        nonlocal pending
        for j, part in enumerate(text.split(" ")):
            if j:
                if pieces:
                    finish_word()
                    pending = (bold, italic)
                elif words and pending is None:
                    pending = (bold, italic)
            if part:
                seen[(bold, italic)].append(part)
                add_piece((part, bold, italic, None, fonts.unit_width(part, files[(bold, italic)])))

    bold = italic = False
    for idx, tok in enumerate(tokens):
        kind = tok[0]
        if kind == "t":
            add_text(tok[1], bold, italic)
        elif kind == "m":
            if idx in paired:
                if tok[1] == "**":
                    bold = not bold
                else:
                    italic = not italic
            else:
                add_text(tok[1], bold, italic)
        elif kind == "i":
            if icon_names is not None and tok[1] in icon_names:
                add_piece(("", bold, italic, tok[1], MM_PER_PT))
            else:
                unknown.append(tok[1])
                add_text(f":{tok[1]}:", bold, italic)
        else:
            finish_word()
            paragraphs.append(tuple(words))
            words, pending = [], None
    finish_word()
    paragraphs.append(tuple(words))
    while paragraphs and not paragraphs[-1]:
        paragraphs.pop()  # trailing breaks (YAML block scalars end with one)
    missing = set().union(*(fonts.missing_glyphs("".join(parts), family, *style)
                            for style, parts in seen.items()))
    return _Parsed(tuple(paragraphs), tuple(sorted(set(unknown))), frozenset(missing))


def _split_word(word: _Word, size: float, width: float, family: str) -> list[_Word]:
    """Break a word wider than the box into chunks that fit (at least one glyph each)."""
    atoms: list[_Piece] = []
    for text, bold, italic, icon, unit in word[0]:
        if icon is not None:
            atoms.append((text, bold, italic, icon, unit))
            continue
        f = fonts.resolve_face(family, bold, italic).file
        atoms.extend((ch, bold, italic, None, fonts.unit_width(ch, f)) for ch in text)
    chunks: list[list[_Piece]] = [[]]
    used = 0.0
    for atom in atoms:
        if chunks[-1] and (used + atom[4]) * size > width + _EPS:
            chunks.append([])
            used = 0.0
        chunks[-1].append(atom)
        used += atom[4]
    out: list[_Word] = []
    for chunk in chunks:
        merged: list[_Piece] = []
        for atom in chunk:
            last = merged[-1] if merged else None
            if last and atom[3] is None and last[3] is None and last[1:3] == atom[1:3]:
                merged[-1] = (last[0] + atom[0], last[1], last[2], None, last[4] + atom[4])
            else:
                merged.append(atom)
        out.append((tuple(merged), sum(p[4] for p in merged), 0.0, (False, False)))
    return out


def _wrap(parsed: _Parsed, size: float, width: float, family: str,
          max_lines: int | None = None) -> tuple[_Lines, float] | None:
    """Greedy word wrap at ``size`` pt: lines of (word, space before it), and the widest line.

    Returns None as soon as there are more than ``max_lines`` lines.
    """
    lines: _Lines = []
    widest = 0.0
    for para in parsed.paragraphs:
        line: list[tuple[_Word, bool]] = []
        used = 0.0
        for word in para:
            w = word[1] * size
            if line:
                gw = word[2] * size
                if used + gw + w <= width + _EPS:
                    line.append((word, True))
                    used += gw + w
                    continue
                lines.append(line)
                widest = max(widest, used)
            if w <= width + _EPS:
                line, used = [(word, False)], w
            else:
                chunks = _split_word(word, size, width, family)
                for c in chunks[:-1]:
                    lines.append([(c, False)])
                    widest = max(widest, c[1] * size)
                line, used = [(chunks[-1], False)], chunks[-1][1] * size
            if max_lines is not None and len(lines) > max_lines:
                return None
        lines.append(line)
        widest = max(widest, used)
        if max_lines is not None and len(lines) > max_lines:
            return None
    return lines, widest


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

    chosen: tuple[float, _Lines, float] | None = None
    sizes = _sizes(max_size, min_size)
    for size in sizes:
        line_h = size * MM_PER_PT * leading
        last = size == sizes[-1]
        # Only the last size needs a full layout when it overflows; others may stop early.
        wrapped = _wrap(parsed, size, width_mm, family,
                        None if last else int((height_mm + _EPS) // line_h))
        if wrapped is None:
            continue
        lines, widest = wrapped
        overflow = max(len(lines) * line_h - height_mm, widest - width_mm, 0.0)
        chosen = (size, lines, overflow)
        if overflow <= _EPS or last:
            break
    assert chosen is not None
    size, lines, overflow = chosen
    fits = overflow <= _EPS
    block = _build_block(lines, size, width_mm, height_mm, family, leading, align, valign,
                         fill, icons)
    return FitResult(block, size, fits, 0.0 if fits else round(overflow, 3), len(lines),
                     parsed.unknown_icons, parsed.missing_glyphs)


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
        out.append(make("RS-R001", f"{what} does not fit its box: {result.overflow_mm:g} mm too "
                        f"long at the minimum size of {result.size:g} pt", file, line, col,
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
