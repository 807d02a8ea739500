"""The state behind ``riddlesmith serve``: each pack's last check and last good render.

A :class:`Workspace` knows the packs under the served paths. ``refresh`` re-checks
only the packs that hold a changed file and renders each in memory (every SVG
the build writes, and every PDF page drawn as SVG instead of a PDF). A pack
with errors is drawn too, from its valid documents, so a card whose text
overflows is shown as it would print; a document left out for its errors keeps
its last drawing, marked as kept, and only a pack that cannot be drawn at all
keeps all its last drawings, marked stale. Each drawing is placed at its
document (file and lines), so the page can put every problem on its drawing.
Simulator results come from the usual cache, so an unchanged riddle is not
proved again.

Nothing here imports a web library: the app in :mod:`generator.serve.app` wraps it.
"""
from __future__ import annotations

import contextlib
import hashlib
import threading
import time
from concurrent.futures import Executor, Future
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from generator.diagnostics import Diagnostic
from generator.pack.loader import UsageError, find_pack_roots
from generator.pack.schema import SchemaSet, load_schemas
from generator.render.pdf import capture_documents, document_to_pdf, placeholder_index
from generator.render.scene import Document, Scene
from generator.render.svg import reuse_svgs, scene_to_svg
from generator.render.text import FitResult, reuse_fits
from generator.serve.tables import drawing_keys
from generator.systems import Options


@dataclass(frozen=True, slots=True)
class Drawing:
    """One drawing for the page: an SVG artefact, or one page of a PDF artefact."""

    artefact: str
    page: int  # 0 for an SVG file; 1-based page number inside a PDF
    svg: str
    system: str = ""  # the game system that drew it
    scene_id: str = ""  # a PDF page's scene id (often the id of the document it shows)
    # A hash of the SVG: the page fetches only the drawings whose digest it does not have.
    digest: str = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "digest", hashlib.sha1(self.svg.encode("utf-8")).hexdigest()[:16])

    @property
    def label(self) -> str:
        return self.artefact if not self.page else f"{self.artefact} p. {self.page}"


@dataclass(frozen=True, slots=True)
class Place:
    """Where a drawing comes from: its document's file and lines, kind and system."""

    file: str
    line: int
    end: int  # the document's last line: a diagnostic in [line, end] is the drawing's problem
    kind: str  # the document's kind; "print sheet" for a PDF page of many documents
    system: str
    doc: str = ""  # the document's id ("" for the pack's manifest)


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
    stale: bool = False  # all drawings belong to an earlier state (this one could not be drawn)
    kept: frozenset[str] = frozenset()  # drawings of documents left out for errors: from earlier
    places: dict[str, Place] = field(default_factory=dict)  # by drawing label
    changed: tuple[str, ...] = ()  # drawings redrawn since the previous view
    edited: tuple[str, ...] = ()  # drawings whose document's text changed since the previous view
    outline: tuple[tuple[str, str, str, int], ...] = ()  # (file, kind, id, line) of each document
    metrics: dict[str, Any] = field(default_factory=dict)
    metrics_pending: bool = False  # the simulator results shown are from an earlier state
    artefacts: dict[str, bytes] = field(default_factory=dict)
    pdf_pages: dict[str, Document] = field(default_factory=dict)
    seconds: float = 0.0
    checked_at: str = ""  # the clock time the check finished (HH:MM:SS)


def _pack_id_guess(root: Path) -> str:
    """The id in pack.yaml when it can be read cheaply, else the folder name."""
    try:
        for line in (root / "pack.yaml").read_text(encoding="utf-8").splitlines():
            if line.startswith("id:"):
                return line[3:].strip().strip("'\"") or root.name
    except (OSError, UnicodeDecodeError):
        pass
    return root.name


class RenderMemo:
    """What the last check and render of a pack fitted and drew, for the next to reuse:
    an edit to one card lays out and draws that card again, not the deck."""

    def __init__(self) -> None:
        self._svgs: dict[Scene, bytes] = {}
        self._fits: dict[tuple[Any, ...], FitResult] = {}

    @contextlib.contextmanager
    def reusing(self) -> Iterator[None]:
        """Inside the block every ``scene_to_svg`` and ``fit_text`` (the systems' checks and
        builds too) reuses the last block's result for equal arguments; the memo then
        holds this block's."""
        with reuse_svgs(self._svgs) as svgs, reuse_fits(self._fits) as fits:
            yield
        self._svgs, self._fits = svgs, fits

    def render(self, scenes: Iterable[Scene]) -> list[str]:
        with self.reusing():
            return [scene_to_svg(scene).decode("utf-8") for scene in scenes]


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


