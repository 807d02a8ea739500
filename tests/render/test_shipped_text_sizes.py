"""Nothing the shipped fragment and tower packs print is smaller than 6 pt (issue 12 §1).

Every PDF page a build writes is caught as a scene on its way to the PDF backend
and measured with :func:`~generator.render.text.small_texts` (group scales
included). The riddle system's pages are measured in
``tests/systems/riddle/test_riddle_print_sheets.py``.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

import generator.systems.fragments.render as fragments_render
import generator.systems.tower.build as tower_build
from generator.pipeline import check
from generator.render.scene import Document
from generator.render.text import small_texts
from generator.systems import Options
from generator.registry import discover_systems

CONTENT = Path(__file__).resolve().parents[2] / "content"


@pytest.mark.parametrize("pack_name, module", [("fragments", fragments_render),
                                               ("tower", tower_build)])
def test_no_shipped_page_prints_below_6pt(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                          shipped_cache: Callable[[str, Path], None],
                                          pack_name: str, module: object) -> None:
    seen: list[Document] = []
    real = module.document_to_pdf  # type: ignore[attr-defined]

    def capture(doc: Document) -> bytes:
        seen.append(doc)
        return real(doc)  # type: ignore[no-any-return]

    monkeypatch.setattr(module, "document_to_pdf", capture)
    # Simulations are not what is measured: start from a seeded cache, not from nothing.
    shipped_cache(pack_name, tmp_path / "cache")
    options = Options(cache_dir=tmp_path / "cache")
    report = check([CONTENT / pack_name], options)
    pack = report.packs[0]
    system = discover_systems()[pack.data["systems"][0]]
    system.build(pack, options, lambda _: None)
    assert seen
    small = {(doc.title, page.id, text, size) for doc in seen for page in doc.pages
             for text, size in small_texts(page)}
    assert not small, sorted(small)[:10]
