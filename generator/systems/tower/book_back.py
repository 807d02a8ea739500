"""The back of the scenario book: the god cards and the campaign's score sheet.

Each has a wide layout (A4, Letter) and a narrow one (:data:`.render.NARROW_WIDTH`: an A5
or half-letter booklet page), which runs on to more pages rather than shrink its text.
"""
from __future__ import annotations

from generator.pack.model import pick_text
from generator.render.fonts import measure
from generator.render.icons import INK, LAND_LINE, MUTED, PAPER
from generator.systems.tower.labels import label as L
from generator.render.scene import Element, Line, Rect, Scene, Style, TextBlock
from generator.systems.tower.book_content import BookContent
from generator.systems.tower.model import Variant
from generator.systems.tower.render import (
    ACCENT,
    FOOTER,
    MARGIN,
    NARROW_WIDTH,
    draw_heading,
    draw_label,
    draw_page,
    draw_rank_strip,
    escape_markup,
    fit_label,
    text_of,
    write_paragraph,
)
from generator.systems.tower.scoring import (
    CAMPAIGN_END_POINTS,
    MORE_BLOCKS_FOR_BONUS,
    POINTS_PER_BONUS,
)



def draw_card_box(v: Variant, x: float, y: float, w: float, lang: str | None
                  ) -> tuple[list[Element], float]:
    """A god card as a framed box (name, side, text); returns it and its height."""
    expert = v.difficulty == "expert"
    colour = "#8e3b2f" if expert else "#3e7a4f"
    text = text_of(v.text, lang) if v.text else ", ".join(h for h, _ in v.hooks)
    block, used = write_paragraph(escape_markup(" ".join(text.split())), x + 3, y + 9.5, w - 6, 60,
                                  size=9, min_size=6.5)
    h = used + 12
    out: list[Element] = [Rect(x, y, w, h, Style(fill=PAPER, stroke=colour, stroke_width=0.6), rx=2),
                          Rect(x, y, w, 7, Style(fill=colour), rx=2),
                          Rect(x, y + 4, w, 3, Style(fill=colour))]
    out.append(fit_label(x + 3, y + 5, text_of(v.name, lang), 9.5, w - 22, bold=True, fill=PAPER))
    out.append(draw_label(x + w - 3, y + 5, (L(f"t-diff-{v.difficulty}", lang) if v.difficulty in ("easy", "expert")
                                              else v.difficulty.upper()), 7, bold=True, fill=PAPER,
                          anchor="end"))
    out.extend(block)
    return out, h


def gods_pages(content: BookContent, paper: tuple[float, float], lang: str | None, number: int,
               footer: str) -> list[Scene]:
    """The god cards, running on to as many pages as they need: on a wide page two
    columns (easy cards on the left, expert on the right), on a narrow one a single
    column of easy then expert cards."""
    pw, ph = paper
    width = pw - 2 * MARGIN
    bottom = ph - MARGIN - FOOTER
    pages: list[Scene] = []
    parts: list[Element] = [draw_label(MARGIN, MARGIN + 14, L("t-god-cards", lang), 22, bold=True,
                                       font="serif")]
    intro = L("t-gods-intro", lang, easy=abs(CAMPAIGN_END_POINTS["easy"]),
              expert=CAMPAIGN_END_POINTS["expert"])
    block, used = write_paragraph(intro, MARGIN, MARGIN + 20, width, 60, size=10, min_size=8)
    parts.extend(block)
    top = MARGIN + 20 + used + 6

    def turn_page() -> float:
        pages.append(draw_page(pw, ph, parts[:], f"god-cards-{len(pages) + 1}" if pages else "god-cards",
                               footer, number + len(pages)))
        parts.clear()
        return MARGIN + 8

    sides = [(side, [v for v in content.variants if v.difficulty == side])
             for side in ("easy", "expert")]
    if width >= NARROW_WIDTH:
        col_w = (width - 8) / 2
        columns = [(side, cards, x) for (side, cards), x in zip(sides, (MARGIN, MARGIN + col_w + 8))]
        left = [0, 0]  # cards of each column drawn so far
        while True:
            for k, (side, cards, x) in enumerate(columns):
                if not cards and not pages:
                    parts.extend(draw_heading(x, top, L(f"t-side-{side}", lang), col_w))
                    parts.append(draw_label(x, top + 10, L("t-no-cards", lang), 9,
                                            italic=True, fill=MUTED))
                    continue
                if left[k] >= len(cards):
                    continue
                parts.extend(draw_heading(x, top, L(f"t-side-{side}", lang), col_w))
                y = top + 5
                while left[k] < len(cards):
                    box, used = draw_card_box(cards[left[k]], x, y, col_w, lang)
                    if y + used > bottom and y > top + 5:
                        break  # on to the next page
                    parts.extend(box)
                    y += used + 4
                    left[k] += 1
            if all(n >= len(cards) for n, (_, cards, _) in zip(left, columns)):
                break
            top = turn_page()
        turn_page()
        return pages
    y = top
    for side, cards in sides:
        if not cards:
            continue
        if y + 5 + draw_card_box(cards[0], MARGIN, 0, width, lang)[1] > bottom:
            y = turn_page()
        parts.extend(draw_heading(MARGIN, y, L(f"t-side-{side}", lang), width))
        y += 5
        for v in cards:
            box, used = draw_card_box(v, MARGIN, y, width, lang)
            if y + used > bottom:
                y = turn_page()
                box, used = draw_card_box(v, MARGIN, y, width, lang)
            parts.extend(box)
            y += used + 4
        y += 2
    turn_page()
    return pages


