"""God cards and blessing cards: fronts, backs, duplex sheets, and their text check.

Every card is a scene of card size plus the bleed on each side; the text boxes
of a card are fixed (:func:`god_boxes`, :func:`blessing_boxes`), so the same
boxes serve drawing and :func:`iter_card_overflow`, which reports text that does
not fit at its minimum size as RS-R001 at the YAML line of the field.

A god card shows its power type's colour and symbol, its name and number, the
pieces it brings from the box (as piece icons with counts), its power, its quest
and the quest's reward (the default quest when the card names none). A blessing
card shows its number in a blessing hexagon, its name and its one-time power.
Gods and blessings share a size, since blessing cards join the god deck.

>>> s = CardSettings(63.5, 88.9, 3.0, 0.0, True)
>>> god_boxes(s)["power"].h > god_boxes(s)["reward"].h
True
"""
from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.diagnostics import Diagnostic, make, pointer_of
from generator.pack.model import Document, Pack, pick_text
from generator.render.fonts import measure
from generator.systems.riddle.labels import LABELS, label
from generator.render.geometry import Box, parse_length, resolve_card_size, resolve_paper
from generator.render.icons import (
    BLESSING,
    GOD_TYPES,
    GOLD,
    ICONS,
    INK,
    MUTED,
    icon_blessing,
    icon_sphinx,
    icons_for,
    label_text,
)
from generator.render.scene import Circle, Element, Group, Line, Rect, Scene, Style, Text
from generator.render.sheets import Stamp, card_sheet_pages, gutter_setting, sheet_layouts
from generator.render.text import FitResult, diagnose_fit, fit_text
from generator.systems import Options, stamp_of
from generator.systems.art import iter_art_problems, iter_map_art_problems, with_art
from generator.systems.riddle.typography import diamond, draw_type_icon, fitted_text
from generator.systems.riddle.wording import PIECE_ICONS
from generator.systems.riddle.content import RiddleContent
from generator.systems.riddle.box import BlessingCard, GodCard
from generator.systems.riddle.stage import models_of


SAFE = 4.5
"""Distance (mm) from the cut to any text at the default ``print.safe``: the frame line's
inside edge (safe + 0.45 mm) and a millimetre more."""
DEFAULT_SAFE = 3.0
"""``print.safe``: frames and text at least this far (mm) inside the trim."""
DEFAULT_QUEST = label("default-quest", "en")
DEFAULT_REWARD = label("default-reward", "en")
"""RULES 1: the quest and reward of a god card that names none."""
CARD_INK = INK


@dataclass(frozen=True, slots=True)
class CardSettings:
    """Card size (trim, mm), bleed, gutter and crop marks of the pack's card sheets.

    ``gutter`` is a mode of :data:`~generator.render.sheets.GUTTER_MODES` or a
    length; ``safe`` is the frame's distance inside the trim (text keeps a
    millimetre inside the frame line); ``pack_sheets`` lets decks of one size share sheets.
    """

    width: float
    height: float
    bleed: float
    gutter: str | float
    crop_marks: bool
    safe: float = DEFAULT_SAFE
    pack_sheets: bool = False
    stamp: Stamp = Stamp()  # print.stamp: off unless the pack asks

    @property
    def text_inset(self) -> float:
        """Distance (mm) from the cut to any text."""
        return max(SAFE, self.safe + 1.5)

    @property
    def extra(self) -> float:
        """How much further in than the default a wide ``print.safe`` pushes the top lines."""
        return self.text_inset - SAFE


def card_settings(pack: Pack, options: Options) -> CardSettings:
    """The pack's ``print`` settings for cards: poker size and 3 mm bleed by default."""
    cfg = pack.data.get("print", {})
    w, h = resolve_card_size(cfg.get("card", "poker"))
    return CardSettings(w, h, parse_length(cfg.get("bleed", 3.0)),
                        gutter_setting(options.extra.get("gutter"), cfg.get("gutter")),
                        bool(cfg.get("crop_marks", True)),
                        parse_length(cfg.get("safe", DEFAULT_SAFE)),
                        bool(options.extra.get("pack_sheets", cfg.get("pack_sheets", False))),
                        stamp_of(pack, options))


def _scale(s: CardSettings) -> float:
    """Boxes are designed on a poker card and scale with the card's width."""
    return s.width / 63.5


