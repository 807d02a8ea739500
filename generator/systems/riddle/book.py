"""The riddle book: cover, story, one page per riddle, and the solutions drawn from the solver.

A riddle page reads top to bottom like a published adventure: number, title and
island, the story, the map beside the set-up (figures, tokens, coins, the
stockpile as piece icons with counts, the god deck and its opening queue), the
objectives as tiered rows with their empty coin slots and rewards, special rules
and end-of-turn effects in words generated from the effect vocabulary, expert
settings, and a small difficulty badge from the solver.

Solutions are drawn from the solver's own trace: :func:`replay_solution` walks
the solver's successor function again, turn by turn, keeping the position whose
board and notation match what the solver reported, so a diagram can never show
a move the rules forbid. Each turn is a small map (the position after the turn,
its move arrow and build marker) with the turn's notation under it.

The module also holds the typography every riddle print shares (page frame,
headings, paragraphs) and the words for goals, effects, rewards and unlock rules,
so the cards, the player aid and the campaign sheets read like the book.

>>> describe_pieces("dome", 2), describe_pieces("level1", 1), describe_pieces("any", 1)
('two domes', 'one level-1 block', 'any one piece')
"""
from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from generator.engine.geometry import NO_SQUARE, Geometry, Square
from generator.engine.state import PIECE_NAMES, Stockpile
from generator.pack.model import pick_text
from generator.render.fonts import measure
from generator.systems.riddle.bookkeeping import BLESSING_ACTION
from generator.systems.riddle.gods import POWER_ACTION, marks_of_power_turn, power_icons
from generator.render import labels
from generator.render.icons import (
    GOLD,
    GOLD_DARK,
    ICONS,
    INK,
    MUTED,
    PAPER,
    SILVER,
    SILVER_DARK,
    SPHINX,
    icon_coin,
    icon_gem,
    icon_king,
    icon_sphinx,
    icon_worker,
    icons_for,
    label_text,
)
from generator.render.scene import (
    MM_PER_PT,
    Circle,
    Element,
    Group,
    Line,
    Polygon,
    Rect,
    Scene,
    Style,
    Text,
    TextBlock,
)
from generator.render.text import FitResult, fit_text
from generator.systems.riddle import french
from generator.systems.riddle.context import compile_riddle
from generator.systems.riddle.effects.remove_top import RemoveTopEffect
from generator.systems.riddle.effects.sink import SinkEffect
from generator.systems.riddle.effects.step_toward_closest_worker import (
    StepTowardClosestWorkerEffect,
)
from generator.systems.riddle.effects.stockpile_add import StockpileAddEffect
from generator.systems.riddle.effects.stockpile_remove import StockpileRemoveEffect
from generator.systems.riddle.goals.all_of import AllOfGoal
from generator.systems.riddle.goals.any_of import AnyOfGoal
from generator.systems.riddle.goals.blessings import BlessingsGoal
from generator.systems.riddle.goals.build import BuildGoal
from generator.systems.riddle.goals.slots import SlotsGoal
from generator.systems.riddle.goals.sphinx_wins import SphinxWinsGoal
from generator.systems.riddle.goals.stand import StandGoal
from generator.systems.riddle.goals.within import WithinGoal
from generator.systems.riddle.maps import marks_of_move, render_map
from generator.systems.riddle.model import (
    AllOf,
    AnyOf,
    BlessingCard,
    Die,
    GodCard,
    IslandComplete,
    Objective,
    ObjectivesOn,
    Reward,
    Riddle,
    Unlock,
)
from generator.systems.riddle.solver import (
    GOD_ACTION,
    NOT_SEARCHED_WITH_POWERS,
    SOLVED,
    ObjectiveResult,
    RiddleGame,
    RiddleSolve,
    describe_turn,
    format_board,
)
from generator.systems.riddle.state import RiddleState
from generator.systems.riddle.vocab import Effect, Goal

# -- typography and palette ---------------------------------------------------------------

MARGIN = 15.0
"""Page margin (mm) of every riddle print: inside what any home printer can print."""
ACCENT = SPHINX
"""Headings and ornaments: the Sphinx's teal."""
RULE = "#c9bfae"
"""Thin rules between sections."""
PANEL = "#f6f1e6"
"""The tint behind side panels and boxes."""
HEROIC = "#c8643b"
HEROIC_DARK = "#7a3418"
GODLIKE = "#8e5cc2"
GODLIKE_DARK = "#4b2475"
TIERS: Mapping[str, tuple[str, str, str]] = {
    "silver": (SILVER, SILVER_DARK, "Silver"),
    "gold": (GOLD, GOLD_DARK, "Gold"),
    "heroic": (HEROIC, HEROIC_DARK, "Heroic"),
    "godlike": (GODLIKE, GODLIKE_DARK, "Godlike"),
}
"""Tier -> (fill, dark ink, name): the colours of its pill, its circles and its shading."""
TIER_MARKS: Mapping[str, str] = {"silver": "S", "gold": "G", "heroic": "H", "godlike": "★"}
"""The letter (or star) inside a tier's circle: gold and godlike must not share a letter."""
SLOT_COLOURS: Mapping[str, tuple[str, str]] = {"silver": (SILVER, SILVER_DARK),
                                               "gold": (GOLD, GOLD_DARK)}
BODY_SIZE = 9.0
"""Body text size (pt): comfortable at arm's length on A4 and Letter."""
MIN_BODY_SIZE = 7.0
"""Body text never shrinks below this (pt)."""

NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                "ten", "eleven", "twelve")


def count_word(n: int) -> str:
    """A small count in words, larger ones in digits.

    >>> count_word(3), count_word(14)
    ('three', '14')
    """
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


def local(value: Any, lang: str | None) -> str:
    """A model text (a string or sorted (language, text) pairs) in ``lang``.

    >>> local((("en", "Sea"), ("fr", "Mer")), "fr"), local(None, "en")
    ('Mer', '')
    """
    if isinstance(value, tuple):
        return pick_text(dict(value), lang)
    return pick_text(value, lang)


def plural(n: int, word: str, many: str | None = None) -> str:
    return f"{count_word(n)} {word if n == 1 else (many or word + 's')}"


def sentence(text: str) -> str:
    """Capitalise the first letter and end with a full stop.

    >>> sentence("a worker stands on A2")
    'A worker stands on A2.'
    """
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


# -- words from the vocabulary ------------------------------------------------------------

PIECE_WORDS = {"level1": ("level-1 block", "level-1 blocks"),
               "level2": ("level-2 block", "level-2 blocks"),
               "level3": ("level-3 block", "level-3 blocks"),
               "dome": ("dome", "domes")}
PIECE_ICONS = ("level-1", "level-2", "level-3", "dome")
"""Icon names of the stockpile's piece types, in build order."""


def describe_pieces(piece: str | None, count: int, lang: str | None = None) -> str:
    """``count`` pieces of a type (``level1``..``dome``, or ``any``) in words."""
    if lang == "fr":
        return french.pieces(piece, count)
    if piece in (None, "any"):
        return "any one piece" if count == 1 else f"any {count_word(count)} pieces"
    one, many = PIECE_WORDS[piece]
    return plural(count, one, many)


