"""Executors: where the Monte Carlo runner's tasks run.

An executor runs ``fn(shared, *task)`` for a list of tasks and yields
``(task index, result)`` as each one finishes, in any order; the runner
merges results so that their order never matters. ``shared`` is the large,
read-only part of every task (a compiled game and its policy name): an
executor ships it once per task at most (the process pool) or once per
worker (Dask scatters it), never once per game.

- :class:`InProcessExecutor`: runs the tasks one after the other, here.
- :class:`LocalPoolExecutor`: a local process pool, ``jobs`` workers
  (default: ``os.cpu_count()``).
- :class:`DaskExecutor`: a Dask ``distributed`` cluster reached at a
  scheduler address (``tcp://host:8786``), for sweeps that outgrow one
  machine. ``distributed`` is an optional extra, imported only here and only
  when such an executor is made; without it :class:`ExecutorUnavailable` says
  how to install it. Workers unpickle task functions by module name, so each
  needs the same version of riddlesmith installed.

:func:`make_executor` picks one from the command-line options. Executors are
context managers: leaving the block shuts down the pool or client.

>>> with make_executor(jobs=1) as ex:
...     sorted(ex.run(pow, 2, [(3,), (10,)]))
[(0, 8), (1, 1024)]
"""
from __future__ import annotations

import concurrent.futures
import ctypes
import importlib
import itertools
import multiprocessing
import os
import signal
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from types import TracebackType
from typing import Any, Protocol, TypeVar

from generator.signals import stop_signals_held

R = TypeVar("R")

TASKS_PER_WORKER = 4
"""Tasks a run is cut into per worker: enough to balance uneven chunks and to
move a progress bar, few enough that shipping a task costs nothing."""
IN_PROCESS_TASKS = 20
"""Tasks of an in-process run: they cost nothing, and each one moves the bar."""
IN_FLIGHT_PER_WORKER = 2
"""Tasks submitted ahead per pool worker: one running, one waiting to start."""
ABORT_GRACE = 1.0
"""Seconds a terminated worker gets to exit before it is killed."""
PR_SET_PDEATHSIG = 1
DASK_CONNECT_TIMEOUT = 10.0
"""Seconds to wait for a Dask scheduler before giving up."""
DASK_EXTRA_HINT = "install it with: pip install distributed (or pip install 'riddlesmith[dask]')"


class ExecutorUnavailable(RuntimeError):
    """The requested executor cannot run here (a missing package, an unreachable
    scheduler). The message says what to do; the CLI turns it into exit code 2."""


class Executor(Protocol):
    """Runs tasks; see the module notes."""

    @property
    def workers(self) -> int:
        """How many tasks can run at once."""

    @property
    def tasks_hint(self) -> int:
        """How many tasks a run should be cut into."""

    @property
    def label(self) -> str:
        """A short description for reports (``process pool, 2 workers``)."""

    def run(self, fn: Callable[..., R], shared: Any, tasks: Sequence[tuple[Any, ...]]
            ) -> Iterator[tuple[int, R]]:
        """``fn(shared, *task)`` for every task; yields (task index, result) as each ends."""

    def close(self) -> None:
        """Release workers and connections (idempotent)."""

    def __enter__(self) -> Executor: ...

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None: ...


class _Closing:
    """Context-manager plumbing shared by the executors: leaving the block normally
    closes; leaving it by an exception (Ctrl-C, SIGTERM, an error) aborts, which
    stops running work at once instead of waiting for it."""

    def close(self) -> None:
        return None

    def abort(self) -> None:
        self.close()

    def __enter__(self: Any) -> Any:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        if exc is None:
            self.close()
        else:
            self.abort()


