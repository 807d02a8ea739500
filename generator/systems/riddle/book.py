"""The riddle book: cover, story, and one page per riddle.

A riddle page reads top to bottom like a published adventure: number, title and
island, the story, the map beside the set-up box (see :mod:`.setup_box`), the
objectives as tiered rows, special rules and end-of-turn effects, expert settings,
and a small difficulty badge from the solver (see :mod:`.badges`). :func:`riddle_page`
picks the map size, the layout (set-up beside or across) and the body size that fit.

The solution pages are in :mod:`.solutions`, the shared typography in
:mod:`.typography` and the generated sentences in :mod:`.wording`.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from generator.systems.riddle import labels
from generator.render.fonts import measure
from generator.render.icons import GOLD, GOLD_DARK, INK, MUTED, icon_sphinx, label_text
from generator.render.scene import Circle, Element, Group, Line, Rect, Scene, Style, Text
from generator.systems.riddle.badges import difficulty, draw_badge, draw_count_badge
from generator.systems.riddle.maps import render_map
from generator.systems.riddle.model import Riddle
from generator.systems.riddle.setup_box import (
    BookSettings,
    expert_markup,
    objective_rows,
    rules_markup,
    setup_panel,
    stack_paragraphs,
)
from generator.systems.riddle.solver import SOLVED, RiddleSolve
from generator.systems.riddle.typography import (
    ACCENT,
    HEADING_H,
    HEROIC,
    HEROIC_DARK,
    MARGIN,
    RULE,
    diamond,
    fitted_text,
    footer,
    heading,
    is_narrow,
    ornament,
    page,
    write,
)
from generator.systems.riddle.wording import local


@dataclass(frozen=True, slots=True)
class RiddlePage:
    """A riddle's page, its map scene (the same one drawn on the page) and whether the
    text fitted."""

    page: Scene
    map: Scene
    fits: bool


MAP_MAX = 124.0
MAP_MIN = 76.0
"""Map sizes (mm) on a riddle page: never below 76 mm, so a 5x5 map keeps 12 mm cells."""


BODY_MAX = 10.0
BODY_STEPS = (10.0, 9.5, 9.0, 8.5, 8.0, 7.5, 7.0)
"""Body sizes (pt) a riddle page tries, largest first."""
SIDE_MIN = 58.0
"""Narrowest set-up panel (mm): four stockpile pieces with their counts side by side."""
MAP_GOOD = 100.0
ACROSS_GOOD = 124.0
"""The map goes in the middle of the page, the set-up under it, when it can be this wide
(or as wide as a map beside the set-up column could be)."""
ACROSS_MAP_MAX = 150.0
"""A map this wide (mm) or wider lets the text keep its largest size."""


def lower_sections(riddle: Riddle, settings: BookSettings, rules: Sequence[str],
                    expert: Sequence[str], x: float, y: float, width: float, size: float,
                    bottom: float) -> tuple[list[Element], float, bool]:
    """Objectives, special rules and expert settings from ``y`` down; returns the elements,
    where they end and whether every text fitted."""
    block: list[Element] = heading(x, y, labels.label("h-objectives", settings.lang), width)
    y += HEADING_H
    rows, used, ok = objective_rows(riddle, settings, x, y, width, size)
    block += rows
    y += used + 2.5
    if rules:
        block += heading(x, y, labels.label("h-special-rules", settings.lang), width)
        y += HEADING_H
        drawn, used, ok2 = stack_paragraphs(rules, x, y, width, size, max(bottom - y, 10.0), lang=settings.lang)
        ok = ok and ok2
        block += drawn
        y += used + 2.0
    if expert:
        block += heading(x, y, labels.label("h-expert", settings.lang), width, colour=HEROIC_DARK)
        y += HEADING_H
        drawn, used, ok3 = stack_paragraphs(expert, x + 3.0, y + 1.5, width - 6.0, size,
                                  max(bottom - y, 10.0), lang=settings.lang)
        ok = ok and ok3
        block.append(Rect(x, y - 0.5, width, used + 3.0, Style(stroke=HEROIC, stroke_width=0.4,
                                                                 dash=(1.2, 0.8)), rx=1.5))
        block += drawn
        y += used + 4.0
    return block, y, ok


def _below_height(riddle: Riddle, settings: BookSettings, rules: Sequence[str],
                  expert: Sequence[str], width: float, size: float) -> float:
    """How tall the sections under the map are at a body size (plus the gap above them)."""
    _, end, _ = lower_sections(riddle, settings, rules, expert, 0.0, 0.0, width, size, 1000.0)
    return end + 4.0


HEADER_H = 25.5
"""mm from the page's top margin to where the story starts under :func:`draw_header`."""
HEADER_RULE = 21.5
"""mm from the page's top margin to the rule under the head (lower under a tall badge)."""


