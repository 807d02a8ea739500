"""Boards at play scale: every scenario the base game's 5x5 board cannot hold.

A board is for the pieces to stand on, so it prints an empty playing surface:
spaces of :data:`~generator.render.board_pieces.PLAY_SPACE` mm (40 mm, measured
against the base game's blocks: a ground-level block is about 36 mm across, see
that constant), which hold the token sheet's tiles and markers, with
coordinates round the border. In a space's corner, small words say what starts
there (a builder, an enemy and its facing, a building's blocks, a target-zone or
water tile); the scenario book's map shows the same set-up in colour. The board
is cut into pieces with glue flaps by the shared
:func:`~generator.render.board_pieces.piece_pages`.

>>> from generator.render.board_pieces import GLUE
>>> GLUE
12.0
"""
from __future__ import annotations

from collections.abc import Sequence

from generator.systems.tower import labels
from generator.render.board_pieces import GLUE, StartMark, piece_pages, surface_scene
from generator.render.scene import Scene
from generator.systems.tower.book_content import BookContent
from generator.systems.tower.model import Scenario
from generator.systems.tower.render import ACCENT, DARK, TARGET_INK, enemy_name, facing_words
from generator.systems.tower.rules import DOME, FACINGS, ENEMY_TYPES

BUILDER_MARK = "#2d5d9f"
"""The chip beside a builder's start mark: the builders' blue."""


def needs_board(scenario: Scenario) -> bool:
    """Whether a scenario needs a printed board (the base game's board is 5x5)."""
    return scenario.width > 5 or scenario.height > 5


def start_marks(scenario: Scenario, enemy_order: Sequence[str] = ENEMY_TYPES,
                lang: str | None = None) -> dict[int, list[StartMark]]:
    """What starts on each square, in words: the terrain tile first, then the building,
    then the pawn (the order a player puts them down)."""
    marks: dict[int, list[StartMark]] = {}
    for sq in range(scenario.width * scenario.height):
        if scenario.water[sq]:
            marks.setdefault(sq, []).append(StartMark((labels.label("board-mark-water", lang),),
                                                      ACCENT))
        if scenario.targets[sq]:
            marks.setdefault(sq, []).append(StartMark((labels.label("board-mark-target", lang),),
                                                      TARGET_INK))
        level = scenario.levels[sq]
        if level:
            key = "board-mark-dome" if level == DOME else "board-mark-blocks"
            marks.setdefault(sq, []).append(StartMark((labels.label(key, lang, n=min(level, 3)),),
                                                      DARK))
    for n, sq in enumerate(scenario.builders):
        marks.setdefault(sq, []).append(StartMark((labels.label("board-mark-builder", lang,
                                                                n=n + 1),), BUILDER_MARK))
    order = {t: i for i, t in enumerate(enemy_order)}
    for e in sorted(scenario.enemies, key=lambda e: order.get(e.type, len(order))):
        _, letter = facing_words(FACINGS[max(e.facing, 0)], lang)
        marks.setdefault(e.square, []).append(StartMark(
            (labels.label("board-mark-enemy", lang, enemy=enemy_name(e.type, lang).lower(),
                          letter=letter),), DARK))
    return marks


def board_scene(scenario: Scenario, enemy_order: tuple[str, ...],
                lang: str | None = None) -> Scene:
    """The whole board at play scale: empty spaces, coordinates on its border, start marks."""
    return surface_scene(scenario.width, scenario.height,
                         start_marks(scenario, enemy_order, lang), f"board-{scenario.id}")


def board_pages(scenario: Scenario, content: BookContent, paper: tuple[float, float],
                title: str, lang: str | None = None) -> list[Scene]:
    """The pieces of one scenario's board, one per sheet, in reading order."""
    safe = title.replace("{", "{{").replace("}", "}}")
    heading = labels.label("board-piece", lang, title=safe, n=scenario.number,
                           name="{name}", count="{count}")
    return piece_pages(board_scene(scenario, content.enemy_order, lang), paper, heading, lang)


def all_board_pages(content: BookContent, paper: tuple[float, float],
                    lang: str | None = None) -> list[Scene]:
    """Every board the base game's board cannot hold, piece by piece."""
    out: list[Scene] = []
    for scenario, _ in content.scenarios:
        if needs_board(scenario):
            out += board_pages(scenario, content, paper, content.title, lang)
    return out


__all__ = ["GLUE", "all_board_pages", "board_pages", "board_scene", "needs_board",
           "start_marks"]
