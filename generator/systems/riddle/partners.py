"""Four players as two: when the 4-player answer is the 2-player one, and the line
translated so it reads as a 4-player line.

RULES 1: with 4 players, partners sitting across share a pair, so the solver
gives seats 0-3 the masks ``(a, b, a, b)`` where 2 players have ``(a, b)``, and
the seat to play is ``(turn - seat_shift) % players``. What the seat decides
beyond the workers it moves is per-seat state (:class:`~.bookkeeping.Bookkeeping`):
gods held (``gods_held``, ``cards``, Athena's seat), custom quests judged on the
holder's turns, the seat shift of an extra-turn blessing, and which revealed
blessing cards are left. Everything else a turn reads or writes (board,
stockpile, coins and slots, tokens, figures, effects, goals, the Sphinx's game)
depends on the turn number and the workers moved, never on the seat.

**The game without powers** (:class:`~.game.RiddleGame` with ``powers=False``,
the search that decides every objective a line without powers reaches) has no
cards, no Athena, no custom quest and no blessing turn, so the seat shift stays
0 and the seat to play is ``turn % players``. The 4-player seat ``turn % 4``
moves ``masks[turn % 4 % 2] = masks[turn % 2]``: the 2-player seat's workers.
The only per-seat state left is ``gods_held``, which caps the gods a seat may
take from the opening queue at :data:`~.bookkeeping.GODS_HELD_AT_MOST` (2).
Map a 4-player state to the 2-player one by adding the counts of seats s and
s + 2. Every move, god taken and Sphinx's game is then the same action with the
same children in the same order, except a take the 2-player cap refuses while
each of the two 4-player seats is still under it. So:

- every 2-player line is a 4-player line (each 4-player seat has taken at most
  what its 2-player seat has), with the same assignment index and the same
  child indices (:func:`~.trace.replay_trace` replays the 2-player trace in the
  4-player game; that replay is also this module's check);
- a 4-player line is a 2-player line unless one parity of turns takes three
  gods: that needs a queue of three or more and turns 0, 2 and 4 at least, so a
  line of at most ``2 * GODS_HELD_AT_MOST`` (4) turns never does.

Hence, when the 2-player search without powers found a shortest line of T turns
and the queue holds at most two gods, or T <= 4, the 4-player game without
powers has the same shortest turns T (no shorter line exists: it would be a
2-player line), the same optimal first moves (:meth:`~.game.RiddleGame.first_move`
names the same workers for 2 and 4 players) and the 2-player line is one of
its shortest. With ``SHORTEST_WITH_POWERS`` off (the default) a line without
powers is the answer, so the 4-player result is the 2-player one with its line
read by the 4-player game (``P1``-``P4``, the 4-player set-up text).

**Not derived** (searched as before): an unsolvable or unproven 2-player
objective (the search with powers and the chance search follow, and with powers
the seat matters: a god's holder plays it every 4th turn with 4 players, every
2nd with 2, and 4 players may hold twice as many gods), a line found with powers
or blessing cards, ``shortest_with_powers``, and a queue of three or more gods
when T > 4. The counter-example there: three gods taken on turns 0, 2 and 4 by
the seats 0, 2, 0 of 4 players is legal, and refused to seat 0 of 2 players.
``tests/systems/riddle/test_riddle_partners.py`` pins all this against the
4-player search over generated riddles.
"""
from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import replace

from generator.systems.riddle.bookkeeping import GODS_HELD_AT_MOST
from generator.systems.riddle.context import RiddleContext
from generator.systems.riddle.game import RiddleGame
from generator.systems.riddle.gods import line_steps
from generator.systems.riddle.box import Die, GodCard
from generator.systems.riddle.model import Riddle
from generator.systems.riddle.results import SOLVED, ObjectiveResult
from generator.systems.riddle.trace import describe_line, format_board, replay_trace, trace_of

FOUR, TWO = 4, 2
"""The counts whose answers coincide (partners across share a pair, RULES 1)."""


def two_first(riddle: Riddle, players: int, *, shortest_with_powers: bool = False) -> bool:
    """True when :func:`~.solver.solve_riddle` should search a ``players``-player riddle
    with 2 players first: 4 players, the shortest line without powers is the answer,
    and at most two gods in the opening queue (so a 2-player line found without
    powers is the answer, :func:`same_as_two`; with more gods only lines of at most
    four turns are, and searching twice would cost more than it saves).

    >>> from types import SimpleNamespace as NS
    >>> two_first(NS(gods=NS(queue=("atlas",))), 4), two_first(NS(gods=NS(queue=())), 2)
    (True, False)
    >>> two_first(NS(gods=NS(queue=("a", "b", "c"))), 4)
    False
    """
    return (players == FOUR and not shortest_with_powers
            and len(riddle.gods.queue) <= GODS_HELD_AT_MOST)


def same_as_two(riddle: Riddle, result: ObjectiveResult) -> bool:
    """True when the 2-player ``result`` is also the 4-player answer: solved by the
    search without powers (a trace without the powers flag), with at most two gods
    in the opening queue or at most four turns (the module notes' argument).

    >>> from types import SimpleNamespace as NS
    >>> line = ObjectiveResult("silver", SOLVED, 6, (), None, 9, 0.0, trace=((0,), (0, 1, 2, 0)))
    >>> same_as_two(NS(gods=NS(queue=("a", "b"))), line)
    True
    >>> same_as_two(NS(gods=NS(queue=("a", "b", "c"))), line)
    False
    >>> same_as_two(NS(gods=NS(queue=("a", "b", "c"))), replace(line, turns=4))
    True
    """
    if result.status != SOLVED or result.turns is None or not result.trace:
        return False
    if len(result.trace[0]) != 1:  # found with powers or blessing cards in play
        return False
    return (len(riddle.gods.queue) <= GODS_HELD_AT_MOST
            or result.turns <= 2 * GODS_HELD_AT_MOST)


def as_four_players(ctx: RiddleContext, target: int, result: ObjectiveResult, *,
                    gods: Mapping[str, GodCard] | None = None, die: Die | None = None
                    ) -> ObjectiveResult | None:
    """The 4-player result derived from the 2-player ``result`` of objective ``target``
    (``ctx`` compiled for 4 players), or None when :func:`same_as_two` says no or its
    line does not replay in the 4-player game (then search as usual).

    The line is replayed by the 4-player game, so its notation, boards, steps,
    set-up text and trace are the 4-player ones (a cached trace replays there);
    status, turns, first moves, states and reason are the 2-player search's.
    """
    if ctx.players != FOUR or not same_as_two(ctx.riddle, result):
        return None
    started = time.perf_counter()
    game = RiddleGame(ctx, target, gods=gods, die=die)
    replayed = replay_trace(game, result.trace)
    if replayed is None or len(replayed[1]) != result.turns:
        return None
    states, actions = replayed
    return replace(result, solution=describe_line(game, states, actions),
                   boards=tuple(format_board(ctx, s) for s in states),
                   setup=game.assignments[states[0].extra.assignment].text,  # type: ignore[attr-defined]
                   trace=trace_of(game, states, actions),
                   steps=line_steps(game, states, actions),
                   seconds=time.perf_counter() - started)


__all__ = ["FOUR", "TWO", "as_four_players", "two_first", "same_as_two"]
