"""A slow, obviously correct implementation of the Santorini core, for lockstep tests.

Plain lists, coordinates and loops; no bitboards and nothing imported from
``generator.engine``, so a bug there cannot hide here. RULES.md section 0 is the
contract both follow.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

NONE = -1  # a figure that is not on the board


@dataclass
class RefBoard:
    """A position as plain lists, indexed by square (``row * width + col``)."""

    width: int
    height: int
    land: list[bool]
    bridges: list[tuple[int, int]]
    heights: list[int]
    domes: list[bool]
    workers: list[int]
    others: list[int] = field(default_factory=list)  # King, Sphinx: they only block

    def copy(self) -> RefBoard:
        return RefBoard(
            self.width,
            self.height,
            list(self.land),
            list(self.bridges),
            list(self.heights),
            list(self.domes),
            list(self.workers),
            list(self.others),
        )


def neighbours(board: RefBoard, sq: int, moving: bool) -> list[int]:
    """The 8 surrounding land spaces; when moving, also the far end of each bridge."""
    row, col = divmod(sq, board.width)
    out = []
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if dr == 0 and dc == 0:
                continue
            r, c = row + dr, col + dc
            if 0 <= r < board.height and 0 <= c < board.width and board.land[r * board.width + c]:
                out.append(r * board.width + c)
    if moving:
        for a, b in board.bridges:
            if a == sq:
                out.append(b)
            elif b == sq:
                out.append(a)
    return out


def candidate_bridges(width: int, height: int, land: list[bool]) -> list[tuple[int, int]]:
    """Every legal bridge: two land spaces in a row or column with only sea between."""
    out = []
    for a in range(width * height):
        for b in range(a + 1, width * height):
            if not (land[a] and land[b]):
                continue
            (ra, ca), (rb, cb) = divmod(a, width), divmod(b, width)
            if ra == rb:
                between = [ra * width + c for c in range(ca + 1, cb)]
            elif ca == cb:
                between = [r * width + ca for r in range(ra + 1, rb)]
            else:
                continue
            if between and not any(land[sq] for sq in between):
                out.append((a, b))
    return out


def figure_squares(board: RefBoard) -> list[int]:
    return [sq for sq in board.workers + board.others if sq != NONE]


def legal_sequences(
    board: RefBoard,
    movers: set[int],
    stockpile: list[int] | None = None,
    level3_wins: bool = False,
) -> list[tuple[int, int, int]]:
    """Every (worker, to, build) sequence; a win by climbing to level 3 has build NONE."""
    out = []
    for worker, start in enumerate(board.workers):
        if start == NONE or worker not in movers:
            continue
        for to in neighbours(board, start, moving=True):
            if to in figure_squares(board) or board.domes[to]:
                continue
            if board.heights[to] > board.heights[start] + 1:
                continue
            if level3_wins and board.heights[start] == 2 and board.heights[to] == 3:
                out.append((worker, to, NONE))
                continue
            after = board.copy()
            after.workers[worker] = to
            for build in neighbours(after, to, moving=False):
                if build in figure_squares(after) or after.domes[build]:
                    continue
                piece = after.heights[build]  # 0..2: a block of that level + 1; 3: a dome
                if stockpile is not None and stockpile[piece] == 0:
                    continue
                out.append((worker, to, build))
    return out


def apply_sequence(board: RefBoard, move: tuple[int, ...]) -> RefBoard:
    """The board after a sequence (a build on level 3 places a dome)."""
    worker, to, build = move
    after = board.copy()
    after.workers[worker] = to
    if build != NONE:
        if after.heights[build] < 3:
            after.heights[build] += 1
        else:
            after.domes[build] = True
    return after


def perft(board: RefBoard, side: int, depth: int) -> int:
    """Standard two-player perft: workers 0-1 are player 0's, 2-3 player 1's."""
    if depth == 0:
        return 1
    mine = board.workers[2 * side : 2 * side + 2]
    if mine[0] == NONE:
        empty = [
            sq
            for sq in range(board.width * board.height)
            if board.land[sq] and not board.domes[sq] and sq not in figure_squares(board)
        ]
        total = 0
        for a, b in combinations(empty, 2):
            after = board.copy()
            after.workers[2 * side] = a
            after.workers[2 * side + 1] = b
            total += perft(after, 1 - side, depth - 1)
        return total
    total = 0
    for move in legal_sequences(board, {2 * side, 2 * side + 1}, level3_wins=True):
        if move[2] == NONE:
            total += 1
        else:
            total += perft(apply_sequence(board, move), 1 - side, depth - 1)
    return total
