"""The riddle book's solution pages, drawn from the solver's own trace.

:func:`replay_solution` walks the solver's successor function again, turn by turn,
keeping the position whose board and notation match what the solver reported, so a
diagram can never show a move the rules forbid. Each turn is a small map (the position
after the turn, its move arrow and build marker) with the turn's notation under it.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from generator.engine.geometry import NO_SQUARE
from generator.systems.riddle import labels
from generator.render.bounds import element_bounds
from generator.render.icons import GOLD_DARK, INK, MUTED
from generator.render.scene import Element, Group, Line, Scene, Style, Text
from generator.systems.riddle import french
from generator.systems.riddle.badges import without_powers
from generator.systems.riddle.bookkeeping import BLESSING_ACTION
from generator.systems.riddle.context import compile_riddle
from generator.systems.riddle.gods import POWER_ACTION, marks_of_power_turn, power_icons
from generator.systems.riddle.maps import MARGIN as MAP_MARGIN
from generator.systems.riddle.maps import marks_of_move, render_map
from generator.systems.riddle.box import BlessingCard, Die, GodCard
from generator.systems.riddle.model import Riddle
from generator.systems.riddle.solver import (
    GOD_ACTION,
    SOLVED,
    ObjectiveResult,
    RiddleGame,
    RiddleSolve,
    describe_turn,
    format_board,
)
from generator.systems.riddle.state import RiddleState
from generator.systems.riddle.typography import (
    ACCENT,
    MARGIN,
    TIERS,
    Written,
    fitted_text,
    footer,
    is_narrow,
    ornament,
    page,
    tier_name,
    tier_pill,
    write,
)
from generator.systems.riddle.wording import PIECE_WORDS, local


@dataclass(frozen=True, slots=True)
class Turn:
    """One turn of a replayed solution: the action, the positions around it, its notation."""

    action: tuple[int, int, int]
    before: RiddleState
    after: RiddleState
    notation: str
    power_icons: tuple[str, ...] = ()  # icon names of the gods whose powers the turn used


def replay_solution(riddle: Riddle, result: ObjectiveResult, players: int = 1, *,
                    gods: Mapping[str, GodCard] | None = None, die: Die | None = None,
                    blessings: Mapping[str, BlessingCard] | None = None
                    ) -> tuple[Turn, ...] | None:
    """The solver's line for one objective as positions, or None when it cannot be replayed.

    The solver reports a line as notation and text boards (they survive its cache);
    this walks the solver's own successor function again and keeps, at every turn,
    a successor whose board and notation are exactly the reported ones (searching
    back when two successors look alike), so each drawn position is a legal one.
    """
    if result.status != SOLVED or not result.solution:
        return None
    target = next((j for j, o in enumerate(riddle.objectives) if o.tier == result.tier), -1)
    if target < 0:
        return None
    ctx = compile_riddle(riddle, players)
    game = RiddleGame(ctx, target, gods=gods, die=die, blessings=blessings,
                      powers=bool(result.trace) and len(result.trace[0]) == 2)
    starts = [s for s in game.starts()
              if not result.setup or game.assignments[s.extra.assignment].text == result.setup]  # type: ignore[attr-defined]
    boards = result.boards
    solution = result.solution

    def walk(state: RiddleState, i: int) -> list[Turn] | None:
        if i == len(solution):
            return []
        for action, nxt in game.successors(state):
            if boards and len(boards) > i + 1 and format_board(ctx, nxt) != boards[i + 1]:
                continue
            text = describe_turn(game, state, action, nxt)
            if text != solution[i]:
                continue
            rest = walk(nxt, i + 1)
            if rest is not None:
                return [Turn(action, state, nxt, text, power_icons(game, state, action)),
                        *rest]
        return None

    for start in starts[:1] if result.setup else starts:
        line = walk(start, 0)
        if line is not None:
            return tuple(line)
    return None


def friendly_notation(text: str, lang: str | None = None) -> str:
    """The solver's notation with typographic arrows and dashes.

    >>> friendly_notation("W1 B2-C3 build C4 (level 2; silver coin -> silver objective)")
    'W1 B2–C3, build C4 (level 2; silver coin → silver objective)'
    """
    import re

    text = text.replace("->", "→")
    text = re.sub(r"\b([A-H][1-8])-([A-H][1-8])\b", r"\1–\2", text)
    text = re.sub(r"(–[A-H][1-8]) build ", r"\1, build ", text)
    if lang == "fr":
        return french.notation(text)
    for name, (one, _) in PIECE_WORDS.items():
        text = re.sub(rf"\b{name}\b", one, text)
    return text


def key_move_words(label: str, lang: str | None) -> str:
    """A key move's label (:func:`~.measures.turn_label`) in the book's words.

    >>> key_move_words("bless Goat Path: C1-D1 build E1 level3 with Atlas", None)
    'C1–D1, build E1 (level-3 block) with Atlas, with the blessing Goat Path'
    >>> key_move_words("A1-B2 build C3 dome + C4 level1", "fr")
    'A1–B2, construit C3 (dôme) + C4 (bloc de niveau 1)'
    """
    import re

    card = ""
    if label.startswith("bless "):
        card, _, label = label[len("bless "):].partition(": ")
    words = french.PIECE_WORDS if lang == "fr" else PIECE_WORDS
    text = re.sub(r"\b([A-H][1-8]) (level[1-3]|dome)\b",
                  lambda m: f"{m.group(1)} ({words[m.group(2)][0]})", label)
    text = friendly_notation(text, lang)
    if lang == "fr":
        text = text.replace(" with ", " avec ")
    if card:
        text += labels.label("h2-with-card", lang, card=card)
    return text


def measures_text(result: ObjectiveResult, lang: str | None) -> str:
    """The designer's measures of a solved objective, as its solution block prints them
    under the turns (README, "Riddle measures for the designer"), or "" without them.

    >>> measures_text(ObjectiveResult("gold", SOLVED, 3, (), None, 0, 0.0, measures={
    ...     "optimal_lines": 2, "capped": False, "key_moves": ["take Atlas"],
    ...     "trap_rate": 0.785, "playouts": 200}), None)
    '2 shortest lines · every one plays take Atlas · 78 % of 200 naive playouts miss the par'
    """
    found = result.measures
    if result.status != SOLVED or not found:
        return ""
    parts = []
    lines = found.get("optimal_lines")
    if isinstance(lines, int):
        parts.append(labels.label("b-lines-more", lang, n=lines) if found.get("capped")
                     else labels.label("b-line" if lines == 1 else "b-lines", lang, n=lines))
        keys = [key_move_words(str(k), lang) for k in found.get("key_moves", ())]
        if keys and lines > 1:
            parts.append(labels.label("b-key-moves", lang, moves="; ".join(keys)))
        elif lines > 1 or found.get("capped"):
            parts.append(labels.label("b-no-key-move", lang))
    rate = found.get("trap_rate")
    if isinstance(rate, (int, float)) and found.get("playouts"):
        parts.append(labels.label("b-trap", lang, p=round(100 * rate), n=found["playouts"]))
    return " · ".join(parts)


@dataclass(frozen=True, slots=True)
class SolutionBlock:
    """What one objective's solution needs on the page."""

    riddle: Riddle
    result: ObjectiveResult
    turns: tuple[Turn, ...] | None
    same_as: str = ""  # tier of an earlier objective with the very same line
    players: int = 1  # the player count the line is for (its steps name the player)


