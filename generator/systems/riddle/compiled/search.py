"""The proof search through the compiled core, its line replayed by the Python rules.

:func:`compiled_astar` runs :func:`.kernel.astar` on a riddle objective when numba
is installed and :func:`~.flat.unsupported` accepts the game, then replays the
kernel's line through :meth:`RiddleGame.successors` from :meth:`RiddleGame.starts`
(each step takes the first Python child whose :func:`~.flat.encode` equals the
kernel's), so the result is an ordinary
:class:`~generator.sim.search.SearchResult` of Python states and actions whose
every step the real rules made. A replay that finds no such child is a bug in the
kernel: it raises, never answers.

It answers only what the Python :func:`~generator.sim.search.astar` would answer
alike: a line found (A* with an admissible bound finds a shortest one), or no line
at all (``exhausted``, without a turn horizon). When the kernel stops on a limit
(states, memory, seconds), on the horizon, or on a count its key cannot hold, it
returns None and the caller runs the Python search.

``RIDDLESMITH_COMPILED=0`` in the environment turns the compiled path off.
"""
from __future__ import annotations

import hashlib
import os
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from generator.sim.search import EXHAUSTED, FOUND, SearchResult, stored_limit
from generator.systems.riddle.compiled.flat import encode, pack, tables, unsupported

if TYPE_CHECKING:
    from generator.systems.riddle.bookkeeping import Action
    from generator.systems.riddle.game import RiddleGame
    from generator.systems.riddle.state import RiddleState

ENV = "RIDDLESMITH_COMPILED"


class ReplayError(RuntimeError):
    """The kernel's line does not follow the Python rules (a bug in the kernel)."""


SOURCES = ("base.py", "build.py", "demand.py", "flat.py", "goals.py", "kernel.py", "pieces.py",
           "slots.py", "table.py")
"""The files the compiled functions are made of (their digest names the JIT cache)."""


def cache_dir() -> Path:
    """Where numba keeps the compiled kernel: one directory per digest of
    :data:`SOURCES`. (numba's own cache checks only the file of each function, not
    the constants and functions it takes from the others: an edit there would load
    stale machine code.) Under ``$XDG_CACHE_HOME`` (default ``~/.cache``)."""
    digest = hashlib.sha256()
    here = Path(__file__).parent
    for name in SOURCES:
        digest.update((here / name).read_bytes())
    root = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return root / "riddlesmith" / f"numba-{digest.hexdigest()[:16]}"


def kernel_module() -> Any | None:
    """The compiled kernel module, or None when numba is missing or the path is off."""
    if os.environ.get(ENV, "1") == "0":
        return None
    try:
        from numba.core import config
    except ImportError:
        return None
    if not os.environ.get("NUMBA_CACHE_DIR") and "kernel" not in _LOADED:
        setattr(config, "CACHE_DIR", str(cache_dir()))  # read when the kernel is decorated
    from generator.systems.riddle.compiled import kernel
    _LOADED.add("kernel")
    return kernel


_LOADED: set[str] = set()


def why_not(game: RiddleGame) -> str | None:
    """None when :func:`compiled_astar` can run ``game``; else why not."""
    if kernel_module() is None:
        return "numba is not installed" if os.environ.get(ENV, "1") != "0" \
            else f"{ENV}=0"
    return unsupported(game)


def compiled_astar(game: RiddleGame, budget: int, max_cost: int | None,
                   seconds: float | None, clock: dict[str, float] | None = None
                   ) -> SearchResult[RiddleState, Action] | None:
    """:func:`~generator.sim.search.astar` on ``game`` through the compiled core, or
    None when it cannot answer as the Python search would (see the module docs).
    ``clock`` (for the benchmark) gets the kernel's own CPU seconds under ``kernel``."""
    kernel = kernel_module()
    if kernel is None or unsupported(game) is not None:
        return None
    started = time.perf_counter()
    t = pack(tables(game))
    starts = tuple(game.starts())
    flat = np.array([encode(s) for s in starts], dtype=np.int64)
    cpu = time.process_time()
    status, goal, expanded, generated, nodes, parents = kernel.astar(
        flat, t, budget, -1 if max_cost is None else max_cost, stored_limit(budget),
        -1.0 if seconds is None else seconds)
    if clock is not None:
        clock["kernel"] = time.process_time() - cpu
    if status == kernel.FOUND:
        line: list[np.ndarray] = []
        node = int(goal)
        while node >= 0:
            line.append(nodes[node])
            node = int(parents[node])
        line.reverse()
        states, actions = replay(game, starts, line)
        return SearchResult(FOUND, len(actions), actions, states, int(expanded),
                            int(generated), time.perf_counter() - started)
    if status == kernel.EXHAUSTED and max_cost is None:
        return SearchResult(EXHAUSTED, None, (), (), int(expanded), int(generated),
                            time.perf_counter() - started)
    return None


def replay(game: RiddleGame, starts: tuple[RiddleState, ...], line: list[np.ndarray]
           ) -> tuple[tuple[RiddleState, ...], tuple[Action, ...]]:
    """The Python states and actions of a kernel line (raises :class:`ReplayError`)."""
    state = next((s for s in starts if np.array_equal(encode(s), line[0])), None)
    if state is None:
        raise ReplayError("the compiled line starts from no start state of the game")
    states = [state]
    actions: list[Action] = []
    for step, want in enumerate(line[1:], 1):
        for action, child in game.successors(state):
            if np.array_equal(encode(child), want):
                state = child
                break
        else:
            raise ReplayError(f"step {step} of the compiled line is no legal turn")
        states.append(state)
        actions.append(action)
    if not game.is_goal(state):
        raise ReplayError("the compiled line does not reach the objective")
    return tuple(states), tuple(actions)


__all__ = ["ENV", "ReplayError", "compiled_astar", "kernel_module", "replay", "why_not"]
