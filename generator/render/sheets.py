"""Card sheets: card scenes placed on paper, with crop marks, and duplex backs.

Each card scene is the card size plus the bleed on every side (the card
renderer draws into the bleed); this module only places scenes, using a
:class:`~.geometry.SheetLayout`.

>>> from .geometry import CARD_SIZES, layout_sheet
>>> from .scene import Scene
>>> lay = layout_sheet("a4", *CARD_SIZES["poker"])
>>> card = Scene(69.5, 94.9, id="c")
>>> fronts, backs = card_sheet_pages([card] * 10, card, lay, label="demo")
>>> (len(fronts), len(backs), [p.id for p in interleave_duplex(fronts, backs)][:2])
(2, 2, ['sheet-1-front', 'sheet-1-back'])
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from . import fonts, labels
from .geometry import (
    EDGE_CLEAR,
    MARK_GAP,
    Box,
    Segment,
    SheetLayout,
    Slot,
    back_crop_marks,
    back_positions,
    full_bleed_gutter,
    full_bleed_layout,
    layout_sheet,
    layout_shortfalls,
    parse_length,
    resolve_paper,
    sheet_crop_marks,
)
from .scene import (
    MM_PER_PT,
    Circle,
    Element,
    Group,
    Line,
    painted_box,
    Rect,
    Scene,
    Style,
    Text,
)

MARK_STYLE = Style(stroke="#000000", stroke_width=0.15)
NOTE_SIZE = 6.0
"""Size (pt) of the label printed in a sheet's margin."""
_NOTE_MIN_SIZE = 6.0  # shorten rather than print below 6 pt
_NOTE_FILL = "#444444"
_THIN = Style(stroke="#000000", stroke_width=0.12)
_BAR = Style(stroke="#000000", stroke_width=0.2)


def _check_size(scene: Scene, layout: SheetLayout, what: str) -> None:
    want_w = layout.card_w + 2 * layout.bleed
    want_h = layout.card_h + 2 * layout.bleed
    if abs(scene.width - want_w) > 0.01 or abs(scene.height - want_h) > 0.01:
        raise ValueError(
            f"{what} ({scene.id!r}) is {scene.width:g} x {scene.height:g} mm; expected "
            f"{want_w:g} x {want_h:g} mm (card plus {layout.bleed:g} mm bleed on every side)")


def _place(scene: Scene, slot: Slot) -> Group:
    """The card scene moved (and turned) onto its slot, clipped to its visible part."""
    b = slot.bleed
    if slot.rotation == 90:
        origin = (b.x + b.w, b.y)
    elif slot.rotation == -90:
        origin = (b.x, b.y + b.h)
    else:
        origin = (b.x, b.y)
    v = slot.visible
    inner = Group(scene.children, translate=origin, rotate=slot.rotation, id=scene.id)
    return Group((inner,), clip=Rect(v.x, v.y, v.w, v.h))


def _fit_note(text: str, room: float) -> tuple[str, float]:
    """Shrink, then shorten, a margin note until it fits ``room`` mm."""
    size = NOTE_SIZE
    while size > _NOTE_MIN_SIZE and fonts.measure(text, size_pt=size) > room:
        size -= 0.5
    while text and fonts.measure(text, size_pt=size) > room:
        text = text[:-2] + "…" if len(text) > 1 else ""
    return text, size


def _scale_bar(u: float) -> tuple[Element, ...]:
    """A 10 mm bar starting at ``u`` on a text baseline frame (bar above the baseline)."""
    v = -0.8
    parts: list[Element] = [Line(u, v, u + 10, v, _BAR)]
    parts += [Line(u + t, v - (1.0 if t == 5 else 1.4), u + t, v, _BAR) for t in (0, 5, 10)]
    parts.append(Text(u + 11, 0, "10 mm", size=NOTE_SIZE, fill=_NOTE_FILL))
    return tuple(parts)


_BAR_LEN = 11 + 10.0  # bar, gap and its "10 mm" label, roughly


