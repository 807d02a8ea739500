"""Frozen models of the riddle system's documents, built from schema-valid data.

``build_riddle(doc)`` reads a riddle: the ASCII map becomes the engine's
:class:`~generator.engine.geometry.Geometry` plus set-up heights, domes,
figures, tokens and features; coins, objectives (with their goal objects) and
end-of-turn effects (with their effect objects) follow. It returns the model
(or None when the map cannot be read) and the problems it met, each at the
YAML line and column it belongs to, down to the cell inside the map's block.

The other kinds are plain reads (their schemas already say everything) and live
beside: ``god``, ``blessing`` and ``die`` in :mod:`.box`, ``campaign`` and
``constellation`` in :mod:`.campaign`.

``dump_riddle(riddle)`` writes a model back as document data; building that
again gives an equal model (positions are not part of equality).
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from generator.diagnostics import Diagnostic, make, pointer_of
from generator.engine.geometry import NO_SQUARE, Bitboard, Geometry, Square
from generator.engine.state import PIECE_NAMES, State, Stockpile, state_from_heights
from generator.pack.model import Document
from generator.systems.riddle.effects import parse_effect
from generator.systems.riddle.goals import parse_goal
from generator.systems.riddle.goals.all_of import AllOfGoal
from generator.systems.riddle.goals.slots import SlotsGoal
from generator.pack.grid import BlockLayout, layout_block
from generator.systems.riddle.grid import ParsedGrid, parse_grid
from generator.systems.riddle.state import COLOURS
from generator.systems.riddle.vocab import DocPath, Effect, Goal, ParseSite, Problem

Text = str | tuple[tuple[str, str], ...]
"""A text, or (language, text) pairs sorted by language."""

TIERS = ("silver", "gold", "heroic", "godlike")
ALL_PLAYER_COUNTS = (1, 2, 3, 4)
BASE_GAME_PIECES = Stockpile(22, 18, 14, 18)
"""The pieces in a Santorini box: the stockpile of a riddle that names none."""
GRID_PATH: DocPath = ("map", "grid")


def freeze_text(value: Any) -> Text:
    """A localized text as an immutable value.

    >>> freeze_text({"fr": "Mer", "en": "Sea"})
    (('en', 'Sea'), ('fr', 'Mer'))
    """
    if isinstance(value, dict):
        return tuple(sorted((str(k), str(v)) for k, v in value.items()))
    return str(value)


def thaw_text(value: Text) -> Any:
    return dict(value) if isinstance(value, tuple) else value


def stockpile_of(data: Mapping[str, Any], base: Stockpile = Stockpile(0, 0, 0, 0)) -> Stockpile:
    """Piece counts from a ``{level1: n, ...}`` mapping; missing types come from ``base``."""
    return Stockpile(*(int(data.get(name, base[i])) for i, name in enumerate(PIECE_NAMES)))


def stockpile_data(stock: Stockpile) -> dict[str, int]:
    return {name: stock[i] for i, name in enumerate(PIECE_NAMES)}


# -- riddle ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Feature:
    square: Square
    name: Text
    text: Text


@dataclass(frozen=True, slots=True)
class Board:
    """The map and its set-up: what the grid, the bridges and the features say."""

    geometry: Geometry
    heights: tuple[int, ...]  # blocks per square (0-3)
    domes: Bitboard
    workers: tuple[Square, ...]  # in reading order of the 'W' cells
    king: Square
    sphinx: Square
    tokens: Bitboard  # blessing tokens
    features: tuple[Feature, ...]
    feature_marks: Bitboard  # squares marked '*' on the grid

    def state(self) -> State:
        """The engine's state at set-up."""
        return state_from_heights(self.heights, _squares_of(self.domes), self.workers,
                                  self.king, self.sphinx)

    def figure_squares(self) -> tuple[Square, ...]:
        return tuple(sq for sq in (*self.workers, self.king, self.sphinx) if sq != NO_SQUARE)


