"""Measures for the designer (issue 22 §2): what an objective's shortest lines look
like, computed from the solver's game (:class:`~.game.RiddleGame`, with or without
god powers) and its par (the shortest number of turns, from the solver).

- ``optimal_lines``: distinct shortest lines, where two lines are the same when they
  play the same multiset of turn labels (:func:`turn_label`: the worker, named by
  the space it leaves, where it goes, build space, piece, power used, god taken,
  blessing cards used). Workers one seat moves are interchangeable, as in the
  solver's key, so a worker is named by its space, not its number. Lines that differ only
  by the order of turns that commute count once; the group's later choices that a
  turn's label does not show (which objective slot a coin fills, which piece a
  reward brings) do not make two lines. Counted up to ``cap``; ``capped`` past it.
- ``key_moves``: the turn labels that every shortest line plays. Exact even when
  ``optimal_lines`` is capped: it is the intersection, over the optimal DAG, of
  what every path contains. ``key_parts`` is the same for the parts of a turn
  (:func:`turn_parts`: a build's space and piece, a god taken, a power or a
  blessing card used), which stay key when the worker or its path may vary.
- ``trap_rate``: the share of seeded playouts of a naive solver (each turn, a child
  with the lowest estimate, ties by ``random.Random(seed)``) that miss the par: no
  goal within par turns (a playout is cut at par turns: later is a miss anyway) or
  stuck (no turn to play).
- ``estimate_gap``: par minus the game's estimate at the start (0: the obvious
  count is the answer).
- ``unused``: what no shortest line uses: pieces of the starting stockpile (per
  kind: the supply minus the most any shortest line builds), gods of the queue
  no shortest line takes, coins none collects, blessing tokens none collects and
  revealed blessing cards none plays.

The optimal DAG is the set of states ``s`` reachable from a start with
``depth(s) + distance(s) == par``. Distances come from a depth-first search with
a transposition table, as in :func:`~generator.sim.search.count_optimal_first_moves`:
every state asked at depth ``d`` is at least ``par - d`` turns from a goal (``par``
being the shortest), so "reaches a goal within ``par - d``" is an exact distance.
The DAG itself is walked over whole states, not keys: a symmetric image of a
state plays mirrored turns, which are other labels. Only the numbering of
interchangeable workers is forgotten (:func:`_canonical`): it changes no label.

>>> Measures(3, 2, False, ("A1-B1 build C1 level1",), 0.25, 200, 1).to_json()["trap_rate"]
0.25
"""
from __future__ import annotations

import bisect
import dataclasses
import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from generator.engine.geometry import NO_SQUARE
from generator.engine.state import PIECE_NAMES, height_at
from generator.sim.search import CHECK_EVERY, UNREACHABLE, CpuCap, cyclic_gc_paused
from generator.systems.riddle.bookkeeping import BLESSING_ACTION, GOD_ACTION, Action, plain_text
from generator.systems.riddle.box import DEFAULT_GEMS, BlessingCard, Die, GodCard
from generator.systems.riddle.campaign import Campaign
from generator.systems.riddle.campaign_checks import RiddleDifficulty
from generator.systems.riddle.context import RiddleContext, compile_riddle
from generator.systems.riddle.game import RiddleGame
from generator.systems.riddle.gods import POWER_ACTION, step_json
from generator.systems.riddle.measure_memo import GameMemo
from generator.systems.riddle.model import Riddle
from generator.systems.riddle.results import (
    SOLVED,
    ObjectiveResult,
    RiddleSolve,
)
from generator.systems.riddle.state import COLOURS, RiddleState

