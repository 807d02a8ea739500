"""The tower pack's god cards as cards: fronts, a back per side, duplex sheets and SVGs.

The book's god page lists the cards; these are the cards themselves, poker size
by default (the pack's ``print.card``), with the sheet rules of every deck:
bleed, the safe zone (``print.safe``), the auto gutter and crop marks 5 mm from
the paper edge. Easy and expert cards have different backs, so each side can be
shuffled apart.

>>> SIDE_COLOURS["easy"] != SIDE_COLOURS["expert"]
True
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from generator.pack.model import Pack
from generator.systems.tower import labels
from generator.render.geometry import parse_length, resolve_card_size
from generator.render.icons import INK, PAPER
from generator.render.scene import Element, Line, Rect, Scene, Style, Text
from generator.render.sheets import (
    Stamp,
    back_offset_setting,
    card_sheet_pages,
    gutter_setting,
    sheet_layouts,
)
from generator.render.text import fit_text
from generator.systems import Options, stamp_of
from generator.systems.tower.model import Variant
from generator.systems.tower.render import escape_markup, text_of

SIDE_COLOURS = {"easy": "#3e7a4f", "expert": "#8e3b2f"}
"""The header and back colour of each side."""


@dataclass(frozen=True, slots=True)
class TowerCards:
    """Card size (trim), bleed, safe zone and sheet options of the tower pack."""

    width: float
    height: float
    bleed: float
    safe: float
    gutter: str | float
    crop_marks: bool
    back_offset: tuple[float, float]
    stamp: Stamp = Stamp()  # print.stamp: off unless the pack asks


def card_options(pack: Pack, options: Options) -> TowerCards:
    """The pack's ``print`` settings for god cards (poker, 3 mm bleed, 3 mm safe zone)."""
    cfg = pack.data.get("print", {})
    w, h = resolve_card_size(cfg.get("card", "poker"))
    return TowerCards(w, h, parse_length(cfg.get("bleed", 3.0)), parse_length(cfg.get("safe", 3.0)),
                      gutter_setting(options.extra.get("gutter"), cfg.get("gutter")),
                      bool(cfg.get("crop_marks", True)),
                      back_offset_setting(options.back_offset, cfg), stamp_of(pack, options))


def god_card_front(v: Variant, s: TowerCards, lang: str | None) -> Scene:
    """A god card's face: its side's colour band, the name, and the rule it changes."""
    b = s.bleed
    W, H = s.width + 2 * b, s.height + 2 * b
    colour = SIDE_COLOURS.get(v.difficulty, "#555555")
    # Text keeps a millimetre inside the frame line, whose inside edge is safe + 0.5 mm in.
    inset = s.safe + 1.5
    band = b + inset + 13.0
    parts: list[Element] = [
        Rect(0, 0, W, H, Style(fill=PAPER)),
        Rect(0, 0, W, band, Style(fill=colour)),
        Rect(b + s.safe + 0.25, b + s.safe + 0.25, s.width - 2 * s.safe - 0.5,
             s.height - 2 * s.safe - 0.5, Style(stroke=colour, stroke_width=0.5), rx=2.0),
    ]
    name = fit_text(f"**{escape_markup(text_of(v.name, lang))}**", s.width - 2 * inset, 8.0,
                    family="serif", max_size=14, min_size=8, align="center", valign="middle",
                    fill="#ffffff")
    parts.append(name.block.at(b + inset, b + inset))
    side_key = f"side-{v.difficulty}"
    side = labels.label(side_key, lang) if side_key in labels.LABELS else v.difficulty
    parts.append(Text(W / 2, band - 1.6, side.upper(),
                      font="sans", size=6.0, fill="#f3ead2", anchor="middle", bold=True))
    text = text_of(v.text, lang) if v.text else ", ".join(h for h, _ in v.hooks)
    body = fit_text(escape_markup(" ".join(text.split())), s.width - 2 * inset - 2.0,
                    H - b - inset - band - 6.0, family="serif", max_size=10, min_size=6.5,
                    align="center", valign="middle", fill=INK)
    parts.append(body.block.at(b + inset + 1.0, band + 3.0))
    return Scene(W, H, tuple(parts), id=f"god-{v.id}")


def god_card_back(side: str, s: TowerCards, title: str, lang: str | None = None) -> Scene:
    """The back of every card of one side."""
    b = s.bleed
    W, H = s.width + 2 * b, s.height + 2 * b
    colour = SIDE_COLOURS.get(side, "#555555")
    cx, cy = W / 2, H / 2
    parts: list[Element] = [
        Rect(0, 0, W, H, Style(fill=colour)),
        Rect(b + s.safe + 0.25, b + s.safe + 0.25, s.width - 2 * s.safe - 0.5,
             s.height - 2 * s.safe - 0.5, Style(stroke="#f3ead2", stroke_width=0.5), rx=2.0),
        Line(cx - 16, cy + 6, cx + 16, cy + 6, Style(stroke="#f3ead2", stroke_width=0.4)),
        Text(cx, cy, labels.label("tower-god-card", lang), font="serif", size=14, fill="#ffffff",
             anchor="middle", bold=True),
        Text(cx, cy + 13, (labels.label(f"side-{side}-short", lang)
                           if f"side-{side}-short" in labels.LABELS else side).upper(),
             font="sans", size=9, fill="#f3ead2", anchor="middle", bold=True),
    ]
    label = fit_text(escape_markup(title), s.width - 2 * (s.safe + 3.0), 6.0, family="serif",
                     max_size=8, min_size=6, align="center", valign="middle", fill="#f3ead2")
    parts.append(label.block.at(b + s.safe + 3.0, b + s.height - s.safe - 10.0))
    return Scene(W, H, tuple(parts), id=f"god-back-{side}")


def god_cards(variants: tuple[Variant, ...], s: TowerCards, lang: str | None, title: str
              ) -> tuple[list[Scene], list[Scene]]:
    """(fronts, backs) of every god card, in the variants' order."""
    return ([god_card_front(v, s, lang) for v in variants],
            [god_card_back(v.difficulty, s, title, lang) for v in variants])


def god_card_sheets(variants: tuple[Variant, ...], s: TowerCards, paper: tuple[float, float],
                    lang: str | None, title: str) -> tuple[tuple[Scene, ...], tuple[Scene, ...]]:
    """(front pages, back pages) of every god card, easy side first."""
    fronts, backs = god_cards(variants, s, lang, title)
    layout, wide = sheet_layouts(paper, s.width, s.height, s.bleed, s.gutter)
    return card_sheet_pages(fronts, backs, layout, s.crop_marks, s.back_offset,
                            label=f"{title} — {labels.label('god-cards', lang)}",
                            gutter_layout=wide, lang=lang, stamp=s.stamp.text("god-cards"))


def iter_god_card_svgs(variants: tuple[Variant, ...], s: TowerCards, lang: str | None,
                       title: str) -> Iterator[tuple[str, Scene]]:
    """(path, scene) of one SVG per card and one per side's back."""
    for v in variants:
        yield f"svg/cards/god-{v.id}.svg", god_card_front(v, s, lang)
    for side in sorted({v.difficulty for v in variants}):
        yield f"svg/cards/_god-back-{side}.svg", god_card_back(side, s, title, lang)


__all__ = ["SIDE_COLOURS", "TowerCards", "card_options", "god_card_back", "god_card_front",
           "god_card_sheets", "god_cards", "iter_god_card_svgs"]
