"""The ``random`` policy: a uniformly random legal action, the baseline of every playtest.

It draws exactly one number per decision from the game's ``random.Random``.
"""
from __future__ import annotations

from generator.systems.tower.engine import Game, Policy, random_policy
from generator.systems.tower.policies import PolicySpec


def make_random(game: Game) -> Policy:
    """The engine's uniform policy (no per-game tables)."""
    return random_policy


POLICY = PolicySpec("random", "a uniformly random legal action", make_random)

__all__ = ["POLICY", "make_random"]
