"""The state behind ``riddlesmith serve``: each pack's last check and last good render.

A :class:`Workspace` knows the packs under the served paths. ``refresh`` re-checks
only the packs that hold a changed file; a pack that checks clean is rendered in
memory (every SVG the build writes, and every PDF page drawn as SVG instead of
a PDF). A pack that fails keeps its last good drawings, marked stale, so the
page can grey them out beside the new diagnostics. Simulator results come from
the usual cache, so an unchanged riddle is not proved again.

Nothing here imports a web library: the app in :mod:`generator.serve.app` wraps it.
"""
from __future__ import annotations

import threading
import time
from concurrent.futures import Executor, Future
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Iterable

from generator.diagnostics import Diagnostic
from generator.pack.loader import UsageError, find_pack_roots
from generator.pack.schema import SchemaSet, load_schemas
from generator.render.pdf import capture_documents, document_to_pdf, placeholder_index
from generator.render.scene import Document, Scene
from generator.render.svg import scene_to_svg
from generator.systems import Options


@dataclass(frozen=True, slots=True)
class Drawing:
    """One drawing for the page: an SVG artefact, or one page of a PDF artefact."""

    artefact: str
    page: int  # 0 for an SVG file; 1-based page number inside a PDF
    svg: str

    @property
    def label(self) -> str:
        return self.artefact if not self.page else f"{self.artefact} p. {self.page}"


@dataclass(frozen=True, slots=True)
class PackView:
    """What the page shows for one pack."""

    root: Path
    pack_id: str
    status: str  # "proving" while a check runs, "ready" when clean, "broken" on errors
    diagnostics: tuple[Diagnostic, ...] = ()
    sources: dict[str, str] = field(default_factory=dict)
    files: int = 0
    documents: int = 0
    drawings: tuple[Drawing, ...] = ()
    stale: bool = False  # the drawings belong to an earlier, good state
    metrics: dict[str, Any] = field(default_factory=dict)
    metrics_pending: bool = False  # the simulator results shown are from an earlier state
    artefacts: dict[str, bytes] = field(default_factory=dict)
    pdf_pages: dict[str, Document] = field(default_factory=dict)
    seconds: float = 0.0


def _pack_id_guess(root: Path) -> str:
    """The id in pack.yaml when it can be read cheaply, else the folder name."""
    try:
        for line in (root / "pack.yaml").read_text(encoding="utf-8").splitlines():
            if line.startswith("id:"):
                return line[3:].strip().strip("'\"") or root.name
    except (OSError, UnicodeDecodeError):
        pass
    return root.name


class SvgMemo:
    """Scene -> SVG text, keeping only what the last render used (unchanged cards are not redrawn)."""

    def __init__(self) -> None:
        self._memo: dict[Scene, str] = {}

    def render(self, scenes: Iterable[Scene]) -> list[str]:
        fresh: dict[Scene, str] = {}
        out: list[str] = []
        for scene in scenes:
            svg = fresh.get(scene) or self._memo.get(scene)
            if svg is None:
                svg = scene_to_svg(scene).decode("utf-8")
            fresh[scene] = svg
            out.append(svg)
        self._memo = fresh
        return out


def _strip_xml_declaration(svg: str) -> str:
    return svg.split("?>", 1)[1].lstrip() if svg.startswith("<?xml") else svg


def pack_metrics(report: Any) -> dict[str, Any]:
    """The simulator results of the (single) pack of a clean ``report``, by system."""
    pack = report.packs[0]
    return {name: report.systems[name].report(pack, report.options)
            for name in pack.systems if name in report.systems}


def metrics_job(root: str, options: Options) -> dict[str, Any] | None:
    """Check one pack again and return its simulator results (None when it is not clean).

    Runs in a worker process; the solver and playtest caches make the check cheap.
    """
    from generator import pipeline

    report = pipeline.check([Path(root)], options)
    if report.failed() or not report.packs:
        return None
    return pack_metrics(report)


def render_pack(report: Any, memo: SvgMemo) -> tuple[tuple[Drawing, ...], dict[str, bytes],
                                                       dict[str, Document]]:
    """Build the (single) pack of a clean ``report`` in memory: drawings and artefacts."""
    pack = report.packs[0]
    artefacts: dict[str, bytes] = {}
    with capture_documents() as documents:
        for name in pack.systems:
            system = report.systems.get(name)
            if system is None:
                continue
            for artefact in system.build(pack, report.options, lambda _msg: None):
                artefacts[artefact.path] = artefact.data
    pdf_pages: dict[str, Document] = {}
    wanted: list[tuple[str, int, Scene | None, bytes]] = []
    # Cards and maps (SVG files) first, then the pages of each PDF.
    for path in sorted(artefacts, key=lambda p: (not p.endswith(".svg"), p)):
        data = artefacts[path]
        index = placeholder_index(data)
        if index is not None:
            pdf_pages[path] = documents[index]
            wanted.extend((path, n, scene, b"") for n, scene in enumerate(documents[index].pages, 1))
        elif path.endswith(".svg"):
            wanted.append((path, 0, None, data))
    svgs = iter(memo.render(s for _, _, s, _ in wanted if s is not None))
    drawings = tuple(
        Drawing(path, page, _strip_xml_declaration(next(svgs) if scene is not None
                                                   else data.decode("utf-8")))
        for path, page, scene, data in wanted)
    return drawings, artefacts, pdf_pages


