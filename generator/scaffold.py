"""``riddlesmith init`` and ``riddlesmith new``: packs and documents from templates.

A new pack carries what an editor needs to check it offline: the schemas in
``.riddlesmith/schemas/``, a first line in every YAML file pointing at them
(relative to the file, so the pack can move), a ``.vscode/settings.json``
whose ``yaml.schemas`` globs match the folders ``init`` and ``new`` use, and a
``.gitignore`` for the build output and the simulator cache.
"""
from __future__ import annotations

import fnmatch
import json
import os
import re
from pathlib import Path, PurePosixPath
from typing import Any

from generator.pack.loader import DEFAULT_INCLUDE, PACK_FILE, UsageError, find_pack_roots
from generator.pack.schema import id_problem, suggest, write_schemas
from generator.pack.model import CACHE_FOLDER
from generator.systems import System
from generator.registry import load_registry

SCHEMA_FOLDER = ".riddlesmith/schemas"
GITIGNORE = f"# riddlesmith: build output and simulator cache\noutput/\n{CACHE_FOLDER}/\n"
_MODELINE = re.compile(r"^# yaml-language-server: \$schema=(.*)/[a-z0-9-]+\.schema\.json\s*$")


def schema_comment(kind: str, file: Path, schema_folder: Path) -> str:
    """The first line that lets editors (yaml-language-server) check ``file``.

    >>> schema_comment("god", Path("/p/gods/zeus.yaml"), Path("/p/.riddlesmith/schemas"))
    '# yaml-language-server: $schema=../.riddlesmith/schemas/god.schema.json\\n'
    """
    rel = os.path.relpath(schema_folder / f"{kind}.schema.json", file.parent)
    return f"# yaml-language-server: $schema={Path(rel).as_posix()}\n"


def _check_id(ident: str) -> None:
    problem = id_problem(ident)
    if problem:
        raise UsageError(problem)


def _folder_of(template: str) -> str:
    """The pack-relative path pattern on a template's first line (``{id}`` inside)."""
    return template.split("\n", 1)[0].removeprefix("# folder: ").strip()


def kind_globs(system: System) -> dict[str, list[str]]:
    """Per kind, the paths (globs, relative to the pack) where init and new put it.

    >>> kind_globs(load_registry().systems["fragments"])["fragment-card"]
    ['cards/*.yaml']
    """
    globs: dict[str, list[str]] = {}
    for kind, template in sorted(system.templates().items()):
        globs.setdefault(kind, []).append(_folder_of(template).replace("{id}", "*"))
    for rel, text in sorted(system.starter_files("example").items()):
        found = _kind_in(text)
        if found and found != "pack" and not any(fnmatch.fnmatch(rel, g) for g in globs.get(found, [])):
            globs.setdefault(found, []).append(rel)
    return globs


def vscode_settings(systems: list[System], schema_folder: str = SCHEMA_FOLDER) -> dict[str, object]:
    """The ``.vscode/settings.json`` block: each schema file -> the globs of its kind.

    Keys are relative to the workspace folder (the pack) and globs start with ``/``,
    which the YAML extension reads as relative to that folder too.
    """
    schemas: dict[str, list[str]] = {f"./{schema_folder}/pack.schema.json": ["/pack.yaml"]}
    for system in systems:
        for kind, globs in kind_globs(system).items():
            schemas.setdefault(f"./{schema_folder}/{kind}.schema.json", []).extend(
                "/" + g for g in globs)
    return {"yaml.schemas": schemas}


def init_pack(directory: Path, system: System, pack_id: str | None, *, force: bool = False,
              sheet: bool = False) -> list[Path]:
    """Create a pack of ``system`` in ``directory`` that checks and builds as generated;
    with ``sheet``, the kind the starter pack has most documents of lives in ``cards.csv``."""
    pack_id = pack_id or re.sub(r"[^a-z0-9-]+", "-", directory.resolve().name.lower()).strip("-")
    _check_id(pack_id or "?")
    if directory.exists() and any(directory.iterdir()) and not force:
        raise UsageError(f"{directory} is not empty (use --force to write into it)")
    starter = system.starter_files(pack_id)
    if sheet:
        starter = starter_with_sheet(starter)
    schema_folder = directory / SCHEMA_FOLDER
    written = write_schemas(schema_folder)
    for rel, text in sorted(starter.items()):
        path = directory / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        kind = _kind_in(text)
        header = schema_comment(kind, path, schema_folder) if kind and path.suffix != ".csv" else ""
        # A BOM, so that Excel reads the accents of a UTF-8 CSV file right.
        path.write_text(header + text, encoding="utf-8-sig" if path.suffix == ".csv" else "utf-8")
        written.append(path)
    settings = directory / ".vscode" / "settings.json"
    if _write_settings(settings, vscode_settings([system])):
        written.append(settings)
    gitignore = directory / ".gitignore"
    _add_lines(gitignore, GITIGNORE)
    written.append(gitignore)
    return written


