"""Print files of a glyph pack, in each of its languages (or the one ``--lang`` names).

Per language, under ``print/<lang>/``: riddle cards (glyph sequence, deck
marker, no-joker mark; backs by deck), the antechamber tiles (restored
fronts, cursed backs), action tiles (active fronts, spent backs), reward
cards, challenge tokens, each as a long-edge duplex PDF whose backs line up
with their fronts; the clepsydra board, the difficulty table and the player
aid as pages, and a set-up sheet: what the box holds, each set-up step, the
antechamber's patterns and what the triangle on each tile means. The
Whirlpool tile is printed with the action tiles (side A front, side B back).
Card sheets come from :mod:`generator.render.sheets` (bleed,
crop marks, back offset).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from generator.pack.model import Pack
from generator.render.deck import Deck, Piece
from generator.render.geometry import CARD_SIZES, PAPERS, parse_length
from generator.render.pdf import document_to_pdf
from generator.render.scene import Circle, Document, Element, Group, Line, Polygon, Rect, Scene, \
    Style, Text
from generator.render.sheets import (
    back_offset_setting,
    calibration_page,
    card_sheet_pages,
    gutter_setting,
    interleave_duplex,
    sheet_layouts,
)
from generator.render.svg import scene_to_svg
from generator.render.text import fit_text
from generator.systems import Artefact, Options, ProgressFn, stamp_of
from generator.systems.glyphs.content import Loaded, models_of
from generator.systems.glyphs.model import (
    Degree,
    GlyphGame,
    GlyphSet,
    Named,
    Riddle,
    Tile,
    pattern_mask,
    text_in,
)
from generator.systems.glyphs.words import by_degree, count_tiles, join_words, number_word, say
from generator.systems.token_art import NO_TOKEN_ART, TokenArt, TokenKind, token_art_of

PT_MM = 25.4 / 72
"""Millimetres per point."""
INK = "#1d1d1b"
PAPER = "#f6f0e1"
CURSED_BG = "#3b3f46"
CURSED_INK = "#8a8f98"
DECK_COLOURS = {1: "#2a9d8f", 2: "#3d7ea6", 3: "#8e6bb0", 4: "#c1666b", 5: "#5b4636"}
TILE = 30.0
TOKEN = 26.0
ACTION = 40.0
SMALL_BLEED = 2.0
ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V", 6: "VI", 7: "VII", 8: "VIII", 9: "IX"}


def draw_glyph(tile: Tile, x: float, y: float, size: float, colour: str) -> Group:
    """A tile's glyph in a ``size`` mm square whose top-left corner is (x, y)."""
    k = size / 100.0
    solid = Style(fill=colour)
    stroke = Style(stroke=colour, stroke_width=5 * k)
    parts: list[Element] = []
    for shape in tile.glyph:
        v = shape.values
        if shape.kind == "circle":
            parts.append(Circle(v[0] * k, v[1] * k, v[2] * k, solid))
        elif shape.kind == "ring":
            parts.append(Circle(v[0] * k, v[1] * k, v[2] * k, stroke))
        elif shape.kind == "rect":
            parts.append(Rect(v[0] * k, v[1] * k, v[2] * k, v[3] * k, solid))
        elif shape.kind == "line":
            parts.append(Line(v[0] * k, v[1] * k, v[2] * k, v[3] * k, stroke))
        elif shape.kind == "polygon":
            pts = tuple((v[i] * k, v[i + 1] * k) for i in range(0, len(v) - 1, 2))
            parts.append(Polygon(pts, solid))
    return Group(tuple(parts), translate=(x, y))


def _plain(text: str) -> str:
    """``text`` as markup that draws it as it is (no bold or italic marks)."""
    return text.replace("*", "\\*").replace("_", "\\_")


def _label(text: str, x: float, y: float, w: float, h: float, size: float, *, bold: bool = False,
           fill: str = INK, align: str = "center", min_size: float = 4.0,
           valign: str = "middle") -> Element:
    markup = _plain(text)
    if bold:
        markup = f"**{markup}**"
    fit = fit_text(markup, w, h, "sans", max_size=size, min_size=min_size, align=align,
                   valign=valign, fill=fill)
    return fit.block.at(x, y)


def _card(w: float, h: float, bleed: float, parts: list[Element], ident: str, bg: str) -> Scene:
    return Scene(w + 2 * bleed, h + 2 * bleed,
                 (Rect(0, 0, w + 2 * bleed, h + 2 * bleed, Style(fill=bg)),
                  Group(tuple(parts), translate=(bleed, bleed))), id=ident)


