"""The per-card IDA* solver against a plain breadth-first search on small grids."""
from __future__ import annotations

import random

import pytest

from generator.systems.glyphs.board import JOKER
from generator.systems.glyphs.solver import INFINITY, bfs_card, card_difficulty, solve_card


def test_ida_star_matches_bfs_on_3x3_grids() -> None:
    rng = random.Random(1)
    compared = 0
    for _ in range(20):
        symbols = [0, 0, 1, 2, 3, 4, 5, JOKER, 6]
        rng.shuffle(symbols)
        restored = rng.getrandbits(9)
        wanted = tuple(rng.choice([0, 1, 2, 3]) for _ in range(rng.choice([2, 3])))
        joker = rng.random() < 0.5
        fast = solve_card(3, tuple(range(9)), restored, tuple(symbols), wanted, joker)
        slow = bfs_card(3, tuple(range(9)), restored, tuple(symbols), wanted, joker, limit=3)
        assert fast.exact
        if slow is None:
            assert fast.actions > 3
        else:
            assert fast.actions == slow
            compared += 1
    assert compared >= 12


def test_ida_star_matches_bfs_on_4x4_grids_with_two_symbols() -> None:
    rng = random.Random(2)
    for _ in range(6):
        symbols = list(range(13)) + [JOKER] * 3
        rng.shuffle(symbols)
        restored = rng.getrandbits(16)
        wanted = tuple(rng.sample(range(13), 2))
        fast = solve_card(4, tuple(range(16)), restored, tuple(symbols), wanted, False)
        slow = bfs_card(4, tuple(range(16)), restored, tuple(symbols), wanted, False, limit=2)
        assert fast.actions == slow if slow is not None else fast.actions > 2


def test_impossible_card_is_infinite_and_budget_gives_a_lower_bound() -> None:
    symbols = tuple([0, 1, 2, 3, 4, 5, 6, 7, 8])
    assert solve_card(3, tuple(range(9)), 0, symbols, (0, 0), False).actions == INFINITY
    assert solve_card(3, tuple(range(9)), 0, symbols, (0, 0), True).actions == INFINITY
    big = tuple(list(range(22)) + [JOKER] * 3)
    tight = solve_card(5, tuple(range(25)), 0, big, (3, 9, 14, 20), False, budget=5)
    assert not tight.exact and tight.actions >= 2


def test_card_difficulty_is_seeded() -> None:
    symbols = tuple(list(range(22)) + [JOKER] * 3)
    a = card_difficulty(5, symbols, "c", (1, 2), True, 0b1000101010001000101010001, 3, 7)
    b = card_difficulty(5, symbols, "c", (1, 2), True, 0b1000101010001000101010001, 3, 7)
    assert a == b and len(a.actions) == 3 and a.exact == 3


def _generated_card(rng: random.Random) -> tuple[int, tuple[int, ...], int, tuple[int, ...], bool]:
    """A random grid (3x3 to 6x6, repeated symbols, 0-3 jokers), restored faces and card."""
    n = rng.choice((3, 3, 4, 4, 5, 6))
    kinds = rng.randint(2, n * n - 1)
    symbols = [rng.randrange(kinds) for _ in range(n * n - 3)] + \
        [JOKER if rng.random() < 0.6 else rng.randrange(kinds) for _ in range(3)]
    rng.shuffle(symbols)
    plain = sorted({s for s in symbols if s != JOKER})
    wanted = tuple(rng.choice(plain) for _ in range(rng.randint(1, n)))
    return n, tuple(symbols), rng.getrandbits(n * n), wanted, rng.random() < 0.6


