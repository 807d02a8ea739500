"""Player policies: ``random`` (a baseline), ``planner`` (the default) and ``lookahead``
(the planner, weighing its best plans by the turn after them), in rising strength.

``planner`` plans its turn's actions together: a beam search over the owed
actions (two basic, one special, in any order) from the turn's grid, scoring
each grid by how far the revealed riddle cards are from solved. A card's
distance is the cheapest of its best placements (chosen at the start of the
plan), each cell costing 0 when it holds a fitting restored tile, 1 when the
fitting tile is cursed, else the move distance of the nearest fitting tile
plus its restore. Candidate actions are focused on those placements and
their fitting tiles. It re-plans when a solve changes the riddle row. It
takes rewards by a fixed preference, uses one when it solves a card at once
or on the last turn when it helps, and curses the tiles its plans need least.

``random`` picks uniformly among a sample of legal actions: a floor for the
win rate, and a way to drive every rule in tests.
"""
from __future__ import annotations

import random
from dataclasses import replace
from itertools import combinations
from typing import Any, Callable, Iterator

from generator.systems.glyphs.board import (
    COLUMN,
    DIAGONAL,
    JOKER,
    ORTHOGONAL,
    RESTORE,
    ROW,
    SWAP,
    Step,
    adjacent_pairs,
    apply_steps,
    is_solved,
    placements,
)
from generator.engine.playouts import compiled_off
from generator.systems.glyphs.game import BASIC_PER_TURN, Action, Play, has_use
from generator.systems.glyphs.scoring import SOLVED_BONUS, Board, Scorer, Target

POLICIES = ("planner", "random", "lookahead")
SKILL_ORDER = ("random", "planner", "lookahead")
"""The policies by strength, weakest first."""
DEFAULT_POLICY = "planner"
REWARD_PREFERENCE = ("restore-3", "swap-any", "swap-orthogonal-3", "rotate-row-and-column",
                     "swap-diagonal-2", "joker-pass")
BEAM = 3
TOP_PLACEMENTS = 3
PAIRED_SINGLES = 6


def _direction_pairs(n: int) -> dict[str, tuple[tuple[int, int], ...]]:
    return {"orthogonal": adjacent_pairs(n, ORTHOGONAL), "horizontal": adjacent_pairs(n, ((0, 1),)),
            "vertical": adjacent_pairs(n, ((1, 0),)), "diagonal": adjacent_pairs(n, DIAGONAL)}


def planning_kernel() -> Any | None:
    """The compiled planner (:mod:`.compiled`), or None: numba is not installed, or
    ``RIDDLESMITH_COMPILED=0`` (the switch the other compiled cores read)."""
    if compiled_off() is not None:
        return None
    from generator.systems.glyphs import compiled

    return compiled


