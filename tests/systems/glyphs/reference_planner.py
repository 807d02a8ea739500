"""The glyph planner as first written: the slow, obvious reference.

:class:`generator.systems.glyphs.policies.Planner` is a faster version of
this one; the tests pin the two to the same decisions, action for action,
over seeded games (and the same scores over generated grids). Kept here, not
in the package, so nothing but the tests (and ``benchmarks/glyphs.py``) uses it.
"""
from __future__ import annotations

from generator.systems.glyphs.board import (
    JOKER,
    Step,
    apply_steps,
    is_solved,
    move_distances,
    placements,
)
from generator.systems.glyphs.game import Action, Play
from generator.systems.glyphs.policies import BEAM, TOP_PLACEMENTS, Planner
from generator.systems.glyphs.scoring import RESTORED_WEIGHT, SOLVED_BONUS, SOLVED_LOOKUP, Target


class SlowPlanner(Planner):
    """The planner's scoring and planning as first written: a plain scan of the grid
    for every target and every grid, no memo, no inverse, no recount of touched targets
    only. Candidates, options, focus, fallbacks and rewards are the package's (they
    did not change)."""

    # -- scoring ----------------------------------------------------------------------

    def targets(self, play: Play) -> list[list[Target]]:
        """Each revealed card's best placements on the current grid."""
        t = play.table
        out = []
        for card_index in play.row:
            card = t.cards[card_index]
            jokers = card.jokers or (1 if play.joker_pass else 0)
            scored = []
            where = self._where(play.tiles, play.restored, t.symbol_of)
            dist = move_distances(t.n)
            for cells in placements(t.n, len(card.wanted)):
                target = (cells, card.wanted, jokers)
                scored.append((self._cost(target, play.tiles, play.restored, t.symbol_of, where,
                                          dist), cells))
            scored.sort()
            out.append([(cells, card.wanted, jokers) for _, cells in scored[:TOP_PLACEMENTS]])
        return out

    @staticmethod
    def _where(tiles: tuple[int, ...], restored: int, symbol_of: tuple[int, ...]
               ) -> dict[int, list[tuple[int, int]]]:
        """For each symbol, (cell, extra cost) of its tiles: a cursed tile costs 1 more."""
        where: dict[int, list[tuple[int, int]]] = {}
        for cell, tile in enumerate(tiles):
            where.setdefault(symbol_of[tile], []).append((cell, 0 if restored >> tile & 1 else 1))
        return where

    @staticmethod
    def _cost(target: Target, tiles: tuple[int, ...], restored: int, symbol_of: tuple[int, ...],
              where: dict[int, list[tuple[int, int]]], dist: tuple[tuple[int, ...], ...],
              stop: int = 99) -> int:
        """A placement's cost (see the module notes); counting stops at ``stop``."""
        cells, wanted, joker = target
        jokers = where.get(JOKER, []) if joker else []
        here = 0
        for cell, want in zip(cells, wanted):
            tile = tiles[cell]
            sym = symbol_of[tile]
            if sym == want or (joker and sym == JOKER):
                here += 0 if restored >> tile & 1 else 1
            else:
                row = dist[cell]
                best = 99
                for c, extra in where.get(want, ()):
                    if row[c] + extra < best:
                        best = row[c] + extra
                for c, extra in jokers:
                    if row[c] + extra < best:
                        best = row[c] + extra
                here += best
            if here >= stop:
                break
        return here

    def score(self, play: Play, targets: list[list[Target]], tiles: tuple[int, ...],
              restored: int) -> float:
        """Lower is better: the cards' distances, minus a bonus per card solved."""
        t = play.table
        symbol_of = t.symbol_of
        dist = move_distances(t.n)
        where = self._where(tiles, restored, symbol_of)
        total = 0.0
        for options in targets:
            cost = 99
            for target in options:
                cost = min(cost, self._cost(target, tiles, restored, symbol_of, where, dist, cost))
            # A cost of 0 may lean on two jokers: only the real rule says solved. A card
            # far from its planned placements is not looked for elsewhere (speed).
            if cost <= SOLVED_LOOKUP and options and is_solved(
                    t.n, tiles, restored, symbol_of, options[0][1], options[0][2]):
                total -= SOLVED_BONUS
            else:
                total += max(cost, 1)
        return total - RESTORED_WEIGHT * bin(restored).count("1")

    # -- planning ---------------------------------------------------------------------

    def make_plan(self, play: Play) -> list[Action]:
        """Beam search over the owed actions of this turn."""
        targets = self.targets(play)
        start = self.score(play, targets, play.tiles, play.restored)
        Beam = tuple[float, tuple[int, ...], int, tuple[Action, ...], int, bool]
        beam: list[Beam] = [(start, play.tiles, play.restored, (), 0, False)]
        finished: list[Beam] = []
        while beam:
            grown: list[Beam] = []
            for _, tiles, restored, actions, basics, special in beam:
                owed = self.options(play, basics, special)
                if not owed:
                    finished.append((_, tiles, restored, actions, basics, special))
                    continue
                focus, cursed = self.focus(play, targets, tiles)

                def rank(steps: tuple[Step, ...], tiles: tuple[int, ...] = tiles,
                         restored: int = restored) -> float:
                    return self.score(play, targets, *apply_steps(play.table.n, tiles,
                                                                  restored, steps))

                for source, index, effect in owed:
                    for steps in self.candidates(play, effect, tiles, restored, focus, cursed,
                                                 rank):
                        t2, r2 = apply_steps(play.table.n, tiles, restored, steps)
                        value = self.score(play, targets, t2, r2)
                        grown.append((value, t2, r2, actions + (Action(source, index, effect,
                                                                      steps),),
                                      basics + (source == "basic"),
                                      special or source == "special"))
            grown.sort(key=lambda b: (b[0], len(b[3]), [a.steps for a in b[3]]))
            beam = grown[:BEAM]
        if not finished:
            return []
        finished.sort(key=lambda b: (b[0], [a.steps for a in b[3]]))
        return list(finished[0][3])

    def best_use(self, play: Play, effect: str) -> tuple[float, tuple[Step, ...] | None]:
        targets = self.targets(play)
        focus, cursed = self.focus(play, targets, play.tiles)
        best: tuple[float, tuple[Step, ...] | None] = (
            self.score(play, targets, play.tiles, play.restored), None)
        def rank(steps: tuple[Step, ...]) -> float:
            return self.score(play, targets, *apply_steps(play.table.n, play.tiles,
                                                          play.restored, steps))

        for steps in self.candidates(play, effect, play.tiles, play.restored, focus, cursed,
                                     rank):
            if effect == "joker-pass":
                continue
            t2, r2 = apply_steps(play.table.n, play.tiles, play.restored, steps)
            value = self.score(play, targets, t2, r2)
            if value < best[0] - 1e-9:
                best = (value, steps)
        return best

    def reward_action(self, play: Play) -> Action | None:
        """Use a held reward when it solves a card now, or on the last turn when it helps."""
        last = play.turn >= len(play.table.slots) - 1
        targets = self.targets(play)
        now = self.score(play, targets, play.tiles, play.restored)
        for i, effect in enumerate(play.held):
            if effect == "joker-pass":
                if any(play.table.cards[c].jokers == 0 and is_solved(
                        play.table.n, play.tiles, play.restored, play.table.symbol_of,
                        play.table.cards[c].wanted, 1) for c in play.row):
                    return Action("reward", i, effect, ())
                continue
            value, steps = self.best_use(play, effect)
            if steps is not None and (value <= now - SOLVED_BONUS + 1 or (last and value < now)):
                return Action("reward", i, effect, steps)
        return None