def draw_box(x: float, y: float, size: float) -> Rect:
    return Rect(x, y, size, size, Style(fill=PAPER, stroke=INK, stroke_width=0.35), rx=0.6)


def _score_columns(width: float, narrow: bool, lang: str | None) -> list[tuple[str, str, float]]:
    """(key, header, width) of the score table; the scenario's title takes what is left.
    A narrow page leaves the level out (its scenario page shows it) and packs the boxes."""
    cols = [("num", "#", 6.0 if narrow else 9.0), ("title", L("t-col-scenario", lang), 0.0),
            ("level", L("t-col-level", lang), 13.0),
            ("lost", L("t-col-lost", lang), 25.0 if narrow else 30.0),
            ("first", L("t-col-first", lang), 11.0 if narrow else 18.0),
            ("both", L("t-col-both", lang), 12.5 if narrow else 23.0),
            ("blocks", L("t-col-blocks", lang, n=MORE_BLOCKS_FOR_BONUS), 11.0 if narrow else 19.0),
            ("points", L("t-col-points", lang), 12.0 if narrow else 17.0)]
    if narrow:
        cols = [c for c in cols if c[0] != "level"]
    fixed = sum(w for _, _, w in cols)
    return [(k, name, width - fixed if k == "title" else w) for k, name, w in cols]


def _score_table(content: BookContent, y: float, width: float, lang: str | None
                 ) -> tuple[list[Element], float, float, float]:
    """The table (header, a row per scenario, the closing rule), the god-card adjustment
    and the total; returns them, the next y, and the points column's x and width."""
    narrow = width < NARROW_WIDTH
    cols = _score_columns(width, narrow, lang)
    xs = [MARGIN]
    for _, _, w in cols:
        xs.append(xs[-1] + w)
    at = {k: (x, w) for (k, _, w), x in zip(cols, xs)}
    head_h, row_h = (10.0, 9.5) if narrow else (9.0, 12.0)
    parts: list[Element] = [Rect(MARGIN, y, width, head_h, Style(fill=ACCENT))]
    for (_, name, w), x in zip(cols, xs):
        if narrow:  # two short lines rather than one cut short
            block, _ = write_paragraph(f"**{escape_markup(name)}**", x + 0.5, y + 1.2, w - 1,
                                       head_h - 1.5, size=6.5, min_size=6.0, family="sans",
                                       leading=1.1, fill=PAPER, align="center")
            parts.extend(block)
        else:
            parts.append(fit_label(x + w / 2, y + 6, name, 7.5, w - 1.5, min_size=5.5, bold=True,
                                   fill=PAPER, anchor="middle"))
    y += head_h
    for n, (s, doc) in enumerate(content.scenarios):
        ry = y + n * row_h
        parts.append(Rect(MARGIN, ry, width, row_h, Style(fill=PAPER if n % 2 else "#f1ede2",
                                                          stroke=LAND_LINE, stroke_width=0.2)))
        mid = ry + row_h / 2
        x, w = at["num"]
        parts.append(draw_label(x + w / 2, mid + 1.5, str(s.number), 10, bold=True,
                                anchor="middle", fill=ACCENT))
        x, w = at["title"]
        title = pick_text(doc.data["title"], lang)
        if narrow:  # a long title takes two lines rather than an ellipsis
            block, used = write_paragraph(f"**{escape_markup(title)}**", x + 1.5, ry, w - 2.5,
                                          row_h - 0.6, size=9, min_size=6.5, leading=1.1)
            top = ry + max(0.0, (row_h - used) / 2) + 0.4  # centred in the row
            block = [b.at(b.x, top) if isinstance(b, TextBlock) else b for b in block]
            parts.extend(block)
        else:
            parts.append(fit_label(x + 2, mid + 1.5, title, 10, w - 4, min_size=6.5, font="serif",
                                   bold=True))
        if "level" in at:
            x, w = at["level"]
            parts.append(draw_label(x + w / 2, mid + 1.5, str(s.level), 10, anchor="middle"))
        pitch, side = (4.6, 3.6) if narrow else (5.2, 4.0)
        for k in range(5):
            parts.append(draw_box(at["lost"][0] + 2.5 + k * pitch, mid - side / 2, side))
        for key in ("first", "both", "blocks"):
            x, w = at[key]
            parts.append(draw_box(x + w / 2 - 2.75, mid - 2.75, 5.5))
            parts.append(draw_label(x + w / 2 + (3.0 if narrow else 4.0), mid + 4.5,
                                    f"+{POINTS_PER_BONUS}", 6, fill=MUTED))
        x, w = at["points"]
        parts.append(Rect(x + 2, ry + 1.8, w - 4, row_h - 3.6,
                          Style(fill=PAPER, stroke=INK, stroke_width=0.35), rx=0.8))
    y += row_h * len(content.scenarios)
    parts.append(Line(MARGIN, y, MARGIN + width, y, Style(stroke=INK, stroke_width=0.5)))
    y += 4
    # God cards adjustment and the total.
    box_x = at["points"][0] + 2
    box_w = at["points"][1] - 4
    parts.append(draw_label(MARGIN + 2, y + 5.5, L("t-god-cards", lang), 10, bold=True))
    options = (("none", 0), ("easy", CAMPAIGN_END_POINTS["easy"]),
               ("expert", CAMPAIGN_END_POINTS["expert"]))
    # A narrow page puts the three choices on a line of their own, under the label.
    left, pitch, dy = (MARGIN + 2, 30.0, 9.0) if narrow else (MARGIN + 32, 34.0, 0.0)
    for i, (name, points) in enumerate(options):
        x = left + i * pitch
        parts.append(draw_box(x, y + dy + 1.5, 5.0))
        sign = f"{points:+d}".replace("-", "\u2212") if points else "0"
        parts.append(draw_label(x + 7, y + dy + 5.5, f"{L(f't-opt-{name}', lang)} ({sign})", 9))
    parts.append(Rect(box_x, y, box_w, 8.4, Style(fill=PAPER, stroke=INK, stroke_width=0.35), rx=0.8))
    y += 11 + dy
    parts.append(draw_label(box_x - 3, y + 6.5, L("t-campaign-total", lang), 11, bold=True, anchor="end"))
    parts.append(Rect(box_x, y, box_w, 10, Style(fill=PAPER, stroke=INK, stroke_width=0.8), rx=0.8))
    return parts, y + 20, box_x, box_w


