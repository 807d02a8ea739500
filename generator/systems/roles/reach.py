"""Whether each card's ability can ever be used: RS-N015 ("never playable"), apart
from RS-N011 ("never played", a fact about the players' choices).

A card is *playable* in a position when some legal ply of the seat to move,
following the card and holding the Statue of Liberty (so its win conditions
count), uses one of the card's powers (the ply's ``powers`` name it). Two ways
to decide it:

- **proven by construction** (:func:`proven_unplayable`): a leap whose every
  distance is longer than the board allows, or a move beside a skyscraper in a
  game where no skyscraper can ever stand (no Engineer build, no set-up
  placement, or none in the box);
- **estimated over the playouts' positions** (:func:`collect_positions`,
  :func:`first_usable`): the positions where a player chose a card in the check
  playouts (the same seeded random games), each card tried in each position
  until one uses its ability. None in :data:`MAX_POSITIONS` positions: the card
  is reported as never playable in the positions reached (an estimate: a rarer
  position might still allow it).

Abilities the engine does not simulate (RS-N006) and set-up placements (used by
construction before the first round) are not judged.
"""
from __future__ import annotations

import random
from collections.abc import Iterator
from generator.engine.powers.turn import Ply
from generator.sim.montecarlo import make_rng
from generator.systems.roles.engine import (
    SETUP_POWER,
    Position,
    Table,
    can_hold_skyscrapers,
    legal_plies,
    play_game,
)
from generator.systems.roles.model import RoleCard
from generator.systems.roles.policies import RandomPolicy

MAX_POSITIONS = 400
"""Positions kept from the check playouts for the estimate (the first ones, in game order)."""


class _Recorder(RandomPolicy):
    """A random player that keeps each position where it chose a card, and its seat, in
    a list shared by every seat (so the list is in game order)."""

    def __init__(self, seen: list[tuple[Position, int]]) -> None:
        self.seen = seen

    def choose_card(self, table: Table, position: Position, seat: int, hand: list[int],
                    rng: random.Random) -> int:
        self.seen.append((position, seat))
        return super().choose_card(table, position, seat, hand, rng)


def collect_positions(tables: tuple[Table, ...], games: int, seed: int, players: int,
                      limit: int = MAX_POSITIONS) -> list[tuple[Position, int]]:
    """The positions (and seats) of card choices in games ``0 .. games-1`` of random
    players, game ``i`` on ``tables[i % len(tables)]`` (one table per deal) drawing
    from ``make_rng(seed, i)``, in game order, at most ``limit``. Every choice
    counts, those made after a seat was knocked out included."""
    out: list[tuple[Position, int]] = []
    for index in range(games):
        play_game(tables[index % len(tables)], [_Recorder(out) for _ in range(players)],
                  make_rng(seed, index))
        if len(out) >= limit:
            break
    return out[:limit]


def judged_powers(card: RoleCard) -> frozenset[str]:
    """The card's powers that show in a ply (set-up placements and unknown powers
    are left out)."""
    from generator.engine.powers.registry import POWERS

    return frozenset(a.power for a in card.abilities
                     if a.power in POWERS and a.power != SETUP_POWER)


def _uses(plies: list[Ply], powers: frozenset[str]) -> bool:
    return any(powers.intersection(p.powers) for p in plies)


def first_usable(table: Table, card: RoleCard, positions: list[tuple[Position, int]]
                 ) -> int:
    """The index of the first position where ``card``'s ability can be used by the
    seat to move holding the Statue (-1: in none of them)."""
    powers = judged_powers(card)
    printed = table.card_ids.index(card.id)
    for index, (position, seat) in enumerate(positions):
        mine = Position(position.state, position.supply, seat)
        if _uses(legal_plies(table, mine, seat, printed), powers):
            return index
    return -1


def proven_unplayable(table: Table, card: RoleCard) -> str:
    """Why ``card``'s ability can never be used on ``table`` ('' when no proof applies
    to every power of the card)."""
    longest = max(table.geometry.width, table.geometry.height)
    reasons = []
    for ability in card.abilities:
        if ability.power == "leap":
            distances = ability.params.get("distances", [2, 3])
            if min(distances) >= longest:
                reasons.append(f"a leap of {' or '.join(map(str, distances))} spaces does not "
                               f"fit on a board {longest} spaces across")
        elif ability.power == "move-beside-skyscraper" and not can_hold_skyscrapers(table):
            reasons.append("no skyscraper can stand in this game (no Engineer build, no "
                           "set-up placement, or none in the box)")
    return "; ".join(reasons) if len(reasons) == len(judged_powers(card)) and reasons else ""


def iter_reach(tables: tuple[Table, ...], cards: dict[str, RoleCard],
               positions: list[tuple[Position, int]]) -> Iterator[tuple[str, str, int]]:
    """Per role of the tables (sorted ids): ``(id, proof, first usable index)``, judged
    on the first table (deal) that deals it; the index is -1 when no position allows
    the ability (not searched when proven)."""
    first: dict[str, Table] = {}
    for table in tables:
        for ident in table.card_ids:
            first.setdefault(ident, table)
    for ident in sorted(first):
        table = first[ident]
        card = cards[ident]
        if not judged_powers(card):
            continue
        proof = proven_unplayable(table, card)
        yield ident, proof, -1 if proof else first_usable(table, card, positions)
