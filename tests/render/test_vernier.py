"""The calibration page's verniers (issue 26, section 5), read back out of the PDF.

The front's thick vernier lines and the back's millimetre marks are taken from
the pages' content streams; a duplex print is simulated by mirroring the front
across the page (long-edge flip) and shifting the back by a printer's error;
then the scale is read as the README tells a user to, and must give the offset
the arms of the cross give, to 0.1 mm.
"""
from __future__ import annotations

import io
import math

import pytest
from pypdf import PdfReader

from generator.render.pdf import document_to_pdf
from generator.render.scene import Document
from generator.render.sheets import VERNIER_FRONT, VERNIER_MAIN, calibration_page
from pdf_marks import page_marks


def _pdf(paper: str, offset: tuple[float, float], lang: str | None) -> PdfReader:
    front, back = calibration_page(paper, offset, lang)
    return PdfReader(io.BytesIO(document_to_pdf(Document((front, back), title="c", duplex=True))))


def _read(lines: list[float], marks: list[float]) -> float:
    """A vernier reading, as the README says: the mark at or before the zero line (the
    first), plus a tenth for each line up to the one that meets a mark best (the last
    line, ten tenths, only closes the scale: when it meets a mark the zero does too).
    Positions are in mm from the scale's 0 mark, so the marks are whole numbers; the
    PDF's coordinates are rounded, so "at" is within half a tenth."""
    whole = max(m for m in marks if m <= lines[0] + 0.05)
    j = min(range(10), key=lambda n: min(abs(lines[n] - m) for m in marks))
    return round(whole + j / 10, 1)


@pytest.mark.parametrize(("paper", "lang", "current"), [
    ("a4", "en", (0.0, 0.0)), ("a4", "fr", (0.0, 0.0)), ("letter", "en", (0.0, 0.0)),
    ("letter", "fr", (0.0, 0.0)), ("a4", "en", (0.5, -1.2))])
@pytest.mark.parametrize("shift", [(0.0, 0.0), (0.3, -0.7), (-2.4, 1.9), (4.6, -3.3), (-7.1, 0.5)])
def test_the_verniers_read_the_offset_to_a_tenth(paper: str, lang: str, current: tuple[float, float],
                                                 shift: tuple[float, float]) -> None:
    reader = _pdf(paper, current, lang)
    width_mm = float(reader.pages[0].mediabox.width) * 25.4 / 72
    front = page_marks(reader, 0, VERNIER_FRONT.stroke_width)
    back = page_marks(reader, 1, VERNIER_MAIN.stroke_width)
    assert len(front) == 22 and len(back) == 62  # 11 lines and 31 marks a scale
    sx, sy = shift
    # Seen from the back: the front mirrored across the page; the back moved by the printer.
    xs_front = [width_mm - x1 for x1, y1, x2, y2 in front if math.isclose(x1, x2)]
    ys_front = [y1 for x1, y1, x2, y2 in front if math.isclose(y1, y2)]
    x_marks = sorted(x1 for x1, y1, x2, y2 in back if math.isclose(x1, x2))
    y_marks = sorted(y1 for x1, y1, x2, y2 in back if math.isclose(y1, y2))
    # Each scale's 0 mark is ten marks in from its start; the printer moves it by the shift.
    x0, y0 = x_marks[10] + sx, y_marks[10] + sy
    lines_x, lines_y = sorted(xs_front), sorted(ys_front)
    assert [round(b - a, 6) for a, b in zip(lines_x, lines_x[1:])] == [0.9] * 10
    assert [round(b - a, 6) for a, b in zip(lines_y, lines_y[1:])] == [0.9] * 10
    # The zero is the longest line, and the vernier runs from it the way the scale reads.
    longest = max(front, key=lambda s: math.hypot(s[2] - s[0], s[3] - s[1]) if math.isclose(s[0], s[2])
                  else 0.0)
    assert width_mm - longest[0] == pytest.approx(lines_x[0])
    got_x = _read([v - x0 for v in lines_x], [m - x_marks[10] for m in x_marks])
    got_y = _read([v - y0 for v in lines_y], [m - y_marks[10] for m in y_marks])
    # The reading is where the front's zero shows on the back's scale (the arms' rule): less
    # the printer's shift and the offset the page was printed with.
    cx, cy = current
    assert (got_x, got_y) == pytest.approx((round(-sx - cx, 1), round(-sy - cy, 1)), abs=1e-9)
