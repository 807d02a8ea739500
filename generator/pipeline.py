"""The pipeline, top to bottom: load → validate → check → build → write.

``check`` never raises on bad content: it returns a :class:`Report` holding
every diagnostic. ``build`` refuses to write anything when the report has
errors, writes each pack into a temporary folder and moves it into place, so
a failed build leaves the previous output intact.
"""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable

from generator import __version__
from generator.diagnostics import Diagnostic, count
from generator.pack.loader import LoadResult, UsageError, load_packs
from generator.pack.model import Pack
from generator.pack.schema import SchemaSet, load_schemas
from generator.pack.yamlload import Limits
from generator.render.images import SvgUnavailable
from generator.render.targets.raster import RasterUnavailable
from generator.systems import Artefact, Options, System, discover_systems
from generator.systems.art import iter_cover_art_problems
from generator.targets import iter_target_artefacts, paper_of, targets_of

__all__ = ["Report", "check", "build", "UsageError", "Options", "BuildResult"]

ProgressFn = Callable[[str], None]


def _quiet(_: str) -> None:
    return None


@dataclass(slots=True)
class Report:
    """Everything ``check`` found."""

    packs: list[Pack]
    diagnostics: list[Diagnostic]
    sources: dict[str, str]
    files: int
    documents: int
    systems: dict[str, System]
    options: Options

    @property
    def errors(self) -> int:
        return count(self.diagnostics)[0]

    @property
    def warnings(self) -> int:
        return count(self.diagnostics)[1]

    def failed(self) -> bool:
        """True when the content must not be built (errors, or warnings under --strict)."""
        return self.errors > 0 or (self.options.strict and self.warnings > 0)

    def exit_code(self) -> int:
        return 1 if self.failed() else 0


@dataclass(frozen=True, slots=True)
class BuildResult:
    written: dict[str, list[str]]
    refused: bool


def kinds_of(systems: dict[str, System]) -> dict[str, str]:
    """Document kind -> the system that owns it (``pack`` belongs to the core)."""
    kinds = {"pack": "core"}
    for name, system in sorted(systems.items()):
        for kind in system.kinds:
            kinds.setdefault(kind, name)
    return kinds


def check(paths: list[Path], options: Options = Options(), *, limits: Limits = Limits(),
          schemas: SchemaSet | None = None, progress: ProgressFn = _quiet) -> Report:
    """Load, validate and check every pack under ``paths``.

    Raises :class:`UsageError` only for problems with the paths themselves.
    """
    systems = discover_systems()
    schemas = schemas or load_schemas()
    loaded: LoadResult = load_packs(paths, schemas, kinds_of(systems), limits)
    diagnostics = list(loaded.diagnostics)
    for pack in loaded.packs:
        try:
            diagnostics.extend(iter_cover_art_problems(pack, paper_of(pack, options)))
        except SvgUnavailable as exc:
            raise UsageError(str(exc)) from exc
        if options.lang and options.lang not in pack.languages:
            diagnostics.append(pack.manifest.diag(
                "RS-P011", f"pack '{pack.id}' is not written in '{options.lang}'",
                ("languages",), hint="texts fall back to " + pack.languages[0]))
        for name in pack.systems:
            system = systems.get(name)
            if system is None:
                continue
            progress(f"checking {pack.id} ({name})")
            try:
                diagnostics.extend(system.check(pack, options))
            except SvgUnavailable as exc:
                raise UsageError(str(exc)) from exc
    diagnostics.sort(key=Diagnostic.sort_key)
    return Report(packs=loaded.packs, diagnostics=diagnostics, sources=loaded.sources,
                  files=loaded.files, documents=loaded.documents, systems=systems,
                  options=options)


def build(report: Report, out_dir: Path, progress: ProgressFn = _quiet) -> BuildResult:
    """Render every pack of a clean report into ``out_dir/<pack-id>/``."""
    if report.failed():
        return BuildResult(written={}, refused=True)
    if not report.options.cache:
        # No cache asked for: still share simulator results between the renderers
        # and the build report of this one run, through a throwaway folder.
        with tempfile.TemporaryDirectory(prefix="riddlesmith-run-") as tmp:
            options = replace(report.options, cache=True, cache_dir=Path(tmp))
            return _build(report, options, out_dir, progress)
    return _build(report, report.options, out_dir, progress)


def _build(report: Report, options: Options, out_dir: Path, progress: ProgressFn) -> BuildResult:
    written: dict[str, list[str]] = {}
    try:
        targets = targets_of(options)
    except ValueError as exc:
        raise UsageError(str(exc)) from exc
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError(f"{out_dir}: cannot create the output folder ({exc.strerror})") from exc
    for pack in report.packs:
        artefacts: list[Artefact] = []
        metrics: dict[str, Any] = {}
        for name in pack.systems:
            system = report.systems.get(name)
            if system is not None:
                progress(f"building {pack.id} ({name})")
                if "pnp" in targets:
                    artefacts.extend(system.build(pack, options, progress))
                try:
                    artefacts.extend(iter_target_artefacts(system, pack, options, progress))
                except RasterUnavailable as exc:
                    raise UsageError(str(exc)) from exc
                metrics[name] = system.report(pack, options)
        artefacts.append(Artefact("report.json", _json_bytes({
            "pack": pack.id,
            "version": pack.data.get("version"),
            "riddlesmith": __version__,
            "documents": len(pack.documents),
            "systems": metrics,
        })))
        artefacts.append(_manifest(pack, artefacts))
        write_pack_output(out_dir, pack.id, artefacts)
        written[pack.id] = sorted(a.path for a in artefacts)
    return BuildResult(written=written, refused=False)


def _json_bytes(data: Any) -> bytes:
    return (json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n").encode("utf-8")


def _manifest(pack: Pack, artefacts: list[Artefact]) -> Artefact:
    entries = [
        {"path": a.path, "bytes": len(a.data), "sha256": hashlib.sha256(a.data).hexdigest()}
        for a in sorted(artefacts, key=lambda a: a.path)
    ]
    return Artefact("manifest.json", _json_bytes({
        "pack": pack.id, "version": pack.data.get("version"), "riddlesmith": __version__,
        "artefacts": entries,
    }))


def write_pack_output(out_dir: Path, pack_id: str, artefacts: list[Artefact]) -> None:
    """Write a pack's artefacts to a temporary folder, then swap it into place."""
    seen: set[str] = set()
    for a in artefacts:
        rel = Path(a.path)
        if rel.is_absolute() or ".." in rel.parts or a.path in seen:
            raise ValueError(f"bad or repeated artefact path {a.path!r}")
        seen.add(a.path)
    target = out_dir / pack_id
    tmp = Path(tempfile.mkdtemp(prefix=f".{pack_id}.tmp-", dir=out_dir))
    try:
        for a in artefacts:
            path = tmp / a.path
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(a.data)
        os.chmod(tmp, 0o755)
        old = None
        if target.exists():
            old = Path(tempfile.mkdtemp(prefix=f".{pack_id}.old-", dir=out_dir))
            old.rmdir()
            target.rename(old)
        try:
            tmp.rename(target)
        except OSError:
            if old is not None:
                old.rename(target)
            raise
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    finally:
        if tmp.exists():
            shutil.rmtree(tmp, ignore_errors=True)

