"""Issue 27 §4: the README played from the top in a fresh virtual environment, in a
plain clone of this repository, the commands as printed and in the folders the README
names: the first command (install and build the shipped content), then the tutorial
(install, init, check, cd, new, the edit it describes, build). Any command that fails
fails the test.

Commands that open a viewer (``xdg-open``) are not run. The shipped packs' simulator
caches are seeded as one check of this run made them: the test measures the install
and the commands, not the solvers (caches are keyed by content and source)."""
from __future__ import annotations

import os
import re
import shlex
import subprocess
import venv
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.test_ci_recipe import REPO, _git, _seed_caches

NOT_RUN = ("xdg-open",)


def _sh_blocks(text: str) -> list[list[str]]:
    """The README's ``sh`` blocks in order, each a list of commands (comments dropped)."""
    blocks = []
    for block in re.findall(r"```sh\n(.*?)```", text, flags=re.S):
        lines = [line.split("  #")[0].split(" # ")[0].strip() for line in block.splitlines()]
        blocks.append([line for line in lines if line and not line.startswith("#")])
    return blocks


def _run(line: str, cwd: Path, env: dict[str, str]) -> Path:
    """Run one README line (``&&`` chains, ``cd``) in ``cwd``; return the folder after it."""
    for part in line.split("&&"):
        words = shlex.split(part.strip())
        if not words or words[0] in NOT_RUN:
            continue
        if words[0] == "cd":
            cwd = (cwd / words[1]).resolve()
            continue
        done = subprocess.run(words, cwd=cwd, env=env, capture_output=True, text=True,
                              timeout=1200)
        assert done.returncode == 0, (line, done.stdout[-3000:], done.stderr[-3000:])
    return cwd


@pytest.mark.slow
def test_the_readme_from_the_top_in_a_fresh_venv(
        tmp_path: Path, shipped_cache: Callable[[str, Path], None]) -> None:
    checkout = tmp_path / "riddlesmith"
    _git(tmp_path, "clone", "-q", str(REPO), str(checkout))
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    env = {k: v for k, v in os.environ.items() if k != "VIRTUAL_ENV" and not k.startswith("PYTHON")}
    env["PATH"] = str(env_dir / "bin") + os.pathsep + env.get("PATH", "")
    readme = (checkout / "README.md").read_text("utf-8")
    blocks = _sh_blocks(readme)

    # The first command: install riddlesmith and build the shipped content.
    first = blocks[0][0]
    assert first.startswith("python3 -m pip install . && riddlesmith build")
    _seed_caches(checkout, shipped_cache, tmp_path / "seeded")
    _run(first, checkout, env)
    assert (checkout / "output" / "fragments" / "manifest.json").is_file()

    # The tutorial, in the folders it names, with the edit it describes.
    tutorial = readme[readme.index("## A five-minute tutorial"):]
    steps = _sh_blocks(tutorial)[:2]
    cwd = checkout
    for line in steps[0]:
        cwd = _run(line, cwd, env)
    card = cwd / "cards" / "hums-at-night.yaml"
    schema_line = card.read_text("utf-8").splitlines()[0]
    card.write_text(f"{schema_line}\nkind: fragment-card\nid: hums-at-night\n"
                    "text: I hum all night.\n", "utf-8")
    for line in steps[1]:
        cwd = _run(line, cwd, env)
    assert (cwd / "output" / "my-deck" / "print" / "cards-duplex.pdf").is_file()
