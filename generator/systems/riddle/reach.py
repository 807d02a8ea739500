"""Objectives no line can ever reach, shown on a relaxed game before any search (issue 22 §5).

A riddle with a mistake in it must be reported unsolvable, not unproven, and the
A* proof can only say so by exhausting every position: on generated riddles
without a turn limit it stops at its caps where breadth-first search needs
minutes. :func:`reach_rule_out` looks at what the riddle can *ever* do, with the
positions of the workers forgotten, and asks whether the objective is out of
that reach. Two over-approximations make up the relaxed game (:class:`Reach`):

- **pieces, kind by kind**: the stockpile, the opening queue's cards, one piece
  of any kind per queued god (its quest reward, default or custom) and per
  revealed blessing card (a gain, an exchange or a reclaimed top), the other
  objectives' rewards; a kind some source brings without end (a
  ``stockpile-add`` effect, the die's rewards, a ``remove-top`` to the
  stockpile, which recycles every kind) counts as unbounded. Unlike
  :func:`.pieces.piece_supply`, one unbounded kind does not hide the others.
- **spaces, space by space**: the highest level (4 = the dome) a space can
  show when a piece is built on it or a goal is judged. Nothing is ever built
  under the King or the Sphinx when nothing can move them (no
  ``step-toward-closest-worker`` effect names them), so their spaces keep their
  set-up height; a space whose top piece a ``remove-top`` effect takes at the
  end of every turn, and which gets at most one build a turn, never starts a
  turn higher than at set-up, so it shows at most one level more.

The goals then ask the relaxed game: ``stand`` needs a space high enough with
the pieces to raise it; ``build`` the room and the pieces for the missing
blocks, domes or complete towers (each tower one piece of every level it lacks,
the fewest needs first); ``slots`` as many coins of each colour as slots, each
with a level it shows within its space's reach and the pieces to build it.
``all_of`` is out of reach when one goal is, ``any_of`` when all are; the
Sphinx's game and the other goals are never ruled out (the chance search and
the goals' own bounds decide them).

God powers and revealed blessing cards. When some are in play (the solver may
search with them) the pieces argument still holds: cards, quests and blessings
are counted as above, builds of every power take pieces, and an Atlas dome on
level 0-2 counts as a dome for coins and ``build`` (one dome piece). What does
not hold is the spaces argument: Minotaur, Apollo and ``nudge-figure`` move the
figures, Prometheus, Hephaestus and the blessings build twice on a space, and
``skip-effects`` skips the removal; so with any power or revealed card in play,
every space reaches every level and any top may be removed (``reclaim-top``),
and Pan's leap (level 3 for the goals) keeps ``stand`` on level 3 in reach.
An unknown god in the queue (its pieces unknown) makes the argument silent.

The answer is a reason or ``""``; it is never wrong, only sometimes silent
(``tests/systems/riddle/test_riddle_reach.py`` pins it to breadth-first search).

>>> needs_text((0, UNBOUNDED, 1, 0))
'any level2, 1 level3'
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from generator.engine.geometry import NO_SQUARE, Bitboard, Square
from generator.engine.state import PIECE_NAMES, height_at
from generator.systems.riddle.blessing_turns import revealed_cards
from generator.systems.riddle.box import BlessingCard, Die, GodCard
from generator.systems.riddle.context import RiddleContext
from generator.systems.riddle.effects.remove_top import RemoveTopEffect
from generator.systems.riddle.effects.step_toward_closest_worker import (
    StepTowardClosestWorkerEffect,
)
from generator.systems.riddle.effects.stockpile_add import StockpileAddEffect
from generator.systems.riddle.goals.all_of import AllOfGoal
from generator.systems.riddle.goals.any_of import AnyOfGoal
from generator.systems.riddle.goals.build import BuildGoal
from generator.systems.riddle.goals.slots import SlotsGoal
from generator.systems.riddle.goals.stand import StandGoal
from generator.systems.riddle.gods import engine_god
from generator.systems.riddle.pieces import UNBOUNDED, needs_text, reward_pieces
from generator.systems.riddle.state import COLOURS, DOME_LEVEL, RiddleState
from generator.systems.riddle.vocab import Goal

BUILDS_ON_A_SPACE = 1
"""Builds one turn without powers puts on one space (RULES 1: one move, one build)."""
PAN_LEVEL = 3
"""The level Pan's leap counts as for the ``stand`` goal (:mod:`.gods`)."""

Pieces = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class Reach:
    """The relaxed game of one objective: what any line can ever bring or build."""

    supply: Pieces  # the most of each piece kind ever available (UNBOUNDED: no end)
    top: tuple[int, ...]  # per square: the highest level (4 = dome) it can ever show
    frozen: Bitboard  # spaces nothing is ever built on (an immovable figure stands there)
    removable: Bitboard  # spaces whose top piece may be taken off (so lower levels return)
    atlas: bool  # an Atlas dome (level 0-2) may be built: a dome needs one dome piece
    pan: bool  # Pan's leap may count as standing on level 3
    figures_move: bool  # the King and the Sphinx may leave their spaces


