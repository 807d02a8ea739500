"""The greedy player's compiled listing (generator/systems/roles/compiled.py, through
fast.py) pinned to the Python player: on generated positions of every shipped role
(and every role the engine still plays for other packs), the same values in the same
order as the Python listing and valuation, and each kept ply leaves the state the
Python ply at its place leaves, winning the same way; on seeded games over the deals
(2-5 players), the same records (winner, win type, rounds, plays, offers, picks) and
the same generator state after as the Python player (``compiled=False``) and today's
reference player; and the switches that keep it off."""
from __future__ import annotations

import random

import pytest

from generator.engine.powers.pieces import TurnRules
from generator.engine.powers.turn import apply_ply
from generator.sim.montecarlo import make_rng
from generator.systems.roles.content import compile_deals, read_pack
from generator.systems.roles.engine import (
    Position,
    Table,
    legal_plies,
    play_game,
    usage,
    win_type,
)
from generator.systems.roles.policies import GreedyPolicy, LookaheadPolicy

from .conftest import SHIPPED, load_pack
from .reference_greedy import play_today
from .test_roles_speed import _positions, _random_position

numba = pytest.importorskip("numba")


@pytest.fixture(scope="module")
def deals() -> tuple[Table, ...]:
    cards, _, games = read_pack(load_pack(SHIPPED))
    return compile_deals(games[0][0], cards)[1]


def _compiled_policy(table: Table) -> GreedyPolicy:
    policy = GreedyPolicy()
    policy._fit(table)
    assert policy._lister is not None, "the kernel is off in this install"
    return policy


def _compare_position(table: Table, fast: GreedyPolicy, slow: GreedyPolicy,
                      position: Position, seat: int, card: int, counts: dict[str, int]) -> None:
    """Kernel values == Python values; every kept ply == the Python ply at its place."""
    lister = fast._lister
    assert lister is not None
    holds = position.statue == seat
    rules = table.with_win[card] if holds else table.without_win[card]
    count = lister.run(position.state, position.supply, seat, holds, rules, keep=True)
    assert count is not None, (table.card_ids[card], "not played by the kernel")
    got = lister.out[:count].tolist()
    slow._at = None
    plies = legal_plies(table, position, seat, card)
    want = slow._listed(table, position, seat, card, plies)
    assert got == want, (table.card_ids[card], position, seat)
    for i, ply in enumerate(plies):
        kept = lister.ply(i, rules)
        assert apply_ply(position.state, kept) == apply_ply(position.state, ply), (ply, kept)
        assert usage(position.state, kept) == usage(position.state, ply)
        assert kept.win == ply.win
        assert win_type(table, position, seat, card, kept) == win_type(
            table, position, seat, card, ply), (ply, kept)
    role = table.card_ids[card]
    counts[role] = counts.get(role, 0) + len(plies)


def test_kernel_lists_every_role_as_python_does(powers_table: Table) -> None:
    """Generated positions (towers, domes, level-2 workers, 2-5 seats, few pieces left)
    and positions of random games, every role with and without the Statue."""
    fast, slow = _compiled_policy(powers_table), GreedyPolicy(compiled=False)
    rng = random.Random(160)
    positions = [_random_position(powers_table, rng) for _ in range(60)]
    positions += _positions(powers_table, 3, 17)[::2]
    counts: dict[str, int] = {}
    for position, seat in positions:
        for card in range(len(powers_table.numbers)):
            for statue in (seat, -1):
                view = Position(position.state, position.supply, statue)
                _compare_position(powers_table, fast, slow, view, seat, card, counts)
    assert set(counts) == set(powers_table.card_ids)
    assert min(counts.values()) > 200, counts


