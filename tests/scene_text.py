"""The words a scene draws, in drawing order: what a reader of the printed page sees.

Fitted paragraphs are laid out as runs (a line, or the part of a line in one style);
joining them with single spaces gives the paragraph back, whatever the line breaks.
"""
from __future__ import annotations

from collections.abc import Iterator

from generator.render.scene import Element, Group, Scene, Text, TextBlock


def iter_texts(elements: tuple[Element, ...]) -> Iterator[str]:
    """Each text line and each fitted block (its runs joined by spaces), groups included."""
    for el in elements:
        if isinstance(el, Text):
            yield el.text
        elif isinstance(el, TextBlock):
            yield " ".join(run.text for run in el.runs)
        elif isinstance(el, Group):
            yield from iter_texts(el.children)


def scene_text(scene: Scene) -> str:
    """Every text of ``scene`` as one string, single-spaced."""
    return " ".join(" ".join(iter_texts(scene.children)).split())