def god_boxes(s: CardSettings) -> dict[str, Box]:
    """The text boxes of a god card, in card-scene coordinates (bleed included)."""
    k = _scale(s)
    b = s.bleed
    inset = s.text_inset
    w = s.width - 2 * inset
    bottom = b + s.height - inset
    reward_h = 8.0 * k
    quest_h = 13.0 * k
    return {
        # In the colour band, a millimetre below the frame line (inside edge safe + 0.45).
        "name": Box(b + inset + 12.5 * k, b + 4.2 * k + s.extra, w - 12.5 * k - 8.5 * k, 7.0 * k),
        "power": Box(b + inset, b + 32.0 * k + s.extra, w, bottom - reward_h - quest_h - 6.5 * k
                     - (b + 32.0 * k + s.extra)),
        "quest": Box(b + inset, bottom - reward_h - quest_h - 0.8 * k, w, quest_h),
        "reward": Box(b + inset, bottom - reward_h, w, reward_h),
    }


def blessing_boxes(s: CardSettings) -> dict[str, Box]:
    """The text boxes of a blessing card, in card-scene coordinates (bleed included)."""
    k = _scale(s)
    b = s.bleed
    inset = s.text_inset
    w = s.width - 2 * inset
    return {
        "name": Box(b + inset, b + 33.0 * k, w, 8.0 * k),
        "text": Box(b + inset + 1.0, b + 44.0 * k, w - 2.0, s.height - inset - 10.0 * k - 44.0 * k),
    }


TEXT_SIZES: Mapping[str, tuple[str, float, float]] = {
    "name": ("serif", 13.0, 8.0),
    "power": ("serif", 8.5, 6.5),
    "quest": ("serif", 8.0, 6.5),
    "reward": ("serif", 8.0, 6.5),
    "text": ("serif", 10.0, 7.0),
}
"""Field -> (family, size, minimum size) in pt."""


def fit_field(field: str, markup: str, box: Box, *, lang: str | None, fill: str = CARD_INK,
              align: str = "left", valign: str = "top") -> FitResult:
    """Fit a card field; inline icons drawn for ``lang`` (see :func:`.icons.icons_for`)."""
    family, size, low = TEXT_SIZES[field]
    bold = field == "name"
    return fit_text(f"**{markup}**" if bold and markup else markup, box.w, box.h, family=family,
                    max_size=size, min_size=low, align=align, valign=valign, icons=icons_for(lang),
                    fill=fill)


