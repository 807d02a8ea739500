"""The ASGI app of ``riddlesmith serve`` (Starlette), its file watcher and its JSON.

Routes: ``/`` the page, ``/api/report`` the ``check --format json`` report of the
current state, ``/api/state`` what the page draws, ``/api/drawings/<pack-id>[?label=L...]`` a
pack's SVGs (all, or those named), ``/api/source?file=F`` a file the check read, ``/api/events`` the
server-sent update stream, ``/artefacts/<pack-id>/<path>`` the build's files.
Everything served comes from memory: files the loader read inside the packs
and artefacts the build made, so no request can reach outside the packs.
"""
from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import mimetypes
import time
from pathlib import Path, PurePosixPath
from typing import Any, AsyncIterator, Callable, Iterable

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route
from watchfiles import DefaultFilter, awatch

from generator.diagnostics import Diagnostic
from generator.formats import get_formatter, make_summary
from generator.pack.loader import display_path
from generator.serve.page import PAGE
from generator.serve.tables import documents_html, metrics_html, sides_html
from generator.serve.workspace import PackView, Workspace

EXCERPT_LINES = 2  # lines of context on each side of a diagnostic's line
KEEPALIVE_SECONDS = 15.0


class PackFilter(DefaultFilter):
    """The default filter, and nothing in a hidden folder below the watched folders
    (the simulator cache writes there during a check; watching it would loop), nor the
    lock files spreadsheet programs keep beside an open sheet (LibreOffice's are hidden)."""

    def __init__(self, bases: list[Path]) -> None:
        super().__init__()
        self.bases = bases

    def __call__(self, change: Any, path: str) -> bool:
        where = Path(path)
        if where.name.startswith("~$"):  # Excel's lock file beside an open workbook
            return False
        for base in self.bases:
            if base == where or base in where.parents:
                rel = where.relative_to(base).parts
                if any(part.startswith(".") for part in rel):
                    return False
        return bool(super().__call__(change, path))


def excerpt(source: str | None, line: int) -> list[list[Any]]:
    """[[number, text], ...] around ``line`` (1-based) of ``source``.

    >>> excerpt("a\\nb\\nc\\nd", 1)
    [[1, 'a'], [2, 'b'], [3, 'c']]
    """
    if source is None:
        return []
    lines = source.splitlines()
    lo, hi = max(1, line - EXCERPT_LINES), min(len(lines), line + EXCERPT_LINES)
    return [[n, lines[n - 1]] for n in range(lo, hi + 1)]


def diagnostic_json(d: Diagnostic, sources: dict[str, str]) -> dict[str, Any]:
    return {"file": d.file, "line": d.line, "col": d.col, "severity": d.severity.value,
            "code": d.code, "message": d.message, "hint": d.hint,
            "excerpt": excerpt(sources.get(d.file), d.line)}


def drawings_rev(view: PackView) -> str:
    digest = hashlib.sha256()
    for drawing in view.drawings:
        digest.update(drawing.label.encode() + b"\0" + drawing.digest.encode())
    return digest.hexdigest()[:16] + ("-stale" if view.stale else "")


def drawing_json(view: PackView, label_text: str, digest: str) -> dict[str, Any]:
    """One drawing for the page: where it comes from, whether it is from an earlier state,
    and the diagnostics inside its document's lines (its problems)."""
    place = view.places.get(label_text)
    out: dict[str, Any] = {"label": label_text, "digest": digest,
                           "stale": view.stale or label_text in view.kept}
    if place is None:
        return out | {"file": "", "line": 0, "kind": "drawing", "system": "", "problems": []}
    problems = [{"line": d.line, "severity": d.severity.value, "code": d.code, "message": d.message}
                for d in view.diagnostics if d.file == place.file and place.line <= d.line <= place.end]
    return out | {"file": place.file, "line": place.line, "end": place.end, "kind": place.kind,
                  "system": place.system, "doc": place.doc, "problems": problems}


