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
import re
from dataclasses import dataclass, field, replace
from typing import Iterable

from generator.cellref import location_of


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
        """``file:line:col``, or ``book.xlsx[Sheet]!C7`` in a workbook (:mod:`generator.cellref`)."""
        return location_of(self.file, self.line, self.col)

    def sort_key(self) -> tuple[str, int, int, int, str, str]:
        """File, then YAML problems first (the rest may follow from them), then position."""
        return (self.file, 0 if self.code.startswith("RS-Y") else 1, self.line, self.col,
                self.code, self.message)

    def with_severity(self, severity: Severity) -> "Diagnostic":
        return replace(self, severity=severity)


# Stable codes. Prefixes by stage: Y yaml/loading, P pack, S schema, M model,
# R render, A artwork, F fragments system, G riddle system, T tower system, X glyphs system,
# N role cards, E environment.
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
    "RS-Y014": (Severity.ERROR, "number too long to read"),
    "RS-Y015": (Severity.ERROR, "character that cannot be printed"),
    "RS-Y016": (Severity.ERROR, "file holds no document"),
    "RS-Y017": (Severity.WARNING, "file holds only comments"),
    "RS-Y018": (Severity.WARNING, "empty document"),
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
    "RS-P013": (Severity.WARNING, "YAML file in the pack that no include pattern loads"),
    "RS-P014": (Severity.WARNING, "suppression that suppresses nothing, or cannot"),
    "RS-P015": (Severity.ERROR, "two packs share an id"),
    "RS-P016": (Severity.WARNING, "a setting is overridden by another document"),
    "RS-P017": (Severity.ERROR, "unknown player in sim.players"),
    "RS-P018": (Severity.WARNING, "print.stamp names a deck the pack does not print"),
    # Artwork
    "RS-A001": (Severity.ERROR, "art file not found"),
    "RS-A002": (Severity.ERROR, "art file cannot be read"),
    "RS-A003": (Severity.WARNING, "art below 300 dpi at its printed size"),
    "RS-A004": (Severity.ERROR, "token art for a kind of token the pack does not print"),
    # Schema
    "RS-S001": (Severity.ERROR, "schema violation"),
    "RS-S002": (Severity.ERROR, "unknown property"),
    "RS-S003": (Severity.ERROR, "missing required property"),
    "RS-S004": (Severity.ERROR, "wrong type"),
    "RS-S005": (Severity.ERROR, "value not allowed"),
    # Sheets (CSV and XLSX documents)
    "RS-C001": (Severity.ERROR, "file is not a sheet that can be read"),
    "RS-C002": (Severity.ERROR, "column header is not a field"),
    "RS-C003": (Severity.ERROR, "column header cannot be used"),
    "RS-C004": (Severity.ERROR, "formula cell without a value"),
    "RS-C005": (Severity.ERROR, "merged cells"),
    "RS-C006": (Severity.ERROR, "sheet is too large"),
    "RS-C007": (Severity.ERROR, "reading workbooks needs openpyxl"),
    "RS-C008": (Severity.ERROR, "'sheets' entry names no sheet of the pack"),
    "RS-C009": (Severity.WARNING, "published sheet not fetched: its cached copy is used"),
    "RS-C010": (Severity.ERROR, "published sheet cannot be fetched and has no cached copy"),
    "RS-C011": (Severity.ERROR, "address is not an http(s) address"),
    # Render
    "RS-R001": (Severity.ERROR, "text does not fit"),
    "RS-R002": (Severity.WARNING, "text shrunk below preferred size"),
    "RS-R003": (Severity.ERROR, "card does not fit on the paper"),
    "RS-R004": (Severity.ERROR, "glyph missing from the bundled font"),
    "RS-R005": (Severity.ERROR, "unknown inline icon"),
    "RS-R006": (Severity.WARNING, "text printed below 6 pt"),
    "RS-R007": (Severity.WARNING, "deck size is no card product of the print service"),
    "RS-R008": (Severity.WARNING, "colour above the print service's total ink limit"),
    "RS-R009": (Severity.WARNING, "small text in colour ink where the print service asks for black"),
    "RS-R010": (Severity.WARNING, "picture below the print service's resolution"),
    "RS-R011": (Severity.WARNING, "artwork does not reach the print service's bleed"),
    "RS-R012": (Severity.WARNING, "transparency in a file the print service wants without"),
    "RS-R013": (Severity.INFO, "card sheets give up part of the bleed"),
    # Fragments system
    "RS-F001": (Severity.ERROR, "duplicate fragment"),
    "RS-F002": (Severity.WARNING, "near-duplicate fragment"),
    "RS-F003": (Severity.WARNING, "fragment is not in the first person"),
    "RS-F004": (Severity.ERROR, "when card is missing a side"),
    "RS-F005": (Severity.ERROR, "scoring table disagrees with n(n+1)/2"),
    "RS-F006": (Severity.ERROR, "deck too small for six hands and a round"),
    "RS-F007": (Severity.ERROR, "pack has no fragment-game document"),
    "RS-F008": (Severity.INFO, "press-your-luck simulation"),
    "RS-F009": (Severity.ERROR, "a second fragment-game document"),
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
    "RS-G027": (Severity.WARNING, "god quest not simulated"),
    "RS-G101": (Severity.ERROR, "objective can never be achieved"),
    "RS-G102": (Severity.WARNING, "objective not proven achievable"),
    "RS-G103": (Severity.WARNING, "ending objective achievable in one turn"),
    "RS-G104": (Severity.ERROR, "shortest solution differs from solver.expect"),
    "RS-G105": (Severity.INFO, "solver summary"),
    "RS-G106": (Severity.WARNING, "cached solver result failed verification"),
    "RS-G107": (Severity.WARNING, "objective not proven for every player count"),
    "RS-G108": (Severity.WARNING, "island riddle easier than the one before it"),
    "RS-G109": (Severity.INFO, "island's riddles hold no surprise"),
    "RS-G110": (Severity.WARNING, "a deck god would cut an objective's par"),
    "RS-G111": (Severity.INFO, "par with god powers not decided"),
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
    "RS-T019": (Severity.WARNING, "too few god cards to draw one per scenario"),
    # Role-card system (New York)
    "RS-N001": (Severity.ERROR, "role deck is not complete"),
    "RS-N002": (Severity.ERROR, "role deck mixes sets of one type"),
    "RS-N003": (Severity.ERROR, "wrong number of Engineers"),
    "RS-N004": (Severity.ERROR, "two role cards share a number"),
    "RS-N005": (Severity.ERROR, "ability timing the power cannot use"),
    "RS-N006": (Severity.WARNING, "ability power not simulated"),
    "RS-N007": (Severity.ERROR, "no first-play card"),
    "RS-N008": (Severity.ERROR, "ability power parameters are wrong"),
    "RS-N009": (Severity.ERROR, "role board problem"),
    "RS-N010": (Severity.ERROR, "deck names an unknown role card"),
    "RS-N011": (Severity.WARNING, "role card never played in playouts"),
    "RS-N012": (Severity.WARNING, "role card always costs a worker"),
    "RS-N013": (Severity.WARNING, "role card wins far above the others"),
    "RS-N014": (Severity.INFO, "role playout summary"),
    "RS-N015": (Severity.WARNING, "role card never playable"),
    "RS-N016": (Severity.ERROR, "old-style role document"),
    "RS-N017": (Severity.WARNING, "a role type's numbers lift or sink all its roles"),
    "RS-N018": (Severity.WARNING, "role wins far from a fair share"),
    "RS-N019": (Severity.WARNING, "role card never worth playing"),
    "RS-N020": (Severity.INFO, "role figures across deals"),
    "RS-N021": (Severity.INFO, "what skill is worth in the role game"),
    "RS-N022": (Severity.WARNING, "a stronger role-game player wins less than a fair share"),
    "RS-N023": (Severity.INFO, "skill gap by role"),
    "RS-N024": (Severity.WARNING, "a stronger role-game player wins less with a role"),
    "RS-T101": (Severity.ERROR, "no line of play wins the scenario"),
    "RS-T102": (Severity.WARNING, "campaign win rates do not fall as levels rise"),
    "RS-T103": (Severity.WARNING, "no win found by playtests or the proof search"),
    "RS-T104": (Severity.WARNING, "inconsistent cached playtest discarded"),
    "RS-T105": (Severity.ERROR, "a god-card variant makes a scenario unwinnable"),
    "RS-T106": (Severity.INFO, "campaign win-rate curve"),
    "RS-T107": (Severity.INFO, "campaign plateau"),
    "RS-T108": (Severity.WARNING, "campaign cliff"),
    "RS-T109": (Severity.INFO, "skill gap by scenario"),
    "RS-T110": (Severity.WARNING, "a stronger player wins a scenario less"),
    "RS-T111": (Severity.INFO, "a god card's win rate beside the plain game's"),
    "RS-T112": (Severity.WARNING, "a god card in the wrong pile"),
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
    "RS-X016": (Severity.ERROR, "tile id appears twice in the glyph set"),
    "RS-X017": (Severity.ERROR, "a second glyph-game document"),
    "RS-X018": (Severity.WARNING, "riddle card in a deck no degree deals"),
    "RS-X101": (Severity.WARNING, "a higher degree is clearly easier"),
    "RS-X102": (Severity.WARNING, "card difficulty does not rise with the deck number"),
    "RS-X103": (Severity.INFO, "difficulty curve"),
    "RS-X104": (Severity.INFO, "difficulty plateau"),
    "RS-X105": (Severity.WARNING, "difficulty cliff"),
    "RS-X106": (Severity.INFO, "skill gap by degree"),
    "RS-X107": (Severity.WARNING, "a stronger player wins less"),
    # Environment / usage (exit code 2)
    "RS-E001": (Severity.ERROR, "path does not exist"),
    "RS-E002": (Severity.ERROR, "output folder cannot be written"),
}


