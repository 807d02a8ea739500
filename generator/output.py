"""Writing build output without ever losing a user's files.

A build writes each pack to ``OUT/<pack-id>/``. This module decides whether it
may, and swaps the new output in so that a process killed at any instant
leaves a whole output (old or new) at that name:

1. **Refuse what is not ours.** ``OUT/<pack-id>`` is never a pack's source
   folder nor an ancestor of one, and ``OUT`` is never a pack folder itself.
   An existing ``OUT/<pack-id>`` is replaced only when a previous build made
   it: its ``manifest.json`` lists every file there (nothing else, no links).
   Anything else is refused unless ``force`` (a folder holding a
   ``pack.yaml`` anywhere is refused even then). Two packs with one id cannot share ``OUT``.
2. **Lock.** One build writes into a folder at a time (``flock`` on the
   folder itself); another waits for it, up to ``lock_wait`` seconds, then
   gives up with a message.
3. **Recover.** Leftovers of a killed build are put right: an unfinished
   swap is rolled back from its journal, then every hidden ``.<id>.tmp-*`` and
   ``.<id>.old-*`` folder is removed.
4. **Stage, then swap.** Every pack is written to a hidden sibling
   ``.<id>.tmp-*`` first; only when all are written does a journal
   (``OUT/.riddlesmith-swap.json``) record the swaps and each one happen. On
   Linux a swap is one ``renameat2(RENAME_EXCHANGE)`` call, atomic; elsewhere
   (or on a file system without it) two renames, old away then new in, whose
   gap the journal closes on the next build. A swap that fails undoes the
   ones before it, so a multi-pack build is all or nothing; a killed one is
   rolled back by the next build.

Problems of the file system (a read-only or full disk, an immutable folder)
raise :class:`OutputError` with a one-line message naming the path.
"""
from __future__ import annotations

import ctypes
import errno
import hashlib
import json
import os
import re
import shutil
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from generator.cachefile import read_bytes, read_object, write_json
from generator.signals import stop_signals_held
from generator.systems import Artefact

MANIFEST = "manifest.json"
PACK_FILE = "pack.yaml"
JOURNAL_FILE = ".riddlesmith-swap.json"
TMP_MARK = ".tmp-"
OLD_MARK = ".old-"
LOCK_WAIT = 300.0
"""Seconds a build waits for another one writing into the same folder."""
MAX_MANIFEST_BYTES = 16 * 1024 * 1024
LEFTOVER = re.compile(r"\.(?P<id>[^/\\]+)\.(?P<kind>tmp|old)-[A-Za-z0-9_]+")
"""The hidden folders a build stages into or moves old output to."""
JOURNAL_TMP = re.compile(r"\.tmp-[a-z0-9_]{8}")
"""A journal being written (:func:`generator.cachefile.write_text` names it so)."""

Step = Callable[[str], None]
"""Called with a step's name after each step of a write (tests kill the process there)."""


class OutputError(Exception):
    """The output cannot (or must not) be written; the message names the path and why."""


@dataclass(frozen=True, slots=True)
class PackOutput:
    """One pack's artefacts, to be written to ``OUT/<pack_id>/``."""

    pack_id: str
    artefacts: tuple[Artefact, ...]
    source: Path  # the pack's folder: never written into or over


def _no_step(_: str) -> None:
    return None


def write_outputs(out_dir: Path, outputs: Sequence[PackOutput], *, force: bool = False,
                  protected: Sequence[Path] = (), lock_wait: float = LOCK_WAIT,
                  step: Step = _no_step) -> None:
    """Write every pack of ``outputs`` into ``out_dir``: all of them, or none.

    ``protected``: more folders (other packs) that must never be replaced.
    Raises :class:`OutputError` when a target is not ours (and not ``force``),
    two packs share an id, another build holds the folder too long, or the file
    system refuses.
    """
    for output in outputs:
        _check_artefact_paths(output)
    ids = [o.pack_id for o in outputs]
    if len(set(ids)) != len(ids):
        dup = sorted({i for i in ids if ids.count(i) > 1})[0]
        where = [str(o.source) for o in outputs if o.pack_id == dup]
        raise OutputError(f"two packs have the id '{dup}' ({' and '.join(where)}); they would "
                          f"overwrite each other in {out_dir}")
    roots = [Path(os.path.realpath(p)) for p in (*protected, *(o.source for o in outputs))]
    _check_not_a_pack(out_dir, ids, roots)
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise _fs_error(exc, out_dir, "cannot create the output folder") from exc
    with _locked(out_dir, lock_wait):
        try:
            recover(out_dir)
            for output in outputs:
                _check_ours(out_dir / output.pack_id, force)
            _write_all(out_dir, outputs, step)
        except OSError as exc:
            raise _fs_error(exc, out_dir, "cannot write the output") from exc


# -- refusing ----------------------------------------------------------------------------


def _check_artefact_paths(output: PackOutput) -> None:
    seen: set[str] = set()
    for a in output.artefacts:
        rel = Path(a.path)
        if rel.is_absolute() or ".." in rel.parts or not a.path or a.path in seen:
            raise ValueError(f"bad or repeated artefact path {a.path!r}")
        seen.add(a.path)


