"""The riddle book laid out for an A5 / half-letter booklet (``build --booklet``).

Everything is measured from what was drawn (the scenes' text runs with every group's
scale, the bounds of the drawn elements), never from the layout's constants: no text
under 6 pt, nothing outside the page and its printable area, each riddle a spread on
facing pages, the page count a multiple of four, and the booklet printed at full size.
The shipped campaign's proofs and measures come from one check of it (the session's
seeded cache, ``shipped_cache``): the book laid out is the one ``build`` prints.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest

from generator.pack.loader import load_packs
from generator.pack.model import Pack
from generator.pack.schema import load_schemas
from generator.pack.yamlload import Limits
from generator.pipeline import check, kinds_of
from generator.render.deck import Book
from generator.render.geometry import PAPERS
from generator.render.icons import element_bounds
from generator.render.legibility import iter_blocks, pdf_text_sizes, text_problems
from generator.render.impose import MARK_EDGE, booklet_page, booklet_pages, booklet_scale
from generator.render.scene import Rect, Scene
from generator.render.text import MIN_PRINT_SIZE, iter_printed_sizes
from generator.systems import Options
from generator.registry import discover_systems, load_registry
from generator.systems.riddle.decks import riddle_books
from generator.systems.riddle.typography import MARGIN
from generator.targets import _booklet_books, iter_booklet_problems

from .conftest import write_starter

REPO = Path(__file__).resolve().parents[3]
SHIPPED = REPO / "content" / "riddles"
SMALL_BUDGET = 100
SAFE = MARGIN - 1.5
"""Nothing but the cover's full-bleed art comes closer to a side edge than this (mm): the
riddle pages keep their 15 mm margin (a stroke or a callout may reach 1.5 mm into it)."""


def _quiet(_: str) -> None:
    return None


def _load(root: Path) -> Pack:
    systems = discover_systems()
    return load_packs([root], load_schemas(), kinds_of(systems), Limits()).packs[0]


@pytest.fixture(scope="module")
def shipped() -> Pack:
    if not (SHIPPED / "pack.yaml").is_file():
        pytest.skip("the shipped riddle campaign is not in this checkout")
    return _load(SHIPPED)


@pytest.fixture(scope="module")
def solved(tmp_path_factory: pytest.TempPathFactory,
           shipped_cache: Callable[[str, Path], None]) -> Options:
    """Options whose cache folder holds one check of the shipped campaign (with its
    measures), as the pipeline hands it to the print targets (one subfolder per pack)."""
    cache = tmp_path_factory.mktemp("booklet-cache")
    shipped_cache("riddles", cache)
    return Options(cache_dir=cache)


def in_pack(options: Options, pack: Pack) -> Options:
    """``options`` as a system hands them to :func:`riddle_books`: the pack's own cache folder."""
    assert options.cache_dir is not None
    return replace(options, cache_dir=options.cache_dir / pack.id)


@pytest.fixture(scope="module")
def books(shipped: Pack, solved: Options) -> dict[str, Book]:
    """The shipped booklet on each paper, laid out once for the module."""
    out = {}
    for paper in ("a4", "letter"):
        [out[paper]] = riddle_books(shipped, replace(in_pack(solved, shipped), paper=paper), _quiet,
                                    booklet_page(PAPERS[paper]))
    return out


@pytest.fixture(params=["a4", "letter"])
def booklet(request: pytest.FixtureRequest, books: dict[str, Book]) -> tuple[str, Book]:
    return request.param, books[request.param]


def _drawn(page: Scene) -> tuple[float, float, float, float]:
    """What a page draws over its paper (the first element, a full-page rectangle)."""
    first = page.children[0]
    assert isinstance(first, Rect) and (first.w, first.h) == (page.width, page.height)
    box = element_bounds(page.children[1:])
    assert box is not None
    return box


def test_every_page_has_the_booklet_page_size_and_prints_at_full_size(booklet: tuple[str, Book]) -> None:
    paper, book = booklet
    page = booklet_page(PAPERS[paper])
    assert {(p.width, p.height) for p in book.pages} == {page}
    assert booklet_scale(book, PAPERS[paper]) == 1.0


