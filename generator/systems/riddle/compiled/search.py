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

Its memory cap is its own, in bytes (:data:`BYTES_AT_MOST`), not the Python search's
count of held states (:func:`~generator.sim.search.stored_limit`, fitted to Python
states of a kilobyte or more): a compiled state is a row of int64 words.

``RIDDLESMITH_COMPILED=0`` in the environment turns the compiled path off.
"""
from __future__ import annotations

import hashlib
import os
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from generator.sim.search import EXHAUSTED, FOUND, SearchResult
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


BYTES_AT_MOST = 1 << 30
"""Bytes the compiled search may hold (1 GiB: its states, parent links, transposition
table and open list, :data:`BYTES_PER_STATE` each); past them it stops with the
memory status and the caller runs the Python search."""


def bytes_per_state() -> int:
    """What one held state may cost at most: its row and parent link (twice over
    while the arrays double, and once more for the copy returned), four slots of the
    half-full transposition table (key, hash, value) and its open-list entry."""
    from generator.systems.riddle.compiled.flat import WIDTH
    from generator.systems.riddle.compiled.table import KEY_WORDS

    return 8 * (3 * (WIDTH + 1) + 4 * (KEY_WORDS + 2) + 3)


def held_at_most(limit: int | None = None) -> int:
    """States the compiled search may hold within ``limit`` bytes (default
    :data:`BYTES_AT_MOST`); at least one."""
    return max(1, (BYTES_AT_MOST if limit is None else limit) // bytes_per_state())


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
                   seconds: float | None, clock: dict[str, float] | None = None,
                   memory: int | None = None, why: list[str] | None = None
                   ) -> SearchResult[RiddleState, Action] | None:
    """:func:`~generator.sim.search.astar` on ``game`` through the compiled core, or
    None when it cannot answer as the Python search would (see the module docs).
    ``memory`` caps the bytes it holds (default :data:`BYTES_AT_MOST`); ``why`` gets
    which limit stopped it, when one did (:func:`stop_reason`).
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
        flat, t, budget, -1 if max_cost is None else max_cost, held_at_most(memory),
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
    said = stop_reason(kernel, int(status), int(expanded), budget, len(nodes), memory)
    if why is not None and said:
        why.append(said)
    return None


def stop_reason(kernel: Any, status: int, expanded: int, budget: int, held: int,
                memory: int | None = None) -> str:
    """Which limit stopped the kernel, in words (``""`` for the horizon)."""
    limit = BYTES_AT_MOST if memory is None else memory
    size = f"{limit / 2**20:,.0f} MiB" if limit >= 2**20 else f"{limit:,} bytes"
    which = {kernel.BUDGET_STATES: f"its state cap ({budget:,} expanded)",
             kernel.BUDGET_MEMORY: f"its memory cap ({size}, {held:,} states held)",
             kernel.BUDGET_SECONDS: "the CPU-seconds cap",
             kernel.OVERFLOW: "a count its state cannot hold"}.get(status)
    return "" if which is None else \
        f"the compiled core stopped first, on {which}, after {expanded:,} states expanded"


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


__all__ = ["BYTES_AT_MOST", "ENV", "ReplayError", "bytes_per_state", "compiled_astar",
           "held_at_most", "kernel_module", "replay", "why_not"]
