"""The solver's badges on a riddle page: turns per objective and the player-count table.

:func:`difficulty` gives each objective's turns (or why there are none), marked when the
line is only the shortest without god powers; :func:`count_table` and the badge drawing
show the turns for each player count.
"""
from __future__ import annotations

from collections.abc import Sequence

from generator.systems.riddle import labels
from generator.render.fonts import measure
from generator.render.icons import INK, MUTED, SILVER, SILVER_DARK
from generator.render.scene import Circle, Element, Rect, Style, Text
from generator.systems.riddle.model import Riddle
from generator.systems.riddle.solver import SOLVED, ObjectiveResult, RiddleSolve
from generator.systems.riddle.typography import PANEL, RULE, TIERS, fitted_text, tier_name


def difficulty(solve: RiddleSolve | None, riddle: Riddle, lang: str | None = None
               ) -> list[tuple[str, str]]:
    """(tier, "N turns" or why not) for each objective, as the badge shows them."""
    if solve is None:
        return []
    out = []
    for result in solve.objectives:
        if result.status == SOLVED and result.turns is not None:
            text = labels.label("b-turn" if result.turns == 1 else "b-turns", lang,
                                n=result.turns)
            out.append((result.tier, text + (NO_POWERS_MARK if without_powers(result) else "")))
        else:
            out.append((result.tier, labels.label(
                "b-not-proven" if result.status != "unsolvable" else "b-no-line", lang)))
    return out


LEGIBLE_PT = 6.0
"""The smallest text (pt) on a badge."""
NO_POWERS_MARK = "*"
"""After the turns of a line that is the shortest without god powers only."""


def without_powers(result: ObjectiveResult) -> bool:
    """True when ``result``'s turns are the shortest without god powers only (the
    riddle opted out, or the search with them stopped undecided)."""
    return result.status == SOLVED and not result.powers_searched


NOT_PROVEN_MARK, NO_LINE_MARK = "?", "–"
"""What a cell of the player-count badge shows instead of turns."""


def count_table(solves: Sequence[RiddleSolve]) -> list[tuple[str, list[str]]]:
    """(tier, one cell per solve) for the player-count badge: the turns, or
    :data:`NOT_PROVEN_MARK` / :data:`NO_LINE_MARK`. ``solves`` are one riddle's, one
    per player count, in the order of the badge's columns."""
    if not solves:
        return []
    rows = []
    for j, result in enumerate(solves[0].objectives):
        cells = []
        for solve in solves:
            o = solve.objectives[j]
            cells.append(str(o.turns) + (NO_POWERS_MARK if without_powers(o) else "")
                         if o.status == SOLVED and o.turns is not None
                         else NO_LINE_MARK if o.status == "unsolvable" else NOT_PROVEN_MARK)
        rows.append((result.tier, cells))
    return rows


