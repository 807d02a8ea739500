"""One document with a rule error does not silence the simulations of the others in its
pack (issue 22 §4): a copy of a shipped pack with one riddle, scenario or glyph game
broken still reports every other document's simulator results, diagnostics and progress.
(Caches are seeded by ``shipped_cache``: the healthy documents are read back, not
searched again.)"""
from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from generator.pipeline import check
from generator.systems import Options

REPO = Path(__file__).resolve().parent.parent
CONTENT = REPO / "content"


def copy_pack(name: str, dest: Path) -> Path:
    return Path(shutil.copytree(CONTENT / name, dest / name,
                                ignore=shutil.ignore_patterns(".riddlesmith-cache")))


def test_a_riddle_with_a_rule_error_leaves_the_others_proven(
        tmp_path: Path, shipped_cache: Callable[[str, Path], None]) -> None:
    """Two coins on one space (RS-G012) in keepers-stair: it is neither proven nor given a
    progress line; every other riddle is, in the pack's order."""
    pack = copy_pack("riddles", tmp_path)
    cache = tmp_path / "cache"
    shipped_cache("riddles", cache)
    heard: list[str] = []
    whole = check([pack], Options(cache_dir=cache), progress=heard.append)
    riddle = pack / "riddles" / "02-keepers-stair.yaml"
    text = riddle.read_text("utf-8")
    coin = "  - {at: D1, colour: silver, levels: [1]}\n"
    assert coin in text
    riddle.write_text(text.replace(coin, coin + "  - {at: D1, colour: gold, levels: [3]}\n"),
                      "utf-8")
    broken_heard: list[str] = []
    broken = check([pack], Options(cache_dir=cache), progress=broken_heard.append)
    assert [d.code for d in broken.diagnostics if d.severity.value == "error"] == ["RS-G012"]
    proofs = [line for line in heard if ": proofs: " in line]
    assert len(proofs) == 22, heard
    assert [line for line in broken_heard if ": proofs: " in line] == [
        line for line in proofs if ": keepers-stair: " not in line]
    # Every solver diagnostic of the other riddles is still there (RS-G1xx), none of its.
    def solver(report: object, keep: Callable[[str], bool]) -> list[tuple[str, int, str]]:
        return [(Path(d.file).name, d.line, d.code) for d in report.diagnostics  # type: ignore[attr-defined]
                if d.code.startswith("RS-G1") and keep(d.file)]
    others = solver(whole, lambda f: not f.endswith("02-keepers-stair.yaml"))
    assert solver(broken, lambda f: not f.endswith("02-keepers-stair.yaml")) == others
    assert solver(broken, lambda f: f.endswith("02-keepers-stair.yaml")) == []


CURVE_CODES = ("RS-T106", "RS-T107", "RS-T108")
"""The campaign curve's notes and warnings: they read the scenarios simulated."""


def test_a_scenario_with_a_rule_error_leaves_the_others_simulated(
        tmp_path: Path, shipped_cache: Callable[[str, Path], None],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Two enemies of one type (RS-T010) in dyers-yard: every other scenario is still
    simulated (under the base rules and the campaign's), with the same diagnostics."""
    from generator.systems.tower import sim_checks

    pack = copy_pack("tower", tmp_path)
    cache = tmp_path / "cache"
    shipped_cache("tower", cache)
    played: list[str] = []
    real = sim_checks.compile_game

    def spy(scenario: Any, rules: Any) -> Any:
        played.append(scenario.id)
        return real(scenario, rules)

    monkeypatch.setattr(sim_checks, "compile_game", spy)
    whole = check([pack], Options(cache_dir=cache))
    everyone = sorted(played)
    scenario = pack / "scenarios" / "dyers-yard.yaml"
    scenario.write_text(scenario.read_text("utf-8").replace(
        "{type: dark-male, at: F6", "{type: light-female, at: F6"), "utf-8")
    played.clear()
    broken = check([pack], Options(cache_dir=cache))
    assert "RS-T010" in [d.code for d in broken.diagnostics if d.severity.value == "error"]
    assert "dyers-yard" in everyone and len(set(everyone)) == 6, everyone
    assert sorted(played) == [s for s in everyone if s != "dyers-yard"]

    def simulated(report: Any) -> list[tuple[str, int, str]]:
        return [(Path(d.file).name, d.line, d.code) for d in report.diagnostics
                if d.code.startswith("RS-T1") and not d.file.endswith("dyers-yard.yaml")
                and d.code not in CURVE_CODES]
    assert simulated(broken) == simulated(whole)

    # The campaign's curve is that of the scenarios simulated: without dyers-yard,
    # fish-steps is followed by cistern-bridges (a cliff the full campaign does not have).
    def curve(report: Any) -> str:
        return "".join(d.message for d in report.diagnostics if d.code == "RS-T106")
    assert "'dyers-yard'" in curve(whole) and "'dyers-yard'" not in curve(broken)
    assert "'cistern-bridges'" in curve(broken)


def test_a_second_glyph_game_leaves_the_played_game_simulated(
        tmp_path: Path, shipped_cache: Callable[[str, Path], None]) -> None:
    """A second glyph-game (RS-X017, an error at that document) does not silence the
    curve of the game the pack plays (RS-X103)."""
    pack = copy_pack("glyphs", tmp_path)
    cache = tmp_path / "cache"
    shipped_cache("glyphs", cache)
    whole = check([pack], Options(cache_dir=cache))
    game = pack / "game.yaml"
    text = game.read_text("utf-8")
    game.write_text(text + "---\n" + text.replace("id: drowned-antechamber", "id: second-game"),
                    "utf-8")
    broken = check([pack], Options(cache_dir=cache))
    assert "RS-X017" in [d.code for d in broken.diagnostics if d.severity.value == "error"]

    def curve(report: object) -> list[tuple[int, str, str]]:
        return [(d.line, d.code, d.message) for d in report.diagnostics  # type: ignore[attr-defined]
                if d.code.startswith("RS-X1")]
    assert "RS-X103" in [c for _, c, _ in curve(whole)]
    assert curve(broken) == curve(whole)