def iter_solution_blocks(riddle: Riddle, solve: RiddleSolve | None, *,
                         gods: Mapping[str, GodCard] | None = None, die: Die | None = None,
                         blessings: Mapping[str, BlessingCard] | None = None,
                         by_count: Sequence[RiddleSolve] = ()) -> Iterator[SolutionBlock]:
    """One block per objective of a riddle, with the replayed line when it is solved;
    then, for each other player count in ``by_count``, one block per objective with that
    count's own line as notation (a one-player line is nobody else's: issue 22 §3)."""
    if solve is not None:
        seen: dict[tuple[str, ...], str] = {}
        for result in solve.objectives:
            if result.status == SOLVED and result.solution in seen:
                yield SolutionBlock(riddle, result, None, seen[result.solution], solve.players)
                continue
            turns = replay_solution(riddle, result, solve.players, gods=gods, die=die,
                                    blessings=blessings)
            if result.status == SOLVED:
                seen[result.solution] = result.tier
            yield SolutionBlock(riddle, result, turns, players=solve.players)
    drawn = solve.players if solve is not None else 0
    for other in sorted(by_count, key=lambda s: s.players):
        if other.players == drawn or other.expert:
            continue
        lines: dict[tuple[str, ...], str] = {}
        for result in other.objectives:
            same = lines.get(result.solution, "") if result.status == SOLVED else ""
            if result.status == SOLVED and not same:
                lines[result.solution] = result.tier
            yield SolutionBlock(riddle, result, None, same, other.players)


