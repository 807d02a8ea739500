"""The role-card model (RULES.md section 3): frozen roles and games read from documents.

The rules deal role decks one per type: a *role* (one name, one ability text) is
printed as six copies, each copy with its own number (the Engineer as seven). A
:class:`RoleCard` is one ``role-card`` document, a role: its type, name,
first-play flag and abilities (timing, text, power id, parameters); it carries no
number. A :class:`RoleGame` is the ``role-game`` document: the board (with
numbered start spaces), the pieces, the roles in the box, the numbers of each
type, players, hand size and refill cadence. Our rule for the numbers: every role
of a type is printed with the same six numbers (``numbers.<type>``), so any deal
of one Builder, one Specialist and one Mover role has 25 distinct numbers. A
:class:`Deal` is the game's choice of one role per type. Readers never raise on
content that passed the schema (an old-style document reads as an empty deck and
is reported by the checks, RS-N016).

>>> board = parse_board(". 1 .\\n2 . 2\\n. 1 .")
>>> board.geometry.width, board.starts
(3, ((1, (1, 7)), (2, (3, 5))))
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from generator.engine.geometry import Geometry, Square
from generator.pack.model import Document, pick_text

TYPES = ("engineer", "builder", "specialist", "mover")
"""Card types in printing order; engineers are always in play."""
SET_TYPES = TYPES[1:]
"""The types of which a game chooses one role (and deals its six copies)."""
TIMINGS = ("game-setup", "start-of-turn", "your-move", "your-build", "your-turn",
           "end-of-turn", "win-condition")
TIMING_TITLES = MappingProxyType({
    "game-setup": "Game Setup", "start-of-turn": "Start of Your Turn", "your-move": "Your Move",
    "your-build": "Your Build", "your-turn": "Your Turn", "end-of-turn": "End of Your Turn",
    "win-condition": "Additional Win Condition",
})
"""Timing headers as printed on a card (our wording of the rule's timing keywords)."""

ENGINEERS = 7
"""Engineer cards in a deck (RULES.md section 3)."""
SET_SIZE = 6
"""Copies of one Builder, Specialist or Mover role: the numbers of its type."""
COPIES = MappingProxyType({"engineer": ENGINEERS, "builder": SET_SIZE,
                           "specialist": SET_SIZE, "mover": SET_SIZE})
"""Printed copies of a role of each type."""
LEGACY_CARD_KEYS = ("number", "set")
"""Keys of the old style, one role per number (RS-N016)."""
HAND_SIZE = 5
REFILL_EVERY = 4
"""Turns between refills: after four turns the hand of five holds one card."""
PIECES = MappingProxyType({"blocks": 64, "rooftops": 10, "skyscrapers": 6})
"""Pieces in the box when the game document does not say."""
MIN_PLAYERS, MAX_PLAYERS = 2, 5
WORKERS_EACH = 2

POWER_TIMINGS: Mapping[str, frozenset[str]] = MappingProxyType({
    "build-skyscraper-first": frozenset({"start-of-turn"}),
    "build-under": frozenset({"start-of-turn", "your-build"}),
    "slide": frozenset({"your-move"}),
    "leap": frozenset({"your-move"}),
    "move-beside-skyscraper": frozenset({"your-move"}),
    "push-into": frozenset({"your-move"}),
    "push-away": frozenset({"your-move"}),
    "pull": frozenset({"start-of-turn", "your-move"}),
    "force-compass": frozenset({"your-move"}),
    "force-onto-build": frozenset({"your-build", "end-of-turn"}),
    "force-into-vacated": frozenset({"start-of-turn", "your-move"}),
    "force-line": frozenset({"end-of-turn"}),
    "order-move": frozenset({"end-of-turn"}),
    "build-two-spaces": frozenset({"your-build"}),
    "build-same-twice": frozenset({"your-build"}),
    "build-around": frozenset({"your-build"}),
    "both-workers-act": frozenset({"your-turn"}),
    "win-by-dome": frozenset({"win-condition"}),
    "win-by-descent": frozenset({"win-condition"}),
    "place-skyscraper": frozenset({"game-setup"}),
})
"""The timings at which each role power can act (a god power: any turn timing): the
stage of the turn where the engine plays it. ``push-away`` and ``force-compass``
force right after the move, before the build, so they are "your move" powers;
``force-line`` and ``order-move`` act after the builds ("end of your turn")."""
TURN_TIMINGS = frozenset(TIMINGS) - {"game-setup", "win-condition"}


@dataclass(frozen=True, slots=True)
class Ability:
    """One ability of a card: its timing, printed text, power id and parameters."""

    timing: str
    text: Any
    power: str
    params: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))


