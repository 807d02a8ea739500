"""Card sheets, duplex order and the print check page (scene level)."""
from __future__ import annotations

import pytest
from render_samples import card_back, card_front

from generator.render import (
    CARD_SIZES,
    Group,
    Line,
    Rect,
    Scene,
    Style,
    Text,
    calibration_page,
    card_sheet_pages,
    interleave_duplex,
    layout_sheet,
)
from generator.render.geometry import (
    EDGE_CLEAR,
    back_positions,
    full_bleed_gutter,
    sheet_crop_marks,
)
from generator.render.scene import Element
from generator.render.sheets import can_butt, edge_colours


def walk(elements: tuple[Element, ...]):  # type: ignore[no-untyped-def]
    for el in elements:
        yield el
        if isinstance(el, Group):
            yield from walk(el.children)


def card_groups(page: Scene) -> list[Group]:
    return [g for g in page.children if isinstance(g, Group) and g.clip is not None]


def mark_lines(page: Scene) -> list[Line]:
    return [ln for g in page.children if isinstance(g, Group) and (g.id or "").endswith("-marks")
            for ln in g.children if isinstance(ln, Line)]


def all_text(page: Scene) -> str:
    return " ".join(t.text for t in walk(page.children) if isinstance(t, Text))


LAYOUT = layout_sheet("a4", *CARD_SIZES["poker"])


def test_pages_hold_a_sheet_of_cards_each() -> None:
    # 26 cards: 3 sheets of 9; the grid that keeps the whole bleed (8) would need 4.
    fronts = [card_front(i) for i in range(26)]
    f, b = card_sheet_pages(fronts, [card_back(i) for i in range(26)], LAYOUT, label="Deck")
    assert (len(f), len(b)) == (3, 3)
    assert [len(card_groups(p)) for p in f] == [9, 9, 8]
    assert [len(card_groups(p)) for p in b] == [9, 9, 8]
    assert all((p.width, p.height) == (210, 297) for p in f + b)
    assert [p.id for p in interleave_duplex(f, b)] == [
        "sheet-1-front", "sheet-1-back", "sheet-2-front", "sheet-2-back", "sheet-3-front",
        "sheet-3-back"]
    assert "Deck · sheet 2/3 · fronts" in all_text(f[1])
    assert "10 mm" in all_text(f[0])


def test_cards_are_placed_on_their_slots_and_clipped() -> None:
    f, b = card_sheet_pages([card_front(i) for i in range(9)], card_back(), LAYOUT)
    for group, slot in zip(card_groups(f[0]), LAYOUT.slots):
        inner = group.children[0]
        assert isinstance(inner, Group)
        assert inner.translate == (slot.bleed.x, slot.bleed.y) and inner.rotate == 0
        assert group.clip == Rect(slot.visible.x, slot.visible.y, slot.visible.w, slot.visible.h)
    for group, slot in zip(card_groups(b[0]), back_positions(LAYOUT)):
        assert group.children[0].translate == (slot.bleed.x, slot.bleed.y)  # type: ignore[union-attr]


def test_turned_cards() -> None:
    lay = layout_sheet("a4", *CARD_SIZES["mini"])
    size = CARD_SIZES["mini"]
    # 17 cards: one sheet of 18 (the full-bleed grid of 16 would need two).
    f, b = card_sheet_pages([card_front(i, size) for i in range(17)], card_back(None, size), lay)
    front = card_groups(f[0])[0].children[0]
    back = card_groups(b[0])[0].children[0]
    assert isinstance(front, Group) and isinstance(back, Group)
    s, bs = lay.slots[0], back_positions(lay)[0]
    assert front.rotate == 90 and front.translate == (s.bleed.right, s.bleed.y)
    assert back.rotate == -90 and back.translate == (bs.bleed.x, bs.bleed.bottom)


def test_crop_marks_only_when_asked() -> None:
    fronts = [card_front(0)]
    with_marks, back_marks = card_sheet_pages(fronts, card_back(), LAYOUT)
    # One card: only its own cut lines are marked (8 marks), not the empty slots' ones.
    assert len(mark_lines(with_marks[0])) == len(sheet_crop_marks(LAYOUT, 1)) == 8
    assert len(mark_lines(back_marks[0])) == 8
    full, _ = card_sheet_pages([card_front(0)] * 9, None, LAYOUT)
    assert len(mark_lines(full[0])) == len(LAYOUT.crop_marks) == 16
    without, back_without = card_sheet_pages(fronts, card_back(), LAYOUT, crop_marks=False)
    assert mark_lines(without[0]) == [] and mark_lines(back_without[0]) == []


