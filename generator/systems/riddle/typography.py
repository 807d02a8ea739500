"""Typography, palette and drawing helpers that every riddle print shares.

The page frame (:func:`page`, :func:`footer`), headings and ornaments, paragraphs fitted
in a box (:func:`write`), one-line fitted text, and the tier colours, pills and circles,
so the book, the cards, the player aid and the campaign sheets look like one product.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from generator.systems.riddle import labels
from generator.render.fonts import measure
from generator.render.icons import (
    GOLD,
    GOLD_DARK,
    ICONS,
    INK,
    MUTED,
    PAPER,
    SILVER,
    SILVER_DARK,
    SPHINX,
    icon_builder,
    icon_mover,
    icon_specialist,
    icons_for,
    label_text,
)
from generator.render.scene import (
    MM_PER_PT,
    Circle,
    Element,
    Group,
    Line,
    Polygon,
    Rect,
    Scene,
    Style,
    Text,
    TextBlock,
)
from generator.render.text import FitResult, fit_text


# -- typography and palette ---------------------------------------------------------------

MARGIN = 15.0
"""Page margin (mm) of every riddle print: inside what any home printer can print."""
ACCENT = SPHINX
"""Headings and ornaments: the Sphinx's teal."""
RULE = "#c9bfae"
"""Thin rules between sections."""
PANEL = "#f6f1e6"
"""The tint behind side panels and boxes."""
HEROIC = "#c8643b"
HEROIC_DARK = "#7a3418"
GODLIKE = "#8e5cc2"
GODLIKE_DARK = "#4b2475"
TIERS: Mapping[str, tuple[str, str, str]] = {
    "silver": (SILVER, SILVER_DARK, "Silver"),
    "gold": (GOLD, GOLD_DARK, "Gold"),
    "heroic": (HEROIC, HEROIC_DARK, "Heroic"),
    "godlike": (GODLIKE, GODLIKE_DARK, "Godlike"),
}
"""Tier -> (fill, dark ink, name): the colours of its pill, its circles and its shading."""
TIER_MARKS: Mapping[str, str] = {"silver": "S", "gold": "G", "heroic": "H", "godlike": "★"}
"""The letter (or star) inside a tier's circle: gold and godlike must not share a letter."""
SLOT_COLOURS: Mapping[str, tuple[str, str]] = {"silver": (SILVER, SILVER_DARK),
                                               "gold": (GOLD, GOLD_DARK)}
NARROW_WIDTH = 160.0
"""Pages narrower than this (mm) get the booklet layouts (see :mod:`.booklet`): A5 (148.5)
and half-letter (139.7)."""


def is_narrow(paper: tuple[float, float]) -> bool:
    """True for a booklet's page, which gets the narrow layouts.

    >>> is_narrow((148.5, 210.0)), is_narrow((139.7, 215.9)), is_narrow((210.0, 297.0))
    (True, True, False)
    """
    return paper[0] < NARROW_WIDTH


BODY_SIZE = 9.0
"""Body text size (pt): comfortable at arm's length on A4 and Letter."""
MIN_BODY_SIZE = 7.0
"""Body text never shrinks below this (pt)."""


# -- shared drawing ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Written:
    """A paragraph laid out in a box: the block, the height its lines take, the fit."""

    block: TextBlock
    height: float
    fit: FitResult


def write(markup: str, x: float, y: float, width: float, max_height: float, *,
          lang: str | None, family: str = "sans", size: float = BODY_SIZE,
          min_size: float = MIN_BODY_SIZE, leading: float = 1.25, fill: str = INK,
          align: str = "left", valign: str = "top", icons: bool = True) -> Written:
    """Fit ``markup`` in a box at (x, y) and say how tall its lines are.

    Inline icons (``:die-green:``) are drawn for ``lang`` (a die face shows its colour's
    initial in that language); ``icons=False`` prints their markup as plain text."""
    fit = fit_text(markup, width, max(max_height, 0.0), family=family, max_size=size,
                   min_size=min_size, leading=leading, align=align, valign=valign,
                   icons=icons_for(lang) if icons else None, fill=fill)
    used = fit.lines * fit.size * MM_PER_PT * leading if fit.block.runs or fit.block.icons else 0.0
    return Written(fit.block.at(x, y), min(used, max_height) if fit.fits else used, fit)


