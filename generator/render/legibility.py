"""Can a reader read what was drawn? Measurements of drawn pages and written PDFs.

Everything here is measured from the output, never from a layout's constants: a
paragraph's ink against its box, texts against each other and the page's edge (with
every group's transform), and each text run's size read back from a PDF (which
needs pypdf, from the ``test`` extra; nothing else here does).
"""
from __future__ import annotations

import io
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from .bounds import Bounds, element_bounds
from .scene import Element, Group, Rect, Scene, Text, TextBlock

OVERLAP_W, OVERLAP_H = 0.3, 0.6
"""mm two texts may share across and down (a line's box includes its descent)."""


def iter_blocks(elements: Sequence[Element]) -> Iterator[TextBlock]:
    """Every paragraph under ``elements``, inside groups too.

    >>> [b.width for b in iter_blocks([Group((TextBlock((), width=3.0),))])]
    [3.0]
    """
    for el in elements:
        if isinstance(el, TextBlock):
            yield el
        elif isinstance(el, Group):
            yield from iter_blocks(el.children)


@dataclass(frozen=True, slots=True)
class Overrun:
    """A paragraph whose ink runs past its box: by ``down`` and ``right`` mm."""

    down: float
    right: float
    words: str


def overruns(page: Scene, tolerance: float = 0.05) -> list[Overrun]:
    """The paragraphs of ``page`` whose ink runs past the bottom or right of their box.

    >>> from .scene import Text
    >>> block = TextBlock((Text(0, 4, "a long line of words", size=10),), width=5, height=5)
    >>> [(o.right > 0, o.words) for o in overruns(Scene(50, 50, (block,)))]
    [(True, 'a long line of words')]
    """
    out = []
    for block in iter_blocks(page.children):
        ink = element_bounds([block])
        if ink is None:
            continue
        down, right = ink[3] - block.y - block.height, ink[2] - block.x - block.width
        if down > tolerance or right > tolerance:
            out.append(Overrun(round(down, 1), round(right, 1),
                               " ".join(r.text for r in block.runs)[:40]))
    return out


def iter_texts(elements: Sequence[Element], chain: tuple[Group, ...] = ()
               ) -> Iterator[tuple[Text, tuple[Group, ...]]]:
    """Every text run with the groups it is drawn under (a paragraph's corner as one)."""
    for el in elements:
        if isinstance(el, Group):
            yield from iter_texts(el.children, (*chain, el))
        elif isinstance(el, TextBlock):
            corner = Group((), translate=(el.x, el.y))
            yield from ((run, (*chain, corner)) for run in el.runs)
        elif isinstance(el, Text):
            yield el, chain


def text_on_page(text: Text, chain: tuple[Group, ...]) -> Bounds | None:
    """Where ``text`` is drawn on the page: every group's transform applied, no clip."""
    el: Element = text
    for group in reversed(chain):
        el = replace(group, children=(el,), clip=None)
    return element_bounds([el])


def text_problems(page: Scene) -> Iterator[str]:
    """Texts cut by the page's edge (wholly off the page is a tile's hidden part) and
    texts that overlap, in words."""
    boxes = sorted(((t.text, box) for t, chain in iter_texts(page.children)
                    if t.text.strip() and (box := text_on_page(t, chain)) is not None),
                   key=lambda item: item[1][0])
    for text, (left, top, right, bottom) in boxes:
        if left < 0 < right or top < 0 < bottom or left < page.width < right \
                or top < page.height < bottom:
            yield f"cut by the page's edge: {text[:40]!r}"
    for i, (a, ra) in enumerate(boxes):
        for b, rb in boxes[i + 1:]:
            if rb[0] >= ra[2] - OVERLAP_W:
                break  # sorted by left edge: no later text reaches back over this one
            across = min(ra[2], rb[2]) - max(ra[0], rb[0])
            down = min(ra[3], rb[3]) - max(ra[1], rb[1])
            if across > OVERLAP_W and down > OVERLAP_H:
                yield f"overlap {across:.1f} x {down:.1f} mm: {a[:30]!r} / {b[:30]!r}"


def pdf_text_sizes(pdf: bytes) -> list[tuple[int, float, str]]:
    """(page from 1, size in pt, text) of each text run of ``pdf``: the font size times
    the text and drawing matrices in force (a placement's scale included)."""
    from pypdf import PdfReader

    sizes: list[tuple[int, float, str]] = []
    for number, page in enumerate(PdfReader(io.BytesIO(pdf)).pages, 1):

        def visit(text: str, cm: list[float], tm: list[float], font: object, size: float,
                  number: int = number) -> None:
            if text.strip():
                a, b, c, d = (tm[0] * cm[0] + tm[1] * cm[2], tm[0] * cm[1] + tm[1] * cm[3],
                              tm[2] * cm[0] + tm[3] * cm[2], tm[2] * cm[1] + tm[3] * cm[3])
                sizes.append((number, size * math.sqrt(abs(a * d - b * c)), text))

        page.extract_text(visitor_text=visit)
    return sizes


__all__ = ["OVERLAP_H", "OVERLAP_W", "Overrun", "iter_blocks", "iter_texts", "overruns",
           "pdf_text_sizes", "text_on_page", "text_problems"]


FRAME_SPAN = 0.6
"""A stroked, unfilled rectangle at least this share of a face's width and height is a
frame (smaller stroked rectangles are boxes, badges and cut lines)."""
FRAME_CLEARANCE = 1.0
"""mm a text keeps from the inner edge of any frame it sits in."""


def _frames(elements: Sequence[Element], chain: tuple[Group, ...], face: Scene
            ) -> Iterator[tuple[Bounds, float]]:
    for el in elements:
        if isinstance(el, Group):
            yield from _frames(el.children, (*chain, el), face)
        elif isinstance(el, Rect) and el.style.stroke and not el.style.fill \
                and el.w >= FRAME_SPAN * face.width and el.h >= FRAME_SPAN * face.height:
            drawn: Element = el
            for group in reversed(chain):
                drawn = replace(group, children=(drawn,), clip=None)
            box = element_bounds([drawn])
            if box is not None:
                yield box, el.style.stroke_width


def frame_clearances(face: Scene) -> list[tuple[float, str]]:
    """(mm, text) from each text inside a frame of ``face`` to that frame's inner edge,
    measured on the drawing (strokes, ascent and descent included; a frame's rounded
    corner counts as square); a text across the line is at a negative distance. Texts
    outside every frame are not measured.

    >>> from .scene import Style
    >>> card = Scene(60, 90, (Rect(3, 3, 54, 84, Style(stroke="#000000", stroke_width=0.4)),
    ...                       Text(4, 10, "Zeus", size=8)))
    >>> [(round(d, 2), t) for d, t in frame_clearances(card)]
    [(0.8, 'Zeus')]
    """
    out: list[tuple[float, str]] = []
    frames = list(_frames(face.children, (), face))
    for text, chain in iter_texts(face.children):
        box = text_on_page(text, chain) if text.text.strip() else None
        if box is None:
            continue
        for (left, top, right, bottom), width in frames:
            inner = (left + width, top + width, right - width, bottom - width)
            centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
            if not (left < centre[0] < right and top < centre[1] < bottom):
                continue
            out.append((min(box[0] - inner[0], box[1] - inner[1], inner[2] - box[2],
                            inner[3] - box[3]), text.text))
    return out
