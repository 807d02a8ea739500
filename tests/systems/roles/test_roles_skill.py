"""The lookahead player and one-against-the-field challenges of the role game."""
from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from generator.engine.powers.turn import Ply, apply_ply
from generator.sim.montecarlo import run_games
from generator.sim.montecarlo import make_rng
from generator.systems.roles.challenge import (
    ChallengeGames,
    cached_deal_counts,
    challenge_json,
    challenger_seat,
    deal_counts,
    role_counts,
)
from generator.systems.roles.playout import DealGames
from generator.systems.roles.content import read_pack
from generator.systems.roles.engine import (
    Position,
    Table,
    legal_plies,
    play_game,
    seat_workers,
    usage,
    win_type,
)
from generator.systems.roles.model import WORKERS_EACH
from generator.systems.roles.content import compile_deals
from generator.systems.roles.policies import POLICIES, GreedyPolicy, LookaheadPolicy

from .conftest import SHIPPED, check_copy, copy_pack, load_pack


def _tables() -> tuple[Table, ...]:
    cards, _, games = read_pack(load_pack(SHIPPED))
    return compile_deals(games[0][0], cards)[1]


def _slow_hands_a_win(table: Table, position: Position, seat: int, ply: Ply) -> bool:
    """Every rival, every printed card (no sharing of rules), the Statue assumed theirs."""
    state = apply_ply(position.state, ply)
    used = usage(position.state, ply)
    supply = tuple(a - b for a, b in zip(position.supply, used, strict=True))
    for rival in range(len(state.workers) // WORKERS_EACH):
        if rival == seat or all(state.workers[i] < 0 for i in seat_workers(rival)):
            continue
        view = Position(state, supply, rival)  # type: ignore[arg-type]
        for card in range(len(table.numbers)):
            if any(r.win and win_type(table, view, rival, card, r)
                   for r in legal_plies(table, view, rival, card)):
                return True
    return False


class _Recording(LookaheadPolicy):
    def __init__(self) -> None:
        super().__init__()
        self.seen: list[tuple[Any, ...]] = []

    def choose_ply(self, table: Table, position: Position, seat: int, card: int,
                   plies: list[Ply], rng: random.Random) -> Ply:
        chosen = super().choose_ply(table, position, seat, card, plies, rng)
        values = self._listed(table, position, seat, card, plies)
        self.seen.append((table, position, seat, plies, values, chosen))
        return chosen


def test_lookahead_sees_every_win_it_hands_over_generated_games() -> None:
    tables = _tables()
    decisions = 0
    for game in range(4):
        table = tables[game * 7 % len(tables)]
        players = 2 + game % 3
        recorder = _Recording()
        seats = [recorder] + [GreedyPolicy() for _ in range(players - 1)]
        play_game(table, seats, random.Random(game))  # type: ignore[list-item]
        for table_, position, seat, plies, values, chosen in recorder.seen[:6]:
            for ply in plies[:3]:
                assert recorder._hands_a_win(table_, position, seat, ply) == \
                    _slow_hands_a_win(table_, position, seat, ply)
            best = max(values)
            some_best_is_safe = any(not _slow_hands_a_win(table_, position, seat, p)
                                    for p, v in zip(plies, values, strict=True) if v == best)
            if some_best_is_safe and best < 10_000:
                assert not _slow_hands_a_win(table_, position, seat, chosen)
            decisions += 1
    assert decisions >= 12


def test_the_challenger_takes_every_seat_in_turn_and_the_counts_add_up() -> None:
    tables = _tables()[:3]
    assert [challenger_seat(i, 3, 2) for i in range(8)] == [0, 0, 0, 1, 1, 1, 0, 0]
    run = run_games(ChallengeGames(tables, "random", "greedy", 2), 12, 4)
    again = run_games(ChallengeGames(tables, "random", "greedy", 2), 12, 4)
    assert run.counts == again.counts
    result = challenge_json(run, "g", "random", "greedy", 2, tables)
    assert result["games"] == 12 and 0 <= result["wins"] <= 12
    assert result["fair_share"] == 0.5 and result["deals"] == 3
    assert sum(r["games"] for r in result["by"]["deal"].values()) == 12
    assert result["by"]["role"][tables[0].card_ids[0]]["games"] in (4, 12)
    greedy = challenge_json(run_games(ChallengeGames(tables, "greedy", "greedy", 2), 12, 4),
                            "g", "greedy", "greedy", 2, tables)
    assert greedy["wins"] >= result["wins"]


def test_the_system_names_every_player_of_the_policies_module() -> None:
    from generator.registry import load_registry
    from generator.systems.roles import POLICY_NAMES
    from generator.systems.roles.policies import POLICIES

    assert sorted(POLICY_NAMES) == sorted(POLICIES)
    playtest = load_registry().commands_of("playtest")["roles"]
    assert sorted(playtest.skill_order) == sorted(playtest.policies) == sorted(POLICIES)


def test_check_notes_what_skill_is_worth_and_warns_on_an_inversion(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.systems.roles import challenge

    root = copy_pack(tmp_path / "p", {"pack.yaml": ("systems: [roles]",
                                                    "systems: [roles]\nsim: {max_games: 75}")})
    report = check_copy(root, monkeypatch, tmp_path / "cache")
    (note,) = [d for d in report.diagnostics if d.code == "RS-N021"]
    assert "greedy 50% (by symmetry)" in note.message and "random" in note.message
    assert not [d for d in report.diagnostics if d.code == "RS-N022"]
    # Declare random stronger than greedy: it wins far less than a fair share.
    # The skill gap per role: every role of the game, on the same 75 games a player.
    (by_role,) = [d for d in report.diagnostics if d.code == "RS-N023"]
    cards, _, games = read_pack(load_pack(root))
    game = games[0][0]
    listed = by_role.message.split("): ", 1)[1].split("; ")
    assert [part.split(" ")[0] for part in listed] == list(game.roles)
    assert "city-engineer" in listed[0] and listed[0].endswith("(75 games)")
    assert by_role.message.startswith("skill gap by role (greedy - random")
    assert not [d for d in report.diagnostics if d.code == "RS-N024"]
    # Declare random stronger than greedy: it wins far less than a fair share.
    monkeypatch.setattr(challenge, "SKILL_ORDER", ("greedy", "random", "lookahead"))
    again = check_copy(root, monkeypatch, tmp_path / "cache")
    (warning,) = [d for d in again.diagnostics if d.code == "RS-N022"]
    assert "the random player, stronger than greedy" in warning.message
    assert warning.file.endswith("game.yaml")
    # ... and, per role, clearly less than greedy with the Engineer (in all 75 games) and
    # wherever else the intervals are apart; each warning at its role card's name.
    inverted = [d for d in again.diagnostics if d.code == "RS-N024"]
    engineer = [d for d in inverted if "'city-engineer'" in d.message]
    assert len(engineer) == 1 and "the random player won" in engineer[0].message
    for d in inverted:
        role = d.message.split("'")[1]
        lines = Path(d.file).read_text("utf-8").splitlines()
        start = lines.index(f"id: {role}")
        name = next(i for i in range(start, len(lines)) if lines[i].startswith("name:"))
        assert Path(d.file).parent.name == "cards" and d.line == name + 1


def test_per_deal_and_per_role_counts_are_the_games_played_one_by_one() -> None:
    """The skill gap's counts, pinned to a slow recount: each game played alone with
    fresh players on its own seed, over seeded random samples of the shipped deals."""
    every = _tables()
    pick = random.Random(25)
    for players, policy, seed in ((2, "random", 3), (3, "lookahead", 11), (4, "greedy", 5)):
        tables = tuple(pick.sample(every, 4))
        games = 10
        run = run_games(ChallengeGames(tables, policy, "greedy", players), games, seed)
        slow = [[0, 0] for _ in tables]
        for i in range(games):
            deal, seat = i % len(tables), challenger_seat(i, len(tables), players)
            seats = [POLICIES[policy]() if s == seat else GreedyPolicy() for s in range(players)]
            record = play_game(tables[deal], seats, make_rng(seed, i))
            slow[deal][0] += record.winner == seat
            slow[deal][1] += 1
        per_deal = deal_counts(run, len(tables))
        assert per_deal == tuple((w, g) for w, g in slow)
        roles = role_counts(per_deal, tables)
        assert set(roles) == {r for t in tables for r in t.card_ids}
        for role, counts in roles.items():
            held = [d for d, t in enumerate(tables) if role in t.card_ids]
            assert counts == (sum(slow[d][0] for d in held), sum(slow[d][1] for d in held))


def test_every_player_of_the_gap_plays_the_check_playouts_seeds() -> None:
    """Game i of a challenge is game i of the check's playouts (same deal, same random
    source): greedy challenging greedy replays them exactly, so the players of the
    skill gap are compared on the check's own games."""
    tables = tuple(random.Random(7).sample(_tables(), 5))
    players, seed = 3, 9
    plain = DealGames(tables, "greedy", players).prepare()
    challenge = ChallengeGames(tables, "greedy", "greedy", players).prepare()
    for i in range(12):
        deal, record = plain(make_rng(seed, i), i)
        assert challenge(make_rng(seed, i), i) == (
            deal, record.winner == challenger_seat(i, len(tables), players), record.rounds)


def test_the_per_deal_counts_are_cached_and_a_damaged_entry_is_played_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.systems.roles import challenge

    tables = _tables()[:3]
    path = tmp_path / "c.json"
    first = cached_deal_counts(tables, "random", 2, 4, 6, "key", path)
    assert sum(g for _, g in first) == 6 and path.exists()

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("played again")

    with monkeypatch.context() as m:
        m.setattr(challenge, "run_games", refuse)
        assert cached_deal_counts(tables, "random", 2, 4, 6, "key", path) == first
    path.write_text(path.read_text().replace('"wins": [', '"wins": [9, '), "utf-8")
    assert cached_deal_counts(tables, "random", 2, 4, 6, "key", path) == first


@pytest.mark.parametrize("width", [1.0, 0.0])
def test_the_check_playouts_record_the_greedy_players_challenge_games(width: float) -> None:
    """check_playouts' per-deal greedy counts are the greedy challenge's, game for game,
    whether its playouts stop before the skill gap's games (width 1: one round) or
    after them (width 0: the cap)."""
    from generator.sim.budget import Budget
    from generator.systems.roles.playout import check_playouts, playtest_deals

    tables = tuple(random.Random(3).sample(_tables(), 4))
    budget = Budget(width, 16, 4)
    result, stopped, seated = check_playouts(tables, 5, 2, budget, 8)
    assert result.games == (4 if width else 16) and stopped == ("width" if width else "cap")
    assert seated == deal_counts(run_games(ChallengeGames(tables, "greedy", "greedy", 2), 8, 5),
                                 len(tables))
    assert result == playtest_deals(tables, "greedy", 0, 5, 2, budget=budget)[0]


def test_the_lookahead_wins_clearly_more_than_greedy_players() -> None:
    """The ladder's top rung is stronger than the greedy one: one lookahead seat against
    greedy players, seeded, from each seat in turn, wins clearly more than the fair
    share at 2 and 4 players (its card rule; the greedy challenger itself wins the
    fair share by symmetry)."""
    from generator.sim.stats import wilson_interval

    tables = _tables()
    for players in (2, 4):
        run = run_games(ChallengeGames(tables, "lookahead", "greedy", players), 150, 7)
        wins = sum(n for (_, won, _), n in run.counts if won)
        assert wilson_interval(wins, 150)[0] > 1 / players, (players, wins)


def test_no_gap_per_role_under_one_game_a_deal(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """sim.max_games caps the per-role games too: under one round of the deals there is
    no gap per role (and the check's playouts play no games for it)."""
    root = copy_pack(tmp_path / "p", {"pack.yaml": ("systems: [roles]",
                                                    "systems: [roles]\nsim: {max_games: 10}")})
    report = check_copy(root, monkeypatch, tmp_path / "cache")
    assert [d.code for d in report.diagnostics if d.code in ("RS-N021", "RS-N023")] == \
        ["RS-N021"]
    (stored,) = (tmp_path / "cache").rglob("roles-harbour-lights.json")
    assert json.loads(stored.read_text("utf-8"))["seated_games"] == 0