def _ranks_and_notes(content: BookContent, y: float, width: float, bottom: float,
                     lang: str | None, lines: int = 5) -> list[Element]:
    """The ranks, the note on totals below zero and up to ``lines`` ruled lines for notes."""
    parts = draw_heading(MARGIN, y, L("t-ranks", lang), width)
    y += 4
    parts.extend(draw_rank_strip(MARGIN, y, width, content.ranks))
    y += 20
    parts.append(draw_label(MARGIN, y + 4, L("t-below-zero", lang), 8,
                            italic=True, fill=MUTED))
    y += 12
    parts.extend(draw_heading(MARGIN, y, L("t-notes", lang), width))
    for k in range(1, lines + 1):
        ly = y + 4 + k * 9
        if ly > bottom:
            break
        parts.append(Line(MARGIN, ly, MARGIN + width, ly, Style(stroke=LAND_LINE, stroke_width=0.3)))
    return parts


def score_pages(content: BookContent, paper: tuple[float, float], lang: str | None, number: int,
                footer: str) -> list[Scene]:
    """The campaign's score sheet: a row per scenario, the god-card adjustment, the ranks and
    room for notes; on a narrow page the ranks and notes take a second page."""
    pw, ph = paper
    width = pw - 2 * MARGIN
    bottom = ph - MARGIN - FOOTER
    parts: list[Element] = []
    y = MARGIN + 14
    heading = L("t-score-sheet", lang)
    parts.append(draw_label(MARGIN, y, heading, 22, bold=True, font="serif"))
    # The campaign's title on the right, never into the heading (French on a narrow page).
    room = min(width - 60, width - measure(heading, "serif", bold=True, size_pt=22) - 6)
    parts.append(fit_label(pw - MARGIN, y, content.title, 11, room, italic=True,
                           font="serif", anchor="end", fill=MUTED))
    y += 6
    rules = L("t-score-rules", lang, bonus=POINTS_PER_BONUS, blocks=MORE_BLOCKS_FOR_BONUS)
    block, used = write_paragraph(rules, MARGIN, y, width, 30, size=9.5, min_size=7.5)
    parts.extend(block)
    y += used + 5
    table, y, _, _ = _score_table(content, y, width, lang)
    parts.extend(table)
    if width >= NARROW_WIDTH:
        parts.extend(_ranks_and_notes(content, y, width, bottom, lang))
        return [draw_page(pw, ph, parts, "score-sheet", footer, number)]
    rest = _ranks_and_notes(content, MARGIN + 8, width, bottom, lang, lines=30)
    return [draw_page(pw, ph, parts, "score-sheet", footer, number),
            draw_page(pw, ph, rest, "ranks-and-notes", footer, number + 1)]


__all__ = ["draw_box", "draw_card_box", "gods_pages", "score_pages"]
