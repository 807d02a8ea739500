"""JSON Schema validation with errors placed at YAML lines and columns.

Schemas are loaded from the package's ``schemas/`` folder, and from each
installed game system that ships its own (a plug-in's
:class:`~generator.systems.SchemaSource`), into one ``referencing`` registry,
so every ``$ref`` resolves locally and nothing is ever fetched over the network.
"""
from __future__ import annotations

import difflib
import json
import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator, cast

import jsonschema
from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import ValidationError, best_match
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from generator.diagnostics import Diagnostic, make, pointer_of
from generator.pack.yamlload import YamlDocument
from generator.resources import schemas_dir

if TYPE_CHECKING:
    from generator.systems import Registry as SystemRegistry

# Each schema's $id is its own file name: relative, so it names no host, and the
# "$ref": "common.schema.json#/..." references resolve beside the file wherever the
# schemas are copied (``riddlesmith schema --write DIR``, ``init``'s .riddlesmith/schemas/).
SCHEMA_BASE = ""
MAX_ERRORS_PER_DOCUMENT = 50

_TYPE_WORDS = {
    "string": "text",
    "object": "a mapping (key: value lines)",
    "array": "a list",
    "integer": "a whole number",
    "number": "a number",
    "boolean": "true or false",
    "null": "nothing",
}


@dataclass(frozen=True, slots=True)
class SchemaSet:
    """All schemas, by document kind, with one registry for their ``$ref``s."""

    registry: Registry
    schemas: dict[str, dict[str, Any]]
    validators: dict[str, Draft202012Validator]

    def kinds(self) -> list[str]:
        return sorted(self.schemas)

    def schema_uri(self, kind: str) -> str:
        return str(self.schemas[kind]["$id"])


def _is_finite_number(checker: Any, instance: Any) -> bool:
    """JSON numbers are finite: YAML's .nan and .inf are not numbers here."""
    return (isinstance(instance, (int, float)) and not isinstance(instance, bool)
            and (isinstance(instance, int) or math.isfinite(instance)))


def _is_finite_integer(checker: Any, instance: Any) -> bool:
    return _is_finite_number(checker, instance) and (
        isinstance(instance, int) or float(instance).is_integer())


def _length_range(validator: Any, bounds: dict[str, float], instance: Any,
                  schema: dict[str, Any]) -> Iterator[ValidationError]:
    """``x-length: {min, max}`` (mm): a length, whatever its unit, lies in the range."""
    from generator.render.geometry import parse_length  # only when a length is validated

    try:
        mm = parse_length(instance)
    except ValueError:
        return  # the length's own type and pattern report the form
    low, high = bounds.get("min", 0.0), bounds.get("max", math.inf)
    if not low <= mm <= high:
        shown = instance if isinstance(instance, str) else f"{instance:g} mm"
        yield ValidationError(f"the length {shown} is outside the range {low:g} mm to {high:g} mm")


def _printed(validator: Any, enabled: bool, instance: Any,
             schema: dict[str, Any]) -> Iterator[ValidationError]:
    """``x-printed: true``: every character of the text is in the bundled fonts.

    The error carries the language as its path when the text is a mapping.
    """
    if not enabled:
        return
    from generator.render.fonts import missing_in_some_face  # loads the fonts' tables once

    texts = instance.items() if isinstance(instance, dict) else [(None, instance)]
    for lang, text in texts:
        if not isinstance(text, str):
            continue
        missing = missing_in_some_face(text)
        if missing:
            chars = ", ".join(f"'{printable(c)}' (U+{ord(c):04X})" for c in sorted(missing))
            yield ValidationError(f"text uses characters the bundled fonts cannot draw: {chars}",
                                  path=[] if lang is None else [lang])


