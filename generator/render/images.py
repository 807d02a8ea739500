"""Pictures for the backends: reading PNG, JPEG and SVG, and drawing them into a PDF.

Raster pictures go through Pillow (which reportlab brings); SVG pictures
through svglib (LGPL-3.0-or-later, an optional dependency: ``pip install
'riddlesmith[svg]'``), which turns them into reportlab drawings, so they stay
vectors in the PDF; text inside them is set in the bundled sans face (convert
text to outlines to keep a typeface). For a CMYK PDF, raster pictures are converted to CMYK and
the colours of SVG drawings to CMYK values, so no DeviceRGB is left.

>>> sniff_format(b"\\x89PNG\\r\\n\\x1a\\n...."), sniff_format(b"\\xff\\xd8\\xff\\xe0"), sniff_format(b"<svg")
('png', 'jpeg', 'svg')
"""
from __future__ import annotations

import functools
import io
from dataclasses import dataclass
from typing import Any

from .colour import rgb_to_cmyk
from .scene import Image


class SvgUnavailable(RuntimeError):
    """svglib is not installed."""


SVG_HINT = "pip install 'riddlesmith[svg]' (it adds svglib)"


def sniff_format(data: bytes) -> str | None:
    """``png``, ``jpeg`` or ``svg`` from the first bytes (None: none of them)."""
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "png"
    if data.startswith(b"\xff\xd8\xff"):
        return "jpeg"
    head = data[:2048].lstrip().lower()
    if head.startswith((b"<?xml", b"<svg", b"<!--", b"<!doctype svg")) and b"<svg" in data[:65536].lower():
        return "svg"
    return None


@dataclass(frozen=True, slots=True)
class Picture:
    """A readable picture: its format and its size (pixels for rasters, points for SVG)."""

    format: str
    width: float
    height: float

    @property
    def raster(self) -> bool:
        return self.format != "svg"


def _svg2rlg(data: bytes) -> Any:
    try:
        from svglib.svglib import svg2rlg  # type: ignore[import-untyped, unused-ignore]
    except ImportError as exc:
        raise SvgUnavailable(f"SVG artwork needs svglib: {SVG_HINT}") from exc
    import logging

    # svglib logs every unsupported attribute; the check reports what matters.
    logging.getLogger("svglib.svglib").setLevel(logging.ERROR)
    return svg2rlg(io.BytesIO(data))


def read_picture(data: bytes) -> Picture:
    """The picture's format and size; raises ValueError when it cannot be read."""
    fmt = sniff_format(data)
    if fmt is None:
        raise ValueError("not a PNG, JPEG or SVG file")
    if fmt == "svg":
        drawing = _svg2rlg(data)
        if drawing is None or not (drawing.width > 0 and drawing.height > 0):
            raise ValueError("the SVG has no size (give it width and height, or a viewBox)")
        return Picture("svg", float(drawing.width), float(drawing.height))
    from PIL import Image as PilImage

    try:
        with PilImage.open(io.BytesIO(data)) as im:
            im.load()
            return Picture(fmt, float(im.width), float(im.height))
    except Exception as exc:  # Pillow raises many kinds for broken files
        raise ValueError(f"the {fmt.upper()} cannot be decoded ({exc})") from exc


@functools.lru_cache(maxsize=64)
def _raster(data: bytes, cmyk: bool) -> Any:
    from PIL import Image as PilImage
    from reportlab.lib.utils import ImageReader  # type: ignore[import-untyped]

    im: Any = PilImage.open(io.BytesIO(data))
    im.load()
    if not cmyk and im.format == "JPEG" and im.mode in ("RGB", "L"):
        # Embedded as the JPEG it is (no re-encoding, no loss).
        return ImageReader(io.BytesIO(data))
    if cmyk:
        # Transparency has no CMYK form in a PDF image: flatten on white paper first.
        if im.mode in ("RGBA", "LA", "P"):
            im = im.convert("RGBA")
            white = PilImage.new("RGBA", im.size, (255, 255, 255, 255))
            im = PilImage.alpha_composite(white, im)
        im = im.convert("CMYK")
    elif im.mode not in ("RGB", "RGBA", "L", "LA"):
        im = im.convert("RGBA" if "A" in im.mode or im.mode == "P" else "RGB")
    return ImageReader(im)


def _prepare_drawing(node: Any, font: str, cmyk: bool) -> None:
    """Set text in ``font`` (the bundled face, embedded) and, for ``cmyk``, turn every RGB
    colour into CMYK; in place, through the whole drawing."""
    from reportlab.lib.colors import CMYKColor, Color  # type: ignore[import-untyped]

    if hasattr(node, "fontName"):
        node.fontName = font
    for attr in ("fillColor", "strokeColor") if cmyk else ():
        colour = getattr(node, attr, None)
        if isinstance(colour, Color) and not isinstance(colour, CMYKColor):
            hexa = "#%02x%02x%02x" % tuple(round(v * 255) for v in (colour.red, colour.green, colour.blue))
            c, m, y, k = rgb_to_cmyk(hexa)
            setattr(node, attr, CMYKColor(c, m, y, k, alpha=colour.alpha))
    for child in getattr(node, "contents", ()) or ():
        _prepare_drawing(child, font, cmyk)


def draw_image(c: Any, el: Image, cmyk: bool) -> None:
    """Draw ``el`` on a reportlab canvas whose user space is mm with y down."""
    c.saveState()
    # Pictures are drawn y-up: move to the box's bottom-left corner and flip.
    c.translate(el.x, el.y + el.h)
    c.scale(1, -1)
    if el.format == "svg":
        from reportlab.graphics import renderPDF  # type: ignore[import-untyped]

        from . import fonts

        drawing = _svg2rlg(el.data)
        # The renderer's starting state: our embedded font (not an unembedded
        # Helvetica) and, for CMYK, black in CMYK.
        # (renderbase.StateTracker reads them as attributes; Drawing refuses unknown
        # attributes through setattr, so they go in its __dict__.)
        start = drawing.__dict__
        font = fonts.register_face(fonts.resolve_face("sans"))
        start["initialFontName"] = font
        if cmyk:
            from reportlab.lib.colors import CMYKColor

            start["initialFillColor"] = start["initialStrokeColor"] = CMYKColor(0, 0, 0, 1)
        _prepare_drawing(drawing, font, cmyk)
        c.scale(el.w / drawing.width, el.h / drawing.height)
        renderPDF.draw(drawing, c, 0, 0)
    else:
        c.drawImage(_raster(el.data, cmyk), 0, 0, el.w, el.h, mask="auto")
    c.restoreState()


def data_uri(el: Image) -> str:
    """The picture as a ``data:`` URI for SVG output."""
    import base64

    mime = {"png": "image/png", "jpeg": "image/jpeg", "svg": "image/svg+xml"}[el.format]
    return f"data:{mime};base64,{base64.b64encode(el.data).decode('ascii')}"
