"""The lookahead's compiled expected value (policies/_lookahead_kernel.py) is the Python
one bit for bit: on positions of generated maps under every rule the kernel supports,
compiled and run as plain Python (``py_func``); whole seeded games pick the same
actions compiled, in Python and as the plain reference lookahead
(tests/systems/tower/reference_lookahead.py); rules it does not support stay in Python."""
from __future__ import annotations

import importlib.util
import math
import os
import random
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from generator.pack.loader import load_packs
from generator.pack.schema import load_schemas
from generator.systems.tower import engine
from generator.systems.tower.engine import Game, State
from generator.systems.tower.model import build_scenario, compile_game, game_from_map
from generator.systems.tower.playtest import _kinds
from generator.systems.tower.policies._heuristics import make_tables
from generator.systems.tower.policies.lookahead import (
    Memo,
    compiled_value,
    expected_value,
    kernel_supports,
    make_lookahead,
)
from generator.systems.tower.rules import Rules
from generator.systems.tower.variants import HOOKS, apply_hooks
from tests.systems.tower.reference_lookahead import make_slow_lookahead
from tests.systems.tower.test_tower_lookahead_memo import generated_game

Compiled = Callable[[State, float], "float | None"]
REPO = Path(__file__).resolve().parents[3]
needs_numba = pytest.mark.skipif(importlib.util.find_spec("numba") is None,
                                 reason="numba is not installed (the 'fast' extra)")

DECISIONS = ("own_space_counts", "terrain_block_skips", "enemy_block_ends_move",
             "terrain_before_enemy", "edge_only_undoes_turn", "attack_enemy_on_building")


def generated_rules(rng: random.Random) -> Rules:
    """The base rules with each Decision the kernel reads flipped at random."""
    base = Rules()
    return base.with_changes(**{name: (rng.random() < 0.3) != getattr(base, name)
                                for name in DECISIONS})


def iter_positions(rng: random.Random, games: int) -> Iterator[tuple[Game, list[State]]]:
    """Generated maps under generated rules, each with the positions after some of the
    player's actions along a random game (the candidates a decision values)."""
    for _ in range(games):
        game = generated_game(rng)
        game = game.with_rules(generated_rules(rng))
        state = game.start
        for _turn in range(8):
            state, lost = engine.play_enemy_turn(game, state, rng)
            actions = engine.list_actions(game, state) if not lost else []
            if not actions:
                break
            picked = rng.sample(actions, min(6, len(actions)))
            yield game, [engine.apply_action(game, state, a) for a in picked]
            state = engine.apply_action(game, state, rng.choice(actions))
            if engine.is_won(state):
                break


def iter_values(rng: random.Random, games: int) -> Iterator[tuple[str, State, Compiled, float]]:
    """:func:`iter_positions`' positions not won yet: each drawn as text (with the
    rules), the position, the kernel's function for its game and the Python value."""
    for game, after in iter_positions(rng, games):
        t = make_tables(game)
        fast = compiled_value(game, t)
        assert fast is not None
        for state in after:
            if not engine.is_won(state):
                shown = f"{engine.format_state(game, state)}\n{game.rules}"
                yield shown, state, fast, expected_value(t, state, Memo())