def riddle_front(riddle: Riddle, glyphs: GlyphSet, w: float, h: float, bleed: float,
                 lang: str | None) -> Scene:
    colour = DECK_COLOURS.get(riddle.deck, INK)
    tiles = glyphs.by_id()
    joker = next((t for t in glyphs.tiles if t.joker), None)
    parts: list[Element] = [
        Rect(3, 3, w - 6, h - 6, Style(fill=PAPER, stroke=colour, stroke_width=0.8), rx=2.5),
        Rect(3, 3, w - 6, 13, Style(fill=colour), rx=2.5),
        Text(8, 12.5, ROMAN.get(riddle.deck, str(riddle.deck)), font="serif", size=14,
             fill="#ffffff", bold=True),
        _label(text_in(riddle.title, lang), 17, 4, w - 22, 11, 9, bold=True, fill="#ffffff"),
    ]
    count = len(riddle.sequence)
    size = min(15.0, (w - 14) / max(count, 1) - 1.5)
    top = 26.0
    left = (w - count * (size + 1.5) + 1.5) / 2
    for i, symbol in enumerate(riddle.sequence):
        x = left + i * (size + 1.5)
        parts.append(Rect(x, top, size, size, Style(fill="#ffffff", stroke=INK, stroke_width=0.3),
                          rx=1))
        tile = tiles.get(symbol)
        if tile is not None:
            parts.append(draw_glyph(tile, x + size * 0.1, top + size * 0.1, size * 0.8,
                                    tile.colour))
    parts.append(Line(left, top + size + 3, left + count * (size + 1.5) - 1.5, top + size + 3,
                      Style(stroke=colour, stroke_width=0.6)))
    names = " · ".join(text_in(tiles[s].name, lang) if s in tiles else s
                       for s in riddle.sequence)
    parts.append(_label(names, 6, top + size + 5, w - 12, 8, 7))
    if riddle.no_joker and joker is not None:
        cx, cy = w / 2, h - 22
        parts.append(draw_glyph(joker, cx - 7, cy - 7, 14, CURSED_INK))
        parts.append(Circle(cx, cy, 8.5, Style(stroke="#b3261e", stroke_width=1.2)))
        parts.append(Line(cx - 6, cy + 6, cx + 6, cy - 6, Style(stroke="#b3261e",
                                                                stroke_width=1.2)))
        parts.append(_label(say("no-joker", lang), 6, h - 13, w - 12, 8, 6.5))
    parts.append(Text(w - 7, h - 5.5, f"{say('deck', lang)} {riddle.deck}", size=6, fill=INK,
                      anchor="end"))
    return _card(w, h, bleed, parts, f"riddle-{riddle.id}", colour)


def riddle_back(deck: int, title: str, w: float, h: float, bleed: float, lang: str | None
                ) -> Scene:
    colour = DECK_COLOURS.get(deck, INK)
    parts: list[Element] = [
        Rect(4, 4, w - 8, h - 8, Style(stroke=PAPER, stroke_width=0.8), rx=3),
        Circle(w / 2, h / 2 - 4, 17, Style(stroke=PAPER, stroke_width=1.2)),
        Text(w / 2, h / 2 + 3, ROMAN.get(deck, str(deck)), font="serif", size=26, fill=PAPER,
             anchor="middle", bold=True),
        _label(title, 6, h - 24, w - 12, 10, 9, fill=PAPER),
        _label(f"{say('riddle', lang)} · {say('deck', lang)} {deck}", 6, 8, w - 12, 8, 8,
               fill=PAPER),
    ]
    return _card(w, h, bleed, parts, f"riddle-back-{deck}", colour)


def reward_back(title: str, w: float, h: float, bleed: float, lang: str | None) -> Scene:
    colour = "#b08900"
    return _card(w, h, bleed, [
        Rect(4, 4, w - 8, h - 8, Style(stroke=PAPER, stroke_width=0.8), rx=3),
        Polygon(((w / 2, h / 2 - 16), (w / 2 + 12, h / 2), (w / 2, h / 2 + 16),
                 (w / 2 - 12, h / 2)), Style(stroke=PAPER, stroke_width=1.2)),
        _label(say("reward", lang), 6, 8, w - 12, 8, 9, fill=PAPER, bold=True),
        _label(title, 6, h - 24, w - 12, 10, 9, fill=PAPER)], "reward-back", colour)


