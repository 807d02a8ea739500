"""The example plug-in, installed as a stranger would, following docs/plugins.md.

The repository's files are copied to a throwaway folder (as the CI recipe's test
does), a fresh virtual environment installs riddlesmith and ``examples/dice`` from
there with the guide's own ``pip install`` line, and each command of the guide's
"Try the example first" block runs in it: check, build, explain of the plug-in's
code, its playtest command, and serve, whose ``/api/report`` must equal
``check --format json``.
"""
from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import time
import venv
from pathlib import Path

import pytest

from tests.serve.server import free_port, get

REPO = Path(__file__).resolve().parent.parent
GUIDE = REPO / "docs" / "plugins.md"


def guide_commands() -> list[list[str]]:
    """The command lines of the guide's "Try the example first" block, split."""
    text = GUIDE.read_text(encoding="utf-8")
    section = text[text.index("## Try the example first"):]
    block = section[section.index("```sh\n") + 6:]
    block = block[:block.index("```")]
    return [shlex.split(line, comments=True) for line in block.splitlines() if line.strip()]


def _copy_repository(dest: Path) -> None:
    """The repository's files as they are now (tracked and new, not ignored)."""
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=REPO,
                            check=True, capture_output=True).stdout.decode().split("\0")
    for rel in filter(None, listed):
        src = REPO / rel
        if src.is_file() and not rel.startswith(("content/", "tests/", "benchmarks/")):
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / rel)


def test_guide_commands_are_the_ones_this_test_runs() -> None:
    commands = guide_commands()
    assert [c[:2] for c in commands] == [
        ["python", "-m"], ["riddlesmith", "check"], ["riddlesmith", "build"],
        ["riddlesmith", "explain"], ["riddlesmith", "playtest"], ["riddlesmith", "serve"]]
    assert commands[0][2:4] == ["pip", "install"] and "./examples/dice" in commands[0]


@pytest.mark.slow
def test_example_plug_in_installs_and_works_in_a_fresh_venv(tmp_path: Path) -> None:
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    checkout = tmp_path / "riddlesmith"
    _copy_repository(checkout)
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    env = {k: v for k, v in os.environ.items() if k != "VIRTUAL_ENV" and not k.startswith("PYTHON")}
    env["PATH"] = str(env_dir / "bin") + os.pathsep + env.get("PATH", "")
    env.pop("NO_COLOR", None)

    def run(args: list[str], timeout: float = 300) -> subprocess.CompletedProcess[str]:
        exe = {"python": env_dir / "bin" / "python",
               "riddlesmith": env_dir / "bin" / "riddlesmith"}[args[0]]
        return subprocess.run([str(exe), *args[1:]], cwd=checkout, env=env, capture_output=True,
                              text=True, timeout=timeout)

    install, check, build, explain, playtest, serve = guide_commands()
    done = run(install, timeout=600)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]

    done = run(check)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no problems in 4 files (4 documents)" in done.stdout
    assert "info[RS-D002] 'steady-hand' succeeds" in done.stdout

    done = run(build)
    assert done.returncode == 0, done.stdout + done.stderr
    out = checkout / build[build.index("--out") + 1] / "dice-example"
    assert (out / "print" / "cards-duplex.pdf").read_bytes().startswith(b"%PDF-")
    assert sorted(p.name for p in (out / "svg" / "cards").iterdir()) == [
        "_back.svg", "long-shot.svg", "steady-hand.svg", "three-towers.svg"]

    done = run(explain)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith("RS-D001  error  dice target out of reach")
    assert "two dice roll at most 12" in done.stdout

    done = run(playtest)
    assert done.returncode == 0, done.stdout + done.stderr
    assert re.search(r"success \d+\.\d% \[\d+\.\d-\d+\.\d%\] over 2000 games", done.stdout), done.stdout
    json_run = run([*playtest, "--format", "json"])
    figures = json.loads(json_run.stdout)
    assert figures["rerolls"] == 2 and figures["games"] == 2000
    assert 0 < figures["success_rate_ci95"][0] < figures["success_rate"] < figures["success_rate_ci95"][1]

    port = free_port()
    serve = [str(port) if arg == "8765" else arg for arg in serve]
    assert str(port) in serve
    log = (tmp_path / "serve.log").open("wb")
    proc = subprocess.Popen([str(env_dir / "bin" / "riddlesmith"), *serve[1:]], cwd=checkout,
                            env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 30
        while True:
            assert proc.poll() is None, (tmp_path / "serve.log").read_text(errors="replace")
            try:  # as tests/serve/server.py waits: the first check is done
                status, state = get(f"http://127.0.0.1:{port}/api/state", timeout=2)
                packs = json.loads(state)["packs"] if status == 200 else []
                if packs and all(p["status"] != "proving" for p in packs):
                    status, body = get(f"http://127.0.0.1:{port}/api/report", timeout=10)
                    assert status == 200, body
                    break
            except (OSError, ValueError):
                pass
            assert time.monotonic() < deadline, "serve did not answer in 30 s"
            time.sleep(0.2)
    finally:
        proc.terminate()
        proc.wait(10)
        log.close()
    cli = run(["riddlesmith", "check", *check[2:], "--format", "json"])
    assert json.loads(body) == json.loads(cli.stdout)
    assert any(d["code"] == "RS-D002" for d in json.loads(body)["diagnostics"])
