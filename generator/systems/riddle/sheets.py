"""The player aid (two pages and a tarot-size card) and the campaign sheets.

The player aid restates the turn from our rules data in our own words: the three
steps of a turn, the three actions, rewards, the end-of-turn effects of the
vocabulary, players and workers, and a short glossary; numbers come from the
rules constants and the pack (gods held, blessing score, the die's faces).

The campaign sheets are the adventure map (islands as groups of riddle entries,
each with a circle per objective to shade, and when the island opens), the
constellation tree, the blessing score track with the blessing deck, and a
guestbook. The tree is laid out by :func:`layout_sky`: Polaris in the centre,
each god on the ring of its distance from Polaris, ring orders chosen so that no
two paths cross; :func:`iter_sky_problems` says what still crosses or overlaps
(the tests hold the shipped sky to none).

>>> segments_cross((0, 0), (2, 2), (0, 2), (2, 0)), segments_cross((0, 0), (1, 1), (1, 1), (2, 0))
(True, False)
"""
from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from generator.render.fonts import measure
from generator.render.icons import (
    BLESSING,
    GOD_TYPES,
    GOLD,
    GOLD_DARK,
    INK,
    LAND,
    MUTED,
    icon_blessing,
    icon_builder,
    icon_mover,
    icon_specialist,
    label_text,
)
from generator.render.scene import Circle, Element, Group, Line, Polygon, Rect, Scene, Style, Text
from generator.render import labels
from generator.render.sheets import card_sheet_pages, interleave_duplex, sheet_layouts
from generator.systems.riddle.content import RiddleContent
from generator.systems.riddle.typography import (
    ACCENT,
    HEADING_H,
    MARGIN,
    PANEL,
    RULE,
    diamond,
    fitted_text,
    footer,
    heading,
    ornament,
    page,
    shade_circle,
    tier_name,
    write,
)
from generator.systems.riddle.wording import count_word, describe_unlock, local
from generator.systems.riddle.cards import CardSettings
from generator.systems.riddle.effects import EFFECTS
from generator.systems.riddle.model import DEFAULT_BLESSING_SCORE, Constellation
from generator.systems.riddle.model import TIERS as TIER_ORDER
from generator.systems.riddle.solver import GODS_HELD_AT_MOST
from generator.systems.riddle.state import DESTROYED_TO_END


# -- the player aid -------------------------------------------------------------------------

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


def _action_texts(content: RiddleContent, lang: str | None = None) -> list[tuple[str, str, str]]:
    """(title, icons, text) of the three actions; the die's faces come from the pack."""
    die_line = ""
    dice = list(content.dice.values())
    if dice:
        faces: dict[str, str] = {}
        for face in dice[0].faces:
            if face.reward is None:
                continue
            if face.reward.text is not None:
                reward = local(face.reward.text, lang).rstrip(".")
            else:
                from generator.systems.riddle.wording import describe_pieces

                reward = labels.label("r-die-add", lang,
                                      what=describe_pieces(face.reward.piece, face.reward.count))
            faces.setdefault(face.colour, reward[0].lower() + reward[1:])
        die_line = labels.label("r-die-line", lang, faces="; ".join(
            f":gem-{c}: {_colour(c, lang)} : {r}" if lang == "fr" and f"gem-{c}" in _gem_icons()
            else f":gem-{c}: {c}: {r}" if f"gem-{c}" in _gem_icons() else f"{c}: {r}"
            for c, r in faces.items()))
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
        (L("r-sec-players", lang), [L("r-sec-players-1", lang)]),
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
        cols = _columns(heights, 0.0)
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


# -- the constellation tree -----------------------------------------------------------------

Point = tuple[float, float]


def segments_cross(a: Point, b: Point, c: Point, d: Point, eps: float = 1e-9) -> bool:
    """Whether segments ab and cd cross at a point inside both (shared ends do not count)."""
    def orient(p: Point, q: Point, r: Point) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    shared = {a, b} & {c, d}
    if shared:
        # Segments from one point cross only if they overlap along a line.
        return False
    o1, o2, o3, o4 = orient(a, b, c), orient(a, b, d), orient(c, d, a), orient(c, d, b)
    if (o1 > eps and o2 < -eps or o1 < -eps and o2 > eps) and \
            (o3 > eps and o4 < -eps or o3 < -eps and o4 > eps):
        return True
    return False


