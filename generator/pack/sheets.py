"""Documents from sheets: one document per row, its fields named by the header row.

A :class:`~generator.pack.sheetread.Table` becomes :class:`YamlDocument` values with
the same position map a YAML file gives (every field's cell as its line and column),
so schema errors, rule checks and fit checks land on the cell with nothing downstream
knowing where a document came from.

The header row (the first non-empty row) names a field per column:

- ``text``, ``copies``: a field; ``print.paper``, ``text.fr``: a nested field (a
  localised text is ``text.en``, ``text.fr``, ...);
- ``abilities.0.text`` or ``abilities[0].text``: item 0 of a list (a number names a list
  item where the schema has a list there, a key otherwise); empty items are dropped and
  the others keep their order;
- ``tags[;]``: the whole list in one cell, its items separated by the character between
  the brackets (any but a letter, a digit or a bracket);
- a header starting with ``#`` is a note column and is not read.

A cell's value is typed by what the schema wants there, never guessed: where the
schema admits text, the cell's text is kept as written (``007`` stays ``007``); where it
wants a whole number, ``3`` (or ``3.0``) is the number 3; a number, ``2.5``; true or
false, ``true``/``false`` in any case (and workbook booleans). A workbook's number
where text is wanted is written without ``.0``. A value that is not of the wanted type
is kept as it is, and the schema reports it at its cell. Where the schema does not say
(a power's free-form ``params``), a cell is read as YAML reads a plain value: ``3`` a
number, ``true`` a boolean, other text text. Empty cells are absent fields.

>>> from generator.pack.schema import load_schemas
>>> from generator.pack.sheetread import read_csv_bytes
>>> t = read_csv_bytes(b"id,text.en,text.fr,copies,tags[;]\\nhums,I hum.,Je bourdonne.,2,a;b\\n",
...                    "c.csv").tables[0]
>>> got = documents_of(t, load_schemas(), "fragment-card")
>>> got.documents[0][0].data
{'id': 'hums', 'text': {'en': 'I hum.', 'fr': 'Je bourdonne.'}, 'copies': 2, 'tags': ['a', 'b'], 'kind': 'fragment-card'}
>>> got.documents[0][0].locate(("text", "fr")), got.documents[0][0].locate(("tags", 1))
((2, 3), (2, 5))
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator

from generator.cellref import column_letter
from generator.diagnostics import Diagnostic, make
from generator.pack.schema import SchemaSet, suggest
from generator.pack.sheetread import Cell, CellValue, Table, shown_value
from generator.pack.yamlload import YamlDocument, resolve_plain

Path = tuple[str | int, ...]
_SEGMENT = re.compile(r"([^.\[\]]+)((?:\[[^\]]*\])*)")
_INT = re.compile(r"^[-+]?[0-9]+\Z")
_NUMBER = re.compile(r"^[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?\Z")
_SCALARS = frozenset({"string", "integer", "number", "boolean", "null"})
ANY = "any"


@dataclass(frozen=True, slots=True)
class Header:
    """One column's header: the path it names (numbers still undecided) and its list
    separator, if the whole list is in one cell."""

    col: int
    text: str
    segments: tuple[str, ...]
    separator: str | None


@dataclass(slots=True)
class SheetDocuments:
    """The documents of one table (with their kind and id) and the problems found."""

    documents: list[tuple[YamlDocument, str, str]] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    rows: int = 0
    # Fields a misspelt header meant (its did-you-mean): a row missing one of them only
    # echoes the header's error.
    meant: set[str] = field(default_factory=set)


def parse_header(text: str) -> tuple[tuple[str, ...], str | None] | str:
    """The segments and separator a header names, or why it names none.

    >>> parse_header("abilities[0].text"), parse_header("tags[;]"), parse_header("text.fr")
    ((('abilities', '0', 'text'), None), (('tags',), ';'), (('text', 'fr'), None))
    >>> parse_header("a..b")
    "'a..b' has an empty name between its dots"
    """
    segments: list[str] = []
    separator: str | None = None
    parts = text.split(".")
    for n, part in enumerate(parts):
        match = _SEGMENT.fullmatch(part.strip())
        if match is None:
            if not part.strip():
                return f"'{text}' has an empty name between its dots"
            return f"'{text}' is not a field name: brackets hold a list item number or a separator"
        segments.append(match.group(1).strip())
        for inside in re.findall(r"\[([^\]]*)\]", match.group(2)):
            if separator is not None:
                return f"'{text}' declares a separator before its end"
            if inside.strip().isdigit():
                segments.append(inside.strip())
            elif len(inside) == 1 and not inside.isalnum():
                if n != len(parts) - 1:
                    return f"'{text}' declares a separator before its end"
                separator = inside
            else:
                return (f"'{text}': the brackets hold '{inside}'; write an item number "
                        "('[0]') or one separator character ('[;]')")
    return tuple(segments), separator


class SchemaPlaces:
    """What a kind's schema admits at a path of a document, for typing and header checks.

    Walks ``properties``, ``items``, ``additionalProperties``, ``$ref`` and the
    combinators (their union: a place is admitted when some branch admits it).
    """

    def __init__(self, schemas: SchemaSet) -> None:
        self.schemas = schemas

    def root(self, kind: str) -> list[tuple[Any, Any]]:
        schema = self.schemas.schemas[kind]
        resolver = self.schemas.registry.resolver(base_uri=str(schema.get("$id", "")))
        return self.expand([(schema, resolver)])

    @staticmethod
    def expand(found: Iterable[tuple[Any, Any]]) -> list[tuple[Any, Any]]:
        out: list[tuple[Any, Any]] = []
        stack = list(found)
        seen = 0
        while stack and seen < 500:
            seen += 1
            schema, resolver = stack.pop()
            if schema is True:
                schema = {}
            if not isinstance(schema, dict):
                continue
            if "$ref" in schema:
                resolved = resolver.lookup(schema["$ref"])
                stack.append((resolved.contents, resolved.resolver))
            for key in ("allOf", "anyOf", "oneOf"):
                stack.extend((sub, resolver) for sub in schema.get(key, []))
            for key in ("then", "else"):
                if key in schema:
                    stack.append((schema[key], resolver))
            out.append((schema, resolver))
        return out

    @staticmethod
    def types(found: list[tuple[Any, Any]]) -> set[str]:
        """The JSON types admitted (``any`` when some branch does not say)."""
        types: set[str] = set()
        for schema, _ in found:
            if "type" in schema:
                declared = schema["type"]
                types.update(declared if isinstance(declared, list) else [declared])
            elif "const" in schema or "enum" in schema:
                values = [schema["const"]] if "const" in schema else list(schema["enum"])
                types.update(_json_type(v) for v in values)
            elif not any(k in schema for k in ("$ref", "allOf", "anyOf", "oneOf", "then", "else", "not")):
                if any(k in schema for k in ("properties", "additionalProperties", "patternProperties")):
                    types.add("object")
                elif "items" in schema or "prefixItems" in schema:
                    types.add("array")
                else:
                    types.add(ANY)
        return types

    def step(self, found: list[tuple[Any, Any]],
             key: str | int) -> list[tuple[Any, Any]]:
        """The schemas admitted one step down, at ``key`` (a list index when an int)."""
        out: list[tuple[Any, Any]] = []
        for schema, resolver in found:
            declared = schema.get("type")
            declared = declared if isinstance(declared, list) else [declared] if declared else []
            if isinstance(key, int):
                if declared and "array" not in declared:
                    continue
                prefix = schema.get("prefixItems", [])
                if key < len(prefix):
                    out.append((prefix[key], resolver))
                elif "items" in schema and schema["items"] is not False:
                    out.append((schema["items"], resolver))
                elif not declared and not _constrains(schema):
                    out.append(({}, resolver))
                continue
            if declared and "object" not in declared:
                continue
            properties = schema.get("properties", {})
            if key in properties:
                out.append((properties[key], resolver))
                continue
            patterned = [sub for pattern, sub in schema.get("patternProperties", {}).items()
                         if re.search(pattern, key)]
            out.extend((sub, resolver) for sub in patterned)
            if patterned:
                continue
            extra = schema.get("additionalProperties", None)
            if extra is False:
                continue
            if extra is not None:
                out.append((extra, resolver))
            elif "object" in declared or (not declared and not _constrains(schema)):
                out.append(({}, resolver))
        return self.expand(out)

    def names(self, found: list[tuple[Any, Any]]) -> list[str]:
        """The property names written in the schemas at a place (for a did-you-mean)."""
        return sorted({name for schema, _ in found for name in schema.get("properties", {})})


def _constrains(schema: dict[str, Any]) -> bool:
    """Whether a schema without a type still pins its value to something not a container."""
    return any(k in schema for k in ("const", "enum", "pattern", "minLength", "maxLength",
                                     "minimum", "maximum", "format"))


def _json_type(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if value is None:
        return "null"
    return "array" if isinstance(value, list) else "object"


@dataclass(frozen=True, slots=True)
class Place:
    """A column resolved against one kind: its document path, the types wanted at the
    cell (of each item, for a list in one cell), or why the column cannot be used."""

    path: Path
    types: frozenset[str]
    problem: str = ""
    hint: str = ""
    code: str = ""


def resolve_column(places: SchemaPlaces, kind: str, header: Header) -> Place:
    """Where ``header`` writes in a ``kind`` document, and what type its cells must have."""
    found = places.root(kind)
    path: list[str | int] = []
    for n, segment in enumerate(header.segments):
        key: str | int = segment
        if segment.isdigit() and "array" in places.types(found) | _arrays(found):
            key = int(segment)
        below = places.step(found, key)
        if not below:
            where = ".".join(str(p) for p in path)
            known = places.names(found)
            hint = suggest(segment, known) or (("fields here: " + ", ".join(known)) if known else "")
            if len(header.segments) > 1 and n < len(header.segments) - 1 and not hint:
                hint = "a field inside it is written with a dot, e.g. 'text.fr'"
            return Place(tuple(path), frozenset(), f"'{segment}' is not a field of {kind}"
                         + (f" in '{where}'" if where else ""), hint, "RS-C002")
        path.append(key)
        found = below
    types = places.types(found)
    if header.separator is not None:
        if "array" not in types and ANY not in types:
            return Place(tuple(path), frozenset(), f"'{header.text}' declares a list separator, "
                         f"but '{'.'.join(map(str, path))}' is not a list", "write the header "
                         f"without '[{header.separator}]'", "RS-C003")
        return Place(tuple(path), frozenset(places.types(places.step(found, 0))))
    if not types & (_SCALARS | {ANY}):
        shape = "a list" if "array" in types else "a mapping"
        name = ".".join(map(str, path))
        hint = (f"name its items '{name}[0]', '{name}[1]', ... or put the whole list in one cell "
                f"with a separator: '{name}[;]'") if "array" in types else (
            f"name its fields: '{name}.<field>'" + (f", e.g. '{name}.{places.names(found)[0]}'"
                                                    if places.names(found) else ""))
        return Place(tuple(path), frozenset(types), f"'{header.text}' names {shape}, not a value",
                     hint, "RS-C003")
    return Place(tuple(path), frozenset(types))


def _arrays(found: list[tuple[Any, Any]]) -> set[str]:
    return {"array" for schema, _ in found if "items" in schema or "prefixItems" in schema}


def coerce(value: CellValue, types: frozenset[str]) -> Any:
    """A cell's value typed by what the schema admits at its place (see the module doc).

    >>> coerce("007", frozenset({"string"})), coerce("3", frozenset({"integer"}))
    ('007', 3)
    >>> coerce("3.0", frozenset({"integer"})), coerce("2.5", frozenset({"number"}))
    (3, 2.5)
    >>> coerce("TRUE", frozenset({"boolean"})), coerce("two", frozenset({"integer"}))
    (True, 'two')
    >>> coerce(3.0, frozenset({"string"})), coerce(4.0, frozenset({"integer"}))
    ('3', 4)
    """
    if not types:
        return value
    if isinstance(value, str) and value.strip() in ("{}", "[]") and (
            types & {ANY, "object", "array"}) and "string" not in types:
        return {} if value.strip() == "{}" else []
    if ANY in types and "string" not in types:  # a free-form place: read as YAML reads it
        return resolve_plain(value) if isinstance(value, str) else value
    if isinstance(value, bool):
        return value if "boolean" in types or "string" not in types else shown_value(value)
    if isinstance(value, (int, float)):
        if "integer" in types and float(value).is_integer() and math.isfinite(value):
            return int(value)
        if "number" in types or "integer" in types:
            return value
        return shown_value(value) if "string" in types else value
    if "string" in types:
        return value
    text = value.strip()
    if "integer" in types and _NUMBER.match(text):
        number = float(text)
        if _INT.match(text) and len(text) <= 30:
            return int(text)
        if math.isfinite(number) and number.is_integer():
            return int(number)
    if "number" in types and _NUMBER.match(text):
        return float(text)
    if "boolean" in types and text.lower() in ("true", "false"):
        return text.lower() == "true"
    return value


def documents_of(table: Table, schemas: SchemaSet, default_kind: str | None) -> SheetDocuments:
    """The documents of ``table``: one per non-empty row below the header row.

    ``default_kind`` comes from ``sheets:`` in pack.yaml; a non-empty ``kind`` cell wins.
    """
    out = SheetDocuments()
    if not table.rows:
        out.diagnostics.append(make("RS-Y016", "the sheet is empty: no header row, no document",
                                    table.file, hint="write a header row (kind, id, text, ...) and "
                                    "a row per document, or leave the file out of 'include'"))
        return out
    header_row, header_cells = table.rows[0]
    body = table.rows[1:]
    out.rows = len(body)
    headers = _headers(table.file, header_row, header_cells, body, out.diagnostics)
    kind_col = next((h.col for h in headers if h.segments == ("kind",)), None)
    if kind_col is None and default_kind is None:
        out.diagnostics.append(make(
            "RS-P002", "the sheet gives its rows no kind", table.file, header_row, 1,
            hint="add a 'kind' column, or 'sheets: {FILE: KIND}' in pack.yaml"))
        return out
    if not any(h.segments == ("id",) for h in headers):
        out.diagnostics.append(make("RS-P003", "the sheet has no 'id' column", table.file,
                                    header_row, 1, hint="add a column headed 'id'"))
        return out
    places = SchemaPlaces(schemas)
    row_kinds = [_kind_of(cells, kind_col, default_kind) for _, cells in body]
    known = sorted({k for k in row_kinds if k is not None and k in schemas.schemas})
    resolved: dict[tuple[str, int], Place] = {}
    usable: list[Header] = []
    for header in headers:
        per_kind = {kind: resolve_column(places, kind, header) for kind in known}
        resolved.update({(kind, header.col): place for kind, place in per_kind.items()})
        if per_kind and all(p.problem for p in per_kind.values()) and not _only_empty_containers(
                header, per_kind.values(), body):
            place = per_kind[known[0]]
            out.diagnostics.append(make(place.code, place.problem, table.file, header_row, header.col,
                                        hint=place.hint))
            out.meant.update(re.findall(r"did you mean '(.*)'\?", place.hint))
            continue
        usable.append(header)
    usable = _without_clashes(usable, table.file, header_row, out.diagnostics)
    for (number, cells), kind in zip(body, row_kinds):
        by_col = {c.col: c for c in cells}
        if kind is None:
            col = kind_col or 1
            out.diagnostics.append(make("RS-P002", "row has no kind", table.file, number, col,
                                        hint="fill its 'kind' cell"))
            continue
        doc = _row_document(table.file, number, by_col, usable, kind, resolved, out.diagnostics)
        ident = doc.data.get("id")
        if ident is None or ident == "":
            out.diagnostics.append(make("RS-P003", "row has no id", table.file, number,
                                        next(h.col for h in usable if h.segments == ("id",)),
                                        hint="fill its 'id' cell"))
            continue
        out.documents.append((doc, kind, str(ident)))
    return out


def _only_empty_containers(header: Header, places: Iterable[Place],
                           body: list[tuple[int, list[Cell]]]) -> bool:
    """Whether a column naming a mapping or a list holds only ``{}`` or ``[]`` (an empty one,
    e.g. a hook without parameters)."""
    if any(p.code != "RS-C003" or not p.types for p in places):
        return False
    return all(str(c.value).strip() in ("{}", "[]") for _, row in body for c in row if c.col == header.col)


def _kind_of(cells: list[Cell], kind_col: int | None, default: str | None) -> str | None:
    for cell in cells:
        if cell.col == kind_col:
            return shown_value(cell.value).strip() or default
    return default


def _headers(file: str, header_row: int, cells: list[Cell], body: list[tuple[int, list[Cell]]],
             diagnostics: list[Diagnostic]) -> list[Header]:
    """The readable headers; problems with the others reported at their cell."""
    named = {c.col for c in cells}
    used = {c.col for _, row in body for c in row}
    for col in sorted(used - named):
        diagnostics.append(make("RS-C003", f"column {column_letter(col)} holds values but has no "
                                "header", file, header_row, col,
                                hint="name the field in the header row, or start it with '#' to "
                                     "keep the column as notes"))
    out: list[Header] = []
    for cell in cells:
        text = shown_value(cell.value).strip()
        if text.startswith("#"):
            continue
        parsed = parse_header(text)
        if isinstance(parsed, str):
            diagnostics.append(make("RS-C003", parsed, file, header_row, cell.col,
                                    hint="headers look like 'text', 'text.fr', 'abilities.0.text' "
                                         "or 'tags[;]'"))
            continue
        out.append(Header(cell.col, text, *parsed))
    return out


def _without_clashes(headers: list[Header], file: str, header_row: int,
                     diagnostics: list[Diagnostic]) -> list[Header]:
    """Headers minus those repeating another column's header. Columns that overlap
    (``text`` and ``text.fr``, ``number`` and ``number[;]``) may stand side by side for
    rows that fill one of them; a row filling both is an error at its cell."""
    kept: list[Header] = []
    for header in headers:
        clash = next((h for h in kept if (h.segments, h.separator) == (header.segments, header.separator)),
                     None)
        if clash is None:
            kept.append(header)
            continue
        diagnostics.append(make("RS-C003", f"'{header.text}' repeats column {column_letter(clash.col)}",
                                file, header_row, header.col, hint="keep one of them"))
    return kept


def _overlaps(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    n = min(len(a), len(b))
    return a[:n] == b[:n]


def _row_document(file: str, number: int, by_col: dict[int, Cell], headers: list[Header],
                  kind: str, resolved: dict[tuple[str, int], Place],
                  diagnostics: list[Diagnostic]) -> YamlDocument:
    """One row as a document with the cell of every field as its position."""
    tree: dict[str | int, Any] = {}
    places: dict[Path, tuple[int, int]] = {}
    filled: list[Header] = []
    for header in headers:
        cell = by_col.get(header.col)
        if cell is None:
            continue
        clash = next((h for h in filled if _overlaps(h.segments, header.segments)), None)
        if clash is not None:
            localised = len(clash.segments) < len(header.segments) or len(header.segments) < len(
                clash.segments)
            diagnostics.append(make(
                "RS-C003", f"'{header.text}' and '{clash.text}' (column {column_letter(clash.col)}) "
                "both fill one field in this row", file, number, header.col,
                hint="empty one of the two cells" + (
                    "; a localised text is written 'FIELD.en', 'FIELD.fr', ..." if localised else "")))
            continue
        filled.append(header)
        place = resolved.get((kind, header.col))
        if place is not None and place.problem and place.types:  # an empty mapping or list
            path, types = place.path, place.types
        elif place is not None and place.problem:
            path = tuple(int(s) if s.isdigit() else s for s in header.segments)
            types = frozenset()
        elif place is not None:
            path, types = place.path, place.types
        else:  # an unknown kind (reported by the loader): numbers are list items
            path, types = tuple(int(s) if s.isdigit() else s for s in header.segments), frozenset()
        if header.separator is not None:
            parts = [p.strip() for p in str(cell.value).split(header.separator) if p.strip()]
            if not parts:
                continue
            value: Any = {i: coerce(p, types) for i, p in enumerate(parts)}
        else:
            value = coerce(cell.value, types)
        _put(tree, path, value, places, (number, header.col))
    values: dict[Path, tuple[int, int]] = {}
    data = _finish(tree, (), places, values)
    if "kind" not in data:
        data["kind"] = kind
    doc = YamlDocument(file=file, index=number, data=data, line=number, col=1)
    doc.values.update(values)
    doc.keys.update({p: pos for p, pos in values.items() if p})
    doc.values.setdefault((), (number, 1))
    return doc


def _put(tree: dict[str | int, Any], path: Path, value: Any, places: dict[Path, tuple[int, int]],
         where: tuple[int, int]) -> None:
    node = tree
    for n, key in enumerate(path):
        places.setdefault(path[: n + 1], where)
        if n == len(path) - 1:
            node[key] = value
        else:
            child = node.setdefault(key, {})
            if not isinstance(child, dict):  # a clash the header check let through
                return
            node = child
    if isinstance(value, dict):  # a list in one cell: every item at the cell
        for i in value:
            places.setdefault(path + (i,), where)


def _finish(node: dict[str | int, Any], path: Path, places: dict[Path, tuple[int, int]],
            values: dict[Path, tuple[int, int]]) -> Any:
    """Plain data from the tree: int-keyed levels become lists (in index order, gaps
    closed), and each value's cell recorded under its final path."""
    if node and all(isinstance(k, int) for k in node):
        out_list = []
        for i, key in enumerate(sorted(k for k in node if isinstance(k, int))):
            child = node[key]
            values[path + (i,)] = places.get(path + (key,), values.get(path, (1, 1)))
            out_list.append(_finish(child, path + (i,), _shifted(places, path, key, i), values)
                            if isinstance(child, dict) else child)
        return out_list
    out: dict[str, Any] = {}
    for name, child in node.items():
        values[path + (name,)] = places.get(path + (name,), (1, 1))
        out[str(name)] = (_finish(child, path + (name,), places, values) if isinstance(child, dict)
                          else child)
    return out


