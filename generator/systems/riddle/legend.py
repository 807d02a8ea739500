"""The riddle book's page of symbols: a key to reading a map, then every icon of
:data:`~generator.render.icons.ICONS` with its name and meaning (:func:`legend_page` on
A4 and Letter, :func:`legend_pages` on a booklet's narrower page as well).
"""
from __future__ import annotations

import math
from collections.abc import Sequence

from generator.systems.riddle import labels
from generator.render.fonts import measure
from generator.render.geometry import resolve_paper
from generator.render.icons import ICON_GROUPS, ICON_LABELS, INK, MUTED, SEA, icons_for
from generator.render.scene import MM_PER_PT, Element, Group, Line, Rect, Scene, Style, Text
from generator.render.text import fit_text
from generator.systems.riddle.maps import (
    BADGE_CENTRE,
    CORNER_BOX,
    CORNER_INSET,
    FIGURE_BOX,
    Space,
    draw_space,
    sea_cell,
)
from generator.systems.riddle.typography import footer, is_narrow

LEGEND_MARGIN = 14.0
FOOT_ROOM = 1.0
"""Room (mm) a numbered symbols page leaves above the running foot."""


def _heading(x: float, y: float, text: str, width: float) -> tuple[Element, ...]:
    return (Text(x, y, text, font="serif", size=12, fill=INK, bold=True),
            Line(x, y + 1.6, x + width, y + 1.6, Style(stroke=MUTED, stroke_width=0.25)))


def _map_key(x: float, y: float, width: float, lang: str | None = None, stacked: bool = False
             ) -> tuple[list[Element], float]:
    """The annotated space and the sample spaces (beside it, or under it when ``stacked``);
    returns the elements and the height used."""
    out: list[Element] = []
    big = 30.0
    crowded = Space(level=3, figure="worker", worker=0, coin=("gold", (4,)), token=True, feature=True)
    bx = x + 24.0
    out.extend(draw_space(bx, y, big, crowded, "key"))
    callouts = (
        ("height", BADGE_CENTRE, BADGE_CENTRE, "left"),
        ("blessing", CORNER_INSET + CORNER_BOX / 2, 1 - CORNER_INSET - CORNER_BOX / 2, "left"),
        ("figure", 0.5 - FIGURE_BOX * 0.45, 0.5, "left"),
        ("feature", 1 - CORNER_INSET - CORNER_BOX / 2, CORNER_INSET + CORNER_BOX / 2, "right"),
        ("coin", 1 - CORNER_INSET - CORNER_BOX / 2, 1 - CORNER_INSET - CORNER_BOX / 2, "right"),
    )
    thin = Style(stroke=MUTED, stroke_width=0.2)
    for key, fu, fv, side in callouts:
        text = labels.label(f"k-{key}", lang)
        px, py = bx + fu * big, y + fv * big
        if side == "left":
            out.append(Line(x + 20.5, py, px - (0.06 * big if key == "height" else 0.02 * big), py, thin))
            out.append(Text(x + 20, py + 1.0, text, size=7, fill=INK, anchor="end"))
        else:
            out.append(Line(px + 0.03 * big, py, bx + big + 4.5, py, thin))
            out.append(Text(bx + big + 5, py + 1.0, text, size=7, fill=INK))
    samples = (
        ("ground", Space()), ("level 1", Space(level=1)), ("level 2", Space(level=2)),
        ("level 3", Space(level=3)), ("dome", Space(level=3, dome=True)),
        ("sea", Space(sunk=True)),
    )
    cell = 15.0
    sx, sy = (x, y + big + 4.0) if stacked else (bx + big + 28.0, y)
    gap = (x + width - sx - len(samples) * cell) / max(1, len(samples) - 1)
    gap = min(gap, 8.0)
    for i, (caption, space) in enumerate(samples):
        cx = sx + i * (cell + gap)
        if caption == "sea":
            out.append(Rect(cx, sy, cell, cell, Style(fill=SEA, stroke=INK, stroke_width=0.2)))
            out.extend(sea_cell(cx, sy, cell))
        else:
            out.extend(draw_space(cx, sy, cell, space))
        words = (labels.label("k-level", lang, n=caption[-1]) if caption.startswith("level")
                 else labels.label(f"k-{caption}", lang))
        out.append(Text(cx + cell / 2, sy + cell + 4.0, words, size=7, fill=INK, anchor="middle"))
    note_y = sy + cell + 9.5
    note = labels.label("k-note", lang)
    room = 30.0 if stacked else big - (note_y - y)
    fit = fit_text(note, x + width - sx, room, max_size=7.5, min_size=6, fill=INK)
    if not fit.fits:  # beside the space: the note runs on under it, in as few lines as it can
        lines = fit_text(note, x + width - sx, 30.0, max_size=6, min_size=6).lines
        fit = fit_text(note, x + width - sx, lines * 6 * MM_PER_PT * 1.2 + 0.5, max_size=6,
                       min_size=6, fill=INK)
    out.append(fit.block.at(sx, note_y))
    if stacked:
        return out, note_y - y + fit.lines * fit.size * MM_PER_PT * 1.2
    return out, max(big, note_y - y + fit.block.height)


