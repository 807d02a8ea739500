"""Print targets beyond home printing: ``pro`` (print shops) and ``tts`` (Tabletop Simulator).

Both are written from :mod:`generator.render.deck` values, the same way for
every game system, and both rasterise through :mod:`.raster`.
"""
from __future__ import annotations

from .pro import PRO_BLEED, pixels_of, pro_artefacts
from .raster import RasterUnavailable
from .tts import (
    grid_shape,
    tts_deck_artefacts,
    tts_die_artefacts,
    tts_piece_artefacts,
    tts_token_artefacts,
)

__all__ = ["PRO_BLEED", "RasterUnavailable", "grid_shape", "pixels_of", "pro_artefacts",
           "tts_deck_artefacts", "tts_die_artefacts", "tts_piece_artefacts", "tts_token_artefacts"]
