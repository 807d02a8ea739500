"""Colour values as the PDF backend and embedded pictures need them: ``#rrggbb`` as
RGB fractions, and the naive device conversion to CMYK. The layer under
:mod:`.pdf` and :mod:`.images`, which both convert colours when a CMYK file is
written."""
from __future__ import annotations

import functools


@functools.lru_cache(maxsize=256)
def rgb_fractions(colour: str) -> tuple[float, float, float]:
    """The red, green and blue of ``#rrggbb`` as fractions of 1.

    >>> rgb_fractions("#ff0000"), rgb_fractions("#000000")
    ((1.0, 0.0, 0.0), (0.0, 0.0, 0.0))
    """
    return (int(colour[1:3], 16) / 255, int(colour[3:5], 16) / 255, int(colour[5:7], 16) / 255)


@functools.lru_cache(maxsize=256)
def rgb_to_cmyk(colour: str) -> tuple[float, float, float, float]:
    """The naive device conversion of ``#rrggbb``: grey component removal, black as K only.

    Pure black is plain K (no rich black); white is no ink at all.

    >>> rgb_to_cmyk("#000000"), rgb_to_cmyk("#ffffff"), rgb_to_cmyk("#ff0000")
    ((0.0, 0.0, 0.0, 1.0), (0.0, 0.0, 0.0, 0.0), (0.0, 1.0, 1.0, 0.0))
    """
    r, g, b = rgb_fractions(colour)
    k = 1.0 - max(r, g, b)
    if k >= 1.0:
        return (0.0, 0.0, 0.0, 1.0)
    return tuple(round((1.0 - v - k) / (1.0 - k), 4) for v in (r, g, b)) + (round(k, 4),)  # type: ignore[return-value]
