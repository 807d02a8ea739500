"""What the fragments system prints: structure of the PDFs and SVGs of the shipped deck."""
from __future__ import annotations

import json
import math
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import CONTENT, write_pack
from generator.pipeline import build, check
from generator.systems import Options

MM = 72 / 25.4


@pytest.fixture(scope="module")
def shipped(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("out")
    report = check([CONTENT / "fragments"])
    assert not report.failed()
    result = build(report, out)
    assert not result.refused
    return out / "fragments"


def _deck_counts() -> tuple[int, int, int]:
    report = check([CONTENT / "fragments"])
    docs = report.packs[0].documents
    fragments = [d for d in docs if d.kind == "fragment-card"]
    whens = [d for d in docs if d.kind == "when-card"]
    copies = sum(int(d.data.get("copies", 1)) for d in fragments + whens)
    return len(fragments), len(whens), copies


def test_shipped_deck_size() -> None:
    fragments, whens, copies = _deck_counts()
    assert fragments >= 120 and whens == 6 and copies >= 126


def test_sheet_pages_and_sizes(shipped: Path) -> None:
    _, _, copies = _deck_counts()
    sheets = math.ceil(copies / 9)
    fronts = PdfReader(shipped / "print" / "cards-fronts.pdf")
    backs = PdfReader(shipped / "print" / "cards-backs.pdf")
    duplex = PdfReader(shipped / "print" / "cards-duplex.pdf")
    assert len(fronts.pages) == len(backs.pages) == sheets
    assert len(duplex.pages) == 2 * sheets
    for reader in (fronts, backs, duplex):
        for page in reader.pages:
            w, h = float(page.mediabox.width), float(page.mediabox.height)
            assert abs(w - 210 * MM) < 0.01 and abs(h - 297 * MM) < 0.01


def test_fonts_are_embedded_and_text_is_present(shipped: Path) -> None:
    reader = PdfReader(shipped / "print" / "cards-fronts.pdf")
    page = reader.pages[0]
    fonts = page["/Resources"]["/Font"]
    assert fonts
    for ref in fonts.values():
        font = ref.get_object()
        descendant = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
        descriptor = descendant["/FontDescriptor"].get_object()
        assert "/FontFile2" in descriptor, font
    text = page.extract_text()
    assert "What am I?" in text
    assert "I " in text


def test_pdfs_ask_not_to_scale(shipped: Path) -> None:
    for name in ("cards-duplex.pdf", "tokens.pdf", "player-aid.pdf", "calibration.pdf"):
        reader = PdfReader(shipped / "print" / name)
        prefs = reader.trailer["/Root"]["/ViewerPreferences"]
        assert prefs["/PrintScaling"] == "/None", name


def test_one_svg_per_card(shipped: Path) -> None:
    fragments, whens, _ = _deck_counts()
    svgs = sorted((shipped / "svg" / "cards").glob("*.svg"))
    assert len(svgs) == fragments + 2 * whens + 1
    for svg in svgs[:20]:
        root = ET.parse(svg).getroot()
        assert root.get("width", "").endswith("mm") and root.get("height", "").endswith("mm")
        assert float(root.get("width")[:-2]) == pytest.approx(63.5 + 6)


def test_report_has_the_simulation(shipped: Path) -> None:
    report = json.loads((shipped / "report.json").read_text())
    pyl = report["systems"]["fragments"]["press_your_luck"]
    assert pyl["deck_size"] >= 120
    assert 1 <= pyl["best_stop"] <= 10
    assert {g["players"] for g in pyl["game_length"]} == {1, 2, 3, 4}


@pytest.mark.parametrize("paper, size", [("letter", (215.9, 279.4)), ("universal", (210, 279.4))])
def test_paper_option(tmp_path: Path, paper: str, size: tuple[float, float]) -> None:
    pack = write_pack(tmp_path / "p")
    report = check([pack], Options(paper=paper))
    build(report, tmp_path / "out")
    reader = PdfReader(tmp_path / "out" / "test-pack" / "print" / "cards-fronts.pdf")
    w, h = float(reader.pages[0].mediabox.width), float(reader.pages[0].mediabox.height)
    assert (round(w / MM, 1), round(h / MM, 1)) == size


@pytest.mark.parametrize("paper", ["a4", "letter", "universal"])
def test_every_printed_crop_mark_is_5mm_from_the_edge(tmp_path: Path, paper: str) -> None:
    """Measured in the PDF: every mark lies 5 mm or more inside the paper, and every
    card's four cut lines have a mark."""
    from pdf_marks import page_marks

    pack = write_pack(tmp_path / "p")
    report = check([pack], Options(paper=paper, back_offset=(1.0, -1.5)))
    build(report, tmp_path / "out")
    reader = PdfReader(tmp_path / "out" / "test-pack" / "print" / "cards-duplex.pdf")
    seen = 0
    for i, page in enumerate(reader.pages):
        w, h = float(page.mediabox.width) / MM, float(page.mediabox.height) / MM
        marks = page_marks(reader, i)
        assert marks, f"page {i + 1} has no crop marks"
        for x1, y1, x2, y2 in marks:
            seen += 1
            assert min(x1, x2, y1, y2) >= 5 - 1e-3, (paper, i, (x1, y1, x2, y2))
            assert max(x1, x2) <= w - 5 + 1e-3 and max(y1, y2) <= h - 5 + 1e-3
            assert max(abs(x2 - x1), abs(y2 - y1)) >= 2.5 - 1e-3
        downs = {round(x1, 1) for x1, _, x2, _ in marks if abs(x1 - x2) < 1e-6}
        acrosses = {round(y1, 1) for _, y1, _, y2 in marks if abs(y1 - y2) < 1e-6}
        assert len(downs) >= 2 and len(acrosses) >= 2
    assert seen


def test_lang_picks_translations(tmp_path: Path) -> None:
    pack = write_pack(tmp_path / "p", {"cards/fr.yaml":
                                       "kind: fragment-card\nid: jamais\ntext: {en: I never sleep., "
                                       "fr: Je ne dors jamais.}\n"})
    report = check([pack], Options(lang="fr"))
    build(report, tmp_path / "out")
    svg = (tmp_path / "out" / "test-pack" / "svg" / "cards" / "jamais.svg").read_text()
    assert "Je ne dors jamais." in svg


@pytest.mark.parametrize("safe", [3.0, 5.0])
def test_frames_and_text_keep_print_safe(safe: float) -> None:
    """Measured on the card scenes: every text run and frame line lies ``print.safe`` or
    more inside the trim (default 3 mm), so duplex drift never shows uneven borders."""
    from generator.render.icons import element_bounds
    from generator.render.scene import Rect, Text, TextBlock
    from generator.systems.fragments.layout import CardGeometry
    from generator.systems.fragments.render import fragment_back, fragment_front, when_side
    from generator.systems.fragments.settings import settings_of

    report = check([CONTENT / "fragments"])
    pack = report.packs[0]
    games = [d for d in pack.documents if d.kind == "fragment-game"]
    settings = settings_of(games[0])
    geo = CardGeometry(63.5, 88.9, 3.0, safe)
    card = next(d for d in pack.documents if d.kind == "fragment-card")
    when = next(d for d in pack.documents if d.kind == "when-card")
    scenes = [fragment_front(card, 176, 182, geo, settings, None), fragment_back(geo, settings, None),
              when_side(when, "only", geo, settings, None), when_side(when, "except", geo, settings, None)]
    lo = geo.bleed + safe - 1e-6
    for scene in scenes:
        hi_x, hi_y = scene.width - lo, scene.height - lo
        for el in scene.children:
            if isinstance(el, (Text, TextBlock)) or (isinstance(el, Rect) and el.style.stroke
                                                     and not el.style.fill):
                box = element_bounds([el])
                assert box is not None
                assert box[0] >= lo and box[1] >= lo and box[2] <= hi_x and box[3] <= hi_y, \
                    (scene.id, el)
