"""Print a fragment deck: card fronts and backs, When cards, tokens, a player aid.

Every card is a :class:`Scene` of card size plus bleed on each side; the
render kit places them on sheets with crop marks and mirrored duplex backs.
"""
from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from generator.pack.model import Document, Pack, pick_text
from generator.render.fonts import measure
from generator.render.geometry import PAPERS
from generator.render.labels import LABELS, label
from generator.render.pdf import document_to_pdf
from generator.render.scene import (
    Circle, Document as PdfDocument, Line, Rect, Scene, Style, Text,
)
from generator.render.sheets import (
    back_offset_setting, calibration_page, card_sheet_pages, gutter_setting, interleave_duplex, sheet_layouts,
)
from generator.render.svg import scene_to_svg
from generator.render.text import FitResult, fit_text
from generator.systems import Artefact, Options, ProgressFn, stamp_of
from generator.systems.fragments.art import BACK_ART, dress
from generator.systems.fragments.layout import (
    INK, CardGeometry, _escape_markup, card_geometry,
)
from generator.systems.fragments.settings import GameSettings
from generator.systems.fragments.sim import score_riddle
from generator.systems.token_art import NO_TOKEN_ART, ROUND_BLEED, TokenArt, TokenKind, token_art_of

# --------------------------------------------------------------------------- cards


def _frame(geo: CardGeometry, fill: str, accent: str) -> list[Any]:
    """The background to the bleed edge and a double frame in the safe zone.

    The outer frame line's outside edge lies ``print.safe`` inside the trim, so
    a duplex drift of a millimetre or two never shows as uneven borders.
    """
    b = geo.bleed
    full = Rect(0, 0, geo.width + 2 * b, geo.height + 2 * b, Style(fill=fill))
    outer = geo.safe + 0.25  # half the 0.5 mm stroke
    inner = Rect(b + outer, b + outer, geo.width - 2 * outer, geo.height - 2 * outer,
                 Style(stroke=accent, stroke_width=0.5), rx=2.5)
    second = geo.safe + 1.0
    inner2 = Rect(b + second, b + second, geo.width - 2 * second, geo.height - 2 * second,
                  Style(stroke=accent, stroke_width=0.2), rx=2)
    return [full, inner, inner2]


def _diamond(cx: float, cy: float, r: float, colour: str) -> Any:
    from generator.render.scene import Polygon

    return Polygon(((cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)), Style(fill=colour))


def _category_name(category: str, lang: str | None) -> str:
    """A category as printed: from the label catalogue, or the id's words for a new one."""
    key = f"category-{category}"
    return label(key, lang) if key in LABELS else category.replace("-", " ")


def fragment_front(card: Document, number: int, total: int, geo: CardGeometry,
                   settings: GameSettings, lang: str | None) -> Scene:
    b = geo.bleed
    cx = b + geo.width / 2
    accent = settings.accent
    parts: list[Any] = _frame(geo, settings.colour, accent)
    category = _category_name(str(card.data.get("category", "")), lang).upper()
    if category:
        parts.append(Text(cx, b + 10.0, category, font="sans", size=6.5, fill=accent,
                          anchor="middle", bold=True))
    parts.append(Line(cx - 12, b + 12.2, cx - 2.5, b + 12.2, Style(stroke=accent, stroke_width=0.3)))
    parts.append(Line(cx + 2.5, b + 12.2, cx + 12, b + 12.2, Style(stroke=accent, stroke_width=0.3)))
    parts.append(_diamond(cx, b + 12.2, 1.0, accent))
    x, y, w, h = geo.text_box
    fit = fit_text(_escape_markup(pick_text(card.data["text"], lang)), w, h, family="serif",
                   max_size=settings.font_size, min_size=settings.min_font_size,
                   align="center", valign="middle", fill=INK)
    parts.append(fit.block.at(x, y))
    bottom = b + geo.height
    parts.append(Line(cx - 8, bottom - 11.5, cx + 8, bottom - 11.5, Style(stroke=accent, stroke_width=0.3)))
    parts.append(Text(cx, bottom - 7.2, pick_text(settings.subtitle, lang), font="serif", size=7,
                      fill=accent, anchor="middle", italic=True))
    # A millimetre clear of the inner frame line (its inside edge is safe + 1.1 mm in).
    parts.append(Text(b + geo.width - geo.safe - 2.5, bottom - geo.safe - 2.7,
                      f"{number}/{total}", font="sans", size=6.0, fill=accent, anchor="end"))
    return Scene(geo.width + 2 * b, geo.height + 2 * b, tuple(parts), id=f"card-{card.id}")