def _tint(colour: str, amount: float) -> str:
    """``colour`` mixed with white (amount 0: white, 1: the colour)."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    mix = [round(255 - (255 - c) * amount) for c in (r, g, b)]
    return "#" + "".join(f"{c:02x}" for c in mix)


def _frame(s: CardSettings, colour: str) -> list[Element]:
    """A frame line whose outside edge lies ``print.safe`` inside the trim."""
    b = s.bleed
    inset = s.safe + 0.225
    return [Rect(b + inset, b + inset, s.width - 2 * inset, s.height - 2 * inset,
                 Style(stroke=colour, stroke_width=0.45), rx=2.2)]


def _label(x: float, y: float, text: str, colour: str, size: float = 6.0) -> Text:
    return Text(x, y, text.upper(), font="sans", size=size, fill=colour, bold=True)


def god_front(god: GodCard, s: CardSettings, lang: str | None, pack_title: str) -> Scene:
    """A god card's face."""
    k = _scale(s)
    b = s.bleed
    W, H = s.width + 2 * b, s.height + 2 * b
    colour = GOD_TYPES.get(god.type, "#555555")
    boxes = god_boxes(s)
    band = b + 17.5 * k + s.extra
    parts: list[Element] = [Rect(0, 0, W, H, Style(fill=_tint(colour, 0.10))),
                            Rect(0, 0, W, band, Style(fill=colour))]
    parts.append(Line(0, band, W, band, Style(stroke=GOLD, stroke_width=0.6)))
    parts += _frame(s, colour)
    parts.append(Group(draw_type_icon(god.type, b + s.text_inset - 0.5, b + 3.0 * k + s.extra,
                                  11.0 * k)))
    name = fit_field("name", _escape(_text(god.name, lang)), boxes["name"], fill="#ffffff", lang=lang)
    parts.append(name.block.at(boxes["name"].x, boxes["name"].y))
    kind_key = f"kind-{god.type}"
    type_name = label(kind_key, lang) if kind_key in LABELS else god.type.title()
    parts.append(_label(boxes["name"].x, b + 14.3 * k + s.extra,
                        label("god-kind", lang, kind=type_name), "#f3ead2",
                        max(6.0, 6.0 * k)))
    if god.number is not None:
        cx, cy = b + s.width - s.text_inset - 3.4 * k, b + 7.0 * k + s.extra
        parts.append(Circle(cx, cy, 3.4 * k, Style(fill="#ffffff", stroke=GOLD, stroke_width=0.4)))
        parts.append(label_text(cx, cy, str(god.number), 3.2 * k, fill=colour, font="serif"))
    # The pieces the card takes from the box.
    y = b + 20.5 * k + s.extra
    parts.append(_label(b + s.text_inset, y + 4.2 * k, label("god-brings", lang), MUTED, 6.0))
    x = b + s.text_inset + 11.0 * k
    for i, n in enumerate(god.pieces):
        if not n:
            continue
        parts.append(Group(ICONS[PIECE_ICONS[i]](x, y, 7.0 * k)))
        parts.append(Text(x + 7.4 * k, y + 5.2 * k, f"×{n}", font="sans", size=8 * k, fill=INK,
                          bold=True))
        x += 15.0 * k
    for field, title in (("power", label("god-power", lang)), ("quest", label("god-quest", lang))):
        box = boxes[field]
        parts.append(_label(box.x, box.y - 1.4 * k, title, colour, 6.2 * k))
        rule_x = box.x + measure(title.upper(), "sans", True, size_pt=6.2 * k) + 1.5
        parts.append(Line(rule_x, box.y - 2.2 * k,
                          box.x + box.w, box.y - 2.2 * k,
                          Style(stroke=_tint(colour, 0.5), stroke_width=0.3)))
    power = fit_field("power", _text(god.power_text, lang), boxes["power"], lang=lang)
    parts.append(power.block.at(boxes["power"].x, boxes["power"].y))
    quest_text = (_text(god.quest_text, lang) if god.quest_text is not None
                  else label("default-quest", lang))
    quest = fit_field("quest", quest_text, boxes["quest"], lang=lang)
    parts.append(quest.block.at(boxes["quest"].x, boxes["quest"].y))
    reward_text = (_text(god.reward_text, lang) if god.reward_text is not None
                   else label("default-reward", lang))
    reward_box = boxes["reward"]
    parts.append(Rect(reward_box.x - 0.6, reward_box.y - 0.8, reward_box.w + 1.2,
                      reward_box.h + 0.6, Style(fill=_tint(GOLD, 0.25)), rx=1.2))
    reward = fit_field("reward", f"**{label('god-reward', lang)}** " + reward_text, reward_box,
                       valign="middle", lang=lang)
    parts.append(reward.block.at(reward_box.x, reward_box.y - 0.3))
    del pack_title
    return Scene(W, H, tuple(parts), id=f"god-{god.id}")


def god_back(s: CardSettings, title: str, lang: str | None = None) -> Scene:
    """The back of every god card: the Sphinx in a ring of the three god symbols."""
    b = s.bleed
    W, H = s.width + 2 * b, s.height + 2 * b
    k = _scale(s)
    cx, cy = W / 2, H / 2 - 8.0 * k
    parts: list[Element] = [Rect(0, 0, W, H, Style(fill="#17434a"))]
    parts += _frame(s, GOLD)
    parts.append(Circle(cx, cy, 21 * k, Style(fill="#1f5563", stroke=GOLD, stroke_width=0.7)))
    parts.append(Circle(cx, cy, 18.5 * k, Style(stroke=GOLD, stroke_width=0.25)))
    for i in range(12):
        a = 2 * math.pi * i / 12
        parts.append(diamond(cx + 23.5 * k * math.cos(a), cy + 23.5 * k * math.sin(a), 0.8,
                             Style(fill=GOLD)))
    parts.append(Group(icon_sphinx(cx - 13 * k, cy - 13 * k, 26 * k)))
    # The three kinds of god in a row under the medallion.
    for i, kind in enumerate(("mover", "builder", "specialist")):
        px = cx + (i - 1) * 10.0 * k
        parts.append(Group(draw_type_icon(kind, px - 3.6 * k, cy + 26.0 * k, 7.2 * k)))
    parts.append(Text(cx, b + s.height - 11.5 * k, label("god-back", lang), font="serif",
                      size=13 * k,
                      fill="#f6e7b9", anchor="middle", bold=True))
    parts.append(fitted_text(cx, b + s.height - 6.8 * k, title, 6.5 * k, s.width - 2 * s.text_inset - 4,
                             italic=True, fill="#d9c98f", anchor="middle"))
    return Scene(W, H, tuple(parts), id="god-back")


