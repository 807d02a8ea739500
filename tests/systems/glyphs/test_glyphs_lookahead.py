"""The lookahead player: the planner when it weighs one plan, seeded, and legal."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from generator.systems.glyphs import policies
from generator.systems.glyphs.content import load_pack
from generator.systems.glyphs.game import play_game
from generator.systems.glyphs.model import Table
from generator.systems.glyphs.policies import Lookahead, Planner

from .conftest import load_small


@pytest.fixture
def small(tmp_path: Path) -> Table:
    from .conftest import write_pack

    table = load_pack(load_small(write_pack(tmp_path / "small")))[0].table
    assert table is not None
    return table


def _play(table: Table, degree: int, policy: Planner, seed: int) -> tuple[object, ...]:
    rng = random.Random(seed)
    result = play_game(table, degree, policy, rng)
    return (result.won, result.turns, result.solved, result.cause)


def test_one_plan_weighed_is_the_planner(small: Table, monkeypatch: pytest.MonkeyPatch
                                         ) -> None:
    monkeypatch.setattr(policies, "LOOKAHEAD_PLANS", 1)
    for seed in range(12):
        degree = 1 + seed % 3
        assert _play(small, degree, Lookahead(), seed) == _play(small, degree, Planner(), seed)


def test_lookahead_is_seeded_and_plays_whole_games(small: Table) -> None:
    outcomes = [_play(small, 1 + seed % 3, Lookahead(), seed) for seed in range(8)]
    assert outcomes == [_play(small, 1 + seed % 3, Lookahead(), seed) for seed in range(8)]
    assert all(turns >= 1 for _, turns, _, _ in outcomes)  # type: ignore[operator]
