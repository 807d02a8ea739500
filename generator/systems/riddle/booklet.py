"""The riddle book laid out for a booklet page (A5 on A4, half-letter on Letter).

A page narrower than :data:`NARROW_WIDTH` gets these layouts instead of the A4 ones
(which would have to be shrunk to 71 %, printing most text under 6 pt):

- each riddle is a two-page spread (:func:`riddle_spread`): on the left page its head,
  story and map as wide as the page allows; on the right page the solver's badge, the
  set-up box, the objectives, the special rules and the expert settings, with the body
  at the largest size (10 pt down to 7 pt) that fits;
- the front matter (:func:`front_pages`) runs on to as many pages as it needs, and a
  notes page is put in where one is needed so that every riddle starts on a left-hand
  (even) page and its spread lies open at once.

Every text stays at 6 pt or more; what cannot fit even at the smallest body size is
reported (``fits`` is False), never clipped silently.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from generator.systems.riddle import labels
from generator.render.icons import INK
from generator.render.scene import Element, Group, Line, Rect, Scene, Style, Text
from generator.systems.riddle.badges import difficulty, draw_badge, draw_count_badge
from generator.systems.riddle.book import (
    BODY_STEPS,
    HEADER_H,
    Island,
    draw_header,
    draw_island,
    lower_sections,
)
from generator.systems.riddle.maps import render_map
from generator.systems.riddle.model import Riddle
from generator.systems.riddle.setup_box import (
    BookSettings,
    expert_markup,
    rules_markup,
    setup_panel,
)
from generator.systems.riddle.solver import SOLVED, RiddleSolve
from generator.systems.riddle.typography import (
    HEADING_H,
    MARGIN,
    NARROW_WIDTH,
    RULE,
    fitted_text,
    footer,
    heading,
    ornament,
    is_narrow,
    page,
    write,
)
from generator.systems.riddle.wording import local

STORY_MAX = 60.0
"""The tallest (mm) a story may be on the left page of a spread."""
MAP_MIN_NARROW = 60.0
"""The smallest map (mm) on a spread's left page: a 5x5 map keeps 10 mm spaces."""
BADGE_GAP = 4.0
NARROW_STEPS = (6.5,)
"""Body sizes (pt) a spread's right page tries after :data:`.book.BODY_STEPS`: still over
6 pt, for the riddles with the most to say."""


def content_bottom(paper: tuple[float, float]) -> float:
    """Where a page's content must end (mm from the top): above the running foot."""
    return paper[1] - MARGIN - 6.0


@dataclass(frozen=True, slots=True)
class RiddleSpread:
    """A riddle's two facing pages, its map scene and whether everything fitted."""

    pages: tuple[Scene, Scene]
    map: Scene
    fits: bool


def _map_page(riddle: Riddle, settings: BookSettings, number: int) -> tuple[Scene, Scene, bool]:
    """The left page: head, story and the map as large as the rest of the page allows."""
    pw, ph = settings.paper
    m = MARGIN
    width = pw - 2 * m
    lang = settings.lang
    parts: list[Element] = draw_header(riddle, settings, width - 22.0)
    y = m + HEADER_H
    fits = True
    bottom = content_bottom(settings.paper)
    if riddle.story is not None:
        story = write(local(riddle.story, lang).strip(), m, y, width, STORY_MAX, family="serif",
                      size=11.0, min_size=8.5, leading=1.3, fill=INK, lang=lang)
        fits = story.fit.fits
        parts.append(Group((story.block,), id="story"))
        y += story.height + 4.0
    geometry = riddle.board.geometry
    longest = max(geometry.width, geometry.height) + 0.9
    size = min(width * longest / (geometry.width + 0.9),
               (bottom - y) * longest / (geometry.height + 0.9))
    fits = fits and size >= MAP_MIN_NARROW - 1e-6
    scene = render_map(riddle, size_mm=max(size, MAP_MIN_NARROW), scene_id=f"map-{riddle.id}")
    parts.append(Group(scene.children, translate=(m + (width - scene.width) / 2, y),
                       id=f"map-{riddle.id}"))
    island = settings.islands.get(riddle.island, riddle.island)
    parts += footer(pw, ph, settings.title, number, island)
    return page(pw, ph, parts, f"riddle-{riddle.id}"), scene, fits


def _rules_page(riddle: Riddle, solve: RiddleSolve | None, settings: BookSettings, number: int,
                counts: Sequence[RiddleSolve]) -> tuple[Scene, bool]:
    """The right page: badge and set-up box side by side, then the objectives, the special
    rules and the expert settings at the largest body size that fits."""
    pw, ph = settings.paper
    m = MARGIN
    width = pw - 2 * m
    lang = settings.lang
    solved = [r.status == SOLVED and r.turns is not None for r in solve.objectives] if solve else []
    badge, badge_w = (draw_count_badge(pw - m, m, counts, lang, narrow=True) if len(counts) > 1
                      else draw_badge(pw - m, m, difficulty(solve, riddle, lang), lang, solved))
    side = width - badge_w - (BADGE_GAP if badge_w else 0.0)
    panel, panel_h = setup_panel(riddle, settings, m, m, side, compact=True)
    badge_h = _height(badge)
    y = m + max(panel_h, badge_h) + 4.0
    bottom = content_bottom(settings.paper)
    rules = rules_markup(riddle, settings)
    expert = expert_markup(riddle, settings)
    block: list[Element] = []
    ok = False
    for size in (*BODY_STEPS, *NARROW_STEPS):
        block, end, ok = lower_sections(riddle, settings, rules, expert, m, y, width, size, bottom)
        ok = ok and end <= bottom + 1e-6
        if ok:
            break
    island = settings.islands.get(riddle.island, riddle.island)
    parts = [*panel, *badge, *block,
             *footer(pw, ph, f"{riddle.number} · {local(riddle.title, lang)}", number, island)]
    return page(pw, ph, parts, f"riddle-{riddle.id}-rules"), ok