@dataclass(frozen=True, slots=True)
class Coin:
    square: Square
    colour: str  # silver | gold
    levels: tuple[int, ...]  # 1-3 blocks, 4 = dome


@dataclass(frozen=True, slots=True)
class Reward:
    piece: str | None = None  # level1..dome or any
    count: int = 1
    text: Text | None = None


@dataclass(frozen=True, slots=True)
class Objective:
    tier: str
    goal: Goal
    slots: tuple[int, int]  # (silver, gold) slots this objective offers
    ends: bool = False
    reward: Reward | None = None
    text: Text | None = None


@dataclass(frozen=True, slots=True)
class GodSetup:
    deck: tuple[str, ...] = ()
    queue: tuple[str, ...] = ()  # the opening queue, dealt from the deck
    revealed: tuple[str, ...] = ()  # blessing cards face up in the queue at set-up


@dataclass(frozen=True, slots=True)
class Expert:
    stockpile: Stockpile | None = None  # complete, after merging the overrides
    turn_limit: int | None = None
    end_of_turn: tuple[Effect, ...] = ()  # added after the riddle's own effects
    text: Text | None = None


@dataclass(frozen=True, slots=True)
class SolverHints:
    horizon: int | None = None  # turns to search at most
    nodes: int | None = None  # states to expand at most
    expect: tuple[tuple[str, int], ...] = ()  # tier -> known shortest solution in turns
    # Search the opening queue's powers and the revealed blessings for a shorter line
    # (the par as played); a riddle may opt out only with a stated reason (``why``).
    powers: bool = True
    why: str | None = None


@dataclass(frozen=True, slots=True)
class Riddle:
    id: str
    number: int
    title: Text
    island: str
    players: tuple[int, ...]
    board: Board
    coins: tuple[Coin, ...]
    stockpile: Stockpile
    gods: GodSetup
    objectives: tuple[Objective, ...]
    end_of_turn: tuple[Effect, ...] = ()
    turn_limit: int | None = None
    expert: Expert | None = None
    solver: SolverHints = SolverHints()
    die: str | None = None
    blessings: tuple[str, ...] = ()  # a fixed blessing deck; empty: by blessing score
    story: Text | None = None
    rules: Text | None = None
    # File line and column of each map cell (by square), for diagnostics.
    cells: tuple[tuple[int, int], ...] = field(default=(), compare=False, repr=False)

    def removable(self) -> Bitboard:
        """Squares whose pieces an effect may remove (so a dome there is not forever)."""
        out = 0
        for effect in (*self.end_of_turn, *(self.expert.end_of_turn if self.expert else ())):
            if effect.NAME == "remove-top":
                out |= 1 << effect.at  # type: ignore[attr-defined]
        return out

    def ending(self) -> int:
        """Index of the first objective that ends the riddle, or -1."""
        return next((i for i, o in enumerate(self.objectives) if o.ends), -1)


def _squares_of(bits: Bitboard) -> list[Square]:
    return [sq for sq in range(bits.bit_length()) if bits >> sq & 1]


class _Collector:
    """Diagnostics of one document, from problems at document paths or map cells."""

    def __init__(self, doc: Document, layout: BlockLayout | None = None) -> None:
        self.doc = doc
        self.layout = layout
        self.out: list[Diagnostic] = []

    def problems(self, problems: Iterable[Problem]) -> None:
        for p in problems:
            self.out.append(self.doc.diag(p.code, p.message, p.path, hint=p.hint))

    def at_cell(self, code: str, message: str, line: int, offset: int, hint: str = "") -> None:
        assert self.layout is not None
        ln, col = self.layout.locate(line, offset)
        self.out.append(make(code, message, self.doc.file, ln, col,
                             pointer=pointer_of(GRID_PATH), hint=hint))


