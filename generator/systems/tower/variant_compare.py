"""``playtest --variant NAME`` (repeatable): god cards side by side with the plain game.

The plain game and each variant play the same seeds (game ``i`` from ``(seed,
i)``) with the same policy; each variant's row gives its win rate and the
difference from the plain game's, with Newcombe's 95 % interval of a difference
(:func:`~generator.sim.stats.difference_interval`). The games are separate runs,
so the interval treats them as independent samples: the games diverge after the
first die roll the card changes, and the independent interval is the cautious one.
"""
from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from generator.sim.montecarlo import Progress
from generator.sim.stats import difference_interval, format_rate

PLAIN = "plain"
"""The row of the game without a god card."""


def compare_rows(plain: dict[str, Any], variants: Sequence[tuple[str, dict[str, Any]]]
                 ) -> list[dict[str, Any]]:
    """One row per variant: its wins and games, win rate, and the difference from
    ``plain`` with its interval (playtest JSON objects, each with ``wins`` and ``games``).

    >>> rows = compare_rows({"wins": 60, "games": 100}, [("zeus", {"wins": 40, "games": 100})])
    >>> rows[0]["variant"], round(rows[0]["difference"], 2)
    ('zeus', -0.2)
    """
    out = []
    for name, r in variants:
        lo, hi = difference_interval(r["wins"], r["games"], plain["wins"], plain["games"])
        out.append({"variant": name, "games": r["games"], "wins": r["wins"],
                    "win_rate": r["wins"] / r["games"] if r["games"] else 0.0,
                    "ci95": r["ci95"] if "ci95" in r else None,
                    "difference": (r["wins"] / r["games"] if r["games"] else 0.0)
                    - (plain["wins"] / plain["games"] if plain["games"] else 0.0),
                    "difference_ci95": [lo, hi],
                    "clearly": "easier" if lo > 0 else "harder" if hi < 0 else ""})
    return out


def format_comparison(scenario: str, policy: str, seed: int, plain: dict[str, Any],
                      rows: list[dict[str, Any]]) -> str:
    """The text table: the plain game, then each variant with its difference."""
    width = max([len(PLAIN)] + [len(r["variant"]) for r in rows])
    lines = [f"{scenario}: {plain['games']} games each on the same seeds (policy {policy}, "
             f"seed {seed}), the plain game against each god card",
             f"  {PLAIN:<{width}}  won {format_rate(plain['wins'], plain['games'])}"]
    for r in rows:
        lo, hi = r["difference_ci95"]
        verdict = f", clearly {r['clearly']}" if r["clearly"] else ""
        lines.append(f"  {r['variant']:<{width}}  won {format_rate(r['wins'], r['games'])}  "
                     f"{r['difference'] * 100:+.1f} points [{lo * 100:+.1f}, {hi * 100:+.1f}]"
                     f"{verdict}")
    return "\n".join(lines) + "\n"


def run_variant_playtests(pack_path: str | Path, scenario: str, games: int, policy: str,
                          seed: int, jobs: int | None, scheduler: str | None, fmt: str,
                          progress: Progress | None, variants: Sequence[str]
                          ) -> tuple[int, str]:
    """Playtest the plain game and each variant of ``variants`` on the same seeds."""
    from generator.systems.tower.playtest import FORMATS, run_playtest

    if fmt not in FORMATS:
        return 2, f"riddlesmith: unknown format '{fmt}' (choose {', '.join(FORMATS)})"
    found: dict[str | None, dict[str, Any]] = {}
    for variant in [None, *dict.fromkeys(variants)]:
        code, text = run_playtest(pack_path, scenario, games, policy, seed, jobs, scheduler,
                                  "json", progress, variant=variant)
        if code != 0:
            return code, text
        found[variant] = json.loads(text)
    plain = found.pop(None)
    rows = compare_rows(plain, [(str(k), v) for k, v in found.items()])
    if fmt == "json":
        return 0, json.dumps({"scenario": scenario, "policy": policy, "seed": seed,
                              "plain": plain, "variants": [
                                  {**found[r["variant"]], "variant": r["variant"],
                                   "difference": r["difference"],
                                   "difference_ci95": r["difference_ci95"]} for r in rows]},
                             indent=2)
    return 0, format_comparison(scenario, policy, seed, plain, rows)


__all__ = ["PLAIN", "compare_rows", "format_comparison", "run_variant_playtests"]