def _anchored(pattern: str) -> str:
    r"""The pattern with ECMA-262's ``$`` (end of text only) in Python's words (``\Z``).

    Python's ``$`` also matches before a final line end, so ``^[a-z]+$``
    would accept ``"con\n"``; editors use ECMA-262, where it would not.

    >>> _anchored(r"^[a-z]+$"), _anchored(r"^[$]x$")
    ('^[a-z]+\\Z', '^[$]x\\Z')
    """
    out: list[str] = []
    in_class = escaped = False
    for ch in pattern:
        if escaped:
            escaped = False
        elif ch == "\\":
            escaped = True
        elif in_class:
            in_class = ch != "]"
        elif ch == "[":
            in_class = True
        elif ch == "$":
            out.append("\\Z")
            continue
        out.append(ch)
    return "".join(out)


def _pattern(validator: Any, pattern: str, instance: Any,
             schema: dict[str, Any]) -> Iterator[ValidationError]:
    if isinstance(instance, str) and re.search(_anchored(pattern), instance) is None:
        yield ValidationError(f"{instance!r} does not match {pattern!r}")


_TYPES = Draft202012Validator.TYPE_CHECKER.redefine_many(
    {"number": _is_finite_number, "integer": _is_finite_integer})
_Validator = validators.extend(  # type: ignore[no-untyped-call]
    Draft202012Validator, {"x-length": _length_range, "x-printed": _printed, "pattern": _pattern},
    type_checker=_TYPES)


def load_schemas(folder: Path | None = None, registry: SystemRegistry | None = None
                 ) -> SchemaSet:
    """The schema of every kind: those of ``folder`` (every ``*.schema.json`` there),
    or by default the kinds of the registry (:func:`generator.registry.load_registry`),
    with the shared ``common.schema.json``.

    >>> {"fragment-card", "pack"} <= set(load_schemas().schemas)
    True
    """
    shared = folder or schemas_dir()
    common = json.loads((shared / "common.schema.json").read_text(encoding="utf-8"))
    schemas: dict[str, dict[str, Any]] = {}
    if folder is not None:
        for path in sorted(folder.glob("*.schema.json")):
            kind = path.name[: -len(".schema.json")]
            if kind != "common":
                schemas[kind] = json.loads(path.read_text(encoding="utf-8"))
    else:
        if registry is None:
            from generator.registry import load_registry

            registry = load_registry()
        for kind, entry in sorted(registry.kinds.items()):
            schemas[kind] = entry.value
    resources: list[tuple[str, Resource[Any]]] = [
        (common["$id"], Resource.from_contents(common, DRAFT202012))]
    resources.extend((contents["$id"], Resource.from_contents(contents, DRAFT202012))
                     for contents in schemas.values())
    registry_: Registry = Registry().with_resources(resources)
    checker = Draft202012Validator.FORMAT_CHECKER
    by_kind = {
        kind: _Validator(schema, registry=registry_, format_checker=checker)
        for kind, schema in schemas.items()
    }
    return SchemaSet(registry=registry_, schemas=schemas, validators=by_kind)


def id_problem(ident: str, folder: Path | None = None) -> str:
    """Why ``ident`` is not a valid document id by the shared schema ('' when it is).

    >>> id_problem("con"), id_problem("tower-1")
    ("the text 'con' is a device name on Windows, so no file can carry it", '')
    """
    schemas = load_schemas(folder or schemas_dir())
    common = schemas.registry.contents(SCHEMA_BASE + "common.schema.json")
    validator = _Validator(common["$defs"]["id"], registry=schemas.registry)
    for error in validator.iter_errors(ident):
        if error.validator == "not":
            return f"{describe(ident)} {error.validator_value.get('x-message', 'is not allowed')}"
        return f"{describe(ident)} is not a valid id: {_hint_of(error) or error.message}"
    return ""