def render_pack(report: Any) -> tuple[tuple[Drawing, ...], dict[str, bytes], dict[str, Document]]:
    """Build the (single) pack of ``report`` in memory: drawings and artefacts.

    The pack may have errors: its valid documents are drawn as they would print
    (a card whose text overflows, say), so the page can show each problem on its drawing.
    """
    pack = report.packs[0]
    artefacts: dict[str, bytes] = {}
    made_by: dict[str, str] = {}
    with capture_documents() as documents:
        for name in pack.systems:
            system = report.systems.get(name)
            if system is None:
                continue
            for artefact in system.build(pack, report.options, lambda _msg: None):
                artefacts[artefact.path] = artefact.data
                made_by[artefact.path] = name
        pdf_pages: dict[str, Document] = {}
        drawings: list[Drawing] = []
        # Cards and maps (SVG files) first, then the pages of each PDF.
        for path in sorted(artefacts, key=lambda p: (not p.endswith(".svg"), p)):
            data = artefacts[path]
            index = placeholder_index(data)
            if index is not None:
                pdf_pages[path] = documents[index]
                drawings.extend(
                    Drawing(path, n, _strip_xml_declaration(scene_to_svg(scene).decode("utf-8")),
                            made_by[path], scene.id or "")
                    for n, scene in enumerate(documents[index].pages, 1))
            elif path.endswith(".svg"):
                drawings.append(Drawing(path, 0, _strip_xml_declaration(data.decode("utf-8")),
                                        made_by[path]))
    return tuple(drawings), artefacts, pdf_pages


def drawing_order(drawing: Drawing) -> tuple[bool, str, int]:
    """Where a drawing goes on the page: SVG files first, then PDF pages, by path and page."""
    return (not drawing.artefact.endswith(".svg"), drawing.artefact, drawing.page)


def document_named_in(keys: Iterable[str], ids: Iterable[str]) -> str | None:
    """The longest of ``ids`` that one of ``keys`` holds as whole hyphenated words
    (``board-dyers-yard-A1`` is drawn from ``dyers-yard``), None when there is none.

    >>> document_named_in(["board-dyers-yard-A1"], ["dyers-yard", "yard", "dyers-yards"])
    'dyers-yard'
    >>> document_named_in(["sheet-1-front"], ["front-door"]) is None
    True
    """
    padded = [f"-{key}-" for key in keys if key]
    found = [i for i in ids if len(i) >= 3 and any(f"-{i}-" in p for p in padded)]
    return max(found, key=lambda i: (len(i), i)) if found else None


def place_drawings(pack: Any, drawings: Iterable[Drawing], sources: dict[str, str]
                   ) -> dict[str, Place]:
    """Where each drawing comes from: the document whose id the drawing's file is named
    after (``svg/cards/never-sleep.svg`` is the card ``never-sleep``) or whose id its PDF
    page carries (as a whole or in part, see :func:`document_named_in`), else the pack's
    ``pack.yaml`` (a sheet of many cards, say)."""
    documents = [pack.manifest, *pack.documents]
    spans: dict[str, tuple[str, str, int, int]] = {}  # id -> kind, file, first and last line
    by_file: dict[str, list[Any]] = {}
    for doc in documents:
        by_file.setdefault(doc.file, []).append(doc)
    manifest = ("", pack.manifest.file, 1, 1)
    for file, docs in by_file.items():
        docs.sort(key=lambda d: d.yaml.line)
        last = max(1, len((sources.get(file) or "").splitlines()))
        for doc, after in zip(docs, [*docs[1:], None]):
            first = doc.locate(("kind",), key=True)[0]  # the document's first key, not its "---"
            end = max(first, after.yaml.line - 1 if after is not None else last)
            if doc is pack.manifest:
                manifest = (doc.kind, file, first, first)
            else:
                spans.setdefault(doc.id, (doc.kind, file, first, end))
    out: dict[str, Place] = {}
    for drawing in drawings:
        keys = drawing_keys(drawing.label) if not drawing.page else (drawing.scene_id,)
        key = next((k for k in keys if k in spans), None) or document_named_in(keys, spans)
        found = spans[key] if key is not None else None
        kind, file, line, end = found or ("print sheet" if drawing.page else "drawing", *manifest[1:])
        out[drawing.label] = Place(file, line, end, kind, drawing.system, key or "")
    return out


