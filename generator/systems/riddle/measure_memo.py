"""What the parts of one objective's measures (:mod:`.measures`) share: each state's
successors and estimate, computed once for the optimal DAG, its distances and the
naive playouts (issue 22 §6), which expand many of the same states.

A memo changes no measure: :meth:`GameMemo.successors` replays the game's own lazy
sequence (same children, same order; a part that stops on its cap of generated
children stops at the same child, and the rest is generated only if a later part
asks for it), and :meth:`GameMemo.estimate_within` returns what the game's would
(pinned by ``tests/systems/riddle/test_riddle_measure_memo.py`` against the game
over generated riddles).

>>> class Count:
...     calls = 0
...     def successors(self, state):
...         Count.calls += 1
...         yield from ((a, state + a) for a in (1, 2, 3))
>>> memo = GameMemo(Count())  # type: ignore[arg-type]
>>> next(iter(memo.successors(10)))
(1, 11)
>>> list(memo.successors(10)), Count.calls
([(1, 11), (2, 12), (3, 13)], 1)
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from generator.systems.riddle.bookkeeping import Action
from generator.systems.riddle.state import RiddleState

Edge = tuple[Action, RiddleState]


class _Replay:
    """One state's successors: those generated so far, then the game's generator
    for the rest (advanced only when a reader gets past the list)."""

    __slots__ = ("done", "rest")

    def __init__(self, rest: Iterator[Edge]) -> None:
        self.done: list[Edge] = []
        self.rest: Iterator[Edge] | None = rest

    def __iter__(self) -> Iterator[Edge]:
        done = self.done
        i = 0
        while True:
            if i < len(done):
                yield done[i]
                i += 1
                continue
            rest = self.rest
            if rest is None:
                return
            edge = next(rest, None)
            if edge is None:
                self.rest = None
                return
            done.append(edge)


class GameMemo:
    """Successors, estimates and turn lists of one :class:`~.game.RiddleGame`'s states,
    each computed once (see the module docs). Holds every state it was asked about:
    one per objective's measures, whose parts are capped in generated states."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self._successors: dict[RiddleState, _Replay] = {}
        # state -> (value, limit it was asked under): exact when value <= limit, else
        # only "above limit" (what the game's estimate_within promises).
        self._estimates: dict[RiddleState, tuple[int, int]] = {}
        self._within = getattr(game, "estimate_within", None)
        self.lists: dict[RiddleState, dict[int, Any]] = {}

    def successors(self, state: RiddleState) -> Iterator[Edge]:
        """The game's ``successors(state)``, each generated once over all readers."""
        found = self._successors.get(state)
        if found is None:
            found = self._successors[state] = _Replay(self.game.successors(state))
        return iter(found)

    def estimate_within(self, state: RiddleState, limit: int) -> int:
        """The game's ``estimate_within(state, limit)`` (its ``estimate`` when it has
        none): the estimate when at most ``limit``, else an admissible value above it."""
        found = self._estimates.get(state)
        if found is not None:
            value, asked = found
            if value <= asked or limit <= asked:
                return value  # exact, or already known to exceed ``limit``
        within = self._within
        found_now: int = (within(state, limit) if within is not None
                          else self.game.estimate(state))
        self._estimates[state] = (found_now, limit if within is not None else found_now)
        return found_now

    def estimate(self, state: RiddleState) -> int:
        """The game's ``estimate(state)``."""
        from generator.sim.search import UNREACHABLE

        return self.estimate_within(state, UNREACHABLE)

    def turn_lists(self, state: RiddleState) -> dict[int, Any]:
        """One dict per state for :func:`~.measures.turn_use`'s lists of power plies
        and blessing turns."""
        found = self.lists.get(state)
        if found is None:
            found = self.lists[state] = {}
        return found


__all__ = ["GameMemo"]
