"""Render kit: scenes in mm, drawn identically to SVG and PDF.

A renderer builds a :class:`Scene` (see :mod:`.scene`); :func:`fit_text`
lays out marked-up text in a box; :mod:`.geometry` and :mod:`.sheets` put
card scenes on paper with bleed, crop marks and duplex backs; the backends
:func:`scene_to_svg` and :func:`document_to_pdf` write the files.

>>> card = Scene(69.5, 94.9, (Rect(0, 0, 69.5, 94.9, Style(fill="#f4e8c1")),), id="card-1")
>>> lay = layout_sheet("a4", *CARD_SIZES["poker"], bleed=3)
>>> fronts, backs = card_sheet_pages([card], card, lay, label="example")
>>> pdf = document_to_pdf(Document(interleave_duplex(fronts, backs), title="example", duplex=True))
>>> pdf.startswith(b"%PDF")
True
"""
from __future__ import annotations

from .fonts import FAMILIES, measure, missing_glyphs
from .geometry import (
                       CARD_SIZES,
                       PAPERS,
                       Box,
                       SheetLayout,
                       Slot,
                       back_crop_marks,
                       back_positions,
                       layout_sheet,
                       parse_length,
                       resolve_card_size,
                       resolve_paper,
)
from .pdf import document_to_pdf
from .scene import (
                       MM_PER_PT,
                       Circle,
                       Document,
                       Element,
                       Group,
                       Line,
                       Path,
                       Polygon,
                       Polyline,
                       Rect,
                       Scene,
                       Style,
                       Text,
                       TextBlock,
)
from .sheets import calibration_page, card_sheet_pages, interleave_duplex
from .svg import scene_to_svg
from .text import FitResult, IconDraw, diagnose_fit, fit_text

__all__ = [
                       "CARD_SIZES",
                       "FAMILIES",
                       "MM_PER_PT",
                       "PAPERS",
                       "Box",
                       "Circle",
                       "Document",
                       "Element",
                       "FitResult",
                       "Group",
                       "IconDraw",
                       "Line",
                       "Path",
                       "Polygon",
                       "Polyline",
                       "Rect",
                       "Scene",
                       "SheetLayout",
                       "Slot",
                       "Style",
                       "Text",
                       "TextBlock",
                       "back_crop_marks",
                       "back_positions",
                       "calibration_page",
                       "card_sheet_pages", "diagnose_fit",
                       "document_to_pdf",
                       "fit_text",
                       "interleave_duplex",
                       "layout_sheet",
                       "measure",
                       "missing_glyphs",
                       "parse_length",
                       "resolve_card_size",
                       "resolve_paper",
                       "scene_to_svg",
]
