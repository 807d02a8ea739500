"""The lookahead player and one-against-the-field challenges of the role game."""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from generator.engine.powers.turn import Ply, apply_ply
from generator.sim.montecarlo import run_games
from generator.systems.roles.challenge import ChallengeGames, challenge_json, challenger_seat
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
from generator.systems.roles.policies import GreedyPolicy, LookaheadPolicy

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
    result = challenge_json(run, "g", "random", "greedy", 2, 3)
    assert result["games"] == 12 and 0 <= result["wins"] <= 12
    assert result["fair_share"] == 0.5
    greedy = challenge_json(run_games(ChallengeGames(tables, "greedy", "greedy", 2), 12, 4),
                            "g", "greedy", "greedy", 2, 3)
    assert greedy["wins"] >= result["wins"]


def test_the_system_names_every_player_of_the_policies_module() -> None:
    from generator.systems.roles import POLICY_NAMES, RolesSystem
    from generator.systems.roles.policies import POLICIES

    assert sorted(POLICY_NAMES) == sorted(POLICIES)
    assert sorted(RolesSystem().skill_order) == sorted(POLICIES)


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
    monkeypatch.setattr(challenge, "SKILL_ORDER", ("greedy", "random", "lookahead"))
    again = check_copy(root, monkeypatch, tmp_path / "cache")
    (warning,) = [d for d in again.diagnostics if d.code == "RS-N022"]
    assert "the random player, stronger than greedy" in warning.message
    assert warning.file.endswith("game.yaml")
