"""Diagnostic codes of the riddle system (``RS-G...``), with default severity and title.

The project's table in :mod:`generator.diagnostics` holds the same entries; this
module is where the riddle system declares them, so a test can prove the two agree.
"""
from __future__ import annotations

from generator.diagnostics import Severity

RIDDLE_CODES: dict[str, tuple[Severity, str]] = {
    "RS-G001": (Severity.ERROR, "map cell not understood"),
    "RS-G002": (Severity.ERROR, "map grid has a bad shape"),
    "RS-G003": (Severity.ERROR, "figure or token on a dome"),
    "RS-G004": (Severity.ERROR, "figure or token on the sea"),
    "RS-G005": (Severity.ERROR, "two figures on one space, or a figure set up twice"),
    "RS-G006": (Severity.ERROR, "map feature without text, or text without a feature"),
    "RS-G007": (Severity.ERROR, "space outside the map"),
    "RS-G008": (Severity.ERROR, "bridge not straight across the sea"),
    "RS-G009": (Severity.ERROR, "coin on the sea"),
    "RS-G010": (Severity.ERROR, "coin on a space no worker can ever build on"),
    "RS-G011": (Severity.ERROR, "coin can never be collected"),
    "RS-G012": (Severity.ERROR, "two coins on one space"),
    "RS-G013": (Severity.ERROR, "more slots of a colour than coins of that colour"),
    "RS-G014": (Severity.ERROR, "not exactly one objective ends the riddle"),
    "RS-G015": (Severity.ERROR, "coins need more pieces than the riddle can ever supply"),
    "RS-G016": (Severity.WARNING, "coins need pieces beyond the stockpile and opening queue"),
    "RS-G017": (Severity.ERROR, "worker start spaces do not fit a player count"),
    "RS-G018": (Severity.ERROR, "number used twice"),
    "RS-G019": (Severity.ERROR, "campaign island can never open"),
    "RS-G020": (Severity.ERROR, "riddle and campaign disagree on its island"),
    "RS-G021": (Severity.ERROR, "constellation god unreachable from Polaris"),
    "RS-G022": (Severity.ERROR, "campaign or constellation structure problem"),
    "RS-G023": (Severity.ERROR, "god queue or deck problem"),
    "RS-G024": (Severity.ERROR, "goal or effect cannot work as written"),
    "RS-G025": (Severity.WARNING, "die gem that no face can win"),
    "RS-G026": (Severity.INFO, "riddle is on no campaign island"),
}

__all__ = ["RIDDLE_CODES"]
