"""Who moves when: per worker, the turns of its moves, when 2-4 players share the
workers (each seat moves its own, the Wanderer never two turns running), and the
earliest turn by which a number of turns can have been useful to some builds.

Pure functions of small values, remembered: every game of a riddle with 2-4
players asks for the same few hundred. :class:`~.bounds.Bounds` and the compiled
core both read them.
"""
from __future__ import annotations

import functools

from generator.systems.riddle.vocab import UNREACHABLE

IDENTITY_TURNS = tuple(range(64))
"""``turns[d] = d``: one player moves a worker every turn (see :meth:`~.bounds.Bounds.movers`)."""


@functools.lru_cache(maxsize=4096)
def seat_turn_tables(masks: tuple[int, ...], wanderer: int, players: int, seat: int,
                     wanderer_moved: bool, workers: int) -> tuple[tuple[int, ...], ...]:
    """Per worker, ``turns[d]``: the turn (from now, ``seat`` playing next) of its d-th
    move, when seat ``s`` moves the workers of ``masks[s]`` and the Wanderer (worker
    ``wanderer``, -1 none, just moved when ``wanderer_moved``) never moves two turns
    running. A pure function of small values, remembered: every game of a riddle
    with 2-4 players asks for the same few hundred.

    >>> seat_turn_tables((0b01, 0b10), -1, 2, 1, False, 2)[0][:4]
    (0, 2, 4, 6)
    """
    tables = []
    for i in range(workers):
        turns = [0]
        last = wanderer_moved and i == wanderer
        turn = 0
        while len(turns) < len(IDENTITY_TURNS):
            turn += 1
            mask = masks[(seat + turn - 1) % players]
            if mask >> i & 1 and not last:
                turns.append(turn)
                last = i == wanderer
            else:
                last = False
        tables.append(tuple(turns))
    return tuple(tables)


SCHEDULE_TURNS = 64
"""Turns :func:`useful_turn` looks ahead (beyond them it claims nothing)."""
SCHEDULE_STATES_AT_MOST = 4096
"""Move-count states :func:`useful_turn` follows per turn with the Wanderer (beyond
them it claims nothing: 0)."""


@functools.lru_cache(maxsize=1 << 16)
def useful_turn(masks: tuple[int, ...], wanderer: int, players: int, seat: int,
                wanderer_moved: bool, nears: tuple[int, ...], count: int) -> int:
    """The earliest turn (from now, ``seat`` playing next) by which ``count`` turns can
    have been *useful*: played by a worker ``i`` that has by then made at least
    ``nears[i]`` moves (``UNREACHABLE``: never), when seat ``s`` moves one worker of
    ``masks[s]`` or none (a god taken), the Wanderer (worker ``wanderer``, -1 none,
    just moved when ``wanderer_moved``) never two turns running. 0 claims nothing
    (past :data:`SCHEDULE_TURNS` turns or :data:`SCHEDULE_STATES_AT_MOST` states).

    A build on a space needs a worker next to it, moved that turn (a move then a
    build): with ``nears[i]`` the fewest moves worker ``i`` needs to stand next to
    one of some spaces, the ``count``-th build on them comes no earlier. With one
    player this is the nearest worker's walk plus the builds; with more, each
    worker moves on its own seat's turns only, and one worker moves per turn.

    >>> useful_turn((0b1111,), -1, 1, 0, False, (2, 3, 9, 9), 3)
    4
    >>> useful_turn((0b0011, 0b1100), -1, 2, 0, False, (1, 1 << 30, 1 << 30, 1 << 30), 3)
    5
    >>> useful_turn((0b1001, 0b1010, 0b1100), 3, 3, 0, False, (2, 2, 2, 2), 4)
    7
    """
    if count <= 0:
        return 0
    if wanderer < 0:
        # Seats that move the same workers form a class (masks are equal or disjoint):
        # a class's turns are useful from its nearest worker's walk on.
        seen: dict[int, int] = {}
        useful = 0
        for turn in range(1, SCHEDULE_TURNS + 1):
            mask = masks[(seat + turn - 1) % players]
            played = seen.get(mask, 0) + 1
            seen[mask] = played
            need = min((nears[i] for i in range(len(nears)) if mask >> i & 1),
                       default=UNREACHABLE)
            if played >= need:
                useful += 1
                if useful >= count:
                    return turn
        return 0
    # The Wanderer: follow every schedule, by each worker's moves (capped at its
    # walk) and whether the Wanderer just moved, keeping the most useful turns.
    n = len(nears)
    states: dict[tuple[tuple[int, ...], bool], int] = {((0,) * n, wanderer_moved): 0}
    for turn in range(1, SCHEDULE_TURNS + 1):
        mask = masks[(seat + turn - 1) % players]
        nxt: dict[tuple[tuple[int, ...], bool], int] = {}
        for (moves, last), got in states.items():
            k: tuple[tuple[int, ...], bool] = (moves, False)  # a god taken: nobody moves
            if nxt.get(k, -1) < got:
                nxt[k] = got
            for i in range(n):
                if not mask >> i & 1 or nears[i] >= UNREACHABLE or (i == wanderer and last):
                    continue
                m = moves[i] + 1
                gain = 0
                if m >= nears[i]:
                    m, gain = nears[i], 1
                k = (moves[:i] + (m,) + moves[i + 1:], i == wanderer)
                if nxt.get(k, -1) < got + gain:
                    nxt[k] = got + gain
        if max(nxt.values()) >= count:
            return turn
        if len(nxt) > SCHEDULE_STATES_AT_MOST:
            return 0
        states = nxt
    return 0