def describe_stock(stock: Stockpile) -> str:
    """A stockpile in words: ``four level-1 blocks, two domes`` (empty types left out)."""
    parts = [describe_pieces(PIECE_NAMES[i], n) for i, n in enumerate(stock) if n]
    return ", ".join(parts) if parts else "nothing"


def describe_reward(reward: Reward | None, lang: str | None) -> str:
    """An objective's reward as a sentence ('' for none)."""
    if reward is None:
        return ""
    if reward.text is not None:
        return sentence(local(reward.text, lang))
    if reward.piece is None:
        return ""
    if lang == "fr":
        return sentence(french.reward(reward.piece, reward.count))
    return sentence(f"add {describe_pieces(reward.piece, reward.count)} to the stockpile")


FIGURE_WORDS = {"worker": "a worker", "king": "the King", "sphinx": "the Sphinx",
                "any": "any figure"}


def _space(geometry: Geometry, sq: Square, features: Mapping[Square, str]) -> str:
    name = geometry.name(sq)
    return f"{features[sq]} ({name})" if sq in features else name


def _join(items: Sequence[str], last: str = "and") -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


def describe_goal(goal: Goal, geometry: Geometry, features: Mapping[Square, str] | None = None,
                  lang: str | None = None) -> str:
    """A goal of the vocabulary as a clause (no capital, no full stop).

    ``features`` names feature spaces, so a goal says "the Old Cairn (A2)".
    """
    features = features or {}
    if lang == "fr":
        return french.goal_clause(goal, geometry, features)
    if isinstance(goal, SlotsGoal):
        parts = [plural(n, f"{colour} coin") for colour, n in (("silver", goal.silver),
                                                              ("gold", goal.gold)) if n]
        return f"fill the slots with {_join(parts)}"
    if isinstance(goal, StandGoal):
        who = FIGURE_WORDS.get(goal.figure, goal.figure)
        where = f" on {_space(geometry, goal.at, features)}" if goal.at != NO_SQUARE else ""
        height = f" at level {goal.level} or higher" if goal.level else ""
        return f"{who} stands{where}{height}"
    if isinstance(goal, BuildGoal):
        what = {"block": ("block", "blocks"), "dome": ("dome", "domes"),
                "tower": ("complete tower (three blocks and a dome)",
                          "complete towers (three blocks and a dome each)")}[goal.what]
        pieces = plural(goal.count, *what)
        if goal.region:
            spaces = [_space(geometry, sq, features) for sq in goal.region]
            where = f"on {spaces[0]}" if len(spaces) == 1 else f"on {_join(spaces, 'or')}"
        else:
            where = "on the map"
        verb = "stands" if goal.count == 1 else "stand"
        return f"{pieces} {verb} {where}, set-up pieces included"
    if isinstance(goal, BlessingsGoal):
        return f"collect {plural(goal.count, 'blessing token')}"
    if isinstance(goal, SphinxWinsGoal):
        return f"win the Sphinx's game {count_word(goal.count)} time{'s' if goal.count != 1 else ''}"
    if isinstance(goal, WithinGoal):
        return f"by the end of turn {goal.turns}"
    if isinstance(goal, AllOfGoal):
        deadline = [g for g in goal.goals if isinstance(g, WithinGoal)]
        rest = [describe_goal(g, geometry, features) for g in goal.goals
                if not isinstance(g, WithinGoal)]
        text = _join(rest) if rest else "play on"
        if deadline:
            text += ", " + describe_goal(deadline[0], geometry, features)
        return text
    if isinstance(goal, AnyOfGoal):
        return "either " + _join([describe_goal(g, geometry, features) for g in goal.goals], "or")
    params = goal.to_params(geometry)
    return f"{goal.NAME.replace('_', ' ')}: {params}"


def describe_effect(effect: Effect, geometry: Geometry, lang: str | None = None) -> str:
    """An end-of-turn effect as a clause.

    >>> from generator.engine.geometry import Geometry
    >>> describe_effect(StockpileAddEffect(0, 2), Geometry.rectangle(3, 3))
    'add two level-1 blocks to the stockpile'
    """
    if lang == "fr":
        return french.effect_clause(effect, geometry)
    if isinstance(effect, RemoveTopEffect):
        where = "the stockpile" if effect.to == "stockpile" else "the box"
        return (f"remove the top piece of {geometry.name(effect.at)} (its dome first), "
                f"back to {where}; figures there stay and drop with it")
    if isinstance(effect, StockpileAddEffect):
        return f"add {describe_pieces(PIECE_NAMES[effect.piece], effect.count)} to the stockpile"
    if isinstance(effect, StockpileRemoveEffect):
        return (f"remove {describe_pieces(PIECE_NAMES[effect.piece], effect.count)} from the "
                "stockpile, as far as there are any")
    if isinstance(effect, StepTowardClosestWorkerEffect):
        who = FIGURE_WORDS.get(effect.figure, effect.figure)
        return (f"{who} takes one step toward the closest worker, onto a free undomed space "
                "at any height (ties are yours to choose)")
    if isinstance(effect, SinkEffect):
        return (f"after turn {effect.turn}, {geometry.name(effect.at)} sinks into the sea "
                "with everything on it")
    return f"{effect.NAME.replace('-', ' ')}: {effect.to_params(geometry)}"


def describe_effects(effects: Sequence[Effect], geometry: Geometry, lang: str | None = None
                     ) -> list[str]:
    """Each effect as a sentence; sinking spaces are gathered into one sentence."""
    out: list[str] = []
    sinks = [e for e in effects if isinstance(e, SinkEffect)]
    for effect in effects:
        if isinstance(effect, SinkEffect) and lang == "fr":
            if effect is sinks[0] and len(sinks) > 1:
                out.append(sentence(french.sinks_sentence([(geometry.name(e.at), e.turn)
                                                           for e in sinks])))
            elif len(sinks) == 1:
                out.append(sentence(french.effect_clause(effect, geometry)
                                    + french.WORKER_DESTROYED))
            continue
        if isinstance(effect, SinkEffect):
            if effect is sinks[0] and len(sinks) > 1:
                timeline = _join([f"{geometry.name(e.at)} after turn {e.turn}" for e in sinks])
                out.append(sentence(f"spaces sink into the sea with everything on them: "
                                    f"{timeline}; a worker there is destroyed"))
            elif len(sinks) == 1:
                out.append(sentence(describe_effect(effect, geometry)
                                    + "; a worker there is destroyed"))
            continue
        out.append(sentence(describe_effect(effect, geometry, lang)))
    return out


def describe_unlock(rule: Unlock | None, island_names: Mapping[str, str],
                    riddle_titles: Mapping[str, str], lang: str | None = None) -> str:
    """When an island opens, as a sentence."""
    if lang == "fr":
        return ("Ouverte dès le début." if rule is None else
                sentence("s'ouvre quand " + french.unlock_clause(rule, island_names, riddle_titles)))
    if rule is None:
        return "Open from the start."
    return sentence("opens when " + _unlock_clause(rule, island_names, riddle_titles))


