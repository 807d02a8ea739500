"""The bundled fonts: where they are, how wide text is, which glyphs exist.

Two families ship with the package (DejaVu, free licence, Latin + accents +
Greek): ``"sans"`` in four faces and ``"serif"`` in three (no bold italic;
bold is used for it). Nothing depends on the machine's fonts.

>>> round(measure("Sphinx", "sans", size_pt=10), 2)
12.02
>>> sorted(missing_glyphs("Ωμέγα 中"))
['中']

Fonts are loaded and registered with reportlab lazily, once per process (the
only state is a cache of pure functions).
"""
from __future__ import annotations

import functools
import io
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from reportlab.pdfbase import pdfmetrics  # type: ignore[import-untyped]
from reportlab.pdfbase.ttfonts import TTFont  # type: ignore[import-untyped]

from .scene import MM_PER_PT

FAMILIES = ("sans", "serif")
"""Font family names accepted everywhere (`Text.font`, `fit_text`, ...)."""

ASCENT = 0.76
"""Height above the baseline of the em box, as a fraction of the size (all DejaVu faces)."""

# (family, bold, italic) -> file name and the CSS names a browser looks for.
_FACES: dict[tuple[str, bool, bool], tuple[str, str, bool, bool]] = {
    ("sans", False, False): ("DejaVuSans.ttf", "DejaVu Sans", False, False),
    ("sans", True, False): ("DejaVuSans-Bold.ttf", "DejaVu Sans", True, False),
    ("sans", False, True): ("DejaVuSans-Oblique.ttf", "DejaVu Sans", False, True),
    ("sans", True, True): ("DejaVuSans-BoldOblique.ttf", "DejaVu Sans", True, True),
    ("serif", False, False): ("DejaVuSerif.ttf", "DejaVu Serif", False, False),
    ("serif", True, False): ("DejaVuSerif-Bold.ttf", "DejaVu Serif", True, False),
    ("serif", False, True): ("DejaVuSerif-Italic.ttf", "DejaVu Serif", False, True),
    # No bold italic serif face ships; bold keeps the emphasis readable.
    ("serif", True, True): ("DejaVuSerif-Bold.ttf", "DejaVu Serif", True, False),
}


@dataclass(frozen=True, slots=True)
class Face:
    """One concrete font file, as both backends name it.

    ``bold``/``italic`` are what the file really is (after fallbacks), so the
    SVG asks browsers for exactly the face the PDF embeds.
    """

    file: str
    css_family: str
    bold: bool
    italic: bool

    @property
    def pdf_name(self) -> str:
        """The name the face is registered under in reportlab."""
        return "RS-" + self.file.removesuffix(".ttf")


def resolve_face(family: str = "sans", bold: bool = False, italic: bool = False) -> Face:
    """Return the face used for a family and style.

    >>> resolve_face("serif", bold=True, italic=True).file
    'DejaVuSerif-Bold.ttf'
    """
    try:
        return Face(*_FACES[(family, bool(bold), bool(italic))])
    except KeyError:
        raise ValueError(f"unknown font family {family!r}; use one of {', '.join(FAMILIES)}") from None


def read_font_bytes(file: str) -> bytes:
    """Return the bytes of a bundled font file.

    Looked up as package data of ``generator.render`` (works from wheels and
    zips); falls back to the ``fonts`` folder next to this module.
    """
    try:
        resource = resources.files("generator.render").joinpath("fonts").joinpath(file)
        if resource.is_file():
            return resource.read_bytes()
    except (ModuleNotFoundError, FileNotFoundError, OSError):
        pass
    return (Path(__file__).resolve().parent / "fonts" / file).read_bytes()


@functools.cache
def _load(file: str) -> TTFont:
    # shapable=False: widths must be the plain advance widths both backends use.
    font = TTFont("RS-" + file.removesuffix(".ttf"), io.BytesIO(read_font_bytes(file)),
                  shapable=False)
    pdfmetrics.registerFont(font)
    return font


def register_face(face: Face) -> str:
    """Register ``face`` with reportlab (once) and return its font name."""
    return str(_load(face.file).fontName)


@functools.cache
def _charset(file: str) -> frozenset[str]:
    return frozenset(chr(c) for c in _load(file).face.charToGlyph)


@functools.lru_cache(maxsize=1 << 16)
def unit_width(text: str, file: str) -> float:
    """Width in mm of ``text`` set in ``file`` at 1 pt (widths scale linearly)."""
    return float(_load(file).stringWidth(text, 1.0)) * MM_PER_PT


def measure(text: str, family: str = "sans", bold: bool = False, italic: bool = False,
            size_pt: float = 10.0) -> float:
    """Return the width of ``text`` in mm (advance widths, no kerning).

    >>> measure("ab", size_pt=20) == 2 * measure("ab", size_pt=10)
    True
    """
    return unit_width(text, resolve_face(family, bold, italic).file) * size_pt


# Line ends and tabs are layout, not glyphs.
_LAYOUT_CHARS = frozenset("\n\r\t")


def missing_glyphs(text: str, family: str = "sans", bold: bool = False,
                   italic: bool = False) -> set[str]:
    """Return the characters of ``text`` the face cannot draw.

    >>> missing_glyphs("Riddle")
    set()
    """
    return set(text) - _charset(resolve_face(family, bold, italic).file) - _LAYOUT_CHARS


@functools.cache
def _common_charset() -> frozenset[str]:
    files = sorted({face[0] for face in _FACES.values()})
    return frozenset.intersection(*(_charset(f) for f in files))


def missing_in_some_face(text: str) -> set[str]:
    """Return the characters of ``text`` that some bundled face cannot draw.

    A text field does not know which face will print it, so this is the check
    that no face prints a box, whatever the layout chooses.

    >>> sorted(missing_in_some_face("Ωμέγα 中 🙂"))
    ['中', '🙂']
    """
    return set(text) - _common_charset() - _LAYOUT_CHARS
