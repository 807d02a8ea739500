"""The printed deck: one front per dice card, a shared back, on duplex sheets.

Drawn with riddlesmith's render kit (public API): each card is a :class:`Scene` of
the card size plus the bleed on every side, in millimetres; the sheets, crop marks
and duplex backs are riddlesmith's, the same as the built-in systems' decks.
"""
from __future__ import annotations

from generator import api

CARD = "poker"
BLEED = 3.0
INK = "#1d2a3a"
PAPER = "#f6efe0"
FLAVOUR_BOX = (49.5, 16.0)
"""Width and height (mm) of the flavour text's box."""


def card_size() -> tuple[float, float]:
    return api.CARD_SIZES[CARD]


def fit_flavour(text: str) -> api.FitResult:
    """The flavour text laid out in its box (the check reports what does not fit)."""
    return api.fit_text(text, *FLAVOUR_BOX, family="serif", max_size=9, min_size=6.5,
                        align="center")


def _die(x: float, y: float, size: float, pips: int, colour: str) -> api.Group:
    """A die face with ``pips`` pips, its top-left corner at (x, y)."""
    spots = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)],
             4: [(0, 0), (2, 0), (0, 2), (2, 2)], 5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
             6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}[pips]
    step = size / 4
    kids: list[api.Element] = [api.Rect(0, 0, size, size, api.Style(fill="#ffffff", stroke=colour,
                                                                      stroke_width=0.4), rx=size / 6)]
    kids += [api.Circle(step * (1 + cx), step * (1 + cy), size / 11, api.Style(fill=colour))
             for cx, cy in spots]
    return api.Group(tuple(kids), translate=(x, y))


def card_front(card: api.Document, number: int, total: int) -> api.Scene:
    w, h = card_size()
    b = BLEED
    dice, target = int(card.data["dice"]), int(card.data["target"])
    parts: list[api.Element] = [
        api.Rect(0, 0, w + 2 * b, h + 2 * b, api.Style(fill=PAPER)),
        api.Rect(b + 4, b + 4, w - 8, h - 8, api.Style(stroke=INK, stroke_width=0.5), rx=3),
    ]
    title = api.fit_text(str(card.data["title"]), w - 14, 9, family="serif", max_size=13,
                         min_size=8, align="center", valign="middle")
    parts.append(title.block.at(b + 7, b + 8))
    size = min(12.0, (w - 16) / dice - 2)
    row = dice * size + (dice - 1) * 2
    for i in range(dice):
        parts.append(_die(b + (w - row) / 2 + i * (size + 2), b + 22, size, 1 + i % 6, INK))
    parts.append(api.Text(b + w / 2, b + 55, f"\u2265 {target}", font="serif", size=34,
                          fill=INK, anchor="middle", bold=True))
    if card.data.get("text"):
        parts.append(fit_flavour(str(card.data["text"])).block.at(b + (w - FLAVOUR_BOX[0]) / 2,
                                                                 b + 61))
    parts.append(api.Text(b + w / 2, b + h - 6, f"{number} / {total}", size=6.5, fill=INK,
                          anchor="middle"))
    return api.Scene(w + 2 * b, h + 2 * b, tuple(parts), id=f"card-{card.id}")


def card_back(title: str) -> api.Scene:
    w, h = card_size()
    b = BLEED
    parts: list[api.Element] = [
        api.Rect(0, 0, w + 2 * b, h + 2 * b, api.Style(fill=INK)),
        _die(b + w / 2 - 12, b + h / 2 - 18, 24, 5, INK),
        api.Text(b + w / 2, b + h / 2 + 20, title, font="serif", size=12, fill=PAPER,
                 anchor="middle", bold=True),
    ]
    return api.Scene(w + 2 * b, h + 2 * b, tuple(parts), id="card-back")


def dice_deck(pack: api.Pack, options: api.Options) -> api.Deck:
    """Every card (copies included, sorted by id) with the shared back."""
    cards = sorted(pack.of_kind("dice-card"), key=lambda c: c.id)
    total = sum(int(c.data.get("copies", 1)) for c in cards)
    back = card_back(api.pick_text(pack.data.get("title", "Dice"), options.lang))
    fronts: list[api.Scene] = []
    names: list[str] = []
    for card in cards:
        for _ in range(int(card.data.get("copies", 1))):
            fronts.append(card_front(card, len(fronts) + 1, total))
            names.append(str(card.data["title"]))
    w, h = card_size()
    return api.Deck("dice", f"{pack.data.get('title', pack.id)}: dice cards", w, h, BLEED,
                    tuple(fronts), (back,) * len(fronts), tuple(names))


def build_artefacts(pack: api.Pack, options: api.Options) -> list[api.Artefact]:
    """``print/cards-duplex.pdf`` (long-edge duplex, crop marks) and one SVG per card."""
    deck = dice_deck(pack, options)
    print_cfg = pack.data.get("print", {})
    layout, wide = api.sheet_layouts(api.paper_of(pack, options), deck.width, deck.height,
                                     deck.bleed, api.gutter_setting(
                                         options.extra.get("gutter"), print_cfg.get("gutter")))
    fronts, backs = api.card_sheet_pages(
        deck.fronts, deck.backs, layout, crop_marks=bool(print_cfg.get("crop_marks", True)),
        back_offset=api.back_offset_setting(options.back_offset, print_cfg),
        label=deck.title, gutter_layout=wide, lang=options.lang)
    pdf = api.document_to_pdf(api.PdfDocument(api.interleave_duplex(fronts, backs),
                                              title=deck.title, duplex=True))
    out = [api.Artefact("print/cards-duplex.pdf", pdf),
           api.Artefact("svg/cards/_back.svg", api.scene_to_svg(deck.backs[0]))]
    seen: set[str] = set()
    for scene in deck.fronts:
        if scene.id not in seen:
            seen.add(scene.id)
            out.append(api.Artefact(f"svg/cards/{scene.id.removeprefix('card-')}.svg",
                                    api.scene_to_svg(scene)))
    return out