def _unlock_clause(rule: Unlock, islands: Mapping[str, str], titles: Mapping[str, str]) -> str:
    if isinstance(rule, IslandComplete):
        return f"{islands.get(rule.island, rule.island)} is complete"
    if isinstance(rule, AllOf):
        return _join([_unlock_clause(r, islands, titles) for r in rule.rules])
    if isinstance(rule, AnyOf):
        return "either " + _join([_unlock_clause(r, islands, titles) for r in rule.rules], "or")
    assert isinstance(rule, ObjectivesOn)
    need = plural(rule.at_least, "objective")
    if rule.first is not None and rule.last is not None:
        span = (f"riddle {rule.first} has" if rule.first == rule.last
                else f"every riddle from {rule.first} to {rule.last} has")
    elif len(rule.ids) == 1:
        span = f"{titles.get(rule.ids[0], rule.ids[0])} has"
    else:
        span = _join([titles.get(r, r) for r in rule.ids]) + " each have"
    return f"{span} at least {need} shaded"


# -- shared drawing ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Written:
    """A paragraph laid out in a box: the block, the height its lines take, the fit."""

    block: TextBlock
    height: float
    fit: FitResult


def write(markup: str, x: float, y: float, width: float, max_height: float, *,
          lang: str | None, family: str = "sans", size: float = BODY_SIZE,
          min_size: float = MIN_BODY_SIZE, leading: float = 1.25, fill: str = INK,
          align: str = "left", valign: str = "top", icons: bool = True) -> Written:
    """Fit ``markup`` in a box at (x, y) and say how tall its lines are.

    Inline icons (``:die-green:``) are drawn for ``lang`` (a die face shows its colour's
    initial in that language); ``icons=False`` prints their markup as plain text."""
    fit = fit_text(markup, width, max(max_height, 0.0), family=family, max_size=size,
                   min_size=min_size, leading=leading, align=align, valign=valign,
                   icons=icons_for(lang) if icons else None, fill=fill)
    used = fit.lines * fit.size * MM_PER_PT * leading if fit.block.runs or fit.block.icons else 0.0
    return Written(fit.block.at(x, y), min(used, max_height) if fit.fits else used, fit)


def heading(x: float, y: float, text: str, width: float, colour: str = ACCENT) -> list[Element]:
    """A section heading: small capitals on a thin rule; ``y`` is its top."""
    base = y + 3.4
    return [Text(x, base, text.upper(), font="sans", size=8.5, fill=colour, bold=True),
            Line(x + measure(text.upper(), "sans", True, size_pt=8.5) + 2.0, base - 1.1,
                 x + width, base - 1.1, Style(stroke=RULE, stroke_width=0.3))]


HEADING_H = 6.0
"""Height a :func:`heading` takes, gap below included."""


def diamond(cx: float, cy: float, r: float, style: Style) -> Polygon:
    return Polygon(((cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)), style)


def ornament(cx: float, y: float, width: float, colour: str = GOLD_DARK) -> list[Element]:
    """A rule broken by a diamond: the book's section ornament."""
    style = Style(stroke=colour, stroke_width=0.35)
    return [Line(cx - width / 2, y, cx - 2.5, y, style), Line(cx + 2.5, y, cx + width / 2, y, style),
            diamond(cx, y, 1.3, Style(fill=colour))]


def footer(pw: float, ph: float, left: str, number: int | None, right: str = "") -> list[Element]:
    """The running foot: a hairline, the book's title and the page number."""
    y = ph - MARGIN + 6.0
    out: list[Element] = [Line(MARGIN, y - 4.2, pw - MARGIN, y - 4.2,
                               Style(stroke=RULE, stroke_width=0.25))]
    if left:
        out.append(Text(MARGIN, y, left, font="serif", size=7.5, fill=MUTED, italic=True))
    if number is not None:
        out.append(Text(pw / 2, y, str(number), font="serif", size=8.5, fill=INK,
                        anchor="middle"))
    if right:
        out.append(Text(pw - MARGIN, y, right, font="serif", size=7.5, fill=MUTED,
                        italic=True, anchor="end"))
    return out


def page(pw: float, ph: float, children: Sequence[Element], page_id: str) -> Scene:
    """A page on warm white paper."""
    return Scene(pw, ph, (Rect(0, 0, pw, ph, Style(fill=PAPER)), *children), id=page_id)


def fitted_text(x: float, y: float, text: str, size: float, width: float, *, font: str = "serif",
                bold: bool = False, italic: bool = False, fill: str = INK,
                anchor: str = "start", min_size: float = 6.0) -> Text:
    """One line of text, shrunk (not below ``min_size``) until it is at most ``width`` wide."""
    while size > min_size and measure(text, font, bold, italic, size_pt=size) > width:
        size = max(min_size, size - 0.25)
    return Text(x, y, text, font=font, size=size, fill=fill, anchor=anchor, bold=bold,
                italic=italic)


def tier_name(tier: str, lang: str | None) -> str:
    """A tier's name in ``lang`` ('Gold'; the tier itself, titled, when it has none)."""
    return labels.label(f"b-tier-{tier}", lang) if tier in TIERS else tier.title()


def tier_pill(x: float, y: float, tier: str, width: float = 20.0, height: float = 5.6,
              lang: str | None = None) -> list[Element]:
    """A rounded label in the tier's colours."""
    fill, dark, _ = TIERS.get(tier, (SILVER, SILVER_DARK, tier.title()))
    name = tier_name(tier, lang)
    ink = "#ffffff" if tier in ("heroic", "godlike") else INK
    return [Rect(x, y, width, height, Style(fill=fill, stroke=dark, stroke_width=0.3),
                 rx=height / 2),
            Text(x + width / 2, y + height / 2 + 1.1, name.upper(), font="sans", size=7,
                 fill=ink, anchor="middle", bold=True)]


def slot_circle(cx: float, cy: float, r: float, colour: str) -> list[Element]:
    """An empty coin slot: a pale disc ringed in the slot's colour, with a milled edge."""
    fill, dark = SLOT_COLOURS.get(colour, (SILVER, SILVER_DARK))
    return [Circle(cx, cy, r, Style(fill="#ffffff", stroke=dark, stroke_width=0.5)),
            Circle(cx, cy, r * 0.74, Style(stroke=fill, stroke_width=0.55, dash=(0.5, 0.45)))]


def shade_circle(cx: float, cy: float, r: float, tier: str, lang: str | None = None
                 ) -> list[Element]:
    """A circle to shade when an objective is achieved, in its tier's colours; the letter
    inside is the tier's initial in ``lang`` (the star for godlike)."""
    fill, dark, name = TIERS.get(tier, (SILVER, SILVER_DARK, tier))
    if tier in TIERS and tier != "godlike" and lang not in (None, "en"):
        name = tier_name(tier, lang)
        return [Circle(cx, cy, r, Style(fill="#ffffff", stroke=dark, stroke_width=0.5)),
                Circle(cx, cy, r * 0.72, Style(stroke=fill, stroke_width=0.35)),
                label_text(cx, cy, name[:1].upper(), r * 0.8, fill=dark)]
    return [Circle(cx, cy, r, Style(fill="#ffffff", stroke=dark, stroke_width=0.5)),
            Circle(cx, cy, r * 0.72, Style(stroke=fill, stroke_width=0.35)),
            label_text(cx, cy, TIER_MARKS.get(tier, name[:1].upper()), r * 0.8, fill=dark)]


