"""The token sheet of a Santowerini pack (``print/tokens.pdf``): print-and-play
target-zone and water tiles and enemy markers with facing arrows, on a grid of cut
lines, each the size of a printed board's space."""
from __future__ import annotations

from collections.abc import Sequence

from generator.render.icons import (
    INK,
    LAND,
    MUTED,
    SEA,
)
from generator.systems.tower.labels import label as L
from generator.render.scene import (
    Element,
    Line,
    Rect,
    Scene,
    Style,
)
from generator.systems.token_art import NO_TOKEN_ART, TokenArt
from generator.systems.tower.book_content import BookContent
from generator.systems.tower.render import (
    CUT,
    FOOTER,
    MARGIN,
    TARGET_FILL,
    draw_enemy,
    draw_heading,
    draw_label,
    draw_page,
    draw_target,
    draw_waves,
    enemy_name,
    write_paragraph,
)

# -- the token sheet -------------------------------------------------------------------------

BOARD_SPACE = 30.0
"""Side (mm) of a space on the boards printed at play scale."""
TILE = BOARD_SPACE
"""Side of a tile or marker on the token sheet (mm): the size of a printed board's space."""


def draw_tile(kind: str, x: float, y: float, size: float, facing: int = 0,
              lang: str | None = None) -> list[Element]:
    """One token: a target-zone tile, a water tile or an enemy marker (``kind`` = type)."""
    if kind == "target":
        return [Rect(x, y, size, size, Style(fill=TARGET_FILL)), *draw_target(x, y, size)]
    if kind == "water":
        return [Rect(x, y, size, size, Style(fill=SEA)), *draw_waves(x, y, size)]
    out: list[Element] = [Rect(x, y, size, size, Style(fill=LAND))]
    out.extend(draw_enemy(x + size / 2, y + size / 2 - 1, size * 0.76, kind, facing))
    out.append(draw_label(x + size / 2, y + size - 1.6, enemy_name(kind, lang).lower(), 6.0,
                          anchor="middle", fill=MUTED))
    return out


def tile_keys(kind: str) -> tuple[str, ...]:
    """The ``print.tokens`` keys (token artwork) a tile or marker looks up, most specific first.

    >>> tile_keys("water"), tile_keys("dark-male")
    (('water',), ('enemy-dark-male', 'enemy'))
    """
    return (kind,) if kind in ("target", "water") else (f"enemy-{kind}", "enemy")


def dressed_tile(kind: str, x: float, y: float, size: float, lang: str | None,
                 art: TokenArt) -> list[Element]:
    """:func:`draw_tile` with the tile's artwork, cut to its square (tiles are butted: no bleed)."""
    return list(art.dress(draw_tile(kind, x, y, size, lang=lang), tile_keys(kind), size, False,
                          0.0, (x, y)))


