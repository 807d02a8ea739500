"""Find the files that ship with the package (schemas, fonts, templates).

From an installed wheel the schemas are the package ``generator.schemas``;
from a source checkout (or an editable install) they are the top-level
``schemas/`` folder beside ``generator/``.
"""
from __future__ import annotations

import importlib.resources
from functools import cache
from pathlib import Path


@cache
def schemas_dir() -> Path:
    """The folder holding ``*.schema.json``."""
    try:
        found = Path(str(importlib.resources.files("generator.schemas")))
        if (found / "common.schema.json").is_file():
            return found
    except (ModuleNotFoundError, TypeError):
        pass
    return Path(__file__).resolve().parent.parent / "schemas"


def package_dir() -> Path:
    return Path(__file__).resolve().parent