@needs_numba
def test_kernel_values_equal_python_values(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RIDDLESMITH_COMPILED", raising=False)
    compared = lost = 0
    for shown, state, fast, want in iter_values(random.Random("kernel"), 120):
        assert fast(state, -math.inf) == want, shown
        compared += 1
        lost += want == -100_000.0
    assert compared > 3000
    assert lost > 0  # some positions lose to the attack or every roll


@needs_numba
def test_kernel_gives_up_only_below_the_bar(monkeypatch: pytest.MonkeyPatch) -> None:
    """Given the best value so far, the kernel returns the exact value or None, and None
    only when the value is below that bar (so the decision is the same)."""
    monkeypatch.delenv("RIDDLESMITH_COMPILED", raising=False)
    rng = random.Random("bar")
    answered = gave_up = 0
    for shown, state, fast, want in iter_values(rng, 40):
        for bar in (want - 1.0, want, want + 1e-9, want + 0.5, want + 10.0,
                    want + rng.uniform(0, 20_000), want + 60_000.0):
            found = fast(state, bar)
            if found is None:
                assert want < bar, (shown, bar)
                gave_up += 1
            else:
                assert found == want, shown
                answered += 1
    assert gave_up > 500 and answered > 1000


UNCOMPILED = """
import random, sys
from generator.systems.tower import engine
from generator.systems.tower.policies._heuristics import make_tables
from generator.systems.tower.policies.lookahead import Memo, compiled_value, expected_value
from tests.systems.tower.test_tower_lookahead_kernel import iter_positions
import generator.systems.tower.policies._lookahead_kernel as kernel
assert not hasattr(kernel.expected_value, "py_func")  # numba's jit is off: plain Python
compared = 0
for game, after in iter_positions(random.Random("uncompiled"), 10):
    t = make_tables(game)
    fast = compiled_value(game, t)
    for state in after[:3]:
        if not engine.is_won(state):
            assert fast(state) == expected_value(t, state, Memo()), state
            compared += 1
print(compared)
"""


@needs_numba
def test_kernel_run_as_plain_python_gives_the_same_values() -> None:
    """The kernel's source run uncompiled (``NUMBA_DISABLE_JIT=1``) agrees too, so the
    machine code numba made (or loaded from its cache) is what the source says."""
    env = dict(os.environ, NUMBA_DISABLE_JIT="1", PYTHONPATH=str(REPO))
    env.pop("RIDDLESMITH_COMPILED", None)
    done = subprocess.run([sys.executable, "-c", UNCOMPILED], env=env, cwd=REPO,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    assert int(done.stdout.split()[-1]) > 40


def test_switch_off_and_unsupported_rules_stay_in_python(monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    game = game_from_map(". T .\n1 . 1\n. .B .", ["dark-male B2 N"])
    monkeypatch.setenv("RIDDLESMITH_COMPILED", "0")
    assert compiled_value(game) is None
    monkeypatch.delenv("RIDDLESMITH_COMPILED")
    # Every god card changes the player turn or the enemy turn beyond the Decisions
    # the kernel reads: all of them are played in Python.
    for name in HOOKS:
        assert not kernel_supports(game.with_rules(apply_hooks(Rules(), [(name, {})]))), name
    assert kernel_supports(game)


def test_warm_compiles_or_says_why_not(monkeypatch: pytest.MonkeyPatch) -> None:
    """``riddlesmith warm``'s tower line: ready with numba, off without it or with the
    switch off."""
    from generator.systems.tower import SYSTEM

    monkeypatch.setenv("RIDDLESMITH_COMPILED", "0")
    assert "off (RIDDLESMITH_COMPILED=0)" in SYSTEM.warm(lambda _text: None)
    monkeypatch.delenv("RIDDLESMITH_COMPILED")
    want = "is ready" if importlib.util.find_spec("numba") else "off (numba is not installed)"
    assert want in SYSTEM.warm(lambda _text: None)


@pytest.mark.parametrize("compiled", [True, False])
def test_games_are_those_of_the_plain_reference(compiled: bool) -> None:
    """Whole games, compiled or not, pick the reference lookahead's actions."""
    rng = random.Random(f"lockstep:{compiled}")
    for i in range(30 if compiled else 6):
        game = generated_game(rng).with_rules(generated_rules(rng))
        ours = engine.play_game(game, make_lookahead(game, compiled), random.Random(i),
                                max_rounds=15)
        plain = engine.play_game(game, make_slow_lookahead(game), random.Random(i),
                                 max_rounds=15)
        assert ours == plain


def shipped_games() -> dict[str, Game]:
    """Every scenario of content/tower, compiled."""
    loaded = load_packs([REPO / "content" / "tower"], load_schemas(), _kinds())
    games = {}
    for pack in loaded.packs:
        for doc in pack.of_kind("tower-scenario"):
            scenario, _ = build_scenario(doc, pack.sources.get(doc.file))
            assert scenario is not None
            games[doc.id] = compile_game(scenario)
    return games


def test_lookahead_all_plays_the_same_compiled_and_in_python() -> None:
    """``lookahead_all`` (every action a candidate) is the lookahead's search, wider: the
    same games compiled and in Python."""
    rng = random.Random("all")
    for i in range(6):
        game = generated_game(rng).with_rules(generated_rules(rng))
        fast = engine.play_game(game, make_lookahead(game, candidates=None), random.Random(i),
                                max_rounds=10)
        slow = engine.play_game(game, make_lookahead(game, False, None), random.Random(i),
                                max_rounds=10)
        assert fast == slow


@needs_numba
def test_shipped_scenarios_play_the_same_compiled_and_in_python() -> None:
    games = shipped_games()
    assert len(games) >= 6
    for name, game in sorted(games.items()):
        for i in range(3):
            fast = engine.play_game(game, make_lookahead(game), random.Random(f"{name}:{i}"))
            slow = engine.play_game(game, make_lookahead(game, False),
                                    random.Random(f"{name}:{i}"))
            assert fast == slow, (name, i)
