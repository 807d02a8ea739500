"""Loaded documents and packs: plain data plus positions, ready for the systems."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from generator.diagnostics import Diagnostic, make, pointer_of
from generator.pack.yamlload import YamlDocument


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