def test_the_one_pass_heuristic_is_the_reference_one_on_generated_states() -> None:
    from generator.systems.glyphs.solver import _encode, _Search
    from .reference_heuristic import ReferenceSearch

    rng = random.Random(14)
    compared = 0
    for _ in range(120):
        n, symbols, restored, wanted, joker = _generated_card(rng)
        state, index = _encode(tuple(range(n * n)), restored, symbols, wanted, joker)
        fast = _Search(n, wanted, index, joker, 1_000)
        slow = ReferenceSearch(n, wanted, index, joker, 1_000)
        frontier = [state]
        every = fast.pairs
        for _ in range(12):  # the state, then children of children, as the search meets them
            state = frontier.pop(rng.randrange(len(frontier)))
            assert fast.heuristic(state) == slow.heuristic(state), (n, symbols, wanted, joker)
            # One placement at a time too: the least over all of them hides most of a
            # placement's bound.
            for pairs in rng.sample(every, min(4, len(every))):
                for search in (fast, slow):
                    search.pairs, search.hcache = (pairs,), {}
                assert fast.heuristic(state) == slow.heuristic(state), (symbols, wanted, pairs)
            fast.pairs = slow.pairs = every
            fast.hcache, slow.hcache = {}, {}
            frontier.extend(rng.sample(list(fast.children(state)), 3))
            compared += 1
    assert compared == 1440