LINES_AT_MOST = 1_000
"""Distinct shortest lines counted before ``optimal_lines`` says ``capped``."""
PLAYOUTS = 200
"""Naive playouts behind ``trap_rate``."""
STATES_AT_MOST = 200_000
"""States each part (the optimal DAG, the playouts) may expand before it stops."""
CHILDREN_AT_MOST = 100_000
"""States each part may *generate* (the children of its expansions) before it stops: the
cap that binds where one expansion is a whole Hermes turn (hundreds of thousands of
children), at the same state on every machine (about 1-3 CPU seconds of states with
powers), so the measures do not depend on the machine's speed."""
BOOK_STATES = 20_000
"""The caps (expanded and generated states, each part) of the measures the build prints
and reports, a tenth of ``solve``'s: every shipped objective whose measures finish
within :data:`STATES_AT_MOST` expands under 2,000, while one that stops spends the whole
cap (seconds each); ``riddlesmith solve`` measures further."""
SECONDS: float | None = None
"""CPU seconds each part of one objective's measures may take by default: None, no such
cap, so the measures stop on :data:`CHILDREN_AT_MOST` and :data:`STATES_AT_MOST` alone, at
the same state on every machine (issue 22 §4: a CPU cap binds under load and changed a
printed book). Callers may pass a cap; a part it stops says so."""
DEPTH_AT_MOST = 400
"""Longest par measured (the searches recurse once per turn)."""

LINES, PLAYOUT = "optimal lines", "trap rate"


@dataclass(frozen=True, slots=True)
class Measures:
    """The designer's measures of one objective (see the module docs).

    A part that stopped on its limit is None (``stopped`` says which and why);
    ``key_moves`` and ``unused`` are then empty.

    >>> m = Measures(4, 1000, True, (), None, 200, 0, stopped="trap rate: 10.0 CPU seconds")
    >>> Measures.from_json(m.to_json()) == m
    True
    """

    par: int
    optimal_lines: int | None  # at most the cap
    capped: bool  # more distinct lines than optimal_lines says
    key_moves: tuple[str, ...]
    trap_rate: float | None
    playouts: int
    estimate_gap: int | None
    unused_pieces: Mapping[str, int] = field(default_factory=dict)  # kind -> pieces
    unused_gods: tuple[str, ...] = ()
    unused_coins: tuple[str, ...] = ()  # "silver B2"
    unused_blessings: tuple[str, ...] = ()  # "token C3", or a revealed card's name
    key_parts: tuple[str, ...] = ()  # "build C3 level2", "take Atlas", "power Artemis"
    states: int = 0  # states the measures expanded
    seconds: float = field(default=0.0, compare=False)  # CPU seconds
    stopped: str = ""  # "" when every part finished; else "part: limit; ..."

    def to_json(self) -> dict[str, Any]:
        return {"par": self.par, "optimal_lines": self.optimal_lines, "capped": self.capped,
                "key_moves": list(self.key_moves), "key_parts": list(self.key_parts),
                "trap_rate": self.trap_rate,
                "playouts": self.playouts, "estimate_gap": self.estimate_gap,
                "unused": {"pieces": dict(self.unused_pieces), "gods": list(self.unused_gods),
                           "coins": list(self.unused_coins),
                           "blessings": list(self.unused_blessings)},
                "states": self.states, "seconds": round(self.seconds, 3),
                "stopped": self.stopped}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Measures:
        unused = data.get("unused", {})
        return cls(data["par"], data.get("optimal_lines"), bool(data.get("capped", False)),
                   tuple(data.get("key_moves", ())), data.get("trap_rate"),
                   data.get("playouts", 0), data.get("estimate_gap"),
                   dict(unused.get("pieces", {})), tuple(unused.get("gods", ())),
                   tuple(unused.get("coins", ())), tuple(unused.get("blessings", ())),
                   tuple(data.get("key_parts", ())), data.get("states", 0), data.get("seconds", 0.0), data.get("stopped", ""))

    def text(self) -> str:
        """One line for the ``solve`` report.

        >>> Measures(3, 2, False, ("take Atlas",), 0.5, 200, 1).text()
        'measures: 2 shortest lines; key moves: take Atlas; key parts: none; trap rate 50% of 200 naive playouts; estimate gap 1'
        """
        parts = []
        if self.optimal_lines is not None:
            count = f"{'more than ' if self.capped else ''}{self.optimal_lines}"
            parts.append(f"{count} shortest line{'s' if self.optimal_lines != 1 else ''}")
            parts.append("key moves: " + (", ".join(self.key_moves) or "none"))
            parts.append("key parts: " + (", ".join(self.key_parts) or "none"))
        if self.trap_rate is not None:
            parts.append(f"trap rate {round(100 * self.trap_rate)}% of {self.playouts} naive "
                         "playouts")
        if self.estimate_gap is not None:
            parts.append(f"estimate gap {self.estimate_gap}")
        unused = [*(f"{n} {k}" for k, n in self.unused_pieces.items()), *self.unused_gods,
                  *(f"{c} coin" for c in self.unused_coins), *self.unused_blessings]
        if unused:
            parts.append("unused: " + ", ".join(unused))
        if self.stopped:
            parts.append(f"stopped: {self.stopped}")
        return "measures: " + "; ".join(parts)