@dataclass(frozen=True, slots=True)
class RoleCard:
    """A role (one document): printed once per number of its type (see the module notes)."""

    id: str
    type: str
    name: Any
    first_play: bool
    abilities: tuple[Ability, ...]

    def title(self, lang: str | None = None) -> str:
        """The card's name in ``lang``."""
        return pick_text(self.name, lang)


@dataclass(frozen=True, slots=True)
class Board:
    """A board: its geometry and start spaces (number, two squares) in number order."""

    geometry: Geometry
    starts: tuple[tuple[int, tuple[Square, ...]], ...]


@dataclass(frozen=True, slots=True)
class RoleGame:
    """The ``role-game`` document, read."""

    id: str
    title: Any
    board: Board | None
    roles: tuple[str, ...]
    numbers: Mapping[str, tuple[int, ...]]
    pieces: Mapping[str, int]
    players: tuple[int, int]
    hand_size: int
    refill_every: int
    playtest_games: int
    playtest_players: int
    seed: int
    legacy: bool = False  # an old-style ``deck:`` (RS-N016)


@dataclass(frozen=True, slots=True, order=True)
class Deal:
    """One game's choice: the Engineer role and one Builder, Specialist and Mover role."""

    engineer: str
    builder: str
    specialist: str
    mover: str

    def roles(self) -> tuple[str, str, str, str]:
        """The role ids in :data:`TYPES` order."""
        return (self.engineer, self.builder, self.specialist, self.mover)

    def label(self) -> str:
        """``builder + specialist + mover`` (the Engineer is in every deal)."""
        return f"{self.builder} + {self.specialist} + {self.mover}"


def build_card(doc: Document) -> RoleCard:
    """A :class:`RoleCard` from a schema-valid ``role-card`` document."""
    data = doc.data
    abilities = tuple(
        Ability(a["timing"], a["text"], str(a["power"]),
                MappingProxyType(dict(a.get("params", {}) or {})))
        for a in data["abilities"]
    )
    return RoleCard(doc.id, str(data["type"]), data["name"],
                    bool(data.get("first_play", False)), abilities)


def parse_board(text: str) -> Board:
    """A board from its ASCII grid (``ValueError`` naming the first problem)."""
    rows = [line.split() for line in text.splitlines() if line.strip()]
    if not rows or any(len(row) != len(rows[0]) for row in rows):
        raise ValueError("the board rows must have the same number of cells")
    width = len(rows[0])
    land_text = []
    starts: dict[int, list[Square]] = {}
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            if cell not in (".", "~") and not (cell.isdigit() and 1 <= int(cell) <= MAX_PLAYERS):
                name = "ABCDEFGH"[c] + str(r + 1) if c < 8 else f"column {c + 1}"
                raise ValueError(f"cell '{cell}' at {name} is not '.', '~' or a start "
                                 f"number 1-{MAX_PLAYERS}")
            if cell.isdigit():
                starts.setdefault(int(cell), []).append(r * width + c)
        land_text.append(" ".join("~" if cell == "~" else "." for cell in row))
    geometry = Geometry.from_ascii("\n".join(land_text))
    for number, squares in sorted(starts.items()):
        if len(squares) != WORKERS_EACH:
            raise ValueError(f"start number {number} marks {len(squares)} spaces; "
                             f"each number marks {WORKERS_EACH}")
    return Board(geometry, tuple((n, tuple(sq)) for n, sq in sorted(starts.items())))


