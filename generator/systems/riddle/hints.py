"""Graded hints: the pages between the riddles and their solutions.

For each objective the solver proved, two hints, from the line it found
(:attr:`~.results.ObjectiveResult.steps`), each giving away a little more:

1. the idea: which god's power or blessing card the line uses (or which god's card
   it takes), which worker does
   most of the work, and the piece its last build lays;
2. a move: the one every shortest line plays when the designer's measures are at
   hand (``key_moves``), else the turn a power comes into play, else the opening turn,
   each called by what it is.

Then the solution, upside down at the back of the book.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from generator.systems.riddle import labels
from generator.render.icons import GOLD_DARK
from generator.render.scene import Element, Line, Scene, Style
from generator.systems.riddle import french
from generator.systems.riddle.results import SOLVED
from generator.systems.riddle.solutions import SolutionBlock, friendly_notation, key_move_words
from generator.systems.riddle.typography import (
    ACCENT,
    MARGIN,
    fitted_text,
    footer,
    ornament,
    page,
    tier_name,
    write,
)
from generator.systems.riddle.wording import PIECE_WORDS, local


def _piece(piece: str, lang: str | None) -> str:
    words = french.PIECE_WORDS if lang == "fr" else PIECE_WORDS
    return words.get(piece, (piece, piece))[0]


def idea_hint(steps: Sequence[Mapping[str, Any]], lang: str | None) -> str:
    """Hint 1: the powers and cards the line uses, its busiest worker, its last piece.

    >>> idea_hint([{"worker": "W1", "piece": "level1", "power": None},
    ...            {"worker": "W2", "piece": "dome", "power": "Atlas"},
    ...            {"worker": "W2", "piece": "level2", "power": None}], None)
    "Atlas's power is part of the line. Worker 2 plays 2 of the 3 turns. The last build is a level-2 block."
    """
    gods = list(dict.fromkeys(str(s["power"]) for s in steps if s.get("power")))
    taken = [g for g in dict.fromkeys(str(s["take_god"]) for s in steps if s.get("take_god"))
             if g not in gods]
    cards = list(dict.fromkeys(str(c) for s in steps for c in s.get("blessings") or ()))
    parts: list[str] = []
    if gods:
        parts.append(labels.label("h1-powers", lang, gods=_join(gods, lang)))
    if taken:
        parts.append(labels.label("h1-takes", lang, gods=_join(taken, lang)))
    if cards:
        parts.append(labels.label("h1-cards", lang, cards=_join(cards, lang)))
    workers = Counter(str(s["worker"]) for s in steps if s.get("worker"))
    if workers:
        busiest, turns = workers.most_common(1)[0]  # a tie: the one that plays first
        if len(workers) == 1:
            parts.append(labels.label("h1-one-worker", lang, w=busiest[1:]))
        else:
            parts.append(labels.label("h1-worker", lang, w=busiest[1:], k=turns, n=len(steps)))
    pieces = [str(s["piece"]) for s in steps if s.get("piece")]
    if pieces:
        parts.append(labels.label("h1-last-piece", lang, piece=_piece(pieces[-1], lang)))
    return " ".join(parts)


def _join(names: Sequence[str], lang: str | None) -> str:
    word = " et " if lang == "fr" else " and "
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + word + names[-1]


def move_hint(block: SolutionBlock, lang: str | None) -> str:
    """Hint 2: a move of the line, called by what it is (see the module docstring)."""
    result = block.result
    measures = result.measures or {}
    keys = [str(k) for k in measures.get("key_moves", ())]
    # A god every shortest line takes, though in turns that differ (one also plays a
    # blessing card, say), is a key part rather than a key move: the same hint.
    keys += [str(k) for k in measures.get("key_parts", ()) if str(k).startswith("take ")
             and not any(str(m).endswith(str(k)) for m in keys)]
    if keys:  # a god taken or a power used is the riddle's idea more than a plain turn
        key = min(keys, key=lambda k: (not k.startswith("take "), " with " not in k, k))
        if key.startswith("take "):
            return labels.label("h2-take", lang, god=key[len("take "):])
        return labels.label("h2-key", lang, move=key_move_words(key, lang))
    for i, step in enumerate(result.steps):
        if step.get("power") or step.get("take_god") or step.get("blessings"):
            return labels.label("h2-power", lang, n=i + 1,
                                move=friendly_notation(result.solution[i], lang))
    return labels.label("h2-first", lang, move=friendly_notation(result.solution[0], lang))


def hint_pages(blocks: Sequence[SolutionBlock], paper: tuple[float, float], lang: str | None,
               title: str, first_number: int) -> list[Scene]:
    """The hints of every drawn (one-player) solution, riddle by riddle, from page
    ``first_number``; none when no block has a solved line."""
    pw, ph = paper
    m = MARGIN
    width = pw - 2 * m
    bottom = ph - m - 6.0
    shown = [b for b in blocks if b.turns and b.result.status == SOLVED and b.result.steps
             and b.result.solution and not b.same_as]
    if not shown:
        return []
    pages: list[list[Element]] = [[]]
    y = m + 2.0

    def start() -> None:
        nonlocal y
        pages[-1].append(fitted_text(pw / 2, m + 8.0, labels.label("h-hints", lang), 20.0,
                                     width, bold=True, anchor="middle"))
        pages[-1].extend(ornament(pw / 2, m + 12.5, 60))
        y = m + 18.0

    start()
    intro = write(labels.label("h-hints-intro", lang), m, y, width, 30.0, family="serif",
                  size=9.5, min_size=8.0, lang=lang)
    pages[-1].append(intro.block)
    y += intro.height + 4.0
    last = ""
    for block in shown:
        riddle = block.riddle
        text = (f"**{tier_name(block.result.tier, lang)}.** **1.** "
                f"{idea_hint(block.result.steps, lang)} **2.** {move_hint(block, lang)}")
        para = write(text, m + 2.0, 0.0, width - 2.0, 60.0, size=8.5, min_size=8.0,
                     icons=False, lang=lang)
        need = para.height + 2.0 + (9.0 if riddle.id != last else 0.0)
        if y + need > bottom:
            pages.append([])
            y = m + 2.0
            last = ""  # a new page names its riddle again
        if riddle.id != last:
            pages[-1].append(fitted_text(m, y + 5.0, f"{riddle.number} · {local(riddle.title, lang)}",
                                         11.0, width, fill=ACCENT, bold=True, min_size=8.0))
            pages[-1].append(Line(m, y + 6.8, pw - m, y + 6.8,
                                  Style(stroke=GOLD_DARK, stroke_width=0.3)))
            y += 9.0
            last = riddle.id
        para = write(text, m + 2.0, y, width - 2.0, 60.0, size=8.5, min_size=8.0, icons=False,
                     lang=lang)
        pages[-1].append(para.block)
        y += para.height + 2.0
    return [page(pw, ph, [*children, *footer(pw, ph, title, first_number + n)], f"hints-{n + 1}")
            for n, children in enumerate(pages)]


__all__ = ["hint_pages", "idea_hint", "move_hint"]
