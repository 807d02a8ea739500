"""The ``lookahead_all`` policy: the ``lookahead``'s expectimax over every legal action.

The ``lookahead`` searches the greedy player's
:data:`~generator.systems.tower.policies.lookahead.CANDIDATES` best actions (and every
crush); this player values every action the same way (the exact chance node of the
next enemy turn, the same static value, the same tie-breaks), so it never misses a
move the greedy score ranks low. It is the strongest reference player and the
slowest: on the last shipped scenario it wins 60.6 % of 1,000 games against the
``lookahead``'s 46.6 % (a gap of +14.0 points, 95 % interval +9.6 to +18.3) at about
a sixth of its speed (README, "Players of rising skill").
"""
from __future__ import annotations

from generator.systems.tower.engine import Game, Policy
from generator.systems.tower.policies import PolicySpec
from generator.systems.tower.policies.lookahead import make_lookahead


def make_lookahead_all(game: Game) -> Policy:
    """The lookahead over every action, for ``game``."""
    return make_lookahead(game, candidates=None)


POLICY = PolicySpec("lookahead_all", "the lookahead's expectimax over every legal action, not "
                    "only the greedy player's best", make_lookahead_all)

__all__ = ["POLICY", "make_lookahead_all"]
