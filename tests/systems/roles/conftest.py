"""Role-system fixtures: the shipped pack copied to a temporary folder, editable."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.pack.loader import load_packs
from generator.pack.model import Pack
from generator.pack.schema import load_schemas
from generator.pipeline import Report, check
from generator.systems import Options, discover_systems
from generator.systems.roles.content import read_pack
from generator.systems.roles.engine import Table, compile_table

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


def check_copy(root: Path, monkeypatch: pytest.MonkeyPatch) -> Report:
    monkeypatch.chdir(root)
    return check([Path(".")], Options(cache=False))


def line_of(root: Path, rel: str, needle: str) -> int:
    """The 1-based line of the first line of ``rel`` holding ``needle``."""
    for number, line in enumerate((root / rel).read_text("utf-8").splitlines(), 1):
        if needle in line:
            return number
    raise AssertionError(f"{needle!r} not in {rel}")


def load_pack(root: Path) -> Pack:
    kinds = {k: name for name, s in discover_systems().items() for k in s.kinds}
    return load_packs([root], load_schemas(), kinds).packs[0]


@pytest.fixture(scope="session")
def shipped_table() -> Table:
    cards, _, games = read_pack(load_pack(SHIPPED))
    return compile_table(games[0][0], cards)