def icon_row(x: float, y: float, size: float, items: Sequence[tuple[tuple[Element, ...], str]],
             width: float, gap: float = 2.5) -> tuple[list[Element], float]:
    """Icons each followed by a short label, wrapping onto new rows; returns height used."""
    out: list[Element] = []
    cx, cy = x, y
    label_size = 7.5
    for drawn, label in items:
        w = size + (1.2 + measure(label, "sans", True, size_pt=label_size) if label else 0.0)
        if cx > x and cx + w > x + width:
            cx, cy = x, cy + size + 1.5
        out.append(Group(tuple(drawn), translate=(cx, cy)))
        if label:
            out.append(Text(cx + size + 1.2, cy + size / 2 + 1.3, label, font="sans",
                            size=label_size, fill=INK, bold=True))
        cx += w + gap
    return out, (cy - y + size) if items else 0.0


def draw_icon(name: str, size: float) -> tuple[Element, ...]:
    """An icon of :data:`ICONS` drawn at the origin (to be moved by :func:`icon_row`)."""
    return ICONS[name](0.0, 0.0, size)


def god_type_icon(kind: str) -> str:
    """The icon name of a god's power type (mover/builder/specialist)."""
    return kind if kind in ("mover", "builder", "specialist") else "feature"


# -- the riddle page ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BookSettings:
    """What every page of the book needs besides its riddle."""

    title: str
    paper: tuple[float, float]
    lang: str | None
    gods: Mapping[str, GodCard]
    dice: Mapping[str, Die]
    islands: Mapping[str, str]
    blessings: Mapping[str, BlessingCard] = field(default_factory=dict)


def difficulty(solve: RiddleSolve | None, riddle: Riddle, lang: str | None = None
               ) -> list[tuple[str, str]]:
    """(tier, "N turns" or why not) for each objective, as the badge shows them."""
    if solve is None:
        return []
    out = []
    for result in solve.objectives:
        if result.status == SOLVED and result.turns is not None:
            text = labels.label("b-turn" if result.turns == 1 else "b-turns", lang,
                                n=result.turns)
            out.append((result.tier, text + (NO_POWERS_MARK if without_powers(result) else "")))
        else:
            out.append((result.tier, labels.label(
                "b-not-proven" if result.status != "unsolvable" else "b-no-line", lang)))
    return out


NO_POWERS_MARK = "*"
"""After the turns of a line that is the shortest without god powers only."""


def without_powers(result: ObjectiveResult) -> bool:
    """True when ``result``'s turns are the shortest without god powers only."""
    return result.status == SOLVED and result.reason.startswith(NOT_SEARCHED_WITH_POWERS)


NOT_PROVEN_MARK, NO_LINE_MARK = "?", "–"
"""What a cell of the player-count badge shows instead of turns."""
BADGE_HEIGHT_AT_MOST = 22.0
"""mm from the badge's top to the header rule below the title: the badge stays above it."""


def count_table(solves: Sequence[RiddleSolve]) -> list[tuple[str, list[str]]]:
    """(tier, one cell per solve) for the player-count badge: the turns, or
    :data:`NOT_PROVEN_MARK` / :data:`NO_LINE_MARK`. ``solves`` are one riddle's, one
    per player count, in the order of the badge's columns."""
    if not solves:
        return []
    rows = []
    for j, result in enumerate(solves[0].objectives):
        cells = []
        for solve in solves:
            o = solve.objectives[j]
            cells.append(str(o.turns) + (NO_POWERS_MARK if without_powers(o) else "")
                         if o.status == SOLVED and o.turns is not None
                         else NO_LINE_MARK if o.status == "unsolvable" else NOT_PROVEN_MARK)
        rows.append((result.tier, cells))
    return rows


def _count_badge(right: float, y: float, solves: Sequence[RiddleSolve], lang: str | None
                 ) -> tuple[list[Element], float]:
    """The shortest solution for each player count the riddle allows: a column per
    count, a row per objective; right-aligned at ``right``; returns its width."""
    rows = count_table(solves)
    if not rows:
        return [], 0.0
    column_w = 4.6
    name_w = 16.0
    width = 7.0 + name_w + column_w * len(solves)
    marks = any(c in (NOT_PROVEN_MARK, NO_LINE_MARK) for _, cells in rows for c in cells)
    starred = any(c.endswith(NO_POWERS_MARK) for _, cells in rows for c in cells)
    key_h = 3.0 if marks or starred else 0.0
    row_h = min(3.9, (BADGE_HEIGHT_AT_MOST - 5.6 - key_h) / len(rows))
    height = 5.6 + row_h * len(rows) + key_h
    x = right - width
    first_column = x + 6.6 + name_w + column_w / 2
    out: list[Element] = [Rect(x, y, width, height, Style(fill=PANEL, stroke=RULE,
                                                          stroke_width=0.3), rx=1.6),
                          fitted_text(x + 2.5, y + 3.6, labels.label("b-shortest-counts", lang),
                                      5.6, first_column - column_w / 2 - x - 3.0, font="sans",
                                      fill=MUTED, bold=True, min_size=4.0)]
    for k, solve in enumerate(solves):
        out.append(Text(first_column + k * column_w, y + 3.6,
                        labels.label("b-count-column", lang, n=solve.players), font="sans",
                        size=5.6, fill=MUTED, anchor="middle", bold=True))
    for i, (tier, cells) in enumerate(rows):
        cy = y + 7.0 + i * row_h
        fill, dark, _ = TIERS.get(tier, (SILVER, SILVER_DARK, tier.title()))
        out.append(Circle(x + 4.0, cy - 0.2, 1.35, Style(fill=fill, stroke=dark, stroke_width=0.25)))
        out.append(fitted_text(x + 6.6, cy + 1.0, tier_name(tier, lang).lower(), 6.8, name_w,
                               font="sans", fill=INK, min_size=5.5))
        for k, cell in enumerate(cells):
            proven = cell not in (NOT_PROVEN_MARK, NO_LINE_MARK)
            out.append(Text(first_column + k * column_w, cy + 1.0, cell, font="sans", size=6.8,
                            fill=INK if proven else MUTED, anchor="middle", bold=proven))
    if marks or starred:
        key = " · ".join(labels.label(k, lang) for k, on in (("b-counts-key", marks),
                                                             ("b-no-powers-key", starred)) if on)
        out.append(fitted_text(x + width / 2, y + height - 1.2, key, 5.0, width - 3.0,
                               font="sans", fill=MUTED, anchor="middle", min_size=4.0))
    return out, width


