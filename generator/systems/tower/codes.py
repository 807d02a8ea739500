"""Diagnostic codes of the tower system (``RS-T...``), with default severity and title.

The project's table in :mod:`generator.diagnostics` should hold the same
entries; this module is where the tower system declares them, so a test can
prove the two agree once they are registered there.
"""
from __future__ import annotations

from generator.diagnostics import Severity

TOWER_CODES: dict[str, tuple[Severity, str]] = {
    "RS-T001": (Severity.ERROR, "map cell not understood"),
    "RS-T002": (Severity.ERROR, "map has a bad shape"),
    "RS-T003": (Severity.ERROR, "pawn on water"),
    "RS-T004": (Severity.ERROR, "pawn on a dome"),
    "RS-T005": (Severity.ERROR, "two pawns on one space"),
    "RS-T006": (Severity.ERROR, "enemy on a target zone"),
    "RS-T007": (Severity.WARNING, "builder starts on a target zone"),
    "RS-T008": (Severity.ERROR, "no building on the map"),
    "RS-T009": (Severity.ERROR, "enemy without a facing"),
    "RS-T010": (Severity.ERROR, "two enemies of one type"),
    "RS-T011": (Severity.ERROR, "space outside the map"),
    "RS-T012": (Severity.ERROR, "not exactly two builders"),
    "RS-T013": (Severity.WARNING, "scenario can be lost before the player moves"),
    "RS-T014": (Severity.WARNING, "campaign scenarios out of order"),
    "RS-T015": (Severity.ERROR, "scenario listed twice in a campaign"),
    "RS-T016": (Severity.ERROR, "campaign mixes easy and expert god cards"),
    "RS-T017": (Severity.ERROR, "rank table does not start at 0 and ascend"),
    "RS-T018": (Severity.WARNING, "variant difficulty disagrees with its hooks"),
}

__all__ = ["TOWER_CODES"]
