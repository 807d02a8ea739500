"""Proof search: can the player win at all, and can they whatever the first dice?

The game alternates *chance nodes* (an enemy turn about to be rolled; its
children are the distinct results of
:func:`~generator.systems.tower.engine.enemy_turn_outcomes`, the exact chance
node) and *player nodes* (the player to move; the children are the legal
actions). A win is a player action that defeats the last enemy.

- **Best case** (``robust_turns=0``): is there *some* dice sequence and some
  sequence of player moves that wins? Every node is an OR node, so this is
  reachability: a depth-first search with a visited set, trying crushes and
  the greedy policy's favourite actions first, and the dice results that look
  best for the builders first. A found line is returned with one roll of
  dice that produces each enemy turn's result.
- **Robust for K turns** (``robust_turns=K``): is there a strategy that still
  wins (with favourable dice afterwards) *whatever* the dice of the first K
  enemy turns? Chance nodes of those turns are AND nodes (a result that loses
  refutes the strategy), memoised on (state, turn); later ones are OR nodes
  searched as above.

Statuses: ``win`` (a line or strategy exists), ``no-win`` (the search
exhausted every line: no play can win; for the best case this makes a
scenario unwinnable), ``unknown`` (the node budget or the horizon of enemy
turns along one line cut the search first).

Soundness of ``no-win``: a best-case search proves it only when no line was
cut by the horizon or the budget; states found unable to win are remembered
only from such complete searches. The budget counts node expansions (an
enemy turn enumerated or a player's actions listed).

>>> from generator.systems.tower.model import game_from_map
>>> game = game_from_map(". 1 .\\nB . .\\n. . 1", ["dark-male C1 S"])
>>> result = prove_win(game)
>>> result.status, len(result.line), result.line[0].dice
('win', 2, (1,))
>>> prove_win(game, robust_turns=1).status
'win'
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass

from generator.systems.tower import engine
from generator.systems.tower.engine import Action, Game, State
from generator.systems.tower.policies._heuristics import Tables, make_tables
from generator.systems.tower.policies.greedy import score_actions

WIN, NO_WIN, UNKNOWN = "win", "no-win", "unknown"
DEFAULT_BUDGET = 20_000
"""Node expansions a proof may spend."""
ACTIONS_AT_MOST = 2_000_000
"""Player actions a proof may list in all (a count, so it stops at the same place on every
machine). The node budget alone does not bound a proof's time: under Morpheus a player
node lists every way to spend the card's stock (100 actions with none stored on
harbour-light, 110,928 with 8, 440,975 with 12: about 4 CPU seconds), and a search
for "no win" explores the lines that hoard. Past this cap the proof is ``unknown``."""
DEFAULT_HORIZON = 40
"""Enemy turns along one line before the search gives up on it."""
MAX_DICE_SHOWN = 5
"""A found line shows a roll for each enemy turn of at most this many dice."""

Tri = bool | None
"""True: wins; False: cannot win; None: not known (budget or horizon)."""


@dataclass(frozen=True, slots=True)
class LineStep:
    """One round of a winning line: a roll, the position it leads to, the player's action."""

    dice: tuple[int, ...]  # one roll giving this result (empty when too many dice to search)
    state: State  # after the enemy turn, the player to move
    action: Action


@dataclass(frozen=True, slots=True)
class ProofResult:
    status: str  # WIN, NO_WIN or UNKNOWN
    robust_turns: int
    line: tuple[LineStep, ...]  # best case: a winning line; robust: empty
    nodes: int  # expansions spent
    budget: int
    horizon: int
    reason: str  # why UNKNOWN (or what was proven), in words

    @property
    def proven(self) -> bool:
        return self.status != UNKNOWN


class _OutOfActions(Exception):
    """A proof listed more than :data:`ACTIONS_AT_MOST` actions: its verdict is unknown."""


