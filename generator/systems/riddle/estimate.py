"""The goals' part of the A* estimate: for a goal of any kind, its own bound (see
:mod:`.bounds` and each goal module) as :class:`~.game.RiddleGame` asks for it.

:func:`goal_bound` is the plain dispatch on the goal's kind, recursive through
``all_of`` and ``any_of``; :func:`compile_goal_bound` does that dispatch once per
goal and returns one function of a state and a limit, the estimate's hot path
(``tests/systems/riddle/test_riddle_solver_fast_paths.py`` pins the two equal)."""
from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from generator.engine.geometry import NO_SQUARE
from generator.systems.riddle.bounds import Bounds
from generator.systems.riddle.goals.all_of import AllOfGoal, disjoint_builds
from generator.systems.riddle.goals.any_of import AnyOfGoal
from generator.systems.riddle.goals.blessings import BlessingsGoal, blessings_bound
from generator.systems.riddle.goals.build import BuildGoal, build_bound
from generator.systems.riddle.goals.slots import SlotsGoal, slots_bound
from generator.systems.riddle.goals.stand import StandGoal, stand_bound, stand_figure_bound
from generator.systems.riddle.state import RiddleState
from generator.systems.riddle.vocab import UNREACHABLE, Goal

if TYPE_CHECKING:
    from generator.systems.riddle.game import RiddleGame


def may_demand(goal: Goal) -> bool:
    """True when :func:`~.goals.all_of.demand` can name spaces ``goal``'s builds are on."""
    return isinstance(goal, SlotsGoal) or (isinstance(goal, StandGoal) and goal.at != NO_SQUARE
                                           and goal.figure != "any")


def _figure_bound(bounds: Bounds, goal: StandGoal, figure: str, state: RiddleState) -> int:
    return stand_figure_bound(bounds, goal, state, figure)


def _any_figure_bound(bounds: Bounds, goal: StandGoal, state: RiddleState) -> int:
    return min(stand_bound(bounds, goal, state), stand_figure_bound(bounds, goal, state, "king"),
               stand_figure_bound(bounds, goal, state, "sphinx"))


def goal_bound(game: RiddleGame, goal: Goal, state: RiddleState) -> int:
    """An admissible lower bound on the turns before ``goal`` is judged met."""
    kind = type(goal)
    if kind is AllOfGoal:
        need = 0
        for child in goal.goals:  # type: ignore[attr-defined]
            b = goal_bound(game, child, state)
            if b >= UNREACHABLE:
                return UNREACHABLE
            if b > need:
                need = b
        # Builds that must happen on disjoint spaces take turns of their own.
        need = max(need, disjoint_builds(game.bounds, goal.goals, state))  # type: ignore[attr-defined]
        last = goal.deadline()
        if last is not None and state.turn + max(need, 1) > last:
            return UNREACHABLE
        return need
    if kind is AnyOfGoal:
        return min(goal_bound(game, child, state) for child in goal.goals)  # type: ignore[attr-defined]
    if type(goal).CHANCE and not game.chance:
        return 0 if goal.is_met(game.ctx, state) else UNREACHABLE
    if kind is SlotsGoal:
        # Never below the goal's own bound: the same coins, plus walking and pieces.
        if goal.is_met(game.ctx, state):
            return 0
        return max(1, slots_bound(game.bounds, goal, state))  # type: ignore[arg-type]
    base = goal.min_turns(game.ctx, state)
    if base <= 0 or base >= UNREACHABLE:
        return base
    if kind is BuildGoal:
        return max(base, build_bound(game.bounds, goal, state))  # type: ignore[arg-type]
    if kind is BlessingsGoal:
        return max(base, blessings_bound(game.bounds, goal, state))  # type: ignore[arg-type]
    if kind is StandGoal:
        figure = goal.figure  # type: ignore[attr-defined]
        if figure == "worker":
            return max(base, stand_bound(game.bounds, goal, state))  # type: ignore[arg-type]
        if figure in ("king", "sphinx"):
            return max(base, stand_figure_bound(game.bounds, goal, state,  # type: ignore[arg-type]
                                                      figure))
        return max(base, min(stand_bound(game.bounds, goal, state),  # type: ignore[arg-type]
                             stand_figure_bound(game.bounds, goal, state, "king"),  # type: ignore[arg-type]
                             stand_figure_bound(game.bounds, goal, state, "sphinx")))  # type: ignore[arg-type]
    return base

def compile_goal_bound(game: RiddleGame, goal: Goal) -> Callable[[RiddleState, int], int]:
    """:func:`goal_bound` for ``goal`` as one function of a state and a ``limit``, its
    dispatch on the goal's kind done once (the estimate's hot path;
    ``tests/systems/riddle/test_riddle_solver_fast_paths.py`` pins it to
    :func:`goal_bound`). The value is :func:`goal_bound`'s when that is at most ``limit``
    (``UNREACHABLE``: always); otherwise it is some value above ``limit`` and not
    above :func:`goal_bound`'s: a goal's own cheap ``min_turns`` above the limit skips
    its costlier bound, and an ``all_of`` stops at its first goal above it. An
    ``all_of`` with fewer than two goals that can demand builds on known spaces
    skips :func:`disjoint_builds`, which is then 0."""
    ctx, bounds = game.ctx, game.bounds
    kind = type(goal)
    if kind is AllOfGoal or kind is AnyOfGoal:
        goals = goal.goals  # type: ignore[attr-defined]
        parts = tuple(compile_goal_bound(game, child) for child in goals)
        if kind is AnyOfGoal:
            return lambda state, limit: min(part(state, limit) for part in parts)
        last = goal.deadline()
        demanding = sum(1 for child in goals if may_demand(child)) >= 2

        def all_of(state: RiddleState, limit: int) -> int:
            need = 0
            for part in parts:
                b = part(state, limit)
                if b >= UNREACHABLE:
                    return UNREACHABLE
                if b > limit:
                    return b  # the whole takes at least as long as this part
                if b > need:
                    need = b
            if demanding:
                need = max(need, disjoint_builds(bounds, goals, state))
            if last is not None and state.turn + max(need, 1) > last:
                return UNREACHABLE
            return need
        return all_of
    met = goal.is_met
    if kind.CHANCE and not game.chance:
        return lambda state, limit: 0 if met(ctx, state) else UNREACHABLE
    if kind is SlotsGoal:
        return lambda state, limit: 0 if met(ctx, state) else max(1, slots_bound(
            bounds, goal, state))  # type: ignore[arg-type]
    more: Callable[[RiddleState], int] | None = None
    if kind is BuildGoal:
        more = partial(build_bound, bounds, goal)  # type: ignore[arg-type]
    elif kind is BlessingsGoal:
        more = partial(blessings_bound, bounds, goal)  # type: ignore[arg-type]
    elif kind is StandGoal:
        figure = goal.figure  # type: ignore[attr-defined]
        if figure == "worker":
            more = partial(stand_bound, bounds, goal)  # type: ignore[arg-type]
        elif figure in ("king", "sphinx"):
            more = partial(_figure_bound, bounds, goal, figure)  # type: ignore[arg-type]
        else:
            more = partial(_any_figure_bound, bounds, goal)  # type: ignore[arg-type]
    min_turns = goal.min_turns
    if more is None:
        return lambda state, limit: min_turns(ctx, state)
    extra = more

    def leaf(state: RiddleState, limit: int) -> int:
        base = min_turns(ctx, state)
        if base <= 0 or base >= UNREACHABLE or base > limit:
            return base
        claim = extra(state)
        return claim if claim > base else base
    return leaf
