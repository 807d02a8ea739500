"""Find packs, read their files, and turn documents into :class:`Document` values.

Every problem becomes a :class:`Diagnostic`; nothing here raises on content.
"""
from __future__ import annotations

import fnmatch
import os
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Iterator

from generator.cellref import SHEET_SUFFIXES, WORKBOOK_SUFFIXES, location_of
from generator.diagnostics import Diagnostic, make
# UsageError lived here before generator.errors; its importers here keep working.
from generator.errors import UsageError as UsageError
from generator.pack.model import Document, Pack, cache_folder
from generator.pack.published import (Fetching, fetch_sheet, is_address, is_workbook, refusal,
                                      tab_separated, without_fragment)
from generator.pack.schema import SchemaSet, suggest, validate_document
from generator.pack.sheetread import SheetFile, read_csv_bytes, read_workbook_bytes
from generator.pack.sheets import documents_of
from generator.pack.yamlload import Limits, YamlDocument, check_bytes, load_yaml

PACK_FILE = "pack.yaml"
DEFAULT_INCLUDE = ("**/*.yaml", "**/*.yml")


@dataclass(slots=True)
class LoadResult:
    packs: list[Pack] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    sources: dict[str, str] = field(default_factory=dict)
    files: int = 0
    documents: int = 0


def display_path(path: Path) -> str:
    """Path as shown in diagnostics: relative to the current folder when inside it."""
    try:
        rel = os.path.relpath(path)
    except ValueError:
        rel = str(path)
    if rel.startswith(".." + os.sep) or rel == "..":
        rel = str(path)
    return rel.replace(os.sep, "/")


def find_pack_roots(paths: list[Path]) -> list[Path]:
    """Pack folders named by ``paths``: a pack folder, a pack.yaml, or a folder of packs."""
    roots: list[Path] = []
    for raw in paths:
        path = raw
        if not path.exists():
            raise UsageError(f"{raw}: no such file or folder [RS-E001]")
        if path.is_file():
            if path.name != PACK_FILE:
                raise UsageError(f"{raw}: expected a pack folder or a {PACK_FILE} file")
            roots.append(path.parent)
        elif (path / PACK_FILE).is_file():
            roots.append(path)
        else:
            found = sorted(p.parent for p in path.rglob(PACK_FILE) if not _hidden(p, path))
            # A pack's own subfolders are not packs of their own.
            outer = [r for r in found if not any(r != o and o in r.parents for o in found)]
            if not outer:
                raise UsageError(f"{raw}: no {PACK_FILE} in this folder or below it")
            roots.extend(outer)
    unique: list[Path] = []
    for r in roots:
        if r.resolve() not in [u.resolve() for u in unique]:
            unique.append(r)
    return unique


def _hidden(path: Path, base: Path) -> bool:
    rel = path.relative_to(base)
    return any(part.startswith(".") for part in rel.parts[:-1])


def read_yaml_file(path: Path, shown: str, limits: Limits) -> tuple[str | None, Any, list[Diagnostic]]:
    """Read, pre-check and parse one file."""
    try:
        size = path.stat().st_size
        if size > limits.max_bytes:
            return None, None, [make("RS-Y002", f"file is {size:,} bytes; the limit is "
                                     f"{limits.max_bytes:,} bytes", shown,
                                     hint="split the content into several files")]
        raw = path.read_bytes()
    except OSError as exc:
        return None, None, [make("RS-Y012", f"cannot read file: {exc.strerror}", shown)]
    text, diags = check_bytes(raw, shown, limits)
    if text is None or any(d.code == "RS-Y006" for d in diags):
        return text, None, diags
    parsed = load_yaml(text, shown, limits)
    return text, parsed, diags + parsed.diagnostics


def load_packs(paths: list[Path], schemas: SchemaSet, kinds: dict[str, str],
               limits: Limits = Limits(), fetching: Fetching = Fetching()) -> LoadResult:
    """Load every pack under ``paths``. ``kinds`` maps document kind -> system name;
    ``fetching`` says how sheets included by their web address are fetched and cached."""
    result = LoadResult()
    for root in find_pack_roots(paths):
        pack = _load_pack(root, schemas, kinds, limits, fetching, result)
        if pack is not None:
            result.packs.append(pack)
    return result