@dataclass(frozen=True, slots=True)
class Explanation:
    """What ``riddlesmith explain CODE`` prints beside the code's title: why the
    problem matters, and a short example of content that triggers it."""

    why: str
    example: str


# Why each code matters and an example that triggers it (``riddlesmith explain``).
# Codes of a game system are explained in that system's ``codes.py``.
EXPLANATIONS: dict[str, Explanation] = {code: Explanation(*text) for code, text in {
    "RS-Y001": ("A file that is not valid YAML cannot be read at all, so none of its documents "
                "are checked or printed.",
                "kind: fragment-card\nid: hums\ntags: [sound, night     # the list is never closed"),
    "RS-Y002": ("Content files are untrusted input; a file over 5 MiB is refused before it is "
                "parsed, so a mistake cannot stall the whole check.",
                "# a 6 MiB cards.yaml, e.g. an image pasted as text"),
    "RS-Y003": ("YAML keeps only one of two equal keys, silently; the text you see in the file "
                "may not be the text that gets printed.",
                "kind: fragment-card\nid: hums\ntext: I hum.\ntext: I sing.    # second 'text'"),
    "RS-Y004": ("Files must be UTF-8 so accents and Greek letters print as written; other "
                "encodings turn into the wrong glyphs.",
                "text: I hum \\xe9t\\xe9.    # Latin-1 bytes saved by an old editor"),
    "RS-Y005": ("A byte-order mark is invisible in most editors and breaks tools that read the "
                "file after riddlesmith.", "\\ufeffkind: fragment-card    # saved 'with BOM'"),
    "RS-Y006": ("YAML forbids tabs in indentation; a tab that looks aligned in your editor "
                "changes or breaks the structure.", "press_your_luck:\n\\tscoring: [1, 3, 6]"),
    "RS-Y007": ("Nesting deeper than 64 levels is never real content and could exhaust the "
                "parser; it is refused.", "a: [[[[[[[[ ... 5000 brackets ... ]]]]]]]]"),
    "RS-Y008": ("Aliases that expand to more than 500,000 nodes ('billion laughs') would freeze "
                "the check; loading stops at once.",
                "a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n# ..."),
    "RS-Y009": ("Every document in a pack is a mapping of keys (kind, id, ...); a list or a bare "
                "sentence cannot be a card or a riddle.", "- kind: fragment-card\n- id: hums"),
    "RS-Y010": ("Tags such as !!python/object could run code in other YAML tools; riddlesmith "
                "reads plain data only.", "text: !!python/object:os.system ls"),
    "RS-Y011": ("An alias (*name) must refer to an anchor (&name) defined earlier in the same "
                "document.", "kind: fragment-card\nid: hums\ntext: *greeting    # no &greeting"),
    "RS-Y012": ("A file the pack includes could not be opened (permissions, a broken link), "
                "so its documents are missing from the pack.",
                "include: [cards/*.yaml]    # cards/x.yaml is not readable"),
    "RS-Y013": ("Keys must be plain text; a list or mapping used as a key cannot name a field.",
                "kind: fragment-card\nid: hums\n? [a, b]\n: c"),
    "RS-Y014": ("A number thousands of digits long is never real content, and converting it "
                "would take the check a very long time; it is refused.",
                "copies: 1000000000000000000000000000000 ... (5000 digits)"),
    "RS-Y015": ("Control characters and the odd Unicode line separators do not print, or print "
                "as boxes; they usually come from pasting text.",
                "text: I hum\\u2028at night.    # a pasted line separator"),
    "RS-Y016": ("A file with nothing in it (or only '---' lines) is almost always a save that "
                "went wrong or a card never written; the pack would silently miss it.",
                "(an empty cards/new.yaml, 0 bytes)"),
    "RS-Y017": ("A file of comments only may be a placeholder for content to come; it is a "
                "warning, which a placeholder may silence with a suppression comment.",
                "# riddlesmith: ignore[RS-Y017]\n# cards for the next island go here"),
    "RS-Y018": ("A '---' with nothing after it before the next '---' or the end of the file is "
                "a stray separator, or the trace of a document deleted by mistake.",
                "kind: fragment-card\nid: hums\ntext: I hum.\n---\n---\nkind: fragment-card\n..."),
    "RS-P001": ("Without a pack.yaml riddlesmith does not know the pack's id, systems or files.",
                "content/my-deck/cards/x.yaml    # but no content/my-deck/pack.yaml"),
    "RS-P002": ("The kind says which schema and which rules apply to a document.",
                "id: hums\ntext: I hum.    # no 'kind: fragment-card'"),
    "RS-P003": ("Documents refer to each other by id, and output files are named after it.",
                "kind: fragment-card\ntext: I hum.    # no 'id:'"),
    "RS-P004": ("No installed system knows this kind, so nothing checks or prints the document.",
                "kind: fragment-crad    # did you mean fragment-card?\nid: hums"),
    "RS-P005": ("Ids are how documents refer to each other; two documents with one id make every "
                "reference to it ambiguous.",
                "# cards/a.yaml\nkind: fragment-card\nid: hums\n# cards/b.yaml\nkind: fragment-card\nid: hums"),
    "RS-P006": ("A pattern that matches nothing is usually a typo, and the files you meant are "
                "silently left out.", "include: [game.yaml, crads/*.yaml]"),
    "RS-P007": ("pack.yaml describes the pack itself and must hold exactly one 'kind: pack' "
                "document.", "kind: pack\nid: deck\n---\nkind: pack\nid: other"),
    "RS-P008": ("The pack names a game system that is not installed, so its documents cannot be "
                "checked or printed.", "systems: [fragments, riddel]"),
    "RS-P009": ("A pack must be self-contained: patterns or links that leave its folder could "
                "read files that are not part of it.", "include: [../elsewhere/*.yaml]"),
    "RS-P010": ("A document names an id that no document of the expected kind has, so the link "
                "is broken in print.", "gods: [zeuss]    # no god with id zeuss"),
    "RS-P011": ("The text falls back to the pack's first language, so a printed card mixes "
                "languages.", "text: I hum.    # checked with --lang fr, no 'fr' text"),
    "RS-P012": ("The document's kind belongs to a system the pack does not list in 'systems', "
                "so no checks or renderers run for it.",
                "# pack.yaml: systems: [fragments]\nkind: riddle\nid: first-light"),
    "RS-P013": ("A YAML file in the pack that no include pattern loads is never checked nor "
                "printed; usually a new folder was not added to 'include'.",
                "# pack.yaml: include: [cards/*.yaml]\n# drafts/new-card.yaml exists too"),
    "RS-P014": ("A suppression that silences nothing hides nothing today but would hide a real "
                "warning later; errors cannot be silenced at all.",
                "text: I hum.  # riddlesmith: ignore[RS-F003]    # the text is in the first person"),
    "RS-P015": ("Output goes to OUT/<pack-id>/ and the cache is kept per pack id; two packs "
                "with one id would overwrite each other's files.",
                "# content/a/pack.yaml and content/b/pack.yaml both say:\nid: my-deck"),
    "RS-P016": ("The same setting is written in two documents and one silently wins; keep it "
                "in one place so a change takes effect.",
                "# pack.yaml\nprint: {card: poker}\n# settings/game.yaml\ncard: {size: tarot}"),
    "RS-P017": ("check compares the players of sim.players with each system's default player "
                "(the skill gap); a name no system of the pack plays is a typo or a system the "
                "pack does not use.",
                "sim: {players: [random, lookahead]}"),
    "RS-P018": ("A deck named in print.stamp that the pack does not print (a typo, a deck of "
                "another language) leaves its cards unstamped, so a prototype cannot say "
                "which version it is.",
                "# pack.yaml of a riddle pack (its decks: gods, blessings)\nprint: {stamp: [god]}"),
    "RS-S001": ("The value breaks a rule of the document's schema (a pattern, a range, a format); "
                "the message and hint say which.", "kind: fragment-card\nid: My_Card    # ids are lowercase-with-dashes\ntext: I hum."),
    "RS-S002": ("A key the schema does not know is usually a typo, and its value is ignored.",
                "kind: fragment-card\nid: hums\ntxt: I hum.    # did you mean 'text'?"),
    "RS-S003": ("A required field is missing, so the document cannot be printed or checked.",
                "kind: fragment-card\nid: hums\ncategory: sound    # no 'text'"),
    "RS-S004": ("The value has the wrong type (text where a number goes, a list where a mapping "
                "goes).", "kind: fragment-card\nid: hums\ntext: I hum.\ncopies: two    # a whole number, e.g. 2"),
    "RS-S005": ("The value is not one of those the schema allows.",
                "print: {paper: a5}    # a4, letter or universal"),
    "RS-C001": ("A file named .csv must be text (UTF-8, cells separated by commas, semicolons or "
                "tabs) and one named .xlsx a workbook; a file that is neither cannot give any "
                "document.", "include: [cards.csv]    # cards.csv is really a workbook or a picture"),
    "RS-C002": ("Each header names a field of the document kind; a misspelt header would leave "
                "its whole column out of every card.",
                "kind,id,txt            # did you mean 'text'?\nfragment-card,hums,I hum."),
    "RS-C003": ("A header must name one field once: an empty header over values, the same field "
                "twice, 'text' beside 'text.fr', or a list named without its items.",
                "id,text,text.fr        # write text.en and text.fr\nhums,I hum.,Je bourdonne."),
    "RS-C004": ("Formulas are not computed: only the value the spreadsheet program saved is read. "
                "A workbook written by a script and never opened and saved has none, and a "
                "formula that failed (#REF!, #DIV/0!) has no usable value.",
                "C7: =B7*2    # saved by a script, never opened in a spreadsheet program"),
    "RS-C005": ("A merged cell holds one value for several columns or rows; which field it "
                "fills would be a guess.", "C7:D7 merged to centre a long text"),
    "RS-C006": ("A sheet of more than 10,000 rows or 1,000 columns is never a deck; the limit "
                "keeps a stray export from stalling the check.",
                "cards.csv: 100,000 rows exported from a database"),
    "RS-C007": ("Workbooks are read with openpyxl, which installs with riddlesmith; it is missing "
                "when riddlesmith was installed without its dependencies.",
                "pip install --no-deps riddlesmith    # then a pack includes cards.xlsx"),
    "RS-C008": ("A 'sheets' entry in pack.yaml gives the kind of the documents of a sheet; one "
                "that names no sheet of the pack gives nothing, usually a typo.",
                "sheets: {crads.csv: fragment-card}    # the file is cards.csv"),
    "RS-C009": ("A sheet included by its web address is fetched at each check; when the network "
                "or the server fails, the copy kept in the cache at the last fetch is checked "
                "instead, and it may be older than the sheet.",
                "include: [\"https://docs.google.com/spreadsheets/d/e/ID/pub?output=csv\"]    "
                "# offline"),
    "RS-C010": ("A sheet that cannot be fetched and was never kept in the cache gives no "
                "document: the address is wrong, the sheet is not published, the server "
                "failed, or the machine is offline.",
                "include: [\"https://docs.google.com/spreadsheets/d/e/ID/pubhtml\"]    "
                "# the web page, not its CSV"),
    "RS-C011": ("Only http:// and https:// addresses are fetched: a file:// address would read "
                "outside the pack, and other schemes are not sheets a designer publishes.",
                "include: [\"file:///home/ana/cards.csv\"]"),
    "RS-R001": ("The text does not fit its box even at the smallest allowed size, so the printed "
                "card would be clipped.", "text: I wander and wander and wander ... (120 words)"),
    "RS-R002": ("The text fits only below its preferred size; it stays readable but smaller than "
                "the rest of the deck.", "text: A long clue that needs a smaller font to fit."),
    "RS-R003": ("The card with its bleed is larger than the printable area of the paper, so no "
                "sheet can hold it.", "card: {size: {width: 300mm, height: 90mm}}"),
    "RS-R004": ("The bundled fonts have no glyph for a character, which would print as an empty "
                "box.", "text: I glow \\u2603 at night."),
    "RS-R005": ("An inline icon name is not one the renderer knows, so nothing would be drawn "
                "in its place.", "text: Build a :domme: on any space."),
    "RS-R006": ("A fitted text would print smaller than 6 pt, which most players cannot read "
                "on a card or a sheet; shorten the text or give it a larger box.",
                "text: (a god's power written out in 90 words on a poker card)"),
    "RS-R007": ("build --target tgc, mpc or dtc writes a deck only as one of the service's "
                "card products; a deck of another size (a 30 mm tile) gets no files there, "
                "and this says so at the line that sets its size.",
                "print: {card: {width: 30mm, height: 30mm}}    # with --target tgc"),
    "RS-R008": ("A press puts down only so much ink before it smears or sets off; DriveThruCards "
                "asks for at most 240 % (C+M+Y+K). A dark colour converts to more: #400000 is "
                "C0 M100 Y100 K75, 275 %.", "colour: '#400000'    # with --target dtc"),
    "RS-R009": ("Text in several inks blurs when the plates are a hair out of register; "
                "DriveThruCards asks for text under 12 pt in black (K) only. A near black such as "
                "#1d1d1b has some cyan, magenta or yellow too.",
                "# game.yaml of a fragment deck, built with --target dtc: its 6 pt card numbers\n"
                "card: {accent: '#7a4b1e'}"),
    "RS-R010": ("The service prints at 300 dpi; a picture with fewer pixels per inch at its "
                "printed size prints soft.",
                "art:\n  - file: art/thumbnail-64px.png    # a whole face, with --target dtc"),
    "RS-R011": ("The service cuts anywhere in its bleed; where the artwork stops short of it a "
                "miscut shows white. Backgrounds and bands are widened for it, pictures and "
                "other shapes at a face's edge cannot be.",
                "art:\n  - file: art/harbour.jpg    # the whole face with 3 mm of bleed; tgc asks 1/8 in"),
    "RS-R012": ("PDF/X-1a, which DriveThruCards asks for, has no transparency; a see-through "
                "shape may print solid or not at all. No document field sets it: a system or a "
                "plug-in that draws a see-through shape on a card does.",
                "# a plug-in's card face with a band at 50 % opacity, built with --target dtc"),
    "RS-R013": ("A card sheet keeps crop marks at least 5 mm from the paper's edge, where "
                "printers print nothing. When the grid of cards leaves too little room, either "
                "the bleed on the sheet's outer edges is cut back for the marks (A4, poker 3 x 3 "
                "butted: 1.75 mm left and right, 3 mm top and bottom) or the outer cards' bleed "
                "lies in that border (A4, poker 2 x 4 turned in the full-bleed gutter: cut 5 mm "
                "from the top and bottom, so all 3 mm of bleed there is in the border, and "
                "2.6 mm left and right): a cut that strays outwards shows a sliver of white "
                "there. The note names the deck, what its sheets give up, and the cards a "
                "sheet would lose to keep the whole bleed (A4 poker: 8 instead of 9 butted, 4 "
                "instead of 8 in the gutter); Letter sheets of poker cards give nothing up. It "
                "is a note, not a warning, so that --strict does not fail every A4 build of a "
                "card game; the pro and print-service targets keep the full bleed.",
                "print: {paper: a4, card: poker}    # build, with the default 3 mm bleed"),
    "RS-A001": ("An 'art' file named by a document does not exist, so the card, token or map "
                "would print without its picture. Paths are relative to the YAML file.",
                "art: pics/missing.png"),
    "RS-A002": ("An 'art' file exists but is not a PNG, JPEG or SVG image riddlesmith can read "
                "(a truncated download, a renamed file).", "art: notes.txt"),
    "RS-A003": ("At its printed size the image has fewer than 300 pixels per inch, so it will "
                "print soft or blocky; use a larger image or a smaller box.",
                "art: thumbnail-64px.png   (on a 63 x 88 mm card)"),
    "RS-A004": ("A key of 'print.tokens' in pack.yaml names no token the pack prints (a typo, "
                "or a colour no riddle uses), so its picture would never be printed.",
                "print:\n  tokens:\n    coin-golden: art/coin.png    # did you mean 'coin-gold'?"),
    "RS-E001": ("A path given on the command line does not exist; nothing can be checked.",
                "riddlesmith check contnet/"),
    "RS-E002": ("The output folder cannot be created or written, so build cannot save its files.",
                "riddlesmith build --out /read-only/folder"),
}.items()}


