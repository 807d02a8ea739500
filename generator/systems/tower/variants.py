"""God-card variants as named rule hooks: each hook turns a :class:`~.rules.Rules`
value into another, so the engine reads flags and never asks which god is in play.

A ``tower-variant`` document names its hooks with their parameters::

    hooks:
      double-attack: {faces: [1, 6]}

========================  ========  ==========================================================
hook                      side      what it does (parameters)
========================  ========  ==========================================================
``double-attack``         expert    Hestia: an attack die per enemy; on ``faces`` (default
                                    1 and 6) the enemy attacks twice.
``attack-own-space``      expert    Zeus: each attack also removes the top piece of the
                                    building the enemy stands on.
``no-build-near-enemy``   expert    Limus: no build orthogonally next to an enemy
                                    (``diagonal: true`` adds diagonals) unless the piece is
                                    a dome (``except_domes``, default true); a crush, on
                                    the enemy's own space, stays allowed.
``swap-with-builder``     expert    Apollo: an enemy stepping into a builder swaps places
                                    with it instead of defeating it.
``extra-move``            easy      Artemis: the builder may move one more space, not back
                                    to where it started.
``extra-block``           easy      Hephaestus: the builder may build one more block (not a
                                    dome) on the space it built on.
========================  ========  ==========================================================

>>> rules = apply_hooks(BASE_RULES, [("double-attack", {})], "hestia")
>>> rules.double_attack_faces, rules.variants
((1, 6), ('hestia',))
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from generator.systems.tower.rules import BASE_RULES, DIE_FACES, Rules

EASY, EXPERT = "easy", "expert"


@dataclass(frozen=True, slots=True)
class Hook:
    """A named rule modifier."""

    name: str
    side: str  # EASY: it helps the builders; EXPERT: it helps the enemies
    god: str  # the base-game god card it adapts
    summary: str
    apply: Callable[[Rules, Mapping[str, Any]], Rules]


def _double_attack(rules: Rules, params: Mapping[str, Any]) -> Rules:
    faces = tuple(sorted({int(f) for f in params.get("faces", (1, 6)) if f in DIE_FACES}))
    return replace(rules, double_attack_faces=faces)


def _attack_own_space(rules: Rules, params: Mapping[str, Any]) -> Rules:
    return replace(rules, attack_own_space=True)


def _no_build_near_enemy(rules: Rules, params: Mapping[str, Any]) -> Rules:
    return replace(rules, build_ban_near_enemy=True,
                   build_ban_diagonal=bool(params.get("diagonal", False)),
                   build_ban_except_domes=bool(params.get("except_domes", True)))


def _swap_with_builder(rules: Rules, params: Mapping[str, Any]) -> Rules:
    return replace(rules, swap_with_builder=True)


def _extra_move(rules: Rules, params: Mapping[str, Any]) -> Rules:
    return replace(rules, extra_move=True)


def _extra_block(rules: Rules, params: Mapping[str, Any]) -> Rules:
    return replace(rules, extra_block_same_space=True)


HOOKS: Mapping[str, Hook] = MappingProxyType({h.name: h for h in (
    Hook("double-attack", EXPERT, "Hestia",
         "an attack die per enemy: on the given faces it attacks twice", _double_attack),
    Hook("attack-own-space", EXPERT, "Zeus",
         "each attack also removes the top piece under the enemy", _attack_own_space),
    Hook("no-build-near-enemy", EXPERT, "Limus",
         "no build orthogonally next to an enemy unless it is a dome",
         _no_build_near_enemy),
    Hook("swap-with-builder", EXPERT, "Apollo",
         "an enemy stepping into a builder swaps places with it", _swap_with_builder),
    Hook("extra-move", EASY, "Artemis",
         "the builder may move one more space, not back to its start", _extra_move),
    Hook("extra-block", EASY, "Hephaestus",
         "the builder may build one more block (not a dome) on the same space", _extra_block),
)})
"""Every hook by name (read-only)."""


def apply_hooks(rules: Rules, hooks: Iterable[tuple[str, Mapping[str, Any]]],
                name: str = "") -> Rules:
    """``rules`` with each (hook, parameters) applied in order (unknown hooks: KeyError)."""
    for hook, params in hooks:
        rules = HOOKS[hook].apply(rules, params)
    if name:
        rules = replace(rules, variants=rules.variants + (name,))
    return rules


def hook_sides(hooks: Iterable[str]) -> set[str]:
    """The sides (easy, expert) of the named hooks."""
    return {HOOKS[h].side for h in hooks if h in HOOKS}


__all__ = ["BASE_RULES", "EASY", "EXPERT", "HOOKS", "Hook", "apply_hooks", "hook_sides"]
