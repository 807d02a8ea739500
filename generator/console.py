"""What the command line writes to standard error: messages and progress lines.

>>> progress_printer(-1)("quiet")  # --quiet: nothing
"""
from __future__ import annotations

import errno
import os
import sys
import time
from typing import Callable

import click


def err(message: str) -> None:
    click.echo(f"riddlesmith: {message}", err=True)


def interactive() -> bool:
    return sys.stderr.isatty() and not os.environ.get("CI")


def stderr_is_a_file() -> bool:
    """True for a real stream (a CI log, a pipe, a file); false when captured in memory."""
    try:
        sys.stderr.fileno()
    except (OSError, ValueError, AttributeError):
        return False
    return True


def progress_printer(verbosity: int = 0) -> Callable[[str], None]:
    """A one-line status on a terminal; progress lines with the time taken when stderr is
    not a terminal (CI logs) or with --verbose; nothing with --quiet."""
    if verbosity < 0:
        return lambda _msg: None
    if verbosity > 0 or (not interactive() and stderr_is_a_file()):
        started = time.perf_counter()

        def line(msg: str) -> None:
            sys.stderr.write(f"[{time.perf_counter() - started:6.1f}s] {msg}\n")
            sys.stderr.flush()

        return line
    if not interactive():
        return lambda _msg: None

    def show(msg: str) -> None:
        width = 78
        sys.stderr.write("\r" + msg[:width].ljust(width))
        sys.stderr.flush()

    return show


def clear_progress() -> None:
    if interactive():
        sys.stderr.write("\r" + " " * 78 + "\r")
        sys.stderr.flush()


STDOUT_ERRORS = {errno.ENOSPC, errno.EPIPE, errno.EIO, errno.EBADF, errno.EFBIG, errno.EDQUOT}


def stdout_failed(exc: OSError) -> bool:
    """True when ``exc`` came from writing standard output (a full disk, a closed
    pipe: no file name, and flushing fails or the error is one of writing); then point
    standard output at the null device, so the exit does not fail writing it again."""
    if exc.filename is not None:
        return False
    try:
        sys.stdout.flush()
        if exc.errno not in STDOUT_ERRORS:
            return False
    except OSError:
        pass
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):
        pass
    return True


__all__ = ["STDOUT_ERRORS", "clear_progress", "err", "interactive", "progress_printer",
           "stderr_is_a_file", "stdout_failed"]
