"""The set-up box and the objective rows of a riddle page, and the settings they read.

The set-up box lists the figures, tokens, coins, the stockpile as piece icons with
counts, and the god deck with its opening queue; below the map come the objectives as
tiered rows with their empty coin slots and rewards, then the special rules, the
end-of-turn effects and the expert settings as paragraphs.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from generator.engine.geometry import NO_SQUARE, Square
from generator.engine.state import PIECE_NAMES
from generator.systems.riddle import labels
from generator.render.fonts import measure
from generator.render.icons import INK, MUTED, icon_coin, icon_gem, icon_king, icon_sphinx, icon_worker
from generator.render.scene import Element, Group, Line, Rect, Style, Text
from generator.systems.riddle import french
from generator.systems.riddle.box import BlessingCard, Die, GodCard
from generator.systems.riddle.model import Objective, Riddle
from generator.systems.riddle.typography import (
    HEADING_H,
    PANEL,
    RULE,
    draw_icon,
    fitted_text,
    god_type_icon,
    heading,
    icon_row,
    slot_circle,
    tier_pill,
    write,
)
from generator.systems.riddle.wording import (
    PIECE_ICONS,
    PIECE_WORDS,
    describe_effects,
    describe_goal,
    describe_pieces,
    describe_reward,
    join_words,
    local,
    sentence,
)


@dataclass(frozen=True, slots=True)
class BookSettings:
    """What every page of the book needs besides its riddle."""

    title: str
    paper: tuple[float, float]
    lang: str | None
    gods: Mapping[str, GodCard]
    dice: Mapping[str, Die]
    islands: Mapping[str, str]
    blessings: Mapping[str, BlessingCard] = field(default_factory=dict)


def _features(riddle: Riddle, lang: str | None) -> dict[Square, str]:
    return {f.square: local(f.name, lang) for f in riddle.board.features}


def describe_objective(objective: Objective, riddle: Riddle, lang: str | None) -> str:
    """What an objective asks, as a sentence (the designer's text when given)."""
    if objective.text is not None:
        return sentence(local(objective.text, lang))
    return sentence(describe_goal(objective.goal, riddle.board.geometry, _features(riddle, lang),
                                  lang))


Drawn = tuple[list[Element], float]
"""Elements drawn from a top-left corner, and the height they take."""


Item = tuple[tuple[Element, ...], str]


def _figure_items(riddle: Riddle) -> list[Item]:
    board = riddle.board
    g = board.geometry
    items: list[Item] = []
    if board.workers:
        items.append((icon_worker(0, 0, 7.0), f"×{len(board.workers)}"))
    if board.king != NO_SQUARE:
        items.append((icon_king(0, 0, 7.0), g.name(board.king)))
    if board.sphinx != NO_SQUARE:
        items.append((icon_sphinx(0, 0, 7.0), g.name(board.sphinx)))
    tokens = board.tokens.bit_count()
    if tokens:
        items.append((draw_icon("blessing", 7.0), f"×{tokens}"))
    return items


def _coin_items(riddle: Riddle) -> list[Item]:
    g = riddle.board.geometry
    return [(icon_coin(0, 0, 7.0, colour=c.colour, levels=c.levels), g.name(c.square))
            for c in riddle.coins]


def _figures_part(riddle: Riddle, settings: BookSettings, x: float, y: float, w: float) -> Drawn:
    return icon_row(x, y, 7.0, _figure_items(riddle), w)


def _coins_part(riddle: Riddle, settings: BookSettings, x: float, y: float, w: float) -> Drawn:
    return icon_row(x, y, 7.0, _coin_items(riddle), w)


STOCK_ICON = 8.5
"""Side of a stockpile piece icon (mm; smaller, its block loses its numeral); its count
follows in the panel's label size."""
STOCK_LABEL_PT = 7.5
STOCK_CLEAR = 0.2
"""Room (mm) between a piece icon's box and its count, and between the count and the
next icon's box; the icons keep about 0.4 mm inside their box, so 0.6 mm shows."""


def _stock_part(riddle: Riddle, settings: BookSettings, x: float, y: float, w: float) -> Drawn:
    """The stockpile as piece icons with counts: one row when the widest count fits in a
    quarter of the column, else two (a count ran into the next icon)."""
    out: list[Element] = []
    counts = [f"×{n}" for n in riddle.stockpile]
    widest = max(measure(c, "sans", True, size_pt=STOCK_LABEL_PT) for c in counts)
    need = STOCK_ICON + 2 * STOCK_CLEAR + widest
    per_row = 4 if w >= 4 * need else 2
    cell = min(w / per_row, max(16.0, need))
    for i, n in enumerate(riddle.stockpile):
        row, col = divmod(i, per_row)
        cx, cy = x + col * cell, y + row * 10.5
        out.append(Group(draw_icon(PIECE_ICONS[i], STOCK_ICON), translate=(cx, cy)))
        out.append(Text(cx + STOCK_ICON + STOCK_CLEAR, cy + STOCK_ICON / 2 + 1.3, counts[i],
                        font="sans", size=STOCK_LABEL_PT, fill=INK if n else MUTED, bold=True))
    return out, 10.5 * (4 // per_row) - 2.0


def _gods_part(riddle: Riddle, settings: BookSettings, x: float, y: float, w: float) -> Drawn:
    """The opening queue, the rest of the god deck, the blessing cards face up at set-up,
    the Sphinx's gems, the blessing deck."""
    lang = settings.lang
    out: list[Element] = []
    top = y
    queue = list(riddle.gods.queue)
    rest = [g for g in riddle.gods.deck if g not in queue]

    def god_entry(gid: str) -> tuple[tuple[Element, ...], str]:
        god = settings.gods.get(gid)
        name = local(god.name, lang) if god else gid
        return draw_icon(god_type_icon(god.type if god else ""), 5.5), name

    def blessing_entry(bid: str) -> tuple[tuple[Element, ...], str]:
        card = settings.blessings.get(bid)
        name = local(card.name, lang) if card is not None and card.name is not None else bid
        return draw_icon("blessing", 5.5), name

    rows = (("b-opening-queue", [god_entry(g) for g in queue]),
            ("b-also-in-deck", [god_entry(g) for g in rest]),
            ("b-revealed-blessings", [blessing_entry(b) for b in riddle.gods.revealed]))
    for key, entries in rows:
        if not entries:
            continue
        out.append(Text(x, y + 2.6, labels.label(key, lang), font="sans", size=7.5, fill=MUTED,
                        bold=True))
        y += 3.8
        drawn, used = icon_row(x, y, 5.5, entries, w, gap=3.0)
        out += drawn
        y += used + 2.5
    die = settings.dice.get(riddle.die) if riddle.die else None
    if die is not None:
        gems_label = labels.label("b-sphinx-gems", lang)
        out.append(Text(x, y + 2.6, gems_label, font="sans", size=7.5, fill=MUTED,
                        bold=True))
        gx = max(22.0, measure(gems_label, "sans", True, size_pt=7.5) + 2.0)
        for i, gem in enumerate(die.gems):
            out.append(Group(icon_gem(0, 0, 4.6, colour=gem),
                             translate=(x + gx + i * 5.4, y - 0.2)))
        y += 6.0
    if riddle.blessings:
        out.append(fitted_text(x, y + 2.6, labels.label("b-blessing-deck", lang,
                                                        cards=", ".join(riddle.blessings)),
                               7.0, w, font="sans", fill=MUTED, min_size=6.0))
        y += 4.5
    return out, max(y - top - 2.5, 0.0)


def _pieces_part(riddle: Riddle, settings: BookSettings, x: float, y: float, w: float) -> Drawn:
    """The figures, tokens and coins in one wrapping row (a booklet page's panel)."""
    return icon_row(x, y, 7.0, [*_figure_items(riddle), *_coin_items(riddle)], w)


def setup_panel(riddle: Riddle, settings: BookSettings, x: float, y: float, w: float,
                across: bool = False, compact: bool = False) -> Drawn:
    """Figures, tokens, coins, stockpile and gods of a riddle on a tinted panel: stacked in
    a column beside the map, or ``across`` the page in four columns under it; ``compact``
    (a booklet page) puts the figures and the coins in one row."""
    parts = [("Figures", _figures_part), ("Coins", _coins_part), ("Stockpile", _stock_part),
             ("Gods", _gods_part)]
    if not riddle.coins:
        parts = [p for p in parts if p[0] != "Coins"]
    if compact and not across:
        parts = [("Pieces", _pieces_part), *(p for p in parts if p[0] not in ("Figures", "Coins"))]
    pad = 3.0
    out: list[Element] = []
    if across:
        shares = {"Figures": 0.19, "Coins": 0.22, "Stockpile": 0.32, "Gods": 0.27}
        total = sum(shares[name] for name, _ in parts)
        cx = x + pad
        height = 0.0
        out += heading(x + pad, y + pad, labels.label("h-setup", settings.lang), w - 2 * pad)
        for name, part in parts:
            cw = (w - 2 * pad) * shares[name] / total
            out.append(Text(cx, y + pad + HEADING_H + 2.6, labels.label(f"h-{name.lower()}", settings.lang),
                            font="sans", size=7.5,
                            fill=MUTED, bold=True))
            drawn, used = part(riddle, settings, cx, y + pad + HEADING_H + 4.5, cw - 3.0)
            out += drawn
            height = max(height, HEADING_H + 4.5 + used)
            cx += cw
        total_h = height + 2 * pad
        return [Rect(x, y, w, total_h, Style(fill=PANEL), rx=2.0), *out], total_h
    yy = y + pad
    out += heading(x + pad, yy, labels.label("h-setup", settings.lang), w - 2 * pad)
    yy += HEADING_H
    for name, part in parts:
        if name in ("Stockpile",):
            out.append(Text(x + pad, yy + 2.6, labels.label(f"h-{name.lower()}", settings.lang),
                            font="sans", size=7.5, fill=MUTED,
                            bold=True))
            yy += 4.0
        drawn, used = part(riddle, settings, x + pad, yy, w - 2 * pad)
        out += drawn
        yy += used + 2.5
    total_h = yy - y + pad - 2.5
    return [Rect(x, y, w, total_h, Style(fill=PANEL), rx=2.0), *out], total_h


def objective_rows(riddle: Riddle, settings: BookSettings, x: float, y: float, w: float,
                   size: float) -> tuple[list[Element], float, bool]:
    """The objectives as rows: tier pill, empty coin slots (one column for the whole page,
    so every text starts at the same place), then what to do, the reward and the ending."""
    out: list[Element] = []
    fits = True
    start = y
    slot_r = 2.5
    pitch = 2 * slot_r + 1.4
    most = max((sum(o.slots) for o in riddle.objectives), default=0)
    slot_w = most * pitch + (2.5 if most else 0.0)
    pill_w = 24.0
    for objective in riddle.objectives:
        slots: list[str] = ["silver"] * objective.slots[0] + ["gold"] * objective.slots[1]
        body = describe_objective(objective, riddle, settings.lang)
        reward = describe_reward(objective.reward, settings.lang)
        markup = body
        if reward:
            markup += labels.label("b-reward", settings.lang, text=reward)
        if objective.ends:
            markup += labels.label("b-ends", settings.lang)
        tw = w - pill_w - slot_w
        para = write(markup, x + pill_w + slot_w, y + 0.5, tw, 200.0, size=size, min_size=size,
                     lang=settings.lang)
        fits = fits and para.fit.fits
        row_h = max(8.0, para.height + 2.2)
        out += tier_pill(x, y + 0.4, objective.tier, lang=settings.lang)
        for i, colour in enumerate(slots):
            out += slot_circle(x + pill_w + slot_r + i * pitch, y + 3.2, slot_r, colour)
        out.append(para.block)
        y += row_h
        out.append(Line(x, y - 0.9, x + w, y - 0.9, Style(stroke=RULE, stroke_width=0.2,
                                                          dash=(0.6, 0.8))))
    return out, y - start, fits


def rules_markup(riddle: Riddle, settings: BookSettings) -> list[str]:
    """The special rules as paragraphs: the designer's rules, features, effects, limits."""
    lang = settings.lang
    geometry = riddle.board.geometry
    paras: list[str] = []
    if riddle.rules is not None:
        paras.append(local(riddle.rules, lang).strip())
    for feature in riddle.board.features:
        paras.append(f":feature: **{local(feature.name, lang)}** "
                     f"({geometry.name(feature.square)}): {local(feature.text, lang).strip()}")
    if riddle.end_of_turn:
        effects = describe_effects(riddle.end_of_turn, geometry, lang)
        paras.append(labels.label("b-every-turn", lang) + " ".join(effects))
    if riddle.turn_limit is not None:
        paras.append(labels.label("b-turn-limit", lang, n=riddle.turn_limit))
    if geometry.bridges:
        spans = [f"{geometry.name(a)}–{geometry.name(b)}" for a, b in geometry.bridges]
        names = french.join(spans) if lang == "fr" else join_words(spans)
        paras.append(labels.label("b-bridges", lang, names=names))
    return paras


def general_rules_markup(riddles: Sequence[Riddle], lang: str | None) -> list[str]:
    """The rules every riddle shares, said once in the book (a riddle's page says only
    which figure, space or turn they touch: :func:`rules_markup`): end-of-turn effects,
    bridges and turn limits, those that any of ``riddles`` uses, in a fixed order."""
    names: set[str] = set()
    bridges = limits = False
    for riddle in riddles:
        expert = riddle.expert.end_of_turn if riddle.expert is not None else ()
        names |= {effect.NAME for effect in (*riddle.end_of_turn, *expert)}
        bridges = bridges or bool(riddle.board.geometry.bridges)
        limits = limits or riddle.turn_limit is not None or (
            riddle.expert is not None and riddle.expert.turn_limit is not None)
    keys = ["g-end-of-turn"] if names else []
    keys += [key for name, key in GENERAL_RULES if name in names]
    keys += ["g-bridges"] if bridges else []
    keys += ["g-turn-limit"] if limits else []
    return [labels.label(key, lang) for key in keys]


GENERAL_RULES = (("step-toward-closest-worker", "g-step"), ("sink", "g-sink"),
                 ("remove-top", "g-remove-top"), ("stockpile-remove", "g-stock-remove"))
"""End-of-turn effects whose general rule the book says once, and its label."""


def expert_markup(riddle: Riddle, settings: BookSettings) -> list[str]:
    """The expert settings as paragraphs (none when the riddle has none)."""
    expert = riddle.expert
    if expert is None:
        return []
    geometry = riddle.board.geometry
    paras: list[str] = []
    if expert.text is not None:
        paras.append(local(expert.text, settings.lang).strip())
    lang = settings.lang
    if expert.stockpile is not None and expert.stockpile != riddle.stockpile:
        words = french.PIECE_WORDS if lang == "fr" else PIECE_WORDS
        changes = [labels.label("b-stock-not", lang, was=riddle.stockpile[i], now=(
            describe_pieces(PIECE_NAMES[i], n, lang) if n
            else labels.label("b-stock-none", lang, what=words[PIECE_NAMES[i]][0 if lang == "fr" else 1])))
            for i, n in enumerate(expert.stockpile) if n != riddle.stockpile[i]]
        paras.append(labels.label("b-expert-stock", lang, changes="; ".join(changes)))
    if expert.turn_limit is not None:
        paras.append(labels.label("b-turn-limit", lang, n=expert.turn_limit))
    if expert.end_of_turn:
        paras.append(labels.label("b-also-every-turn", lang)
                     + " ".join(describe_effects(expert.end_of_turn, geometry, lang)))
    return paras


def stack_paragraphs(paras: Sequence[str], x: float, y: float, w: float, size: float,
                     limit: float, lang: str | None) -> tuple[list[Element], float, bool]:
    """Paragraphs stacked down from (x, y) within ``limit`` mm: the elements, the height
    they take and whether they all fitted."""
    out: list[Element] = []
    start = y
    fits = True
    for text in paras:
        # One size for every paragraph: the page picks the size that lets them all fit.
        para = write(text, x, y, w, 500.0, size=size, min_size=size, lang=lang)
        fits = fits and para.fit.fits
        out.append(para.block)
        y += para.height + 1.6
    return out, y - start, fits and y - start <= limit + 1e-6


__all__ = [
    "BookSettings", "GENERAL_RULES", "describe_objective", "expert_markup",
    "general_rules_markup", "objective_rows", "rules_markup",
    "setup_panel", "stack_paragraphs",
]