CAPTION_H = 9.6
"""Room under a solution map for its turn's notation (three lines at 7 pt)."""
PANEL_GAP = 6.0


def _caption(turn: Turn, index: int, lang: str | None) -> str:
    """The notation under a solution board."""
    label = f"**{index}.** " + friendly_notation(turn.notation, lang)
    if turn.action[0] == GOD_ACTION:
        label += labels.label("b-no-move", lang)
    return label


def caption_height(turn: Turn, index: int, size: float, lang: str | None,
                   by_ink: bool = False) -> float:
    """The room (mm) a board ``size`` mm wide needs under it for its notation: three lines
    (:data:`CAPTION_H`), or as many as it takes at 7.2 pt when three lines at 6 pt are
    not enough (a booklet's narrow boards). With ``by_ink`` (the A4 and Letter pages)
    three lines are enough while the text drawn at 6 pt stays in them."""
    label = _caption(turn, index, lang)
    three = write(label, 0.0, 0.0, size - 2.0, CAPTION_H, size=7.2, min_size=6.0, leading=1.15,
                  icons=False, lang=lang)
    drawn = element_bounds([three.block]) if by_ink else None
    if three.fit.fits or drawn is not None and drawn[3] <= CAPTION_H:
        return CAPTION_H
    return write(label, 0.0, 0.0, size - 2.0, 500.0, size=7.2, min_size=7.2, leading=1.15,
                 icons=False, lang=lang).height + 0.6


def turn_board(riddle: Riddle, turn: Turn, index: int, size: float) -> Scene:
    """The board a solution draws for its ``index``-th turn (from 1), ``size`` mm wide: the
    position after the turn, with the turn's move arrows, build marks and power icons."""
    arrows, builds = marks_of_move(turn.before.board, turn.action) \
        if turn.action[0] >= 0 else marks_of_power_turn(turn.before.board, turn.after.board) \
        if turn.action[0] in (POWER_ACTION, BLESSING_ACTION) else ((), ())
    # The King's and the Sphinx's steps (end-of-turn effects) get their arrow too.
    before, after = turn.before.board, turn.after.board
    steps = tuple((a, b) for a, b in ((before.king, after.king), (before.sphinx, after.sphinx))
                  if a != b and a != NO_SQUARE and b != NO_SQUARE)
    arrows = (*arrows, *steps)
    return render_map(riddle, turn.after, arrows, size, builds=builds,
                      scene_id=f"solution-{riddle.id}-{index}",
                      arrow_icons=turn.power_icons if arrows else ())


def _panel(riddle: Riddle, turn: Turn, index: int, x: float, y: float, size: float,
           lang: str | None = None, caption_h: float = CAPTION_H) -> list[Element]:
    scene = turn_board(riddle, turn, index, size)
    out: list[Element] = [Group(scene.children, translate=(x, y))]
    out.append(_caption_text(turn, index, x, y + scene.height + 0.6, size, lang, caption_h).block)
    return out


