"""The round engine: each shipped card's power on a small position, the round, the
Statue of Liberty, refills, lost workers, elimination and the three ways to win."""
from __future__ import annotations

import random
import pytest

from generator.engine.geometry import Geometry
from generator.engine.powers.turn import Ply, apply_ply
from generator.engine.state import DOME, State, state_from_heights
from generator.systems.roles.engine import (
    COST_IMPOSSIBLE,
    COST_UNFULFILLED,
    WIN_CLIMB,
    WIN_CONDITION,
    WIN_LAST,
    Position,
    Table,
    legal_plies,
    play_game,
    take_turn,
    usage,
    win_type,
)
from generator.systems.roles.policies import GreedyPolicy, RandomPolicy

G = Geometry.rectangle(5, 5)
SUPPLY = (64, 10, 6)


def sq(name: str) -> int:
    return G.square(name)


def position(mine: str, theirs: str = "", heights: dict[str, int] | None = None,
             domes: str = "", statue: int = 0) -> Position:
    """Seat 0's workers ``mine``, seat 1's ``theirs`` (space-separated names, '-' absent)."""
    level = [0] * 25
    for name, h in (heights or {}).items():
        level[sq(name)] = h
    def squares(text: str) -> list[int]:
        names = text.split()
        return [sq(n) if n != "-" else -1 for n in names] + [-1] * (2 - len(names))
    workers = (*squares(mine), *squares(theirs))
    return Position(state_from_heights(level, [sq(d) for d in domes.split()], workers),
                    SUPPLY, statue)


def card(table: Table, ident: str) -> int:
    return table.card_ids.index(ident)


def ends(plies: list[Ply], worker: int = 0) -> set[str]:
    """Where ``worker`` ends over every ply."""
    out = set()
    for ply in plies:
        final = [sq for i, sq in ply.moves if i == worker]
        if final:
            out.add(G.name(final[-1]))
    return out


def names(*squares: str) -> set[str]:
    return set(squares)


# -- each card's power on a small position ------------------------------------------------

def test_riveter_builds_two_different_spaces(shipped_table: Table) -> None:
    plies = legal_plies(shipped_table, position("C3"), 0, card(shipped_table, "riveter"))
    assert plies and all(len(p.builds) == 2 and p.builds[0][0] != p.builds[1][0] for p in plies)


def test_hoist_operator_builds_the_same_space_twice(shipped_table: Table) -> None:
    pos = position("C3", heights={"C2": 3})
    plies = legal_plies(shipped_table, pos, 0, card(shipped_table, "hoist-operator"))
    for p in plies:
        if p.builds[0][1] == DOME:  # a rooftop needs no second piece
            assert len(p.builds) == 1
        else:
            assert len(p.builds) == 2 and p.builds[0][0] == p.builds[1][0]
    assert any(p.builds[0][1] == DOME for p in plies)


def test_scaffold_crew_may_build_under_itself(shipped_table: Table) -> None:
    plies = legal_plies(shipped_table, position("C3"), 0, card(shipped_table, "scaffold-crew"))
    assert any(p.builds[0][0] == p.moves[-1][1] for p in plies)
    assert any(p.builds[0][0] != p.moves[-1][1] for p in plies)


def test_double_shift_moves_and_builds_with_both(shipped_table: Table) -> None:
    plies = legal_plies(shipped_table, position("A1 E5"), 0, card(shipped_table, "double-shift"))
    assert plies and all({i for i, _ in p.moves} == {0, 1} and len(p.builds) == 2 for p in plies)


def test_site_foreman_builds_around_the_other_worker(shipped_table: Table) -> None:
    plies = legal_plies(shipped_table, position("A1 E5"), 0, card(shipped_table, "site-foreman"))
    assert any(p.builds[0][0] == sq("D4") for p in plies)
    plain = legal_plies(shipped_table, position("A1 E5"), 0, card(shipped_table, "riveter"))
    assert all(sq("D4") not in (b for b, _ in p.builds) or p.worker == 1 for p in plain)


def test_stonemason_adds_a_block_but_no_rooftop(powers_table: Table) -> None:
    pos = position("C3", heights={"C2": 2})
    plies = legal_plies(powers_table, pos, 0, card(powers_table, "stonemason"))
    assert any(len(p.builds) == 2 for p in plies)
    assert all(p.builds[-1][1] != DOME for p in plies)


def test_beat_cop_steps_in_and_pushes_straight_back(shipped_table: Table) -> None:
    plies = legal_plies(shipped_table, position("A1", "B2"), 0, card(shipped_table, "beat-cop"))
    assert any((2, sq("C3")) in p.moves and (0, sq("B2")) in p.moves for p in plies)


def test_doorman_pushes_a_neighbour_away(shipped_table: Table) -> None:
    plies = legal_plies(shipped_table, position("A1", "C3"), 0, card(shipped_table, "doorman"))
    # Moving to B2 then shoving C3 one space further from B2: D4.
    assert any(p.moves[:2] == ((0, sq("B2")), (2, sq("D4"))) for p in plies)