class _Stop(Exception):
    """A part ran out of states or CPU seconds."""


class _Distances:
    """Exact distances of states reached at a known depth below a start whose
    shortest line takes ``par`` turns (see the module docs)."""

    def __init__(self, game: RiddleGame, budget: int, cap: CpuCap,
                 children: int = CHILDREN_AT_MOST, memo: GameMemo | None = None) -> None:
        self.game = game
        self.memo = memo = GameMemo(game) if memo is None else memo
        self.budget = budget
        self.cap = cap
        self.children = children
        self.generated = 0
        self.expanded = 0
        self.exact: dict[int, int] = {}  # key -> turns left (proven)
        self.lower: dict[int, int] = {}  # key -> more turns than this are left
        self.within_limit = memo.estimate_within
        self.successors = memo.successors

    def tick(self) -> None:
        if self.expanded >= self.budget or (self.expanded % CHECK_EVERY == 0
                                            and self.cap.spent()):
            raise _Stop
        self.expanded += 1

    def born(self) -> None:
        """Count one generated child; stop past :attr:`children`."""
        self.generated += 1
        if self.generated > self.children:
            raise _Stop

    def fits(self, state: RiddleState, k: int) -> bool:
        """Whether ``state`` (asked at depth ``par - k``) reaches a goal in ``k`` turns."""
        game = self.game
        if game.is_goal(state):
            return k == 0
        if k <= 0 or self.within_limit(state, k) > k:
            return False
        key = game.key(state)
        known = self.exact.get(key)
        if known is not None:
            return known <= k
        if self.lower.get(key, -1) >= k:
            return False
        return self._within(state, key, k)

    def _within(self, state: RiddleState, key: int, k: int) -> bool:
        game = self.game
        self.tick()
        k1 = k - 1
        listed: list[tuple[int, int, RiddleState]] = []
        for _, child in self.successors(state):
            self.born()
            if game.is_goal(child):
                self.exact[key] = k
                return True
            if k1 <= 0:
                continue
            h = self.within_limit(child, k1)
            if h <= k1:
                listed.append((h, len(listed), child))
        listed.sort(key=lambda item: item[:2])
        for _, _, child in listed:
            if self.fits(child, k1):
                self.exact[key] = k
                return True
        self.lower[key] = k
        return False


@dataclass
class _Node:
    """What the optimal DAG below one state holds."""

    lines: set[tuple[int, ...]]  # sorted label ids of each distinct rest of a line
    must: frozenset[int]  # labels every path from here plays
    must_parts: frozenset[str]  # turn parts every path from here plays
    built: tuple[int, int, int, int]  # the most pieces of each kind a path builds