def relaxed_reach(ctx: RiddleContext, target: int, *,
                  gods: Mapping[str, GodCard] | None = None, die: Die | None = None,
                  blessings: Mapping[str, BlessingCard] | None = None) -> Reach | None:
    """The relaxed game of objective ``target`` (module docs), or None when the
    opening queue names a god whose card is unknown."""
    known = gods or {}
    queue = ctx.riddle.gods.queue
    if any(g not in known for g in queue):
        return None
    board = ctx.start.board
    figures = board.king != NO_SQUARE or board.sphinx != NO_SQUARE
    played = {engine_god(known[g], figures=figures) for g in queue} - {None}
    revealed = ctx.riddle.gods.revealed
    cards, _ = revealed_cards(revealed, blessings)
    powered = bool(played) or bool(revealed)
    total = list(ctx.start.stock)
    for g in queue:
        for p in range(4):  # the card's pieces, and its quest's one piece of any kind
            total[p] += known[g].pieces[p] + 1
    for p in range(4):
        total[p] += len(revealed)  # a blessing brings at most one piece, once
    for j, objective in enumerate(ctx.objectives):
        if j != target:
            for p, n in enumerate(reward_pieces(objective.reward)):
                total[p] += n
    unbounded = [False] * 4
    for effect in ctx.effects:
        if isinstance(effect, StockpileAddEffect):
            unbounded[effect.piece] = True
        if isinstance(effect, RemoveTopEffect) and effect.to == "stockpile":
            unbounded = [True] * 4  # every kind built there comes back, again and again
    if die is not None:
        for face in die.faces:
            for p, n in enumerate(reward_pieces(face.reward)):
                unbounded[p] = unbounded[p] or n > 0
    supply = tuple(UNBOUNDED if unbounded[p] else min(total[p], UNBOUNDED) for p in range(4))
    geometry = ctx.geometry
    land = geometry.land
    removable = ctx.removable | (land if cards or revealed else 0)
    top = [4 if land >> sq & 1 else -1 for sq in range(geometry.size)]
    frozen = 0
    walking = {e.figure for e in ctx.effects if isinstance(e, StepTowardClosestWorkerEffect)}
    if not powered:
        for effect in ctx.effects:
            if isinstance(effect, RemoveTopEffect):
                top[effect.at] = min(top[effect.at],
                                     _level(ctx.start, effect.at) + BUILDS_ON_A_SPACE)
        for name, sq in (("king", board.king), ("sphinx", board.sphinx)):
            if sq != NO_SQUARE and name not in walking:
                frozen |= 1 << sq
                top[sq] = min(top[sq], _level(ctx.start, sq))
    figures_move = powered or bool(walking)
    return Reach((supply[0], supply[1], supply[2], supply[3]), tuple(top), frozen, removable,
                 "atlas" in played, "pan" in played, figures_move)


def _level(state: RiddleState, sq: Square) -> int:
    """The level a space shows: its blocks, or 4 when domed."""
    board = state.board
    return DOME_LEVEL if board.domes >> sq & 1 else height_at(board, sq)


def reach_rule_out(ctx: RiddleContext, target: int, *,
                   gods: Mapping[str, GodCard] | None = None, die: Die | None = None,
                   blessings: Mapping[str, BlessingCard] | None = None) -> str:
    """Why objective ``target`` is out of the relaxed game's reach, or ``""``.

    Sound with the opening queue's god powers and the revealed blessing cards in
    play (module docs); the Sphinx's game is never ruled out."""
    reach = relaxed_reach(ctx, target, gods=gods, die=die, blessings=blessings)
    if reach is None:
        return ""
    reason = goal_rule_out(ctx, reach, ctx.objectives[target].goal, ctx.start)
    return f"out of reach: {reason}" if reason else ""


def goal_rule_out(ctx: RiddleContext, reach: Reach, goal: Goal, state: RiddleState) -> str:
    """Why ``goal`` can never hold in ``reach`` from ``state``, or ``""``."""
    if goal.is_met(ctx, state):
        return ""
    if isinstance(goal, AllOfGoal):
        for child in goal.goals:
            reason = goal_rule_out(ctx, reach, child, state)
            if reason:
                return reason
        return ""
    if isinstance(goal, AnyOfGoal):
        reasons = [goal_rule_out(ctx, reach, child, state) for child in goal.goals]
        return "; ".join(reasons) if all(reasons) else ""
    if isinstance(goal, StandGoal):
        return _stand(ctx, reach, goal, state)
    if isinstance(goal, BuildGoal):
        return _build(ctx, reach, goal, state)
    if isinstance(goal, SlotsGoal):
        return _slots(ctx, reach, goal, state)
    return ""


def _raise(reach: Reach, height: int, level: int) -> bool:
    """Whether the supply holds one piece of each kind from ``height`` up to ``level``."""
    return all(reach.supply[p] >= 1 for p in range(height, level))


