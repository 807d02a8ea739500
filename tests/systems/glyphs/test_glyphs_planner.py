"""The fast planner is pinned to the slow one it replaced (``reference_planner.py``).

Same scores on generated grids; same decisions, one by one (every action,
reward pick, give-back and curse), over seeded whole games at every degree of
the small 3x3 pack and at four degrees of the shipped 5x5 pack.
"""
from __future__ import annotations

import random
from typing import Any

from .conftest import iter_random_games
from generator.systems.glyphs.board import COLUMN, CURSE, RESTORE, ROW, SWAP, Step, apply_steps
from generator.systems.glyphs.game import Action, GameResult, Play, new_game, play_game
from generator.systems.glyphs.model import Table
from generator.systems.glyphs.policies import Planner
from .reference_planner import SlowPlanner


class Recorder:
    """A policy that records every decision of the one it wraps."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.log: list[tuple[str, Any]] = []

    def next_action(self, play: Play) -> Action | None:
        out = self.inner.next_action(play)
        self.log.append(("action", out))
        return out  # type: ignore[no-any-return]

    def pick_reward(self, play: Play) -> int:
        out = self.inner.pick_reward(play)
        self.log.append(("reward", out))
        return out  # type: ignore[no-any-return]

    def give_back(self, play: Play) -> tuple[int, Action | None]:
        out = self.inner.give_back(play)
        self.log.append(("give-back", out))
        return out  # type: ignore[no-any-return]

    def pick_curses(self, play: Play, count: int) -> list[int]:
        out = self.inner.pick_curses(play, count)
        self.log.append(("curses", out))
        return out  # type: ignore[no-any-return]


def _game(table: Table, degree: int, seed: int, planner: Any) -> tuple[GameResult, list[Any]]:
    recorder = Recorder(planner)
    result = play_game(table, degree, recorder, random.Random(f"pin:{degree}:{seed}"))
    return result, recorder.log


def _pin(table: Table, games_per_degree: int, degrees: tuple[int, ...] = ()) -> int:
    decisions = 0
    for degree in table.degrees:
        if degrees and degree.degree not in degrees:
            continue
        for seed in range(games_per_degree):
            slow = _game(table, degree.degree, seed, SlowPlanner())
            # The planner as it plays (compiled when numba is installed) and in Python.
            fast = _game(table, degree.degree, seed, Planner())
            assert fast == slow, (degree.degree, seed)
            assert _game(table, degree.degree, seed, Planner(compiled=False)) == slow
            decisions += len(fast[1])
    return decisions


def test_the_fast_planner_decides_as_the_slow_one_on_the_small_pack(small: Table) -> None:
    assert _pin(small, 6) > 500


def test_the_fast_planner_decides_as_the_slow_one_on_the_shipped_pack(shipped: Table) -> None:
    # Degrees 1, 3, 4 and 8: every set-up (open, cross, narrow), with and without a
    # start reward, the smallest and the largest decks (all eight on the small pack).
    assert _pin(shipped, 1, (1, 3, 4, 8)) > 80


def test_the_fast_score_is_the_slow_score_on_generated_grids(shipped: Table, small: Table) -> None:
    checked = 0
    for table in (small, shipped):
        rng = random.Random(9)
        for game in range(12):
            play = new_game(table, table.degrees[game % len(table.degrees)].degree, rng)
            fast, slow = Planner(), SlowPlanner()
            targets = slow.targets(play)
            assert fast.targets(play) == targets
            for _ in range(25):
                tiles = list(play.tiles)
                rng.shuffle(tiles)
                restored = rng.getrandbits(len(tiles))
                play.joker_pass = rng.random() < 0.2
                assert fast.score(play, targets, tuple(tiles), restored) == \
                    slow.score(play, targets, tuple(tiles), restored)
                checked += 1
    assert checked == 600


def _random_steps(n: int, rng: random.Random) -> tuple[Step, ...]:
    steps: list[Step] = []
    for _ in range(rng.randint(1, 3)):
        op = rng.choice((SWAP, ROW, COLUMN, RESTORE, CURSE))
        if op == SWAP:
            a, b = rng.sample(range(n * n), 2)
            steps.append((SWAP, a, b))
        elif op in (ROW, COLUMN):
            steps.append((op, rng.randrange(n), rng.choice((1, -1))))
        else:
            steps.append((op, rng.randrange(n * n), 0))
    return tuple(steps)


def test_a_grid_scored_from_its_parent_scores_as_from_scratch(shipped: Table, small: Table) -> None:
    # score_after recounts only the targets a change touches: pinned to the slow score of
    # the whole new grid, over chains of random steps (each child the next parent).
    checked = 0
    for table in (small, shipped):
        rng = random.Random(10)
        for game in range(8):
            play = new_game(table, table.degrees[game % len(table.degrees)].degree, rng)
            slow = SlowPlanner()
            targets = slow.targets(play)
            scorer = Planner().scorer(play, targets)
            tiles, restored = play.tiles, play.restored
            for _ in range(40):
                steps = _random_steps(table.n, rng)
                after = apply_steps(table.n, tiles, restored, steps)
                assert scorer.score_after(tiles, restored, steps, after) == \
                    slow.score(play, targets, *after)
                # The grid's code, kept up to date step by step, is the one made afresh.
                assert scorer.memo[_code(scorer.bits, *after)][0] == slow.score(play, targets,
                                                                               *after)
                tiles, restored = after
                checked += 1
    assert checked == 640


def _code(bits: int, tiles: tuple[int, ...], restored: int) -> int:
    """A grid's code as :class:`Scorer` keeps it, made from scratch."""
    return sum((cell * 2 + (restored >> tile & 1)) << (bits * tile)
               for cell, tile in enumerate(tiles))


def test_fast_scores_are_the_slow_ones_on_every_grid_size(small: Table) -> None:
    # The packs above are 3x3 and 5x5; the schema allows 3x3 to 8x8. Generated tables
    # of every size (random symbols, 0-3 jokers, cards up to the grid's width, joker
    # and no-joker cards, random set-up patterns): whole grids and grids scored from
    # their parent give the slow planner's score.
    checked = 0
    for n, play, rng in iter_random_games(small, 18, 12):
        slow = SlowPlanner()
        targets = slow.targets(play)
        assert Planner().targets(play) == targets
        for _ in range(8):
            tiles = list(play.tiles)
            rng.shuffle(tiles)
            restored = rng.getrandbits(n * n)
            play.joker_pass = rng.random() < 0.2
            assert Planner().score(play, targets, tuple(tiles), restored) == \
                slow.score(play, targets, tuple(tiles), restored), n
        scorer = Planner().scorer(play, targets)
        tiles, restored = play.tiles, play.restored
        for _ in range(15):
            steps = _random_steps(n, rng)
            after = apply_steps(n, tiles, restored, steps)
            assert scorer.score_after(tiles, restored, steps, after) == \
                slow.score(play, targets, *after), n
            tiles, restored = after
            checked += 1
    assert checked == 18 * 15