def _caption_text(turn: Turn, index: int, x: float, y: float, size: float, lang: str | None,
                  caption_h: float) -> Written:
    """The notation of a board ``size`` mm wide at ``x``, set in a box from ``y`` down."""
    return write(_caption(turn, index, lang), x + 1.0, y, size - 2.0, caption_h, size=7.2,
                 min_size=6.0, leading=1.15, icons=False, lang=lang)


CAPTION_CLEAR = 2.0
"""Paper (mm) left between a caption's last line and the board drawn under it."""


def _board_box(riddle: Riddle, size: float) -> tuple[float, float]:
    """How tall ``riddle``'s solution board ``size`` mm wide is laid out, and how far
    under its top its drawing starts (its column letters), measured on an empty board."""
    scene = render_map(riddle, size_mm=size)
    drawn = element_bounds(scene.children)
    return scene.height, drawn[1] if drawn else 0.0


def _row_height(turns: Sequence[Turn], first: int, cols: int, size: float, lang: str | None,
                caps: Sequence[float], board: tuple[float, float], base: float) -> float:
    """The height of the row of ``turns[first:first + cols]``: ``base`` (the board and
    its notation's box), or more when a caption with a board under it (in the next row)
    would end within :data:`CAPTION_CLEAR` of that board: a board not as tall as it is
    wide leaves less room under it than its row was given."""
    board_h, drawn_top = board
    inks = [element_bounds([_caption_text(turns[i], i + 1, 0.0, 0.0, size, lang, caps[i]).block])
            for i in range(first, min(first + cols, len(turns) - cols))]
    ink = max((drawn[3] for drawn in inks if drawn is not None), default=0.0)
    return max(base, board_h + 0.6 + ink + CAPTION_CLEAR - drawn_top)


NARROW_CELL = 7.0
"""The smallest space (mm) of a solution board on a booklet's page: its coordinates and
height numerals still print (at 6 pt). A board three rows a page would make smaller gets
two rows a page."""


def _narrow_board(riddle: Riddle, col_w: float, usable: float) -> float:
    """The size of ``riddle``'s solution boards on a booklet's page, two a row: three rows
    a page when their spaces stay :data:`NARROW_CELL` wide, else two."""
    g = riddle.board.geometry
    size = min(col_w, usable / 3 - CAPTION_H - 3.0)
    if size / (max(g.width, g.height) + 2 * MAP_MARGIN) < NARROW_CELL:
        size = min(col_w, usable / 2 - CAPTION_H - 3.0)
    return size


COMPACT_COLUMNS = 3
"""Boards side by side in the compact solutions (three rows of them fill a page: 6-9 a page)."""