def build_riddle(doc: Document, source: str | None = None
                 ) -> tuple[Riddle | None, list[Diagnostic]]:
    """The model of a schema-valid riddle document, and the problems met on the way.

    ``source`` is the text of the document's file; it lets map problems point at
    the exact column even when the grid block is indented unusually.
    """
    data = doc.data
    grid_text = data["map"]["grid"]
    layout = layout_block(doc.locate(GRID_PATH), doc.locate(GRID_PATH, key=True)
                          if GRID_PATH in doc.yaml.keys else None, source)
    report = _Collector(doc, layout)
    grid, grid_problems = parse_grid(grid_text)
    for gp in grid_problems:
        report.at_cell(gp.code, gp.message, gp.line, gp.offset, gp.hint)
    if grid is None:
        return None, report.out
    cells = tuple(layout.locate(c.line, c.offset) for c in grid.cells)
    board = _read_board(doc, grid, report)
    geometry = board.geometry
    coins = _read_coins(data.get("coins", ()), geometry, report)
    stockpile = stockpile_of(data["stockpile"]) if "stockpile" in data else BASE_GAME_PIECES
    gods = data.get("gods", {})
    objectives = _read_objectives(data["objectives"], geometry, report)
    effects = _read_effects(data.get("end_of_turn", ()), ("end_of_turn",), geometry, report)
    expert = None
    if "expert" in data:
        e = data["expert"]
        expert = Expert(
            stockpile=stockpile_of(e["stockpile"], stockpile) if "stockpile" in e else None,
            turn_limit=e.get("turn_limit"),
            end_of_turn=_read_effects(e.get("end_of_turn", ()), ("expert", "end_of_turn"),
                                      geometry, report),
            text=freeze_text(e["text"]) if "text" in e else None)
    hints = data.get("solver", {})
    riddle = Riddle(
        id=doc.id,
        number=data["number"],
        title=freeze_text(data["title"]),
        island=data["island"],
        players=tuple(sorted(data.get("players", ALL_PLAYER_COUNTS))),
        board=board,
        coins=coins,
        stockpile=stockpile,
        gods=GodSetup(tuple(gods.get("deck", ())), tuple(gods.get("queue", ())),
                      tuple(gods.get("revealed", ()))),
        objectives=objectives,
        end_of_turn=effects,
        turn_limit=data.get("turn_limit"),
        expert=expert,
        solver=SolverHints(hints.get("horizon"), hints.get("nodes"),
                           tuple(sorted(hints.get("expect", {}).items())),
                           bool(hints.get("powers", True)), hints.get("why")),
        die=data.get("die"),
        blessings=tuple(data.get("blessings", ())),
        story=freeze_text(data["story"]) if "story" in data else None,
        rules=freeze_text(data["rules"]) if "rules" in data else None,
        cells=cells,
    )
    return riddle, report.out


def _read_board(doc: Document, grid: ParsedGrid, report: _Collector) -> Board:
    width, height = grid.width, grid.height
    land = domes = tokens = marks = 0
    heights = [0] * (width * height)
    workers: list[Square] = []
    figures: dict[str, Square] = {}
    for cell in grid.cells:
        sq = cell.row * width + cell.col
        if cell.terrain != "~":
            land |= 1 << sq
        if cell.terrain in "1234":
            level = int(cell.terrain)
            heights[sq] = min(level, 3)
            if level == 4:
                domes |= 1 << sq
        for mark in cell.marks:
            if mark == "W":
                workers.append(sq)
            elif mark in "KS":
                name = "the King" if mark == "K" else "the Sphinx"
                if mark in figures:
                    first = grid.cells[figures[mark]].name
                    report.at_cell("RS-G005", f"{cell.name}: {name} is already set up on "
                                   f"{first}", cell.line, cell.offset,
                                   f"the map sets up {name} once")
                    continue
                figures[mark] = sq
            elif mark == "b":
                tokens |= 1 << sq
            elif mark == "*":
                marks |= 1 << sq
    bridges = _read_bridges(doc, width, height, land, report)
    geometry = Geometry(width, height, land, tuple(bridges))
    features = _read_features(doc, geometry, grid, marks, report)
    return Board(geometry, tuple(heights), domes, tuple(workers), figures.get("K", NO_SQUARE),
                 figures.get("S", NO_SQUARE), tokens, features, marks)