def tile_faces(tile: Tile, lang: str | None) -> tuple[Scene, Scene]:
    """(restored front, cursed back) of one antechamber tile."""
    s = TILE
    name = text_in(tile.name, lang)
    marker = Polygon(((s / 2 - 2, s - 2.5), (s / 2 + 2, s - 2.5), (s / 2, s - 4.5)),
                     Style(fill=INK))
    front = _card(s, s, SMALL_BLEED, [
        Rect(1, 1, s - 2, s - 2, Style(stroke=tile.colour, stroke_width=0.5), rx=1.5),
        draw_glyph(tile, 5, 3, s - 10, tile.colour),
        _label(name, 2, s - 7.5, s - 4, 3.5, 6, min_size=3.5), marker], f"tile-{tile.id}",
        PAPER)
    back = _card(s, s, SMALL_BLEED, [
        Rect(1, 1, s - 2, s - 2, Style(stroke=CURSED_INK, stroke_width=0.4), rx=1.5),
        draw_glyph(tile, 5, 3, s - 10, CURSED_INK),
        _label(f"{name} · {say('cursed', lang)}", 2, s - 7.5, s - 4, 3.5, 6, fill=CURSED_INK,
               min_size=3.5),
        Polygon(((s / 2 - 2, s - 2.5), (s / 2 + 2, s - 2.5), (s / 2, s - 4.5)),
                Style(fill=CURSED_INK))], f"tile-{tile.id}-cursed", CURSED_BG)
    return front, back


def action_faces(title: str, rule: str, ident: str, colour: str, lang: str | None,
                 spent: str = "") -> tuple[Scene, Scene]:
    s = ACTION
    front = _card(s, s, SMALL_BLEED, [
        Rect(1.5, 1.5, s - 3, s - 3, Style(fill=PAPER), rx=2),
        _label(title, 3, 3, s - 6, 9, 8, bold=True),
        _label(rule, 3, 13, s - 6, s - 18, 7.5),
        Text(s / 2, s - 3, say("active", lang), size=6, fill=colour, anchor="middle")],
        ident, colour)
    back = _card(s, s, SMALL_BLEED, [
        Rect(1.5, 1.5, s - 3, s - 3, Style(stroke=CURSED_INK, stroke_width=0.5), rx=2),
        _label(title, 3, 6, s - 6, 9, 8, fill=CURSED_INK),
        _label(spent, 3, 16, s - 6, 6, 7, fill=CURSED_INK),
        Line(10, s - 6, s - 10, s - 16, Style(stroke=CURSED_INK, stroke_width=0.6))],
        f"{ident}-spent", CURSED_BG)
    return front, back


def whirlpool_faces(game: GlyphGame, lang: str | None) -> tuple[Scene, Scene]:
    """(side A, side B) of the Whirlpool tile: its name, the side's letter, what it does."""
    s = ACTION
    colour = "#1b7f8c"
    name = text_in(game.whirlpool_name, lang)
    rules = (say("whirlpool-side-a", lang),
             say("whirlpool-side-b", lang, tiles=count_tiles(game.whirlpool_curse, lang),
                 remaining=number_word(game.whirlpool_remaining, lang)))
    faces = []
    for side, rule in zip("AB", rules):
        parts: list[Element] = [
            Rect(1.5, 1.5, s - 3, s - 3, Style(fill=PAPER), rx=2),
            _label(f"{name} \u00b7 {side}", 3, 3, s - 10, 7, 8, bold=True, fill=colour),
            Circle(s - 6, 6.5, 3.2, Style(fill=colour)),
            Text(s - 6, 7.9, side, size=8, fill=PAPER, anchor="middle", bold=True),
            _label(rule, 3, 11, s - 6, s - 14, 7, min_size=6.0)]
        faces.append(_card(s, s, SMALL_BLEED, parts, f"whirlpool-{side.lower()}", colour))
    return faces[0], faces[1]


def reward_front(reward: Named, w: float, h: float, bleed: float, lang: str | None) -> Scene:
    colour = "#b08900"
    return _card(w, h, bleed, [
        Rect(3, 3, w - 6, h - 6, Style(fill=PAPER, stroke=colour, stroke_width=0.8), rx=2.5),
        _label(say("reward", lang), 6, 6, w - 12, 7, 7, fill=colour),
        _label(text_in(reward.name, lang), 6, 14, w - 12, 12, 12, bold=True),
        Circle(w / 2, h / 2, 9, Style(stroke=colour, stroke_width=1.0)),
        _label(say(reward.effects[0], lang), 7, h / 2 + 13, w - 14, h / 2 - 20, 9)],
        f"reward-{reward.id}", colour)


def token_keys(token: Named) -> tuple[str, str]:
    """The ``print.tokens`` keys (token artwork) a challenge token looks up, most specific first."""
    return (f"token-{token.id}", "token")


