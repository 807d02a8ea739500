"""Scores and ranks (RULES.md section 2, scoring).

A won scenario scores its level plus 2 per bonus: won on the first attempt,
every builder still standing, at least 3 more blocks on the map than at set-up
(domes are not blocks). A campaign adds 2 at the end for an expert game and
takes 2 away for an easy one. The total gives a rank.

>>> s = ScenarioScore(level=2, first_attempt=True, builders_alive=False, extra_blocks=3)
>>> s.bonuses, s.points
(('first attempt', 'more blocks'), 6)
>>> rank_of(campaign_total([6, 9], "easy")), rank_of(-3), rank_of(57)
('Apprentice', 'Novice', 'Guild Master')
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from generator.systems.tower.engine import Game, State
from generator.systems.tower.rules import MAX_BLOCKS

POINTS_PER_BONUS = 2
MORE_BLOCKS_FOR_BONUS = 3
"""The block bonus needs at least this many more blocks than at set-up."""
CAMPAIGN_END_POINTS = {"expert": 2, "easy": -2, "base": 0}
"""Points added at the end of a campaign, by the difficulty of its god cards."""
RANKS: tuple[tuple[int, str], ...] = (
    (0, "Novice"),
    (10, "Apprentice"),
    (20, "Assistant"),
    (30, "Journeyman"),
    (40, "Master"),
    (50, "Guild Master"),
)
"""(lowest total, rank name), ascending; a negative total has the first rank."""


def count_blocks(levels: Iterable[int]) -> int:
    """Blocks on the map (a domed space holds three blocks and a dome).

    >>> count_blocks([0, 1, 3, 4])
    7
    """
    return sum(min(level, MAX_BLOCKS) for level in levels)


@dataclass(frozen=True, slots=True)
class ScenarioScore:
    level: int
    first_attempt: bool
    builders_alive: bool  # every builder of the scenario is undefeated
    extra_blocks: int  # blocks at the end minus blocks at set-up

    @property
    def bonuses(self) -> tuple[str, ...]:
        names = []
        if self.first_attempt:
            names.append("first attempt")
        if self.builders_alive:
            names.append("builders alive")
        if self.extra_blocks >= MORE_BLOCKS_FOR_BONUS:
            names.append("more blocks")
        return tuple(names)

    @property
    def points(self) -> int:
        return self.level + POINTS_PER_BONUS * len(self.bonuses)


def score_scenario(game: Game, level: int, end: State, *, first_attempt: bool) -> ScenarioScore:
    """The score of a scenario won in position ``end``."""
    return ScenarioScore(
        level=level,
        first_attempt=first_attempt,
        builders_alive=all(b >= 0 for b in end.builders),
        extra_blocks=count_blocks(end.levels) - count_blocks(game.start.levels),
    )


def campaign_total(points: Iterable[int], difficulty: str = "base") -> int:
    """The campaign's total: its scenarios' points and the end-of-campaign adjustment."""
    return sum(points) + CAMPAIGN_END_POINTS[difficulty]


def rank_of(total: int, ranks: Sequence[tuple[int, str]] = RANKS) -> str:
    """The rank of a total (ranks ascending by their lowest total)."""
    name = ranks[0][1]
    for lowest, rank in ranks:
        if total >= lowest:
            name = rank
    return name


__all__ = ["CAMPAIGN_END_POINTS", "MORE_BLOCKS_FOR_BONUS", "POINTS_PER_BONUS", "RANKS",
           "ScenarioScore", "campaign_total", "count_blocks", "rank_of", "score_scenario"]