def _site(geometry: Geometry, path: DocPath, objective: int = -1) -> ParseSite:
    return ParseSite(geometry, path, objective, parse_goal)


def _read_bridges(doc: Document, width: int, height: int, land: Bitboard,
                  report: _Collector) -> list[tuple[Square, Square]]:
    probe = Geometry(width, height, land)
    out: list[tuple[Square, Square]] = []
    for i, pair in enumerate(doc.data["map"].get("bridges", ())):
        ends: list[Square] = []
        for j, name in enumerate(pair):
            sq, problems = _site(probe, ("map", "bridges", i)).square(name, j)
            report.problems(problems)
            if sq is not None:
                ends.append(sq)
        if len(ends) != 2:
            continue
        problem = bridge_problem(probe, ends[0], ends[1])
        if problem:
            report.problems([Problem("RS-G008", f"bridge {pair[0]}-{pair[1]}: {problem}",
                                     ("map", "bridges", i),
                                     "a bridge joins two land spaces of one row or column "
                                     "with only sea between them")])
        else:
            out.append((ends[0], ends[1]))
    return out


def bridge_problem(geometry: Geometry, a: Square, b: Square) -> str:
    """Why two squares cannot be joined by a bridge ('' when they can).

    >>> g = Geometry.from_ascii(". ~ .\\n. . .")
    >>> bridge_problem(g, 0, 2), bridge_problem(g, 3, 5)
    ('', 'B2 between its ends is land, not sea')
    """
    width, land = geometry.width, geometry.land
    for sq in (a, b):
        if not land >> sq & 1:
            return f"its end {geometry.name(sq)} is sea"
    (ra, ca), (rb, cb) = divmod(a, width), divmod(b, width)
    if ra == rb:
        between = [ra * width + c for c in range(min(ca, cb) + 1, max(ca, cb))]
    elif ca == cb:
        between = [r * width + ca for r in range(min(ra, rb) + 1, max(ra, rb))]
    else:
        return "its ends are not in the same row or column"
    if not between:
        return "its ends are next to each other; a bridge crosses at least one sea space"
    for sq in between:
        if land >> sq & 1:
            return f"{geometry.name(sq)} between its ends is land, not sea"
    return ""


def _read_features(doc: Document, geometry: Geometry, grid: ParsedGrid, marks: Bitboard,
                   report: _Collector) -> tuple[Feature, ...]:
    found: list[Feature] = []
    written = 0
    for name, value in doc.data["map"].get("features", {}).items():
        sq, problems = _site(geometry, ("map", "features", name)).square(name)
        if sq is None:
            report.out.extend(doc.diag(p.code, p.message, p.path, key=True, hint=p.hint)
                              for p in problems)
            continue
        written |= 1 << sq
        if not marks >> sq & 1:
            report.out.append(doc.diag("RS-G006", f"{name} has feature text but no '*' on the "
                                       "map", ("map", "features", name), key=True,
                                       hint=f"mark {name} with '*' in the grid"))
        found.append(Feature(sq, freeze_text(value["name"]), freeze_text(value["text"])))
    for cell in grid.cells:
        sq = cell.row * grid.width + cell.col
        if marks >> sq & 1 and not written >> sq & 1:
            report.at_cell("RS-G006", f"{cell.name} is marked '*' but 'features' has no "
                           f"{cell.name}", cell.line, cell.offset,
                           f"add under map.features: {cell.name}: {{name: ..., text: ...}}")
    return tuple(sorted(found, key=lambda f: f.square))


