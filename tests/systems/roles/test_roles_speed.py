"""The fast greedy player and engine pinned to the older ones: the same seeds give the
same records (winner, win type, rounds, every play) as the player of commit 43d6456
(reference_play.py, its own round engine) and as today's player before the second
speed pass (reference_greedy.py), on generated deals, player counts and seeds; so
does the lookahead player, which builds on the greedy one, against today's;
PlyValues equals score_state of the applied ply and legal_plies the plain filter by
the pieces left, on generated positions."""
from __future__ import annotations

import random

import pytest

from generator.engine.powers.turn import apply_ply
from generator.sim.montecarlo import make_rng
from generator.systems.roles.content import read_pack
from generator.systems.roles.engine import Position, Table, legal_plies, play_game
from generator.systems.roles.content import compile_deals
from generator.systems.roles.playout import DealGames, RoleGames
from generator.systems.roles.policies import (
    PlyValues,
    score_state,
    within_two,
)

from .conftest import SHIPPED, load_pack
from .reference_greedy import play_today
from .reference_play import RandomPolicy, play_reference


@pytest.fixture(scope="module")
def deals() -> tuple[Table, ...]:
    cards, _, games = read_pack(load_pack(SHIPPED))
    return compile_deals(games[0][0], cards)[1]


@pytest.mark.parametrize("policy", ["greedy", "random"])
def test_same_seeds_same_games_as_the_old_engine(deals: tuple[Table, ...], policy: str) -> None:
    pick = random.Random(25)
    for k in range(12):
        table = deals[pick.randrange(len(deals))]
        players = pick.randint(2, 5)
        old = play_reference(table, policy, players, make_rng(9, k))
        new = RoleGames(table, policy, players).prepare()(make_rng(9, k))
        assert new[:4] == old[:4], (k, policy, players)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_same_seeds_same_games_as_todays_greedy(deals: tuple[Table, ...], players: int) -> None:
    """Drawn deals and seeds, one policy object per seat kept across the games (as the
    runner keeps them): the records, offers and picks of today's player."""
    pick = random.Random(2505 + players)
    play = DealGames(deals, "greedy", players).prepare()
    for _ in range(20):
        index, seed = pick.randrange(len(deals)), pick.randrange(1 << 30)
        want = play_today(deals[index], players, make_rng(seed, index))
        deal, got = play(make_rng(seed, index), index)
        assert deal == index
        assert got == want, (index, players, seed)


def test_lookahead_plays_the_games_of_todays_lookahead(deals: tuple[Table, ...]) -> None:
    pick = random.Random(77)
    for k in range(10):
        table = deals[pick.randrange(len(deals))]
        players, seed = pick.randint(2, 4), pick.randrange(1 << 30)
        want = play_today(table, players, make_rng(seed, k), policy="lookahead")
        got = RoleGames(table, "lookahead", players).prepare()(make_rng(seed, k))
        assert got == want, (k, players, seed)


def _role_cards(deals: tuple[Table, ...]) -> list[tuple[Table, int]]:
    """A card of every role of the box, with the first deal that holds it."""
    roles: dict[str, tuple[Table, int]] = {}
    for table in deals:
        for card, role in enumerate(table.card_ids):
            roles.setdefault(role, (table, card))
    return list(roles.values())


def _positions(table: Table, games: int, seed: int) -> list[tuple[Position, int]]:
    """Positions met by random players (each card choice), with the seat choosing."""
    found = []

    class Keep(RandomPolicy):
        def choose_card(self, t, position, seat, hand, r):  # type: ignore[no-untyped-def]
            found.append((position, seat))
            return super().choose_card(t, position, seat, hand, r)

    pick = random.Random(seed)
    for k in range(games):
        players = pick.randint(2, 5)
        play_game(table, [Keep() for _ in range(players)], make_rng(seed, k))  # type: ignore[list-item]
    return found


