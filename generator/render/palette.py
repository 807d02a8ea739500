"""The colours every printed piece shares: a worker, a coin or a dome looks the same in a
clue, on a map, in the legend and on a card.

>>> gem_colour("jade"), gem_colour("nacre")
('#2f9e7a', '#8d8d8d')
"""
from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

INK = "#1f1a17"
"""Outlines and text: a warm black that prints crisply on any home printer."""
PAPER = "#fffdf7"
"""The page: a warm white."""
MUTED = "#6b625a"
"""Secondary text (coordinates, icon names)."""
LAND = "#d7dfb8"
"""Bare ground on a map."""
LAND_LINE = "#9aa27c"
"""Grid lines between neighbouring land spaces."""
SEA = "#a9cde4"
"""The sea around and between islands."""
SEA_LINE = "#e6f2f9"
"""Wave marks on the sea."""
GHOST = "#f1eee8"
"""The lower blocks under a block icon: shown, but not the point."""
LEVEL_FILLS = ("#fbf9f3", "#e9e4d7", "#d3cbb7")
"""Block faces of levels 1, 2 and 3: white stone, shaded darker as a tower rises."""
DOME = "#2d5d9f"
"""The dome: Santorini blue."""
DOME_LIGHT = "#7ea6d8"
GOLD = "#e0b234"
GOLD_DARK = "#8a6508"
SILVER = "#d3d6db"
SILVER_DARK = "#6b7078"
KING = "#5b2c6f"
SPHINX = "#235a63"
SPHINX_GOLD = "#e2b24c"
SPHINX_STRIPE = "#1d3557"
SPHINX_FACE = "#c58a4e"
BLESSING = "#4f7f3a"
FEATURE = "#8e3b8f"
WOOD = "#9a6a3c"
MOVE = "#c0392b"
"""Move arrows of a solution trace."""
BUILD = "#e67e22"
"""Build markers of a solution trace."""
GOD_TYPES: Mapping[str, str] = MappingProxyType({
    "mover": "#2874a6",
    "builder": "#a0522d",
    "specialist": "#7d3c98",
})
"""Fill of each god type's symbol."""

WORKER_COLOURS: Mapping[str, tuple[str, str]] = MappingProxyType({
    "start": ("#4a4540", "#fffdf7"),
    "white": ("#fbfaf5", INK),
    "blue": ("#2f6db5", "#ffffff"),
    "red": ("#b8432f", "#ffffff"),
    "green": ("#3e8a4f", "#ffffff"),
    "wanderer": ("#8a7a66", "#ffffff"),
})
"""Worker token colours: name -> (token fill, pawn and numeral colour).

``start`` is a worker start space whose colour the group chooses; one player
plays two white and two blue workers, more players take a pair (or one) each.
"""

GEM_COLOURS: Mapping[str, str] = MappingProxyType({
    "red": "#c0392b",
    "green": "#2e9b57",
    "blue": "#2e6fb7",
    "amber": "#e09a1f",
    "jade": "#2f9e7a",
    "lapis": "#283f8f",
    "yellow": "#e8c521",
    "orange": "#e67e22",
    "purple": "#8e44ad",
    "white": "#f4f4f0",
    "black": "#2b2b2b",
})
"""Die face and gem colours by the names dice documents use; others draw grey."""
GEM_FALLBACK = "#8d8d8d"
DIE_SHOWN = ("red", "green", "blue", "amber", "jade", "lapis")
"""Colours whose die face and gem are in :data:`ICONS` (any name can be drawn)."""


def gem_colour(name: str) -> str:
    """The fill of a die face or gem colour name (grey for names without a colour).

    >>> gem_colour("jade"), gem_colour("nacre")
    ('#2f9e7a', '#8d8d8d')
    """
    return GEM_COLOURS.get(name, GEM_FALLBACK)



__all__ = [
    "BLESSING", "BUILD", "DIE_SHOWN", "DOME", "DOME_LIGHT", "FEATURE", "GEM_COLOURS", "GEM_FALLBACK",
    "GHOST", "GOD_TYPES", "GOLD", "GOLD_DARK", "INK", "KING", "LAND", "LAND_LINE", "LEVEL_FILLS",
    "MOVE", "MUTED", "PAPER", "SEA", "SEA_LINE", "SILVER", "SILVER_DARK", "SPHINX", "SPHINX_FACE",
    "SPHINX_GOLD", "SPHINX_STRIPE", "WOOD", "WORKER_COLOURS", "gem_colour",
]
