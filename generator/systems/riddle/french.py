"""The riddle book's generated sentences in French: goals, effects, rewards, unlocks.

French grammar (gender, elision, plural agreement) does not fit fill-in-the-blank
catalogue entries, so the clauses :mod:`.wording` writes from the goal and effect
vocabulary have their French twin here, one function per English one; the book
calls them when the build's language is ``fr``. Fixed labels stay in
:mod:`generator.render.labels`.

>>> pieces("dome", 2), pieces("level1", 1), pieces("any", 1)
('deux dômes', 'un bloc de niveau 1', 'une pièce au choix')
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from generator.engine.geometry import NO_SQUARE, Geometry, Square
from generator.engine.state import PIECE_NAMES

if TYPE_CHECKING:
    from generator.systems.riddle.campaign import Unlock
    from generator.systems.riddle.vocab import Effect, Goal

_MASC = ("aucun", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix",
         "onze", "douze")


def count(n: int, feminine: bool = False) -> str:
    """A small count in words (agreeing for one), larger ones in digits.

    >>> count(1), count(1, True), count(3), count(14)
    ('un', 'une', 'trois', '14')
    """
    if feminine and n == 1:
        return "une"
    if feminine and n == 0:
        return "aucune"
    return _MASC[n] if 0 <= n < len(_MASC) else str(n)


def counted(n: int, one: str, many: str, feminine: bool = False) -> str:
    """``n`` things in words: ``deux dômes``, ``une pièce``."""
    return f"{count(n, feminine)} {one if n == 1 else many}"


PIECE_WORDS = {"level1": ("bloc de niveau 1", "blocs de niveau 1"),
               "level2": ("bloc de niveau 2", "blocs de niveau 2"),
               "level3": ("bloc de niveau 3", "blocs de niveau 3"),
               "dome": ("dôme", "dômes")}

FIGURE_WORDS = {"worker": "un ouvrier", "king": "le Roi", "sphinx": "le Sphinx",
                "any": "une figurine au choix"}

COLOURS = {"silver": "d'argent", "gold": "d'or"}


def pieces(piece: str | None, n: int) -> str:
    """``n`` pieces of a type (``level1``..``dome``, or ``any``) in words."""
    if piece in (None, "any"):
        return "une pièce au choix" if n == 1 else f"{count(n, True)} pièces au choix"
    one, many = PIECE_WORDS[piece]
    return counted(n, one, many)


def join(items: Sequence[str], last: str = "et") -> str:
    """``a, b et c``.

    >>> join(["A1", "B2", "C3"], "ou")
    'A1, B2 ou C3'
    """
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


def _space(geometry: Geometry, sq: Square, features: Mapping[Square, str]) -> str:
    name = geometry.name(sq)
    return f"{features[sq]} ({name})" if sq in features else name


def reward(piece: str | None, n: int) -> str:
    """A reward of pieces as a clause."""
    return f"ajoutez {pieces(piece, n)} à la réserve"


def goal_clause(goal: Goal, geometry: Geometry, features: Mapping[Square, str]) -> str:
    """A goal as a clause (no capital, no full stop); mirrors ``wording.describe_goal``."""
    from generator.systems.riddle.goals.all_of import AllOfGoal
    from generator.systems.riddle.goals.any_of import AnyOfGoal
    from generator.systems.riddle.goals.blessings import BlessingsGoal
    from generator.systems.riddle.goals.build import BuildGoal
    from generator.systems.riddle.goals.slots import SlotsGoal
    from generator.systems.riddle.goals.sphinx_wins import SphinxWinsGoal
    from generator.systems.riddle.goals.stand import StandGoal
    from generator.systems.riddle.goals.within import WithinGoal

    if isinstance(goal, SlotsGoal):
        parts = [counted(n, f"écu {COLOURS[c]}", f"écus {COLOURS[c]}")
                 for c, n in (("silver", goal.silver), ("gold", goal.gold)) if n]
        return f"remplissez les cases avec {join(parts)}"
    if isinstance(goal, StandGoal):
        who = FIGURE_WORDS.get(goal.figure, goal.figure)
        where = f" en {_space(geometry, goal.at, features)}" if goal.at != NO_SQUARE else ""
        height = f" au niveau {goal.level} ou plus haut" if goal.level else ""
        return f"{who} se tient{where}{height}"
    if isinstance(goal, BuildGoal):
        what = {"block": ("bloc", "blocs", False), "dome": ("dôme", "dômes", False),
                "tower": ("tour complète (trois blocs et un dôme)",
                          "tours complètes (trois blocs et un dôme chacune)", True)}[goal.what]
        things = counted(goal.count, what[0], what[1], what[2])
        if goal.region:
            spaces = [_space(geometry, sq, features) for sq in goal.region]
            where = f"en {spaces[0]}" if len(spaces) == 1 else f"en {join(spaces, 'ou')}"
        else:
            where = "sur la carte"
        verb = "se trouve" if goal.count == 1 else "se trouvent"
        return f"{things} {verb} {where}, pièces de départ comprises"
    if isinstance(goal, BlessingsGoal):
        return f"collectez {counted(goal.count, 'jeton de bénédiction', 'jetons de bénédiction')}"
    if isinstance(goal, SphinxWinsGoal):
        times = "fois"
        return f"gagnez {count(goal.count, True)} {times} au jeu du Sphinx"
    if isinstance(goal, WithinGoal):
        return f"avant la fin du tour {goal.turns}"
    if isinstance(goal, AllOfGoal):
        deadline = [g for g in goal.goals if isinstance(g, WithinGoal)]
        rest = [goal_clause(g, geometry, features) for g in goal.goals
                if not isinstance(g, WithinGoal)]
        text = join(rest) if rest else "continuez à jouer"
        if deadline:
            text += ", " + goal_clause(deadline[0], geometry, features)
        return text
    if isinstance(goal, AnyOfGoal):
        return "au choix : " + join([goal_clause(g, geometry, features) for g in goal.goals], "ou")
    return f"{goal.NAME.replace('_', ' ')} : {goal.to_params(geometry)}"


def effect_clause(effect: Effect, geometry: Geometry) -> str:
    """An end-of-turn effect as a clause, only what is special to the riddle; mirrors
    ``wording.describe_effect``."""
    from generator.systems.riddle.effects.remove_top import RemoveTopEffect
    from generator.systems.riddle.effects.sink import SinkEffect
    from generator.systems.riddle.effects.step_toward_closest_worker import (
        StepTowardClosestWorkerEffect,
    )
    from generator.systems.riddle.effects.stockpile_add import StockpileAddEffect
    from generator.systems.riddle.effects.stockpile_remove import StockpileRemoveEffect

    if isinstance(effect, RemoveTopEffect):
        where = "la réserve" if effect.to == "stockpile" else "la boîte"
        return f"la pièce du haut de {geometry.name(effect.at)} retourne dans {where}"
    if isinstance(effect, StockpileAddEffect):
        return f"ajoutez {pieces(PIECE_NAMES[effect.piece], effect.count)} à la réserve"
    if isinstance(effect, StockpileRemoveEffect):
        return f"retirez {pieces(PIECE_NAMES[effect.piece], effect.count)} de la réserve"
    if isinstance(effect, StepTowardClosestWorkerEffect):
        who = FIGURE_WORDS.get(effect.figure, effect.figure)
        return f"{who} fait un pas vers l'ouvrier le plus proche"
    if isinstance(effect, SinkEffect):
        return f"{geometry.name(effect.at)} s'enfonce dans la mer après le tour {effect.turn}"
    return f"{effect.NAME.replace('-', ' ')} : {effect.to_params(geometry)}"


def sinks_sentence(timeline: Sequence[tuple[str, int]]) -> str:
    """Several sinking spaces gathered into one clause."""
    when = join([f"{name} après le tour {turn}" for name, turn in timeline])
    return f"des cases s'enfoncent dans la mer : {when}"


def unlock_clause(rule: Unlock, islands: Mapping[str, str], titles: Mapping[str, str]) -> str:
    """When an island opens, as a clause after "s'ouvre quand"; mirrors ``wording._unlock_clause``."""
    from generator.systems.riddle.campaign import AllOf, AnyOf, IslandComplete, ObjectivesOn

    if isinstance(rule, IslandComplete):
        return f"{islands.get(rule.island, rule.island)} est terminée"
    if isinstance(rule, AllOf):
        return join([unlock_clause(r, islands, titles) for r in rule.rules])
    if isinstance(rule, AnyOf):
        return "au choix : " + join([unlock_clause(r, islands, titles) for r in rule.rules], "ou")
    assert isinstance(rule, ObjectivesOn)
    need = counted(rule.at_least, "objectif colorié", "objectifs coloriés")
    if rule.first is not None and rule.last is not None:
        if rule.first == rule.last:
            return f"l'énigme {rule.first} a au moins {need}"
        return f"chaque énigme de {rule.first} à {rule.last} a au moins {need}"
    if len(rule.ids) == 1:
        return f"{titles.get(rule.ids[0], rule.ids[0])} a au moins {need}"
    return join([titles.get(r, r) for r in rule.ids]) + f" ont chacune au moins {need}"


_NOTATION: tuple[tuple[str, str], ...] = (
    (r"\btake (.+?) from the queue\b", r"prend \1 dans la file"),
    (r"\bplay the Sphinx's game and win the (\w+) gem\b", r"joue au jeu du Sphinx et gagne la gemme \1"),
    (r"\bplay the Sphinx's game and win\b", "joue au jeu du Sphinx et gagne"),
    (r"\bbuild ([A-H][1-8])", r"construit \1"),
    (r"\blevel ([1-3])\b", r"niveau \1"),
    (r"(\d) level([1-3])\b", r"\1 bloc de niveau \2"),
    (r"(\d) dome\b", r"\1 dôme"),
    (r"\(dome\b", "(dôme"),
    (r"\bstockpile ([+-])", r"réserve \1"),
    (r"\bquest reward \+", "récompense de quête +"),
    (r"\breward \+", "récompense +"),
    (r"\btop piece removed from ", "pièce du haut retirée de "),
    (r"\bKing ([A-H][1-8])", r"Roi \1"),
    (r"([A-H][1-8]) sank\b", r"\1 engloutie"),
    (r"\bsilver coin\b", "écu d'argent"),
    (r"\bgold coin\b", "écu d'or"),
    (r"\bset aside, no free silver slot\b", "mis de côté, pas de case d'argent libre"),
    (r"\bset aside, no free gold slot\b", "mis de côté, pas de case d'or libre"),
    (r"\b(silver|gold|heroic|godlike) objective achieved\b", r"objectif \1 atteint"),
    (r"\b(silver|gold|heroic|godlike) objective\b", r"objectif \1"),
    (r"\bblessing token forfeited\b", "jeton de bénédiction perdu"),
    (r"\bblessing collected on ", "bénédiction collectée en "),
    (r"\b(W[1-4]) destroyed\b", r"\1 détruit"),
    (r"\bnothing\b", "rien"),
)
_TIER_WORDS = {"silver": "argent", "gold": "or", "heroic": "héroïque", "godlike": "divin"}
_GEM_WORDS = {"red": "rouge", "green": "verte", "blue": "bleue", "amber": "ambre"}


def notation(text: str) -> str:
    """The solver's turn notation (after ``solutions.friendly_notation``'s arrows) in French.

    >>> notation("W1 B2–C3, build C4 (level 2; silver coin → gold objective; stockpile +1 level1)")
    "W1 B2–C3, construit C4 (niveau 2 ; écu d'argent → objectif or ; réserve +1 bloc de niveau 1)"
    """
    import re

    text = re.sub(r"(–[A-H][1-8]) build ", r"\1, build ", text)
    for pattern, repl in _NOTATION:
        text = re.sub(pattern, repl, text)
    text = re.sub(r"objectif (silver|gold|heroic|godlike)",
                  lambda m: "objectif " + _TIER_WORDS[m.group(1)], text)
    text = re.sub(r"gemme (red|green|blue|amber)", lambda m: "gemme " + _GEM_WORDS[m.group(1)], text)
    return text.replace("; ", " ; ")


__all__ = ["count", "counted", "effect_clause", "goal_clause", "join", "notation", "pieces",
           "reward",
           "sinks_sentence", "unlock_clause"]
