"""What makes the measures and the search with powers cheaper (issue 22 §6), pinned to
the plain path over generated riddles with gods and revealed blessings:

- :class:`~generator.systems.riddle.measure_memo.GameMemo`: the parts of one
  objective's measures share each state's successors and estimate. Every measure
  (with the caps that stop a part, and without) is the same as with a pass-through
  memo that asks the game every time.
- :meth:`~generator.systems.riddle.gods.GodPowers.plies` remembers each list of plies
  (the oldest dropped past ``PLIES_KEPT``): on every state of a walk it equals the
  list computed afresh, with a tiny ``PLIES_KEPT`` (lists dropped and recomputed) too.
"""
from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from generator.sim.search import UNREACHABLE
from generator.systems.riddle import gods as gods_module
from generator.systems.riddle import measures as measures_module
from generator.systems.riddle.context import compile_riddle
from generator.systems.riddle.game import RiddleGame
from generator.systems.riddle.measure_memo import GameMemo
from generator.systems.riddle.measures import measure_objective
from generator.systems.riddle.state import RiddleState

from .reference import FUZZ_GODS, random_riddle_text, reference_solve, riddle_of_text
from .reference_gods import ALL_GODS, POWER_BLESSINGS, random_god_riddle_text
from .test_riddle_power_shortcuts import riddle_with_gods
from .test_riddle_solver_bounds import walk


class PassThrough:
    """The obvious memo: asks the game every time."""

    def __init__(self, game: Any) -> None:
        self.game = game

    def successors(self, state: RiddleState) -> Iterator[Any]:
        return iter(self.game.successors(state))

    def estimate_within(self, state: RiddleState, limit: int) -> int:
        return int(self.game.estimate_within(state, limit))

    def estimate(self, state: RiddleState) -> int:
        return int(self.game.estimate(state))

    def turn_lists(self, state: RiddleState) -> dict[int, Any]:
        return {}


def games(seed: int, count: int, powers: bool = True) -> Iterator[tuple[RiddleGame, int]]:
    """(game, par from the breadth-first reference) of generated riddles: with ``powers``,
    riddles with gods, every other one with revealed blessing cards; else plain ones
    (whose estimate stops early under a limit)."""
    rng = random.Random(seed)
    for n in range(count):
        if powers:
            text, players = random_god_riddle_text(rng, blessings=n % 2 == 1)
        else:
            text, players = random_riddle_text(rng)
        riddle = riddle_of_text(text)
        if riddle is None:
            continue
        ctx = compile_riddle(riddle, players)
        for j in range(len(ctx.objectives)):
            game = RiddleGame(ctx, j, gods=ALL_GODS if powers else FUZZ_GODS, powers=powers,
                              blessings=POWER_BLESSINGS if powers else None)
            ref = reference_solve(game, depth=5, states=3_000)
            if ref.turns and not ref.capped:
                yield game, ref.turns


def timeless(game: RiddleGame, par: int, **caps: int) -> dict[str, Any]:
    found = measure_objective(game, par, seed=3, playouts=40, **caps).to_json()
    found.pop("seconds")
    return found


