"""Where a diagnostic is, in words a spreadsheet user reads: ``cards.csv:7:3`` for a CSV
file (row 7, column 3), ``cards.xlsx[Cards]!C7`` for a sheet of a workbook.

A document read from a sheet carries its file as ``cards.csv`` or, for a workbook,
``cards.xlsx[Cards]`` (one workbook holds several sheets, each numbered from row 1);
its line is the row and its column the cell's column number. This module has no
imports from the rest of the package: the diagnostics, the formats and the loader
all name cells through it.

>>> location_of("cards.xlsx[Cards]", 7, 3), location_of("cards.csv", 7, 3)
('cards.xlsx[Cards]!C7', 'cards.csv:7:3')
>>> split_sheet("cards.xlsx[Cards]"), split_sheet("cards.csv")
(('cards.xlsx', 'Cards'), ('cards.csv', None))
"""
from __future__ import annotations

import re

CSV_SUFFIXES = (".csv", ".tsv")
WORKBOOK_SUFFIXES = (".xlsx", ".xlsm")
SHEET_SUFFIXES = CSV_SUFFIXES + WORKBOOK_SUFFIXES

_WORKBOOK_SHEET = re.compile(r"^(.*\.(?:xlsx|xlsm)|https?://[^\[\]]*)\[(.*)\]\Z",
                             re.IGNORECASE | re.DOTALL)
_ADDRESS = re.compile(r"^https?://", re.IGNORECASE)


def column_letter(col: int) -> str:
    """Spreadsheet name of a 1-based column number.

    >>> column_letter(1), column_letter(26), column_letter(27), column_letter(703)
    ('A', 'Z', 'AA', 'AAA')
    """
    letters = ""
    n = max(1, col)
    while n:
        n, rest = divmod(n - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def sheet_file(path: str, sheet: str) -> str:
    """The file name a workbook's sheet is reported under.

    >>> sheet_file("cards.xlsx", "Cards")
    'cards.xlsx[Cards]'
    """
    return f"{path}[{sheet}]"


def split_sheet(file: str) -> tuple[str, str | None]:
    """The real file and the sheet of a reported file name (no sheet for other files)."""
    match = _WORKBOOK_SHEET.match(file)
    if match is None:
        return file, None
    return match.group(1), match.group(2)


def is_sheet(file: str) -> bool:
    """Whether ``file`` names a CSV file or a workbook's sheet (rows and cells, not lines).

    A sheet included by its web address is named by it (``URL``, ``URL[Sheet]``).

    >>> is_sheet("a/cards.CSV"), is_sheet("b.xlsx[S]"), is_sheet("c.yaml")
    (True, True, False)
    >>> is_sheet("https://x.example/pub?output=csv"), split_sheet("https://x.example/pub[Roles]")
    (True, ('https://x.example/pub', 'Roles'))
    """
    return (file.lower().endswith(CSV_SUFFIXES) or split_sheet(file)[1] is not None
            or bool(_ADDRESS.match(file)))


def cell_address(file: str, line: int, col: int) -> str:
    """The cell in spreadsheet form, with its sheet when it is in a workbook.

    >>> cell_address("cards.csv", 7, 3), cell_address("w.xlsx[Cards]", 7, 3)
    ('C7', 'Cards!C7')
    """
    _, sheet = split_sheet(file)
    cell = f"{column_letter(col)}{line}"
    return f"{sheet}!{cell}" if sheet is not None else cell


def location_of(file: str, line: int, col: int) -> str:
    """``file:line:col``, or ``book.xlsx[Sheet]!C7`` for a workbook's sheet."""
    if split_sheet(file)[1] is not None:
        return f"{file}!{column_letter(col)}{line}"
    return f"{file}:{line}:{col}"