def _documents_of(parsed: Any, shown: str, result: LoadResult) -> list[tuple[YamlDocument, str, str]]:
    """Documents that are mappings with a kind and an id."""
    out = []
    for doc in parsed.documents:
        result.documents += 1
        if not isinstance(doc.data, dict):
            result.diagnostics.append(make(
                "RS-Y009", f"a document must be a mapping of keys to values, found "
                f"{'a list' if isinstance(doc.data, list) else 'a single value'}",
                shown, *doc.locate(()), hint="start the document with 'kind:' and 'id:' lines"))
            continue
        kind, ident = doc.data.get("kind"), doc.data.get("id")
        if kind is None:
            result.diagnostics.append(make("RS-P002", "document has no 'kind'", shown,
                                           *doc.locate(()), hint="add a line such as 'kind: riddle'"))
            continue
        if ident is None:
            result.diagnostics.append(make("RS-P003", "document has no 'id'", shown,
                                           *doc.locate(("kind",), key=True),
                                           hint="add a line such as 'id: my-first-card'"))
            continue
        out.append((doc, str(kind), str(ident)))
    return out


def _load_pack(root: Path, schemas: SchemaSet, kinds: dict[str, str], limits: Limits,
               fetching: Fetching, result: LoadResult) -> Pack | None:
    manifest_path = root / PACK_FILE
    shown = display_path(manifest_path)
    result.files += 1
    if root.resolve() not in manifest_path.resolve().parents:
        # Never read (or echo) a file outside the pack, pack.yaml included.
        result.diagnostics.append(make("RS-P009", f"{PACK_FILE} links outside the pack folder",
                                       shown, hint="copy the file into the pack folder"))
        return None
    text, parsed, diags = read_yaml_file(manifest_path, shown, limits)
    if text is not None:
        result.sources[shown] = text
    result.diagnostics.extend(diags)
    if parsed is None or any(d.severity.value == "error" for d in diags):
        return None
    docs = _documents_of(parsed, shown, result)
    if len(parsed.documents) != 1 or len(docs) != 1 or docs[0][1] != "pack":
        if len(docs) == len(parsed.documents):
            result.diagnostics.append(make(
                "RS-P007", f"{PACK_FILE} must hold exactly one document with 'kind: pack'",
                shown, *(parsed.documents[0].locate(("kind",)) if parsed.documents else (1, 1))))
        return None
    yaml_doc, _, ident = docs[0]
    schema_diags = validate_document(schemas, "pack", yaml_doc)
    result.diagnostics.extend(schema_diags)
    if _rejects(schema_diags):
        return None
    manifest = Document("pack", ident, shown, yaml_doc)
    pack = Pack(root=root, manifest=manifest)
    for system in manifest.data.get("systems", []):
        if system not in set(kinds.values()):
            idx = manifest.data["systems"].index(system)
            result.diagnostics.append(manifest.diag(
                "RS-P008", f"game system '{system}' is not installed", ("systems", idx),
                hint=suggest(system, sorted(set(kinds.values())))
                or "installed: " + ", ".join(sorted(set(kinds.values())))))
    sheet_kinds = _sheet_kinds(root, manifest, kinds, result)
    files, addresses = _included_files(root, manifest, result, tuple(
        root / key.split("#", 1)[0] for key in sheet_kinds if not is_address(key)))
    for key in sheet_kinds:
        if is_address(key):
            addresses.setdefault(without_fragment(key), ("sheets", key))
    seen_ids: dict[str, Document] = {}
    folder = cache_folder(root, pack.id, fetching.cache, fetching.cache_dir)
    units = [_iter_units(root, path, schemas, sheet_kinds, limits, pack, result) for path in files]
    units += [_iter_address_units(url, where, fetching, folder, schemas, sheet_kinds, limits, pack,
                                  result) for url, where in addresses.items()]
    for unit in units:
        result.files += 1
        for file_shown, named, diags, has_errors, echoes in unit:
            _add_documents(file_shown, named, diags, has_errors, echoes, schemas, kinds, pack,
                           seen_ids, result)
    return pack