def _badge(right: float, y: float, rows: Sequence[tuple[str, str]], lang: str | None = None,
           solved: Sequence[bool] = ()) -> tuple[list[Element], float]:
    """The solver's difficulty badge, right-aligned at ``right``; returns its width."""
    if not rows:
        return [], 0.0
    width = 36.0
    row_h = 3.9
    marked = any(text.endswith(NO_POWERS_MARK) for _, text in rows)
    key_h = 3.0 if marked else 0.0
    height = 5.6 + row_h * len(rows) + key_h
    x = right - width
    out: list[Element] = [Rect(x, y, width, height, Style(fill=PANEL, stroke=RULE,
                                                          stroke_width=0.3), rx=1.6),
                          fitted_text(x + width / 2, y + 3.6, labels.label("b-shortest", lang), 6.0,
                                      width - 2.0, font="sans", fill=MUTED, anchor="middle",
                                      bold=True)]
    for i, (tier, text) in enumerate(rows):
        cy = y + 7.0 + i * row_h
        fill, dark, _ = TIERS.get(tier, (SILVER, SILVER_DARK, tier.title()))
        name = tier_name(tier, lang)
        strong = solved[i] if i < len(solved) else "turn" in text
        out.append(Circle(x + 4.0, cy - 0.2, 1.35, Style(fill=fill, stroke=dark, stroke_width=0.25)))
        out.append(Text(x + 6.6, cy + 1.0, name.lower(), font="sans", size=6.8, fill=INK))
        out.append(Text(x + width - 2.5, cy + 1.0, text, font="sans", size=6.8,
                        fill=INK if strong else MUTED, anchor="end", bold=strong))
    if marked:
        out.append(fitted_text(x + width / 2, y + height - 1.2,
                               labels.label("b-no-powers-key", lang), 5.0, width - 3.0,
                               font="sans", fill=MUTED, anchor="middle", min_size=4.0))
    return out, width


def _features(riddle: Riddle, lang: str | None) -> dict[Square, str]:
    return {f.square: local(f.name, lang) for f in riddle.board.features}


def describe_objective(objective: Objective, riddle: Riddle, lang: str | None) -> str:
    """What an objective asks, as a sentence (the designer's text when given)."""
    if objective.text is not None:
        return sentence(local(objective.text, lang))
    return sentence(describe_goal(objective.goal, riddle.board.geometry, _features(riddle, lang),
                                  lang))


Drawn = tuple[list[Element], float]
"""Elements drawn from a top-left corner, and the height they take."""


def _figures_part(riddle: Riddle, settings: BookSettings, x: float, y: float, w: float) -> Drawn:
    board = riddle.board
    g = board.geometry
    items: list[tuple[tuple[Element, ...], str]] = []
    if board.workers:
        items.append((icon_worker(0, 0, 7.0), f"×{len(board.workers)}"))
    if board.king != NO_SQUARE:
        items.append((icon_king(0, 0, 7.0), g.name(board.king)))
    if board.sphinx != NO_SQUARE:
        items.append((icon_sphinx(0, 0, 7.0), g.name(board.sphinx)))
    tokens = board.tokens.bit_count()
    if tokens:
        items.append((draw_icon("blessing", 7.0), f"×{tokens}"))
    return icon_row(x, y, 7.0, items, w)


def _coins_part(riddle: Riddle, settings: BookSettings, x: float, y: float, w: float) -> Drawn:
    g = riddle.board.geometry
    coins = [(icon_coin(0, 0, 7.0, colour=c.colour, levels=c.levels), g.name(c.square))
             for c in riddle.coins]
    return icon_row(x, y, 7.0, coins, w)


STOCK_ICON = 8.5
"""Side of a stockpile piece icon (mm; smaller, its block loses its numeral); its count
follows in the panel's label size."""
STOCK_LABEL_PT = 7.5
STOCK_CLEAR = 0.2
"""Room (mm) between a piece icon's box and its count, and between the count and the
next icon's box; the icons keep about 0.4 mm inside their box, so 0.6 mm shows."""


