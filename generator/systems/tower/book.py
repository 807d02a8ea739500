"""The scenario book of a Santowerini pack: a cover (the campaign's story, its scenarios
and a map key), one page per scenario (number, title, level, story, map, the enemies
in the order they act with their facings, set-up notes), the god cards and the
campaign's score sheet (``print/<pack>-book.pdf``)."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from generator.pack.model import Document, pick_text
from generator.render.fonts import measure
from generator.render.icons import (
    LAND,
    LAND_LINE,
    MUTED,
    PAPER,
    SEA,
    label_text,
)
from generator.systems.tower.labels import label as L
from generator.render.scene import (
    Circle,
    Element,
    Group,
    Line,
    Rect,
    Scene,
    Style,
)
from generator.systems import ProgressFn
from generator.systems.tower.book_back import gods_pages, score_pages
from generator.systems.tower.book_content import BookContent
from generator.systems.tower.model import EnemySetup, Scenario
from generator.systems.tower.render import (
    ACCENT,
    FOOTER,
    MARGIN,
    NARROW_WIDTH,
    RULE,
    TARGET_FILL,
    draw_builder,
    draw_building,
    draw_compass,
    draw_enemy,
    draw_heading,
    draw_label,
    draw_map,
    draw_page,
    draw_target,
    draw_waves,
    enemy_name,
    escape_markup,
    facing_words,
    fit_label,
    map_geometry,
    page_overflow,
    write_paragraph,
)
from generator.systems.tower.rules import (
    DOME as DOMED,
)
from generator.systems.tower.rules import (
    FACINGS,
)

# -- the book --------------------------------------------------------------------------------

COMPASS = 14.0  # the north arrow's size (mm)


def draw_level_pips(x: float, y: float, level: int) -> list[Element]:
    """Four pips, ``level`` of them filled, right-aligned at x on baseline y."""
    out: list[Element] = []
    for i in range(4):
        cx = x - (3 - i) * 5.2 - 2
        filled = i < level
        out.append(Circle(cx, y - 2, 1.8, Style(fill=ACCENT if filled else PAPER, stroke=ACCENT,
                                                stroke_width=0.35)))
    return out


def describe_squares(scenario: Scenario, squares: Iterable[int], lang: str | None = None) -> str:
    names = [scenario.name(sq) for sq in squares]
    return ", ".join(names) if names else L("t-none", lang)


def _tiles(n: int, lang: str | None) -> str:
    return L("t-setup-tiles" if n > 1 else "t-setup-tile", lang, n=n) if n else "."


def setup_notes(scenario: Scenario, lang: str | None = None) -> list[str]:
    """The set-up of a scenario in words: pieces to take from the box, spaces to mark.

    Lines are markup for :func:`fit_text` (coordinates only, so nothing to escape).
    """
    s = scenario
    blocks = [sum(1 for lv in s.levels if lv >= k) for k in (1, 2, 3)]
    domes = sum(1 for lv in s.levels if lv == DOMED)
    pieces = [L("t-setup-level", lang, n=n, k=k + 1) for k, n in enumerate(blocks) if n]
    if domes:
        pieces.append(L("t-setup-domes" if domes > 1 else "t-setup-dome", lang, n=domes))
    buildings = [f"{s.name(sq)} ({lv})" for sq, lv in enumerate(s.levels) if lv]
    targets = [sq for sq in range(len(s.targets)) if s.targets[sq]]
    water = [sq for sq in range(len(s.water)) if s.water[sq]]
    lines = [
        L("t-setup-board", lang, w=s.width, h=s.height),
        L("t-setup-pieces", lang, list=", ".join(pieces) or L("t-none", lang)),
        L("t-setup-buildings", lang, list=", ".join(buildings)),
        L("t-setup-builders", lang, list=describe_squares(s, s.builders, lang)),
        L("t-setup-targets", lang, list=describe_squares(s, targets, lang))
        + _tiles(len(targets), lang),
        L("t-setup-water", lang, list=describe_squares(s, water, lang)) + _tiles(len(water), lang),
        L("t-setup-first", lang),
    ]
    return lines


def ordered_enemies(scenario: Scenario, enemy_order: Sequence[str]) -> list[EnemySetup]:
    """The scenario's enemies in the order they act."""
    order = {t: i for i, t in enumerate(enemy_order)}
    return sorted(scenario.enemies, key=lambda e: (order.get(e.type, len(order)), e.index))


