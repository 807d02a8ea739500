"""The README's CI recipe and the pre-commit hook, run as a stranger would.

The repository's files are committed into a throwaway git repository and tagged
with the tag the README names; a fresh virtual environment installs riddlesmith
from that repository's git URL at the tag, then the recipe's check runs on the
shipped packs, and the hook definition's command runs on a good and a bad pack.
"""
from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest
from ruamel.yaml import YAML

REPO = Path(__file__).resolve().parent.parent


def _recipe() -> tuple[list[str], str]:
    """The `run:` commands of the README's workflow and the tag it installs."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Using riddlesmith in CI"):]
    block = section[section.index("```yaml") + 7:]
    workflow = YAML(typ="safe", pure=True).load(block[:block.index("```")])
    runs = [step["run"] for step in workflow["jobs"]["check"]["steps"] if "run" in step]
    tag = re.search(r"@(v\d+\.\d+\.\d+)\"", runs[0])
    assert tag, runs[0]
    return runs, tag.group(1)


def _git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.name=ci", "-c", "user.email=ci@localhost", *args], cwd=cwd,
                   check=True, capture_output=True)


def _snapshot(dest: Path, tag: str) -> None:
    """The repository's files as they are now, committed and tagged in ``dest``."""
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=REPO,
                            check=True, capture_output=True).stdout.decode().split("\0")
    for rel in filter(None, listed):
        src = REPO / rel
        if src.is_file():
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / rel)
    _git(dest, "init", "-q")
    _git(dest, "add", "-A")
    _git(dest, "commit", "-q", "-m", "snapshot")
    _git(dest, "tag", tag)


def test_readme_recipe_and_pre_commit_hook_in_a_fresh_venv(tmp_path: Path) -> None:
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    runs, tag = _recipe()
    assert len(runs) == 2 and runs[1].startswith("riddlesmith check ")
    checkout = tmp_path / "riddlesmith"
    _snapshot(checkout, tag)
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    env = {k: v for k, v in os.environ.items() if k != "VIRTUAL_ENV" and not k.startswith("PYTHON")}
    env["PATH"] = str(env_dir / "bin") + os.pathsep + env.get("PATH", "")
    install = re.sub(r"git\+https://\S+?@", f"git+{checkout.as_uri()}@", runs[0])
    assert install != runs[0]
    done = subprocess.run(shlex.split(install.replace("python ", f"{env_dir}/bin/python ", 1)),
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    riddlesmith = env_dir / "bin" / "riddlesmith"
    assert riddlesmith.is_file()

    # The recipe's check, in a checkout of the repository that holds the packs. Simulator
    # caches the test run has already made are reused (they are keyed by content and
    # simulator version), so this measures the install and the command, not the solver.
    for cache in (REPO / "content").glob("*/.riddlesmith-cache"):
        # Another test process may be writing an entry (".tmp-*", then an atomic rename).
        shutil.copytree(cache, checkout / cache.relative_to(REPO), dirs_exist_ok=True,
                        ignore=shutil.ignore_patterns(".tmp-*"))
    done = subprocess.run(shlex.split(runs[1].replace("riddlesmith", str(riddlesmith), 1)),
                          cwd=checkout, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]

    # The pre-commit hook's command, as pre-commit would run it (no file names).
    [hook] = YAML(typ="safe", pure=True).load((REPO / ".pre-commit-hooks.yaml").read_text())
    assert hook["language"] == "python" and hook["pass_filenames"] is False
    command = [str(env_dir / "bin" / hook["entry"].split()[0]), *hook["entry"].split()[1:],
               *hook["args"]]
    users = tmp_path / "user-repo"
    shutil.copytree(checkout / "content" / "fragments", users / "content" / "deck",
                    ignore=shutil.ignore_patterns(".riddlesmith-cache"))
    done = subprocess.run(command, cwd=users, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    card = users / "content" / "deck" / "cards" / "places.yaml"
    card.write_text(card.read_text(encoding="utf-8").replace("\ntext:", "\ntxt:", 1), encoding="utf-8")
    assert "\ntxt:" in card.read_text(encoding="utf-8")
    done = subprocess.run(command, cwd=users, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 1 and "RS-S002" in done.stdout, done.stdout + done.stderr
    assert sys.version_info >= (3, 11)
