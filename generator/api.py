"""riddlesmith's public API: what a third-party game system may import.

A plug-in (``docs/plugins.md``) imports from this module only. Everything named in
``__all__`` is stable within a minor version: a change that breaks a plug-in
written against it is listed under "Changed" in the CHANGELOG. Every other module
of the ``generator`` package is internal and may change in any release.

The names come in five groups:

- the system interface: :class:`System` (what ``riddlesmith.systems`` entry points
  name), whose ``setup`` registers what it brings through a :class:`SystemSetup`
  (its kinds with their JSON Schemas, its diagnostic codes, :class:`BuildOption`
  values, its ``playtest`` and ``solve`` :class:`Command` values), :data:`Warm` (what ``riddlesmith warm`` compiles), with
  the values they take and return (:class:`Options`, :class:`Artefact`,
  :class:`CommandOption`, :class:`CommandRequest`) and :func:`read_schemas`, which
  reads a package's ``*.schema.json`` files;
- diagnostics: :class:`Code`, :class:`Diagnostic`, :class:`Severity`, :func:`make`
  (and :meth:`Document.diag`, which places one at a YAML line and column);
- the loaded content: :class:`Pack`, :class:`Document`, :func:`pick_text`, and
  :func:`check` (load, validate and check packs, as ``riddlesmith check`` does), for a
  command that needs the pack;
- drawing: scenes in millimetres (:class:`Scene`, :class:`Rect`, :class:`Circle`,
  :class:`Line`, :class:`Text`, :class:`Group`, :class:`Style`, any of them an
  :data:`Element`), fitted text (:func:`fit_text` and its :class:`FitResult`,
  :func:`diagnose_fit`), card decks (:class:`Deck`), sheets with
  bleed, crop marks and duplex backs (:func:`sheet_layouts`, :func:`card_sheet_pages`,
  :func:`interleave_duplex`, :func:`back_offset_setting`, :func:`gutter_setting`), and
  the writers (:class:`PdfDocument`, :func:`document_to_pdf`, :func:`scene_to_svg`),
  with the paper and card sizes (:func:`resolve_paper`, :data:`CARD_SIZES`);
- playtest figures: :func:`make_rng` (game *i*'s generator from a seed),
  :func:`wilson_interval` and :func:`format_rate` (a share with its 95 % interval).

>>> import generator.api as api
>>> sorted(set(api.__all__) - set(dir(api)))
[]
"""
from __future__ import annotations

import json
from importlib import resources
from typing import Any

from generator.diagnostics import Code, Diagnostic, Severity, make
from generator.errors import PluginError
from generator.pack.model import Document, Pack, pick_text
from generator.pipeline import Report, check
from generator.render.deck import Deck
from generator.render.geometry import CARD_SIZES, resolve_paper
from generator.render.pdf import document_to_pdf
from generator.render.scene import Circle, Element, Group, Line, Rect, Scene, Style, Text
from generator.render.scene import Document as PdfDocument
from generator.render.sheets import (
    back_offset_setting,
    card_sheet_pages,
    gutter_setting,
    interleave_duplex,
    sheet_layouts,
)
from generator.render.svg import scene_to_svg
from generator.render.text import FitResult, diagnose_fit, fit_text
from generator.sim.montecarlo import make_rng
from generator.sim.stats import format_rate, wilson_interval
from generator.systems import (
    Artefact,
    BuildOption,
    Command,
    CommandOption,
    CommandRequest,
    Figure,
    PrintSource,
    Options,
    ProgressFn,
    System,
    SystemSetup,
    Warm,
    cache_dir_for,
    paper_of,
)


def read_schemas(package: str, folder: str = "schemas") -> dict[str, dict[str, Any]]:
    """The ``<kind>.schema.json`` files in ``folder`` of ``package``, by kind.

    Read through :mod:`importlib.resources`, so it works from a wheel, a zip or a
    source checkout; a system's ``setup`` hands each to :meth:`SystemSetup.add_kind`.
    """
    found: dict[str, dict[str, Any]] = {}
    root = resources.files(package).joinpath(folder)
    if not root.is_dir():
        raise FileNotFoundError(f"the package {package} has no folder {folder!r}")
    for entry in sorted(root.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".schema.json"):
            found[entry.name[: -len(".schema.json")]] = json.loads(entry.read_text(encoding="utf-8"))
    return found


__all__ = [
    "CARD_SIZES", "Artefact", "BuildOption", "Command", "Circle", "Code", "CommandOption", "CommandRequest",
    "Deck", "Diagnostic", "Document", "Element", "Figure", "PrintSource", "FitResult", "Group", "Line", "Options", "Pack", "PdfDocument",
    "PluginError", "ProgressFn", "Rect", "Report", "Scene", "Severity", "Style", "System", "SystemSetup", "Text", "Warm", "back_offset_setting",
    "cache_dir_for", "card_sheet_pages", "check", "diagnose_fit", "document_to_pdf",
    "fit_text", "format_rate", "gutter_setting", "interleave_duplex", "make", "make_rng",
    "paper_of", "pick_text", "read_schemas", "resolve_paper", "scene_to_svg", "sheet_layouts",
    "wilson_interval",
]
