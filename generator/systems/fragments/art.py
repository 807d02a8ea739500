"""Artwork on fragment cards, When cards and the deck's back (see :mod:`generator.systems.art`)."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from generator.diagnostics import Diagnostic
from generator.pack.model import Document, Pack
from generator.render.scene import Scene
from generator.systems.art import iter_art_problems, with_art
from generator.systems.fragments.layout import CardGeometry, card_geometry
from generator.systems.fragments.settings import GameSettings

BACK_ART = ("back", "art")
"""Where the ``fragment-game`` document keeps the art of the shared card back."""


def dress(scene: Scene, doc: Document | None, side: str, pack: Pack, geo: CardGeometry,
          field: tuple[Any, ...] = ("art",)) -> Scene:
    """``scene`` with the pictures ``doc`` asks for on ``side`` (``any``: all of them)."""
    return with_art(scene, doc, side, pack.root, geo.width, geo.height, geo.bleed, field)


def iter_fragment_art_problems(pack: Pack, settings: GameSettings) -> Iterator[Diagnostic]:
    """Art problems of every card and of the deck's back."""
    geo = card_geometry(pack, settings)
    for doc in pack.of_kind("fragment-card") + pack.of_kind("when-card"):
        yield from iter_art_problems(doc, pack.root, geo.width, geo.height, geo.bleed)
    if settings.document is not None:
        yield from iter_art_problems(settings.document, pack.root, geo.width, geo.height,
                                     geo.bleed, BACK_ART)
