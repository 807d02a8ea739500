"""The Monte Carlo runner: play games ``0 .. n-1``, each from its own seed, on any executor.

**Seeds.** Game ``i`` of a run with seed ``s`` draws every random choice
from ``random.Random(derive_seed(s, i))``, where :func:`derive_seed` is the
first 8 bytes (big-endian) of ``blake2b("s:i")``. A game therefore never
depends on which other games run, on which worker, or in what order:
replaying game ``i`` alone (:func:`make_rng`) gives the same result.

**Results.** A *simulation* plays one game and returns a record: a small,
hashable and orderable value (a tuple of ints, say). The runner counts equal
records; each task returns its counts and the first game index of each
record, and merging is a sum and a minimum, so the result is the same
whatever the executor, the chunking or the completion order.

A simulation is a picklable object; if it has a ``prepare()`` method, the
runner calls it once per task (in the worker) and plays each game with the
function it returns, so per-game set-up (compiling a policy, building
tables) is paid once per task, not per game. A simulation with a true
``indexed`` attribute is also given the game index, ``play(rng, i)`` (the role
system deals game ``i`` from its ``i``-th variant, so every batch of as many
games as variants plays each once).

>>> from random import Random
>>> def coin(rng: Random) -> int:
...     return rng.randrange(2)
>>> result = run_games(coin, 1000, seed=7)
>>> result.games, result.seed, sum(c for _, c in result.counts)
(1000, 7, 1000)
>>> result.count(lambda r: r == 1) == dict(result.counts)[1]
True
"""
from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from generator.sim.executors import Executor, InProcessExecutor

R = TypeVar("R", bound=Hashable)

Progress = Callable[[int, int], None]
"""``progress(games_done, games_total)``, called after each finished task."""
GameFn = Callable[[random.Random], Any]
"""Plays one game with the random source given and returns its record."""

MIN_CHUNK = 16
"""A task plays at least this many games (unless the run is smaller)."""
MAX_CHUNK = 256
"""A task plays at most this many games: a long run is many short tasks, so it can be
stopped at once, moves its progress bar, and balances uneven games across workers."""


