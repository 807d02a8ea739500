"""The engine pieces the riddle blessings add (climb two, build in place, leap on the
level, swap own workers, build two steps away), pinned to plain loops over random
small boards: the set of outcomes of :func:`list_plies` is the reference's."""
from __future__ import annotations

import random

import pytest

from generator.engine.geometry import Geometry
from generator.engine.powers import apply_ply, compose, list_plies
from generator.engine.powers.pieces import (
    ClimbHigher,
    ExtraSteps,
    FarBuild,
    LevelLeap,
    StayPut,
    SwapOwn,
)
from generator.engine.state import State

Outcome = tuple[tuple[int, ...], tuple[bool, ...], tuple[int, ...]]
PIECES = {"climb": ClimbHigher(2), "stay": StayPut(), "leap": LevelLeap(), "swap": SwapOwn(),
          "far": FarBuild()}


def _near(w: int, a: int, b: int, dist: int) -> bool:
    return max(abs(a % w - b % w), abs(a // w - b // w)) == dist


def reference_outcomes(w: int, h: int, heights: list[int], domes: list[bool],
                       workers: list[int], movers: list[int], kind: str) -> set[Outcome]:
    """Every outcome of one turn on a plain w x h grid, by plain loops."""
    size = w * h
    out: set[Outcome] = set()

    def build_all(at: int, placed: list[int], dist: int = 1) -> None:
        for b in range(size):
            if _near(w, at, b, dist) and not domes[b] and b not in placed:
                hs, ds = list(heights), list(domes)
                if hs[b] == 3:
                    ds[b] = True
                else:
                    hs[b] += 1
                out.add((tuple(hs), tuple(ds), tuple(placed)))

    def builds(at: int, placed: list[int]) -> None:
        build_all(at, placed)
        if kind == "far":
            build_all(at, placed, 2)

    for i in movers:
        frm = workers[i]
        climb = 2 if kind == "climb" else 1
        for to in range(size):
            if _near(w, frm, to, 1) and not domes[to] and to not in workers \
                    and heights[to] <= heights[frm] + climb:
                builds(to, workers[:i] + [to] + workers[i + 1:])
        if kind == "stay":
            builds(frm, list(workers))
        if kind == "leap":
            for to in range(size):
                if to not in workers and not domes[to] and heights[to] == heights[frm] \
                        and not _near(w, frm, to, 1) and to != frm:
                    builds(to, workers[:i] + [to] + workers[i + 1:])
        if kind == "swap":
            for j in movers:
                if j != i:
                    placed = list(workers)
                    placed[i], placed[j] = workers[j], workers[i]
                    builds(placed[i], placed)
    return out


def engine_outcomes(g: Geometry, state: State, movers: int, kind: str) -> set[Outcome]:
    rules = compose([(kind, (PIECES[kind],))])
    out: set[Outcome] = set()
    for ply in list_plies(g, state, movers, rules, level3_wins=False):
        after = apply_ply(state, ply)
        hs = tuple((after.l1 >> sq & 1) + (after.l2 >> sq & 1) + (after.l3 >> sq & 1)
                   for sq in range(g.size))
        out.add((hs, tuple(bool(after.domes >> sq & 1) for sq in range(g.size)), after.workers))
    return out


@pytest.mark.parametrize("kind", sorted(PIECES))
def test_blessing_pieces_match_plain_loops(kind: str) -> None:
    rng = random.Random(f"blessing-pieces-{kind}")
    for _ in range(60):
        w, h = rng.randint(2, 4), rng.randint(2, 4)
        size = w * h
        heights = [rng.choice((0, 0, 1, 2, 3)) for _ in range(size)]
        domes = [rng.random() < 0.1 for _ in range(size)]
        spots = rng.sample([sq for sq in range(size) if not domes[sq]],
                           min(rng.randint(1, 3), sum(not d for d in domes)))
        movers = list(range(len(spots)))
        if len(spots) > 1 and rng.random() < 0.3:
            movers = movers[:-1]  # the last worker is someone else's
        state = State(
            sum(1 << sq for sq in range(size) if heights[sq] >= 1),
            sum(1 << sq for sq in range(size) if heights[sq] >= 2),
            sum(1 << sq for sq in range(size) if heights[sq] >= 3),
            sum(1 << sq for sq in range(size) if domes[sq]), tuple(spots))
        g = Geometry.rectangle(w, h)
        mask = sum(1 << i for i in movers)
        assert engine_outcomes(g, state, mask, kind) == reference_outcomes(
            w, h, heights, domes, spots, movers, kind), (kind, w, h, heights, domes, spots)


def test_each_blessing_piece_names_its_power_only_when_used() -> None:
    g = Geometry.rectangle(3, 1)
    state = State(0b100, 0b100, 0, 0, (0,))
    plies = list_plies(g, state, 1, compose([("climb", (ClimbHigher(2),))]), level3_wins=False)
    assert all(p.powers == () for p in plies)  # B1 is level 0: no climb of two here
    state = State(0b010, 0b010, 0, 0, (0,))
    plies = list_plies(g, state, 1, compose([("climb", (ClimbHigher(2),))]), level3_wins=False)
    assert {p.powers for p in plies} == {("climb",)}


def _outcomes(g: Geometry, state: State, movers: int,
              specs: list[tuple[str, tuple[object, ...]]]) -> set[Outcome]:
    out: set[Outcome] = set()
    for ply in list_plies(g, state, movers, compose(specs), level3_wins=False):  # type: ignore[arg-type]
        after = apply_ply(state, ply)
        hs = tuple((after.l1 >> sq & 1) + (after.l2 >> sq & 1) + (after.l3 >> sq & 1)
                   for sq in range(g.size))
        out.add((hs, tuple(bool(after.domes >> sq & 1) for sq in range(g.size)), after.workers))
    return out


def test_a_swap_of_own_workers_is_the_whole_move_even_with_an_extra_step() -> None:
    """Artemis's extra step and a swap together: exactly the turns of each alone (a step
    then a trade, a trade then a step or two trades are not moves the card allows)."""
    rng = random.Random("swap-and-extra-step")
    artemis = ("artemis", (ExtraSteps(1, not_back=True),))
    swap = ("swap", (SwapOwn(),))
    differed = 0
    for _ in range(60):
        w, h = rng.randint(2, 4), rng.randint(2, 4)
        size = w * h
        heights = [rng.choice((0, 0, 1, 2)) for _ in range(size)]
        spots = rng.sample(range(size), min(size, rng.randint(2, 3)))
        state = State(
            sum(1 << sq for sq in range(size) if heights[sq] >= 1),
            sum(1 << sq for sq in range(size) if heights[sq] >= 2),
            sum(1 << sq for sq in range(size) if heights[sq] >= 3), 0, tuple(spots))
        g = Geometry.rectangle(w, h)
        mask = (1 << len(spots)) - 1
        both = _outcomes(g, state, mask, [artemis, swap])
        alone = _outcomes(g, state, mask, [artemis]) | _outcomes(g, state, mask, [swap])
        assert both == alone, (w, h, heights, spots)
        differed += len(_outcomes(g, state, mask, [artemis])) != len(alone)
    assert differed >= 20  # the swaps did add turns
