"""The slow, obvious fit check that :func:`generator.render.text.fit_text` is pinned to.

It is the fit check as it was before the fast path: a character-by-character
tokenizer, every word of the text made up front, and a full greedy wrap at
every size from the largest down until one fits. The fast path must choose the
same size, the same lines and the same runs wherever this one fits, and the
same verdict where it does not.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from generator.render import fonts
from generator.render.scene import MM_PER_PT
from generator.render.text import _EPS, _build_block, _pair_markers, _sizes, FitResult

_CONTROL = frozenset(chr(c) for c in [*range(32), *range(0x7F, 0xA0)])
_Piece = tuple[str, bool, bool, "str | None", float]
_Word = tuple[tuple[_Piece, ...], float, float, tuple[bool, bool]]
_Lines = list[list[tuple[_Word, bool]]]
_Token = tuple[Any, ...]
_ICON = __import__("re").compile(r":([A-Za-z][A-Za-z0-9_-]*):")


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


def _wrap(parsed: _Parsed, size: float, width: float, family: str) -> tuple[_Lines, float]:
    """Greedy word wrap at ``size`` pt: lines of (word, space before it), and the widest line."""
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
        lines.append(line)
        widest = max(widest, used)
    return lines, widest


def reference_fit(markup: str, width_mm: float, height_mm: float, family: str = "sans",
                  max_size: float = 10.0, min_size: float = 6.0, leading: float = 1.2,
                  icons: Any = None) -> FitResult:
    """Try every size with a full layout; keep the largest that fits."""
    parsed = _parse(markup, family, frozenset(icons) if icons is not None else None)
    chosen = None
    for size in _sizes(max_size, min_size):
        lines, widest = _wrap(parsed, size, width_mm, family)
        line_h = size * MM_PER_PT * leading
        overflow = max(len(lines) * line_h - height_mm, widest - width_mm, 0.0)
        chosen = (size, lines, overflow)
        if overflow <= _EPS:
            break
    assert chosen is not None
    size, lines, overflow = chosen
    fits = overflow <= _EPS
    block = _build_block(lines, size, width_mm, height_mm, family, leading, "left", "top",
                         "#000000", icons)
    return FitResult(block, size, fits, 0.0 if fits else round(overflow, 3), len(lines),
                     parsed.unknown_icons, parsed.missing_glyphs)
