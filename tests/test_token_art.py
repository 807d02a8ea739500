"""Token artwork (``print.tokens``): checks at the YAML line, the circle clip in both backends
measured on the rendered page, and the pictures on every system's printed tokens."""
from __future__ import annotations

import io
import math
import xml.etree.ElementTree as ET
from pathlib import Path
from random import Random

import pypdfium2 as pdfium  # type: ignore[import-untyped]
import pytest
from PIL import Image as PilImage

from conftest import PACK_YAML, write_pack
from generator.pack.model import Pack
from generator.pipeline import build, check
from generator.render.pdf import document_to_pdf
from generator.render.scene import Circle, Document, Group, Image, Rect, Scene
from generator.render.svg import scene_to_svg
from generator.systems import Options
from generator.systems.art import ArtSpec
from generator.systems.token_art import ROUND_BLEED, TokenArt, TokenPicture

ART = (255, 0, 255)
"""A colour no token of ours uses: a pixel of it is a pixel of the picture."""


def _png(w: int, h: int, colour: tuple[int, int, int] = ART) -> bytes:
    buf = io.BytesIO()
    PilImage.new("RGB", (w, h), colour).save(buf, "PNG")
    return buf.getvalue()


def _art_mask(pdf: bytes, dpi: float) -> tuple[list[list[bool]], float]:
    """Pixels of the picture's colour on the first page, and pixels per mm."""
    page = pdfium.PdfDocument(pdf)[0]
    image = page.render(scale=dpi / 72).to_pil().convert("RGB")
    px = image.load()
    w, h = image.size
    mask = [[_is_art(px[x, y]) for x in range(w)] for y in range(h)]
    return mask, dpi / 25.4


def _is_art(rgb: tuple[int, int, int]) -> bool:
    r, g, b = rgb
    return r > 200 and b > 200 and g < 60


def _load(path: Path) -> Pack:
    """A pack loaded and validated, without the systems' checks (no solver runs)."""
    from generator.pack.loader import load_packs
    from generator.pack.schema import load_schemas
    from generator.pack.yamlload import Limits
    from generator.pipeline import kinds_of
    from generator.registry import discover_systems

    return load_packs([path], load_schemas(), kinds_of(discover_systems()), Limits()).packs[0]


@pytest.fixture(scope="module")
def riddles() -> Pack:
    return _load(Path(__file__).resolve().parent.parent / "content" / "riddles")


# -- the circle clip, in both backends ------------------------------------------------------------


def test_pdf_circle_clip_cuts_the_picture_to_the_disc_measured_on_the_page() -> None:
    rng = Random(12)
    for _ in range(4):
        cx, cy, r = rng.uniform(15, 35), rng.uniform(15, 35), rng.uniform(5, 12)
        # The picture covers far more than the disc: only the clip can make it round.
        image = Image(cx - r - 4, cy - r - 4, 2 * r + 8, 2 * r + 8, _png(8, 8), "png")
        scene = Scene(50, 50, (Group((image,), clip=Circle(cx, cy, r)),))
        mask, k = _art_mask(document_to_pdf(Document((scene,))), 200)
        inside = outside = wrong = 0
        for py, row in enumerate(mask):
            for px, hit in enumerate(row):
                d = math.hypot((px + 0.5) / k - cx, (py + 0.5) / k - cy)
                if abs(d - r) < 1.5 / k:
                    continue  # the anti-aliased rim
                want = d < r
                inside += want
                outside += not want
                wrong += hit != want
        assert inside > 1000 and outside > 1000
        assert wrong == 0, f"{wrong} pixels on the wrong side of the circle r={r:.2f} at ({cx:.1f}, {cy:.1f})"


def test_svg_circle_clip_is_a_circle_clip_path_on_the_group() -> None:
    image = Image(0, 0, 30, 30, _png(8, 8), "png")
    svg = scene_to_svg(Scene(40, 40, (Group((image,), clip=Circle(15, 16.5, 11.25)),), id="t"))
    root = ET.fromstring(svg)
    ns = {"s": "http://www.w3.org/2000/svg"}
    circles = root.findall(".//s:defs/s:clipPath/s:circle", ns)
    assert [(c.get("cx"), c.get("cy"), c.get("r")) for c in circles] == [("15", "16.5", "11.25")]
    clip_id = root.find(".//s:defs/s:clipPath", ns).get("id")  # type: ignore[union-attr]
    group = root.find(f".//s:g[@clip-path='url(#{clip_id})']", ns)
    assert group is not None and group.find("s:image", ns) is not None
    # A rectangle clip is still a rectangle.
    rect = scene_to_svg(Scene(40, 40, (Group((image,), clip=Rect(1, 2, 3, 4)),), id="t"))
    assert b"<rect" in rect and b"<circle" not in rect


