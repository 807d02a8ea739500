"""The player aid: two pages and a tarot-size card.

The player aid restates the turn from our rules data in our own words: the three
steps of a turn, the three actions, rewards, the end-of-turn effects of the
vocabulary, players and workers, and a short glossary; numbers come from the
rules constants and the pack (gods held, blessing score, the die's faces).
"""
from __future__ import annotations

from collections.abc import Sequence

from generator.systems.riddle import labels
from generator.render.fonts import measure
from generator.render.icons import GOLD, GOLD_DARK, INK, MUTED, label_text
from generator.render.scene import Circle, Element, Group, Line, Polygon, Rect, Scene, Style, Text
from generator.render.sheets import card_sheet_pages, interleave_duplex, sheet_layouts
from generator.systems.riddle.cards import CardSettings
from generator.systems.riddle.components import die_name
from generator.systems.riddle.content import RiddleContent
from generator.systems.riddle.effects import EFFECTS
from generator.systems.riddle.box import Die
from generator.systems.riddle.campaign import DEFAULT_BLESSING_SCORE
from generator.systems.riddle.model import ALL_PLAYER_COUNTS
from generator.systems.riddle.model import TIERS as TIER_ORDER
from generator.systems.riddle.solver import GODS_HELD_AT_MOST
from generator.systems.riddle.state import DESTROYED_TO_END
from generator.systems.riddle.typography import (
    ACCENT,
    HEADING_H,
    MARGIN,
    PANEL,
    fitted_text,
    footer,
    heading,
    ornament,
    page,
    two_columns,
    write,
)
from generator.systems.riddle.wording import count_word, local

TURN_STEPS = ("r-step-act", "r-step-rewards", "r-step-end")
"""The three steps of a turn: catalogue keys of their names (``<key>-text``: what to do)."""

EFFECT_KEYS = frozenset({"remove-top", "stockpile-add", "stockpile-remove",
                         "step-toward-closest-worker", "sink"})
"""End-of-turn effects with a player's name and a sentence in the catalogue
(``r-effect-<name>`` and ``r-effect-<name>-text``)."""


def _ordinal(n: int, lang: str | None) -> str:
    return labels.label(f"r-ordinal-{n}", lang)


def _effect_line(name: str, lang: str | None) -> str:
    if name in EFFECT_KEYS:
        title = labels.label(f"r-effect-{name}", lang)
        words = labels.label(f"r-effect-{name}-text", lang)
    else:
        title = name.replace("-", " ").capitalize()
        words = labels.label("r-effect-other-text", lang)
    return f"**{title}.** {words}"


def dice_shown(content: RiddleContent) -> list[Die]:
    """The dice the aid describes: those the riddles name, in campaign order (the pack's
    first die when no riddle names one, as every riddle then plays the standard die)."""
    named = [content.dice[r.die] for r, _ in content.riddles if r.die in content.dice]
    if not named:
        return list(content.dice.values())[:1]
    return list({die.id: die for die in named}.values())


def _die_faces(die: Die, lang: str | None) -> str:
    """Each colour of ``die`` with its reward (the first face of that colour), in face order."""
    faces: dict[str, str] = {}
    for face in die.faces:
        if face.reward is None:
            continue
        if face.reward.text is not None:
            reward = local(face.reward.text, lang).rstrip(".")
        else:
            from generator.systems.riddle.wording import describe_pieces

            reward = labels.label("r-die-add", lang,
                                  what=describe_pieces(face.reward.piece, face.reward.count,
                                                       lang))
        faces.setdefault(face.colour, reward[0].lower() + reward[1:])
    return (" ; " if lang == "fr" else "; ").join(
        f":gem-{c}: {_colour(c, lang)} : {r}" if lang == "fr" and f"gem-{c}" in _gem_icons()
        else f":gem-{c}: {c}: {r}" if f"gem-{c}" in _gem_icons() else f"{c}: {r}"
        for c, r in faces.items())


def _action_texts(content: RiddleContent, lang: str | None = None) -> list[tuple[str, str, str]]:
    """(title, icons, text) of the three actions; the die's faces come from the pack (each
    die the riddles name, by its printed name, never its id, when they name several that
    differ)."""
    shown: dict[str, str] = {}  # faces -> the first die with them
    for die in dice_shown(content):
        shown.setdefault(_die_faces(die, lang), die_name(list(content.dice), die.id, lang))
    if len(shown) == 1:
        die_line = labels.label("r-die-line", lang, faces=next(iter(shown)))
    else:
        die_line = "".join(labels.label("r-die-named", lang, die=ident, faces=faces)
                           for faces, ident in shown.items())
    return [
        (labels.label("r-act-move", lang), ":move: :build:", labels.label("r-act-move-text", lang)),
        (labels.label("r-act-god", lang), ":mover: :builder: :specialist:",
         labels.label("r-act-god-text", lang, n=count_word(GODS_HELD_AT_MOST)
                      if lang != "fr" else GODS_HELD_AT_MOST)),
        (labels.label("r-act-sphinx", lang), ":die-amber: :gem-amber:",
         labels.label("r-act-sphinx-text", lang) + die_line),
    ]


