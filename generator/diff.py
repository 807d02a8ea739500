"""``riddlesmith diff``: what changed between two versions of the packs, and what it did.

Each side (:mod:`generator.revisions`) is checked like ``check`` would, with the
simulator caches, and its packs are matched by id. Per pack the diff holds:

- the documents added, removed and changed, by (kind, id), with each changed field
  (a dotted path, old -> new) and where it is in NEW (for a changed line of a block
  text such as a riddle map, that line);
- the printed faces that changed, by what they draw: each card and token face of
  the systems' decks (:class:`~generator.systems.PrintSource`) is a display list, and
  two faces are the same when their display lists are equal (a digest of its
  ``repr``), whatever the YAML bytes did; the book pages that changed, the same way;
- the simulator figures (:class:`~generator.systems.Figure`) that moved.

Everything here is pure once both sides are loaded: :func:`compare_packs` takes the
values, and :mod:`generator.diff_formats` writes text, json and markdown.
"""
from __future__ import annotations

import hashlib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from generator.pack.model import Document, Pack
from generator.systems import Figure, Options, Registry
from generator.targets import books_of, decks_of, token_sets_of

FAIL_KINDS = ("document", "face", "page", "par-shorter", "par-longer", "first-moves",
              "measure", "win-rate", "share", "curve", "any")
"""What ``--fail-on-change`` takes: a document added, removed or changed; a printed card
or token face; a book page; a par that got shorter or longer (or became unsolvable:
longer); optimal first moves; a measure; a win rate whose intervals part; a role's
shares; the fragment deck's curve; any of them."""

class _Missing:
    """A field one side does not have."""

    def __repr__(self) -> str:
        return "<MISSING>"


MISSING: Any = _Missing()


@dataclass(frozen=True, slots=True)
class Place:
    """Where something is: a file as shown and a 1-based line (0: the file as a whole)."""

    file: str
    line: int = 0

    def text(self) -> str:
        return f"{self.file}:{self.line}" if self.line else self.file


@dataclass(frozen=True, slots=True)
class FieldChange:
    """One field of a document: its dotted path, old and new value (MISSING when absent)."""

    path: str
    old: Any
    new: Any
    place: Place


@dataclass(frozen=True, slots=True)
class DocumentChange:
    kind: str
    id: str
    status: str  # added, removed, changed
    place: Place  # in NEW; in OLD for a removed document
    fields: tuple[FieldChange, ...] = ()
    face: str = ""  # changed, unchanged, or "" (the document prints no face of its own)


@dataclass(frozen=True, slots=True)
class FaceChange:
    """A printed face: deck (or token set), its face id, the document it prints."""

    deck: str
    face: str
    status: str  # changed, added, removed
    document: tuple[str, str] | None = None


@dataclass(frozen=True, slots=True)
class PageChange:
    """A book whose pages changed: 1-based page numbers in NEW, and pages only OLD had."""

    book: str
    pages: tuple[int, ...]
    removed: int
    of: int


@dataclass(frozen=True, slots=True)
class FigureMove:
    figure: Figure  # NEW's
    old: Figure | None
    change: str  # a FAIL_KINDS entry
    place: Place | None = None


@dataclass(frozen=True, slots=True)
class PackDiff:
    pack: str
    status: str  # added, removed, changed, unchanged
    documents: tuple[DocumentChange, ...] = ()
    faces: tuple[FaceChange, ...] = ()
    pages: tuple[PageChange, ...] = ()
    figures: tuple[FigureMove, ...] = ()
    notes: tuple[str, ...] = ()

    def kinds(self) -> set[str]:
        """The FAIL_KINDS of what changed."""
        out = {m.change for m in self.figures}
        if self.documents or self.status in ("added", "removed"):
            out.add("document")
        if self.faces:
            out.add("face")
        if self.pages:
            out.add("page")
        return out


@dataclass(frozen=True, slots=True)
class Diff:
    old: str
    new: str
    packs: tuple[PackDiff, ...] = ()
    notes: tuple[str, ...] = ()

    def kinds(self) -> set[str]:
        return set().union(*(p.kinds() for p in self.packs)) if self.packs else set()


@dataclass(slots=True)
class Printed:
    """What a pack prints, as digests: faces by (deck, face id), pages by book."""

    faces: dict[tuple[str, str], list[str]] = field(default_factory=dict)
    pages: dict[str, list[tuple[str, str]]] = field(default_factory=dict)  # book -> (id, digest)