def point_segment_distance(p: Point, a: Point, b: Point) -> float:
    """Distance from ``p`` to the segment ab."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy)
                                              / length2))
    return math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy))


@dataclass(frozen=True, slots=True)
class SkyLayout:
    """Where each node of a constellation tree goes (mm), and the paths between them."""

    nodes: tuple[tuple[str, float, float], ...]
    paths: tuple[tuple[str, str, int], ...]
    node_radius: float
    polaris: str
    polaris_radius: float

    def position(self, node: str) -> Point:
        for name, x, y in self.nodes:
            if name == node:
                return (x, y)
        raise KeyError(node)

    def radius(self, node: str) -> float:
        return self.polaris_radius if node == self.polaris else self.node_radius


def _depths(sky: Constellation, root: str) -> dict[str, int]:
    neighbours: dict[str, list[str]] = {n.id: [] for n in sky.nodes}
    for path in sky.paths:
        a, b = path.ends
        if a in neighbours and b in neighbours:
            neighbours[a].append(b)
            neighbours[b].append(a)
    depth = {root: 0}
    frontier = [root]
    while frontier:
        nxt: list[str] = []
        for node in frontier:
            for other in sorted(neighbours[node]):
                if other not in depth:
                    depth[other] = depth[node] + 1
                    nxt.append(other)
        frontier = nxt
    deepest = max(depth.values(), default=0)
    for sky_node in sky.nodes:
        depth.setdefault(sky_node.id, deepest + 1)  # unreachable: an outer ring of its own
    return depth


def _spread(angles: list[float], gap: float) -> list[float]:
    """Push sorted angles apart until neighbours are at least ``gap`` apart (circularly)."""
    n = len(angles)
    if n < 2:
        return angles
    gap = min(gap, 2 * math.pi / n)
    out = list(angles)
    for _ in range(200):
        moved = False
        for i in range(n):
            j = (i + 1) % n
            diff = (out[j] - out[i]) % (2 * math.pi)
            if n == 2 and i == 1:
                break
            if diff < gap - 1e-9:
                push = (gap - diff) / 2
                out[i] -= push
                out[j] += push
                moved = True
        if not moved:
            break
    return out


def _place(order: Sequence[Sequence[str]], radii: Sequence[float], neighbours: Mapping[str, set[str]],
           cx: float, cy: float, min_arc: float, even: bool = False) -> dict[str, Point]:
    """Positions for rings of nodes in the given orders: the first ring evenly spaced, outer
    rings at the mean angle of their inner neighbours, pushed apart to ``min_arc`` mm, or
    (``even``) evenly spaced and turned to sit as close as they can to those angles."""
    angle: dict[str, float] = {}
    pos: dict[str, Point] = {}
    for ring, (names, r) in enumerate(zip(order, radii)):
        if ring == 0:
            for name in names:
                angle[name], pos[name] = 0.0, (cx, cy)
            continue
        n = len(names)
        if ring == 1:
            wanted = [-math.pi / 2 + math.pi / n + 2 * math.pi * i / n for i in range(n)]
        else:
            wanted = []
            for i, name in enumerate(names):
                inner = [angle[o] for o in sorted(neighbours[name]) if o in angle and o in
                         order[ring - 1]]
                if inner:
                    wanted.append(math.atan2(sum(math.sin(a) for a in inner),
                                             sum(math.cos(a) for a in inner)))
                else:
                    wanted.append(-math.pi / 2 + 2 * math.pi * i / n)
            # Keep the chosen order around the circle.
            base = wanted[0]
            for i in range(1, n):
                while wanted[i] < wanted[i - 1]:
                    wanted[i] += 2 * math.pi
                while wanted[i] - base >= 2 * math.pi:
                    wanted[i] -= 2 * math.pi
        if ring > 1 and even:
            # Least squares: the turn that brings evenly spaced angles nearest the wanted ones.
            turn = sum(w - 2 * math.pi * i / n for i, w in enumerate(wanted)) / n
            spread = [turn + 2 * math.pi * i / n for i in range(n)]
        else:
            spread = _spread(wanted, min_arc / r) if ring > 1 else wanted
        for name, a in zip(names, spread):
            angle[name] = a
            pos[name] = (cx + r * math.cos(a), cy + r * math.sin(a))
    return pos


def _count_problems(pos: Mapping[str, Point], edges: Sequence[tuple[str, str]],
                    radius: Mapping[str, float], clearance: float) -> int:
    bad = 0
    segs = [(pos[a], pos[b], a, b) for a, b in edges]
    for (p1, p2, a1, b1), (q1, q2, a2, b2) in itertools.combinations(segs, 2):
        if segments_cross(p1, p2, q1, q2):
            bad += 100
    names = sorted(pos)
    for a, b in itertools.combinations(names, 2):
        if math.dist(pos[a], pos[b]) < radius[a] + radius[b] + clearance:
            bad += 100
    for p1, p2, a, b in segs:
        for name in names:
            if name in (a, b):
                continue
            if point_segment_distance(pos[name], p1, p2) < radius[name] + clearance / 2:
                bad += 10
    return bad


def layout_sky(sky: Constellation, cx: float, cy: float, outer: float,
               node_radius: float = 9.5, polaris_radius: float = 10.0) -> SkyLayout:
    """A radial layout of a constellation tree: Polaris at (cx, cy), each node on the ring of
    its path distance from Polaris (the outermost at ``outer`` mm), ring orders searched for
    the one with no crossing paths and no crowded nodes (the first best, in a fixed order)."""
    root = next((n.id for n in sky.nodes if n.polaris), sky.nodes[0].id)
    depth = _depths(sky, root)
    rings: list[list[str]] = [[] for _ in range(max(depth.values()) + 1)]
    for name in sorted(depth):
        rings[depth[name]].append(name)
    neighbours: dict[str, set[str]] = {n.id: set() for n in sky.nodes}
    edges: list[tuple[str, str]] = []
    for path in sky.paths:
        a, b = path.ends
        if a in neighbours and b in neighbours and a != b:
            neighbours[a].add(b)
            neighbours[b].add(a)
            edges.append((a, b))
    deepest = len(rings) - 1
    radii = [0.0] + [outer * d / max(deepest, 1) for d in range(1, deepest + 1)]
    if deepest >= 2:
        # The first ring a little further out: Polaris' paths need room for their diamonds.
        radii[1] = max(radii[1], outer * 0.46)
    radius = {name: (polaris_radius if name == root else node_radius) for name in depth}
    clearance = 4.0
    first = rings[1] if len(rings) > 1 else []
    if 1 < len(first) <= 7:
        candidates = [[first[0], *rest] for rest in itertools.permutations(first[1:])]
    else:
        candidates = [first]
    best: tuple[int, dict[str, Point]] | None = None
    for ring1, even in itertools.product(candidates, (True, False)):
        order: list[list[str]] = [rings[0], list(ring1)]
        for d in range(2, len(rings)):
            # Outer rings follow the angle of their inner neighbours; try both tie orders.
            placed = _place(order, radii[:d], neighbours, cx, cy, 2 * node_radius + clearance)
            ang = {n: math.atan2(p[1] - cy, p[0] - cx) for n, p in placed.items()}
            start = ang[ring1[0]] if ring1 else 0.0

            def key(name: str) -> tuple[float, str]:
                inner = [ang[o] for o in sorted(neighbours[name]) if o in ang and o in order[d - 1]]
                if not inner:
                    return (10.0, name)
                mean = math.atan2(sum(math.sin(a) for a in inner), sum(math.cos(a) for a in inner))
                return ((mean - start) % (2 * math.pi), name)

            order.append(sorted(rings[d], key=key))
        pos = _place(order, radii, neighbours, cx, cy, 2 * node_radius + clearance, even)
        score = _count_problems(pos, edges, radius, clearance)
        if best is None or score < best[0]:
            best = (score, pos)
        if score == 0:
            break
    assert best is not None or not first
    pos = best[1] if best is not None else {root: (cx, cy)}
    return SkyLayout(tuple((name, *pos[name]) for name in sorted(pos)),
                     tuple((p.ends[0], p.ends[1], p.diamonds) for p in sky.paths),
                     node_radius, root, polaris_radius)


def iter_sky_problems(layout: SkyLayout, clearance: float = 2.0) -> Iterator[str]:
    """Crossing paths, overlapping nodes and paths running through a node, in words."""
    pos = {name: (x, y) for name, x, y in layout.nodes}
    segs = [(a, b) for a, b, _ in layout.paths if a in pos and b in pos]
    for (a1, b1), (a2, b2) in itertools.combinations(segs, 2):
        if segments_cross(pos[a1], pos[b1], pos[a2], pos[b2]):
            yield f"path {a1}–{b1} crosses path {a2}–{b2}"
    for a, b in itertools.combinations(sorted(pos), 2):
        if math.dist(pos[a], pos[b]) < layout.radius(a) + layout.radius(b) + clearance:
            yield f"nodes {a} and {b} overlap"
    for a, b in segs:
        for name in sorted(pos):
            if name not in (a, b) and point_segment_distance(pos[name], pos[a], pos[b]) \
                    < layout.radius(name) + clearance / 2:
                yield f"path {a}–{b} runs through node {name}"


def _star(cx: float, cy: float, outer: float, inner: float, points: int, style: Style) -> Polygon:
    corners = []
    for i in range(points * 2):
        r = outer if i % 2 == 0 else inner
        a = math.pi * i / points - math.pi / 2
        corners.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return Polygon(tuple(corners), style)


def _type_icon(kind: str, x: float, y: float, size: float) -> tuple[Element, ...]:
    draw = {"mover": icon_mover, "builder": icon_builder, "specialist": icon_specialist}
    return draw.get(kind, icon_specialist)(x, y, size)


NODE_NAME_SIZE = 7.5
"""The largest size (pt) of the god names in the constellation's nodes."""
NAME_BASELINE = 0.42
"""A node's name sits on this fraction of its radius below the centre (the icon above it)."""
NODE_RADIUS = 10.5
"""Radius (mm) of a god's node on the constellation sheet."""