def test_pickpocket_pulls_into_the_vacated_space(shipped_table: Table) -> None:
    plies = legal_plies(shipped_table, position("B2", "A1"), 0, card(shipped_table, "pickpocket"))
    assert any(p.moves[:2] == ((0, sq("C3")), (2, sq("B2"))) for p in plies)


@pytest.mark.parametrize(("ident", "to"), [("harbour-pilot", "C4"), ("newsboy", "C2")])
def test_compass_forces(powers_table: Table, ident: str, to: str) -> None:
    plies = legal_plies(powers_table, position("A3", "C3"), 0, card(powers_table, ident))
    assert any((2, sq(to)) in p.moves for p in plies)
    forced = {G.name(s) for p in plies for i, s in p.moves if i == 2}
    assert forced == {to}


def test_hod_carrier_lifts_a_rival_onto_the_new_block(shipped_table: Table) -> None:
    plies = legal_plies(shipped_table, position("A1", "C3"), 0, card(shipped_table, "hod-carrier"))
    assert any(p.moves[-1][0] == 2 and p.moves[-1][1] == p.builds[0][0] for p in plies)


def test_elevated_train_only_slides(shipped_table: Table) -> None:
    pos = position("A1", "B1")
    plies = legal_plies(shipped_table, pos, 0, card(shipped_table, "elevated-train"))
    assert ends(plies) == names("C1", "A2")


def test_cab_driver_travels_two_or_three(shipped_table: Table) -> None:
    plies = legal_plies(shipped_table, position("A1"), 0, card(shipped_table, "cab-driver"))
    assert ends(plies) == names("A3", "A4", "C1", "D1", "C3", "D4")


def test_ferry_captain_and_courier_reach_skyscrapers(powers_table: Table) -> None:
    pos = position("B1", domes="C3")  # a ground-level dome: a skyscraper
    ferry = legal_plies(powers_table, pos, 0, card(powers_table, "ferry-captain"))
    assert ends(ferry) == names("B2", "B3", "B4")  # along column B, beside C3
    courier = ends(legal_plies(powers_table, pos, 0, card(powers_table, "courier")))
    assert courier == names("B2", "B3", "B4", "A1", "C1", "A2", "C2")


def test_cyclist_and_tram_add_to_the_usual_step(powers_table: Table) -> None:
    pos = position("A1", "B1")
    assert ends(legal_plies(powers_table, pos, 0, card(powers_table, "cyclist"))) == names(
        "A2", "B2", "A3", "C1")
    assert ends(legal_plies(powers_table, pos, 0, card(powers_table, "tram-conductor"))) == \
        names("A2", "B2", "C1")


# -- wins --------------------------------------------------------------------------------

def test_climb_wins_only_with_the_statue(shipped_table: Table) -> None:
    plain = card(shipped_table, "site-foreman")  # moves as usual
    heights = {"B2": 2, "C2": 3}
    holder = position("B2", heights=heights, statue=0)
    assert any(win_type(shipped_table, holder, 0, plain, p) == WIN_CLIMB
               for p in legal_plies(shipped_table, holder, 0, plain))
    other = position("B2", heights=heights, statue=1)
    plies = legal_plies(shipped_table, other, 0, plain)
    assert sq("C2") in {s for p in plies for _, s in p.moves}  # the climb is still a move
    assert not any(win_type(shipped_table, other, 0, plain, p) for p in plies)


def test_engineer_wins_by_rooftop_not_by_skyscraper(shipped_table: Table) -> None:
    engineer = card(shipped_table, "city-engineer")
    pos = position("A1", heights={"A2": 1, "B2": 1, "C3": 3})
    plies = legal_plies(shipped_table, pos, 0, engineer)
    assert plies and all(p.builds[0] == (sq("B1"), DOME) for p in plies)  # skyscraper first
    wins = {bool(win_type(shipped_table, pos, 0, engineer, p)) for p in plies}
    assert wins == {True, False}
    for p in plies:
        roof = any(s == sq("C3") and piece == DOME for s, piece in p.builds)
        assert (win_type(shipped_table, pos, 0, engineer, p) == WIN_CONDITION) == roof
    without = pos._replace(statue=1)
    assert not any(win_type(shipped_table, without, 0, engineer, p)
                   for p in legal_plies(shipped_table, without, 0, engineer))


def test_engineer_moves_as_usual_when_no_skyscraper_is_left(shipped_table: Table) -> None:
    engineer = card(shipped_table, "city-engineer")
    pos = position("C3")._replace(supply=(64, 10, 0))
    plies = legal_plies(shipped_table, pos, 0, engineer)
    assert plies and all(piece != DOME for p in plies for _, piece in p.builds)


# -- losing workers ------------------------------------------------------------------------