def plain_card(colour: str, band: str | None = None) -> Scene:
    w, h = CARD_SIZES["poker"][0] + 6, CARD_SIZES["poker"][1] + 6
    children: list[Element] = [Rect(0, 0, w, h, Style(fill=colour))]
    if band:  # a header band reaching into the top bleed
        children.append(Rect(0, 0, w, 14, Style(fill=band)))
    children.append(Rect(8, 8, w - 16, h - 16, Style(fill="#ffffff")))  # inside the trim
    return Scene(w, h, tuple(children), id=f"card-{colour}")


def test_edge_colours_see_only_the_bleed() -> None:
    assert edge_colours(plain_card("#112233"), 3.0) == {"#112233"}
    assert edge_colours(plain_card("#112233", "#aa0000"), 3.0) == {"#112233", "#aa0000"}
    assert edge_colours(Scene(69.5, 94.9, id="blank"), 3.0) == {"#ffffff"}
    assert can_butt([plain_card("#112233")] * 3, 3.0)
    assert not can_butt([plain_card("#112233"), plain_card("#332211")], 3.0)


def test_gutter_on_every_sheet_when_neighbours_differ_on_one() -> None:
    wide = layout_sheet("a4", *CARD_SIZES["poker"], gutter=full_bleed_gutter(3.0))
    same = [plain_card("#112233")] * 9
    mixed = [plain_card("#112233"), plain_card("#aa0000")] * 4
    fronts = same + mixed
    f, b = card_sheet_pages(fronts, plain_card("#000080"), LAYOUT, gutter_layout=wide)
    # The mixed cards need full bleed and a gutter, so the whole deck takes that layout:
    # one layout per deck, every sheet cut the same way.
    assert [len(card_groups(p)) for p in f] == [wide.capacity, wide.capacity, 1]
    for page in f:
        for group, slot in zip(card_groups(page), wide.slots):
            assert group.clip == Rect(slot.bleed.x, slot.bleed.y, slot.bleed.w, slot.bleed.h) or \
                slot.row in (0, wide.rows - 1) or slot.col in (0, wide.cols - 1)
    alone, _ = card_sheet_pages(same, plain_card("#000080"), LAYOUT, gutter_layout=wide)
    assert [len(card_groups(p)) for p in alone] == [9]
    for page in f + b:
        for ln in mark_lines(page):
            assert min(ln.x1, ln.x2, ln.y1, ln.y2) >= EDGE_CLEAR - 1e-6
            assert max(ln.x1, ln.x2) <= page.width - EDGE_CLEAR + 1e-6
            assert max(ln.y1, ln.y2) <= page.height - EDGE_CLEAR + 1e-6
    # Backs that differ at the cut (two back designs) also ask for the gutter.
    f2, _ = card_sheet_pages(same, [plain_card("#000080"), plain_card("#804000")] * 4
                             + [plain_card("#000080")], LAYOUT, gutter_layout=wide)
    assert len(card_groups(f2[0])) == wide.capacity


def test_backs_are_optional_and_checked() -> None:
    f, b = card_sheet_pages([card_front(0)], None, LAYOUT)
    assert len(f) == 1 and b == ()
    with pytest.raises(ValueError, match="2 fronts but 1 backs"):
        card_sheet_pages([card_front(0), card_front(1)], [card_back(0)], LAYOUT)
    with pytest.raises(ValueError, match=r"expected 69.5 x 94.9 mm \(card plus 3 mm bleed"):
        card_sheet_pages([Scene(63.5, 88.9, id="no-bleed")], None, LAYOUT)
    with pytest.raises(ValueError, match="as many back pages"):
        interleave_duplex(f, ())


def test_calibration_page() -> None:
    front, back = calibration_page("letter", back_offset=(1.0, -0.5))
    assert (front.width, front.height) == (215.9, 279.4)
    squares = [r for r in walk(front.children) if isinstance(r, Rect) and r.w == 50 and r.h == 50]
    assert len(squares) == 1
    assert "50 mm" in all_text(front) and "100 %" in all_text(front)

    def centre(page: Scene) -> tuple[float, float]:
        # The cross: the horizontal and vertical arms meet at its centre.
        lines = [ln for ln in page.children if isinstance(ln, Line)]
        h = next(ln for ln in lines if ln.y1 == ln.y2 and ln.x2 - ln.x1 >= 10)
        v = next(ln for ln in lines if ln.x1 == ln.x2 and ln.y2 - ln.y1 >= 10)
        return (v.x1, h.y1)

    fx, fy = centre(front)
    bx, by = centre(back)
    assert bx == pytest.approx(front.width - fx + 1.0) and by == pytest.approx(fy - 0.5)