_Unit = tuple[str, list[tuple[YamlDocument, str, str]], list[Diagnostic], bool, set[str]]
"""A reported file: its name, named documents, reading problems, whether one is an error,
and the schema messages that only echo a reading problem."""


def _iter_units(root: Path, path: Path, schemas: SchemaSet, sheet_kinds: dict[str, str | None],
                limits: Limits, pack: Pack, result: LoadResult
                ) -> Iterator[_Unit]:
    """Each reported file of ``path`` (a YAML file, a CSV file, each sheet of a workbook)
    with its named documents, its reading problems and whether any is an error."""
    file_shown = display_path(path)
    if path.suffix.lower() in SHEET_SUFFIXES:
        yield from _iter_sheet_units(root, path, file_shown, schemas, sheet_kinds, limits, pack, result)
        return
    pack.files.append(file_shown)
    text, parsed, diags = read_yaml_file(path, file_shown, limits)
    if text is not None:
        result.sources[file_shown] = text
        pack.sources[file_shown] = text
    result.diagnostics.extend(diags)
    file_has_errors = any(d.severity.value == "error" for d in diags)
    if file_has_errors:
        pack.rejected.add(None)  # a document may be lost with its kind
        # ...and with its id: references to the ids the file plainly declares wait
        # for it to be fixed, they are not "unknown".
        pack.rejected_ids.update(_DECLARED_ID.findall(text or ""))
    if parsed is None:
        return
    named = _documents_of(parsed, file_shown, result)
    if len(named) < len(parsed.documents):
        pack.rejected.add(None)  # a document without a kind or an id
    yield file_shown, named, diags, file_has_errors, set()


def _iter_sheet_units(root: Path, path: Path, file_shown: str, schemas: SchemaSet,
                      sheet_kinds: dict[str, str | None], limits: Limits, pack: Pack,
                      result: LoadResult
                      ) -> Iterator[_Unit]:
    """The documents of a CSV file or of each sheet of a workbook (issue 28 §1)."""
    rel = path.relative_to(root).as_posix()
    try:
        size = path.stat().st_size
        raw = b"" if size > limits.max_bytes else path.read_bytes()
    except OSError as exc:
        pack.files.append(file_shown)
        result.diagnostics.append(make("RS-Y012", f"cannot read file: {exc.strerror}", file_shown))
        pack.rejected.add(None)
        return
    if size > limits.max_bytes:
        read = SheetFile(diagnostics=[make("RS-Y002", f"file is {size:,} bytes; the limit is "
                                           f"{limits.max_bytes:,} bytes", file_shown,
                                           hint="split the sheet into several files")])
    elif path.suffix.lower() in WORKBOOK_SUFFIXES:
        read = read_workbook_bytes(raw, file_shown, max_bytes=limits.max_bytes)
    else:
        read = read_csv_bytes(raw, file_shown, max_bytes=limits.max_bytes)
    yield from _iter_tables(rel, file_shown, read, schemas, sheet_kinds, pack, result)