def draw_tile_grid(kinds: Sequence[str], x: float, y: float, per_row: int, size: float,
                   lang: str | None = None, art: TokenArt = NO_TOKEN_ART) -> tuple[list[Element], float]:
    """Tiles edge to edge in rows of ``per_row``, with dashed cut lines between and
    around them (running 3 mm past the outer edges); returns them and their height."""
    out: list[Element] = []
    counts = [min(per_row, len(kinds) - r * per_row) for r in range((len(kinds) + per_row - 1) // per_row)]
    for i, kind in enumerate(kinds):
        col, row = i % per_row, i // per_row
        out.extend(dressed_tile(kind, x + col * size, y + row * size, size, lang, art))
    cut = Style(stroke=CUT, stroke_width=0.2, dash=(2.0, 1.0))
    over = 3.0
    for k in range(len(counts) + 1):
        # The line under row k-1 and over row k spans the longer of the two rows.
        n = max(counts[k - 1] if k > 0 else 0, counts[k] if k < len(counts) else 0)
        out.append(Line(x - over, y + k * size, x + n * size + over, y + k * size, cut))
    for row, n in enumerate(counts):
        top = y + row * size - (over if row == 0 else 0)
        bottom = y + (row + 1) * size + (over if row == len(counts) - 1 else 0)
        for col in range(n + 1):
            out.append(Line(x + col * size, top, x + col * size, bottom, cut))
    out.append(draw_label(x - 1.5, y - 1.2, "\u2702", 9, fill=CUT, anchor="end"))
    return out, len(counts) * size


def token_counts(content: BookContent) -> tuple[int, int]:
    """Target-zone and water tiles to print: the most any scenario needs plus a spare.

    The counts depend on the scenarios only, never on the paper.
    """
    targets = max((sum(s.targets) for s, _ in content.scenarios), default=0)
    water = max((sum(s.water) for s, _ in content.scenarios), default=0)
    return targets + 1, water + 1


def token_pages(content: BookContent, paper: tuple[float, float], lang: str | None = None,
                art: TokenArt = NO_TOKEN_ART) -> list[Scene]:
    """Tiles and markers to cut out; a new page starts when a section would not fit."""
    pw, ph = paper
    width = pw - 2 * MARGIN
    per_row = max(1, int(width // TILE))
    targets, water = token_counts(content)
    enemies = [k for k in content.enemy_order for _ in range(2)]
    enemy_row = max(1, min(per_row, len(content.enemy_order)))
    sections = [
        (L("t-tokens-targets", lang), L("t-tokens-targets-text", lang), ["target"] * targets,
         per_row),
        (L("t-tokens-water", lang), L("t-tokens-water-text", lang), ["water"] * water, per_row),
        (L("t-tokens-enemies", lang), L("t-tokens-enemies-text", lang), enemies, enemy_row),
    ]
    pages: list[Scene] = []
    parts: list[Element] = []
    footer = L("t-footer-tokens", lang, title=content.title)
    bottom = ph - MARGIN - FOOTER - 10  # room for the 50 mm check line

    def start() -> float:
        parts.append(draw_label(MARGIN, MARGIN + 10, L("t-tokens-title", lang), 20, bold=True,
                                font="serif"))
        how, _ = write_paragraph(L("t-tokens-how", lang), MARGIN, MARGIN + 13.5, pw - 2 * MARGIN,
                                 8, size=8.5, min_size=6.5, family="sans", fill=MUTED)
        parts.extend(how)
        return MARGIN + 24

    y = start()
    for title, text, kinds, row_len in sections:
        rows = (len(kinds) + row_len - 1) // row_len
        need = 14 + rows * TILE + 8
        if y + need > bottom and len(parts) > 2:
            pages.append(draw_page(pw, ph, list(parts), f"tokens-{len(pages) + 1}", footer,
                                   len(pages) + 1))
            parts.clear()
            y = start()
        parts.extend(draw_heading(MARGIN, y, title, width))
        block, used = write_paragraph(text, MARGIN, y + 3.5, width, 9, size=8, min_size=6.5,
                                      family="sans", fill=MUTED)
        parts.extend(block)
        grid, grid_h = draw_tile_grid(kinds, (pw - row_len * TILE) / 2, y + 5.5 + used + 3.5, row_len,
                                      TILE, lang, art)
        parts.extend(grid)
        y += 5.5 + used + 3.5 + grid_h + 8
    y = min(y, ph - MARGIN - FOOTER - 8)
    parts.append(Line(pw / 2 - 25, y, pw / 2 + 25, y, Style(stroke=INK, stroke_width=0.3)))
    for x in (pw / 2 - 25, pw / 2 + 25):
        parts.append(Line(x, y - 1.5, x, y + 1.5, Style(stroke=INK, stroke_width=0.3)))
    parts.append(draw_label(pw / 2, y + 4.5, L("line-50mm", lang), 7,
                            anchor="middle", fill=MUTED))
    pages.append(draw_page(pw, ph, parts, f"tokens-{len(pages) + 1}", footer, len(pages) + 1))
    return pages


__all__ = [
    "dressed_tile",
    "tile_keys",
    "BOARD_SPACE",
    "TILE",
    "draw_tile",
    "draw_tile_grid",
    "token_counts",
    "token_pages",
]