def test_ply_values_are_the_score_of_the_applied_ply(deals: tuple[Table, ...]) -> None:
    """Every role of the box (a deal of each), positions of random games, every ply of
    sampled cards with and without the Statue: PlyValues.values (with its shortcut)
    and PlyValues.of (the general path) equal score_state of the state the ply
    leaves; plies of every kind are met."""
    rng = random.Random(3)
    checked, kinds = 0, set()
    for table in {id(t): t for t, _ in _role_cards(deals)}.values():
        reach = within_two(table.geometry.build_neighbours)
        steps = table.geometry.move_neighbours
        for position, seat in _positions(table, 3, rng.randrange(1 << 20))[::3]:
            values = PlyValues(position.state, seat, steps, reach)
            for card in rng.sample(range(len(table.numbers)), 6):
                view = Position(position.state, position.supply, rng.choice([seat, -1]))
                plies = legal_plies(table, view, seat, card)
                fast, wins = values.values(plies)
                assert wins == [i for i, ply in enumerate(plies) if ply.win]
                for ply, got in zip(plies, fast, strict=True):
                    want = score_state(table, apply_ply(position.state, ply), seat, reach)
                    assert got == values.of(ply) == want, (ply, position, seat)
                    kinds.add((len(ply.moves), max((p for _, p in ply.builds), default=-1)))
                    checked += 1
    assert checked > 5000
    assert {(1, 0), (1, 2), (1, 3), (2, 0)} <= kinds  # plain, new tower, dome, a force


def _random_position(table: Table, rng: random.Random) -> tuple[Position, int]:
    """A generated position: tall towers, domes and 2-5 seats of workers anywhere."""
    from generator.engine.state import State

    size = table.geometry.size
    layers = [0, 0, 0]
    domes = 0
    for sq in range(size):
        height = rng.choice([0, 1, 2, 2, 3, 3])
        for level in range(height):
            layers[level] |= 1 << sq
        if rng.random() < 0.1:
            domes |= 1 << sq
    players = rng.randint(2, 5)
    free = [sq for sq in range(size) if not domes >> sq & 1]
    squares = rng.sample(free, 2 * players)
    workers = tuple(-1 if rng.random() < 0.1 else sq for sq in squares)
    seat = rng.randrange(players)
    if all(workers[i] < 0 for i in (2 * seat, 2 * seat + 1)):
        workers = (*workers[:2 * seat], squares[2 * seat], *workers[2 * seat + 1:])
    supply = (rng.randint(0, 3), rng.randint(0, 2), rng.randint(0, 2))
    return Position(State(*layers, domes, workers), supply, rng.choice([seat, -1])), seat


def test_ply_values_on_generated_positions(deals: tuple[Table, ...]) -> None:
    """Generated boards (towers and level-2 workers everywhere, so climbs onto a tower,
    forces off one and new towers beside a ready worker are common): PlyValues.values
    and PlyValues.of are score_state of the applied ply for every ply of every role."""
    rng = random.Random(41)
    checked = 0
    for table, card in _role_cards(deals):
        reach = within_two(table.geometry.build_neighbours)
        steps = table.geometry.move_neighbours
        for _ in range(40):
            position, seat = _random_position(table, rng)
            values = PlyValues(position.state, seat, steps, reach)
            plies = legal_plies(table, position, seat, card)
            for ply, got in zip(plies, values.values(plies)[0], strict=True):
                want = score_state(table, apply_ply(position.state, ply), seat, reach)
                assert got == values.of(ply) == want, (ply, position, seat)
                checked += 1
    assert checked > 5000


def test_legal_plies_are_the_plies_the_box_can_build(deals: tuple[Table, ...]) -> None:
    """Generated positions with few pieces left: legal_plies is the plain filter of
    every listed ply by the pieces it takes (reference_play.legal_plies)."""
    from .reference_play import legal_plies as slow_legal_plies

    rng = random.Random(43)
    filtered = 0
    for table, card in _role_cards(deals):
        for _ in range(40):
            position, seat = _random_position(table, rng)
            want = slow_legal_plies(table, position, seat, card)
            got = legal_plies(table, position, seat, card)
            assert got == want, (position, seat, card)
            view = Position(position.state, (99, 99, 99), position.statue)
            filtered += len(legal_plies(table, view, seat, card)) - len(got)
    assert filtered > 100


def test_pick_best_draws_as_the_plain_walk() -> None:
    """Generated value lists (short and long, few distinct values so ties abound,
    running bests tied before the top): pick_best returns what the plain walk of
    reference_greedy.py returns and leaves the generator in the same state."""
    from generator.systems.roles.policies import pick_best

    from .reference_greedy import pick_best as plain_pick_best

    pick = random.Random(2511)
    for k in range(3000):
        values = [pick.randint(-3, pick.choice([0, 2, 9])) for _ in range(pick.randrange(40))]
        fast_rng, slow_rng = random.Random(k), random.Random(k)
        assert pick_best(values, fast_rng) == plain_pick_best(values, slow_rng), values
        assert fast_rng.getstate() == slow_rng.getstate(), values
