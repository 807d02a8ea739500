"""PDF pages to PNG images, through PDFium (the ``pypdfium2`` package).

pypdfium2 (Apache-2.0 or BSD-3-Clause; PDFium itself is BSD-3-Clause) installs
from wheels on every common platform; Pillow (HPND) comes with reportlab.
Both are only needed by the ``pro`` and ``tts`` targets: without pypdfium2,
:func:`rasterise` raises :class:`RasterUnavailable` with the command that
installs it, which the command line reports as a usage problem (exit 2).

The PNGs carry no timestamps, so the same PDF always gives the same bytes.
"""
from __future__ import annotations

import io
from typing import Any


class RasterUnavailable(RuntimeError):
    """The rasteriser is not installed."""


INSTALL_HINT = "pip install 'riddlesmith[pro]' (it adds pypdfium2)"


def _pdfium() -> Any:
    try:
        import pypdfium2  # type: ignore[import-untyped, unused-ignore]
    except ImportError as exc:
        raise RasterUnavailable(f"the pro and tts targets need pypdfium2: {INSTALL_HINT}") from exc
    return pypdfium2


def rasterise(pdf: bytes, pixels: list[tuple[int, int]]) -> list[Any]:
    """Render page n of ``pdf`` to an RGB Pillow image of exactly ``pixels[n]`` (w, h).

    Callers ask for the page's size at their resolution, rounded; the page is
    scaled to the asked width, and the height differs by a pixel at most.
    """
    pdfium = _pdfium()
    doc = pdfium.PdfDocument(pdf)
    try:
        if len(doc) != len(pixels):
            raise ValueError(f"{len(doc)} pages but {len(pixels)} sizes")
        out = []
        for n, (w, h) in enumerate(pixels):
            page = doc[n]
            pw, ph = page.get_size()
            # PDFium sizes the bitmap as the page times the scale, rounded: ask for the
            # width exactly; a height off by one pixel is cropped or padded below.
            bitmap = page.render(scale=w / pw, may_draw_forms=False)
            image = bitmap.to_pil().convert("RGB")
            if image.size != (w, h):
                canvas = _white(w, h)
                canvas.paste(image.crop((0, 0, min(w, image.width), min(h, image.height))), (0, 0))
                image = canvas
            out.append(image)
            page.close()
        return out
    finally:
        doc.close()


def _white(w: int, h: int) -> Any:
    from PIL import Image

    return Image.new("RGB", (w, h), (255, 255, 255))


def png_bytes(image: Any, dpi: float) -> bytes:
    """The image as PNG bytes, with its resolution recorded."""
    buf = io.BytesIO()
    image.save(buf, format="PNG", dpi=(dpi, dpi), optimize=False)
    return buf.getvalue()
