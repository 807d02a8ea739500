"""Diagnostic output formats: text, json, github, junit and sarif.

Each format is a small class with a ``name`` and a pure
``render(diagnostics, summary, sources) -> str``; the CLI picks one by name
with :func:`get_formatter` and writes the returned string. Formatters never
read files: ``sources`` maps a diagnostic's file to its text (or ``None``).
Every format renders diagnostics sorted by (file, line, col, code, message)
and returns text ending in a newline (or the empty string), identical on
every run.

>>> from generator.diagnostics import make
>>> d = make("RS-Y003", "duplicate key 'id'", "pack.yaml", 2, 1)
>>> out = get_formatter("text", color=False).render(
...     [d], Summary(1, 1, 1, 0), {"pack.yaml": "kind: pack\\nid: x\\n"}.get)
>>> print(out, end="")
pack.yaml:2:1: error[RS-Y003] duplicate key 'id'
 2 | id: x
   | ^
<BLANKLINE>
1 error in 1 file (1 document)
"""
from __future__ import annotations

import json
import re
import unicodedata
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import ClassVar, Protocol
from urllib.parse import quote

from . import __version__
from .diagnostics import CODES, Diagnostic, Severity, count

SourceLookup = Callable[[str], "str | None"]

TOOL_NAME = "riddlesmith"
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
SARIF_VERSION = "2.1.0"

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

_ANSI_RESET = "\x1b[0m"
_BOLD = "1"
_RED = "31"
_GREEN = "32"
_YELLOW = "33"
_BLUE = "34"
_CYAN = "36"
_SEVERITY_COLOR: dict[Severity, str] = {
    Severity.ERROR: _RED,
    Severity.WARNING: _YELLOW,
    Severity.INFO: _BLUE,
}
_GITHUB_COMMAND: dict[Severity, str] = {
    Severity.ERROR: "error",
    Severity.WARNING: "warning",
    Severity.INFO: "notice",
}
_SARIF_LEVEL: dict[Severity, str] = {
    Severity.ERROR: "error",
    Severity.WARNING: "warning",
    Severity.INFO: "note",
}


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


def make_summary(diagnostics: Iterable[Diagnostic], files: int, documents: int) -> Summary:
    """Count errors and warnings into a :class:`Summary`.

    >>> from generator.diagnostics import make
    >>> warning = make("RS-P011", "no 'de' text", "a.yaml", severity=Severity.WARNING)
    >>> make_summary([warning], 3, 7)
    Summary(files=3, documents=7, errors=0, warnings=1)
    """
    errors, warnings = count(diagnostics)
    return Summary(files=files, documents=documents, errors=errors, warnings=warnings)


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


# --------------------------------------------------------------------------- text


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


@dataclass(frozen=True, slots=True)
class TextFormatter:
    """Human-readable lines with the source line and a caret; ANSI colour on request."""

    name: ClassVar[str] = "text"
    color: bool = False
    tab_width: int = TAB_WIDTH
    max_width: int = MAX_SOURCE_WIDTH

    def paint(self, text: str, *codes: str) -> str:
        """Wrap ``text`` in ANSI codes when colour is on."""
        if not self.color or not codes or not text:
            return text
        return f"\x1b[{';'.join(codes)}m{text}{_ANSI_RESET}"

    def render(
        self,
        diagnostics: Iterable[Diagnostic],
        summary: Summary,
        sources: SourceLookup = no_sources,
    ) -> str:
        lines_of: dict[str, list[str] | None] = {}  # each source split once per render
        blocks: list[str] = []
        for d in sort_diagnostics(diagnostics):
            if d.file and d.file not in lines_of:
                text = sources(d.file)
                lines_of[d.file] = None if text is None else split_lines(text)
            blocks.append(self.render_one(d, lines_of.get(d.file)))
        blocks.append(self.render_summary(summary))
        return "\n\n".join(blocks) + "\n"

    def render_one(self, d: Diagnostic, lines: list[str] | None) -> str:
        """One diagnostic: headline, optional source line with caret, hint, related."""
        color = _SEVERITY_COLOR[d.severity]
        message = sanitize_text(d.message).replace("\n", "\n    ")
        head = self.paint(f"{d.severity.value}[{d.code}]", _BOLD, color)
        location = self.paint(f"{escape_invisible(d.location())}:", _BOLD) + " " if d.file else ""
        out = [f"{location}{head} {self.paint(message, _BOLD)}"]
        if lines is not None and 1 <= d.line <= len(lines):
            snippet = make_snippet(lines[d.line - 1], d.col, self.tab_width, self.max_width)
            number = str(d.line)
            gutter = " " * len(number)
            bar = self.paint("|", _BLUE)
            out.append(f" {self.paint(number, _BLUE)} {bar} {snippet.text}".rstrip())
            out.append(f" {gutter} {bar} {' ' * snippet.caret}{self.paint('^', _BOLD, color)}")
        if d.hint:
            hint = sanitize_text(d.hint).replace("\n", "\n        ")
            out.append(f"  {self.paint('hint:', _BOLD, _CYAN)} {hint}")
        for file, line, col in d.related:
            out.append(f"  {self.paint('related:', _BOLD)} {escape_invisible(file)}:{line}:{col}")
        return "\n".join(out)

    def render_summary(self, summary: Summary) -> str:
        """The closing line, red with errors, yellow with only warnings, else green."""
        color = _RED if summary.errors else _YELLOW if summary.warnings else _GREEN
        return self.paint(describe_summary(summary), _BOLD, color)


