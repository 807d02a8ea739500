"""The diagnostic formats made for continuous integration: GitHub workflow
annotations, a JUnit XML report and SARIF 2.1.0 for code scanning. Each is a small
class with a ``name`` and a pure ``render(diagnostics, summary, sources) -> str``, as
:mod:`generator.formats` describes; that module picks one by name."""
from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import ClassVar
from urllib.parse import quote

from . import __version__
from .cellref import cell_address, is_sheet, split_sheet
from .diagnostics import CODES, Diagnostic, Severity
from .format_base import (
    SourceLookup,
    Summary,
    escape_invisible,
    headline_of,
    no_sources,
    sort_diagnostics,
)

TOOL_NAME = "riddlesmith"
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
SARIF_VERSION = "2.1.0"
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
            real = split_sheet(d.file)[0]
            props += [
                f"file={escape_github_property(to_forward_slashes(escape_invisible(real)))}",
                f"line={d.line}",
                f"col={d.col}",
            ]
        props.append(f"title={escape_github_property(d.code)}")
        message = escape_invisible(cell_prefix(d) + d.message + (f"\nhint: {d.hint}" if d.hint else ""),
                                   keep="\n\r\t")
        return f"::{_GITHUB_COMMAND[d.severity]} {','.join(props)}::{escape_github_data(message)}"


def cell_prefix(d: Diagnostic) -> str:
    """``cell C7: `` (``cell Cards!C7: `` in a workbook) before the message of a diagnostic in
    a sheet, whose line and column are a row and a column number (issue 28); else nothing.

    >>> from generator.diagnostics import make
    >>> cell_prefix(make("RS-S005", "m", "w.xlsx[Cards]", 7, 3)), cell_prefix(make("RS-S005", "m", "a.yaml"))
    ('cell Cards!C7: ', '')
    """
    return f"cell {cell_address(d.file, d.line, d.col)}: " if d.file and is_sheet(d.file) else ""


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

    A sheet included by its web address is named by that address, as it is:

    >>> to_artifact_uri("https://x.example/pub?gid=0&output=csv")
    'https://x.example/pub?gid=0&output=csv'
    """
    if re.match(r"^https?://", path, flags=re.IGNORECASE):
        return path
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
                "artifactLocation": {"uri": to_artifact_uri(split_sheet(file)[0])},
                "region": {"startLine": max(1, line), "startColumn": max(1, col)},
            }
        }

    def build_result(self, d: Diagnostic, rule_index: int) -> dict[str, object]:
        """One result; the hint follows the message on its own line."""
        text = escape_invisible(cell_prefix(d) + d.message + (f"\nhint: {d.hint}" if d.hint else ""),
                                keep="\n\t")
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