def blessing_front(card: BlessingCard, s: CardSettings, lang: str | None) -> Scene:
    """A blessing card's face: its number, name and one-time power."""
    k = _scale(s)
    b = s.bleed
    W, H = s.width + 2 * b, s.height + 2 * b
    boxes = blessing_boxes(s)
    cx = W / 2
    parts: list[Element] = [Rect(0, 0, W, H, Style(fill=_tint(BLESSING, 0.12)))]
    parts += _frame(s, BLESSING)
    # The number in a blessing hexagon, flanked by olive sprigs (diamonds on a rule).
    size = 22.0 * k
    parts.append(Group(icon_blessing(cx - size / 2, b + 7.0 * k, size)))
    parts.append(Circle(cx, b + 7.0 * k + size / 2, 6.2 * k, Style(fill="#ffffff", stroke=INK,
                                                                  stroke_width=0.3)))
    parts.append(label_text(cx, b + 7.0 * k + size / 2, str(card.number), 5.4 * k, fill=BLESSING,
                            font="serif"))
    for side in (-1, 1):
        x0 = cx + side * (size / 2 + 2.0)
        parts.append(Line(x0, b + 18 * k, x0 + side * 12 * k, b + 18 * k,
                          Style(stroke=BLESSING, stroke_width=0.4)))
        parts.append(diamond(x0 + side * 13.2 * k, b + 18 * k, 1.0, Style(fill=BLESSING)))
    name_text = (_text(card.name, lang) if card.name is not None
                 else label("blessing-n", lang, n=card.number))
    name = fit_field("name", _escape(name_text), boxes["name"], fill=INK, align="center",
                     valign="middle", lang=lang)
    parts.append(name.block.at(boxes["name"].x, boxes["name"].y))
    parts.append(Line(cx - 10 * k, b + 42.0 * k, cx + 10 * k, b + 42.0 * k,
                      Style(stroke=BLESSING, stroke_width=0.35)))
    text = fit_field("text", _text(card.text, lang), boxes["text"], align="center",
                     valign="middle", lang=lang)
    parts.append(text.block.at(boxes["text"].x, boxes["text"].y))
    parts.append(Text(cx, b + s.height - s.text_inset - 2.5 * k, label("blessing-use", lang),
                      font="sans", size=max(6.0, 5.2 * k), fill=MUTED, anchor="middle",
                      italic=True))
    return Scene(W, H, tuple(parts), id=f"blessing-{card.id}")


def blessing_back(s: CardSettings, title: str, lang: str | None = None) -> Scene:
    """The back of every blessing card."""
    b = s.bleed
    k = _scale(s)
    W, H = s.width + 2 * b, s.height + 2 * b
    cx, cy = W / 2, H / 2 - 4.0
    parts: list[Element] = [Rect(0, 0, W, H, Style(fill="#2f5424"))]
    parts += _frame(s, GOLD)
    parts.append(Circle(cx, cy, 21 * k, Style(fill="#3b6a2d", stroke=GOLD, stroke_width=0.7)))
    for i in range(12):
        a = 2 * math.pi * i / 12
        parts.append(diamond(cx + 24.5 * k * math.cos(a), cy + 24.5 * k * math.sin(a), 0.9,
                             Style(fill=GOLD)))
    parts.append(Group(icon_blessing(cx - 14 * k, cy - 14 * k, 28 * k)))
    parts.append(Text(cx, b + s.height - 14 * k, label("blessing-back", lang), font="serif",
                      size=13 * k,
                      fill="#f6e7b9", anchor="middle", bold=True))
    parts.append(fitted_text(cx, b + s.height - 8.5 * k, title, 6.5 * k, s.width - 2 * s.text_inset - 4,
                             italic=True, fill="#d9c98f", anchor="middle"))
    return Scene(W, H, tuple(parts), id="blessing-back")