def draw_header(riddle: Riddle, settings: BookSettings, title_w: float,
                rule: float = HEADER_RULE) -> list[Element]:
    """A riddle page's head: the number medallion, the title and the island with the
    players (both at most ``title_w`` wide), and the rule ``rule`` mm under the margin."""
    m, lang = MARGIN, settings.lang
    parts: list[Element] = [
        Circle(m + 9.0, m + 8.0, 9.0, Style(fill=ACCENT, stroke=GOLD, stroke_width=0.8)),
        Circle(m + 9.0, m + 8.0, 7.6, Style(stroke=GOLD, stroke_width=0.25)),
        label_text(m + 9.0, m + 8.0, str(riddle.number), 7.0, fill="#ffffff", font="serif"),
        fitted_text(m + 22.0, m + 8.5, local(riddle.title, lang), 20.0, title_w, bold=True,
                    min_size=12.0)]
    players = riddle.players
    span = (labels.label("b-players-span", lang, a=players[0], b=players[-1]) if len(players) > 1
            and list(players) == list(range(players[0], players[-1] + 1))
            else labels.label("b-player-one" if players == (1,) else "b-players", lang,
                              n=", ".join(map(str, players))))
    island = settings.islands.get(riddle.island, riddle.island)
    parts.append(fitted_text(m + 22.0, m + 15.0, f"{island} · {span}", 9.5, title_w,
                             italic=True, fill=MUTED))
    pw = settings.paper[0]
    parts.append(Line(m, m + rule, pw - m, m + rule, Style(stroke=GOLD_DARK, stroke_width=0.4)))
    return parts


def riddle_page(riddle: Riddle, solve: RiddleSolve | None, settings: BookSettings,
                number: int | None, counts: Sequence[RiddleSolve] = ()) -> RiddlePage:
    """One riddle's page (see the module docstring for its parts). ``counts`` holds the
    solver's verdicts for each player count the riddle allows; with more than one, the
    badge shows the turns of each count instead of the solo ones."""
    pw, ph = settings.paper
    lang = settings.lang
    m = MARGIN
    width = pw - 2 * m
    parts: list[Element] = []
    # Header: the number medallion, title, island, players; the badge on the right.
    rows = difficulty(solve, riddle, lang)
    solved = [r.status == SOLVED and r.turns is not None for r in solve.objectives] if solve else []
    badge, badge_w = (draw_count_badge(pw - m, m - 1.0, counts, lang) if len(counts) > 1
                      else draw_badge(pw - m, m - 1.0, rows, lang, solved))
    parts += badge
    # A badge taller than the head (many objectives, a two-line key) pushes the rule
    # and everything under it down: it never runs over the story, map or set-up.
    frame = badge[0] if badge else None
    rule = max(HEADER_RULE, frame.y + frame.h - m + 2.0) if isinstance(frame, Rect) else HEADER_RULE
    parts += draw_header(riddle, settings, width - 22.0 - badge_w - 3.0, rule)
    island = settings.islands.get(riddle.island, riddle.island)
    y = m + HEADER_H + rule - HEADER_RULE
    fits = True
    if riddle.story is not None:
        story = write(local(riddle.story, lang).strip(), m, y, width, 34.0, family="serif",
                      size=11.0, min_size=8.5, leading=1.3, fill=INK, lang=lang)
        fits = fits and story.fit.fits
        parts.append(Group((story.block,), id="story"))
        y += story.height + 4.0

    # The largest body text (10 pt down to 7 pt) that leaves the map at least MAP_GOOD
    # wide; below that the map shrinks to MAP_MIN before the text does.
    bottom = ph - m - 6.0
    rules = rules_markup(riddle, settings)
    expert = expert_markup(riddle, settings)
    geometry = riddle.board.geometry
    longest = max(geometry.width, geometry.height) + 0.9
    per_width = longest / (geometry.width + 0.9)  # map size per mm of map width
    per_height = longest / (geometry.height + 0.9)
    # When the page has room, the map goes full size in the middle with the set-up across
    # the page under it; otherwise the set-up stands in a column beside the map.
    _, across_h = setup_panel(riddle, settings, m, 0.0, width, across=True)
    below_max = _below_height(riddle, settings, rules, expert, width, BODY_MAX)
    big = min(ACROSS_MAP_MAX, width * per_width,
              (bottom - y - across_h - 4.0 - below_max) * per_height)
    if big / per_width >= min(ACROSS_GOOD, width - SIDE_MIN - 8.0):
        scene = render_map(riddle, size_mm=big, scene_id=f"map-{riddle.id}")
        parts.append(Group(scene.children, translate=(m + (width - scene.width) / 2, y),
                           id=f"map-{riddle.id}"))
        y += scene.height + 3.0
        panel, panel_h = setup_panel(riddle, settings, m, y, width, across=True)
        parts += panel
        y += panel_h + 4.0
        block, yy, ok = lower_sections(riddle, settings, rules, expert, m, y, width, BODY_MAX,
                                        bottom)
        parts += block
        parts += footer(pw, ph, settings.title, number, island)
        return RiddlePage(page(pw, ph, parts, f"riddle-{riddle.id}"), scene,
                          fits and ok and yy <= bottom + 1e-6)
    widest = min(MAP_MAX, (width - SIDE_MIN - 6.0) * per_width)
    size, map_size = BODY_MAX, MAP_MIN
    for size in BODY_STEPS:
        room = bottom - y - _below_height(riddle, settings, rules, expert, width, size)
        map_size = min(widest, room * per_height)
        if map_size >= min(MAP_GOOD * per_width, widest) - 1e-6 or size == BODY_STEPS[-1]:
            break
    map_size = max(map_size, MAP_MIN)
    scene = render_map(riddle, size_mm=map_size, scene_id=f"map-{riddle.id}")
    side_w = width - scene.width - 6.0
    panel, panel_h = setup_panel(riddle, settings, m + scene.width + 6.0, y, side_w)
    parts.append(Group(scene.children, translate=(m, y), id=f"map-{riddle.id}"))
    parts += panel
    y += max(scene.height, panel_h) + 4.0
    block, yy, ok = lower_sections(riddle, settings, rules, expert, m, y, width, size, bottom)
    fits = fits and ok and yy <= bottom + 1e-6
    parts += block
    parts += footer(pw, ph, settings.title, number, island)
    return RiddlePage(page(pw, ph, parts, f"riddle-{riddle.id}"), scene, fits)


