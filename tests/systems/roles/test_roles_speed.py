"""The fast greedy player and engine pinned to the old ones (reference_play.py): the
same seeds give the same records (winner, win type, rounds, every play) on generated
deals, player counts and seeds; ply_value equals score_state of the applied ply."""
from __future__ import annotations

import random

import pytest

from generator.engine.powers.turn import apply_ply
from generator.sim.montecarlo import make_rng
from generator.systems.roles.content import read_pack
from generator.systems.roles.engine import Position, legal_plies
from generator.systems.roles.playout import RoleGames, compile_deals
from generator.systems.roles.policies import ply_value, score_state, within_two

from .conftest import SHIPPED, load_pack
from .reference_play import play_reference


@pytest.fixture(scope="module")
def deals():  # type: ignore[no-untyped-def]
    cards, _, games = read_pack(load_pack(SHIPPED))
    return compile_deals(games[0][0], cards)[1]


@pytest.mark.parametrize("policy", ["greedy", "random"])
def test_same_seeds_same_games_as_the_old_engine(deals, policy: str) -> None:  # type: ignore[no-untyped-def]
    pick = random.Random(25)
    for k in range(12):
        table = deals[pick.randrange(len(deals))]
        players = pick.randint(2, 5)
        old = play_reference(table, policy, players, make_rng(9, k))
        new = RoleGames(table, policy, players).prepare()(make_rng(9, k))
        assert new[:4] == old[:4], (k, policy, players)


def test_ply_value_is_the_score_of_the_applied_ply(deals) -> None:  # type: ignore[no-untyped-def]
    table = deals[0]
    reach = within_two(table.geometry.build_neighbours)
    rng = random.Random(3)
    positions = []
    from .reference_play import RandomPolicy

    class Keep(RandomPolicy):
        def choose_card(self, t, position, seat, hand, r):  # type: ignore[no-untyped-def]
            positions.append((position, seat))
            return super().choose_card(t, position, seat, hand, r)

    from generator.systems.roles.engine import play_game
    for k in range(6):
        play_game(table, [Keep(), Keep(), Keep()], make_rng(4, k))
    checked = 0
    for (position, seat) in positions[::5]:
        for card in range(0, len(table.numbers), 4):
            view = Position(position.state, position.supply, rng.choice([seat, -1]))
            for ply in legal_plies(table, view, seat, card):
                want = score_state(table, apply_ply(position.state, ply), seat, reach)
                got = ply_value(position.state, ply, seat, table.geometry.move_neighbours,
                                reach)
                assert got == want
                checked += 1
    assert checked > 500