def test_impossible_turn_costs_a_worker(shipped_table: Table) -> None:
    pos = position("A1 -", "E5", domes="A2 B1 B2")
    turn = take_turn(shipped_table, pos, 0, card(shipped_table, "riveter"), RandomPolicy(),
                     random.Random(1))
    assert turn.cost == COST_IMPOSSIBLE and turn.state.workers[:2] == (-1, -1)


def test_unfulfilled_card_costs_a_worker(shipped_table: Table) -> None:
    pos = position("A1 -", "E5", domes="B1 B2 A3 B3")
    assert legal_plies(shipped_table, pos, 0, card(shipped_table, "site-foreman"))  # a plain turn exists
    turn = take_turn(shipped_table, pos, 0, card(shipped_table, "riveter"), RandomPolicy(),
                     random.Random(1))
    assert turn.cost == COST_UNFULFILLED and turn.state.workers[0] == -1


# -- the round -------------------------------------------------------------------------------

class Recorder(RandomPolicy):
    """A random player that logs what it is shown."""

    def __init__(self, log: list[tuple[object, ...]]) -> None:
        self.log = log

    def choose_card(self, table: Table, position: Position, seat: int, hand: list[int],
                    rng: random.Random) -> int:
        self.log.append(("card", seat, len(hand)))
        return super().choose_card(table, position, seat, hand, rng)

    def choose_ply(self, table: Table, position: Position, seat: int, card: int,
                   plies: list[Ply], rng: random.Random) -> Ply:
        self.log.append(("ply", seat, table.numbers[card], position.statue))
        return super().choose_ply(table, position, seat, card, plies, rng)


def _rounds(log: list[tuple[object, ...]], seats: int) -> list[list[tuple[object, ...]]]:
    rounds: list[list[tuple[object, ...]]] = []
    for event in log:
        if event[0] == "card" and (not rounds or rounds[-1][-1][0] != "card"):
            rounds.append([])
        rounds[-1].append(event)
    return rounds


@pytest.mark.parametrize("seed", range(6))
def test_statue_order_and_refills(shipped_table: Table, seed: int) -> None:
    log: list[tuple[object, ...]] = []
    players = 2 + seed % 3
    play_game(shipped_table, [Recorder(log) for _ in range(players)], random.Random(seed))
    for index, events in enumerate(_rounds(log, players)):
        hands = {e[2] for e in events if e[0] == "card"}
        assert hands == {5 - index % 4}  # after four turns the hands are refilled to five
        turns = [e for e in events if e[0] == "ply"]
        numbers = [e[2] for e in turns]
        assert numbers == sorted(numbers)  # lowest number acts first
        if len(turns) == sum(1 for e in events if e[0] == "card"):
            holder = [e[1] for e in turns if e[2] == max(numbers)]
            assert {e[3] for e in turns} == set(holder)  # the highest number holds the Statue


def test_games_are_seeded_and_every_way_to_win_happens(shipped_table: Table) -> None:
    policies = [RandomPolicy(), RandomPolicy()]
    records = [play_game(shipped_table, policies, random.Random(s)) for s in range(40)]
    assert records[:5] == [play_game(shipped_table, policies, random.Random(s))
                           for s in range(5)]
    assert {r.win_type for r in records} >= {WIN_CLIMB, WIN_CONDITION, WIN_LAST}
    for r in records:
        if r.win_type == WIN_LAST:  # the loser lost both workers on their own turns
            assert sum(1 for p in r.plays if p.seat != r.winner and p.cost) == 2


def test_greedy_beats_random(shipped_table: Table) -> None:
    wins = 0
    for s in range(12):
        record = play_game(shipped_table, [GreedyPolicy(), RandomPolicy()], random.Random(s))
        wins += record.winner == 0
    assert wins >= 9



def _counted_by_diff(before: State, after: State) -> tuple[int, int, int]:
    """Blocks, rooftops and skyscrapers a ply took, read off the two boards (slow, plain)."""
    blocks = sum(bin(getattr(after, layer) & ~getattr(before, layer)).count("1")
                 for layer in ("l1", "l2", "l3"))
    new_domes = after.domes & ~before.domes
    roofs = bin(new_domes & after.l3).count("1")
    return blocks, roofs, bin(new_domes).count("1") - roofs


class UsageChecker(RandomPolicy):
    """A random player that checks the piece count of every ply it is offered."""

    checked = 0

    def choose_ply(self, table: Table, position: Position, seat: int, card: int,
                   plies: list[Ply], rng: random.Random) -> Ply:
        for ply in plies:
            assert usage(position.state, ply) == _counted_by_diff(
                position.state, apply_ply(position.state, ply)), ply
            UsageChecker.checked += 1
        return super().choose_ply(table, position, seat, card, plies, rng)


def test_piece_usage_matches_the_board_difference(shipped_table: Table) -> None:
    for s in range(8):
        play_game(shipped_table, [UsageChecker() for _ in range(2 + s % 3)], random.Random(s))
    assert UsageChecker.checked > 1000