def token_kinds(tokens: Sequence[Named]) -> list[TokenKind]:
    """The keys of ``print.tokens`` the challenge tokens answer to: art on the face's disc."""
    keys = dict.fromkeys(k for t in tokens for k in token_keys(t))
    return [TokenKind(k, TOKEN - 2, True) for k in keys]


def token_faces(token: Named, whirlpool_curse: int, lang: str | None,
                art: TokenArt = NO_TOKEN_ART) -> tuple[Scene, Scene]:
    s = TOKEN
    rows = len(token.effects)
    disc = Circle(s / 2, s / 2, s / 2 - 1, Style(fill=PAPER))
    # A picture goes on the face's paper disc, cut to it, under the effects.
    parts: list[Element] = list(art.dress([disc], token_keys(token), s - 2, True, 0.0, (1.0, 1.0)))
    for i, effect in enumerate(token.effects):
        y = 5 + i * (s - 10) / rows
        parts.append(_label(say(f"short-{effect}", lang), 3, y, s - 6,
                            (s - 10) / rows - 0.5, 6, bold=True, min_size=4.0))
        if i:
            parts.append(Line(6, y - 0.3, s - 6, y - 0.3, Style(stroke=INK, stroke_width=0.2)))
    front = _card(s, s, SMALL_BLEED, parts, f"token-{token.id}", "#264653")
    back = _card(s, s, SMALL_BLEED, [
        Circle(s / 2, s / 2, s / 2 - 1, Style(stroke=PAPER, stroke_width=0.6)),
        _label(say("token", lang), 3, s / 2 - 3, s - 6, 6, 7, fill=PAPER)],
        f"token-{token.id}-back", "#264653")
    return front, back


def clepsydra_page(game: GlyphGame, paper: tuple[float, float], lang: str | None) -> Scene:
    pw, ph = paper
    parts: list[Element] = [
        Text(pw / 2, 22, f"{text_in(game.title, lang)} — {say('clepsydra', lang)}", font="serif",
             size=16, fill=INK, anchor="middle", bold=True),
        _label(say("clepsydra-note", lang), 25, 28, pw - 50, 18, 9, align="left")]
    top = 52.0
    step = min(18.0, (ph - top - 20) / max(1, len(game.clepsydra)))
    last = len(game.clepsydra) - 1
    for i, (curse, refresh) in enumerate(game.clepsydra):
        y = top + i * step
        parts.append(Circle(pw / 2, y + step / 2, step / 2 - 1.5,
                            Style(fill="#ffffff", stroke=INK, stroke_width=0.4)))
        parts.append(Text(pw / 2 - 20, y + step / 2 + 1.5, str(i + 1), size=10, fill=INK,
                          anchor="end", bold=True))
        if i == last:
            parts.append(Text(pw / 2 + 14, y + step / 2 + 1.5, say("last-slot", lang), size=9,
                              fill="#b3261e"))
            continue
        parts.append(Text(pw / 2 + 14, y + step / 2 + 1.5,
                          f"{say('curse-count', lang)} × {curse}", size=9, fill=INK))
        if refresh:
            parts.append(Text(pw / 2 + 50, y + step / 2 + 1.5, f"≈ {say('refresh', lang)}",
                              size=9, fill="#1b7f8c", bold=True))
    return Scene(pw, ph, tuple(parts), id="clepsydra")


def degree_page(game: GlyphGame, paper: tuple[float, float], lang: str | None) -> Scene:
    pw, ph = paper
    parts: list[Element] = [Text(pw / 2, 22, f"{text_in(game.title, lang)} — "
                                 f"{say('degrees', lang)}", font="serif", size=16, fill=INK,
                                 anchor="middle", bold=True)]
    cols = (25.0, 50.0, 90.0, 130.0)
    heads = (say("degree", lang), say("decks", lang), say("setup", lang),
             say("rewards-col", lang))
    for x, head in zip(cols, heads):
        parts.append(_label(head, x, 32, 38 if x < 130 else pw - x - 20, 8, 8, bold=True,
                            align="left"))
    y = 44.0
    for d in sorted(game.degrees, key=lambda d: d.degree):
        setup = game.setup(d.setup)
        parts.append(Line(cols[0], y - 5, pw - 20, y - 5, Style(stroke=INK, stroke_width=0.15)))
        parts.append(Text(cols[0] + 4, y + 2, str(d.degree), size=12, fill=INK, bold=True))
        for k, deck in enumerate(d.decks):
            parts.append(Circle(cols[1] + 4 + k * 9, y, 3.8, Style(fill=DECK_COLOURS.get(
                deck, INK))))
            parts.append(Text(cols[1] + 4 + k * 9, y + 1.3, ROMAN.get(deck, str(deck)), size=6,
                              fill="#ffffff", anchor="middle", bold=True))
        if setup is not None:
            mask = pattern_mask(setup)
            for c in range(game.grid * game.grid):
                r, q = divmod(c, game.grid)
                on = bool(mask >> c & 1)
                parts.append(Rect(cols[2] + q * 2.4, y - 6 + r * 2.4, 2.1, 2.1,
                                  Style(fill="#e9c46a" if on else CURSED_BG)))
            parts.append(_label(text_in(setup.name, lang), cols[2] + 14, y - 4, 24, 8, 7,
                                align="left"))
        parts.append(Text(cols[3], y + 2, f"{d.rewards_shown} / {d.rewards_held} / "
                          f"{d.start_rewards}", size=10, fill=INK))
        y += 15
    removed, removed_at = by_degree([(d.degree, d.removed) for d in game.degrees], lang)
    revealed, revealed_at = by_degree([(d.degree, d.revealed) for d in game.degrees], lang)
    parts.append(_label(say("degrees-note", lang, removed=removed, removed_at=removed_at,
                            revealed=revealed, revealed_at=revealed_at), 25, y,
                        pw - 50, 16, 9, align="left"))
    return Scene(pw, ph, tuple(parts), id="degrees")


