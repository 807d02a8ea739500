"""The New York rulebook's cards, every one expressed by the power vocabulary (our
own short names, no rulebook wording): each passes the timing and power checks and
plays on an open board, and the whole rulebook deck plays seeded games."""
from __future__ import annotations

import random
from types import MappingProxyType
from typing import Any

import pytest

from generator.engine.geometry import Geometry
from generator.engine.powers.registry import POWERS
from generator.engine.powers.turn import list_plies
from generator.engine.state import height_at, state_from_heights
from generator.systems.roles.checks import allowed_timings
from generator.engine.powers.turn import Ply
from generator.systems.roles.engine import (
    Position,
    Table,
    card_rules,
    compile_table,
    owner_of,
    play_game,
    take_turn,
)
from generator.systems.roles.model import Ability, RoleCard, RoleGame, iter_deals, parse_board
from generator.systems.roles.policies import GreedyPolicy, RandomPolicy

EXPRESSED: dict[str, list[tuple[str, str, dict[str, Any]]]] = {
    "engineer": [("start-of-turn", "build-skyscraper-first", {}),
                 ("win-condition", "win-by-dome", {})],
    "ironworker": [("your-build", "build-two-spaces", {"required": True})],
    "crane-operator": [("your-build", "build-same-twice", {"required": True,
                                                            "blocks_only": False})],
    "broadway-actors": [("your-turn", "both-workers-act", {})],
    "firefighter": [("start-of-turn", "build-under", {"timing": "before-move"})],
    "foreman": [("your-build", "build-around", {"whose": "neighbour"}),
                ("your-build", "build-two-spaces", {"required": True})],
    "nypd-officer": [("your-move", "push-into", {})],
    "night-guard": [("end-of-turn", "order-move", {})],
    "street-vendor": [("end-of-turn", "force-onto-build", {"required": True})],
    "fashion-designer": [("start-of-turn", "force-into-vacated", {})],
    "reporter": [("end-of-turn", "force-line", {"directions": ["N", "S"]})],
    "subway-operator": [("your-move", "slide", {"exclusive": True})],
    "taxi-driver": [("your-move", "leap", {"exclusive": True})],
    "tour-bus-driver": [("game-setup", "place-skyscraper", {}),
                        ("your-move", "move-beside-skyscraper", {"exclusive": True})],
}
TYPES = {"engineer": "engineer", "ironworker": "builder", "crane-operator": "builder",
         "broadway-actors": "builder", "firefighter": "builder", "foreman": "builder",
         "nypd-officer": "specialist", "night-guard": "specialist",
         "street-vendor": "specialist", "fashion-designer": "specialist",
         "reporter": "specialist", "subway-operator": "mover", "taxi-driver": "mover",
         "tour-bus-driver": "mover"}
"""Every card of the New York rulebook is expressed (none is left "not simulated")."""


def _card(ident: str) -> RoleCard:
    abilities = tuple(Ability(t, "text", p, MappingProxyType(params))
                      for t, p, params in EXPRESSED[ident])
    return RoleCard(ident, TYPES[ident], ident, False, abilities)


@pytest.mark.parametrize("ident", sorted(EXPRESSED))
def test_rulebook_card_is_expressed_and_plays(ident: str) -> None:
    card = _card(ident)
    for ability in card.abilities:
        assert ability.power in POWERS and ability.timing in allowed_timings(ability.power)
    with_win, without_win, _ = card_rules(card)
    g = Geometry.rectangle(5, 5)
    heights = [0] * 25
    heights[g.square("C2")] = 1
    state = state_from_heights(heights, [g.square("E1")], [g.square("B2"), g.square("D4"),
                                                           g.square("C3"), -1])
    for rules in (with_win, without_win):
        assert list_plies(g, state, 0b0011, rules, opponents=0b0100)



def _rulebook_game() -> tuple[RoleGame, dict[str, RoleCard]]:
    """The rulebook's box (five Builder, five Specialist and three Mover roles and the
    Engineer) on the shipped board, with numbers of our choosing (the shipped snake
    draft of 1-25 over the types)."""
    cards = {ident: _card(ident) for ident in sorted(EXPRESSED)}
    board = parse_board("1 . 3 . 2\n. 4 . 5 .\n. . . . .\n. 5 . 4 .\n2 . 3 . 1")
    numbers = {"engineer": (4, 5, 12, 13, 20, 21, 25), "builder": (2, 7, 10, 15, 18, 23),
               "specialist": (1, 8, 9, 16, 17, 24), "mover": (3, 6, 11, 14, 19, 22)}
    game = RoleGame("rulebook", "Rulebook", board, tuple(cards), MappingProxyType(numbers),
                    MappingProxyType({"blocks": 64, "rooftops": 10, "skyscrapers": 6}),
                    (2, 5), 5, 4, 10, 2, 0)
    return game, cards


def _rulebook_tables() -> tuple[Table, ...]:
    """A table per deal of the rulebook's box (75), every card through card_rules."""
    game, cards = _rulebook_game()
    deals = iter_deals(game, cards)
    assert len(deals) == 75
    return tuple(compile_table(game, cards, deal) for deal in deals)


class _Counting(RandomPolicy):
    """A random player that counts the destinations it was asked to choose."""

    def __init__(self) -> None:
        self.asked = 0

    def choose_destination(self, table: Table, position: Position, seat: int,
                           plies: list[Ply], rng: random.Random) -> Ply:
        assert all(p.owner_chooses for p in plies)
        assert {owner_of(p.moves[-1][0]) for p in plies} == {seat}
        self.asked += 1
        return super().choose_destination(table, position, seat, plies, rng)


def test_the_rulebook_deck_is_simulated() -> None:
    tables = _rulebook_tables()
    seats = [_Counting(), _Counting(), _Counting()]
    played: dict[str, int] = {}
    for seed, table in enumerate(tables):  # one game of every deal
        record = play_game(table, list(seats), random.Random(seed))
        for play in record.plays:
            ident = table.card_ids[play.card]
            played[ident] = played.get(ident, 0) + 1
    assert set(played) == set(EXPRESSED)  # every card came up and was played
    assert sum(s.asked for s in seats) > 0  # the night guard's orders reached the owners
    greedy = play_game(tables[0], [GreedyPolicy(), GreedyPolicy()], random.Random(1))
    assert greedy.plays


class _NeverAsked(RandomPolicy):
    def choose_destination(self, table: Table, position: Position, seat: int,
                           plies: list[Ply], rng: random.Random) -> Ply:
        raise AssertionError("the acting player chose the rival's destination")


def test_the_night_guards_order_is_carried_out_by_the_owner() -> None:
    game, cards = _rulebook_game()
    guarded = [d for d in iter_deals(game, cards) if d.specialist == "night-guard"]
    table = compile_table(game, cards, guarded[0])
    g = table.geometry
    heights = [0] * g.size
    heights[g.square("D2")] = 1
    state = state_from_heights(heights, [g.square("A2")],  # A1 may step to B1 or B2 only
                               [g.square("A1"), -1, g.square("C1"), -1])
    guard = table.card_ids.index("night-guard")
    for seed in range(8):
        turn = take_turn(table, Position(state, (64, 10, 6), 1), 0, guard, _NeverAsked(),
                         random.Random(seed), [_NeverAsked(), GreedyPolicy()])
        moved = turn.state.workers[2]
        assert moved != g.square("C1")  # next to B1 and B2: it must move
        assert height_at(turn.state, moved) == 1  # the owner took the high ground (D2)