def draw_enemy_list(scenario: Scenario, enemy_order: Sequence[str], x: float, y: float,
                    width: float, lang: str | None = None) -> tuple[list[Element], float]:
    """The enemies in the order they act: number, marker, type, space and facing."""
    out = draw_heading(x, y, L("t-enemies-order", lang), width)
    row_h = 12.0
    top = y + 5
    for n, e in enumerate(ordered_enemies(scenario, enemy_order)):
        ry = top + n * row_h
        facing = FACINGS[max(e.facing, 0)]
        out.append(Circle(x + 3.2, ry + row_h / 2, 3.0, Style(fill=ACCENT)))
        out.append(label_text(x + 3.2, ry + row_h / 2, str(n + 1), 3.4, fill=PAPER))
        out.extend(draw_enemy(x + 14, ry + row_h / 2, 10.5, e.type, max(e.facing, 0)))
        out.append(draw_label(x + 22, ry + row_h / 2 - 0.6, enemy_name(e.type, lang), 10,
                              bold=True))
        name, letter = facing_words(facing, lang)
        out.append(fit_label(x + 22, ry + row_h / 2 + 3.8,
                             L("t-enemy-at", lang, square=scenario.name(e.square), facing=name,
                               letter=letter), 8.5, width - 22, min_size=6.5, fill=MUTED))
    return out, 5 + row_h * len(scenario.enemies)


def scenario_page(scenario: Scenario, doc: Document, content: BookContent, paper: tuple[float, float],
                  lang: str | None, number: int, footer: str) -> Scene:
    """One scenario: header, story, map, enemies and set-up."""
    pw, ph = paper
    s = scenario
    width = pw - 2 * MARGIN
    parts: list[Element] = []
    y = MARGIN + 4
    parts.append(draw_label(MARGIN, y, L("t-scenario-n", lang, n=s.number), 9.5, bold=True, fill=ACCENT))
    parts.append(draw_label(pw - MARGIN, y, L("t-level-n", lang, n=s.level), 9.5, bold=True, fill=ACCENT,
                            anchor="end"))
    title = pick_text(doc.data["title"], lang)
    parts.append(fit_label(MARGIN, y + 10, title, 22, width - 30, min_size=12, bold=True,
                           font="serif"))
    parts.extend(draw_level_pips(pw - MARGIN, y + 9, s.level))
    parts.append(draw_label(pw - MARGIN, y + 15, L("t-win-scores", lang, n=s.level), 7.5,
                            fill=MUTED, anchor="end", italic=True))
    y += 17
    parts.append(Line(MARGIN, y, pw - MARGIN, y, RULE))
    y += 4
    story = pick_text(doc.data.get("story", ""), lang)
    if story:
        block, used = write_paragraph("*" + escape_markup(story.strip()) + "*", MARGIN, y, width, 30,
                                      size=10.5, min_size=8)
        parts.extend(block)
        y += used + 4
    bottom_h = max(12.0 * len(s.enemies) + 8, 58.0)
    map_h = ph - MARGIN - FOOTER - bottom_h - y - 4
    narrow = width < NARROW_WIDTH
    # On a narrow page the north arrow stands beside the map: the enemy list needs its width.
    geo = map_geometry(s, MARGIN, y, width - (COMPASS + 4 if narrow else 0), map_h)
    parts.append(Group(tuple(draw_map(s, geo, content.enemy_order)), id=f"map-{s.id}"))
    map_top = y
    y += geo.total_height + 5
    # Two columns: the enemies (wider on a narrow page, where each needs one line) and set-up.
    gap = 6.0 if narrow else 8.0
    col_w = (width - gap) * 0.56 if narrow else (width - gap) / 2
    enemies, _ = draw_enemy_list(s, content.enemy_order, MARGIN, y, col_w, lang)
    parts.extend(enemies)
    # The facings are compass points: a north arrow beside the list that uses them.
    if narrow:
        parts.extend(draw_compass(pw - MARGIN - COMPASS / 2, map_top + COMPASS / 2, COMPASS, lang))
    else:
        parts.extend(draw_compass(MARGIN + col_w - 8, y + 13, COMPASS, lang))
    x2 = MARGIN + col_w + gap
    setup_w = width - col_w - gap
    parts.extend(draw_heading(x2, y, L("t-setup", lang), setup_w))
    notes, _ = write_paragraph("\n".join(setup_notes(s, lang)), x2, y + 4, setup_w,
                               ph - MARGIN - FOOTER - y - 4, size=8.5, min_size=6.5,
                               family="sans", leading=1.35)
    parts.extend(notes)
    return draw_page(pw, ph, parts, f"scenario-{s.id}", footer, number)