# -- the art on tokens ----------------------------------------------------------------------------


def _picture(fit: str = "cover", box: tuple[float, float, float, float] | None = None,
             layer: str = "under") -> TokenPicture:
    return TokenPicture(ArtSpec("a.png", fit, box, "front", layer, ()), _png(10, 10), "png", 10, 10)


def test_dress_puts_the_picture_above_the_ground_and_cuts_it_to_the_token() -> None:
    ground, mark = Circle(10, 10, 9), Rect(8, 8, 4, 4)
    art = TokenArt({"coin": (_picture(), _picture(layer="over")), "tile": (_picture(),)})
    dressed = art.dress([ground, mark], ["coin-gold", "coin"], 20.0, True, 1.0)
    assert dressed[0] == ground and dressed[2] == mark
    under, over = dressed[1], dressed[3]
    assert isinstance(under, Group) and under.clip == Circle(10, 10, 11)
    inner = under.children[0]
    assert isinstance(inner, Group) and inner.clip == Rect(-1, -1, 22, 22)
    assert isinstance(over, Group) and over.clip == Circle(10, 10, 11)
    # A square tile at (5, 7) without bleed: cut to its square.
    tile = art.dress([Rect(5, 7, 30, 30)], ["tile"], 30.0, False, 0.0, (5, 7))
    assert isinstance(tile[1], Group) and tile[1].clip == Rect(5, 7, 30, 30)
    # No key given: nothing changes.
    assert art.dress([ground, mark], ["feature"], 20.0, True) == (ground, mark)


def test_a_box_is_measured_from_the_tokens_corner() -> None:
    art = TokenArt({"blessing": (_picture("contain", (4.0, 5.0, 6.0, 6.0)),)})
    dressed = art.dress([Circle(0, 0, 1)], ["blessing"], 20.0, True, 1.0, (100, 200))
    group = dressed[1]
    assert isinstance(group, Group)
    inner = group.children[0]
    assert isinstance(inner, Group) and inner.clip == Rect(104, 205, 6, 6)
    image = inner.children[0]
    assert isinstance(image, Image) and (image.x, image.y, image.w, image.h) == (104, 205, 6, 6)


TOKENS_YAML = """print:
  tokens:
    valid: art/magenta.png
    invalid:
      - file: art/tiny.png
        fit: contain
    answer: art/none.png
    valid-ish: art/magenta.png
"""


def _token_pack(root: Path, tokens: str = TOKENS_YAML) -> Path:
    pack = write_pack(root / "pack", {"pack.yaml": PACK_YAML + tokens})
    (pack / "art").mkdir()
    # 300 dpi over the token with its bleed: (25 + 2) mm -> 319 px.
    (pack / "art" / "magenta.png").write_bytes(_png(330, 330))
    (pack / "art" / "tiny.png").write_bytes(_png(40, 40))
    (pack / "art" / "broken.png").write_bytes(b"\x89PNG\r\n\x1a\nnope")
    (root / "outside.png").write_bytes(_png(400, 400))
    return pack


def _line_of(text: str, needle: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), start=1) if needle in line)


def test_token_art_problems_are_reported_at_their_line(tmp_path: Path) -> None:
    tokens = TOKENS_YAML + "    valid-twice: art/broken.png\n"
    pack = _token_pack(tmp_path, tokens)
    text = PACK_YAML + tokens
    found = {(d.code, d.line) for d in check([pack]).diagnostics}
    assert found == {
        ("RS-A003", _line_of(text, "art/tiny.png")),
        ("RS-A001", _line_of(text, "art/none.png")),
        ("RS-A004", _line_of(text, "valid-ish")),
        ("RS-A004", _line_of(text, "valid-twice")),
    }
    unknown = next(d for d in check([pack]).diagnostics if d.code == "RS-A004")
    assert unknown.hint == "did you mean 'valid'?" and unknown.col == 5
    outside = TOKENS_YAML.replace("art/none.png", "../outside.png").replace("art/tiny.png", "art/broken.png")
    pack = _token_pack(tmp_path / "b", outside)
    codes = {(d.code, d.line) for d in check([pack]).diagnostics}
    assert ("RS-P009", _line_of(PACK_YAML + outside, "../outside.png")) in codes
    assert ("RS-A002", _line_of(PACK_YAML + outside, "art/broken.png")) in codes