def _read_coins(items: Iterable[Any], geometry: Geometry, report: _Collector
                ) -> tuple[Coin, ...]:
    coins: list[Coin] = []
    for i, item in enumerate(items):
        sq, problems = _site(geometry, ("coins", i)).square(item["at"], "at")
        report.problems(problems)
        if sq is not None:
            coins.append(Coin(sq, item["colour"], tuple(sorted(set(item["levels"])))))
    return tuple(coins)


def read_reward(data: Mapping[str, Any] | None) -> Reward | None:
    if data is None:
        return None
    return Reward(data.get("piece"), data.get("count", 1),
                  freeze_text(data["text"]) if "text" in data else None)


def iter_goal_tree(goal: Goal) -> Iterable[Goal]:
    """A goal and every goal nested in it, depth first."""
    yield goal
    for child in getattr(goal, "goals", ()):
        yield from iter_goal_tree(child)


def _read_objectives(items: list[Any], geometry: Geometry, report: _Collector
                     ) -> tuple[Objective, ...]:
    out: list[Objective] = []
    for i, item in enumerate(items):
        parts: list[Goal] = []
        if "slots" in item:
            slots, problems = SlotsGoal.from_params(
                item["slots"], _site(geometry, ("objectives", i, "slots"), i))
            report.problems(problems)
            if slots is not None:
                parts.append(slots)
        if "goal" in item:
            goal, problems = parse_goal(item["goal"], _site(geometry, ("objectives", i, "goal"),
                                                            i))
            report.problems(problems)
            if goal is not None:
                parts.append(goal)
        if len(parts) != ("slots" in item) + ("goal" in item):
            continue
        whole = parts[0] if len(parts) == 1 else AllOfGoal(tuple(parts), ("objectives", i))
        slot_goals = [g for g in iter_goal_tree(whole) if isinstance(g, SlotsGoal)]
        for extra in slot_goals[1:]:
            report.problems([Problem("RS-G024", "an objective has one set of coin slots; "
                                     "this is a second one", extra.path,
                                     "write all its slots in one 'slots' mapping")])
        capacity = slot_goals[0].counts if slot_goals else (0, 0)
        out.append(Objective(item["tier"], whole, capacity, bool(item.get("ends", False)),
                             read_reward(item.get("reward")),
                             freeze_text(item["text"]) if "text" in item else None))
    return tuple(out)


def _read_effects(items: Iterable[Any], path: DocPath, geometry: Geometry, report: _Collector
                  ) -> tuple[Effect, ...]:
    out: list[Effect] = []
    for i, item in enumerate(items):
        effect, problems = parse_effect(item, _site(geometry, path + (i,)))
        report.problems(problems)
        if effect is not None:
            out.append(effect)
    return tuple(out)


# -- writing a riddle back --------------------------------------------------------


def format_grid(board: Board) -> str:
    """The map as a grid block (one line per row, cells separated by spaces).

    >>> g = Geometry.from_ascii(". ~\\n. .")
    >>> b = Board(g, (0, 0, 2, 0), 0, (3,), NO_SQUARE, NO_SQUARE, 1 << 2, (), 0)
    >>> print(format_grid(b), end="")
    . ~
    2b W
    """
    g = board.geometry
    rows = []
    for r in range(g.height):
        cells = []
        for c in range(g.width):
            sq = r * g.width + c
            if not g.land >> sq & 1:
                terrain = "~"
            elif board.domes >> sq & 1:
                terrain = "4" if board.heights[sq] == 3 else "."
            else:
                terrain = str(board.heights[sq]) if board.heights[sq] else "."
            marks = ("W" * board.workers.count(sq) + ("K" if board.king == sq else "")
                     + ("S" if board.sphinx == sq else "") + ("b" if board.tokens >> sq & 1 else "")
                     + ("*" if board.feature_marks >> sq & 1 else ""))
            cells.append(marks if marks and terrain == "." else terrain + marks)
        rows.append(" ".join(cells))
    return "\n".join(rows) + "\n"