def _iter_address_units(url: str, where: tuple[str, Any], fetching: Fetching, folder: Path | None,
                        schemas: SchemaSet, sheet_kinds: dict[str, str | None], limits: Limits,
                        pack: Pack, result: LoadResult) -> Iterator[_Unit]:
    """The documents of a sheet included by its web address, ``where`` the entry of
    pack.yaml that names it (``("include", i)`` or ``("sheets", key)``). Its cells are
    reported as ``URL:row:col`` (``URL[Sheet]!C7`` for a workbook): the address is
    what the designer opens to fix a cell; problems fetching it are at the entry."""
    at = where[0] == "sheets"
    why = refusal(url)
    if why is not None:
        result.diagnostics.append(pack.manifest.diag(
            "RS-C011", f"'{url}' is not fetched: {why}", where, key=at,
            hint="include a local file by its path relative to pack.yaml, or publish the "
                 "sheet to the web and name its https:// address"))
        pack.rejected.add(None)
        return
    if fetching.progress is not None:
        fetching.progress(f"fetching {url}")
    got = fetch_sheet(url, fetching, folder)
    if got.raw is None:
        pack.files.append(url)
        result.diagnostics.append(pack.manifest.diag(
            "RS-C010", f"the sheet at '{url}' cannot be fetched: {got.problem}", where, key=at,
            hint=("check the address and the network" if folder is not None else
                  "check the address and the network; with --no-cache no copy is kept or used")
            + " (a Google Sheet: File > Share > Publish to web, as CSV)"))
        pack.rejected.add(None)
        return
    if got.problem:
        shown = display_path(got.copy) if got.copy is not None else "the cache"
        result.diagnostics.append(pack.manifest.diag(
            "RS-C009", f"the sheet at '{url}' cannot be fetched ({got.problem}); the copy "
            f"fetched {got.saved.replace('T', ' ').replace('+00:00', ' UTC')} is used",
            where, key=at, hint=f"the copy is {shown}; the next check fetches the sheet again"))
    if is_workbook(got.raw):
        read = read_workbook_bytes(got.raw, url, max_bytes=limits.max_bytes)
    else:
        read = read_csv_bytes(got.raw, url, max_bytes=limits.max_bytes, tabs=tab_separated(url))
    yield from _iter_tables(url, url, read, schemas, sheet_kinds, pack, result)


def _iter_tables(rel: str, file_shown: str, read: SheetFile, schemas: SchemaSet,
                 sheet_kinds: dict[str, str | None], pack: Pack, result: LoadResult
                 ) -> Iterator[_Unit]:
    """The documents of each table of a read sheet file (``rel``: its name in ``sheets:``)."""
    for key in sheet_kinds:
        name, _, sheet = key.partition("#")
        if name == rel and sheet and read.names and sheet not in read.names:
            result.diagnostics.append(pack.manifest.diag(
                "RS-C008", f"'{rel}' has no sheet '{sheet}'", ("sheets", key), key=True,
                hint=suggest(sheet, read.names) or "its sheets: " + ", ".join(read.names)))
    result.diagnostics.extend(read.diagnostics)
    read_errors = any(d.severity.value == "error" for d in read.diagnostics)
    if read_errors:
        pack.rejected.add(None)
    if not read.tables:
        pack.files.append(file_shown)
    for table in read.tables:
        pack.files.append(table.file)
        result.sources[table.file] = table.display
        sheet = table.file[len(file_shown) + 1:-1] if table.file != file_shown else ""
        key = f"{rel}#{sheet}" if sheet and f"{rel}#{sheet}" in sheet_kinds else rel
        default = sheet_kinds.get(key)
        if key in sheet_kinds and default is None:  # a kind pack.yaml names wrongly (reported)
            pack.rejected.add(None)
            continue
        got = documents_of(table, schemas, default)
        result.documents += got.rows
        result.diagnostics.extend(got.diagnostics)
        table_errors = read_errors or any(d.severity.value == "error" for d in got.diagnostics)
        if table_errors or len(got.documents) < got.rows:
            pack.rejected.add(None)
        if table_errors:
            pack.rejected_ids.update(ident for _, _, ident in got.documents)
        echoes = {f"missing required property '{name}'" for name in got.meant}
        yield (table.file, got.documents, got.diagnostics + read.diagnostics, table_errors,
               echoes)


