"""Simulator results as labelled HTML tables, for the page of ``riddlesmith serve``.

A system's ``report()`` is JSON-ready data; this module draws any such value as
tables whose every figure sits under a header cell naming it:

- a list of records (dicts), or a mapping of names to records, is one table
  with a header row (the mapping's names head the rows); a field whose values
  are records of plain figures is split into sub-columns under a grouped header;
- any other mapping is a two-column table, names in header cells;
- a list of plain values (a seat's win rates, an interval) is one cell.

All text is escaped here, so the page may insert the result as HTML. Nothing in
this module knows a game system: the labels are the report's own keys.
"""
from __future__ import annotations

from html import escape
from typing import Any, Iterable

SEARCH_DEPTH = 4  # how deep :func:`find_key` looks for a drawing's figures


def label(key: object) -> str:
    """A report key as a column name.

    >>> label("cost_worker"), label(3)
    ('cost worker', '3')
    """
    return str(key).replace("_", " ")


def _is_plain(value: Any) -> bool:
    return value is None or isinstance(value, (str, int, float, bool))


def _is_record(value: Any) -> bool:
    return isinstance(value, dict) and bool(value)


def format_plain(value: Any) -> str:
    """One figure as text: fractions to 3 places, nothing for None.

    >>> format_plain(0.61538), format_plain(12), format_plain(None), format_plain([0.5, 0.75])
    ('0.615', '12', '', '0.500, 0.750')
    """
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float) and not value.is_integer():
        return f"{value:.3f}"
    if isinstance(value, list):
        return ", ".join(format_plain(v) for v in value)
    return str(value)


def _columns(rows: list[dict[str, Any]]) -> list[tuple[str, list[str] | None]]:
    """The columns of ``rows``: (key, sub-keys) where every value of the key is a
    record of plain figures (or a list of them), else (key, None)."""
    keys: list[str] = []
    for row in rows:
        keys.extend(k for k in row if k not in keys)
    out: list[tuple[str, list[str] | None]] = []
    for key in keys:
        values = [row[key] for row in rows if key in row and row[key] is not None]
        subs: list[str] = []
        grouped = bool(values) and all(
            _is_record(v) and all(_is_plain(x) or _is_plain_list(x) for x in v.values())
            for v in values)
        if grouped:
            for v in values:
                subs.extend(str(k) for k in v if str(k) not in subs)
        out.append((key, subs if grouped else None))
    return out


def _is_plain_list(value: Any) -> bool:
    return isinstance(value, list) and all(_is_plain(v) for v in value)


def _alike(values: list[Any]) -> bool:
    """Whether ``values`` are records of one kind: each has at least half of all
    their keys (so a table of them has few empty cells).

    >>> _alike([{"a": 1, "b": 2}, {"a": 3}]), _alike([{"a": 1}, {"b": 2, "c": 3}])
    (True, False)
    """
    if not all(_is_record(v) for v in values):
        return False
    keys = set().union(*(set(v) for v in values))
    return all(2 * len(v) >= len(keys) for v in values)


def _td(value: Any, name: object = "") -> str:
    """One cell; figures (numbers, lists of numbers) carry class ``num`` to align right."""
    items = value if isinstance(value, list) else [value]
    numeric = bool(items) and all(isinstance(v, (int, float)) and not isinstance(v, bool)
                                  for v in items)
    return f'<td class="num">{value_html(value)}</td>' if numeric else \
        f"<td>{value_html(value, name)}</td>"


def _header(columns: list[tuple[str, list[str] | None]], corner: str | None) -> str:
    grouped = any(subs is not None for _, subs in columns)
    span = ' rowspan="2"' if grouped else ""
    top = [f"<th{span}>{escape(corner)}</th>"] if corner is not None else []
    bottom: list[str] = []
    for key, subs in columns:
        if subs is None:
            top.append(f"<th{span}>{escape(label(key))}</th>")
        else:
            top.append(f'<th colspan="{len(subs)}">{escape(label(key))}</th>')
            bottom.extend(f"<th>{escape(label(s))}</th>" for s in subs)
    head = "<tr>" + "".join(top) + "</tr>"
    return head + ("<tr>" + "".join(bottom) + "</tr>" if grouped else "")


def _cells(row: dict[str, Any], columns: list[tuple[str, list[str] | None]]) -> Iterable[str]:
    for key, subs in columns:
        value = row.get(key)
        if subs is None:
            yield _td(value, key)
        else:
            record = {str(k): v for k, v in value.items()} if isinstance(value, dict) else {}
            yield from (_td(record.get(s)) for s in subs)