def _paragraph(text: str, x: float, y: float, w: float, size: float = 9.0
               ) -> tuple[Element, float]:
    """A paragraph at ``size`` pt, as many lines as it takes, and its height (mm)."""
    fit = fit_text(_plain(text), w, 1000.0, "sans", max_size=size, min_size=size,
                   leading=1.25, fill=INK)
    return fit.block.at(x, y), fit.lines * size * PT_MM * 1.25


def setup_page(game: GlyphGame, glyphs: GlyphSet, riddles: int, paper: tuple[float, float],
               lang: str | None) -> Scene:
    """The set-up sheet: what the box holds, the steps in order with each count from the
    game document, every set-up pattern (with the degrees that use it), and a tile
    showing its triangle, which goes at the bottom."""
    pw, _ = paper
    margin = 20.0
    width = pw - 2 * margin
    tiles = sum(t.count for t in glyphs.tiles)
    jokers = sum(t.count for t in glyphs.tiles if t.joker)
    removed = by_degree([(d.degree, d.removed) for d in game.degrees], lang)
    revealed = by_degree([(d.degree, d.revealed) for d in game.degrees], lang)
    shown, shown_at = by_degree([(d.degree, d.rewards_shown) for d in game.degrees], lang)
    parts: list[Element] = [Text(pw / 2, 22, f"{text_in(game.title, lang)} — "
                                 f"{say('setup-title', lang)}", font="serif", size=16, fill=INK,
                                 anchor="middle", bold=True)]
    y = 30.0
    box, h = _paragraph(say("setup-box", lang, tiles=tiles, jokers=jokers, riddles=riddles,
                            decks=len({d for g in game.degrees for d in g.decks}),
                            rewards=sum(r.copies for r in game.rewards),
                            basic=game.basic_tiles, special=len(game.specials),
                            tokens=len(game.tokens)), margin, y, width, 8.5)
    parts.append(box)
    y += h + 4
    deal = say("degrees-note", lang, removed=removed[0], removed_at=removed[1],
               revealed=revealed[0], revealed_at=revealed[1])
    steps: list[tuple[str, dict[str, object]]] = [
        ("setup-riddles", {}),
        ("setup-tiles", {"tiles": tiles, "grid": game.grid}),
        ("setup-mark", {}),
        ("setup-whirlpool", {"remaining": number_word(game.whirlpool_remaining, lang)}),
        ("setup-clock", {"tokens": len(game.tokens)}),
        ("setup-special", {"special": len(game.specials), "active": game.special_active}),
        ("setup-basic", {"each": game.basic_per_player}),
        ("setup-rewards", {"shown": shown, "shown_at": shown_at}),
    ]
    sample = next((t for t in glyphs.tiles if not t.joker), glyphs.tiles[0])
    for n, (key, values) in enumerate(steps, start=1):
        right = TILE + 8 if key == "setup-mark" else 0.0
        parts.append(Text(margin, y + 3.2, f"{n}.", size=9, fill=INK, bold=True))
        words = say(key, lang, **values) + (f" {deal}" if key == "setup-riddles" else "")
        block, h = _paragraph(words, margin + 6, y, width - 6 - right)
        parts.append(block)
        if key == "setup-mark":
            front, _ = tile_faces(sample, lang)
            tx = pw - margin - TILE
            parts.append(Group(front.children, translate=(tx - SMALL_BLEED, y - SMALL_BLEED)))
            parts.append(Text(tx + TILE / 2, y + TILE + 4, say("setup-mark-caption", lang),
                              size=7, fill=INK, anchor="middle", italic=True))
            h = max(h, TILE + 5)
        y += h + 3
        if key == "setup-tiles":
            y = _draw_patterns(game, parts, margin + 6, y, lang) + 4
    return Scene(pw, paper[1], tuple(parts), id="setup")


