"""``riddlesmith diff`` output: text for people, json for scripts, markdown for a pull
request comment. Each is a pure function of a :class:`~generator.diff.Diff`; the
output is the same on every run (sorted, no timestamps).
"""
from __future__ import annotations

import json
from typing import Any

from generator.diff import MISSING, Diff, DocumentChange, FaceChange, FigureMove, PackDiff

FORMATS = ("text", "json", "markdown")
VALUE_WIDTH = 60
"""Characters of a value shown before it is cut with an ellipsis."""
MARKDOWN_LIMIT = 60_000
"""Characters of markdown at most: a GitHub comment holds 65,536."""
MARKDOWN_MARK = "<!-- riddlesmith-diff -->"
"""First line of the markdown, so a CI step can find and replace its earlier comment."""


def show_value(value: Any, width: int = VALUE_WIDTH) -> str:
    """A field value on one line.

    >>> show_value(MISSING), show_value("a b"), show_value({"x": 1}), len(show_value("x" * 70))
    ('(none)', "'a b'", '{"x": 1}', 60)
    """
    if value is MISSING:
        return "(none)"
    text = repr(value) if isinstance(value, str) else json.dumps(value, ensure_ascii=False,
                                                                 default=str)
    if len(text) > width:
        text = text[:width - 2] + "…" + text[-1]
    return text


def show_figure(value: Any, ci: tuple[float, float] | None) -> str:
    """``5``, ``62.8% [57.9-67.3%]`` for a share with an interval, ``0.51``."""
    if value is None:
        return "(none)"
    if ci is not None and isinstance(value, float) and 0.0 <= value <= 1.0:
        return f"{100 * value:.1f}% [{100 * ci[0]:.1f}-{100 * ci[1]:.1f}%]"
    if ci is not None and isinstance(value, (int, float)):
        return f"{value:.2f} [{ci[0]:.2f}-{ci[1]:.2f}]"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def _move_text(move: FigureMove) -> str:
    old = "(new)" if move.old is None else show_figure(move.old.value, move.old.ci95)
    return f"{old} -> {show_figure(move.figure.value, move.figure.ci95)}"


def _face_word(doc: DocumentChange) -> str:
    return {"changed": "face changed", "unchanged": "face unchanged"}.get(doc.face, "")


def render_text(diff: Diff) -> str:
    lines = [f"riddlesmith diff {diff.old} -> {diff.new}"]
    for pack in diff.packs:
        lines.append("")
        lines.append(f"pack {pack.pack}: {pack.status}")
        for note in pack.notes:
            lines.append(f"  note: {note}")
        for doc in pack.documents:
            face = _face_word(doc)
            lines.append(f"  {doc.status} {doc.kind} {doc.id}  {doc.place.text()}"
                         + (f"  ({face})" if face else ""))
            for f in doc.fields:
                lines.append(f"    {f.path}: {show_value(f.old)} -> {show_value(f.new)}  "
                             f"{f.place.text()}")
        for deck, faces in _other_faces(pack).items():
            lines.append(f"  deck {deck}: {_faces(faces)}")
        for page in pack.pages:
            lines.append(f"  book {page.book}: {_pages(page)}")
        if pack.figures:
            lines.append("  figures that moved:")
            for move in pack.figures:
                where = f"  {move.place.text()}" if move.place else ""
                lines.append(f"    {move.figure.kind} {move.figure.id} {move.figure.name}: "
                             f"{_move_text(move)}  [{move.change}]{where}")
    lines.append("")
    lines.append(summary(diff))
    lines.extend(f"note: {n}" for n in diff.notes)
    return "\n".join(lines) + "\n"


FACES_SHOWN = 6
"""Faces named in a deck's line before it says "and N more"."""


def _other_faces(pack: PackDiff) -> dict[str, list[FaceChange]]:
    """The faces that changed without a changed document of their own (a back, a face
    redrawn because the game's settings changed), by deck."""
    listed = {(d.kind, d.id) for d in pack.documents}
    out: dict[str, list[FaceChange]] = {}
    for face in pack.faces:
        if face.document not in listed:
            out.setdefault(face.deck, []).append(face)
    return out


def _faces(faces: list[FaceChange]) -> str:
    """``3 faces changed (card-a, card-b (back), card-c)``, with ``added``/``removed``."""
    parts = []
    for status in ("changed", "added", "removed"):
        names = [f.face for f in faces if f.status == status]
        if names:
            shown = ", ".join(names[:FACES_SHOWN])
            more = f" and {len(names) - FACES_SHOWN} more" if len(names) > FACES_SHOWN else ""
            parts.append(f"{len(names)} face{'s' if len(names) != 1 else ''} {status} "
                         f"({shown}{more})")
    return "; ".join(parts)


def _pages(page: Any) -> str:
    parts = []
    if page.pages:
        parts.append(f"page{'s' if len(page.pages) != 1 else ''} "
                     f"{', '.join(map(str, page.pages))} changed")
    if page.removed:
        parts.append(f"{page.removed} page{'s' if page.removed != 1 else ''} gone")
    return "; ".join(parts) + f" (of {page.of})"