def solution_pages(blocks: Sequence[SolutionBlock], paper: tuple[float, float], lang: str | None,
                   title: str, first_number: int, upside_down: bool, compact: bool = True
                   ) -> list[Scene]:
    """Pages of solution strips: per objective a heading, then its turns as small maps in
    rows, wrapping over pages; ``upside_down`` turns every page by 180 degrees.

    ``compact`` (the default) sets three boards a row and three rows a page; otherwise
    two large boards a row."""
    pw, ph = paper
    m = MARGIN
    width = pw - 2 * m
    top, bottom = m + 2.0, ph - m - 6.0
    narrow = is_narrow(paper)  # a booklet's page: two boards a row, three rows a page
    cols = COMPACT_COLUMNS if compact and not narrow else 2
    col_w = (width - PANEL_GAP * (cols - 1)) / cols
    usable = bottom - top - 9.0
    size = min(col_w, usable / 3 - CAPTION_H - 3.0)
    if size < 70.0 and not compact and not narrow:
        # Three rows a page when the maps stay at least 70 mm wide, else two.
        size = min(col_w, usable / 2 - CAPTION_H - 3.0)
    pages: list[list[Element]] = [[]]
    y = top

    def new_page() -> None:
        nonlocal y
        pages.append([])
        y = top

    last_riddle = ""
    last_count = 0
    for block in blocks:
        riddle = block.riddle
        result = block.result
        tier_label = tier_name(result.tier, lang) if result.tier in TIERS else result.tier
        if narrow:
            size = _narrow_board(riddle, col_w, usable)
        map_h = size * riddle.board.geometry.height / max(riddle.board.geometry.width,
                                                         riddle.board.geometry.height)
        row_h = map_h + CAPTION_H + 3.0
        # Which count a line is for, whenever the riddle allows more than one player.
        counted = tuple(riddle.players) != (1,)
        heading = counted and (riddle.id != last_riddle or block.players != last_count)
        line_text = _count_line_text(block, lang) if not block.turns else ""
        text_h = write(line_text, 0.0, 0.0, width, 500.0, size=8.0, min_size=8.0, icons=False,
                       lang=lang).height + 1.0 if line_text else 0.0
        measured = measures_text(result, lang) if not block.same_as else ""
        measured_h = write(measured, 0.0, 0.0, width - 23.0, 500.0, size=7.0, min_size=7.0,
                           icons=False, lang=lang).height + 1.5 if measured else 0.0
        need = (9.0 + measured_h + (row_h if block.turns else 8.0 + text_h)
                + (8.0 if riddle.id != last_riddle else 0) + (6.0 if heading else 0))
        if y + need > bottom and pages[-1]:
            new_page()
        if riddle.id != last_riddle:
            pages[-1].append(fitted_text(m, y + 5.0, f"{riddle.number} · {local(riddle.title, lang)}",
                                         13, width if narrow else 1e9, fill=ACCENT, bold=True,
                                         min_size=9.0))
            pages[-1].append(Line(m, y + 7.0, pw - m, y + 7.0, Style(stroke=GOLD_DARK,
                                                                    stroke_width=0.35)))
            y += 10.0
            last_riddle = riddle.id
        if heading:
            pages[-1].append(fitted_text(
                m, y + 4.0, labels.label("b-count-one" if block.players == 1 else "b-count-many",
                                         lang, n=block.players),
                9.5, width, font="sans", fill=MUTED, bold=True, min_size=7.0))
            y += 6.0
        last_count = block.players
        pages[-1] += tier_pill(m, y, result.tier, lang=lang)
        if result.status == SOLVED:
            turns = result.turns or 0
            what = labels.label("b-turn" if turns == 1 else "b-turns", lang, n=turns)
            if block.same_as:
                what += labels.label("b-same-line", lang,
                                     tier=tier_name(block.same_as, lang).lower())
            elif result.optimal_first_moves:
                firsts = result.optimal_first_moves
                what += labels.label("b-first-move" if firsts == 1 else "b-first-moves", lang,
                                     n=firsts)
        elif result.status == "unsolvable":
            what = labels.label("b-unsolvable", lang)
        else:
            what = labels.label("b-unproven", lang)
        if result.status != SOLVED and result.reason and lang in (None, "en"):
            what += f" ({result.reason.split(':')[0]})"  # the solver's words are English
        elif without_powers(result):
            what += labels.label("b-no-powers", lang)
        if narrow:  # on two lines rather than past the page's edge
            para = write(what, m + 23.0, y + 1.2, width - 23.0, 20.0, size=8.0, min_size=6.5,
                         leading=1.15, lang=lang, icons=False)
            pages[-1].append(para.block)
            y += max(8.0, para.height + 2.5)
        else:
            pages[-1].append(fitted_text(m + 23.0, y + 4.3, what, 9.0, width - 23.0,
                                         font="sans", fill=INK, min_size=6.5))
            y += 8.0
        if measured:  # what the designer's measures say of this objective
            para = write(measured, m + 23.0, y - 0.5, width - 23.0, measured_h + 2.0, size=7.0,
                         min_size=7.0, icons=False, lang=lang, fill=MUTED)
            pages[-1].append(para.block)
            y += para.height + 1.5
        if line_text:  # another player count's line: one paragraph of notation
            para = write(line_text, m, y, width, text_h + 2.0, size=8.0, min_size=8.0,
                         icons=False, lang=lang)
            pages[-1].append(para.block)
            y += para.height + 3.0
            continue
        if not block.turns:
            if result.status == SOLVED and not block.same_as:
                for i, line in enumerate(result.solution, 1):
                    para = write(f"**{i}.** {friendly_notation(line, lang)}", m, y, width, 12.0,
                                 size=8.0, min_size=6.5, icons=False, lang=lang)
                    pages[-1].append(para.block)
                    y += para.height + 1.0
            y += 2.0
            continue
        # A long notation gets the lines it needs and its row grows (or moves to the
        # next page), so no caption runs into the boards of the row under it.
        caps = [caption_height(turn, i + 1, size, lang, by_ink=not narrow)
                for i, turn in enumerate(block.turns)]
        board = _board_box(riddle, size)
        for i, turn in enumerate(block.turns):
            col = i % cols
            if col == 0 and i:
                y += row_h
            if col == 0:
                row_h = _row_height(block.turns, i, cols, size, lang, caps, board,
                                    map_h + max(caps[i:i + cols]) + 3.0)
            if col == 0 and y + row_h > bottom:
                new_page()
                pages[-1].append(fitted_text(
                    m, y + 4.0, f"{riddle.number} · {local(riddle.title, lang)}"
                    + labels.label("b-continued", lang, tier=tier_label.lower()), 10,
                    width if narrow else 1e9, fill=MUTED, italic=True, min_size=7.0))
                y += 7.0
            pages[-1] += _panel(riddle, turn, i + 1, m + col * (col_w + PANEL_GAP), y, size, lang,
                                max(caps[i - col:i - col + cols]))
        y += row_h + 3.0
    out: list[Scene] = []
    for n, children in enumerate(pages):
        number = first_number + n
        body = [*children, *footer(pw, ph, labels.label("b-solutions-footer", lang, title=title),
                                   number)]
        if upside_down:
            body = [Group(tuple(body), translate=(pw, ph), rotate=180.0)]
        out.append(page(pw, ph, body, f"solutions-{n + 1}"))
    return out