class Workspace:
    """The packs under ``paths`` and their latest views; safe to use from several threads."""

    def __init__(self, paths: list[Path], options: Options = Options(),
                 schemas: SchemaSet | None = None, executor: Executor | None = None) -> None:
        self.executor = executor
        self.paths = list(paths)
        self.options = options
        self.schemas = schemas or load_schemas()
        self.version = 0
        self._views: dict[Path, PackView] = {}
        self._memos: dict[Path, SvgMemo] = {}
        self._lock = threading.Lock()
        self.roots()  # a path that is not a pack folder is a usage error now, not later

    def roots(self) -> list[Path]:
        """Pack folders under the served paths (resolved), found again on each call."""
        return [r.resolve() for r in find_pack_roots(self.paths)]

    def views(self) -> list[PackView]:
        with self._lock:
            return [self._views[r] for r in sorted(self._views)]

    def view_by_id(self, pack_id: str) -> PackView | None:
        return next((v for v in self.views() if v.pack_id == pack_id), None)

    def roots_touched(self, changed: Iterable[Path]) -> list[Path]:
        """The packs holding any of ``changed`` (a pack folder that appeared counts too)."""
        try:
            roots = self.roots()
        except UsageError:
            roots = []
        touched = set()
        for path in changed:
            # The folder, not the file: a link inside a pack that points out is still a change
            # to that pack (which then reports the link).
            path = path.parent.resolve() / path.name
            for root in roots:
                if root == path or root in path.parents:
                    touched.add(root)
        with self._lock:
            known = set(self._views)
        touched |= set(roots) - known  # new packs
        touched |= known - set(roots)  # packs that went away
        return sorted(touched)

    def mark_proving(self, roots: Iterable[Path]) -> None:
        with self._lock:
            for root in roots:
                old = self._views.get(root)
                self._views[root] = (replace(old, status="proving") if old is not None
                                     else PackView(root, _pack_id_guess(root), "proving"))
            self.version += 1

    def refresh(self, roots: Iterable[Path] | None = None,
                on_done: Callable[[], None] | None = None) -> None:
        """Check (and render when clean) each pack of ``roots`` (default: all)."""
        roots = list(self.roots() if roots is None else roots)
        finished: list[tuple[Path, Any, PackView]] = []
        for root in roots:  # drawings first, for every pack ...
            view, report = self._check_one(root)
            self._publish(root, view, on_done)
            if view is not None and view.metrics_pending:
                finished.append((root, report, view))
        for root, report, view in finished:  # ... then the simulator results, which may take a while
            if self.executor is None:
                self._apply_metrics(root, view, pack_metrics(report), on_done)
            else:
                # In a worker process, so a long simulation never delays the next edit's drawings.
                future = self.executor.submit(metrics_job, str(root), self.options)
                future.add_done_callback(self._metrics_callback(root, view, on_done))

    def _metrics_callback(self, root: Path, view: PackView, on_done: Callable[[], None] | None
                          ) -> Callable[[Future[dict[str, Any] | None]], None]:
        def done(future: Future[dict[str, Any] | None]) -> None:
            ok = not future.cancelled() and future.exception() is None
            self._apply_metrics(root, view, future.result() if ok else None, on_done)

        return done

    def _apply_metrics(self, root: Path, view: PackView, metrics: dict[str, Any] | None,
                       on_done: Callable[[], None] | None) -> None:
        """Fill in the simulator results, unless a newer check replaced ``view`` meanwhile."""
        with self._lock:
            current = self._views.get(root)
            if current is None or current.sources != view.sources or not current.metrics_pending:
                return
            self._views[root] = replace(current, metrics=metrics if metrics is not None else {},
                                        metrics_pending=False)
            self.version += 1
        if on_done is not None:
            on_done()

    def _publish(self, root: Path, view: PackView | None, on_done: Callable[[], None] | None) -> None:
        with self._lock:
            if view is None:
                self._views.pop(root, None)
            else:
                self._views[root] = view
            self.version += 1
        if on_done is not None:
            on_done()

    def _check_one(self, root: Path) -> tuple[PackView | None, Any]:
        """The new view of one pack (simulator results still to come when clean), and its report."""
        from generator import pipeline

        if not (root / "pack.yaml").is_file():
            return None, None
        started = time.perf_counter()
        with self._lock:
            old = self._views.get(root)
            memo = self._memos.setdefault(root, SvgMemo())
        report = pipeline.check([root], self.options, schemas=self.schemas)
        pack_id = report.packs[0].id if report.packs else (old.pack_id if old else root.name)
        view = PackView(root=root, pack_id=pack_id, status="broken",
                        diagnostics=tuple(report.diagnostics), sources=dict(report.sources),
                        files=report.files, documents=report.documents)
        if report.failed() or not report.packs:
            if old is not None and old.drawings:
                view = replace(view, drawings=old.drawings, metrics=old.metrics, stale=True,
                               artefacts=old.artefacts, pdf_pages=old.pdf_pages)
            return replace(view, seconds=time.perf_counter() - started), report
        drawings, artefacts, pdf_pages = render_pack(report, memo)
        return replace(view, status="ready", drawings=drawings,
                       metrics=old.metrics if old is not None else {}, metrics_pending=True,
                       artefacts=artefacts, pdf_pages=pdf_pages,
                       seconds=time.perf_counter() - started), report

    def artefact(self, pack_id: str, path: str) -> bytes | None:
        """The bytes of one artefact of the last good render (PDFs drawn on demand)."""
        view = self.view_by_id(pack_id)
        if view is None:
            return None
        if path in view.pdf_pages:
            return document_to_pdf(view.pdf_pages[path])
        return view.artefacts.get(path)
