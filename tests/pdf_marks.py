"""Read the crop marks back out of a PDF: the geometry a printer will really get.

A small content-stream interpreter (q, Q, cm, w, m, l, S): it collects the
straight two-point strokes drawn at page level (no group transform) with the
crop marks' line width, in millimetres from the page's top-left corner.
"""
from __future__ import annotations

from pypdf import PdfReader
from pypdf.generic import ContentStream

from generator.render.sheets import MARK_STYLE

MM_PER_PT = 25.4 / 72

Matrix = tuple[float, float, float, float, float, float]


def _mul(m: Matrix, n: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + b * c2, a * b2 + b * d2, c * a2 + d * c2, c * b2 + d * d2,
            e * a2 + f * c2 + e2, e * b2 + f * d2 + f2)


def page_marks(reader: PdfReader, index: int, width_pt: float = MARK_STYLE.stroke_width
               ) -> list[tuple[float, float, float, float]]:
    """Crop-mark segments (x1, y1, x2, y2) in mm, y down, on page ``index`` (or the
    page-level strokes of another line width, ``width_pt`` in the page's units, mm)."""
    page = reader.pages[index]
    height_pt = float(page.mediabox.height)
    ops = ContentStream(page.get_contents(), reader).operations
    ctm: Matrix = (1, 0, 0, 1, 0, 0)
    stack: list[tuple[Matrix, float]] = []
    width = 1.0
    base: Matrix | None = None
    path: list[tuple[float, float]] = []
    out: list[tuple[float, float, float, float]] = []
    for operands, op in ops:
        if op == b"q":
            stack.append((ctm, width))
        elif op == b"Q":
            ctm, width = stack.pop()
        elif op == b"cm":
            ctm = _mul(tuple(float(v) for v in operands), ctm)  # type: ignore[arg-type]
            k = 72 / 25.4
            page_level = (abs(ctm[0] - k) < 1e-6 and abs(ctm[3] + k) < 1e-6 and ctm[1] == ctm[2] == 0
                          and abs(ctm[4]) < 1e-6 and abs(ctm[5] - height_pt) < 1e-4)
            if base is None and page_level:
                base = ctm  # the page transform: mm, y down
        elif op == b"w":
            width = float(operands[0])
        elif op == b"m":
            path = [(float(operands[0]), float(operands[1]))]
        elif op == b"l":
            path.append((float(operands[0]), float(operands[1])))
        elif op == b"S":
            if ctm == base and len(path) == 2 and abs(width - width_pt) < 1e-6:
                (x1, y1), (x2, y2) = path
                pts = []
                for x, y in ((x1, y1), (x2, y2)):
                    a, b, c, d, e, f = ctm
                    px, py = a * x + c * y + e, b * x + d * y + f
                    pts += [px * MM_PER_PT, (height_pt - py) * MM_PER_PT]
                out.append((pts[0], pts[1], pts[2], pts[3]))
            path = []
        elif op in (b"n", b"f", b"B", b"b", b"f*", b"B*"):
            path = []
    return out
