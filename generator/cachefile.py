"""Cache files: small JSON documents that are read with suspicion and written atomically.

A cache is an optimisation, never a source of truth. Whatever sits at a cache
path may have been left by an older version, edited by hand, or replaced by
something hostile (a symlink to ``/dev/zero``, a FIFO, a 200,000-deep array).
:func:`read_json` therefore reads only a regular file (never through a
symlink, never blocking on a FIFO), at most ``max_bytes`` of it, and returns
None for anything it cannot parse; the caller validates the shape of what it
gets (:func:`read_object` checks the outermost one) and recomputes on None.
:func:`write_json` writes through a temporary file in the same folder and an
atomic rename, so concurrent writers and readers each see a whole file, and a
bad file at the path (a symlink, a FIFO) is replaced rather than followed. A
cache that cannot be written only costs time: the writer returns False.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> write_json(folder / "a.json", {"n": 1}), read_object(folder / "a.json")
(True, {'n': 1})
>>> _ = (folder / "b.json").write_text("[]")
>>> read_object(folder / "b.json") is None
True
"""
from __future__ import annotations

import json
import os
import stat
import tempfile
from pathlib import Path
from typing import Any

MAX_CACHE_BYTES = 8 * 1024 * 1024
"""The largest cache file read (the biggest riddle result is well under 1 MB)."""
_READ_FLAGS = (os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
               | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0))


def read_bytes(path: Path, max_bytes: int = MAX_CACHE_BYTES) -> bytes | None:
    """The content of the regular file at ``path``, or None when it is missing, not a
    regular file (a symlink, FIFO, device or folder), unreadable or over ``max_bytes``."""
    try:
        fd = os.open(path, _READ_FLAGS)
    except (OSError, ValueError):
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size > max_bytes:
            return None
        parts: list[bytes] = []
        size = 0
        while size <= max_bytes:  # the file may grow while we read it
            chunk = os.read(fd, min(1 << 20, max_bytes + 1 - size))
            if not chunk:
                break
            parts.append(chunk)
            size += len(chunk)
        return None if size > max_bytes else b"".join(parts)
    except OSError:
        return None
    finally:
        os.close(fd)


def read_json(path: Path, max_bytes: int = MAX_CACHE_BYTES) -> Any:
    """The JSON value of the file at ``path`` (see :func:`read_bytes`), or None when
    it cannot be read or parsed (bad UTF-8, bad JSON, nesting too deep)."""
    data = read_bytes(path, max_bytes)
    if data is None:
        return None
    try:
        return json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None


def read_object(path: Path, max_bytes: int = MAX_CACHE_BYTES) -> dict[str, Any] | None:
    """:func:`read_json` when the file holds a JSON object, else None."""
    value = read_json(path, max_bytes)
    return value if isinstance(value, dict) else None


def read_keyed(path: Path, fingerprint: str, max_bytes: int = MAX_CACHE_BYTES
               ) -> dict[str, Any] | None:
    """:func:`read_object` when the object's ``"fingerprint"`` is ``fingerprint`` (an
    entry for other inputs, or none, is None); its other fields are the caller's to check."""
    stored = read_object(path, max_bytes)
    return stored if stored is not None and stored.get("fingerprint") == fingerprint else None


def write_json(path: Path, data: Any) -> bool:
    """Write ``data`` as JSON to ``path`` atomically; False when it cannot be written."""
    text = json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    return write_text(path, text)


def write_text(path: Path, text: str) -> bool:
    """Write ``text`` to ``path`` through a temporary file and a rename; False when the
    folder or the file cannot be written (nothing is left behind)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, tmp = tempfile.mkstemp(prefix=".tmp-", dir=path.parent)
    except (OSError, ValueError):
        return False
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.chmod(tmp, 0o644)  # mkstemp makes it private; a cache is as readable as the pack
        os.replace(tmp, path)
        return True
    except OSError:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        return False


__all__ = ["MAX_CACHE_BYTES", "read_bytes", "read_json", "read_keyed", "read_object", "write_json",
           "write_text"]