def _node_name(content: RiddleContent, node_id: str, god_id: str | None, lang: str | None) -> str:
    god = content.gods.get(god_id) if god_id else None
    return local(god.name, lang) if god else (god_id or node_id)


def _name_room(r: float) -> float:
    """The width (mm) a name may take on the chord of a node of radius ``r``."""
    baseline = r * NAME_BASELINE
    top = baseline - 2.4
    chord = 2 * math.sqrt(max(r * r - max(abs(top), abs(baseline + 0.6)) ** 2, 0.0))
    return chord - 2.0


def node_name_size(names: Sequence[str], r: float) -> float:
    """One size (pt) for every node's name: the largest at which all of them fit, never
    below the 6 pt that prints legibly (a longer name then runs past the chord)."""
    room = _name_room(r)
    size = NODE_NAME_SIZE
    for name in names:
        while size > 6.0 and measure(name, "serif", True, False, size_pt=size) > room:
            size = max(6.0, size - 0.25)
    return size


def _sky_node(content: RiddleContent, node_id: str, god_id: str | None, x: float, y: float,
              r: float, lang: str | None, name_size: float) -> list[Element]:
    god = content.gods.get(god_id) if god_id else None
    colour = GOD_TYPES.get(god.type, MUTED) if god else MUTED
    name = _node_name(content, node_id, god_id, lang)
    out: list[Element] = [Circle(x, y, r, Style(fill="#fbf8f0", stroke=colour, stroke_width=0.8)),
                          Circle(x, y, r - 1.1, Style(stroke=colour, stroke_width=0.25))]
    if god is not None:
        icon = r * 0.78
        out.append(Group(_type_icon(god.type, x - icon / 2, y - r * 0.86, icon)))
    out.append(Text(x, y + r * NAME_BASELINE, name, font="serif", size=name_size, fill=INK,
                    anchor="middle", bold=True))
    return out


