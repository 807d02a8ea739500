"""The slow reference for riddles with god powers (issue 13 §3).

Generated riddles (:func:`~.reference.random_riddle_text`) get an opening queue
of real gods whose powers the solver plays. The reference is plain breadth-first
search (:func:`~.reference.reference_solve`) over the game's turns: first without
powers, and when no line exists, with the powers in play, which is the solver's
contract (a line without powers is a sound proof; "unsolvable" means not even
with the powers). On every state either search visits, the A* estimate of that
game must not exceed the exact turns left.
"""
from __future__ import annotations

import random
import re

from generator.engine.state import Stockpile
from generator.systems.riddle.context import compile_riddle
from generator.systems.riddle.model import GodCard
from generator.systems.riddle.solver import RiddleGame, solve_objective
from tests.systems.riddle.reference import (
    DEPTH,
    Outcome,
    Reference,
    judge,
    random_riddle_text,
    reference_solve,
    riddle_of_text,
)

POWER_GODS = {
    name: GodCard(name, name.title(), "builder", pieces, power, "A power.")
    for name, pieces, power in (
        ("apollo", Stockpile(0, 1, 0, 0), "apollo-trade-places"),
        ("artemis", Stockpile(1, 0, 0, 0), "artemis-second-step"),
        ("athena", Stockpile(0, 0, 0, 1), "athena-hold-the-heights"),
        ("atlas", Stockpile(0, 0, 0, 1), "atlas-dome-anywhere"),
        ("demeter", Stockpile(2, 0, 0, 0), "demeter-second-build"),
        ("hephaestus", Stockpile(0, 1, 0, 0), "hephaestus-stack-twice"),
        ("hermes", Stockpile(1, 0, 0, 0), "hermes-level-stride"),
        ("minotaur", Stockpile(0, 0, 1, 0), "minotaur-shove"),
        ("prometheus", Stockpile(1, 0, 0, 0), "prometheus-early-build"),
    )
}
"""God cards with the powers the solver plays (pieces kept small: the search stays small)."""

POWER_CASES = {"searched": 0, "found": 0}
"""Objectives whose reference needed the search with powers, and those it solved there."""

STATES = 6_000
"""States a reference search may generate before the case is skipped as too big."""


def random_god_riddle_text(rng: random.Random) -> tuple[str, int]:
    """A generated riddle with one or two powered gods in its opening queue."""
    text, players = random_riddle_text(rng)
    text = re.sub(r"^gods: .*\n", "", text, flags=re.MULTILINE)
    queue = rng.sample(sorted(POWER_GODS), rng.randint(1, 2))
    line = f"gods: {{deck: [{', '.join(queue)}], queue: [{', '.join(queue)}]}}\n"
    return text.replace("objectives:\n", line + "objectives:\n", 1), players


def _estimates(game: RiddleGame, ref: Reference, where: str, out: Outcome) -> None:
    for state, left in ref.exact.items():
        out.checked_states += 1
        estimate = game.estimate(state)
        if estimate > left:
            out.disagreements.append(f"{where}: estimate {estimate} > {left} turns left at "
                                     f"turn {state.turn}")
            return


def compare_powers(text: str, players: int, *, budget: int = 50_000) -> Outcome:
    """Solver against breadth-first search, without and then with god powers."""
    out = Outcome()
    riddle = riddle_of_text(text)
    if riddle is None:
        out.skipped += 1
        return out
    ctx = compile_riddle(riddle, players)
    for j, objective in enumerate(ctx.objectives):
        where = f"objective {objective.tier} ({players} players)"
        plain = RiddleGame(ctx, j, gods=POWER_GODS)
        ref = reference_solve(plain, states=STATES)
        if ref.capped:
            out.skipped += 1
            continue
        _estimates(plain, ref, where, out)
        powered = ref
        if ref.turns is None and ref.finished:
            game = RiddleGame(ctx, j, gods=POWER_GODS, powers=True)
            powered = reference_solve(game, states=STATES)
            if powered.capped:
                out.skipped += 1
                continue
            _estimates(game, powered, where + " with powers", out)
            POWER_CASES["searched"] += 1
            POWER_CASES["found"] += powered.turns is not None
        out.decided += 1
        result = solve_objective(ctx, j, gods=POWER_GODS, budget=budget,
                                 horizon=None if powered.finished else DEPTH, seconds=None)
        judge(where, result, powered, out)
    return out


def fuzz_powers(seed: int, count: int) -> tuple[Outcome, list[str]]:
    """Compare ``count`` generated riddles with gods from ``seed``."""
    rng = random.Random(seed)
    total = Outcome()
    bad: list[str] = []
    for _ in range(count):
        text, players = random_god_riddle_text(rng)
        one = compare_powers(text, players)
        total.decided += one.decided
        total.skipped += one.skipped
        total.checked_states += one.checked_states
        if one.disagreements:
            total.disagreements.extend(one.disagreements)
            bad.append(f"# players {players}: {'; '.join(one.disagreements)}\n{text}")
    return total, bad