@dataclass
class _Walk:
    """The optimal DAG's walk: labels, what the lines use, the nodes done."""

    game: RiddleGame
    distances: _Distances
    cap: int
    labels: dict[str, int] = field(default_factory=dict)
    nodes: dict[RiddleState, _Node] = field(default_factory=dict)  # by _canonical
    gods: set[int] = field(default_factory=set)
    coins: int = 0
    tokens: int = 0
    cards: set[int] = field(default_factory=set)

    def node(self, state: RiddleState, k: int) -> _Node:
        canonical = _canonical(self.game, state)
        done = self.nodes.get(canonical)
        if done is not None:
            return done
        game, distances = self.game, self.distances
        distances.tick()
        edges: dict[tuple[int, RiddleState], tuple[tuple[int, int, int, int],
                                                   frozenset[str]]] = {}
        named: dict[Action, tuple[int, tuple[int, int, int, int], frozenset[str]]] = {}
        plies = distances.memo.turn_lists(state)
        for action, child in distances.successors(state):
            distances.born()
            if not (distances.fits(child, k - 1) if k > 1 else game.is_goal(child)):
                continue
            if action not in named:
                label, built, used = turn_use(game, state, action, plies)
                if label not in self.labels:
                    self.labels[label] = len(self.labels)
                named[action] = (self.labels[label], built, frozenset(used.parts))
                self.gods.update(used.gods)
                self.cards.update(used.cards)
            self.coins |= child.collected & ~state.collected
            self.tokens |= state.tokens & ~child.tokens & _workers(child)
            edges[(named[action][0], child)] = named[action][1:]
        lines: set[tuple[int, ...]] = set()
        must: frozenset[int] | None = None
        must_parts: frozenset[str] | None = None
        most = [0, 0, 0, 0]
        for (label_id, child), (built, parts) in edges.items():
            if k > 1:
                below = self.node(child, k - 1)
                rest, below_must, below_built = below.lines, below.must, below.built
                below_parts = below.must_parts
            else:
                rest, below_must, below_built = {()}, frozenset(), (0, 0, 0, 0)
                below_parts = frozenset()
            if len(lines) <= self.cap:
                for tail in rest:
                    merged = list(tail)
                    bisect.insort(merged, label_id)
                    lines.add(tuple(merged))
                    if len(lines) > self.cap:
                        break
            here = below_must | {label_id}
            must = here if must is None else must & here
            these = below_parts | parts
            must_parts = these if must_parts is None else must_parts & these
            for i in range(4):
                most[i] = max(most[i], built[i] + below_built[i])
        out = _Node(lines, must or frozenset(), must_parts or frozenset(),
                    (most[0], most[1], most[2], most[3]))
        self.nodes[canonical] = out
        return out


@dataclass(frozen=True, slots=True)
class TurnUse:
    """What one turn takes from the box: gods taken (queue indices), blessing cards;
    and its parts (:func:`turn_parts`)."""

    gods: tuple[int, ...] = ()
    cards: tuple[int, ...] = ()  # indices of the revealed blessing cards used
    parts: tuple[str, ...] = ()


def _canonical(game: RiddleGame, state: RiddleState) -> RiddleState:
    """``state`` with the workers of each group the key may permute (a seat's workers)
    in square order: its lines are the same labels (they name spaces, not workers).

    Not once a god is held: the powers keep one ply per resulting position (the first
    by worker number), so the labels of the turns that follow may depend on the
    numbering (a Hermes roam; the truth fuzz's ``HERMES_KEY_MOVES``)."""
    book = state.extra
    if book.cards or book.athena >= 0:  # type: ignore[attr-defined]
        return state
    groups = game.assignments[book.assignment].groups  # type: ignore[attr-defined]
    workers = state.board.workers
    moved = list(workers)
    for group in groups:
        if len(group) > 1:
            for i, sq in zip(group, sorted(workers[i] for i in group)):
                moved[i] = sq
    if tuple(moved) == workers:
        return state
    return state._replace(board=state.board._replace(workers=tuple(moved)))


def _workers(state: RiddleState) -> int:
    out = 0
    for sq in state.board.workers:
        if sq != NO_SQUARE:
            out |= 1 << sq
    return out


def turn_label(step: Mapping[str, Any]) -> str:
    """A turn's readable label from its :func:`~.gods.step_json` object: what two
    lines must share for their turns to count as the same turn.

    >>> turn_label({"worker": "W1", "from": "A1", "to": "B2", "build": "C3",
    ...             "piece": "level1", "power": None})
    'A1-B2 build C3 level1'
    >>> turn_label({"worker": None, "power": None, "take_god": "Atlas"})
    'take Atlas'
    """
    parts = []
    if step.get("blessings"):
        parts.append("bless " + "+".join(step["blessings"]) + ":")
    if step.get("take_god"):
        parts.append(f"take {step['take_god']}")
    elif step.get("worker") is not None:
        start = step.get("from")  # names the worker (one figure a space)
        parts.append(f"{start}-{step.get('to')}" if start is not None
                     else f"{step['worker']} to {step.get('to')}")
        if step.get("build") is not None:
            parts.append(f"build {step['build']} {step.get('piece')}")
        for sq, piece in step.get("more_builds", ()):
            parts.append(f"+ {sq} {piece}")
        if step.get("power"):
            parts.append(f"with {step['power']}")
    elif not parts:
        parts.append(repr(sorted(step.items(), key=str)))
    return " ".join(parts)


