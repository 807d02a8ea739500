"""Safe, positioned YAML loading.

We never let a YAML library construct objects. The parser (ruamel's libyaml
event parser when it is installed, its pure-Python parser otherwise) yields
events; :func:`load_yaml` composes them here, iteratively, into plain Python
values (dict, list, str, int, float, bool, None) and records the 1-based line
and column of every value and every mapping key, keyed by its path.

Doing the composition ourselves gives us every safety limit in one place and
makes each one fail fast: the nesting depth is checked as each collection
opens (we stop reading at once), alias expansion is counted by the size of the
anchored subtree (a "billion laughs" file stops at the first alias that would
cross the cap, without expanding anything), duplicate keys are reported with
both positions, and any tag outside the YAML core schema is refused.

>>> f = load_yaml("kind: pack\\nid: demo\\n", "pack.yaml")
>>> f.documents[0].data
{'kind': 'pack', 'id': 'demo'}
>>> f.documents[0].locate(("id",))
(2, 5)
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any, Iterator

from generator.diagnostics import Diagnostic, make

Path = tuple[Any, ...]

MAX_BYTES = 5 * 1024 * 1024
MAX_DEPTH = 64
MAX_NODES = 500_000
MAX_DIGITS = 30
"""Integers longer than this are refused where they are written (no count needs them)."""

_CORE = "tag:yaml.org,2002:"
_ALLOWED_TAGS = {
    None, "!", _CORE + "str", _CORE + "int", _CORE + "float", _CORE + "bool",
    _CORE + "null", _CORE + "map", _CORE + "seq",
}

# YAML 1.2 core schema for plain scalars.
_NULL = re.compile(r"^(?:~|null|Null|NULL|)\Z")
_TRUE = re.compile(r"^(?:true|True|TRUE)\Z")
_FALSE = re.compile(r"^(?:false|False|FALSE)\Z")
_INT10 = re.compile(r"^[-+]?[0-9]+\Z")
_INT8 = re.compile(r"^0o[0-7]+\Z")
_INT16 = re.compile(r"^0x[0-9a-fA-F]+\Z")
_FLOAT = re.compile(r"^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?\Z")
_INF = re.compile(r"^[-+]?\.(?:inf|Inf|INF)\Z")
_SPECIAL_FIRST = frozenset("0123456789+-.~nNtTfF")
_NAN = re.compile(r"^\.(?:nan|NaN|NAN)\Z")
# Characters no page can show: XML 1.0 forbids C0 controls (but tab and line
# ends), lone surrogates, U+FFFE and U+FFFF; C1 controls (U+0085 among them)
# and the Unicode line and paragraph separators print as boxes.
_UNPRINTABLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufffe\uffff]")


@dataclass(frozen=True, slots=True)
class Limits:
    """Caps that keep untrusted YAML from exhausting time or memory."""

    max_bytes: int = MAX_BYTES
    max_depth: int = MAX_DEPTH
    max_nodes: int = MAX_NODES


@dataclass(slots=True)
class YamlDocument:
    """One YAML document: its plain data and the position of every node."""

    file: str
    index: int
    data: Any
    line: int
    col: int
    values: dict[Path, tuple[int, int]] = field(default_factory=dict)
    keys: dict[Path, tuple[int, int]] = field(default_factory=dict)

    def locate(self, path: Path, *, key: bool = False) -> tuple[int, int]:
        """Line and column of the node at ``path`` (or of its key), walking up
        to the nearest recorded ancestor when the exact node has none."""
        p = tuple(path)
        while True:
            if key and p in self.keys:
                return self.keys[p]
            if p in self.values:
                return self.values[p]
            if p in self.keys:
                return self.keys[p]
            if not p:
                return (self.line, self.col)
            p = p[:-1]


@dataclass(slots=True)
class YamlFile:
    file: str
    text: str
    documents: list[YamlDocument]
    diagnostics: list[Diagnostic]


class _Abort(Exception):
    """Stop reading the file: a limit was crossed (already reported)."""


def resolve_plain(value: str) -> Any:
    """Resolve a plain (unquoted) scalar by the YAML 1.2 core schema.

    >>> [resolve_plain(v) for v in ["12", "0x1f", "1.5", "true", "~", "yes", "63.5mm"]]
    [12, 31, 1.5, True, None, 'yes', '63.5mm']
    """
    if value and value[0] not in _SPECIAL_FIRST:
        return value
    if _NULL.match(value):
        return None
    if _TRUE.match(value):
        return True
    if _FALSE.match(value):
        return False
    if _INT10.match(value):
        return int(value)
    if _INT8.match(value):
        return int(value[2:], 8)
    if _INT16.match(value):
        return int(value[2:], 16)
    if _FLOAT.match(value):
        return float(value)
    if _INF.match(value):
        return -math.inf if value.startswith("-") else math.inf
    if _NAN.match(value):
        return math.nan
    return value


def _too_long(raw: str) -> bool:
    """Whether ``raw`` is an integer literal with more than MAX_DIGITS digits."""
    if len(raw) <= MAX_DIGITS or not raw or raw[0] not in "+-0123456789":
        return False
    return bool(_INT10.match(raw) or _INT8.match(raw) or _INT16.match(raw))


def _iter_events(text: str) -> Iterator[Any]:
    from ruamel.yaml import YAML

    try:
        yaml = YAML(typ="safe", pure=False)
        if "CParser" not in getattr(yaml.Parser, "__name__", ""):
            raise ImportError
    except Exception:  # pragma: no cover - depends on the optional C extension
        yaml = YAML(typ="safe", pure=True)
    return iter(yaml.parse(text))


def check_bytes(raw: bytes, file: str, limits: Limits) -> tuple[str | None, list[Diagnostic]]:
    """Decode and pre-check raw bytes: size, BOM, UTF-8, tabs in indentation."""
    if len(raw) > limits.max_bytes:
        return None, [make("RS-Y002", f"file is {len(raw):,} bytes; the limit is "
                           f"{limits.max_bytes:,} bytes", file,
                           hint="split the content into several files")]
    for bom, name in ((b"\xef\xbb\xbf", "UTF-8"), (b"\xff\xfe", "UTF-16"), (b"\xfe\xff", "UTF-16")):
        if raw.startswith(bom):
            return None, [make("RS-Y005", f"file starts with a {name} byte-order mark", file,
                               hint="save the file as UTF-8 without BOM")]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = raw[: exc.start]
        line = before.count(b"\n") + 1
        line_start = before.rfind(b"\n") + 1
        col = len(before[line_start:].decode("utf-8", errors="replace")) + 1
        return None, [make("RS-Y004", f"byte 0x{raw[exc.start]:02x} is not valid UTF-8",
                           file, line, col, hint="save the file as UTF-8")]
    diags: list[Diagnostic] = []
    if "\t" in text:
        for n, line_text in enumerate(text.split("\n"), start=1):
            stripped = line_text.lstrip(" \t")
            indent = line_text[: len(line_text) - len(stripped)]
            if "\t" in indent and stripped and not stripped.startswith("#"):
                diags.append(make("RS-Y006", "tab character used for indentation", file, n,
                                  indent.index("\t") + 1, hint="indent with spaces"))
                break
    return text, diags


def load_yaml(text: str, file: str, limits: Limits = Limits()) -> YamlFile:
    """Parse every document of ``text`` into plain data with positions."""
    result = YamlFile(file=file, text=text, documents=[], diagnostics=[])
    empty: list[tuple[int, int]] = []
    try:
        _compose(text, file, limits, result, empty)
    except _Abort:
        return result
    except Exception as exc:  # ruamel's MarkedYAMLError, ReaderError and friends
        result.diagnostics.append(_syntax_error(exc, text, file))
        return result
    if result.documents or not result.diagnostics:  # a null document already said why
        result.diagnostics.extend(_iter_emptiness(text, file, result.documents, empty))
    return result


def _iter_emptiness(text: str, file: str, documents: list[YamlDocument],
                    empty: list[tuple[int, int]]) -> Iterator[Diagnostic]:
    """A file with no document, or an empty document between ``---`` separators.

    An empty file is an error (almost always a save gone wrong or a file never
    written); a file of comments only is a warning (it may be a placeholder); an
    empty document beside real ones is a warning at its ``---`` (a stray
    separator, or a document deleted by mistake).

    >>> [d.code for d in load_yaml("", "x.yaml").diagnostics]
    ['RS-Y016']
    >>> [(d.code, d.line) for d in load_yaml("# later\\n", "x.yaml").diagnostics]
    [('RS-Y017', 1)]
    >>> [(d.code, d.line) for d in load_yaml("a: 1\\n---\\n---\\nb: 2\\n", "x.yaml").diagnostics]
    [('RS-Y018', 2)]
    """
    if documents:
        for line, col in empty:
            yield make("RS-Y018", "empty document: nothing between this '---' and the next one "
                       "or the end of the file", file, line, col,
                       hint="remove the extra '---', or put back the document that was here")
        return
    if any(line.lstrip().startswith("#") for line in text.splitlines()):
        yield make("RS-Y017", "the file holds only comments, no document", file,
                   hint="write a document (kind:, id:, ...), or exclude the file in pack.yaml")
    else:
        what = "holds only '---' separators" if text.strip() else "is empty"
        yield make("RS-Y016", f"the file {what}: no document", file,
                   hint="write a document (kind:, id:, ...), or delete the file")


def _syntax_error(exc: Exception, text: str, file: str) -> Diagnostic:
    """A parser exception as a diagnostic placed at its cause."""
    position = getattr(exc, "position", None)
    character = getattr(exc, "character", None)
    if isinstance(position, int) and 0 <= position <= len(text):
        # A reader error (a character YAML does not allow): the offset is exact.
        before = text[:position]
        line = before.count("\n") + 1
        col = position - (before.rfind("\n") + 1) + 1
        code = character if isinstance(character, int) else ord(text[position:position + 1] or " ")
        return make("RS-Y001", f"character U+{code:04X} is not allowed in YAML", file, line, col,
                    hint="remove it; write special characters as escapes in double quotes")
    problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
    context = getattr(exc, "context", None)
    mark = getattr(exc, "problem_mark", None)
    context_mark = getattr(exc, "context_mark", None)
    hint = ""
    if context_mark is not None and context and "quoted scalar" in context and \
            "end of stream" in str(problem):
        # The quote never closes: its opening is the cause, not the end of the file.
        mark = context_mark
        problem, context = "this quote is never closed", None
        hint = "close the quote, or escape a quote character inside the text"
    elif context_mark is not None and mark is not None and context and \
            context.startswith("while parsing a flow") and mark.line > context_mark.line and \
            _unclosed_on_its_line(text, context_mark.line, context_mark.column):
        # A '[' or '{' left open: the parser only notices on a later line (or at the end).
        opener = "[" if "sequence" in context else "{"
        hint = (f"close it with '{']' if opener == '[' else '}'}' (the parser "
                f"stopped at line {mark.line + 1}, column {mark.column + 1})")
        mark = context_mark
        problem, context = f"this '{opener}' is never closed", None
    mark = mark or context_mark
    line, col = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
    message = f"{problem}" + (f" ({context})" if context else "")
    return make("RS-Y001", message, file, line, col, hint=hint)


def _unclosed_on_its_line(text: str, line: int, column: int) -> bool:
    """Whether the flow collection opened at (line, column) opens more than it closes there."""
    rest = text.split("\n")[line][column:] if line < text.count("\n") + 1 else ""
    rest = rest.split(" #", 1)[0]
    return rest.count("[") + rest.count("{") > rest.count("]") + rest.count("}")


def _compose(text: str, file: str, limits: Limits, out: YamlFile,
             empty: list[tuple[int, int]]) -> None:
    """Compose the events of ``text`` into ``out``; where a document holds nothing,
    append its (line, col) to ``empty``."""
    # Frames: [container, path, is_map, pending_key, key_pos, (line, col, nodes), anchor,
    # merge sources]
    stack: list[list[Any]] = []
    anchors: dict[str, tuple[Any, int]] = {}
    nodes = 0
    doc: YamlDocument | None = None

    def fail(code: str, message: str, line: int, col: int, hint: str = "") -> None:
        out.diagnostics.append(make(code, message, file, line, col, hint=hint))
        raise _Abort

    def attach(value: Any, line: int, col: int, raw_key: str | None) -> None:
        """Put a finished node into its parent (or make it the document root)."""
        assert doc is not None
        if not stack:
            doc.data = value
            doc.values.setdefault((), (line, col))
            return
        frame = stack[-1]
        container, path = frame[0], frame[1]
        if not frame[2]:
            child = path + (len(container),)
            container.append(value)
            doc.values.setdefault(child, (line, col))
            return
        if frame[3] is None:  # this node is a key
            if raw_key is None:
                fail("RS-Y013", "a mapping key must be a plain value, not a list or mapping",
                     line, col)
            frame[3] = raw_key
            frame[4] = (line, col)
            return
        key, key_pos = frame[3], frame[4]
        frame[3] = None
        child = path + (key,)
        if key == "<<":
            frame[7].append(value)
            return
        if key in container:
            first = doc.keys.get(child, (0, 0))
            out.diagnostics.append(make(
                "RS-Y003",
                f"duplicate key '{key}' (first defined at line {first[0]}, column {first[1]})",
                file, key_pos[0], key_pos[1],
                hint="each key may appear once in a mapping; remove or rename one"))
            return
        container[key] = value
        doc.keys[child] = key_pos
        doc.values[child] = (line, col)

    for event in _iter_events(text):
        name = type(event).__name__
        mark = event.start_mark
        line, col = mark.line + 1, mark.column + 1
        if name == "ScalarEvent" or name == "AliasEvent" or name.endswith("StartEvent"):
            tag = getattr(event, "tag", None)
            if tag not in _ALLOWED_TAGS and name not in ("DocumentStartEvent", "StreamStartEvent"):
                fail("RS-Y010", f"tag '{tag}' is not allowed", line, col,
                     "content is plain data: remove the tag")
        if name == "DocumentStartEvent":
            doc = YamlDocument(file=file, index=len(out.documents), data=None, line=line, col=col)
            anchors = {}
            root: tuple[str, int, int] | None = None  # a scalar document's text and place
        elif name == "DocumentEndEvent":
            assert doc is not None
            if doc.data is not None:
                out.documents.append(doc)
            elif root is None or root[0] == "":
                empty.append((doc.line, doc.col))
            else:
                out.diagnostics.append(make(
                    "RS-Y009", f"a document must be a mapping of keys to values, found "
                    f"'{root[0]}' (nothing)", file, root[1], root[2],
                    hint="start the document with 'kind:' and 'id:' lines"))
            doc = None
        elif name == "ScalarEvent":
            nodes += 1
            raw = event.value
            tag = event.tag
            plain = not event.style and tag in (None, "!") and event.implicit[0]
            resolve = (plain and tag != _CORE + "str") or (tag and tag != _CORE + "str" and tag != "!")
            if resolve and _too_long(raw):
                fail("RS-Y014", f"the number {raw[:12]}... has {len(raw):,} characters; at most "
                     f"{MAX_DIGITS} digits are read", line, col, "write a smaller number")
            value: Any = resolve_plain(raw) if resolve else raw
            bad = _UNPRINTABLE.search(raw)
            if bad is not None:
                out.diagnostics.append(make(
                    "RS-Y015", f"character U+{ord(bad.group()):04X} cannot be printed", file, line,
                    col, hint="remove it (line breaks are written as line ends, not \\u2028)"))
            if event.anchor:
                anchors[event.anchor] = (value, 1)
            if not stack:
                root = (raw, line, col)
            attach(value, line, col, raw)
        elif name == "AliasEvent":
            if event.anchor not in anchors:
                fail("RS-Y011", f"alias '*{event.anchor}' refers to no anchor", line, col)
            value, size = anchors[event.anchor]
            nodes += size
            if nodes > limits.max_nodes:
                fail("RS-Y008", f"expanding alias '*{event.anchor}' makes the document larger "
                     f"than {limits.max_nodes:,} nodes", line, col,
                     "aliases may not multiply the document (alias bomb?)")
            raw_key = None
            if isinstance(value, (str, int, float, bool)) or value is None:
                raw_key = str(value)
            attach(value, line, col, raw_key)
        elif name in ("MappingStartEvent", "SequenceStartEvent"):
            if len(stack) + 1 > limits.max_depth:
                fail("RS-Y007", f"nesting deeper than {limits.max_depth} levels", line, col)
            nodes += 1
            assert doc is not None
            parent_path: Path = ()
            if stack:
                top = stack[-1]
                if top[2]:
                    if top[3] is None:
                        fail("RS-Y013",
                             "a mapping key must be a plain value, not a list or mapping",
                             line, col)
                    parent_path = top[1] + (top[3],)
                else:
                    parent_path = top[1] + (len(top[0]),)
            is_map = name == "MappingStartEvent"
            container: Any = {} if is_map else []
            stack.append([container, parent_path, is_map, None, None, (line, col, nodes),
                          event.anchor, []])
            doc.values.setdefault(parent_path, (line, col))
        elif name in ("MappingEndEvent", "SequenceEndEvent"):
            frame = stack.pop()
            container = frame[0]
            start_line, start_col, start_nodes = frame[5]
            if frame[2] and frame[7]:
                for source in frame[7]:
                    for item in source if isinstance(source, list) else [source]:
                        if isinstance(item, dict):
                            for k, v in item.items():
                                container.setdefault(k, v)
            if frame[6]:
                anchors[frame[6]] = (container, nodes - start_nodes + 1)
            attach(container, start_line, start_col, None)
        if nodes > limits.max_nodes:
            fail("RS-Y008", f"document has more than {limits.max_nodes:,} nodes", line, col)