def draw_key(x: float, y: float, width: float, enemy_order: Sequence[str], lang: str | None = None
             ) -> tuple[list[Element], float]:
    """The map key: every kind of cell and pawn, drawn as on the maps, with its name."""
    cell = 13.0
    items: list[tuple[str, list[Element]]] = []

    def cell_at(kind: str) -> Any:
        def draw(cx: float, cy: float) -> list[Element]:
            fill = SEA if kind == "water" else TARGET_FILL if kind == "target" else LAND
            out: list[Element] = [Rect(cx, cy, cell, cell, Style(fill=fill, stroke=LAND_LINE,
                                                                 stroke_width=0.3))]
            if kind == "water":
                out.extend(draw_waves(cx, cy, cell))
            if kind == "target":
                out.extend(draw_target(cx, cy, cell))
            return out
        return draw

    entries: list[tuple[str, Any, Any]] = [
        (L("t-key-ground", lang), cell_at("ground"), None),
        (L("t-key-water", lang), cell_at("water"), None),
        (L("t-key-target", lang), cell_at("target"), None),
    ]
    for height in (1, 2, 3, 4):
        label = L("t-key-dome", lang) if height == DOMED else L("t-key-height", lang, n=height)
        entries.append((label, cell_at("ground"),
                        lambda cx, cy, h=height: draw_building(cx, cy, cell, h)))
    entries.append((L("t-key-builder", lang), cell_at("ground"),
                    lambda cx, cy: draw_builder(cx + 1.3, cy + 1.3, cell - 2.6)))
    for kind in enemy_order:
        entries.append((enemy_name(kind, lang), cell_at("ground"),
                        lambda cx, cy, k=kind: draw_enemy(cx + cell / 2, cy + cell / 2, cell * 0.86,
                                                          k, 0)))
    per_row = max(1, int((width + 4) // (cell + 8.5)))
    pitch = (width - cell) / max(1, per_row - 1)
    for i, (label, base, extra) in enumerate(entries):
        col, row = i % per_row, i // per_row
        cx, cy = x + col * pitch, y + row * (cell + 9)
        drawn = list(base(cx, cy))
        if extra is not None:
            drawn.extend(extra(cx, cy))
        items.append((label, drawn))
        # Centred under its cell, but never past the key's right edge (a long name, a narrow page).
        half = measure(label, "sans", size_pt=6.5) / 2
        centre = min(cx + cell / 2, x + width - half)
        items[-1][1].append(draw_label(centre, cy + cell + 4, label, 6.5, anchor="middle",
                                       fill=MUTED))
    rows = (len(entries) + per_row - 1) // per_row
    return [e for _, drawn in items for e in drawn], rows * (cell + 9)


def _cover_head(content: BookContent, pw: float, lang: str | None) -> tuple[list[Element], float]:
    """The cover's title, skyline and story; returns them and where the next section starts."""
    width = pw - 2 * MARGIN
    parts: list[Element] = []
    y = MARGIN + 8
    parts.append(fit_label(pw / 2, y, L("t-cover-kicker", lang), 8.5, width, min_size=7,
                           bold=True, fill=ACCENT, anchor="middle"))
    parts.append(fit_label(pw / 2, y + 16, content.title, 30, width, min_size=14, bold=True,
                           font="serif", anchor="middle"))
    parts.append(fit_label(pw / 2, y + 25, content.subtitle, 12, width, min_size=8, font="serif",
                           italic=True, anchor="middle", fill=MUTED))
    # A skyline of the four heights, as the maps draw them.
    sky = 15.0
    for i, height in enumerate((1, 3, 4, 2, 1)):
        parts.extend(draw_building(pw / 2 + (i - 2.5) * (sky + 3) + 1.5, y + 31, sky, height,
                                   numeral=False))
    y += 31 + sky + 8
    if content.story:
        block, used = write_paragraph("*" + escape_markup(content.story.strip()) + "*", MARGIN + 8, y,
                                      width - 16, 45, size=11.5, min_size=8.5, align="center")
        parts.extend(block)
        y += used + 7
    return parts, y


def _scenario_rows(content: BookContent, pw: float, y: float, lang: str | None,
                   first_page: int) -> tuple[list[Element], float]:
    """The list of scenarios (number, title, level, size, enemies, page) under its heading.

    A narrow page leaves the map size out and sets the columns from the right edge.
    """
    width = pw - 2 * MARGIN
    parts = draw_heading(MARGIN, y, L("t-the-scenarios", lang), width)
    y += 4
    row_h = 9.0
    narrow = width < NARROW_WIDTH
    for n, (s, doc) in enumerate(content.scenarios):
        ry = y + n * row_h
        if n % 2 == 0:
            parts.append(Rect(MARGIN, ry, width, row_h, Style(fill="#f1ede2")))
        base = ry + row_h / 2 + 1.5
        enemies = ordered_enemies(s, content.enemy_order)
        parts.append(draw_label(MARGIN + 3, base, str(s.number), 10, bold=True, fill=ACCENT))
        if narrow:
            page_x = pw - MARGIN - 3
            enemy_x = page_x - 15 - 7 * len(content.enemy_order)
            level_x = enemy_x - 16
            parts.append(fit_label(MARGIN + 10, base, pick_text(doc.data["title"], lang), 10.5,
                                   level_x - MARGIN - 12, min_size=7, font="serif", bold=True))
            parts.append(draw_label(level_x, base, L("t-level-lower", lang, n=s.level), 8.5,
                                    fill=MUTED))
            for i, e in enumerate(enemies):
                parts.extend(draw_enemy(enemy_x + 3.5 + i * 7, ry + row_h / 2, 6.4, e.type,
                                        max(e.facing, 0)))
        else:
            page_x = pw - MARGIN - 3
            parts.append(fit_label(MARGIN + 12, base, pick_text(doc.data["title"], lang), 10.5, 80,
                                   min_size=7, font="serif", bold=True))
            parts.append(draw_label(MARGIN + 95, base, L("t-level-lower", lang, n=s.level), 8.5,
                                    fill=MUTED))
            parts.append(draw_label(MARGIN + 117, base, f"{s.width}\u00d7{s.height}", 8.5, fill=MUTED))
            for i, e in enumerate(enemies):
                parts.extend(draw_enemy(MARGIN + 135 + i * 8, ry + row_h / 2, 6.4, e.type,
                                        max(e.facing, 0)))
        parts.append(draw_label(page_x, base, L("t-page-n", lang, n=n + first_page), 8.5,
                                fill=MUTED, anchor="end"))
    return parts, 4 + row_h * len(content.scenarios)


def _cover_key(content: BookContent, paper: tuple[float, float], y: float,
               lang: str | None) -> list[Element]:
    """How to read the maps (the key and a note) and what else to have at hand."""
    pw, ph = paper
    width = pw - 2 * MARGIN
    parts = draw_heading(MARGIN, y, L("t-reading-maps", lang), width)
    key, used = draw_key(MARGIN, y + 5, width, content.enemy_order, lang)
    parts.extend(key)
    y += 5 + used + 1
    note = L("t-reading-maps-text", lang)
    block, used = write_paragraph(note, MARGIN, y, width, 16, size=8.5, min_size=7, family="sans")
    parts.extend(block)
    y += used + 5
    parts.extend(draw_heading(MARGIN, y, L("t-you-need", lang), width))
    need = L("t-you-need-text", lang)
    block, used = write_paragraph(need, MARGIN, y + 4, width, ph - MARGIN - FOOTER - y - 4,
                                  size=9, min_size=7, family="sans")
    parts.extend(block)
    return parts


def cover_page(content: BookContent, paper: tuple[float, float], lang: str | None,
               footer: str, first_page: int = 2) -> Scene:
    """The whole cover on one page: title, story, the scenarios (the first on page
    ``first_page``) and the map key."""
    pw, ph = paper
    parts, y = _cover_head(content, pw, lang)
    rows, used = _scenario_rows(content, pw, y, lang, first_page)
    parts.extend(rows)
    parts.extend(_cover_key(content, paper, y + used + 8, lang))
    return draw_page(pw, ph, parts, "cover", footer, 1)


def cover_pages(content: BookContent, paper: tuple[float, float], lang: str | None,
                footer: str) -> list[Scene]:
    """The cover on one page when it fits, else on two: title, story and scenarios, then
    the map key on a page of its own (a small page, such as A5)."""
    page = cover_page(content, paper, lang, footer)
    if page_overflow(page) == (0.0, 0.0):
        return [page]
    pw, ph = paper
    parts, y = _cover_head(content, pw, lang)
    rows, _ = _scenario_rows(content, pw, y, lang, 3)
    key = _cover_key(content, paper, MARGIN + 8, lang)
    return [draw_page(pw, ph, parts + rows, "cover", footer, 1),
            draw_page(pw, ph, key, "reading-the-maps", footer, 2)]


def book_pages(content: BookContent, paper: tuple[float, float], lang: str | None,
               progress: ProgressFn) -> list[Scene]:
    """Every page of the book: the cover (one or two pages), a page per scenario, the god
    cards and the score sheet (more pages on a narrow paper)."""
    footer = L("t-footer-book", lang, title=content.title)
    pages = cover_pages(content, paper, lang, footer)
    for s, doc in content.scenarios:
        progress(f"scenario {s.number}: {s.id}")
        pages.append(scenario_page(s, doc, content, paper, lang, len(pages) + 1, footer))
    if content.variants:
        pages.extend(gods_pages(content, paper, lang, len(pages) + 1, footer))
    pages.extend(score_pages(content, paper, lang, len(pages) + 1, footer))
    return pages


__all__ = [
    "book_pages",
    "cover_page",
    "cover_pages",
    "describe_squares",
    "draw_enemy_list",
    "draw_key",
    "draw_level_pips",
    "ordered_enemies",
    "scenario_page",
    "setup_notes",
]