def icon_name(name: str, lang: str | None = None) -> str:
    """What a player calls a symbol, in ``lang`` (``ICON_LABELS`` holds the English).

    >>> icon_name("coin-gold-2", "fr")
    "Écu d'or, niveau 2"
    >>> icon_name("gem-green", "fr")
    'Gemme verte'
    """
    L = labels.label
    kind, _, rest = name.partition("-")
    if not rest or kind in ("worker",) or name == "tower-4":
        return L(f"i-{name}", lang)
    if kind == "level":
        return L("i-level", lang, n=rest)
    if kind == "tower":
        return L("i-tower", lang, n=rest)
    if kind == "coin":
        colour, _, level = rest.partition("-")
        coin = L(f"coin-{colour}", lang)
        if not level:
            return coin
        return L("i-coin-dome", lang, coin=coin) if level == "4" else \
            L("i-coin-level", lang, coin=coin, n=level)
    if kind in ("die", "gem"):
        return L(f"i-{kind}", lang, colour=L(f"colour-f-{rest}", lang))
    return ICON_LABELS[name]


def icon_meaning(name: str, lang: str | None = None) -> str:
    """What a symbol means at the table, in a few words (the player's legend).

    >>> icon_meaning("coin-gold-2")
    'collected by building level 2 on it'
    """
    L = labels.label
    if f"m-{name}" in labels.LABELS:
        return L(f"m-{name}", lang)
    kind, _, rest = name.partition("-")
    if kind == "level":
        return L("m-level", lang, n=rest)
    if kind == "tower":
        return L("m-tower", lang, n=rest)
    if kind == "worker":
        return L("m-worker-colour", lang, colour=L(f"colour-{rest}", lang))
    if kind == "coin":
        colour, _, level = rest.partition("-")
        if not level:
            return L("m-coin", lang, colour=L(f"coin-of-{colour}", lang))
        return L("m-coin-dome", lang) if level == "4" else L("m-coin-level", lang, n=level)
    if kind in ("die", "gem"):
        return L(f"m-{kind}", lang, colour=L(f"colour-f-{rest}", lang))
    return ""


NOTE_TOP = 6.2
"""mm an icon row keeps besides its meanings' boxes (they start 6 mm under its top)."""
ROW_LOOSE = 13.0
"""mm: an icon row's height when the page has room."""
GROUP_GAP = 4.0
"""mm above each group's heading when the page has room (as little as half when short)."""


def _note_height(text: str, width: float) -> float:
    """The height (mm) a symbol's meaning takes at 6 pt in a box ``width`` wide."""
    lines = fit_text(text, width, 100.0, max_size=6, min_size=6, leading=1.05).lines
    return lines * 6 * MM_PER_PT * 1.05 + 0.2


