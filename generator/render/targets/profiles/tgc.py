"""The Game Crafter (thegamecrafter.com): poker cards as one PNG per face.

Source: the Poker Deck product page and its templates,
https://www.thegamecrafter.com/make/products/PokerDeck : a 2.5 x 3.5 in card
is uploaded as an 825 x 1125 px image (300 dpi, 1/8 in bleed on every side).
Only the poker product is listed here: a deck of any other size is refused by
the preflight (RS-R007) rather than guessed at.
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
