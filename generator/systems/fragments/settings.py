"""Settings of a fragment deck, read from its ``fragment-game`` document (or defaults).

The fragment system's model stage is :func:`settings_for`: the pack's game document
read once a run and kept on the pack (``Pack.stage``); check, the build, the report
and the print targets take that value (the cards themselves print from their
documents). :func:`results_of` keeps the simulator results of the run by cache key.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from generator.pack.model import Document, Pack
from generator.systems.fragments.sim import DEFAULT_DECAY, DEFAULT_SCORING, DEFAULT_TARGET


@dataclass(frozen=True, slots=True)
class GameSettings:
    title: object = "Riddle Craft"
    subtitle: object = "What am I?"
    hand_size: int = 5
    valid_tokens: int = 7
    invalid_tokens: int = 7
    min_players: int = 3
    max_players: int = 6
    pyl_players: tuple[int, ...] = (1, 2, 3, 4)
    target: int = DEFAULT_TARGET
    scoring: tuple[int, ...] = tuple(DEFAULT_SCORING)
    decay: float = DEFAULT_DECAY
    games: int = 2000
    seed: int = 1
    card_size: object = None  # None: the pack's print.card, else poker
    font_size: float = 15.0
    min_font_size: float = 9.0
    colour: str = "#f6efe0"
    accent: str = "#7a4b1e"
    back_title: object = "Riddle Craft"
    back_motto: object = ""
    back_colour: str = "#2d3a4a"
    back_accent: str = "#d8b56a"
    document: Document | None = None


def settings_of(game: Document | None) -> GameSettings:
    """Settings from a ``fragment-game`` document; defaults for what it leaves out."""
    if game is None:
        return GameSettings()
    d = game.data
    base = GameSettings()
    pyl = d.get("press_your_luck", {})
    card = d.get("card", {})
    back = d.get("back", {})
    return GameSettings(
        title=d.get("title", base.title),
        subtitle=d.get("subtitle", base.subtitle),
        hand_size=d.get("hand_size", base.hand_size),
        valid_tokens=d.get("tokens", {}).get("valid", base.valid_tokens),
        invalid_tokens=d.get("tokens", {}).get("invalid", base.invalid_tokens),
        min_players=d.get("players", {}).get("min", base.min_players),
        max_players=d.get("players", {}).get("max", base.max_players),
        pyl_players=tuple(pyl.get("players", base.pyl_players)),
        target=pyl.get("target", base.target),
        scoring=tuple(pyl.get("scoring", base.scoring)),
        decay=pyl.get("validity_decay", base.decay),
        games=pyl.get("games", base.games),
        seed=pyl.get("seed", base.seed),
        card_size=card.get("size", base.card_size),
        font_size=card.get("font_size", base.font_size),
        min_font_size=card.get("min_font_size", base.min_font_size),
        colour=card.get("colour", base.colour),
        accent=card.get("accent", base.accent),
        back_title=back.get("title", d.get("title", base.back_title)),
        back_motto=back.get("motto", base.back_motto),
        back_colour=back.get("colour", base.back_colour),
        back_accent=back.get("accent", base.back_accent),
        document=game,
    )


MODELS, RESULTS = "fragments.settings", "fragments.results"
"""The fragment system's keys in ``Pack.stage``."""


def settings_for(pack: Pack) -> GameSettings:
    """The settings of the pack's (first) ``fragment-game``: read on first use, then
    handed on."""
    games = pack.of_kind("fragment-game")
    return pack.staged(MODELS, GameSettings, lambda: settings_of(games[0] if games else None))


def results_of(pack: Pack) -> dict[str, Any]:
    """The simulator results of this run, by cache key."""
    return pack.staged(RESULTS, dict, dict)


__all__ = ["GameSettings", "MODELS", "RESULTS", "results_of", "settings_for", "settings_of"]
