"""Running one command: exit codes for usage problems, stop signals, internal errors.

:func:`guard` runs a command and turns what escapes it into an exit code: 2 for a
usage or environment problem (one line, never a traceback), 130 for Ctrl-C, 143
for SIGTERM, 2 with "internal error" for a bug.
"""
from __future__ import annotations

import errno
import functools
import os
import signal
import threading
import time
import traceback
from typing import Callable

from generator.console import clear_progress, err, stdout_failed
from generator.pack.loader import UsageError


class Terminated(BaseException):
    """SIGTERM arrived: unwind (stopping workers, rolling back output) and exit 143."""


STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


STOP_GRACE = 1.5
"""Seconds the clean-up after Ctrl-C or SIGTERM may take before the process exits anyway."""


def _on_stop_signal(reported: threading.Event, signum: int, frame: object) -> None:
    """The first Ctrl-C or SIGTERM unwinds the command; later ones are ignored, so a
    second Ctrl-C cannot cut short the clean-up or the exit. Python drops an exception
    raised while it runs a finaliser, so a watchdog makes sure the process ends: after
    :data:`STOP_GRACE` seconds it exits with the signal's code (pool workers die with
    it; a half-swapped output is rolled back by the next build)."""
    for sig in STOP_SIGNALS:
        signal.signal(sig, signal.SIG_IGN)
    code = 130 if signum == signal.SIGINT else 143
    threading.Thread(target=_exit_after_grace, args=(code, reported), daemon=True).start()
    raise KeyboardInterrupt() if code == 130 else Terminated()


def _exit_after_grace(code: int, reported: threading.Event) -> None:
    time.sleep(STOP_GRACE)
    if not reported.is_set():
        err("interrupted" if code == 130 else "terminated")
    os._exit(code)


def guard(fn: Callable[[], int]) -> int:
    """Run a command: usage problems exit 2, never a traceback unless asked for.

    SIGTERM unwinds like Ctrl-C does, so workers are stopped and no output is left
    half-written; the exit codes are 130 (SIGINT) and 143 (SIGTERM).
    """
    reported = threading.Event()
    try:
        on_stop = functools.partial(_on_stop_signal, reported)
        previous = {sig: signal.signal(sig, on_stop) for sig in STOP_SIGNALS}
    except ValueError:  # not the main thread (an embedding program): leave it alone
        previous = {}
    try:
        code = fn()
        for sig, handler in previous.items():  # a command run inside another program
            signal.signal(sig, handler)
        return code
    except UsageError as exc:
        clear_progress()
        err(str(exc))
        return 2
    except KeyboardInterrupt:
        reported.set()
        clear_progress()
        err("interrupted")
        return 130
    except Terminated:
        reported.set()
        clear_progress()
        err("terminated")
        return 143
    except Exception as exc:  # an internal bug: say so plainly, exit 2
        clear_progress()
        if isinstance(exc, OSError) and stdout_failed(exc):
            if exc.errno != errno.EPIPE:  # a reader that stopped early (`| head`) is no news
                err(f"standard output: cannot write ({exc.strerror or exc})")
            return 2
        if os.environ.get("RIDDLESMITH_DEBUG"):
            traceback.print_exc()
        err(f"internal error: {type(exc).__name__}: {exc} "
             "(set RIDDLESMITH_DEBUG=1 for details and please report it)")
        return 2


__all__ = ["STOP_GRACE", "STOP_SIGNALS", "Terminated", "guard"]
