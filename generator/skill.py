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

A system may break each policy's figure down under ``by`` (``{"role": {"riveter":
{"games": .., "wins": ..}, ...}, "deal": {...}}``: the role game's per role and per
deal win shares); :func:`compare_by` measures the same gap and inversions per part.

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


def format_gap(comparison: Mapping[str, Any], digits: int = 1) -> str:
    """A comparison's skill gap in points with its interval.

    >>> rows = {"random": {"games": 100, "wins": 20}, "greedy": {"games": 100, "wins": 70}}
    >>> format_gap(compare_policies(rows, ("random", "greedy")), 0)
    '+50 [+37, +60]'
    """
    lo, hi = comparison["skill_gap_ci95"]
    return (f"{comparison['skill_gap'] * 100:+.{digits}f} "
            f"[{lo * 100:+.{digits}f}, {hi * 100:+.{digits}f}]")


def compare_by(results: Mapping[str, Mapping[str, Any]], skill_order: Sequence[str]
               ) -> dict[str, dict[str, dict[str, Any]]]:
    """Per dimension of the policies' ``by`` and per part of it (a part every policy
    measured), :func:`compare_policies` of the part's figures; empty when a policy
    gives no breakdown.

    >>> rows = {"random": {"games": 4, "wins": 0, "by": {"role": {"a": {"games": 4, "wins": 0}}}},
    ...         "greedy": {"games": 4, "wins": 2, "by": {"role": {"a": {"games": 4, "wins": 2}}}}}
    >>> c = compare_by(rows, ("random", "greedy"))
    >>> c["role"]["a"]["skill_gap"], c["role"]["a"]["inversions"]
    (0.5, [])
    """
    breakdowns = [r.get("by") for r in results.values()]
    if not breakdowns or not all(isinstance(b, Mapping) for b in breakdowns):
        return {}
    first = breakdowns[0]
    assert isinstance(first, Mapping)
    out: dict[str, dict[str, dict[str, Any]]] = {}
    for dimension, parts in first.items():
        if not all(isinstance(b.get(dimension), Mapping) for b in breakdowns if b):
            continue
        out[dimension] = {
            part: compare_policies({name: r["by"][dimension][part]
                                    for name, r in results.items()}, skill_order)
            for part in parts if all(part in r["by"][dimension] for r in results.values())}
    return out


BY_TEXT_AT_MOST = 20
"""A dimension of a breakdown with more parts than this prints only its inversions as
text (the role game's 75 deals); ``--format json`` gives every part."""


def format_by(by: Mapping[str, Mapping[str, Mapping[str, Any]]]) -> str:
    """The text of :func:`compare_by`: per dimension the gap of each part (at most
    :data:`BY_TEXT_AT_MOST` parts), then every inversion.

    >>> rows = {"random": {"games": 9, "wins": 0, "by": {"role": {"a": {"games": 9, "wins": 0}}}},
    ...         "greedy": {"games": 9, "wins": 9, "by": {"role": {"a": {"games": 9, "wins": 9}}}}}
    >>> print(format_by(compare_by(rows, ("random", "greedy"))))
    skill gap by role (greedy - random): a +100.0 [+57.7, +100.0] (9 games)
    """
    lines = []
    for dimension, parts in by.items():
        if not parts:
            continue
        some = next(iter(parts.values()))
        if len(parts) <= BY_TEXT_AT_MOST:
            gaps = "; ".join(f"{part} {format_gap(c)} ({c['rows'][0]['games']} games)"
                             for part, c in parts.items())
            lines.append(f"skill gap by {dimension} ({some['strongest']} - "
                         f"{some['weakest']}): {gaps}")
        else:
            lines.append(f"skill gap by {dimension}: {len(parts)} parts (--format json "
                         "gives each)")
        for part, c in parts.items():
            for inv in c["inversions"]:
                lines.append(f"warning: with {dimension} '{part}', {inv['stronger']} wins "
                             f"less than {inv['weaker']} (the 95 % intervals do not overlap)")
    return "\n".join(lines)


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


__all__ = ["BY_TEXT_AT_MOST", "compare_by", "compare_policies", "format_by",
           "format_comparison", "format_gap", "strength_order"]
