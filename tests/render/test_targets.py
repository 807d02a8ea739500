"""The pro and tts targets, on the decks of the shipped packs and on made-up decks."""
from __future__ import annotations

import csv
import io
import json
import re
from functools import lru_cache
from typing import Any

import pytest
from PIL import Image
from pypdf import PdfReader

from conftest import CONTENT
from generator.pack.loader import load_packs
from generator.pack.model import Pack
from generator.pack.schema import load_schemas
from generator.pipeline import kinds_of
from generator.render.deck import Deck, TokenSet
from generator.render.scene import Rect, Scene, Style
from generator.render.targets import (
    PRO_BLEED, grid_shape, pixels_of, pro_artefacts, tts_deck_artefacts, tts_token_artefacts,
)
from generator.render.targets.tts import MAX_SIDE, SHAPE_CIRCLE, card_pixels, content_name
from generator.systems import Options, System
from generator.registry import discover_systems

PT = 72 / 25.4


@lru_cache(maxsize=None)
def _shipped_report() -> tuple[tuple[Pack, ...], dict[str, System]]:
    """Every shipped pack, loaded and validated, and the systems: the decks and token sets
    need no simulation (a check here proved the whole campaign, cold, in the repository's
    own cache folders)."""
    systems = discover_systems()
    return tuple(load_packs([CONTENT], load_schemas(), kinds_of(systems)).packs), systems


@lru_cache(maxsize=None)
def shipped(kind: str) -> tuple[tuple[str, Any], ...]:
    """(pack id, deck or token set) of every shipped pack that offers ``kind``."""
    packs, systems = _shipped_report()
    out = []
    for pack in packs:
        for name in pack.systems:
            fn = getattr(systems[name], kind, None)
            if fn is not None:
                out += [(pack.id, d) for d in fn(pack, Options())]
    return tuple(out)


def test_every_shipped_card_deck_is_offered() -> None:
    ids = {(pack, d.id) for pack, d in shipped("decks")}
    assert {("fragments", "fragments"), ("fragments", "when"), ("riddles", "gods"),
            ("riddles", "blessings"), ("tower", "god-cards"), ("roles", "harbour-lights-cards"),
            ("glyphs", "cards-en"), ("glyphs", "tiles-fr"), ("glyphs", "action-tiles-en"),
            ("glyphs", "tokens-fr")} <= ids
    tokens = {(pack, t.id) for pack, t in shipped("token_sets")}
    assert {("fragments", "answer-tokens"), ("tower", "tiles")} <= tokens


# ----------------------------------------------------------------------------- pro


def test_pixels_match_the_slow_definition() -> None:
    # 300 dpi: pixels = mm / 25.4 * 300, to the nearest whole pixel.
    assert pixels_of(63.5 + 6, 88.9 + 6) == (821, 1121)
    for w in (40.0, 57.15, 63.5, 70.0, 120.0):
        px = pixels_of(w, w)[0]
        assert abs(px - w * 300 / 25.4) <= 0.5


def _pages(pdf: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(pdf))


@pytest.mark.parametrize("index", range(4))
def test_pro_pdf_has_one_card_per_page_with_trim_and_bleed_boxes(index: int) -> None:
    _, deck = shipped("decks")[index]
    pdf = dict(pro_artefacts(_few(deck, 4)))[f"pro/{deck.id}.pdf"]
    reader = _pages(pdf)
    assert len(reader.pages) == 2 * min(4, deck.count)
    w, h = (deck.width + 2 * PRO_BLEED) * PT, (deck.height + 2 * PRO_BLEED) * PT
    for page in reader.pages:
        media = [float(v) for v in page.mediabox]
        trim = [float(v) for v in page.trimbox]
        bleed = [float(v) for v in page.bleedbox]
        assert media == pytest.approx([0, 0, w, h], abs=0.01)
        assert trim == pytest.approx([3 * PT, 3 * PT, w - 3 * PT, h - 3 * PT], abs=0.01)
        # Every deck's artwork reaches the page edge: a deck drawn with less bleed (the
        # glyph tiles: 2 mm) has its backgrounds widened (issue 26, section 3).
        assert bleed == pytest.approx([0, 0, w, h], abs=0.01)


