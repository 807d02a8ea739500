"""Solution lines: readable notation per turn (replayed to name every consequence),
text boards, and the replayable trace a cached proof is verified with."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from generator.engine.geometry import NO_SQUARE, Square
from generator.engine.moves import apply_move
from generator.engine.state import PIECE_NAMES, height_at
from generator.systems.riddle.bookkeeping import (
    BLESSING_ACTION,
    GOD_ACTION,
    SPHINX_ACTION,
    Action,
    _add,
    plain_text,
)
from generator.systems.riddle.context import RiddleContext
from generator.systems.riddle.game import RiddleGame
from generator.systems.riddle.gods import POWER_ACTION
from generator.systems.riddle.box import BlessingCard, Die, GodCard
from generator.systems.riddle.results import SOLVED, ObjectiveResult
from generator.systems.riddle.state import COLOURS, RiddleState, after_build


def describe_line(game: RiddleGame, states: Sequence[RiddleState],
                  actions: Sequence[Action]) -> tuple[str, ...]:
    """One readable line per turn of a path found by the search."""
    return tuple(describe_turn(game, states[i], actions[i], states[i + 1])
                 for i in range(len(actions)))


def describe_turn(game: RiddleGame, before: RiddleState, action: Action,
                  after: RiddleState) -> str:
    """A turn in notation: ``W1 B2-C3 build C4 (level 2; silver coin -> silver objective)``.

    The turn is replayed to find which of the group's choices led to ``after``,
    so every consequence (coins, blessings, objectives, rewards, effects) is named.
    """
    ctx = game.ctx
    g = ctx.geometry
    seat = game.movers(before)[0]
    who = f"P{seat + 1} " if game.players > 1 else ""
    first: list[str] = []
    spent: list[int] | None = None  # pieces a power turn built (to name a quest reward)
    stock = before.stock  # the stockpile the action starts from (after any blessing)
    pre = before  # the position the action starts from (after any blessing card)
    acted: tuple[RiddleState, ...]
    if action[0] == GOD_ACTION:
        god = game.queue[action[1]]
        text = f"take {plain_text(god.name)} from the queue"
        first.append(f"+{_pieces(god.pieces)}")
        acted = (game.take_god(before, seat, action[1]),)
        build = NO_SQUARE
    elif action[0] == POWER_ACTION:
        seat, movers, wanderer = game.movers(before)
        ply = game.powers.plies(before, seat, movers)[action[1]]
        text, pieces = game.powers.describe(g, before, ply)
        first.append(pieces)
        acted = tuple(game.powers.play(ctx, before, seat, ply, wanderer))
        spent = [sum(1 for _, p in ply.builds if p == i) for i in range(4)]
        build = ply.builds[-1][0] if ply.builds else NO_SQUARE
    elif action[0] == BLESSING_ACTION:
        used = game.blessings.turns(game, before)[action[1]]
        text = used.text
        first.append(used.pieces)
        acted = used.acted
        stock = used.pre.stock
        pre = used.pre
        if used.ply is not None:
            spent = [sum(1 for _, p in used.ply.builds if p == i) for i in range(4)]
        build = used.ply.builds[-1][0] if used.ply is not None and used.ply.builds else NO_SQUARE
    elif action[0] == SPHINX_ACTION:
        gem, delta = game.sphinx_options[action[1]]
        colour = f" the {game.die.gems[gem]} gem" if game.die is not None and gem >= 0 else ""
        text = f"play the Sphinx's game and win{colour}"
        if any(delta):
            first.append(f"+{_pieces(delta)}")
        acted = (before._replace(stock=_add(before.stock, delta),
                                 sphinx_wins=before.sphinx_wins + 1),)
        build = NO_SQUARE
    else:
        worker, to, build = action
        piece = height_at(before.board, build)
        text = (f"W{worker + 1} {g.name(before.board.workers[worker])}-{g.name(to)} "
                f"build {g.name(build)}")
        first.append("dome" if piece == 3 else f"level {piece + 1}")
        moved = before._replace(board=apply_move(g, before.board, action),
                                stock=before.stock.take(piece))
        acted = after_build(ctx, moved, build)
    for plain, built in _custom_quests(game, before, seat, acted):
        for rewarded in game.rewards_step(built):
            for final in game.effects_step(rewarded):
                if _same(final, after):
                    notes = first + _notes(game, pre, build, built, rewarded, final)
                    quest = [b - a for a, b in zip(plain.stock, built.stock)]
                    if spent is not None:
                        quest = [q + b - a + n for q, a, b, n in
                                 zip(quest, stock, plain.stock, spent)]
                    if any(quest):
                        notes.insert(len(first), f"quest reward +{_pieces(quest)}")
                    return who + text + (f" ({'; '.join(notes)})" if notes else "")
    return who + text + (f" ({'; '.join(first)})" if first else "")


def _custom_quests(game: RiddleGame, before: RiddleState, seat: int,
                   acted: Sequence[RiddleState]) -> list[tuple[RiddleState, RiddleState]]:
    """Each state right after the action, with each outcome of the custom quests its
    turn earned (the state itself when none is in play)."""
    if not game.powers.custom:
        return [(a, a) for a in acted]
    book = before.extra
    mine = game.assignments[book.assignment].masks[seat]  # type: ignore[attr-defined]
    return [(a, q) for a in acted for q in game.powers.quest_step(before, seat, mine, a)]


def _same(a: RiddleState, b: RiddleState) -> bool:
    return a[:-1] == b[:-1]  # bookkeeping aside (the action sets it)


def _pieces(delta: Sequence[int]) -> str:
    parts = [f"{n} {PIECE_NAMES[i]}" for i, n in enumerate(delta) if n]
    return ", ".join(parts) if parts else "nothing"


def _notes(game: RiddleGame, before: RiddleState, build: Square, built: RiddleState,
           rewarded: RiddleState, final: RiddleState) -> list[str]:
    ctx = game.ctx
    g = ctx.geometry
    tiers = [o.tier for o in ctx.objectives]
    notes: list[str] = []
    new_coins = built.collected & ~before.collected
    # The slots each colour filled this turn, one entry per coin placed (two coins of
    # one colour may go to two objectives, or one of them be set aside).
    placed: list[list[str]] = [[], []]
    for j, (a, b) in enumerate(zip(before.slots, built.slots)):
        for c in (0, 1):
            placed[c] += [tiers[j]] * (b[c] - a[c])
    for i, spec in enumerate(ctx.coins):
        if new_coins >> i & 1:
            colour = COLOURS[spec.colour]
            where = (f"{placed[spec.colour].pop(0)} objective" if placed[spec.colour]
                     else f"set aside, no free {colour} slot")
            notes.append(f"{colour} coin -> {where}")
    if build != NO_SQUARE and before.tokens >> build & 1 and not built.tokens >> build & 1:
        notes.append("blessing token forfeited")
    taken = built.tokens & ~rewarded.tokens
    if taken:
        notes.append("blessing collected on " + ", ".join(g.names(taken)))
    for j, tier in enumerate(tiers):
        if rewarded.achieved >> j & 1 and not built.achieved >> j & 1:
            notes.append(f"{tier} objective achieved")
    gained = [a - b for a, b in zip(rewarded.stock, built.stock)]
    if any(gained):
        notes.append(f"reward +{_pieces(gained)}")
    notes.extend(_effect_notes(game, rewarded, final))
    return notes


def _effect_notes(game: RiddleGame, before: RiddleState, after: RiddleState) -> list[str]:
    g = game.ctx.geometry
    notes: list[str] = []
    b0, b1 = before.board, after.board
    for name, a, b in (("King", b0.king, b1.king), ("Sphinx", b0.sphinx, b1.sphinx)):
        if a != b and a != NO_SQUARE and b != NO_SQUARE:
            notes.append(f"{name} {g.name(a)}-{g.name(b)}")
    sunk = after.sunk & ~before.sunk
    if sunk:
        notes.append(", ".join(g.names(sunk)) + " sank")
    lowered = (b0.l1 & ~b1.l1) | (b0.l2 & ~b1.l2) | (b0.l3 & ~b1.l3) | (b0.domes & ~b1.domes)
    lowered &= ~sunk
    if lowered:
        notes.append("top piece removed from " + ", ".join(g.names(lowered)))
    for i, (a, b) in enumerate(zip(b0.workers, b1.workers)):
        if a != NO_SQUARE and b == NO_SQUARE:
            notes.append(f"W{i + 1} destroyed")
    change = [b - a for a, b in zip(before.stock, after.stock)]
    if any(change):
        notes.append("stockpile " + ", ".join(f"{n:+d} {PIECE_NAMES[i]}"
                                              for i, n in enumerate(change) if n))
    return notes


BOARD_LEGEND = ("heights . 1 2 3, X dome, ~ sea; W1-W4 workers, K King, S Sphinx; "
                "s/g silver/gold coin still on the board, b blessing token")


def format_board(ctx: RiddleContext, state: RiddleState) -> str:
    """The board as text: one row per line, a cell is its height (``X`` a dome, ``~``
    sea) then its figure and marks (see :data:`BOARD_LEGEND`)."""
    g = ctx.geometry
    board = state.board
    figures: dict[Square, str] = {}
    for i, sq in enumerate(board.workers):
        if sq != NO_SQUARE:
            figures[sq] = f"W{i + 1}"
    if board.king != NO_SQUARE:
        figures[board.king] = "K"
    if board.sphinx != NO_SQUARE:
        figures[board.sphinx] = "S"
    coins: dict[Square, str] = {}
    for i, spec in enumerate(ctx.coins):
        if not state.collected >> i & 1:
            coins[spec.square] = "sg"[spec.colour]
    cells = []
    for sq in range(g.size):
        if not g.land >> sq & 1 or state.sunk >> sq & 1:
            cells.append("~")
            continue
        height = height_at(board, sq)
        cell = "X" if board.domes >> sq & 1 else (str(height) if height else ".")
        cell += figures.get(sq, "") + coins.get(sq, "") + ("b" if state.tokens >> sq & 1 else "")
        cells.append(cell)
    return format_board_cells(g, tuple(cells))


def format_board_cells(geometry: Any, cells: Sequence[str]) -> str:
    """Lay out one text cell per square under column letters, with row numbers.

    >>> from generator.engine.geometry import Geometry
    >>> print(format_board_cells(Geometry.rectangle(2, 1), ("1W2s", "X")))
         A     B
     1   1W2s  X
    """
    width = max(5, max(len(c) for c in cells) + 1)
    letters = "ABCDEFGH"[:geometry.width]
    lines = ["    " + "".join(f" {c:<{width}}" for c in letters).rstrip()]
    for r in range(geometry.height):
        row = cells[r * geometry.width:(r + 1) * geometry.width]
        lines.append(f"{r + 1:>2}  " + "".join(f" {c:<{width}}" for c in row).rstrip())
    return "\n".join(lines)


def trace_of(game: RiddleGame, states: Sequence[RiddleState], actions: Sequence[Action]
             ) -> tuple[tuple[int, ...], ...]:
    """A found line in replayable form: ``(assignment,)``, then per turn the action and
    the index of the resulting state among that action's successors."""
    out: list[tuple[int, ...]] = [(states[0].extra.assignment,)]  # type: ignore[attr-defined]
    if powered(game):
        out[0] = (*out[0], 1)  # the line was found with powers in play
    for before, action, after in zip(states, actions, states[1:]):
        same = [child for a, child in game.successors(before) if a == action]
        out.append((*action, same.index(after)))
    return tuple(out)