def turn_parts(step: Mapping[str, Any]) -> tuple[str, ...]:
    """The parts of a turn, from its :func:`~.gods.step_json` object: each build (space
    and piece), the god taken, each power and blessing card used.

    >>> turn_parts({"worker": "W1", "from": "A1", "to": "B2", "build": "C3",
    ...             "piece": "level2", "power": "Artemis", "more_builds": [["D3", "dome"]]})
    ('build C3 level2', 'build D3 dome', 'power Artemis')
    """
    out = []
    if step.get("build") is not None:
        out.append(f"build {step['build']} {step.get('piece')}")
    out.extend(f"build {sq} {piece}" for sq, piece in step.get("more_builds", ()))
    if step.get("take_god"):
        out.append(f"take {step['take_god']}")
    if step.get("power"):
        out.extend(f"power {name}" for name in str(step["power"]).split(" + "))
    out.extend(f"blessing {card}" for card in step.get("blessings", ()))
    return tuple(out)


def turn_use(game: RiddleGame, state: RiddleState, action: Action,
             plies: dict[int, Any] | None = None
             ) -> tuple[str, tuple[int, int, int, int], TurnUse]:
    """The label of ``action`` from ``state`` (:func:`turn_label`), the pieces it builds
    per kind and what it takes from the box. ``plies`` keeps a state's lists of power
    plies and blessing turns between calls (pass one dict per state)."""
    lists = {} if plies is None else plies
    g = game.ctx.geometry
    built = [0, 0, 0, 0]
    if action[0] >= 0:
        step = step_json(g, state, action, None, None)
        built[min(height_at(state.board, action[2]), 3)] += 1
        return (turn_label(step), (built[0], built[1], built[2], built[3]),
                TurnUse(parts=turn_parts(step)))
    if action[0] == GOD_ACTION:
        taken = f"take {plain_text(game.queue[action[1]].name)}"
        return taken, (0, 0, 0, 0), TurnUse((action[1],), parts=(taken,))
    if action[0] == POWER_ACTION:
        if POWER_ACTION not in lists:
            seat, movers, _ = game.movers(state)
            lists[POWER_ACTION] = game.powers.plies(state, seat, movers)
        ply = lists[POWER_ACTION][action[1]]
        for _, piece in ply.builds:
            built[piece] += 1
        step = step_json(g, state, action, game.powers, lists[POWER_ACTION])
        return (turn_label(step), (built[0], built[1], built[2], built[3]),
                TurnUse(parts=turn_parts(step)))
    if action[0] == BLESSING_ACTION:
        if BLESSING_ACTION not in lists:
            lists[BLESSING_ACTION] = game.blessings.turns(game, state)
        used = lists[BLESSING_ACTION][action[1]]
        gods: tuple[int, ...] = ()
        if used.ply is not None:
            step = step_json(g, used.pre, (POWER_ACTION, 0, -1), game.powers, [used.ply])
            for _, piece in used.ply.builds:
                built[piece] += 1
        else:
            step = step_json(g, used.pre, (GOD_ACTION, used.god, -1), game.powers, None)
            gods = (used.god,) if used.god >= 0 else ()
        step["blessings"] = list(used.cards)
        before: int = state.extra.revealed  # type: ignore[attr-defined]
        after: int = used.pre.extra.revealed
        spent = before & ~after
        return (turn_label(step), (built[0], built[1], built[2], built[3]),
                TurnUse(gods, tuple(i for i in range(spent.bit_length()) if spent >> i & 1),
                        turn_parts(step)))
    return repr(action), (0, 0, 0, 0), TurnUse()


