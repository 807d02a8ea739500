"""Frozen models of the tower system's documents, built from schema-valid data.

``build_scenario(doc, source)`` reads a ``tower-scenario``: the ASCII map (see
:mod:`.grid`) becomes water, target zones, building levels and builder
starts; the ``enemies`` list gives each enemy's type, space and facing. It
returns the model (None when the map cannot be read) and the problems met while
reading, each at its YAML line and column, down to the cell inside the map.
Set-up rule problems (pawns on water, two enemies of a type...) are the
business of :mod:`.checks`, which reads the positions kept in the model.

``build_campaign`` and ``build_variant`` are plain reads of their schemas.

:func:`compile_game` turns a scenario into the engine's :class:`~.engine.Game`
under some :class:`~.rules.Rules`; :func:`game_from_map` does the same from a
map text and an enemy list, for tests and quick experiments:

>>> g = game_from_map("T . .\\n. 1 .\\n. B .", ["dark-male C3 N"])
>>> g.name(g.start.enemies[0]), g.types, g.start.levels[4]
('C3', ('dark-male',), 1)
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from generator.diagnostics import Diagnostic, make, pointer_of
from generator.engine.geometry import COLUMN_LETTERS
from generator.pack.model import Document
from generator.systems.tower.engine import Game, Square, make_game
from generator.systems.tower.grid import ParsedMap, layout_block, parse_map
from generator.systems.tower.rules import BASE_RULES, ENEMY_TYPES, FACINGS, Rules
from generator.systems.tower.variants import apply_hooks

Text = str | tuple[tuple[str, str], ...]
"""A text, or (language, text) pairs sorted by language."""

MAP_PATH = ("map",)
NO_FACING = -1
"""An enemy whose facing the document leaves out (a set-up error, RS-T009)."""
DEAL_PER_CAMPAIGN, DEAL_PER_SCENARIO = "campaign", "scenario"


def freeze_text(value: Any) -> Text:
    """A localized text as an immutable value.

    >>> freeze_text({"fr": "Pont", "en": "Bridge"})
    (('en', 'Bridge'), ('fr', 'Pont'))
    """
    if isinstance(value, dict):
        return tuple(sorted((str(k), str(v)) for k, v in value.items()))
    return str(value)


def _freeze(value: Any) -> Any:
    """Hook parameters as hashable values (mappings become sorted item tuples)."""
    if isinstance(value, Mapping):
        return tuple(sorted((str(k), _freeze(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        return tuple(_freeze(v) for v in value)
    return value


def _thaw(value: Any) -> Any:
    if isinstance(value, tuple) and all(isinstance(v, tuple) and len(v) == 2
                                        and isinstance(v[0], str) for v in value):
        return {k: _thaw(v) for k, v in value}
    return value


def square_name(width: int, sq: Square) -> str:
    row, col = divmod(sq, width)
    return f"{COLUMN_LETTERS[col]}{row + 1}"


def parse_square(name: str, width: int, height: int) -> Square | None:
    """The square of ``A1``-style ``name`` on a ``width`` x ``height`` map, or None.

    >>> parse_square("B2", 3, 3), parse_square("D1", 3, 3)
    (4, None)
    """
    col = COLUMN_LETTERS.find(name[:1].upper())
    row = int(name[1:]) - 1 if name[1:].isdigit() else -1
    if 0 <= col < width and 0 <= row < height:
        return row * width + col
    return None


# -- scenario --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EnemySetup:
    type: str
    square: Square
    facing: int  # 0-3 (N, E, S, W); NO_FACING when the document leaves it out
    index: int  # its place in the document's ``enemies`` list


@dataclass(frozen=True, slots=True)
class Scenario:
    id: str
    number: int
    level: int
    title: Text
    width: int
    height: int
    water: tuple[bool, ...]
    targets: tuple[bool, ...]
    levels: tuple[int, ...]  # 0-3 blocks, 4 = three blocks and a dome
    builders: tuple[Square, ...]  # in reading order of the 'B' cells
    enemies: tuple[EnemySetup, ...]  # as listed (those on the map)
    story: Text | None = None
    # File line and column of each map cell (by square), for diagnostics.
    cells: tuple[tuple[int, int], ...] = field(default=(), compare=False, repr=False)

    def name(self, sq: Square) -> str:
        return square_name(self.width, sq)


def build_scenario(doc: Document, source: str | None = None
                   ) -> tuple[Scenario | None, list[Diagnostic]]:
    """The model of a schema-valid scenario, and the problems met reading it."""
    data = doc.data
    layout = layout_block(doc.locate(MAP_PATH), doc.locate(MAP_PATH, key=True)
                          if MAP_PATH in doc.yaml.keys else None, source, key="map")
    out: list[Diagnostic] = []
    grid, problems = parse_map(data["map"])
    for p in problems:
        line, col = layout.locate(p.line, p.offset)
        out.append(make(p.code, p.message, doc.file, line, col, pointer=pointer_of(MAP_PATH),
                        hint=p.hint))
    if grid is None:
        return None, out
    cells = tuple(layout.locate(c.line, c.offset) for c in grid.cells)
    return _read_scenario(doc, grid, cells, out), out


def _read_scenario(doc: Document, grid: ParsedMap, cells: tuple[tuple[int, int], ...],
                   out: list[Diagnostic]) -> Scenario:
    data = doc.data
    water = tuple(c.terrain == "~" for c in grid.cells)
    targets = tuple(c.terrain == "T" for c in grid.cells)
    levels = tuple(int(c.terrain) if c.terrain in "1234" else 0 for c in grid.cells)
    builders = tuple(i for i, c in enumerate(grid.cells) if c.builder)
    enemies: list[EnemySetup] = []
    for i, item in enumerate(data.get("enemies", ())):
        sq = parse_square(item["at"], grid.width, grid.height)
        if sq is None:
            out.append(doc.diag("RS-T011", f"{item['at']} is not on the {grid.width}x"
                                f"{grid.height} map", ("enemies", i, "at"),
                                hint=f"spaces run from A1 to "
                                f"{square_name(grid.width, grid.width * grid.height - 1)}"))
            continue
        facing = FACINGS.index(item["facing"]) if "facing" in item else NO_FACING
        enemies.append(EnemySetup(item["type"], sq, facing, i))
    return Scenario(
        id=doc.id, number=data["number"], level=data["level"], title=freeze_text(data["title"]),
        width=grid.width, height=grid.height, water=water, targets=targets, levels=levels,
        builders=builders, enemies=tuple(enemies),
        story=freeze_text(data["story"]) if "story" in data else None, cells=cells)


def compile_game(scenario: Scenario, rules: Rules = BASE_RULES) -> Game:
    """The engine's game of a scenario (check it first: set-up errors are not caught here)."""
    return make_game(scenario.width, scenario.height, water=scenario.water,
                     targets=scenario.targets, levels=scenario.levels,
                     builders=scenario.builders,
                     enemies=[(e.type, e.square, max(e.facing, 0)) for e in scenario.enemies],
                     rules=rules)


