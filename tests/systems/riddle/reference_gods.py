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
from generator.systems.riddle.blessings import BLESSINGS
from generator.systems.riddle.model import BlessingCard, GodCard
from generator.systems.riddle.solver import (
    FIRSTS_WITHOUT_POWERS,
    NOT_RULED_OUT,
    RiddleGame,
    solve_objective,
)
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
        ("pan", Stockpile(1, 0, 0, 0), "pan-leap-down"),
        ("prometheus", Stockpile(1, 0, 0, 0), "prometheus-early-build"),
    )
}
"""God cards with the powers the solver plays (pieces kept small: the search stays small)."""

POWER_BLESSINGS = {
    effect: BlessingCard(effect, number, "A blessing.", effect, effect.replace("-", " ").title())
    for number, effect in enumerate(sorted(BLESSINGS), start=1)
}
"""A blessing card for every effect of the registry (its id is its effect)."""

POWER_CASES = {"searched": 0, "found": 0, "not ruled out": 0}
"""Objectives with powers in play, and those a power makes solvable or shorter."""

STATES = 6_000
"""States a reference search may generate before the case is skipped as too big."""


def random_god_riddle_text(rng: random.Random, blessings: bool = False) -> tuple[str, int]:
    """A generated riddle with one or two powered gods in its opening queue, or
    blessing cards revealed in it, or both (three cards at most)."""
    text, players = random_riddle_text(rng)
    text = re.sub(r"^gods: .*\n", "", text, flags=re.MULTILINE)
    queue = rng.sample(sorted(POWER_GODS), rng.randint(0 if blessings else 1, 2))
    revealed = rng.sample(sorted(POWER_BLESSINGS), rng.randint(1, 3 - len(queue))) \
        if blessings and (not queue or rng.random() < 0.5) else []
    parts = [f"deck: [{', '.join(queue)}]", f"queue: [{', '.join(queue)}]"]
    if revealed:
        parts.append(f"revealed: [{', '.join(revealed)}]")
    line = f"gods: {{{', '.join(parts)}}}\n"
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
    """Solver against breadth-first search with the god powers and revealed blessings in
    play: the solver's answer is the shortest line with them (issue 13 §3), so the
    truth is the BFS of the game with powers; the game without them is searched
    too, for its own estimates and to count the objectives a power shortens."""
    out = Outcome()
    riddle = riddle_of_text(text)
    if riddle is None:
        out.skipped += 1
        return out
    ctx = compile_riddle(riddle, players)
    for j, objective in enumerate(ctx.objectives):
        where = f"objective {objective.tier} ({players} players)"
        plain = RiddleGame(ctx, j, gods=POWER_GODS, blessings=POWER_BLESSINGS)
        ref = reference_solve(plain, states=STATES)
        if ref.capped:
            out.skipped += 1
            continue
        _estimates(plain, ref, where, out)
        truth = ref
        game = RiddleGame(ctx, j, gods=POWER_GODS, blessings=POWER_BLESSINGS, powers=True)
        if game.powers.active or game.blessings.active:
            truth = reference_solve(game, states=STATES)
            if truth.capped:
                out.skipped += 1
                continue
            _estimates(game, truth, where + " with powers", out)
            POWER_CASES["searched"] += 1
            POWER_CASES["found"] += truth.turns is not None and (
                ref.turns is None or truth.turns < ref.turns)
        out.decided += 1
        result = solve_objective(ctx, j, gods=POWER_GODS, blessings=POWER_BLESSINGS,
                                 budget=budget, horizon=None if truth.finished else DEPTH,
                                 seconds=None, shortest_with_powers=True)
        if NOT_RULED_OUT in result.reason:
            # The search for a shorter line with powers stopped at its small budget:
            # the line without powers is reported as such; it must not beat the truth.
            POWER_CASES["not ruled out"] += 1
            if truth.turns is not None and result.turns is not None \
                    and result.turns < truth.turns:
                out.disagreements.append(f"{where}: solver {result.turns} turns, "
                                         f"reference {truth.turns}")
            continue
        if FIRSTS_WITHOUT_POWERS in result.reason and ref.turns == truth.turns:
            truth = ref  # first moves counted in the game without powers (said so)
        judge(where, result, truth, out)
    return out


def fuzz_powers(seed: int, count: int, *, blessings: bool = False) -> tuple[Outcome, list[str]]:
    """Compare ``count`` generated riddles with gods (and with ``blessings``, revealed
    blessing cards) from ``seed``."""
    rng = random.Random(seed)
    total = Outcome()
    bad: list[str] = []
    for _ in range(count):
        text, players = random_god_riddle_text(rng, blessings)
        one = compare_powers(text, players)
        total.decided += one.decided
        total.skipped += one.skipped
        total.checked_states += one.checked_states
        if one.disagreements:
            total.disagreements.extend(one.disagreements)
            bad.append(f"# players {players}: {'; '.join(one.disagreements)}\n{text}")
    return total, bad