def _text(value: Any, lang: str | None) -> str:
    if isinstance(value, tuple):
        return pick_text(dict(value), lang).strip()
    return pick_text(value, lang).strip()


def _escape(text: str) -> str:
    """A name is shown as typed: its stars, colons and backslashes are not markup."""
    return text.replace("\\", "\\\\").replace("*", "\\*").replace(":", "\\:")


def iter_card_faces(content: RiddleContent, s: CardSettings, lang: str | None, root: Path | None
                    ) -> Iterator[tuple[str, list[Scene], list[Scene], list[str]]]:
    """(name, fronts, backs, card names) of the god deck and the blessing deck, with the
    art of each card (see :mod:`generator.systems.art`) when ``root`` (the pack folder) is given."""
    title = content.title

    def dress(scene: Scene, doc: Document, side: str) -> Scene:
        return scene if root is None else with_art(scene, doc, side, root, s.width, s.height, s.bleed)

    if content.god_docs:
        back = god_back(s, title, lang)
        yield ("gods", [dress(god_front(content.gods[d.id], s, lang, title), d, "front")
                        for d in content.god_docs],
               [dress(back, d, "back") for d in content.god_docs],
               [_text(content.gods[d.id].name, lang) for d in content.god_docs])
    if content.blessings:
        back = blessing_back(s, title, lang)
        yield ("blessings", [dress(blessing_front(card, s, lang), d, "front")
                             for card, d in content.blessings],
               [dress(back, d, "back") for _, d in content.blessings],
               [_text(c.name, lang) if c.name is not None else f"Blessing {c.number}"
                for c, _ in content.blessings])


DECK_LABELS = {"gods": "god-cards", "blessings": "blessing-cards"}
"""The label catalogue's key for each deck's name."""


def card_decks(content: RiddleContent, s: CardSettings, lang: str | None
               ) -> list[tuple[str, list[Scene], Scene, str]]:
    """(name, fronts, back, what) of each deck: the god cards, then the blessing cards."""
    title = content.title
    decks: list[tuple[str, list[Scene], Scene, str]] = []
    gods = [god_front(content.gods[d.id], s, lang, title) for d in content.god_docs]
    if gods:
        decks.append(("gods", gods, god_back(s, title, lang), label("god-cards", lang)))
    blessings = [blessing_front(card, s, lang) for card, _ in content.blessings]
    if blessings:
        decks.append(("blessings", blessings, blessing_back(s, title, lang),
                      label("blessing-cards", lang)))
    return decks


def iter_card_svgs(content: RiddleContent, s: CardSettings, lang: str | None
                   ) -> Iterator[tuple[str, Scene]]:
    """(path, scene) of one SVG per card face and one per deck back, as the fragment deck has.

    Paths: ``svg/cards/god-<id>.svg``, ``svg/cards/blessing-<id>.svg``,
    ``svg/cards/_gods-back.svg``, ``svg/cards/_blessings-back.svg``.
    """
    for name, fronts, back, _ in card_decks(content, s, lang):
        for scene in fronts:
            yield f"svg/cards/{scene.id}.svg", scene
        yield f"svg/cards/_{name}-back.svg", back


def iter_card_sheets(content: RiddleContent, s: CardSettings, paper: tuple[float, float],
                     offset: tuple[float, float], lang: str | None, root: Path | None = None
                     ) -> Iterator[tuple[str, tuple[Scene, ...], tuple[Scene, ...]]]:
    """(name, front pages, back pages) for the god cards and the blessing cards, with
    their art when ``root`` (the pack folder) is given.

    With ``s.pack_sheets`` both decks (they share a size) share sheets as one
    ``cards`` file, gods first; a sheet that mixes them gets the gutter.
    """
    layout, wide = sheet_layouts(paper, s.width, s.height, s.bleed, s.gutter)
    title = content.title
    decks = [(name, fronts, backs, label(DECK_LABELS[name], lang))
             for name, fronts, backs, _ in iter_card_faces(content, s, lang, root)]
    if s.pack_sheets and len(decks) > 1:
        fronts = [f for _, deck, _, _ in decks for f in deck]
        backs = [b for _, _, deck_backs, _ in decks for b in deck_backs]
        decks_label = " + ".join(what for _, _, _, what in decks)
        yield ("cards", *card_sheet_pages(fronts, backs, layout, s.crop_marks, offset,
                                          label=f"{title} — {decks_label}", gutter_layout=wide,
                                          lang=lang, stamp=next(filter(None, (
                                              s.stamp.text(name) for name, *_ in decks)), "")))
        return
    for name, deck, backs, what in decks:
        yield (name, *card_sheet_pages(deck, backs, layout, s.crop_marks, offset,
                                       label=f"{title} — {what}", gutter_layout=wide, lang=lang,
                                       stamp=s.stamp.text(name)))


