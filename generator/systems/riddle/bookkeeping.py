"""What the riddle solver tracks beyond the rules' state, and the small tables it
shares between its modules: worker assignments per player count, the actions
that are not moves, and the stockpile additions a reward may bring."""
from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from generator.engine.geometry import Square
from generator.engine.state import PIECE_NAMES, Stockpile

if TYPE_CHECKING:
    from generator.systems.riddle.model import Reward

GODS_HELD_AT_MOST = 2
"""RULES 1: a player holds at most two gods. A god leaves its player when its
card is cleared (see :mod:`.gods`); a god taken is never taken again."""

REWARD_ON_ACHIEVEMENT = True
"""Decision: an objective's piece reward is added to the stockpile in the
rewards step of the turn the objective is achieved (before the end-of-turn
effects). Rewards with text only change nothing the solver sees."""

GOD_ACTION = -1
SPHINX_ACTION = -2
BLESSING_ACTION = -4
"""First field of an action that is not a move: ``(GOD_ACTION, queue index, -1)``,
``(SPHINX_ACTION, option index, -1)``, ``(BLESSING_ACTION, turn index, -1)`` (a turn
that uses blessing cards, see :mod:`.blessings`). A move is the engine's ``(worker, to, build)``."""

Action = tuple[int, int, int]

_new_tuple = tuple.__new__  # builds a Stockpile without re-parsing arguments


class Bookkeeping(NamedTuple):
    """What the solver tracks beyond the riddle state (kept in ``RiddleState.extra``)."""

    assignment: int = 0  # index into the game's worker assignments
    gods_taken: int = 0  # bit i: the i-th god of the opening queue was taken
    gods_held: tuple[int, ...] = ()  # per seat: gods taken by that player
    wanderer_moved: bool = False  # the Wanderer moved in the turn just played
    gems_won: int = 0  # bit i: the die's i-th gem was won (chance search only)
    cards: tuple[Any, ...] = ()  # gods held with pieces on their cards (gods.HeldCard)
    athena: int = -1  # seat whose Athena climb stops the others climbing, -1 none
    revealed: int = 0  # bit i: the i-th blessing card face up at set-up is still there
    skip_effects: bool = False  # a blessing skips the end-of-turn effects of this turn
    seat_shift: int = 0  # extra turns taken (blessings): the next seat is (turn - shift) % n
    pan_square: int = -1  # Pan: a worker here counts as on level 3 for this turn's goals


@dataclass(frozen=True, slots=True)
class Assignment:
    """Which workers each seat moves, and which workers are interchangeable."""

    masks: tuple[int, ...]  # per seat: bitmask of the worker indices it may move
    groups: tuple[tuple[int, ...], ...]  # workers a key may permute, in a fixed order
    wanderer: int = -1  # worker index of the Wanderer (3 players), -1 without
    text: str = ""


def worker_assignments(players: int, workers: int = 4) -> tuple[Assignment, ...]:
    """Every way the group may hand out the map's workers (RULES 1: players and workers).

    Workers are numbered in reading order of the map's ``W`` cells; the map does
    not colour them, so the group chooses who takes which.

    >>> [len(worker_assignments(n)) for n in (1, 2, 3, 4)]
    [1, 6, 24, 6]
    >>> worker_assignments(2)[2].text
    'P1 W1+W3, P2 W2+W4'
    """
    everyone = tuple(range(workers))
    if players == 1:
        return (Assignment(((1 << workers) - 1,), (everyone,), -1, "P1 " + _names(everyone)),)
    if workers != 4 or players not in (2, 3, 4):
        raise ValueError(f"{workers} workers cannot be shared by {players} players")
    out: list[Assignment] = []
    if players in (2, 4):
        for partner in (1, 2, 3):
            first = (0, partner)
            second = tuple(w for w in everyone if w not in first)
            for a, b in ((first, second), (second, first)):
                masks = (_mask(a), _mask(b)) * (players // 2)
                text = ", ".join(f"P{seat + 1} {_names(a if seat % 2 == 0 else b)}"
                                 for seat in range(players))
                out.append(Assignment(masks, (a, b), -1, text))
        return tuple(out)
    for wanderer in everyone:
        others = tuple(w for w in everyone if w != wanderer)
        for order in itertools.permutations(others):
            masks = tuple(1 << w | 1 << wanderer for w in order)
            text = ", ".join(f"P{seat + 1} W{w + 1}" for seat, w in enumerate(order))
            out.append(Assignment(masks, tuple((w,) for w in order) + ((wanderer,),), wanderer,
                                  f"{text}, Wanderer W{wanderer + 1}"))
    return tuple(out)


def _figures(workers: tuple[Square, ...], groups: tuple[tuple[int, ...], ...], king: Square,
             sphinx: Square) -> int:
    """The figures' squares packed 7 bits each; workers a key may permute (one player's
    pair, say) are sorted within their group."""
    figures = 0
    for group in groups:
        if len(group) == 1:
            figures = figures << 7 | (workers[group[0]] + 1)
        else:
            for sq in sorted([workers[i] for i in group]):
                figures = figures << 7 | (sq + 1)
    return (figures << 7 | (king + 1)) << 7 | (sphinx + 1)


def _mask(workers: Iterable[int]) -> int:
    out = 0
    for w in workers:
        out |= 1 << w
    return out


def _names(workers: Iterable[int]) -> str:
    return "+".join(f"W{w + 1}" for w in workers)


def plain_text(text: Any) -> str:
    """A model text in English (or its first language) for messages."""
    if isinstance(text, tuple):
        found = dict(text)
        return str(found.get("en", next(iter(found.values()), "")))
    return "" if text is None else str(text)


def reward_options(reward: Reward | None) -> tuple[tuple[int, int, int, int], ...]:
    """The stockpile additions a reward may bring (several when the group picks the piece).

    >>> from generator.systems.riddle.model import Reward
    >>> reward_options(Reward("any", 2))[:3]
    ((2, 0, 0, 0), (1, 1, 0, 0), (1, 0, 1, 0))
    >>> reward_options(Reward(None, 1, "a story"))
    ((0, 0, 0, 0),)
    """
    if reward is None or reward.piece is None:
        return ((0, 0, 0, 0),)
    if reward.piece == "any":
        options = []
        for combo in itertools.combinations_with_replacement(range(4), reward.count):
            counts = [0, 0, 0, 0]
            for piece in combo:
                counts[piece] += 1
            options.append((counts[0], counts[1], counts[2], counts[3]))
        return tuple(options)
    counts = [0, 0, 0, 0]
    counts[PIECE_NAMES.index(reward.piece)] = reward.count
    return ((counts[0], counts[1], counts[2], counts[3]),)


def _add(stock: Stockpile, delta: Sequence[int]) -> Stockpile:
    return _new_tuple(Stockpile, (stock[0] + delta[0], stock[1] + delta[1], stock[2] + delta[2],
                                  stock[3] + delta[3]))

