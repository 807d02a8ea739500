"""Simulator figures for the build report of a fragment deck."""
from __future__ import annotations

from typing import Any

from generator.systems.fragments.settings import GameSettings
from generator.systems.fragments.sim import expected_score_by_stop, simulate

# Stopping lengths tried for the game-length table: cautious, the best on
# average, and greedy.
STOP_LENGTHS = (3, 5, 8)


def press_your_luck_report(deck_size: int, settings: GameSettings) -> dict[str, Any]:
    """Game length, reshuffles and expected score per stopping length, seeded."""
    if deck_size < 1:
        return {"press_your_luck": None}
    by_stop = expected_score_by_stop(deck_size, max_len=10, games=settings.games,
                                     seed=settings.seed, decay=settings.decay, scoring=settings.scoring)
    lengths = []
    for players in settings.pyl_players:
        for stop in STOP_LENGTHS:
            r = simulate(deck_size, players, [stop] * players, settings.games, settings.seed,
                         target=settings.target, decay=settings.decay, scoring=settings.scoring)
            lengths.append({
                "players": players, "stop_at": stop, "games": r.games,
                "mean_turns": round(r.mean_turns, 3), "median_turns": r.median_turns,
                "p90_turns": r.p90_turns, "mean_reshuffles": round(r.mean_reshuffles, 4),
                "exhausted_games": r.exhausted,
                "turn_histogram": [list(pair) for pair in r.turn_histogram],
                "win_rate_by_seat": [round(w, 4) for w in r.win_rates],
            })
    best = max(by_stop, key=lambda pair: pair[1])
    return {"press_your_luck": {
        "deck_size": deck_size, "seed": settings.seed, "games": settings.games,
        "validity_decay": settings.decay, "target": settings.target,
        "expected_points_per_turn_by_stop": [[k, round(v, 4)] for k, v in by_stop],
        "best_stop": best[0],
        "game_length": lengths,
    }}
