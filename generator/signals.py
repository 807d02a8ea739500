"""Holding back Ctrl-C and SIGTERM while something must not be cut short.

Stopping a pool's workers or rolling back a half-swapped output must finish
even when the user presses Ctrl-C again; :func:`stop_signals_held` blocks
SIGINT and SIGTERM for the duration of a block and lets them arrive after it.

>>> with stop_signals_held():
...     pass
"""
from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def stop_signals_held() -> Iterator[None]:
    """Block SIGINT and SIGTERM inside the block (a no-op where the platform cannot)."""
    held = {signal.SIGINT, signal.SIGTERM}
    try:
        previous = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    except (AttributeError, ValueError, OSError):  # pragma: no cover - not POSIX
        yield
        return
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


__all__ = ["stop_signals_held"]
