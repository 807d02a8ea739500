"""The move captions under the solution boards of the A4 and Letter riddle books.

Measured from what was drawn (each text block's ink, each board's drawn box, the sizes
text prints at), never from the layout's constants: a caption stays in its box, ends at
least :data:`CLEAR` above the board under it (a long one makes its row taller, or moves
its row to the next page), and prints at 6 pt or more. The shipped campaign's proofs
come from one check of it (the session's seeded cache), in English and in French, laid out
on a booklet's page too (whose long captions get more lines, see test_riddle_booklet).
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pytest

from generator.pack.loader import load_packs
from generator.pack.model import Pack
from generator.pack.schema import load_schemas
from generator.pack.yamlload import Limits
from generator.pipeline import kinds_of
from generator.render.deck import Book
from generator.render.geometry import PAPERS
from generator.render.icons import element_bounds
from generator.render.impose import booklet_page
from generator.render.scene import Element, Group, Scene, Text, TextBlock
from generator.render.text import MIN_PRINT_SIZE, iter_printed_sizes
from generator.systems import Options
from generator.registry import discover_systems
from generator.systems.riddle.decks import riddle_books
from generator.systems.riddle.model import build_riddle
from generator.systems.riddle.proofs import playable_counts

REPO = Path(__file__).resolve().parents[3]
SHIPPED = REPO / "content" / "riddles"
CLEAR = 2.0
"""Paper (mm) between the last line of a caption and the board drawn under it."""
BOOKS = [("a4", None), ("letter", None), ("a4", "fr"), ("letter", "fr"), ("a4", "booklet"),
         ("letter", "booklet")]
"""Paper and language of each book; "booklet" is the English book on a booklet's page."""


def _quiet(_: str) -> None:
    return None


@pytest.fixture(scope="module")
def shipped() -> Pack:
    if not (SHIPPED / "pack.yaml").is_file():
        pytest.skip("the shipped riddle campaign is not in this checkout")
    return load_packs([SHIPPED], load_schemas(), kinds_of(discover_systems()), Limits()).packs[0]


@pytest.fixture(scope="module")
def books(shipped: Pack, tmp_path_factory: pytest.TempPathFactory,
          shipped_cache: Callable[[str, Path], None]) -> dict[tuple[str, str | None], Book]:
    """The shipped book on each paper and language, from one check of the campaign with
    its measures (the session's seeded cache): the book ``build`` prints."""
    cache = tmp_path_factory.mktemp("captions-cache")
    shipped_cache("riddles", cache)
    out = {}
    for paper, lang in BOOKS:
        options = Options(cache_dir=cache / shipped.id, paper=paper,
                          lang=None if lang == "booklet" else lang)
        [out[paper, lang]] = riddle_books(shipped, options, _quiet, booklet_page(PAPERS[paper])
                                          if lang == "booklet" else None)
    return out


def _solution_pages(book: Book) -> list[Scene]:
    pages = [p for p in book.pages if p.id.startswith("solutions-") and p.id[10:].isdigit()]
    assert len(pages) > 10  # the whole solutions section was drawn
    return pages


def _unturned(elements: Sequence[Element]) -> Iterator[Element]:
    """A page's elements, out of the group that turns an appendix page upside down."""
    for el in elements:
        if isinstance(el, Group) and el.rotate:
            yield from _unturned(el.children)
        else:
            yield el


def _gaps(page: Scene) -> Iterator[tuple[float, str]]:
    """Each text block over a board drawn under (or across) it: the paper between the two
    (negative when they overlap) and the text's start."""
    elements = list(_unturned(page.children))
    boards = [b for b in (element_bounds([g]) for g in elements if isinstance(g, Group)) if b]
    for block in elements:
        ink = element_bounds([block]) if isinstance(block, TextBlock) else None
        if ink is None or not isinstance(block, TextBlock):
            continue
        for left, top, right, bottom in boards:
            if left < ink[2] and right > ink[0] and bottom > ink[1]:
                yield top - ink[3], " ".join(r.text for r in block.runs)[:40]


@pytest.mark.parametrize("paper, lang", BOOKS)
def test_every_caption_ends_clear_of_the_board_under_it(
        books: dict[tuple[str, str | None], Book], paper: str, lang: str | None) -> None:
    checked, close = 0, []
    for page in _solution_pages(books[paper, lang]):
        for gap, text in _gaps(page):
            checked += 1
            if gap < CLEAR - 1e-6:
                close.append((page.id, round(gap, 2), text))
    assert checked > 100  # most captions have a board under them
    assert close == []


@pytest.mark.parametrize("paper, lang", BOOKS)
def test_no_caption_runs_out_of_its_box_or_under_6pt(
        books: dict[tuple[str, str | None], Book], paper: str, lang: str | None) -> None:
    over, small = [], []
    for page in _solution_pages(books[paper, lang]):
        elements = list(_unturned(page.children))
        for block in elements:
            drawn = element_bounds([block]) if isinstance(block, TextBlock) else None
            if isinstance(block, TextBlock) and drawn and drawn[3] > block.y + block.height + 0.05:
                over.append((page.id, round(drawn[3] - block.y - block.height, 1)))
        small += [(page.id, round(size, 2), text.text)
                  for text, size in iter_printed_sizes(page.children) if size < MIN_PRINT_SIZE - 1e-9]
    assert over == [] and small == []


def _texts(page: Scene) -> Iterator[str]:
    for el in _unturned(page.children):
        if isinstance(el, Text):
            yield el.text
        elif isinstance(el, TextBlock):
            yield "".join(r.text for r in el.runs)


@pytest.mark.parametrize("paper, lang", [("a4", None), ("a4", "booklet")])
def test_every_player_count_gets_its_own_lines(
        shipped: Pack, books: dict[tuple[str, str | None], Book], paper: str,
        lang: str | None) -> None:
    """Issue 22 §3: the solutions give a line for every count a riddle allows, under a
    heading per count, and each such line names whose worker moves (P1, P2 ...)."""
    riddles = [build_riddle(d)[0] for d in shipped.of_kind("riddle")]
    counts = [n for r in riddles if r is not None and tuple(r.players) != (1,)
              for n in playable_counts(r)]
    texts = [t for page in _solution_pages(books[paper, lang]) for t in _texts(page)]
    headings = [t for t in texts if re.fullmatch(r"One player|\d players", t)]
    assert len(headings) == len(counts)
    assert sorted(headings) == sorted("One player" if n == 1 else f"{n} players" for n in counts)
    lines = [t for t in texts if t.startswith("Workers: P1 ")]
    assert len(lines) >= sum(n > 1 for n in counts)
    assert [t for t in lines if not re.search(r"1\. ?P[1-4] ", t)] == []
