"""The turn generator's shortcuts pinned to its general path: the single-piece main
build loop (``_Turn.plain_builds``), two builds on two spaces paired once
(``_Turn.pairs_once``), no outcome check after a skyscraper raised first or for two builds paired once
(``_Turn.dedupe``), recording a ply without the rooftop and
end-of-turn checks when the rules have neither (``_Turn.direct``), the rooftop
test's early exit and the relocations shared by one step's builds (``_Turn.moved``).
Over generated boards and every registered power alone and in drawn pairs, the
listing with the shortcuts is the listing without them, ply for ply, in order."""
from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from generator.engine.geometry import Geometry
from generator.engine.powers import stages
from generator.engine.powers.pieces import TurnRules, compose
from generator.engine.powers.registry import POWERS, make_power
from generator.engine.powers.stages import Ply, _Turn
from generator.engine.powers.turn import list_plies
from generator.engine.state import DOME, State


def _rules(names: tuple[str, ...]) -> TurnRules | None:
    try:
        return compose([(name, make_power(name, {})) for name in names])
    except ValueError:  # a power that needs parameters, or a pair that cannot compose
        return None


def _boards(rng: random.Random, count: int) -> Iterator[tuple[State, int, int]]:
    """Generated positions: heights 0-3, some domes, 2-4 seats of two workers; the
    movers (one seat) and the opponents' mask."""
    for _ in range(count):
        layers, domes = [0, 0, 0], 0
        for sq in range(25):
            for level in range(rng.choice([0, 0, 1, 2, 2, 3])):
                layers[level] |= 1 << sq
            if rng.random() < 0.08:
                domes |= 1 << sq
        seats = rng.randint(2, 4)
        squares = rng.sample([sq for sq in range(25) if not domes >> sq & 1], 2 * seats)
        seat = rng.randrange(seats)
        movers = 0b11 << 2 * seat
        others = ((1 << 2 * seats) - 1) & ~movers
        yield State(*layers, domes, tuple(squares)), movers, others


def _slow(monkeypatch: pytest.MonkeyPatch) -> None:
    """Turn every shortcut off: the general build loop, ``emit`` for every ply, the
    rooftop test on every ply, the relocations replayed for every ply."""
    start, keep = _Turn.__init__, _Turn._record

    def init(self: _Turn, *args: object, **kwargs: object) -> None:
        start(self, *args, **kwargs)  # type: ignore[arg-type]
        self.direct = self.plain_builds = self.pairs_once = False
        # A skyscraper raised first, two builds on two spaces: every outcome checked.
        self.dedupe = self.dedupe or bool(self.rules.pre_build or self.rules.extra_other)

    def record(self: _Turn, workers: tuple[int, ...], ply: Ply) -> None:
        self.moved = (None, None, ())
        keep(self, workers, ply)

    def places_rooftop(self: _Turn, builds: tuple[tuple[int, int], ...]) -> bool:
        assert self.start is not None
        raised: dict[int, int] = {}
        for sq, piece in builds:
            if piece != DOME:
                raised[sq] = raised.get(sq, 0) + 1
            elif self.start[0][sq] + raised.get(sq, 0) == 3:
                return True
        return False

    monkeypatch.setattr(_Turn, "__init__", init)
    monkeypatch.setattr(_Turn, "_record", record)
    monkeypatch.setattr(_Turn, "_places_rooftop", places_rooftop)
    assert stages._Turn is _Turn


def test_shortcuts_list_the_plies_of_the_general_path(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(2025)
    names = sorted(POWERS)
    sets = [(name,) for name in names] + [tuple(rng.sample(names, 2)) for _ in range(40)]
    rules = [(s, r) for s in sets if (r := _rules(s)) is not None] + [((), TurnRules())]
    geometry = Geometry.rectangle(5, 5)
    cases = []
    for names_, r in rules:
        for state, movers, others in _boards(rng, 6):
            wins = rng.random() < 0.5
            cases.append((names_, r, state, movers, others, wins,
                          list_plies(geometry, state, movers, r, level3_wins=wins,
                                     opponents=others)))
    assert sum(len(c[-1]) for c in cases) > 20_000
    with monkeypatch.context() as patch:
        _slow(patch)
        for names_, r, state, movers, others, wins, fast in cases:
            slow = list_plies(geometry, state, movers, r, level3_wins=wins, opponents=others)
            assert fast == slow, (names_, state, movers, wins)
