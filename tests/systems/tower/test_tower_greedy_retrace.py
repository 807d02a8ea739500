"""The greedy policy re-traces, after a build, only the die faces of an enemy whose
trace read a changed space (``greedy._retrace_risk``); pinned to tracing every
face of that enemy again (``reuse=False``), build by build, on random positions
under every rule set and a few random turns into their games."""
from __future__ import annotations

import random

import pytest

from generator.systems.tower import engine
from generator.systems.tower.policies._heuristics import make_tables, read_threats
from generator.systems.tower.policies.greedy import build_score

from .test_tower_reference import RULE_SETS, random_position


@pytest.mark.parametrize("rules", sorted(RULE_SETS))
def test_face_by_face_retrace_scores_as_the_full_retrace(rules: str) -> None:
    rng = random.Random(f"retrace:{rules}")
    compared = 0
    for _ in range(12):
        game, state = random_position(rng, RULE_SETS[rules])
        tables = make_tables(game)
        for _ in range(6):
            actions = engine.list_actions(game, state)
            if not actions or engine.is_won(state):
                break
            threats = read_threats(tables, state)
            base = sum(threats.risk)
            for u in sorted({a[2] for a in actions if a[2] >= 0}):
                assert build_score(tables, state, threats, u, base) == \
                    build_score(tables, state, threats, u, base, reuse=False), (rules, state, u)
                compared += 1
            state = engine.apply_action(game, state, rng.choice(actions))
            state, lost = engine.enemy_turn(game, state, tuple(
                rng.randint(1, 6) for _ in range(engine.dice_count(game, state))))
            if lost:
                break
    assert compared >= 100
