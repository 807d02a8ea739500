"""``playtest --replay I``: game ``I`` of a glyph playtest, action by action.

Game ``I`` of a run seeded ``S`` draws from ``random.Random(derive_seed(S, I))``
(:func:`~generator.sim.montecarlo.make_rng`) with a fresh policy, as the run
played it. Each action prints its effect and steps and the grid after it: one
tile per cell by its id, upper case when restored, lower case when cursed; each
turn ends with the riddle row (the revealed cards) and how many are solved.
"""
from __future__ import annotations

import random

from generator.engine.geometry import COLUMN_LETTERS
from generator.sim.montecarlo import make_rng
from generator.systems.glyphs.board import COLUMN, CURSE, JOKER, RESTORE, ROW, SWAP, Step
from generator.systems.glyphs.game import CAUSES, Action, Play, play_game
from generator.systems.glyphs.model import Table
from generator.systems.glyphs.policies import make_policy


def _cell(n: int, cell: int) -> str:
    return f"{COLUMN_LETTERS[cell % n]}{cell // n + 1}"


def _tile(table: Table, tile: int) -> str:
    symbol = table.symbol_of[tile]
    return "joker" if symbol == JOKER else table.symbols[symbol]


def describe_step(table: Table, step: Step) -> str:
    """``swap B2 with C2``, ``rotate row 1 right``, ``restore moon``..."""
    op, a, b = step
    if op == SWAP:
        return f"swap {_cell(table.n, a)} with {_cell(table.n, b)}"
    if op == ROW:
        return f"rotate row {a + 1} {'right' if b > 0 else 'left'}"
    if op == COLUMN:
        return f"rotate column {COLUMN_LETTERS[a]} {'down' if b > 0 else 'up'}"
    if op == RESTORE:
        return f"restore {_tile(table, a)}"
    if op == CURSE:
        return f"curse {_tile(table, a)}"
    return str(step)


def describe_action(table: Table, action: Action) -> str:
    """The action's source, effect and steps in words."""
    steps = "; ".join(describe_step(table, s) for s in action.steps) or "no step"
    return f"{action.source} {action.effect}: {steps}"


def format_grid(play: Play) -> str:
    """The grid, a row a line: tile ids, upper case restored, lower case cursed."""
    table, n = play.table, play.table.n
    names = [_tile(table, t) for t in play.tiles]
    names = [name.upper() if play.restored >> tile & 1 else name.lower()
             for name, tile in zip(names, play.tiles)]
    width = max(len(x) for x in names)
    return "\n".join("    " + " ".join(f"{x:<{width}}" for x in names[r * n:(r + 1) * n]).rstrip()
                     for r in range(n))


def replay_text(table: Table, game: str, degree: int, policy: str, seed: int,
                index: int) -> str:
    """Game ``index`` of a run seeded ``seed`` at ``degree``, action by action."""
    lines = [f"{game}: game {index} of a run seeded {seed}, degree {degree}, policy {policy}",
             "(tiles: upper case restored, lower case cursed)"]
    turn = [0]
    shown = [""]

    def observe(play: Play, action: Action | None) -> None:
        if turn[0] != play.turn and action is not None:
            turn[0] = play.turn
            lines.append(f"turn {play.turn}:")
        grid = format_grid(play)
        if action is None:
            row = ", ".join(table.cards[c].id for c in play.row)
            lines.append(f"  end of turn {play.turn - 1}: {play.solved} solved; "
                         f"row: {row or 'empty'}")
            if grid != shown[0]:  # the Sfynx's curses
                lines.append("  after the Sfynx:")
                lines.append(grid)
        else:
            lines.append(f"  {describe_action(table, action)}")
            lines.append(grid)
        shown[0] = grid

    rng: random.Random = make_rng(seed, index)
    result = play_game(table, degree, make_policy(policy, rng), rng, observe=observe)
    lines.append(f"{'won' if result.won else 'lost'} on turn {result.turns} with "
                 f"{result.solved} riddle{'s' if result.solved != 1 else ''} solved"
                 + ("" if result.won else f" ({CAUSES.get(result.cause, 'undecided')})"))
    return "\n".join(lines) + "\n"


__all__ = ["describe_action", "describe_step", "format_grid", "replay_text"]
