"""Read CSV files and XLSX workbooks into tables of cells, with every problem at its cell.

This module knows file formats, not documents: it turns a file into :class:`Table`
values (the non-empty rows, each cell with its 1-based row and column) and reports
what makes a file unreadable as diagnostics; :mod:`generator.pack.sheets` turns a
table into documents. Nothing here raises on content.

- CSV: UTF-8 (Excel's "CSV UTF-8" byte-order mark is allowed), cells separated by
  commas, semicolons (Excel in many European locales) or tabs, whichever the first
  non-empty line uses most (``.tsv``: tabs). Rows are records: a quoted cell may hold
  line breaks, and the row number is the record's, as a spreadsheet program numbers it.
- XLSX: read with openpyxl in read-only mode with ``data_only=True``: a formula gives
  the value the spreadsheet program saved with it, never one computed here; a formula
  without a saved value, an error value (``#REF!``) and merged cells are diagnostics.
- Bounds: the file-size cap of YAML files, at most :data:`MAX_ROWS` rows and
  :data:`MAX_COLUMNS` columns a sheet, and at most :data:`MAX_UNZIPPED` bytes inside a
  workbook (a zip bomb stops before it is inflated).

>>> t = read_csv_bytes(b"kind,id\\nfragment-card,hums\\n\\nfragment-card,sings\\n", "c.csv").tables[0]
>>> [(row, [(c.col, c.value) for c in cells]) for row, cells in t.rows]
[(1, [(1, 'kind'), (2, 'id')]), (2, [(1, 'fragment-card'), (2, 'hums')]), (4, [(1, 'fragment-card'), (2, 'sings')])]
>>> t.display.split("\\n")[3]
'fragment-card,sings'
"""
from __future__ import annotations

import csv
import datetime as dt
import io
import re
import warnings
import zipfile
from dataclasses import dataclass, field
from typing import Any, Iterable

from generator.cellref import column_letter, sheet_file
from generator.diagnostics import Diagnostic, make

MAX_ROWS = 10_000
"""Rows a sheet may have, header included: far beyond any deck, small enough to check fast."""
MAX_COLUMNS = 1_000
MAX_UNZIPPED = 64 * 1024 * 1024
"""Bytes a workbook may hold once inflated (its parts together)."""
LINE_BREAK_SHOWN = "\u23ce"  # ⏎: a line break inside a cell, in the one-line display of a row

CellValue = str | int | float | bool


@dataclass(frozen=True, slots=True)
class Cell:
    """One non-empty cell: its place and its value (text from CSV; typed from XLSX)."""

    row: int
    col: int
    value: CellValue


@dataclass(slots=True)
class Table:
    """One sheet: its reported file name, its non-empty rows and a display text with one
    line per row (the cells written as CSV), which the text format shows under a caret."""

    file: str
    rows: list[tuple[int, list[Cell]]] = field(default_factory=list)
    display: str = ""


@dataclass(slots=True)
class SheetFile:
    """What reading one file gave: its tables (a workbook has several) and problems.

    ``names`` lists every sheet of a workbook, read or not (for a 'sheets' entry's
    did-you-mean).
    """

    tables: list[Table] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    names: list[str] = field(default_factory=list)


def display_line(cells: Iterable[Cell]) -> str:
    """A row as one CSV line (commas, minimal quoting, line breaks shown as ⏎).

    >>> display_line([Cell(1, 1, "a"), Cell(1, 3, "b, c")])
    'a,,"b, c"'
    """
    by_col = {c.col: shown_value(c.value) for c in cells}
    if not by_col:
        return ""
    out = io.StringIO()
    csv.writer(out, lineterminator="").writerow(by_col.get(i, "") for i in range(1, max(by_col) + 1))
    return out.getvalue()