def _row_heights(needs: Sequence[float], room: float) -> tuple[list[float], float]:
    """Each icon row's height (at least its ``needs``, :data:`ROW_LOOSE` when there is
    room) and the gap above each group's heading, so that the rows take ``room`` mm at
    most with that gap (``room`` counts the gaps at :data:`GROUP_GAP`).

    >>> _row_heights([11.0, 12.0], 30.0)
    ([13.0, 13.0], 4.0)
    >>> _row_heights([11.0, 12.0], 23.0)
    ([11.0, 12.0], 4.0)
    """
    low, high = 0.0, ROW_LOOSE
    if sum(max(n, high) for n in needs) > room:
        for _ in range(60):  # the tallest common height that fits, by bisection
            mid = (low + high) / 2
            low, high = (mid, high) if sum(max(n, mid) for n in needs) <= room else (low, mid)
        high = math.floor(low * 1000.0) / 1000.0  # a whole micrometre: the same on every run
    heights = [max(n, high) for n in needs]
    short = max(0.0, sum(heights) - room)
    return heights, GROUP_GAP - min(GROUP_GAP / 2, short / len(ICON_GROUPS))


def legend_page(paper: str | Sequence[str | float] = "a4", codes: bool = False,
                lang: str | None = None, number: int | None = None, title: str = "") -> Scene:
    """One page showing every icon of :data:`~generator.render.icons.ICONS` with its name and
    meaning, and a key to reading a map. ``paper`` is a paper name (a4, letter...) or (w, h)
    in mm. The player's book shows no markup; ``codes`` adds each symbol's ``:name:`` for
    designers. With a page ``number``, the book's running foot (``title`` and the number)
    closes the page, and the symbols leave it room.

    >>> page = legend_page("letter")
    >>> (round(page.width, 1), round(page.height, 1))
    (215.9, 279.4)
    """
    pw, ph = resolve_paper(paper)
    m = LEGEND_MARGIN
    width = pw - 2 * m
    out: list[Element] = [Rect(0, 0, pw, ph, Style(fill="#ffffff"))]
    y = m + 7.0
    out.append(Text(m, y, labels.label("h-symbols", lang), font="serif", size=20, fill=INK, bold=True))
    y += 6.0
    intro = ("Every symbol used on maps and in the riddles, with the name that draws it "
             "inside text (write :name:)." if codes else
             labels.label("h-symbols-intro", lang))
    out.append(Text(m, y, intro, font="serif", size=8.5, fill=MUTED, italic=True))
    y += 9.0
    out.extend(_heading(m, y, labels.label("h-reading-map", lang), width))
    y += 5.0
    key, used = _map_key(m, y, width, lang)
    out.extend(key)
    y += used + 6.0

    cols = 5
    col_w = width / cols
    icon = 10.0
    note_w = col_w - icon - 3.0
    rows = [names[i:i + cols] for _, names in ICON_GROUPS for i in range(0, len(names), cols)]
    needs = [max(icon + 1.0, NOTE_TOP + max(_note_height(f":{n}:" if codes else
                                                          icon_meaning(n, lang), note_w)
                                             for n in row)) for row in rows]
    foot = FOOT_ROOM if number is not None else 0.0
    heights, gap = _row_heights(needs, ph - m - foot - y - len(ICON_GROUPS) * (GROUP_GAP + 5.0))
    heights.reverse()
    for (_, names), group in zip(ICON_GROUPS, ("pieces", "figures", "tokens", "map", "gods",
                                                "sphinx")):
        y += gap
        out.extend(_heading(m, y, labels.label(f"g-{group}", lang), width))
        y += 5.0
        for start in range(0, len(names), cols):
            row_h = heights.pop()
            for col, name in enumerate(names[start:start + cols]):
                ex = m + col * col_w
                drawn = icons_for(lang)[name](ex, y, icon)  # die faces with lang's initials
                out.append(Group(drawn, id=f"legend-{name}"))
                label = fit_text(ICON_LABELS[name] if codes else icon_name(name, lang), note_w,
                                 6.0, max_size=8, min_size=6, fill=INK, valign="bottom")
                out.append(label.block.at(ex + icon + 2.0, y - 0.6))
                below = f":{name}:" if codes else icon_meaning(name, lang)
                note = fit_text(below, note_w, row_h - NOTE_TOP, max_size=6.5, min_size=6,
                                fill=MUTED, leading=1.05)
                out.append(note.block.at(ex + icon + 2.0, y + 6.0))
            y += row_h
    if number is not None:
        out += footer(pw, ph, title, number)
    return Scene(pw, ph, tuple(out), id="legend")