# --------------------------------------------------------------------------- json


@dataclass(frozen=True, slots=True)
class JsonFormatter:
    """One JSON object: the diagnostics in order, then the summary."""

    name: ClassVar[str] = "json"

    def render(
        self,
        diagnostics: Iterable[Diagnostic],
        summary: Summary,
        sources: SourceLookup = no_sources,
    ) -> str:
        document = {
            "diagnostics": [
                {
                    "file": escape_invisible(d.file),
                    "line": d.line,
                    "col": d.col,
                    "severity": d.severity.value,
                    "code": d.code,
                    "message": escape_invisible(d.message, keep="\n\t"),
                    "pointer": escape_invisible(d.pointer),
                    "hint": escape_invisible(d.hint, keep="\n\t"),
                }
                for d in sort_diagnostics(diagnostics)
            ],
            "summary": {
                "files": summary.files,
                "documents": summary.documents,
                "errors": summary.errors,
                "warnings": summary.warnings,
            },
        }
        return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


# --------------------------------------------------------------------------- github


def escape_github_data(text: str) -> str:
    """Escape a workflow-command message.

    >>> escape_github_data("100%\\nsure")
    '100%25%0Asure'
    """
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_github_property(text: str) -> str:
    """Escape a workflow-command property value (also ``:`` and ``,``).

    >>> escape_github_property("a:b,c")
    'a%3Ab%2Cc'
    """
    return escape_github_data(text).replace(":", "%3A").replace(",", "%2C")


def to_forward_slashes(path: str) -> str:
    """Report paths with ``/`` on every platform (GitHub and SARIF expect it)."""
    return path.replace("\\", "/")


@dataclass(frozen=True, slots=True)
class GithubFormatter:
    """GitHub Actions workflow commands, one annotation per diagnostic."""

    name: ClassVar[str] = "github"

    def render(
        self,
        diagnostics: Iterable[Diagnostic],
        summary: Summary,
        sources: SourceLookup = no_sources,
    ) -> str:
        lines = [self.render_one(d) for d in sort_diagnostics(diagnostics)]
        return "".join(line + "\n" for line in lines)

    def render_one(self, d: Diagnostic) -> str:
        """``::error file=F,line=L,col=C,title=CODE::message%0Ahint: ...``"""
        props: list[str] = []
        if d.file:
            props += [
                f"file={escape_github_property(to_forward_slashes(escape_invisible(d.file)))}",
                f"line={d.line}",
                f"col={d.col}",
            ]
        props.append(f"title={escape_github_property(d.code)}")
        message = escape_invisible(d.message + (f"\nhint: {d.hint}" if d.hint else ""),
                                   keep="\n\r\t")
        return f"::{_GITHUB_COMMAND[d.severity]} {','.join(props)}::{escape_github_data(message)}"


# --------------------------------------------------------------------------- junit


