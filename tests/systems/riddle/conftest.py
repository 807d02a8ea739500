"""Riddle-system fixtures: packs written from the starter files, checked from inside."""
from __future__ import annotations

from pathlib import Path

import pytest

from generator.diagnostics import Diagnostic
from generator.pipeline import Report, check
from generator.systems.riddle.templates import starter_files



def write_files(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def write_starter(root: Path, overrides: dict[str, str] | None = None) -> Path:
    """The starter pack, with some files replaced or added."""
    files = starter_files("riddles-test")
    files.update(overrides or {})
    return write_files(root, files)


def check_pack(root: Path, monkeypatch: pytest.MonkeyPatch) -> Report:
    """Check a pack from inside it, so diagnostics name files relative to the pack."""
    monkeypatch.chdir(root)
    return check([Path(".")])


def found(report: Report) -> list[tuple[str, str, int, int]]:
    return [(d.code, d.file, d.line, d.col) for d in report.diagnostics]


def shown(diags: list[Diagnostic]) -> str:
    return "\n".join(f"{d.location()} {d.code} {d.message}" for d in diags)
