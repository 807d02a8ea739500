"""Powers registered by id: each module of :mod:`.gods` and of :mod:`.abilities`
declares one :class:`~.pieces.PowerSpec` named ``POWER``, with a JSON schema for its
parameters and a function that turns valid parameters into pieces; :data:`GODS` and
:data:`ABILITIES` list them explicitly.

>>> sorted(GODS)[:3]
['apollo', 'artemis', 'athena']
>>> make_power("pan", {"levels": 3})
(WinByDescent(levels=3),)
"""
from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from generator.engine.powers.abilities import (
    both_workers_act,
    build_around,
    build_same_twice,
    build_skyscraper_first,
    build_two_spaces,
    build_under,
    force_compass,
    force_into_vacated,
    force_line,
    force_onto_build,
    leap,
    move_beside_skyscraper,
    order_move,
    place_skyscraper,
    pull,
    push_away,
    push_into,
    slide,
    win_by_descent,
    win_by_dome,
)
from generator.engine.powers.gods import (
    apollo,
    artemis,
    athena,
    atlas,
    demeter,
    hephaestus,
    hermes,
    minotaur,
    pan,
    prometheus,
)
from generator.engine.powers.pieces import Piece, PowerSpec, TurnRules, compose

def table(package: str, specs: tuple[PowerSpec, ...]) -> Mapping[str, PowerSpec]:
    """Id -> spec of ``specs`` (sorted, read-only); two specs of one id are refused.

    >>> sorted(table("x", (pan.POWER,)))
    ['pan']
    """
    found: dict[str, PowerSpec] = {}
    for spec in specs:
        if spec.id in found:
            raise ValueError(f"{package}: two modules register power '{spec.id}'")
        found[spec.id] = spec
    return MappingProxyType(dict(sorted(found.items())))


def _merge(*registries: Mapping[str, PowerSpec]) -> Mapping[str, PowerSpec]:
    merged: dict[str, PowerSpec] = {}
    for registry in registries:
        for power, spec in registry.items():
            if power in merged:
                raise ValueError(f"two packages register power '{power}'")
            merged[power] = spec
    return MappingProxyType(dict(sorted(merged.items())))


# Explicit tables, one entry per module, so grep and mypy see every power (a new
# module is added here; a test compares the tables with the packages' modules).
GODS = table("gods", (
    apollo.POWER,
    artemis.POWER,
    athena.POWER,
    atlas.POWER,
    demeter.POWER,
    hephaestus.POWER,
    hermes.POWER,
    minotaur.POWER,
    pan.POWER,
    prometheus.POWER,
))
ABILITIES = table("abilities", (
    both_workers_act.POWER,
    build_around.POWER,
    build_same_twice.POWER,
    build_skyscraper_first.POWER,
    build_two_spaces.POWER,
    build_under.POWER,
    force_compass.POWER,
    force_into_vacated.POWER,
    force_line.POWER,
    force_onto_build.POWER,
    leap.POWER,
    move_beside_skyscraper.POWER,
    order_move.POWER,
    place_skyscraper.POWER,
    pull.POWER,
    push_away.POWER,
    push_into.POWER,
    slide.POWER,
    win_by_descent.POWER,
    win_by_dome.POWER,
))
POWERS = _merge(GODS, ABILITIES)
"""Every registered power: the ten gods and the role-ability vocabulary."""


def parameter_problems(power: str, params: Mapping[str, Any]) -> list[str]:
    """What is wrong with ``params`` for ``power`` (empty when they are valid)."""
    spec = POWERS.get(power)
    if spec is None:
        return [f"unknown power '{power}' (known: {', '.join(POWERS)})"]
    from jsonschema import Draft202012Validator  # imported here: only parameters need it

    validator = Draft202012Validator(dict(spec.schema))
    return [
        f"{power}: {'/'.join(map(str, e.absolute_path)) or 'parameters'}: {e.message}"
        for e in sorted(validator.iter_errors(dict(params)), key=lambda e: list(e.path))
    ]


def make_power(power: str, params: Mapping[str, Any] | None = None) -> tuple[Piece, ...]:
    """The pieces of ``power`` with ``params`` (``ValueError`` when they are invalid)."""
    params = {} if params is None else params
    problems = parameter_problems(power, params)
    if problems:
        raise ValueError("; ".join(problems))
    return POWERS[power].make(params)


def rules_for(powers: tuple[str, ...]) -> TurnRules:
    """The composed rules of powers held with default parameters, in the given order."""
    return compose((power, make_power(power)) for power in powers)
