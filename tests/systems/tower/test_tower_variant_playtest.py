"""``playtest --variant``: god cards beside the plain game on the same seeds."""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from generator.cli import main
from generator.sim.stats import difference_interval

PACK = str(Path(__file__).resolve().parents[3] / "content" / "tower")
BASE = ["playtest", PACK, "fish-steps", "--games", "30", "--jobs", "1", "-q"]


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, [*BASE, *args])
    return result.exit_code, result.output


def test_each_variant_plays_the_plain_games_seeds_and_reports_the_difference() -> None:
    code, out = _run("--variant", "artemis", "--variant", "zeus", "--format", "json")
    assert code == 0, out
    data = json.loads(out)
    code, plain = _run("--format", "json")
    assert json.loads(plain) == data["plain"]
    assert [v["variant"] for v in data["variants"]] == ["artemis", "zeus"]
    for row in data["variants"]:
        p = data["plain"]
        assert row["difference"] == row["wins"] / row["games"] - p["wins"] / p["games"]
        assert row["difference_ci95"] == list(difference_interval(row["wins"], row["games"],
                                                                  p["wins"], p["games"]))
    code, text = _run("--variant", "artemis")
    assert code == 0 and "plain" in text and "artemis" in text and "points [" in text


def test_an_unknown_variant_and_players_with_variants_are_usage_errors() -> None:
    code, out = _run("--variant", "nobody")
    assert code == 2 and "no variant 'nobody'" in out
    code, out = _run("--variant", "zeus", "--policy", "greedy", "--policy", "random")
    assert code == 2 and "not both" in out