PATH_DIAMOND = 2.2
"""The largest half-diagonal (mm) of a diamond on a constellation path."""
DIAMOND_GAP = 0.6
"""Room (mm) left between two diamonds' strokes on a path, so each is shaded alone."""


DIAMOND_MIN = 2.0
"""The half-diagonal (mm) below which a straight row of diamonds is too small to shade
(4 mm across): such a path staggers its diamonds on both sides of the line instead."""
DIAMOND_OFFSET = 3.0
"""The furthest (mm) a staggered diamond's centre leaves its path's line."""
DIAMOND_END = 0.4
"""Room (mm) between the end diamonds and the nodes' rings."""


def _diamond_centres(x1: float, y1: float, ux: float, uy: float, start: float, end: float,
                     count: int, r: float, offset: float) -> list[tuple[float, float]]:
    """Centres of ``count`` diamonds of half-diagonal ``r`` spread evenly between
    ``start`` and ``end`` along the path (the end ones ``r`` plus :data:`DIAMOND_END` in),
    every other one ``offset`` mm to the far side of the line."""
    inner = r + DIAMOND_END
    a, b = start + inner, end - inner
    if count == 1 or b <= a:
        ts = [(start + end) / 2] * count
    else:
        ts = [a + (b - a) * k / (count - 1) for k in range(count)]
    return [(x1 + ux * t - uy * offset * (-1) ** k, y1 + uy * t + ux * offset * (-1) ** k)
            for k, t in enumerate(ts)]


def _clear(points: Sequence[tuple[float, float]], r: float) -> bool:
    """Whether diamonds of half-diagonal ``r`` at ``points`` keep clear of each other: two
    diamonds (L1 balls) are apart when their centres' L1 distance exceeds both
    half-diagonals, the gap and the strokes."""
    need = 2 * r + DIAMOND_GAP + 0.4
    return all(abs(p[0] - q[0]) + abs(p[1] - q[1]) >= need - 1e-9
               for p, q in itertools.combinations(points, 2))


def _largest(x1: float, y1: float, ux: float, uy: float, start: float, end: float, count: int,
             offset: float) -> float:
    """The largest half-diagonal (to 0.01 mm, at most :data:`PATH_DIAMOND`) that keeps
    the diamonds clear at ``offset``; 0 when none does. The diamonds get closer as they
    grow (the end ones move in), so clearance is monotone in the size: a bisection."""
    def fits(r: float) -> bool:
        return _clear(_diamond_centres(x1, y1, ux, uy, start, end, count, r, offset), r)

    if fits(PATH_DIAMOND):
        return PATH_DIAMOND
    lo, hi = 0.0, PATH_DIAMOND
    while hi - lo > 0.01:
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if fits(mid) else (lo, mid)
    return lo


def path_diamonds(x1: float, y1: float, x2: float, y2: float, start: float, end: float,
                  count: int) -> list[tuple[float, float, float]]:
    """(cx, cy, r) of ``count`` diamonds spread along a path, none touching another.

    Diamonds are squares turned 45 degrees: two of them keep clear when the
    L1 distance of their centres exceeds the sum of their half-diagonals, so
    the size follows from the spacing along the path and its direction; the end
    ones keep clear of the nodes. When a straight row would make them smaller
    than :data:`DIAMOND_MIN`, they are staggered: every other one moves to the
    far side of the line, by the offset (up to :data:`DIAMOND_OFFSET`) that
    gives the largest diamonds.

    >>> [round(r, 2) for _, _, r in path_diamonds(0, 0, 40, 0, 0, 40, 4)]
    [2.2, 2.2, 2.2, 2.2]
    >>> [(round(y, 2), round(r, 2)) for _, y, r in path_diamonds(0, 0, 14, 0, 0, 14, 3)]
    [(0.5, 2.2), (-0.5, 2.2), (0.5, 2.2)]
    """
    length = math.dist((x1, y1), (x2, y2))
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    best, shift = _largest(x1, y1, ux, uy, start, end, count, 0.0), 0.0
    if best < DIAMOND_MIN and count > 1:
        for tenth in range(1, round(DIAMOND_OFFSET * 10) + 1):
            size = _largest(x1, y1, ux, uy, start, end, count, tenth / 10)
            if size > best + 1e-9:
                best, shift = size, tenth / 10
    return [(x, y, best) for x, y in _diamond_centres(x1, y1, ux, uy, start, end, count, best, shift)]


def _arrow_glyph(x: float, y: float, length: float, colour: str) -> Polygon:
    """A hollow arrow pointing right, to shade."""
    h = length * 0.42
    shaft = h * 0.42
    pts = ((x, y - shaft), (x + length * 0.58, y - shaft), (x + length * 0.58, y - h),
           (x + length, y), (x + length * 0.58, y + h), (x + length * 0.58, y + shaft),
           (x, y + shaft))
    return Polygon(pts, Style(fill="#ffffff", stroke=colour, stroke_width=0.35))


