"""Which system plays ``riddlesmith playtest PACK ID``: the one owning document ``ID``.

A system contributes playtests by giving its ``System`` a ``playtest`` method
``playtest(pack, ident, games, policy, seed, jobs, scheduler, fmt, progress) ->
(exit code, text)``; the command line names no system, it asks
:func:`playtest_owner`.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from generator.pack.loader import UsageError, load_packs
from generator.pack.schema import load_schemas
from generator.systems import discover_systems


def playtest_owner(pack_path: str | Path, ident: str) -> Any | None:
    """The system whose document ``ident`` in the pack it can playtest (None: none)."""
    systems = discover_systems()
    kinds = {"pack": "core"}
    for name, system in sorted(systems.items()):
        for kind in system.kinds:
            kinds.setdefault(kind, name)
    try:
        loaded = load_packs([Path(pack_path)], load_schemas(), kinds)
    except UsageError:
        return None
    for pack in loaded.packs:
        for doc in pack.documents:
            if doc.id == ident:
                owner = systems.get(kinds.get(doc.kind, ""))
                return owner if hasattr(owner, "playtest") else None
    return None
