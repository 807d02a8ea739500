"""The slow reference for riddles with god powers (issue 13 §3, issue 22 §5).

Generated riddles (:func:`~.reference.random_riddle_text`) get an opening queue
of real gods whose powers the solver plays, and revealed blessing cards. The
reference is plain breadth-first search (:func:`~.reference.reference_solve`)
over the game's turns twice: in the game as played (the queue's powers and the
revealed cards in play: the truth) and in the game without them. The solver's
default contract (``SHORTEST_WITH_POWERS``, issue 22 §1), judged by
:func:`judge_powers`:

- ``powers_searched`` true: its verdict and turns are the truth's; its optimal
  first moves too, or the game without powers' when it says it counted them
  there (:data:`~generator.systems.riddle.solver.FIRSTS_WITHOUT_POWERS`, only
  when both games have the same shortest turns);
- ``powers_searched`` false (a capped search with powers stopped): solved means
  the shortest line without powers (turns and first moves of that game), never
  shorter than the truth; unproven means no line without powers at all.

On every state either search visits, the A* estimate of that game must not
exceed the exact turns left.
"""
from __future__ import annotations

import itertools
import random
import re
from dataclasses import dataclass

from generator.engine.state import State, Stockpile
from generator.systems.riddle.context import compile_riddle
from generator.systems.riddle.blessings import BLESSINGS
from generator.systems.riddle.box import BlessingCard, GodCard
from generator.systems.riddle.quests import Quest
from generator.systems.riddle.results import ObjectiveResult
from generator.systems.riddle.solver import (
    FIRSTS_WITHOUT_POWERS,
    NOT_RULED_OUT,
    SOLVED,
    UNPROVEN,
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

QUEST_GODS = {
    f"{name}-quest": GodCard(f"{name}-quest", f"{name.title()} Quest", "builder",
                             POWER_GODS[name].pieces, POWER_GODS[name].power, "A power.",
                             quest_text="A quest.", quest_id=quest.id, quest=quest)
    for name, quest in (
        ("athena", Quest("stand-above", reward="level3")),
        ("hephaestus", Quest("raise-to", 2, "level2")),
        ("minotaur", Quest("shove-off-tower", reward="dome")),
        ("demeter", Quest("raise-to", 2, "any")),
        ("apollo", Quest("stand-above", reward="any")),
    )
}
"""The shipped custom quests (and two more pairings) on the same powers: a generated
queue takes a god in this form half the time it draws its power."""

ALL_GODS = {**POWER_GODS, **QUEST_GODS}


def _slow_heights(board: State) -> dict[int, int]:
    """Blocks per square, square by square (no bitboard arithmetic)."""
    out: dict[int, int] = {}
    for sq in range(max(board.l1.bit_length(), 1)):
        out[sq] = sum(1 for layer in (board.l1, board.l2, board.l3) if layer >> sq & 1)
    return out


def slow_quest_earned(quest_id: str, level: int, before: State, after: State,
                      mine: int) -> bool:
    """The quests of :mod:`generator.systems.riddle.quests`, written out the slow way."""
    was, now = _slow_heights(before), _slow_heights(after)
    if quest_id == "stand-above":
        figures = [(("worker", i), now.get(sq, 0)) for i, sq in enumerate(after.workers)
                   if sq >= 0]
        figures += [((name, 0), now.get(sq, 0)) for name, sq in
                    (("king", after.king), ("sphinx", after.sphinx)) if sq >= 0]
        own = [f for f in figures if f[0][0] == "worker" and mine >> f[0][1] & 1]
        for a, b in itertools.combinations(own, 2):
            if all(h < min(a[1], b[1]) for f, h in figures if f not in (a[0], b[0])):
                return True
        return False
    if quest_id == "raise-to":
        return any(was.get(sq, 0) == 0 and not before.domes >> sq & 1 and h >= level
                   for sq, h in now.items())
    if quest_id == "shove-off-tower":
        return any(old >= 0 and old != new and was.get(old, 0) > 0
                   for old, new in ((before.king, after.king), (before.sphinx, after.sphinx)))
    return False


@dataclass(frozen=True)
class SlowQuest:
    """A :class:`~generator.systems.riddle.quests.Quest` judged by :func:`slow_quest_earned`."""

    quest: Quest

    @property
    def custom(self) -> bool:
        return self.quest.custom

    @property
    def reward(self) -> str:
        return self.quest.reward

    def earned(self, before: State, after: State, mine: int) -> bool:
        return slow_quest_earned(self.quest.id, self.quest.level, before, after, mine)


def slow_quests(game: RiddleGame) -> RiddleGame:
    """``game`` judging its custom quests the slow way (the reference's side)."""
    game.powers.quests = tuple(SlowQuest(q) for q in game.powers.quests)  # type: ignore[misc]
    return game

POWER_BLESSINGS = {
    effect: BlessingCard(effect, number, "A blessing.", effect, effect.replace("-", " ").title())
    for number, effect in enumerate(sorted(BLESSINGS), start=1)
}
"""A blessing card for every effect of the registry (its id is its effect)."""

POWER_CASES = {"searched": 0, "found": 0, "not ruled out": 0, "custom quests": 0,
               "quest earned": 0}
"""Objectives with powers in play, those a power makes solvable or shorter, those
searched with a custom-quest god in the opening queue, and those whose reference
search reached a state where a custom quest was earned."""

STATES = 6_000
"""States a reference search may generate before the case is skipped as too big."""


def random_god_riddle_text(rng: random.Random, blessings: bool = False) -> tuple[str, int]:
    """A generated riddle with one or two powered gods in its opening queue, or
    blessing cards revealed in it, or both (three cards at most)."""
    text, players = random_riddle_text(rng)
    text = re.sub(r"^gods: .*\n", "", text, flags=re.MULTILINE)
    queue = rng.sample(sorted(POWER_GODS), rng.randint(0 if blessings else 1, 2))
    queue = [f"{g}-quest" if f"{g}-quest" in QUEST_GODS and rng.random() < 0.5 else g
             for g in queue]
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
            out.disagree("estimate", f"{where}: estimate {estimate} > {left} turns left at "
                         f"turn {state.turn}")
            return


def judge_powers(where: str, result: ObjectiveResult, plain: Reference, truth: Reference,
                 out: Outcome) -> None:
    """Add to ``out`` what ``result`` (the solver's default, powers searched) gets wrong
    against the breadth-first searches of the game without powers (``plain``) and of
    the game as played (``truth``; ``plain`` itself when no power is in play)."""
    if not result.powers_searched:
        # The search with powers stopped at its cap on generated states (or its CPU
        # seconds): the answer is the game without powers', and says so.
        POWER_CASES["not ruled out"] += 1
        if result.status == SOLVED:
            if NOT_RULED_OUT not in result.reason:
                out.disagree("not searched", f"{where}: solved without powers searched, "
                             f"reason does not say so ({result.reason})")
            if truth.turns is not None and result.turns is not None \
                    and result.turns < truth.turns:
                out.disagree("turns", f"{where}: solver {result.turns} turns, reference "
                             f"with powers {truth.turns}")
            judge(where + " without powers", result, plain, out)
        elif result.status == UNPROVEN:
            if plain.turns is not None:
                out.disagree("not searched", f"{where}: unproven with powers, but a line "
                             f"of {plain.turns} turns needs none ({result.reason})")
        else:
            out.disagree("not searched", f"{where}: {result.status} without powers "
                         f"searched ({result.reason})")
        return
    if FIRSTS_WITHOUT_POWERS in result.reason:
        if plain.turns != truth.turns:
            out.disagree("turns", f"{where}: first moves counted without powers, but the "
                         f"shortest line takes {plain.turns} turns without them and "
                         f"{truth.turns} with them")
        truth = Reference(truth.turns, truth.finished, truth.capped, truth.exact,
                          plain.first_moves)
    judge(where, result, truth, out)


def compare_powers(text: str, players: int, *, budget: int = 50_000) -> Outcome:
    """Solver against breadth-first search with the god powers and revealed blessings in
    play (:func:`judge_powers`): the solver runs with its defaults, so its answer is
    the shortest line with them; the game without them is searched too, for its own
    estimates, the answers without powers searched and to count the objectives a
    power shortens."""
    out = Outcome()
    riddle = riddle_of_text(text)
    if riddle is None:
        out.skipped += 1
        return out
    ctx = compile_riddle(riddle, players)
    for j, objective in enumerate(ctx.objectives):
        where = f"objective {objective.tier} ({players} players)"
        plain = RiddleGame(ctx, j, gods=ALL_GODS, blessings=POWER_BLESSINGS)
        ref = reference_solve(plain, states=STATES)
        if ref.capped:
            out.skipped += 1
            continue
        _estimates(plain, ref, where, out)
        truth = ref
        game = slow_quests(RiddleGame(ctx, j, gods=ALL_GODS, blessings=POWER_BLESSINGS,
                                      powers=True))
        if game.powers.active or game.blessings.active:
            truth = reference_solve(game, states=STATES)
            if truth.capped:
                out.skipped += 1
                continue
            _estimates(game, truth, where + " with powers", out)
            POWER_CASES["searched"] += 1
            POWER_CASES["custom quests"] += game.powers.custom
            POWER_CASES["quest earned"] += any(
                c.quest_done for s in truth.exact for c in s.extra.cards)  # type: ignore[attr-defined]
            POWER_CASES["found"] += truth.turns is not None and (
                ref.turns is None or truth.turns < ref.turns)
        out.decided += 1
        result = solve_objective(ctx, j, gods=ALL_GODS, blessings=POWER_BLESSINGS,
                                 budget=budget, horizon=None if truth.finished else DEPTH,
                                 seconds=None)
        judge_powers(where, result, ref, truth, out)
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
        for kind, n in one.kinds.items():
            total.kinds[kind] = total.kinds.get(kind, 0) + n
        if one.disagreements:
            total.disagreements.extend(one.disagreements)
            bad.append(f"# players {players}: {'; '.join(one.disagreements)}\n{text}")
    return total, bad
