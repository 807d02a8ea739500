"""Artwork: the ``art`` field's checks at the YAML line, its drawing in PDF and SVG, and fitting."""
from __future__ import annotations

import io
import re
from pathlib import Path
from random import Random

import pytest
from PIL import Image as PilImage
from pypdf import PdfReader

from conftest import write_pack
from generator.pipeline import build, check
from generator.render.art import fit_rect, printed_dpi
from generator.render.images import read_picture, sniff_format
from generator.render.pdf import document_to_pdf
from generator.render.scene import Document, Image, Scene
from generator.render.svg import scene_to_svg

SVG = (b'<svg xmlns="http://www.w3.org/2000/svg" width="60" height="40" viewBox="0 0 60 40">'
       b'<rect width="30" height="40" fill="#1f4e79"/><circle cx="45" cy="20" r="12" fill="#b3261e"/></svg>')


def _png(w: int, h: int, colour: tuple[int, int, int] = (40, 120, 200)) -> bytes:
    buf = io.BytesIO()
    PilImage.new("RGB", (w, h), colour).save(buf, "PNG")
    return buf.getvalue()


def _jpeg(w: int, h: int) -> bytes:
    buf = io.BytesIO()
    PilImage.new("RGB", (w, h), (200, 150, 40)).save(buf, "JPEG", quality=90)
    return buf.getvalue()


ART_CARDS = """kind: fragment-card
id: art-ok
text: I hang on the wall.
art: art/full.png
---
kind: fragment-card
id: art-low
text: I am painted in oils.
art:
  - file: art/tiny.png
    fit: contain
---
kind: fragment-card
id: art-missing
text: I am hidden in the attic.
art: art/none.png
---
kind: fragment-card
id: art-broken
text: I am torn at the corner.
art: art/broken.png
---
kind: fragment-card
id: art-outside
text: I live outside the house.
art: ../../outside.png
---
kind: fragment-card
id: art-vector
text: I am drawn with a ruler.
art:
  - file: art/shape.svg
    box: {x: 6mm, y: 20mm, width: 51.5mm, height: 30mm}
    fit: contain
    layer: over
  - file: art/photo.jpg
    side: back
"""


def _art_pack(root: Path) -> Path:
    pack = write_pack(root / "pack", {"cards/art.yaml": ART_CARDS})
    (pack / "cards" / "art").mkdir()
    # 300 dpi over the whole face with bleed (69.5 x 94.9 mm) needs 821 x 1121 px.
    (pack / "cards" / "art" / "full.png").write_bytes(_png(830, 1134))
    (pack / "cards" / "art" / "tiny.png").write_bytes(_png(60, 80))
    (pack / "cards" / "art" / "broken.png").write_bytes(b"\x89PNG\r\n\x1a\nnot really")
    (pack / "cards" / "art" / "shape.svg").write_bytes(SVG)
    (pack / "cards" / "art" / "photo.jpg").write_bytes(_jpeg(900, 1200))
    (root / "outside.png").write_bytes(_png(900, 1200))
    return pack


def _line_of(text: str, needle: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), start=1) if needle in line)


def test_art_problems_are_reported_at_the_file_line(tmp_path: Path) -> None:
    pack = _art_pack(tmp_path)
    report = check([pack])
    found = {(d.code, d.line, d.severity.value) for d in report.diagnostics
             if d.file.endswith("art.yaml")}
    assert found == {
        ("RS-A003", _line_of(ART_CARDS, "art/tiny.png"), "warning"),
        ("RS-A001", _line_of(ART_CARDS, "art/none.png"), "error"),
        ("RS-A002", _line_of(ART_CARDS, "art/broken.png"), "error"),
        ("RS-P009", _line_of(ART_CARDS, "../../outside.png"), "error"),
    }
    low = next(d for d in report.diagnostics if d.code == "RS-A003")
    assert "dpi" in low.message and low.col == len("  - file: ") + 1


def test_art_is_drawn_into_pdf_and_svg_and_builds_are_identical(tmp_path: Path) -> None:
    pack = _art_pack(tmp_path)
    good = ART_CARDS.split("---\n")
    text = "---\n".join(part for part in good if "art-ok" in part or "art-vector" in part)
    (pack / "cards" / "art.yaml").write_text(text, encoding="utf-8")
    outs = []
    for n in range(2):
        report = check([pack])
        assert not report.failed(), [d.message for d in report.diagnostics]
        out = tmp_path / f"out{n}"
        assert not build(report, out).refused
        outs.append(out / "test-pack")
    for path in outs[0].rglob("*"):
        if path.is_file():
            assert path.read_bytes() == (outs[1] / path.relative_to(outs[0])).read_bytes(), path
    svg = (outs[0] / "svg" / "cards" / "art-ok.svg").read_text()
    assert "data:image/png;base64," in svg
    vector = (outs[0] / "svg" / "cards" / "art-vector.svg").read_text()
    assert "data:image/svg+xml;base64," in vector
    reader = PdfReader(outs[0] / "print" / "cards-fronts.pdf")
    images = [x for page in reader.pages
              for x in (page["/Resources"].get("/XObject") or {}).values()
              if x.get_object().get("/Subtype") == "/Image"]
    assert images  # the PNG; the SVG stays vector paths
    backs = PdfReader(outs[0] / "print" / "cards-backs.pdf")
    jpeg = [x.get_object() for page in backs.pages
            for x in (page["/Resources"].get("/XObject") or {}).values()
            if "/DCTDecode" in str(x.get_object().get("/Filter"))]
    assert jpeg  # the back-side photo, embedded as the JPEG it is