SHEET_FILE = "cards.csv"


def starter_with_sheet(files: dict[str, str]) -> dict[str, str]:
    """The starter files with the documents of their most numerous kind moved into
    ``cards.csv`` (one row each; ``sheets:`` in pack.yaml gives their kind), the YAML
    files and include patterns left empty by the move dropped."""
    from generator.pack.sheets import csv_text
    from generator.pack.yamlload import load_yaml

    parsed = {rel: load_yaml(text, rel).documents for rel, text in files.items()
              if rel != PACK_FILE and rel.endswith((".yaml", ".yml"))}
    counts: dict[str, int] = {}
    for documents in parsed.values():
        for doc in documents:
            kind = str(doc.data.get("kind"))
            counts[kind] = counts.get(kind, 0) + 1
    if not counts:
        raise UsageError("this system's starter pack has no documents to put in a sheet")
    kind = max(sorted(counts), key=lambda k: counts[k])
    rows: list[dict[str, Any]] = []
    out = {PACK_FILE: files[PACK_FILE]}
    for rel, text in sorted(files.items()):
        if rel == PACK_FILE:
            continue
        documents = parsed.get(rel, [])
        moved = [d.data for d in documents if d.data.get("kind") == kind]
        rows.extend(moved)
        if moved and len(moved) == len(documents):
            continue  # the whole file moved into the sheet
        if moved:
            raise UsageError(f"{rel} mixes {kind} documents with others; cannot start a sheet pack")
        out[rel] = text
    out[SHEET_FILE] = csv_text(rows, leave_out=("kind",))
    lines = out[PACK_FILE].splitlines()
    kept = [line for line in lines if not line.startswith("  - ") or any(
        fnmatch.fnmatch(rel, line[4:].strip()) for rel in out if rel != PACK_FILE)]
    out[PACK_FILE] = "\n".join(kept) + (
        f"\n  - {SHEET_FILE}\n# One {kind} per row of {SHEET_FILE}; its header row names the fields.\n"
        f"sheets:\n  {SHEET_FILE}: {kind}\n")
    return out


def _write_settings(path: Path, settings: dict[str, object]) -> bool:
    """Write or merge ``settings`` into a VS Code settings file; False when it is left alone
    (it exists but is not plain JSON, e.g. it has comments: never lose a user's file)."""
    current: Any = {}
    if path.exists():
        try:
            current = json.loads(path.read_text(encoding="utf-8"))
        except (ValueError, OSError):
            return False
        if not isinstance(current, dict):
            return False
    merged: dict[str, Any] = dict(current)
    schemas: dict[str, Any] = dict(merged.get("yaml.schemas") or {})
    new: Any = settings["yaml.schemas"]
    schemas.update(new)
    merged["yaml.schemas"] = schemas
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(merged, indent=2) + "\n", encoding="utf-8")
    return True


def _add_lines(path: Path, text: str) -> None:
    """Append the lines of ``text`` that ``path`` does not have yet (creating it if needed)."""
    have = path.read_text(encoding="utf-8").splitlines() if path.exists() else []
    missing = [line for line in text.splitlines() if line not in have]
    if missing:
        prefix = "\n" if have and have[-1].strip() else ""
        with path.open("a", encoding="utf-8") as out:
            out.write(prefix + "\n".join(missing) + "\n")


def _kind_in(text: str) -> str | None:
    m = re.search(r"^kind:\s*([a-z][a-z0-9-]*)\s*$", text, re.MULTILINE)
    return m.group(1) if m else None


def pack_schema_folder(root: Path) -> Path:
    """Where a pack's files find their schemas: the folder named by pack.yaml's first
    line when it has one (the shipped packs point at the repository's ``schemas/``),
    else ``.riddlesmith/schemas/``, written there if missing."""
    try:
        first = (root / PACK_FILE).read_text(encoding="utf-8").split("\n", 1)[0]
    except (OSError, UnicodeDecodeError):
        first = ""
    m = _MODELINE.match(first)
    if m and not os.path.isabs(m.group(1)) and "://" not in m.group(1):
        folder = (root / m.group(1))
        if (folder / "common.schema.json").is_file():
            return folder
    folder = root / SCHEMA_FOLDER
    if not (folder / "common.schema.json").is_file():
        write_schemas(folder)
    return folder