def derive_seed(seed: int, index: int) -> int:
    """The 64-bit seed of game ``index`` in a run seeded ``seed``.

    >>> derive_seed(1, 0) == derive_seed(1, 0) != derive_seed(1, 1)
    True
    >>> derive_seed(0, 0)
    15378838894278201442
    """
    digest = hashlib.blake2b(f"{seed}:{index}".encode("ascii"), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def make_rng(seed: int, index: int) -> random.Random:
    """The random source of game ``index`` in a run seeded ``seed``."""
    return random.Random(derive_seed(seed, index))


def plan_chunks(games: int, tasks: int, min_chunk: int = MIN_CHUNK) -> tuple[tuple[int, int], ...]:
    """Cut games ``0 .. games-1`` into at most ``tasks`` contiguous ``(start, stop)``
    ranges of near-equal size, none smaller than ``min_chunk`` (except a small run).

    >>> plan_chunks(10, 3, min_chunk=1)
    ((0, 4), (4, 7), (7, 10))
    >>> plan_chunks(40, 8)
    ((0, 20), (20, 40))
    >>> plan_chunks(0, 4)
    ()
    """
    if games <= 0:
        return ()
    count = max(1, min(tasks, games // max(1, min_chunk)))
    base, extra = divmod(games, count)
    out = []
    start = 0
    for k in range(count):
        stop = start + base + (1 if k < extra else 0)
        out.append((start, stop))
        start = stop
    return tuple(out)


def play_chunk(simulation: Any, seed: int, start: int, stop: int) -> dict[Any, tuple[int, int]]:
    """Games ``start .. stop-1``: ``record -> (count, first game index)``.

    A module-level function, so process pools and Dask can ship it by name.
    """
    prepare = getattr(simulation, "prepare", None)
    play: Any = prepare() if prepare is not None else simulation
    indexed = bool(getattr(simulation, "indexed", False))
    found: dict[Any, tuple[int, int]] = {}
    for index in range(start, stop):
        rng = random.Random(derive_seed(seed, index))
        record = play(rng, index) if indexed else play(rng)
        seen = found.get(record)
        found[record] = (1, index) if seen is None else (seen[0] + 1, seen[1])
    return found


@dataclass(frozen=True, slots=True)
class RunResult(Generic[R]):
    """Every distinct record of a run with how many games produced it, sorted by record,
    and the first game index of each (replay it with :func:`make_rng`)."""

    games: int
    seed: int
    counts: tuple[tuple[R, int], ...]
    first_games: tuple[tuple[R, int], ...]

    def count(self, predicate: Callable[[R], bool]) -> int:
        """How many games have a record satisfying ``predicate``."""
        return sum(c for record, c in self.counts if predicate(record))

    def first_game(self, predicate: Callable[[R], bool]) -> int | None:
        """The lowest game index whose record satisfies ``predicate`` (None: no game)."""
        found = [i for record, i in self.first_games if predicate(record)]
        return min(found) if found else None


def merge_counts(parts: Iterable[dict[Any, tuple[int, int]]]) -> dict[Any, tuple[int, int]]:
    """Merge task results: counts add up, first indices take the minimum."""
    total: dict[Any, tuple[int, int]] = {}
    for part in parts:
        for record, (n, first) in part.items():
            seen = total.get(record)
            total[record] = (n, first) if seen is None else (seen[0] + n, min(seen[1], first))
    return total


def _play_range(simulation: Any, seed: int, start: int, stop: int, executor: Executor,
                tasks: int | None, on_task: Callable[[int], None] | None
                ) -> dict[Any, tuple[int, int]]:
    """Games ``start .. stop-1`` cut into tasks, merged: ``record -> (count, first index)``."""
    games = stop - start
    count = tasks or max(executor.tasks_hint, -(-games // MAX_CHUNK))
    chunks = plan_chunks(games, count)
    total: dict[Any, tuple[int, int]] = {}
    for i, part in executor.run(play_chunk, simulation,
                                [(seed, start + a, start + b) for a, b in chunks]):
        total = merge_counts((total, part))  # as they come: a long run holds one total
        if on_task is not None:
            on_task(chunks[i][1] - chunks[i][0])
    return total


def _result(games: int, seed: int, total: dict[Any, tuple[int, int]]) -> RunResult[Any]:
    records = sorted(total)
    return RunResult(games, seed, tuple((r, total[r][0]) for r in records),
                     tuple((r, total[r][1]) for r in records))


def _counter(progress: Progress | None, total: int) -> Callable[[int], None]:
    """Tell ``progress`` of 0 games done now, then of each finished task's games."""
    done = 0
    if progress is not None:
        progress(0, total)

    def on_task(n: int) -> None:
        nonlocal done
        done += n
        if progress is not None:
            progress(done, total)

    return on_task


def run_games(simulation: Any, games: int, seed: int, *, executor: Executor | None = None,
              progress: Progress | None = None, tasks: int | None = None) -> RunResult[Any]:
    """Play games ``0 .. games-1`` of ``simulation`` seeded from ``seed``.

    ``executor`` defaults to this process; ``tasks`` overrides how many tasks
    the run is cut into (by default the executor's hint, or more so that no
    task plays over :data:`MAX_CHUNK` games). The result does not depend on
    either. Raises ValueError when ``games`` is negative.
    """
    if games < 0:
        raise ValueError(f"games must be at least 0, got {games}")
    executor = executor or InProcessExecutor()
    on_task = _counter(progress, games)
    return _result(games, seed, _play_range(simulation, seed, 0, games, executor, tasks,
                                            on_task))


STOPPED_BY_WIDTH = "width"
STOPPED_BY_CAP = "cap"


def batch_plan(batch: int, cap: int) -> tuple[int, ...]:
    """The game counts after which :func:`run_until` may stop: every multiple of
    ``batch`` below ``cap``, then ``cap``.

    >>> batch_plan(100, 250), batch_plan(50, 100), batch_plan(40, 30)
    ((100, 200, 250), (50, 100), (30,))
    """
    if batch < 1 or cap < 1:
        raise ValueError(f"batch and cap must be at least 1, got {batch} and {cap}")
    return tuple(range(batch, cap, batch)) + (cap,)


def run_until(simulation: Any, seed: int, *, batch: int, cap: int,
              enough: Callable[[RunResult[Any]], bool], executor: Executor | None = None,
              progress: Progress | None = None, tasks: int | None = None
              ) -> tuple[RunResult[Any], str]:
    """Play games in batches of ``batch`` (games ``0 .. batch-1``, then ``batch ..
    2*batch-1``, ...) until ``enough(result so far)`` holds after a batch, or ``cap``
    games are played; return the result and what stopped it (:data:`STOPPED_BY_WIDTH`
    when ``enough`` holds at the end, else :data:`STOPPED_BY_CAP`).

    Game ``i`` is seeded from ``(seed, i)`` as in :func:`run_games`, the batches
    are fixed and ``enough`` sees only the merged counts, so the games played and
    the result are the same on every executor and chunking.

    >>> from random import Random
    >>> def coin(rng: Random) -> int:
    ...     return rng.randrange(2)
    >>> result, why = run_until(coin, 7, batch=100, cap=1000, enough=lambda r: r.games >= 300)
    >>> result.games, why, result == run_games(coin, 300, 7)
    (300, 'width', True)
    >>> run_until(coin, 7, batch=100, cap=250, enough=lambda r: False)[0].games
    250
    """
    executor = executor or InProcessExecutor()
    total: dict[Any, tuple[int, int]] = {}
    played = 0
    on_task = _counter(progress, cap)
    result = _result(0, seed, total)
    for stop in batch_plan(batch, cap):
        total = merge_counts((total, _play_range(simulation, seed, played, stop, executor,
                                                 tasks, on_task)))
        played = stop
        result = _result(played, seed, total)
        if enough(result):
            if progress is not None and played < cap:
                progress(cap, cap)
            return result, STOPPED_BY_WIDTH
    return result, STOPPED_BY_CAP


__all__ = ["GameFn", "MAX_CHUNK", "MIN_CHUNK", "Progress", "RunResult", "STOPPED_BY_CAP",
           "STOPPED_BY_WIDTH", "batch_plan", "derive_seed", "make_rng", "merge_counts",
           "plan_chunks", "play_chunk", "run_games", "run_until"]