def _draw_patterns(game: GlyphGame, parts: list[Element], x: float, y: float,
                   lang: str | None) -> float:
    """Each set-up pattern as a small grid (restored in gold), its name and degrees under it;
    returns the y below them."""
    cell = 5.0
    side = game.grid * cell
    for k, setup in enumerate(game.setups):
        left = x + k * (side + 24)
        mask = pattern_mask(setup)
        for c in range(game.grid * game.grid):
            r, q = divmod(c, game.grid)
            on = bool(mask >> c & 1)
            parts.append(Rect(left + q * cell, y + r * cell, cell - 0.5, cell - 0.5,
                              Style(fill="#e9c46a" if on else CURSED_BG)))
        degrees = [str(d.degree) for d in sorted(game.degrees, key=lambda d: d.degree)
                   if d.setup == setup.id]
        parts.append(_label(text_in(setup.name, lang), left - 4, y + side + 1, side + 8, 4, 8,
                            bold=True))
        if degrees:
            parts.append(_label(say("degree-one" if len(degrees) == 1 else "degree-many", lang,
                                    n=join_words(degrees, lang)), left - 6, y + side + 5,
                                side + 12, 4, 7))
    return y + side + 9


def riddles_dealt(game: GlyphGame, degree: Degree) -> int:
    """How many riddle cards a game at ``degree`` deals: each named deck less the cards set
    aside (the checks hold every deck to ``deck_size`` cards)."""
    return len(degree.decks) * max(0, game.deck_size - degree.removed)


def aid_texts(game: GlyphGame, lang: str | None) -> tuple[str, ...]:
    """The player aid's paragraphs: goal, action phase, after a solve, Sfynx phase, losing.
    Every count comes from the game document; one that differs between degrees names them."""
    riddles, riddles_at = by_degree([(d.degree, riddles_dealt(game, d)) for d in game.degrees],
                                    lang, words=True)
    held, held_at = by_degree([(d.degree, d.rewards_held) for d in game.degrees], lang,
                              words=True)
    return (say("aid-goal", lang, riddles=riddles, riddles_at=riddles_at),
            say("aid-actions", lang, basic=number_word(game.basic_per_player, lang)),
            say("aid-solve", lang, held=held, held_at=held_at),
            say("aid-sfynx", lang), say("aid-lose", lang))


def token_effect_text(game: GlyphGame, effect: str, lang: str | None) -> str:
    """What a challenge token's ``effect`` does, with the game document's numbers: the
    whirlpool's side B curse and how few riddle cards it waits for."""
    remaining = game.whirlpool_remaining
    key = "whirlpool-one" if effect == "whirlpool" and remaining == 1 else effect
    return say(key, lang, tiles=count_tiles(game.whirlpool_curse, lang),
               remaining=number_word(remaining, lang))


def aid_page(game: GlyphGame, paper: tuple[float, float], lang: str | None) -> Scene:
    pw, ph = paper
    parts: list[Element] = [Text(pw / 2, 22, f"{text_in(game.title, lang)} — "
                                 f"{say('aid-title', lang)}", font="serif", size=16, fill=INK,
                                 anchor="middle", bold=True)]
    y = 30.0
    for words in aid_texts(game, lang):
        # A paragraph keeps its 9.5 pt: a longer one (a count that differs by degree) takes
        # more lines and pushes the rest down instead of shrinking.
        rows = fit_text(_plain(words), pw - 44, 1000.0, "sans", max_size=9.5,
                        min_size=9.5).lines
        h = max(18.0, rows * 9.5 * PT_MM * 1.2 + 0.5)
        parts.append(_label(words, 22, y, pw - 44, h, 9.5, align="left", valign="top"))
        y += h + 1
    sections = (
        ("special", [f"{text_in(t.name, lang)}: {say(t.effects[0], lang)}" for t in game.specials],
         6.5),
        ("reward", [f"{text_in(r.name, lang)}: {say(r.effects[0], lang)}" for r in game.rewards],
         6.5),
        ("tokens", [token_effect_text(game, e, lang)
                    for e in sorted({e for t in game.tokens for e in t.effects})], 8.0))
    for heading, lines, step in sections:
        parts.append(Text(22, y + 4, say(heading, lang), size=11, fill=INK, bold=True))
        y += 8
        for line in lines:
            parts.append(_label(line, 26, y, pw - 48, step - 0.5, 8.5, align="left"))
            y += step
    return Scene(pw, ph, tuple(parts), id="player-aid")


