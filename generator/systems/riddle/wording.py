"""The riddle prints' generated English: goals, effects, rewards, stockpiles and unlock rules.

Sentences are built from the effect and goal vocabulary, so the book, the cards, the
player aid and the campaign sheets describe a riddle in the same words (French comes
from :mod:`generator.systems.riddle.french`).

>>> describe_pieces("dome", 2), describe_pieces("level1", 1), describe_pieces("any", 1)
('two domes', 'one level-1 block', 'any one piece')
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from generator.engine.geometry import NO_SQUARE, Geometry, Square
from generator.engine.state import PIECE_NAMES, Stockpile
from generator.pack.model import pick_text
from generator.systems.riddle import french
from generator.systems.riddle.effects.remove_top import RemoveTopEffect
from generator.systems.riddle.effects.sink import SinkEffect
from generator.systems.riddle.effects.step_toward_closest_worker import StepTowardClosestWorkerEffect
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
from generator.systems.riddle.campaign import AllOf, AnyOf, IslandComplete, ObjectivesOn, Unlock
from generator.systems.riddle.model import Reward
from generator.systems.riddle.vocab import Effect, Goal


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


def join_words(items: Sequence[str], last: str = "and") -> str:
    """Items as an English list: 'a, b and c' (``last`` is the final joining word)."""
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
        return f"fill the slots with {join_words(parts)}"
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
            where = f"on {spaces[0]}" if len(spaces) == 1 else f"on {join_words(spaces, 'or')}"
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
        text = join_words(rest) if rest else "play on"
        if deadline:
            text += ", " + describe_goal(deadline[0], geometry, features)
        return text
    if isinstance(goal, AnyOfGoal):
        return "either " + join_words([describe_goal(g, geometry, features) for g in goal.goals], "or")
    params = goal.to_params(geometry)
    return f"{goal.NAME.replace('_', ' ')}: {params}"


def describe_effect(effect: Effect, geometry: Geometry, lang: str | None = None) -> str:
    """An end-of-turn effect as a clause: only what is special to the riddle (which
    figure, space, piece or turn); what the effect does in general is said once, in the
    book's rules for every riddle (:func:`~.setup_box.general_rules_markup`).

    >>> from generator.engine.geometry import Geometry
    >>> describe_effect(StockpileAddEffect(0, 2), Geometry.rectangle(3, 3))
    'add two level-1 blocks to the stockpile'
    """
    if lang == "fr":
        return french.effect_clause(effect, geometry)
    if isinstance(effect, RemoveTopEffect):
        where = "the stockpile" if effect.to == "stockpile" else "the box"
        return f"the top piece of {geometry.name(effect.at)} goes back to {where}"
    if isinstance(effect, StockpileAddEffect):
        return f"add {describe_pieces(PIECE_NAMES[effect.piece], effect.count)} to the stockpile"
    if isinstance(effect, StockpileRemoveEffect):
        return f"remove {describe_pieces(PIECE_NAMES[effect.piece], effect.count)} from the stockpile"
    if isinstance(effect, StepTowardClosestWorkerEffect):
        who = FIGURE_WORDS.get(effect.figure, effect.figure)
        return f"{who} steps toward the closest worker"
    if isinstance(effect, SinkEffect):
        return f"{geometry.name(effect.at)} sinks after turn {effect.turn}"
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
                out.append(sentence(french.effect_clause(effect, geometry)))
            continue
        if isinstance(effect, SinkEffect):
            if effect is sinks[0] and len(sinks) > 1:
                timeline = join_words([f"{geometry.name(e.at)} after turn {e.turn}" for e in sinks])
                out.append(sentence(f"spaces sink: {timeline}"))
            elif len(sinks) == 1:
                out.append(sentence(describe_effect(effect, geometry)))
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
        return join_words([_unlock_clause(r, islands, titles) for r in rule.rules])
    if isinstance(rule, AnyOf):
        return "either " + join_words([_unlock_clause(r, islands, titles) for r in rule.rules], "or")
    assert isinstance(rule, ObjectivesOn)
    need = plural(rule.at_least, "objective")
    if rule.first is not None and rule.last is not None:
        span = (f"riddle {rule.first} has" if rule.first == rule.last
                else f"every riddle from {rule.first} to {rule.last} has")
    elif len(rule.ids) == 1:
        span = f"{titles.get(rule.ids[0], rule.ids[0])} has"
    else:
        span = join_words([titles.get(r, r) for r in rule.ids]) + " each have"
    return f"{span} at least {need} shaded"


__all__ = [
    "PIECE_ICONS", "PIECE_WORDS", "count_word", "describe_effect", "describe_effects",
    "describe_goal", "describe_pieces", "describe_reward", "describe_stock", "describe_unlock",
    "join_words", "local", "sentence",
]
