"""The examples in the engine's docstrings run and hold."""
from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "generator.engine",
    "generator.engine.geometry",
    "generator.engine.state",
    "generator.engine.moves",
    "generator.engine.standard",
    "generator.engine.powers.pieces",
    "generator.engine.powers.registry",
    "generator.engine.powers.turn",
    "generator.engine.powers.game",
    "generator.engine.powers.patterns",
    "generator.engine.powers.draw",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    assert result.attempted > 0
