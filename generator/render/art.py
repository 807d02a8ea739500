"""Artwork placement: a picture fitted into a box of a card, token or page.

``cover`` fills the box and crops what overflows (centred); ``contain``
shows the whole picture inside the box (centred, letterboxed). The box is in
the scene's millimetres; a clip keeps the picture inside it.

>>> fit_rect(200, 100, (0, 0, 50, 50), "cover")
(-25.0, 0.0, 100.0, 50.0)
>>> fit_rect(200, 100, (0, 0, 50, 50), "contain")
(0.0, 12.5, 50.0, 25.0)
"""
from __future__ import annotations

from .scene import Circle, Element, Group, Image, Rect

FITS = ("cover", "contain")
MIN_DPI = 300.0
"""Raster artwork printed below this resolution looks soft: the check warns."""


def fit_rect(pic_w: float, pic_h: float, box: tuple[float, float, float, float],
             fit: str) -> tuple[float, float, float, float]:
    """Where a ``pic_w`` x ``pic_h`` picture lands (x, y, w, h) when fitted into ``box``."""
    if fit not in FITS:
        raise ValueError(f"fit must be one of {', '.join(FITS)}, got {fit!r}")
    bx, by, bw, bh = box
    pick = max if fit == "cover" else min
    k = pick(bw / pic_w, bh / pic_h)
    w, h = pic_w * k, pic_h * k
    return (bx + (bw - w) / 2, by + (bh - h) / 2, w, h)


def printed_dpi(pic_px_w: float, pic_px_h: float, box: tuple[float, float, float, float],
                fit: str) -> float:
    """Resolution (pixels per inch) of a raster picture at its printed size.

    >>> round(printed_dpi(750, 1050, (0, 0, 63.5, 88.9), "cover"))
    300
    """
    _, _, w, _ = fit_rect(pic_px_w, pic_px_h, box, fit)
    return pic_px_w / (w / 25.4)


def art_element(data: bytes, fmt: str, pic_w: float, pic_h: float,
                box: tuple[float, float, float, float], fit: str,
                clip: Rect | Circle | None = None) -> Element:
    """The picture fitted into ``box``, clipped to it and, when given, to ``clip`` too.

    A round token passes its disc as ``clip``: the picture is cut to the circle.
    """
    x, y, w, h = fit_rect(pic_w, pic_h, box, fit)
    inner = Group((Image(x, y, w, h, data, fmt),), clip=Rect(*box))
    return inner if clip is None else Group((inner,), clip=clip)
