"""The two sides of ``riddlesmith diff``: a git revision or a folder, made readable.

A side is the folder its packs are read from. A folder is read where it is; the
working tree is the repository itself; a revision is copied out of git into a
temporary folder with ``git archive`` (never ``checkout`` or ``worktree add``:
nothing in the user's repository, index or working tree changes). The pack
folders of an extracted revision borrow the working tree's simulator caches
(``.riddlesmith-cache/`` of the same pack folder, through a symlink): the caches
are keyed by content and simulator version, so both sides, and the next diff,
share every result.
"""
from __future__ import annotations

import io
import os
import shutil
import subprocess
import tarfile
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

from generator.errors import UsageError
from generator.pack.model import CACHE_FOLDER

WORKING_TREE = "working tree"
"""How the working tree is named as a side (the default NEW)."""
GIT_TIMEOUT = 120.0
"""Seconds one git command may take (an archive of a large repository, say)."""


@dataclass(frozen=True, slots=True)
class Side:
    """One side of a diff: its name as shown, the folder its paths are relative to, and
    the pack paths to read there."""

    name: str
    root: Path
    paths: tuple[Path, ...]
    shown_root: str = ""  # how files under ``root`` are shown ("" = relative to the repo)


def _git(repo: Path, *args: str, binary: bool = False) -> subprocess.CompletedProcess[bytes]:
    try:
        return subprocess.run(["git", "-C", str(repo), *args], capture_output=True,
                              timeout=GIT_TIMEOUT, check=False)
    except FileNotFoundError as exc:
        raise UsageError("git is not installed; compare two folders instead "
                         "(riddlesmith diff OLD_FOLDER NEW_FOLDER)") from exc
    except subprocess.TimeoutExpired as exc:
        raise UsageError(f"git {args[0]} took over {GIT_TIMEOUT:g} s; gave up") from exc


def repository_root(here: Path) -> Path:
    """The top folder of the git working tree around ``here``.

    Raises :class:`UsageError` outside a repository.
    """
    done = _git(here, "rev-parse", "--show-toplevel")
    if done.returncode != 0:
        raise UsageError(f"{here}: not in a git repository; give two folders to compare "
                         "(riddlesmith diff OLD_FOLDER NEW_FOLDER)")
    return Path(done.stdout.decode("utf-8", "replace").strip())


def short_revision(folder: Path) -> str | None:
    """The short commit of the repository around ``folder``, for ``print.stamp``; None
    outside a repository, in one without commits, or without git."""
    try:
        done = _git(folder, "rev-parse", "--short=10", "HEAD")
    except UsageError:
        return None
    text = done.stdout.decode("utf-8", "replace").strip()
    return text if done.returncode == 0 and text else None


def resolve_revision(repo: Path, revision: str) -> str:
    """The commit ``revision`` names in ``repo`` (its full hash).

    Raises :class:`UsageError` for a name git does not know.
    """
    if revision.startswith("-"):
        raise UsageError(f"'{revision}' is not a revision")
    done = _git(repo, "rev-parse", "--verify", "--quiet", "--end-of-options",
                f"{revision}^{{commit}}")
    if done.returncode != 0:
        raise UsageError(f"unknown revision '{revision}' in {repo} (nor a folder of that name)")
    return done.stdout.decode().strip()


def extract_revision(repo: Path, commit: str, into: Path, folders: tuple[Path, ...]) -> None:
    """Write the files of ``folders`` (relative to ``repo``) at ``commit`` under ``into``.

    A folder the revision lacks is simply not written.
    """
    names = [f.as_posix() for f in folders if f.as_posix() not in ("", ".")]
    listed = _git(repo, "ls-tree", "-r", "--name-only", "-z", commit, "--", *names)
    if listed.returncode != 0:
        raise UsageError(f"git ls-tree {commit[:12]} failed: "
                         f"{listed.stderr.decode('utf-8', 'replace').strip()}")
    if not listed.stdout.strip(b"\0"):
        return
    done = _git(repo, "archive", "--format=tar", commit, "--", *names)
    if done.returncode != 0:
        raise UsageError(f"git archive {commit[:12]} failed: "
                         f"{done.stderr.decode('utf-8', 'replace').strip()}")
    with tarfile.open(fileobj=io.BytesIO(done.stdout)) as archive:
        archive.extractall(into, filter="data")


def share_caches(side_root: Path, repo: Path) -> None:
    """Point each pack folder's cache under ``side_root`` at the same pack folder's cache
    in the working tree ``repo`` (made when missing, as ``check`` would)."""
    for manifest in side_root.rglob("pack.yaml"):
        relative = manifest.parent.relative_to(side_root)
        home = repo / relative
        if not (home / "pack.yaml").is_file():
            continue
        target = home / CACHE_FOLDER
        link = manifest.parent / CACHE_FOLDER
        try:
            target.mkdir(exist_ok=True)
            if link.is_symlink() or link.exists():
                shutil.rmtree(link) if link.is_dir() and not link.is_symlink() else link.unlink()
            os.symlink(target, link, target_is_directory=True)
        except OSError:
            continue  # a cache only saves time


def open_side(spec: str | None, repo: Path | None, pack_paths: tuple[str, ...],
              stack: ExitStack, default_paths: tuple[str, ...], share: bool = True) -> Side:
    """The side named ``spec``: an existing folder, else a revision of ``repo`` (None:
    the working tree). Temporary folders live as long as ``stack``. With ``share``, an
    extracted revision's packs use the working tree's caches (:func:`share_caches`).

    ``pack_paths`` (relative to the repository root) choose the packs of a revision or
    the working tree; without them, ``default_paths`` that exist there.
    """
    if spec is not None and Path(spec).is_dir():
        return Side(spec, Path(spec), (Path(spec),), shown_root=spec)
    if repo is None:
        if spec is not None and ("/" in spec or spec.startswith(".")):
            raise UsageError(f"{spec}: no such folder")
        raise UsageError(f"'{spec}' is neither a folder nor a revision: not in a git "
                         "repository; give two folders to compare")
    if spec is None:
        return Side(WORKING_TREE, repo, _pack_paths(repo, pack_paths, default_paths))
    commit = resolve_revision(repo, spec)
    import tempfile

    into = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="riddlesmith-diff-")))
    wanted = tuple(Path(p) for p in pack_paths) or tuple(Path(p) for p in default_paths)
    extract_revision(repo, commit, into, wanted)
    if share:
        share_caches(into, repo)
    return Side(spec, into, _pack_paths(into, pack_paths, default_paths, missing_ok=True))


def _pack_paths(root: Path, chosen: tuple[str, ...], defaults: tuple[str, ...],
                missing_ok: bool = False) -> tuple[Path, ...]:
    """The pack paths under ``root``: ``chosen`` (each must exist unless ``missing_ok``:
    a pack a revision lacks is added or removed), else the ``defaults`` that exist."""
    if chosen:
        out = []
        for name in chosen:
            path = root / name
            if path.exists():
                out.append(path)
            elif not missing_ok:
                raise UsageError(f"--pack {name}: no such file or folder in {root}")
        return tuple(out)
    return tuple(root / d for d in defaults if (root / d).exists())


__all__ = ["GIT_TIMEOUT", "Side", "WORKING_TREE", "extract_revision", "open_side",
           "repository_root", "resolve_revision", "share_caches", "short_revision"]