def xml_safe(text: str) -> str:
    """Replace characters XML 1.0 cannot hold by visible escapes (``\\x1b``).

    >>> xml_safe("a\\x00b\\tc")
    'a\\\\x00b\\tc'
    """
    out: list[str] = []
    for ch in text:
        code = ord(ch)
        if ch in "\t\n\r" or 0x20 <= code <= 0xD7FF or 0xE000 <= code <= 0xFFFD or code >= 0x10000:
            out.append(ch)
        else:
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")
    return "".join(out)


@dataclass(frozen=True, slots=True)
class JunitFormatter:
    """JUnit XML: one test suite, one test case per file.

    A file fails when it has errors (and, with ``strict``, warnings); all of
    its failing diagnostics go into one ``<failure>`` element, because many
    JUnit readers keep only the first failure of a test case. Other
    diagnostics become ``<system-out>`` lines. ``files`` lists every checked
    file so clean files show up as passing test cases.
    """

    name: ClassVar[str] = "junit"
    files: tuple[str, ...] = ()
    strict: bool = False

    def fails(self, d: Diagnostic) -> bool:
        """Whether ``d`` fails its file's test case."""
        return d.severity is Severity.ERROR or (self.strict and d.severity is Severity.WARNING)

    def render(
        self,
        diagnostics: Iterable[Diagnostic],
        summary: Summary,
        sources: SourceLookup = no_sources,
    ) -> str:
        by_file: dict[str, list[Diagnostic]] = {file: [] for file in self.files}
        for d in sort_diagnostics(diagnostics):
            by_file.setdefault(d.file, []).append(d)
        cases = [self.build_case(file, by_file[file]) for file in sorted(by_file)]
        failures = sum(1 for case in cases if case.find("failure") is not None)
        counts = {"tests": str(len(cases)), "failures": str(failures), "errors": "0"}
        root = ET.Element("testsuites", {"name": TOOL_NAME, **counts})
        suite = ET.SubElement(root, "testsuite", {"name": TOOL_NAME, **counts, "skipped": "0"})
        properties = ET.SubElement(suite, "properties")
        for key, value in (("files", summary.files), ("documents", summary.documents),
                           ("errors", summary.errors), ("warnings", summary.warnings)):
            ET.SubElement(properties, "property", {"name": key, "value": str(value)})
        suite.extend(cases)
        ET.indent(root)
        body = ET.tostring(root, encoding="unicode")
        return f'<?xml version="1.0" encoding="UTF-8"?>\n{body}\n'

    def build_case(self, file: str, diagnostics: Sequence[Diagnostic]) -> ET.Element:
        """The test case of one file."""
        name = xml_safe(escape_invisible(file)) if file else TOOL_NAME
        case = ET.Element("testcase", {"classname": TOOL_NAME, "name": name})
        if file:
            case.set("file", name)
        failing = [d for d in diagnostics if self.fails(d)]
        passing = [d for d in diagnostics if not self.fails(d)]
        if failing:
            first = failing[0]
            message = escape_invisible(f"{first.severity.value}[{first.code}] {first.message}")
            if len(failing) > 1:
                message += f" (and {len(failing) - 1} more)"
            kind = "error" if any(d.severity is Severity.ERROR for d in failing) else "warning"
            failure = ET.SubElement(case, "failure", {"message": xml_safe(message), "type": kind})
            failure.text = xml_safe("\n".join(self.describe(d) for d in failing))
        if passing:
            out = ET.SubElement(case, "system-out")
            out.text = xml_safe("\n".join(self.describe(d) for d in passing))
        return case

    @staticmethod
    def describe(d: Diagnostic) -> str:
        """One diagnostic as text lines."""
        text = headline_of(replace(d, file=escape_invisible(d.file)))
        return escape_invisible(text + (f"\n  hint: {d.hint}" if d.hint else ""), keep="\n\t")


# --------------------------------------------------------------------------- sarif