def _colour(colour: str, lang: str | None) -> str:
    """A gem colour's name in ``lang`` (the name itself when the catalogue lacks it)."""
    key = f"colour-f-{colour}"
    return labels.label(key, lang) if key in labels.LABELS else colour


def _gem_icons() -> frozenset[str]:
    from generator.render.icons import ICONS

    return frozenset(n for n in ICONS if n.startswith("gem-"))


def players_text(content: RiddleContent, lang: str | None = None) -> str:
    """How the workers are shared, for each player count some riddle of the pack allows."""
    counts = sorted({n for riddle, _ in content.riddles for n in riddle.players}) or \
        list(ALL_PLAYER_COUNTS)
    return " ".join([labels.label(f"r-players-{n}", lang) for n in counts]
                    + [labels.label("r-players-start", lang)])


def _rules_sections(content: RiddleContent, lang: str | None = None
                    ) -> list[tuple[str, list[str]]]:
    score = content.constellation.blessing_score if content.constellation else \
        DEFAULT_BLESSING_SCORE
    L = labels.label
    tiers = [L(f"r-tier-{t}", lang) for t in TIER_ORDER]
    return [
        (L("r-sec-coins", lang), [
            L("r-sec-coins-1", lang),
            L("r-sec-coins-2", lang, tiers=", ".join(tiers[:-1]), last=tiers[-1]),
        ]),
        (L("r-sec-blessings", lang), [L("r-sec-blessings-1", lang),
                                      L("r-sec-blessings-2", lang, score=score)]),
        (L("r-sec-losing", lang), [L("r-sec-losing-1", lang,
                                     nth=_ordinal(DESTROYED_TO_END, lang))]),
        (L("r-sec-effects", lang), [_effect_line(name, lang) for name in EFFECTS]),
        (L("r-sec-players", lang), [players_text(content, lang)]),
        (L("r-sec-glossary", lang), [L(f"r-gloss-{k}", lang) for k in range(1, 8)]),
    ]


def _example_turn(x: float, y: float, width: float, room: float, lang: str | None = None
                  ) -> list[Element]:
    """A turn drawn on the starter map: the move as a red arrow, the build in an orange frame,
    and what happened, in words. Empty when the page has no room for it."""
    from generator.engine.moves import apply_move, iter_moves
    from generator.engine.state import height_at
    from generator.systems.riddle.maps import render_map, sample_riddle

    size = min(room - HEADING_H - 2.0, 78.0)
    if size < 44.0:
        return []
    riddle = sample_riddle()
    g = riddle.board.geometry
    before = riddle.board.state()
    moves = list(iter_moves(g, before, 1))
    # A move that climbs shows the most; the first such move in the engine's order.
    move = next((mv for mv in moves if height_at(before, mv[1]) > height_at(before,
                                                                          before.workers[0])),
                moves[0])
    after = apply_move(g, before, move)
    frm, to, build = before.workers[0], move[1], move[2]
    scene = render_map(riddle, after, ((frm, to),), size, builds=(build,),
                       scene_id="example-turn")
    out: list[Element] = heading(x, y, labels.label("h-turn-drawn", lang), width)
    y += HEADING_H + 1.0
    out.append(Group(scene.children, translate=(x, y)))
    climbed = height_at(before, to) - height_at(before, frm)
    piece = height_at(before, build) + 1
    what = (labels.label("r-example-piece-4", lang) if piece == 4
            else labels.label("r-example-piece", lang, n=piece))
    text = labels.label("r-example-text", lang, frm=g.name(frm), to=g.name(to), build=g.name(build),
                        what=what, climb=labels.label("r-example-climb", lang) if climbed > 0 else "")
    para = write(text, x + scene.width + 6.0, y + 4.0, width - scene.width - 6.0,
                 scene.height - 4.0, size=9.5, min_size=8.0, leading=1.3, lang=lang)
    out.append(para.block)
    return out


