"""Limus follows RULES.md §2 (only spaces orthogonally next to an enemy), and
``check`` reports a god-card variant that makes a scenario unwinnable (RS-T105),
with the "no crush is ever possible" bound of the proof search pinned to a
brute-force walk of the game."""
from __future__ import annotations

import dataclasses
import random
import shutil
from pathlib import Path

import pytest

from generator.pack.loader import load_packs
from generator.pack.schema import load_schemas
from generator.pipeline import kinds_of
from generator.registry import discover_systems
from generator.systems.tower import engine, sim_checks
from generator.systems.tower.engine import Game
from generator.systems.tower.model import game_from_map
from generator.systems.tower.proof import NO_WIN, WIN, crushable_squares, prove_win
from generator.systems.tower.rules import BASE_RULES
from generator.systems.tower.variants import apply_hooks

REPO = Path(__file__).resolve().parents[3]
LIMUS = apply_hooks(BASE_RULES, [("no-build-near-enemy", {})], "limus")


def _old_limus(game: Game) -> Game:
    """The engine before the fix: Limus also banned the enemy's own space."""
    if not game.rules.build_ban_near_enemy:
        return game
    return dataclasses.replace(game, ban_adj=tuple(b | 1 << sq for sq, b in enumerate(game.ban_adj)))


def test_limus_allows_the_crush_and_the_scenario_stays_winnable() -> None:
    g = game_from_map("""
        . 1 .
        B . .
        . . 1""", ["dark-male C1 S"], rules=LIMUS)
    crushes = [a for a in engine.list_actions(g, g.start) if a[2] in g.start.enemies]
    assert crushes  # from B1 (level 1) onto the enemy on C1 (level 0)
    assert prove_win(g).status == WIN
    old = _old_limus(g)
    assert not [a for a in engine.list_actions(old, old.start) if a[2] in old.start.enemies]
    result = prove_win(old)
    assert result.status == NO_WIN and result.nodes == 0
    assert "no build can ever defeat an enemy" in result.reason


def _crushes_seen(game: Game, depth: int) -> set[int]:
    """Every square a crush is legal on, in every state reachable in ``depth`` rounds."""
    seen: set[int] = set()
    frontier = {game.start}
    for _ in range(depth):
        after_enemies = set()
        for state in frontier:
            for outcome in engine.enemy_turn_outcomes(game, state)[1]:
                if not outcome.lost:
                    after_enemies.add(outcome.state)
        frontier = set()
        for state in after_enemies:
            for action in engine.list_actions(game, state):
                if action[2] in state.enemies:
                    seen.add(action[2])
                frontier.add(engine.apply_action(game, state, action))
        if len(frontier) > 150:
            frontier = set(sorted(frontier)[:150])
    return seen


def _random_game(rng: random.Random) -> Game:
    size = rng.choice([3, 4])
    cells = [rng.choice([".", ".", "1", "2", "3", "~"]) for _ in range(size * size)]
    free = [i for i, c in enumerate(cells) if c != "~"]
    b1, b2, e1 = rng.sample(free, 3)
    cells[b1] += "B"
    cells[b2] += "B"
    rows = [" ".join(cells[r * size:(r + 1) * size]) for r in range(size)]
    name = f"{'ABCD'[e1 % size]}{e1 // size + 1}"
    rules = rng.choice([BASE_RULES, LIMUS, apply_hooks(BASE_RULES, [(
        "no-build-near-enemy", {"diagonal": True, "except_domes": False})], "limus")])
    game = game_from_map("\n".join(rows), [f"dark-male {name} {rng.choice('NESW')}"], rules=rules)
    return _old_limus(game) if rng.random() < 0.3 else game


@pytest.mark.parametrize("seed", range(3))
def test_crushable_squares_bound_every_crush_a_walk_finds(seed: int) -> None:
    rng = random.Random(seed)
    checked = crushing = 0
    while checked < 12:
        try:
            game = _random_game(rng)
        except ValueError:
            continue  # a map the parser refuses (no building, ...)
        checked += 1
        bound = crushable_squares(game)
        seen = _crushes_seen(game, 2)
        assert seen <= bound, (seed, seen, bound)
        if not bound:
            assert not seen
        crushing += bool(seen)
    assert crushing  # the walk does find crushes: the comparison is not vacuous


@pytest.fixture
def _no_card_ratings(monkeypatch: pytest.MonkeyPatch) -> None:
    """The god cards' playtested ratings (RS-T111: 22 cards x 6 scenarios of greedy games,
    most of ``check_simulations``' time) are not what these tests are about."""
    from generator.systems.tower import sim_skill

    monkeypatch.setattr(sim_skill, "iter_card_rates", lambda *args, **kwargs: iter(()))


def _tower_pack(tmp_path: Path):  # type: ignore[no-untyped-def]
    root = tmp_path / "tower"
    shutil.copytree(REPO / "content" / "tower", root)
    loaded = load_packs([root], load_schemas(), kinds_of(discover_systems()))
    assert loaded.packs, loaded.diagnostics
    return loaded.packs[0]


@pytest.mark.usefixtures("_no_card_ratings")
def test_check_reports_a_variant_that_makes_scenarios_unwinnable(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pack = _tower_pack(tmp_path)
    settings = sim_checks.SimSettings(games=20)
    assert [d for d in sim_checks.check_simulations(pack, settings=settings)
            if d.code == "RS-T105"] == []
    compile_game = sim_checks.compile_game
    monkeypatch.setattr(sim_checks, "compile_game",
                        lambda scenario, rules: _old_limus(compile_game(scenario, rules)))
    found = [d for d in sim_checks.check_simulations(pack, settings=settings)
             if d.code == "RS-T105"]
    limus = next(doc for doc in pack.of_kind("tower-variant") if doc.id == "limus")
    assert [(d.file, d.line, d.col) for d in found] == [(limus.file, *limus.locate(("hooks",), key=True))]
    assert "'cistern-bridges'" in found[0].message and "defeat an enemy" in found[0].message


@pytest.mark.usefixtures("_no_card_ratings")
def test_variant_proofs_are_cached_and_a_malformed_entry_is_recomputed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pack = _tower_pack(tmp_path)
    settings = sim_checks.SimSettings(games=20)
    cache = tmp_path / "cache"
    plain = sim_checks.check_simulations(pack, settings=settings)
    assert sim_checks.check_simulations(pack, settings=settings, cache_dir=cache) == plain
    entries = sorted(cache.glob(f"{sim_checks.VARIANT_PREFIX}*.json"))
    assert entries
    calls: list[int] = []
    prove = sim_checks.prove_win

    def counted(*args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        calls.append(1)
        return prove(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(sim_checks, "prove_win", counted)
    assert sim_checks.check_simulations(pack, settings=settings, cache_dir=cache) == plain
    assert calls == []  # every variant proof came from the cache
    entries[0].write_text('{"fingerprint": "x", "status": "WIN"}')  # not this game's
    text = entries[1].read_text().replace('"status": "', '"status": "maybe-')
    entries[1].write_text(text)  # a status no proof gives
    assert sim_checks.check_simulations(pack, settings=settings, cache_dir=cache) == plain
    assert len(calls) == 2
    assert '"maybe-' not in entries[1].read_text()
