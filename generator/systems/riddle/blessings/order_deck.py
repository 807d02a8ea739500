"""``order-deck``: look at the top three cards of the god deck and put them back in any
order. Not searched: those cards are hidden information (the deck's order is
unknown), and the solver never relies on a card drawn from the god deck."""
from __future__ import annotations

from generator.systems.riddle.blessings._common import BlessingPower

BLESSING = BlessingPower("order-deck", "reorder the god deck's top cards", searched=False,
                         why="it reorders hidden cards of the god deck")