def player_aid_pages(content: RiddleContent, paper: tuple[float, float], lang: str | None
                     ) -> tuple[Scene, Scene]:
    """The two pages of the player aid: the turn and the actions; then the rules at a glance."""
    pw, ph = paper
    m = MARGIN
    width = pw - 2 * m
    title = content.title
    first: list[Element] = [Text(pw / 2, m + 10, labels.label("player-aid", lang), font="serif", size=24, fill=INK,
                                 anchor="middle", bold=True)]
    first += ornament(pw / 2, m + 15.5, 70)
    first.append(fitted_text(pw / 2, m + 22, title, 11, width, italic=True, fill=MUTED,
                             anchor="middle"))
    y = m + 30.0
    first += heading(m, y, labels.label("h-turn-steps", lang), width)
    y += HEADING_H + 1.0
    step_w = (width - 8.0) / 3
    step_h = 0.0
    drawn: list[Element] = []
    for i, key in enumerate(TURN_STEPS):
        name, text = labels.label(key, lang), labels.label(f"{key}-text", lang)
        x = m + i * (step_w + 4.0)
        drawn.append(Circle(x + 6.0, y + 6.0, 5.0, Style(fill=ACCENT, stroke=GOLD,
                                                         stroke_width=0.6)))
        drawn.append(label_text(x + 6.0, y + 6.0, str(i + 1), 4.2, fill="#ffffff", font="serif"))
        drawn.append(Text(x + 13.5, y + 7.6, name, font="serif", size=13, fill=INK, bold=True))
        para = write(text, x + 2.0, y + 14.0, step_w - 4.0, 40.0, size=9.5, min_size=8.0, lang=lang)
        drawn.append(para.block)
        step_h = max(step_h, 14.0 + para.height + 3.0)
    for i in range(3):
        x = m + i * (step_w + 4.0)
        first.append(Rect(x, y - 1.0, step_w, step_h + 1.0, Style(fill=PANEL), rx=2.0))
        if i:
            first.append(Polygon(((x - 3.2, y + 4.0), (x - 0.8, y + 6.0), (x - 3.2, y + 8.0)),
                                 Style(fill=GOLD_DARK)))
    first += drawn
    y += step_h + 7.0
    first += heading(m, y, labels.label("h-three-actions", lang), width)
    y += HEADING_H + 1.0
    for letter, (name, icons, text) in zip("ABC", _action_texts(content, lang)):
        first.append(Text(m, y + 5.0, letter, font="serif", size=16, fill=GOLD_DARK, bold=True))
        first.append(Text(m + 8.0, y + 4.6, name, font="serif", size=12.5, fill=INK, bold=True))
        icon_para = write(icons, m + 8.0 + measure(name, "serif", True, size_pt=12.5) + 3.0,
                          y + 0.3, 60.0, 7.0, size=14, min_size=14, lang=lang)
        first.append(icon_para.block)
        para = write(text, m + 8.0, y + 8.5, width - 8.0, 60.0, size=9.5, min_size=8.0,
                     leading=1.3, lang=lang)
        first.append(para.block)
        y += 8.5 + para.height + 3.5
    y += 1.0
    first += heading(m, y, labels.label("h-besides", lang), width)
    y += HEADING_H
    para = write(labels.label("r-besides-text", lang), m, y, width, 20.0, size=9.5, min_size=8.0, lang=lang)
    first.append(para.block)
    y += para.height + 4.0
    first += _example_turn(m, y, width, ph - m - 8.0 - y, lang)
    first += footer(pw, ph, title, 1, labels.label("r-footer-aid", lang))

    second: list[Element] = [Text(m, m + 8, labels.label("r-glance", lang), font="serif", size=18,
                                  fill=INK, bold=True)]
    top = m + 14.0
    col_gap = 7.0
    col_w = (width - col_gap) / 2
    sections = _rules_sections(content, lang)
    bottom = ph - m - 8.0
    # The largest size at which the sections fill two columns, in order, without splitting.
    for size in (10.5, 10.0, 9.5, 9.0, 8.5, 8.0):
        heights = [HEADING_H + sum(write(p, 0, 0, col_w, 300.0, size=size, min_size=size, lang=lang).height
                                   + 1.8 for p in paras) + 3.0 for _, paras in sections]
        cols = two_columns(heights, 0.0)
        if max(sum(h for h, c in zip(heights, cols) if c == k) for k in (0, 1)) \
                <= bottom - top or size == 8.0:
            break
    ys = [top, top]
    for (name, paras), col in zip(sections, cols):
        x = m + col * (col_w + col_gap)
        yy = ys[col]
        second += heading(x, yy, name, col_w)
        yy += HEADING_H
        for text in paras:
            para = write(text, x, yy, col_w, 300.0, size=size, min_size=size, lang=lang)
            second.append(para.block)
            yy += para.height + 1.8
        ys[col] = yy + 3.0
    second += footer(pw, ph, title, 2, labels.label("r-footer-aid", lang))
    return page(pw, ph, first, "player-aid-1"), page(pw, ph, second, "player-aid-2")