def draw_count_badge(right: float, y: float, solves: Sequence[RiddleSolve], lang: str | None,
                     narrow: bool = False) -> tuple[list[Element], float]:
    """The shortest solution for each player count the riddle allows: a column per
    count, a row per objective; right-aligned at ``right``; returns its width. No text
    is under :data:`LEGIBLE_PT`. ``narrow`` (a booklet page): the title on a row of its
    own above the column heads; otherwise the title shares their row."""
    rows = count_table(solves)
    if not rows:
        return [], 0.0
    name_w = 16.0
    title = labels.label("b-shortest-counts", lang)
    title_w = measure(title, "sans", True, size_pt=LEGIBLE_PT)
    heads = [labels.label("b-count-column", lang, n=s.players) for s in solves]
    column_w = max(5.6, *(measure(h, "sans", True, size_pt=LEGIBLE_PT) + 1.2 for h in heads))
    marks = any(c in (NOT_PROVEN_MARK, NO_LINE_MARK) for _, cells in rows for c in cells)
    starred = any(c.endswith(NO_POWERS_MARK) for _, cells in rows for c in cells)
    keys = [labels.label(k, lang) for k, on in (("b-counts-key", marks),
                                                ("b-no-powers-key", starred)) if on]
    columns_w = column_w * len(solves)
    width = max([7.0 + name_w + columns_w, title_w + 5.0 if narrow else title_w + 4.5 + columns_w,
                 *(measure(k, "sans", size_pt=LEGIBLE_PT) + 3.0 for k in keys)])
    if not narrow and len(keys) > 1:
        joined = " · ".join(keys)
        if measure(joined, "sans", size_pt=LEGIBLE_PT) + 3.0 <= width:
            keys = [joined]
    head_h = 9.0 if narrow else 5.6
    row_h = 3.9
    height = head_h + row_h * len(rows) + 3.0 * len(keys)
    x = right - width
    first_column = x + width - 2.0 - column_w * (len(solves) - 0.5)
    out: list[Element] = [Rect(x, y, width, height, Style(fill=PANEL, stroke=RULE,
                                                          stroke_width=0.3), rx=1.6),
                          Text(x + 2.5, y + 3.6, title, font="sans", size=LEGIBLE_PT, fill=MUTED,
                               bold=True)]
    for k, head in enumerate(heads):
        out.append(Text(first_column + k * column_w, y + head_h - 1.8 if narrow else y + 3.6,
                        head, font="sans", size=LEGIBLE_PT, fill=MUTED, anchor="middle",
                        bold=True))
    for i, (tier, cells) in enumerate(rows):
        cy = y + head_h + 1.6 + i * row_h
        fill, dark, _ = TIERS.get(tier, (SILVER, SILVER_DARK, tier.title()))
        out.append(Circle(x + 4.0, cy - 0.2, 1.35, Style(fill=fill, stroke=dark, stroke_width=0.25)))
        out.append(fitted_text(x + 6.6, cy + 1.0, tier_name(tier, lang).lower(), 6.8,
                               first_column - column_w / 2 - x - 7.0, font="sans", fill=INK,
                               min_size=LEGIBLE_PT))
        for k, cell in enumerate(cells):
            proven = cell not in (NOT_PROVEN_MARK, NO_LINE_MARK)
            out.append(Text(first_column + k * column_w, cy + 1.0, cell, font="sans", size=6.8,
                            fill=INK if proven else MUTED, anchor="middle", bold=proven))
    for j, key in enumerate(keys):
        out.append(fitted_text(x + width / 2, y + head_h + row_h * len(rows) + 2.2 + 3.0 * j,
                               key, LEGIBLE_PT, width - 2.0, font="sans", fill=MUTED,
                               anchor="middle", min_size=LEGIBLE_PT))
    return out, width


def draw_badge(right: float, y: float, rows: Sequence[tuple[str, str]], lang: str | None = None,
               solved: Sequence[bool] = ()) -> tuple[list[Element], float]:
    """The solver's difficulty badge, right-aligned at ``right``; returns its width.
    No text is under :data:`LEGIBLE_PT` (the badge widens for its title and key)."""
    if not rows:
        return [], 0.0
    key = labels.label("b-no-powers-key", lang)
    title = labels.label("b-shortest", lang)
    width = max(36.0, measure(key, "sans", size_pt=LEGIBLE_PT) + 3.0,
                measure(title, "sans", True, size_pt=LEGIBLE_PT) + 2.5)
    row_h = 3.9
    marked = any(text.endswith(NO_POWERS_MARK) for _, text in rows)
    key_h = 3.0 if marked else 0.0
    height = 5.6 + row_h * len(rows) + key_h
    x = right - width
    out: list[Element] = [Rect(x, y, width, height, Style(fill=PANEL, stroke=RULE,
                                                          stroke_width=0.3), rx=1.6),
                          fitted_text(x + width / 2, y + 3.6, title, LEGIBLE_PT, width - 2.0,
                                      font="sans", fill=MUTED, anchor="middle", bold=True)]
    for i, (tier, text) in enumerate(rows):
        cy = y + 7.0 + i * row_h
        fill, dark, _ = TIERS.get(tier, (SILVER, SILVER_DARK, tier.title()))
        name = tier_name(tier, lang)
        strong = solved[i] if i < len(solved) else "turn" in text
        out.append(Circle(x + 4.0, cy - 0.2, 1.35, Style(fill=fill, stroke=dark, stroke_width=0.25)))
        out.append(Text(x + 6.6, cy + 1.0, name.lower(), font="sans", size=6.8, fill=INK))
        out.append(Text(x + width - 2.5, cy + 1.0, text, font="sans", size=6.8,
                        fill=INK if strong else MUTED, anchor="end", bold=strong))
    if marked:
        out.append(fitted_text(x + width / 2, y + height - 1.2, key, LEGIBLE_PT, width - 3.0,
                               font="sans", fill=MUTED, anchor="middle", min_size=LEGIBLE_PT))
    return out, width


__all__ = [
    "LEGIBLE_PT", "count_table", "difficulty", "draw_badge", "draw_count_badge", "without_powers",
]
