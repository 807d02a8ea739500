"""Printer profiles (``build --target tgc|mpc|dtc``) and their preflight (issue 26, section 3).

The files are read back as a print service would: pixel sizes, page boxes,
the output intent, the total ink of every colour set in the content streams,
and the page order. The pack is the small test pack of ``conftest`` (two
poker decks), built once for the module.
"""
from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader
from pypdf.generic import ContentStream

from conftest import write_pack
from generator import cli
from generator import targets as build_targets
from generator.registry import load_registry
from generator.render.deck import Deck
from generator.render.scene import Group, Image as SceneImage, Rect, Scene, Style, Text
from generator.render.targets.preflight import ink_of, iter_breaches
from generator.render.targets.profiles import PROFILES
from generator.render.targets.service import page_order
from test_cli import run

PT = 72 / 25.4
INCH = 25.4
POKER = (63.5, 88.9)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("profiles")
    pack = write_pack(root / "pack")
    out = root / "out"
    code, text = run("build", str(pack), "--out", str(out), "--target", "tgc", "--target", "mpc",
                     "--target", "dtc", "--target", "pro", "--no-cache")
    assert code == 0, text
    return out / "test-pack"


def _files(root: Path, folder: str) -> list[Path]:
    return sorted(p for p in (root / folder).rglob("*") if p.is_file())


@pytest.mark.parametrize(("target", "pixels"), [("tgc", (825, 1125)), ("mpc", (822, 1122))])
def test_every_image_has_the_services_pixel_size(built: Path, target: str, pixels: tuple[int, int]) -> None:
    files = _files(built, target)
    pngs = [p for p in files if p.suffix == ".png"]
    assert {p.parent.name for p in pngs} == {"fragments", "when"}
    for png in pngs:
        with Image.open(png) as im:
            assert im.size == pixels, png
            assert im.info["dpi"] == pytest.approx((300, 300), abs=0.01)
            # Bleed is artwork: the outermost pixel is never bare paper.
            assert im.convert("RGB").getpixel((0, 0)) != (255, 255, 255), png
    # The profile's size is the spec's, worked out from trim and bleed at 300 dpi.
    assert PROFILES[target].pixels(PROFILES[target].products[0]) == pixels
    for table in (p for p in files if p.name == "cards.csv"):
        rows = list(csv.DictReader(table.open(encoding="utf-8")))
        assert rows and all((table.parent / r["front"]).is_file() and (table.parent / r["back"]).is_file()
                            for r in rows)


def _cmyk_inks(reader: PdfReader, index: int) -> tuple[list[float], set[bytes]]:
    """The total ink (%) of every CMYK colour set on a page, and every colour operator used."""
    page = reader.pages[index]
    inks, ops = [], set()
    for operands, op in ContentStream(page.get_contents(), reader).operations:
        if op in (b"k", b"K", b"rg", b"RG", b"g", b"G", b"sc", b"scn", b"SC", b"SCN"):
            ops.add(op)
        if op in (b"k", b"K"):
            inks.append(sum(float(v) for v in operands) * 100)
    return inks, ops


def test_dtc_pdf_boxes_intent_ink_and_back_first(built: Path) -> None:
    bleed = INCH / 8
    w, h = (POKER[0] + 2 * bleed) * PT, (POKER[1] + 2 * bleed) * PT
    pdfs = _files(built, "dtc")
    assert [p.name for p in pdfs] == ["fragments.pdf", "when.pdf"]
    for pdf in pdfs:
        reader = PdfReader(pdf)
        intents = reader.trailer["/Root"]["/OutputIntents"]
        intent = intents[0].get_object()
        assert intent["/S"] == "/GTS_PDFX" and intent["/OutputConditionIdentifier"] == "CGATS TR 001"
        assert reader.metadata["/GTS_PDFXVersion"] == "PDF/X-1:2001"
        for n, page in enumerate(reader.pages):
            assert [float(v) for v in page.mediabox] == pytest.approx([0, 0, w, h], abs=0.01)
            assert [float(v) for v in page.trimbox] == pytest.approx(
                [bleed * PT, bleed * PT, w - bleed * PT, h - bleed * PT], abs=0.01)
            assert [float(v) for v in page.bleedbox] == pytest.approx([0, 0, w, h], abs=0.01)
            inks, ops = _cmyk_inks(reader, n)
            assert inks and max(inks) <= 240 + 1e-6, (pdf.name, n, max(inks))
            assert ops <= {b"k", b"K"}, ops  # CMYK only: no RGB nor grey colour is set
            assert "/XObject" not in page["/Resources"] or not page.images  # no pictures here
    # Back first: the fragment deck shares one back, so page 1 is it and the fronts follow.
    fragments = PdfReader(built / "dtc" / "fragments.pdf")
    fronts = len(list(csv.DictReader((built / "tgc" / "fragments" / "cards.csv").open())))
    first = fragments.pages[0].extract_text()
    assert "Test deck" in first and "What am I" not in first
    assert all("What am I" in p.extract_text() for p in fragments.pages[1:4])
    assert len(fragments.pages) >= fronts + 1
    # The When cards are two-sided (backs differ): back, front for each card.
    when = PdfReader(built / "dtc" / "when.pdf")
    assert len(when.pages) % 2 == 0
    assert "except" in when.pages[0].extract_text().lower()