def _count_line_text(block: SolutionBlock, lang: str | None) -> str:
    """The notation of a line for more than one player: who moves which workers, then each
    turn (its player named), or "" for a one-player line (drawn) or no line to print."""
    result = block.result
    if block.players == 1 or result.status != SOLVED or block.same_as:
        return ""
    turns = " · ".join(f"**{i}.** {friendly_notation(line, lang)}"
                       for i, line in enumerate(result.solution, 1))
    setup = labels.label("b-count-workers", lang, setup=result.setup) if result.setup else ""
    return setup + turns


def solutions_divider(paper: tuple[float, float], title: str, number: int,
                      lang: str | None = None) -> Scene:
    """The page before the upside-down solutions: a warning that reads the right way up."""
    pw, ph = paper
    parts: list[Element] = [
        Text(pw / 2, ph * 0.38, labels.label("h-solutions", lang), font="serif", size=30, fill=INK, anchor="middle",
             bold=True),
        *ornament(pw / 2, ph * 0.38 + 7, 80),
    ]
    note = labels.label("b-solutions-note", lang)
    para = write(note, MARGIN + 20, ph * 0.38 + 14, pw - 2 * MARGIN - 40, 60.0, family="serif",
                 size=11, min_size=9, leading=1.35, align="center", lang=lang)
    parts.append(para.block)
    parts += footer(pw, ph, title, number)
    return page(pw, ph, parts, "solutions-divider")


__all__ = [
    "SolutionBlock", "Turn", "friendly_notation", "iter_solution_blocks", "replay_solution",
    "solution_pages", "solutions_divider", "turn_board",
]