def _check_not_a_pack(out_dir: Path, ids: Sequence[str], roots: Sequence[Path]) -> None:
    real_out = Path(os.path.realpath(out_dir))
    for root in roots:
        if real_out == root:
            raise OutputError(f"{out_dir}: the output folder is the pack folder {root}; "
                              "choose another --out (the default is 'output')")
    for ident in ids:
        target = Path(os.path.realpath(out_dir / ident))
        for root in roots:
            if target == root or target in root.parents:
                raise OutputError(f"{out_dir / ident}: building there would replace the pack "
                                  f"folder {root}; choose another --out")


def manifest_files(folder: Path) -> set[str] | None:
    """The files ``folder/manifest.json`` lists (with itself), or None when there is no
    readable manifest of a build."""
    data = read_object(folder / MANIFEST, MAX_MANIFEST_BYTES)
    entries = data.get("artefacts") if data is not None else None
    if not isinstance(entries, list):
        return None
    files = {MANIFEST}
    for entry in entries:
        path = entry.get("path") if isinstance(entry, dict) else None
        if not isinstance(path, str):
            return None
        files.add(path)
    return files


def foreign_entry(folder: Path) -> str | None:
    """Why ``folder`` is not a previous build's output (a file its manifest does not
    list, a link, no manifest), or None when it is."""
    if folder.is_symlink() or not folder.is_dir():
        return "it is not a folder a build made"
    listed = manifest_files(folder)
    if listed is None:
        return f"it has no {MANIFEST} of a riddlesmith build"
    for here, dirs, files in os.walk(folder):
        for name in sorted(dirs + files):
            path = Path(here) / name
            rel = path.relative_to(folder).as_posix()
            if path.is_symlink():
                return f"it holds a link, '{rel}'"
            if name in files and rel not in listed:
                return f"it holds '{rel}', which no build wrote"
    return None


def _check_ours(target: Path, force: bool) -> None:
    if not os.path.lexists(target):
        return
    pack = _find_pack(target)
    if pack is not None:
        raise OutputError(f"{target}: will not replace it: it holds a pack ({pack}); choose "
                          "another --out")
    if force:
        return
    reason = foreign_entry(target)
    if reason is not None:
        raise OutputError(f"{target}: will not replace it: {reason}; move it away, choose "
                          "another --out, or pass --force to replace it")


def _find_pack(folder: Path) -> str | None:
    """The first ``pack.yaml`` under ``folder`` (links not followed), relative to it."""
    if folder.is_symlink() or not folder.is_dir():
        return None
    for here, dirs, files in os.walk(folder):
        dirs.sort()
        if PACK_FILE in files:
            return (Path(here) / PACK_FILE).relative_to(folder).as_posix()
    return None


# -- locking -----------------------------------------------------------------------------


@contextmanager
def _locked(out_dir: Path, wait: float) -> Iterator[None]:
    """Hold the output folder's lock (no-op where ``fcntl`` is missing)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX
        yield
        return
    path = out_dir
    try:
        # The folder itself is the lock: nothing is left behind, and nothing to race on.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)
                     | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise _fs_error(exc, path, "cannot open the output folder") from exc
    try:
        deadline = time.monotonic() + wait
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except OSError as exc:
                if exc.errno not in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK):
                    raise _fs_error(exc, path, "cannot lock the output folder") from exc
                if time.monotonic() >= deadline:
                    raise OutputError(f"{out_dir}: another riddlesmith build is writing "
                                      f"there (waited {wait:g} s); try again when it is done"
                                      ) from exc
                time.sleep(0.05)
        yield
    finally:
        os.close(fd)  # closing releases the lock


# -- swapping ----------------------------------------------------------------------------


RENAME_EXCHANGE = 2
AT_FDCWD = -100


def exchange(a: Path, b: Path) -> bool:
    """Swap the names ``a`` and ``b`` atomically (Linux ``renameat2``); False when this
    system or file system cannot, OSError when it could but failed."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    rc = renameat2(AT_FDCWD, os.fsencode(a), AT_FDCWD, os.fsencode(b), RENAME_EXCHANGE)
    if rc == 0:
        return True
    err = ctypes.get_errno()
    if err in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP, errno.EOPNOTSUPP):
        return False
    raise OSError(err, os.strerror(err), str(b))


def _digest(folder: Path) -> str | None:
    data = read_bytes(folder / MANIFEST, MAX_MANIFEST_BYTES)
    return None if data is None else hashlib.sha256(data).hexdigest()


def _stage(out_dir: Path, output: PackOutput) -> Path:
    tmp = Path(tempfile.mkdtemp(prefix=f".{output.pack_id}{TMP_MARK}", dir=out_dir))
    for a in output.artefacts:
        path = tmp / a.path
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "xb") as handle:
            handle.write(a.data)
    os.chmod(tmp, 0o755)
    return tmp