def test_pro_pdf_bleed_box_is_the_page(built: Path) -> None:
    for pdf in _files(built, "pro"):
        if pdf.suffix != ".pdf":
            continue
        for page in PdfReader(pdf).pages:
            assert [float(v) for v in page.bleedbox] == [float(v) for v in page.mediabox]


def test_page_order_reference() -> None:
    f = [Scene(1, 1, id=f"f{n}") for n in range(3)]
    b = [Scene(1, 1, id=f"b{n}") for n in range(3)]
    shared = Deck("d", "D", 1, 1, 0, tuple(f), (b[0],) * 3)
    unique = Deck("d", "D", 1, 1, 0, tuple(f), tuple(b))
    ids = lambda pages: [s.id for s in pages]  # noqa: E731
    assert ids(page_order(shared, True)) == ["b0", "f0", "f1", "f2"]
    assert ids(page_order(unique, True)) == ["b0", "f0", "b1", "f1", "b2", "f2"]
    assert ids(page_order(unique, False)) == ["f0", "b0", "f1", "b1", "f2", "b2"]


def test_cli_lists_every_build_target() -> None:
    assert tuple(cli.TARGETS) == build_targets.TARGETS


# ----------------------------------------------------------------------------- preflight


def _face(w: float, h: float, bleed: float, *parts: object, ident: str = "f") -> Scene:
    W, H = w + 2 * bleed, h + 2 * bleed
    return Scene(W, H, (Rect(0, 0, W, H, Style(fill="#f6efe0")), *parts), id=ident)  # type: ignore[arg-type]


def _deck(*parts: object, size: tuple[float, float] = POKER, bleed: float = 3.0) -> Deck:
    face = _face(*size, bleed, *parts)
    return Deck("d", "D", *size, bleed, (face,), (face,))


def _codes(profile: str, deck: Deck) -> list[str]:
    return [b.code for b in iter_breaches(PROFILES[profile], deck)]


def test_a_clean_poker_deck_passes_every_profile() -> None:
    deck = _deck(Text(10, 10, "small black", size=8, fill="#222222"),
                 Text(10, 30, "large colour", size=14, fill="#b08900"))
    assert all(_codes(p, deck) == [] for p in PROFILES)


def test_a_size_no_service_makes_is_refused() -> None:
    for p in PROFILES:
        assert _codes(p, _deck(size=(30, 30), bleed=2.0)) == ["RS-R007"]
    # Turned a quarter, a poker deck is still the poker product.
    assert _codes("tgc", _deck(size=(88.9, 63.5))) == []


def test_dtc_ink_limit_against_the_conversion() -> None:
    # #400000 is C0 M100 Y100 K75: 275 %; #5c5c5c is K only.
    assert ink_of("#400000") == pytest.approx(274.9, abs=0.2) and ink_of("#5c5c5c") < 100
    over = list(iter_breaches(PROFILES["dtc"], _deck(Rect(5, 5, 10, 10, Style(fill="#400000")))))
    assert [b.code for b in over] == ["RS-R008"] and "#400000" in over[0].message
    assert _codes("tgc", _deck(Rect(5, 5, 10, 10, Style(fill="#400000")))) == []  # no ink limit


