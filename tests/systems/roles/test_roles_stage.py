"""The role system's model stage (issue 23 §1): a full check and build read each role
document once and compile each deal once; check, playouts, build and report share them."""
from __future__ import annotations

from pathlib import Path

import pytest
from tests.counting import count_calls

import generator.systems.roles.engine as engine_module
import generator.systems.roles.model as model_module
import generator.systems.roles.playout as playout_module
from generator import pipeline
from generator.systems import Options
from generator.systems.roles.content import read_pack
from generator.systems.roles.templates import starter_files

from .conftest import load_pack


def _starter(root: Path) -> Path:
    for rel, text in starter_files("starter").items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text.replace("games: 40", "games: 2").replace("games: 8", "games: 2"),
                        "utf-8")
    return root


def test_a_full_check_and_build_reads_each_document_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = _starter(tmp_path / "pack")
    cards = count_calls(monkeypatch, model_module, "build_card", lambda doc: doc.id)
    games = count_calls(monkeypatch, model_module, "build_game", lambda doc: doc.id)
    tables = count_calls(monkeypatch, engine_module, "compile_table",
                         lambda game, cards, deal: f"{game.id} {deal.roles()}")
    playouts = count_calls(monkeypatch, playout_module, "check_playouts",
                           lambda tables, *rest: len(tables))
    report = pipeline.check([root], Options(cache=False))
    assert report.errors == 0
    assert not pipeline.build(report, tmp_path / "out").refused
    [pack] = report.packs
    # check's playouts reach the build's report as values: played once, no folder
    assert sum(playouts.values()) == len(pack.of_kind("role-game")), playouts
    assert cards and set(cards.values()) == {1}, cards
    assert set(games) == {d.id for d in pack.of_kind("role-game")} and set(games.values()) == {1}
    assert tables and set(tables.values()) == {1}, tables.most_common(3)


def test_the_stage_is_read_once_a_pack(tmp_path: Path) -> None:
    pack = load_pack(_starter(tmp_path / "pack"))
    assert read_pack(pack) is read_pack(pack)
