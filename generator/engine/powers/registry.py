"""Powers registered by id: each module of :mod:`.gods` (and later role abilities)
declares one :class:`~.pieces.PowerSpec` named ``POWER``, with a JSON schema for its
parameters and a function that turns valid parameters into pieces.

>>> sorted(POWERS)[:3]
['apollo', 'artemis', 'athena']
>>> make_power("pan", {"levels": 3})
(WinByDescent(levels=3),)
"""
from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from generator.engine.powers.pieces import Piece, PowerSpec, TurnRules, compose

def discover(package: str) -> Mapping[str, PowerSpec]:
    """Id -> spec of every module of ``package`` that defines ``POWER`` (sorted, read-only)."""
    module = importlib.import_module(package)
    found: dict[str, PowerSpec] = {}
    for info in sorted(pkgutil.iter_modules(module.__path__), key=lambda i: i.name):
        if info.name.startswith("_"):
            continue
        spec = getattr(importlib.import_module(f"{package}.{info.name}"), "POWER", None)
        if not isinstance(spec, PowerSpec):
            continue
        if spec.id in found:
            raise ValueError(f"{package}: two modules register power '{spec.id}'")
        found[spec.id] = spec
    return MappingProxyType(dict(sorted(found.items())))


POWERS = discover("generator.engine.powers.gods")


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
