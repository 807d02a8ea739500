"""Ink saver: a scene without its full-bleed background or page tint.

A filled rectangle covering the whole scene (a card's background, a page's
tint) is dropped. When it was dark, the light colours drawn on it (white
lettering on a dark card back) take the background's colour instead, so the
scene still reads on white paper.

>>> from .scene import Rect, Scene, Style, Text
>>> card = Scene(10, 10, (Rect(0, 0, 10, 10, Style(fill="#17434a")), Text(1, 5, "GOD", fill="#f6e7b9")))
>>> light = ink_saver(card)
>>> [type(c).__name__ for c in light.children], light.children[0].fill
(['Text'], '#17434a')
"""
from __future__ import annotations

from dataclasses import replace

from .scene import Element, Group, Image, Rect, Scene, Style, Text, TextBlock

LIGHT = 0.72
"""Shapes lighter than this are recoloured when their dark background goes."""
LIGHT_TEXT = 0.45
"""Text lighter than this is recoloured too: on white it would have a contrast below 2:1."""
DARK = LIGHT_TEXT
"""A background darker than this (relative luminance) carried light lettering; its
colour is dark enough to take the lettering's place."""
_EPS = 0.05


def luminance(colour: str) -> float:
    """Relative luminance of ``#rrggbb`` (0 black .. 1 white), as WCAG defines it.

    >>> round(luminance("#ffffff"), 3), luminance("#000000")
    (1.0, 0.0)
    """
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(int(colour[i:i + 2], 16)) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _is_background(el: Element, w: float, h: float) -> bool:
    return (isinstance(el, Rect) and el.style.fill is not None and el.x <= _EPS and el.y <= _EPS
            and el.x + el.w >= w - _EPS and el.y + el.h >= h - _EPS and el.style.opacity == 1.0)


def _swap(colour: str | None, ink: str, light: float = LIGHT) -> str | None:
    return ink if colour is not None and luminance(colour) > light else colour


def _text_fill(t: Text, ink: str) -> Text:
    return replace(t, fill=_swap(t.fill, ink, LIGHT_TEXT) or t.fill)


def _recolour(el: Element, ink: str) -> Element:
    if isinstance(el, Text):
        return _text_fill(el, ink)
    if isinstance(el, TextBlock):
        return TextBlock(tuple(_text_fill(r, ink) for r in el.runs),
                         tuple(_recolour(i, ink) for i in el.icons), el.width, el.height, el.x, el.y)
    if isinstance(el, Group):
        return replace(el, children=tuple(_recolour(c, ink) for c in el.children))
    if isinstance(el, Image):
        return el
    style: Style = el.style
    return replace(el, style=replace(style, fill=_swap(style.fill, ink),
                                     stroke=_swap(style.stroke, ink)))


def ink_saver(scene: Scene) -> Scene:
    """``scene`` without full-scene filled rectangles (see the module notes)."""
    kept: list[Element] = []
    dark: str | None = None
    for el in scene.children:
        if _is_background(el, scene.width, scene.height):
            assert isinstance(el, Rect) and el.style.fill is not None
            dark = el.style.fill if luminance(el.style.fill) < DARK else None
            kept.clear()  # what the background covered is hidden anyway
            continue
        kept.append(el)
    if dark is not None:
        kept = [_recolour(el, dark) for el in kept]
    return replace(scene, children=tuple(kept))