def test_no_text_below_6pt_on_the_imposed_sheets(booklet: tuple[str, Book]) -> None:
    paper, book = booklet
    sides, _ = booklet_pages(book, PAPERS[paper])
    sizes = [(size, text.text) for side in sides for text, size in iter_printed_sizes(side.children)]
    assert len(sizes) > 1000  # the whole book was drawn
    small = [(round(size, 2), text) for size, text in sizes if size < MIN_PRINT_SIZE - 1e-9]
    assert small == []
    # The body text of most riddles keeps a comfortable size: only a few step down.
    # (A page whose rules are all short lines, now that the rules every riddle shares are
    # said once, has no body line to measure: it counts as comfortable.)
    body = {p.id: min((s for t, s in iter_printed_sizes(p.children) if len(t.text) > 40),
                      default=10.0)
            for p in book.pages if p.id.endswith("-rules")}
    assert len(body) == 22 and sum(1 for s in body.values() if s >= 8.5) >= 12, body


def test_nothing_is_drawn_outside_the_page_or_its_safe_area(booklet: tuple[str, Book]) -> None:
    _, book = booklet
    for page in book.pages:
        left, top, right, bottom = _drawn(page)
        where = (page.id, (round(left, 1), round(top, 1), round(right, 1), round(bottom, 1)))
        assert left >= -1e-6 and top >= -1e-6, where
        assert right <= page.width + 1e-6 and bottom <= page.height + 1e-6, where
        if page.id == "cover":
            continue  # full-bleed art: the sky and the sea run to the trim
        assert left >= SAFE and right <= page.width - SAFE, where
        assert top >= MARK_EDGE and bottom <= page.height - MARK_EDGE, where


def test_no_text_runs_out_of_its_box(booklet: tuple[str, Book]) -> None:
    # A paragraph that does not fit its box at its smallest size runs on over what is
    # drawn under it (a solution's notation over the next row of boards): none does.
    _, book = booklet
    over = []
    for page in book.pages:
        for block in iter_blocks(page.children):
            drawn = element_bounds([block])
            if drawn is not None and drawn[3] > block.y + block.height + 0.5:
                over.append((page.id, round(drawn[3] - block.y - block.height, 1),
                             " ".join(r.text for r in block.runs)[:40]))
    assert over == []


def test_each_riddle_is_a_spread_and_the_booklet_has_whole_sheets(shipped: Pack,
                                                                 booklet: tuple[str, Book]) -> None:
    paper, book = booklet
    ids = [p.id for p in book.pages]
    riddles = [d.id for d in shipped.of_kind("riddle")]
    for rid in riddles:
        n = ids.index(f"riddle-{rid}")
        assert n % 2 == 1, (rid, n + 1)  # index 1, 3... is page 2, 4...: a left-hand page
        assert ids[n + 1] == f"riddle-{rid}-rules"
    sides, chapters = booklet_pages(book, PAPERS[paper])
    assert (2 * len(sides)) % 4 == 0 and 2 * len(sides) - len(book.pages) in range(4)
    assert len([p for side in sides for p in side.children
                if not p.id.startswith("signature-")]) == len(book.pages)
    # The bookmarks point at the pages they name.
    named = dict(book.chapters)
    assert ids[book.chapters[0][1]] == "cover"
    assert ids[named["Symbols of the riddle book"]] == "legend"
    assert ids[named["Solutions"]] == "solutions-divider"
    # Each island (level 0) holds its riddles (level 1), numbered as played.
    nested = [(title, ids[n]) for (title, n), level in zip(book.chapters, book.levels)
              if level == 1]
    assert [page for _, page in nested] == [f"riddle-{rid}" for rid in riddles]
    assert [int(title.split(".")[0]) for title, _ in nested] == list(range(len(riddles)))
    assert len(chapters) == len(book.chapters)


def test_the_check_does_not_warn_about_the_shipped_booklet(shipped: Pack, solved: Options) -> None:
    riddle = load_registry().print_source("riddle")
    asked = replace(solved, extra={**solved.extra, "booklet": True})
    assert list(iter_booklet_problems(riddle, shipped, asked, _quiet)) == []
    [(book, sheet)] = _booklet_books(riddle, shipped, asked, _quiet)
    assert sheet == PAPERS["a4"] and booklet_scale(book, sheet) == 1.0


LONG_RULES = "rules: >\n  " + "The tide turns and the gulls cry over the quay. " * 60 + "\n"


def test_a_riddle_too_long_for_the_booklet_is_rs_r001_at_its_file(tmp_path: Path) -> None:
    root = write_starter(tmp_path / "p")
    path = root / "riddles" / "first-light.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("coins:\n", LONG_RULES + "coins:\n", 1), encoding="utf-8")
    plain = check([root], Options(cache=False))
    assert not [d for d in plain.diagnostics if d.code == "RS-R001"]
    report = check([root], Options(cache=False, extra={"booklet": True}))
    found = [d for d in report.diagnostics if d.code == "RS-R001"]
    assert [(Path(d.file).name, d.line, d.severity.value) for d in found] == [
        ("first-light.yaml", 1, "error")]
    assert "148.5 x 210 mm" in found[0].message and "first-light" in found[0].message


