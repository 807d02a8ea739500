"""Suppressions, as linters do them: silence a warning where a designer chose to.

- ``# riddlesmith: ignore[RS-G103]`` at the end of a line silences those codes
  on that line; alone on a line, it silences them on the next line.
- The same comment among the comments at the top of a document (before its
  first key) silences the codes in the whole document.
- ``ignore: [RS-F003]`` in ``pack.yaml`` silences the codes in the whole pack.

Only warnings and notes can be silenced: an error would let ``build`` print
content the checks found broken. A suppression that silences nothing (or names
an error, or an unknown code) is itself a warning, ``RS-P014``; it is reported
only when the pack has no errors, since checks that would fire may not have run.

>>> from generator.diagnostics import make
>>> src = "kind: x\\nid: a  # riddlesmith: ignore[RS-F003]\\n"
>>> kept = apply_suppressions([make("RS-F003", "m", "a.yaml", 2, 5)], {"a.yaml": src}, [])
>>> kept
[]
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterable

from generator.diagnostics import CODES, Diagnostic, Severity, make

COMMENT = re.compile(r"#\s*riddlesmith:\s*ignore\[([^\]]*)\]")
_DOC_START = re.compile(r"^(---|\.\.\.)(\s|$)")


@dataclass(frozen=True, slots=True)
class Suppression:
    """Codes silenced in ``file`` between ``first`` and ``last`` (1-based lines), or a whole pack."""

    codes: tuple[str, ...]
    file: str  # where the suppression is written
    line: int
    col: int
    first: int = 0
    last: int = 0
    scope: str = "line"  # "line", "document" or "pack"
    files: frozenset[str] = frozenset()  # for "pack": the files of the pack

    def covers(self, d: Diagnostic) -> bool:
        if d.code not in self.codes:
            return False
        if self.scope == "pack":
            return d.file in self.files
        return d.file == self.file and self.first <= d.line <= self.last


def iter_file_suppressions(file: str, text: str) -> Iterable[Suppression]:
    """The suppression comments of one YAML file."""
    lines = text.splitlines()
    doc_start, at_top = 1, True
    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        if _DOC_START.match(line):
            doc_start, at_top = number + 1, True
            continue
        comment_only = stripped.startswith("#")
        match = COMMENT.search(line)
        if match:
            codes = tuple(c.strip() for c in match.group(1).split(",") if c.strip())
            col = match.start() + 1
            if comment_only and at_top:
                end = next((n for n in range(number + 1, len(lines) + 1)
                            if _DOC_START.match(lines[n - 1])), len(lines) + 1) - 1
                yield Suppression(codes, file, number, col, doc_start, max(end, number), "document")
            elif comment_only:
                yield Suppression(codes, file, number, col, number + 1, number + 1)
            else:
                yield Suppression(codes, file, number, col, number, number)
        if stripped and not comment_only:
            at_top = False


def pack_suppressions(packs: Iterable[Any]) -> list[Suppression]:
    """``ignore:`` lists of loaded packs (each entry located in pack.yaml)."""
    out: list[Suppression] = []
    for pack in packs:
        codes = pack.data.get("ignore") or []
        files = frozenset([pack.manifest.file, *pack.files])
        for i, code in enumerate(codes):
            line, col = pack.manifest.locate(("ignore", i))
            out.append(Suppression((code,), pack.manifest.file, line, col, scope="pack", files=files))
    return out


def _problems(s: Suppression, used: set[str]) -> Iterable[Diagnostic]:
    where = {"line": "on this line", "document": "in this document", "pack": "in this pack"}[s.scope]
    for code in s.codes:
        if code not in CODES:
            from generator.pack.schema import suggest

            hint = suggest(code, sorted(CODES)) or "riddlesmith explain lists every code"
            yield make("RS-P014", f"'{code}' is not a riddlesmith code", s.file, s.line, s.col,
                       hint=hint)
        elif CODES[code][0] is Severity.ERROR:
            yield make("RS-P014", f"{code} is an error and cannot be suppressed", s.file, s.line,
                       s.col, hint="fix the content; only warnings and notes can be silenced")
        elif code not in used:
            yield make("RS-P014", f"this suppression of {code} {where} silences nothing",
                       s.file, s.line, s.col, hint="remove it, or move it to the line that warns")


def apply_suppressions(diagnostics: list[Diagnostic], sources: dict[str, str],
                       packs: Iterable[Any]) -> list[Diagnostic]:
    """``diagnostics`` without the suppressed ones, plus a warning for each idle suppression."""
    packs = list(packs)
    rules = pack_suppressions(packs)
    for file, text in sorted(sources.items()):
        if "riddlesmith:" in text:
            rules.extend(iter_file_suppressions(file, text))
    if not rules:
        return diagnostics
    used: dict[int, set[str]] = {i: set() for i in range(len(rules))}
    kept: list[Diagnostic] = []
    for d in diagnostics:
        hit = False
        if d.severity is not Severity.ERROR:
            for i, rule in enumerate(rules):
                if rule.covers(d):
                    used[i].add(d.code)
                    hit = True
        if not hit:
            kept.append(d)
    failing = {d.file for d in diagnostics if d.severity is Severity.ERROR}
    pack_of = {f: p for p in packs for f in (p.manifest.file, *p.files)}
    for i, rule in enumerate(rules):
        pack = pack_of.get(rule.file)
        pack_files = {pack.manifest.file, *pack.files} if pack is not None else {rule.file}
        clean = not (pack_files & failing)
        for problem in _problems(rule, used[i]):
            if clean or "silences nothing" not in problem.message:
                kept.append(problem)
    return kept
