"""Preflight: what in a deck breaks a print service's written requirements.

Pure: a :class:`~.profile.Profile` and a :class:`~generator.render.deck.Deck`
in, :class:`Breach` values out (one per requirement a deck breaks, with its
worst case), which :mod:`generator.targets` turns into diagnostics at the
deck's YAML line. Colours are measured as the CMYK writer converts them
(:func:`generator.render.colour.rgb_to_cmyk`; raster pictures as Pillow's
conversion, which the writer uses); SVG pictures are not measured.

>>> from ..scene import Rect, Scene, Style, Text
>>> from .profiles import PROFILES
>>> face = Scene(69.5, 94.9, (Rect(0, 0, 69.5, 94.9, Style(fill="#3a0000")),
...                           Text(10, 10, "tiny", size=8, fill="#b08900")), id="f")
>>> deck = Deck("d", "D", 63.5, 88.9, 3.0, (face,), (face,))
>>> [b.code for b in iter_breaches(PROFILES["dtc"], deck)]
['RS-R008', 'RS-R009']
"""
from __future__ import annotations

import functools
import io
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ..colour import rgb_to_cmyk
from ..deck import Deck
from ..scene import Element, Group, Image, Scene, Text, TextBlock
from .pro import deck_bleed_reach
from .profile import Profile


@dataclass(frozen=True, slots=True)
class Breach:
    """One requirement a deck breaks: its diagnostic code, what and where, and what to do."""

    code: str
    message: str
    hint: str = ""


@dataclass(frozen=True, slots=True)
class _Mark:
    """Something drawn on a face: its ink (%), text size (pt, 0 for shapes), colour,
    whether it is see-through, a picture's resolution (dpi, 0 for others), and a label."""

    face: str
    ink: float
    colour: str
    size: float = 0.0
    text: str = ""
    alpha: bool = False
    dpi: float = 0.0


def ink_of(colour: str) -> float:
    """Total area coverage (C + M + Y + K, %) of ``#rrggbb`` in the CMYK files.

    >>> ink_of("#000000"), ink_of("#ffffff"), round(ink_of("#400000"))
    (100.0, 0.0, 275)
    """
    return round(sum(rgb_to_cmyk(colour)) * 100, 2)


@functools.lru_cache(maxsize=64)
def _picture(data: bytes) -> tuple[int, int, float]:
    """(width px, height px, highest ink %) of a raster picture, as Pillow converts it to CMYK
    (C = 1 - R, M = 1 - G, Y = 1 - B, no K) after flattening it on white."""
    from PIL import Image as PilImage, ImageMath

    im: Any = PilImage.open(io.BytesIO(data))
    im.load()
    if im.mode in ("RGBA", "LA", "P"):
        im = im.convert("RGBA")
        im = PilImage.alpha_composite(PilImage.new("RGBA", im.size, (255, 255, 255, 255)), im)
    r, g, b = (band.convert("I") for band in im.convert("RGB").split())
    total: Any = ImageMath.lambda_eval(lambda a: a["r"] + a["g"] + a["b"], r=r, g=g, b=b)
    darkest = total.getextrema()[0]
    return im.width, im.height, round((765 - darkest) / 255 * 100, 2)


def _marks(face: Scene) -> Iterator[_Mark]:
    def visit(elements: tuple[Element, ...], scale: float) -> Iterator[_Mark]:
        for el in elements:
            if isinstance(el, Group):
                yield from visit(el.children, scale * el.scale)
            elif isinstance(el, TextBlock):
                yield from visit((*el.runs, *el.icons), scale)
            elif isinstance(el, Text):
                if el.text.strip():
                    yield _Mark(face.id, ink_of(el.fill), el.fill, el.size * scale, el.text)
            elif isinstance(el, Image):
                if el.format != "svg":
                    w, h, ink = _picture(el.data)
                    dpi = min(w / (el.w * scale / 25.4), h / (el.h * scale / 25.4))
                    yield _Mark(face.id, ink, "picture", dpi=dpi)
            else:
                style = el.style
                for colour in (style.fill, style.stroke):
                    if colour:
                        yield _Mark(face.id, ink_of(colour), colour, alpha=style.opacity < 1)

    yield from visit(face.children, 1.0)