def distinct_starts(game: RiddleGame) -> list[RiddleState]:
    """The game's start states, each once (every way to share the workers)."""
    return list(dict.fromkeys(game.starts()))


def measure_objective(game: RiddleGame, par: int, *, seed: int = 0, cap: int = LINES_AT_MOST,
                      playouts: int = PLAYOUTS, seconds: float | None = SECONDS,
                      states: int = STATES_AT_MOST, lines: bool = True,
                      traps: bool = True, children: int = CHILDREN_AT_MOST) -> Measures:
    """The designer's measures of ``game``'s objective, whose shortest line takes
    ``par`` turns (the solver's answer in this game: a par that is not the
    shortest makes the line counts wrong, not merely slow).

    Each part (with ``lines``: the optimal DAG behind ``optimal_lines``,
    ``key_moves`` and ``unused``; with ``traps``: the ``playouts`` behind
    ``trap_rate``) expands at most ``states`` states and takes at most ``seconds``
    of CPU time. A part that stops is None, and ``stopped`` says why.
    """
    with cyclic_gc_paused():
        return _measure(game, par, seed, cap, playouts, seconds, states, lines, traps,
                        children)


def _measure(game: RiddleGame, par: int, seed: int, cap: int, playouts: int,
             seconds: float | None, budget: int, lines: bool, traps: bool,
             children: int = CHILDREN_AT_MOST) -> Measures:
    cpu = time.process_time()
    starts = distinct_starts(game)
    estimates = [game.estimate(s) for s in starts]
    gap = par - min(estimates) if starts and min(estimates) < UNREACHABLE else None
    stopped: list[str] = []
    spent = 0
    memo = GameMemo(game)  # the parts share each state's successors and estimate
    why = (f"{budget} states expanded or {children} generated"
           + ("" if seconds is None else f" or {seconds:g} CPU seconds"))
    count: int | None = None
    capped = False
    key_moves: tuple[str, ...] = ()
    key_parts: tuple[str, ...] = ()
    unused: tuple[dict[str, int], tuple[str, ...], tuple[str, ...], tuple[str, ...]] = (
        {}, (), (), ())
    if par > DEPTH_AT_MOST:
        stopped.append(f"par above {DEPTH_AT_MOST} turns")
        lines = traps = False
    if lines:
        walk = _Walk(game, _Distances(game, budget, CpuCap(seconds), children, memo), cap)
        try:
            tops = [walk.node(s, par) for s in starts if walk.distances.fits(s, par)]
        except _Stop:
            stopped.append(f"{LINES}: {why}")
            tops = None
        spent += walk.distances.expanded
        if tops is not None and not tops:
            stopped.append(f"{LINES}: no line of {par} turns")
        elif tops is not None:
            found: set[tuple[int, ...]] = set()
            for top in tops:
                found |= top.lines
            capped = len(found) > cap
            count = min(len(found), cap)
            must = frozenset.intersection(*(t.must for t in tops))
            names = {i: label for label, i in walk.labels.items()}
            key_moves = tuple(sorted(names[i] for i in must))
            key_parts = tuple(sorted(frozenset.intersection(*(t.must_parts for t in tops))))
            unused = _unused(game, starts[0], walk, tops)
    trap_rate: float | None = None
    if traps:
        try:
            trap_rate, expanded = _trap_rate(memo, starts, par, seed, playouts, budget,
                                             CpuCap(seconds), children)
            spent += expanded
        except _Stop:
            stopped.append(f"{PLAYOUT}: {why}")
            spent += budget
    return Measures(par, count, capped, key_moves, trap_rate, playouts if traps else 0, gap,
                    *unused, key_parts, spent, time.process_time() - cpu, "; ".join(stopped))


