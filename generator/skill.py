"""Players of rising skill side by side: what ``playtest --policy A --policy B ...`` reports.

Every system that playtests returns, per policy, a JSON object with ``games`` and
``wins`` (a competitive game reports the tested player's wins against its
reference players, see the roles system). :func:`compare_policies` puts them in
the system's order of strength (``skill_order``, weakest first; the command
line's order for a system that declares none) and measures:

- each policy's win rate with its Wilson interval;
- the *skill gap*: the strongest policy's win rate minus the weakest's, with
  Newcombe's interval of a difference (:func:`~generator.sim.stats.difference_interval`);
- *inversions*: a stronger policy whose interval lies entirely below a weaker
  one's. Skill that does not pay is a sign of a game decided by luck, or of a
  broken player, like the skill trace of Ludii.

>>> rows = {"random": {"games": 100, "wins": 20}, "greedy": {"games": 100, "wins": 70}}
>>> c = compare_policies(rows, ("random", "greedy"))
>>> c["strongest"], c["weakest"], round(c["skill_gap"], 2), c["inversions"]
('greedy', 'random', 0.5, [])
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from generator.sim.stats import (
    difference_interval,
    format_rate,
    intervals_disjoint_above,
    wilson_interval,
)


def strength_order(asked: Sequence[str], skill_order: Sequence[str]) -> list[str]:
    """The policies asked, weakest first by ``skill_order`` (unknown ones last, as asked).

    >>> strength_order(["lookahead", "random", "greedy"], ("random", "greedy", "lookahead"))
    ['random', 'greedy', 'lookahead']
    """
    rank = {name: i for i, name in enumerate(skill_order)}
    return sorted(dict.fromkeys(asked), key=lambda p: (rank.get(p, len(rank)),
                                                       list(asked).index(p)))


def compare_policies(results: Mapping[str, Mapping[str, Any]],
                     skill_order: Sequence[str]) -> dict[str, Any]:
    """The side-by-side figures of several policies' playtests (see the module notes)."""
    order = strength_order(list(results), skill_order)
    rows: list[dict[str, Any]] = []
    for name in order:
        r = results[name]
        games, wins = int(r["games"]), int(r["wins"])
        rows.append({"policy": name, "games": games, "wins": wins,
                     "win_rate": wins / games if games else 0.0,
                     "ci95": list(wilson_interval(wins, games))})
    weak, strong = rows[0], rows[-1]
    gap_ci = difference_interval(strong["wins"], strong["games"], weak["wins"], weak["games"])
    inversions = []
    for i, weaker in enumerate(rows):
        for stronger in rows[i + 1:]:
            if intervals_disjoint_above((weaker["ci95"][0], weaker["ci95"][1]),
                                        (stronger["ci95"][0], stronger["ci95"][1])):
                inversions.append({"stronger": stronger["policy"], "weaker": weaker["policy"]})
    return {"order": order, "rows": rows, "strongest": strong["policy"],
            "weakest": weak["policy"], "skill_gap": strong["win_rate"] - weak["win_rate"],
            "skill_gap_ci95": list(gap_ci), "inversions": inversions}


def format_comparison(target: str, comparison: Mapping[str, Any], label: str = "win rate"
                      ) -> str:
    """The comparison as text: a row per policy (weakest first), the gap, the inversions.

    >>> rows = {"random": {"games": 100, "wins": 20}, "greedy": {"games": 100, "wins": 70}}
    >>> print(format_comparison("t", compare_policies(rows, ("random", "greedy"))))
    t: 2 policies on the same seeds, weakest first
      random  20/100  win rate 20.0% [13.3-28.9%]
      greedy  70/100  win rate 70.0% [60.4-78.1%]
    skill gap (greedy - random): +50.0 points [+36.9, +60.5]
    """
    rows = comparison["rows"]
    width = max(len(r["policy"]) for r in rows)
    counts = [f"{r['wins']}/{r['games']}" for r in rows]
    cwidth = max(len(c) for c in counts)
    lines = [f"{target}: {len(rows)} policies on the same seeds, weakest first"]
    for r, count in zip(rows, counts):
        lines.append(f"  {r['policy']:<{width}}  {count:>{cwidth}}  {label} "
                     f"{format_rate(r['wins'], r['games'])}")
    lo, hi = comparison["skill_gap_ci95"]
    lines.append(f"skill gap ({comparison['strongest']} - {comparison['weakest']}): "
                 f"{comparison['skill_gap'] * 100:+.1f} points "
                 f"[{lo * 100:+.1f}, {hi * 100:+.1f}]")
    for inv in comparison["inversions"]:
        lines.append(f"warning: {inv['stronger']} wins less than {inv['weaker']} (the 95 % "
                     "intervals do not overlap): luck decides, or a player is broken")
    return "\n".join(lines)


__all__ = ["compare_policies", "format_comparison", "strength_order"]
