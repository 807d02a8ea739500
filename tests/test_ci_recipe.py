"""The README's CI recipe and the pre-commit hook, run as a stranger would.

A fresh virtual environment installs riddlesmith from this repository's git URL
at the ref the README names, which must resolve in a plain clone (the repository
as published carries no tags: a recipe naming one fails for every stranger). The
recipe's check then runs on the shipped packs in a plain clone, and the hook
definition's command runs on a good and a bad pack. The SARIF upload step must
run when check exits 1, the one time it has something to upload.
"""
from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import venv
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from ruamel.yaml import YAML

REPO = Path(__file__).resolve().parent.parent


def _workflow(name: str) -> dict[str, Any]:
    """The README's GitHub workflow (or the snippet after it) as data."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Using riddlesmith in CI"):]
    blocks = section.split("```yaml")[1:]
    text = [b[:b.index("```")] for b in blocks][
        ("workflow", "sarif", "pre-commit", "diff").index(name)]
    data = YAML(typ="safe", pure=True).load("steps:\n" + text if name == "sarif" else text)
    return data  # type: ignore[no-any-return]


def _recipe() -> tuple[list[str], str]:
    """The `run:` commands of the README's workflow and the ref it installs."""
    workflow = _workflow("workflow")
    runs = [step["run"] for step in workflow["jobs"]["check"]["steps"] if "run" in step]
    ref = re.search(r"@([\w.-]+)\"", runs[0])
    assert ref, runs[0]
    return runs, ref.group(1)


def _git(cwd: Path, *args: str) -> str:
    done = subprocess.run(["git", "-c", "user.name=ci", "-c", "user.email=ci@localhost", *args],
                          cwd=cwd, check=True, capture_output=True, text=True)
    return done.stdout


def test_the_sarif_upload_runs_when_check_finds_something() -> None:
    [check, upload] = _workflow("sarif")["steps"]
    assert "--format sarif" in check["run"] and "upload-sarif" in upload["uses"]
    assert upload.get("if") == "always()"  # skipped on failure otherwise: exit 1 = findings


def test_the_diff_comment_compares_with_a_ref_every_clone_has() -> None:
    """The pull-request diff step: the whole history checked out, riddlesmith installed
    from the same ref as the check recipe, the base branch as ``origin/<base>`` (no
    tag), and the markdown posted as a comment (tests/test_diff.py runs the command)."""
    workflow = _workflow("diff")
    steps = workflow["jobs"]["diff"]["steps"]
    assert workflow["on"] == "pull_request"
    assert steps[0]["uses"].startswith("actions/checkout@") and steps[0]["with"] == {
        "fetch-depth": 0}
    runs = [step["run"] for step in steps if "run" in step]
    assert runs[0] == _recipe()[0][0]
    assert runs[1].startswith('riddlesmith diff "origin/${{ github.base_ref }}" HEAD '
                              "--format markdown")
    assert "gh pr comment" in runs[2] and "diff.md" in runs[2]


def _seed_caches(checkout: Path, shipped_cache: Callable[[str, Path], None],
                 scratch: Path) -> None:
    """Each shipped pack's simulator cache, as one check of the test run made it, in the
    pack's default cache folder: the recipe's check measures the install and the
    command, not the solver (caches are keyed by content and simulator version)."""
    for pack in sorted(p.parent for p in (checkout / "content").glob("*/pack.yaml")):
        seeded = scratch / pack.name
        shipped_cache(pack.name, seeded)
        for folder in seeded.glob("*"):
            shutil.copytree(folder, pack / ".riddlesmith-cache", dirs_exist_ok=True)


@pytest.mark.slow
def test_readme_recipe_and_pre_commit_hook_in_a_fresh_venv(
        tmp_path: Path, shipped_cache: Callable[[str, Path], None]) -> None:
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    runs, ref = _recipe()
    assert len(runs) == 2 and runs[1].startswith("riddlesmith check ")
    # A plain clone of this repository: the README's ref must resolve there.
    checkout = tmp_path / "riddlesmith"
    _git(tmp_path, "clone", "-q", str(REPO), str(checkout))
    [hooks] = _workflow("pre-commit")["repos"]
    for name in (ref, hooks["rev"]):
        assert _git(checkout, "rev-parse", "--verify", "--quiet", f"origin/{name}^{{commit}}"
                    ) or _git(checkout, "rev-parse", "--verify", "--quiet", f"{name}^{{commit}}")
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    env = {k: v for k, v in os.environ.items() if k != "VIRTUAL_ENV" and not k.startswith("PYTHON")}
    env["PATH"] = str(env_dir / "bin") + os.pathsep + env.get("PATH", "")
    install = re.sub(r"git\+https://\S+?@", f"git+{REPO.as_uri()}@", runs[0])
    assert install != runs[0]
    done = subprocess.run(shlex.split(install.replace("python ", f"{env_dir}/bin/python ", 1)),
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    riddlesmith = env_dir / "bin" / "riddlesmith"
    assert riddlesmith.is_file()

    # The recipe's check, in the clone (the repository that holds the packs).
    _seed_caches(checkout, shipped_cache, tmp_path / "seeded")
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