def _margin_notes(layout: SheetLayout, slots: Sequence[Slot], note: str, back: bool) -> tuple[Element, ...]:
    """Label and 10 mm scale bar in the widest margin band, between crop marks."""
    x0, y0 = min(s.visible.x for s in slots), min(s.visible.y for s in slots)
    grid = Box(x0, y0, max(s.visible.right for s in slots) - x0,
               max(s.visible.bottom for s in slots) - y0)
    em = NOTE_SIZE * MM_PER_PT
    # Like the crop marks, the notes keep out of the printer's unprintable border.
    need = MARK_GAP + 0.5 + em * 1.1 + EDGE_CLEAR
    bottom_room = layout.paper_h - grid.bottom
    side_room = grid.x if not back else layout.paper_w - grid.right
    if max(bottom_room, side_room) < need:
        return ()
    if bottom_room >= need:
        # Along the bottom edge, reading left to right; spans between column cut lines.
        spans = sorted({(s.trim.x, s.trim.right) for s in slots})
        baseline = grid.bottom + MARK_GAP + 0.5 + fonts.ASCENT * em
        origin, turn = (0.0, baseline), 0.0
        spans_u = spans
    else:
        # Along a side, reading upwards; u is the distance from the paper's bottom edge.
        spans = sorted({(s.trim.y, s.trim.bottom) for s in slots})
        if back:
            x = grid.right + MARK_GAP + 0.5 + fonts.ASCENT * em
        else:
            x = grid.x - MARK_GAP - 0.5 - (1 - fonts.ASCENT) * em
        origin, turn = (x, layout.paper_h), -90.0
        spans_u = sorted((layout.paper_h - b, layout.paper_h - a) for a, b in spans)
    first, last = spans_u[0], spans_u[-1]
    label_room = first[1] - first[0] - 2
    if first == last:
        label_room -= _BAR_LEN + 2
    bar_at = last[1] - 1 - _BAR_LEN
    children: list[Element] = list(_scale_bar(bar_at)) if label_room > 0 or first != last else []
    text, size = _fit_note(note, max(label_room, 0.0))
    if text:
        children.append(Text(first[0] + 1, 0, text, size=size, fill=_NOTE_FILL))
    return (Group(tuple(children), translate=origin, rotate=turn),) if children else ()


@dataclass(frozen=True, slots=True)
class Stamp:
    """``print.stamp``: a small version and card id printed beside each card front on the
    sheets, outside the trim. ``version`` is what it prints ("" = off); ``decks`` the
    deck ids it is on for (None: every deck).

    >>> Stamp("1.2.0", ("gods",)).text("gods"), Stamp("1.2.0", ("gods",)).text("blessings")
    ('1.2.0', '')
    """

    version: str = ""
    decks: tuple[str, ...] | None = None

    def text(self, deck: str) -> str:
        """The stamp of ``deck``'s cards ("" when it is off for that deck)."""
        return self.version if self.version and (self.decks is None or deck in self.decks) else ""


STAMP_SIZE = 6.0
"""Size (pt) of a card's stamp: the smallest text riddlesmith prints."""
STAMP_INSET = 1.0
"""Millimetres between a card's trim line (and its crop mark) and its stamp."""


def stamp_setting(print_cfg: Mapping[str, Any], version: str | None) -> Stamp:
    """The pack's ``print.stamp`` (``true``, ``false`` or a list of deck ids) with the
    version it prints (``unversioned`` when there is none).

    >>> stamp_setting({}, "1.0"), stamp_setting({"stamp": ["gods"]}, None)
    (Stamp(version='', decks=None), Stamp(version='unversioned', decks=('gods',)))
    """
    value = print_cfg.get("stamp", False)
    if value is True:
        return Stamp(version or "unversioned")
    if isinstance(value, list) and value:
        return Stamp(version or "unversioned", tuple(str(v) for v in value))
    return Stamp()


def _stamps(scenes: Sequence[Scene], slots: Sequence[Slot], stamp: str) -> tuple[Element, ...]:
    """Each card's stamp under its visible part (the slug, between the cards), or in the
    bleed under the trim when the slug is too narrow; none when neither has room (cards
    butted with no bleed showing)."""
    em = STAMP_SIZE * MM_PER_PT
    out: list[Element] = []
    for scene, slot in zip(scenes, slots):
        if _room_below(slot, slots, em):
            below = slot.visible.bottom + 0.4 + fonts.ASCENT * em
        elif slot.visible.bottom - slot.trim.bottom >= em + 0.4:
            below = slot.trim.bottom + 0.2 + fonts.ASCENT * em
        else:
            continue
        # Clear of the crop marks, which run down from the trim's corners.
        out.extend(stamp_line(stamp, scene.id, slot.trim.x, below, slot.trim.w))
    return tuple(out)


