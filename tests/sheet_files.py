"""Sheets made in the tests: documents flattened to a header and rows, written as CSV
or as an XLSX workbook (with openpyxl), so no binary fixture is committed."""
from __future__ import annotations

import csv
import io
import re
from pathlib import Path
from typing import Any

from generator.pack.sheets import iter_flat_fields

_WHOLE = re.compile(r"^-?[1-9][0-9]{0,8}\Z|^0\Z")


def rows_of(documents: list[dict[str, Any]]) -> tuple[list[str], list[dict[str, str]]]:
    """The header (first-seen order, kind and id first) and one mapping per document."""
    header: list[str] = []
    rows: list[dict[str, str]] = []
    for data in documents:
        row = dict(iter_flat_fields(data))
        rows.append(row)
        for name in row:
            if name not in header:
                header.append(name)
    header.sort(key=lambda h: (h != "kind", h != "id"))
    return header, rows


def csv_bytes(documents: list[dict[str, Any]], delimiter: str = ",") -> bytes:
    header, rows = rows_of(documents)
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\n")
    writer.writerow(header)
    for row in rows:
        writer.writerow([row.get(h, "") for h in header])
    return out.getvalue().encode("utf-8")


def typed(text: str) -> Any:
    """What a spreadsheet makes of typed text: whole numbers become numbers."""
    return int(text) if _WHOLE.match(text) else text


def write_xlsx(path: Path, sheets: dict[str, list[list[Any]]]) -> Path:
    """A workbook with one sheet per entry (rows of cell values; None is an empty cell)."""
    from openpyxl import Workbook

    book = Workbook()
    book.remove(book.active)
    for title, rows in sheets.items():
        ws = book.create_sheet(title)
        for row in rows:
            ws.append(row)
    path.parent.mkdir(parents=True, exist_ok=True)
    book.save(path)
    return path


def xlsx_rows(documents: list[dict[str, Any]]) -> list[list[Any]]:
    header, rows = rows_of(documents)
    return [list(header)] + [[typed(row[h]) if h in row else None for h in header] for row in rows]
