"""One layout per deck, and the bleed a deck's sheets give up said out loud (issue 26 §2):
a sheet whose cards differ at the cut turns the whole deck to the full-bleed gutter
(the fragment deck no longer changes from 3 x 3 to 2 x 4 turned on its last sheet), and
``build`` notes (RS-R013) the outer bleed cut back for crop marks or lying in the
printer's border."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from generator.render.geometry import (
    CARD_SIZES,
    EDGE_CLEAR,
    SheetLayout,
    _build,
    full_bleed_gutter,
    full_bleed_layout,
    layout_sheet,
    layout_shortfalls,
)
from generator.render.scene import Rect, Scene, Style
from generator.render.sheets import card_sheet_pages, deck_layout, sheet_layouts
from conftest import write_pack
from test_cli import run


def _card(colour: str) -> Scene:
    return Scene(69.5, 94.9, (Rect(0, 0, 69.5, 94.9, Style(fill=colour)),), id=colour)


def test_a_deck_keeps_one_layout_on_every_sheet() -> None:
    plain, wide = sheet_layouts("a4", *CARD_SIZES["poker"])
    assert wide is not None and plain.capacity == 9 and wide.capacity == 8
    # 18 cards of one colour butt on two sheets; a 19th of another colour used to put
    # only the last sheet in the gutter layout.
    fronts = [_card("#224466")] * 18 + [_card("#aa3311")]
    pages, _ = card_sheet_pages(fronts, _card("#ffffff"), plain, gutter_layout=wide)
    assert len(pages) == 3  # 8 + 8 + 3, every sheet in the gutter layout
    same, _ = card_sheet_pages(fronts[:18], _card("#ffffff"), plain, gutter_layout=wide)
    assert len(same) == 2  # 9 + 9, butted


def test_what_a4_and_letter_sheets_give_up() -> None:
    a4, a4_wide = sheet_layouts("a4", *CARD_SIZES["poker"])
    assert a4_wide is not None
    assert "1.75 mm of bleed at the left and right" in layout_shortfalls(a4)[0]
    assert "cut 5.00 mm from the paper's top and bottom" in " ".join(layout_shortfalls(a4_wide))
    letter, letter_wide = sheet_layouts("letter", *CARD_SIZES["poker"])
    assert letter_wide is not None and layout_shortfalls(letter_wide) == ()


def test_build_notes_the_bleed_given_up_at_the_deck(pack_dir: Path, tmp_path: Path) -> None:
    # Six When cards print on one sheet either way: the deck keeps the whole bleed (2 x 4,
    # turned), and nothing is noted.
    code, text = run("build", str(pack_dir), "--out", str(tmp_path / "out0"), "--no-cache",
                     "--paper", "a4")
    assert code == 0 and "'when'" not in text, text
    # Nine take one sheet of 3 x 3, or two that keep the whole bleed: the sheet gives
    # some up, and build says what, why and what keeping it would cost.
    when = "---\n".join(f"kind: when-card\nid: when-{i}\nonly: only when\nexcept: except when\n"
                        for i in range(1, 10))
    write_pack(pack_dir, {"cards/when.yaml": when})
    code, text = run("build", str(pack_dir), "--out", str(tmp_path / "out"), "--no-cache",
                     "--paper", "a4")
    assert code == 0, text
    notes = [line for line in text.splitlines() if "RS-R013" in line]
    assert any("'when' (3 x 3)" in n for n in notes), text
    assert notes and all("1.75 mm of bleed" in n for n in notes), text
    # What was given up, why (the crop marks' room), and what keeping it would cost.
    assert all("the crop marks need the room before the printer's 5 mm border" in n
               and "that keeps 9 cards a sheet, where the whole 3 mm bleed on every edge "
                   "(the cards butted) would leave 8 (2 x 4, turned)" in n for n in notes), text
    code, text = run("build", str(pack_dir), "--out", str(tmp_path / "out2"), "--no-cache",
                     "--paper", "letter", "--gutter", "full")
    assert code == 0 and "RS-R013" not in text, text
    # check alone draws no sheets, so it says nothing of them.
    code, text = run("check", str(pack_dir), "--no-cache")
    assert "RS-R013" not in text


def _kept(lay: SheetLayout) -> tuple[float, float, float, float]:
    """(bleed kept left and right, top and bottom, the cut's distance from the paper's
    side and top edges) of a sheet layout, measured on its slots."""
    slots = lay.slots
    x0, y0 = min(s.trim.x for s in slots), min(s.trim.y for s in slots)
    left = min(s.trim.x - s.visible.x for s in slots if s.trim.x <= x0 + 1e-6)
    top = min(s.trim.y - s.visible.y for s in slots if s.trim.y <= y0 + 1e-6)
    return left, top, x0, y0


def test_the_readme_states_the_bleed_of_every_poker_sheet() -> None:
    """The README's table of sheet layouts is what the layouts are (A4 and Letter, butted
    and in the full-bleed gutter): the grid, and the bleed kept on each edge."""
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    rows = re.findall(r"^  \| (A4|Letter) \| (butted|full-bleed gutter) \| (\d) x (\d)( turned)? "
                      r"\((\d+)\) \| ([\d.]+) mm \| ([\d.]+) mm([^|]*)\| ([^|]+) \|$", readme,
                      flags=re.MULTILINE)
    assert len(rows) == 4, rows
    for paper, sheet, cols, rows_, turned, count, side, ends, ends_note, between in rows:
        plain, wide = sheet_layouts(paper.lower(), *CARD_SIZES["poker"])
        lay = plain if sheet == "butted" else wide
        assert lay is not None
        assert (lay.cols, lay.rows, lay.rotated, lay.capacity) == (
            int(cols), int(rows_), bool(turned), int(count)), paper + sheet
        left, top, x0, y0 = _kept(lay)
        assert (round(left, 2), round(top, 2)) == (float(side), float(ends)), paper + sheet
        in_border = y0 < EDGE_CLEAR + lay.bleed - 1e-6
        assert in_border == (f"cut {y0:g} mm from the edge" in ends_note), (paper, sheet, y0)
        assert x0 >= EDGE_CLEAR + lay.bleed - 1e-6  # no row of the table cuts near a side
        assert ("none" in between) == (lay.gutter == 0), paper + sheet


@pytest.mark.parametrize("seed", range(16))
def test_the_full_bleed_alternative_is_the_largest_grid_that_gives_nothing_up(seed: int) -> None:
    """RS-R013's trade (what keeping the whole bleed would cost) against every grid."""
    rng = random.Random(seed)
    paper = rng.choice(["a4", "letter"])
    w, h = rng.uniform(25, 95), rng.uniform(25, 125)
    bleed = rng.choice([0.0, 1.0, 2.0, 3.0])
    gutter = rng.choice([0.0, full_bleed_gutter(bleed), rng.uniform(0, 12)])
    try:
        lay = layout_sheet(paper, w, h, bleed=bleed, gutter=gutter)
    except ValueError:
        return
    full = full_bleed_layout(lay)
    best = 0
    for rotated in (False, True):
        cw, ch = (h, w) if rotated else (w, h)
        for cols in range(1, 12):
            for rows in range(1, 12):
                grid = _build(lay.paper_w, lay.paper_h, cw, ch, bleed, gutter, lay.margin,
                              rotated, cols, rows, lay.mark_length, w, h)
                if grid is not None and not layout_shortfalls(grid):
                    best = max(best, grid.capacity)
    if full is None:
        assert best == 0
    else:
        assert not layout_shortfalls(full) and full.capacity == best <= lay.capacity