@dataclass(slots=True)
class PackSide:
    """One side's view of one pack: the pack, how its files are shown, whether it checked
    clean, what it prints and its figures (filled by the caller)."""

    pack: Pack
    shown: Mapping[str, str]  # document file -> as shown
    errors: int = 0
    printed: Printed | None = None
    figures: list[Figure] = field(default_factory=list)


# -- documents --------------------------------------------------------------------------

def iter_field_changes(old: Any, new: Any, path: tuple[Any, ...] = ()
                       ) -> Iterator[tuple[tuple[Any, ...], Any, Any]]:
    """(path, old, new) of each leaf that differs; a multi-line text differs line by
    line (path ends with ``("line", n)``, n 0-based).

    >>> list(iter_field_changes({"a": 1, "b": [1, 2]}, {"a": 1, "b": [1, 3], "c": "x"}))
    [(('b', 1), 2, 3), (('c',), <MISSING>, 'x')]
    """
    if isinstance(old, Mapping) and isinstance(new, Mapping):
        for key in [*old, *(k for k in new if k not in old)]:
            yield from iter_field_changes(old.get(key, MISSING), new.get(key, MISSING),
                                          (*path, key))
    elif isinstance(old, list) and isinstance(new, list):
        for i in range(max(len(old), len(new))):
            yield from iter_field_changes(old[i] if i < len(old) else MISSING,
                                          new[i] if i < len(new) else MISSING, (*path, i))
    elif isinstance(old, str) and isinstance(new, str) and "\n" in old.strip() \
            and "\n" in new.strip() and old != new:
        a, b = old.split("\n"), new.split("\n")
        for i in range(max(len(a), len(b))):
            x = a[i] if i < len(a) else MISSING
            y = b[i] if i < len(b) else MISSING
            if x != y:
                yield (*path, ("line", i)), x, y
    elif not _same(old, new):
        yield path, old, new


def _same(a: Any, b: Any) -> bool:
    """Equal, and not only as ``1 == True`` is."""
    return bool(a == b) and isinstance(a, bool) == isinstance(b, bool)


def dotted(path: Sequence[Any]) -> str:
    """``("abilities", 0, "text")`` -> ``abilities.0.text``; a text line -> ``map.grid[3]``."""
    parts: list[str] = []
    for p in path:
        if isinstance(p, tuple):
            parts[-1 if parts else 0:] = [f"{parts[-1] if parts else ''}[{p[1] + 1}]"]
        else:
            parts.append(str(p))
    return ".".join(parts)


def _field_place(doc: Document, path: tuple[Any, ...], shown: str, source: str | None) -> Place:
    if path and isinstance(path[-1], tuple):
        line, _ = doc.locate(path[:-1])
        offset = path[-1][1]
        lines = (source or "").split("\n")
        # A block text (``|``) starts on the line after its indicator.
        first = line + 1 if 0 < line <= len(lines) and lines[line - 1].rstrip().endswith(
            ("|", "|-", "|+", ">", ">-", ">+")) else line
        return Place(shown, first + offset)
    return Place(shown, doc.locate(path)[0])


def compare_documents(old: PackSide | None, new: PackSide | None) -> list[DocumentChange]:
    """Documents added, removed and changed between two sides of a pack."""
    before = {(d.kind, d.id): d for d in old.pack.documents} if old else {}
    after = {(d.kind, d.id): d for d in new.pack.documents} if new else {}
    if old:
        before[("pack", old.pack.id)] = old.pack.manifest
    if new:
        after[("pack", new.pack.id)] = new.pack.manifest
    out = []
    for key in sorted(set(before) | set(after)):
        a, b = before.get(key), after.get(key)
        if a is None and b is not None and new is not None:
            out.append(DocumentChange(*key, "added", _doc_place(b, new)))
        elif b is None and a is not None and old is not None:
            out.append(DocumentChange(*key, "removed", _doc_place(a, old)))
        elif a is not None and b is not None and new is not None:
            shown = new.shown.get(b.file, b.file)
            fields = tuple(FieldChange(dotted(p), x, y,
                                       _field_place(b, p, shown, new.pack.sources.get(b.file)))
                           for p, x, y in iter_field_changes(a.data, b.data))
            if fields:
                out.append(DocumentChange(*key, "changed", _doc_place(b, new), fields))
    return out


def _doc_place(doc: Document, side: PackSide) -> Place:
    return Place(side.shown.get(doc.file, doc.file), doc.yaml.line)


# -- printed faces and pages ------------------------------------------------------------

def digest(scene: Any) -> str:
    """A digest of what a scene draws (its own id left out: it names, it does not draw)."""
    try:
        drawn = replace(scene, id="")
    except (TypeError, ValueError):
        drawn = scene
    return hashlib.sha256(repr(drawn).encode("utf-8")).hexdigest()[:16]


