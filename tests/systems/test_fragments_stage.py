"""The fragment system's model stage (issue 23 §1): a full check and build reads the game
document's settings once and simulates the press-your-luck report once; a later report of
the same run (``diff``'s figures, the preview) takes it from the run's store, which gives
what a fresh computation gives."""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from tests.counting import count_calls

import generator.systems.fragments.report as report_module
import generator.systems.fragments.settings as settings_module
from generator import pipeline
from generator.systems import Options
from generator.systems.fragments import SYSTEM
from generator.systems.fragments.settings import GameSettings, results_of, settings_for

ROOT = Path(__file__).resolve().parents[2]


def test_a_full_check_and_build_reads_the_settings_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import generator.systems.fragments.decks  # noqa: F401  (the targets import it on use)
    import generator.systems.fragments.render  # noqa: F401

    reads = count_calls(monkeypatch, settings_module, "settings_of", lambda *_: "settings")
    simulated = count_calls(monkeypatch, report_module, "press_your_luck_report",
                            lambda *_: "report")
    report = pipeline.check([ROOT / "content" / "fragments"], Options(cache=False))
    assert report.errors == 0
    assert not pipeline.build(report, tmp_path / "out", force=True).refused
    [pack] = report.packs
    assert reads == {"settings": 1} and simulated == {"report": 1}
    assert SYSTEM.report(pack, Options(cache=False)) == SYSTEM.report(pack, Options(cache=False))
    assert simulated == {"report": 1}  # the run's store answered both


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_run_store_gives_what_a_fresh_computation_gives(seed: int) -> None:
    rng = random.Random(seed)
    settings = GameSettings(games=rng.randrange(20, 80), seed=rng.randrange(1, 1000),
                            target=rng.randrange(10, 40), pyl_players=(1, rng.randrange(2, 5)))
    deck = rng.randrange(20, 60)
    run: dict[str, Any] = {}
    first = report_module.cached_report(deck, settings, None, run)
    assert run and report_module.cached_report(deck, settings, None, run) is first
    assert first == report_module.press_your_luck_report(deck, settings)


def test_settings_are_read_once_a_pack(tmp_path: Path) -> None:
    report = pipeline.check([ROOT / "content" / "fragments"], Options(cache=False))
    [pack] = report.packs
    assert settings_for(pack) is settings_for(pack) and results_of(pack) is results_of(pack)
    games = pack.of_kind("fragment-game")
    assert settings_for(pack) == settings_module.settings_of(games[0] if games else None)