def to_artifact_uri(path: str) -> str:
    """A SARIF ``artifactLocation.uri``: relative, forward slashes, percent-encoded.

    >>> to_artifact_uri("packs\\\\my pack/pack.yaml")
    'packs/my%20pack/pack.yaml'
    """
    path = to_forward_slashes(path)
    while path.startswith("./"):
        path = path[2:]
    # A byte that is not UTF-8 (a lone surrogate after os.fsdecode) is encoded as
    # the byte it was, so the URI names the real file and never fails to encode.
    if re.match(r"^[A-Za-z]:/", path):  # a Windows absolute path cannot be relative
        return "file:///" + quote(path, safe="/:", errors="surrogateescape")
    if path.startswith("/"):
        return "file://" + quote(path, errors="surrogateescape")
    return quote(path, errors="surrogateescape")


@dataclass(frozen=True, slots=True)
class SarifFormatter:
    """SARIF 2.1.0 log with one run (GitHub code scanning reads it)."""

    name: ClassVar[str] = "sarif"

    def render(
        self,
        diagnostics: Iterable[Diagnostic],
        summary: Summary,
        sources: SourceLookup = no_sources,
    ) -> str:
        ordered = sort_diagnostics(diagnostics)
        rule_ids = sorted({d.code for d in ordered})
        rule_index = {code: i for i, code in enumerate(rule_ids)}
        driver = {
            "name": TOOL_NAME,
            "version": __version__,
            "rules": [self.build_rule(code, ordered) for code in rule_ids],
        }
        log = {
            "$schema": SARIF_SCHEMA,
            "version": SARIF_VERSION,
            "runs": [
                {
                    "tool": {"driver": driver},
                    # Our columns count code points; SARIF's default is UTF-16 units.
                    "columnKind": "unicodeCodePoints",
                    "results": [self.build_result(d, rule_index[d.code]) for d in ordered],
                }
            ],
        }
        return json.dumps(log, ensure_ascii=False, indent=2) + "\n"

    @staticmethod
    def build_rule(code: str, diagnostics: Sequence[Diagnostic]) -> dict[str, object]:
        """A reportingDescriptor for ``code``; unregistered codes fall back to their use."""
        if code in CODES:
            severity, title = CODES[code]
        else:
            severity = next(d.severity for d in diagnostics if d.code == code)
            title = code
        return {
            "id": code,
            "shortDescription": {"text": title},
            "defaultConfiguration": {"level": _SARIF_LEVEL[severity]},
        }

    @staticmethod
    def build_location(file: str, line: int, col: int) -> dict[str, object]:
        """A location with a physicalLocation at line and column."""
        return {
            "physicalLocation": {
                "artifactLocation": {"uri": to_artifact_uri(file)},
                "region": {"startLine": max(1, line), "startColumn": max(1, col)},
            }
        }

    def build_result(self, d: Diagnostic, rule_index: int) -> dict[str, object]:
        """One result; the hint follows the message on its own line."""
        text = escape_invisible(d.message + (f"\nhint: {d.hint}" if d.hint else ""), keep="\n\t")
        result: dict[str, object] = {
            "ruleId": d.code,
            "ruleIndex": rule_index,
            "level": _SARIF_LEVEL[d.severity],
            "message": {"text": text},
        }
        if d.file:
            result["locations"] = [self.build_location(d.file, d.line, d.col)]
        related = [
            {"id": i, **self.build_location(file, line, col)}
            for i, (file, line, col) in enumerate(d.related)
            if file
        ]
        if related:
            result["relatedLocations"] = related
        if d.pointer:
            result["properties"] = {"pointer": escape_invisible(d.pointer)}
        return result


# --------------------------------------------------------------------------- choice

FORMATTERS: dict[str, type[Formatter]] = {
    cls.name: cls
    for cls in (TextFormatter, JsonFormatter, GithubFormatter, JunitFormatter, SarifFormatter)
}


def get_formatter(
    name: str, color: bool = False, *, files: Sequence[str] = (), strict: bool = False
) -> Formatter:
    """Make the formatter called ``name``; options a format does not use are ignored.

    >>> get_formatter("junit", files=["b.yaml", "a.yaml"]).files
    ('a.yaml', 'b.yaml')
    """
    if name == TextFormatter.name:
        return TextFormatter(color=color)
    if name == JunitFormatter.name:
        return JunitFormatter(files=tuple(sorted(set(files))), strict=strict)
    if name in FORMATTERS:
        return FORMATTERS[name]()
    known = ", ".join(sorted(FORMATTERS))
    raise ValueError(f"unknown output format {name!r} (known: {known})")