def test_token_art_has_no_back_side(tmp_path: Path) -> None:
    tokens = "print:\n  tokens:\n    valid:\n      file: art/magenta.png\n      side: back\n"
    pack = _token_pack(tmp_path, tokens)
    found = [(d.code, d.line) for d in check([pack]).diagnostics]
    assert found and all(code.startswith("RS-S") for code, _ in found)
    assert _line_of(PACK_YAML + tokens, "side: back") in [line for _, line in found]


def test_answer_tokens_carry_their_art_cut_to_the_disc_and_builds_are_identical(tmp_path: Path) -> None:
    tokens = "print:\n  tokens:\n    valid: art/magenta.png\n"
    pack = _token_pack(tmp_path, tokens)
    outs = []
    for n in range(2):
        report = check([pack])
        assert not report.failed(), [d.message for d in report.diagnostics]
        out = tmp_path / f"out{n}"
        assert not build(report, out).refused
        outs.append(out / "test-pack" / "print" / "tokens.pdf")
    pdf = outs[0].read_bytes()
    assert pdf == outs[1].read_bytes()
    mask, k = _art_mask(pdf, 100)
    from generator.systems.fragments.render import TOKEN_CUT

    reach = TOKEN_CUT / 2 + ROUND_BLEED
    hits = [(x, y) for y, row in enumerate(mask) for x, hit in enumerate(row) if hit]
    assert hits
    # Every picture pixel lies within a bleed circle of one of the (7) valid tokens, and each
    # of those discs is filled with the picture except for its drawing on top.
    from generator.systems.fragments.render import TOKEN_DIAMETER

    pitch, (pw, _) = TOKEN_DIAMETER + 6, (210.0, 297.0)
    cols = int((pw - 30) // pitch)
    x0, y0 = (pw - cols * pitch) / 2 + pitch / 2, 38 + pitch / 2
    centres = [(x0 + (i % cols) * pitch, y0 + (i // cols) * pitch) for i in range(7)]
    for x, y in hits:
        d = min(math.hypot((x + 0.5) / k - cx, (y + 0.5) / k - cy) for cx, cy in centres)
        assert d <= reach + 1.5 / k
    for cx, cy in centres:
        ring = [(cx + (reach - 0.4) * math.cos(a / 10), cy + (reach - 0.4) * math.sin(a / 10))
                for a in range(63)]
        shown = sum(mask[int(y * k)][int(x * k)] for x, y in ring)
        assert shown >= 0.8 * len(ring)  # the picture runs to the bleed, under the cut line


def test_riddle_components_and_stickers_take_token_art(riddles: Pack) -> None:
    from generator.render.geometry import PAPERS
    from generator.systems.riddle.components import (
        STICKER, TOKEN_CUT, component_pages, count_needs, token_kinds,
    )
    from generator.systems.riddle.content import read_content

    content = read_content(riddles, None)
    kinds = {k.name: k for k in token_kinds(content)}
    assert {"coin", "coin-gold", "coin-silver-1", "blessing", "feature", "die", "die-jade"} <= set(kinds)
    assert kinds["coin"].round and kinds["coin"].size == TOKEN_CUT
    assert not kinds["die-jade"].round and kinds["die-jade"].size == STICKER
    art = TokenArt({"coin-gold": (_picture(),), "die-jade": (_picture(),)})
    plain = component_pages(content, PAPERS["a4"], None)
    dressed = component_pages(content, PAPERS["a4"], None, art)
    assert len(plain) == len(dressed)

    def clips(scene: Scene) -> list[Circle | Rect]:
        out: list[Circle | Rect] = []

        def walk(els: tuple[object, ...]) -> None:
            for el in els:
                if isinstance(el, Group):
                    if el.children and isinstance(el.children[0], Group) and isinstance(
                            el.children[0].children[0] if el.children[0].children else None, Image):
                        assert el.clip is not None
                        out.append(el.clip)
                    walk(el.children)
        walk(scene.children)
        return out

    found = [c for page in dressed for c in clips(page)]
    gold = sum(n for colour, _, n in count_needs(content).coins if colour == "gold")
    jade = sum(1 for die in content.dice.values() for f in die.faces if f.colour == "jade")
    assert sum(isinstance(c, Circle) for c in found) == gold > 0
    assert sum(isinstance(c, Rect) for c in found) == jade > 0
    assert all(c.r == TOKEN_CUT / 2 + ROUND_BLEED for c in found if isinstance(c, Circle))
    assert all(c.w == STICKER + 2.0 for c in found if isinstance(c, Rect))


def test_tower_tiles_take_art_cut_to_their_square() -> None:
    from generator.systems.tower.tokens import TILE, draw_tile, dressed_tile, tile_keys

    art = TokenArt({"enemy": (_picture(),), "water": (_picture(layer="over"),)})
    enemy = dressed_tile("dark-male", 10, 20, TILE, None, art)
    assert isinstance(enemy[1], Group) and enemy[1].clip == Rect(10, 20, TILE, TILE)
    water = dressed_tile("water", 0, 0, TILE, None, art)
    assert isinstance(water[-1], Group) and water[-1].clip == Rect(0, 0, TILE, TILE)
    assert dressed_tile("target", 0, 0, TILE, None, art) == draw_tile("target", 0, 0, TILE)
    assert tile_keys("light-female") == ("enemy-light-female", "enemy")


@pytest.mark.parametrize("lang, letters", [("en", "AJL"), ("fr", "AJL")])
def test_sticker_letters_follow_the_language(lang: str, letters: str) -> None:
    from generator.render.labels import gem_initial

    assert "".join(gem_initial(c, lang) for c in ("amber", "jade", "lapis")) == letters
    assert gem_initial("green", lang) == ("G" if lang == "en" else "V")
    assert gem_initial("red", lang) == "R" and gem_initial("blue", lang) == "B"


def _texts(elements: tuple[object, ...]) -> list[str]:
    from generator.render.scene import Text, TextBlock

    out: list[str] = []
    for el in elements:
        if isinstance(el, Group):
            out += _texts(el.children)
        elif isinstance(el, TextBlock):
            out += _texts(el.runs)
        elif isinstance(el, Text):
            out.append(el.text)
    return out


def test_french_die_stickers_and_legend_show_french_initials(riddles: Pack) -> None:
    from dataclasses import replace

    from generator.render.geometry import PAPERS
    from generator.systems.riddle.components import component_pages
    from generator.systems.riddle.content import read_content
    from generator.systems.riddle.legend import legend_page
    from generator.systems.riddle.box import Die, DieFace

    die = Die("d", (DieFace("green"), DieFace("red"), DieFace("blue")), ("green",))
    content = replace(read_content(riddles, None), dice={"d": die})

    def stickers(lang: str) -> list[str]:
        pages = component_pages(content, PAPERS["a4"], lang)
        return [t for page in pages for t in _texts(page.children) if len(t) == 1 and t.isupper()]

    assert stickers("en") == ["G", "R", "B"]
    assert stickers("fr") == ["V", "R", "B"]

    def legend(lang: str) -> str:
        page = legend_page(PAPERS["a4"], lang=lang)
        group = next(el for el in page.children if isinstance(el, Group) and el.id == "legend-die-green")
        return "".join(_texts(group.children))

    assert (legend("en"), legend("fr")) == ("G", "V")


def test_virtual_answer_tokens_are_cut_to_their_disc(tmp_path: Path) -> None:
    from generator.systems.fragments.decks import fragment_token_sets

    pack = check([_token_pack(tmp_path, "print:\n  tokens:\n    valid: art/magenta.png\n")]).packs[0]
    (tokens,) = fragment_token_sets(pack, Options())
    valid = next(s for s in tokens.tokens if s.id == "token-valid")
    invalid = next(s for s in tokens.tokens if s.id == "token-invalid")
    r = tokens.size / 2
    assert len(valid.children) == 1 and isinstance(valid.children[0], Group)
    assert valid.children[0].clip == Circle(r, r, r)
    assert not any(isinstance(el, Group) for el in invalid.children)  # no art: drawn as before


def test_glyph_challenge_tokens_take_art_on_their_disc() -> None:
    from generator.systems.glyphs.model import Named
    from generator.systems.glyphs.render import TOKEN, token_faces, token_kinds

    storm = Named("storm", "Storm", ("whirlpool", "curse"))
    eddy = Named("eddy-1", "Eddy", ("whirlpool",))
    assert [k.name for k in token_kinds([storm, eddy])] == ["token-storm", "token", "token-eddy-1"]
    art = TokenArt({"token-storm": (_picture(),)})
    front, back = token_faces(storm, 1, None, art)
    plain, _ = token_faces(eddy, 1, None, art)
    assert plain == token_faces(eddy, 1, None)[0]
    face = front.children[1]
    assert isinstance(face, Group)
    pictured = face.children[1]
    assert isinstance(pictured, Group) and pictured.clip == Circle(TOKEN / 2, TOKEN / 2, TOKEN / 2 - 1)
