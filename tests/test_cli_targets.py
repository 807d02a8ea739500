"""``build --target`` and the home-printing variants, driven from the command line."""
from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from pypdf import PdfReader

from generator.pack.loader import load_packs
from generator.pack.schema import load_schemas
from generator.pipeline import kinds_of
from generator.render.impose import booklet_page
from generator.registry import discover_systems
from generator.systems.tower.book import book_pages
from generator.systems.tower.book_content import read_book

from conftest import CONTENT
from test_cli import run


def _files(root: Path) -> set[str]:
    return {p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file()}


def test_pro_and_tts_targets_without_pnp(pack_dir: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    code, text = run("build", str(pack_dir), "--out", str(out), "--target", "pro",
                     "--target", "tts", "--cmyk", "--no-cache")
    assert code == 0, text
    files = _files(out / "test-pack")
    assert not any(f.startswith("print/") for f in files)  # pnp was not asked for
    assert {"pro/fragments.pdf", "pro/when.pdf", "pro/fragments/cards.csv", "tts/fragments.json",
            "tts/when.json", "tts/answer-tokens.json"} <= files
    manifest = json.loads((out / "test-pack" / "manifest.json").read_text())
    assert {a["path"] for a in manifest["artefacts"]} == files - {"manifest.json"}
    saved = json.loads((out / "test-pack" / "tts" / "when.json").read_text())
    entry = saved["ObjectStates"][0]["CustomDeck"]["1"]
    assert entry["UniqueBack"] and (out / "test-pack" / "tts" / entry["BackURL"]).is_file()


def test_default_target_is_pnp_and_variants_add_files(pack_dir: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    code, text = run("build", str(pack_dir), "--out", str(out), "--fold", "--ink-saver", "--no-cache")
    assert code == 0, text
    files = _files(out / "test-pack")
    assert "print/cards-duplex.pdf" in files and not any(f.startswith(("pro/", "tts/")) for f in files)
    assert {"print/ink-saver/fragments-duplex.pdf", "print/ink-saver/fragments-fold.pdf",
            "print/ink-saver/when-fold.pdf"} <= files


def test_unknown_target_is_a_usage_error(pack_dir: Path, tmp_path: Path) -> None:
    code, text = run("build", str(pack_dir), "--out", str(tmp_path / "o"), "--target", "web")
    assert code == 2 and "web" in text


def test_booklet_of_a_shipped_book(tmp_path: Path, shipped_cache: Callable[[str, Path], None]) -> None:
    out = tmp_path / "out"
    shipped_cache("tower", tmp_path / "cache")  # the playtests are not what is tested here
    code, text = run("build", str(CONTENT / "tower"), "--out", str(out), "--booklet",
                     "--cache-dir", str(tmp_path / "cache"))
    assert code == 0, text
    reader = PdfReader(out / "tower" / "print" / "booklet" / "tower-book.pdf")
    book = PdfReader(out / "tower" / "print" / "tower-book.pdf")
    # Sheet sides: the book laid out again at the booklet's A5 page, four pages a sheet.
    pack = load_packs([CONTENT / "tower"], load_schemas(), kinds_of(discover_systems())).packs[0]
    narrow = book_pages(read_book(pack, None), booklet_page((210.0, 297.0)), None,
                        lambda _m: None)
    assert len(narrow) > len(book.pages)
    assert len(reader.pages) == 2 * -(-len(narrow) // 4)
    w, h = (float(v) for v in reader.pages[0].mediabox[2:])
    assert w > h  # landscape sheets, two A5 pages each
    titles = [o.title for o in reader.outline]
    assert titles[0].startswith("Cover") and any(t.startswith("Scenario") for t in titles)
    prefs = reader.trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/Duplex"] == "/DuplexFlipShortEdge"