def _field_problems(doc: Document, path: tuple[Any, ...], result: FitResult, what: str
                    ) -> list[Diagnostic]:
    line, col = doc.locate(path)
    out = diagnose_fit(result, doc.file, line, col, pointer=pointer_of(path), what=what)
    for name in result.unknown_icons:
        out.append(make("RS-R005", f"{what} uses the unknown icon ':{name}:'", doc.file, line, col,
                        pointer=pointer_of(path),
                        hint="the riddle book's legend page lists every icon name"))
    return out


def iter_card_overflow(pack: Pack, options: Options) -> Iterator[Diagnostic]:
    """Card text that does not fit its box at the minimum size (RS-R001, an error), uses
    a character the fonts lack (RS-R004) or an unknown icon (RS-R005), at the YAML line of
    the field, for every god and blessing card in ``options.lang``."""
    s = card_settings(pack, options)
    lang = options.lang
    gboxes = god_boxes(s)
    gods = models_of(pack).gods
    for doc in sorted(pack.of_kind("god"), key=lambda d: d.id):
        god = gods[doc.id]
        name = _text(god.name, lang)
        fields: list[tuple[tuple[Any, ...], str, str, str]] = [
            (("name",), "name", _escape(name), f"the name of god '{doc.id}'"),
            (("power", "text"), "power", _text(god.power_text, lang),
             f"the power of god '{doc.id}'"),
        ]
        if god.quest_text is not None:
            fields.append((("quest", "text"), "quest", _text(god.quest_text, lang),
                           f"the quest of god '{doc.id}'"))
        if god.reward_text is not None:
            written = doc.data.get("quest", {}).get("reward")
            where: tuple[Any, ...] = (("quest", "reward", "text")
                                      if isinstance(written, dict) and "text" in written
                                      else ("quest", "reward"))
            fields.append((where, "reward", f"**{label('god-reward', lang)}** "
                           + _text(god.reward_text, lang), f"the quest reward of god '{doc.id}'"))
        for path, field, markup, what in fields:
            yield from _field_problems(doc, path, fit_field(field, markup, gboxes[field], lang=lang), what)
    bboxes = blessing_boxes(s)
    blessings = models_of(pack).blessings
    for doc in sorted(pack.of_kind("blessing"), key=lambda d: d.id):
        card = blessings[doc.id]
        if card.name is not None:
            yield from _field_problems(doc, ("name",), fit_field(
                "name", _escape(_text(card.name, lang)), bboxes["name"], lang=lang),
                f"the name of blessing '{doc.id}'")
        yield from _field_problems(doc, ("text",), fit_field(
            "text", _text(card.text, lang), bboxes["text"], lang=lang), f"the text of blessing '{doc.id}'")


def iter_card_art_problems(pack: Pack, options: Options) -> Iterator[Diagnostic]:
    """Art problems (see :mod:`generator.systems.art`) of every god and blessing card."""
    s = card_settings(pack, options)
    for doc in sorted(pack.of_kind("god") + pack.of_kind("blessing"), key=lambda d: d.id):
        yield from iter_art_problems(doc, pack.root, s.width, s.height, s.bleed)
    paper = resolve_paper(options.paper or pack.data.get("print", {}).get("paper", "a4"))
    for doc in sorted(pack.of_kind("riddle"), key=lambda d: d.id):
        yield from iter_map_art_problems(doc, pack.root, paper)


__all__ = ["CardSettings", "DEFAULT_QUEST", "DEFAULT_REWARD", "blessing_back", "blessing_boxes",
           "blessing_front", "card_settings", "fit_field", "god_back", "god_boxes", "god_front",
           "card_decks", "iter_card_art_problems", "iter_card_faces", "iter_card_overflow",
           "iter_card_sheets", "iter_card_svgs"]
