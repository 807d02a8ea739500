"""Players of rising skill side by side (``playtest --policy A --policy B``): the
comparison's arithmetic pinned to plain computations over generated inputs, and
the command on every system that playtests."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import main
from generator.sim.stats import difference_interval, wilson_interval
from generator.skill import compare_by, compare_policies, format_by, strength_order

CONTENT = Path(__file__).resolve().parents[1] / "content"


def test_difference_interval_matches_newcombe_and_is_antisymmetric() -> None:
    # Newcombe (1998), table II, example (a): 56/70 against 48/80.
    lo, hi = difference_interval(56, 70, 48, 80)
    assert (round(lo, 4), round(hi, 4)) == (0.0524, 0.3339)
    rng = random.Random(7)
    for _ in range(500):
        na, nb = rng.randint(0, 60), rng.randint(0, 60)
        wa, wb = rng.randint(0, na), rng.randint(0, nb)
        lo, hi = difference_interval(wa, na, wb, nb)
        assert -1.0 <= lo <= hi <= 1.0
        if na and nb:
            assert lo - 1e-12 <= wa / na - wb / nb <= hi + 1e-12
        back = difference_interval(wb, nb, wa, na)
        assert back == pytest.approx((-hi, -lo))


def _slow_inversions(rows: list[tuple[str, int, int]]) -> list[tuple[str, str]]:
    """Every (stronger, weaker) pair whose Wilson intervals lie the wrong way round."""
    out = []
    for i in range(len(rows)):
        for j in range(len(rows)):
            if i < j:
                weak, strong = rows[i], rows[j]
                w_lo, _ = wilson_interval(weak[1], weak[2])
                _, s_hi = wilson_interval(strong[1], strong[2])
                if s_hi < w_lo:
                    out.append((strong[0], weak[0]))
    return sorted(out)


def test_comparison_orders_by_strength_and_finds_every_inversion() -> None:
    rng = random.Random(3)
    names = ["random", "greedy", "lookahead", "deep"]
    for _ in range(300):
        asked = rng.sample(names, rng.randint(2, 4))
        results = {}
        for name in asked:
            games = rng.randint(1, 200)
            results[name] = {"games": games, "wins": rng.randint(0, games)}
        c = compare_policies(results, names)
        order = [n for n in names if n in asked]
        assert c["order"] == order == strength_order(asked, names)
        rows = [(n, results[n]["wins"], results[n]["games"]) for n in order]
        found = sorted((i["stronger"], i["weaker"]) for i in c["inversions"])
        assert found == _slow_inversions(rows)
        strong, weak = rows[-1], rows[0]
        assert c["skill_gap"] == pytest.approx(strong[1] / strong[2] - weak[1] / weak[2])
        lo, hi = c["skill_gap_ci95"]
        assert lo <= c["skill_gap"] + 1e-12 and c["skill_gap"] - 1e-12 <= hi


def test_the_breakdown_compares_every_part_as_the_whole_is_compared() -> None:
    """compare_by, pinned part by part to the slow inversions over generated breakdowns."""
    rng = random.Random(11)
    names = ["random", "greedy", "lookahead"]
    for _ in range(100):
        asked = rng.sample(names, rng.randint(2, 3))
        parts = [f"p{i}" for i in range(rng.randint(1, 25))]
        results = {}
        for name in asked:
            by = {}
            for part in parts:
                games = rng.randint(1, 80)
                by[part] = {"games": games, "wins": rng.randint(0, games)}
            results[name] = {"games": 1, "wins": 0, "by": {"role": by}}
        found = compare_by(results, names)
        assert list(found) == ["role"] and list(found["role"]) == parts
        order = strength_order(asked, names)
        for part, c in found["role"].items():
            rows = [(n, results[n]["by"]["role"][part]["wins"],
                     results[n]["by"]["role"][part]["games"]) for n in order]
            assert sorted((i["stronger"], i["weaker"]) for i in c["inversions"]) == \
                _slow_inversions(rows)
        text = format_by(found)
        warned = sum(len(c["inversions"]) for c in found["role"].values())
        assert text.count("warning: with role") == warned
        assert ("skill gap by role (" in text) == (len(parts) <= 20)
    assert compare_by({"a": {"games": 1, "wins": 0}, "b": {"games": 1, "wins": 1}},
                      names) == {}


def test_unknown_policies_keep_the_order_asked_after_the_known_ones() -> None:
    assert strength_order(["b", "greedy", "a"], ("random", "greedy")) == ["greedy", "b", "a"]


@pytest.mark.parametrize(("pack", "target", "policies", "extra"), [
    ("tower", "fish-steps", ["lookahead", "random", "greedy"], []),
    ("glyphs", "drowned-antechamber", ["planner", "random", "lookahead"], []),
    ("roles", "harbour-lights", ["lookahead", "random", "greedy"], []),
])
def test_playtest_compares_policies_on_every_system(pack: str, target: str,
                                                    policies: list[str],
                                                    extra: list[str]) -> None:
    args = ["playtest", str(CONTENT / pack), target, "--games", "12", "--jobs", "1", "-q",
            "--format", "json"]
    for p in policies:
        args += ["--policy", p]
    result = CliRunner().invoke(main, args + extra)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    comparison = data["comparison"]
    assert sorted(comparison["order"]) == sorted(policies)
    assert comparison["weakest"] == "random"
    assert [p["policy"] for p in data["policies"]] == comparison["order"]
    assert all(r["games"] == 12 for r in comparison["rows"])
    # The same seeds: one policy alone gives the figures it gives in the comparison.
    alone = CliRunner().invoke(main, args[:args.index("--policy")] + ["--policy", "random"]
                               + (["--against", "greedy"] if pack == "roles" else []))
    assert alone.exit_code == 0, alone.output
    assert json.loads(alone.output)["wins"] == comparison["rows"][0]["wins"]
    text = CliRunner().invoke(main, [a for a in args if a not in ("--format", "json")])
    assert text.exit_code == 0, text.output
    assert "skill gap" in text.output and "weakest first" in text.output
    if pack == "roles":  # the role game: the same gap per role and per deal
        by = data["by"]
        assert list(by) == ["role", "deal"] and len(by["deal"]) == 12
        for part in by["role"].values():
            assert {r["games"] for r in part["rows"]} <= set(range(1, 13))
        assert by["role"]["city-engineer"]["rows"][0]["games"] == 12
        assert "skill gap by role (lookahead - random): city-engineer" in text.output


def test_an_unknown_policy_among_several_is_a_usage_error() -> None:
    result = CliRunner().invoke(main, ["playtest", str(CONTENT / "tower"), "fish-steps",
                                       "--policy", "greedy", "--policy", "clever", "-q"])
    assert result.exit_code == 2
    assert "unknown policy 'clever'" in result.output
