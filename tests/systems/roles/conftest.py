"""Role-system fixtures: the shipped pack copied to a temporary folder, editable."""
from __future__ import annotations

import shutil
from types import MappingProxyType
from typing import Any
from dataclasses import replace
from pathlib import Path

import pytest

from generator.pack.loader import load_packs
from generator.pack.model import Pack
from generator.pack.schema import load_schemas
from generator.pipeline import Report, check
from generator.systems import Options
from generator.registry import discover_systems
from generator.systems.roles.content import read_pack
from generator.systems.roles.engine import Table, card_rules, compile_table
from generator.systems.roles.model import Ability, RoleCard, RoleGame

SHIPPED = Path(__file__).resolve().parents[3] / "content" / "roles"


def copy_pack(root: Path, edits: dict[str, tuple[str, str]] | None = None) -> Path:
    """The shipped pack in ``root``, each edit replacing one text in one file."""
    shutil.copytree(SHIPPED, root, dirs_exist_ok=True, ignore=shutil.ignore_patterns(".riddlesmith-cache"))
    for rel, (old, new) in (edits or {}).items():
        path = root / rel
        text = path.read_text("utf-8")
        assert old in text, f"{old!r} not in {rel}"
        path.write_text(text.replace(old, new, 1), "utf-8")
    return root


FEW_GAMES = {"pack.yaml": ("systems: [roles]", "systems: [roles]\nsim: {max_games: 75}")}
"""An edit that caps the check's playouts at one game a deal, for tests of rule checks
that do not read the playouts' figures."""


def check_copy(root: Path, monkeypatch: pytest.MonkeyPatch, cache: Path | None = None) -> Report:
    """``check`` of the copy in ``root``; ``cache``: a simulators' cache folder (else none)."""
    monkeypatch.chdir(root)
    return check([Path(".")], Options(cache_dir=cache) if cache else Options(cache=False))


def line_of(root: Path, rel: str, needle: str) -> int:
    """The 1-based line of the first line of ``rel`` holding ``needle``."""
    for number, line in enumerate((root / rel).read_text("utf-8").splitlines(), 1):
        if needle in line:
            return number
    raise AssertionError(f"{needle!r} not in {rel}")


def load_pack(root: Path) -> Pack:
    kinds = {k: name for name, s in discover_systems().items() for k in s.kinds}
    return load_packs([root], load_schemas(), kinds).packs[0]


def every_role_table(cards: dict[str, RoleCard], game: RoleGame) -> Table:
    """A table holding every role of ``cards`` (each on one number, 1, 2, ...; the
    Engineer on seven): for tests that play each role's power in one position."""
    deal = compile_table(game, cards)
    ids = sorted(cards, key=lambda i: (cards[i].type != "engineer", i))
    rules = {i: card_rules(cards[i]) for i in ids}
    copies = [i for i in ids for _ in range(7 if cards[i].type == "engineer" else 1)]
    return replace(deal, numbers=tuple(range(1, len(copies) + 1)), card_ids=tuple(copies),
                   with_win=tuple(rules[i][0] for i in copies),
                   without_win=tuple(rules[i][1] for i in copies),
                   setup_skyscrapers=sum(rules[i][2] for i in ids))


@pytest.fixture(scope="session")
def shipped_table() -> Table:
    """Every shipped role on one table (see :func:`every_role_table`)."""
    cards, _, games = read_pack(load_pack(SHIPPED))
    return every_role_table(cards, games[0][0])


@pytest.fixture(scope="session")
def first_deal_table() -> Table:
    """The shipped game's first-play deal, as the rules deal it."""
    cards, _, games = read_pack(load_pack(SHIPPED))
    return compile_table(games[0][0], cards)


UNSHIPPED_POWERS: dict[str, tuple[str, str, str, dict[str, Any]]] = {
    "stonemason": ("builder", "your-build", "build-same-twice", {}),
    "harbour-pilot": ("specialist", "your-move", "force-compass", {"direction": "S"}),
    "newsboy": ("specialist", "your-move", "force-compass", {"direction": "N"}),
    "courier": ("mover", "your-move", "move-beside-skyscraper", {}),
    "cyclist": ("mover", "your-move", "leap", {"distances": [2], "directions": 4}),
    "tram-conductor": ("mover", "your-move", "slide", {}),
}
"""Roles the first box shipped and the current one does not, as (type, timing, power,
parameters), exactly as they were printed: the powers (and parameter choices) the
engine still plays for any pack, so their tests keep a role of the test's own."""


def unshipped_roles() -> dict[str, RoleCard]:
    """A role card per :data:`UNSHIPPED_POWERS` entry."""
    return {ident: RoleCard(ident, kind, ident, False,
                            (Ability(timing, "text", power, MappingProxyType(params)),))
            for ident, (kind, timing, power, params) in UNSHIPPED_POWERS.items()}


@pytest.fixture(scope="session")
def powers_table() -> Table:
    """Every shipped role and every :func:`unshipped_roles` role on one table."""
    cards, _, games = read_pack(load_pack(SHIPPED))
    return every_role_table({**cards, **unshipped_roles()}, games[0][0])
