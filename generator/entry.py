"""The ``riddlesmith`` console script.

Ctrl-C or SIGTERM may arrive at any moment, also while Python is still
importing the command line (a second or more on a busy machine). Before
anything else is imported, both signals are turned into an exception that ends
the run with one line and exit code 130 (SIGINT) or 143 (SIGTERM); once a
command runs, :func:`generator.guard.guard` installs its own handlers, which
also stop workers and roll back output.
"""
from __future__ import annotations

import signal
import sys
from types import FrameType

_STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


class _Stopped(BaseException):
    """A stop signal arrived outside a running command."""


def _on_stop_signal(signum: int, frame: FrameType | None) -> None:
    for sig in _STOP_SIGNALS:
        signal.signal(sig, signal.SIG_IGN)  # a second Ctrl-C cannot cut the exit short
    raise _Stopped(signum)


def main() -> None:
    """Run the command line with stop signals handled from the first instruction."""
    for sig in _STOP_SIGNALS:
        signal.signal(sig, _on_stop_signal)
    try:
        from generator.cli import main as cli_main

        cli_main()
    except _Stopped as stop:
        interrupted = stop.args[0] == signal.SIGINT
        sys.stderr.write("riddlesmith: interrupted\n" if interrupted else "riddlesmith: terminated\n")
        sys.exit(130 if interrupted else 143)


if __name__ == "__main__":
    main()