def constellation_page(content: RiddleContent, paper: tuple[float, float], lang: str | None,
                       number: int) -> tuple[Scene, SkyLayout | None]:
    """The constellation tree and its +1 stars."""
    pw, ph = paper
    m = MARGIN
    width = pw - 2 * m
    sky = content.constellation
    title = content.constellation_title or labels.label("r-sky-title", lang)
    parts: list[Element] = [Text(m, m + 8, title, font="serif", size=18, fill=INK, bold=True)]
    intro = labels.label("r-sky-intro", lang)
    para = write(intro, m, m + 12.0, width, 20.0, family="serif", size=9.5, min_size=8.0, lang=lang)
    parts.append(para.block)
    if sky is None:
        parts += footer(pw, ph, content.title, number, labels.label("r-sheet-footer", lang))
        return page(pw, ph, parts, "constellation"), None
    stars = sky.stars
    per_row = 6
    star_rows = math.ceil(len(stars) / per_row) if stars else 0
    star_h = 29.0
    panel_h = (HEADING_H + star_rows * star_h + 2.0) if stars else 0.0
    top = m + 12.0 + para.height + 4.0
    bottom = ph - m - 8.0 - panel_h
    size = min(width, bottom - top)
    cx, cy = pw / 2, top + size / 2
    node_r = NODE_RADIUS
    layout = layout_sky(sky, cx, cy, size / 2 - node_r - 1.0, node_r, 8.5)
    pos = {name: (x, y) for name, x, y in layout.nodes}
    # A faint sky behind the tree.
    parts.append(Circle(cx, cy, size / 2, Style(fill="#eef2f7", stroke=RULE, stroke_width=0.3)))
    for ring_r in sorted({round(math.dist(p, (cx, cy)), 3) for p in pos.values()} - {0.0}):
        parts.append(Circle(cx, cy, ring_r, Style(stroke="#d5dde8", stroke_width=0.25,
                                                  dash=(0.8, 1.6))))
    for a, b, count in layout.paths:
        if a not in pos or b not in pos:
            continue
        (x1, y1), (x2, y2) = pos[a], pos[b]
        length = math.dist(pos[a], pos[b])
        ux, uy = (x2 - x1) / length, (y2 - y1) / length
        start, end = layout.radius(a) + 0.6, length - layout.radius(b) - 0.6
        parts.append(Line(x1 + ux * start, y1 + uy * start, x1 + ux * end, y1 + uy * end,
                          Style(stroke="#7c8aa0", stroke_width=0.45)))
        for dx, dy, r in path_diamonds(x1, y1, x2, y2, start, end, count):
            parts.append(diamond(dx, dy, r, Style(fill="#ffffff", stroke=ACCENT, stroke_width=0.4)))
    gods_of = {n.id: n.god for n in sky.nodes}
    name_size = node_name_size([_node_name(content, name, gods_of.get(name), lang)
                                for name, _, _ in layout.nodes if name != layout.polaris],
                               layout.node_radius)
    for name, x, y in layout.nodes:
        if name == layout.polaris:
            r = layout.polaris_radius
            parts.append(Circle(x, y, r, Style(fill="#1c4a52", stroke=GOLD, stroke_width=0.8)))
            parts.append(_star(x, y - 1.6, 6.2, 2.4, 8, Style(fill=GOLD)))
            parts.append(Text(x, y + r - 2.6, "POLARIS", font="sans", size=6.0, fill="#f6e7b9",
                              anchor="middle", bold=True))
        else:
            parts += _sky_node(content, name, gods_of.get(name), x, y, layout.node_radius, lang,
                               name_size)
    # The +1 stars: each with its three arrows and the gods they point toward.
    if stars:
        y = bottom + 4.0
        parts += heading(m, y, labels.label("h-plus-stars", lang, score=sky.blessing_score), width)
        y += HEADING_H
        toward = {a.id: a.toward for a in sky.arrows}
        cell = width / per_row
        for i, star in enumerate(stars):
            row, col = divmod(i, per_row)
            x0, y0 = m + col * cell, y + row * star_h
            parts.append(Rect(x0 + 0.8, y0, cell - 1.6, star_h - 2.0, Style(fill="#f4f1ea"),
                              rx=1.5))
            parts.append(_star(x0 + 7.0, y0 + 7.0, 5.4, 2.4, 5,
                               Style(fill="#ffffff", stroke=GOLD_DARK, stroke_width=0.45)))
            parts.append(Text(x0 + 7.0, y0 + 8.3, "+1", font="sans", size=6.0, fill=GOLD_DARK,
                              anchor="middle", bold=True))
            parts.append(Text(x0 + 13.5, y0 + 8.0, labels.label("r-star-n", lang, n=i + 1), font="serif", size=7.5,
                              fill=MUTED, italic=True))
            for j, arrow in enumerate(star.arrows):
                node = toward.get(arrow, "")
                god_id = gods_of.get(node)
                god = content.gods.get(god_id) if god_id else None
                label = local(god.name, lang) if god else node
                colour = GOD_TYPES.get(god.type, MUTED) if god else MUTED
                ay = y0 + 15.0 + j * 4.6
                parts.append(_arrow_glyph(x0 + 3.0, ay, 6.5, colour))
                parts.append(fitted_text(x0 + 11.0, ay + 1.2, label, 7.0, cell - 13.0,
                                         font="sans", fill=INK, min_size=6.0))
    parts += footer(pw, ph, content.title, number, labels.label("r-sheet-footer", lang))
    return page(pw, ph, parts, "constellation"), layout


# -- the adventure map, score track and guestbook --------------------------------------------



