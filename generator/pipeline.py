"""The pipeline, top to bottom: load → validate → check → build → write.

``check`` never raises on bad content: it returns a :class:`Report` holding
every diagnostic. ``build`` refuses to write anything when the report has
errors, renders every pack first and then hands the files to
:mod:`generator.output`, which swaps them into place all at once (or not at
all) and never replaces a folder a build did not make.
"""
from __future__ import annotations

import hashlib
import json
import re
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable, Iterator

from generator import __version__, output
from generator.diagnostics import Diagnostic, Severity, count
from generator.pack.loader import LoadResult, UsageError, display_path, load_packs
from generator.pack.published import Fetching
from generator.pack.model import Pack
from generator.pack.schema import SchemaSet, load_schemas, suggest
from generator.pack.yamlload import Limits
from generator.render.images import SvgUnavailable
from generator.render.targets.raster import RasterUnavailable
from generator.suppress import apply_suppressions
from generator.systems import Artefact, Options, Registry, System, paper_of
from generator.registry import load_registry
from generator.systems.art import iter_cover_art_problems
from generator.systems.token_art import TokenKind, iter_token_art_problems
from generator.targets import (
    decks_of, iter_booklet_problems, iter_profile_problems, iter_sheet_problems, iter_target_artefacts,
    targets_of,
)

__all__ = ["Report", "check", "build", "UsageError", "Options", "BuildResult", "run_options"]

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
    registry: Registry
    options: Options

    @property
    def systems(self) -> dict[str, System]:
        """The installed systems, by name."""
        return self.registry.systems

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
    registry = load_registry()
    systems = registry.systems
    schemas = schemas or load_schemas(registry=registry)
    loaded: LoadResult = load_packs(paths, schemas, kinds_of(systems), limits,
                                    Fetching(cache=options.cache, cache_dir=options.cache_dir,
                                             progress=progress))
    diagnostics = list(loaded.diagnostics)
    diagnostics.extend(iter_shared_pack_ids(loaded.packs))
    system_options = replace(options, progress=progress)
    for pack in loaded.packs:
        try:
            diagnostics.extend(iter_cover_art_problems(pack, paper_of(pack, options)))
            diagnostics.extend(_token_art_problems(pack, registry, options))
        except SvgUnavailable as exc:
            raise UsageError(str(exc)) from exc
        if options.lang and options.lang not in pack.languages:
            diagnostics.append(pack.manifest.diag(
                "RS-P011", f"pack '{pack.id}' is not written in '{options.lang}'",
                ("languages",), hint="texts fall back to " + pack.languages[0]))
        diagnostics.extend(iter_unknown_players(pack, registry))
        clean = True
        for name in pack.systems:
            system = systems.get(name)
            if system is None:
                continue
            progress(f"checking {pack.id} ({name})")
            try:
                found = _without_echoes(system.check(pack, system_options), pack)
                clean = clean and not any(d.severity is Severity.ERROR for d in found)
                diagnostics.extend(found)
                if not any(d.severity is Severity.ERROR for d in found):
                    source = registry.print_source(name)
                    diagnostics.extend(iter_booklet_problems(source, pack, options, progress))
                    diagnostics.extend(iter_profile_problems(source, pack, options))
                    diagnostics.extend(iter_sheet_problems(source, pack, options))
            except SvgUnavailable as exc:
                raise UsageError(str(exc)) from exc
        if clean:
            diagnostics.extend(iter_stamp_problems(pack, registry, options))
    diagnostics = apply_suppressions(diagnostics, loaded.sources, loaded.packs)
    diagnostics = _unique(sorted(diagnostics, key=Diagnostic.sort_key))
    return Report(packs=loaded.packs, diagnostics=diagnostics, sources=loaded.sources,
                  files=loaded.files, documents=loaded.documents, registry=registry,
                  options=options)


def iter_unknown_players(pack: Pack, registry: Registry) -> Iterator[Diagnostic]:
    """RS-P017 for a name of ``sim.players`` that no playtesting system of the pack knows."""
    names = ((pack.data.get("sim") or {}).get("players")) or []
    known: list[str] = []
    playtests = registry.commands_of("playtest")
    for name in pack.systems:
        if name in playtests:
            known.extend(p for p in playtests[name].policies if p not in known)
    for i, player in enumerate(names):
        if player not in known:
            yield pack.manifest.diag(
                "RS-P017", f"no game system of this pack has a player named '{player}'",
                ("sim", "players", i), hint=suggest(player, known) or (
                    "players: " + ", ".join(known) if known else "no system of this pack "
                    "playtests"))


def _token_art_problems(pack: Pack, registry: Registry, options: Options) -> list[Diagnostic]:
    """Problems of ``print.tokens``, against the token kinds the pack's systems print."""
    if not (pack.data.get("print") or {}).get("tokens"):
        return []
    kinds: list[TokenKind] = []
    for name in pack.systems:
        offer = registry.print_source(name).token_kinds
        if offer is not None:
            kinds.extend(offer(pack, options))
    return list(iter_token_art_problems(pack, kinds))


def iter_stamp_problems(pack: Pack, registry: Registry, options: Options
                        ) -> Iterator[Diagnostic]:
    """RS-P018 at each deck id in ``print.stamp`` that none of the pack's systems prints
    (asked only of a pack its systems found no errors in: the decks are drawn for it)."""
    wanted = (pack.data.get("print") or {}).get("stamp")
    if not isinstance(wanted, list):
        return
    from generator.pack.schema import suggest

    decks = sorted({deck.id for name in pack.systems
                    for deck in decks_of(registry.print_source(name), pack, options)})
    for i, deck in enumerate(wanted):
        if deck not in decks:
            hint = suggest(str(deck), decks)
            yield pack.manifest.diag(
                "RS-P018", f"print.stamp names '{deck}', which is not a deck of this pack",
                ("print", "stamp", i), hint=hint or f"its decks: {', '.join(decks) or 'none'}")


