"""Counting calls of a function wherever the generator's modules imported it (the model
stage tests: a full check and build reads each document once)."""
from __future__ import annotations

import sys
from collections import Counter
from typing import Any, Callable

import pytest


def count_calls(monkeypatch: pytest.MonkeyPatch, module: Any, name: str,
                key: Callable[..., Any]) -> Counter[Any]:
    """Count calls of ``module.name`` by ``key(*args, **kwargs)``, in every loaded
    ``generator`` module that holds it (import a module first to have its calls counted)."""
    calls: Counter[Any] = Counter()
    real = getattr(module, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls[key(*args, **kwargs)] += 1
        return real(*args, **kwargs)

    for loaded in list(sys.modules.values()):
        if getattr(loaded, "__name__", "").startswith("generator") and \
                getattr(loaded, name, None) is real:
            monkeypatch.setattr(loaded, name, counted)
    return calls
