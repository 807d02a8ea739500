"""SVG and PDF backends: structure, fonts, escaping, determinism, speed, printed pixels."""
from __future__ import annotations

import io
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from pypdf import PdfReader
from render_samples import ICONS, card_back, card_front

from generator.render import (
    CARD_SIZES,
    Circle,
    Document,
    Group,
    Line,
    Polygon,
    Polyline,
    Rect,
    Scene,
    Style,
    Text,
    calibration_page,
    card_sheet_pages,
    document_to_pdf,
    fit_text,
    interleave_duplex,
    layout_sheet,
    scene_to_svg,
)
from generator.render import Path as PathEl

SVG_NS = "{http://www.w3.org/2000/svg}"
NASTY = "<b>bold?</b> & <script>alert('x')</script> \"q\" (paren) \\ back"
PT_PER_MM = 72 / 25.4


def svg_texts(svg: bytes) -> list[str]:
    root = ET.fromstring(svg)
    return [el.text or "" for el in root.iter(f"{SVG_NS}text")]


def pdf_text(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


def every_shape() -> Scene:
    st = Style(fill="#336699", stroke="#000000", stroke_width=0.4, dash=(1, 0.5), opacity=0.5)
    return Scene(80, 60, (
        Rect(1, 1, 20, 10, st, rx=2), Circle(40, 10, 5, st), Line(1, 20, 79, 20, st),
        Polyline(((1, 30), (10, 25), (20, 30)), st), Polygon(((30, 30), (40, 25), (50, 30)), st),
        PathEl((("M", 55, 30), ("C", 60, 20, 70, 20, 75, 30), ("Q", 65, 40, 55, 30), ("Z",)), st),
        Group((Text(0, 0, "turned", font="serif", italic=True, bold=True),),
              translate=(10, 50), rotate=-20, scale=1.5,
              clip=Rect(-5, -10, 40, 15), id="g"),
        Text(79, 58, "end-anchored", anchor="end", size=6),
    ), id="shapes")


def test_svg_is_sized_in_mm_and_parses() -> None:
    svg = scene_to_svg(every_shape())
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG_NS}svg"
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("80mm", "60mm", "0 0 80 60")
    assert root.get("id") == "shapes"
    tags = {el.tag.removeprefix(SVG_NS) for el in root.iter()}
    assert {"rect", "circle", "line", "polyline", "polygon", "path", "text", "clipPath"} <= tags
    texts = {el.text: el for el in root.iter(f"{SVG_NS}text")}
    assert texts["turned"].get("font-family", "").startswith("DejaVu Serif")
    assert texts["turned"].get("font-weight") == "bold"
    assert texts["end-anchored"].get("text-anchor") == "end"
    assert b"<script" not in svg


def test_svg_ids_are_explicit_and_unique() -> None:
    card = card_front(0)
    f, _ = card_sheet_pages([card, card, card], None, layout_sheet("a4", *CARD_SIZES["poker"]))
    root = ET.fromstring(scene_to_svg(f[0]))
    ids = [el.get("id") for el in root.iter() if el.get("id")]
    assert len(ids) == len(set(ids))
    assert {"card-001", "card-001-2", "card-001-3"} <= set(ids)
    assert not any(i.startswith("id") for i in ids)  # no svgwrite auto ids
    clip_refs = {el.get("clip-path") for el in root.iter() if el.get("clip-path")}
    assert clip_refs == {f"url(#sheet-1-front-clip-{n})" for n in (1, 2, 3)}


def test_svg_runs_sit_where_fit_text_put_them() -> None:
    r = fit_text("One **two** three *four* five six seven eight nine ten", 30, 30)
    root = ET.fromstring(scene_to_svg(Scene(40, 40, (r.block.at(5, 5),))))
    got = [(el.text, float(el.get("x")), float(el.get("y"))) for el in root.iter(f"{SVG_NS}text")]
    want = [(t.text, round(t.x, 4), round(t.y, 4)) for t in r.block.runs]
    assert got == want


def test_user_text_is_never_markup() -> None:
    fitted = fit_text(NASTY, 150, 20)
    scene = Scene(160, 40, (Text(5, 30, NASTY, size=8), fitted.block.at(5, 5)))
    svg = scene_to_svg(scene)
    assert svg_texts(svg)[0] == NASTY
    assert " ".join(svg_texts(svg)[1:]) == NASTY
    assert b"<b>" not in svg and b"<script>" not in svg
    extracted = pdf_text(document_to_pdf(Document((scene,))))
    assert extracted.count("<b>bold?</b> & <script>alert('x')</script>") == 2


def test_control_characters_are_dropped_in_both_backends() -> None:
    scene = Scene(50, 20, (Text(1, 10, "a\x00b\x1bc\td"),))
    assert svg_texts(scene_to_svg(scene)) == ["abc d"]
    assert "abc d" in pdf_text(document_to_pdf(Document((scene,))))


@pytest.fixture(scope="module")
def deck_pdf() -> bytes:
    lay = layout_sheet("letter", *CARD_SIZES["poker"])
    f, b = card_sheet_pages([card_front(i) for i in range(10)], card_back(), lay, label="Test deck")
    front, back = calibration_page("letter")
    return document_to_pdf(Document(interleave_duplex(f, b) + (front, back, every_shape()),
                                    title="Test deck — print", author="riddlesmith tests",
                                    duplex=True))