def _duplex(fronts: list[Scene], backs: list[Scene], w: float, h: float, bleed: float,
            paper: str, pack: Pack, offset: tuple[float, float], label: str, title: str,
            gutter: str | None = None, stamp: str = "") -> bytes:
    print_cfg = pack.data.get("print", {})
    crop = bool(print_cfg.get("crop_marks", True))
    # The shared gutter policy: by default a full-bleed gutter only on sheets whose
    # neighbouring cards differ in colour at the cut (deck colours, tile faces).
    layout, wide = sheet_layouts(PAPERS[paper], w, h, bleed,
                                 gutter_setting(gutter, print_cfg.get("gutter")))
    front_pages, back_pages = card_sheet_pages(fronts, backs, layout, crop_marks=crop,
                                               back_offset=offset, label=label,
                                               gutter_layout=wide, stamp=stamp)
    return document_to_pdf(Document(tuple(interleave_duplex(front_pages, back_pages)),
                                    title=title, duplex=True))


def _sizes(pack: Pack) -> tuple[float, float, float]:
    """Card width, height and bleed (mm) from the pack's ``print`` settings."""
    print_cfg: dict[str, Any] = pack.data.get("print", {})
    size = print_cfg.get("card", "poker")
    w, h = (parse_length(size["width"]), parse_length(size["height"])) \
        if isinstance(size, dict) else CARD_SIZES[str(size)]
    return w, h, parse_length(print_cfg.get("bleed", "3mm"))


def _lang_decks(loaded: Loaded, pack: Pack, lang: str, token_art: TokenArt) -> list[Deck]:
    """The four two-sided decks of one language: riddle and reward cards, antechamber
    tiles, action tiles and challenge tokens (ids ``<deck>-<lang>``)."""
    game, glyphs = loaded.game, loaded.glyphs
    assert game is not None and glyphs is not None
    w, h, bleed = _sizes(pack)
    title = text_in(game.title, lang)
    riddles = sorted(loaded.riddles, key=lambda r: (r.deck, r.id))
    rewards = [r for r in game.rewards for _ in range(r.copies)]
    fronts = [riddle_front(r, glyphs, w, h, bleed, lang) for r in riddles] + \
        [reward_front(r, w, h, bleed, lang) for r in rewards]
    backs = [riddle_back(r.deck, title, w, h, bleed, lang) for r in riddles] + \
        [reward_back(title, w, h, bleed, lang) for _ in rewards]
    tiles = [tile_faces(t, lang) for t in glyphs.tiles for _ in range(t.count)]
    spent = text_in(game.basic_spent, lang)
    actions = [action_faces(text_in(game.basic_name, lang), f"{say('restore', lang)} "
                            f"{say('swap', lang)}", f"basic-{i}", "#6c757d", lang, spent)
               for i in range(game.basic_tiles)]
    actions += [action_faces(text_in(s.name, lang), say(s.effects[0], lang),
                             f"special-{s.id}", "#9c6644", lang, spent)
                for s in game.specials]
    actions.append(whirlpool_faces(game, lang))
    tokens = [token_faces(t, game.whirlpool_curse, lang, token_art) for t in game.tokens]
    return [
        Deck(f"cards-{lang}", f"{title}: riddle and reward cards", w, h, bleed,
             tuple(fronts), tuple(backs)),
        Deck(f"tiles-{lang}", f"{title}: antechamber tiles", TILE, TILE, SMALL_BLEED,
             tuple(f for f, _ in tiles), tuple(b for _, b in tiles),
             source=_where(pack, "glyph-set", game.glyph_set, "tiles")),
        Deck(f"action-tiles-{lang}", f"{title}: action tiles", ACTION, ACTION, SMALL_BLEED,
             tuple(f for f, _ in actions), tuple(b for _, b in actions),
             source=_where(pack, "glyph-game", loaded.game_doc.id if loaded.game_doc else "",
                           "special_actions")),
        Deck(f"tokens-{lang}", f"{title}: challenge tokens", TOKEN, TOKEN, SMALL_BLEED,
             tuple(f for f, _ in tokens), tuple(b for _, b in tokens),
             source=_where(pack, "glyph-game", loaded.game_doc.id if loaded.game_doc else "",
                           "tokens")),
    ]