@pytest.mark.parametrize(("seed", "powers"), [(31, True), (32, True), (36, False)])
def test_measures_with_the_memo_are_those_without(seed: int, powers: bool,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Every measure, with caps small enough to stop parts midway and without, is the
    same with :class:`GameMemo` as with a memo that asks the game every time."""
    compared = stopped = 0
    for n, (game, par) in enumerate(games(seed, 30, powers)):
        caps = [{}, {"children": 20 + 37 * (n % 5), "states": 4 + n % 7}]
        for cap in caps:
            memo = timeless(game, par, **cap)
            with monkeypatch.context() as patch:
                patch.setattr(measures_module, "GameMemo", PassThrough)
                plain = timeless(game, par, **cap)
            assert memo == plain, (seed, n, cap)
            compared += 1
            stopped += bool(memo["stopped"])
    assert compared >= 20 and stopped >= 5, (compared, stopped)


def test_the_memo_replays_a_partly_read_sequence() -> None:
    """A reader that stops early leaves the rest to the next one: every reader sees the
    game's whole sequence, generated once."""
    class Game:
        calls = 0

        def successors(self, state: int) -> Iterator[tuple[Any, int]]:
            Game.calls += 1
            yield from ((i, state * 10 + i) for i in range(5))

    memo = GameMemo(Game())
    first = memo.successors(1)
    assert [next(first), next(first)] == [(0, 10), (1, 11)]
    nested = list(memo.successors(1))  # read in full while ``first`` is midway
    assert nested == [(i, 10 + i) for i in range(5)]
    assert list(first) == [(2, 12), (3, 13), (4, 14)]
    assert list(memo.successors(1)) == nested and Game.calls == 1


@pytest.mark.parametrize(("seed", "powers"), [(33, True), (37, False)])
def test_memo_estimates_answer_as_the_game(seed: int, powers: bool) -> None:
    """On the states of a walk, asked under every limit in any order, the memo's
    estimate is the game's when it is at most the limit, and above the limit when
    the game's is."""
    rng = random.Random(seed)
    checked = 0
    for game, _ in games(seed, 12, powers):
        memo = GameMemo(game)
        for state in walk(game, 40):
            for limit in rng.sample([0, 1, 2, 3, 5, 8, UNREACHABLE], 7):
                got, want = memo.estimate_within(state, limit), game.estimate_within(state, limit)
                assert (got <= limit) == (want <= limit)
                if want <= limit:
                    assert got == want
                checked += 1
            assert memo.estimate(state) == game.estimate(state)
    assert checked >= 500


@pytest.mark.parametrize(("seed", "kept"), [(34, gods_module.PLIES_KEPT), (35, 50)])
def test_remembered_plies_are_the_plies(seed: int, kept: int,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """On every state of a walk with a god held (Hermes, Apollo, Minotaur, Artemis, Pan,
    Athena, Demeter in the queues), asked twice in a shuffled order: the remembered
    list equals the list computed afresh, and is a new list each time."""
    monkeypatch.setattr(gods_module, "PLIES_KEPT", kept)
    rng = random.Random(seed)
    compared = riddles = 0
    for _ in range(200):
        if compared >= 400:
            break
        text, players = riddle_with_gods(rng, ("hermes", "apollo", "minotaur", "artemis",
                                               "pan", "athena", "demeter"))
        riddle = riddle_of_text(text)
        if riddle is None:
            continue
        ctx = compile_riddle(riddle, players)
        game = RiddleGame(ctx, 0, gods=ALL_GODS, powers=True)
        riddles += 1
        held = [s for s in walk(game, 60) if s.extra.cards]  # type: ignore[attr-defined]
        for state in held + rng.sample(held, len(held)):
            seat, movers, _ = game.movers(state)
            book = state.extra
            gods = tuple(c.god for c in book.cards if c.seat == seat)  # type: ignore[attr-defined]
            no_up = book.athena >= 0 and book.athena != seat  # type: ignore[attr-defined]
            fresh = game.powers.list_plies(state, gods, no_up, movers)
            got = game.powers.plies(state, seat, movers)
            assert got == fresh, text
            got.clear()  # a caller's list is its own
            assert game.powers.plies(state, seat, movers) == fresh
            compared += 1
    assert compared >= 100, (compared, riddles)


def test_an_estimate_above_a_small_limit_is_asked_again_under_a_larger_one() -> None:
    """A game whose estimate under a limit says only "above it" (limit + 1): the memo
    answers a larger limit with the exact estimate, never with that placeholder."""
    class Game:
        truth = {0: 0, 1: 2, 2: 5, 3: UNREACHABLE}

        def estimate_within(self, state: int, limit: int) -> int:
            value = self.truth[state]
            return value if value <= limit else limit + 1

        def estimate(self, state: int) -> int:
            return self.estimate_within(state, UNREACHABLE)

    rng = random.Random(38)
    for _ in range(50):
        game, memo = Game(), GameMemo(Game())
        for _ in range(20):
            state, limit = rng.randrange(4), rng.choice([0, 1, 3, 4, 6, UNREACHABLE])
            got, want = memo.estimate_within(state, limit), game.estimate_within(state, limit)
            assert (got <= limit) == (want <= limit) and (want > limit or got == want)
            assert got <= game.truth[state]  # admissible
