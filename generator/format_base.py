"""What every diagnostic output format shares: the :class:`Summary` of a run, the
:class:`Formatter` protocol, the order diagnostics are shown in, and the safe display
of source text (lines split as the YAML loader numbers them, invisible and
reordering characters escaped, a long line trimmed around its caret).
:mod:`generator.formats` holds the formats themselves and picks one by name."""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import ClassVar, Protocol

from .cellref import is_sheet
from .diagnostics import Diagnostic

SourceLookup = Callable[[str], "str | None"]

# Tab stop used to expand tabs in source lines; the caret uses the same stops.
TAB_WIDTH = 4
# Source lines wider than this (in terminal cells) are trimmed around the caret.
MAX_SOURCE_WIDTH = 100
ELLIPSIS = "…"

# ruamel.yaml counts these as line breaks, so lines are split the same way
# here or the caret would land on the wrong line.
_LINE_BREAK = re.compile(r"\r\n|[\r\n\x85\u2028\u2029]")
# Characters that reorder or hide terminal text (bidi controls: "Trojan
# Source", CVE-2021-42574) are shown as a marker instead of taking effect.
_BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)


@dataclass(frozen=True, slots=True)
class Summary:
    """Totals for a run: files and documents checked, errors and warnings found."""

    files: int
    documents: int
    errors: int
    warnings: int


class Formatter(Protocol):
    """What every output format provides."""

    name: ClassVar[str]

    def render(
        self, diagnostics: Iterable[Diagnostic], summary: Summary, sources: SourceLookup
    ) -> str: ...


def no_sources(file: str) -> str | None:
    """A source lookup that knows no file (no caret display)."""
    return None