def _where(pack: Pack, kind: str, ident: str, key: str) -> tuple[str, int, int] | None:
    """(file, line, column) of ``key`` in the ``kind`` document ``ident``: where a deck of
    fixed-size pieces is listed (the print targets report there)."""
    for doc in pack.of_kind(kind):
        if doc.id == ident:
            return (doc.file, *doc.locate((key,), key=True))
    return None


def glyph_decks(pack: Pack, options: Options) -> list[Deck]:
    """Every language's decks (``--lang``: that one), for the print targets."""
    loaded, _ = models_of(pack)
    if loaded.game is None or loaded.glyphs is None:
        return []
    token_art = token_art_of(pack)
    return [deck for lang in ([options.lang] if options.lang else pack.languages)
            for deck in _lang_decks(loaded, pack, lang, token_art)]


def glyph_pieces(pack: Pack, options: Options) -> list[Piece]:
    """Per language (``--lang``: that one), for the virtual table: the clepsydra board, the
    degree table and the set-up sheet, each as a board at its printed size (the tiles,
    action tiles and tokens are decks, two-sided)."""
    loaded, _ = models_of(pack)
    game, glyphs = loaded.game, loaded.glyphs
    if game is None or glyphs is None:
        return []
    page = PAPERS[options.paper or str(pack.data.get("print", {}).get("paper", "a4"))]
    out: list[Piece] = []
    for lang in [options.lang] if options.lang else pack.languages:
        title = text_in(game.title, lang)
        out += [Piece(f"clepsydra-{lang}", f"{title} ({lang}): {say('clepsydra', lang)}", "board",
                      clepsydra_page(game, page, lang)),
                Piece(f"degrees-{lang}", f"{title} ({lang}): degrees", "board",
                      degree_page(game, page, lang)),
                Piece(f"setup-{lang}", f"{title} ({lang}): set-up", "board",
                      setup_page(game, glyphs, len(loaded.riddles), page, lang))]
    return out


def build_artefacts(pack: Pack, options: Options, progress: ProgressFn) -> list[Artefact]:
    loaded, _ = models_of(pack)
    game, glyphs = loaded.game, loaded.glyphs
    if game is None or glyphs is None:
        return []
    print_cfg: dict[str, Any] = pack.data.get("print", {})
    paper = options.paper or str(print_cfg.get("paper", "a4"))
    offset = back_offset_setting(options.back_offset, print_cfg)
    languages = [options.lang] if options.lang else pack.languages
    asked = options.extra.get("gutter")
    gutter = asked if isinstance(asked, str) else None
    out: list[Artefact] = []
    token_art = token_art_of(pack)
    stamp = stamp_of(pack, options)
    for lang in languages:
        title = text_in(game.title, lang)
        base = f"print/{lang}"
        progress(f"{pack.id}: {lang} riddle cards, tiles and tokens")
        decks = _lang_decks(loaded, pack, lang, token_art)
        riddles = sorted(loaded.riddles, key=lambda r: (r.deck, r.id))
        for r, scene in zip(riddles, decks[0].fronts):
            out.append(Artefact(f"svg/{lang}/riddles/{r.id}.svg", scene_to_svg(scene)))
        labels = (f"{title} · {lang}", f"{title} · {say('restored', lang)} / {say('cursed', lang)}",
                  f"{title} · {say('active', lang)}", f"{title} · {say('token', lang)}")
        for deck, label, name in zip(decks, labels, ("cards", "tiles", "action-tiles", "tokens")):
            out.append(Artefact(f"{base}/{name}-duplex.pdf", _duplex(
                list(deck.fronts), list(deck.backs), deck.width, deck.height, deck.bleed,
                paper, pack, offset, label, deck.title, gutter, stamp.text(deck.id))))
        page = PAPERS[paper]
        out.append(Artefact(f"{base}/setup.pdf", document_to_pdf(Document(
            (setup_page(game, glyphs, len(riddles), page, lang),),
            title=f"{title}: setting up"))))
        out.append(Artefact(f"{base}/boards.pdf", document_to_pdf(Document(
            (clepsydra_page(game, page, lang), degree_page(game, page, lang),
             aid_page(game, page, lang)), title=f"{title}: clepsydra, degrees, player aid"))))
        out.append(Artefact(f"{base}/calibration.pdf", document_to_pdf(Document(
            calibration_page(paper, offset, lang), title=f"{title}: printer calibration",
            duplex=True))))
    return out

__all__ = ["build_artefacts", "draw_glyph", "glyph_decks", "glyph_pieces", "riddle_front", "setup_page",
           "tile_faces", "whirlpool_faces"]