def records_html(rows: list[dict[str, Any]], names: list[str] | None = None,
                 corner: str = "") -> str:
    """One table: a header row naming every field, one row per record (headed by
    its name when ``names`` is given).

    >>> records_html([{"card": "a", "played": 3}])
    '<table><tr><th>card</th><th>played</th></tr><tr><td>a</td><td class="num">3</td></tr></table>'
    """
    columns = _columns(rows)
    body = []
    for n, row in enumerate(rows):
        head = f"<th>{escape(names[n])}</th>" if names is not None else ""
        body.append("<tr>" + head + "".join(_cells(row, columns)) + "</tr>")
    return ("<table>" + _header(columns, corner if names is not None else None)
            + "".join(body) + "</table>")


def value_html(value: Any, name: object = "") -> str:
    """``value`` as HTML: labelled tables for records, escaped text for figures.
    ``name`` is the key ``value`` was found under: it heads a table's row names."""
    if _is_plain(value) or _is_plain_list(value):
        return escape(format_plain(value))
    if isinstance(value, list):
        if all(_is_record(v) for v in value):
            return records_html(value)
        # A list mixing records and lists: each item on its own numbered row.
        return records_html([{"item": v} for v in value], [str(n) for n in range(1, len(value) + 1)])
    if isinstance(value, dict):
        if len(value) > 1 and _alike(list(value.values())):
            return records_html(list(value.values()), [str(k) for k in value], label(name))
        rows = "".join(f"<tr><th>{escape(label(k))}</th>{_td(v, k)}</tr>"
                       for k, v in value.items())
        return f"<table>{rows}</table>"
    return escape(str(value))


def metrics_html(metrics: dict[str, Any]) -> str:
    """Every system's results of one pack: a heading per system, then its tables."""
    return "".join(f'<div class="system"><h3>{escape(name)}</h3>{value_html(value, name)}</div>'
                   for name, value in metrics.items())


def find_key(value: Any, key: str, depth: int = 0) -> Any:
    """The first value under ``key`` in ``value`` (a mapping's own key before its
    children's, children in order), None when there is none.

    >>> find_key({"a": {"b": 1}, "b": 2}, "b"), find_key({"a": [{"c": 3}]}, "c")
    (2, 3)
    """
    if depth > SEARCH_DEPTH or not isinstance(value, (dict, list)):
        return None
    if isinstance(value, dict) and key in value:
        return value[key]
    for child in (value.values() if isinstance(value, dict) else value):
        found = find_key(child, key, depth + 1)
        if found is not None:
            return found
    return None


def drawing_stem(label_text: str) -> str | None:
    """The id a drawing's figures are filed under (None for a PDF page).

    >>> drawing_stem("cards/beat-cop-front.svg"), drawing_stem("book.pdf p. 2")
    ('beat-cop', None)
    """
    if ".pdf" in label_text:
        return None
    stem = label_text.rsplit("/", 1)[-1].removesuffix(".svg")
    for side in ("-only", "-except", "-front", "-back"):
        if stem.endswith(side):
            return stem[: -len(side)]
    return stem


def drawing_keys(label_text: str) -> tuple[str, ...]:
    """The ids to look a drawing's figures up by, best first: its stem, then without a
    ``card-`` prefix and a copy number (``card-city-engineer-10.svg`` is one of the
    copies of ``city-engineer``).

    >>> drawing_keys("svg/deck/card-city-engineer-10.svg")
    ('card-city-engineer-10', 'city-engineer-10', 'card-city-engineer', 'city-engineer')
    >>> drawing_keys("maps/mill.svg"), drawing_keys("cards/mill-back.svg"), drawing_keys("book.pdf p. 1")
    (('mill',), ('mill-back', 'mill'), ())
    """
    stem = drawing_stem(label_text)
    if stem is None:
        return ()
    # The whole name first: a card may be called "carry-others-on-my-back".
    whole = label_text.rsplit("/", 1)[-1].removesuffix(".svg")
    bare = stem.removeprefix("card-")
    head, _, tail = stem.rpartition("-")
    single = head if head and tail.isdigit() else stem
    return tuple(dict.fromkeys((whole, stem, bare, single, single.removeprefix("card-"))))


def documents_html(ids: Iterable[str], metrics: dict[str, Any]) -> dict[str, str]:
    """Per document id with figures in ``metrics``: those figures as HTML (a book page or
    a large view shows its document's figures even when no drawing is named after it).

    >>> documents_html(["mill", "none"], {"tower": {"mill": {"wins": 3}}})
    {'mill': '<table><tr><th>wins</th><td class="num">3</td></tr></table>'}
    """
    out: dict[str, str] = {}
    for key in dict.fromkeys(ids):
        found = find_key(metrics, key) if key else None
        if found is not None:
            out[key] = value_html(found, key)
    return out


def sides_html(labels: Iterable[str], metrics: dict[str, Any]) -> dict[str, str]:
    """Per drawing whose id has figures in ``metrics``: those figures as HTML."""
    out: dict[str, str] = {}
    for text in labels:
        for key in drawing_keys(text):
            found = find_key(metrics, key)
            if found is not None:
                out[text] = value_html(found, key)
                break
    return out