def test_pdf_pages_are_sized_in_exact_mm(deck_pdf: bytes) -> None:
    pages = PdfReader(io.BytesIO(deck_pdf)).pages
    assert len(pages) == 7
    sizes = [(float(p.mediabox.width), float(p.mediabox.height)) for p in pages]
    for (w, h), (mm_w, mm_h) in zip(sizes, [(215.9, 279.4)] * 6 + [(80, 60)]):
        assert w == pytest.approx(mm_w * PT_PER_MM, abs=1e-3)
        assert h == pytest.approx(mm_h * PT_PER_MM, abs=1e-3)


def test_pdf_embeds_its_fonts(deck_pdf: bytes) -> None:
    reader = PdfReader(io.BytesIO(deck_pdf))
    names: set[str] = set()
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            descriptor = font["/FontDescriptor"].get_object()
            assert "/FontFile2" in descriptor, f"{font['/BaseFont']} is not embedded"
            names.add(str(font["/BaseFont"]).split("+")[-1])
    assert names == {"DejaVuSans", "DejaVuSans-Bold", "DejaVuSans-Oblique", "DejaVuSerif-Bold"}


def test_pdf_text_metadata_and_print_settings(deck_pdf: bytes) -> None:
    reader = PdfReader(io.BytesIO(deck_pdf))
    text = pdf_text(deck_pdf)
    for words in ("Riddle 1", "Riddle 10", "three roads", "BACK", "Test deck · sheet 2/2 · fronts",
                  "This square must measure 50 mm", "end-anchored"):
        assert words in text
    assert reader.metadata is not None and reader.metadata.title == "Test deck — print"
    prefs = reader.trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None" and prefs["/Duplex"] == "/DuplexFlipLongEdge"
    assert b"/CreationDate (D:20000101000000" in deck_pdf  # invariant: no real date


def test_output_is_byte_identical_every_time() -> None:
    def build() -> tuple[bytes, bytes]:
        lay = layout_sheet("a4", *CARD_SIZES["poker"])
        f, b = card_sheet_pages([card_front(i) for i in range(4)], card_back(), lay, label="x")
        doc = Document(interleave_duplex(f, b), title="same")
        return document_to_pdf(doc), scene_to_svg(f[0])

    assert build() == build()


def test_a_126_card_deck_builds() -> None:
    """A full deck lays out, interleaves and writes (its speed: ``benchmarks/render.py``)."""
    # Fresh text per card so the layout caches do not flatter the figure.
    fronts = [card_front(i) for i in range(126)]
    for i, card in enumerate(fronts):
        fit_text(f"Riddle number {i}: **what** has *{i} legs* at :coin: dawn?", 50, 30, icons=ICONS)
    backs = [card_back(i) for i in range(126)]
    lay = layout_sheet("a4", *CARD_SIZES["poker"])
    f, b = card_sheet_pages(fronts, backs, lay, label="Deck")
    pdf = document_to_pdf(Document(interleave_duplex(f, b), title="deck", duplex=True))
    svgs = [scene_to_svg(card) for card in fronts]
    assert len(f) == 14 and len(svgs) == 126 and pdf


needs_poppler = pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm not installed")


def rasterise(pdf: bytes, tmp_path: Path, dpi: int = 40) -> list:  # type: ignore[type-arg]
    from PIL import Image

    src = tmp_path / "sheet.pdf"
    src.write_bytes(pdf)
    subprocess.run(["pdftoppm", "-png", "-r", str(dpi), str(src), str(tmp_path / "page")],
                   check=True, timeout=60)
    return [Image.open(p).convert("RGB") for p in sorted(tmp_path.glob("page-*.png"))]


def solid(colour: str, name: str) -> Scene:
    size = CARD_SIZES["poker"]
    return Scene(size[0] + 6, size[1] + 6, (Rect(0, 0, size[0] + 6, size[1] + 6, Style(fill=colour)),),
                 id=name)


@needs_poppler
def test_printed_backs_land_behind_their_fronts(tmp_path: Path) -> None:
    from PIL import ImageOps

    lay = layout_sheet("a4", *CARD_SIZES["poker"], gutter=11, orientation="portrait")
    fronts = [solid("#ff0000", f"f{i}") for i in range(3)]  # a part-filled sheet: asymmetric
    f, b = card_sheet_pages(fronts, solid("#0000ff", "b"), lay, crop_marks=False)
    front_img, back_img = rasterise(document_to_pdf(Document(interleave_duplex(f, b))), tmp_path)
    flipped = ImageOps.mirror(back_img)  # what the back looks like through the paper
    w, h = front_img.size
    inked = lambda px: px[0] < 200 or px[1] < 200 or px[2] < 200
    agree = total = 0
    for x in range(0, w, 2):
        for y in range(0, h, 2):
            a, c = inked(front_img.getpixel((x, y))), inked(flipped.getpixel((x, y)))
            if a or c:
                total += 1
                agree += a == c
    assert total > 1000 and agree / total > 0.97


@needs_poppler
def test_printed_crop_marks_only_when_asked(tmp_path: Path) -> None:
    lay = layout_sheet("a4", *CARD_SIZES["poker"])
    dpi = 100
    mark = next(m for m in lay.crop_marks if m[0] == m[2])  # a vertical mark above the first column
    px = (round(mark[0] * dpi / 25.4), round((mark[1] + mark[3]) / 2 * dpi / 25.4))
    for wanted, sub in ((True, "on"), (False, "off")):
        (tmp_path / sub).mkdir()
        # A full sheet: fewer cards would take the grid that keeps the whole bleed.
        f, _ = card_sheet_pages([solid("#00ff00", "c")] * 9, None, lay, crop_marks=wanted)
        img = rasterise(document_to_pdf(Document(f)), tmp_path / sub, dpi=dpi)[0]
        darkest = min(sum(img.getpixel((px[0] + dx, px[1]))) for dx in (-1, 0, 1))
        assert (darkest < 600) == wanted
