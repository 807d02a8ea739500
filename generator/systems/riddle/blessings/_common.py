"""What every blessing module declares: :class:`BlessingPower`, and the small helpers
the instant ones share."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from generator.engine.powers.pieces import Piece
from generator.engine.state import PIECE_NAMES, Stockpile
from generator.systems.riddle.state import RiddleState

if TYPE_CHECKING:
    from generator.systems.riddle.context import RiddleContext

Instant = Callable[["RiddleContext", RiddleState], list[tuple[str, RiddleState]]]
"""A power used before the turn's action: every outcome the group may choose, each
with the words that name the choice (``+1 level3``, ``King C3-D3``)."""

_new_tuple = tuple.__new__


@dataclass(frozen=True, slots=True)
class BlessingPower:
    """One blessing effect (the ``effect`` of a blessing card), used once when the
    revealed card is discarded, beside the turn's normal action.

    Exactly one of these says what it does: ``instant`` (before the action),
    ``pieces`` (engine power pieces that change the move or the build, composed
    with the held gods' rules), ``move_two``, ``skip_effects``, ``extra_turn``.
    ``searched`` is False for a power the solver cannot play honestly; ``why``
    then says so.
    """

    NAME: str
    summary: str
    instant: Instant | None = None
    pieces: tuple[Piece, ...] = ()
    move_two: bool = False
    skip_effects: bool = False
    extra_turn: bool = False
    searched: bool = True
    why: str = ""

    @property
    def shapes_turn(self) -> bool:
        """True when the power changes the move or the build (at most one a turn)."""
        return bool(self.pieces) or self.move_two


def gain(piece: int) -> Instant:
    """An instant that adds one ``piece`` from the box to the stockpile."""

    def add(ctx: RiddleContext, state: RiddleState) -> list[tuple[str, RiddleState]]:
        return [(f"+1 {PIECE_NAMES[piece]}", with_stock(state, piece, 1))]

    return add


def with_stock(state: RiddleState, piece: int, delta: int) -> RiddleState:
    """``state`` with ``delta`` more of ``piece`` in the stockpile."""
    stock = list(state.stock)
    stock[piece] += delta
    return state._replace(stock=_new_tuple(Stockpile, tuple(stock)))


def in_stockpile_proper(state: RiddleState, piece: int) -> int:
    """How many ``piece`` the stockpile itself holds (not counting held god cards)."""
    cards = getattr(state.extra, "cards", ())
    return int(state.stock[piece]) - sum(int(c.pieces[piece]) for c in cards)


def free_land(ctx: RiddleContext, state: RiddleState) -> int:
    """Land spaces with no figure, no dome and not sunk."""
    board = state.board
    taken = board.domes | state.sunk
    for sq in (*board.workers, board.king, board.sphinx):
        if sq >= 0:
            taken |= 1 << sq
    return ctx.geometry.land & ~taken


def squares(bits: int) -> list[int]:
    """The squares of a bitboard, in increasing order."""
    out = []
    while bits:
        low = bits & -bits
        bits ^= low
        out.append(low.bit_length() - 1)
    return out