class _Search:
    """One proof: its budget, memo tables and the path being explored (mutable, private)."""

    def __init__(self, game: Game, robust_turns: int, budget: int, horizon: int) -> None:
        self.game = game
        self.tables: Tables = make_tables(game)
        self.k = robust_turns
        self.budget = budget
        self.horizon = horizon
        self.nodes = 0
        self.listed = 0  # player actions listed (see ACTIONS_AT_MOST)
        self.exhausted_budget = False
        self.cut = False  # a line was cut in the current best-case search
        self.winning: set[State] = set()  # chance nodes proven to reach a win
        self.losing: set[State] = set()  # chance nodes proven never to reach a win
        self.and_memo: dict[tuple[State, int], Tri] = {}
        self.path: list[tuple[State, Action]] = []
        self.line: list[tuple[State, Action]] = []

    def spend(self) -> bool:
        if self.nodes >= self.budget:
            self.exhausted_budget = True
            return False
        self.nodes += 1
        return True

    # -- ordering ---------------------------------------------------------------------

    def ordered_actions(self, state: State) -> list[Action]:
        actions = engine.list_actions(self.game, state)
        self.listed += len(actions)
        if self.listed > ACTIONS_AT_MOST:
            self.exhausted_budget = True
            raise _OutOfActions
        if len(actions) <= 1:
            return actions
        scores = score_actions(self.tables, state, actions)
        order = sorted(range(len(actions)), key=lambda i: -scores[i])
        return [actions[i] for i in order]

    def promise(self, state: State, weight: int) -> tuple[int, int, int, int]:
        """How good a result of the enemy turn looks for the builders (higher first)."""
        lv = state.levels
        cheb = self.tables.chebyshev
        builders = [b for b in state.builders if b >= 0]
        crushable = 0
        closeness = 0
        for e in state.enemies:
            if e < 0:
                continue
            near = min((cheb[b][e] for b in builders), default=99)
            closeness -= near
            if any(cheb[b][e] <= 2 and lv[b] + 1 > lv[e] for b in builders):
                crushable += 1
        return len(builders), crushable, closeness, weight

    # -- best case (OR everywhere) -----------------------------------------------------

    def reach(self, state: State, depth: int) -> Tri:
        """Can some line win from chance node ``state``? A root OR search."""
        if state in self.winning:
            return True
        if state in self.losing:
            return False
        saved_cut = self.cut
        self.cut = False
        visited: dict[tuple[bool, State], int] = {}
        base = len(self.path)
        result = self.or_chance(state, depth, visited)
        if result is False and self.cut:
            result = None
        if result is False:
            self.losing.update(s for (chance, s) in visited if chance)
        elif result is True:
            self.winning.add(state)
        del self.path[base:]
        self.cut = saved_cut or self.cut
        return result

    def or_chance(self, state: State, depth: int, visited: dict[tuple[bool, State], int]) -> Tri:
        if state in self.winning:
            self.line = list(self.path)
            return True
        if state in self.losing:
            return False
        if depth >= self.horizon:
            self.cut = True
            return False
        key = (True, state)
        if visited.get(key, self.horizon + 1) <= depth:
            return False
        visited[key] = depth
        if not self.spend():
            return None
        _, outcomes = engine.enemy_turn_outcomes(self.game, state)
        alive = [o for o in outcomes if not o.lost]
        alive.sort(key=lambda o: self.promise(o.state, o.weight), reverse=True)
        for o in alive:
            result = self.or_player(o.state, depth, visited)
            if result is not False:
                return result
        return False

    def or_player(self, state: State, depth: int, visited: dict[tuple[bool, State], int]) -> Tri:
        key = (False, state)
        if visited.get(key, self.horizon + 1) <= depth:
            return False
        visited[key] = depth
        if not self.spend():
            return None
        for action in self.ordered_actions(state):
            after = engine.apply_action(self.game, state, action)
            self.path.append((state, action))
            if engine.is_won(after):
                self.line = list(self.path)
                self.path.pop()
                return True
            result = self.or_chance(after, depth + 1, visited)
            self.path.pop()
            if result is not False:
                return result
        return False

    # -- robust (AND over the first K enemy turns) -------------------------------------

    def and_chance(self, state: State, turn: int) -> Tri:
        key = (state, turn)
        if key in self.and_memo:
            return self.and_memo[key]
        if not self.spend():
            return None
        _, outcomes = engine.enemy_turn_outcomes(self.game, state)
        result: Tri = True
        if any(o.lost for o in outcomes):
            result = False
        else:
            # The worst-looking results first: one that cannot be answered ends the search.
            for o in sorted(outcomes, key=lambda o: self.promise(o.state, o.weight)):
                value = self.and_player(o.state, turn)
                if value is False:
                    result = False
                    break
                if value is None:
                    result = None
                    if self.exhausted_budget:
                        break
        if result is not None:
            self.and_memo[key] = result
        return result

    def and_player(self, state: State, turn: int) -> Tri:
        if not self.spend():
            return None
        unknown = False
        for action in self.ordered_actions(state):
            after = engine.apply_action(self.game, state, action)
            if engine.is_won(after):
                return True
            if turn + 1 < self.k:
                value = self.and_chance(after, turn + 1)
            else:
                value = self.reach(after, turn + 1)
            if value is True:
                return True
            if value is None:
                unknown = True
                if self.exhausted_budget:
                    break
        return None if unknown else False