def sort_diagnostics(diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
    """Sort by (file, line, col, code, message); later fields only break ties."""
    return sorted(
        diagnostics, key=lambda d: (*d.sort_key(), d.severity.rank, d.pointer, d.hint, d.related)
    )


def pluralize(n: int, noun: str) -> str:
    """``1 file``, ``2 files``.

    >>> pluralize(1, "error"), pluralize(0, "warning")
    ('1 error', '0 warnings')
    """
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def describe_summary(summary: Summary) -> str:
    """The one-line summary the text format ends with.

    >>> describe_summary(Summary(14, 130, 2, 1))
    '2 errors, 1 warning in 14 files (130 documents)'
    >>> describe_summary(Summary(1, 1, 0, 0))
    'no problems in 1 file (1 document)'
    """
    problems = [
        pluralize(n, noun)
        for n, noun in ((summary.errors, "error"), (summary.warnings, "warning"))
        if n
    ]
    found = ", ".join(problems) if problems else "no problems"
    where = f"{pluralize(summary.files, 'file')} ({pluralize(summary.documents, 'document')})"
    return f"{found} in {where}"


def headline_of(d: Diagnostic) -> str:
    """``file:line:col: severity[code] message`` (no location if there is no file)."""
    prefix = f"{d.location()}: " if d.file else ""
    return f"{prefix}{d.severity.value}[{d.code}] {d.message}"


def split_lines(text: str) -> list[str]:
    """Split source text into lines the way the YAML loader numbers them."""
    return _LINE_BREAK.split(text)


def escape_invisible(text: str, keep: str = "") -> str:
    r"""Write what would hide, reorder or break text as visible escapes.

    Controls (line ends too, unless in ``keep``), bidi controls ("Trojan
    Source") and other invisible characters become ``\n``/``\u202e``
    escapes; a byte of a file name that is not UTF-8 (held as a lone
    surrogate) becomes ``\xff``, so the result always encodes as UTF-8.

    >>> escape_invisible("a\nb\u202ec.yaml"), escape_invisible("\udcff.yaml")
    ('a\\nb\\u202ec.yaml', '\\xff.yaml')
    >>> escape_invisible("two\nlines", keep="\n")
    'two\nlines'
    """
    if text.isprintable():
        return text
    out: list[str] = []
    for ch in text:
        if ch.isprintable() or ch in keep:
            out.append(ch)
        elif 0xDC80 <= ord(ch) <= 0xDCFF:  # os.fsdecode's escape of an undecodable byte
            out.append(f"\\x{ord(ch) - 0xDC00:02x}")
        else:
            out.append(ch.encode("unicode_escape", "backslashreplace").decode("ascii"))
    return "".join(out)


def show_char(ch: str) -> str:
    """Make one character safe to print on a terminal (tabs are handled apart).

    >>> show_char("\\x1b"), show_char("a"), show_char("\\u202e")
    ('␛', 'a', '�')
    """
    code = ord(ch)
    if code < 0x20:
        return chr(0x2400 + code)  # Control Pictures block: visible, one cell wide.
    if code == 0x7F:
        return "\u2421"
    if 0x80 <= code < 0xA0 or ch in _BIDI_CONTROLS:
        return "\ufffd"
    if unicodedata.category(ch) in ("Zl", "Zp", "Cs"):
        return "\ufffd"
    return ch


def cell_width(text: str) -> int:
    """Terminal cells taken by already-sanitised text (wide CJK = 2, combining = 0)."""
    width = 0
    for ch in text:
        if unicodedata.combining(ch):
            continue
        width += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return width


def sanitize_text(text: str) -> str:
    """Neutralise control characters in a message; tabs and newlines are kept."""
    return "".join(ch if ch in "\t\n" else show_char(ch) for ch in text)


@dataclass(frozen=True, slots=True)
class Snippet:
    """A source line prepared for display, with the caret's cell offset in it."""

    text: str
    caret: int


def make_snippet(line: str, col: int, tab_width: int = TAB_WIDTH,
                 max_width: int = MAX_SOURCE_WIDTH) -> Snippet:
    """Expand tabs, neutralise controls, trim long lines; keep the caret on ``col``.

    >>> make_snippet("\\tkey: 1", 2)
    Snippet(text='    key: 1', caret=4)
    """
    cells: list[tuple[str, int]] = []  # (shown text, cells) per source character
    position = 0
    for ch in line:
        if ch == "\t":
            shown = " " * (tab_width - position % tab_width)
        else:
            shown = show_char(ch)
        width = cell_width(shown)
        cells.append((shown, width))
        position += width
    index = min(max(col, 1) - 1, len(cells))  # past the end: caret just after the line
    caret = sum(width for _, width in cells[:index])
    total = position
    if total <= max_width:
        return Snippet("".join(shown for shown, _ in cells), caret)
    # A window of cells around the caret, shifted to stay inside the line; two
    # cells are kept for the ellipses that mark the cut ends.
    target = cells[index][1] if index < len(cells) else 1  # a caret past the end needs a cell
    budget = max(max_width - 2, target)
    limit = max(total, caret + target)
    start = max(0, caret - (budget - target) // 2)
    end = min(limit, start + budget)
    start = max(0, end - budget)
    shown_parts: list[str] = [ELLIPSIS] if start > 0 else []
    new_caret = cell_width("".join(shown_parts))
    position = 0
    for i, (shown, width) in enumerate(cells):
        if i == index:
            new_caret = cell_width("".join(shown_parts))
        if position >= start and position + width <= end:
            shown_parts.append(shown)
        position += width
    if index == len(cells):
        new_caret = cell_width("".join(shown_parts))
    if end < total:
        shown_parts.append(ELLIPSIS)
    return Snippet("".join(shown_parts), new_caret)


def source_column(file: str, line: str, col: int) -> int:
    """The character column of a diagnostic's caret in its source line: ``col`` itself in a
    YAML file; in a sheet, where cell number ``col`` starts in the row's display line
    (the cells written as CSV with commas, :func:`generator.pack.sheetread.display_line`).

    >>> source_column("c.csv", 'a,"b, c",d', 3), source_column("c.yaml", "a: b", 4)
    (10, 4)
    """
    if not is_sheet(file):
        return col
    cell, quoted = 1, False
    for index, ch in enumerate(line):
        if cell == col:
            return index + 1
        if ch == '"':
            quoted = not quoted
        elif ch == "," and not quoted:
            cell += 1
    return len(line) + 1 + (col - cell)