def _height(elements: Sequence[Element]) -> float:
    """The height of a badge (its first element is its frame), 0 when there is none."""
    frame = elements[0] if elements else None
    return frame.h if isinstance(frame, Rect) else 0.0


def riddle_spread(riddle: Riddle, solve: RiddleSolve | None, settings: BookSettings,
                  number: int, counts: Sequence[RiddleSolve] = ()) -> RiddleSpread:
    """A riddle on two facing pages, numbered ``number`` and ``number + 1`` (see the module
    docstring)."""
    left, scene, fits = _map_page(riddle, settings, number)
    right, ok = _rules_page(riddle, solve, settings, number + 1, counts)
    return RiddleSpread((left, right), scene, fits and ok)


Block = tuple[float, Callable[[float], list[Element]]]
"""Something to place on a flowing page: its height and how to draw it from a ``y``."""


def flow_pages(blocks: Sequence[Block], paper: tuple[float, float], title: str, number: int,
               page_id: str) -> tuple[list[Scene], bool]:
    """``blocks`` one under the other, on as many pages as they need (numbered from
    ``number``); False when a block is taller than a whole page (it runs past the foot)."""
    pw, ph = paper
    bottom = content_bottom(paper)
    pages: list[list[Element]] = [[]]
    y = MARGIN
    fits = True
    for height, draw in blocks:
        if y + height > bottom + 1e-6 and pages[-1]:
            pages.append([])
            y = MARGIN
        fits = fits and y + height <= bottom + 1e-6
        pages[-1] += draw(y)
        y += height
    return [page(pw, ph, [*children, *footer(pw, ph, title, number + n)],
                 page_id if n == 0 else f"{page_id}-{n + 1}")
            for n, children in enumerate(pages)], fits


def _written(markup: str, width: float, gap: float = 4.0, **kw: Any) -> Block:
    """A paragraph as a :data:`Block` (``gap`` mm under it)."""
    x = MARGIN + kw.pop("indent", 0.0)
    probe = write(markup, x, 0.0, width, 500.0, **kw)
    return probe.height + gap, lambda y: [write(markup, x, y, width, 500.0, **kw).block]


def _heading(text: str, width: float, gap: float = 0.0) -> Block:
    """A section heading as a :data:`Block` (``gap`` mm more under it)."""
    return HEADING_H + gap, lambda y: heading(MARGIN, y, text, width)


def _island(pw: float, island: Island) -> Block:
    """An island of the contents as a :data:`Block`."""
    return draw_island(0.0, pw, island)[1], lambda y: draw_island(y, pw, island)[0]


def story_pages(title: str, intro: str, islands: Sequence[Island], paper: tuple[float, float],
                number: int, lang: str | None) -> tuple[list[Scene], bool]:
    """The campaign's title, its story and the voyage (the contents), from page ``number``."""
    pw = paper[0]
    width = pw - 2 * MARGIN

    def title_block(y: float) -> list[Element]:
        return [fitted_text(pw / 2, y + 14.0, title, 24.0, width, bold=True, anchor="middle",
                            min_size=14.0), *ornament(pw / 2, y + 20.0, 70)]

    blocks: list[Block] = [(27.0, title_block)]
    if intro:
        blocks.append(_written(intro, width - 10.0, indent=5.0, family="serif", size=11.5,
                               min_size=11.5, leading=1.35, align="center", lang=lang))
    blocks.append(_heading(labels.label("h-voyage", lang), width))
    blocks += [_island(pw, island) for island in islands]
    return flow_pages(blocks, paper, title, number, "story")


def howto_pages(title: str, howto: str, needs: Sequence[tuple[str, Sequence[str]]],
                paper: tuple[float, float], number: int, lang: str | None
                ) -> tuple[list[Scene], bool]:
    """How to use the book and what the riddles need, from page ``number`` (the symbols
    follow on the next page, as the text says)."""
    width = paper[0] - 2 * MARGIN
    blocks: list[Block] = [_heading(labels.label("h-how-to-use", lang), width),
                           _written(howto, width, 6.0, size=9.5, min_size=9.5, lang=lang),
                           (12.0, lambda y: [Text(MARGIN, y + 8.0, labels.label("h-you-need", lang),
                                                  font="serif", size=20, fill=INK, bold=True)])]
    for head, lines in needs:
        blocks.append(_heading(head, width, 1.0))
        blocks += [_written(f"• {line}", width - 2.0, 2.0, indent=2.0, family="serif", size=10,
                            min_size=10, lang=lang) for line in lines]
    return flow_pages(blocks, paper, title, number, "you-need")


def notes_page(paper: tuple[float, float], title: str, number: int, lang: str | None) -> Scene:
    """A page of ruled lines for notes: it puts the next riddle on a left-hand page."""
    pw, ph = paper
    m = MARGIN
    parts: list[Element] = [Text(m, m + 8.0, labels.label("h-notes", lang), font="serif", size=20,
                                 fill=INK, bold=True)]
    style = Style(stroke=RULE, stroke_width=0.25)
    y = m + 20.0
    while y <= content_bottom(paper):
        parts.append(Line(m, y, pw - m, y, style))
        y += 8.0
    parts += footer(pw, ph, title, number)
    return page(pw, ph, parts, f"notes-{number}")


__all__ = [
    "NARROW_WIDTH", "RiddleSpread", "content_bottom", "flow_pages", "howto_pages", "is_narrow",
    "notes_page", "riddle_spread", "story_pages",
]
