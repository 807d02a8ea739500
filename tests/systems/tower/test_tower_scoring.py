"""Scoring: points per scenario, bonuses, the campaign adjustment and the rank table."""
from __future__ import annotations

import pytest

from generator.systems.tower import engine
from generator.systems.tower.model import game_from_map
from generator.systems.tower.scoring import (
    RANKS,
    ScenarioScore,
    campaign_total,
    count_blocks,
    rank_of,
    score_scenario,
)


@pytest.mark.parametrize(("first", "alive", "blocks", "points"), [
    (False, False, 0, 2), (True, False, 0, 4), (False, True, 2, 4), (False, False, 3, 4),
    (True, True, 3, 8), (True, True, 9, 8), (False, False, -2, 2),
])
def test_points_are_level_plus_two_per_bonus(first: bool, alive: bool, blocks: int,
                                             points: int) -> None:
    assert ScenarioScore(2, first, alive, blocks).points == points


def test_domes_are_not_blocks() -> None:
    assert count_blocks([0, 1, 2, 3, 4]) == 9
    g = game_from_map("""
        3 2 .
        B . B""", ["dark-male C1 S"])
    # Three pieces built: a dome on A1, a block on B1, a block on B2: two blocks.
    end = g.start._replace(levels=(4, 3, 0, 0, 1, 0), enemies=(-1,))
    score = score_scenario(g, 1, end, first_attempt=False)
    assert score.extra_blocks == 2 and score.bonuses == ("builders alive",)
    end = end._replace(levels=(4, 3, 1, 0, 1, 0), builders=(-1, 5))
    score = score_scenario(g, 1, end, first_attempt=True)
    assert score.extra_blocks == 3 and score.bonuses == ("first attempt", "more blocks")
    assert score.points == 5
    assert engine.is_won(end)


@pytest.mark.parametrize(("total", "rank"), [
    (-5, "Novice"), (0, "Novice"), (9, "Novice"), (10, "Apprentice"), (19, "Apprentice"),
    (20, "Assistant"), (29, "Assistant"), (30, "Journeyman"), (39, "Journeyman"),
    (40, "Master"), (49, "Master"), (50, "Guild Master"), (120, "Guild Master"),
])
def test_rank_table(total: int, rank: str) -> None:
    assert rank_of(total) == rank


def test_campaign_end_adjustment() -> None:
    assert campaign_total([4, 6, 8], "expert") == 20
    assert campaign_total([4, 6, 8], "easy") == 16
    assert campaign_total([4, 6, 8]) == 18
    assert rank_of(campaign_total([4, 6], "easy")) == "Novice"
    assert rank_of(3, ((0, "Low"), (2, "High"))) == "High"
    assert [lowest for lowest, _ in RANKS] == [0, 10, 20, 30, 40, 50]
