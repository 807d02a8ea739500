"""Every other component in the box: tokens, tiles, die stickers, the Sphinx's board, and
what a group needs before it starts.

:func:`count_needs` reads the riddles for the most of each component any one of them
sets out (counts never depend on the paper); :func:`component_pages` prints them to
cut out (coin tokens per colour and levels, blessing tokens, feature markers, sea
and bridge tiles, die-face stickers) and the Sphinx's board; :func:`needs_page`
is the book's "You need" list, saying what comes from the base game and what is
printed.

>>> SPACE
30.0
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from generator.engine.geometry import NO_SQUARE
from generator.render.icons import (
    INK,
    MUTED,
    icon_blessing,
    icon_bridge,
    icon_coin,
    icon_die_face,
    icon_feature,
    icon_gem,
    icon_sea,
    icon_worker,
)
from generator.render.labels import gem_initial
from generator.systems.riddle import labels
from generator.render.scene import Circle, Element, Group, Line, Rect, Scene, Style, Text
from generator.systems.riddle.typography import HEADING_H, MARGIN, footer, heading, page, write
from generator.systems.riddle.wording import local
from generator.systems.riddle.content import RiddleContent
from generator.systems.riddle.legend import icon_name
from generator.systems.riddle.setup_box import general_rules_markup
from generator.systems.riddle.box import DEFAULT_GEMS, Die
from generator.systems.token_art import NO_TOKEN_ART, ROUND_BLEED, TokenArt, TokenKind

SPACE = 30.0
"""Side (mm) of a printed tile: one space of the board."""
TOKEN = 20.0
"""Side (mm) of a round token's drawing (coins, blessings, feature markers): it fits on a space."""
TOKEN_CUT = TOKEN + 1.6
"""Diameter (mm) of a round token's dashed cut circle."""
STICKER = 14.0
"""Side (mm) of a die-face sticker (a 16 mm die face keeps a margin)."""
SQUARE_BLEED = 1.0
"""Bleed (mm) of a sea tile's or a sticker's picture past its cut line (they sit 3-4 mm apart)."""
CUT = Style(stroke="#8a8a8a", stroke_width=0.2, dash=(1.5, 1.0))
PIECES = ("level-1 blocks", "level-2 blocks", "level-3 blocks", "domes")


@dataclass(frozen=True, slots=True)
class Needs:
    """The most of each component that any one riddle sets out."""

    coins: tuple[tuple[str, tuple[int, ...], int], ...]  # (colour, levels, count), sorted
    blessing_tokens: int
    feature_markers: int
    sea_tiles: int
    bridges: tuple[int, ...]  # sea spaces each bridge of the busiest riddle spans
    pieces: tuple[int, int, int, int]  # set-up plus stockpile: level 1-3 blocks, domes
    workers: int
    king: bool
    sphinx: bool
    dice: tuple[Die, ...]
    gems: tuple[str, ...] = ()  # gem tokens of the Sphinx's game, by colour (sorted)


def _popcount(bits: int) -> int:
    return bin(bits).count("1")