def state_json(ws: Workspace) -> dict[str, Any]:
    """What the page shows: per pack its status, diagnostics by file, results (as data
    and as labelled tables, the whole and per drawing), drawings with their places and
    problems, the drawings redrawn by the last check, and its documents."""
    packs = []
    for view in ws.views():
        by_file: dict[str, list[dict[str, Any]]] = {}
        for d in view.diagnostics:
            by_file.setdefault(d.file, []).append(diagnostic_json(d, view.sources))
        packs.append({
            "id": view.pack_id, "root": display_path(view.root), "status": view.status,
            "stale": view.stale, "seconds": round(view.seconds, 3),
            "checked_at": view.checked_at, "files": by_file, "metrics": view.metrics,
            "metrics_html": metrics_html(view.metrics),
            "sides": sides_html((d.label for d in view.drawings), view.metrics),
            "doc_figures": documents_html((p.doc for p in view.places.values()), view.metrics),
            "metrics_pending": view.metrics_pending,
            "drawings": [drawing_json(view, d.label, d.digest) for d in view.drawings],
            "changed": list(view.changed), "edited": list(view.edited), "rev": drawings_rev(view),
            "documents": [{"file": f, "kind": k, "id": i, "line": n} for f, k, i, n in view.outline]})
    return {"version": ws.version, "packs": packs}


def report_text(ws: Workspace) -> str:
    """The ``check --format json`` report of every pack, as ``check`` prints it."""
    views = ws.views()
    diagnostics = sorted((d for v in views for d in v.diagnostics), key=Diagnostic.sort_key)
    sources: dict[str, str] = {}
    for v in views:
        sources.update(v.sources)
    summary = make_summary(diagnostics, sum(v.files for v in views), sum(v.documents for v in views))
    return get_formatter("json").render(diagnostics, summary, sources.get)


def safe_artefact_path(path: str) -> str | None:
    """``path`` if it is a plain relative path (no ``..``, not absolute), else None.

    >>> safe_artefact_path("maps/a.svg"), safe_artefact_path("../x"), safe_artefact_path("/etc/passwd")
    ('maps/a.svg', None, None)
    """
    pure = PurePosixPath(path)
    if not path or pure.is_absolute() or "\\" in path or any(p in ("..", "") for p in path.split("/")):
        return None
    return str(pure)


def recheck_line(view: PackView | None, pack: str, changed: list[str], clock: str) -> str:
    """The terminal's line for one re-check of a pack: when, what changed, what came out.

    >>> recheck_line(None, "deck", ["deck/pack.yaml"], "14:02:03")
    '14:02:03 deck: deck/pack.yaml changed; the pack is gone'
    """
    cause = (", ".join(changed[:3]) + (f" and {len(changed) - 3} more" if len(changed) > 3 else "")
             + " changed") if changed else "first check"
    if view is None:
        return f"{clock} {pack}: {cause}; the pack is gone"
    errors = sum(d.severity.value == "error" for d in view.diagnostics)
    others = len(view.diagnostics) - errors
    found = "no problems" if not view.diagnostics else f"{errors} error(s), {others} other(s)"
    if view.diagnostics:
        first = view.diagnostics[0]
        found += f" (first: {first.file}:{first.line} {first.code})"
    redrawn = ""
    if view.changed:
        names = ", ".join(view.changed[:2]) + (" ..." if len(view.changed) > 2 else "")
        redrawn = f", {len(view.changed)} drawing(s) redrawn: {names}"
    kept = f", {len(view.kept)} kept from before" if view.kept else ""
    stale = ", drawings from before (could not draw)" if view.stale else ""
    return (f"{clock} {view.pack_id}: {cause}; {view.status} in {view.seconds:.2f} s, "
            f"{found}{redrawn}{kept}{stale}")


