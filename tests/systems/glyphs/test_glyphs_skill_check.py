"""check's skill gap for a glyph game: RS-X106 by degree, RS-X107 when a stronger
player wins less, RS-P017 for a player no system of the pack has; and the cache
never hands back another set of players' figures."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from generator.pipeline import check
from generator.systems.glyphs import sim_checks
from generator.systems.glyphs.content import load_pack
from generator.systems.glyphs.sim_checks import SimSettings, consistent, simulate
from tests.systems.glyphs.conftest import load_small, write_pack

SIM = ("include: [set.yaml, game.yaml, riddles.yaml]\n",
       "include: [set.yaml, game.yaml, riddles.yaml]\nsim: {max_games: 20%s}\n")


def _pack(tmp_path: Path, players: str = "") -> Path:
    old, new = SIM
    return write_pack(tmp_path / "p", {"pack.yaml": (old, new % players)})


def test_the_skill_gap_is_noted_by_degree(tmp_path: Path) -> None:
    report = check([_pack(tmp_path)])
    (note,) = [d for d in report.diagnostics if d.code == "RS-X106"]
    assert note.message.startswith("skill gap by degree (planner - random")
    assert not [d for d in report.diagnostics if d.code == "RS-X107"]


def test_a_stronger_player_winning_less_is_a_warning(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    # Declare random the stronger player: it wins nothing, so every degree the
    # planner wins clearly is an inversion.
    monkeypatch.setattr(sim_checks, "SKILL_ORDER", ("planner", "random"))
    report = check([_pack(tmp_path)], )
    warned = [d for d in report.diagnostics if d.code == "RS-X107"]
    assert warned and all("the random player won" in d.message for d in warned)
    assert all(d.file.endswith("game.yaml") for d in warned)


def test_an_unknown_player_is_an_error_at_its_name(tmp_path: Path) -> None:
    report = check([_pack(tmp_path, ", players: [random, lookahed]")])
    (error,) = [d for d in report.diagnostics if d.code == "RS-P017"]
    assert "'lookahed'" in error.message and "lookahead" in (error.hint or "")
    assert error.file.endswith("pack.yaml") and error.line == 8


def test_cached_figures_of_other_players_are_recomputed(tmp_path: Path) -> None:
    loaded, _ = load_pack(load_small(write_pack(tmp_path / "q")))
    table = loaded.table
    assert table is not None
    two = SimSettings(games=2, grids=1, budget=200, players=("random",))
    result = simulate(table, two, tmp_path / "cache")
    assert consistent(result, table, two)
    assert not consistent(result, table, SimSettings(games=2, grids=1, budget=200,
                                                     players=("random", "lookahead")))
    tampered = json.loads(json.dumps(result))
    tampered["curve"][0]["players"][0]["wins"] = 3
    assert not consistent(tampered, table, two)