def _sheets(count: int, lay: SheetLayout) -> int:
    return -(-count // lay.capacity)


@pytest.mark.parametrize("seed", range(16))
def test_a_deck_keeps_the_whole_bleed_when_it_costs_no_sheet(seed: int) -> None:
    """A deck whose layout gives up bleed takes the largest grid that keeps all of it
    when that grid prints the deck on as few sheets (checked against every grid of the
    paper); otherwise it keeps its layout, and a sheet saved is what the bleed bought."""
    rng = random.Random(seed)
    paper = rng.choice(["a4", "letter"])
    w, h = rng.choice([CARD_SIZES["poker"], CARD_SIZES["mini"], (40.0, 40.0), (26.0, 26.0)])
    bleed = rng.choice([2.0, 3.0])
    plain, wide = sheet_layouts(paper, w, h, bleed)
    colours = rng.choice([["#224466"], ["#224466", "#aa3311"]])
    fronts = [_sized(rng.choice(colours), w, h, bleed) for _ in range(rng.randint(1, 40))]
    lay = deck_layout(fronts, None, plain, wide)
    n = len(fronts)
    first = wide if wide is not None and len(colours) > 1 else plain
    best = 0
    for rotated in (False, True):
        cw, ch = (h, w) if rotated else (w, h)
        for cols in range(1, 12):
            for rows in range(1, 14):
                grid = _build(first.paper_w, first.paper_h, cw, ch, bleed, first.gutter,
                              first.margin, rotated, cols, rows, first.mark_length, w, h)
                if grid is not None and not layout_shortfalls(grid):
                    best = max(best, grid.capacity)
    if lay is first:
        assert layout_shortfalls(lay) == () or best == 0 or -(-n // best) > _sheets(n, lay)
    else:
        assert layout_shortfalls(lay) == () and lay.capacity == best
        assert (lay.gutter, lay.bleed) == (first.gutter, first.bleed)
        assert _sheets(n, lay) <= _sheets(n, first)
    pages, _ = card_sheet_pages(fronts, None, plain, gutter_layout=wide)
    assert len(pages) == _sheets(n, lay)


def _sized(colour: str, w: float, h: float, bleed: float) -> Scene:
    return Scene(w + 2 * bleed, h + 2 * bleed,
                 (Rect(0, 0, w + 2 * bleed, h + 2 * bleed, Style(fill=colour)),), id=colour)
