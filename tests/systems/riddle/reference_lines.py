"""Plain enumeration of every shortest line (issue 22 §2 and §5), the reference of
:mod:`generator.systems.riddle.measures`: every line of exactly ``par`` turns from
each distinct start, turn by turn through the game's successors (no distances, no
transposition), those that end at the goal kept and canonicalised as the measures
do (the multiset of turn labels, :func:`~generator.systems.riddle.measures.turn_label`:
lines that differ only by the order of their turns count once).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from generator.systems.riddle.game import RiddleGame
from generator.systems.riddle.measures import distinct_starts, turn_use
from generator.systems.riddle.state import RiddleState

PATHS_AT_MOST = 40_000
"""Lines of ``par`` turns the plain enumeration may follow before a case is skipped."""


class TooMany(Exception):
    """More than :data:`PATHS_AT_MOST` lines to follow: the case is too big."""


@dataclass
class Lines:
    """Every shortest line found by plain enumeration, canonicalised."""

    multisets: set[tuple[str, ...]] = field(default_factory=set)
    labels: list[frozenset[str]] = field(default_factory=list)
    parts: list[frozenset[str]] = field(default_factory=list)
    built: list[int] = field(default_factory=lambda: [0, 0, 0, 0])  # most of each kind
    gods: set[int] = field(default_factory=set)
    coins: int = 0


def enumerate_lines(game: RiddleGame, par: int) -> Lines:
    """Every line of exactly ``par`` turns from a start to the goal, by successors."""
    out = Lines()
    followed = 0

    def walk(state: RiddleState, left: int,
             turns: list[tuple[str, tuple[int, ...], tuple[int, ...], tuple[str, ...]]]) -> None:
        nonlocal followed
        lists: dict[int, object] = {}  # the state's power plies, listed once
        for action, child in game.successors(state):
            followed += 1
            if followed > PATHS_AT_MOST:
                raise TooMany
            label, built, used = turn_use(game, state, action, lists)
            line = turns + [(label, built, used.gods, used.parts)]
            if game.is_goal(child):
                if left == 1:
                    out.multisets.add(tuple(sorted(t[0] for t in line)))
                    out.labels.append(frozenset(t[0] for t in line))
                    out.parts.append(frozenset(p for t in line for p in t[3]))
                    for i in range(4):
                        out.built[i] = max(out.built[i], sum(t[1][i] for t in line))
                    for t in line:
                        out.gods.update(t[2])
                    out.coins |= child.collected
                continue
            if left > 1:
                walk(child, left - 1, line)

    for start in distinct_starts(game):
        walk(start, par, [])
    return out