CORE_OWNER = "riddlesmith"
"""The owner of every code in :data:`CODES` as shipped (the core and the built-in systems)."""

CODE_FORM = re.compile(r"RS-[A-Z][0-9]{3}")
"""What a code looks like (the form ``pack.yaml``'s ``ignore:`` list accepts)."""


@dataclass(frozen=True, slots=True)
class Code:
    """A diagnostic code a game system brings (a plug-in's ``codes``): its default
    severity and title, why it matters and an example that triggers it, for
    ``riddlesmith explain``."""

    code: str
    severity: Severity
    title: str
    why: str
    example: str


class CodeClash(ValueError):
    """A code registered twice with different meanings, or one that is not a code."""


_OWNERS: dict[str, str] = {}
"""Who registered each code that is not in the shipped table (system name)."""


def register_codes(owner: str, codes: Iterable[Code]) -> None:
    """Add ``owner``'s codes to :data:`CODES` and :data:`EXPLANATIONS`.

    Registering the same code again for the same owner with the same text does
    nothing (systems are discovered on every command); any other clash is refused
    naming both owners.

    >>> try:
    ...     register_codes("dice", [Code("RS-F001", Severity.ERROR, "x", "why", "eg")])
    ... except CodeClash as exc:
    ...     print(exc)
    code RS-F001 of system 'dice' is already registered by riddlesmith ('duplicate fragment')
    """
    for entry in codes:
        if not CODE_FORM.fullmatch(entry.code):
            raise CodeClash(f"code {entry.code!r} of system '{owner}' is not of the form "
                            "RS-<letter><3 digits>, e.g. RS-D001")
        taken = CODES.get(entry.code)
        if taken is not None:
            first = _OWNERS.get(entry.code, CORE_OWNER)
            same = (first == owner and taken == (entry.severity, entry.title)
                    and EXPLANATIONS.get(entry.code) == Explanation(entry.why, entry.example))
            if same:
                continue
            who = first if first == CORE_OWNER else f"system '{first}'"
            raise CodeClash(f"code {entry.code} of system '{owner}' is already registered by "
                            f"{who} ('{taken[1]}')")
        CODES[entry.code] = (entry.severity, entry.title)
        EXPLANATIONS[entry.code] = Explanation(entry.why, entry.example)
        _OWNERS[entry.code] = owner


def plugin_codes() -> frozenset[str]:
    """The codes plug-ins have added to :data:`CODES` in this process."""
    return frozenset(_OWNERS)


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