def fragment_back(geo: CardGeometry, settings: GameSettings, lang: str | None) -> Scene:
    b = geo.bleed
    cx, cy = b + geo.width / 2, b + geo.height / 2
    accent = settings.back_accent
    parts: list[Any] = _frame(geo, settings.back_colour, accent)
    oy = cy - 9
    for r, width in ((19.0, 0.6), (16.5, 0.25), (13.5, 0.25)):
        parts.append(Circle(cx, oy, r, Style(stroke=accent, stroke_width=width)))
    for i in range(12):
        angle = math.radians(i * 30)
        parts.append(_diamond(cx + 21.5 * math.cos(angle), oy + 21.5 * math.sin(angle), 0.9, accent))
    parts.append(Text(cx, oy + 12.5, "?", font="serif", size=66, fill=accent, anchor="middle", bold=True))
    title = fit_text(_escape_markup(pick_text(settings.back_title, lang)), geo.width - 16, 10,
                     family="serif", max_size=13, min_size=7, align="center", valign="middle",
                     fill=accent)
    parts.append(title.block.at(b + 8, b + geo.height - 26))
    motto = pick_text(settings.back_motto, lang)
    if motto:
        parts.append(Text(cx, b + geo.height - 12.5, motto, font="serif", size=7, fill=accent,
                          anchor="middle", italic=True))
    return Scene(geo.width + 2 * b, geo.height + 2 * b, tuple(parts), id="card-back")


def when_side(card: Document, side: str, geo: CardGeometry, settings: GameSettings,
              lang: str | None) -> Scene:
    b = geo.bleed
    dark = side == "except"
    fill = settings.accent if dark else settings.colour
    ink = settings.colour if dark else settings.accent
    parts: list[Any] = _frame(geo, fill, ink)
    cx = b + geo.width / 2
    parts.append(Text(cx, b + 10.0, label("when-card", lang), font="sans", size=6.5, fill=ink,
                      anchor="middle", bold=True))
    x, y, w, h = geo.text_box
    fit = fit_text("*" + _escape_markup(pick_text(card.data.get(side, ""), lang)) + "*", w, h / 2,
                   family="serif", max_size=22, min_size=settings.min_font_size, align="center",
                   valign="middle", fill=ink)
    parts.append(fit.block.at(x, y + h / 4))
    other = label("when-turn-except" if side == "only" else "when-turn-only", lang)
    parts.append(Text(cx, b + geo.height - 9, other, font="sans",
                      size=6.0, fill=ink, anchor="middle", italic=True))
    return Scene(geo.width + 2 * b, geo.height + 2 * b, tuple(parts), id=f"card-{card.id}-{side}")


# --------------------------------------------------------------------------- sheets


def _paper(pack: Pack, options: Options) -> str:
    return options.paper or pack.data.get("print", {}).get("paper", "a4")