# -- front matter -------------------------------------------------------------------------


def cover_page(title: str, subtitle: str, meta: Sequence[str], paper: tuple[float, float],
               counts: str) -> Scene:
    """The cover: the Sphinx in a ring of stars over the sea, the title, the contents."""
    pw, ph = paper
    narrow = is_narrow(paper)
    # A booklet's page is squatter: the medallion and the title sit higher, the sea lower.
    cx, cy = pw / 2, ph * (0.33 if narrow else 0.36)
    lift = 8.0 if narrow else 0.0
    parts: list[Element] = [Rect(0, 0, pw, ph, Style(fill="#153a40"))]
    # A night sky of small stars, placed on a fixed lattice (no randomness).
    for i in range(70):
        sx = (i * 37.3) % (pw - 20) + 10
        sy = (i * 53.9) % (ph * 0.55) + 8
        if math.hypot(sx - pw / 2, sy - cy) < 53:
            continue  # keep the medallion clear
        r = 0.35 + (i % 5) * 0.12
        parts.append(Circle(sx, sy, r, Style(fill="#f3e3b5", opacity=0.8)))
    # The sea at the bottom, with waves.
    sea_top = ph * (0.78 if narrow else 0.72)
    parts.append(Rect(0, sea_top, pw, ph - sea_top, Style(fill="#1f5563")))
    for row in range(6):
        wy = sea_top + 8 + row * 11
        for k in range(9):
            wx = 8 + k * 24 + (row % 2) * 12
            if narrow and (wx + 9 > pw or wy > ph):
                break  # a booklet's page ends sooner: draw nothing past its edge
            parts.append(Line(wx, wy, wx + 9, wy, Style(stroke="#3f7f8c", stroke_width=0.5)))
    parts.append(Circle(cx, cy, 46, Style(fill="#1c4a52", stroke=GOLD, stroke_width=1.2)))
    parts.append(Circle(cx, cy, 42.5, Style(stroke=GOLD, stroke_width=0.35)))
    for k in range(24):
        a = 2 * math.pi * k / 24
        parts.append(diamond(cx + 49.5 * math.cos(a), cy + 49.5 * math.sin(a), 1.1,
                             Style(fill=GOLD)))
    parts.append(Group(icon_sphinx(cx - 30, cy - 30, 60)))
    parts.append(fitted_text(cx, cy + 70 - lift, title, 30, pw - 30, bold=True, fill="#f6e7b9",
                             anchor="middle", min_size=16))
    parts += ornament(cx, cy + 77 - lift, 90, GOLD)
    parts.append(fitted_text(cx, cy + 86 - lift, subtitle, 13, pw - 40, italic=True,
                             fill="#f6e7b9", anchor="middle", min_size=9))
    parts.append(Text(cx, cy + 94 - lift, counts, font="sans", size=9, fill="#d9c98f",
                      anchor="middle"))
    for i, line in enumerate(meta):
        parts.append(fitted_text(cx, ph - 24 + i * 5.2, line, 8.5, pw - 40, font="sans",
                                 fill="#d9e6e6", anchor="middle"))
    return Scene(pw, ph, tuple(parts), id="cover")