def test_dtc_small_text_in_colour_and_transparency() -> None:
    assert _codes("dtc", _deck(Text(5, 5, "9 pt gold", size=9, fill="#b08900"))) == ["RS-R009"]
    assert _codes("dtc", _deck(Group((Text(5, 5, "scaled down", size=14, fill="#b08900"),),
                                     scale=0.5))) == ["RS-R009"]
    assert _codes("dtc", _deck(Text(5, 5, "white", size=9, fill="#ffffff"))) == []
    assert _codes("dtc", _deck(Rect(5, 5, 9, 9, Style(fill="#cccccc", opacity=0.5)))) == ["RS-R012"]


def test_pictures_below_300_dpi_and_art_at_the_edge() -> None:
    buf = io.BytesIO()
    Image.new("RGB", (60, 60), (200, 180, 160)).save(buf, format="PNG")
    # 60 px over 25.4 mm is 60 dpi.
    soft = _deck(SceneImage(10, 10, 25.4, 25.4, buf.getvalue(), "png"))
    assert _codes("mpc", soft) == ["RS-R010"] and _codes("dtc", soft) == ["RS-R010"]
    # A picture over the whole face cannot be widened to 1/8 in from 3 mm.
    w, h = POKER[0] + 6, POKER[1] + 6
    full = Scene(w, h, (Group((SceneImage(0, 0, w, h, buf.getvalue(), "png"),), clip=Rect(0, 0, w, h)),))
    deck = Deck("d", "D", *POKER, 3.0, (full,), (full,))
    assert "RS-R011" in _codes("tgc", deck)


def test_preflight_reports_at_the_decks_yaml_line(tmp_path: Path) -> None:
    pack = write_pack(tmp_path / "p", {"pack.yaml": (
        "kind: pack\nid: test-pack\ntitle: Test pack\nversion: 1.0.0\nsystems: [fragments]\n"
        "languages: [en, fr]\ninclude:\n  - game.yaml\n  - cards/*.yaml\n"
        "print:\n  paper: a4\n  card: tarot\n")})
    code, text = run("build", str(pack), "--out", str(tmp_path / "o"), "--target", "tgc",
                     "--no-cache")
    assert code == 0, text
    lines = [line for line in text.splitlines() if "RS-R007" in line]
    assert len(lines) == 2 and all("pack.yaml:12:9:" in line for line in lines), text
    assert not (tmp_path / "o" / "test-pack" / "tgc").exists()


def test_shipped_glyph_tiles_are_refused_at_the_line_listing_them() -> None:
    from test_targets import _shipped_report

    packs, systems = _shipped_report()
    glyphs = next(p for p in packs if p.id == "glyphs")
    found = list(build_targets.iter_profile_problems(
        load_registry().print_source("glyphs"), glyphs, build_targets.Options(lang="en", extra={"targets": ("tgc",)})))
    refused = {d.message.split("'")[1]: d for d in found if d.code == "RS-R007"}
    assert set(refused) == {"tiles-en", "action-tiles-en", "tokens-en"}
    tiles = refused["tiles-en"]
    line = (Path(tiles.file).read_text(encoding="utf-8").splitlines()[tiles.line - 1])
    assert tiles.file.endswith("glyph-set.yaml") and line.startswith("tiles:")
    assert refused["tokens-en"].file.endswith("game.yaml")


def test_ink_over_the_limit_is_reported_at_the_games_card_settings(tmp_path: Path) -> None:
    from conftest import GAME_YAML

    game = GAME_YAML + 'card:\n  accent: "#000000"\nback:\n  colour: "#400000"\n'
    assert game.splitlines()[8] == "card:"
    pack = write_pack(tmp_path / "p", {"game.yaml": game})
    code, text = run("build", str(pack), "--out", str(tmp_path / "o"), "--target", "dtc", "--no-cache")
    assert code == 0, text
    ink = [line for line in text.splitlines() if "RS-R008" in line]
    assert ink and all("game.yaml:9:1:" in line and "#400000" in line for line in ink), text
    assert not any("RS-R008" in line and "'when'" in line for line in ink)  # When cards: no #400000


def test_profile_files_are_byte_identical() -> None:
    from generator.render.targets.service import profile_artefacts

    face = _face(*POKER, 3.0, Text(10, 20, "same", size=14, fill="#333333"))
    deck = Deck("d", "D", *POKER, 3.0, (face, face), (face, face))
    for profile in PROFILES.values():
        assert profile_artefacts(profile, deck) == profile_artefacts(profile, deck)