def _columns(heights: Sequence[float], gap: float) -> list[int]:
    """Which of two columns each island goes in: in order, the first column taking islands
    while it stays the taller one by less than the next island's height."""
    total = sum(heights) + gap * len(heights)
    cols: list[int] = []
    used = 0.0
    for h in heights:
        col = 0 if not cols or (cols[-1] == 0 and used + (h + gap) / 2 <= total / 2) else 1
        if col == 0:
            used += h + gap
        cols.append(col)
    return cols


def _compass(cx: float, cy: float, r: float) -> list[Element]:
    """A compass rose for the sea of the adventure map."""
    out: list[Element] = [Circle(cx, cy, r, Style(stroke=GOLD_DARK, stroke_width=0.35)),
                          Circle(cx, cy, r * 0.82, Style(stroke=GOLD_DARK, stroke_width=0.2))]
    for k in range(8):
        a = math.pi / 4 * k - math.pi / 2
        long = r * (0.95 if k % 2 == 0 else 0.6)
        side = a + math.pi / 2
        w = r * 0.13
        tip = (cx + long * math.cos(a), cy + long * math.sin(a))
        left = (cx + w * math.cos(side), cy + w * math.sin(side))
        right = (cx - w * math.cos(side), cy - w * math.sin(side))
        out.append(Polygon((left, tip, (cx, cy)), Style(fill=GOLD_DARK if k % 2 == 0 else GOLD)))
        out.append(Polygon((right, tip, (cx, cy)), Style(fill=GOLD if k % 2 == 0 else "#f3e3b5",
                                                         stroke=GOLD_DARK, stroke_width=0.15)))
    out.append(Text(cx, cy - r - 1.5, "N", font="serif", size=9, fill=GOLD_DARK, anchor="middle",
                    bold=True))
    return out