def shown_value(value: CellValue) -> str:
    """A cell value as text: whole numbers without '.0', booleans as true/false.

    >>> shown_value(3.0), shown_value(2.5), shown_value(True), shown_value("a\\nb")
    ('3', '2.5', 'true', 'a⏎b')
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        return str(int(value))
    text = str(value)
    return text.replace("\r\n", LINE_BREAK_SHOWN).replace("\n", LINE_BREAK_SHOWN).replace(
        "\r", LINE_BREAK_SHOWN)


def _display(rows: list[tuple[int, list[Cell]]]) -> str:
    if not rows:
        return ""
    lines = [""] * rows[-1][0]
    for number, cells in rows:
        lines[number - 1] = display_line(cells)
    return "\n".join(lines)


_MAGIC = (
    (b"PK\x03\x04", "it is a zip archive (an .xlsx workbook?)", "name a workbook '.xlsx', or save "
     "the sheet as 'CSV UTF-8'"),
    (b"\xd0\xcf\x11\xe0", "it is an old Excel .xls workbook", "save it as .xlsx or as 'CSV UTF-8'"),
    (b"%PDF", "it is a PDF file", "include the sheet the cards come from"),
    (b"\x89PNG", "it is a PNG picture", "include the sheet the cards come from"),
)


def _binary(raw: bytes, file: str) -> Diagnostic | None:
    for magic, what, hint in _MAGIC:
        if raw.startswith(magic):
            return make("RS-C001", f"this file is not CSV text: {what}", file, hint=hint)
    for bom, name in ((b"\xff\xfe", "UTF-16"), (b"\xfe\xff", "UTF-16")):
        if raw.startswith(bom):
            return make("RS-C001", f"this CSV file is {name} text", file,
                        hint="save it as 'CSV UTF-8' (comma delimited)")
    if b"\x00" in raw[:65536] or b"\x00" in raw:
        return make("RS-C001", "this file is not CSV text: it holds binary data (NUL bytes)", file,
                    hint="save the sheet as 'CSV UTF-8', or include the file it was exported to")
    head = raw[:4096].decode("utf-8", errors="replace")
    if head and sum(ch == "\ufffd" or (ch < " " and ch not in "\t\r\n") for ch in head) > len(head) // 3:
        # A text in another encoding has a few bad bytes (its accents), reported at their
        # cell; this many is not text at all.
        return make("RS-C001", "this file is not CSV text: most of its first bytes are not text",
                    file, hint="save the sheet as 'CSV UTF-8', or include the file it was exported to")
    first = next((line for line in head.splitlines() if line.strip()), "")
    if _YAML_LINE.match(first) and sniff_delimiter(first) == "," and "," not in first:
        return make("RS-C001", "this file looks like YAML, not CSV: its first line is a YAML key", file,
                    hint="name it .yaml, or write the sheet's header row first (id,text,...)")
    return None


_YAML_LINE = re.compile(r"^(?:---\s*$|%YAML|[A-Za-z_][\w-]*:(?:\s|$))")


def sniff_delimiter(text: str, default: str = ",") -> str:
    """The separator the first non-empty line uses most outside quotes (ties: ``default``).

    >>> sniff_delimiter("id;text;copies\\n"), sniff_delimiter('id,"a;b;c"\\n')
    (';', ',')
    """
    first = next((line for line in text.splitlines() if line.strip()), "")
    counts = {",": 0, ";": 0, "\t": 0}
    quoted = False
    for ch in first:
        if ch == '"':
            quoted = not quoted
        elif not quoted and ch in counts:
            counts[ch] += 1
    best = max(counts.values())
    if best == 0 or counts[default] == best:
        return default
    return next(d for d, n in counts.items() if n == best)


def read_csv_bytes(raw: bytes, file: str, max_bytes: int = 5 * 1024 * 1024,
                   tabs: bool | None = None) -> SheetFile:
    """Read a CSV file's bytes into one table (``tabs``: separated by tabs; None: when
    ``file`` is named ``.tsv``, else the separator the first line uses most)."""
    out = SheetFile()
    tabs = file.lower().endswith(".tsv") if tabs is None else tabs
    if len(raw) > max_bytes:
        out.diagnostics.append(make("RS-Y002", f"file is {len(raw):,} bytes; the limit is "
                                    f"{max_bytes:,} bytes", file, hint="split the sheet into several files"))
        return out
    problem = _binary(raw, file)
    if problem is not None:
        out.diagnostics.append(problem)
        return out
    raw = raw.removeprefix(b"\xef\xbb\xbf")  # Excel's "CSV UTF-8" starts with a BOM
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = raw[: exc.start]
        line = before.count(b"\n") + 1
        # The cell the byte is in, counting separators on its line (rows are lines here).
        start = before[before.rfind(b"\n") + 1:].decode("utf-8", errors="replace")
        delimiter = "\t" if tabs else sniff_delimiter(
            raw.split(b"\n", 1)[0].decode("utf-8", errors="replace"))
        col = start.count(delimiter) + 1
        out.diagnostics.append(make(
            "RS-Y004", f"byte 0x{raw[exc.start]:02x} is not valid UTF-8", file, line, col,
            hint="save the sheet as 'CSV UTF-8' (not 'CSV' or 'Windows CSV')"))
        return out
    delimiter = "\t" if tabs else sniff_delimiter(text)
    table = Table(file=file)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    number = 0
    try:
        for record in reader:
            number += 1
            if number > MAX_ROWS:
                out.diagnostics.append(_too_many_rows(file, number))
                return out
            if len(record) > MAX_COLUMNS:
                out.diagnostics.append(make(
                    "RS-C006", f"row {number} has {len(record):,} cells; a sheet may have at most "
                    f"{MAX_COLUMNS:,} columns", file, number, MAX_COLUMNS + 1,
                    hint="is the file really separated by '" + delimiter.replace("\t", "\\t") + "'?"))
                return out
            cells = [Cell(number, i, value) for i, value in enumerate(record, 1) if value.strip()]
            if cells:
                table.rows.append((number, cells))
    except csv.Error as exc:
        out.diagnostics.append(make(
            "RS-C001", f"row {number + 1} is not valid CSV: {exc}", file, number + 1, 1,
            hint="a cell that starts with a quote must end with one; write a quote inside a "
                 "quoted cell as two quotes (\"\")"))
        return out
    table.display = _display(table.rows)
    out.tables.append(table)
    return out


def _too_many_rows(file: str, number: int) -> Diagnostic:
    return make("RS-C006", f"the sheet has more than {MAX_ROWS - 1:,} rows below its header; "
                "riddlesmith reads at most that many", file, number, 1,
                hint="split the cards over several sheets, or delete the rows below the last card")


def read_workbook_bytes(raw: bytes, path: str, wanted: set[str] | None = None,
                        max_bytes: int = 5 * 1024 * 1024) -> SheetFile:
    """Read the sheets of an XLSX workbook (those in ``wanted`` when given; never one whose
    name starts with '#') into tables. ``path`` is the workbook's shown file name."""
    out = SheetFile()
    if len(raw) > max_bytes:
        out.diagnostics.append(make("RS-Y002", f"file is {len(raw):,} bytes; the limit is "
                                    f"{max_bytes:,} bytes", path, hint="split the workbook"))
        return out
    try:
        archive = zipfile.ZipFile(io.BytesIO(raw))
        inflated = sum(info.file_size for info in archive.infolist())
    except (zipfile.BadZipFile, OSError, ValueError):
        hint = "save it as .xlsx (Excel workbook) or as 'CSV UTF-8'"
        what = "an old Excel .xls workbook" if raw.startswith(b"\xd0\xcf\x11\xe0") else (
            "text (a CSV file named .xlsx?)" if raw[:1].isascii() and b"\x00" not in raw[:4096] and raw
            else "not a zip archive")
        out.diagnostics.append(make("RS-C001", f"this file is not an .xlsx workbook: it is {what}",
                                    path, hint=hint))
        return out
    if inflated > MAX_UNZIPPED:
        out.diagnostics.append(make("RS-C006", f"the workbook inflates to {inflated:,} bytes; the "
                                    f"limit is {MAX_UNZIPPED:,}", path, hint="split the workbook"))
        return out
    try:
        import openpyxl
        from openpyxl.worksheet._reader import FORMULA_TAG, WorkSheetParser
    except ImportError:
        out.diagnostics.append(make(
            "RS-C007", "reading .xlsx workbooks needs openpyxl, which is not installed", path,
            hint="python3 -m pip install 'openpyxl>=3.1' (it comes with riddlesmith unless "
                 "installed with --no-deps), or save the sheet as 'CSV UTF-8'"))
        return out

    class _Parser(WorkSheetParser):  # type: ignore[misc]
        """openpyxl's own read-only sheet parser, also telling which cells hold a formula:
        with data_only a formula without a saved value reads as an empty cell."""

        def parse_cell(self, element: Any) -> dict[str, Any]:
            cell: dict[str, Any] = super().parse_cell(element)
            cell["formula"] = element.find(FORMULA_TAG) is not None
            return cell

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # openpyxl warns of extensions it skips
            book = openpyxl.load_workbook(io.BytesIO(raw), read_only=True, data_only=True)
            try:
                out.names = [ws.title for ws in book.worksheets]
                for ws in book.worksheets:
                    if ws.title.startswith("#") or (wanted is not None and ws.title not in wanted):
                        continue
                    file = sheet_file(path, ws.title)
                    with ws._get_source() as source:
                        parser = _Parser(source, ws._shared_strings, data_only=True, epoch=book.epoch,
                                         date_formats=book._date_formats,
                                         timedelta_formats=book._timedelta_formats)
                        table, problems = _read_sheet(parser, file)
                    out.diagnostics.extend(problems)
                    if table is not None:
                        out.tables.append(table)
            finally:
                book.close()
    except Exception as exc:  # a damaged workbook: openpyxl raises many kinds of errors
        out.diagnostics.append(make("RS-C001", f"this workbook cannot be read: {type(exc).__name__}: "
                                    f"{exc}"[:300], path,
                                    hint="open and save it again in a spreadsheet program, or "
                                         "save the sheet as 'CSV UTF-8'"))
        out.tables.clear()
    return out


