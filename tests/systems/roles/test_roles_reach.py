"""RS-N015 (never playable): the proof by construction, pinned to the search over
the playouts' positions on generated small games; the estimate itself; the
warning at the card's line, apart from RS-N011 (never played)."""
from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType

import pytest

from generator.engine.state import state_from_heights
from generator.systems.roles.content import read_pack
from generator.systems.roles.engine import Position, Table
from generator.systems.roles.model import RoleCard, RoleGame, parse_board
from generator.systems.roles.playout import iter_reach_warnings
from generator.systems.roles.reach import (
    collect_positions,
    first_usable,
    iter_reach,
    proven_unplayable,
)

from .conftest import (
    FEW_GAMES,
    SHIPPED,
    check_copy,
    copy_pack,
    every_role_table,
    line_of,
    load_pack,
    unshipped_roles,
)

BOARDS = {
    3: "1 . 1\n. . .\n2 . 2",
    4: "1 . . 1\n. . . .\n. . . .\n2 . . 2",
}


def _cards() -> dict[str, RoleCard]:
    """The shipped roles and the powers the first box shipped (the courier's optional
    move beside a skyscraper among them)."""
    return {**read_pack(load_pack(SHIPPED))[0], **unshipped_roles()}


def _table(cards: dict[str, RoleCard], size: int, skyscrapers: int = 6) -> Table:
    """Every role of ``cards`` on one table (one number each) on a small board."""
    game = RoleGame("small", "Small", parse_board(BOARDS[size]), tuple(sorted(cards)),
                    MappingProxyType({}), MappingProxyType(
                        {"blocks": 64, "rooftops": 10, "skyscrapers": skyscrapers}),
                    (2, 2), 5, 4, 8, 2, 0)
    return every_role_table(cards, game)


def _leaping(cards: dict[str, RoleCard], distances: list[int]) -> dict[str, RoleCard]:
    cab = cards["cab-driver"]
    ability = replace(cab.abilities[0], params=MappingProxyType(
        {"distances": distances, "exclusive": True}))
    return {**cards, "cab-driver": replace(cab, abilities=(ability,))}


@pytest.mark.parametrize("seed", range(4))
def test_the_leap_proof_agrees_with_the_search(seed: int) -> None:
    rng = random.Random(seed)
    size = rng.choice(sorted(BOARDS))
    distances = sorted(rng.sample([2, 3, 4], rng.randint(1, 2)))
    cards = _leaping(_cards(), distances)
    table = _table(cards, size)
    positions = collect_positions((table,), 8, seed, 2)
    assert len(positions) > 20
    proof = proven_unplayable(table, cards["cab-driver"])
    found = first_usable(table, cards["cab-driver"], positions)
    assert bool(proof) == (min(distances) >= size)
    if proof:
        assert found == -1  # the search never contradicts a proof
    else:
        assert found >= 0  # and finds the leaps the proof leaves possible


def test_no_skyscraper_ever_is_proven() -> None:
    cards = _cards()
    table = _table(cards, 4, skyscrapers=0)
    proofs = {ident: proof for ident, proof, _ in iter_reach((table,), cards, [])}
    assert {i for i, p in proofs.items() if p} == {"courier", "ferry-captain"}
    positions = collect_positions((table,), 6, 1, 2)
    assert first_usable(table, cards["courier"], positions) == -1
    assert not proven_unplayable(_table(cards, 4), cards["courier"])


def test_the_estimate_names_the_first_position_that_allows_the_ability() -> None:
    cards = _cards()
    table = _table(cards, 3)
    g = table.geometry
    # The pickpocket pulls the worker straight behind: none behind A1 in the first
    # position, a rival on A3 behind A2 in the second (the mover steps A2 -> A1).
    alone = state_from_heights([0] * 9, [], [g.square("A1"), -1, g.square("C3"), -1])
    behind = state_from_heights([0] * 9, [], [g.square("A2"), -1, g.square("A3"), -1])
    positions = [(Position(alone, (64, 10, 6), -1), 0), (Position(behind, (64, 10, 6), -1), 0)]
    assert first_usable(table, cards["pickpocket"], positions) == 1
    assert first_usable(table, cards["pickpocket"], positions[:1]) == -1


def test_reach_warnings_at_the_card(tmp_path: Path) -> None:
    docs = read_pack(load_pack(copy_pack(tmp_path)))[1]
    reach = {ident: ["", 0] for ident in docs}
    reach["ferry-captain"] = ["no skyscraper can stand", -1]
    reach["pickpocket"] = ["", -1]
    found = sorted((d.code, Path(d.file).name, d.line, "estimate" in d.message)
                   for d in iter_reach_warnings(reach, 300, docs))
    # Each at the card's first ability (its '- timing:' line, just above the text).
    pull = line_of(tmp_path, "cards/specialists.yaml", "drag the rival") - 1
    sail = line_of(tmp_path, "cards/movers.yaml", "timing: game-setup")
    assert found == [("RS-N015", "movers.yaml", sail, False),
                     ("RS-N015", "specialists.yaml", pull, True)]
    # No position searched: nothing is estimated, the proof still stands.
    assert [d.message for d in iter_reach_warnings(reach, 0, docs)] == [
        "'ferry-captain' can never be played as written: no skyscraper can stand"]


def test_check_reports_a_card_that_can_never_be_played(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    root = copy_pack(tmp_path, {"game.yaml": ("skyscrapers: 6", "skyscrapers: 0"), **FEW_GAMES})
    report = check_copy(root, monkeypatch)
    flagged = sorted((Path(d.file).name, d.line) for d in report.diagnostics
                     if d.code == "RS-N015")
    # The Ferry Captain's sail needs a skyscraper; none is in the box (a proof, at its
    # first ability). The City Engineer still plays: its build is skipped, its turn goes on.
    assert flagged == [("movers.yaml", line_of(root, "cards/movers.yaml", "timing: game-setup"))]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_card_choice_of_the_playouts_is_collected_in_game_order(
        shipped_table: Table, players: int) -> None:
    # The plain reference: one list per game of every (position, seat) a random player
    # chose a card in, as play_game asks them. With three or more players a seat may be
    # knocked out; the others' later choices count too.
    from generator.sim.montecarlo import make_rng
    from generator.systems.roles.engine import play_game
    from generator.systems.roles.policies import RandomPolicy

    class Plain(RandomPolicy):
        def __init__(self, log: list[tuple[Position, int]]) -> None:
            self.log = log

        def choose_card(self, table: Table, position: Position, seat: int, hand: list[int],
                        rng: random.Random) -> int:
            self.log.append((position, seat))
            return super().choose_card(table, position, seat, hand, rng)

    want: list[tuple[Position, int]] = []
    for index in range(6):
        play_game(shipped_table, [Plain(want) for _ in range(players)], make_rng(3, index))
    assert collect_positions((shipped_table,), 6, 3, players, limit=10**6) == want
    assert collect_positions((shipped_table,), 6, 3, players, limit=50) == want[:50]
