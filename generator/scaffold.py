"""``riddlesmith init`` and ``riddlesmith new``: packs and documents from templates."""
from __future__ import annotations

import os
import re
from pathlib import Path

from generator.pack.loader import PACK_FILE, UsageError, find_pack_roots
from generator.pack.schema import id_problem
from generator.resources import schemas_dir
from generator.systems import System, discover_systems

def schema_comment(kind: str, file: Path) -> str:
    """The first line that lets editors (yaml-language-server) check the file."""
    target = schemas_dir() / f"{kind}.schema.json"
    rel = os.path.relpath(target, file.parent.resolve() if file.parent.exists() else file.parent)
    return f"# yaml-language-server: $schema={Path(rel).as_posix()}\n"


def _check_id(ident: str) -> None:
    problem = id_problem(ident)
    if problem:
        raise UsageError(problem)


def init_pack(directory: Path, system: System, pack_id: str | None, *, force: bool = False) -> list[Path]:
    """Create a pack of ``system`` in ``directory`` that checks and builds as generated."""
    pack_id = pack_id or re.sub(r"[^a-z0-9-]+", "-", directory.resolve().name.lower()).strip("-")
    _check_id(pack_id or "?")
    if directory.exists() and any(directory.iterdir()) and not force:
        raise UsageError(f"{directory} is not empty (use --force to write into it)")
    files = system.starter_files(pack_id)
    written: list[Path] = []
    for rel, text in sorted(files.items()):
        path = directory / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        kind = _kind_in(text)
        header = schema_comment(kind, path) if kind else ""
        path.write_text(header + text, encoding="utf-8")
        written.append(path)
    return written


def _kind_in(text: str) -> str | None:
    m = re.search(r"^kind:\s*([a-z][a-z0-9-]*)\s*$", text, re.MULTILINE)
    return m.group(1) if m else None


def new_document(kind: str, ident: str, pack: Path | None, *, force: bool = False) -> Path:
    """Write a new ``kind`` document with id ``ident`` from its commented template."""
    _check_id(ident)
    systems = discover_systems()
    owner = next((s for s in systems.values() if kind in s.kinds), None)
    if owner is None:
        known = sorted(k for s in systems.values() for k in s.kinds)
        raise UsageError(f"unknown kind '{kind}' (known: {', '.join(known)})")
    root = _find_pack(pack)
    folder, template = owner.templates()[kind].split("\n", 1)
    rel = folder.removeprefix("# folder: ").strip().replace("{id}", ident)
    path = root / rel
    if path.exists() and not force:
        raise UsageError(f"{path} already exists (use --force to overwrite it)")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(schema_comment(kind, path) + template.replace("{id}", ident), encoding="utf-8")
    return path


def _find_pack(pack: Path | None) -> Path:
    if pack is not None:
        roots = find_pack_roots([pack])
        if len(roots) != 1:
            raise UsageError(f"{pack} holds {len(roots)} packs; name one of them with --pack")
        return roots[0]
    here = Path.cwd()
    for folder in (here, *here.parents):
        if (folder / PACK_FILE).is_file():
            return folder
    raise UsageError(f"no {PACK_FILE} here or above; run inside a pack or pass --pack")
