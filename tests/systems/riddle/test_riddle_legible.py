"""Every text of the A4 and Letter riddle book prints at 6 pt or more and inside its box.

Measured from what was drawn (the text runs with every group's scale, the PDF read back,
each paragraph's ink against its box, the badge's frame against everything else on the
page), never from the layout's constants. The shipped campaign's proofs and measures
come from one check of it (the session's seeded cache): the book ``build`` prints. A badge
with "not proven" marks and their two-part key is measured in test_riddle_counts.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from generator.pack.loader import load_packs
from generator.pack.model import Pack
from generator.pack.schema import load_schemas
from generator.pack.yamlload import Limits
from generator.pipeline import kinds_of
from generator.render.deck import Book
from generator.render.icons import element_bounds
from generator.render.legibility import iter_blocks, overruns, pdf_text_sizes, text_problems
from generator.render.scene import Line, Rect, Scene
from generator.render.text import MIN_PRINT_SIZE, iter_printed_sizes
from generator.systems import Options
from generator.registry import discover_systems
from generator.systems.riddle.decks import riddle_books
from generator.systems.riddle.legend import legend_page
from generator.systems.riddle.typography import MARGIN


REPO = Path(__file__).resolve().parents[3]
SHIPPED = REPO / "content" / "riddles"
BOOKS = [("a4", None), ("letter", None), ("a4", "fr"), ("letter", "fr")]


def _quiet(_: str) -> None:
    return None


@pytest.fixture(scope="module")
def books(tmp_path_factory: pytest.TempPathFactory,
          shipped_cache: Callable[[str, Path], None]) -> dict[tuple[str, str | None], Book]:
    """The shipped book on each paper and language, from one check of the campaign with
    its measures (the session's seeded cache): the book ``build`` prints."""
    if not (SHIPPED / "pack.yaml").is_file():
        pytest.skip("the shipped riddle campaign is not in this checkout")
    pack: Pack = load_packs([SHIPPED], load_schemas(), kinds_of(discover_systems()),
                            Limits()).packs[0]
    cache = tmp_path_factory.mktemp("legible-cache")
    shipped_cache("riddles", cache)
    out = {}
    for paper, lang in BOOKS:
        options = Options(cache_dir=cache / pack.id, paper=paper, lang=lang)
        [out[paper, lang]] = riddle_books(pack, options, _quiet)
    return out


@pytest.fixture(params=BOOKS, ids=lambda b: f"{b[0]}-{b[1] or 'en'}")
def book(request: pytest.FixtureRequest, books: dict[tuple[str, str | None], Book]) -> Book:
    return books[request.param]


def _riddle_pages(book: Book) -> list[Scene]:
    pages = [p for p in book.pages if p.id.startswith("riddle-")]
    assert len(pages) >= 18  # every riddle was laid out
    return pages


def test_no_text_below_6pt_on_the_riddle_pages(book: Book) -> None:
    small = [(p.id, round(size, 2), text.text) for p in _riddle_pages(book)
             for text, size in iter_printed_sizes(p.children) if size < MIN_PRINT_SIZE - 1e-9]
    assert small == []


def test_the_riddle_pages_pdf_prints_no_text_below_6pt(books: dict[tuple[str, str | None], Book]
                                                       ) -> None:
    # Read back from the PDF: each text run's size times the text and drawing matrices.
    from generator.render.pdf import document_to_pdf
    from generator.render.scene import Document

    for key in (("a4", None), ("letter", "fr")):
        pages = tuple(_riddle_pages(books[key]))
        sizes = [(size, text) for _, size, text in pdf_text_sizes(document_to_pdf(
            Document(pages, title="r")))]
        assert len(sizes) > 500, key
        assert [(round(s, 2), t) for s, t in sizes if s < MIN_PRINT_SIZE - 0.01] == [], key


def _badge_frame(page: Scene) -> Rect:
    """The badge's frame: the panel at the page's top right corner."""
    [frame] = [e for e in page.children if isinstance(e, Rect)
               and abs(e.x + e.w - (page.width - MARGIN)) < 1e-6 and e.y < MARGIN]
    return frame


def _inside(box: tuple[float, float, float, float], frame: Rect) -> bool:
    return (box[0] >= frame.x - 1e-6 and box[1] >= frame.y - 1e-6
            and box[2] <= frame.x + frame.w + 1e-6 and box[3] <= frame.y + frame.h + 1e-6)


def test_the_badge_overlaps_nothing_and_the_rule_runs_under_it(book: Book) -> None:
    pushed = 0
    for page in _riddle_pages(book):
        frame = _badge_frame(page)
        [rule] = [e for e in page.children if isinstance(e, Line) and e.y1 == e.y2
                  and e.x2 - e.x1 > page.width / 2 and e.y1 < 60.0]
        assert rule.y1 >= frame.y + frame.h + 2.0 - 1e-6, page.id
        pushed += rule.y1 > MARGIN + 21.5 + 1e-6
        for el in page.children[1:]:  # the first is the paper
            box = element_bounds([el])
            if el is frame or box is None or _inside(box, frame):
                continue
            apart = (box[2] <= frame.x or box[0] >= frame.x + frame.w
                     or box[3] <= frame.y or box[1] >= frame.y + frame.h)
            assert apart, (page.id, type(el).__name__, [round(v, 1) for v in box])
    assert pushed >= 1  # a tall badge (four objectives) moved the rule down on some page


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", [None, "fr"])
def test_the_legend_paragraphs_stay_in_their_boxes(paper: str, lang: str | None) -> None:
    page = legend_page(paper, lang=lang)
    assert sum(1 for _ in iter_blocks(page.children)) > 30  # every symbol's paragraph was drawn
    assert overruns(page) == []


def test_no_paragraph_of_the_book_runs_out_of_its_box(book: Book) -> None:
    assert [(p.id, *o) for p in book.pages for o in overruns(p)] == []


def test_no_two_texts_of_the_book_overlap_and_none_is_cut_by_the_page(book: Book) -> None:
    assert [(p.id, problem) for p in book.pages for problem in text_problems(p)] == []