def find_dice(game: Game, before: State, after: State) -> tuple[int, ...]:
    """One roll that turns chance node ``before`` into ``after`` (empty when the roll
    has more than :data:`MAX_DICE_SHOWN` dice or none is found)."""
    count = engine.dice_count(game, before)
    if count > MAX_DICE_SHOWN:
        return ()
    for dice in itertools.product(range(1, 7), repeat=count):
        state, lost = engine.enemy_turn(game, before, dice)
        if not lost and state == after:
            return dice
    return ()


def crushable_squares(game: Game) -> frozenset[int]:
    """Squares where a build could ever defeat an enemy under the game's rules.

    A crush is a block built on an enemy's space from a space at least one
    level higher (a dome would need a builder above level 3), and it is the
    only way to defeat an enemy. A square is out when no builder can ever
    build there (water, a target zone) or when the rules ban every block on
    it while an enemy stands there (a build ban that covers the enemy's own
    space). With no square left, no line of play can win: the search need not
    look (and could not finish looking).

    >>> from generator.systems.tower.model import game_from_map
    >>> sorted(crushable_squares(game_from_map(". 1\\nB .", ["dark-male B1 S"])))
    [0, 1, 2, 3]
    """
    ban = game.rules.build_ban_near_enemy
    buildable = {u for adj in game.build_adj for u in adj}
    return frozenset(u for u in buildable if not (ban and game.ban_adj[u] >> u & 1))