def count_needs(content: RiddleContent) -> Needs:
    """What the pack's riddles need at most, riddle by riddle."""
    coins: Counter[tuple[str, tuple[int, ...]]] = Counter()
    tokens = features = sea = workers = 0
    bridges: tuple[int, ...] = ()
    pieces = [0, 0, 0, 0]
    king = sphinx = False
    gems: Counter[str] = Counter()
    for riddle, _ in content.riddles:
        # The Sphinx's game of a riddle that rolls a die starts with one gem per colour
        # its die names on the Sphinx's board.
        die = content.dice.get(riddle.die) if riddle.die else None
        for colour, n in Counter(die.gems if die is not None else ()).items():
            gems[colour] = max(gems[colour], n)
        board = riddle.board
        geo = board.geometry
        here = Counter((c.colour, tuple(sorted(c.levels))) for c in riddle.coins)
        for key, n in here.items():
            coins[key] = max(coins[key], n)
        tokens = max(tokens, _popcount(board.tokens))
        features = max(features, len(board.features), _popcount(board.feature_marks))
        sea = max(sea, geo.width * geo.height - _popcount(geo.land))
        spans = tuple(sorted((max(abs(a % geo.width - b % geo.width),
                                  abs(a // geo.width - b // geo.width)) - 1
                              for a, b in geo.bridges), reverse=True))
        if sum(spans) > sum(bridges):
            bridges = spans
        for level in range(3):
            used = sum(1 for h in board.heights if h > level)
            pieces[level] = max(pieces[level], used + riddle.stockpile[level])
        pieces[3] = max(pieces[3], _popcount(board.domes) + riddle.stockpile[3])
        workers = max(workers, len(board.workers))
        king = king or board.king != NO_SQUARE
        sphinx = sphinx or board.sphinx != NO_SQUARE
    return Needs(tuple((c, lv, n) for (c, lv), n in sorted(coins.items())), tokens, features,
                 sea, bridges, (pieces[0], pieces[1], pieces[2], pieces[3]), workers, king,
                 sphinx, tuple(content.dice[d] for d in sorted(content.dice)),
                 tuple(sorted(gems.elements())))


# -- cut-out sheets ----------------------------------------------------------------------------


def coin_keys(colour: str, levels: Sequence[int]) -> tuple[str, ...]:
    """The ``print.tokens`` keys a coin looks up, most specific first.

    >>> coin_keys("gold", (4, 1))
    ('coin-gold-1-dome', 'coin-gold', 'coin')
    """
    shown = "-".join("dome" if lv == 4 else str(lv) for lv in sorted(set(levels)))
    return ((f"coin-{colour}-{shown}",) if shown else ()) + (f"coin-{colour}", "coin")


def gem_keys(colour: str) -> tuple[str, ...]:
    """The keys a gem token of the Sphinx's game looks up: its colour's, then every gem's."""
    return (f"gem-{colour}", "gem")


def die_keys(colour: str) -> tuple[str, ...]:
    """The keys a die-face sticker looks up: its colour's, then every face's."""
    return (f"die-{colour}", "die")


def token_kinds(content: RiddleContent) -> list[TokenKind]:
    """Every key of ``print.tokens`` this pack's printed components answer to."""
    needs = count_needs(content)
    disc = (TOKEN_CUT, True, ROUND_BLEED)
    keys: list[tuple[str, tuple[float, bool, float]]] = [
        (k, disc) for colour, lv, _ in needs.coins for k in coin_keys(colour, lv)]
    keys += [("blessing", disc)] if needs.blessing_tokens else []
    keys += [("feature", disc)] if needs.feature_markers else []
    keys += [("sea", (SPACE, False, SQUARE_BLEED))] if needs.sea_tiles else []
    colours = sorted({f.colour for die in needs.dice for f in die.faces})
    keys += [(k, (STICKER, False, SQUARE_BLEED)) for c in colours for k in die_keys(c)]
    keys += [(k, disc) for c in needs.gems for k in gem_keys(c)]
    return [TokenKind(k, *shape) for k, shape in dict.fromkeys(keys)]


def _round_tokens(draws: Sequence[tuple[str, tuple[Element, ...], Sequence[str]]], x: float,
                  y: float, width: float, art: TokenArt) -> tuple[list[Element], float]:
    """Round tokens in rows with a dashed cut circle and a caption; returns them and the height.

    Each token looks its artwork up under its keys; a picture bleeds past the cut
    circle, which is then drawn over it.
    """
    pitch = TOKEN + 6.0
    per_row = max(1, int(width // pitch))
    out: list[Element] = []
    edge = (TOKEN_CUT - TOKEN) / 2
    for i, (caption, drawn, keys) in enumerate(draws):
        col, row = i % per_row, i // per_row
        cx, cy = x + col * pitch + pitch / 2, y + row * (pitch + 3.0) + pitch / 2
        cut = Circle(cx, cy, TOKEN_CUT / 2, CUT)
        dressed = art.dress(drawn, keys, TOKEN_CUT, True, ROUND_BLEED, (-edge, -edge))
        token = Group(dressed, translate=(cx - TOKEN / 2, cy - TOKEN / 2))
        out += [token, cut] if art.keys_for(keys) else [cut, token]
        if caption:
            out.append(Text(cx, cy + TOKEN / 2 + 3.6, caption, size=6, fill=MUTED, anchor="middle"))
    rows = (len(draws) + per_row - 1) // per_row
    return out, rows * (pitch + 3.0)


def _tiles(draws: Sequence[tuple[float, tuple[Element, ...]]], x: float, y: float,
           width: float) -> tuple[list[Element], float]:
    """Tiles of one space's height (and each its own width) 4 mm apart, with cut lines."""
    out: list[Element] = []
    cx, cy = x, y
    for w, drawn in draws:
        if cx + w > x + width + 1e-6:
            cx, cy = x, cy + SPACE + 4.0
        out.append(Group(drawn, translate=(cx, cy), clip=Rect(-SQUARE_BLEED, -SQUARE_BLEED,
                                                              w + 2 * SQUARE_BLEED,
                                                              SPACE + 2 * SQUARE_BLEED)))
        out.append(Rect(cx, cy, w, SPACE, CUT))
        cx += w + 4.0
    return out, (cy - y) + SPACE if draws else 0.0


def _sea_tile() -> tuple[Element, ...]:
    return icon_sea(-SPACE * 0.045, -SPACE * 0.045, SPACE * 1.09)


def _bridge_tile(span: int) -> tuple[float, tuple[Element, ...]]:
    w = SPACE * span
    parts: list[Element] = [Rect(0, 0, w, SPACE, Style(fill="#bcd9ea"))]
    parts.append(Group(icon_bridge(w / 2 - SPACE / 2, 0, SPACE)))
    return w, tuple(parts)


def _gem_token(colour: str) -> tuple[Element, ...]:
    """A gem of the Sphinx's game on a round token."""
    return (Circle(TOKEN / 2, TOKEN / 2, TOKEN / 2, Style(fill="#efe6cf", stroke=MUTED,
                                                         stroke_width=0.3)),
            *icon_gem(TOKEN * 0.2, TOKEN * 0.2, TOKEN * 0.6, colour=colour))


def die_name(dice: Sequence[str], die: str, lang: str | None) -> str:
    """A die's printed name (never its id): the Sphinx's die, numbered by its place among
    the pack's ``dice`` (sorted ids) when there are several, the same on the stickers and
    the player aid.

    >>> die_name(["sphinx-die"], "sphinx-die", None), die_name(["a", "b"], "b", "fr")
    ("The Sphinx's die", 'Le dé du Sphinx 2')
    """
    name = labels.label("c-die-name", lang)
    return f"{name} {sorted(dice).index(die) + 1}" if len(dice) > 1 else name


def _stickers(dice: Sequence[Die], x: float, y: float, art: TokenArt, lang: str | None
              ) -> tuple[list[Element], float]:
    out: list[Element] = []
    yy = y
    for die in dice:
        out.append(Text(x, yy + 3.0, die_name([d.id for d in dice], die.id, lang), size=7,
                        fill=MUTED))
        for i, face in enumerate(die.faces):
            sx = x + i * (STICKER + 3.0)
            drawn = icon_die_face(sx, yy + 5.0, STICKER, colour=face.colour,
                                  letter=gem_initial(face.colour, lang))
            out.append(Group(art.dress(drawn, die_keys(face.colour), STICKER, False, SQUARE_BLEED,
                                       (sx, yy + 5.0))))
            out.append(Rect(sx, yy + 5.0, STICKER, STICKER, CUT))
        yy += STICKER + 9.0
    return out, yy - y


def component_pages(content: RiddleContent, paper: tuple[float, float], lang: str | None,
                    art: TokenArt = NO_TOKEN_ART) -> list[Scene]:
    """Tokens (coins, blessings, feature markers, the gems of the Sphinx's game), tiles
    and stickers to cut out, then the Sphinx's board."""
    pw, ph = paper
    m = MARGIN
    width = pw - 2 * m
    needs = count_needs(content)
    sections: list[tuple[str, str, list[Element], float]] = []

    def add(title: str, note: str, made: tuple[list[Element], float]) -> None:
        if made[0]:
            sections.append((title, note, made[0], made[1]))

    coins: list[tuple[str, tuple[Element, ...], Sequence[str]]] = []
    for colour, levels, n in needs.coins:
        what = " ".join(labels.label("c-dome", lang) if lv == 4 else str(lv) for lv in levels)
        name = labels.label(f"c-coin-{colour}", lang) if colour in ("silver", "gold") else colour
        coins += [(labels.label("c-coin-label", lang, colour=name, what=what),
                   icon_coin(0, 0, TOKEN, colour=colour, levels=levels), coin_keys(colour, levels))] * n
    add(labels.label("h-coin-tokens", lang), labels.label("c-coins-note", lang),
        _round_tokens(coins, m, 0.0, width, art))
    add(labels.label("h-blessing-tokens", lang), labels.label("c-blessings-note", lang),
        _round_tokens([("", icon_blessing(0, 0, TOKEN), ("blessing",))] * needs.blessing_tokens,
                      m, 0.0, width, art))
    add(labels.label("h-feature-markers", lang), labels.label("c-features-note", lang),
        _round_tokens([("", icon_feature(0, 0, TOKEN), ("feature",))] * needs.feature_markers,
                      m, 0.0, width, art))
    add(labels.label("h-gem-tokens", lang), labels.label("c-gems-note", lang),
        _round_tokens([(icon_name(f"gem-{c}", lang), _gem_token(c), gem_keys(c))
                       for c in needs.gems], m, 0.0, width, art))
    sea = art.dress(_sea_tile(), ("sea",), SPACE, False, SQUARE_BLEED)
    tiles = [(SPACE, sea)] * needs.sea_tiles + [_bridge_tile(s) for s in needs.bridges]
    add(labels.label("h-sea-bridge", lang), labels.label("c-sea-note", lang), _tiles(tiles, m, 0.0, width))
    add(labels.label("h-die-stickers", lang), labels.label("c-stickers-note", lang),
        _stickers(needs.dice, m, 0.0, art, lang))
    pages: list[Scene] = []
    parts: list[Element] = []
    title = labels.label("c-footer", lang, title=content.title)
    top = m + 14.0
    y = top

    def start() -> None:
        parts.append(Text(m, m + 8.0, labels.label("h-tokens-tiles", lang), font="serif", size=18,
                          fill=INK, bold=True))
        parts.append(Text(m, m + 13.5, labels.label("h-cut-dashed", lang), size=8, fill=MUTED))

    start()
    y += 4.0
    for name, note, drawn, height in sections:
        need = HEADING_H + 6.0 + height
        if y + need > ph - m - 8.0 and len(parts) > 2:
            pages.append(page(pw, ph, [*parts, *footer(pw, ph, title, len(pages) + 1)],
                              f"components-{len(pages) + 1}"))
            parts = []
            start()
            y = top + 4.0
        parts += heading(m, y, name, width)
        parts.append(Text(m, y + HEADING_H + 2.0, note, size=7.5, fill=MUTED))
        parts.append(Group(tuple(drawn), translate=(0.0, y + HEADING_H + 4.5)))
        y += need + 4.0
    pages.append(page(pw, ph, [*parts, *footer(pw, ph, title, len(pages) + 1)],
                      f"components-{len(pages) + 1}"))
    pages.append(sphinx_board(content, paper, lang, len(pages) + 1))
    return pages


def sphinx_board(content: RiddleContent, paper: tuple[float, float], lang: str | None,
                 number: int) -> Scene:
    """The Sphinx's board: the slot of the first destroyed worker and the gems of her game."""
    pw, ph = paper
    m = MARGIN
    width = pw - 2 * m
    x0, y0, h = m, m + 16.0, 120.0
    parts: list[Element] = [
        Text(m, m + 8.0, labels.label("h-sphinx-board", lang), font="serif", size=18, fill=INK,
             bold=True),
        Rect(x0, y0, width, h, Style(fill="#efe6cf", stroke=INK, stroke_width=0.5), rx=4.0),
        Rect(x0 + 3, y0 + 3, width - 6, h - 6, Style(stroke="#b08d3c", stroke_width=0.4), rx=3.0),
    ]
    slot_x, slot_y = x0 + 30.0, y0 + 42.0
    parts.append(Circle(slot_x, slot_y, 14.0, Style(fill="#ffffff", stroke=INK, stroke_width=0.4,
                                                   dash=(1.5, 1.0))))
    parts.append(Group(icon_worker(slot_x - 8, slot_y - 8, 16.0), id="sphinx-slot"))
    note = write(labels.label("c-slot-note", lang),
                 x0 + 10.0, slot_y + 18.0, 40.0, 30.0, size=8, min_size=6.5, align="center", lang=lang)
    parts.append(note.block)
    die = next(iter(content.dice.values()), None)
    gems = die.gems if die is not None else tuple(("amber", "jade", "lapis")[:DEFAULT_GEMS])
    gx = x0 + 70.0
    gw = (x0 + width - 8.0 - gx) / max(len(gems), 1)
    parts.append(Text(gx, y0 + 12.0, labels.label("h-sphinx-game", lang), font="serif", size=11, fill=INK,
                      bold=True))
    for i, gem in enumerate(gems):
        cx = gx + gw * (i + 0.5)
        parts.append(Circle(cx, y0 + 34.0, 10.0, Style(fill="#ffffff", stroke=MUTED,
                                                       stroke_width=0.3)))
        parts.append(Group(icon_gem(cx - 7.0, y0 + 27.0, 14.0, colour=gem)))
        rewards = sorted({local(f.reward.text, lang) for f in (die.faces if die else ())
                          if f.colour == gem and f.reward is not None and f.reward.text})
        text = " ".join(rewards) or labels.label("c-gem-default", lang)
        para = write(text, cx - gw / 2 + 2.0, y0 + 48.0, gw - 4.0, 40.0, size=7.5, min_size=6.0,
                     align="center", lang=lang)
        parts.append(para.block)
    rule = labels.label("c-board-rule", lang)
    parts.append(write(rule, gx, y0 + h - 22.0, x0 + width - 8.0 - gx, 16.0, size=8,
                       min_size=6.5, lang=lang).block)
    parts.append(Line(x0 + 62.0, y0 + 10.0, x0 + 62.0, y0 + h - 10.0,
                      Style(stroke="#b08d3c", stroke_width=0.3)))
    parts += footer(pw, ph, labels.label("c-footer", lang, title=content.title), number)
    return page(pw, ph, parts, "sphinx-board")


# -- the book's "You need" list ------------------------------------------------------------------


def needs_lines(content: RiddleContent, lang: str | None = None) -> tuple[list[str], list[str]]:
    """(from the base game, printed here) as lines of markup."""
    L = labels.label
    n = count_needs(content)
    if lang == "fr":
        from generator.systems.riddle.french import PIECE_WORDS as FR_PIECES

        words = [FR_PIECES[p] for p in ("level1", "level2", "level3", "dome")]
        blocks = ", ".join(f"{count} {words[i][0 if count == 1 else 1]}"
                           for i, count in enumerate(n.pieces) if count)
    else:
        blocks = ", ".join(f"{count} {name}" for count, name in zip(n.pieces, PIECES) if count)
    base = [L("n-pieces", lang, blocks=blocks) if blocks else L("n-pieces-plain", lang),
            L("n-workers", lang, n=n.workers) if n.workers else L("n-workers-plain", lang)]
    if n.king or n.sphinx:
        base.append(L("n-king-sphinx" if n.king and n.sphinx else
                      "n-king" if n.king else "n-sphinx", lang))
    if n.dice:
        base.append(L("n-die", lang))
    gods = len(content.god_docs)
    blessings = len(content.blessings)
    coins = sum(c for _, _, c in n.coins)
    printed = [L("n-book", lang),
               L("n-cards", lang, gods=gods, blessings=blessings) if gods or blessings else "",
               L("n-aid", lang), L("n-sheets", lang),
               L("n-tokens", lang, coins=coins, tokens=n.blessing_tokens,
                 markers=n.feature_markers, sea=n.sea_tiles, bridges=len(n.bridges),
                 gems=len(n.gems))]
    return base, [p for p in printed if p]


def needs_page(content: RiddleContent, paper: tuple[float, float], number: int,
               lang: str | None = None) -> Scene:
    """The book's "You need" page, and the rules every riddle shares (said only here)."""
    pw, ph = paper
    m = MARGIN
    width = pw - 2 * m
    parts: list[Element] = [Text(m, m + 8.0, labels.label("h-you-need", lang), font="serif", size=20,
                                 fill=INK, bold=True)]
    y = m + 16.0
    base, printed = needs_lines(content, lang)
    rules = general_rules_markup([r for r, _ in content.riddles], lang)
    for title, lines in ((labels.label("h-from-base", lang), base),
                         (labels.label("h-printed", lang), printed),
                         (labels.label("h-every-riddle", lang), rules)):
        if not lines:
            continue
        parts += heading(m, y, title, width)
        y += HEADING_H + 1.0
        for line in lines:
            para = write(f"• {line}", m + 2.0, y, width - 2.0, 20.0, family="serif", size=10,
                         min_size=8, lang=lang)
            parts.append(para.block)
            y += para.height + 2.0
        y += 4.0
    parts += footer(pw, ph, content.title, number)
    return page(pw, ph, parts, "you-need")


__all__ = ["Needs", "SPACE", "coin_keys", "component_pages", "count_needs", "die_keys", "die_name",
           "gem_keys",
           "needs_lines", "needs_page", "sphinx_board", "token_kinds"]