def dump_riddle(riddle: Riddle) -> dict[str, Any]:
    """Document data that builds back into an equal riddle."""
    g = riddle.board.geometry
    data: dict[str, Any] = {
        "kind": "riddle", "id": riddle.id, "number": riddle.number,
        "title": thaw_text(riddle.title), "island": riddle.island,
        "players": list(riddle.players),
    }
    if riddle.story is not None:
        data["story"] = thaw_text(riddle.story)
    if riddle.rules is not None:
        data["rules"] = thaw_text(riddle.rules)
    mapping: dict[str, Any] = {"grid": format_grid(riddle.board)}
    if g.bridges:
        mapping["bridges"] = [[g.name(a), g.name(b)] for a, b in g.bridges]
    if riddle.board.features:
        mapping["features"] = {g.name(f.square): {"name": thaw_text(f.name),
                                                  "text": thaw_text(f.text)}
                               for f in riddle.board.features}
    data["map"] = mapping
    if riddle.coins:
        data["coins"] = [{"at": g.name(c.square), "colour": c.colour, "levels": list(c.levels)}
                         for c in riddle.coins]
    data["stockpile"] = stockpile_data(riddle.stockpile)
    if riddle.gods.deck or riddle.gods.queue or riddle.gods.revealed:
        data["gods"] = {"deck": list(riddle.gods.deck), "queue": list(riddle.gods.queue)}
        if riddle.gods.revealed:
            data["gods"]["revealed"] = list(riddle.gods.revealed)
    if riddle.blessings:
        data["blessings"] = list(riddle.blessings)
    if riddle.die is not None:
        data["die"] = riddle.die
    data["objectives"] = [_dump_objective(o, g) for o in riddle.objectives]
    if riddle.end_of_turn:
        data["end_of_turn"] = [{e.NAME: e.to_params(g)} for e in riddle.end_of_turn]
    if riddle.turn_limit is not None:
        data["turn_limit"] = riddle.turn_limit
    if riddle.expert is not None:
        e = riddle.expert
        expert: dict[str, Any] = {}
        if e.stockpile is not None:
            expert["stockpile"] = stockpile_data(e.stockpile)
        if e.turn_limit is not None:
            expert["turn_limit"] = e.turn_limit
        if e.end_of_turn:
            expert["end_of_turn"] = [{x.NAME: x.to_params(g)} for x in e.end_of_turn]
        if e.text is not None:
            expert["text"] = thaw_text(e.text)
        data["expert"] = expert
    hints = riddle.solver
    solver: dict[str, Any] = {k: v for k, v in (("horizon", hints.horizon), ("nodes", hints.nodes)) if v}
    if hints.expect:
        solver["expect"] = dict(hints.expect)
    if not hints.powers:
        solver["powers"] = False
    if hints.why is not None:
        solver["why"] = hints.why
    if solver:
        data["solver"] = solver
    return data


def _dump_objective(objective: Objective, geometry: Geometry) -> dict[str, Any]:
    out: dict[str, Any] = {"tier": objective.tier}
    goal = objective.goal
    if isinstance(goal, SlotsGoal):
        out["slots"] = goal.to_params(geometry)
    else:
        out["goal"] = {goal.NAME: goal.to_params(geometry)}
    if objective.ends:
        out["ends"] = True
    if objective.reward is not None:
        r = objective.reward
        reward: dict[str, Any] = {}
        if r.piece is not None:
            reward["piece"] = r.piece
            if r.count != 1:
                reward["count"] = r.count
        if r.text is not None:
            reward["text"] = thaw_text(r.text)
        out["reward"] = reward
    if objective.text is not None:
        out["text"] = thaw_text(objective.text)
    return out

__all__ = [
    "BASE_GAME_PIECES", "Board", "Coin", "COLOURS", "Expert", "Feature", "GodSetup",
    "Objective", "Reward", "Riddle", "SolverHints", "TIERS", "Text", "build_riddle",
    "dump_riddle", "format_grid", "freeze_text", "iter_goal_tree", "read_reward",
    "stockpile_of",
]