def test_the_booklet_is_the_same_on_every_build(shipped: Pack, solved: Options,
                                               books: dict[str, Book]) -> None:
    [again] = riddle_books(shipped, in_pack(solved, shipped), _quiet, booklet_page(PAPERS["a4"]))
    assert again == books["a4"]


def test_booklet_solution_boards_keep_their_coordinates(shipped: Pack) -> None:
    # The boards are two a row, three rows a page, unless that would make a riddle's spaces
    # too small for its coordinates (a 7- or 8-wide map): then two rows. Measured on the
    # drawn board: every column letter and row number is printed, at 6 pt or more.
    from generator.render.impose import booklet_page
    from generator.systems.riddle.content import read_content
    from generator.systems.riddle.maps import render_map
    from generator.systems.riddle.solutions import _narrow_board

    content = read_content(shipped, None)
    widths = set()
    for paper in ("a4", "letter"):
        pw, ph = booklet_page(PAPERS[paper])
        col_w = (pw - 2 * MARGIN - 6.0) / 2
        usable = ph - 2 * MARGIN - 6.0 - 2.0 - 9.0
        for riddle, _ in content.riddles:
            g = riddle.board.geometry
            widths.add(max(g.width, g.height))
            scene = render_map(riddle, size_mm=_narrow_board(riddle, col_w, usable))
            printed: dict[str, float] = {}
            for text, size in iter_printed_sizes(scene.children):
                printed[text.text] = max(size, printed.get(text.text, 0.0))
            wanted = [chr(ord("A") + c) for c in range(g.width)] + [str(r + 1) for r in range(g.height)]
            assert all(printed.get(w, 0.0) >= MIN_PRINT_SIZE - 1e-9 for w in wanted), (riddle.id, paper)
    assert len(widths) > 1  # the campaign has maps of more than one size


def test_the_booklet_pdf_prints_no_text_below_6pt(books: dict[str, Book]) -> None:
    # Read back from the PDF the build writes: each text run's font size times the text
    # and drawing matrices in force (the imposition's placement included).
    from generator.render.pdf import document_to_pdf
    from generator.render.scene import Document

    # The outer eight sides hold the first and last sixteen pages: the cover, the front
    # matter, the symbols, the first riddles and the solutions (the rest is checked above).
    sides = booklet_pages(books["a4"], PAPERS["a4"])[0][:8]
    runs = pdf_text_sizes(document_to_pdf(Document(sides, title="b")))
    assert {page for page, _, _ in runs} == set(range(1, 9))
    sizes = [(size, text) for _, size, text in runs]
    assert len(sizes) > 500
    assert [(round(s, 2), t) for s, t in sizes if s < MIN_PRINT_SIZE - 0.01] == []


def test_a_notes_page_puts_the_first_riddle_on_a_left_hand_page(tmp_path: Path) -> None:
    # The starter pack's front matter is six booklet pages (cover, story, how to use,
    # three of symbols): a notes page follows, so its riddle opens on page 8, a spread.
    pack = _load(write_starter(tmp_path / "p"))
    options = Options(cache=False, extra={"solver_budget": SMALL_BUDGET})
    [book] = riddle_books(pack, options, _quiet, booklet_page(PAPERS["a4"]))
    ids = [p.id for p in book.pages]
    first = ids.index("riddle-first-light")
    assert first % 2 == 1 and ids[first + 1] == "riddle-first-light-rules"
    assert ids[first - 1] == f"notes-{first}"
    assert ids[:first - 1] == ["cover", "story", "you-need", "legend", "legend-2", "legend-3"]
    notes = book.pages[first - 1]
    texts = [t.text for t, _ in iter_printed_sizes(notes.children)]
    assert texts[0] == "Notes" and str(first) in texts  # its heading and its page number
    for page in book.pages:
        assert all(s >= MIN_PRINT_SIZE - 1e-9 for _, s in iter_printed_sizes(page.children)), page.id


def test_no_two_texts_overlap_and_none_is_cut_by_the_page(booklet: tuple[str, Book]) -> None:
    # The contents' island names and their unlock sentences overlapped on a booklet's
    # page (The Sphinx's Threshold by 17 mm on A5, 26 mm on half-letter) before.
    _, book = booklet
    assert [(p.id, problem) for p in book.pages for problem in text_problems(p)] == []
