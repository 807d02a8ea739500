"""Start ``riddlesmith serve`` on a fresh pack in a subprocess, for the serve tests."""
from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

CARD_FILE = "cards/starter.yaml"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def get(url: str, timeout: float = 10.0) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read()


def make_pack(tmp: Path) -> Path:
    """A fragments pack from ``init`` with a short first card, in ``tmp/deck``."""
    from generator.scaffold import init_pack
    from generator.registry import discover_systems

    pack = tmp / "deck"
    init_pack(pack, discover_systems()["fragments"], "deck")
    return pack


@contextmanager
def serving(pack: Path) -> Iterator[str]:
    """Run serve on ``pack``; yield its base URL once the first check is done."""
    port = free_port()
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    log_path = pack.parent / "serve.log"  # a file, not a pipe nobody reads (it could fill up)
    log = log_path.open("wb")
    proc = subprocess.Popen(
        [sys.executable, "-m", "generator.cli", "serve", str(pack), "--port", str(port)],
        cwd=pack.parent, env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        # The first check may compile a system's kernel (the role player's listing: about
        # 40 s of CPU on a fresh numba cache, more on a loaded machine).
        deadline = time.monotonic() + 240
        while True:
            if proc.poll() is not None:
                raise RuntimeError("serve exited: " + log_path.read_text(errors="replace"))
            try:
                status, body = get(base + "/api/state", timeout=2)
                state: Any = json.loads(body)
                if status == 200 and state["packs"] and all(
                        p["status"] != "proving" for p in state["packs"]):
                    break
            except (OSError, ValueError):
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("serve did not come up in 240 s")
            time.sleep(0.1)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()
