"""Reuse between repeated runs: a memo that lives for one block and hands on what it used.

A live preview checks and draws a whole pack on every save, though a save
changes one card. Inside :meth:`Reuse.block`, a computation asked for a key it
met in the previous block returns that value instead of computing it again;
the block yields what it used, which is the ``previous`` of the next block. So
the memo never holds more than one run needs, and outside a block nothing is
kept at all (the CLI runs as before).

>>> squares: Reuse[int, int] = Reuse("example")
>>> calls = []
>>> def square(n):
...     return squares.get(n, lambda: calls.append(n) or n * n)
>>> with squares.block({}) as first:
...     _ = square(3), square(4)
>>> with squares.block(first) as second:
...     _ = square(3), square(5)
>>> calls, sorted(second)
([3, 4, 5], [3, 5])
"""
from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Reuse(Generic[K, V]):
    """One kind of reusable value (SVG by scene, text fit by its arguments)."""

    def __init__(self, name: str) -> None:
        self._state: ContextVar[tuple[dict[K, V], dict[K, V]] | None] = ContextVar(name, default=None)

    @contextmanager
    def block(self, previous: dict[K, V]) -> Iterator[dict[K, V]]:
        """Reuse the values of ``previous`` inside the block; yields the values it used."""
        used: dict[K, V] = {}
        token = self._state.set((previous, used))
        try:
            yield used
        finally:
            self._state.reset(token)

    def get(self, key: K, compute: Callable[[], V]) -> V:
        """The value for ``key``: from this block or the previous one, else ``compute()``."""
        state = self._state.get()
        if state is None:
            return compute()
        previous, used = state
        value = used.get(key)
        if value is None:
            value = previous.get(key)
        if value is None:
            value = compute()
        used[key] = value
        return value