def heading(x: float, y: float, text: str, width: float, colour: str = ACCENT) -> list[Element]:
    """A section heading: small capitals on a thin rule; ``y`` is its top."""
    base = y + 3.4
    return [Text(x, base, text.upper(), font="sans", size=8.5, fill=colour, bold=True),
            Line(x + measure(text.upper(), "sans", True, size_pt=8.5) + 2.0, base - 1.1,
                 x + width, base - 1.1, Style(stroke=RULE, stroke_width=0.3))]


HEADING_H = 6.0
"""Height a :func:`heading` takes, gap below included."""


def diamond(cx: float, cy: float, r: float, style: Style) -> Polygon:
    return Polygon(((cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)), style)


def ornament(cx: float, y: float, width: float, colour: str = GOLD_DARK) -> list[Element]:
    """A rule broken by a diamond: the book's section ornament."""
    style = Style(stroke=colour, stroke_width=0.35)
    return [Line(cx - width / 2, y, cx - 2.5, y, style), Line(cx + 2.5, y, cx + width / 2, y, style),
            diamond(cx, y, 1.3, Style(fill=colour))]


def footer(pw: float, ph: float, left: str, number: int | None, right: str = "") -> list[Element]:
    """The running foot: a hairline, the book's title and the page number."""
    y = ph - MARGIN + 6.0
    out: list[Element] = [Line(MARGIN, y - 4.2, pw - MARGIN, y - 4.2,
                               Style(stroke=RULE, stroke_width=0.25))]
    if left:
        out.append(Text(MARGIN, y, left, font="serif", size=7.5, fill=MUTED, italic=True))
    if number is not None:
        out.append(Text(pw / 2, y, str(number), font="serif", size=8.5, fill=INK,
                        anchor="middle"))
    if right:
        out.append(Text(pw - MARGIN, y, right, font="serif", size=7.5, fill=MUTED,
                        italic=True, anchor="end"))
    return out


def page(pw: float, ph: float, children: Sequence[Element], page_id: str) -> Scene:
    """A page on warm white paper."""
    return Scene(pw, ph, (Rect(0, 0, pw, ph, Style(fill=PAPER)), *children), id=page_id)


def fitted_text(x: float, y: float, text: str, size: float, width: float, *, font: str = "serif",
                bold: bool = False, italic: bool = False, fill: str = INK,
                anchor: str = "start", min_size: float = 6.0) -> Text:
    """One line of text, shrunk (not below ``min_size``) until it is at most ``width`` wide."""
    while size > min_size and measure(text, font, bold, italic, size_pt=size) > width:
        size = max(min_size, size - 0.25)
    return Text(x, y, text, font=font, size=size, fill=fill, anchor=anchor, bold=bold,
                italic=italic)


def tier_name(tier: str, lang: str | None) -> str:
    """A tier's name in ``lang`` ('Gold'; the tier itself, titled, when it has none)."""
    return labels.label(f"b-tier-{tier}", lang) if tier in TIERS else tier.title()


def tier_pill(x: float, y: float, tier: str, width: float = 20.0, height: float = 5.6,
              lang: str | None = None) -> list[Element]:
    """A rounded label in the tier's colours."""
    fill, dark, _ = TIERS.get(tier, (SILVER, SILVER_DARK, tier.title()))
    name = tier_name(tier, lang)
    ink = "#ffffff" if tier in ("heroic", "godlike") else INK
    return [Rect(x, y, width, height, Style(fill=fill, stroke=dark, stroke_width=0.3),
                 rx=height / 2),
            Text(x + width / 2, y + height / 2 + 1.1, name.upper(), font="sans", size=7,
                 fill=ink, anchor="middle", bold=True)]