def stamp_line(stamp: str, card: str, x: float, baseline: float, width: float
               ) -> tuple[Element, ...]:
    """The stamp ``version · card id`` at ``x`` (plus the inset) on ``baseline``, cut with
    an ellipsis to ``width`` less the insets (nothing when not even that fits).

    >>> [e.text for e in stamp_line("1.0", "card-a", 0, 5, 60)]
    ['1.0 · card-a']
    """
    text, size = f"{stamp} · {card}", STAMP_SIZE
    while text and fonts.measure(text, size_pt=size) > width - 2 * STAMP_INSET:
        text = text[:-2] + "…" if len(text) > 1 else ""
    return (Text(x + STAMP_INSET, baseline, text, size=size, fill=_NOTE_FILL),) if text else ()


def _room_below(slot: Slot, slots: Sequence[Slot], em: float) -> bool:
    """Whether a line of ``em`` fits under the slot's visible part before the next card's."""
    below = [s.visible.y for s in slots if s.visible.y >= slot.visible.bottom - 1e-6
             and s.visible.x < slot.visible.right and s.visible.right > slot.visible.x]
    limit = min(below) if below else slot.visible.bottom + em + 1.0
    return limit - slot.visible.bottom >= em + 0.6


def _sheet(scenes: Sequence[Scene], slots: Sequence[Slot], layout: SheetLayout, marks: bool,
           mark_lines: Sequence[Segment], note: str, back: bool,
           page_id: str, stamp: str = "") -> Scene:
    children: list[Element] = [_place(sc, sl) for sc, sl in zip(scenes, slots)]
    if marks:
        children.append(Group(tuple(Line(*m, MARK_STYLE) for m in mark_lines), id=f"{page_id}-marks"))
    if stamp:
        children.extend(_stamps(scenes, slots, stamp))
    children.extend(_margin_notes(layout, slots, note, back))
    return Scene(layout.paper_w, layout.paper_h, tuple(children), id=page_id)


def edge_colours(scene: Scene, bleed: float) -> frozenset[str]:
    """The fill colours painted in a card scene's bleed (outside its trim box).

    A miscut shows these colours on the neighbouring card: two cards may share a
    cut only when both show one and the same colour there. A scene that paints
    nothing in its bleed counts as white paper.

    >>> from .scene import Rect, Scene, Style
    >>> card = Scene(10, 10, (Rect(0, 0, 10, 10, Style(fill="#112233")),
    ...                       Rect(3, 3, 4, 4, Style(fill="#ffffff"))))
    >>> sorted(edge_colours(card, 1.0))
    ['#112233']
    """
    found: set[str] = set()
    trim = (bleed, bleed, scene.width - bleed, scene.height - bleed)

    def visit(elements: Sequence[Element], dx: float, dy: float, exact: bool) -> None:
        for el in elements:
            if isinstance(el, Group):
                plain = el.rotate == 0 and el.scale == 1
                visit(el.children, dx + el.translate[0], dy + el.translate[1], exact and plain)
                continue
            box = painted_box(el)
            fill = getattr(getattr(el, "style", None), "fill", None)
            if box is None or fill is None:
                continue
            x0, y0, x1, y1 = box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy
            outside = x0 < trim[0] or y0 < trim[1] or x1 > trim[2] or y1 > trim[3]
            # Turned or scaled groups are not measured: count their fills to be safe.
            if outside or not exact:
                found.add(fill.lower())

    visit(scene.children, 0.0, 0.0, True)
    return frozenset(found) or frozenset({"#ffffff"})


def can_butt(cards: Sequence[Scene], bleed: float) -> bool:
    """Whether these cards may share cuts: every one shows the same single colour at its cut."""
    colours: set[str] = set()
    for sc in cards:
        colours |= edge_colours(sc, bleed)
        if len(colours) > 1:
            return False
    return True


def _butts(fronts: Sequence[Scene], backs: Sequence[Scene] | None, layout: SheetLayout) -> bool:
    """Whether the cards on every sheet of ``layout`` may share cuts, fronts and backs."""
    n = len(fronts)
    for start in range(0, n, layout.capacity):
        end = min(n, start + layout.capacity)
        if not (can_butt(fronts[start:end], layout.bleed)
                and (backs is None or can_butt(backs[start:end], layout.bleed))):
            return False
    return True


