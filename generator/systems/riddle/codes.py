"""Diagnostic codes of the riddle system (``RS-G0xx``), read from the project's table
in :mod:`generator.diagnostics`, where every code is declared once."""
from __future__ import annotations

import re

from generator.diagnostics import CODES, Severity

RIDDLE_CODES: dict[str, tuple[Severity, str]] = {
    code: entry for code, entry in CODES.items() if re.fullmatch(r"RS-G0\d\d", code)
}

__all__ = ["RIDDLE_CODES"]
