"""Diagnostic codes of the tower system (``RS-T0xx``), read from the project's table
in :mod:`generator.diagnostics`, where every code is declared once."""
from __future__ import annotations

import re

from generator.diagnostics import CODES, Severity

TOWER_CODES: dict[str, tuple[Severity, str]] = {
    code: entry for code, entry in CODES.items() if re.fullmatch(r"RS-T0\d\d", code)
}

__all__ = ["TOWER_CODES"]
