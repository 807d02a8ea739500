"""MakePlayingCards (makeplayingcards.com): poker cards as one PNG per face.

Source: the image-size table of their poker-size custom cards,
https://www.makeplayingcards.com/design/custom-blank-card.html : a 2.5 x 3.5 in
card is uploaded as an 822 x 1122 px image at 300 dpi, so the bleed is
(822 / 300 - 2.5) / 2 = 0.12 in on every side. Only the poker product is listed:
a deck of any other size is refused by the preflight (RS-R007).

Checked against: issue 26 section 3, which states these figures. The page above
could not be re-read when this profile was written (no copy was reachable from
the build machine); check it before relying on a figure it may have changed.
"""
from __future__ import annotations

from ..profile import Product, Profile

PROFILE = Profile(
    id="mpc",
    service="MakePlayingCards",
    source="https://www.makeplayingcards.com/design/custom-blank-card.html",
    files="png",
    bleed=0.12 * 25.4,
    products=(Product("poker", 63.5, 88.9),),
    dpi=300,
    min_image_dpi=300,
)