def build_artefacts(pack: Pack, settings: GameSettings, options: Options,
                    progress: ProgressFn) -> list[Artefact]:
    lang = options.lang
    geo = card_geometry(pack, settings)
    paper = _paper(pack, options)
    print_cfg = pack.data.get("print", {})
    crop = bool(print_cfg.get("crop_marks", True))
    gutter = gutter_setting(options.extra.get("gutter"), print_cfg.get("gutter"))
    offset = back_offset_setting(options.back_offset, print_cfg)
    stamp = stamp_of(pack, options)
    cards = sorted(pack.of_kind("fragment-card"), key=lambda d: (str(d.data.get("category", "")), d.id))
    whens = sorted(pack.of_kind("when-card"), key=lambda d: d.id)
    total = sum(int(c.data.get("copies", 1)) for c in cards)
    title = pick_text(settings.title, lang)
    artefacts: list[Artefact] = []

    back = dress(fragment_back(geo, settings, lang), settings.document, "any", pack, geo, BACK_ART)
    fronts: list[Scene] = []
    backs: list[Scene] = []
    when_fronts: list[Scene] = []
    when_backs: list[Scene] = []
    number = 0
    for i, card in enumerate(cards):
        if i % 20 == 0:
            progress(f"{pack.id}: cards {i + 1}-{min(i + 20, len(cards))} of {len(cards)}")
        front = None
        for _ in range(int(card.data.get("copies", 1))):
            number += 1
            front = dress(fragment_front(card, number, total, geo, settings, lang), card, "front",
                          pack, geo)
            fronts.append(front)
            backs.append(dress(back, card, "back", pack, geo))
        assert front is not None
        artefacts.append(Artefact(f"svg/cards/{card.id}.svg", scene_to_svg(front)))
    artefacts.append(Artefact("svg/cards/_back.svg", scene_to_svg(back)))
    for when in whens:
        only = dress(when_side(when, "only", geo, settings, lang), when, "front", pack, geo)
        exc = dress(when_side(when, "except", geo, settings, lang), when, "back", pack, geo)
        for _ in range(int(when.data.get("copies", 1))):
            when_fronts.append(only)
            when_backs.append(exc)
        artefacts.append(Artefact(f"svg/cards/{when.id}-only.svg", scene_to_svg(only)))
        artefacts.append(Artefact(f"svg/cards/{when.id}-except.svg", scene_to_svg(exc)))

    progress(f"{pack.id}: card sheets")
    layout, wide = sheet_layouts(PAPERS[paper], geo.width, geo.height, geo.bleed, gutter)
    # Each deck on sheets of its own, in one layout: the When cards' colours differ at the
    # cut, which would otherwise turn the fragment deck's last sheet to another layout.
    front_pages, back_pages = card_sheet_pages(fronts, backs, layout, crop_marks=crop,
                                               back_offset=offset, label=f"{title} \u2014 {pack.id}",
                                               gutter_layout=wide, lang=lang,
                                               stamp=stamp.text("fragments"))
    if when_fronts:
        more = card_sheet_pages(when_fronts, when_backs, layout, crop_marks=crop,
                                back_offset=offset, label=f"{title} \u2014 {label('aid-when', lang)}",
                                gutter_layout=wide, lang=lang, stamp=stamp.text("when"))
        front_pages += tuple(replace(p, id=f"when-{p.id}") for p in more[0])
        back_pages += tuple(replace(p, id=f"when-{p.id}") for p in more[1])
    author = str(pack.data.get("author", ""))
    subject = "Riddle Craft card sheets"
    artefacts.append(Artefact("print/cards-fronts.pdf", document_to_pdf(
        PdfDocument(tuple(front_pages), title=f"{title}: card fronts", author=author, subject=subject))))
    artefacts.append(Artefact("print/cards-backs.pdf", document_to_pdf(
        PdfDocument(tuple(back_pages), title=f"{title}: card backs", author=author, subject=subject))))
    artefacts.append(Artefact("print/cards-duplex.pdf", document_to_pdf(
        PdfDocument(tuple(interleave_duplex(front_pages, back_pages)),
                    title=f"{title}: cards for duplex printing", duplex=True, author=author, subject=subject))))
    progress(f"{pack.id}: tokens, aid, calibration")
    artefacts.append(Artefact("print/tokens.pdf", document_to_pdf(
        PdfDocument((token_sheet(settings, PAPERS[paper], title, lang, token_art_of(pack)),), title=f"{title}: tokens",
                    author=author, subject=subject))))
    artefacts.append(Artefact("print/player-aid.pdf", document_to_pdf(
        PdfDocument((player_aid(settings, PAPERS[paper], title, lang),), title=f"{title}: player aid",
                    author=author, subject=subject))))
    artefacts.append(Artefact("print/calibration.pdf", document_to_pdf(
        PdfDocument(tuple(calibration_page(paper, offset, lang)), title=f"{title}: printer calibration",
                    author=author, subject=subject, duplex=True))))
    return artefacts


# --------------------------------------------------------------------------- tokens and aid

TOKEN_DIAMETER = 22.0
TOKEN_CUT = TOKEN_DIAMETER + 3.0
"""Diameter (mm) of a token's dashed cut circle: a white ring of 1.5 mm around the disc."""
VALID_COLOUR = "#2e7d32"
INVALID_COLOUR = "#b3261e"
TOKEN_KEYS = {"valid": ("valid", "answer"), "invalid": ("invalid", "answer")}
"""The ``print.tokens`` keys each answer token looks up, most specific first."""


