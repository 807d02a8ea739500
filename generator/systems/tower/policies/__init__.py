"""Playing policies for Santowerini playtests, one module per policy.

A policy chooses the player's action: ``policy(game, state, actions, rng) ->
action`` (the engine's :data:`~generator.systems.tower.engine.Policy`), where
``actions`` is the non-empty list from ``engine.list_actions`` and ``rng`` is
the game's own ``random.Random`` (policies draw from nothing else).

Each module of this package whose name does not start with ``_`` is a
policy: it defines ``POLICY``, a :class:`PolicySpec` whose ``make(game)``
returns the policy for one game (so tables about the map are built once per
game, not per move). Adding a policy is adding one module and its name to
:data:`POLICY_MODULES`.

- ``random``: a uniformly random legal action (the baseline);
- ``greedy``: a documented one-move heuristic (crush, keep buildings and
  builders alive, block the enemies' way to target zones);
- ``lookahead``: expectimax over the dice of the next enemy turn, using the
  engine's exact chance node, for the greedy player's best actions;
- ``lookahead_all``: the same expectimax over every legal action.

>>> policy_names()
('greedy', 'lookahead', 'lookahead_all', 'random')
>>> load_policy("random").name
'random'
"""
from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass

from generator.systems.tower.engine import Game, Policy

DEFAULT_POLICY = "greedy"


@dataclass(frozen=True, slots=True)
class PolicySpec:
    """A named policy: ``make(game)`` returns the policy function for that game."""

    name: str
    summary: str
    make: Callable[[Game], Policy]


POLICY_MODULES = ("greedy", "lookahead", "lookahead_all", "random")
"""Every policy module of this package, sorted: an explicit table (imported on first
use, as the lookahead's compiled kernel is slow to import), which a test compares with
the package's modules."""


def policy_names() -> tuple[str, ...]:
    """Every policy module of this package, sorted."""
    return POLICY_MODULES


def load_policy(name: str) -> PolicySpec:
    """The policy called ``name``; KeyError (listing the known ones) when there is none."""
    names = policy_names()
    if name not in names:
        raise KeyError(f"unknown policy '{name}' (policies: {', '.join(names)})")
    spec = importlib.import_module(f"{__name__}.{name}").POLICY
    if not isinstance(spec, PolicySpec) or spec.name != name:
        raise KeyError(f"module '{name}' does not define POLICY = PolicySpec('{name}', ...)")
    return spec


__all__ = ["DEFAULT_POLICY", "PolicySpec", "load_policy", "policy_names"]