def printed_of(pack: Pack, registry: Registry, options: Options,
               books: bool = True) -> Printed:
    """Digests of every card and token face (front and back) and book page ``pack``
    prints, from the systems' print sources (the same scenes every target draws)."""
    out = Printed()
    for name in pack.systems:
        source = registry.print_source(name)
        sets: list[Any] = [*decks_of(source, pack, options), *token_sets_of(source, pack, options)]
        for deck in sets:
            fronts = getattr(deck, "fronts", None) or deck.tokens
            for i, scene in enumerate(fronts):
                out.faces.setdefault((deck.id, scene.id), []).append(digest(scene))
                backs = getattr(deck, "backs", ())
                if backs and backs[i] is not None:
                    out.faces.setdefault((deck.id, f"{scene.id} (back)"), []).append(
                        digest(backs[i]))
        if books:
            for book in books_of(source, pack, options, lambda _text: None):
                out.pages[book.id] = [(page.id, digest(page)) for page in book.pages]
    return out


def owner_of(face: str, ids: Mapping[str, tuple[str, str]]) -> tuple[str, str] | None:
    """The document a face prints, by its id: the longest document id that the face id
    is, ends with, or holds between dashes (``card-city-engineer-4`` -> city-engineer).

    >>> owner_of("god-atlas (back)", {"atlas": ("god", "atlas"), "at": ("x", "at")})
    ('god', 'atlas')
    """
    base = face.removesuffix(" (back)")
    for ident in sorted(ids, key=len, reverse=True):
        if base == ident or base.endswith("-" + ident) or base.startswith(ident + "-") \
                or f"-{ident}-" in base:
            return ids[ident]
    return None


def compare_faces(old: Printed | None, new: Printed | None,
                  ids: Mapping[str, tuple[str, str]]) -> list[FaceChange]:
    a = old.faces if old else {}
    b = new.faces if new else {}
    out = []
    for key in sorted(set(a) | set(b)):
        status = ("added" if key not in a else "removed" if key not in b
                  else "changed" if sorted(a[key]) != sorted(b[key]) else "")
        if status:
            out.append(FaceChange(key[0], key[1], status, owner_of(key[1], ids)))
    return out


def compare_pages(old: Printed | None, new: Printed | None) -> list[PageChange]:
    """Per book, the NEW pages whose drawing OLD does not have under the same page id (or
    at the same place among pages of that id), and how many OLD pages are gone."""
    a = old.pages if old else {}
    b = new.pages if new else {}
    out = []
    for book in sorted(set(a) | set(b)):
        before = _keyed(a.get(book, []))
        after = _keyed(b.get(book, []))
        changed = tuple(i + 1 for i, (key, d) in enumerate(after) if dict(before).get(key) != d)
        removed = len(set(k for k, _ in before) - set(k for k, _ in after))
        if changed or removed:
            out.append(PageChange(book, changed, removed, len(after)))
    return out


def _keyed(pages: list[tuple[str, str]]) -> list[tuple[tuple[str, int], str]]:
    seen: dict[str, int] = {}
    out = []
    for ident, d in pages:
        seen[ident] = seen.get(ident, 0) + 1
        out.append(((ident, seen[ident]), d))
    return out


# -- figures ----------------------------------------------------------------------------

def overlaps(a: tuple[float, float], b: tuple[float, float]) -> bool:
    """Whether two intervals share a point.

    >>> overlaps((0.2, 0.4), (0.4, 0.6)), overlaps((0.2, 0.39), (0.4, 0.6))
    (True, False)
    """
    return a[0] <= b[1] and b[0] <= a[1]


def move_of(old: Figure, new: Figure) -> str | None:
    """The FAIL_KINDS class of a figure's move, or None when it has not moved: a figure
    with an interval on both sides moves only when the intervals part.

    >>> move_of(Figure("riddle", "r", "par", 5, change="par"), Figure("riddle", "r", "par", 4, change="par"))
    'par-shorter'
    >>> move_of(Figure("t", "s", "w", 0.5, (0.4, 0.6), "win-rate"), Figure("t", "s", "w", 0.58, (0.5, 0.66), "win-rate"))
    """
    if old.ci95 is not None and new.ci95 is not None:
        return None if overlaps(old.ci95, new.ci95) else new.change
    if old.value == new.value:
        return None
    if new.change != "par":
        return new.change
    if isinstance(old.value, int) and isinstance(new.value, int):
        return "par-shorter" if new.value < old.value else "par-longer"
    return "par-shorter" if isinstance(new.value, int) else "par-longer"