def summary(diff: Diff) -> str:
    """One line: how many documents, faces, pages and figures changed."""
    docs = sum(len(p.documents) for p in diff.packs)
    faces = sum(1 for p in diff.packs for f in p.faces if not f.face.endswith("(back)"))
    pages = sum(len(pg.pages) for p in diff.packs for pg in p.pages)
    figures = sum(len(p.figures) for p in diff.packs)
    if not (docs or faces or pages or figures):
        return "no changes"
    return (f"{docs} document{'s' if docs != 1 else ''}, {faces} face{'s' if faces != 1 else ''}, "
            f"{pages} page{'s' if pages != 1 else ''} and {figures} figure"
            f"{'s' if figures != 1 else ''} changed")


def _json_value(value: Any) -> Any:
    return None if value is MISSING else value


def render_json(diff: Diff) -> str:
    data = {
        "old": diff.old, "new": diff.new,
        "packs": [_pack_json(p) for p in diff.packs],
        "changes": sorted(diff.kinds()),
        "notes": list(diff.notes),
    }
    return json.dumps(data, indent=2, ensure_ascii=False, default=str) + "\n"


def _pack_json(pack: PackDiff) -> dict[str, Any]:
    return {
        "pack": pack.pack, "status": pack.status, "notes": list(pack.notes),
        "documents": [{
            "kind": d.kind, "id": d.id, "status": d.status, "file": d.place.file,
            "line": d.place.line, "face": d.face or None,
            "fields": [{"path": f.path, "old": _json_value(f.old), "new": _json_value(f.new),
                        "file": f.place.file, "line": f.place.line} for f in d.fields],
        } for d in pack.documents],
        "faces": [{"deck": f.deck, "face": f.face, "status": f.status,
                   "document": {"kind": f.document[0], "id": f.document[1]}
                   if f.document else None} for f in pack.faces],
        "pages": [{"book": p.book, "pages": list(p.pages), "removed": p.removed, "of": p.of}
                  for p in pack.pages],
        "figures": [{
            "kind": m.figure.kind, "id": m.figure.id, "figure": m.figure.name,
            "old": None if m.old is None else m.old.value, "new": m.figure.value,
            "old_ci95": None if m.old is None or m.old.ci95 is None else list(m.old.ci95),
            "new_ci95": None if m.figure.ci95 is None else list(m.figure.ci95),
            "change": m.change,
            "file": m.place.file if m.place else None, "line": m.place.line if m.place else None,
        } for m in pack.figures],
    }


def _cell(text: str) -> str:
    """Text safe in a markdown table cell."""
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ").replace("`", "'")


def render_markdown(diff: Diff) -> str:
    lines = [MARKDOWN_MARK, f"### riddlesmith diff `{_cell(diff.old)}` → `{_cell(diff.new)}`",
             "", summary(diff) + "."]
    for pack in diff.packs:
        if pack.status == "unchanged":
            continue
        lines += ["", f"#### Pack `{pack.pack}` ({pack.status})"]
        lines += [f"> {_cell(n)}" for n in pack.notes]
        if pack.documents:
            lines += ["", "| document | change | face | where |", "|---|---|---|---|"]
            for d in pack.documents:
                fields = "<br>".join(f"`{_cell(f.path)}`: {_cell(show_value(f.old))} → "
                                     f"{_cell(show_value(f.new))}" for f in d.fields[:8])
                if len(d.fields) > 8:
                    fields += f"<br>and {len(d.fields) - 8} more"
                lines.append(f"| {d.kind} `{d.id}` | {d.status}"
                             + (f"<br>{fields}" if fields else "")
                             + f" | {d.face or '–'} | `{_cell(d.place.text())}` |")
        for deck, faces in _other_faces(pack).items():
            lines += ["", f"Deck `{deck}`: {_cell(_faces(faces))}"]
        for page in pack.pages:
            lines += ["", f"Book `{page.book}`: {_pages(page)}"]
        if pack.figures:
            lines += ["", "| figure | old → new | change |", "|---|---|---|"]
            for m in pack.figures:
                lines.append(f"| {m.figure.kind} `{m.figure.id}` {_cell(m.figure.name)} | "
                             f"{_cell(_move_text(m)).replace(' -> ', ' → ')} | {m.change} |")
    lines += [f"> {_cell(n)}" for n in diff.notes]
    return _cut("\n".join(lines) + "\n", MARKDOWN_LIMIT)


def _cut(text: str, limit: int) -> str:
    """``text`` cut at a line to at most ``limit`` characters, saying how much is left out."""
    if len(text) <= limit:
        return text
    lines = text.split("\n")
    kept: list[str] = []
    size = 0
    for line in lines:
        if size + len(line) + 1 > limit - 100:
            break
        kept.append(line)
        size += len(line) + 1
    left = len(lines) - 1 - len(kept)
    return "\n".join(kept) + (f"\n\n_… {left} more line{'s' if left != 1 else ''} left out: "
                              "run riddlesmith diff for all of it._\n")


def render_diff(diff: Diff, fmt: str) -> str:
    """The diff in ``fmt`` (one of :data:`FORMATS`)."""
    if fmt == "json":
        return render_json(diff)
    if fmt == "markdown":
        return render_markdown(diff)
    return render_text(diff)


__all__ = ["FORMATS", "MARKDOWN_MARK", "render_diff", "render_json", "render_markdown",
           "render_text", "show_figure", "show_value", "summary"]
