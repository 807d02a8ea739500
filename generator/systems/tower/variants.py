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
``swap-with-enemy``       easy      Apollo: the builder may move onto an enemy, which takes
                                    the builder's old space.
``second-build``          easy      Demeter: one more build, on another space.
``level-walk``            easy      Hermes: every builder may walk any number of spaces
                                    (none included) without changing level; then one
                                    of them builds.
``build-before-move``     easy      Prometheus: a builder that does not move up may build
                                    before moving too.
``remove-block``          easy      Ares: after building, take a block off a space next to
                                    the builder that did not move.
``force-enemy``           easy      Charon: before moving, send an enemy next to the builder
                                    to the space straight across it.
``inland-build``          easy      Hestia: one more build, not on the map's edge.
``stored-builds``         easy      Morpheus: a piece a turn goes on the card; build with
                                    any number of them instead of the usual build.
``ground-build``          easy      Poseidon: the builder that did not move, on the
                                    ground, may build up to three times.
``edge-run``              easy      Triton: each step onto the map's edge allows another.
``build-underfoot``       easy      Zeus: the builder may build a block under itself.
``push-building``         expert    Minotaur: an enemy walking into a higher building
                                    pushes it one space on.
``stay-near-enemy``       expert    Aphrodite: a builder that starts next to an enemy
                                    must end its move next to one.
``pull-across``           expert    Charon: before moving, each enemy sends the builders
                                    next to it to the space across itself.
``highest-sleeps``        expert    Hypnus: a builder higher than the other cannot move.
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


def _no_build_near_enemy(rules: Rules, params: Mapping[str, Any]) -> Rules:
    return replace(rules, build_ban_near_enemy=True,
                   build_ban_diagonal=bool(params.get("diagonal", False)),
                   build_ban_except_domes=bool(params.get("except_domes", True)))


def _flag(field: str) -> Callable[[Rules, Mapping[str, Any]], Rules]:
    """A hook that turns one boolean field of :class:`Rules` on."""
    def apply(rules: Rules, params: Mapping[str, Any]) -> Rules:
        return replace(rules, **{field: True})  # type: ignore[arg-type]
    return apply


HOOKS: Mapping[str, Hook] = MappingProxyType({h.name: h for h in (
    Hook("double-attack", EXPERT, "Hestia",
         "an attack die per enemy: on the given faces it attacks twice", _double_attack),
    Hook("attack-own-space", EXPERT, "Zeus",
         "each attack also removes the top piece under the enemy", _flag("attack_own_space")),
    Hook("no-build-near-enemy", EXPERT, "Limus",
         "no build orthogonally next to an enemy unless it is a dome",
         _no_build_near_enemy),
    Hook("swap-with-builder", EXPERT, "Apollo",
         "an enemy stepping into a builder swaps places with it",
         _flag("swap_with_builder")),
    Hook("extra-move", EASY, "Artemis",
         "the builder may move one more space, not back to its start",
         _flag("extra_move")),
    Hook("extra-block", EASY, "Hephaestus",
         "the builder may build one more block (not a dome) on the same space",
         _flag("extra_block_same_space")),
    Hook("swap-with-enemy", EASY, "Apollo",
         "the builder may move onto an enemy, which takes its old space",
         _flag("move_into_enemy")),
    Hook("second-build", EASY, "Demeter", "one more build, on another space",
         _flag("second_build_elsewhere")),
    Hook("level-walk", EASY, "Hermes",
         "every builder may walk any number of spaces on its own level, then one builds",
         _flag("level_moves")),
    Hook("build-before-move", EASY, "Prometheus",
         "a builder that does not move up may build before moving too",
         _flag("build_before_move")),
    Hook("remove-block", EASY, "Ares",
         "take a block off a space next to the builder that did not move",
         _flag("remove_block_unmoved")),
    Hook("force-enemy", EASY, "Charon",
         "before moving, send an enemy next to the builder across it", _flag("force_enemy")),
    Hook("inland-build", EASY, "Hestia", "one more build, not on the map's edge",
         _flag("extra_build_inland")),
    Hook("stored-builds", EASY, "Morpheus",
         "a piece a turn goes on the card; build with any number of them",
         _flag("stored_builds")),
    Hook("ground-build", EASY, "Poseidon",
         "the builder that did not move, on the ground, may build up to three times",
         _flag("unmoved_ground_build")),
    Hook("edge-run", EASY, "Triton", "each step onto the map's edge allows another",
         _flag("perimeter_moves")),
    Hook("build-underfoot", EASY, "Zeus", "the builder may build a block under itself",
         _flag("build_under_self")),
    Hook("push-building", EXPERT, "Minotaur",
         "an enemy walking into a higher building pushes it one space on",
         _flag("enemy_push")),
    Hook("stay-near-enemy", EXPERT, "Aphrodite",
         "a builder that starts next to an enemy must end its move next to one",
         _flag("stay_near_enemy")),
    Hook("pull-across", EXPERT, "Charon",
         "before moving, each enemy sends the builders next to it across itself",
         _flag("charon_pulls")),
    Hook("highest-sleeps", EXPERT, "Hypnus", "a builder higher than the other cannot move",
         _flag("highest_frozen")),
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