_UNKNOWN_REFERENCE = re.compile(r"unknown [a-z-]+ '(.*)'", re.S)


def _without_echoes(diagnostics: list[Diagnostic], pack: Pack) -> list[Diagnostic]:
    """A system's diagnostics less "unknown reference" (RS-P010) to a document that exists
    but was left out for its own errors, already reported at that document.

    >>> from generator.diagnostics import make
    >>> pack = Pack(root=Path("."), manifest=None, rejected_ids={"atlas"})  # type: ignore[arg-type]
    >>> [d.message for d in _without_echoes([make("RS-P010", "unknown god 'atlas'", "r.yaml", 1, 1),
    ...                                      make("RS-P010", "unknown god 'zeus'", "r.yaml", 2, 1)], pack)]
    ["unknown god 'zeus'"]
    """
    out = []
    for d in diagnostics:
        named = _UNKNOWN_REFERENCE.fullmatch(d.message) if d.code == "RS-P010" else None
        if named is None or named.group(1) not in pack.rejected_ids:
            out.append(d)
    return out


def _unique(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """One diagnostic per (file, line, col, code): a glyph the fonts lack is found both
    by the load-time check of every printed text and by a renderer's fit."""
    seen: set[tuple[str, int, int, str]] = set()
    out = []
    for d in diagnostics:
        key = (d.file, d.line, d.col, d.code)
        if key not in seen or d.code not in _ONCE_PER_PLACE:
            seen.add(key)
            out.append(d)
    return out


_ONCE_PER_PLACE = frozenset({"RS-R004"})


def iter_shared_pack_ids(packs: list[Pack]) -> Iterator[Diagnostic]:
    """RS-P015 at each pack whose id an earlier pack of the same run already has: they
    would build into the same ``OUT/<pack-id>/`` folder and share a cache folder."""
    first: dict[str, Pack] = {}
    for pack in packs:
        other = first.setdefault(pack.id, pack)
        if other is not pack:
            yield pack.manifest.diag(
                "RS-P015", f"pack id '{pack.id}' is already the id of the pack in "
                f"{display_path(other.root)}", ("id",), hint="give one of the packs "
                "another id, or check and build them one at a time")


def build(report: Report, out_dir: Path, progress: ProgressFn = _quiet, *,
          force: bool = False) -> BuildResult:
    """Render every pack of a clean report into ``out_dir/<pack-id>/``.

    ``force`` replaces an existing ``out_dir/<pack-id>`` that no build made (never a
    pack folder). Raises :class:`UsageError` when the output cannot or must not be
    written; then nothing was written.
    """
    if report.failed():
        return BuildResult(written={}, refused=True)
    with run_options(report.options) as options:
        return _build(report, options, out_dir, progress, force)


@contextmanager
def run_options(options: Options) -> Iterator[Options]:
    """``options`` for one run of check and build, as they are. With ``--no-cache`` no
    folder is read or written: every simulator result of the run is computed once and
    handed on as a value on its pack (``Pack.stage``: the riddle proofs and measures,
    the tower, glyph and fragment results, the role playouts), so check, the renderers
    and the build report share it (``docs/architecture.md``). Kept as a block so that a
    run's resources have one place to live.

    >>> with run_options(Options(cache=False)) as shared:
    ...     shared.cache, shared.cache_dir
    (False, None)
    """
    yield options


def _build(report: Report, options: Options, out_dir: Path, progress: ProgressFn,
           force: bool) -> BuildResult:
    outputs: list[output.PackOutput] = []
    try:
        targets = targets_of(options)
    except ValueError as exc:
        raise UsageError(str(exc)) from exc
    for pack in report.packs:
        artefacts: list[Artefact] = []
        metrics: dict[str, Any] = {}
        if (pack.data.get("print") or {}).get("stamp"):
            from generator.revisions import short_revision  # the commit print.stamp prints

            options = replace(options, extra={**options.extra,
                                              "stamp_revision": short_revision(pack.root)})
        for name in pack.systems:
            system = report.systems.get(name)
            if system is not None:
                progress(f"building {pack.id} ({name})")
                if "pnp" in targets:
                    artefacts.extend(system.build(pack, options, progress))
                try:
                    artefacts.extend(iter_target_artefacts(report.registry.print_source(name),
                                                           pack, options, progress))
                except RasterUnavailable as exc:
                    raise UsageError(str(exc)) from exc
                metrics[name] = system.report(pack, options)
        reprint = options.extra.get("reprint")
        if reprint is not None:  # build --changed-since REV: (REV, its faces by pack id)
            from generator.diff import Printed
            from generator.reprint import reprint_artefacts

            since, faces = reprint
            progress(f"{pack.id}: cards changed since {since}")
            artefacts.extend(reprint_artefacts(pack, report.registry, options,
                                               faces.get(pack.id, Printed()), since))
        artefacts.append(Artefact("report.json", _json_bytes({
            "pack": pack.id,
            "version": pack.data.get("version"),
            "riddlesmith": __version__,
            "documents": len(pack.documents),
            "systems": metrics,
        })))
        artefacts.append(_manifest(pack, artefacts))
        outputs.append(output.PackOutput(pack.id, tuple(artefacts), pack.root))
    progress(f"writing {out_dir}")
    try:
        output.write_outputs(out_dir, outputs, force=force)
    except output.OutputError as exc:
        raise UsageError(str(exc)) from exc
    return BuildResult(written={o.pack_id: sorted(a.path for a in o.artefacts) for o in outputs},
                       refused=False)


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
