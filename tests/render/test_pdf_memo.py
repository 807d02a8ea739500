"""The PDF backend writes a text or shape it has already drawn in the same document
again from memory (``pdf._draw_leaf``); pinned here to the plain reference that
draws every element through reportlab's canvas calls (``memo=False``), byte for
byte, over generated documents full of repeats, and over a shipped pack's PDFs."""
from __future__ import annotations

import random
import string
from pathlib import Path

import pytest

from generator.pipeline import Options, build, check
from generator.render.pdf import capture_documents, document_to_pdf
from generator.render.scene import (
    Circle,
    Document,
    Element,
    Group,
    Line,
    Path as PathShape,
    Polygon,
    Polyline,
    Rect,
    Scene,
    Style,
    Text,
    TextBlock,
)

REPO = Path(__file__).resolve().parents[2]

COLOURS = ("#000000", "#ffffff", "#1a2b3c", "#c0392b", "#7f7f7f")
# Latin, accents, Greek and arrows: enough distinct glyphs to open a second font subset.
GLYPHS = string.ascii_letters + string.digits + " .,;-–→éèàüßøÆΩαβγδλπΣ" + "".join(
    chr(c) for c in range(0x391, 0x3C9) if c != 0x3A2)


def _style(rng: random.Random) -> Style:
    return Style(fill=rng.choice((None, *COLOURS)), stroke=rng.choice((None, *COLOURS)),
                 stroke_width=rng.choice((0.1, 0.25, 1.0)),
                 dash=rng.choice(((), (), (1.0, 0.5))),
                 opacity=rng.choice((1.0, 1.0, 1.0, 0.5)))


def _number(rng: random.Random) -> float:
    return rng.choice((0.0, -0.0, 1, 2.5, rng.uniform(-50, 150), rng.uniform(0, 1)))


def _shape(rng: random.Random) -> Element:
    kind = rng.randrange(6)
    n = _number
    if kind == 0:
        return Rect(n(rng), n(rng), abs(n(rng)) + 1, abs(n(rng)) + 1, _style(rng),
                    rx=rng.choice((0.0, 0.0, 1.5)))
    if kind == 1:
        return Circle(n(rng), n(rng), abs(n(rng)) + 0.5, _style(rng))
    if kind == 2:
        return Line(n(rng), n(rng), n(rng), n(rng), _style(rng))
    if kind in (3, 4):
        points = tuple((n(rng), n(rng)) for _ in range(rng.randrange(0, 6)))
        return (Polygon if kind == 3 else Polyline)(points, _style(rng))
    commands: list[tuple[str | float, ...]] = [("M", n(rng), n(rng))]
    for _ in range(rng.randrange(1, 5)):
        op = rng.choice("LCQZ")
        arity = {"L": 2, "C": 6, "Q": 4, "Z": 0}[op]
        commands.append((op, *(n(rng) for _ in range(arity))))
    return PathShape(tuple(commands), _style(rng))


def _text(rng: random.Random) -> Text:
    words = "".join(rng.choice(GLYPHS) for _ in range(rng.randrange(0, 12)))
    return Text(_number(rng), _number(rng), words + rng.choice(("", "\t", "\x00")),
                font=rng.choice(("sans", "serif")), size=rng.choice((6.0, 9.5, 12)),
                fill=rng.choice(COLOURS), anchor=rng.choice(("start", "middle", "end")),
                bold=rng.random() < 0.3, italic=rng.random() < 0.2)


def _elements(rng: random.Random, pool: list[Element], depth: int = 0) -> tuple[Element, ...]:
    out: list[Element] = []
    for _ in range(rng.randrange(1, 9)):
        roll = rng.random()
        if roll < 0.35 and pool:
            out.append(rng.choice(pool))  # a repeat: what the memo replays
        elif roll < 0.5 and depth < 3:
            clip = rng.choice((None, Rect(0, 0, 20, 20), Circle(5, 5, 4)))
            out.append(Group(_elements(rng, pool, depth + 1), translate=(_number(rng), 3.0),
                             rotate=rng.choice((0.0, 90.0, 12.5)), scale=rng.choice((1.0, 0.5)),
                             clip=clip))
        elif roll < 0.6:
            runs = tuple(_text(rng) for _ in range(rng.randrange(1, 3)))
            out.append(TextBlock(runs, (_shape(rng),), 30.0, 10.0, _number(rng), 4.0))
        else:
            el = _text(rng) if rng.random() < 0.4 else _shape(rng)
            pool.append(el)
            out.append(el)
    return tuple(out)


@pytest.mark.parametrize("seed", range(40))
def test_replayed_elements_write_the_reference_bytes(seed: int) -> None:
    rng = random.Random(seed)
    pool: list[Element] = []
    pages = tuple(Scene(rng.choice((63.5, 210.0)), rng.choice((88.9, 297.0)),
                        _elements(rng, pool)) for _ in range(rng.randrange(1, 5)))
    cmyk = rng.random() < 0.4
    doc = Document(pages, title=f"memo {seed}", cmyk=cmyk, rich_black=cmyk and rng.random() < 0.5,
                   outline=(("first", 0),) if rng.random() < 0.5 else ())
    assert document_to_pdf(doc) == document_to_pdf(doc, memo=False)


def test_many_repeats_of_many_glyphs_write_the_reference_bytes() -> None:
    """Texts repeated after later texts opened a second font subset (> 256 glyphs)."""
    rng = random.Random(7)
    texts = [Text(5, 5 + i % 40, "".join(rng.sample(GLYPHS, 12)), bold=i % 3 == 0)
             for i in range(60)]
    children = tuple(texts + texts[::-1] + texts)
    doc = Document((Scene(210, 297, children), Scene(210, 297, children[::2])), title="glyphs")
    assert document_to_pdf(doc) == document_to_pdf(doc, memo=False)


def test_a_shipped_pack_s_pdfs_match_the_reference(tmp_path: Path) -> None:
    """Real pages: the fragment deck's sheets, with their repeated card frames and texts."""
    report = check([REPO / "content" / "fragments"], Options(cache=False))
    assert not report.failed()
    with capture_documents() as docs:
        build(report, tmp_path)
    assert docs
    for doc in docs:
        assert document_to_pdf(doc) == document_to_pdf(doc, memo=False), doc.title