AID_CARD_SIZE = (70.0, 120.0)
"""The player aid card: tarot size (mm)."""


def _aid_card_side(s: CardSettings, title: str, sections: Sequence[tuple[str, str]],
                   scene_id: str, lang: str | None) -> tuple[Scene, bool]:
    b = s.bleed
    W, H = s.width + 2 * b, s.height + 2 * b
    parts: list[Element] = [Rect(0, 0, W, H, Style(fill="#fbf6ea")),
                            Rect(0, 0, W, b + 11.0 + s.extra, Style(fill=ACCENT)),
                            Line(0, b + 11.0 + s.extra, W, b + 11.0 + s.extra,
                                 Style(stroke=GOLD, stroke_width=0.6)),
                            Rect(b + s.safe + 0.2, b + s.safe + 0.2, s.width - 2 * (s.safe + 0.2),
                                 s.height - 2 * (s.safe + 0.2), Style(stroke=ACCENT,
                                                                      stroke_width=0.4), rx=2.0)]
    inset = s.text_inset
    parts.append(fitted_text(W / 2, b + 7.6 + s.extra, title, 11, s.width - 2 * inset, bold=True,
                             fill="#ffffff", anchor="middle", min_size=7))
    x, w = b + inset, s.width - 2 * inset
    y = b + 14.0 + s.extra
    bottom = b + s.height - inset
    fits = True
    size = 9.0
    while True:
        drawn: list[Element] = []
        yy = y
        ok = True
        for name, text in sections:
            drawn.append(Text(x, yy + 2.8, name.upper(), font="sans", size=6.2, fill=ACCENT,
                              bold=True))
            yy += 4.0
            # Every paragraph at the same size: the whole side shrinks until it fits.
            para = write(text, x, yy, w, 200.0, size=size, min_size=size, leading=1.2, lang=lang)
            ok = ok and para.fit.fits
            drawn.append(para.block)
            yy += para.height + 2.2
        if (yy <= bottom + 2.2 and ok) or size <= 6.0:
            break
        size = round(size - 0.2, 2)
    fits = ok and yy <= bottom + 2.2
    parts += drawn
    return Scene(W, H, tuple(parts), id=scene_id), fits


def aid_card_faces(content: RiddleContent, s: CardSettings, lang: str | None = None
                   ) -> tuple[Scene, Scene, bool]:
    """The front (the turn) and back (rewards and endings) of the player aid card, and whether
    their text fits."""
    L = labels.label
    nth = _ordinal(DESTROYED_TO_END, lang)
    front, ok1 = _aid_card_side(s, L("r-card-front", lang), [
        (L(f"r-card-{k}", lang), L(f"r-card-{k}-text", lang, n=GODS_HELD_AT_MOST))
        for k in ("act", "move", "god", "sphinx", "rewards", "end")], "aid-card-front", lang=lang)
    back, ok2 = _aid_card_side(s, L("r-card-back", lang), [
        (L(f"r-card-{k}", lang), L(f"r-card-{k}-text", lang, nth=nth))
        for k in ("coins", "objectives", "blessings", "workers", "reminders")], "aid-card-back", lang=lang)
    return front, back, ok1 and ok2


def aid_card_settings(cards: CardSettings) -> CardSettings:
    """The pack's card settings for the tarot-size player aid card."""
    return CardSettings(AID_CARD_SIZE[0], AID_CARD_SIZE[1], cards.bleed, cards.gutter,
                        cards.crop_marks, cards.safe)


def player_aid_card_pages(content: RiddleContent, cards: CardSettings, paper: tuple[float, float],
                          offset: tuple[float, float], lang: str | None) -> tuple[Scene, ...]:
    """A duplex sheet of tarot-size player aid cards, one per seat (the sheet holds them)."""
    s = aid_card_settings(cards)
    front, back, _ = aid_card_faces(content, s, lang)
    layout, wide = sheet_layouts(paper, s.width, s.height, s.bleed, s.gutter)
    # One card per seat (four), as many as one sheet holds.
    count = min(4, (wide or layout).capacity, layout.capacity)
    fronts, backs = card_sheet_pages([front] * count, back, layout, s.crop_marks, offset,
                                     label=f"{content.title} — {labels.label('aid-card-sheets', lang)}",
                                     gutter_layout=wide, lang=lang)
    return interleave_duplex(fronts, backs)


__all__ = [
    "AID_CARD_SIZE", "EFFECT_KEYS", "aid_card_faces", "aid_card_settings", "player_aid_card_pages",
    "player_aid_pages",
]
