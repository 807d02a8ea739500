"""``extra-turn``: the same player plays the next turn too (each of the two turns is a
turn: it counts, and the end-of-turn effects apply after each). With one player
every turn is theirs, so the card changes nothing there."""
from __future__ import annotations

from generator.systems.riddle.blessings._common import BlessingPower

BLESSING = BlessingPower("extra-turn", "the same player plays again", extra_turn=True)