def _stand(ctx: RiddleContext, reach: Reach, goal: StandGoal, state: RiddleState) -> str:
    level = goal.level
    if level <= 0 or (reach.pan and level <= PAN_LEVEL and goal.figure in ("worker", "any")):
        return ""
    board = state.board
    spaces: list[Square] = []
    if goal.figure in ("worker", "any"):
        spaces.extend(sq for sq in ctx.geometry.squares if not reach.frozen >> sq & 1)
    for name, sq in (("king", board.king), ("sphinx", board.sphinx)):
        if goal.figure in (name, "any") and sq != NO_SQUARE:
            if reach.figures_move:
                spaces.extend(ctx.geometry.squares)
            else:
                spaces.append(sq)
    for sq in sorted(set(spaces)):
        if goal.at != NO_SQUARE and sq != goal.at:
            continue
        if state.sunk >> sq & 1 or (board.domes >> sq & 1 and not reach.removable >> sq & 1):
            continue
        height = height_at(board, sq)
        if height >= level or (min(reach.top[sq], 3) >= level and not reach.frozen >> sq & 1
                               and _raise(reach, height, level)):
            return ""
    where = f"on {ctx.geometry.name(goal.at)} " if goal.at != NO_SQUARE else ""
    return (f"no {goal.figure} can ever stand {where}on level {level}: no space it can reach "
            f"stands that high or can be raised with at most {needs_text(reach.supply)}")


def _build(ctx: RiddleContext, reach: Reach, goal: BuildGoal, state: RiddleState) -> str:
    board = state.board
    area = goal._area(ctx, state)
    missing = goal.count - goal.counted(ctx, state)
    spaces = [sq for sq in ctx.geometry.squares if area >> sq & 1
              and not reach.frozen >> sq & 1]
    supply = reach.supply
    if goal.what == "block":
        room = sum(max(0, min(reach.top[sq], 3) - height_at(board, sq)) for sq in spaces
                   if not board.domes >> sq & 1 or reach.removable >> sq & 1)
        most = min(room, supply[0] + supply[1] + supply[2])
        if missing > most:
            return (f"{missing} more blocks are needed, at most {most} can ever be built "
                    f"there (pieces: {needs_text(supply)})")
        return ""
    needs: list[Pieces] = []
    for sq in spaces:
        bit = 1 << sq
        if board.domes & bit and not reach.removable & bit or reach.top[sq] < DOME_LEVEL:
            continue
        height = height_at(board, sq)
        if goal.what == "dome":
            if board.domes & bit:
                continue  # counted already; taking it off and back adds nothing
            if reach.atlas:  # an Atlas dome stands on any level
                needs.append((0, 0, 0, 1))
                continue
        elif board.domes & bit and board.l3 & bit:
            continue  # a tower already, counted
        needs.append((int(height <= 0), int(height <= 1), int(height <= 2), 1))
    return _choose(needs, missing, supply, f"{missing} more {goal.what}s")


def _choose(needs: list[Pieces], count: int, supply: Pieces, what: str) -> str:
    """Why no ``count`` of ``needs`` (one each) fit in ``supply``, or ``""``: there must
    be ``count`` of them, and of each kind the ``count`` smallest needs must fit."""
    if len(needs) < count:
        return f"{what} are needed, only {len(needs)} can ever be made"
    for p in range(4):
        least = sum(sorted(n[p] for n in needs)[:count])
        if least > supply[p]:
            return (f"{what} need at least {least} {PIECE_NAMES[p]}, the riddle brings at "
                    f"most {supply[p]}")
    return ""


def _slots(ctx: RiddleContext, reach: Reach, goal: SlotsGoal, state: RiddleState) -> str:
    filled = state.slots[goal.objective]
    board = state.board
    for colour, count in enumerate((goal.silver - filled[0], goal.gold - filled[1])):
        if count <= 0:
            continue
        needs: list[Pieces] = []
        for i, spec in enumerate(ctx.coins):
            bit = 1 << spec.square
            if spec.colour != colour or state.collected >> i & 1 or state.sunk & bit \
                    or reach.frozen & bit:
                continue
            height = height_at(board, spec.square)
            lowered = bool(reach.removable & bit)
            if board.domes & bit and not lowered:
                continue
            options: list[Pieces] = []
            for lv in range(1, DOME_LEVEL + 1):
                if not spec.levels >> lv & 1 or lv > reach.top[spec.square]:
                    continue
                if lv == DOME_LEVEL and reach.atlas:
                    options.append((0, 0, 0, 1))
                elif lowered:  # the space may be lower then: only its last piece is sure
                    options.append(tuple(int(p == lv - 1) for p in range(4)))  # type: ignore[arg-type]
                elif lv > height:
                    options.append(tuple(int(height <= p < lv) for p in range(4)))  # type: ignore[arg-type]
            usable = [o for o in options if all(o[p] <= reach.supply[p] for p in range(4))]
            if usable:  # of each kind, the least any usable level needs (options differ)
                needs.append((min(o[0] for o in usable), min(o[1] for o in usable),
                              min(o[2] for o in usable), min(o[3] for o in usable)))
        name = COLOURS[colour]
        reason = _choose(needs, count, reach.supply, f"{count} {name} coins")
        if reason:
            return reason
    return ""


__all__ = ["PAN_LEVEL", "Reach", "UNBOUNDED", "goal_rule_out", "needs_text", "reach_rule_out",
           "relaxed_reach"]
