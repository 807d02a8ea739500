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
from generator.systems.roles.engine import Table
from generator.systems.roles.figures import RatioSums
from generator.systems.roles.content import compile_deals
from generator.systems.roles.playout import (
    CardStats,
    DealGames,
    DealResult,
    RoleFigures,
    cached_stats,
    iter_card_warnings,
    playtest_deals,
    summarise_deals,
)

from .conftest import SHIPPED, copy_pack, line_of, load_pack

TOWER_FIELDS = {"scenario", "policy", "games", "wins", "win_rate", "ci95", "losses",
                "mean_turns", "seed"}


def _tables() -> tuple[Table, ...]:
    cards, _, games = read_pack(load_pack(SHIPPED))
    return compile_deals(games[0][0], cards)[1]


def test_playtest_is_seeded_and_split_independent() -> None:
    tables = _tables()[:4]
    one, _ = playtest_deals(tables, "random", 12, seed=5, players=3)
    assert one == playtest_deals(tables, "random", 12, seed=5, players=3)[0]
    split = run_games(DealGames(tables, "random", 3), 12, 5,
                      executor=InProcessExecutor(), tasks=4)
    assert summarise_deals(split, tables, "random", 3) == one
    assert one.games == 12 and sum(n for _, n in one.win_types) == 12
    assert one.deals == (3, 3, 3, 3)  # game i on deal i mod 4
    plays = sum(s.played for _, s in one.cards)
    assert plays >= 12 * 3  # every seat plays at least one card per game