def check_schemas(schemas: SchemaSet) -> list[str]:
    """Problems with the schemas themselves (used by the tests)."""
    problems: list[str] = []
    for kind, schema in sorted(schemas.schemas.items()):
        try:
            Draft202012Validator.check_schema(schema)
        except jsonschema.SchemaError as exc:
            problems.append(f"{kind}: {exc.message}")
        if schema.get("$id") != f"{kind}.schema.json":
            problems.append(f"{kind}: $id must be the file name, {kind}.schema.json")
    return problems


def write_schemas(folder: Path) -> list[Path]:
    """Copy every shipped schema (and common.schema.json) into ``folder``, and those the
    installed plug-ins ship; return the files."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for path in sorted(schemas_dir().glob("*.schema.json")):
        target = folder / path.name
        target.write_bytes(path.read_bytes())
        written.append(target)
    shipped = {path.name for path in written}
    for kind, contents in sorted(load_schemas().schemas.items()):
        target = folder / f"{kind}.schema.json"
        if target.name not in shipped:
            target.write_text(json.dumps(contents, indent=2, ensure_ascii=False) + "\n",
                              encoding="utf-8")
            written.append(target)
    return sorted(written)


def suggest(word: str, choices: list[str]) -> str:
    """A "did you mean" hint, or an empty string.

    >>> suggest("titel", ["title", "text"])
    "did you mean 'title'?"
    """
    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    return f"did you mean '{close[0]}'?" if close else ""


def printable(text: str) -> str:
    r"""``text`` with line ends and other invisible characters written as escapes.

    >>> printable("con\n\u202e")
    'con\\n\\u202e'
    """
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii")
                   for c in text)


def describe(value: Any) -> str:
    if isinstance(value, bool):
        return f"'{str(value).lower()}' (true/false)"
    if value is None:
        return "nothing"
    if isinstance(value, float) and not math.isfinite(value):
        return f"'{value}' (not a finite number)"
    if isinstance(value, int) and abs(value) >= 10 ** 30:
        return "a number of more than 30 digits"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:37] + "..."
        return f"the text '{printable(shown)}'"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return type(value).__name__


def validate_document(schemas: SchemaSet, kind: str, doc: YamlDocument) -> list[Diagnostic]:
    """Validate one document against the schema of its kind: one diagnostic per mistake."""
    validator = schemas.validators[kind]
    seen: set[tuple[str, str, str]] = set()
    out: list[Diagnostic] = []
    for error in validator.iter_errors(doc.data):
        for diag in _iter_error_diagnostics(error, doc):
            key = (diag.code, diag.pointer, diag.message)
            if key not in seen:
                seen.add(key)
                out.append(diag)
            if len(out) >= MAX_ERRORS_PER_DOCUMENT:
                break
        if len(out) >= MAX_ERRORS_PER_DOCUMENT:
            break
    return sorted(_without_consequences(out), key=Diagnostic.sort_key)


_MISSING = re.compile(r"missing required property ('.*?'(?: or '.*?')*)(?: in '.*')?", re.S)
_MEANT = re.compile(r"did you mean '(.*)'\?", re.S)


def _without_consequences(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """One diagnostic per mistake: drop the errors that only follow from another.

    - A misspelt key is both unknown (RS-S002) and leaves the key it meant missing
      (RS-S003): the unknown key, whose hint names the missing one, is kept.
    - A value of the wrong type (RS-S004) also breaks the rules for values of the
      right type (RS-S001, RS-S005) at the same place: the type error is kept.

    >>> from generator.diagnostics import make
    >>> kept = _without_consequences([
    ...     make("RS-S003", "missing required property 'text'", "x.yaml", 1, 1, pointer=""),
    ...     make("RS-S002", "unknown property 'txet'", "x.yaml", 3, 1, pointer="/txet",
    ...          hint="did you mean 'text'?")])
    >>> [d.code for d in kept]
    ['RS-S002']
    """
    meant = set()
    for d in diagnostics:
        hinted = _MEANT.match(d.hint) if d.code == "RS-S002" else None
        if hinted is not None:
            meant.add((d.pointer.rsplit("/", 1)[0], hinted.group(1)))
    wrong_type = {d.pointer for d in diagnostics if d.code == "RS-S004"}
    out = []
    for d in diagnostics:
        missing = _MISSING.fullmatch(d.message) if d.code == "RS-S003" else None
        if missing is not None and any((d.pointer, name) in meant
                                       for name in re.findall(r"'(.*?)'", missing.group(1))):
            continue
        if d.code in ("RS-S001", "RS-S005") and d.pointer in wrong_type:
            continue
        out.append(d)
    return out


def _value(error: ValidationError) -> Any:
    """The schema keyword's value (typed loosely by jsonschema)."""
    return cast(Any, error.validator_value)