def test_every_shipped_deck_has_the_full_pro_bleed() -> None:
    from generator.render.targets.pro import deck_bleed_reach

    short = {d.id: deck_bleed_reach(d) for _, d in shipped("decks") if deck_bleed_reach(d) < PRO_BLEED}
    assert not short, short


def _few(deck: Deck, n: int) -> Deck:
    names = deck.names[:n] if deck.names else ()
    return Deck(deck.id, deck.title, deck.width, deck.height, deck.bleed, deck.fronts[:n],
                deck.backs[:n], names)


def test_pro_pngs_of_the_god_deck_are_300_dpi_with_bleed() -> None:
    deck = next(d for p, d in shipped("decks") if d.id == "gods")
    files = dict(pro_artefacts(deck))
    pngs = {p: b for p, b in files.items() if p.endswith(".png")}
    assert len(pngs) == len(set(deck.fronts)) + len(set(deck.backs))
    for data in pngs.values():
        image = Image.open(io.BytesIO(data))
        assert image.size == (821, 1121)
        assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01)
    rows = list(csv.DictReader(io.StringIO(files["pro/gods/cards.csv"].decode())))
    assert sum(int(r["copies"]) for r in rows) == deck.count
    assert all(f"pro/gods/{r['front']}" in pngs and f"pro/gods/{r['back']}" in pngs for r in rows)


def test_pro_counts_copies_once_per_distinct_face() -> None:
    deck = next(d for p, d in shipped("decks") if d.id == "when")
    files = dict(pro_artefacts(deck))
    rows = list(csv.DictReader(io.StringIO(files["pro/when/cards.csv"].decode())))
    assert sum(int(r["copies"]) for r in rows) == deck.count
    assert len(_pages(files["pro/when.pdf"]).pages) == 2 * deck.count


_RGB_OPS = re.compile(rb"(?<![A-Za-z])(?:rg|RG)(?![A-Za-z])")
_CMYK_OPS = re.compile(rb"(?<![A-Za-z])(?:k|K)(?![A-Za-z])")


def _streams(pdf: bytes) -> bytes:
    reader = _pages(pdf)
    data = b""
    for page in reader.pages:
        data += page.get_contents().get_data()
        for xobj in (page["/Resources"].get("/XObject") or {}).values():
            data += xobj.get_object().get_data()
    return data


@pytest.mark.parametrize("index", range(4))
def test_cmyk_leaves_no_device_rgb(index: int) -> None:
    _, deck = shipped("decks")[index]
    from generator.render.pdf import document_to_pdf
    from generator.render.scene import Document
    from generator.render.targets.pro import pro_face

    pages = tuple(pro_face(s, deck) for pair in zip(deck.fronts, deck.backs) for s in pair)
    rgb = document_to_pdf(Document(pages))
    cmyk = document_to_pdf(Document(pages, cmyk=True))
    # The RGB file shows what the scan finds, so the CMYK verdict is not vacuous.
    assert _RGB_OPS.search(_streams(rgb))
    streams = _streams(cmyk)
    assert not _RGB_OPS.search(streams) and _CMYK_OPS.search(streams)
    assert b"DeviceRGB" not in cmyk


def test_cmyk_conversion_against_the_textbook_formula() -> None:
    from random import Random

    from generator.render.colour import rgb_to_cmyk

    rng = Random(12)
    for _ in range(300):
        r, g, b = (rng.randrange(256) for _ in range(3))
        c, m, y, k = rgb_to_cmyk(f"#{r:02x}{g:02x}{b:02x}")
        # Back to RGB: (1 - c)(1 - k) must give the channel again.
        for got, want in zip(((1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k)), (r, g, b)):
            assert abs(got * 255 - want) < 0.1
        assert min(c, m, y) == pytest.approx(0, abs=1e-4)


