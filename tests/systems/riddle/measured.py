"""What the tests measure on a drawn book: its paragraphs, and text read back from a PDF."""
from __future__ import annotations

import io
import math
from collections.abc import Iterator, Sequence

from generator.render.scene import Element, Group, TextBlock


def iter_blocks(elements: Sequence[Element]) -> Iterator[TextBlock]:
    """Every paragraph (text block) under ``elements``, inside groups too."""
    for el in elements:
        if isinstance(el, TextBlock):
            yield el
        elif isinstance(el, Group):
            yield from iter_blocks(el.children)


def printed_sizes(pdf: bytes) -> list[tuple[float, str]]:
    """(size in pt, text) of each text run of ``pdf``: the font size times the text and
    drawing matrices in force (a placement's scale included)."""
    from pypdf import PdfReader

    sizes: list[tuple[float, str]] = []

    def visit(text: str, cm: list[float], tm: list[float], font: object, size: float) -> None:
        if text.strip():
            a, b, c, d = (tm[0] * cm[0] + tm[1] * cm[2], tm[0] * cm[1] + tm[1] * cm[3],
                          tm[2] * cm[0] + tm[3] * cm[2], tm[2] * cm[1] + tm[3] * cm[3])
            sizes.append((size * math.sqrt(abs(a * d - b * c)), text))

    for page in PdfReader(io.BytesIO(pdf)).pages:
        page.extract_text(visitor_text=visit)
    return sizes