def test_cmyk_pdf_with_art_has_no_device_rgb() -> None:
    scene = Scene(80, 80, (Image(5, 5, 30, 40, _png(90, 120), "png"),
                           Image(40, 5, 30, 20, SVG, "svg"), Image(5, 50, 30, 20, _jpeg(90, 60), "jpeg")))
    rgb = document_to_pdf(Document((scene,)))
    cmyk = document_to_pdf(Document((scene,), cmyk=True))
    assert b"DeviceRGB" in rgb and b"DeviceRGB" not in cmyk
    data = PdfReader(io.BytesIO(cmyk)).pages[0].get_contents().get_data()
    assert not re.search(rb"(?<![A-Za-z])(?:rg|RG)(?![A-Za-z])", data)


def test_svg_backend_embeds_every_format() -> None:
    scene = Scene(50, 50, (Image(0, 0, 10, 10, _png(4, 4), "png"), Image(10, 0, 10, 10, _jpeg(4, 4), "jpeg"),
                           Image(20, 0, 10, 10, SVG, "svg")))
    svg = scene_to_svg(scene).decode()
    for mime in ("image/png", "image/jpeg", "image/svg+xml"):
        assert f"data:{mime};base64," in svg


def test_pictures_are_sniffed_and_measured() -> None:
    assert read_picture(_png(30, 20)).width == 30
    vector = read_picture(SVG)  # measured in points (svglib reads 1 px as 0.75 pt)
    assert vector.format == "svg" and vector.width / vector.height == pytest.approx(60 / 40)
    assert sniff_format(b"GIF89a") is None
    with pytest.raises(ValueError):
        read_picture(b"\x89PNG\r\n\x1a\ngarbage")


def test_fit_rect_against_its_definition() -> None:
    rng = Random(3)
    for _ in range(500):
        pw, ph = rng.uniform(1, 4000), rng.uniform(1, 4000)
        box = (rng.uniform(-5, 50), rng.uniform(-5, 50), rng.uniform(1, 100), rng.uniform(1, 100))
        for fit in ("cover", "contain"):
            x, y, w, h = fit_rect(pw, ph, box, fit)
            assert w / h == pytest.approx(pw / ph, rel=1e-9)              # no distortion
            assert x + w / 2 == pytest.approx(box[0] + box[2] / 2)         # centred
            assert y + h / 2 == pytest.approx(box[1] + box[3] / 2)
            if fit == "cover":   # fills the box; one side exactly
                assert w >= box[2] - 1e-9 and h >= box[3] - 1e-9
                assert min(w - box[2], h - box[3]) == pytest.approx(0, abs=1e-9)
            else:                # inside the box; one side exactly
                assert w <= box[2] + 1e-9 and h <= box[3] + 1e-9
                assert max(w - box[2], h - box[3]) == pytest.approx(0, abs=1e-9)
            dpi = printed_dpi(pw, ph, box, fit)
            assert dpi == pytest.approx(pw / (w / 25.4))


def test_pack_art_goes_on_book_covers_and_is_checked_at_its_line(tmp_path: Path) -> None:
    from conftest import PACK_YAML
    from generator.systems.art import with_cover_art

    pack_yaml = PACK_YAML + "art:\n  - file: cover.png\n    fit: contain\n"
    root = write_pack(tmp_path / "pack", {"pack.yaml": pack_yaml, "cover.png": _png(200, 280)})
    report = check([root])
    low = [d for d in report.diagnostics if d.code == "RS-A003"]
    assert [(d.file.endswith("pack.yaml"), d.line) for d in low] == [(True, _line_of(pack_yaml, "cover.png"))]
    pages = with_cover_art([Scene(210, 297, id="cover"), Scene(210, 297, id="p2")], report.packs[0])
    images = [g.children[0] for g in pages[0].children]
    assert len(images) == 1 and isinstance(images[0], Image)
    # contain on an A4 page: as wide as the page, centred vertically.
    assert (images[0].x, images[0].w) == pytest.approx((0, 210))
    assert images[0].y + images[0].h / 2 == pytest.approx(297 / 2)
    assert pages[1] == Scene(210, 297, id="p2")


def test_map_art_goes_into_the_map_group_above_its_frame(tmp_path: Path) -> None:
    from generator.render.scene import Group, Rect, Style
    from generator.systems.art import with_map_art

    card = "kind: fragment-card\nid: m\ntext: I am a map.\nart:\n  file: ring.png\n  fit: contain\n"
    root = write_pack(tmp_path / "pack", {"cards/m.yaml": card, "cards/ring.png": _png(500, 250)})
    report = check([root])
    doc = next(d for d in report.packs[0].documents if d.id == "m")
    frame = Rect(20, 30, 100, 80, Style(fill="#eeeeee"))
    cell = Rect(30, 40, 10, 10, Style(fill="#336699"))
    page = Scene(210, 297, (Group((frame, cell), id="map-m"), Group((cell,), id="map-other")))
    dressed = with_map_art([page], [("m", doc)], report.packs[0].root)[0]
    group = dressed.children[0]
    assert isinstance(group, Group) and group.children[0] == frame and group.children[2] == cell
    art = group.children[1]
    assert isinstance(art, Group) and art.clip == Rect(20, 30, 100, 80)
    image = art.children[0]
    assert isinstance(image, Image) and (image.x, image.y, image.w, image.h) == pytest.approx((20, 45, 100, 50))
    assert dressed.children[1] == page.children[1]
