"""check's skill gap by scenario (RS-T109, RS-T110) and each god card's win rate
beside the plain game's (RS-T111, RS-T112)."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import pytest

from generator.pipeline import check
from generator.systems import Options
from generator.systems.tower import sim_skill

CONTENT = Path(__file__).resolve().parents[3] / "content"


@pytest.fixture
def shipped_report(tmp_path: Path, shipped_cache: Callable[[str, Path], None]) -> Any:
    shipped_cache("tower", tmp_path / "cache")
    return check([CONTENT / "tower"], Options(cache_dir=tmp_path / "cache"))


def test_the_shipped_campaign_notes_its_skill_gap_and_every_cards_rate(shipped_report: Any
                                                                       ) -> None:
    codes = [d.code for d in shipped_report.diagnostics]
    assert codes.count("RS-T109") == 1 and "RS-T110" not in codes
    assert codes.count("RS-T111") == 21 and "RS-T112" not in codes
    (gap,) = [d for d in shipped_report.diagnostics if d.code == "RS-T109"]
    assert gap.message.startswith("skill gap by scenario in campaign order (greedy - random")
    rate = next(d for d in shipped_report.diagnostics if d.code == "RS-T111")
    assert f"of {sim_skill.CARD_GAMES} greedy games on each of 6 scenarios" in rate.message


def test_a_card_in_the_wrong_pile_and_a_weaker_player_winning_more_are_warnings(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        shipped_cache: Callable[[str, Path], None]) -> None:
    shipped_cache("tower", tmp_path / "cache")
    calls: list[int] = []

    def counts(game: Any, level: int, settings: Any, fingerprint: str,
               cache_dir: Path | None) -> tuple[int, int]:
        # The plain game (its 6 scenarios are asked first) wins half its games; every
        # card wins none.
        calls.append(1)
        return (10, 20) if len(calls) <= 6 else (0, 20)

    monkeypatch.setattr(sim_skill, "card_counts", counts)
    monkeypatch.setattr(sim_skill, "player_counts",
                        lambda *a, **k: (1000, 1000))  # random wins every game
    report = check([CONTENT / "tower"], Options(cache_dir=tmp_path / "cache"))
    wrong = [d for d in report.diagnostics if d.code == "RS-T112"]
    # Every easy card makes the game clearly harder here; no expert card is easier.
    assert len(wrong) == 13 and all("easy card" in d.message for d in wrong)
    assert all(d.file.endswith("easy.yaml") for d in wrong)
    weaker = [d for d in report.diagnostics if d.code == "RS-T110"]
    assert len(weaker) == 6 and all("the greedy player won" in d.message for d in weaker)
