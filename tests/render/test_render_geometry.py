"""Lengths, papers, sheet layouts, crop marks and duplex backs."""
from __future__ import annotations

import pytest

from generator.render.geometry import (
    CARD_SIZES,
    EDGE_CLEAR,
    MIN_MARK_LENGTH,
    PAPERS,
    Box,
    SheetLayout,
    Slot,
    back_crop_marks,
    back_positions,
    full_bleed_gutter,
    layout_sheet,
    sheet_crop_marks,
    parse_length,
    resolve_card_size,
    resolve_paper,
)

EPS = 1e-6


@pytest.mark.parametrize("value, mm", [
    ("63.5mm", 63.5), ("63.5 mm", 63.5), ("0.125in", 3.175), ("2.5IN", 63.5), ("12pt", 4.233333333),
    ("72pt", 25.4), ("1.5cm", 15.0), ("7", 7.0), (7, 7.0), (2.25, 2.25), ("-1.5mm", -1.5),
    (".5mm", 0.5), ("1e1mm", 10.0), ("  3mm ", 3.0),
])
def test_parse_length(value: str | float, mm: float) -> None:
    assert parse_length(value) == pytest.approx(mm, abs=1e-9)


@pytest.mark.parametrize("value, message", [
    ("", "expected a number with a unit"), ("mm", "expected a number with a unit"),
    ("3 furlongs", "unknown unit 'furlongs'"), ("3px", "unknown unit 'px'"),
    ("1,5mm", "expected a number"), (True, "expected a number of mm"), (None, "expected a number"),
    (float("inf"), "not a finite number"), ("1e999mm", "not a finite number"),
])
def test_parse_length_errors_say_what_is_wrong(value: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_length(value)  # type: ignore[arg-type]


def test_papers_and_card_sizes() -> None:
    assert resolve_paper("A4") == (210, 297) and resolve_paper(("8.5in", "11in")) == (215.9, 279.4)
    assert resolve_card_size("poker") == (63.5, 88.9)
    assert resolve_card_size(("2.5in", "3.5in")) == (63.5, 88.9)
    uw, uh = PAPERS["universal"]
    assert all(uw <= w and uh <= h for w, h in (PAPERS["a4"], PAPERS["letter"]))
    with pytest.raises(TypeError):
        PAPERS["a3"] = (297, 420)  # type: ignore[index]
    with pytest.raises(ValueError, match="unknown paper 'a5'"):
        resolve_paper("a5")
    with pytest.raises(ValueError, match="positive"):
        resolve_card_size((0, 10))


def inside(inner: Box, outer: Box) -> bool:
    return (inner.x >= outer.x - EPS and inner.y >= outer.y - EPS
            and inner.right <= outer.right + EPS and inner.bottom <= outer.bottom + EPS)


def overlaps(a: Box, b: Box) -> bool:
    return a.x < b.right - EPS and b.x < a.right - EPS and a.y < b.bottom - EPS and b.y < a.bottom - EPS


def segment_box(seg: tuple[float, float, float, float]) -> Box:
    x1, y1, x2, y2 = seg
    return Box(min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1))


def seg_hits(seg: tuple[float, float, float, float], box: Box) -> bool:
    """Whether an axis-parallel segment touches the inside of ``box``."""
    s = segment_box(seg)
    return (s.x < box.right - EPS and box.x < s.right + EPS and s.y < box.bottom - EPS
            and box.y < s.bottom + EPS) if s.w == 0 else (
        s.y < box.bottom - EPS and box.y < s.bottom + EPS and s.x < box.right - EPS
        and box.x < s.right + EPS)


def check_layout(lay: SheetLayout) -> None:
    paper = Box(0, 0, lay.paper_w, lay.paper_h)
    printable = Box(lay.margin, lay.margin, lay.paper_w - 2 * lay.margin,
                    lay.paper_h - 2 * lay.margin)
    for s in lay.slots:
        assert inside(s.trim, printable), "every card prints entirely"
        assert inside(s.bleed, paper)
        assert inside(s.trim, s.visible) and inside(s.visible, s.bleed)
    for a in lay.slots:
        for b in lay.slots:
            if a.index < b.index:
                assert not overlaps(a.visible, b.visible), "no card paints over another"
                assert not overlaps(a.trim, b.trim)
    assert lay.crop_marks
    check_marks(lay, lay.slots, lay.crop_marks)
    # Centred: a long-edge flip puts the grid back on itself.
    grid = lay.grid_bleed
    assert grid.x == pytest.approx(lay.paper_w - grid.right)


