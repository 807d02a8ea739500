"""Find the files that ship with the package (schemas, fonts, templates).

From an installed wheel the schemas are the package ``generator.schemas``;
from a source checkout (or an editable install) they are the top-level
``schemas/`` folder beside ``generator/``.
"""
from __future__ import annotations

from functools import cache
from pathlib import Path


@cache
def schemas_dir() -> Path:
    """The folder holding ``*.schema.json``.

    >>> (schemas_dir() / "common.schema.json").is_file()
    True
    """
    here = Path(__file__).resolve().parent
    for candidate in (here / "schemas", here.parent / "schemas"):
        if (candidate / "common.schema.json").is_file():
            return candidate
    raise FileNotFoundError("the riddlesmith schemas are missing from this installation")


def package_dir() -> Path:
    return Path(__file__).resolve().parent
