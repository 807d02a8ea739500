"""Loaded documents and packs: plain data plus positions, ready for the systems."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, TypeVar

from generator.diagnostics import Diagnostic, Severity, make, pointer_of
from generator.pack.yamlload import YamlDocument

CACHE_FOLDER = ".riddlesmith-cache"
T = TypeVar("T")


def cache_folder(root: Path, pack_id: str, cache: bool = True,
                 cache_dir: Path | None = None) -> Path | None:
    """Where the pack at ``root`` keeps what it caches (None: no cache).

    Default: ``.riddlesmith-cache/`` inside the pack folder; ``--cache-dir`` moves it
    (one subfolder per pack); ``--no-cache`` turns it off. Simulator results and the
    copies of published sheets both live there.

    >>> cache_folder(Path("p"), "demo").as_posix(), cache_folder(Path("p"), "demo", False)
    ('p/.riddlesmith-cache', None)
    """
    if not cache:
        return None
    if cache_dir is not None:
        return cache_dir / pack_id
    return root / CACHE_FOLDER


@dataclass(frozen=True, slots=True)
class Document:
    """One YAML document of a pack: its kind, id, data and where it came from."""

    kind: str
    id: str
    file: str
    yaml: YamlDocument

    @property
    def data(self) -> dict[str, Any]:
        return self.yaml.data  # type: ignore[no-any-return]

    def locate(self, path: Iterable[Any] = (), *, key: bool = False) -> tuple[int, int]:
        return self.yaml.locate(tuple(path), key=key)

    def diag(self, code: str, message: str, path: Iterable[Any] = (), *, key: bool = False,
             hint: str = "", severity: Any = None) -> Diagnostic:
        """A diagnostic located at ``path`` inside this document."""
        p = tuple(path)
        line, col = self.locate(p, key=key)
        return make(code, message, self.file, line, col, pointer=pointer_of(p), hint=hint,
                    severity=severity)


@dataclass(slots=True)
class Pack:
    """A content pack: ``pack.yaml`` plus every valid document it includes."""

    root: Path
    manifest: Document
    documents: list[Document] = field(default_factory=list)
    files: list[str] = field(default_factory=list)
    sources: dict[str, str] = field(default_factory=dict)
    # Documents left out for errors already reported: by kind (None when a file
    # failed before its documents could be read). Checks that count or look for
    # documents stay quiet about what is missing only because of these.
    rejected: set[str | None] = field(default_factory=set)
    # The ids of documents left out for their own errors: a reference to one is not
    # "unknown", it only waits for that document to be fixed.
    rejected_ids: set[str] = field(default_factory=set)
    # The model stage's output and check's results of this run, by system key (a
    # system reads its documents once, and its build takes what its check computed:
    # see generator/systems/riddle/stage.py). Not part of the pack's identity.
    stage: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def staged(self, key: str, kind: type[T], make: Callable[[], T]) -> T:
        """The value of this run's stage under ``key``: made by ``make`` on first use (a
        system's models, its store of check's results), then handed on.

        >>> pack = Pack(root=Path("."), manifest=None)  # type: ignore[arg-type]
        >>> first = pack.staged("demo", list, lambda: [1])
        >>> pack.staged("demo", list, lambda: [2]) is first
        True
        """
        value = self.stage.get(key)
        if not isinstance(value, kind):
            value = self.stage[key] = make()
        return value

    def may_lack(self, kind: str) -> bool:
        """Whether a ``kind`` document may be missing only because of reported errors."""
        return kind in self.rejected or None in self.rejected

    @property
    def id(self) -> str:
        return self.manifest.id

    @property
    def data(self) -> dict[str, Any]:
        return self.manifest.data

    @property
    def systems(self) -> list[str]:
        return list(self.data.get("systems", []))

    @property
    def languages(self) -> list[str]:
        return list(self.data.get("languages", ["en"]))

    def of_kind(self, kind: str) -> list[Document]:
        return [d for d in self.documents if d.kind == kind]

    def by_id(self) -> dict[str, Document]:
        return {d.id: d for d in self.documents}

    def in_error(self, diagnostics: Iterable[Diagnostic]) -> set[tuple[str, str]]:
        """The (kind, id) of each document an error among ``diagnostics`` is located in:
        the last document of its file that starts at or before the error. An error
        located in no document (the manifest, a file left out) names none. A system
        simulates only the documents not named here, so one broken document does not
        silence the others' results (issue 22 §4).

        >>> from generator.diagnostics import make
        >>> from generator.pack.yamlload import YamlDocument
        >>> docs = [Document("riddle", r, "r.yaml", YamlDocument("r.yaml", i, {}, 1 + 10 * i, 1))
        ...         for i, r in enumerate(("a", "b", "c"))]
        >>> pack = Pack(root=Path("."), manifest=None, documents=docs)  # type: ignore[arg-type]
        >>> sorted(pack.in_error([make("RS-G012", "two coins on C3", "r.yaml", 14, 3),
        ...                       make("RS-G016", "a warning", "r.yaml", 25, 1),
        ...                       make("RS-P001", "elsewhere", "pack.yaml", 1, 1)]))
        [('riddle', 'b')]
        """
        starts: dict[str, list[tuple[tuple[int, int], Document]]] = {}
        for doc in self.documents:
            starts.setdefault(doc.file, []).append(((doc.yaml.line, doc.yaml.col), doc))
        out: set[tuple[str, str]] = set()
        for d in diagnostics:
            if d.severity is not Severity.ERROR or d.file not in starts:
                continue
            here = sorted(starts[d.file], key=lambda entry: entry[0])
            at = [doc for start, doc in here if start <= (d.line, d.col)] or [here[0][1]]
            out.add((at[-1].kind, at[-1].id))
        return out


def pick_text(value: Any, lang: str | None, fallback: str = "en") -> str:
    """The text of a localized field for ``lang``.

    >>> pick_text({"en": "Sea", "fr": "Mer"}, "fr")
    'Mer'
    >>> pick_text("Sea", "fr")
    'Sea'
    """
    if isinstance(value, dict):
        if lang and lang in value:
            return str(value[lang])
        if fallback in value:
            return str(value[fallback])
        return str(next(iter(value.values()), ""))
    return "" if value is None else str(value)