def test_kernel_wins_and_pieces_filter_as_python(shipped_table: Table) -> None:
    """Positions rich in level-2 workers beside towers and short of pieces: wins by a
    climb and by a rooftop, and plies the box cannot pay for, are met and agree."""
    fast, slow = _compiled_policy(shipped_table), GreedyPolicy(compiled=False)
    rng = random.Random(1601)
    wins = {"climb": 0, "condition": 0}
    counts: dict[str, int] = {}
    for _ in range(120):
        position, seat = _random_position(shipped_table, rng)
        position = position._replace(statue=seat)
        for card in range(len(shipped_table.numbers)):
            _compare_position(shipped_table, fast, slow, position, seat, card, counts)
            for ply in legal_plies(shipped_table, position, seat, card):
                kind = win_type(shipped_table, position, seat, card, ply)
                if kind:
                    wins[kind] += 1
    assert wins["climb"] > 50 and wins["condition"] > 5, wins


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_compiled_games_equal_python_games(deals: tuple[Table, ...], players: int) -> None:
    """Seeded games over deals spread over the box (every shipped role played), one
    policy object a seat kept across games (as the runner keeps them): compiled and Python players give the same records and leave
    the generator in the same state; today's reference player agrees."""
    pick = random.Random(160 + players)
    fast = [GreedyPolicy() for _ in range(players)]
    slow = [GreedyPolicy(compiled=False) for _ in range(players)]
    played: set[str] = set()
    for k in range(25):
        # 25 deals spread over the 75 (13 is prime to 75), seeds drawn.
        index, seed = (13 * k + players) % len(deals), pick.randrange(1 << 30)
        table = deals[index]
        fast_rng, slow_rng = make_rng(seed, k), make_rng(seed, k)
        got = play_game(table, list(fast), fast_rng)  # type: ignore[arg-type]
        want = play_game(table, list(slow), slow_rng)  # type: ignore[arg-type]
        assert got == want, (index, players, seed)
        assert fast_rng.getstate() == slow_rng.getstate(), (index, players, seed)
        if k % 5 == 0:
            assert got == play_today(table, players, make_rng(seed, k)), (index, seed)
        played.update(table.card_ids[play.card] for play in got.plays)
    assert all(p._lister is not None for p in fast)
    assert played == {role for t in deals for role in t.card_ids}  # every shipped role


def test_every_shipped_role_is_played_by_the_kernel(deals: tuple[Table, ...]) -> None:
    """Every card's rules of every deal, with and without the Statue, encode (none is
    left to the Python listing in the shipped game)."""
    lister = _compiled_policy(deals[0])._lister
    assert lister is not None
    for table in deals:
        for rules in (*table.with_win, *table.without_win):
            assert lister.encoded(rules, False) is not None, rules
            assert lister.encoded(rules, True) is not None, rules


def test_rules_the_kernel_does_not_play_go_to_python(shipped_table: Table) -> None:
    """Rules with a field the kernel does not play are not encoded; the player then
    values them in Python (same values)."""
    policy = _compiled_policy(shipped_table)
    lister = policy._lister
    assert lister is not None
    for rules in (TurnRules(extra_steps=1, extra_steps_power="x"), TurnRules(stay="x"),
                  TurnRules(pre_build="x"), TurnRules(both_act="x", build_under="y"),
                  TurnRules(end_forces=(("order-move", (), "opponents", True, "x"),))):
        assert lister.encoded(rules, False) is None, rules
        position, seat = _random_position(shipped_table, random.Random(3))
        assert lister.values(position.state, position.supply, seat, False, rules) is None


def test_lookahead_never_takes_the_quick_turn(shipped_table: Table) -> None:
    """The lookahead player chooses its ply otherwise: the quick turn declines, with no
    draw."""
    player = LookaheadPolicy()
    position, seat = _random_position(shipped_table, random.Random(5))
    rng = random.Random(1)
    state = rng.getstate()
    assert player.choose_turn_ply(shipped_table, position, seat, 0, rng) is None
    assert rng.getstate() == state