def test_card_figures_match_the_records(shipped_table: Table) -> None:
    run = run_games(DealGames((shipped_table,), "greedy", 2), 6, 1)
    result = summarise_deals(run, (shipped_table,), "greedy", 2)
    engineer = dict(result.cards)["city-engineer"]
    manual = sum(n for (_, record), n in run.counts for p in record.plays
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


def _result(roles: dict[str, RoleFigures],
            copies: dict[tuple[str, int], RoleFigures], fair: RatioSums) -> DealResult:
    """A run's summary made of the given figures (the warnings read nothing else)."""
    return DealResult("greedy", 2, fair.n, 0, fair.n, (("climb", fair.n),), ((10, fair.n),),
                      tuple((r, CardStats(f.played, f.cost_worker, f.sums.w, f.sums.d))
                            for r, f in sorted(roles.items())),
                      tuple(sorted(roles.items())), tuple(sorted(copies.items())), fair, (fair.n,))


def _even(played: int = 20, cost: int = 0, offers: int = 10, picks: int = 5,
          won: int = 5) -> RoleFigures:
    """Figures of 40 games, in each ``won`` of 10 plays by the winner."""
    return RoleFigures(played, cost, offers, picks, RatioSums.of([(won, 10)] * 40))


def test_card_warnings_at_the_card(tmp_path: Path) -> None:
    root = copy_pack(tmp_path)
    docs = _docs(root)
    game_doc = read_pack(load_pack(root))[2][0][2]
    fair = RatioSums.of([(5, 10)] * 40)
    numbers = [*range(1, 26)]
    neutral = {i: _even() for i in docs}
    flat = {("riveter", n): _even() for n in numbers}
    quiet = [d for d in iter_card_warnings(_result(neutral, flat, fair), docs, game_doc)
             if d.code != "RS-N020"]
    assert quiet == []
    # The other builders win 60% of their plays: 1.2x the fair share, not far enough for
    # RS-N018 on any one of them, but the builder type as a whole is beyond 1.05x.
    builders = {i: _even(won=6) for i in docs if docs[i].data["type"] == "builder"}
    roles = {**neutral, **builders, "riveter": RoleFigures(0, 0, 0, 0, RatioSums()),
             "cab-driver": _even(played=15, cost=15),
             "ferry-captain": _even(won=8)}
    # A copy offered 20 times and never picked; win shares rising with the number are
    # the rules' own pull, never warned.
    copies = {("riveter", n): _even(won=1 + n // 6) for n in numbers}
    copies[("doorman", 26)] = _even(offers=20, picks=0)
    found = sorted((d.code, Path(d.file).name, d.line, d.col)
                   for d in iter_card_warnings(_result(roles, copies, fair), docs, game_doc)
                   if d.code != "RS-N020")

    def at(rel: str, needle: str, start: str) -> tuple[int, int]:
        """The line of ``needle`` in ``rel`` and the column where ``start`` begins on it."""
        line = line_of(root, rel, needle)
        return line, (root / rel).read_text("utf-8").splitlines()[line - 1].index(start) + 1

    builders, movers = "cards/builders.yaml", "cards/movers.yaml"
    first_ability = line_of(root, movers, "Travel exactly") - 1  # the cab driver's '- timing:'
    assert found == sorted([
        # Never played, always a worker lost: at the card's first ability.
        ("RS-N011", "builders.yaml", *at(builders, "timing: your-build", "- timing")),
        ("RS-N012", "movers.yaml", first_ability,
         (root / movers).read_text("utf-8").splitlines()[first_ability - 1].index("- timing") + 1),
        # Far above the fair share, a copy never worth playing: at the role's name.
        ("RS-N018", "movers.yaml", *at(movers, "name: Ferry Captain", "Ferry")),
        ("RS-N019", "specialists.yaml", *at("cards/specialists.yaml", "name: Doorman", "Doorman")),
        # A type's numbers: at the type's numbers in the game (the builders at 60%; the
        # movers at 60% too, lifted by the Ferry Captain).
        ("RS-N017", "game.yaml", *at("game.yaml", "builder: [", "[")),
        ("RS-N017", "game.yaml", *at("game.yaml", "mover: [", "[")),
    ])


def test_cached_stats_equal_a_fresh_run(tmp_path: Path) -> None:
    root = copy_pack(tmp_path, {"game.yaml": ("games: 8", "games: 1")})
    pack = load_pack(root)
    cards, _, games = read_pack(pack)
    game, _, doc = games[0]
    tables = compile_deals(game, cards)[1]
    fresh = cached_stats(pack, game, doc, tables, None)
    first = cached_stats(pack, game, doc, tables, tmp_path / "cache")
    assert first == fresh == cached_stats(pack, game, doc, tables, tmp_path / "cache")
    cached = tmp_path / "cache" / "roles-harbour-lights.json"
    good = json.loads(cached.read_text())
    tampered = [
        {**good, "roles": {**good["roles"], "riveter": [1, 2, "x", 4]}},  # wrong shape
        {**good, "games": good["games"] + 1},  # the games no longer add up
        {**good, "copies": good["copies"][1:]},  # a printed card missing
        {**good, "fingerprint": "0" * 64, "games": 1, "deals": [1] + [0] * 74},  # stale
        {"fingerprint": 1},
    ]
    for stored in tampered:
        cached.write_text(json.dumps(stored))
        assert cached_stats(pack, game, doc, tables, tmp_path / "cache") == fresh
        assert json.loads(cached.read_text()) == good  # recomputed and stored again
    assert sum(fresh["win_types"].values()) == fresh["games"] == 75  # one game a deal


def test_a_stale_entry_is_recomputed_when_the_game_changes(tmp_path: Path) -> None:
    # The entry of one game read for an edited game: its fingerprint no longer matches.
    cache = tmp_path / "cache"
    figures = []
    for name, seed in (("a", 7), ("b", 8)):
        pack = load_pack(copy_pack(tmp_path / name, {"game.yaml": (
            "games: 8, players: 2, seed: 7", f"games: 1, players: 2, seed: {seed}")}))
        cards, _, games = read_pack(pack)
        game, _, doc = games[0]
        tables = compile_deals(game, cards)[1]
        figures.append((cached_stats(pack, game, doc, tables, cache),
                        cached_stats(pack, game, doc, tables, None)))
    assert [f[0] == f[1] for f in figures] == [True, True]
    assert figures[0][1] != figures[1][1]


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_no_shipped_card_is_broken(policy: str) -> None:
    result, _ = playtest_deals(_tables(), policy, 75, seed=11, players=2)  # one game a deal
    for ident, s in result.cards:
        assert s.played > 0, ident
        assert s.cost_worker < s.played, ident
        assert s.win_rate < 0.85, ident
