"""What a print service asks of the files it is sent, as data: one :class:`Profile`
per service (``profiles/<id>.py``), read by the writer (:mod:`.service`) and the
preflight (:mod:`.preflight`).

>>> poker = Product("poker", 63.5, 88.9)
>>> p = Profile("x", "X", "https://example.com", "png", 3.175, (poker,))
>>> p.product_for(63.5, 88.9).name, p.product_for(30, 30), p.pixels(poker)
('poker', None, (825, 1125))
"""
from __future__ import annotations

from dataclasses import dataclass

SIZE_TOLERANCE = 0.3
"""How far (mm) a deck's trim may be from a product's and still be that product."""


@dataclass(frozen=True, slots=True)
class Product:
    """A card product of a service: its trim size (mm, portrait)."""

    name: str
    width: float
    height: float


@dataclass(frozen=True, slots=True)
class OutputIntent:
    """A PDF/X output intent: the printing condition the CMYK values are meant for."""

    identifier: str
    registry: str
    info: str


@dataclass(frozen=True, slots=True)
class Profile:
    """One service's written requirements for card files.

    ``files``: ``png`` (one image per face, ``dpi`` pixels per inch, trim plus
    ``bleed`` on every side) or ``pdf`` (one face per page, CMYK, TrimBox and
    BleedBox). ``max_ink``: the highest total area coverage (C+M+Y+K, %) of
    anything drawn; ``black_text_below``: text smaller than this (pt) must be
    black ink only; ``back_first``: the PDF starts with the card back.
    """

    id: str
    service: str
    source: str
    files: str
    bleed: float
    products: tuple[Product, ...]
    dpi: int = 300
    max_ink: float | None = None
    black_text_below: float | None = None
    min_image_dpi: float | None = None
    back_first: bool = False
    output_intent: OutputIntent | None = None
    no_transparency: bool = False

    def product_for(self, width: float, height: float) -> Product | None:
        """The product whose trim is ``width`` x ``height`` mm (either way up), or None."""
        for p in self.products:
            for w, h in ((width, height), (height, width)):
                if abs(p.width - w) <= SIZE_TOLERANCE and abs(p.height - h) <= SIZE_TOLERANCE:
                    return p
        return None

    def pixels(self, product: Product) -> tuple[int, int]:
        """The image size (px) of one face of ``product``, bleed included."""
        return (round((product.width + 2 * self.bleed) / 25.4 * self.dpi),
                round((product.height + 2 * self.bleed) / 25.4 * self.dpi))
