"""Diagnostic output formats: text, json, github, junit and sarif.

Each format is a small class with a ``name`` and a pure
``render(diagnostics, summary, sources) -> str``; the CLI picks one by name
with :func:`get_formatter` and writes the returned string. Formatters never
read files: ``sources`` maps a diagnostic's file to its text (or ``None``).
Every format renders diagnostics sorted by (file, line, col, code, message)
and returns text ending in a newline (or the empty string), identical on
every run. The text and json formats and the choice by name live here, the
formats for CI (github, junit, sarif) in :mod:`generator.ci_formats`, and what
every format shares (the summary, the order, safe source text) in
:mod:`generator.format_base`.

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
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from .ci_formats import GithubFormatter, JunitFormatter, SarifFormatter
from .diagnostics import Diagnostic, Severity, count
from .format_base import (
    MAX_SOURCE_WIDTH,
    TAB_WIDTH,
    Formatter,
    SourceLookup,
    Summary,
    describe_summary,
    escape_invisible,
    make_snippet,
    no_sources,
    sanitize_text,
    sort_diagnostics,
    source_column,
    split_lines,
)
from .cellref import location_of

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


def make_summary(diagnostics: Iterable[Diagnostic], files: int, documents: int) -> Summary:
    """Count errors and warnings into a :class:`Summary`.

    >>> from generator.diagnostics import make
    >>> warning = make("RS-P011", "no 'de' text", "a.yaml", severity=Severity.WARNING)
    >>> make_summary([warning], 3, 7)
    Summary(files=3, documents=7, errors=0, warnings=1)
    """
    errors, warnings = count(diagnostics)
    return Summary(files=files, documents=documents, errors=errors, warnings=warnings)


# --------------------------------------------------------------------------- text


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
            source = lines[d.line - 1]
            snippet = make_snippet(source, source_column(d.file, source, d.col), self.tab_width,
                                   self.max_width)
            number = str(d.line)
            gutter = " " * len(number)
            bar = self.paint("|", _BLUE)
            out.append(f" {self.paint(number, _BLUE)} {bar} {snippet.text}".rstrip())
            out.append(f" {gutter} {bar} {' ' * snippet.caret}{self.paint('^', _BOLD, color)}")
        if d.hint:
            hint = sanitize_text(d.hint).replace("\n", "\n        ")
            out.append(f"  {self.paint('hint:', _BOLD, _CYAN)} {hint}")
        for file, line, col in d.related:
            out.append(f"  {self.paint('related:', _BOLD)} {escape_invisible(location_of(file, line, col))}")
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