def powered(game: RiddleGame) -> bool:
    """True when the game plays god powers or blessing cards (its traces say so)."""
    return game.powers.active or game.blessings.active


def replay_trace(game: RiddleGame, trace: Sequence[Sequence[int]]
                 ) -> tuple[tuple[RiddleState, ...], tuple[Action, ...]] | None:
    """The states and actions of a stored line, replayed by the rules, or None when a
    step is not legal or the line does not end at the objective."""
    starts = tuple(game.starts())
    if not trace or len(trace[0]) != 1 + powered(game) or not 0 <= trace[0][0] < len(starts):
        return None
    states = [starts[trace[0][0]]]
    actions: list[Action] = []
    for step in trace[1:]:
        if len(step) != 4 or game.is_goal(states[-1]):
            return None
        action = (step[0], step[1], step[2])
        same = [child for a, child in game.successors(states[-1]) if a == action]
        if not 0 <= step[3] < len(same):
            return None
        states.append(same[step[3]])
        actions.append(action)
    if not game.is_goal(states[-1]):
        return None
    return tuple(states), tuple(actions)


def verify_result(ctx: RiddleContext, result: ObjectiveResult, *,
                  gods: Mapping[str, GodCard] | None = None, die: Die | None = None,
                  blessings: Mapping[str, BlessingCard] | None = None) -> str:
    """Why a stored ``solved`` result cannot be trusted, or ``""``: its line is replayed
    by the rules, must reach the objective in exactly the stored number of turns,
    and must read as the stored solution."""
    tiers = [o.tier for o in ctx.objectives]
    if result.status != SOLVED or result.tier not in tiers:
        return "not a solved objective of this riddle"
    powers = bool(result.trace) and len(result.trace[0]) == 2
    game = RiddleGame(ctx, tiers.index(result.tier), gods=gods, die=die, powers=powers,
                      blessings=blessings)
    replayed = replay_trace(game, result.trace)
    if replayed is None:
        return f"the stored line for the {result.tier} objective does not replay"
    states, actions = replayed
    if len(actions) != result.turns or result.turns is None:
        return (f"the stored line for the {result.tier} objective takes {len(actions)} turns, "
                f"not {result.turns}")
    if game.estimate(states[0]) > len(actions):
        return f"the stored line for the {result.tier} objective is shorter than possible"
    if describe_line(game, states, actions) != result.solution:
        return f"the stored solution for the {result.tier} objective is not its line"
    return ""