def compare_figures(old: Sequence[Figure], new: Sequence[Figure]) -> list[FigureMove]:
    """The figures that moved; a figure only NEW has is listed as new (change ``measure``
    for a par too: it has nothing to be shorter than)."""
    before = {(f.kind, f.id, f.name): f for f in old}
    subjects = {(f.kind, f.id) for f in old}
    out = []
    for figure in new:
        previous = before.get((figure.kind, figure.id, figure.name))
        if previous is None:
            if (figure.kind, figure.id) not in subjects and old:
                out.append(FigureMove(figure, None, "measure"))
            continue
        change = move_of(previous, figure)
        if change is not None:
            out.append(FigureMove(figure, previous, change))
    return out


def figures_of(pack: Pack, registry: Registry, options: Options,
               other: Pack | None) -> list[Figure]:
    """The figures of every system of ``pack`` (``other``: the pack on the other side)."""
    out: list[Figure] = []
    for name in pack.systems:
        figures = registry.print_source(name).figures
        if figures is not None:
            out.extend(figures(pack, options, other))
    return out


# -- one pack ---------------------------------------------------------------------------

def compare_packs(old: PackSide | None, new: PackSide | None) -> PackDiff:
    """Everything that differs between two sides of one pack (either may be missing)."""
    ident = (new or old).pack.id  # type: ignore[union-attr]
    if old is None or new is None:  # a whole pack: its documents are not listed one by one
        side = new or old
        assert side is not None
        count = len(side.pack.documents) + 1
        return PackDiff(ident, "added" if old is None else "removed", notes=(
            f"{count} document{'s' if count != 1 else ''} in {_doc_place(side.pack.manifest, side).file}",))
    documents = compare_documents(old, new)
    ids: dict[str, tuple[str, str]] = {}
    for side in (old, new):
        if side is not None:
            ids.update({d.id: (d.kind, d.id) for d in side.pack.documents})
    faces = compare_faces(old.printed if old else None, new.printed if new else None, ids)
    by_owner: dict[tuple[str, str], set[str]] = {}
    drawn: set[tuple[str, str]] = set()
    for side in (old, new):
        for deck, face in (side.printed.faces if side and side.printed else {}):
            owner = owner_of(face, ids)
            if owner:
                drawn.add(owner)
    for f in faces:
        if f.document:
            by_owner.setdefault(f.document, set()).add(f.status)
    documents = [replace(d, face=("changed" if (d.kind, d.id) in by_owner else "unchanged")
                         if (d.kind, d.id) in drawn else "") for d in documents]
    pages = compare_pages(old.printed if old else None, new.printed if new else None)
    notes = []
    moves: list[FigureMove] = []
    if old and new:
        for name, side in (("OLD", old), ("NEW", new)):
            if side.errors:
                notes.append(f"{name} has {side.errors} error{'s' if side.errors != 1 else ''}: "
                             "its figures are not compared")
        if not old.errors and not new.errors:
            places = {(d.kind, d.id): _doc_place(d, new) for d in new.pack.documents}
            moves = [replace(m, place=places.get((m.figure.kind, m.figure.id)))
                     for m in compare_figures(old.figures, new.figures)]
    status = "added" if old is None else "removed" if new is None else (
        "changed" if documents or faces or pages or moves else "unchanged")
    return PackDiff(ident, status, tuple(documents), tuple(faces), tuple(pages), tuple(moves),
                    tuple(notes))


def shown_files(pack: Pack, root: Path, under: Path) -> dict[str, str]:
    """Each document file of ``pack`` as a diff shows it: its path relative to the side's
    ``root``, placed ``under`` the folder it stands for (the repository for a revision,
    which is extracted elsewhere), then shown as ``check`` shows files (relative to the
    current folder when inside it)."""
    from generator.pack.loader import display_path

    out = {}
    for doc in (pack.manifest, *pack.documents):
        where = Path(doc.file.split("[", 1)[0])
        extra = doc.file[len(str(where)):] if doc.file.startswith(str(where)) else ""
        try:
            rel = where.resolve().relative_to(root.resolve())
        except ValueError:
            out[doc.file] = doc.file
            continue
        out[doc.file] = display_path(under / rel) + extra
    return out


__all__ = ["Diff", "DocumentChange", "FAIL_KINDS", "FaceChange", "FieldChange", "FigureMove",
           "MISSING", "PackDiff", "PackSide", "PageChange", "Place", "Printed",
           "compare_documents", "compare_faces", "compare_figures",
           "compare_packs", "compare_pages", "digest", "dotted", "figures_of",
           "iter_field_changes", "move_of", "overlaps", "owner_of", "printed_of", "shown_files"]
