"""tools/print_audit.py reads back every document a build draws, also those drawn only to
become images (``--target tts`` card sheets), and says when the build fails."""
from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path
from types import ModuleType
from typing import Callable

import pytest

from conftest import CONTENT, REPO
from generator.render.pdf import capture_documents, document_to_pdf
from generator.render.scene import Document, Scene


def load_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("print_audit", REPO / "tools" / "print_audit.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_capture_with_draw_lists_the_documents_and_still_draws_them() -> None:
    doc = Document((Scene(20, 20),), title="x")
    plain = document_to_pdf(doc)
    with capture_documents(draw=True) as docs:
        assert document_to_pdf(doc) == plain
    assert docs == [doc]


def _tower(tmp_path: Path, shipped_cache: Callable[[str, Path], None]) -> list[str]:
    """A copy of the shipped tower pack and a cache folder that holds what a check of it
    stores (the audit reads the drawings, not the playtests): the build's arguments."""
    pack = tmp_path / "tower"
    shutil.copytree(CONTENT / "tower", pack, ignore=shutil.ignore_patterns(".riddlesmith-cache"))
    shipped_cache("tower", tmp_path / "cache")
    return [str(pack), "--cache-dir", str(tmp_path / "cache")]


def test_the_audit_reads_back_the_pdfs_drawn_for_tts_images(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        shipped_cache: Callable[[str, Path], None]) -> None:
    tool = load_tool()
    args = _tower(tmp_path, shipped_cache)
    pack = Path(args[0])
    # Every text run counts as small: the lines say which documents were read back.
    monkeypatch.setattr(tool, "MIN_PRINT_SIZE", 1000.0)
    code, lines = tool.audit([*args, "--target", "tts"])
    assert code == 0
    read = {line.split(": page ")[0] for line in lines}
    # The backs of the tiles have no text; the god cards' backs have; every scenario's
    # board for the virtual table carries its start marks (issue 26 §4).
    boards = {f"tts/board-{p.stem}.png (drawn for an image)"
              for p in (pack / "scenarios").glob("*.yaml")}
    assert len(boards) == 6
    assert read == {"tts/tiles-faces-1.png (drawn for an image)",
                    "tts/god-cards-faces-1.png (drawn for an image)",
                    "tts/god-cards-backs-1.png (drawn for an image)"} | boards


def test_the_audit_finds_nothing_on_the_shipped_tts_images_and_says_a_failed_build(
        tmp_path: Path, shipped_cache: Callable[[str, Path], None]) -> None:
    tool = load_tool()
    assert tool.audit([*_tower(tmp_path, shipped_cache), "--target", "tts"]) == (0, [])
    code, lines = tool.audit([str(tmp_path / "missing"), "--target", "tts", "--no-cache"])
    assert code == 2 and lines
