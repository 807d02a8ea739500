"""The ``pro`` target: files for print-on-demand card printers.

For each deck: one PDF with one card face per page (front, back, front,
back, ...), each page the trim size plus 3 mm of artwork bleed on every side
(a deck drawn with less is widened, see :mod:`generator.render.bleed`), with
its TrimBox and BleedBox set; and per-card PNGs at 300 dpi with the bleed (a
poker card, 63.5 x 88.9 mm, is 821 x 1121 px), one per distinct face, with a
``cards.csv`` saying which back goes with which front and how many copies.
``cmyk`` writes the PDF's colours as DeviceCMYK; the PNGs are always RGB
(PNG has no CMYK).

>>> from generator.render.scene import Scene
>>> pixels_of(63.5 + 6, 88.9 + 6)
(821, 1121)
"""
from __future__ import annotations

import csv
import io
from collections.abc import Sequence

from ..bleed import rebleed
from ..deck import Deck
from ..pdf import document_to_pdf
from ..scene import Document, Scene
from .raster import png_bytes, rasterise

PRO_BLEED = 3.0
"""Bleed (mm) on every side of a print-shop card page."""
DPI = 300


def pixels_of(width_mm: float, height_mm: float, dpi: float = DPI) -> tuple[int, int]:
    """Pixel size of ``width_mm`` x ``height_mm`` at ``dpi``, rounded to whole pixels."""
    return (round(width_mm / 25.4 * dpi), round(height_mm / 25.4 * dpi))


def pro_face(scene: Scene, deck: Deck, bleed: float = PRO_BLEED) -> Scene:
    """A card scene on a page of trim plus ``bleed``: widened or cut back (see
    :func:`generator.render.bleed.rebleed`)."""
    return rebleed(scene, deck.bleed, bleed)[0]


def deck_bleed_reach(deck: Deck, bleed: float = PRO_BLEED) -> float:
    """The bleed (mm) the artwork of every face of ``deck`` covers on a page of trim plus
    ``bleed``: ``bleed`` itself unless a face could not be widened."""
    return min(rebleed(s, deck.bleed, bleed)[1] for s in {*deck.fronts, *deck.backs})


def _distinct(scenes: Sequence[Scene]) -> list[Scene]:
    seen: dict[Scene, None] = {}
    for s in scenes:
        seen.setdefault(s, None)
    return list(seen)


def _names(scenes: Sequence[Scene], prefix: str) -> dict[Scene, str]:
    width = max(2, len(str(len(scenes))))
    return {s: f"{prefix}{n + 1:0{width}d}-{s.id}.png" for n, s in enumerate(scenes)}


def face_files(deck: Deck) -> tuple[list[Scene], dict[Scene, str]]:
    """The deck's distinct faces (fronts, then backs that are no front) and the PNG file
    name of each: ``01-<id>.png`` for fronts, ``back-01-<id>.png`` for backs."""
    fronts, backs = _distinct(deck.fronts), _distinct(deck.backs)
    front_names, back_names = _names(fronts, ""), _names(backs, "back-")
    faces = fronts + [b for b in backs if b not in front_names]
    return faces, {**back_names, **front_names}


def cards_csv(deck: Deck, name_of: dict[Scene, str]) -> bytes:
    """``front,back,copies``: which back goes with which front, and how many of each pair."""
    counts: dict[tuple[Scene, Scene], int] = {}
    for pair in zip(deck.fronts, deck.backs):
        counts[pair] = counts.get(pair, 0) + 1
    table = io.StringIO()
    writer = csv.writer(table, lineterminator="\n")
    writer.writerow(["front", "back", "copies"])
    for (front, back), copies in counts.items():
        writer.writerow([name_of[front], name_of[back], copies])
    return table.getvalue().encode("utf-8")


def pro_artefacts(deck: Deck, *, cmyk: bool = False, rich_black: bool = False,
                  folder: str = "pro") -> list[tuple[str, bytes]]:
    """(path, bytes) of the deck's print-shop PDF, its PNGs and their ``cards.csv``.

    ``rich_black`` (with ``cmyk``): large black areas in rich black, text and lines plain K.
    """
    w, h = deck.width + 2 * PRO_BLEED, deck.height + 2 * PRO_BLEED
    pages = tuple(pro_face(s, deck) for pair in zip(deck.fronts, deck.backs) for s in pair)
    reach = deck_bleed_reach(deck)
    out = [(f"{folder}/{deck.id}.pdf", document_to_pdf(Document(
        pages, title=deck.title, subject="cards for print on demand (front, back, ...)",
        keywords=("trim + 3 mm bleed",), cmyk=cmyk, rich_black=rich_black, trim_inset=PRO_BLEED,
        bleed_inset=max(0.0, PRO_BLEED - reach))))]
    faces, name_of = face_files(deck)
    size = pixels_of(w, h)
    sheet = document_to_pdf(Document(tuple(pro_face(s, deck) for s in faces), title=deck.title))
    for scene, image in zip(faces, rasterise(sheet, [size] * len(faces))):
        out.append((f"{folder}/{deck.id}/{name_of[scene]}", png_bytes(image, DPI)))
    out.append((f"{folder}/{deck.id}/cards.csv", cards_csv(deck, name_of)))
    return out
