"""The compiled planner (``compiled.py``, numba) is pinned to the Python planner, which is
pinned to the slow reference (``test_glyphs_planner.py``).

Same decisions, one by one (every action, reward pick, give-back and curse), over
seeded whole games at every degree of the small 3x3 pack and of the shipped 5x5 pack,
for the planner and the lookahead; the same targets, reward uses and plans on
generated grids of every size; and the same games with a fresh numba cache and with
the kernel switched off.
"""
from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from generator.systems.glyphs.game import play_game
from generator.systems.glyphs.model import REWARD_EFFECTS, SPECIAL_EFFECTS, Table
from generator.systems.glyphs.policies import Lookahead, Planner, planning_kernel

from .conftest import iter_random_games
from .test_glyphs_planner import Recorder

pytest.importorskip("numba")
ROOT = Path(__file__).resolve().parents[3]


def _decisions(table: Table, degree: int, seed: int, policy: Any) -> tuple[Any, list[Any]]:
    recorder = Recorder(policy)
    result = play_game(table, degree, recorder, random.Random(f"compiled:{degree}:{seed}"))
    return result, recorder.log


def _lockstep(table: Table, games: int, kind: type[Planner] = Planner) -> int:
    decisions = 0
    for degree in table.degrees:
        for seed in range(games):
            fast = _decisions(table, degree.degree, seed, kind())
            python = _decisions(table, degree.degree, seed, kind(compiled=False))
            assert fast == python, (degree.degree, seed)
            decisions += len(fast[1])
    return decisions


def test_the_kernel_is_used_when_numba_is_installed() -> None:
    assert planning_kernel() is not None and Planner().kernel is not None
    assert Planner(compiled=False).kernel is None


def test_the_compiled_planner_decides_as_the_python_one_on_the_small_pack(small: Table
                                                                          ) -> None:
    assert _lockstep(small, 25) > 2000


def test_the_compiled_planner_decides_as_the_python_one_on_the_shipped_pack(shipped: Table
                                                                            ) -> None:
    assert _lockstep(shipped, 6) > 1500


def test_the_compiled_lookahead_decides_as_the_python_one(small: Table, shipped: Table) -> None:
    assert _lockstep(small, 4, Lookahead) > 200
    assert _lockstep(shipped, 1, Lookahead) > 200


def test_targets_plans_and_reward_uses_on_generated_grids_of_every_size(small: Table) -> None:
    # The schema allows 3x3 to 8x8 (an 8x8 grid's restored bits fill 64 bits).
    checked = 0
    for n, play, rng in iter_random_games(small, 36, 25):
        for _ in range(4):
            tiles = list(play.tiles)
            rng.shuffle(tiles)
            play.tiles = tuple(tiles)
            play.restored = rng.getrandbits(n * n)
            play.joker_pass = rng.random() < 0.2
            play.basics_left = rng.randint(1, 2)
            play.special_used = rng.random() < 0.3
            play.active = [rng.random() < 0.8 for _ in play.active]
            fast, python = Planner(), Planner(compiled=False)
            assert fast.targets(play) == python.targets(play), n
            assert fast.plans(play) == python.plans(play), n
            for effect in REWARD_EFFECTS + SPECIAL_EFFECTS:
                assert fast.best_use(play, effect) == python.best_use(play, effect), (n, effect)
            checked += 1
    assert checked == 36 * 4


@pytest.mark.slow
def test_a_fresh_cache_and_the_switch_off_give_the_same_games(tmp_path: Path) -> None:
    # A fresh numba cache: the first call compiles; with the switch off, Python plays.
    script = ("import random, sys\nfrom pathlib import Path\n"
              "from tests.systems.glyphs.conftest import table_of\n"
              "from generator.systems.glyphs.game import play_game\n"
              "from generator.systems.glyphs.policies import Planner\n"
              "table = table_of(Path('content/glyphs'))\n"
              "print(Planner().kernel is not None)\n"
              "print([play_game(table, 1 + i % 8, Planner(), random.Random(i)) for i in range(16)])\n")
    runs = {}
    for switch in ("1", "0"):
        env = {**os.environ, "RIDDLESMITH_COMPILED": switch,
               "NUMBA_CACHE_DIR": str(tmp_path / switch)}
        done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                              text=True, check=True, cwd=ROOT)
        runs[switch] = done.stdout.splitlines()
    assert runs["1"][0] == "True" and runs["0"][0] == "False"
    assert runs["1"][1] == runs["0"][1]


def test_warm_makes_the_kernel_ready_and_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.systems.glyphs import GlyphsSystem

    line = GlyphsSystem().warm(lambda _text: None)
    assert "glyph planner's compiled turn is ready" in line, line
    monkeypatch.setenv("RIDDLESMITH_COMPILED", "0")
    assert "off (RIDDLESMITH_COMPILED=0)" in GlyphsSystem().warm(lambda _text: None)
    assert Planner().kernel is None