def _unused(game: RiddleGame, start: RiddleState, walk: _Walk, tops: Sequence[_Node]
            ) -> tuple[dict[str, int], tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    ctx = game.ctx
    name = ctx.geometry.name
    most = [max(t.built[i] for t in tops) for i in range(4)]
    pieces = {PIECE_NAMES[i]: start.stock[i] - most[i] for i in range(4)
              if start.stock[i] > most[i]}
    gods = tuple(plain_text(god.name) for i, god in enumerate(game.queue) if i not in walk.gods)
    gods += tuple(game.unknown_gods)
    coins = tuple(f"{COLOURS[coin.colour]} {name(coin.square)}" for i, coin in enumerate(ctx.coins)
                  if not start.collected >> i & 1 and not walk.coins >> i & 1)
    left = start.tokens & ~walk.tokens
    blessings = tuple(f"token {name(sq)}" for sq in range(left.bit_length()) if left >> sq & 1)
    if game.blessings.active:
        blessings += tuple(game.blessings.name(i) for i in range(len(game.blessings.cards))
                           if i not in walk.cards)
    return pieces, gods, coins, blessings


def _trap_rate(game: GameMemo, starts: Sequence[RiddleState], par: int, seed: int,
               playouts: int, budget: int, clock: CpuCap,
               children: int = CHILDREN_AT_MOST) -> tuple[float | None, int]:
    """The share of naive playouts that miss ``par``, and the states they expanded."""
    if playouts <= 0 or not starts:
        return None, 0
    rng = random.Random(seed)
    # Each state's children with their estimates, listed once for all playouts.
    known: dict[RiddleState, tuple[bool, list[RiddleState]]] = {}
    expanded = generated = 0
    misses = 0
    for _ in range(playouts):
        state = starts[0] if len(starts) == 1 else rng.choice(starts)
        hit = False
        for _turn in range(par):
            entry = known.get(state)
            if entry is None:
                if expanded >= budget or (expanded % CHECK_EVERY == 0 and clock.spent()):
                    raise _Stop
                expanded += 1
                entry, made = _greedy(game, state, children - generated)
                generated += made
                known[state] = entry
            goal, best = entry
            if goal:
                hit = True
                break
            if not best:
                break  # stuck: no turn to play, or none that can still reach a goal
            state = best[0] if len(best) == 1 else rng.choice(best)
        misses += not hit
    return misses / playouts, expanded


def _greedy(game: GameMemo, state: RiddleState, room: int
            ) -> tuple[tuple[bool, list[RiddleState]], int]:
    """(a child is a goal, the children with the lowest estimate, in the game's order;
    none when every child is a dead end), and the children generated; stops (``_Stop``)
    past ``room`` children."""
    best: list[RiddleState] = []
    low = UNREACHABLE
    made = 0
    is_goal = game.game.is_goal
    for _, child in game.successors(state):
        made += 1
        if made > room:
            raise _Stop
        if is_goal(child):
            return (True, [child]), made
        h = game.estimate(child)
        if h < low:
            low, best = h, [child]
        elif h == low and h < UNREACHABLE:
            best.append(child)
    return (False, list(dict.fromkeys(best))), made


def measures_game(ctx: RiddleContext, target: int, result: ObjectiveResult, *,
                  gods: Mapping[str, GodCard] | None = None, die: Die | None = None,
                  blessings: Mapping[str, BlessingCard] | None = None) -> RiddleGame:
    """The game in which ``result``'s turns are the shortest: the game with the god
    powers and revealed blessings in play when its line uses one, or when the solver
    searched them and found nothing shorter; else the game without (the solver's
    line is then the shortest without powers only, and says so)."""
    plain = RiddleGame(ctx, target, gods=gods, die=die)
    powered = RiddleGame(ctx, target, gods=gods, die=die, powers=True, blessings=blessings)
    if not (powered.powers.active or powered.blessings.active) or plain.unknown_gods:
        return plain
    if any(step.get("power") or step.get("blessings") for step in result.steps):
        return powered
    return powered if result.powers_searched else plain


def measure_solve(riddle: Riddle, solve: RiddleSolve, *,
                  gods: Mapping[str, GodCard] | None = None, die: Die | None = None,
                  blessings: Mapping[str, BlessingCard] | None = None, seed: int = 0,
                  seconds: float | None = SECONDS, lines: bool = True,
                  traps: bool = True, states: int = STATES_AT_MOST,
                  children: int = CHILDREN_AT_MOST) -> RiddleSolve:
    """``solve`` with each solved objective's :class:`Measures` (as JSON) attached,
    each measured in :func:`measures_game` with the solver's turns as par (each part
    within ``states`` expanded and ``children`` generated states)."""
    ctx = compile_riddle(riddle, solve.players, expert=solve.expert,
                         gems=len(die.gems) if die is not None else DEFAULT_GEMS)
    tiers = [o.tier for o in ctx.objectives]
    out = []
    for result in solve.objectives:
        if result.status == SOLVED and result.turns:
            j = tiers.index(result.tier)
            game = measures_game(ctx, j, result, gods=gods, die=die, blessings=blessings)
            measured = measure_objective(game, result.turns, seed=seed, seconds=seconds,
                                         lines=lines, traps=traps, states=states,
                                         children=children)
            result = dataclasses.replace(result, measures=measured.to_json())
        out.append(result)
    return dataclasses.replace(solve, objectives=tuple(out))


def riddle_difficulty(riddle: Riddle, solve: RiddleSolve, *,
                      gods: Mapping[str, GodCard] | None = None, die: Die | None = None,
                      blessings: Mapping[str, BlessingCard] | None = None,
                      traps: bool = False, seed: int = 0,
                      seconds: float | None = SECONDS) -> RiddleDifficulty:
    """What the island check (:func:`~.campaign_checks.iter_island_difficulty`) needs of
    one riddle's solve: its hardest solved objective, and the largest estimate gap and
    (with ``traps``) trap rate over its solved objectives. Only the parts asked for
    are measured: the estimate gap costs one estimate per objective; the trap rate
    is None when not asked for or when a playout stopped on its limit."""
    measured = measure_solve(riddle, solve, gods=gods, die=die, blessings=blessings,
                             seed=seed, seconds=seconds, lines=False, traps=traps)
    solved = [o for o in measured.objectives if o.measures is not None and o.turns]
    if not solved:
        return RiddleDifficulty(riddle.id, None)
    hardest = max(solved, key=lambda o: o.turns or 0)
    gaps = [o.measures["estimate_gap"] for o in solved if o.measures is not None]
    traps_found = [o.measures["trap_rate"] for o in solved if o.measures is not None]
    return RiddleDifficulty(riddle.id, hardest.turns, hardest.tier,
                            None if None in gaps else max(gaps),
                            None if not traps or None in traps_found else max(traps_found))


def island_difficulties(campaigns: Sequence[Campaign], riddles: Mapping[str, Riddle],
                        solves: Mapping[str, RiddleSolve], *,
                        gods: Mapping[str, GodCard] | None = None,
                        dice: Mapping[str, Die] | None = None,
                        blessings: Mapping[str, BlessingCard] | None = None
                        ) -> dict[str, RiddleDifficulty]:
    """Each riddle's :class:`RiddleDifficulty` from its one-player ``solves``, measuring
    only what the island check reads: the estimate gap of every riddle, then the
    trap rates of an island's riddles only when all their gaps are 0, one riddle at
    a time until one has a trap."""
    def one(rid: str, traps: bool) -> RiddleDifficulty:
        riddle = riddles[rid]
        die = (dice or {}).get(riddle.die or "")
        return riddle_difficulty(riddle, solves[rid], gods=gods, die=die,
                                 blessings=blessings, traps=traps)

    out = {rid: one(rid, False) for rid in solves if rid in riddles}
    for campaign in campaigns:
        for island in campaign.islands:
            found = [out.get(rid) for rid in island.riddles]
            if not found or any(d is None or d.estimate_gap != 0 for d in found):
                continue
            for rid in island.riddles:
                out[rid] = one(rid, True)
                if out[rid].trap_rate != 0:
                    break
    return out


__all__ = ["BOOK_STATES", "CHILDREN_AT_MOST", "LINES_AT_MOST", "Measures", "PLAYOUTS", "SECONDS", "STATES_AT_MOST", "TurnUse", "turn_parts",
           "distinct_starts", "island_difficulties", "measure_objective", "measure_solve",
           "measures_game", "riddle_difficulty", "turn_label", "turn_use"]