def _sheet_kinds(root: Path, manifest: Document, kinds: dict[str, str],
                 result: LoadResult) -> dict[str, str | None]:
    """``sheets:`` of pack.yaml: FILE or FILE#SHEET -> the kind of its rows (None when the
    kind is unknown, reported here). Entries naming a missing file are reported too."""
    out: dict[str, str | None] = {}
    present = sorted(p.relative_to(root).as_posix() for p in root.rglob("*")
                     if p.suffix.lower() in SHEET_SUFFIXES and p.is_file()
                     and not any(part.startswith(".") for part in p.relative_to(root).parts))
    for key, kind in (manifest.data.get("sheets") or {}).items():
        name = key.split("#", 1)[0]
        local = not is_address(name)  # an address is fetched (or refused) with the included ones
        if local and (os.path.isabs(name) or ".." in Path(name).parts or (
                (root / name).exists() and root.resolve() not in (root / name).resolve().parents)):
            result.diagnostics.append(manifest.diag(
                "RS-P009", f"'{name}' leaves the pack folder", ("sheets", key), key=True,
                hint="name sheets relative to the folder of pack.yaml"))
            continue
        if local and (Path(name).suffix.lower() not in SHEET_SUFFIXES or not (root / name).is_file()):
            result.diagnostics.append(manifest.diag(
                "RS-C008", f"'{name}' is not a sheet file of the pack", ("sheets", key), key=True,
                hint=suggest(name, present) or ("sheet files here: " + ", ".join(present) if present
                                                 else "sheets are .csv, .tsv or .xlsx files")))
            continue
        if kind not in kinds or kind == "pack":
            known = sorted(k for k in kinds if k != "pack")
            result.diagnostics.append(manifest.diag(
                "RS-P004", f"unknown document kind '{kind}'", ("sheets", key),
                hint=suggest(str(kind), known) or "known kinds: " + ", ".join(known)))
            out[key] = None
            continue
        out[key] = str(kind)
    return out


def _add_documents(file_shown: str, named: list[tuple[YamlDocument, str, str]],
                   diags: list[Diagnostic], file_has_errors: bool, echoes: set[str],
                   schemas: SchemaSet,
                   kinds: dict[str, str], pack: Pack, seen_ids: dict[str, Document],
                   result: LoadResult) -> None:
    """Check the kind, id and schema of each named document and add the good ones."""
    yaml_places = {(d.line, d.col) for d in diags if d.file == file_shown}
    for yaml_doc, kind, ident in named:
        doc = Document(kind, ident, file_shown, yaml_doc)
        if kind not in kinds or kind == "pack":
            result.diagnostics.append(doc.diag(
                "RS-P004", f"unknown document kind '{kind}'", ("kind",),
                hint=suggest(kind, sorted(k for k in kinds if k != "pack"))
                or "known kinds: " + ", ".join(sorted(k for k in kinds if k != "pack"))))
            pack.rejected.add(None)  # perhaps a misspelt kind the pack needs
            pack.rejected_ids.add(ident)
            continue
        if kinds[kind] not in pack.systems:
            result.diagnostics.append(doc.diag(
                "RS-P012", f"kind '{kind}' belongs to the '{kinds[kind]}' system, which "
                f"this pack does not list", ("kind",),
                hint=f"add '{kinds[kind]}' to 'systems' in {PACK_FILE}"))
            pack.rejected.add(kind)
            continue
        if ident in seen_ids:
            first = seen_ids[ident]
            line, col = first.locate(("id",))
            result.diagnostics.append(replace(doc.diag(
                "RS-P005", f"id '{ident}' is already used by a {first.kind} at "
                f"{location_of(first.file, line, col)}", ("id",), hint="ids must be unique in a pack"),
                related=((first.file, line, col),)))
            pack.rejected.add(kind)
            continue
        seen_ids[ident] = doc
        doc_diags = validate_document(schemas, kind, yaml_doc)
        # A schema error where a YAML error already is only echoes it.
        result.diagnostics.extend(d for d in doc_diags if (d.line, d.col) not in yaml_places
                                  and d.message not in echoes)
        if not _rejects(doc_diags) and not file_has_errors:
            pack.documents.append(doc)
        else:
            pack.rejected.add(kind)
            pack.rejected_ids.add(ident)


_DECLARED_ID = re.compile(r"""^id:[ \t]*["']?([A-Za-z0-9_.-]+)""", re.MULTILINE)
"""A top-level ``id:`` line, read from the raw text of a file YAML could not parse."""


def _rejects(diagnostics: list[Diagnostic]) -> bool:
    """Whether schema validation rejects the document (a missing glyph does not)."""
    return any(d.code.startswith("RS-S") for d in diagnostics)