def test_the_search_with_the_one_pass_heuristic_answers_as_with_the_reference(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # The same bound, the same nodes counted against the budget: the same answer,
    # exactness and state count, grid by grid (a budget cut included).
    from generator.systems.glyphs import solver
    from .reference_heuristic import ReferenceSearch

    rng = random.Random(15)
    answers = []
    for _ in range(40):
        n, symbols, restored, wanted, joker = _generated_card(rng)
        budget = rng.choice((30, 150))
        monkeypatch.setattr(solver, "_Search", ReferenceSearch)
        slow = solve_card(n, tuple(range(n * n)), restored, symbols, wanted, joker, budget)
        monkeypatch.undo()
        fast = solve_card(n, tuple(range(n * n)), restored, symbols, wanted, joker, budget)
        assert fast == slow, (n, symbols, restored, wanted, joker, budget)
        answers.append(fast)
    assert sum(a.exact for a in answers) >= 10 and sum(not a.exact for a in answers) >= 5


def test_the_short_card_bound_is_the_full_one_pass_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    """Cards of at most five symbols take ``_least_far`` (the farthest distance only,
    placements given up early); pinned to the full one-pass bound on generated states."""
    from generator.systems.glyphs import solver
    from generator.systems.glyphs.solver import _encode, _Search

    rng = random.Random(16)
    short = joker_cards = 0
    for _ in range(150):
        n, symbols, restored, wanted, joker = _generated_card(rng)
        if len(wanted) > solver.MOVED_AT_MOST:
            continue
        short += 1
        joker_cards += joker
        state, index = _encode(tuple(range(n * n)), restored, symbols, wanted, joker)
        states = [state]
        probe = _Search(n, wanted, index, joker, 1_000)
        for _ in range(6):
            states.extend(rng.sample(list(probe.children(states[-1])), 2))
        fast = [_Search(n, wanted, index, joker, 1_000).heuristic(s) for s in states]
        monkeypatch.setattr(solver, "MOVED_AT_MOST", 0)  # every card the long way
        full = [_Search(n, wanted, index, joker, 1_000).heuristic(s) for s in states]
        monkeypatch.undo()
        assert fast == full, (n, symbols, restored, wanted, joker)
    assert short >= 100 and joker_cards >= 40


@pytest.mark.parametrize("n", [6, 7])
def test_long_cards_on_big_grids_are_never_overestimated(n: int) -> None:
    """One action may change every cell of a card longer than five (a row rotated on
    a 6x6 grid): grids one or two actions from a spelled card answer at most that,
    and exactly what the plain search finds within one action."""
    from generator.systems.glyphs.board import apply_steps, placements
    from generator.systems.glyphs.solver import iter_full_actions

    rng = random.Random(n)
    everything = (1 << (n * n)) - 1
    for case in range(12):
        length = rng.choice([n - 1, n])
        wanted = tuple(rng.sample(range(length + 2), length))
        cells = rng.choice(placements(n, length))
        symbols = [-1] * (n * n)
        spare = [s for s in range(length + 2) if s not in wanted] + [JOKER] * 2
        free = [c for c in range(n * n) if c not in cells]
        for cell, symbol in zip(cells, wanted):
            symbols[cell] = symbol
        for cell, symbol in zip(rng.sample(free, len(spare)), spare):
            symbols[cell] = symbol
        tiles, restored = tuple(range(n * n)), everything
        scramble = 1 + case % 2
        for _ in range(scramble):
            actions = [a for a in iter_full_actions(n, tiles, restored)]
            tiles, restored = apply_steps(n, tiles, restored, rng.choice(actions))
        joker = case % 3 == 0
        fast = solve_card(n, tiles, restored, tuple(symbols), wanted, joker)
        assert fast.exact and fast.actions <= scramble
        slow = bfs_card(n, tiles, restored, tuple(symbols), wanted, joker, limit=1)
        assert fast.actions == slow if slow is not None else fast.actions >= 2


def test_a_rotated_row_of_six_is_one_action() -> None:
    n = 6
    tiles = list(range(n * n))
    tiles[:n] = [n - 1, *range(n - 1)]
    symbols = tuple(t if t < n else -1 for t in range(n * n))
    wanted = tuple(range(n))
    assert solve_card(n, tuple(tiles), (1 << n * n) - 1, symbols, wanted, False).actions == 1
    assert bfs_card(n, tuple(tiles), (1 << n * n) - 1, symbols, wanted, False, limit=1) == 1


def test_scrambled_cards_never_cost_more_than_the_scramble_on_every_grid_size() -> None:
    """An upper bound by construction over the whole domain the schema allows (3x3 to
    8x8, cards of 1 to ``n`` symbols, repeated symbols, 0-3 jokers, cursed tiles): a
    spelled card, ``c`` of its tiles cursed, then ``k`` random move actions, is at
    most ``k + ceil(c / 2)`` actions away. An answer above it (exact, or a budget's
    lower bound) is an inadmissible bound."""
    from generator.systems.glyphs.board import COLUMN, ROW, apply_steps, is_solved, placements
    from generator.systems.glyphs.solver import move_actions

    rng = random.Random(17)
    sizes = set()
    for _ in range(50):
        n = rng.randint(3, 8)
        sizes.add(n)
        kinds = rng.choice((rng.randint(2, 10), n * n))  # few kinds, or nearly all distinct
        symbols = [rng.randrange(kinds) for _ in range(n * n)]
        for cell in rng.sample(range(n * n), rng.randint(0, 3)):
            symbols[cell] = JOKER
        length = rng.choice((rng.randint(1, n), n))  # full-width cards half the time
        cells = rng.choice(placements(n, length))
        wanted = tuple(rng.randrange(kinds) for _ in range(length))
        joker = rng.random() < 0.5
        order = list(range(n * n))
        rng.shuffle(order)
        for cell, want in zip(cells, wanted):
            symbols[order[cell]] = want
        if joker and rng.random() < 0.5:
            symbols[order[rng.choice(cells)]] = JOKER
        restored = rng.getrandbits(n * n)
        for cell in cells:
            restored |= 1 << order[cell]
        tiles = tuple(order)
        assert is_solved(n, tiles, restored, tuple(symbols), wanted, int(joker))
        cursed = rng.sample(cells, rng.randint(0, min(3, length)))
        for cell in cursed:
            restored &= ~(1 << tiles[cell])
        k = rng.choice((1, 1, 2, 3))
        across = cells[0] // n if length == 1 or cells[1] == cells[0] + 1 else -1
        line = ((ROW, across, rng.choice((1, -1))),) if across >= 0 else \
            ((COLUMN, cells[0] % n, rng.choice((1, -1))),)
        for _ in range(k):  # often a rotation of the card's own line: it moves every cell
            step = line if rng.random() < 0.4 else rng.choice(move_actions(n))
            tiles, restored = apply_steps(n, tiles, restored, step)
        found = solve_card(n, tiles, restored, tuple(symbols), wanted, joker, budget=2000)
        assert found.actions <= k + (len(cursed) + 1) // 2, (n, tiles, restored, symbols,
                                                            wanted, joker, found)
    assert sizes == {3, 4, 5, 6, 7, 8}