def token_kinds() -> list[TokenKind]:
    """The keys of ``print.tokens`` the answer tokens answer to."""
    return [TokenKind(k, TOKEN_CUT, True, ROUND_BLEED) for k in ("valid", "invalid", "answer")]


def dressed_token(cx: float, cy: float, which: str, art: TokenArt) -> list[Any]:
    """The ``valid`` or ``invalid`` answer token centred on (cx, cy), with its artwork."""
    mark, colour, points = (("\u2714", VALID_COLOUR, "+1") if which == "valid"
                            else ("\u2718", INVALID_COLOUR, "\u22121"))
    r = TOKEN_CUT / 2
    return list(art.dress(token_parts(cx, cy, mark, colour, points), TOKEN_KEYS[which], TOKEN_CUT,
                          True, ROUND_BLEED, (cx - r, cy - r)))


def token_parts(cx: float, cy: float, mark: str, colour: str, points: str) -> list[Any]:
    """One answer token (a disc of ``TOKEN_DIAMETER``) centred on (cx, cy)."""
    r = TOKEN_DIAMETER / 2
    return [Circle(cx, cy, r, Style(fill=colour)),
            Circle(cx, cy, r - 1.5, Style(stroke="#ffffff", stroke_width=0.4)),
            Text(cx, cy + 3.2, mark, font="sans", size=22, fill="#ffffff", anchor="middle", bold=True),
            Text(cx, cy + 8.2, points, font="sans", size=6, fill="#ffffff", anchor="middle", bold=True)]