def _pack_data(root: Path) -> dict[str, Any] | None:
    """pack.yaml's mapping, or None when it cannot be read (check will say why)."""
    from generator.pack.yamlload import load_yaml

    try:
        parsed = load_yaml((root / PACK_FILE).read_text(encoding="utf-8"), PACK_FILE)
        data = parsed.documents[0].data if parsed.documents else {}
    except Exception:  # an unreadable pack.yaml: check will say why
        return None
    return data if isinstance(data, dict) else None


def _declared_systems(root: Path) -> list[str] | None:
    """The systems pack.yaml names, or None when it names none readably."""
    data = _pack_data(root)
    systems = data.get("systems") if data is not None else None
    if not isinstance(systems, list):
        return None
    return [str(s) for s in systems]


def include_advice(root: Path, path: Path) -> str | None:
    """None when pack.yaml's include loads ``path``; else how to include it."""
    data = _pack_data(root)
    if data is None:
        return None
    include = data.get("include")
    exclude = data.get("exclude")
    rel = path.relative_to(root).as_posix()
    patterns = include if isinstance(include, list) and include else list(DEFAULT_INCLUDE)
    if any(isinstance(p, str) and path in root.glob(p) for p in patterns) and not any(
            isinstance(e, str) and fnmatch.fnmatch(rel, e) for e in (exclude or [])):
        return None
    folder = PurePosixPath(rel).parent
    pattern = f"{folder}/*.yaml" if str(folder) != "." else rel
    return f"pack.yaml does not include {rel}: add '{pattern}' to its 'include' list"


def new_document(kind: str, ident: str, pack: Path | None, *, force: bool = False) -> Path:
    """Write a new ``kind`` document with id ``ident`` from its commented template."""
    path, _ = new_document_with_advice(kind, ident, pack, force=force)
    return path


def new_document_with_advice(kind: str, ident: str, pack: Path | None, *,
                             force: bool = False) -> tuple[Path, str | None]:
    """:func:`new_document`, and how to include the file when pack.yaml does not."""
    _check_id(ident)
    registry = load_registry()
    systems = registry.systems
    owner = next((s for s in systems.values() if kind in s.kinds), None)
    if owner is None:
        known = sorted(k for s in systems.values() for k in s.kinds)
        hint = suggest(kind, known)
        raise UsageError(f"unknown kind '{kind}'" + (f"; {hint}" if hint else "")
                         + f" (known: {', '.join(known)})")
    template = owner.templates().get(kind)
    if template is None:
        raise UsageError(f"no template for kind '{kind}'; write its file by hand "
                         f"(`riddlesmith schema {kind}` prints its schema)")
    root = _find_pack(pack)
    owner_name = next(name for name, s in systems.items() if s is owner)
    declared = _declared_systems(root)
    if declared is not None and owner_name not in declared:
        raise UsageError(f"kind '{kind}' belongs to the '{owner_name}' system, which "
                         f"this pack's {PACK_FILE} does not use (systems: {', '.join(declared) or 'none'}); "
                         f"add '{owner_name}' to its 'systems' list first")
    if kind in registry.single_kinds:
        _refuse_a_second(root, kind, systems)
    rel = _folder_of(template).replace("{id}", ident)
    body = template.split("\n", 1)[1]
    path = root / rel
    if path.exists() and not force:
        raise UsageError(f"{path} already exists (use --force to overwrite it)")
    path.parent.mkdir(parents=True, exist_ok=True)
    header = schema_comment(kind, path, pack_schema_folder(root))
    path.write_text(header + body.replace("{id}", ident), encoding="utf-8")
    return path, include_advice(root, path)


def _refuse_a_second(root: Path, kind: str, systems: dict[str, Any]) -> None:
    """A pack holds one ``kind`` document at most (registered ``single``): name
    the one it has."""
    from generator.pack.loader import load_packs
    from generator.pack.schema import load_schemas

    kinds = {"pack": "core", **{k: name for name, s in systems.items() for k in s.kinds}}
    loaded = load_packs([root], load_schemas(), kinds)
    for pack in loaded.packs:
        for doc in pack.of_kind(kind):
            line, _ = doc.locate()
            raise UsageError(f"this pack already has its one '{kind}': '{doc.id}' in "
                             f"{doc.file}:{line}; a pack holds one, so edit that document "
                             "instead")


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