def _shifted(places: dict[Path, tuple[int, int]], path: Path, old: int,
             new: int) -> dict[Path, tuple[int, int]]:
    """The positions below ``path + (old,)`` renamed to ``path + (new,)``."""
    if old == new:
        return places
    n = len(path)
    shifted = dict(places)
    for p, pos in places.items():
        if p[:n] == path and len(p) > n and p[n] == old:
            shifted[path + (new,) + p[n + 1:]] = pos
    return shifted


def iter_flat_fields(data: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[str, str]]:
    """A document as (header, cell text) pairs, the way :func:`documents_of` reads them
    back: lists of plain values in one cell (``tags[;]``) unless an item holds ';'.

    >>> list(iter_flat_fields({"id": "x", "text": {"en": "Hi"}, "tags": ["a", "b"], "n": 2}))
    [('id', 'x'), ('text.en', 'Hi'), ('tags[;]', 'a;b'), ('n', '2')]
    """
    if isinstance(data, (dict, list)) and not data and path:
        yield ".".join(path), "{}" if isinstance(data, dict) else "[]"
    elif isinstance(data, dict):
        for key, value in data.items():
            yield from iter_flat_fields(value, path + (str(key),))
    elif isinstance(data, list):
        name = ".".join(path)
        if all(not isinstance(v, (dict, list)) for v in data) and not any(
                ";" in shown_value(v) for v in data):
            yield f"{name}[;]", ";".join(shown_value(v) for v in data)
        else:
            for i, value in enumerate(data):
                yield from iter_flat_fields(value, path + (str(i),))
    elif data is not None:
        yield ".".join(path), shown_value(data) if not isinstance(data, str) else data


def csv_text(documents: list[dict[str, Any]], leave_out: tuple[str, ...] = ()) -> str:
    """Documents as the text of a CSV file :func:`documents_of` reads back: a header of
    every field (``id`` first, in first-seen order) and a row per document.

    >>> print(csv_text([{"kind": "k", "id": "a", "text": "Hi, you"}, {"id": "b", "n": 2}], ("kind",)), end="")
    id,text,n
    a,"Hi, you",
    b,,2
    """
    import csv
    import io

    rows = [{h: v for h, v in iter_flat_fields(d) if h not in leave_out} for d in documents]
    header: list[str] = []
    for row in rows:
        header.extend(h for h in row if h not in header)
    header.sort(key=lambda h: h != "id")
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    writer.writerows([row.get(h, "") for h in header] for row in rows)
    return out.getvalue()