def _document_text(view: PackView, place: Place) -> str:
    return "\n".join((view.sources.get(place.file) or "").splitlines()[place.line - 1:place.end])


def edited_drawings(old: PackView | None, new: PackView) -> tuple[str, ...]:
    """The drawings of ``new`` whose document's text differs from what it was in ``old``
    (the card the designer just edited, not the cards that only moved or were renumbered)."""
    if old is None or not old.places:
        return ()
    out = []
    for drawing in new.drawings:
        place, before = new.places.get(drawing.label), old.places.get(drawing.label)
        if place is not None and place.kind != "print sheet" and (
                before is None or _document_text(new, place) != _document_text(old, before)):
            out.append(drawing.label)
    return tuple(out)


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
        self._memos: dict[Path, RenderMemo] = {}
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
        if not (root / "pack.yaml").is_file():
            return None, None
        started = time.perf_counter()
        view, report = self._check_and_draw(root)
        return replace(view, seconds=time.perf_counter() - started,
                       checked_at=time.strftime("%H:%M:%S")), report

    def _check_and_draw(self, root: Path) -> tuple[PackView, Any]:
        from generator import pipeline

        with self._lock:
            old = self._views.get(root)
            memo = self._memos.setdefault(root, RenderMemo())
        drawn: tuple[tuple[Drawing, ...], dict[str, bytes], dict[str, Document]] | None = None
        with memo.reusing():
            report = pipeline.check([root], self.options, schemas=self.schemas)
            failed = report.failed() or not report.packs
            if report.packs:
                try:
                    drawn = render_pack(report)
                except Exception:  # noqa: BLE001 - content with errors may break a renderer anywhere
                    if not failed:
                        raise
        pack_id = report.packs[0].id if report.packs else (old.pack_id if old else root.name)
        view = PackView(root=root, pack_id=pack_id, status="broken",
                        diagnostics=tuple(report.diagnostics), sources=dict(report.sources),
                        files=report.files, documents=report.documents)
        if report.packs:
            pack = report.packs[0]
            view = replace(view, outline=tuple(sorted(
                (d.file, d.kind, d.id, d.yaml.line) for d in [pack.manifest, *pack.documents])))
        if drawn is None:  # not even the valid documents could be drawn: the last drawings, greyed
            if old is not None and old.drawings:
                view = replace(view, drawings=old.drawings, places=old.places, metrics=old.metrics,
                               stale=True, artefacts=old.artefacts, pdf_pages=old.pdf_pages)
            return view, report
        drawings, artefacts, pdf_pages = drawn
        places = place_drawings(report.packs[0], drawings, report.sources)
        before = {d.label: d for d in old.drawings} if old is not None else {}
        changed = tuple(d.label for d in drawings
                        if before and (d.label not in before or before[d.label].svg != d.svg))
        view = replace(view, drawings=drawings, places=places, changed=changed,
                       metrics=old.metrics if old is not None else {})
        if failed:
            # A document left out for its errors keeps its last drawing (greyed on the page);
            # the artefacts to download stay those of the last clean build.
            new = {d.label for d in drawings}
            kept = [d for d in before.values() if d.label not in new]
            if old is not None:
                view = replace(view, artefacts=old.artefacts, pdf_pages=old.pdf_pages)
            view = replace(view, drawings=tuple(sorted(drawings + tuple(kept), key=drawing_order)),
                           kept=frozenset(d.label for d in kept),
                           places={**places, **{d.label: old.places[d.label] for d in kept
                                                if old is not None and d.label in old.places}})
            return replace(view, edited=edited_drawings(old, view)), report
        return replace(view, status="ready", metrics_pending=True, artefacts=artefacts,
                       pdf_pages=pdf_pages, edited=edited_drawings(old, view)), report

    def artefact(self, pack_id: str, path: str) -> bytes | None:
        """The bytes of one artefact of the last good render (PDFs drawn on demand)."""
        view = self.view_by_id(pack_id)
        if view is None:
            return None
        if path in view.pdf_pages:
            return document_to_pdf(view.pdf_pages[path])
        return view.artefacts.get(path)