def deck_layout(fronts: Sequence[Scene], backs: Sequence[Scene] | None, layout: SheetLayout,
                gutter_layout: SheetLayout | None, every: bool = False) -> SheetLayout:
    """The one layout of a deck's sheets: the gutter layout when the neighbours on any
    sheet of ``layout`` differ at the cut (``every``: always), else ``layout``; then,
    when that layout gives up part of the bleed and the grid that keeps all of it
    (:func:`~.geometry.full_bleed_layout`) prints the deck on as few sheets, that grid."""
    if gutter_layout is None:
        lay = layout
    elif every or not _butts(fronts, backs, layout):
        lay = gutter_layout
    else:
        lay = layout
    if not fronts or not layout_shortfalls(lay):
        return lay
    full = full_bleed_layout(lay)
    sheets = -(-len(fronts) // lay.capacity)
    if full is None or -(-len(fronts) // full.capacity) > sheets:
        return lay
    # Butting was allowed sheet by sheet: the new grid's sheets must allow it too.
    if lay is layout and gutter_layout is not None and not _butts(fronts, backs, full):
        return lay
    return full


def _paginate(fronts: Sequence[Scene], backs: Sequence[Scene] | None, layout: SheetLayout,
              gutter_layout: SheetLayout | None, every: bool = False
              ) -> list[tuple[SheetLayout, int, int]]:
    """(layout, first, end) of each sheet, all in the deck's one layout (:func:`deck_layout`),
    so that every sheet of a deck is cut the same way."""
    lay = deck_layout(fronts, backs, layout, gutter_layout, every)
    n = len(fronts)
    return [(lay, start, min(n, start + lay.capacity)) for start in range(0, n, lay.capacity)]


def card_sheet_pages(fronts: Sequence[Scene], backs: Sequence[Scene] | Scene | None,
                     layout: SheetLayout, crop_marks: bool = True,
                     back_offset: tuple[float, float] = (0.0, 0.0),
                     label: str = "", *, gutter_layout: SheetLayout | None = None,
                     lang: str | None = None, stamp: str = ""
                     ) -> tuple[tuple[Scene, ...], tuple[Scene, ...]]:
    """Place cards on sheets: (front pages, back pages).

    ``backs`` is one scene per front, a single scene used for every card, or
    None (no back pages). Back pages are for long-edge duplex, shifted by
    ``back_offset`` (x, y mm as seen on the back). Each page carries ``label``
    with its sheet number and a 10 mm scale bar in the margin when there is
    room. With a ``gutter_layout`` (same card size and bleed, a gutter that
    keeps each card's whole bleed), the deck takes it on every sheet when the
    cards of any sheet of ``layout`` differ in colour at the cut: one layout per
    deck, cut the same way. Empty slots get no crop
    marks. The sheet labels are in ``lang`` (see :mod:`.labels`). A ``stamp`` (a
    version, see :class:`Stamp`) is printed with each front's id outside its trim; it
    needs room between the cards, so every sheet then takes the gutter layout. Raises
    ValueError when a scene is not card + bleed sized.
    """
    fronts = list(fronts)
    if isinstance(backs, Scene):
        back_list: list[Scene] | None = [backs] * len(fronts)
    elif backs is None:
        back_list = None
    else:
        back_list = list(backs)
        if len(back_list) != len(fronts):
            raise ValueError(f"{len(fronts)} fronts but {len(back_list)} backs; give one back "
                             "per front or a single back for all")
    for n, sc in enumerate(fronts):
        _check_size(sc, layout, f"front {n + 1}")
    for n, sc in enumerate(back_list or ()):
        _check_size(sc, layout, f"back {n + 1}")
    if gutter_layout is not None and (gutter_layout.card_w, gutter_layout.card_h,
                                      gutter_layout.bleed) != (layout.card_w, layout.card_h,
                                                               layout.bleed):
        raise ValueError("the gutter layout must be for the same card size and bleed")

    plan = _paginate(fronts, back_list, layout, gutter_layout, every=bool(stamp))
    prefix = f"{label} · " if label else ""
    front_pages: list[Scene] = []
    back_pages: list[Scene] = []
    for s, (lay, start, end) in enumerate(plan):
        used = end - start
        number = prefix + labels.label("sheet-of", lang, n=s + 1, total=len(plan))
        front_pages.append(_sheet(fronts[start:end], lay.slots, lay, crop_marks,
                                  sheet_crop_marks(lay, used),
                                  f"{number} · {labels.label('sheet-fronts', lang)}",
                                  False, f"sheet-{s + 1}-front", stamp))
        if back_list is not None:
            back_pages.append(_sheet(back_list[start:end], back_positions(lay, *back_offset), lay,
                                     crop_marks, back_crop_marks(lay, *back_offset, used=used),
                                     f"{number} · {labels.label('sheet-backs', lang)}", True,
                                     f"sheet-{s + 1}-back"))
    return tuple(front_pages), tuple(back_pages)


GUTTER_MODES = ("auto", "full", "none")
"""``auto``: a full-bleed gutter only on sheets whose cards differ in colour at the cut;
``full``: on every sheet; ``none``: cards butted (one cut between neighbours)."""


def gutter_setting(command_line: str | None, pack_value: object) -> str | float:
    """The gutter asked for: the command line's mode, else the pack's ``print.gutter``
    (a mode or a length), else ``auto``.

    >>> (gutter_setting(None, None), gutter_setting("full", "2mm"), gutter_setting(None, "2mm"))
    ('auto', 'full', 2.0)
    """
    value = command_line if command_line is not None else pack_value
    if value is None:
        return "auto"
    if isinstance(value, str) and value.strip().lower() in GUTTER_MODES:
        return value.strip().lower()
    return parse_length(value)  # type: ignore[arg-type]


def back_offset_setting(command_line: tuple[float, float] | None, print_cfg: Mapping[str, Any]
                        ) -> tuple[float, float]:
    """The duplex shift (x, y mm): the command line's, else the pack's ``print.back_offset``.

    >>> back_offset_setting(None, {"back_offset": {"x": "0.5mm"}})
    (0.5, 0.0)
    """
    if command_line is not None:
        return command_line
    offset = print_cfg.get("back_offset", {})
    return (parse_length(offset.get("x", 0)), parse_length(offset.get("y", 0)))


def sheet_layouts(paper: str | Sequence[str | float], card_w: float, card_h: float,
                  bleed: float = 3.0, gutter: str | float = "auto"
                  ) -> tuple[SheetLayout, SheetLayout | None]:
    """The layout for a deck's sheets and, for ``auto``, the full-bleed layout for sheets
    whose neighbours differ at the cut (pass both to :func:`card_sheet_pages`).

    >>> plain, wide = sheet_layouts("a4", 63.5, 88.9)
    >>> (plain.gutter, wide is not None and wide.gutter > 2 * wide.bleed)
    (0.0, True)
    """
    if gutter == "auto":
        full = full_bleed_gutter(bleed)
        return (layout_sheet(paper, card_w, card_h, bleed=bleed, gutter=0.0),
                layout_sheet(paper, card_w, card_h, bleed=bleed, gutter=full))
    if gutter == "full":
        return layout_sheet(paper, card_w, card_h, bleed=bleed, gutter=full_bleed_gutter(bleed)), None
    if gutter == "none":
        return layout_sheet(paper, card_w, card_h, bleed=bleed, gutter=0.0), None
    return layout_sheet(paper, card_w, card_h, bleed=bleed, gutter=float(gutter)), None


def interleave_duplex(fronts: Sequence[Scene], backs: Sequence[Scene]) -> tuple[Scene, ...]:
    """Order pages F1 B1 F2 B2 ... for a duplex printer.

    >>> from .scene import Scene
    >>> [p.id for p in interleave_duplex([Scene(1, 1, id="F1")], [Scene(1, 1, id="B1")])]
    ['F1', 'B1']
    """
    if len(fronts) != len(backs):
        raise ValueError(f"duplex needs as many back pages as front pages ({len(fronts)} vs {len(backs)})")
    return tuple(p for pair in zip(fronts, backs) for p in pair)


def _ruler(x: float, y: float, length: int, horizontal: bool) -> list[Element]:
    """Millimetre ticks growing away from a square's edge (up or left), numbered every 10."""
    out: list[Element] = []
    for mm in range(length + 1):
        tick = 3.0 if mm % 10 == 0 else 2.0 if mm % 5 == 0 else 1.2
        if horizontal:
            out.append(Line(x + mm, y, x + mm, y - tick, _THIN))
            if mm % 10 == 0:
                out.append(Text(x + mm, y - 4, str(mm), size=6, anchor="middle"))
        else:
            out.append(Line(x, y + mm, x - tick, y + mm, _THIN))
            if mm % 10 == 0:
                out.append(Text(x - 4, y + mm + 0.8, str(mm), size=6, anchor="end"))
    return out


def _cross(cx: float, cy: float, arm: float) -> list[Element]:
    style = Style(stroke="#000000", stroke_width=0.25)
    return [Line(cx - arm, cy, cx + arm, cy, style), Line(cx, cy - arm, cx, cy + arm, style),
            Circle(cx, cy, 2.0, style)]


def _offset_scales(cx: float, cy: float, at: float = 12.0, reach: int = 8,
                   lang: str | None = None) -> list[Element]:
    """Millimetre scales beside a cross, numbered every 4 mm, to read a duplex offset.

    The scale below the cross reads x (where the front's vertical arm shows
    through), the one to its right reads y.
    """
    out: list[Element] = [Line(cx - reach, cy + at, cx + reach, cy + at, _THIN),
                          Line(cx + at, cy - reach, cx + at, cy + reach, _THIN)]
    for d in range(-reach, reach + 1):
        tick = 2.4 if d % 4 == 0 else 1.6 if d % 2 == 0 else 1.0
        out.append(Line(cx + d, cy + at, cx + d, cy + at + tick, _THIN))
        out.append(Line(cx + at, cy + d, cx + at + tick, cy + d, _THIN))
        if d % 4 == 0:
            label = f"{d:+d}" if d else "0"
            out.append(Text(cx + d, cy + at + 5, label, size=6, anchor="middle"))
            out.append(Text(cx + at + 3.2, cy + d + 0.75, label, size=6))
    out.append(Text(cx, cy + at + 8.5, labels.label("check-offset-x", lang), size=6,
                    anchor="middle"))
    out.append(Group((Text(0, 0, labels.label("check-offset-y", lang), size=6, anchor="middle"),),
                     translate=(cx + at + 9.5, cy), rotate=90))
    return out


VERNIER_STEP = 0.9
"""Spacing (mm) of the front's vernier lines: ten of them span nine back millimetres, so
the line that meets a back mark gives the tenths."""
VERNIER_LINES = 11
VERNIER_FRONT = Style(stroke="#000000", stroke_width=0.3)
"""The front's vernier lines (thick: they are seen through the paper)."""
VERNIER_MAIN = Style(stroke="#000000", stroke_width=0.18)
"""The back's millimetre marks that the vernier is read against."""
VERNIER_SPAN = (-10, 20)
"""The back's marks run from -10 to +20 mm: a reading of -10 to +10 mm with room for the
nine millimetres the vernier lines take beyond its zero."""
VERNIER_X_DROP = 45.0
"""How far (mm) below the cross the x vernier sits."""
VERNIER_Y_SHIFT = 35.0
"""How far (mm) right of the back's cross (left of the front's) the y vernier sits."""


def _vernier_main(x0: float, y0: float, horizontal: bool) -> list[Element]:
    """The back's millimetre marks of a vernier, zero at (x0, y0), numbered every 5 mm;
    marks grow down (x scale) or right (y scale) from the line through the zero."""
    out: list[Element] = []
    lo, hi = VERNIER_SPAN
    for d in range(lo, hi + 1):
        tick = 6.0 if d % 5 == 0 else 4.0
        if horizontal:
            out.append(Line(x0 + d, y0, x0 + d, y0 + tick, VERNIER_MAIN))
            if d % 5 == 0:
                out.append(Text(x0 + d, y0 + 8.5, f"{d:+d}" if d else "0", size=6, anchor="middle"))
        else:
            out.append(Line(x0, y0 + d, x0 + tick, y0 + d, VERNIER_MAIN))
            if d % 5 == 0:
                out.append(Text(x0 + 7.0, y0 + d + 0.75, f"{d:+d}" if d else "0", size=6))
    return out


def _vernier_front(x0: float, y0: float, horizontal: bool, mirrored: bool) -> list[Element]:
    """The front's vernier: eleven thick lines 0.9 mm apart from its zero at (x0, y0),
    running the way the back's scale reads (to the left on the front when the page is
    mirrored by the flip). The zero line is longest, the fifth longer than the rest.
    The lines cover the back's marks (seen through the paper) with room for 3 mm of
    offset across them."""
    out: list[Element] = []
    sign = -1.0 if mirrored else 1.0
    for j in range(VERNIER_LINES):
        reach = 6.0 if j == 0 else 4.5 if j % 5 == 0 else 3.0
        along = sign * VERNIER_STEP * j
        if horizontal:
            out.append(Line(x0 + along, y0 - reach, x0 + along, y0 + 4.0, VERNIER_FRONT))
        else:
            # Mirrored across the page, the back's marks grow to the front's left.
            out.append(Line(x0 + reach, y0 + along, x0 - 4.0, y0 + along, VERNIER_FRONT))
    return out


def _paragraph(x: float, y: float, lines: Sequence[str], size: float = 9.0) -> list[Element]:
    step = size * MM_PER_PT * 1.35
    return [Text(x, y + n * step, line, size=size) for n, line in enumerate(lines)]


def calibration_page(paper: str | Sequence[str | float] = "a4",
                     back_offset: tuple[float, float] = (0.0, 0.0),
                     lang: str | None = None) -> tuple[Scene, Scene]:
    """A print check sheet: (front, back).

    The front has a 50 mm square with millimetre rulers (it measures 50 mm
    only when printed at 100 %) and a cross; the back has a cross where the
    front one should show through after long-edge duplex printing, shifted by
    ``back_offset``, with scales to read the offset to use.

    >>> front, back = calibration_page("letter")
    >>> (front.width, back.height)
    (215.9, 279.4)
    """
    w, h = resolve_paper(paper)
    name = paper if isinstance(paper, str) else "custom"
    sq = (w - 50) / 2, 62.0
    cross = (w * 0.3, 200.0)
    def say(key: str, **fields: object) -> str:
        return labels.label(key, lang, **fields)

    front: list[Element] = [
        Text(20, 22, say("check-title"), size=16, bold=True),
        *_paragraph(20, 32, [say("check-paper", name=name, w=f"{w:g}", h=f"{h:g}"),
                             say("check-no-scaling"), say("check-square")]),
        Rect(sq[0], sq[1], 50, 50, Style(stroke="#000000", stroke_width=0.3)),
        Text(w / 2, sq[1] + 27, "50 mm", size=12, anchor="middle"),
        *_ruler(sq[0], sq[1], 50, True),
        *_ruler(sq[0], sq[1], 50, False),
        *_paragraph(20, 150, [say("check-duplex-1"), say("check-duplex-2"),
                              say("check-duplex-3")]),
        # Long arms: they must show through across the scales on the back.
        *_cross(*cross, arm=22.0),
        # The verniers' zeros sit in line with the cross's arms, so they read the same offset.
        *_vernier_front(cross[0], cross[1] + VERNIER_X_DROP, True, mirrored=True),
        *_vernier_front(cross[0] - VERNIER_Y_SHIFT, cross[1], False, mirrored=False),
    ]
    bx, by = w - cross[0] + back_offset[0], cross[1] + back_offset[1]
    back: list[Element] = [
        Text(20, 22, say("check-title-back"), size=16, bold=True),
        *_paragraph(20, 32, [say(f"check-back-{i}") for i in range(1, 8)]),
        *_cross(bx, by, arm=5.0),
        *_offset_scales(bx, by, lang=lang),
        Text(bx, by + 26, say("check-current", x=f"{back_offset[0]:+g}", y=f"{back_offset[1]:+g}"),
             size=7, anchor="middle"),
        *_vernier_main(bx, by + VERNIER_X_DROP, True),
        Text(bx - 12.0, by + VERNIER_X_DROP + 3.0, say("check-vernier-x"), size=6, anchor="end"),
        *_vernier_main(bx + VERNIER_Y_SHIFT, by, False),
        Text(bx + VERNIER_Y_SHIFT + 3.0, by - 13.0, say("check-vernier-y"), size=6, anchor="middle"),
    ]
    return (Scene(w, h, tuple(front), id="print-check-front"),
            Scene(w, h, tuple(back), id="print-check-back"))
