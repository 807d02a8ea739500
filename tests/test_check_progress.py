"""Issue 27 §2: a long check says what it is doing as it goes, system by system (the
glyph check was silent for 15 s)."""
from __future__ import annotations

from pathlib import Path

from generator.pipeline import check
from generator.systems import Options
from tests.systems.glyphs.conftest import write_pack
from tests.systems.roles.conftest import copy_pack
from tests.systems.tower.conftest import write_starter


def _lines(root: Path, cache: Path) -> list[str]:
    heard: list[str] = []
    check([root], Options(cache_dir=cache), progress=heard.append)
    return heard


def test_the_glyph_check_tells_each_degree(tmp_path: Path) -> None:
    root = write_pack(tmp_path / "g", {"pack.yaml": (
        "include: [set.yaml, game.yaml, riddles.yaml]\n",
        "include: [set.yaml, game.yaml, riddles.yaml]\nsim: {max_games: 20}\n")})
    heard = _lines(root, tmp_path / "cache")
    degrees = [line for line in heard if line.startswith("glyphs: degree ")]
    assert degrees and all("planner won" in line and " games (" in line for line in degrees)
    assert any(line.startswith("glyphs: fewest actions of") for line in heard)


def test_the_tower_and_role_checks_tell_their_simulations(tmp_path: Path) -> None:
    tower = _lines(write_starter(tmp_path / "t"), tmp_path / "tc")
    assert any(line.startswith("tower: '") and "greedy won" in line for line in tower)
    roles = copy_pack(tmp_path / "r", {"pack.yaml": ("systems: [roles]",
                                                     "systems: [roles]\nsim: {max_games: 75}")})
    heard = _lines(roles, tmp_path / "rc")
    assert any(line.startswith("roles: 'harbour-lights': greedy playouts") for line in heard)
