"""Who moves which worker, by player count (RULES 1, "Players and workers").

Every player count plays four workers, so a riddle map has four ``W`` start
spaces; workers are numbered in reading order of those cells (the group
chooses who takes which colour, so a solver may try the assignments):

- 1 player: two white and two blue workers, all moved by the one player;
- 2 players: a pair each (workers 0-1 and 2-3);
- 3 players: one worker each (0, 1, 2) plus the shared Wanderer (3), which may
  not be the first worker moved on two consecutive turns;
- 4 players: partners sitting across share a pair (seats 0 and 2 move workers
  0-1, seats 1 and 3 move workers 2-3).

>>> [bin(movers_for(3, seat)) for seat in range(3)]
['0b1001', '0b1010', '0b1100']
"""
from __future__ import annotations

WORKERS_FOR_PLAYERS: dict[int, int] = {1: 4, 2: 4, 3: 4, 4: 4}
WANDERER = 3
"""Index of the Wanderer, the shared worker of a three-player game."""
HOW_WORKERS_SPLIT: dict[int, str] = {
    1: "two white and two blue workers",
    2: "a pair each",
    3: "one worker each and the shared Wanderer",
    4: "a pair shared by each two partners",
}


def movers_for(players: int, seat: int) -> int:
    """Bitmask of the worker indices the player in ``seat`` (0-based) may move."""
    if players == 1:
        return 0b1111
    if players == 3:
        return (1 << seat) | (1 << WANDERER)
    return 0b0011 if seat % 2 == 0 else 0b1100


def seat_of_turn(players: int, turn: int) -> int:
    """The seat that plays turn ``turn`` (1-based; the start player is seat 0).

    >>> [seat_of_turn(3, t) for t in range(1, 6)]
    [0, 1, 2, 0, 1]
    """
    return (turn - 1) % players
