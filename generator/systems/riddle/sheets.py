"""The campaign sheets: the adventure map, the constellation tree, the blessing score track
with the blessing deck, and a guestbook.

The adventure map shows the islands as groups of riddle entries, each with a circle
per objective to shade, and when the island opens. The constellation page is drawn in
:mod:`.constellation` (its layout in :mod:`.sky_layout`); the player aid is in
:mod:`.player_aid`.
"""
from __future__ import annotations

import math

from generator.systems.riddle import labels
from generator.render.icons import BLESSING, GOLD, GOLD_DARK, INK, LAND, MUTED, icon_blessing, label_text
from generator.render.scene import Circle, Element, Group, Line, Polygon, Rect, Scene, Style, Text
from generator.systems.riddle.constellation import constellation_page
from generator.systems.riddle.content import RiddleContent
from generator.systems.riddle.campaign import DEFAULT_BLESSING_SCORE
from generator.systems.riddle.model import TIERS as TIER_ORDER
from generator.systems.riddle.typography import (
    ACCENT,
    HEADING_H,
    MARGIN,
    RULE,
    draw_type_icon,
    fitted_text,
    footer,
    heading,
    ornament,
    page,
    shade_circle,
    tier_name,
    two_columns,
    write,
)
from generator.systems.riddle.wording import describe_unlock, local


def _compass(cx: float, cy: float, r: float) -> list[Element]:
    """A compass rose for the sea of the adventure map."""
    out: list[Element] = [Circle(cx, cy, r, Style(stroke=GOLD_DARK, stroke_width=0.35)),
                          Circle(cx, cy, r * 0.82, Style(stroke=GOLD_DARK, stroke_width=0.2))]
    for k in range(8):
        a = math.pi / 4 * k - math.pi / 2
        long = r * (0.95 if k % 2 == 0 else 0.6)
        side = a + math.pi / 2
        w = r * 0.13
        tip = (cx + long * math.cos(a), cy + long * math.sin(a))
        left = (cx + w * math.cos(side), cy + w * math.sin(side))
        right = (cx - w * math.cos(side), cy - w * math.sin(side))
        out.append(Polygon((left, tip, (cx, cy)), Style(fill=GOLD_DARK if k % 2 == 0 else GOLD)))
        out.append(Polygon((right, tip, (cx, cy)), Style(fill=GOLD if k % 2 == 0 else "#f3e3b5",
                                                         stroke=GOLD_DARK, stroke_width=0.15)))
    out.append(Text(cx, cy - r - 1.5, "N", font="serif", size=9, fill=GOLD_DARK, anchor="middle",
                    bold=True))
    return out