class Hub:
    """The running server's moving parts: the workspace, the watcher and SSE listeners."""

    def __init__(self, ws: Workspace, log: Callable[[str], object] | None = None) -> None:
        self.ws = ws
        self.log = log
        self.listeners: set[asyncio.Queue[int]] = set()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.busy = asyncio.Lock()

    def notify(self) -> None:
        """Tell every page that the state changed (callable from any thread)."""
        loop = self.loop
        if loop is None:
            return
        version = self.ws.version

        def push() -> None:
            for queue in list(self.listeners):
                queue.put_nowait(version)

        try:
            loop.call_soon_threadsafe(push)
        except RuntimeError:  # the server stopped (Ctrl-C) while a simulation ran: drop it
            pass

    async def refresh(self, roots: list[Path] | None = None, changed: Iterable[Path] = ()) -> None:
        async with self.busy:
            roots = self.ws.roots_touched([]) if roots is None else roots
            read_before = {name for v in self.ws.views() for name in v.sources}
            self.ws.mark_proving(roots)
            self.notify()
            await asyncio.to_thread(self.ws.refresh, roots, self.notify)
            if self.log is not None:
                clock = time.strftime("%H:%M:%S")
                # The files that are there, or that the last check read (a deleted card file);
                # not an editor's temporary file that came and went.
                names = sorted({display_path(p) for p in changed if p.exists()
                                or display_path(p) in read_before})
                for root in roots:
                    view = next((v for v in self.ws.views() if v.root == root), None)
                    base = display_path(root) + "/"
                    mine = [n for n in names if n.startswith(base)]
                    self.log(recheck_line(view, root.name, mine, clock))

    async def watch(self, stop: asyncio.Event) -> None:
        folders = sorted({p.resolve() for p in self.ws.paths})
        async for changes in awatch(*folders, watch_filter=PackFilter(folders), debounce=400, step=20,
                                    stop_event=stop):
            paths = [Path(p) for _, p in changes]
            touched = self.ws.roots_touched(paths)
            if touched:
                await self.refresh(touched, paths)


def make_app(ws: Workspace, *, watch: bool = True,
             log: Callable[[str], object] | None = None) -> Starlette:
    """The Starlette app serving ``ws``; with ``watch`` it re-checks packs as files change,
    and tells ``log`` a line about each re-check."""
    hub = Hub(ws, log)

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        hub.loop = asyncio.get_running_loop()
        stop = asyncio.Event()
        tasks = [asyncio.create_task(hub.refresh())]
        if watch:
            tasks.append(asyncio.create_task(hub.watch(stop)))
        try:
            yield
        finally:
            stop.set()
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            hub.loop = None

    async def page(_request: Request) -> Response:
        return HTMLResponse(PAGE)

    async def report(_request: Request) -> Response:
        return Response(report_text(ws), media_type="application/json")

    async def state(_request: Request) -> Response:
        return JSONResponse(state_json(ws))

    async def drawings(request: Request) -> Response:
        view = ws.view_by_id(request.path_params["pack"])
        if view is None:
            return JSONResponse({"error": "no such pack"}, status_code=404)
        # ?label=L (repeated): only those drawings, so an edit to one card sends one card.
        wanted = set(request.query_params.getlist("label"))
        return JSONResponse({"rev": drawings_rev(view), "stale": view.stale,
                             "drawings": [{"label": d.label, "digest": d.digest, "svg": d.svg}
                                          for d in view.drawings if not wanted or d.label in wanted]})

    async def source(request: Request) -> Response:
        wanted = request.query_params.get("file", "")
        for view in ws.views():
            if wanted in view.sources:
                return Response(view.sources[wanted], media_type="text/plain; charset=utf-8")
        return Response("not a file of a served pack\n", status_code=404)

    async def artefact(request: Request) -> Response:
        path = safe_artefact_path(request.path_params["path"])
        data = ws.artefact(request.path_params["pack"], path) if path else None
        if data is None:
            return Response("no such artefact\n", status_code=404)
        kind = mimetypes.guess_type(path or "")[0] or "application/octet-stream"
        return Response(data, media_type=kind)

    async def events(request: Request) -> Response:
        queue: asyncio.Queue[int] = asyncio.Queue()
        hub.listeners.add(queue)

        async def stream() -> AsyncIterator[str]:
            try:
                yield f"event: update\ndata: {json.dumps({'version': ws.version})}\n\n"
                while True:
                    try:
                        version = await asyncio.wait_for(queue.get(), KEEPALIVE_SECONDS)
                    except asyncio.TimeoutError:
                        if await request.is_disconnected():
                            return
                        yield ": keep-alive\n\n"
                        continue
                    yield f"event: update\ndata: {json.dumps({'version': version})}\n\n"
            finally:
                hub.listeners.discard(queue)

        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-cache"})

    routes = [
        Route("/", page),
        Route("/api/report", report),
        Route("/api/state", state),
        Route("/api/drawings/{pack}", drawings),
        Route("/api/source", source),
        Route("/api/events", events),
        Route("/artefacts/{pack}/{path:path}", artefact),
    ]
    return Starlette(routes=routes, lifespan=lifespan)