class Planner:
    """The planning policy for one game (it keeps its plan between calls).

    With numba installed it plans, weighs rewards and finds targets in the compiled
    kernel (:mod:`.compiled`), else in Python; ``compiled=False`` keeps it in Python.
    Both decide the same (the tests pin them together on seeded games)."""

    def __init__(self, rng: random.Random | None = None, compiled: bool = True) -> None:
        self.plan: list[Action] = []
        self.plan_row: tuple[int, ...] = ()
        self.plan_turn = -1
        self.board: Board | None = None
        self.kernel = planning_kernel() if compiled else None
        self.arrays: Any = None

    def _arrays(self, play: Play) -> Any:
        """The kernel's arrays of the table (made once per planner and table)."""
        if self.arrays is None or self.arrays[0] is not play.table:
            assert self.kernel is not None
            self.arrays = (play.table, self.kernel.table_arrays(play.table))
        return self.arrays[1]

    # -- scoring ----------------------------------------------------------------------

    def scorer(self, play: Play, targets: list[list[Target]]) -> Scorer:
        """A scorer for ``targets`` (what depends on the table alone is made once)."""
        if self.board is None or self.board.table is not play.table:
            self.board = Board(play.table)
        return Scorer(self.board, targets)

    def targets(self, play: Play) -> list[list[Target]]:
        """Each revealed card's best placements on the current grid."""
        if self.kernel is not None:
            return self.kernel.targets(self._arrays(play), play)  # type: ignore[no-any-return]
        t = play.table
        scorer = self.scorer(play, [])
        pos = scorer.positions(play.tiles)
        jokers_near = scorer.board.joker_field(play.restored, pos)
        out = []
        for card_index in play.row:
            card = t.cards[card_index]
            jokers = card.jokers or (1 if play.joker_pass else 0)
            scored = []
            # A count stops at 99, or past the TOP_PLACEMENTS-th least cost so far: a
            # placement stopped there is not among the kept ones, whatever it costs.
            least = [99] * TOP_PLACEMENTS
            for cells in placements(t.n, len(card.wanted)):
                cost = scorer.cost(scorer.board.compile((cells, card.wanted, jokers)),
                                   play.restored, pos, jokers_near, min(99, least[-1] + 1))
                scored.append((cost, cells))
                if cost < least[-1]:
                    least[-1] = cost
                    least.sort()
            scored.sort()
            out.append([(cells, card.wanted, jokers) for _, cells in scored[:TOP_PLACEMENTS]])
        return out

    def score(self, play: Play, targets: list[list[Target]], tiles: tuple[int, ...],
              restored: int) -> float:
        """Lower is better: the cards' distances, minus a bonus per card solved."""
        return self.scorer(play, targets).score(tiles, restored)

    # -- candidates -------------------------------------------------------------------

    def focus(self, play: Play, targets: list[list[Target]], tiles: tuple[int, ...]
              ) -> tuple[set[int], list[int]]:
        """Cells worth moving (the placements and their fitting tiles), and cursed tiles
        worth restoring (fitting tiles, nearest first)."""
        symbol_of = play.table.symbol_of
        cells: set[int] = set()
        wanted: set[int] = set()
        for options in targets:
            for target in options:
                cells.update(target[0])
                wanted.update(target[1])
                if target[2]:
                    wanted.add(JOKER)
        fitting = [c for c, tile in enumerate(tiles) if symbol_of[tile] in wanted]
        in_place = [c for c in fitting if c in cells]
        cursed = [tiles[c] for c in in_place + [c for c in fitting if c not in cells]
                  if not play.restored >> tiles[c] & 1]
        return cells | set(fitting), list(dict.fromkeys(cursed))

    def candidates(self, play: Play, effect: str, tiles: tuple[int, ...], restored: int,
                   focus: set[int], cursed: list[int],
                   rank: Callable[[tuple[Step, ...]], float] | None = None
                   ) -> Iterator[tuple[Step, ...]]:
        """Focused uses of ``effect`` on this grid (multi-swap effects pair the
        ``PAIRED_SINGLES`` best single swaps by ``rank``; without it, singles only)."""
        n = play.table.n
        pairs = _direction_pairs(n)
        cursed = [t for t in cursed if not restored >> t & 1][:6]
        if effect.startswith("restore"):
            most = {"restore": 1, "restore-2": 2, "restore-3": 3}[effect]
            for k in range(1, most + 1):
                for group in combinations(cursed, k):
                    yield tuple((RESTORE, t, 0) for t in group)
            return
        kind = {"swap": "orthogonal", "swap-orthogonal-3": "orthogonal",
                "swap-horizontal-2": "horizontal", "swap-vertical-2": "vertical",
                "swap-diagonal": "diagonal", "swap-diagonal-2": "diagonal"}.get(effect)
        if kind is not None:
            singles = [((SWAP, a, b),) for a, b in pairs[kind]
                       if (a in focus or b in focus) and tiles[a] != tiles[b]]
            yield from singles
            if effect in ("swap-horizontal-2", "swap-vertical-2", "swap-diagonal-2",
                          "swap-orthogonal-3") and rank is not None:
                best = sorted(singles, key=lambda s: (rank(s), s))[:PAIRED_SINGLES]
                for (first,), (second,) in combinations(best, 2):
                    yield (first, second)
                    if {first[1], first[2]} & {second[1], second[2]}:
                        yield (second, first)
            return
        if effect in ("rotate-row", "rotate-column", "rotate-row-and-column"):
            rows = sorted({c // n for c in focus})
            cols = sorted({c % n for c in focus})
            if effect == "rotate-row":
                yield from (((ROW, r, w),) for r in rows for w in (1, -1))
            elif effect == "rotate-column":
                yield from (((COLUMN, c, w),) for c in cols for w in (1, -1))
            else:
                for r in rows:
                    for c in cols:
                        for wr in (1, -1):
                            for wc in (1, -1):
                                yield ((ROW, r, wr), (COLUMN, c, wc))
                                yield ((COLUMN, c, wc), (ROW, r, wr))
            return
        if effect == "swap-any":
            spots = sorted(focus)
            for a, b in combinations(spots, 2):
                yield ((SWAP, a, b),)
            return
        if effect == "joker-pass":
            yield ()

    def options(self, play: Play, used_basic: int, used_special: bool
                ) -> list[tuple[str, int, str]]:
        """The (source, index, effect) still owed this turn after the ones planned."""
        out = []
        if play.basics_left - used_basic > 0:
            out.extend([("basic", 0, effect) for effect in ("restore", "swap")
                        if has_use(play, effect)])
        if not play.special_used and not used_special:
            seen = set()
            for i, effect in enumerate(play.specials):
                if play.active[i] and effect not in seen and has_use(play, effect):
                    seen.add(effect)
                    out.append(("special", i, effect))
        return out

    # -- planning ---------------------------------------------------------------------

    def make_plan(self, play: Play) -> list[Action]:
        """Beam search over the owed actions of this turn."""
        finished = self.plans(play)
        return list(finished[0][3]) if finished else []

    def plans(self, play: Play) -> list[tuple[float, tuple[int, ...], int, tuple[Action, ...],
                                             int, bool]]:
        """The finished plans of the beam search, best first: (score, tiles, restored,
        actions, basics used, special used)."""
        if self.kernel is not None:
            return self.kernel.plans(self._arrays(play), play)  # type: ignore[no-any-return]
        targets = self.targets(play)
        scorer = self.scorer(play, targets)
        start = scorer.score(play.tiles, play.restored)
        Beam = tuple[float, tuple[int, ...], int, tuple[Action, ...], int, bool]
        beam: list[Beam] = [(start, play.tiles, play.restored, (), 0, False)]
        finished: list[Beam] = []
        n = play.table.n
        while beam:
            # A grown entry is its parent's fields and the new action's (source, index,
            # effect) and steps; the Action is made only for the entries kept.
            grown: list[tuple[float, tuple[int, ...], int, Beam, tuple[str, int, str],
                              tuple[Step, ...]]] = []
            for parent in beam:
                _, tiles, restored, actions, basics, special = parent
                owed = self.options(play, basics, special)
                if not owed:
                    finished.append(parent)
                    continue
                focus, cursed = self.focus(play, targets, tiles)

                def rank(steps: tuple[Step, ...], tiles: tuple[int, ...] = tiles,
                         restored: int = restored) -> float:
                    return scorer.score_after(tiles, restored, steps, apply_steps(
                        n, tiles, restored, steps))

                for option in owed:
                    for steps in self.candidates(play, option[2], tiles, restored, focus,
                                                 cursed, rank):
                        if len(steps) == 1 and steps[0][0] == SWAP:
                            _, a, b = steps[0]
                            cells = list(tiles)
                            cells[a], cells[b] = cells[b], cells[a]
                            after = (tuple(cells), restored)
                        else:
                            after = apply_steps(n, tiles, restored, steps)
                        value = scorer.score_after(tiles, restored, steps, after)
                        grown.append((value, after[0], after[1], parent, option, steps))
            if len(grown) > BEAM:
                # Only entries scoring at most the BEAM-th best score can be among the BEAM
                # first by the full key; the filter keeps their order (the sort is stable).
                cut = sorted([g[0] for g in grown])[BEAM - 1]
                grown = [g for g in grown if g[0] <= cut]
            grown.sort(key=lambda g: (g[0], len(g[3][3]) + 1,
                                      [a.steps for a in g[3][3]] + [g[5]]))
            beam = []
            for value, t2, r2, parent, (source, index, effect), steps in grown[:BEAM]:
                beam.append((value, t2, r2, parent[3] + (Action(source, index, effect, steps),),
                             parent[4] + (source == "basic"), parent[5] or source == "special"))
        finished.sort(key=lambda b: (b[0], [a.steps for a in b[3]]))
        return finished

    def next_action(self, play: Play) -> Action | None:
        if not play.must_act():
            return self.reward_action(play)
        if not self.plan or self.plan_turn != play.turn or tuple(play.row) != self.plan_row:
            self.plan = self.make_plan(play)
            self.plan_turn = play.turn
            self.plan_row = tuple(play.row)
        while self.plan:
            action = self.plan.pop(0)
            if self._still_legal(play, action):
                return action
        return self._fallback(play)

    def _still_legal(self, play: Play, action: Action) -> bool:
        from generator.systems.glyphs.game import check_steps

        if action.source == "basic" and play.basics_left < 1:
            return False
        if action.source == "special" and (play.special_used or not play.active[action.index]):
            return False
        return not check_steps(play.table.n, play.restored, action.effect, action.steps)

    def _fallback(self, play: Play) -> Action | None:
        if play.basics_left > 0:
            a, b = adjacent_pairs(play.table.n, ORTHOGONAL)[0]
            return Action("basic", 0, "swap", ((SWAP, a, b),))
        for i, effect in enumerate(play.specials):
            if play.active[i] and not play.special_used and has_use(play, effect):
                return Action("special", i, effect, _any_use(play, effect))
        return None

    def best_use(self, play: Play, effect: str, plan: tuple[list[list[Target]], Scorer] | None
                 = None) -> tuple[float, tuple[Step, ...] | None]:
        """The use of ``effect`` that scores best on this grid (None: no use improves it).
        ``plan``: the targets and scorer of this grid, when the caller has them."""
        if self.kernel is not None:
            return self._weigh_use(play, effect, plan)[1:]
        targets, scorer = plan or self._plan_of(play)
        focus, cursed = self.focus(play, targets, play.tiles)
        best: tuple[float, tuple[Step, ...] | None] = (
            scorer.score(play.tiles, play.restored), None)

        def rank(steps: tuple[Step, ...]) -> float:
            return scorer.score_after(play.tiles, play.restored, steps, apply_steps(
                play.table.n, play.tiles, play.restored, steps))

        for steps in self.candidates(play, effect, play.tiles, play.restored, focus, cursed,
                                     rank):
            if effect == "joker-pass":
                continue
            value = scorer.score_after(play.tiles, play.restored, steps, apply_steps(
                play.table.n, play.tiles, play.restored, steps))
            if value < best[0] - 1e-9:
                best = (value, steps)
        return best

    def _plan_of(self, play: Play) -> tuple[list[list[Target]], Scorer]:
        targets = self.targets(play)
        return targets, self.scorer(play, targets)

    def _weigh_use(self, play: Play, effect: str,
                   plan: tuple[list[list[Target]], Scorer] | None = None
                   ) -> tuple[float, float, tuple[Step, ...] | None]:
        """The grid's score, and :meth:`best_use` of ``effect``."""
        if self.kernel is not None:
            return self.kernel.best_use(  # type: ignore[no-any-return]
                self._arrays(play), play, effect)
        plan = plan or self._plan_of(play)
        value, steps = self.best_use(play, effect, plan)
        return plan[1].score(play.tiles, play.restored), value, steps

    def reward_action(self, play: Play) -> Action | None:
        """Use a held reward when it solves a card now, or on the last turn when it helps."""
        last = play.turn >= len(play.table.slots) - 1
        plan = None if self.kernel is not None else self._plan_of(play)
        for i, effect in enumerate(play.held):
            if effect == "joker-pass":
                if any(play.table.cards[c].jokers == 0 and is_solved(
                        play.table.n, play.tiles, play.restored, play.table.symbol_of,
                        play.table.cards[c].wanted, 1) for c in play.row):
                    return Action("reward", i, effect, ())
                continue
            now, value, steps = self._weigh_use(play, effect, plan)
            if steps is not None and (value <= now - SOLVED_BONUS + 1 or (last and value < now)):
                return Action("reward", i, effect, steps)
        return None

    def pick_reward(self, play: Play) -> int:
        return min(range(len(play.reward_row)),
                   key=lambda i: (REWARD_PREFERENCE.index(play.reward_row[i]), i))

    def give_back(self, play: Play) -> tuple[int, Action | None]:
        index = max(range(len(play.held)),
                    key=lambda i: (REWARD_PREFERENCE.index(play.held[i]), i))
        effect = play.held[index]
        if effect == "joker-pass":
            return index, None
        _, steps = self.best_use(play, effect)
        return index, (Action("reward", index, effect, steps) if steps is not None else None)

    def pick_curses(self, play: Play, count: int) -> list[int]:
        targets = self.targets(play)
        needed: dict[int, int] = {}
        wanted: set[int] = set()
        for options in targets:
            for k, target in enumerate(options):
                wanted.update(target[1])
                for cell in target[0]:
                    needed[play.tiles[cell]] = max(needed.get(play.tiles[cell], 0),
                                                   TOP_PLACEMENTS - k + 1)
        symbol_of = play.table.symbol_of

        def value(tile: int) -> tuple[int, int, int]:
            return (needed.get(tile, 0), int(symbol_of[tile] in wanted or
                                             symbol_of[tile] == JOKER), tile)

        restored = [t for t in play.tiles if play.restored >> t & 1]
        return sorted(restored, key=value)[:count]


LOOKAHEAD_PLANS = 3
"""The best plans of a turn that :class:`Lookahead` weighs by the turn after them."""


class Lookahead(Planner):
    """The planner, looking one turn ahead: of its :data:`LOOKAHEAD_PLANS` best plans
    (distinct end grids), it plays the one whose grid scores best after this turn plus
    after the best plan of the next turn, played on that grid as if the riddle row,
    the curses and the special tiles stayed as they are (solving a card now counts in
    both turns, so a card solved now beats the same card solved next turn)."""

    def make_plan(self, play: Play) -> list[Action]:
        finished = self.plans(play)
        kept: list[tuple[float, tuple[int, ...], int, tuple[Action, ...], int, bool]] = []
        grids: set[tuple[tuple[int, ...], int]] = set()
        for plan in finished:
            if (plan[1], plan[2]) not in grids:
                grids.add((plan[1], plan[2]))
                kept.append(plan)
            if len(kept) == LOOKAHEAD_PLANS:
                break
        if len(kept) < 2:
            return list(kept[0][3]) if kept else []
        best: tuple[float, float, int] | None = None
        chosen = kept[0]
        for rank, plan in enumerate(kept):
            after = replace(play, tiles=plan[1], restored=plan[2], basics_left=BASIC_PER_TURN,
                            special_used=False, turn=play.turn + 1, log=[])
            following = self.plans(after)
            later = following[0][0] if following else plan[0]
            key = (plan[0] + later, plan[0], rank)
            if best is None or key < best:
                best, chosen = key, plan
        return list(chosen[3])


def _any_use(play: Play, effect: str) -> tuple[Step, ...]:
    """Some legal use of an effect (the first one listed)."""
    n = play.table.n
    if effect.startswith("restore"):
        cursed = [t for t in play.tiles if not play.restored >> t & 1]
        if cursed:
            return ((RESTORE, cursed[0], 0),)
        return ((ROW, 0, 1),) if effect == "rotate-row" else ((SWAP, 0, 1),)
    if effect == "rotate-row":
        return ((ROW, 0, 1),)
    if effect == "rotate-column":
        return ((COLUMN, 0, 1),)
    kind = {"swap-horizontal-2": ((0, 1),), "swap-vertical-2": ((1, 0),),
            "swap-diagonal": DIAGONAL}.get(effect, ORTHOGONAL)
    a, b = adjacent_pairs(n, kind)[0]
    return ((SWAP, a, b),)


class RandomPolicy:
    """Uniform among the owed actions' uses, each drawn at random; random rewards and curses."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.helper = Planner()

    def _random_use(self, play: Play, effect: str) -> tuple[Step, ...]:
        n = play.table.n
        cells = set(range(n * n))
        cursed = [t for t in play.tiles if not play.restored >> t & 1]
        self.rng.shuffle(cursed)
        uses = list(self.helper.candidates(play, effect, play.tiles, play.restored, cells, cursed))
        return self.rng.choice(uses) if uses else _any_use(play, effect)

    def next_action(self, play: Play) -> Action | None:
        owed = self.helper.options(play, 0, False)
        if not owed:
            return None
        source, index, effect = self.rng.choice(owed)
        if effect == "restore" and play.restored == (1 << len(play.tiles)) - 1:
            effect = "swap"
        steps = self._random_use(play, effect)
        if effect.startswith("restore") and not steps:
            steps = _any_use(play, "swap")
            effect = "swap" if source == "basic" else effect
        return Action(source, index, effect, steps)

    def pick_reward(self, play: Play) -> int:
        return self.rng.randrange(len(play.reward_row))

    def give_back(self, play: Play) -> tuple[int, Action | None]:
        return self.rng.randrange(len(play.held)), None

    def pick_curses(self, play: Play, count: int) -> list[int]:
        restored = [t for t in play.tiles if play.restored >> t & 1]
        return self.rng.sample(restored, count)


def make_policy(name: str, rng: random.Random) -> Planner | RandomPolicy:
    """A fresh policy for one game. Raises KeyError for an unknown name."""
    if name == "planner":
        return Planner(rng)
    if name == "random":
        return RandomPolicy(rng)
    if name == "lookahead":
        return Lookahead(rng)
    raise KeyError(name)


__all__ = ["DEFAULT_POLICY", "LOOKAHEAD_PLANS", "POLICIES", "SKILL_ORDER", "Board", "Lookahead", "Planner", "RandomPolicy", "Scorer", "make_policy"]