def check_marks(lay: SheetLayout, slots: tuple[Slot, ...] | list[Slot],
                marks: tuple[tuple[float, float, float, float], ...]) -> None:
    """Every mark prints (>= EDGE_CLEAR from the edge), crosses no card, and every cut
    line of the cards in ``slots`` has at least one mark of useful length on it."""
    printable = Box(EDGE_CLEAR, EDGE_CLEAR, lay.paper_w - 2 * EDGE_CLEAR, lay.paper_h - 2 * EDGE_CLEAR)
    for seg in marks:
        assert inside(segment_box(seg), printable), f"mark {seg} within {EDGE_CLEAR} mm of the edge"
        assert not any(seg_hits(seg, s.visible) for s in slots), f"mark {seg} crosses a card"
        assert max(segment_box(seg).w, segment_box(seg).h) >= MIN_MARK_LENGTH - EPS
    down = {round(x1, 3) for x1, y1, x2, y2 in marks if x1 == x2}
    across = {round(y1, 3) for x1, y1, x2, y2 in marks if y1 == y2}
    for s in slots:
        assert {round(s.trim.x, 3), round(s.trim.right, 3)} <= down, f"unmarked cut of slot {s.index}"
        assert {round(s.trim.y, 3), round(s.trim.bottom, 3)} <= across, f"unmarked cut of slot {s.index}"


@pytest.mark.parametrize("paper", ["a4", "letter", "universal"])
@pytest.mark.parametrize("card", sorted(CARD_SIZES))
@pytest.mark.parametrize("gutter", ["none", "full", 2.0])
def test_every_crop_mark_prints_and_every_cut_is_marked(paper: str, card: str, gutter: str | float
                                                        ) -> None:
    g = 0.0 if gutter == "none" else full_bleed_gutter(3.0) if gutter == "full" else float(gutter)
    lay = layout_sheet(paper, *CARD_SIZES[card], bleed=3.0, gutter=g)
    check_layout(lay)
    for used in range(1, lay.capacity + 1):
        marks = sheet_crop_marks(lay, used)
        check_marks(lay, lay.slots[:used], marks)
        back = back_crop_marks(lay, 2.0, -2.0, used)
        printable = Box(EDGE_CLEAR, EDGE_CLEAR, lay.paper_w - 2 * EDGE_CLEAR,
                        lay.paper_h - 2 * EDGE_CLEAR)
        assert all(inside(segment_box(m), printable) for m in back)


def test_empty_slots_get_no_marks() -> None:
    lay = layout_sheet("a4", *CARD_SIZES["poker"], gutter=full_bleed_gutter(3.0))
    one = sheet_crop_marks(lay, 1)
    s = lay.slots[0]
    xs = {m[0] for m in one if m[0] == m[2]}
    ys = {m[1] for m in one if m[1] == m[3]}
    assert xs == {round(s.trim.x, 4), round(s.trim.right, 4)}
    assert ys == {round(s.trim.y, 4), round(s.trim.bottom, 4)}
    # Marks hug the one card: none reaches past the next slot's bleed.
    assert all(segment_box(m).right <= lay.slots[1].visible.right for m in one)


@pytest.mark.parametrize("paper, grid", [("a4", (3, 3, False)), ("letter", (2, 4, True)),
                                         ("universal", (2, 4, True))])
def test_poker_sheets(paper: str, grid: tuple[int, int, bool]) -> None:
    # Letter is 6.35 mm too short around three rows for marks 5 mm from the edge: turned
    # cards hold 8. On A4 the outer bleed at the sides gives way to the marks.
    lay = layout_sheet(paper, *CARD_SIZES["poker"], bleed=3)
    assert (lay.cols, lay.rows, lay.rotated) == grid
    check_layout(lay)
    assert lay.slots[0].trim.x - lay.slots[0].visible.x >= 1.5 - EPS


def test_universal_layout_fits_a4_and_letter() -> None:
    lay = layout_sheet("universal", *CARD_SIZES["poker"])
    for name in ("a4", "letter"):
        w, h = PAPERS[name]
        # The universal page placed centred (as viewers do) on the real paper.
        dx, dy = (w - lay.paper_w) / 2, (h - lay.paper_h) / 2
        for s in lay.slots:
            assert s.trim.x + dx >= lay.margin and s.trim.right + dx <= w - lay.margin
            assert s.trim.y + dy >= lay.margin and s.trim.bottom + dy <= h - lay.margin


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("card", sorted(CARD_SIZES))
@pytest.mark.parametrize("gutter", [0, 2, 8])
def test_every_standard_layout_is_sound(paper: str, card: str, gutter: float) -> None:
    check_layout(layout_sheet(paper, *CARD_SIZES[card], gutter=gutter))


