"""The compiled core's machine code: whether numba's cache already holds it, compiling
it ahead of the first proof (``riddlesmith warm``), making it ready in a process
before a proof's CPU clock runs (:func:`load_core`), and one notice before a proof
compiles it.

numba compiles the kernel on its first call (about 27 s of CPU) and keeps the machine
code under :func:`.search.cache_dir`; every later process loads it (about 0.4 s). A
command that compiles it says so first, once per process, through the notice it was
given (:data:`~generator.systems.riddle.cache.COMPILE_NOTICE`), so that a first check
does not look like a hang. Importing this module does not import numba.
"""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from generator.systems.riddle.cache import COMPILE_NOTICE, compiled_core_off

COMPILING = ("compiling the riddle solver's core once, about 30 s of CPU "
             "(later runs load it from {where})")
"""The notice a command gives before a proof compiles the kernel."""

PROBE = """kind: riddle
id: warm
number: 1
title: Warm
island: x
map:
  grid: |
    W . .
    . . .
coins:
  - {at: C2, colour: silver, levels: [2]}
objectives:
  - tier: silver
    slots: {silver: 1}
"""
"""A riddle the kernel supports, solved once to compile it (one signature serves all)."""

_ANNOUNCED: set[str] = set()
_READY: set[str] = set()


def jit_cached(kernel: Any) -> bool:
    """Whether numba's cache holds machine code for the kernel's sources, so a call loads
    it instead of compiling. (Reads numba's index through its cache object; when that
    is not there, a file of the index standing for the search counts.)"""
    from generator.engine.playouts import numba_cached

    return numba_cached(kernel.astar)


def announce(notice: Callable[[str], None] | None = None) -> None:
    """Before the first compiled search of this process: give the notice
    (``notice``, else :data:`COMPILE_NOTICE`'s) when the kernel is not compiled yet."""
    if "kernel" in _ANNOUNCED:
        return
    _ANNOUNCED.add("kernel")
    say = notice or COMPILE_NOTICE.get()
    if say is None:
        return
    from generator.systems.riddle.compiled.search import cache_dir, kernel_module

    kernel = kernel_module()
    if kernel is not None and not jit_cached(kernel):
        say(COMPILING.format(where=cache_dir()))


def load_core(notice: Callable[[str], None] | None = None) -> float:
    """Make the kernel ready in this process, once: compile it (about 27 s of CPU, with
    the notice of :func:`announce`) or load it from numba's cache (about 0.4 s) by
    solving :data:`PROBE`. Returns the CPU seconds that took (0.0 when it was ready
    already, or when numba cannot be imported).

    A proof calls it before it starts the compiled search and leaves those seconds out
    of the objective's CPU-seconds cap (issue 22 §4): what a cap cuts must not depend on
    whether this process, or this machine, compiled the core first."""
    if "kernel" in _READY:
        return 0.0
    cpu = time.process_time()
    from generator.systems.riddle.compiled.search import compiled_astar, kernel_module

    _READY.add("kernel")
    if kernel_module() is None:
        return time.process_time() - cpu
    announce(notice)
    compiled_astar(probe_game(), 1, None, None)
    return time.process_time() - cpu


def warm(notice: Callable[[str], None] | None = None) -> str:
    """Compile the kernel now, or load it when numba's cache holds it; one line says
    which and how long it took (CPU seconds), or why there is nothing to do."""
    off = compiled_core_off()
    if off is not None:
        return f"the riddle solver's compiled core is off ({off}): nothing to compile"
    cpu = time.process_time()
    from generator.systems.riddle.compiled.search import cache_dir, compiled_astar, kernel_module

    kernel = kernel_module()
    if kernel is None:  # numpy or numba could not be imported
        return "the riddle solver's compiled core could not be loaded: nothing compiled"
    cached = jit_cached(kernel)
    if not cached:
        announce(notice)
    _ANNOUNCED.add("kernel")
    compiled_astar(probe_game(), 1, None, None)
    _READY.add("kernel")
    spent = time.process_time() - cpu
    done = "loaded from" if cached else "compiled into"
    return f"the riddle solver's compiled core {done} {cache_dir()} in {spent:.1f} s of CPU"


def probe_game() -> Any:
    """:data:`PROBE`'s objective as a :class:`~..game.RiddleGame`."""
    from generator.pack.model import Document
    from generator.pack.yamlload import load_yaml
    from generator.systems.riddle.context import compile_riddle
    from generator.systems.riddle.game import RiddleGame
    from generator.systems.riddle.model import build_riddle

    yaml_doc = load_yaml(PROBE, "warm.yaml").documents[0]
    riddle, _ = build_riddle(Document("riddle", "warm", "warm.yaml", yaml_doc), PROBE)
    assert riddle is not None, "the probe riddle is valid"
    return RiddleGame(compile_riddle(riddle, 1), 0)


__all__ = ["COMPILING", "announce", "jit_cached", "load_core", "probe_game", "warm"]