def adventure_page(content: RiddleContent, paper: tuple[float, float], lang: str | None,
                   number: int) -> Scene:
    """The islands of the campaign, each riddle with a circle per objective to shade."""
    pw, ph = paper
    m = MARGIN
    width = pw - 2 * m
    parts: list[Element] = [Text(m, m + 8, labels.label("r-map-title", lang), font="serif", size=18, fill=INK,
                                 bold=True)]
    parts.append(fitted_text(pw - m, m + 8, content.title, 10, width / 2, italic=True,
                             fill=MUTED, anchor="end"))
    note = labels.label("r-map-note", lang)
    para = write(note, m, m + 12.0, width, 14.0, family="serif", size=9.5, min_size=8.0, lang=lang)
    parts.append(para.block)
    top = m + 12.0 + para.height + 4.0
    bottom = ph - m - 8.0
    parts.append(Rect(m, top, width, bottom - top, Style(fill="#dcebf3"), rx=3.0))
    for row in range(int((bottom - top) // 9)):
        wy = top + 5 + row * 9
        for k in range(int(width // 26)):
            wx = m + 6 + k * 26 + (row % 2) * 13
            parts.append(Line(wx, wy, wx + 6, wy, Style(stroke="#c3dbe8", stroke_width=0.4)))
    riddles = {r.id: r for r, _ in content.riddles}
    titles = {r.id: local(r.title, lang) for r in riddles.values()}
    island_names = {i.id: local(i.name, lang) for i in content.campaign.islands} \
        if content.campaign else {}
    groups: list[tuple[str, str, list[str]]] = []
    listed: set[str] = set()
    if content.campaign is not None:
        for island in content.campaign.islands:
            ids = [rid for rid in island.riddles if rid in riddles]
            listed |= set(ids)
            groups.append((local(island.name, lang),
                           describe_unlock(island.unlock, island_names, titles, lang), ids))
    rest = [rid for rid in riddles if rid not in listed]
    if rest:
        groups.append((labels.label("b-other-riddles", lang), "", rest))
    col_gap, inner, island_gap = 6.0, 5.0, 6.0
    col_w = (width - 2 * inner - col_gap) / 2
    key_h = 9.0
    room = bottom - top - 2 * inner - key_h

    def island_heights(entry: float) -> list[float]:
        out = []
        for _, unlock, ids in groups:
            u = write(unlock, 0, 0, col_w - 8.0, 30.0, size=8.0, min_size=8.0,
                      family="serif", lang=lang).height + 1.5 if unlock else 0.0
            out.append(12.0 + u + len(ids) * entry + 4.0)
        return out

    # The largest entries (up to 13 mm: circles big enough to shade) whose columns fit.
    entry = 13.0
    while entry > 7.0:
        heights = island_heights(entry)
        cols = two_columns(heights, island_gap)
        tallest = max(sum(h + island_gap for h, c in zip(heights, cols) if c == k)
                      for k in (0, 1))
        if tallest - island_gap <= room:
            break
        entry -= 0.5
    heights = island_heights(entry)
    cols = two_columns(heights, island_gap)
    circle_r = min(3.3, entry * 0.27)
    pitch = 2 * circle_r + 1.4
    circles_w = 4 * pitch
    title_size = min(11.0, 6.0 + entry * 0.4)
    ys = [top + inner, top + inner]
    for (name, unlock, ids), h, col in zip(groups, heights, cols):
        x, y = m + inner + col * (col_w + col_gap), ys[col]
        ys[col] += h + island_gap
        # The island: land with a coastline, and a ring of shallows around it.
        parts.append(Rect(x - 1.4, y - 1.4, col_w + 2.8, h + 2.8, Style(fill="#c6e0ea"), rx=5.0))
        parts.append(Rect(x, y, col_w, h, Style(fill=LAND, stroke=INK, stroke_width=0.5), rx=4.0))
        parts.append(fitted_text(x + 4.0, y + 7.0, name, 13.0, col_w - 8.0, bold=True,
                                 fill=ACCENT))
        yy = y + 9.5
        if unlock:
            upara = write(unlock, x + 4.0, yy, col_w - 8.0, 30.0, size=8.0, min_size=8.0,
                          family="serif", fill=MUTED, lang=lang)
            parts.append(upara.block)
            yy += upara.height + 1.5
        for rid in ids:
            riddle = riddles[rid]
            mid = yy + entry / 2
            parts.append(Rect(x + 2.0, yy + 0.5, col_w - 4.0, entry - 1.0, Style(fill="#fbf9f1"),
                              rx=1.5))
            medal = min(3.4, entry * 0.3)
            parts.append(Circle(x + 4.0 + medal, mid, medal, Style(fill=ACCENT)))
            parts.append(label_text(x + 4.0 + medal, mid, str(riddle.number), medal * 0.95,
                                    fill="#ffffff", font="serif"))
            text_x = x + 6.0 + 2 * medal
            # Long titles wrap onto a second line rather than shrink out of sight.
            title = write(titles[rid], text_x, yy + 0.8, x + col_w - 4.0 - circles_w - 2.0
                          - text_x, entry - 1.6, family="serif", size=title_size,
                          min_size=6.5, leading=1.1, valign="middle", icons=False, lang=lang)
            parts.append(title.block)
            tiers = {o.tier for o in riddle.objectives}
            for k, tier in enumerate(TIER_ORDER):
                ccx = x + col_w - 4.0 - circles_w + pitch / 2 + k * pitch
                if tier in tiers:
                    parts += shade_circle(ccx, mid, circle_r, tier, lang)
                else:
                    parts.append(Line(ccx - 1.0, mid, ccx + 1.0, mid,
                                      Style(stroke=RULE, stroke_width=0.4)))
            yy += entry
    # A compass in the open sea, and a key to the circles.
    free = [(col, bottom - inner - key_h - ys[col]) for col in (0, 1)]
    col, space = max(free, key=lambda f: f[1])
    if space > 40.0:
        r = min(16.0, space / 2 - 6.0)
        parts += _compass(m + inner + col * (col_w + col_gap) + col_w / 2,
                          ys[col] + space / 2, r)
    key_x = pw - m - 4.0 - 4 * 24.0
    for k, tier in enumerate(TIER_ORDER):
        kx = key_x + k * 24.0
        parts += shade_circle(kx + 3.0, bottom - 4.5, 2.7, tier, lang)
        parts.append(Text(kx + 6.8, bottom - 3.3, tier_name(tier, lang).lower(), font="sans", size=7,
                          fill=INK))
    parts += footer(pw, ph, content.title, number, labels.label("r-sheet-footer", lang))
    return page(pw, ph, parts, "adventure-map")


def score_page(content: RiddleContent, paper: tuple[float, float], lang: str | None,
               number: int) -> Scene:
    """The blessing score track (from the starting score), the blessing deck and the friendly
    gods."""
    pw, ph = paper
    m = MARGIN
    width = pw - 2 * m
    sky = content.constellation
    start = sky.blessing_score if sky else DEFAULT_BLESSING_SCORE
    top_score = start + (len(sky.stars) if sky else 0)
    numbers = [card.number for card, _ in content.blessings]
    top_score = max(top_score, start)
    parts: list[Element] = [Text(m, m + 8, labels.label("r-score-title", lang), font="serif", size=18, fill=INK,
                                 bold=True)]
    para = write(labels.label("r-score-intro", lang, start=start), m, m + 12.0, width, 14.0, family="serif",
                 size=9.5, min_size=8.0, lang=lang)
    parts.append(para.block)
    y = m + 12.0 + para.height + 5.0
    count = top_score - start + 1
    per_row = min(count, 13)
    box = min(13.0, (width - (per_row - 1) * 1.5) / per_row)
    for i in range(count):
        row, col = divmod(i, per_row)
        bx = m + col * (box + 1.5)
        by = y + row * (box + 3.0)
        first = i == 0
        parts.append(Rect(bx, by, box, box, Style(fill=GOLD if first else "#ffffff",
                                                  stroke=GOLD_DARK, stroke_width=0.5), rx=1.5))
        parts.append(label_text(bx + box / 2, by + box / 2, str(start + i), box * 0.38,
                                fill=INK, font="serif"))
        if col < per_row - 1 and i < count - 1:
            parts.append(Polygon(((bx + box + 0.2, by + box / 2 - 0.8),
                                  (bx + box + 1.3, by + box / 2),
                                  (bx + box + 0.2, by + box / 2 + 0.8)), Style(fill=GOLD_DARK)))
    y += math.ceil(count / per_row) * (box + 3.0) + 6.0
    # The blessing deck: which cards are in it at each score.
    parts += heading(m, y, labels.label("h-blessing-deck", lang), width)
    y += HEADING_H
    col_w = (width - 6.0) / 2
    rows = math.ceil(len(content.blessings) / 2) if content.blessings else 0
    row_h = min(7.0, (ph - m - 70.0 - y) / max(rows, 1))
    for i, (card, _) in enumerate(content.blessings):
        col, row = divmod(i, rows) if rows else (0, 0)
        x, yy = m + col * (col_w + 6.0), y + row * row_h
        parts.append(Group(icon_blessing(x, yy + 0.5, row_h - 1.0)))
        parts.append(Text(x + row_h + 1.5, yy + row_h * 0.68, f"{card.number}", font="serif",
                          size=9, fill=BLESSING, bold=True))
        name = local(card.name, lang) if card.name is not None else labels.label("blessing-n", lang, n=card.number)
        parts.append(fitted_text(x + row_h + 8.5, yy + row_h * 0.68, name, 9, col_w - 40.0,
                                 fill=INK))
        note = (labels.label("r-score-start", lang) if card.number <= start
                else labels.label("r-score-at", lang, n=card.number))
        parts.append(Text(x + col_w, yy + row_h * 0.68, note, font="sans", size=7, fill=MUTED,
                          anchor="end", italic=True))
    del numbers
    y += rows * row_h + 6.0
    # Friendly gods: a box to tick for each god.
    parts += heading(m, y, labels.label("h-friendly-gods", lang), width)
    y += HEADING_H + 1.0
    gods = list(content.god_docs)
    per = 5
    cell = width / per
    for i, doc in enumerate(gods):
        row, col = divmod(i, per)
        x, yy = m + col * cell, y + row * 11.0
        god = content.gods[doc.id]
        parts.append(Rect(x, yy, 5.0, 5.0, Style(fill="#ffffff", stroke=INK, stroke_width=0.4),
                          rx=0.8))
        parts.append(Group(draw_type_icon(god.type, x + 6.5, yy - 0.5, 6.0)))
        parts.append(fitted_text(x + 13.5, yy + 4.0, local(god.name, lang), 9, cell - 15.0,
                                 fill=INK))
    y += math.ceil(len(gods) / per) * 11.0 + 4.0
    # What is left of the page: ruled lines for the group's notes.
    bottom = ph - m - 10.0
    if bottom - y > 30.0:
        parts += heading(m, y, labels.label("h-campaign-notes", lang), width)
        y += HEADING_H + 2.0
        line = y + 8.0
        while line <= bottom:
            parts.append(Line(m, line, pw - m, line, Style(stroke=RULE, stroke_width=0.3)))
            line += 8.0
    parts += footer(pw, ph, content.title, number, labels.label("r-sheet-footer", lang))
    return page(pw, ph, parts, "blessing-score")


GUESTBOOK_COLUMNS = (("r-guest-date", 0.13), ("r-guest-players", 0.2), ("r-guest-riddles", 0.22),
                     ("r-guest-objectives", 0.17), ("r-guest-notes", 0.28))
"""The guestbook's columns: catalogue key and share of the width."""


def guestbook_page(content: RiddleContent, paper: tuple[float, float], number: int,
                   lang: str | None = None) -> Scene:
    """A ruled page to record each session."""
    pw, ph = paper
    m = MARGIN
    width = pw - 2 * m
    parts: list[Element] = [Text(pw / 2, m + 10, labels.label("r-guestbook", lang), font="serif", size=22, fill=INK,
                                 anchor="middle", bold=True)]
    parts += ornament(pw / 2, m + 15.5, 60)
    parts.append(Text(pw / 2, m + 22, labels.label("r-guestbook-sub", lang),
                      font="serif", size=9.5, fill=MUTED, anchor="middle", italic=True))
    y = m + 30.0
    header_h = 7.0
    parts.append(Rect(m, y, width, header_h, Style(fill=ACCENT)))
    x = m
    for key, share in GUESTBOOK_COLUMNS:
        parts.append(fitted_text(x + 2.0, y + 4.8, labels.label(key, lang).upper(), 7.0, width * share - 4.0,
                                 font="sans", fill="#ffffff", bold=True, min_size=6.0))
        x += width * share
    y += header_h
    row_h = 11.0
    rows = int((ph - m - 10.0 - y) // row_h)
    for r in range(rows):
        if r % 2:
            parts.append(Rect(m, y + r * row_h, width, row_h, Style(fill="#f6f1e6")))
        parts.append(Line(m, y + (r + 1) * row_h, m + width, y + (r + 1) * row_h,
                          Style(stroke=RULE, stroke_width=0.3)))
    x = m
    for _, share in GUESTBOOK_COLUMNS[:-1]:
        x += width * share
        parts.append(Line(x, y - header_h, x, y + rows * row_h, Style(stroke=RULE,
                                                                      stroke_width=0.3)))
    parts.append(Rect(m, y - header_h, width, header_h + rows * row_h,
                      Style(stroke=INK, stroke_width=0.4)))
    parts += footer(pw, ph, content.title, number, labels.label("r-sheet-footer", lang))
    return page(pw, ph, parts, "guestbook")


def campaign_sheet_pages(content: RiddleContent, paper: tuple[float, float], lang: str | None
                         ) -> tuple[Scene, ...]:
    """The adventure map, the constellation tree, the blessing score and the guestbook."""
    sky, _ = constellation_page(content, paper, lang, 2)
    return (adventure_page(content, paper, lang, 1), sky, score_page(content, paper, lang, 3),
            guestbook_page(content, paper, 4, lang))


__all__ = [
    "adventure_page", "campaign_sheet_pages", "guestbook_page", "score_page",
]