def story_page(title: str, intro: str, islands: Sequence[Island],
               paper: tuple[float, float], number: int, lang: str | None,
               solutions: str = "appendix") -> Scene:
    """The campaign's story and the contents: islands, their riddles and pages.

    ``islands``: (name, unlock sentence, [(riddle number, title, page)]).
    """
    pw, ph = paper
    m = MARGIN
    width = pw - 2 * m
    parts: list[Element] = [Text(pw / 2, m + 14, title, font="serif", size=24, fill=INK,
                                 anchor="middle", bold=True)]
    parts += ornament(pw / 2, m + 20, 70)
    y = m + 27.0
    if intro:
        para = write(intro, m + 10, y, width - 20, 60.0, family="serif", size=11.5, min_size=9,
                     leading=1.35, align="center", lang=lang)
        parts.append(para.block)
        y += para.height + 6.0
    howto = labels.label("b-howto", lang)
    if solutions in ("appendix", "separate"):
        howto += labels.label(f"b-howto-{solutions}", lang)
    parts += heading(m, y, labels.label("h-how-to-use", lang), width)
    y += HEADING_H
    para = write(howto, m, y, width, 40.0, size=9.5, min_size=8, lang=lang)
    parts.append(para.block)
    y += para.height + 6.0
    parts += heading(m, y, labels.label("h-voyage", lang), width)
    y += HEADING_H + 1.0
    for island in islands:
        drawn, used = draw_island(y, pw, island)
        parts += drawn
        y += used
    parts += footer(pw, ph, title, number)
    return page(pw, ph, parts, "story")


Island = tuple[str, str, Sequence[tuple[int, str, int]]]
"""An island of the contents: name, unlock sentence, [(riddle number, title, page)]."""


def draw_island(y: float, pw: float, island: Island) -> tuple[list[Element], float]:
    """One island of the contents from ``y`` down, on a page ``pw`` wide: its name and
    unlock sentence, then a row per riddle with its page; returns the height used."""
    m = MARGIN
    width = pw - 2 * m
    name, unlock, riddles = island
    top = y
    parts: list[Element] = [Text(m, y + 4.0, name, font="serif", size=12.5, fill=ACCENT,
                                 bold=True)]
    # The unlock sentence beside the name when it fits there at 6 pt or more (2 mm clear
    # of the name); otherwise on lines of its own under the name (a booklet's page).
    beside = min(width * 0.55, width - measure(name, "serif", True, size_pt=12.5) - 2.0)
    if measure(unlock, "sans", False, True, size_pt=6.0) <= beside:
        parts.append(fitted_text(pw - m, y + 4.0, unlock, 7.5, beside, font="sans",
                                 italic=True, fill=MUTED, anchor="end", min_size=6))
    else:
        under = write(f"*{unlock}*", m, y + 5.5, width, 20.0, lang=None, size=7.5, min_size=6,
                      fill=MUTED, icons=False)
        parts.append(under.block)
        y += under.height + 1.0
    y += 7.5
    for num, rtitle, pg in riddles:
        parts.append(Text(m + 6, y + 3.2, f"{num}", font="serif", size=10, fill=INK,
                          bold=True, anchor="end"))
        parts.append(fitted_text(m + 9, y + 3.2, rtitle, 10, width - 30, fill=INK))
        tw = min(measure(rtitle, "serif", size_pt=10), width - 30)
        parts.append(Line(m + 11 + tw, y + 3.0, pw - m - 9, y + 3.0,
                          Style(stroke=RULE, stroke_width=0.3, dash=(0.4, 1.0))))
        parts.append(Text(pw - m, y + 3.2, str(pg), font="serif", size=10, fill=INK,
                          anchor="end"))
        y += 5.3
    return parts, y + 3.0 - top


__all__ = [
    "BODY_STEPS", "HEADER_H", "Island", "RiddlePage", "draw_header", "draw_island", "cover_page", "lower_sections", "riddle_page", "story_page",
]