def test_switch_keeps_python(shipped_table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """``RIDDLESMITH_COMPILED=0`` and ``compiled=False`` keep the listing in Python."""
    from generator.systems.roles.fast import warm_kernel

    monkeypatch.setenv("RIDDLESMITH_COMPILED", "0")
    assert "off (RIDDLESMITH_COMPILED=0)" in warm_kernel()
    off = GreedyPolicy()
    off._fit(shipped_table)
    assert off._lister is None
    position, seat = _random_position(shipped_table, random.Random(7))
    assert off.choose_turn_ply(shipped_table, position, seat, 0, random.Random(0)) is None
    monkeypatch.delenv("RIDDLESMITH_COMPILED")
    python = GreedyPolicy(compiled=False)
    python._fit(shipped_table)
    assert python._lister is None


def test_kernel_source_keys_the_cache_and_warm_compiles_it() -> None:
    """The kernel and its adapter are hashed into the playout cache key, and ``riddlesmith
    warm`` compiles the kernel (or loads it) through the roles system's warmer."""
    from generator.registry import load_registry
    from generator.systems.roles.fast import compiled_already
    from generator.systems.roles.playout import HASHED_MODULES

    assert {"generator.systems.roles.compiled", "generator.systems.roles.fast"} <= set(
        HASHED_MODULES)
    line = load_registry().warmers["roles"](lambda _: None)
    assert "compiled listing is ready" in line, line
    assert compiled_already()


def test_scheduled_pick_draws_as_pick_best() -> None:
    """Generated value lists (empty, short and long, few distinct values so ties abound,
    running bests tied before the top): the kernel's tie schedule and pick_scheduled
    give pick_best's result and leave the generator in pick_best's state."""
    import numpy as np

    from generator.systems.roles import compiled
    from generator.systems.roles.policies import pick_best, pick_scheduled

    pick = random.Random(1602)
    ties = np.zeros(2 * compiled.MAX_PLIES + 4, dtype=np.int64)
    drawn = 0
    for k in range(3000):
        values = [pick.randint(-3, pick.choice([0, 2, 9])) for _ in range(pick.randrange(60))]
        out = np.array(values + [0], dtype=np.int64)
        length = compiled.tie_schedule(out, len(values), ties)
        fast_rng, slow_rng = random.Random(k), random.Random(k)
        got = pick_scheduled(ties[:length].tolist(), fast_rng)
        assert got == pick_best(values, slow_rng), values
        assert fast_rng.getstate() == slow_rng.getstate(), values
        drawn += fast_rng.getstate() != random.Random(k).getstate()
    assert drawn > 1500


def test_playtest_figures_equal_with_the_kernel_off(deals: tuple[Table, ...],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """A playtest over the deals gives the same figures with the kernel, in-process and on
    a pool of two processes, as with ``RIDDLESMITH_COMPILED=0``."""
    from generator.systems.roles.playout import playtest_deals

    on = playtest_deals(deals, "greedy", 40, seed=25, players=3, jobs=1)
    pooled = playtest_deals(deals, "greedy", 40, seed=25, players=3, jobs=2)
    monkeypatch.setenv("RIDDLESMITH_COMPILED", "0")
    off = playtest_deals(deals, "greedy", 40, seed=25, players=3, jobs=1)
    assert on == off == pooled


def test_compile_notice_only_before_a_compile(monkeypatch: pytest.MonkeyPatch) -> None:
    """``check`` hears of the compile when numba's cache lacks the kernel, and of nothing
    when it holds it or when the kernel is off."""
    from generator.systems.roles import fast

    heard: list[str] = []
    monkeypatch.setattr(fast, "compiled_already", lambda: False)
    fast.compile_notice(heard.append)
    assert heard == [fast.COMPILE_NOTICE]
    monkeypatch.setattr(fast, "compiled_already", lambda: True)
    fast.compile_notice(heard.append)
    monkeypatch.setattr(fast, "compiled_already", lambda: False)
    monkeypatch.setenv("RIDDLESMITH_COMPILED", "0")
    fast.compile_notice(heard.append)
    assert heard == [fast.COMPILE_NOTICE]
