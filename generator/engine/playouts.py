"""Where the standard game's random playouts run: the numba kernel of
:mod:`.compiled_playouts` when numba is installed (the ``fast`` extra), else
Python; both play the same games from the same ``random.Random``.

``RIDDLESMITH_COMPILED=0`` (the switch the riddle solver's compiled core reads too)
keeps everything in Python. Importing this module does not import numba.
"""
from __future__ import annotations

import importlib.util
import os
import random
from typing import Any

COMPILED_ENV = "RIDDLESMITH_COMPILED"

_KERNEL: list[Any] = []


def numba_cached(dispatcher: Any) -> bool:
    """Whether numba's on-disk cache holds machine code for ``dispatcher`` (a jitted
    function), so its first call loads it instead of compiling. Reads numba's index
    through the dispatcher's cache object; when that private API is missing or has
    changed, says False (a compile notice too many, never a wrong result)."""
    cache = getattr(dispatcher, "_cache", None)
    index = getattr(getattr(cache, "_cache_file", None), "_load_index", None)
    if index is None:
        return False
    try:
        return bool(index())  # empty when missing or written for other sources
    except Exception:  # numba's private API changed
        return False


def compiled_off() -> str | None:
    """Why playouts do not go through the kernel (None: they do)."""
    if os.environ.get(COMPILED_ENV, "1") == "0":
        return f"{COMPILED_ENV}=0"
    if importlib.util.find_spec("numba") is None:
        return "numba is not installed"
    return None


def kernel() -> Any | None:
    """The compiled playout module, or None (see :func:`compiled_off`)."""
    if compiled_off() is not None:
        return None
    if not _KERNEL:
        from generator.engine import compiled_playouts

        _KERNEL.append(compiled_playouts)
    return _KERNEL[0]


def can_compile(rng: random.Random, size: int, workers: int) -> bool:
    """Whether the kernel draws exactly as ``rng`` would: a plain ``random.Random``
    (a subclass may draw otherwise), a map of at most 64 squares, two workers a player."""
    return type(rng) is random.Random and size <= 64 and workers >= 4


__all__ = ["COMPILED_ENV", "can_compile", "compiled_off", "kernel"]
