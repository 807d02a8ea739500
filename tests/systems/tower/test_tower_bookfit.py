"""A scenario book that does not fit its paper is an RS-R001 at the campaign, not a crash.

The cover lists every scenario and the score sheet has a row for each, so a long
campaign once made the cover's last text box negative and the build stopped with
an internal error.
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import main
from generator.pack.loader import load_packs
from generator.pack.schema import load_schemas
from generator.pipeline import kinds_of
from generator.render.scene import Element, Group, Rect, Style, Text
from generator.systems import Options
from generator.registry import discover_systems
from generator.systems.tower.book import book_pages
from generator.systems.tower.book_content import read_book
from generator.systems.tower.bookfit import iter_book_fit_problems, iter_page_problems
from generator.systems.tower.render import draw_page, page_overflow, write_paragraph

TOWER = Path(__file__).resolve().parents[3] / "content" / "tower"
A5 = (148.5, 210.0)
HALF_LETTER = (139.7, 215.9)


def _long_campaign(tmp_path: Path, extra: int) -> Path:
    """The shipped campaign with ``extra`` more scenarios (copies of the first)."""
    root = tmp_path / "tower"
    shutil.copytree(TOWER, root, ignore=shutil.ignore_patterns(".*"))
    first = (root / "scenarios" / "olive-terraces.yaml").read_text(encoding="utf-8")
    campaign = root / "campaigns" / "siege-of-lykessa.yaml"
    listing = campaign.read_text(encoding="utf-8")
    for n in range(7, 7 + extra):
        text = first.replace("id: olive-terraces", f"id: extra-{n}").replace(
            "number: 1\n", f"number: {n}\n").replace("level: 0\n", "level: 4\n")
        (root / "scenarios" / f"extra-{n}.yaml").write_text(text, encoding="utf-8")
        listing += f"  - extra-{n}\n"
    campaign.write_text(listing, encoding="utf-8")
    return root


def _load(root: Path):  # type: ignore[no-untyped-def]
    loaded = load_packs([root], load_schemas(), kinds_of(discover_systems()))
    assert not loaded.diagnostics, loaded.diagnostics
    return loaded.packs[0]


def test_shipped_book_fits_every_paper_we_print_on() -> None:
    pack = _load(TOWER)
    for paper in ("a4", "letter", "universal"):
        assert list(iter_book_fit_problems(pack, Options(paper=paper))) == []


def test_a_long_campaign_is_an_error_at_its_scenario_list(tmp_path: Path) -> None:
    # 16 scenarios: the cover runs on to a second page, the score sheet has no room left.
    root = _long_campaign(tmp_path, 10)
    pack = _load(root)
    problems = list(iter_book_fit_problems(pack, Options()))
    assert [d.code for d in problems] == ["RS-R001"]
    lines = (root / "campaigns" / "siege-of-lykessa.yaml").read_text().splitlines()
    [d] = problems
    assert d.file.endswith("campaigns/siege-of-lykessa.yaml")
    assert lines[d.line - 1].startswith("scenarios:")
    assert "(score-sheet)" in d.message and "too tall" in d.message
    pages = book_pages(read_book(pack, None), (210.0, 297.0), None, lambda _m: None)
    assert [p.id for p in pages[:2]] == ["cover", "reading-the-maps"]


def test_a_campaign_too_long_for_the_cover_list_points_at_it(tmp_path: Path) -> None:
    problems = list(iter_book_fit_problems(_load(_long_campaign(tmp_path, 26)), Options()))
    assert {d.message.split("(")[1].split(")")[0] for d in problems} == {"cover", "score-sheet"}


def test_cli_refuses_the_long_campaign_with_exit_1_and_no_traceback(tmp_path: Path) -> None:
    root = _long_campaign(tmp_path, 10)
    # Without the god cards: their playtested ratings over 16 scenarios would be most of
    # this test's time, and the cover and the score sheet overflow without them.
    shutil.rmtree(root / "variants")
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", str(root), "--out", str(out), "--no-cache"])
    assert result.exit_code == 1, result.output
    assert "error[RS-R001]" in result.output and "internal error" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert not out.exists() or not any(out.rglob("*.pdf"))


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("paper", [A5, HALF_LETTER], ids=["a5", "half-letter"])
def test_booklet_pages_have_their_own_layout_that_fits(paper: tuple[float, float], lang: str) -> None:
    # The A5 size once made the cover's last text box negative (a ValueError); now the
    # narrow layouts run on to more pages instead.
    pack = _load(TOWER)
    content = read_book(pack, lang)
    pages = book_pages(content, paper, lang, lambda _m: None)
    assert all((p.width, p.height) == paper for p in pages)
    assert list(iter_page_problems(pages, content, pack, paper)) == []
    ids = [p.id for p in pages]
    assert ids[:2] == ["cover", "reading-the-maps"] and ids[-2:] == ["score-sheet", "ranks-and-notes"]
    # The 21 god cards run on to four narrow pages: two blank pages at most fill the
    # booklet's last sheet.
    assert -len(pages) % 4 <= 2
    # No one-line label (a title, a facing, a column head) had to be cut short.
    assert [t for p in pages for t in _labels(p.children) if t.endswith("\u2026")] == []


def _labels(elements: tuple[Element, ...]) -> list[str]:
    """The one-line texts of a page (paragraphs, in text blocks, wrap instead)."""
    out: list[str] = []
    for el in elements:
        if isinstance(el, Text):
            out.append(el.text)
        elif isinstance(el, Group):
            out.extend(_labels(el.children))
    return out


def test_a_long_campaign_with_booklet_names_the_booklet_pages(tmp_path: Path) -> None:
    root = _long_campaign(tmp_path, 10)
    found = list(iter_book_fit_problems(_load(root), Options(extra={"booklet": True})))
    booklet = [d for d in found if "--booklet" in d.message]
    assert booklet and all(d.code == "RS-R001" for d in found)
    assert all("148.5 x 210 mm" in d.message for d in booklet)


def test_a_full_page_gives_text_no_room_instead_of_a_negative_box() -> None:
    # Content already reaches y = 80 of a page whose text area ends at 75 (100 - 16 - 9).
    block, used = write_paragraph("Still here.", 16, 80, 50, 75 - 80)
    assert used == 0.0 and block
    page = draw_page(100, 100, [Rect(16, 10, 10, 70, Style(fill="#000000")), *block], "p", "", 1)
    assert page_overflow(page)[0] > 5


@pytest.mark.parametrize("height", [5.0, 40.0, 80.0])
def test_page_overflow_matches_the_drawn_bottom(height: float) -> None:
    page = draw_page(100, 120, [Rect(16, 20, 30, height, Style(fill="#000000"))], "p", "", 1)
    limit = 120 - 16 - 9  # the paper, less the margin and the footer's room
    below = page_overflow(page)[0]
    assert below == (pytest.approx(20 + height - limit) if 20 + height - limit > 0.5 else 0.0)


LONG_STORY = ("The raiders came up the terraces at night, and the press-houses shook under "
              "their hammers while the oil jars rolled down the steps. ") * 9


def _long_story(tmp_path: Path, where: str) -> Path:
    """The shipped pack with a story far too long for its box, in the first scenario
    (``scenario``) or in the campaign (``cover``); the page itself still fits."""
    root = tmp_path / "tower"
    shutil.copytree(TOWER, root, ignore=shutil.ignore_patterns(".*"))
    path = root / ("scenarios/olive-terraces.yaml" if where == "scenario"
                   else "campaigns/siege-of-lykessa.yaml")
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    start = next(i for i, line in enumerate(lines) if line.startswith("story: >"))
    end = next(i for i in range(start + 1, len(lines)) if not lines[i].startswith("  "))
    lines[start:end] = [f"story: {LONG_STORY.strip()}\n"]
    path.write_text("".join(lines), encoding="utf-8")
    return root


@pytest.mark.parametrize("where", ["scenario", "cover"])
def test_a_story_too_long_for_its_box_is_an_error_at_the_story(tmp_path: Path, where: str
                                                               ) -> None:
    """write_paragraph lets a story too long for its box run on over the map under it;
    the page still fits, so only the box's own check finds it."""
    root = _long_story(tmp_path, where)
    pack = _load(root)
    content = read_book(pack, None)
    pages = book_pages(content, (210.0, 297.0), None, lambda _m: None)
    page = pages[0 if where == "cover" else [p.id for p in pages].index("scenario-olive-terraces")]
    assert page_overflow(page) == (0.0, 0.0)
    problems = list(iter_book_fit_problems(pack, Options(paper="a4")))
    assert [d.code for d in problems] == ["RS-R001"], [d.message for d in problems]
    [d] = problems
    name = "olive-terraces" if where == "scenario" else "siege-of-lykessa"
    assert d.file.endswith(f"{name}.yaml") and "The raiders came up" in d.message, d.message
    text = Path(d.file).read_text(encoding="utf-8").splitlines()
    assert text[d.line - 1].startswith("story:"), (d.line, text[d.line - 1])
    assert f"({page.id})" in d.message and "past its box" in d.message
