"""Simulator result caches: a hash of the simulator's own source.

A system caches a simulation in a JSON file named by a hash of everything the
result depends on; part of that hash is :func:`digest_sources` (the source
files of the modules that compute it), so editing the simulator invalidates
old results. Reading and writing the files is :mod:`generator.cachefile`'s job.
"""
from __future__ import annotations

import hashlib
import importlib
import importlib.util
import pkgutil
from pathlib import Path



def digest_sources(modules: tuple[str, ...], tag: str) -> str:
    """A hash of ``tag`` and the source of each module (empty for one without a file)."""
    h = hashlib.sha256(tag.encode())
    for name in modules:
        spec = importlib.util.find_spec(name)
        origin = spec.origin if spec is not None else None
        try:
            data = Path(origin).read_bytes() if origin else b""
        except OSError:
            data = b""
        h.update(name.encode() + b"\0" + hashlib.sha256(data).digest())
    return h.hexdigest()


def package_modules(package: str) -> tuple[str, ...]:
    """``package`` and every module below it, sorted (for :func:`digest_sources`: a
    module added to the package later is hashed without being listed)."""
    path = importlib.import_module(package).__path__
    return (package, *sorted(m.name for m in pkgutil.walk_packages(path, package + ".")))


__all__ = ["digest_sources", "package_modules"]