def terminate_pool(pool: concurrent.futures.ProcessPoolExecutor) -> None:
    """Stop ``pool`` at once: terminate its workers (their tasks are lost), then shut it down."""
    with stop_signals_held():
        # The pool offers no public way to stop running tasks before Python 3.14
        # (ProcessPoolExecutor.terminate_workers), hence its private process table.
        workers = list((getattr(pool, "_processes", None) or {}).values())
        manager = getattr(pool, "_executor_manager_thread", None)  # gone after shutdown
        for worker in workers:
            if worker.is_alive():
                worker.terminate()
        pool.shutdown(wait=False, cancel_futures=True)
        deadline = time.monotonic() + ABORT_GRACE
        for worker in workers:
            worker.join(max(0.0, deadline - time.monotonic()))
            if worker.is_alive():
                worker.kill()
                worker.join(ABORT_GRACE)
        # Let the pool's manager thread see its workers gone and clean up now; left
        # running, it races the interpreter's exit hook (a "Bad file descriptor"
        # traceback at exit on CPython 3.11).
        if manager is not None:
            manager.join(ABORT_GRACE)


def _worker_start() -> None:
    """In each pool worker: leave Ctrl-C to the parent (it stops the workers; a worker
    must not print its own traceback), let SIGTERM end the worker, and die with the parent even when the parent is
    killed outright (Linux ``PR_SET_PDEATHSIG``; elsewhere small tasks end soon)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # a forked worker may inherit a handler
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGTERM), 0, 0, 0)
        except (OSError, AttributeError):
            pass


class InProcessExecutor(_Closing):
    """Runs every task in this process, in order (no pickling at all)."""

    @property
    def workers(self) -> int:
        return 1

    @property
    def tasks_hint(self) -> int:
        return IN_PROCESS_TASKS

    @property
    def label(self) -> str:
        return "in-process"

    def run(self, fn: Callable[..., R], shared: Any, tasks: Sequence[tuple[Any, ...]]
            ) -> Iterator[tuple[int, R]]:
        for i, task in enumerate(tasks):
            yield i, fn(shared, *task)


class LocalPoolExecutor(_Closing):
    """A pool of ``jobs`` worker processes on this machine, started on first use.

    ``mp_context`` names a multiprocessing start method (``fork``, ``spawn``,
    ``forkserver``); None takes the platform's default. Task functions and
    ``shared`` must be picklable (module-level functions, frozen dataclasses).
    """

    def __init__(self, jobs: int | None = None, mp_context: str | None = None) -> None:
        self._jobs = max(1, jobs if jobs is not None else (os.cpu_count() or 1))
        self._context = mp_context
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None

    @property
    def workers(self) -> int:
        return self._jobs

    @property
    def tasks_hint(self) -> int:
        return self._jobs * TASKS_PER_WORKER

    @property
    def label(self) -> str:
        return f"process pool, {self._jobs} worker{'s' if self._jobs != 1 else ''}"

    def _ensure_pool(self) -> concurrent.futures.ProcessPoolExecutor:
        if self._pool is None:
            context = multiprocessing.get_context(self._context) if self._context else None
            self._pool = concurrent.futures.ProcessPoolExecutor(
                self._jobs, mp_context=context, initializer=_worker_start)
        return self._pool

    def run(self, fn: Callable[..., R], shared: Any, tasks: Sequence[tuple[Any, ...]]
            ) -> Iterator[tuple[int, R]]:
        """Keeps at most ``IN_FLIGHT_PER_WORKER`` tasks per worker submitted, so a
        cancelled run has little queued work and a long run holds few futures."""
        pool = self._ensure_pool()
        pending: dict[concurrent.futures.Future[R], int] = {}
        todo = iter(enumerate(tasks))
        window = self._jobs * IN_FLIGHT_PER_WORKER
        try:
            while True:
                for i, task in itertools.islice(todo, window - len(pending)):
                    pending[pool.submit(fn, shared, *task)] = i
                if not pending:
                    return
                done, _ = concurrent.futures.wait(
                    pending, return_when=concurrent.futures.FIRST_COMPLETED)
                for future in sorted(done, key=pending.__getitem__):
                    yield pending.pop(future), future.result()
        finally:
            for future in pending:
                future.cancel()  # after an error or an abandoned run: drop queued tasks

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    def abort(self) -> None:
        """Stop at once: terminate the workers (their tasks are lost) and drop the pool."""
        pool, self._pool = self._pool, None
        if pool is not None:
            terminate_pool(pool)


def _import_distributed() -> Any:
    try:
        # Imported by name: mypy and the base install need not know the optional extra.
        distributed = importlib.import_module("distributed")
    except ImportError as exc:
        raise ExecutorUnavailable(
            f"the Dask executor needs the optional package 'distributed'; {DASK_EXTRA_HINT}"
        ) from exc
    return distributed


class DaskExecutor(_Closing):
    """Tasks on a Dask ``distributed`` cluster.

    ``scheduler`` is an address (``tcp://10.0.0.5:8786``; a ``LocalCluster``'s
    ``scheduler_address`` works too) or an existing ``distributed.Client``,
    which is used as is and left open. ``shared`` is scattered to every worker
    once per run. Raises :class:`ExecutorUnavailable` when ``distributed`` is
    not installed or the scheduler cannot be reached.
    """

    def __init__(self, scheduler: Any, timeout: float = DASK_CONNECT_TIMEOUT) -> None:
        distributed = _import_distributed()
        self._distributed = distributed
        if isinstance(scheduler, distributed.Client):
            self._client = scheduler
            self._owned = False
        else:
            try:
                self._client = distributed.Client(str(scheduler), timeout=timeout)
            except (OSError, TimeoutError, ValueError) as exc:
                raise ExecutorUnavailable(
                    f"cannot reach the Dask scheduler at {scheduler}: {exc}") from exc
            self._owned = True
        self._address = str(self._client.scheduler.address)

    @property
    def workers(self) -> int:
        threads: dict[str, int] = self._client.nthreads()
        return max(1, sum(threads.values()))

    @property
    def tasks_hint(self) -> int:
        return self.workers * TASKS_PER_WORKER

    @property
    def label(self) -> str:
        return f"Dask cluster at {self._address}"

    def run(self, fn: Callable[..., R], shared: Any, tasks: Sequence[tuple[Any, ...]]
            ) -> Iterator[tuple[int, R]]:
        client = self._client
        # hash=False: two runs with equal payloads must not share (and free) one key.
        payload = client.scatter(shared, broadcast=True, hash=False)
        # As for the process pool: a few tasks per worker in flight, so a long run
        # neither floods the scheduler nor leaves much to cancel.
        window = self.workers * IN_FLIGHT_PER_WORKER
        todo = iter(enumerate(tasks))
        pending: dict[Any, tuple[int, Any]] = {}
        completed = self._distributed.as_completed()

        def submit_more() -> None:
            for i, task in itertools.islice(todo, window - len(pending)):
                future = client.submit(fn, payload, *task, pure=False)
                pending[future.key] = (i, future)
                completed.add(future)

        try:
            submit_more()
            for future in completed:
                i, _ = pending.pop(future.key)
                yield i, future.result()
                submit_more()
        finally:
            client.cancel([f for _, f in pending.values()])
            client.cancel([payload])

    def close(self) -> None:
        if self._owned and self._client is not None:
            self._client.close()
            self._owned = False


def make_executor(jobs: int | None = None, scheduler: Any = None) -> Executor:
    """The executor the options ask for: Dask when a scheduler is given, else a
    process pool of ``jobs`` workers (default ``os.cpu_count()``), or this
    process when ``jobs`` is 1."""
    if scheduler:
        return DaskExecutor(scheduler)
    count = jobs if jobs is not None else (os.cpu_count() or 1)
    if count < 1:
        raise ValueError(f"jobs must be at least 1, got {count}")
    if count == 1:
        return InProcessExecutor()
    return LocalPoolExecutor(count)


__all__ = ["DaskExecutor", "Executor", "ExecutorUnavailable", "InProcessExecutor",
           "LocalPoolExecutor", "TASKS_PER_WORKER", "make_executor"]