# ----------------------------------------------------------------------------- tts


def _solid(n: int, w: float, h: float, bleed: float) -> Scene:
    colour = f"#{(n * 37) % 256:02x}{(n * 91) % 256:02x}{(n * 53 + 40) % 256:02x}"
    return Scene(w + 2 * bleed, h + 2 * bleed,
                 (Rect(0, 0, w + 2 * bleed, h + 2 * bleed, Style(fill="#ff00ff")),
                  Rect(bleed, bleed, w, h, Style(fill=colour))), id=f"c{n}")


def _rgb(colour: str) -> tuple[int, int, int]:
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))


@pytest.mark.parametrize("count", [1, 7, 23, 71])
def test_tts_grid_puts_card_n_in_cell_n_cut_at_the_trim(count: int) -> None:
    w, h, b = 63.5, 88.9, 3.0
    fronts = tuple(_solid(n, w, h, b) for n in range(count))
    back = _solid(999, w, h, b)
    deck = Deck("demo", "Demo", w, h, b, fronts, (back,) * count)
    files = dict(tts_deck_artefacts(deck))
    saved = json.loads(files["tts/demo.json"])
    obj = saved["ObjectStates"][0]
    cards = [obj] if obj["Name"] == "Card" else obj["ContainedObjects"]
    assert len(cards) == count
    images: dict[str, Any] = {}
    if count > 1:
        assert obj["Name"] == "DeckCustom" and obj["DeckIDs"] == [c["CardID"] for c in cards]
    for n, card in enumerate(cards):
        key, index = divmod(card["CardID"], 100)
        entry = card["CustomDeck"][str(key)]
        assert not entry["UniqueBack"] and entry["BackURL"] == content_name(
            "demo-back", files["tts/" + entry["BackURL"]])
        cols, rows = entry["NumWidth"], entry["NumHeight"]
        assert cols <= 10 and rows <= 7 and index < cols * rows
        assert (key - 1) * 70 + index == n
        if entry["FaceURL"] not in images:
            images[entry["FaceURL"]] = Image.open(io.BytesIO(files["tts/" + entry["FaceURL"]])).convert("RGB")
        image = images[entry["FaceURL"]]
        px_w, px_h = card_pixels(w, h, cols, rows)
        assert image.size == (cols * px_w, rows * px_h) and max(image.size) <= MAX_SIDE
        col, row = index % cols, index // cols
        want = _rgb(fronts[n].children[1].style.fill or "")
        # Centre and the four corners (2 px in) of the cell: the card, never bleed magenta.
        for fx, fy in ((0.5, 0.5), (0, 0), (1, 0), (0, 1), (1, 1)):
            x = col * px_w + min(px_w - 3, max(2, int(fx * px_w)))
            y = row * px_h + min(px_h - 3, max(2, int(fy * px_h)))
            got = image.getpixel((x, y))
            assert all(abs(a - c) <= 3 for a, c in zip(got, want)), (n, fx, fy, got, want)


def test_tts_files_of_shipped_decks_reference_each_other_by_relative_path() -> None:
    for _, deck in shipped("decks")[:4]:
        small = _few(deck, 12)
        files = dict(tts_deck_artefacts(small))
        saved = json.loads(files[f"tts/{deck.id}.json"])
        assert saved["ObjectStates"][0]["Nickname"] == deck.title
        for entry in saved["ObjectStates"][0]["CustomDeck"].values():
            for url in (entry["FaceURL"], entry["BackURL"]):
                assert "/" not in url and f"tts/{url}" in files
            assert entry["UniqueBack"] == small.unique_backs
            if small.unique_backs:
                face = Image.open(io.BytesIO(files["tts/" + entry["FaceURL"]]))
                back = Image.open(io.BytesIO(files["tts/" + entry["BackURL"]]))
                assert face.size == back.size