def _hint_of(error: ValidationError) -> str:
    schema = error.schema if isinstance(error.schema, dict) else {}
    return str(schema.get("x-hint", ""))


_RANGE_VALIDATORS = frozenset({"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
                               "x-length", "minLength", "maxLength"})


def _iter_error_diagnostics(error: ValidationError, doc: YamlDocument) -> Iterator[Diagnostic]:
    hint = _hint_of(error)
    if error.validator in ("oneOf", "anyOf") and error.context:
        alternatives = list(error.context)
        if all(e.validator == "required" and not e.relative_path for e in alternatives):
            # "Write one of these keys": name them all, not the first alternative's only.
            names = [n for e in alternatives for n in _value(e) if n not in cast(Any, error.instance)]
            path = tuple(error.absolute_path)
            line, col = doc.locate(path, key=True) if path else (doc.line, doc.col)
            where = f" in '{path[-1]}'" if path and isinstance(path[-1], str) else ""
            yield make("RS-S003", "missing required property "
                       + " or ".join(f"'{n}'" for n in dict.fromkeys(names)) + where,
                       doc.file, line, col, pointer=pointer_of(path), hint=hint)
            return
        types = [e for e in alternatives if e.validator == "type" and not e.relative_path]
        if len(types) == len(alternatives) or (
            types and not any(isinstance(error.instance, t) for t in (dict, list))
            and all(e.validator in ("type", "enum", "const") for e in alternatives)
        ):
            wanted = []
            for alt in alternatives:
                if alt.validator == "type":
                    wanted.append(_TYPE_WORDS.get(str(alt.validator_value), str(alt.validator_value)))
                elif alt.validator == "enum":
                    wanted.append("one of " + ", ".join(map(str, _value(alt))))
            path = tuple(error.absolute_path)
            line, col = doc.locate(path)
            if not hint and isinstance(error.instance, str):
                names = [str(v) for alt in alternatives if alt.validator == "enum"
                         for v in _value(alt)]
                hint = suggest(error.instance, names)
            yield make("RS-S004", f"expected {' or '.join(wanted)}, found {describe(error.instance)}",
                       doc.file, line, col, pointer=pointer_of(path), hint=hint)
            return
        # A value meant the alternative of its own type: report what is wrong inside it.
        shapeless = ("type", "enum", "const") if isinstance(error.instance, (dict, list)) else ("type",)
        inside = [e for e in alternatives if e.relative_path or e.validator not in shapeless]
        alternatives = inside or alternatives
        # A scalar with the right form for one alternative but out of its range ('999mm'
        # beside 'auto|full|none'): the range is what the designer needs to hear.
        ranged = [e for e in alternatives if e.validator in _RANGE_VALIDATORS]
        alternatives = ranged or alternatives
        best = best_match(alternatives)
        if best is not None:
            for diag in _iter_error_diagnostics(best, doc):
                if hint and not diag.hint:
                    yield Diagnostic(diag.file, diag.line, diag.col, diag.severity, diag.code,
                                     diag.message, diag.pointer, hint, diag.related)
                else:
                    yield diag
            return
    path = tuple(error.absolute_path)
    pointer = pointer_of(path)
    validator = error.validator
    instance = error.instance
    if validator == "additionalProperties" and isinstance(instance, dict):
        schema = error.schema if isinstance(error.schema, dict) else {}
        known = sorted(schema.get("properties", {}))
        patterns = list(schema.get("patternProperties", {}))
        # A key already written is not what a misspelt one meant.
        unused = [k for k in known if k not in instance] or known
        for key in instance:
            if key in known or patterns:
                continue
            line, col = doc.locate(path + (key,), key=True)
            where = f" in '{path[-1]}'" if path and isinstance(path[-1], str) else ""
            yield make("RS-S002", f"unknown property '{key}'{where}", doc.file, line, col,
                       pointer=pointer_of(path + (key,)),
                       hint=suggest(str(key), unused) or ("allowed: " + ", ".join(known)))
        return
    if validator == "required":
        missing = str(error.message).split("'")[1] if "'" in error.message else "?"
        line, col = doc.locate(path, key=True) if path else (doc.line, doc.col)
        where = f" in '{path[-1]}'" if path and isinstance(path[-1], str) else ""
        yield make("RS-S003", f"missing required property '{missing}'{where}", doc.file, line, col,
                   pointer=pointer, hint=hint)
        return
    line, col = doc.locate(path)
    if validator == "type":
        wanted_type = _value(error)
        type_names = wanted_type if isinstance(wanted_type, list) else [wanted_type]
        words = " or ".join(_TYPE_WORDS.get(str(t), str(t)) for t in type_names)
        yield make("RS-S004", f"expected {words}, found {describe(instance)}", doc.file, line, col,
                   pointer=pointer, hint=hint)
        return
    if validator in ("enum", "const"):
        allowed: list[Any] = list(_value(error)) if validator == "enum" else [_value(error)]
        names = [str(a) for a in allowed]
        yield make("RS-S005", f"{describe(instance)} is not allowed here; use "
                   + (names[0] if len(names) == 1 else "one of: " + ", ".join(names)),
                   doc.file, line, col, pointer=pointer,
                   hint=hint or (suggest(str(instance), names) if isinstance(instance, str) else ""))
        return
    if validator == "x-printed":
        yield make("RS-R004", str(error.message), doc.file, line, col, pointer=pointer,
                   hint="the fonts cover Latin, accents and Greek; replace these characters")
        return
    if validator == "not" and isinstance(error.validator_value, dict):
        inner: dict[str, Any] = error.validator_value
        yield make("RS-S001", f"{describe(instance)} {inner.get('x-message', 'is not allowed here')}",
                   doc.file, line, col, pointer=pointer, hint=str(inner.get("x-hint", hint)))
        return
    if validator == "pattern":
        yield make("RS-S001", f"{describe(instance)} is not in the expected form", doc.file, line,
                   col, pointer=pointer, hint=hint or f"expected to match {error.validator_value}")
        return
    if validator == "propertyNames":
        yield make("RS-S001", f"property name {describe(instance)} is not allowed", doc.file, line,
                   col, pointer=pointer, hint=hint)
        return
    yield make("RS-S001", _plain_message(error), doc.file, line, col, pointer=pointer, hint=hint)


def _plain_message(error: ValidationError) -> str:
    v, value, inst = error.validator, error.validator_value, error.instance
    if v == "minimum":
        return f"{describe(inst)} is below the minimum of {value}"
    if v == "maximum":
        return f"{describe(inst)} is above the maximum of {value}"
    if v == "minItems":
        return f"needs at least {value} item{'s' if value != 1 else ''}"
    if v == "maxItems":
        return f"allows at most {value} item{'s' if value != 1 else ''}"
    if v == "minLength":
        return "must not be empty" if value == 1 else f"needs at least {value} characters"
    if v == "maxLength":
        return f"allows at most {value} characters"
    if v == "uniqueItems":
        return "list items must all be different"
    if v == "minProperties":
        return "must not be empty"
    return str(error.message)
