"""Numerals and letters drawn inside icons and tokens: centred on the height of capitals,
never printed below 6 pt, narrowed to fit.

>>> t = label_text(5, 5, "3", 4)
>>> (t.anchor, round(t.y, 3), round(t.size, 2))
('middle', 6.46, 11.34)
"""
from __future__ import annotations

from .fonts import measure
from .palette import INK
from .scene import MM_PER_PT, Element, Text

DIGIT_HEIGHT = 0.73
"""Height of a capital or a digit as a fraction of the font size (DejaVu)."""


def label_text(cx: float, cy: float, text: str, size_mm: float, fill: str = INK,
               bold: bool = True, font: str = "sans") -> Text:
    """A one-line label centred on (cx, cy); ``size_mm`` is the font size in mm.

    Centred on the height of capitals and digits, which is what the eye centres.

    >>> t = label_text(5, 5, "3", 4)
    >>> (t.anchor, round(t.y, 3), round(t.size, 2))
    ('middle', 6.46, 11.34)
    """
    return Text(cx, cy + DIGIT_HEIGHT * size_mm / 2, text, font=font, size=size_mm / MM_PER_PT,
                fill=fill, anchor="middle", bold=bold)


MIN_LABEL_MM = 6.0 * MM_PER_PT
"""The smallest label (mm of font size) printed inside an icon: 6 pt."""


def icon_label(cx: float, cy: float, text: str, size_mm: float, fill: str = INK,
               bold: bool = True, font: str = "sans") -> tuple[Element, ...]:
    """A numeral or letter inside an icon, never printed below 6 pt.

    A label a little under 6 pt is raised to 6 pt; one far smaller (below
    60 % of it) is left out: the icon is too small to carry legible text, and
    its shape (or a count beside it) says the same.

    >>> [round(t.size, 1) for t in icon_label(0, 0, "2", 1.8)], icon_label(0, 0, "2", 1.0)
    ([6.0], ())
    """
    if size_mm < 0.6 * MIN_LABEL_MM:
        return ()
    return (label_text(cx, cy, text, max(size_mm, MIN_LABEL_MM), fill, bold, font),)


def fitted_size(text: str, size_mm: float, width_mm: float, bold: bool = True,
                font: str = "sans") -> float:
    """The font size (mm) ``text`` is drawn at: ``size_mm``, or less when wider than ``width_mm``.

    >>> fitted_size("12", 4, 100) == 4, fitted_size("1234", 4, 2) < 4
    (True, True)
    """
    width = measure(text, font, bold=bold, size_pt=size_mm / MM_PER_PT)
    return size_mm if width <= width_mm else size_mm * width_mm / width


__all__ = ["DIGIT_HEIGHT", "MIN_LABEL_MM", "fitted_size", "icon_label", "label_text"]