def _faces(deck: Deck) -> list[Scene]:
    return list(dict.fromkeys((*deck.fronts, *deck.backs)))


def iter_breaches(profile: Profile, deck: Deck) -> Iterator[Breach]:
    """Every requirement of ``profile`` that ``deck`` breaks, once each, worst case named."""
    service = profile.service
    product = profile.product_for(deck.width, deck.height)
    if product is None:
        sizes = ", ".join(f"{p.name} {p.width:g} x {p.height:g} mm" for p in profile.products)
        yield Breach("RS-R007", f"{service} has no card product of {deck.width:g} x "
                     f"{deck.height:g} mm for deck '{deck.id}', so --target {profile.id} writes "
                     f"no files for it", hint=f"{service} sizes known here: {sizes}")
        return
    reach = deck_bleed_reach(deck, profile.bleed)
    if reach < profile.bleed - 1e-6:
        yield Breach("RS-R011", f"deck '{deck.id}' has {reach:g} mm of artwork bleed; "
                     f"{service} asks for {profile.bleed:.3f} mm, and a picture or shape at "
                     "the edge of a face cannot be widened", hint="draw the face with "
                     f"print.bleed of {profile.bleed:.3f} mm (e.g. 0.125in) or more")
    marks = [m for face in _faces(deck) for m in _marks(face)]
    if profile.max_ink is not None:
        over = [m for m in marks if m.ink > profile.max_ink + 1e-6]
        if over:
            worst = max(over, key=lambda m: m.ink)
            colours = sorted({m.colour for m in over})
            yield Breach("RS-R008", f"deck '{deck.id}' prints {len(colours)} colour(s) above "
                         f"{service}'s {profile.max_ink:g} % total ink: {worst.colour} is "
                         f"{worst.ink:g} % (face '{worst.face}')",
                         hint="lighten or desaturate: " + ", ".join(colours[:6])
                         + (" ..." if len(colours) > 6 else ""))
    if profile.black_text_below is not None:
        coloured = [m for m in marks if m.text and m.size < profile.black_text_below
                    and any(v > 1e-6 for v in rgb_to_cmyk(m.colour)[:3])]
        if coloured:
            first = min(coloured, key=lambda m: m.size)
            yield Breach("RS-R009", f"deck '{deck.id}' has {len(coloured)} text(s) under "
                         f"{profile.black_text_below:g} pt in colour ink, which {service} asks "
                         f"in black (K) only: '{first.text[:30]}' {first.size:g} pt in "
                         f"{first.colour} (face '{first.face}')",
                         hint="set small text in black or a grey, or at "
                         f"{profile.black_text_below:g} pt or more")
    if profile.min_image_dpi is not None:
        soft = [m for m in marks if m.colour == "picture" and m.dpi < profile.min_image_dpi - 0.5]
        if soft:
            worst = min(soft, key=lambda m: m.dpi)
            yield Breach("RS-R010", f"deck '{deck.id}' has {len(soft)} picture(s) below "
                         f"{profile.min_image_dpi:g} dpi, {service}'s minimum: "
                         f"{worst.dpi:.0f} dpi on face '{worst.face}'",
                         hint="use a larger picture or give it a smaller box")
    if profile.no_transparency:
        seen = [m for m in marks if m.alpha]
        if seen:
            yield Breach("RS-R012", f"deck '{deck.id}' draws {len(seen)} see-through shape(s) "
                         f"(face '{seen[0].face}'); {service}'s PDF/X-1a files cannot hold "
                         "transparency", hint="use an opaque, lighter colour instead of opacity")