def prove_win(game: Game, *, robust_turns: int = 0, budget: int = DEFAULT_BUDGET,
              horizon: int = DEFAULT_HORIZON, with_line: bool = True) -> ProofResult:
    """Search for a win from the set-up (the enemy moves first); see the module notes.
    ``with_line=False`` leaves the winning line out (finding a roll for each of its
    enemy turns costs more than many a proof).

    Raises ValueError for rules the exact chance node does not support
    (``stop_at_first_loss`` off) or negative parameters.
    """
    if not game.rules.stop_at_first_loss:
        raise ValueError("the proof search needs rules.stop_at_first_loss (the default)")
    if robust_turns < 0 or budget < 1 or horizon < 1:
        raise ValueError("robust_turns must be >= 0, budget and horizon >= 1")
    if not engine.is_won(game.start) and not crushable_squares(game):
        return ProofResult(NO_WIN, robust_turns, (), 0, budget, horizon,
                           "no build can ever defeat an enemy under these rules")
    search = _Search(game, robust_turns, budget, horizon)
    result: Tri
    try:
        if robust_turns == 0:
            result = search.reach(game.start, 0)
        else:
            result = search.and_chance(game.start, 0)
    except _OutOfActions:
        result = None
    line: tuple[LineStep, ...] = ()
    if result is True and robust_turns == 0 and with_line:
        steps = []
        before = game.start
        for state, action in search.line:
            steps.append(LineStep(find_dice(game, before, state), state, action))
            before = engine.apply_action(game, state, action)
        line = tuple(steps)
    status = WIN if result is True else NO_WIN if result is False else UNKNOWN
    which = ("some dice" if robust_turns == 0 else
             f"every roll of the first {robust_turns} enemy turn{'s' if robust_turns > 1 else ''}")
    if status == WIN:
        reason = f"a win exists against {which}"
    elif status == NO_WIN:
        reason = f"no line of play wins against {which}"
    elif search.listed > ACTIONS_AT_MOST:
        reason = f"more than {ACTIONS_AT_MOST:,} player actions were listed"
    elif search.exhausted_budget:
        reason = f"the budget of {budget} nodes ran out"
    else:
        reason = f"lines longer than {horizon} enemy turns were not searched"
    return ProofResult(status, robust_turns, line, search.nodes, budget, horizon, reason)


def describe_action(game: Game, action: Action) -> str:
    """An action in words, god powers included.

    >>> from generator.systems.tower.model import game_from_map
    >>> g = game_from_map("B . 1\\n. . .", ["dark-male C2 N"])
    >>> describe_action(g, (0, 1, 2, -1, 2, -1, (), ()))
    'builder 1 to B1, builds on C1 twice'
    >>> describe_action(g, (0, 1, 2, -1, 2, -1, (5,), ()))
    'builder 1 to B1, builds on C1, C1 and C2'
    """
    rules = game.rules
    bi, to, build, via, extra, other, more, walks = action
    name = game.name
    words = []
    if other >= 0 and rules.force_enemy:
        words.append(f"sends the enemy on {name(other)} across")
    if extra >= 0 and rules.build_before_move:
        words.append(f"builds on {name(extra)} first")
    who = ""
    if walks:
        words.append("builders walk to " + ", ".join(name(w) for w in walks if w >= 0))
        who = f"builder {bi + 1} "
    else:
        words.append(f"builder {bi + 1} to {name(to)}"
                     + (f" via {name(via)}" if via >= 0 else ""))
    pieces = [build, *([] if rules.build_before_move else [extra]), *more]
    pieces = [u for u in pieces if u >= 0]
    if not pieces:
        words.append(f"{who}builds nothing")
    elif len(pieces) == 2 and pieces[0] == pieces[1]:
        words.append(f"{who}builds on {name(build)} twice")
    else:
        names = [name(u) for u in pieces]
        words.append(f"{who}builds on " + (names[0] if len(names) == 1 else
                                            ", ".join(names[:-1]) + f" and {names[-1]}"))
    if other >= 0 and not rules.force_enemy:
        words.append(f"takes a block off {name(other)}")
    return ", ".join(words)


def format_line(game: Game, result: ProofResult) -> list[str]:
    """A found line turn by turn: the roll, the board, the action."""
    lines = []
    for turn, step in enumerate(result.line, 1):
        roll = f"roll {', '.join(map(str, step.dice))}" if step.dice else "some roll"
        lines.append(f"turn {turn}: {roll}; then {describe_action(game, step.action)}")
        lines.extend("    " + row for row in engine.format_state(game, step.state).splitlines())
    return lines


__all__ = ["DEFAULT_BUDGET", "DEFAULT_HORIZON", "LineStep", "NO_WIN", "ProofResult", "UNKNOWN",
           "WIN", "describe_action", "find_dice", "format_line", "prove_win"]
