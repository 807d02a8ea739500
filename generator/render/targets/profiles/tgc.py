"""The Game Crafter (thegamecrafter.com): poker cards as one PNG per face.

Source: the Poker Deck product page and its templates,
https://www.thegamecrafter.com/make/products/PokerDeck : a 2.5 x 3.5 in card
is uploaded as an 825 x 1125 px image (300 dpi, 1/8 in bleed on every side).
Only the poker product is listed here: a deck of any other size is refused by
the preflight (RS-R007) rather than guessed at.

Checked against: issue 26 section 3, which states these figures. The page above
could not be re-read when this profile was written (no copy was reachable from
the build machine); check it before relying on a figure it may have changed.

File names: no naming convention could be confirmed from the service's page;
the images follow the ``pro`` target's names (``01-<face>.png``, backs
``back-01-<face>.png``) and ``cards.csv`` gives each front's back and copies.
"""
from __future__ import annotations

from ..profile import Product, Profile

PROFILE = Profile(
    id="tgc",
    service="The Game Crafter",
    source="https://www.thegamecrafter.com/make/products/PokerDeck",
    files="png",
    bleed=25.4 / 8,
    products=(Product("PokerDeck", 63.5, 88.9),),
    dpi=300,
    min_image_dpi=300,
)
