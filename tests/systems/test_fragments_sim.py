"""Tests for the Riddle Craft press-your-luck simulator (RULES.md section 4)."""
from __future__ import annotations

import doctest
import math
from typing import Iterable

import pytest

from generator.systems.fragments import sim
from generator.systems.fragments.sim import (
    DEFAULT_SCORING,
    GameRecord,
    compute_expected_turn_score,
    compute_p_valid,
    expected_score_by_stop,
    play_game,
    score_riddle,
    simulate,
)

ALWAYS_VALID = 0.0
ALWAYS_INVALID = 0.999999


def script(values: Iterable[float]) -> sim.UniformDraw:
    """A vote source that replays ``values`` and fails loudly if the game asks for more."""
    return iter(values).__next__


def test_docstring_examples_pass() -> None:
    failures, _ = doctest.testmod(sim)
    assert failures == 0


@pytest.mark.parametrize(
    ("length", "points"),
    [(0, 0), (1, 1), (2, 3), (3, 6), (4, 10), (5, 15), (6, 21), (7, 28), (8, 36), (9, 36)]
    + [(30, 36)],
)
def test_score_riddle_follows_the_table(length: int, points: int) -> None:
    assert score_riddle(length) == points


def test_score_riddle_is_n_n_plus_1_over_2_up_to_seven() -> None:
    assert all(score_riddle(n) == n * (n + 1) // 2 for n in range(1, 8))


def test_score_riddle_uses_the_last_entry_of_a_custom_table_beyond_it() -> None:
    assert [score_riddle(n, (2, 5)) for n in (1, 2, 3, 9)] == [2, 5, 5, 5]


def test_p_valid_decays_linearly_to_the_floor() -> None:
    assert compute_p_valid(1) == 1.0
    assert compute_p_valid(2) == pytest.approx(0.92)
    assert compute_p_valid(11, decay=0.1) == sim.P_VALID_FLOOR
    assert compute_p_valid(5, decay=0.0) == 1.0


def test_simulate_is_deterministic_and_seed_sensitive() -> None:
    first = simulate(130, 3, (4, 6, 8), 300, seed=11)
    assert first == simulate(130, 3, (4, 6, 8), 300, seed=11)
    assert first != simulate(130, 3, (4, 6, 8), 300, seed=12)


def test_simulate_result_is_consistent() -> None:
    result = simulate(130, 4, (5,), 500, seed=2)
    assert result.stop_lengths == (5, 5, 5, 5)
    assert sum(count for _, count in result.turn_histogram) == 500
    assert sum(result.wins) + result.exhausted == 500
    turns = [t for t, _ in result.turn_histogram]
    assert turns == sorted(turns)
    assert turns[0] <= result.median_turns <= result.p90_turns <= turns[-1]
    assert sum(result.win_rates) == pytest.approx(1.0)


def test_expected_score_peaks_where_the_table_stops_growing() -> None:
    rows = expected_score_by_stop(130, games=2000, seed=5)
    assert [k for k, _ in rows] == list(range(1, 11))
    assert max(rows, key=lambda row: row[1])[0] == 8
    # A harsher jury makes shorter riddles the better bet.
    harsh = expected_score_by_stop(130, games=2000, seed=5, decay=0.15)
    assert max(harsh, key=lambda row: row[1])[0] == 5


@pytest.mark.parametrize("deck_size", [130, 4])
def test_expected_score_matches_the_closed_form(deck_size: int) -> None:
    games = 4000
    for k, mean in expected_score_by_stop(deck_size, games=games, seed=9):
        length = min(k, deck_size)
        p_valid = compute_p_valid(length)
        exact = compute_expected_turn_score(k, deck_size)
        assert exact == pytest.approx(score_riddle(length) * p_valid)
        # Within five standard errors of a binomial estimate.
        error = score_riddle(length) * math.sqrt(p_valid * (1 - p_valid) / games)
        assert abs(mean - exact) <= 5 * error + 1e-12


def test_solo_game_with_a_lenient_jury_takes_a_fixed_number_of_turns() -> None:
    result = simulate(130, 1, (5,), 50, seed=0, decay=0.0)
    assert result.turn_histogram == ((4, 50),)
    assert result.wins == (50,)


def test_second_chance_goes_to_the_unique_trailing_player() -> None:
    votes = [
        ALWAYS_VALID,  # turn 1, seat 0 scores 3
        ALWAYS_INVALID,  # turn 2, seat 1 fails; it trails, so no second chance
        ALWAYS_INVALID,  # turn 3, seat 0 fails ...
        ALWAYS_VALID,  # ... and seat 1, trailing alone, takes the riddle
    ]
    with pytest.raises(StopIteration):
        play_game(script(votes), 130, (2, 2), target=50)
    record = play_game(script([*votes, ALWAYS_VALID]), 130, (2, 2), target=6)
    assert record == GameRecord(turns=4, reshuffles=0, winner=1, points=(3, 6))


def test_no_second_chance_when_the_lowest_score_is_tied() -> None:
    votes = [
        ALWAYS_VALID,  # turn 1, seat 0 scores 3
        ALWAYS_INVALID,  # turn 2, seat 1 fails
        ALWAYS_INVALID,  # turn 3, seat 2 fails
        ALWAYS_INVALID,  # turn 4, seat 0 fails; seats 1 and 2 tie on 0: no second chance
        ALWAYS_VALID,  # turn 5, seat 1 scores 3
        ALWAYS_INVALID,  # turn 6, seat 2 fails; it trails alone but it is its own turn
        ALWAYS_VALID,  # turn 7, seat 0 scores 3 and reaches 6
    ]
    record = play_game(script(votes), 130, (2, 2, 2), target=6)
    assert record == GameRecord(turns=7, reshuffles=0, winner=0, points=(6, 3, 0))


def test_tiny_deck_reshuffles_the_discard_pile() -> None:
    # 3 cards, stopping at 2. Turn 2 draws the last card, then reshuffles the
    # failed first riddle; turn 3 does so again; turn 4 finds one card left and
    # answers with it; then nothing is left to draw.
    votes = [ALWAYS_INVALID, ALWAYS_INVALID, ALWAYS_VALID, ALWAYS_VALID]
    record = play_game(script(votes), 3, (2,), target=50)
    assert record == GameRecord(turns=4, reshuffles=2, winner=None, points=(4,))
    result = simulate(6, 2, (3, 3), 200, seed=4, decay=0.3)
    assert result.mean_reshuffles > 0


def test_scored_cards_never_come_back() -> None:
    # 10 cards can score at most 36 + 3 = 39 < 50 points: every game runs dry.
    result = simulate(10, 2, (8, 2), 100, seed=1)
    assert result.exhausted == 100
    assert result.wins == (0, 0)


def test_deck_of_one_card() -> None:
    record = play_game(script([ALWAYS_VALID]), 1, (10,), target=50)
    assert record == GameRecord(turns=1, reshuffles=0, winner=None, points=(1,))
    assert record.exhausted
    result = simulate(1, 4, (10,), 20, seed=3)
    assert result.turn_histogram == ((1, 20),)
    assert result.exhausted == 20


def test_short_draw_when_deck_and_discard_run_dry() -> None:
    # Stopping at 5 with 3 cards: the riddle has 3 cards and scores 6.
    record = play_game(script([ALWAYS_VALID]), 3, (5,), target=6)
    assert record == GameRecord(turns=1, reshuffles=0, winner=0, points=(6,))


@pytest.mark.parametrize(
    "kwargs",
    [
        {"players": 0},
        {"players": 5, "stop_lengths": (3,)},
        {"stop_lengths": (0,)},
        {"stop_lengths": (11,)},
        {"stop_lengths": (3, 3, 3)},
        {"deck_size": 0},
        {"games": 0},
        {"target": 0},
        {"scoring": ()},
        {"decay": -0.1},
    ],
)
def test_simulate_rejects_bad_parameters(kwargs: dict[str, object]) -> None:
    args: dict[str, object] = {
        "deck_size": 130,
        "players": 2,
        "stop_lengths": (3, 3),
        "games": 10,
        "seed": 0,
    }
    args.update(kwargs)
    with pytest.raises(ValueError):
        simulate(**args)  # type: ignore[arg-type]


def test_two_thousand_four_player_games_repeat_with_their_seed() -> None:
    """Seeded: the same games twice give the same report (their speed is measured by
    ``benchmarks/check.py``, not here)."""
    assert simulate(130, 4, (10, 8, 6, 4), 2000, seed=0) == simulate(130, 4, (10, 8, 6, 4), 2000,
                                                                       seed=0)


def test_default_scoring_is_the_published_table() -> None:
    assert DEFAULT_SCORING == (1, 3, 6, 10, 15, 21, 28, 36)


def test_the_report_cache_returns_what_the_simulator_computes(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import json as _json

    from generator.systems.fragments import report as rep
    from generator.systems.fragments.settings import GameSettings

    settings = GameSettings(games=50, pyl_players=(2, 3))
    fresh = rep.press_your_luck_report(40, settings)
    assert rep.cached_report(40, settings, tmp_path) == fresh  # computed and stored
    [path] = list(tmp_path.glob(f"{rep.REPORT_PREFIX}*.json"))
    assert rep.cached_report(40, settings, tmp_path) == fresh  # read back
    other = GameSettings(games=50, pyl_players=(2, 3), seed=2)
    assert rep.cached_report(40, other, tmp_path) == rep.press_your_luck_report(40, other)
    # Tampered entries are recomputed and rewritten: a game count, a histogram, a row.
    for forge in (lambda r: r["game_length"][0].update(games=49),
                  lambda r: r["game_length"][1]["turn_histogram"][0].__setitem__(1, 10**6),
                  lambda r: r["game_length"].pop(),
                  lambda r: r.update(deck_size=41)):
        stored = _json.loads(path.read_text())
        forge(stored["report"]["press_your_luck"])
        path.write_text(_json.dumps(stored))
        assert rep.cached_report(40, settings, tmp_path) == fresh
        assert _json.loads(path.read_text())["report"] == fresh
    assert rep.cached_report(0, settings, tmp_path) == {"press_your_luck": None}


def _plain_game(draw: sim.UniformDraw, deck_size: int, stops: tuple[int, ...], target: int,
                scoring: tuple[int, ...], decay: float) -> GameRecord:
    """The reference: the game with real cards in lists, drawn one at a time, the
    validity chance and the points recomputed from the rule text each turn."""
    deck = list(range(deck_size))
    discard: list[int] = []
    piles: list[list[int]] = [[] for _ in stops]
    points = [0] * len(stops)
    turns = reshuffles = 0
    seat = 0
    while True:
        hand: list[int] = []
        while len(hand) < stops[seat]:
            if not deck:
                if not discard:
                    break
                deck, discard = discard, []
                reshuffles += 1
            hand.append(deck.pop())
        if not hand:
            return GameRecord(turns, reshuffles, None, tuple(points))
        turns += 1
        n = len(hand)
        chance = max(0.05, 1.0 - decay * (n - 1))
        worth = scoring[min(n, len(scoring)) - 1]
        scorer = None
        if draw() < chance:
            scorer = seat
        else:
            trailing = [s for s in range(len(stops)) if points[s] == min(points)]
            if len(trailing) == 1 and trailing[0] != seat and draw() < chance:
                scorer = trailing[0]
        if scorer is None:
            discard.extend(hand)
        else:
            piles[scorer].extend(hand)
            points[scorer] += worth
            if points[scorer] >= target:
                return GameRecord(turns, reshuffles, scorer, tuple(points))
        seat = (seat + 1) % len(stops)


def test_the_counting_game_is_the_plain_card_game_on_generated_settings() -> None:
    # The simulator keeps the deck, the discard and the score piles as counts and
    # reads the scores and chances from tables: pinned to the plain game over the
    # whole range of settings the schema and the checks allow (1-4 seats, stops
    # 1-10, tiny to large decks, short scoring tables, decay 0 to 1).
    import random

    rng = random.Random(41)
    ends: set[str] = set()
    for game in range(400):
        players = rng.randint(1, 4)
        stops = tuple(rng.randint(1, 10) for _ in range(players))
        deck_size = rng.choice([1, 2, 3, 5, 8, 13, 40, 130])
        scoring = tuple(sorted(rng.randint(1, 40) for _ in range(rng.randint(1, 12))))
        target = rng.randint(1, 120)
        decay = rng.choice([0.0, 0.08, 0.3, 1.0, rng.random()])
        votes = [rng.random() for _ in range(4000)]
        fast = play_game(script(votes), deck_size, stops, target, scoring, decay)
        slow = _plain_game(script(votes), deck_size, stops, target, scoring, decay)
        assert fast == slow, (players, stops, deck_size, scoring, target, decay)
        ends.add("exhausted" if fast.exhausted else "won")
    assert ends == {"exhausted", "won"}