def _swap_in(new: Path, target: Path, old: Path, step: Step) -> None:
    """Put ``new`` at ``target``; the previous output (if any) ends up at ``new`` (after
    an exchange) or ``old`` (after two renames)."""
    if not os.path.lexists(target):
        new.rename(target)
    elif not exchange(new, target):
        target.rename(old)
        step(f"moved-away:{target.name}")
        new.rename(target)


def _write_all(out_dir: Path, outputs: Sequence[PackOutput], step: Step) -> None:
    staged: list[Path] = []
    olds = [out_dir / _old_name(o.pack_id) for o in outputs]
    settled = True  # False: a roll-back failed, so leave everything for the next build
    try:
        for output in outputs:
            staged.append(_stage(out_dir, output))
            step(f"staged:{output.pack_id}")
        entries = [{"target": o.pack_id, "new": t.name, "old": old.name, "digest": _digest(t)}
                   for o, t, old in zip(outputs, staged, olds)]
        _write_journal(out_dir, entries)
        step("journal")
        done: list[dict[str, str | None]] = []
        try:
            for entry, tmp, old in zip(entries, staged, olds):
                _swap_in(tmp, out_dir / str(entry["target"]), old, step)
                done.append(entry)
                step(f"swapped:{entry['target']}")
        except BaseException:
            settled = False
            with stop_signals_held():
                _roll_back(out_dir, done)
                settled = True
            raise
        finally:
            if settled:
                (out_dir / JOURNAL_FILE).unlink(missing_ok=True)
        step("committed")
    finally:
        if settled:
            with stop_signals_held():
                for path in [*staged, *olds]:
                    if os.path.lexists(path):
                        _remove(path)
    step("cleaned")


def _old_name(pack_id: str) -> str:
    return f".{pack_id}{OLD_MARK}{os.getpid()}"


def _write_journal(out_dir: Path, entries: list[dict[str, str | None]]) -> None:
    if not write_json(out_dir / JOURNAL_FILE, {"swaps": entries}):
        raise OSError(errno.EIO, "cannot write the swap journal", str(out_dir / JOURNAL_FILE))


def _roll_back(out_dir: Path, entries: Sequence[dict[str, str | None]]) -> None:
    """Undo swaps (newest first): put each previous output back at its name, and take
    away new output that had no previous one."""
    for entry in reversed(entries):
        target = out_dir / str(entry["target"])
        new = out_dir / str(entry["new"])
        old = out_dir / str(entry["old"])
        if not os.path.lexists(target) or _digest(target) != entry["digest"]:
            if not os.path.lexists(target) and os.path.lexists(old):
                old.rename(target)  # killed between the two renames
            continue  # this swap did not happen (or was already undone)
        if os.path.lexists(old):
            _remove(target)
            old.rename(target)
        elif os.path.lexists(new):
            if not exchange(new, target):  # the previous output waits at the staging name
                _remove(target)
                new.rename(target)
        else:
            _remove(target)  # there was no previous output


def recover(out_dir: Path) -> None:
    """Put right what a killed build left in ``out_dir``: roll back an unfinished swap,
    then remove hidden staging and old folders. Call it holding the lock."""
    journal = out_dir / JOURNAL_FILE
    if os.path.lexists(journal):
        data = read_object(journal)
        swaps = data.get("swaps") if data is not None else None
        if isinstance(swaps, list) and all(
                isinstance(e, dict) and all(isinstance(e.get(k), str) and _plain_name(e[k])
                                            for k in ("target", "new", "old")) for e in swaps):
            _roll_back(out_dir, swaps)
        _remove(journal)
    for path in sorted(out_dir.iterdir()):
        if JOURNAL_TMP.fullmatch(path.name) and path.is_file() and not path.is_symlink():
            path.unlink()  # a journal whose writing was cut short
            continue
        match = LEFTOVER.fullmatch(path.name)
        if match is None or path.is_symlink() or not path.is_dir():
            continue
        target = out_dir / match["id"]
        if match["kind"] == "old" and not os.path.lexists(target):
            path.rename(target)  # an output moved away and never replaced
        else:
            _remove(path)


def _plain_name(name: str) -> bool:
    return bool(name) and "/" not in name and "\\" not in name and name not in (".", "..")


def _remove(path: Path) -> None:
    if path.is_symlink() or path.is_file():
        path.unlink()
    elif path.exists():
        shutil.rmtree(path)


def _fs_error(exc: OSError, fallback: Path, what: str) -> OutputError:
    where = Path(exc.filename) if exc.filename else fallback
    if LEFTOVER.fullmatch(where.name):
        where = where.parent  # a hidden staging folder means nothing to the user
    reason = exc.strerror or str(exc)
    return OutputError(f"{where}: {what} ({reason}) [RS-E002]")


def describe(out_dir: Path) -> str:
    """A JSON summary of ``out_dir``'s packs and their manifest digests (for tests)."""
    return json.dumps({p.name: _digest(p) for p in sorted(out_dir.iterdir())
                       if not p.name.startswith(".")}, sort_keys=True)


__all__ = ["MANIFEST", "OutputError", "PackOutput", "exchange", "foreign_entry",
           "manifest_files", "recover", "write_outputs"]
