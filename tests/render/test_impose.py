"""Fold-and-glue sheets, saddle-stitch booklets and the ink saver, against plain references."""
from __future__ import annotations

from random import Random

import pytest

from generator.render.deck import Book, Deck
from generator.render.geometry import PAPERS
from generator.render.impose import (
    FOLD_MARGIN, MARK_EDGE, booklet_order, booklet_pages, booklet_signatures, fold_pages,
    layout_fold, signature_sheets,
)
from generator.render.ink import DARK, LIGHT_TEXT, ink_saver, luminance
from generator.render.scene import Element, Group, Line, Rect, Scene, Style, Text, TextBlock


def _card(n: int, w: float, h: float, b: float) -> Scene:
    return Scene(w + 2 * b, h + 2 * b, (Rect(0, 0, w + 2 * b, h + 2 * b, Style(fill="#224466")),
                                        Text(b + 2, b + 5, f"card {n}", fill="#ffffff")), id=f"c{n}")


def _lines(el: Element | Scene) -> list[Line]:
    if isinstance(el, Line):
        return [el]
    if isinstance(el, (Scene, Group)):
        return [line for c in el.children for line in _lines(c)]
    return []


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("size", [(63.5, 88.9), (57.15, 88.9), (44.45, 63.5), (70.0, 120.0)])
def test_fold_layout_fits_and_marks_stay_printable(paper: str, size: tuple[float, float]) -> None:
    w, h = size
    b = 3.0
    deck = Deck("d", "D", w, h, b, tuple(_card(n, w, h, b) for n in range(7)),
                tuple(_card(100 + n, w, h, b) for n in range(7)))
    lay = layout_fold(PAPERS[paper], w, h, b)
    # Slow reference: try every orientation and grid, keep the largest that fits.
    pw, ph = PAPERS[paper]
    best = 0
    for pair_w, pair_h in ((2 * w + 2 * b, h + 2 * b), (2 * h + 2 * b, w + 2 * b)):
        for cols in range(1, 10):
            for rows in range(1, 10):
                if cols * pair_w <= pw - 2 * FOLD_MARGIN + 1e-9 and rows * pair_h <= ph - 2 * FOLD_MARGIN + 1e-9:
                    best = max(best, cols * rows)
    assert lay.capacity == best
    pages = fold_pages(deck, PAPERS[paper])
    assert len(pages) == -(-7 // lay.capacity)
    for page in pages:
        for line in _lines(page):
            for x, y in ((line.x1, line.y1), (line.x2, line.y2)):
                assert MARK_EDGE - 1e-9 <= x <= pw - MARK_EDGE + 1e-9
                assert MARK_EDGE - 1e-9 <= y <= ph - MARK_EDGE + 1e-9
        clips = [g.clip for g in page.children if isinstance(g, Group) and g.clip is not None]
        assert len(clips) % 2 == 0
        for front, back in zip(clips[::2], clips[1::2]):
            # Front and back meet at the fold and do not overlap.
            assert front.x + front.w == pytest.approx(back.x)
            assert front.x >= 0 and back.x + back.w <= pw and front.y >= 0 and front.y + front.h <= ph


def _read_folded(pages: int) -> list[int]:
    """Reading order of a folded stack, from the physical picture (outer sheet first)."""
    sides = booklet_order(pages)
    sheets = [(sides[2 * s], sides[2 * s + 1]) for s in range(pages // 4)]
    order: list[int] = []
    for front, back in sheets:          # going in: right of each front, left of each back
        order += [front[1], back[0]]
    for front, back in reversed(sheets):  # coming out: right of each back, left of each front
        order += [back[1], front[0]]
    return order


@pytest.mark.parametrize("pages", [4, 8, 12, 36, 80])
def test_booklet_reads_in_order_when_folded(pages: int) -> None:
    assert _read_folded(pages) == list(range(pages))


def test_booklet_pads_to_four_and_points_chapters_at_their_sides() -> None:
    pages = tuple(Scene(210, 297, (Text(20, 20, f"page {n + 1}"),), id=f"p{n}") for n in range(10))
    book = Book("b", "B", pages, (("one", 0), ("six", 5), ("ten", 9)))
    sides, chapters = booklet_pages(book)
    assert len(sides) == 6 and all((s.width, s.height) == (297, 210) for s in sides)
    order = booklet_order(12)
    for title, side in chapters:
        page = {"one": 0, "six": 5, "ten": 9}[title.split(" ")[0]]
        assert page in order[side]
    # Every real page appears once; the two fillers are blank.
    shown = [g.id for s in sides for g in s.children if isinstance(g, Group)]
    assert sorted(shown) == sorted(f"p{n + 1}" for n in range(10))


def _colours(el: Element | Scene) -> list[tuple[str, str]]:
    if isinstance(el, Text):
        return [("text", el.fill)]
    if isinstance(el, TextBlock):
        return [c for r in (*el.runs, *el.icons) for c in _colours(r)]
    if isinstance(el, (Scene, Group)):
        return [c for child in el.children for c in _colours(child)]
    return [("shape", c) for c in (el.style.fill, el.style.stroke) if c]


def test_ink_saver_on_generated_scenes() -> None:
    rng = Random(5)
    for _ in range(200):
        w, h = rng.uniform(20, 100), rng.uniform(20, 100)
        bg = f"#{rng.randrange(256):02x}{rng.randrange(256):02x}{rng.randrange(256):02x}"
        kids: list[Element] = [Rect(0, 0, w, h, Style(fill=bg))]
        for _ in range(rng.randrange(6)):
            c = f"#{rng.randrange(256):02x}{rng.randrange(256):02x}{rng.randrange(256):02x}"
            kids.append(Text(rng.uniform(0, w), rng.uniform(0, h), "x", fill=c) if rng.random() < 0.5
                        else Rect(1, 1, w / 3, h / 3, Style(fill=c)))
        scene = Scene(w, h, tuple(kids))
        light = ink_saver(scene)
        assert len(light.children) == len(kids) - 1
        assert not any(isinstance(c, Rect) and c.w >= w - 0.05 and c.h >= h - 0.05 for c in light.children)
        if luminance(bg) < DARK:
            assert all(luminance(c) <= LIGHT_TEXT for kind, c in _colours(light) if kind == "text")
        else:
            assert _colours(light) == _colours(scene)[1:]
        assert ink_saver(light) == light


def test_ink_saver_keeps_what_was_drawn_over_the_background_only() -> None:
    scene = Scene(10, 10, (Text(1, 1, "hidden"), Rect(0, 0, 10, 10, Style(fill="#ffffff")),
                           Text(1, 1, "shown")))
    assert [c.text for c in ink_saver(scene).children if isinstance(c, Text)] == ["shown"]


class _BookSystem:
    """A system that offers one book, for the booklet check."""

    name = "bookish"
    kinds = ()

    def __init__(self, book: Book) -> None:
        self.book = book

    def books(self, pack: object, options: object, progress: object) -> list[Book]:
        return [self.book]


@pytest.mark.parametrize("paper, sizes, below", [
    ("a4", (8.0, 8.5, 9.0), 1),       # shrunk to 70.7 %: 8 pt prints at 5.66 pt
    ("letter", (8.0, 9.0, 9.5), 2),   # shrunk to 64.7 %: 9 pt prints at 5.82 pt
])
def test_booklet_text_below_6pt_is_one_warning_at_pack_yaml(tmp_path, paper: str, sizes: tuple[float, ...],
                                                             below: int) -> None:  # type: ignore[no-untyped-def]
    from conftest import write_pack
    from generator.pipeline import check
    from generator.render.impose import booklet_scale
    from generator.render.text import iter_printed_sizes
    from generator.systems import Options, PrintSource
    from generator.targets import iter_booklet_problems

    pw, ph = PAPERS[paper]
    pages = (Scene(pw, ph, tuple(Text(20, 20 + 10 * i, f"size {s}", size=s) for i, s in enumerate(sizes))),
             Scene(pw, ph, (Text(20, 20, "big", size=12),)))
    book = Book("b", "B", pages)
    # The reference: every run's size times the booklet's scale.
    k = booklet_scale(book)
    assert sum(1 for p in pages for _, s in iter_printed_sizes(p.children) if s * k < 6) == below
    pack = check([write_pack(tmp_path / "p")]).packs[0]
    system = PrintSource(books=_BookSystem(book).books)
    asked = Options(extra={"booklet": True})
    found = list(iter_booklet_problems(system, pack, asked, lambda _: None))
    assert [(d.code, d.file.endswith("pack.yaml"), d.severity.value) for d in found] == [
        ("RS-R006", True, "warning")]
    assert "prints text below 6 pt on 1 of 2 pages" in found[0].message
    assert f"text under {6 / k:.1f} pt does" in found[0].message
    assert not list(iter_booklet_problems(system, pack, Options(), lambda _: None))
    assert not list(iter_booklet_problems(system, pack, Options(extra={"booklet": True, "targets": ("pro",)}),
                                          lambda _: None))


def test_the_shipped_tower_book_is_laid_out_for_the_booklet_page() -> None:
    # The tower system offers booklet_books: its book is re-flowed at A5, not shrunk, so
    # the booklet prints every text at its own size and check has nothing to warn about.
    from conftest import CONTENT
    from generator.systems import Options

    from generator.pack.loader import load_packs
    from generator.pack.schema import load_schemas
    from generator.pack.yamlload import Limits
    from generator.pipeline import kinds_of
    from generator.render.impose import booklet_scale
    from generator.registry import load_registry
    from generator.targets import _booklet_books, iter_booklet_problems

    registry = load_registry()
    pack = load_packs([CONTENT / "tower"], load_schemas(), kinds_of(registry.systems),
                      Limits()).packs[0]
    asked = Options(cache=False, extra={"booklet": True})
    tower = registry.print_source("tower")
    assert list(iter_booklet_problems(tower, pack, asked, lambda _: None)) == []
    [(book, sheet)] = _booklet_books(tower, pack, asked, lambda _: None)
    assert sheet == (210.0, 297.0) and booklet_scale(book, sheet) == 1.0
    assert {(p.width, p.height) for p in book.pages} == {(148.5, 210.0)}


def test_a_book_laid_out_for_the_booklet_page_is_imposed_at_full_size() -> None:
    pages = tuple(Scene(148.5, 210, (Text(20, 20, f"page {n}", size=9),), id=f"p{n}") for n in range(6))
    sides, _ = booklet_pages(Book("b", "B", pages), (210, 297))
    assert len(sides) == 4 and all((s.width, s.height) == (297, 210) for s in sides)
    for side in sides:
        for slot in side.children:
            assert isinstance(slot, Group)
            [inner] = slot.children
            assert isinstance(inner, Group) and inner.scale == 1.0
            assert slot.translate[1] == 0.0 and slot.translate[0] in (0.0, 148.5)


def test_a_long_booklet_is_split_into_signatures_that_read_in_order() -> None:
    # 76 pages: 19 sheets, one stack no stapler closes, so three signatures of 7, 6 and 6.
    pages = tuple(Scene(148.5, 210, (Text(20, 20, f"page {n + 1}"),), id=f"p{n}")
                  for n in range(76))
    book = Book("b", "B", pages)
    assert booklet_signatures(book) == [(1, 7), (8, 13), (14, 19)]
    sides, _ = booklet_pages(book, (210.0, 297.0))
    assert len(sides) == 38
    # Each signature, folded on its own and stacked after the one before, reads on.
    def ids(side: Scene) -> list[str]:
        return [g.id for g in side.children if isinstance(g, Group) and g.id.startswith("p")]

    order: list[str] = []
    first = 0
    for sheets in signature_sheets(76):
        pairs = [(ids(sides[2 * s]), ids(sides[2 * s + 1])) for s in range(first, first + sheets)]
        inward = [page for front, back in pairs for page in (front[1], back[0])]
        outward = [page for front, back in reversed(pairs) for page in (back[1], front[0])]
        order += inward + outward
        first += sheets
    assert order == [f"p{n + 1}" for n in range(76)]
    # Creep: the innermost sheet of the first signature has its pages 0.6 mm towards the
    # fold, never past it; the outer sheet none. Every sheet's inside names its signature.
    outer = [g for g in sides[0].children if isinstance(g, Group) and g.id.startswith("p")]
    inner = [g for g in sides[12].children if isinstance(g, Group) and g.id.startswith("p")]
    assert [g.translate[0] for g in outer] == [0.0, 148.5]
    assert [round(g.translate[0], 6) for g in inner] == [0.6, 147.9]
    for g in inner:
        assert g.clip is not None
        left = g.translate[0] + g.clip.x
        assert left + g.clip.w <= 148.5 + 1e-9 or left >= 148.5 - 1e-9
    marks = [g.id for side in sides for g in side.children
             if isinstance(g, Group) and g.id.startswith("signature-")]
    assert len(marks) == 19 and marks[0] == "signature-1-1" and marks[-1] == "signature-3-6"
    assert all(not any(isinstance(g, Group) and g.id.startswith("signature-")
                       for g in side.children) for side in sides[::2])


def test_a_booklet_of_eight_sheets_is_one_signature_without_marks() -> None:
    pages = tuple(Scene(148.5, 210, (), id=f"p{n}") for n in range(32))
    sides, _ = booklet_pages(Book("b", "B", pages), (210.0, 297.0))
    assert signature_sheets(32) == [8] and len(sides) == 16
    assert not [g for side in sides for g in side.children
                if isinstance(g, Group) and g.id.startswith("signature-")]