def _stock_part(riddle: Riddle, settings: BookSettings, x: float, y: float, w: float) -> Drawn:
    """The stockpile as piece icons with counts: one row when the widest count fits in a
    quarter of the column, else two (a count ran into the next icon)."""
    out: list[Element] = []
    counts = [f"×{n}" for n in riddle.stockpile]
    widest = max(measure(c, "sans", True, size_pt=STOCK_LABEL_PT) for c in counts)
    need = STOCK_ICON + 2 * STOCK_CLEAR + widest
    per_row = 4 if w >= 4 * need else 2
    cell = min(w / per_row, max(16.0, need))
    for i, n in enumerate(riddle.stockpile):
        row, col = divmod(i, per_row)
        cx, cy = x + col * cell, y + row * 10.5
        out.append(Group(draw_icon(PIECE_ICONS[i], STOCK_ICON), translate=(cx, cy)))
        out.append(Text(cx + STOCK_ICON + STOCK_CLEAR, cy + STOCK_ICON / 2 + 1.3, counts[i],
                        font="sans", size=STOCK_LABEL_PT, fill=INK if n else MUTED, bold=True))
    return out, 10.5 * (4 // per_row) - 2.0


def _gods_part(riddle: Riddle, settings: BookSettings, x: float, y: float, w: float) -> Drawn:
    """The opening queue, the rest of the god deck, the blessing cards face up at set-up,
    the Sphinx's gems, the blessing deck."""
    lang = settings.lang
    out: list[Element] = []
    top = y
    queue = list(riddle.gods.queue)
    rest = [g for g in riddle.gods.deck if g not in queue]

    def god_entry(gid: str) -> tuple[tuple[Element, ...], str]:
        god = settings.gods.get(gid)
        name = local(god.name, lang) if god else gid
        return draw_icon(god_type_icon(god.type if god else ""), 5.5), name

    def blessing_entry(bid: str) -> tuple[tuple[Element, ...], str]:
        card = settings.blessings.get(bid)
        name = local(card.name, lang) if card is not None and card.name is not None else bid
        return draw_icon("blessing", 5.5), name

    rows = (("b-opening-queue", [god_entry(g) for g in queue]),
            ("b-also-in-deck", [god_entry(g) for g in rest]),
            ("b-revealed-blessings", [blessing_entry(b) for b in riddle.gods.revealed]))
    for key, entries in rows:
        if not entries:
            continue
        out.append(Text(x, y + 2.6, labels.label(key, lang), font="sans", size=7.5, fill=MUTED,
                        bold=True))
        y += 3.8
        drawn, used = icon_row(x, y, 5.5, entries, w, gap=3.0)
        out += drawn
        y += used + 2.5
    die = settings.dice.get(riddle.die) if riddle.die else None
    if die is not None:
        gems_label = labels.label("b-sphinx-gems", lang)
        out.append(Text(x, y + 2.6, gems_label, font="sans", size=7.5, fill=MUTED,
                        bold=True))
        gx = max(22.0, measure(gems_label, "sans", True, size_pt=7.5) + 2.0)
        for i, gem in enumerate(die.gems):
            out.append(Group(icon_gem(0, 0, 4.6, colour=gem),
                             translate=(x + gx + i * 5.4, y - 0.2)))
        y += 6.0
    if riddle.blessings:
        out.append(fitted_text(x, y + 2.6, labels.label("b-blessing-deck", lang,
                                                        cards=", ".join(riddle.blessings)),
                               7.0, w, font="sans", fill=MUTED, min_size=6.0))
        y += 4.5
    return out, max(y - top - 2.5, 0.0)


def _setup_panel(riddle: Riddle, settings: BookSettings, x: float, y: float, w: float,
                 across: bool = False) -> Drawn:
    """Figures, tokens, coins, stockpile and gods of a riddle on a tinted panel: stacked in
    a column beside the map, or ``across`` the page in four columns under it."""
    parts = [("Figures", _figures_part), ("Coins", _coins_part), ("Stockpile", _stock_part),
             ("Gods", _gods_part)]
    if not riddle.coins:
        parts = [p for p in parts if p[0] != "Coins"]
    pad = 3.0
    out: list[Element] = []
    if across:
        shares = {"Figures": 0.19, "Coins": 0.22, "Stockpile": 0.32, "Gods": 0.27}
        total = sum(shares[name] for name, _ in parts)
        cx = x + pad
        height = 0.0
        out += heading(x + pad, y + pad, labels.label("h-setup", settings.lang), w - 2 * pad)
        for name, part in parts:
            cw = (w - 2 * pad) * shares[name] / total
            out.append(Text(cx, y + pad + HEADING_H + 2.6, labels.label(f"h-{name.lower()}", settings.lang),
                            font="sans", size=7.5,
                            fill=MUTED, bold=True))
            drawn, used = part(riddle, settings, cx, y + pad + HEADING_H + 4.5, cw - 3.0)
            out += drawn
            height = max(height, HEADING_H + 4.5 + used)
            cx += cw
        total_h = height + 2 * pad
        return [Rect(x, y, w, total_h, Style(fill=PANEL), rx=2.0), *out], total_h
    yy = y + pad
    out += heading(x + pad, yy, labels.label("h-setup", settings.lang), w - 2 * pad)
    yy += HEADING_H
    for name, part in parts:
        if name in ("Stockpile",):
            out.append(Text(x + pad, yy + 2.6, labels.label(f"h-{name.lower()}", settings.lang),
                            font="sans", size=7.5, fill=MUTED,
                            bold=True))
            yy += 4.0
        drawn, used = part(riddle, settings, x + pad, yy, w - 2 * pad)
        out += drawn
        yy += used + 2.5
    total_h = yy - y + pad - 2.5
    return [Rect(x, y, w, total_h, Style(fill=PANEL), rx=2.0), *out], total_h


def _objective_rows(riddle: Riddle, settings: BookSettings, x: float, y: float, w: float,
                    size: float) -> tuple[list[Element], float, bool]:
    """The objectives as rows: tier pill, empty coin slots (one column for the whole page,
    so every text starts at the same place), then what to do, the reward and the ending."""
    out: list[Element] = []
    fits = True
    start = y
    slot_r = 2.5
    pitch = 2 * slot_r + 1.4
    most = max((sum(o.slots) for o in riddle.objectives), default=0)
    slot_w = most * pitch + (2.5 if most else 0.0)
    pill_w = 24.0
    for objective in riddle.objectives:
        slots: list[str] = ["silver"] * objective.slots[0] + ["gold"] * objective.slots[1]
        body = describe_objective(objective, riddle, settings.lang)
        reward = describe_reward(objective.reward, settings.lang)
        markup = body
        if reward:
            markup += labels.label("b-reward", settings.lang, text=reward)
        if objective.ends:
            markup += labels.label("b-ends", settings.lang)
        tw = w - pill_w - slot_w
        para = write(markup, x + pill_w + slot_w, y + 0.5, tw, 200.0, size=size, min_size=size,
                     lang=settings.lang)
        fits = fits and para.fit.fits
        row_h = max(8.0, para.height + 2.2)
        out += tier_pill(x, y + 0.4, objective.tier, lang=settings.lang)
        for i, colour in enumerate(slots):
            out += slot_circle(x + pill_w + slot_r + i * pitch, y + 3.2, slot_r, colour)
        out.append(para.block)
        y += row_h
        out.append(Line(x, y - 0.9, x + w, y - 0.9, Style(stroke=RULE, stroke_width=0.2,
                                                          dash=(0.6, 0.8))))
    return out, y - start, fits


def _rules_markup(riddle: Riddle, settings: BookSettings) -> list[str]:
    """The special rules as paragraphs: the designer's rules, features, effects, limits."""
    lang = settings.lang
    geometry = riddle.board.geometry
    paras: list[str] = []
    if riddle.rules is not None:
        paras.append(local(riddle.rules, lang).strip())
    for feature in riddle.board.features:
        paras.append(f":feature: **{local(feature.name, lang)}** "
                     f"({geometry.name(feature.square)}): {local(feature.text, lang).strip()}")
    if riddle.end_of_turn:
        effects = describe_effects(riddle.end_of_turn, geometry, lang)
        paras.append(labels.label("b-every-turn", lang) + " ".join(effects))
    if riddle.turn_limit is not None:
        paras.append(labels.label("b-turn-limit", lang, n=riddle.turn_limit))
    if geometry.bridges:
        spans = [f"{geometry.name(a)}–{geometry.name(b)}" for a, b in geometry.bridges]
        names = french.join(spans) if lang == "fr" else _join(spans)
        paras.append(labels.label("b-bridges", lang, names=names))
    return paras


def _expert_markup(riddle: Riddle, settings: BookSettings) -> list[str]:
    expert = riddle.expert
    if expert is None:
        return []
    geometry = riddle.board.geometry
    paras: list[str] = []
    if expert.text is not None:
        paras.append(local(expert.text, settings.lang).strip())
    lang = settings.lang
    if expert.stockpile is not None and expert.stockpile != riddle.stockpile:
        words = french.PIECE_WORDS if lang == "fr" else PIECE_WORDS
        changes = [labels.label("b-stock-not", lang, was=riddle.stockpile[i], now=(
            describe_pieces(PIECE_NAMES[i], n, lang) if n
            else labels.label("b-stock-none", lang, what=words[PIECE_NAMES[i]][0 if lang == "fr" else 1])))
            for i, n in enumerate(expert.stockpile) if n != riddle.stockpile[i]]
        paras.append(labels.label("b-expert-stock", lang, changes="; ".join(changes)))
    if expert.turn_limit is not None:
        paras.append(labels.label("b-turn-limit", lang, n=expert.turn_limit))
    if expert.end_of_turn:
        paras.append(labels.label("b-also-every-turn", lang)
                     + " ".join(describe_effects(expert.end_of_turn, geometry, lang)))
    return paras


def _stack(paras: Sequence[str], x: float, y: float, w: float, size: float,
           limit: float, lang: str | None) -> tuple[list[Element], float, bool]:
    out: list[Element] = []
    start = y
    fits = True
    for text in paras:
        # One size for every paragraph: the page picks the size that lets them all fit.
        para = write(text, x, y, w, 500.0, size=size, min_size=size, lang=lang)
        fits = fits and para.fit.fits
        out.append(para.block)
        y += para.height + 1.6
    return out, y - start, fits and y - start <= limit + 1e-6


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


def _lower_sections(riddle: Riddle, settings: BookSettings, rules: Sequence[str],
                    expert: Sequence[str], x: float, y: float, width: float, size: float,
                    bottom: float) -> tuple[list[Element], float, bool]:
    """Objectives, special rules and expert settings from ``y`` down; returns the elements,
    where they end and whether every text fitted."""
    block: list[Element] = heading(x, y, labels.label("h-objectives", settings.lang), width)
    y += HEADING_H
    rows, used, ok = _objective_rows(riddle, settings, x, y, width, size)
    block += rows
    y += used + 2.5
    if rules:
        block += heading(x, y, labels.label("h-special-rules", settings.lang), width)
        y += HEADING_H
        drawn, used, ok2 = _stack(rules, x, y, width, size, max(bottom - y, 10.0), lang=settings.lang)
        ok = ok and ok2
        block += drawn
        y += used + 2.0
    if expert:
        block += heading(x, y, labels.label("h-expert", settings.lang), width, colour=HEROIC_DARK)
        y += HEADING_H
        drawn, used, ok3 = _stack(expert, x + 3.0, y + 1.5, width - 6.0, size,
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
    _, end, _ = _lower_sections(riddle, settings, rules, expert, 0.0, 0.0, width, size, 1000.0)
    return end + 4.0


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
    badge, badge_w = (_count_badge(pw - m, m - 1.0, counts, lang) if len(counts) > 1
                      else _badge(pw - m, m - 1.0, rows, lang, solved))
    parts += badge
    parts.append(Circle(m + 9.0, m + 8.0, 9.0, Style(fill=ACCENT, stroke=GOLD, stroke_width=0.8)))
    parts.append(Circle(m + 9.0, m + 8.0, 7.6, Style(stroke=GOLD, stroke_width=0.25)))
    parts.append(label_text(m + 9.0, m + 8.0, str(riddle.number), 7.0, fill="#ffffff",
                            font="serif"))
    title_w = width - 22.0 - badge_w - 3.0
    parts.append(fitted_text(m + 22.0, m + 8.5, local(riddle.title, lang), 20.0, title_w,
                             bold=True, min_size=12.0))
    players = riddle.players
    span = (labels.label("b-players-span", lang, a=players[0], b=players[-1]) if len(players) > 1
            and list(players) == list(range(players[0], players[-1] + 1))
            else labels.label("b-player-one" if players == (1,) else "b-players", lang,
                              n=", ".join(map(str, players))))
    island = settings.islands.get(riddle.island, riddle.island)
    parts.append(fitted_text(m + 22.0, m + 15.0, f"{island} · {span}", 9.5, title_w,
                             italic=True, fill=MUTED))
    y = m + 21.5
    parts.append(Line(m, y, pw - m, y, Style(stroke=GOLD_DARK, stroke_width=0.4)))
    y += 4.0
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
    rules = _rules_markup(riddle, settings)
    expert = _expert_markup(riddle, settings)
    geometry = riddle.board.geometry
    longest = max(geometry.width, geometry.height) + 0.9
    per_width = longest / (geometry.width + 0.9)  # map size per mm of map width
    per_height = longest / (geometry.height + 0.9)
    # When the page has room, the map goes full size in the middle with the set-up across
    # the page under it; otherwise the set-up stands in a column beside the map.
    _, across_h = _setup_panel(riddle, settings, m, 0.0, width, across=True)
    below_max = _below_height(riddle, settings, rules, expert, width, BODY_MAX)
    big = min(ACROSS_MAP_MAX, width * per_width,
              (bottom - y - across_h - 4.0 - below_max) * per_height)
    if big / per_width >= min(ACROSS_GOOD, width - SIDE_MIN - 8.0):
        scene = render_map(riddle, size_mm=big, scene_id=f"map-{riddle.id}")
        parts.append(Group(scene.children, translate=(m + (width - scene.width) / 2, y),
                           id=f"map-{riddle.id}"))
        y += scene.height + 3.0
        panel, panel_h = _setup_panel(riddle, settings, m, y, width, across=True)
        parts += panel
        y += panel_h + 4.0
        block, yy, ok = _lower_sections(riddle, settings, rules, expert, m, y, width, BODY_MAX,
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
    panel, panel_h = _setup_panel(riddle, settings, m + scene.width + 6.0, y, side_w)
    parts.append(Group(scene.children, translate=(m, y), id=f"map-{riddle.id}"))
    parts += panel
    y += max(scene.height, panel_h) + 4.0
    block, yy, ok = _lower_sections(riddle, settings, rules, expert, m, y, width, size, bottom)
    fits = fits and ok and yy <= bottom + 1e-6
    parts += block
    parts += footer(pw, ph, settings.title, number, island)
    return RiddlePage(page(pw, ph, parts, f"riddle-{riddle.id}"), scene, fits)


# -- front matter -------------------------------------------------------------------------


def cover_page(title: str, subtitle: str, meta: Sequence[str], paper: tuple[float, float],
               counts: str) -> Scene:
    """The cover: the Sphinx in a ring of stars over the sea, the title, the contents."""
    pw, ph = paper
    parts: list[Element] = [Rect(0, 0, pw, ph, Style(fill="#153a40"))]
    # A night sky of small stars, placed on a fixed lattice (no randomness).
    for i in range(70):
        sx = (i * 37.3) % (pw - 20) + 10
        sy = (i * 53.9) % (ph * 0.55) + 8
        if math.hypot(sx - pw / 2, sy - ph * 0.36) < 53:
            continue  # keep the medallion clear
        r = 0.35 + (i % 5) * 0.12
        parts.append(Circle(sx, sy, r, Style(fill="#f3e3b5", opacity=0.8)))
    # The sea at the bottom, with waves.
    sea_top = ph * 0.72
    parts.append(Rect(0, sea_top, pw, ph - sea_top, Style(fill="#1f5563")))
    for row in range(6):
        wy = sea_top + 8 + row * 11
        for k in range(9):
            wx = 8 + k * 24 + (row % 2) * 12
            parts.append(Line(wx, wy, wx + 9, wy, Style(stroke="#3f7f8c", stroke_width=0.5)))
    cx, cy = pw / 2, ph * 0.36
    parts.append(Circle(cx, cy, 46, Style(fill="#1c4a52", stroke=GOLD, stroke_width=1.2)))
    parts.append(Circle(cx, cy, 42.5, Style(stroke=GOLD, stroke_width=0.35)))
    for k in range(24):
        a = 2 * math.pi * k / 24
        parts.append(diamond(cx + 49.5 * math.cos(a), cy + 49.5 * math.sin(a), 1.1,
                             Style(fill=GOLD)))
    parts.append(Group(icon_sphinx(cx - 30, cy - 30, 60)))
    parts.append(fitted_text(cx, ph * 0.36 + 70, title, 30, pw - 30, bold=True, fill="#f6e7b9",
                             anchor="middle", min_size=16))
    parts += ornament(cx, ph * 0.36 + 77, 90, GOLD)
    parts.append(fitted_text(cx, ph * 0.36 + 86, subtitle, 13, pw - 40, italic=True,
                             fill="#f6e7b9", anchor="middle", min_size=9))
    parts.append(Text(cx, ph * 0.36 + 94, counts, font="sans", size=9, fill="#d9c98f",
                      anchor="middle"))
    for i, line in enumerate(meta):
        parts.append(fitted_text(cx, ph - 24 + i * 5.2, line, 8.5, pw - 40, font="sans",
                                 fill="#d9e6e6", anchor="middle"))
    return Scene(pw, ph, tuple(parts), id="cover")


def story_page(title: str, intro: str, islands: Sequence[tuple[str, str, Sequence[tuple[int, str, int]]]],
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
    for name, unlock, riddles in islands:
        parts.append(Text(m, y + 4.0, name, font="serif", size=12.5, fill=ACCENT, bold=True))
        parts.append(fitted_text(pw - m, y + 4.0, unlock, 7.5, width * 0.55, font="sans",
                                 italic=True, fill=MUTED, anchor="end", min_size=6))
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
        y += 3.0
    parts += footer(pw, ph, title, number)
    return page(pw, ph, parts, "story")


# -- solutions ------------------------------------------------------------------------------


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


@dataclass(frozen=True, slots=True)
class SolutionBlock:
    """What one objective's solution needs on the page."""

    riddle: Riddle
    result: ObjectiveResult
    turns: tuple[Turn, ...] | None
    same_as: str = ""  # tier of an earlier objective with the very same line


def iter_solution_blocks(riddle: Riddle, solve: RiddleSolve | None, *,
                         gods: Mapping[str, GodCard] | None = None, die: Die | None = None,
                         blessings: Mapping[str, BlessingCard] | None = None
                         ) -> Iterator[SolutionBlock]:
    """One block per objective of a riddle, with the replayed line when it is solved."""
    if solve is None:
        return
    seen: dict[tuple[str, ...], str] = {}
    for result in solve.objectives:
        if result.status == SOLVED and result.solution in seen:
            yield SolutionBlock(riddle, result, None, seen[result.solution])
            continue
        turns = replay_solution(riddle, result, solve.players, gods=gods, die=die,
                                blessings=blessings)
        if result.status == SOLVED:
            seen[result.solution] = result.tier
        yield SolutionBlock(riddle, result, turns)


CAPTION_H = 9.6
"""Room under a solution map for its turn's notation (three lines at 7 pt)."""
PANEL_GAP = 6.0


def _panel(riddle: Riddle, turn: Turn, index: int, x: float, y: float, size: float,
           lang: str | None = None) -> list[Element]:
    arrows, builds = marks_of_move(turn.before.board, turn.action) \
        if turn.action[0] >= 0 else marks_of_power_turn(turn.before.board, turn.after.board) \
        if turn.action[0] in (POWER_ACTION, BLESSING_ACTION) else ((), ())
    # The King's and the Sphinx's steps (end-of-turn effects) get their arrow too.
    before, after = turn.before.board, turn.after.board
    steps = tuple((a, b) for a, b in ((before.king, after.king), (before.sphinx, after.sphinx))
                  if a != b and a != NO_SQUARE and b != NO_SQUARE)
    arrows = (*arrows, *steps)
    scene = render_map(riddle, turn.after, arrows, size, builds=builds,
                       scene_id=f"solution-{riddle.id}-{index}",
                       arrow_icons=turn.power_icons if arrows else ())
    out: list[Element] = [Group(scene.children, translate=(x, y))]
    cap_y = y + scene.height + 0.6
    label = f"**{index}.** " + friendly_notation(turn.notation, lang)
    if turn.action[0] == GOD_ACTION:
        label += labels.label("b-no-move", lang)
    para = write(label, x + 1.0, cap_y, size - 2.0, CAPTION_H, size=7.2, min_size=6.0,
                 leading=1.15, icons=False, lang=lang)
    out.append(para.block)
    return out


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
    cols = COMPACT_COLUMNS if compact else 2
    col_w = (width - PANEL_GAP * (cols - 1)) / cols
    usable = bottom - top - 9.0
    size = min(col_w, usable / 3 - CAPTION_H - 3.0)
    if size < 70.0 and not compact:
        # Three rows a page when the maps stay at least 70 mm wide, else two.
        size = min(col_w, usable / 2 - CAPTION_H - 3.0)
    pages: list[list[Element]] = [[]]
    y = top

    def new_page() -> None:
        nonlocal y
        pages.append([])
        y = top

    last_riddle = ""
    for block in blocks:
        riddle = block.riddle
        result = block.result
        tier_label = tier_name(result.tier, lang) if result.tier in TIERS else result.tier
        map_h = size * riddle.board.geometry.height / max(riddle.board.geometry.width,
                                                         riddle.board.geometry.height)
        row_h = map_h + CAPTION_H + 3.0
        need = 9.0 + (row_h if block.turns else 8.0) + (8.0 if riddle.id != last_riddle else 0)
        if y + need > bottom and pages[-1]:
            new_page()
        if riddle.id != last_riddle:
            pages[-1].append(Text(m, y + 5.0, f"{riddle.number} · {local(riddle.title, lang)}",
                                  font="serif", size=13, fill=ACCENT, bold=True))
            pages[-1].append(Line(m, y + 7.0, pw - m, y + 7.0, Style(stroke=GOLD_DARK,
                                                                    stroke_width=0.35)))
            y += 10.0
            last_riddle = riddle.id
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
        pages[-1].append(fitted_text(m + 23.0, y + 4.3, what, 9.0, width - 23.0, font="sans",
                                     fill=INK, min_size=6.5))
        y += 8.0
        if not block.turns:
            if result.status == SOLVED and not block.same_as:
                for i, line in enumerate(result.solution, 1):
                    para = write(f"**{i}.** {friendly_notation(line, lang)}", m, y, width, 12.0,
                                 size=8.0, min_size=6.5, icons=False, lang=lang)
                    pages[-1].append(para.block)
                    y += para.height + 1.0
            y += 2.0
            continue
        for i, turn in enumerate(block.turns):
            col = i % cols
            if col == 0 and i:
                y += row_h
            if col == 0 and y + row_h > bottom:
                new_page()
                pages[-1].append(Text(m, y + 4.0, f"{riddle.number} · {local(riddle.title, lang)}"
                                      + labels.label("b-continued", lang, tier=tier_label.lower()),
                                      font="serif",
                                      size=10, fill=MUTED, italic=True))
                y += 7.0
            pages[-1] += _panel(riddle, turn, i + 1, m + col * (col_w + PANEL_GAP), y, size, lang)
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
    "BookSettings", "RiddlePage", "SolutionBlock", "TIERS", "Turn", "cover_page",
    "describe_effect", "describe_effects", "describe_goal", "describe_objective",
    "describe_pieces", "describe_reward", "describe_stock", "describe_unlock", "difficulty",
    "friendly_notation", "iter_solution_blocks", "local", "replay_solution", "riddle_page",
    "solution_pages", "solutions_divider", "story_page", "write",
]