def _read_sheet(parser: Any, file: str) -> tuple[Table | None, list[Diagnostic]]:
    """The non-empty rows of one worksheet, and its formula, error and merge problems."""
    table = Table(file=file)
    problems: list[Diagnostic] = []
    for number, raw_cells in parser.parse():
        cells: list[Cell] = []
        for raw in raw_cells:
            value, col = raw["value"], raw["column"]
            if col > MAX_COLUMNS:
                if value is not None:
                    problems.append(make("RS-C006", f"a sheet may have at most {MAX_COLUMNS:,} columns",
                                         file, number, col, hint="delete the columns after the last field"))
                    return None, problems
                continue
            if raw["data_type"] == "e":
                problems.append(make("RS-C004", f"cell {column_letter(col)}{number} holds the error "
                                     f"{value}, not a value", file, number, col,
                                     hint="fix the formula, or type the value"))
                continue
            if value is None:
                if raw.get("formula"):
                    problems.append(make(
                        "RS-C004", f"cell {column_letter(col)}{number} holds a formula with no saved "
                        "value", file, number, col,
                        hint="formulas are not computed: open and save the workbook in a "
                             "spreadsheet program, or type the value"))
                continue
            if isinstance(value, (dt.datetime, dt.date, dt.time, dt.timedelta)):
                value = _date_text(value)
            if isinstance(value, str) and not value.strip():
                continue
            cells.append(Cell(number, col, value))
        if cells:
            if number > MAX_ROWS:
                problems.append(_too_many_rows(file, number))
                return None, problems
            table.rows.append((number, cells))
    merged = getattr(getattr(parser, "merged_cells", None), "mergeCell", None) or []
    for merge in merged:
        ref = str(merge.ref)
        first = ref.split(":", 1)[0]
        col, row = _split_ref(first)
        problems.append(make("RS-C005", f"cells {ref} are merged; a merged cell fills one field "
                             "of one row, not several", file, row, col,
                             hint="unmerge them and type the value in each cell that needs it"))
    table.display = _display(table.rows)
    return table, problems


def _split_ref(ref: str) -> tuple[int, int]:
    """(column, row) of an A1 reference.

    >>> _split_ref("C7"), _split_ref("AA12")
    ((3, 7), (27, 12))
    """
    letters = "".join(ch for ch in ref if ch.isalpha()).upper()
    digits = "".join(ch for ch in ref if ch.isdigit())
    col = 0
    for ch in letters:
        col = col * 26 + ord(ch) - ord("A") + 1
    return max(col, 1), int(digits or 1)


def _date_text(value: Any) -> str:
    """A date or time as ISO text (a date alone when the time is midnight)."""
    if isinstance(value, dt.datetime) and value.time() == dt.time(0, 0):
        return value.date().isoformat()
    if isinstance(value, dt.timedelta):
        return str(value)
    return str(value.isoformat())