def legend_pages(paper: str | Sequence[str | float] = "a4", lang: str | None = None,
                 number: int | None = None, title: str = "") -> list[Scene]:
    """The book's symbols: :func:`legend_page` on A4 and Letter; on a narrower page (a
    booklet's A5) the same symbols in three columns, the sample spaces under the key,
    running on to as many pages as they need. With a ``number`` (the first page's), each
    page has the book's running foot.

    >>> [(round(p.width, 1), p.id) for p in legend_pages((148.5, 210.0))]
    [(148.5, 'legend'), (148.5, 'legend-2'), (148.5, 'legend-3')]
    """
    pw, ph = resolve_paper(paper)
    if not is_narrow((pw, ph)):
        return [legend_page(paper, lang=lang, number=number, title=title)]
    m = LEGEND_MARGIN
    width = pw - 2 * m
    cols, icon, row_h = 3, 10.0, 13.0
    col_w = width / cols
    pages: list[list[Element]] = [[Rect(0, 0, pw, ph, Style(fill="#ffffff"))]]
    y = m + 7.0
    size = 20.0
    name = labels.label("h-symbols", lang)
    while size > 12.0 and measure(name, "serif", True, size_pt=size) > width:
        size -= 0.5
    pages[0].append(Text(m, y, name, font="serif", size=size, fill=INK, bold=True))
    y += 4.0
    intro = fit_text(labels.label("h-symbols-intro", lang), width, 8.0, family="serif",
                     max_size=8.5, min_size=7, fill=MUTED)
    pages[0].append(intro.block.at(m, y))
    y += 9.0
    pages[0].extend(_heading(m, y, labels.label("h-reading-map", lang), width))
    y += 5.0
    key, used = _map_key(m, y, width, lang, stacked=True)
    pages[0].extend(key)
    y += used + 2.0
    for (_, names), group in zip(ICON_GROUPS, ("pieces", "figures", "tokens", "map", "gods",
                                                "sphinx")):
        rows = math.ceil(len(names) / cols)
        if y + 9.0 + rows * row_h > ph - m - (FOOT_ROOM if number is not None else 0.0):
            pages.append([Rect(0, 0, pw, ph, Style(fill="#ffffff"))])
            y = m
        y += 4.0
        pages[-1].extend(_heading(m, y, labels.label(f"g-{group}", lang), width))
        y += 5.0
        for i, name in enumerate(names):
            row, col = divmod(i, cols)
            ex, ey = m + col * col_w, y + row * row_h
            pages[-1].append(Group(icons_for(lang)[name](ex, ey, icon), id=f"legend-{name}"))
            label = fit_text(icon_name(name, lang), col_w - icon - 3.0, 6.0, max_size=8,
                             min_size=6, fill=INK, valign="bottom")
            pages[-1].append(label.block.at(ex + icon + 2.0, ey - 0.6))
            note = fit_text(icon_meaning(name, lang), col_w - icon - 3.0, row_h - 6.2,
                            max_size=6.5, min_size=6, fill=MUTED, leading=1.05)
            pages[-1].append(note.block.at(ex + icon + 2.0, ey + 6.0))
        y += rows * row_h
    if number is not None:
        for n, children in enumerate(pages):
            children += footer(pw, ph, title, number + n)
    return [Scene(pw, ph, tuple(children), id="legend" if n == 0 else f"legend-{n + 1}")
            for n, children in enumerate(pages)]


__all__ = ["LEGEND_MARGIN", "icon_meaning", "icon_name", "legend_page", "legend_pages"]