def test_orientation() -> None:
    auto = layout_sheet("a4", *CARD_SIZES["mini"])
    assert auto.rotated and auto.capacity == 18
    portrait = layout_sheet("a4", *CARD_SIZES["mini"], orientation="portrait")
    assert not portrait.rotated and portrait.capacity == 16
    assert all(s.rotation == 90 for s in auto.slots)
    assert auto.slots[0].trim.w == CARD_SIZES["mini"][1]  # turned: the long side across
    assert not layout_sheet("a4", *CARD_SIZES["square"]).rotated  # a tie keeps cards upright
    with pytest.raises(ValueError, match="does not fit"):
        layout_sheet("a4", 250, 300)
    with pytest.raises(ValueError, match="orientation"):
        layout_sheet("a4", 63.5, 88.9, orientation="sideways")


def test_gutters_share_or_keep_the_bleed() -> None:
    shared = layout_sheet("a4", *CARD_SIZES["poker"], gutter=2)
    inner = next(s for s in shared.slots if s.col > 0 and s.row > 0)
    assert inner.visible.x == pytest.approx(inner.trim.x - 1)  # half the gutter
    assert inner.visible.y == pytest.approx(inner.trim.y - 1)
    corner = shared.slots[0]
    assert corner.visible.y == pytest.approx(corner.trim.y - 3)  # full bleed outside
    wide = layout_sheet("a4", *CARD_SIZES["poker"], gutter=full_bleed_gutter(3))
    inner = next(s for s in wide.slots if 0 < s.col < wide.cols - 1 or 0 < s.row < wide.rows - 1)
    assert inner.visible.w == inner.bleed.w or inner.visible.h == inner.bleed.h
    for s in wide.slots:  # every side facing a neighbour keeps the whole bleed
        assert (s.col == 0 or s.visible.x == s.bleed.x) and (s.row == 0 or s.visible.y == s.bleed.y)


def visible_grid(lay: SheetLayout) -> Box:
    x0 = min(s.visible.x for s in lay.slots)
    y0 = min(s.visible.y for s in lay.slots)
    return Box(x0, y0, max(s.visible.right for s in lay.slots) - x0,
               max(s.visible.bottom for s in lay.slots) - y0)


@pytest.mark.parametrize("gutter", [0, 2, 6])  # shared bleed, or bleed boxes touching
def test_crop_marks_outside_only_when_bleeds_touch(gutter: float) -> None:
    lay = layout_sheet("a4", *CARD_SIZES["tarot"], gutter=gutter, orientation="portrait")
    grid = visible_grid(lay)
    for seg in lay.crop_marks:
        s = segment_box(seg)
        assert s.right <= grid.x + EPS or s.x >= grid.right - EPS or \
            s.bottom <= grid.y + EPS or s.y >= grid.bottom - EPS
    # One mark at each end of each cut line: with gutter 0 two cards share a cut.
    cuts_x = lay.cols + 1 if gutter == 0 else 2 * lay.cols
    cuts_y = lay.rows + 1 if gutter == 0 else 2 * lay.rows
    assert len(lay.crop_marks) == 2 * (cuts_x + cuts_y)


def test_crop_marks_also_in_wide_gutters() -> None:
    lay = layout_sheet("a4", *CARD_SIZES["poker"], gutter=full_bleed_gutter(3),
                       orientation="portrait")
    grid = visible_grid(lay)
    inner = [m for m in lay.crop_marks if inside(segment_box(m), grid)]
    assert inner
    # Each cut line is drawn across the whole strip between two bleed boxes.
    for m in inner:
        assert max(segment_box(m).w, segment_box(m).h) == pytest.approx(lay.gutter - 2 * lay.bleed - 1)


def test_back_positions_mirror_columns() -> None:
    lay = layout_sheet("a4", *CARD_SIZES["poker"])
    backs = back_positions(lay)
    for front, back in zip(lay.slots, backs):
        assert back.index == front.index and back.row == front.row
        assert back.col == lay.cols - 1 - front.col
        assert back.trim.x == pytest.approx(lay.paper_w - front.trim.right)
        assert back.trim.y == pytest.approx(front.trim.y)
    # The back of card 0 (top-left on the front) is top-right on the back page.
    assert backs[0].trim == lay.slots[2].trim
    shifted = back_positions(lay, 1.5, -0.5)
    assert shifted[0].trim.x == pytest.approx(backs[0].trim.x + 1.5)
    assert shifted[0].trim.y == pytest.approx(backs[0].trim.y - 0.5)
    marks = back_crop_marks(lay, 1.5, -0.5)
    downs = sorted(m[0] for m in marks if m[0] == m[2])
    assert downs == pytest.approx(sorted(lay.paper_w - m[0] + 1.5 for m in lay.crop_marks
                                         if m[0] == m[2]))


def test_turned_backs_turn_the_other_way() -> None:
    lay = layout_sheet("a4", *CARD_SIZES["mini"])
    assert {s.rotation for s in back_positions(lay)} == {-90}
