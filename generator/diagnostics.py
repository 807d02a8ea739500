"""One diagnostic type for every stage, and the table of stable codes.

Every stage (YAML loading, schema validation, model building, rule checks,
simulation, rendering) reports problems as :class:`Diagnostic` values; nothing
raises on bad content. Codes are stable: a code never changes meaning.

>>> d = Diagnostic("pack.yaml", 3, 5, Severity.ERROR, "RS-Y003", "duplicate key 'id'")
>>> d.location()
'pack.yaml:3:5'
"""
from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace
from typing import Iterable


class Severity(str, enum.Enum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"

    @property
    def rank(self) -> int:
        return {"error": 0, "warning": 1, "info": 2}[self.value]


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """A problem found in content, located at a 1-based line and column."""

    file: str
    line: int
    col: int
    severity: Severity
    code: str
    message: str
    pointer: str = ""
    hint: str = ""
    related: tuple[tuple[str, int, int], ...] = field(default=())

    def location(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"

    def sort_key(self) -> tuple[str, int, int, str, str]:
        return (self.file, self.line, self.col, self.code, self.message)

    def with_severity(self, severity: Severity) -> "Diagnostic":
        return replace(self, severity=severity)


# Stable codes. Prefixes by stage: Y yaml/loading, P pack, S schema, M model,
# R render, F fragments system, G riddle system, T tower system, X glyphs system,
# E environment.
# Each entry: code -> (default severity, short title). The README documents them.
CODES: dict[str, tuple[Severity, str]] = {
    # Loading (YAML and files)
    "RS-Y001": (Severity.ERROR, "YAML syntax error"),
    "RS-Y002": (Severity.ERROR, "file is too large"),
    "RS-Y003": (Severity.ERROR, "duplicate key"),
    "RS-Y004": (Severity.ERROR, "file is not valid UTF-8"),
    "RS-Y005": (Severity.ERROR, "byte-order mark at start of file"),
    "RS-Y006": (Severity.ERROR, "tab character in indentation"),
    "RS-Y007": (Severity.ERROR, "nesting too deep"),
    "RS-Y008": (Severity.ERROR, "too many nodes (alias expansion)"),
    "RS-Y009": (Severity.ERROR, "document is not a mapping"),
    "RS-Y010": (Severity.ERROR, "unsupported YAML tag"),
    "RS-Y011": (Severity.ERROR, "undefined alias"),
    "RS-Y012": (Severity.ERROR, "file cannot be read"),
    "RS-Y013": (Severity.ERROR, "mapping key is not a scalar"),
    # Pack structure
    "RS-P001": (Severity.ERROR, "no pack.yaml found"),
    "RS-P002": (Severity.ERROR, "document has no kind"),
    "RS-P003": (Severity.ERROR, "document has no id"),
    "RS-P004": (Severity.ERROR, "unknown document kind"),
    "RS-P005": (Severity.ERROR, "duplicate id in pack"),
    "RS-P006": (Severity.ERROR, "include pattern matches no file"),
    "RS-P007": (Severity.ERROR, "pack.yaml must hold exactly one pack document"),
    "RS-P008": (Severity.ERROR, "system not installed"),
    "RS-P009": (Severity.ERROR, "path escapes the pack folder"),
    "RS-P010": (Severity.ERROR, "unknown reference"),
    "RS-P011": (Severity.WARNING, "missing translation"),
    "RS-P012": (Severity.ERROR, "document kind belongs to a system the pack does not use"),
    # Schema
    "RS-S001": (Severity.ERROR, "schema violation"),
    "RS-S002": (Severity.ERROR, "unknown property"),
    "RS-S003": (Severity.ERROR, "missing required property"),
    "RS-S004": (Severity.ERROR, "wrong type"),
    "RS-S005": (Severity.ERROR, "value not allowed"),
    # Render
    "RS-R001": (Severity.ERROR, "text does not fit"),
    "RS-R002": (Severity.WARNING, "text shrunk below preferred size"),
    "RS-R003": (Severity.ERROR, "card does not fit on the paper"),
    "RS-R004": (Severity.ERROR, "glyph missing from the bundled font"),
    "RS-R005": (Severity.ERROR, "unknown inline icon"),
    # Fragments system
    "RS-F001": (Severity.ERROR, "duplicate fragment"),
    "RS-F002": (Severity.WARNING, "near-duplicate fragment"),
    "RS-F003": (Severity.WARNING, "fragment is not in the first person"),
    "RS-F004": (Severity.ERROR, "when card is missing a side"),
    "RS-F005": (Severity.ERROR, "scoring table disagrees with n(n+1)/2"),
    "RS-F006": (Severity.ERROR, "deck too small for six hands and a round"),
    "RS-F007": (Severity.ERROR, "pack has no fragment-game document"),
    "RS-F008": (Severity.INFO, "press-your-luck simulation"),
    # Riddle system (Riddle of the Sphinx)
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
    "RS-G101": (Severity.ERROR, "objective can never be achieved"),
    "RS-G102": (Severity.WARNING, "objective not proven achievable"),
    "RS-G103": (Severity.WARNING, "ending objective achievable in one turn"),
    "RS-G104": (Severity.ERROR, "shortest solution differs from solver.expect"),
    "RS-G105": (Severity.INFO, "solver summary"),
    # Tower system (Santowerini)
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
    "RS-T101": (Severity.ERROR, "no line of play wins the scenario"),
    "RS-T102": (Severity.WARNING, "campaign win rates do not fall as levels rise"),
    "RS-T103": (Severity.WARNING, "no win found by playtests or the proof search"),
    # Glyphs system (Sfynx tile puzzle): rule checks 0xx, simulations 1xx
    "RS-X001": (Severity.ERROR, "riddle names a symbol the glyph set lacks"),
    "RS-X002": (Severity.ERROR, "riddle sequence longer than the grid"),
    "RS-X003": (Severity.ERROR, "riddle impossible with the tile counts"),
    "RS-X004": (Severity.ERROR, "deck of the wrong size"),
    "RS-X005": (Severity.ERROR, "difficulty degree names a missing deck"),
    "RS-X006": (Severity.ERROR, "set-up pattern is not a full grid"),
    "RS-X007": (Severity.ERROR, "duplicate riddle card"),
    "RS-X008": (Severity.ERROR, "clepsydra does not have one slot per turn"),
    "RS-X009": (Severity.ERROR, "glyph set does not fill the grid"),
    "RS-X010": (Severity.ERROR, "game names a missing glyph set or set-up"),
    "RS-X011": (Severity.WARNING, "missing translation"),
    "RS-X012": (Severity.ERROR, "difficulty table is not degrees 1-8 once each"),
    "RS-X013": (Severity.ERROR, "a degree deals too few riddle cards"),
    "RS-X014": (Severity.ERROR, "component count does not match its tiles"),
    "RS-X015": (Severity.ERROR, "pack has no glyph-game document"),
    "RS-X101": (Severity.WARNING, "a higher degree is clearly easier"),
    "RS-X102": (Severity.WARNING, "card difficulty does not rise with the deck number"),
    "RS-X103": (Severity.INFO, "difficulty curve"),
    # Environment / usage (exit code 2)
    "RS-E001": (Severity.ERROR, "path does not exist"),
    "RS-E002": (Severity.ERROR, "output folder cannot be written"),
}


def make(
    code: str,
    message: str,
    file: str,
    line: int = 1,
    col: int = 1,
    *,
    pointer: str = "",
    hint: str = "",
    severity: Severity | None = None,
) -> Diagnostic:
    """Build a diagnostic with the code's default severity.

    >>> make("RS-Y003", "duplicate key 'a'", "x.yaml", 2, 1).severity.value
    'error'
    """
    if code not in CODES:
        raise KeyError(f"unregistered diagnostic code {code}")
    return Diagnostic(
        file=file,
        line=max(1, line),
        col=max(1, col),
        severity=severity or CODES[code][0],
        code=code,
        message=message,
        pointer=pointer,
        hint=hint,
    )


def count(diags: Iterable[Diagnostic]) -> tuple[int, int]:
    """Return (errors, warnings)."""
    errors = warnings = 0
    for d in diags:
        if d.severity is Severity.ERROR:
            errors += 1
        elif d.severity is Severity.WARNING:
            warnings += 1
    return errors, warnings


def pointer_of(path: Iterable[object]) -> str:
    """JSON pointer (RFC 6901) for a path of keys and indices.

    >>> pointer_of(["objectives", 0, "a/b"])
    '/objectives/0/a~1b'
    """
    parts = [str(p).replace("~", "~0").replace("/", "~1") for p in path]
    return "".join("/" + p for p in parts)
