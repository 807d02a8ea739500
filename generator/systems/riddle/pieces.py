"""Objectives that counting pieces rules out, before any search (issue 14 §1).

Every build takes one piece, and pieces only come from the stockpile, the
opening queue's gods, other objectives' rewards, end-of-turn effects and the
Sphinx's game. When those sources are all finite, their total is the most of
each piece the riddle can ever use. :func:`pieces_rule_out` compares it with
what an objective cannot do without:

- a ``stand`` goal on level N needs a space of level N: one already standing,
  or the pieces to raise one;
- a ``build`` goal needs as many more blocks or domes as it counts;
- a ``slots`` goal needs, per colour, as many coins as slots, each with the
  pieces from its space's height up to a level it shows; any N coins need at
  least the N fewest builds, and of each piece the N fewest.

``all_of`` is ruled out when one of its goals is, ``any_of`` when all are.
The answer is a reason ("no level-3 block can ever be built: ...") or ``""``.
It is never wrong, only sometimes silent: the search decides the rest.

>>> needs_text((0, 0, 1, 0))
'1 level3'
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from generator.engine.geometry import NO_SQUARE
from generator.engine.state import PIECE_NAMES, height_at
from generator.systems.riddle.goals.all_of import AllOfGoal
from generator.systems.riddle.goals.any_of import AnyOfGoal
from generator.systems.riddle.goals.build import BuildGoal
from generator.systems.riddle.goals.slots import SlotsGoal
from generator.systems.riddle.goals.stand import StandGoal
from generator.systems.riddle.state import COLOURS, DOME_LEVEL, RiddleState
from generator.systems.riddle.vocab import Goal

if TYPE_CHECKING:
    from generator.systems.riddle.context import RiddleContext
    from generator.systems.riddle.model import Reward
    from generator.systems.riddle.box import Die, GodCard

Supply = tuple[int, int, int, int]

UNBOUNDED = 1 << 30
"""A piece count no line can exhaust (a source without end brings this kind)."""


def needs_text(pieces: Sequence[int]) -> str:
    """Pieces in words, ``any`` for an unbounded kind (:data:`UNBOUNDED`).

    >>> needs_text((2, 0, 0, 1)), needs_text((UNBOUNDED, 0, 0, 0))
    ('2 level1, 1 dome', 'any level1')
    """
    words = [f"{'any' if n >= UNBOUNDED else n} {PIECE_NAMES[p]}"
             for p, n in enumerate(pieces) if n]
    return ", ".join(words) or "nothing"


def reward_pieces(reward: Reward | None) -> Supply:
    """Most of each kind one achievement of a reward brings (``any``: every kind)."""
    if reward is None or reward.piece is None:
        return (0, 0, 0, 0)
    if reward.piece == "any":
        return (reward.count,) * 4
    out = [0, 0, 0, 0]
    out[PIECE_NAMES.index(reward.piece)] = reward.count
    return (out[0], out[1], out[2], out[3])


def piece_supply(ctx: RiddleContext, target: int, gods: Mapping[str, GodCard] | None,
                 die: Die | None) -> Supply | None:
    """The most of each piece the riddle can ever bring to the stockpile for the
    objective ``target``, or None when some source has no end (or is unknown)."""
    if any(effect.NAME == "stockpile-add" for effect in ctx.effects):
        return None
    if any(effect.NAME == "remove-top" and getattr(effect, "to", "box") == "stockpile"
           for effect in ctx.effects):
        return None
    if die is not None and any(f.reward is not None and f.reward.piece is not None
                               for f in die.faces):
        return None
    known = gods or {}
    if any(g not in known for g in ctx.riddle.gods.queue):
        return None
    total = list(ctx.start.stock)
    for g in ctx.riddle.gods.queue:
        for p, n in enumerate(known[g].pieces):
            total[p] += n
    for j, objective in enumerate(ctx.objectives):
        if j != target:
            for p, n in enumerate(reward_pieces(objective.reward)):
                total[p] += n
    return (total[0], total[1], total[2], total[3])


def pieces_rule_out(ctx: RiddleContext, target: int, *,
                    gods: Mapping[str, GodCard] | None = None, die: Die | None = None) -> str:
    """Why counting pieces shows objective ``target`` can never be achieved, or ``""``."""
    supply = piece_supply(ctx, target, gods, die)
    if supply is None:
        return ""
    return _goal_rule_out(ctx, ctx.objectives[target].goal, ctx.start, supply)


def _goal_rule_out(ctx: RiddleContext, goal: Goal, state: RiddleState, supply: Supply) -> str:
    if goal.is_met(ctx, state):
        return ""
    if isinstance(goal, AllOfGoal):
        for child in goal.goals:
            reason = _goal_rule_out(ctx, child, state, supply)
            if reason:
                return reason
        return ""
    if isinstance(goal, AnyOfGoal):
        reasons = [_goal_rule_out(ctx, child, state, supply) for child in goal.goals]
        return "; ".join(reasons) if all(reasons) else ""
    if isinstance(goal, StandGoal):
        return _stand_rule_out(ctx, goal, state, supply)
    if isinstance(goal, BuildGoal):
        return _build_rule_out(ctx, goal, state, supply)
    if isinstance(goal, SlotsGoal):
        return _slots_rule_out(ctx, goal, state, supply)
    return ""


def _stand_rule_out(ctx: RiddleContext, goal: StandGoal, state: RiddleState,
                    supply: Supply) -> str:
    level = goal.level
    if level <= 0:
        return ""
    board = state.board
    closed = board.domes & ~ctx.removable
    spaces = (goal.at,) if goal.at != NO_SQUARE else ctx.geometry.squares
    for sq in spaces:
        if closed >> sq & 1 or state.sunk >> sq & 1:
            continue
        height = height_at(board, sq)
        if all(supply[p] >= 1 for p in range(height, level)):
            return ""  # already high enough, or the pieces to raise it exist
    where = f"on {ctx.geometry.name(goal.at)} " if goal.at != NO_SQUARE else ""
    return (f"counting pieces: no figure can ever stand {where}on level {level}: the riddle "
            f"brings at most {needs_text(supply)} and no such space stands at set-up")


def _build_rule_out(ctx: RiddleContext, goal: BuildGoal, state: RiddleState,
                    supply: Supply) -> str:
    missing = goal.count - goal.counted(ctx, state)
    if goal.what == "block":
        most = supply[0] + supply[1] + supply[2]
        name = "block"
    else:
        most = supply[3]
        name = "dome"
    if missing <= most:
        return ""
    return (f"counting pieces: {missing} more {goal.what}{'s' if missing != 1 else ''} "
            f"need{'s' if missing == 1 else ''} {missing} {name} piece"
            f"{'s' if missing != 1 else ''}, the riddle brings at most {most}")


def _slots_rule_out(ctx: RiddleContext, goal: SlotsGoal, state: RiddleState,
                    supply: Supply) -> str:
    filled = state.slots[goal.objective]
    board = state.board
    for colour, count in enumerate((goal.silver - filled[0], goal.gold - filled[1])):
        if count <= 0:
            continue
        needs: list[Supply] = []
        for i, spec in enumerate(ctx.coins):
            bit = 1 << spec.square
            if spec.colour != colour or state.collected >> i & 1 or state.sunk & bit:
                continue
            if ctx.removable & bit:
                needs.append((0, 0, 0, 0))  # an effect may lower it: claim nothing
                continue
            if board.domes & bit:
                continue
            height = height_at(board, spec.square)
            levels = [lv for lv in range(height + 1, DOME_LEVEL + 1) if spec.levels >> lv & 1]
            options = [tuple(1 if height <= p < lv else 0 for p in range(4)) for lv in levels]
            usable = [o for o in options if all(o[p] <= supply[p] for p in range(4))]
            if usable:
                needs.append(min(usable, key=sum))  # type: ignore[arg-type]
        name = COLOURS[colour]
        if len(needs) < count:
            return (f"counting pieces: {count} {name} slot{'s' if count != 1 else ''} to "
                    f"fill, but only {len(needs)} {name} coin{'s' if len(needs) != 1 else ''} "
                    f"can ever be collected with at most {needs_text(supply)}")
        for p in range(4):
            least = sum(sorted(n[p] for n in needs)[:count])
            if least > supply[p]:
                return (f"counting pieces: any {count} {name} coin{'s' if count != 1 else ''} "
                        f"need at least {least} {PIECE_NAMES[p]}, the riddle brings at most "
                        f"{supply[p]}")
    return ""


__all__ = ["UNBOUNDED", "needs_text", "piece_supply", "pieces_rule_out", "reward_pieces"]