def game_from_map(text: str, enemies: Iterable[str | tuple[str, str, str]] = (),
                  rules: Rules = BASE_RULES) -> Game:
    """A game from a map text (see :mod:`.grid`) and enemies written ``"type A1 N"``.

    Raises ValueError on a map or enemy that cannot be read.
    """
    grid, problems = parse_map(text)
    if grid is None:
        raise ValueError("; ".join(p.message for p in problems))
    found = []
    for enemy in enemies:
        kind, at, facing = enemy.split() if isinstance(enemy, str) else enemy
        sq = parse_square(at, grid.width, grid.height)
        if sq is None or kind not in ENEMY_TYPES or facing not in FACINGS:
            raise ValueError(f"cannot place enemy {enemy!r}")
        found.append((kind, sq, FACINGS.index(facing)))
    return make_game(grid.width, grid.height,
                     water=[c.terrain == "~" for c in grid.cells],
                     targets=[c.terrain == "T" for c in grid.cells],
                     levels=[int(c.terrain) if c.terrain in "1234" else 0 for c in grid.cells],
                     builders=[i for i, c in enumerate(grid.cells) if c.builder],
                     enemies=found, rules=rules)


# -- variant -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Variant:
    id: str
    name: Text
    difficulty: str  # easy | expert
    hooks: tuple[tuple[str, Any], ...]  # (hook name, frozen parameters), as written
    god: str | None = None
    text: Text | None = None

    def apply(self, rules: Rules = BASE_RULES) -> Rules:
        """``rules`` with this variant's hooks applied."""
        return apply_hooks(rules, ((h, _thaw(p)) for h, p in self.hooks), self.id)


def build_variant(doc: Document) -> Variant:
    d = doc.data
    hooks = tuple((str(name), _freeze(params or {})) for name, params in d["hooks"].items())
    return Variant(doc.id, freeze_text(d["name"]), d["difficulty"], hooks, d.get("god"),
                   freeze_text(d["text"]) if "text" in d else None)


# -- campaign ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Rank:
    points: int  # the lowest total with this rank
    name: Text


@dataclass(frozen=True, slots=True)
class TowerCampaign:
    id: str
    title: Text
    scenarios: tuple[str, ...]  # in playing order
    enemy_order: tuple[str, ...] = ENEMY_TYPES
    cards: tuple[str, ...] = ()  # tower-variant ids: the god-card pile
    deal: str = DEAL_PER_CAMPAIGN  # one card for the campaign, or one per scenario
    ranks: tuple[Rank, ...] | None = None  # None: the rulebook's ranks
    story: Text | None = None

    def base_rules(self) -> Rules:
        """The rules of this campaign before any god card."""
        if self.enemy_order == ENEMY_TYPES:
            return BASE_RULES
        return BASE_RULES.with_changes(enemy_order=self.enemy_order)


def build_campaign(doc: Document) -> TowerCampaign:
    d = doc.data
    variants = d.get("variants", {})
    ranks = None
    if "ranks" in d:
        ranks = tuple(Rank(r["from"], freeze_text(r["name"])) for r in d["ranks"])
    return TowerCampaign(
        doc.id, freeze_text(d["title"]), tuple(d["scenarios"]),
        tuple(d.get("enemy_order", ENEMY_TYPES)), tuple(variants.get("cards", ())),
        variants.get("deal", DEAL_PER_CAMPAIGN), ranks,
        freeze_text(d["story"]) if "story" in d else None)


def cell_of(scenario: Scenario, sq: Square) -> tuple[int, int]:
    """File line and column of a map cell."""
    return scenario.cells[sq] if sq < len(scenario.cells) else (1, 1)


__all__ = [
    "DEAL_PER_CAMPAIGN", "DEAL_PER_SCENARIO", "EnemySetup", "MAP_PATH", "NO_FACING", "Rank",
    "Scenario", "Text", "TowerCampaign", "Variant", "build_campaign", "build_scenario",
    "build_variant", "cell_of", "compile_game", "freeze_text", "game_from_map",
    "parse_square", "square_name",
]
