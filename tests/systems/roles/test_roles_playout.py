"""Playouts: seeded, executor-independent statistics, the playtest command through the
System interface, and the card warnings of check (with their cache pinned to a fresh run)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import main
from generator.pack.model import Document
from generator.sim.executors import InProcessExecutor
from generator.sim.montecarlo import run_games
from generator.systems.roles.content import read_pack
from generator.systems.roles.engine import Table, compile_table
from generator.systems.roles.playout import (
    RoleGames,
    cached_stats,
    iter_card_warnings,
    playtest,
    summarise,
)

from .conftest import SHIPPED, copy_pack, load_pack

TOWER_FIELDS = {"scenario", "policy", "games", "wins", "win_rate", "ci95", "losses",
                "mean_turns", "seed"}


def test_playtest_is_seeded_and_split_independent(shipped_table: Table) -> None:
    one = playtest(shipped_table, "random", 12, seed=5, players=3)
    assert one == playtest(shipped_table, "random", 12, seed=5, players=3)
    split = run_games(RoleGames(shipped_table, "random", 3), 12, 5,
                      executor=InProcessExecutor(), tasks=4)
    assert summarise(split, shipped_table, "random", 3) == one
    assert one.games == 12 and sum(n for _, n in one.win_types) == 12
    plays = sum(s.played for _, s in one.cards)
    assert plays >= 12 * 3  # every seat plays at least one card per game


def test_card_figures_match_the_records(shipped_table: Table) -> None:
    run = run_games(RoleGames(shipped_table, "greedy", 2), 6, 1)
    result = summarise(run, shipped_table, "greedy", 2)
    engineer = dict(result.cards)["city-engineer"]
    manual = sum(n for record, n in run.counts for p in record.plays
                 if shipped_table.card_ids[p.card] == "city-engineer")
    assert engineer.played == manual


def test_cli_playtest_json_has_the_tower_fields_and_cards() -> None:
    out = CliRunner().invoke(main, ["playtest", str(SHIPPED), "harbour-lights", "--games", "4",
                                    "--policy", "random", "--jobs", "1", "--format", "json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert TOWER_FIELDS <= set(data)
    assert set(data["cards"]["riveter"]) == {"played", "cost_worker", "win_rate_when_played",
                                             "win_rate_ci95"}
    low, high = data["cards"]["riveter"]["win_rate_ci95"]
    assert 0 <= low <= data["cards"]["riveter"]["win_rate_when_played"] <= high <= 1
    assert sum(data["win_types"].values()) == 4 == sum(data["game_length"].values())


def test_cli_playtest_unknown_policy_is_a_usage_error() -> None:
    out = CliRunner().invoke(main, ["playtest", str(SHIPPED), "harbour-lights", "--policy",
                                    "psychic"])
    assert out.exit_code == 2 and "unknown policy" in out.output


def _docs(root: Path) -> dict[str, Document]:
    return read_pack(load_pack(root))[1]


def test_card_warnings_at_the_card(tmp_path: Path) -> None:
    docs = _docs(copy_pack(tmp_path))
    stats = {ident: [20, 0, 10, 20] for ident in docs}
    stats["riveter"] = [0, 0, 0, 0]
    stats["cab-driver"] = [15, 15, 0, 10]
    stats["courier"] = [20, 0, 19, 20]
    found = sorted((d.code, Path(d.file).name, d.line) for d in iter_card_warnings(stats, docs))
    # Each at the first ability of the card (the line after its 'abilities:').
    assert found == [
        ("RS-N011", "builders.yaml", 10),
        ("RS-N012", "movers.yaml", 22),
        ("RS-N013", "movers.yaml", 72),
    ]
    assert list(iter_card_warnings({i: [20, 0, 10, 20] for i in docs}, docs)) == []


def test_cached_stats_equal_a_fresh_run(tmp_path: Path) -> None:
    root = copy_pack(tmp_path, {"game.yaml": ("games: 40", "games: 5")})
    pack = load_pack(root)
    cards, _, games = read_pack(pack)
    game, _, doc = games[0]
    table = compile_table(game, cards)
    fresh = cached_stats(pack, game, doc, table, None)
    first = cached_stats(pack, game, doc, table, tmp_path / "cache")
    assert first == fresh == cached_stats(pack, game, doc, table, tmp_path / "cache")
    cached = tmp_path / "cache" / "roles-harbour-lights.json"
    stored = json.loads(cached.read_text())
    stored["cards"]["riveter"] = [1, 2, "x", 4]  # right fingerprint, wrong shape
    cached.write_text(json.dumps(stored))
    assert cached_stats(pack, game, doc, table, tmp_path / "cache") == fresh
    cached.write_text('{"fingerprint": 1}')
    assert cached_stats(pack, game, doc, table, tmp_path / "cache") == fresh
    assert sum(fresh["win_types"].values()) == 5


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_no_shipped_card_is_broken(shipped_table: Table, policy: str) -> None:
    result = playtest(shipped_table, policy, 24, seed=11, players=2)
    for ident, s in result.cards:
        assert s.played > 0, ident
        assert s.cost_worker < s.played, ident
        assert s.win_rate < 0.85, ident
