"""``riddlesmith serve``: a live preview of packs in the browser.

The web parts (Starlette, uvicorn, watchfiles) are the optional ``serve`` extra;
:func:`run_serve` says how to install them when they are missing.
"""
from __future__ import annotations

import multiprocessing
import threading
import webbrowser
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from generator.pack.loader import UsageError
from generator.systems import Options

INSTALL_HINT = "riddlesmith serve needs its extra: python3 -m pip install 'riddlesmith[serve]'"


def missing_extra() -> str | None:
    """The name of the first missing web package, or None when all are installed."""
    import importlib.util

    for name in ("starlette", "uvicorn", "watchfiles"):
        if importlib.util.find_spec(name) is None:
            return name
    return None


def _check_port(host: str, port: int) -> None:
    """Fail early, with one line, when the address cannot be bound."""
    import socket

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except OSError as exc:
        raise UsageError(f"cannot listen on {host}:{port} ({exc})") from exc
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind(address)
        except OSError as exc:
            raise UsageError(f"cannot listen on {host}:{port} ({exc.strerror or exc})") from exc


def run_serve(paths: list[Path], options: Options, host: str, port: int, open_browser: bool,
              announce: object = print) -> int:
    """Serve the packs under ``paths`` until interrupted; returns the exit code."""
    missing = missing_extra()
    if missing is not None:
        raise UsageError(f"{INSTALL_HINT} ({missing} is not installed)")
    import uvicorn

    from generator.serve.app import make_app
    from generator.sim.executors import terminate_pool
    from generator.serve.workspace import Workspace

    _check_port(host, port)
    # Simulator results are computed in one worker process (spawned: the server has threads).
    executor = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
    # One line per re-check on the terminal: when, what changed, what came out.
    app = make_app(Workspace(paths, options, executor=executor),
                   log=announce if callable(announce) else None)
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", lifespan="on")
    server = uvicorn.Server(config)
    url = f"http://{host}:{port}/"
    if callable(announce):
        announce(f"serving {', '.join(str(p) for p in paths)} on {url} (Ctrl+C stops)")
    if open_browser:
        threading.Timer(0.5, webbrowser.open, args=(url,)).start()
    try:
        server.run()
    finally:
        # A simulation may still be running in the worker: stop it rather than wait for it.
        terminate_pool(executor)
    return 0