def token_sheet(settings: GameSettings, paper: tuple[float, float], title: str,
                lang: str | None = None, art: TokenArt = NO_TOKEN_ART) -> Scene:
    pw, ph = paper
    parts: list[Any] = [
        Text(pw / 2, 18, label("tokens-title", lang, title=title), font="serif", size=16,
             fill=INK, anchor="middle", bold=True),
        Text(pw / 2, 25, label("tokens-how", lang), font="sans", size=8, fill=INK,
             anchor="middle"),
    ]
    tokens = ["valid"] * settings.valid_tokens + ["invalid"] * settings.invalid_tokens
    pitch = TOKEN_DIAMETER + 6
    cols = max(1, int((pw - 30) // pitch))
    x0 = (pw - cols * pitch) / 2 + pitch / 2
    y0 = 38 + pitch / 2
    for i, which in enumerate(tokens):
        cx, cy = x0 + (i % cols) * pitch, y0 + (i // cols) * pitch
        cut = Circle(cx, cy, TOKEN_CUT / 2, Style(stroke="#777777", stroke_width=0.2, dash=(1.2, 1.0)))
        drawn = dressed_token(cx, cy, which, art)
        # A picture bleeds past the cut line: the line is drawn over it.
        over = art.keys_for(TOKEN_KEYS[which]) is not None
        parts.extend([*drawn, cut] if over else [cut, *drawn])
    rows = (len(tokens) + cols - 1) // cols
    y = y0 + rows * pitch + 4
    parts.append(Rect(pw / 2 - 25, y, 50, 0.01, Style(stroke="#000000", stroke_width=0.3)))
    parts.append(Text(pw / 2, y + 5, label("line-50mm", lang), font="sans", size=6.5,
                      fill=INK, anchor="middle"))
    return Scene(pw, ph, tuple(parts), id="tokens")


AID_SECTIONS = ("aid-setup", "aid-turn", "aid-challenge", "aid-when", "aid-end")
"""The player aid's sections: label keys of the heading; the text is under ``<key>-text``."""


def player_aid(settings: GameSettings, paper: tuple[float, float], title: str, lang: str | None) -> Scene:
    pw, ph = paper
    margin = 18.0
    parts: list[Any] = [
        Rect(margin - 6, margin - 6, pw - 2 * (margin - 6), ph - 2 * (margin - 6),
             Style(stroke=settings.accent, stroke_width=0.6), rx=3),
        Text(pw / 2, margin + 8, f"{title}", font="serif", size=22, fill=settings.accent,
             anchor="middle", bold=True),
        Text(pw / 2, margin + 15, label("player-aid", lang), font="serif", size=11, fill=INK,
             anchor="middle", italic=True),
    ]
    y = margin + 24
    width = pw - 2 * margin
    for key in AID_SECTIONS:
        text = label(f"{key}-text", lang, valid=settings.valid_tokens,
                     invalid=settings.invalid_tokens, hand=settings.hand_size)
        parts.append(Text(margin, y + 4, label(key, lang).upper(), font="sans", size=9,
                          fill=settings.accent, bold=True))
        fit = fit_text(text, width, 40, family="serif", max_size=10, min_size=10, leading=1.3)
        used = _used_height(fit)
        parts.append(fit.block.at(margin, y + 6.5))
        y += 6.5 + used + 5
    parts.append(Text(margin, y + 4, luck_heading(settings.pyl_players, lang), font="sans",
                      size=9, fill=settings.accent, bold=True))
    intro = label("aid-luck-text", lang, target=settings.target)
    fit = fit_text(intro, width, 30, family="serif", max_size=10, min_size=10, leading=1.3)
    parts.append(fit.block.at(margin, y + 6.5))
    y += 6.5 + _used_height(fit) + 4
    # One cell per length the table lists; the last holds every longer riddle too, as the
    # game scores it (sim.score_riddle).
    n = len(settings.scoring)
    heads = (label("aid-cards", lang), label("aid-points", lang))
    head = max(min(18.0, width / (n + 1)),
               max(measure(h, "sans", True, size_pt=8) for h in heads) + 2.0)
    cell = min(18.0, (width - head) / n)
    parts.append(Text(margin, y + 6, heads[0], font="sans", size=8, fill=INK, bold=True))
    parts.append(Text(margin, y + 13, heads[1], font="sans", size=8, fill=INK, bold=True))
    for i in range(n):
        x = margin + head + cell * i
        count = f"{i + 1}+" if i == n - 1 else str(i + 1)
        points = str(score_riddle(i + 1, settings.scoring))
        parts.append(Rect(x, y, cell, 16, Style(stroke=settings.accent, stroke_width=0.3)))
        parts.append(Text(x + cell / 2, y + 6, count, font="sans", size=_fitting(count, False, 8, cell),
                          fill=INK, anchor="middle"))
        parts.append(Text(x + cell / 2, y + 13, points, font="sans",
                          size=_fitting(points, True, 9, cell), fill=INK, anchor="middle",
                          bold=True))
    return Scene(pw, ph, tuple(parts), id="player-aid")


def _fitting(text: str, bold: bool, size: float, cell: float) -> float:
    """``size``, or less when ``text`` would not fit a cell ``cell`` mm wide with 1 mm spare."""
    wide = measure(text, "sans", bold, size_pt=size)
    return size if wide <= cell - 1.0 else round(size * (cell - 1.0) / wide, 2)


def luck_heading(players: tuple[int, ...], lang: str | None) -> str:
    """The press-your-luck heading with the player counts the game document allows.

    >>> luck_heading((1, 2, 3, 4), "en"), luck_heading((2,), "fr"), luck_heading((1, 2, 4), "en")
    ('PRESS YOUR LUCK (1–4 PLAYERS)', 'QUITTE OU DOUBLE (2 JOUEURS)', 'PRESS YOUR LUCK (1, 2 OR 4 PLAYERS)')
    >>> luck_heading((1,), "fr"), luck_heading((), "en")
    ('QUITTE OU DOUBLE (1 JOUEUR)', 'PRESS YOUR LUCK')
    """
    counts = sorted(set(players))
    if not counts:
        return label("aid-luck-plain", lang)
    if len(counts) == 1:
        return label("aid-luck-one" if counts[0] == 1 else "aid-luck-some", lang,
                     players=counts[0])
    if len(counts) > 2 and counts == list(range(counts[0], counts[-1] + 1)):
        words = label("aid-luck-range", lang, low=counts[0], high=counts[-1])
    else:
        words = label("aid-luck-or", lang, some=", ".join(str(c) for c in counts[:-1]),
                      last=counts[-1])
    return label("aid-luck-some", lang, players=words)


def _used_height(fit: FitResult) -> float:
    runs = fit.block.runs
    if not runs:
        return 0.0
    return float(max(r.y for r in runs) + fit.size * 0.3528 * 0.3)
