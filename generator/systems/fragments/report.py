"""Simulator figures for the build report of a fragment deck."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from generator.cachefile import read_keyed, write_json
from generator.sim.cache import digest_sources
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


REPORT_PREFIX = "fragments-report-"


def _inputs(deck_size: int, settings: GameSettings) -> dict[str, Any]:
    """Everything :func:`press_your_luck_report` reads."""
    return {"deck_size": deck_size, "players": list(settings.pyl_players),
            "target": settings.target, "scoring": list(settings.scoring),
            "decay": settings.decay, "games": settings.games, "seed": settings.seed}


def _consistent(report: Any, deck_size: int, settings: GameSettings) -> bool:
    """A stored report has the shape and the settings' numbers of a computed one: the
    deck, seed and game counts, one row per player count and stop, histograms that
    sum to the games played."""
    if not isinstance(report, dict) or set(report) != {"press_your_luck"}:
        return False
    pyl = report["press_your_luck"]
    if deck_size < 1:
        return pyl is None
    if not isinstance(pyl, dict) or (pyl.get("deck_size"), pyl.get("seed"), pyl.get("games")) \
            != (deck_size, settings.seed, settings.games):
        return False
    rows = pyl.get("game_length")
    if not isinstance(rows, list) or [(r.get("players"), r.get("stop_at")) for r in rows
                                      if isinstance(r, dict)] != [
            (p, s) for p in settings.pyl_players for s in STOP_LENGTHS]:
        return False
    for row in rows:
        histogram = row.get("turn_histogram")
        if row.get("games") != settings.games or not isinstance(histogram, list) or sum(
                pair[1] for pair in histogram if isinstance(pair, list) and len(pair) == 2
                and all(isinstance(x, int) for x in pair)) != settings.games:
            return False
    return True


def cached_report(deck_size: int, settings: GameSettings, cache_dir: Path | None,
                  run: dict[str, Any] | None = None) -> dict[str, Any]:
    """:func:`press_your_luck_report`, taken from ``run`` (this run's results by cache
    key, :func:`.settings.results_of`) when computed already, else reused from
    ``cache_dir`` when the inputs and the simulator's source are unchanged and the
    stored report is consistent (else recomputed and rewritten)."""
    if cache_dir is None and run is None:
        return press_your_luck_report(deck_size, settings)
    blob = json.dumps({"inputs": _inputs(deck_size, settings), "source": digest_sources(
        ("generator.systems.fragments.sim", "generator.systems.fragments.report"),
        "fragments-report-1")}, sort_keys=True)
    fingerprint = hashlib.sha256(blob.encode("utf-8")).hexdigest()
    known = None if run is None else run.get(REPORT_PREFIX + fingerprint)
    if isinstance(known, dict):
        return known
    report: dict[str, Any] | None = None
    path = None if cache_dir is None else Path(cache_dir) / f"{REPORT_PREFIX}{fingerprint[:32]}.json"
    if path is not None:
        stored = read_keyed(path, fingerprint)
        if stored is not None and _consistent(stored.get("report"), deck_size, settings):
            report = stored["report"]
    if report is None:
        report = press_your_luck_report(deck_size, settings)
        if path is not None:
            write_json(path, {"fingerprint": fingerprint, "report": report})
    if run is not None:
        run[REPORT_PREFIX + fingerprint] = report
    return report


def labelled_report(report: dict[str, Any]) -> dict[str, Any]:
    """``report`` with every pair named, for the build report and the preview: the
    expected points as ``{stop_at, points_per_turn}`` rows and each histogram as
    ``{turns, games}`` rows (the cache keeps the compact pairs).

    >>> labelled_report({"press_your_luck": {"expected_points_per_turn_by_stop": [[1, 1.0]],
    ...                                      "game_length": [{"turn_histogram": [[9, 4]]}]}})
    {'press_your_luck': {'expected_points_per_turn_by_stop': [{'stop_at': 1, 'points_per_turn': 1.0}], \
'game_length': [{'turn_histogram': [{'turns': 9, 'games': 4}]}]}}
    """
    pyl = report.get("press_your_luck")
    if not isinstance(pyl, dict):
        return report
    by_stop = [{"stop_at": k, "points_per_turn": v}
               for k, v in pyl.get("expected_points_per_turn_by_stop", [])]
    rows = [{**row, "turn_histogram": [{"turns": t, "games": n}
                                       for t, n in row.get("turn_histogram", [])]}
            for row in pyl.get("game_length", [])]
    return {**report, "press_your_luck": {**pyl, "expected_points_per_turn_by_stop": by_stop,
                                          "game_length": rows}}
