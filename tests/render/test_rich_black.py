"""Rich black in CMYK files only where asked (issue 12, gap 2): large black areas, never text or lines."""
from __future__ import annotations

import io
import re
from random import Random

from click.testing import CliRunner
from pypdf import PdfReader

from generator.render.deck import Deck
from generator.render.pdf import RICH_BLACK_MIN, document_to_pdf
from generator.render.scene import Circle, Document, Line, Polygon, Rect, Scene, Style, Text
from generator.render.targets import pro_artefacts

RICH = re.compile(rb"(?m)^\.6 \.4 \.4 1 k$")
PLAIN = re.compile(rb"(?m)^0 0 0 1 k$")
BLACK = Style(fill="#000000")


def _ops(pdf: bytes) -> bytes:
    return b"\n".join(p.get_contents().get_data() for p in PdfReader(io.BytesIO(pdf)).pages)


def test_only_large_black_fills_turn_rich_and_only_when_asked() -> None:
    rng = Random(7)
    for _ in range(30):
        w, h = rng.uniform(0.5, 20), rng.uniform(0.5, 20)
        shape = rng.choice(["rect", "circle", "polygon"])
        if shape == "rect":
            el: Rect | Circle | Polygon = Rect(2, 2, w, h, BLACK)
            big = min(w, h) >= RICH_BLACK_MIN
        elif shape == "circle":
            el = Circle(25, 25, w / 2, BLACK)
            big = w >= RICH_BLACK_MIN
        else:
            el = Polygon(((2, 2), (2 + w, 2), (2, 2 + h)), BLACK)
            big = min(w, h) >= RICH_BLACK_MIN
        scene = Scene(50, 50, (el, Text(5, 45, "Ink", size=40), Line(0, 0, 50, 50, Style(stroke="#000000", stroke_width=3))))
        for cmyk, rich in ((False, True), (True, False), (True, True)):
            pdf = document_to_pdf(Document((scene,), cmyk=cmyk, rich_black=rich))
            ops = _ops(pdf)
            assert bool(RICH.search(ops)) == (cmyk and rich and big), (shape, w, h, cmyk, rich)
            if cmyk:
                assert b"DeviceRGB" not in pdf and not re.search(rb"(?m) rg$| RG$", ops)
                assert PLAIN.search(ops)  # the text and the line stay plain K
    # Dark but not black: never rich.
    grey = Scene(50, 50, (Rect(0, 0, 50, 50, Style(fill="#111111")),))
    assert not RICH.search(_ops(document_to_pdf(Document((grey,), cmyk=True, rich_black=True))))


def test_pro_target_writes_rich_black_when_asked() -> None:
    face = Scene(69.5, 94.9, (Rect(0, 0, 69.5, 94.9, BLACK), Text(10, 40, "Night", fill="#ffffff")), id="night")
    deck = Deck("night", "Night deck", 63.5, 88.9, 3.0, (face,), (face,))
    pdf = dict(pro_artefacts(deck, cmyk=True, rich_black=True))["pro/night.pdf"]
    assert RICH.search(_ops(pdf)) and b"DeviceRGB" not in pdf
    plain = dict(pro_artefacts(deck, cmyk=True))["pro/night.pdf"]
    assert not RICH.search(_ops(plain)) and b"DeviceRGB" not in plain


def test_rich_black_without_cmyk_is_a_usage_error(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from generator.cli import main

    result = CliRunner().invoke(main, ["build", str(tmp_path), "--target", "pro", "--rich-black"])
    assert result.exit_code == 2 and "--rich-black needs --cmyk" in result.output


def test_pack_may_ask_for_rich_black(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from conftest import PACK_YAML, write_pack
    from generator.pipeline import check

    ok = write_pack(tmp_path / "a", {"pack.yaml": PACK_YAML + "print:\n  rich_black: true\n"})
    assert not check([ok]).diagnostics
    bad = write_pack(tmp_path / "b", {"pack.yaml": PACK_YAML + "print:\n  rich_black: yes please\n"})
    assert [(d.code, d.line) for d in check([bad]).diagnostics] == [("RS-S004", 11)]