def build_game(doc: Document) -> tuple[RoleGame, str]:
    """The game of a schema-valid ``role-game`` document and a board problem ('' if none)."""
    data = doc.data
    problem = ""
    board: Board | None = None
    try:
        board = parse_board(str(data["board"]))
    except ValueError as exc:
        problem = str(exc)
    players = data.get("players", {})
    low = int(players.get("min", MIN_PLAYERS))
    high = int(players.get("max", MAX_PLAYERS))
    pieces = {**PIECES, **{k: int(v) for k, v in data.get("pieces", {}).items()}}
    trial = data.get("playtest", {})
    numbers = data.get("numbers", {})
    game = RoleGame(
        doc.id, data["title"], board, tuple(str(c) for c in data.get("roles", ())),
        MappingProxyType({t: tuple(int(n) for n in numbers.get(t, ())) for t in TYPES}),
        MappingProxyType(pieces), (low, high), int(data.get("hand_size", HAND_SIZE)),
        int(data.get("refill_every", REFILL_EVERY)), int(trial.get("games", PLAYTEST_ROUNDS)),
        int(trial.get("players", low)), int(trial.get("seed", 0)), "deck" in data)
    return game, problem


PLAYTEST_ROUNDS = 8
"""check plays at most this many games of every deal unless ``playtest.games`` says."""


def roles_of_type(game: RoleGame, cards: Mapping[str, RoleCard], kind: str) -> tuple[str, ...]:
    """The game's roles of ``kind`` that are role cards of the pack, in the game's order."""
    return tuple(r for r in game.roles if r in cards and cards[r].type == kind)


def iter_deals(game: RoleGame, cards: Mapping[str, RoleCard]) -> tuple[Deal, ...]:
    """Every deal of the game: the first Engineer role with each choice of one Builder,
    one Specialist and one Mover role (builders slowest, movers fastest, in the
    game's order of its roles); empty when a type has no role.

    >>> from types import MappingProxyType as M
    >>> c = {i: RoleCard(i, t, i, False, ()) for i, t in
    ...      [("e", "engineer"), ("b1", "builder"), ("b2", "builder"), ("s", "specialist"),
    ...       ("m", "mover")]}
    >>> g = RoleGame("g", "G", None, ("e", "b1", "b2", "s", "m"), M({}), M({}), (2, 5), 5, 4,
    ...              8, 2, 0)
    >>> [d.label() for d in iter_deals(g, c)]
    ['b1 + s + m', 'b2 + s + m']
    """
    engineers = roles_of_type(game, cards, "engineer")
    kinds = [roles_of_type(game, cards, kind) for kind in SET_TYPES]
    if not engineers or not all(kinds):
        return ()
    return tuple(Deal(engineers[0], b, s, m) for b in kinds[0] for s in kinds[1] for m in kinds[2])


def first_play_deal(game: RoleGame, cards: Mapping[str, RoleCard]) -> Deal | None:
    """The deal of the roles marked first_play (the first of each type; None when a type
    has none)."""
    picked = []
    for kind in TYPES:
        marked = [r for r in roles_of_type(game, cards, kind) if cards[r].first_play]
        if not marked:
            return None
        picked.append(marked[0])
    return Deal(*picked)


def printed_cards(cards: Mapping[str, RoleCard], game: RoleGame, deal: Deal
                  ) -> list[tuple[int, RoleCard]]:
    """Every printed card of ``deal`` as (number, role), in number order: each role once
    per number of its type."""
    out = [(n, cards[role]) for kind, role in zip(TYPES, deal.roles(), strict=True)
           if role in cards for n in game.numbers.get(kind, ())]
    return sorted(out, key=lambda item: (item[0], item[1].id))


def box_cards(cards: Mapping[str, RoleCard], game: RoleGame) -> list[tuple[int, RoleCard]]:
    """Every card in the box as (number, role): type by type (:data:`TYPES` order), each
    role of the game (in its order) once per number of its type. What prints."""
    return [(n, cards[role]) for kind in TYPES for role in roles_of_type(game, cards, kind)
            for n in game.numbers.get(kind, ())]