def slot_circle(cx: float, cy: float, r: float, colour: str) -> list[Element]:
    """An empty coin slot: a pale disc ringed in the slot's colour, with a milled edge."""
    fill, dark = SLOT_COLOURS.get(colour, (SILVER, SILVER_DARK))
    return [Circle(cx, cy, r, Style(fill="#ffffff", stroke=dark, stroke_width=0.5)),
            Circle(cx, cy, r * 0.74, Style(stroke=fill, stroke_width=0.55, dash=(0.5, 0.45)))]


def shade_circle(cx: float, cy: float, r: float, tier: str, lang: str | None = None
                 ) -> list[Element]:
    """A circle to shade when an objective is achieved, in its tier's colours; the letter
    inside is the tier's initial in ``lang`` (the star for godlike)."""
    fill, dark, name = TIERS.get(tier, (SILVER, SILVER_DARK, tier))
    if tier in TIERS and tier != "godlike" and lang not in (None, "en"):
        name = tier_name(tier, lang)
        return [Circle(cx, cy, r, Style(fill="#ffffff", stroke=dark, stroke_width=0.5)),
                Circle(cx, cy, r * 0.72, Style(stroke=fill, stroke_width=0.35)),
                label_text(cx, cy, name[:1].upper(), r * 0.8, fill=dark)]
    return [Circle(cx, cy, r, Style(fill="#ffffff", stroke=dark, stroke_width=0.5)),
            Circle(cx, cy, r * 0.72, Style(stroke=fill, stroke_width=0.35)),
            label_text(cx, cy, TIER_MARKS.get(tier, name[:1].upper()), r * 0.8, fill=dark)]


def icon_row(x: float, y: float, size: float, items: Sequence[tuple[tuple[Element, ...], str]],
             width: float, gap: float = 2.5) -> tuple[list[Element], float]:
    """Icons each followed by a short label, wrapping onto new rows; returns height used."""
    out: list[Element] = []
    cx, cy = x, y
    label_size = 7.5
    for drawn, label in items:
        w = size + (1.2 + measure(label, "sans", True, size_pt=label_size) if label else 0.0)
        if cx > x and cx + w > x + width:
            cx, cy = x, cy + size + 1.5
        out.append(Group(tuple(drawn), translate=(cx, cy)))
        if label:
            out.append(Text(cx + size + 1.2, cy + size / 2 + 1.3, label, font="sans",
                            size=label_size, fill=INK, bold=True))
        cx += w + gap
    return out, (cy - y + size) if items else 0.0


def draw_icon(name: str, size: float) -> tuple[Element, ...]:
    """An icon of :data:`ICONS` drawn at the origin (to be moved by :func:`icon_row`)."""
    return ICONS[name](0.0, 0.0, size)


def god_type_icon(kind: str) -> str:
    """The icon name of a god's power type (mover/builder/specialist)."""
    return kind if kind in ("mover", "builder", "specialist") else "feature"


def two_columns(heights: Sequence[float], gap: float) -> list[int]:
    """Which of two columns each block (an island, a section) goes in: in order, the first
    column taking blocks while it stays the taller one by less than the next block's height."""
    total = sum(heights) + gap * len(heights)
    cols: list[int] = []
    used = 0.0
    for h in heights:
        col = 0 if not cols or (cols[-1] == 0 and used + (h + gap) / 2 <= total / 2) else 1
        if col == 0:
            used += h + gap
        cols.append(col)
    return cols


def draw_type_icon(kind: str, x: float, y: float, size: float) -> tuple[Element, ...]:
    """A god type's icon (mover, builder or specialist) with its top-left corner at (x, y)."""
    draw = {"mover": icon_mover, "builder": icon_builder, "specialist": icon_specialist}
    return draw.get(kind, icon_specialist)(x, y, size)


__all__ = [
    "ACCENT", "HEADING_H", "HEROIC", "HEROIC_DARK", "MARGIN", "NARROW_WIDTH", "is_narrow", "PANEL", "RULE", "TIERS", "diamond",
    "draw_icon", "draw_type_icon", "fitted_text", "footer", "god_type_icon", "heading", "icon_row",
    "ornament", "page", "shade_circle", "slot_circle", "tier_name", "tier_pill", "two_columns", "write",
]