def adventure_page(content: RiddleContent, paper: tuple[float, float], lang: str | None,
                   number: int) -> Scene:
    """The islands of the campaign, each riddle with a circle per objective to shade."""
    pw, ph = paper
    m = MARGIN
    width = pw - 2 * m
    parts: list[Element] = [Text(m, m + 8, labels.label("r-map-title", lang), font="serif", size=18, fill=INK,
                                 bold=True)]
    parts.append(fitted_text(pw - m, m + 8, content.title, 10, width / 2, italic=True,
                             fill=MUTED, anchor="end"))
    note = labels.label("r-map-note", lang)
    para = write(note, m, m + 12.0, width, 14.0, family="serif", size=9.5, min_size=8.0, lang=lang)
    parts.append(para.block)
    top = m + 12.0 + para.height + 4.0
    bottom = ph - m - 8.0
    parts.append(Rect(m, top, width, bottom - top, Style(fill="#dcebf3"), rx=3.0))
    for row in range(int((bottom - top) // 9)):
        wy = top + 5 + row * 9
        for k in range(int(width // 26)):
            wx = m + 6 + k * 26 + (row % 2) * 13
            parts.append(Line(wx, wy, wx + 6, wy, Style(stroke="#c3dbe8", stroke_width=0.4)))
    riddles = {r.id: r for r, _ in content.riddles}
    titles = {r.id: local(r.title, lang) for r in riddles.values()}
    island_names = {i.id: local(i.name, lang) for i in content.campaign.islands} \
        if content.campaign else {}
    groups: list[tuple[str, str, list[str]]] = []
    listed: set[str] = set()
    if content.campaign is not None:
        for island in content.campaign.islands:
            ids = [rid for rid in island.riddles if rid in riddles]
            listed |= set(ids)
            groups.append((local(island.name, lang),
                           describe_unlock(island.unlock, island_names, titles, lang), ids))
    rest = [rid for rid in riddles if rid not in listed]
    if rest:
        groups.append((labels.label("b-other-riddles", lang), "", rest))
    col_gap, inner, island_gap = 6.0, 5.0, 6.0
    col_w = (width - 2 * inner - col_gap) / 2
    key_h = 9.0
    room = bottom - top - 2 * inner - key_h

    def island_heights(entry: float) -> list[float]:
        out = []
        for _, unlock, ids in groups:
            u = write(unlock, 0, 0, col_w - 8.0, 30.0, size=8.0, min_size=8.0,
                      family="serif", lang=lang).height + 1.5 if unlock else 0.0
            out.append(12.0 + u + len(ids) * entry + 4.0)
        return out

    # The largest entries (up to 13 mm: circles big enough to shade) whose columns fit.
    entry = 13.0
    while entry > 7.0:
        heights = island_heights(entry)
        cols = _columns(heights, island_gap)
        tallest = max(sum(h + island_gap for h, c in zip(heights, cols) if c == k)
                      for k in (0, 1))
        if tallest - island_gap <= room:
            break
        entry -= 0.5
    heights = island_heights(entry)
    cols = _columns(heights, island_gap)
    circle_r = min(3.3, entry * 0.27)
    pitch = 2 * circle_r + 1.4
    circles_w = 4 * pitch
    title_size = min(11.0, 6.0 + entry * 0.4)
    ys = [top + inner, top + inner]
    for (name, unlock, ids), h, col in zip(groups, heights, cols):
        x, y = m + inner + col * (col_w + col_gap), ys[col]
        ys[col] += h + island_gap
        # The island: land with a coastline, and a ring of shallows around it.
        parts.append(Rect(x - 1.4, y - 1.4, col_w + 2.8, h + 2.8, Style(fill="#c6e0ea"), rx=5.0))
        parts.append(Rect(x, y, col_w, h, Style(fill=LAND, stroke=INK, stroke_width=0.5), rx=4.0))
        parts.append(fitted_text(x + 4.0, y + 7.0, name, 13.0, col_w - 8.0, bold=True,
                                 fill=ACCENT))
        yy = y + 9.5
        if unlock:
            upara = write(unlock, x + 4.0, yy, col_w - 8.0, 30.0, size=8.0, min_size=8.0,
                          family="serif", fill=MUTED, lang=lang)
            parts.append(upara.block)
            yy += upara.height + 1.5
        for rid in ids:
            riddle = riddles[rid]
            mid = yy + entry / 2
            parts.append(Rect(x + 2.0, yy + 0.5, col_w - 4.0, entry - 1.0, Style(fill="#fbf9f1"),
                              rx=1.5))
            medal = min(3.4, entry * 0.3)
            parts.append(Circle(x + 4.0 + medal, mid, medal, Style(fill=ACCENT)))
            parts.append(label_text(x + 4.0 + medal, mid, str(riddle.number), medal * 0.95,
                                    fill="#ffffff", font="serif"))
            text_x = x + 6.0 + 2 * medal
            # Long titles wrap onto a second line rather than shrink out of sight.
            title = write(titles[rid], text_x, yy + 0.8, x + col_w - 4.0 - circles_w - 2.0
                          - text_x, entry - 1.6, family="serif", size=title_size,
                          min_size=6.5, leading=1.1, valign="middle", icons=False, lang=lang)
            parts.append(title.block)
            tiers = {o.tier for o in riddle.objectives}
            for k, tier in enumerate(TIER_ORDER):
                ccx = x + col_w - 4.0 - circles_w + pitch / 2 + k * pitch
                if tier in tiers:
                    parts += shade_circle(ccx, mid, circle_r, tier, lang)
                else:
                    parts.append(Line(ccx - 1.0, mid, ccx + 1.0, mid,
                                      Style(stroke=RULE, stroke_width=0.4)))
            yy += entry
    # A compass in the open sea, and a key to the circles.
    free = [(col, bottom - inner - key_h - ys[col]) for col in (0, 1)]
    col, space = max(free, key=lambda f: f[1])
    if space > 40.0:
        r = min(16.0, space / 2 - 6.0)
        parts += _compass(m + inner + col * (col_w + col_gap) + col_w / 2,
                          ys[col] + space / 2, r)
    key_x = pw - m - 4.0 - 4 * 24.0
    for k, tier in enumerate(TIER_ORDER):
        kx = key_x + k * 24.0
        parts += shade_circle(kx + 3.0, bottom - 4.5, 2.7, tier, lang)
        parts.append(Text(kx + 6.8, bottom - 3.3, tier_name(tier, lang).lower(), font="sans", size=7,
                          fill=INK))
    parts += footer(pw, ph, content.title, number, labels.label("r-sheet-footer", lang))
    return page(pw, ph, parts, "adventure-map")


def score_page(content: RiddleContent, paper: tuple[float, float], lang: str | None,
               number: int) -> Scene:
    """The blessing score track (from the starting score), the blessing deck and the friendly
    gods."""
    pw, ph = paper
    m = MARGIN
    width = pw - 2 * m
    sky = content.constellation
    start = sky.blessing_score if sky else DEFAULT_BLESSING_SCORE
    top_score = start + (len(sky.stars) if sky else 0)
    numbers = [card.number for card, _ in content.blessings]
    top_score = max(top_score, start)
    parts: list[Element] = [Text(m, m + 8, labels.label("r-score-title", lang), font="serif", size=18, fill=INK,
                                 bold=True)]
    para = write(labels.label("r-score-intro", lang, start=start), m, m + 12.0, width, 14.0, family="serif",
                 size=9.5, min_size=8.0, lang=lang)
    parts.append(para.block)
    y = m + 12.0 + para.height + 5.0
    count = top_score - start + 1
    per_row = min(count, 13)
    box = min(13.0, (width - (per_row - 1) * 1.5) / per_row)
    for i in range(count):
        row, col = divmod(i, per_row)
        bx = m + col * (box + 1.5)
        by = y + row * (box + 3.0)
        first = i == 0
        parts.append(Rect(bx, by, box, box, Style(fill=GOLD if first else "#ffffff",
                                                  stroke=GOLD_DARK, stroke_width=0.5), rx=1.5))
        parts.append(label_text(bx + box / 2, by + box / 2, str(start + i), box * 0.38,
                                fill=INK, font="serif"))
        if col < per_row - 1 and i < count - 1:
            parts.append(Polygon(((bx + box + 0.2, by + box / 2 - 0.8),
                                  (bx + box + 1.3, by + box / 2),
                                  (bx + box + 0.2, by + box / 2 + 0.8)), Style(fill=GOLD_DARK)))
    y += math.ceil(count / per_row) * (box + 3.0) + 6.0
    # The blessing deck: which cards are in it at each score.
    parts += heading(m, y, labels.label("h-blessing-deck", lang), width)
    y += HEADING_H
    col_w = (width - 6.0) / 2
    rows = math.ceil(len(content.blessings) / 2) if content.blessings else 0
    row_h = min(7.0, (ph - m - 70.0 - y) / max(rows, 1))
    for i, (card, _) in enumerate(content.blessings):
        col, row = divmod(i, rows) if rows else (0, 0)
        x, yy = m + col * (col_w + 6.0), y + row * row_h
        parts.append(Group(icon_blessing(x, yy + 0.5, row_h - 1.0)))
        parts.append(Text(x + row_h + 1.5, yy + row_h * 0.68, f"{card.number}", font="serif",
                          size=9, fill=BLESSING, bold=True))
        name = local(card.name, lang) if card.name is not None else labels.label("blessing-n", lang, n=card.number)
        parts.append(fitted_text(x + row_h + 8.5, yy + row_h * 0.68, name, 9, col_w - 40.0,
                                 fill=INK))
        note = (labels.label("r-score-start", lang) if card.number <= start
                else labels.label("r-score-at", lang, n=card.number))
        parts.append(Text(x + col_w, yy + row_h * 0.68, note, font="sans", size=7, fill=MUTED,
                          anchor="end", italic=True))
    del numbers
    y += rows * row_h + 6.0
    # Friendly gods: a box to tick for each god.
    parts += heading(m, y, labels.label("h-friendly-gods", lang), width)
    y += HEADING_H + 1.0
    gods = list(content.god_docs)
    per = 5
    cell = width / per
    for i, doc in enumerate(gods):
        row, col = divmod(i, per)
        x, yy = m + col * cell, y + row * 11.0
        god = content.gods[doc.id]
        parts.append(Rect(x, yy, 5.0, 5.0, Style(fill="#ffffff", stroke=INK, stroke_width=0.4),
                          rx=0.8))
        parts.append(Group(_type_icon(god.type, x + 6.5, yy - 0.5, 6.0)))
        parts.append(fitted_text(x + 13.5, yy + 4.0, local(god.name, lang), 9, cell - 15.0,
                                 fill=INK))
    y += math.ceil(len(gods) / per) * 11.0 + 4.0
    # What is left of the page: ruled lines for the group's notes.
    bottom = ph - m - 10.0
    if bottom - y > 30.0:
        parts += heading(m, y, labels.label("h-campaign-notes", lang), width)
        y += HEADING_H + 2.0
        line = y + 8.0
        while line <= bottom:
            parts.append(Line(m, line, pw - m, line, Style(stroke=RULE, stroke_width=0.3)))
            line += 8.0
    parts += footer(pw, ph, content.title, number, labels.label("r-sheet-footer", lang))
    return page(pw, ph, parts, "blessing-score")


GUESTBOOK_COLUMNS = (("r-guest-date", 0.13), ("r-guest-players", 0.2), ("r-guest-riddles", 0.22),
                     ("r-guest-objectives", 0.17), ("r-guest-notes", 0.28))
"""The guestbook's columns: catalogue key and share of the width."""


def guestbook_page(content: RiddleContent, paper: tuple[float, float], number: int,
                   lang: str | None = None) -> Scene:
    """A ruled page to record each session."""
    pw, ph = paper
    m = MARGIN
    width = pw - 2 * m
    parts: list[Element] = [Text(pw / 2, m + 10, labels.label("r-guestbook", lang), font="serif", size=22, fill=INK,
                                 anchor="middle", bold=True)]
    parts += ornament(pw / 2, m + 15.5, 60)
    parts.append(Text(pw / 2, m + 22, labels.label("r-guestbook-sub", lang),
                      font="serif", size=9.5, fill=MUTED, anchor="middle", italic=True))
    y = m + 30.0
    header_h = 7.0
    parts.append(Rect(m, y, width, header_h, Style(fill=ACCENT)))
    x = m
    for key, share in GUESTBOOK_COLUMNS:
        parts.append(fitted_text(x + 2.0, y + 4.8, labels.label(key, lang).upper(), 7.0, width * share - 4.0,
                                 font="sans", fill="#ffffff", bold=True, min_size=6.0))
        x += width * share
    y += header_h
    row_h = 11.0
    rows = int((ph - m - 10.0 - y) // row_h)
    for r in range(rows):
        if r % 2:
            parts.append(Rect(m, y + r * row_h, width, row_h, Style(fill="#f6f1e6")))
        parts.append(Line(m, y + (r + 1) * row_h, m + width, y + (r + 1) * row_h,
                          Style(stroke=RULE, stroke_width=0.3)))
    x = m
    for _, share in GUESTBOOK_COLUMNS[:-1]:
        x += width * share
        parts.append(Line(x, y - header_h, x, y + rows * row_h, Style(stroke=RULE,
                                                                      stroke_width=0.3)))
    parts.append(Rect(m, y - header_h, width, header_h + rows * row_h,
                      Style(stroke=INK, stroke_width=0.4)))
    parts += footer(pw, ph, content.title, number, labels.label("r-sheet-footer", lang))
    return page(pw, ph, parts, "guestbook")


def campaign_sheet_pages(content: RiddleContent, paper: tuple[float, float], lang: str | None
                         ) -> tuple[Scene, ...]:
    """The adventure map, the constellation tree, the blessing score and the guestbook."""
    sky, _ = constellation_page(content, paper, lang, 2)
    return (adventure_page(content, paper, lang, 1), sky, score_page(content, paper, lang, 3),
            guestbook_page(content, paper, 4, lang))


__all__ = ["AID_CARD_SIZE", "EFFECT_KEYS", "SkyLayout", "adventure_page", "aid_card_faces",
           "campaign_sheet_pages", "constellation_page", "guestbook_page", "iter_sky_problems",
           "layout_sky", "player_aid_card_pages", "player_aid_pages", "point_segment_distance",
           "score_page", "segments_cross"]