def _included_files(root: Path, manifest: Document, result: LoadResult,
                    named: tuple[Path, ...] = ()) -> tuple[list[Path], dict[str, tuple[str, Any]]]:
    """The files the pack loads: those its include patterns match (less the excluded, the
    hidden and spreadsheet lock files), and the sheet files ``named`` in ``sheets:``; and
    the web addresses it includes, each with its place in pack.yaml."""
    include = manifest.data.get("include") or list(DEFAULT_INCLUDE)
    exclude = manifest.data.get("exclude") or []
    root_resolved = root.resolve()
    chosen: dict[Path, None] = {}
    explicit = "include" in manifest.data
    addresses: dict[str, tuple[str, Any]] = {}
    for i, pattern in enumerate(include):
        if is_address(pattern):
            addresses.setdefault(without_fragment(pattern), ("include", i))
            continue
        if os.path.isabs(pattern) or ".." in Path(pattern).parts:
            result.diagnostics.append(manifest.diag(
                "RS-P009", f"include pattern '{pattern}' leaves the pack folder", ("include", i),
                hint="patterns are relative to the folder of pack.yaml"))
            continue
        if all(part == "." for part in Path(pattern).parts):
            result.diagnostics.append(manifest.diag(
                "RS-P006", f"include pattern '{pattern}' names the pack folder, not files",
                ("include", i), hint="name files, like '*.yaml' or 'cards/**/*.yaml'"))
            continue
        try:
            matches = sorted(p for p in root.glob(pattern) if p.is_file())
        except (ValueError, OSError) as exc:
            result.diagnostics.append(manifest.diag(
                "RS-P006", f"include pattern '{pattern}' cannot be used: {exc}", ("include", i),
                hint="patterns are relative to the folder of pack.yaml, like 'cards/*.yaml'"))
            continue
        matches = [p for p in matches if p.name != PACK_FILE or p.parent != root]
        if not matches and explicit:
            result.diagnostics.append(manifest.diag(
                "RS-P006", f"include pattern '{pattern}' matches no file", ("include", i),
                hint="check the spelling and the folder, relative to pack.yaml"))
        for path in matches:
            rel = path.relative_to(root).as_posix()
            if any(fnmatch.fnmatch(rel, ex) for ex in exclude):
                continue
            if any(part.startswith(".") for part in Path(rel).parts) or path.name.startswith("~$"):
                continue  # hidden, or the lock file Excel keeps beside an open workbook
            if root_resolved not in path.resolve().parents:
                result.diagnostics.append(manifest.diag(
                    "RS-P009", f"'{rel}' links outside the pack folder", ("include", i)))
                continue
            chosen[path] = None
    for path in named:
        chosen.setdefault(path, None)
    if explicit:
        result.diagnostics.extend(_iter_unincluded(root, manifest, chosen, exclude))
    return sorted(chosen), addresses


def _iter_unincluded(root: Path, manifest: Document, chosen: dict[Path, None],
                     exclude: list[str]) -> Iterator[Diagnostic]:
    """A warning for each YAML file in the pack that no include pattern loads.

    Hidden folders, excluded files and packs nested inside this one are left alone.
    """
    nested = {p.parent for p in root.rglob(PACK_FILE) if p.parent != root}
    for path in sorted({*root.rglob("*.yaml"), *root.rglob("*.yml")}):
        rel = path.relative_to(root)
        if (path in chosen or rel.as_posix() == PACK_FILE or not path.is_file()
                or any(part.startswith(".") for part in rel.parts)
                or any(n == path.parent or n in path.parents for n in nested)
                or any(fnmatch.fnmatch(rel.as_posix(), ex) for ex in exclude)):
            continue
        folder = rel.parent.as_posix()
        pattern = f"{folder}/*.yaml" if folder != "." else rel.as_posix()
        yield make("RS-P013", f"{rel.as_posix()} is in the pack folder but no 'include' pattern "
                   "loads it", display_path(path),
                   hint=f"add '{pattern}' to 'include' in {PACK_FILE}, or list it under 'exclude'")