def test_tts_tokens_are_a_tile_sheet() -> None:
    for _, tokens in shipped("token_sets"):
        files = dict(tts_token_artefacts(tokens))
        obj = json.loads(files[f"tts/{tokens.id}.json"])["ObjectStates"][0]
        entry = obj["CustomDeck"]["1"]
        assert entry["Type"] == (SHAPE_CIRCLE if tokens.round else 0)
        assert (entry["NumWidth"], entry["NumHeight"]) == grid_shape(len(tokens.tokens))
        image = Image.open(io.BytesIO(files["tts/" + entry["FaceURL"]]))
        px = card_pixels(tokens.size, tokens.size, entry["NumWidth"], entry["NumHeight"])
        assert image.size == (entry["NumWidth"] * px[0], entry["NumHeight"] * px[1])
        assert len(obj["ContainedObjects"]) == len(tokens.tokens)


def test_grid_shape_reference() -> None:
    for n in range(1, 71):
        cols, rows = grid_shape(n)
        # Slow reference: the fewest rows of at most ten, then the fewest columns for them.
        want_rows = min(r for r in range(1, 8) if r * 10 >= n)
        assert rows == want_rows and cols * rows >= n and cols == min(10, n)
    with pytest.raises(ValueError):
        grid_shape(71)


def test_targets_are_byte_identical() -> None:
    deck = _few(next(d for p, d in shipped("decks") if d.id == "blessings"), 3)
    assert pro_artefacts(deck, cmyk=True) == pro_artefacts(deck, cmyk=True)
    assert tts_deck_artefacts(deck) == tts_deck_artefacts(deck)
    tokens = TokenSet("t", "T", 20.0, (Scene(20, 20, (Rect(0, 0, 20, 20, Style(fill="#123456")),)),))
    assert tts_token_artefacts(tokens) == tts_token_artefacts(tokens)


def test_missing_rasteriser_is_a_clear_usage_error(monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins

    from generator.render.targets.raster import RasterUnavailable, rasterise

    real = builtins.__import__

    def blocked(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "pypdfium2":
            raise ImportError("no pypdfium2")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", blocked)
    with pytest.raises(RasterUnavailable, match=r"riddlesmith\[pro\]"):
        rasterise(b"%PDF", [(1, 1)])



@pytest.mark.parametrize("bleed", [0.0, 1.5, 3.0, 5.0])
def test_pro_pages_are_trim_plus_3mm_whatever_the_deck_bleed(bleed: float) -> None:
    w, h = 57.15, 88.9
    face = _solid(1, w, h, bleed)
    deck = Deck("d", "D", w, h, bleed, (face,), (face,))
    from generator.render.targets.pro import pro_face

    page = pro_face(face, deck)
    assert (page.width, page.height) == pytest.approx((w + 6, h + 6))
    files = dict(pro_artefacts(deck))
    reader = _pages(files["pro/d.pdf"])
    bleed_box = [float(v) for v in reader.pages[0].bleedbox]
    # The face's background is widened to the full 3 mm, whatever the deck's own bleed.
    assert bleed_box == pytest.approx([0, 0, (w + 6) * PT, (h + 6) * PT], abs=0.01)
    image = Image.open(io.BytesIO(files["pro/d/01-c1.png"])).convert("RGB")
    assert image.size == pixels_of(w + 6, h + 6)
    assert image.getpixel((image.width // 2, image.height // 2)) != (255, 255, 255)
    # The corner (0.25 mm in) is painted: the artwork reaches the page's edge (with no
    # bleed at all, the card's own colour reaches the trim and is widened with it).
    assert image.getpixel((3, 3)) == ((255, 0, 255) if bleed else _rgb(_solid(1, w, h, 0).children[1].style.fill))
