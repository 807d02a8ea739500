"""The slow, obvious reference the riddle solver is pinned to (issue 14 §1).

- :func:`random_riddle_text`: a seeded random riddle (1-4 workers, maps up to
  8x8 with sea and bridges, 0-12 coins per colour, a random stockpile, every
  goal kind and end-of-turn effect of the registries, rewards, gods in the
  opening queue, a turn limit);
- :func:`reference_solve`: plain breadth-first search over the game's turns,
  layer by layer, keyed by the whole state (no bound, no pruning, no symmetry,
  no transposition beyond "this exact state is already in this layer"), then
  backward induction for the exact turns left from every state it visited;
- :func:`compare`: the solver's answers (turns, verdict, optimal first moves)
  and its A* estimate on every visited state against the reference; with 4
  players, also the answer taken from the 2-player search where
  ``partners.py`` takes it.

``benchmarks/solver.py --fuzz N`` runs :func:`compare` over N riddles and the
tests run a small seeded sample.
"""
from __future__ import annotations

import random
from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field

from generator.engine.geometry import COLUMN_LETTERS
from generator.engine.state import PIECE_NAMES, Stockpile
from generator.pack.model import Document
from generator.pack.yamlload import load_yaml
from generator.sim.search import UNREACHABLE
from generator.systems.riddle.context import compile_riddle
from generator.systems.riddle.goals import GOALS
from generator.systems.riddle.effects import EFFECTS
from generator.systems.riddle.box import GodCard
from generator.systems.riddle.model import Riddle, build_riddle
from generator.systems.riddle.partners import as_four_players
from generator.systems.riddle.results import ObjectiveResult
from generator.systems.riddle.solver import (
    SOLVED,
    UNSOLVABLE,
    RiddleGame,
    solve_objective,
)
from generator.systems.riddle.state import RiddleState

GIFT = GodCard("gift", "Gift", "builder", Stockpile(1, 1, 1, 0), "gift", "A gift.")
DOMER = GodCard("domer", "Domer", "builder", Stockpile(0, 0, 0, 1), "domer", "Domes.")
FUZZ_GODS = {"gift": GIFT, "domer": DOMER}
"""God cards the generated riddles may queue (only their pieces matter to the solver)."""

DEPTH = 10
"""Turns the reference looks ahead at most (the solver then gets the same horizon)."""
STATES = 12_000
"""States a reference search may generate before the case is skipped as too big."""


# -- random riddles ----------------------------------------------------------------------


def _name(width: int, sq: int) -> str:
    return f"{COLUMN_LETTERS[sq % width]}{sq // width + 1}"


def _goal(rng: random.Random, width: int, land: list[int], depth: int = 0) -> str:
    kinds = sorted(GOALS)
    kind = rng.choice([k for k in kinds if k != "slots" and (depth < 1 or k not in
                                                               ("all_of", "any_of"))])
    at = _name(width, rng.choice(land))
    if kind == "stand":
        figure = rng.choice(["worker", "worker", "king", "sphinx", "any"])
        parts = [f"figure: {figure}", f"level: {rng.randint(0, 3)}"]
        if rng.random() < 0.6:
            parts.append(f"at: {at}")
        return "{stand: {" + ", ".join(parts) + "}}"
    if kind == "build":
        what = rng.choice(["block", "dome", "tower"])
        region = rng.sample(land, rng.randint(1, min(3, len(land))))
        parts = [f"what: {what}", f"count: {rng.randint(1, 2)}"]
        if rng.random() < 0.5:
            parts.append("region: [" + ", ".join(_name(width, sq) for sq in region) + "]")
        return "{build: {" + ", ".join(parts) + "}}"
    if kind == "blessings":
        return f"{{blessings: {{count: {rng.randint(1, 2)}}}}}"
    if kind == "sphinx_wins":
        return "{sphinx_wins: {count: 1}}"
    if kind == "within":
        return f"{{within: {rng.randint(1, 5)}}}"
    children = ", ".join(_goal(rng, width, land, depth + 1) for _ in range(2))
    return f"{{{kind}: [{children}]}}"


def _effect(rng: random.Random, width: int, land: list[int], figures: str) -> str:
    kind = rng.choice(sorted(EFFECTS))
    at = _name(width, rng.choice(land))
    if kind == "sink":
        return f"{{sink: {{at: {at}, turn: {rng.randint(1, 4)}}}}}"
    if kind == "remove-top":
        to = rng.choice(["box", "stockpile"])
        return f"{{remove-top: {{at: {at}, to: {to}}}}}"
    if kind == "step-toward-closest-worker":
        figure = "king" if "K" in figures else "sphinx"
        return f"{{step-toward-closest-worker: {{figure: {figure}}}}}"
    piece = rng.choice(PIECE_NAMES)
    return f"{{{kind}: {{piece: {piece}, count: {rng.randint(1, 2)}}}}}"


def random_riddle_text(rng: random.Random, players: int | None = None) -> tuple[str, int]:
    """A random riddle's YAML text and the player count to solve it for (``players``,
    when given and the map has room for four workers, else one)."""
    small = rng.random() < 0.8
    width = rng.randint(2, 4 if small else 8)
    height = rng.randint(1 if width > 2 else 2, 4 if small else 8)
    size = width * height
    cells = ["."] * size
    sea = [sq for sq in range(size) if rng.random() < 0.15]
    for sq in sea:
        cells[sq] = "~"
    land = [sq for sq in range(size) if cells[sq] != "~"]
    if len(land) < 3:
        land = list(range(size))
        cells = ["."] * size
    players = rng.choice([1, 1, 1, 2, 3, 4]) if players is None else players
    workers = 4 if players > 1 else rng.randint(1, min(4, len(land) - 1))
    if len(land) < workers + 1:
        players, workers = 1, 1
    spots = rng.sample(land, len(land))
    marks = {sq: "" for sq in land}
    for sq in spots[:workers]:
        marks[sq] += "W"
    rest = spots[workers:]
    figures = ""
    if rest and rng.random() < 0.3:
        marks[rest.pop()] += "K"
        figures += "K"
    if rest and rng.random() < 0.2:
        marks[rest.pop()] += "S"
        figures += "S"
    for sq in land:
        if rng.random() < 0.12:
            marks[sq] += "b"
        if rng.random() < 0.2:
            height_mark = rng.choice("1123" if "W" not in marks[sq] else "12")
            if "4" not in height_mark:
                cells[sq] = height_mark
    grid = []
    for r in range(height):
        row = []
        for c in range(width):
            sq = r * width + c
            cell = cells[sq]
            extra = marks.get(sq, "")
            row.append(extra if cell == "." and extra else cell + extra)
        grid.append(" ".join(row))
    bridges = []
    for r in range(height):
        for c in range(width - 2):
            a, mid, b = r * width + c, r * width + c + 1, r * width + c + 2
            if cells[mid] == "~" and cells[a] != "~" and cells[b] != "~" and rng.random() < 0.7:
                bridges.append(f"[{_name(width, a)}, {_name(width, b)}]")
    coin_squares = [sq for sq in land if rng.random() < 0.5]
    rng.shuffle(coin_squares)
    coins = []
    for sq in coin_squares[:rng.randint(0, 24)]:
        colour = rng.choice(["silver", "gold"])
        levels = sorted(rng.sample([1, 2, 3, 4], rng.randint(1, 2)))
        coins.append(f"  - {{at: {_name(width, sq)}, colour: {colour}, "
                     f"levels: [{', '.join(map(str, levels))}]}}")
    counts = {"silver": 0, "gold": 0}
    for line in coins:
        counts["silver" if "silver" in line else "gold"] += 1
    stock = {p: rng.randint(0, 3) for p in ("level1", "level2", "level3", "dome")}
    objectives = []
    tiers = ["silver", "gold", "heroic", "godlike"][:rng.randint(1, 3)]
    for tier in tiers:
        lines = [f"  - tier: {tier}"]
        if rng.random() < 0.5 and (counts["silver"] or counts["gold"]):
            slots = {c: rng.randint(1, min(3, n)) for c, n in counts.items()
                     if n and rng.random() < 0.7} or {
                max(counts, key=lambda c: counts[c]): 1}
            lines.append("    slots: {" + ", ".join(f"{c}: {n}" for c, n in slots.items()) + "}")
        else:
            lines.append(f"    goal: {_goal(rng, width, land)}")
        if rng.random() < 0.3:
            piece = rng.choice(["any", *PIECE_NAMES])
            lines.append(f"    reward: {{piece: {piece}, count: {rng.randint(1, 2)}}}")
        objectives.append("\n".join(lines))
    if rng.random() < 0.6:
        objectives[-1] += "\n    ends: true"
    text = ["kind: riddle", "id: fuzz", "number: 1", "title: Fuzz", "island: x",
            f"players: [{players}]", "map:", "  grid: |"]
    text += [f"    {row}" for row in grid]
    if bridges:
        text.append("  bridges:")
        text += [f"    - {b}" for b in bridges]
    if coins:
        text.append("coins:")
        text += coins
    text.append("stockpile: {" + ", ".join(f"{p}: {n}" for p, n in stock.items()) + "}")
    if rng.random() < 0.3:
        queue = rng.sample(sorted(FUZZ_GODS), rng.randint(1, 2))
        text.append(f"gods: {{deck: [{', '.join(queue)}], queue: [{', '.join(queue)}]}}")
    text.append("objectives:")
    text += objectives
    effects = [_effect(rng, width, land, figures) for _ in range(rng.choice([0, 0, 1, 2]))]
    effects = [e for e in effects if "step-toward" not in e or figures]
    if effects:
        text.append("end_of_turn:")
        text += [f"  - {e}" for e in effects]
    if rng.random() < 0.2:
        text.append(f"turn_limit: {rng.randint(1, 6)}")
    return "\n".join(text) + "\n", players


def riddle_of_text(text: str) -> Riddle | None:
    """The model of a riddle text, or None when it has problems (the case is skipped)."""
    try:
        doc = load_yaml(text, "fuzz.yaml").documents[0]
        riddle, diags = build_riddle(Document("riddle", "fuzz", "fuzz.yaml", doc), text)
    except Exception:  # noqa: BLE001 - a generated text the loader rejects is skipped
        return None
    return riddle if riddle is not None and not diags else None


# -- the reference search ----------------------------------------------------------------


@dataclass
class Reference:
    """What plain breadth-first search found for one objective."""

    turns: int | None  # fewest turns, None when none within the look-ahead
    finished: bool  # every line was followed to its end (no look-ahead or state cap hit)
    capped: bool  # the state cap stopped it: the case is too big to decide
    exact: dict[RiddleState, int] = field(default_factory=dict)  # state -> turns left
    first_moves: int = 0  # distinct first moves that start a shortest line


def reference_solve(game: RiddleGame, depth: int = DEPTH, states: int = STATES) -> Reference:
    """Breadth-first search, one layer per turn, each state compared whole.

    Every state of a layer is expanded, goal or dead end aside; the exact turns
    left from each are then found backwards from the last layer.
    """
    layers: list[dict[RiddleState, None]] = [dict.fromkeys(game.starts())]
    children: dict[RiddleState, list[tuple[Hashable, RiddleState]]] = {}
    seen = 0
    found_at: int | None = None
    for d in range(depth):
        nxt: dict[RiddleState, None] = {}
        for s in layers[-1]:
            if game.is_goal(s):
                found_at = d if found_at is None else found_at
                continue
            children[s] = list(game.successors(s))
            seen += len(children[s])
            if seen > states:
                return Reference(None, False, True)
            nxt.update(dict.fromkeys(c for _, c in children[s]))
        layers.append(nxt)
        if found_at is not None or not nxt:
            break
    if found_at is None and any(game.is_goal(s) for s in layers[-1]):
        found_at = len(layers) - 1
    last = len(layers) - 1
    exact: dict[RiddleState, int] = {}
    for d in range(last, -1, -1):
        for s in layers[d]:
            if game.is_goal(s):
                exact[s] = 0
            elif s in children:
                known = [exact[c] for _, c in children[s] if c in exact]
                if known:
                    exact[s] = min(exact.get(s, UNREACHABLE), min(known) + 1)
    finished = found_at is not None or not layers[-1]
    firsts: set[Hashable] = set()
    if found_at is not None:
        for s in layers[0]:
            if exact.get(s) == found_at:
                for action, child in children.get(s, ()):
                    if exact.get(child) == found_at - 1:
                        firsts.add(game.first_move(s, action))
    return Reference(found_at, finished, False, exact, len(firsts))


# -- the comparison ----------------------------------------------------------------------


@dataclass
class Outcome:
    """One riddle's comparison: cases decided, skipped, and what disagreed."""

    decided: int = 0
    skipped: int = 0
    checked_states: int = 0
    disagreements: list[str] = field(default_factory=list)
    by_players: dict[int, int] = field(default_factory=dict)  # objectives decided per count
    from_two: int = 0  # 4-player objectives also answered from the 2-player search
    kinds: dict[str, int] = field(default_factory=dict)  # disagreements per kind

    def disagree(self, kind: str, message: str) -> None:
        """Record one disagreement of ``kind`` (:data:`KINDS`)."""
        self.disagreements.append(message)
        self.kinds[kind] = self.kinds.get(kind, 0) + 1


KINDS = ("turns", "verdict", "first moves", "estimate", "not searched", "legality",
         "optimal lines", "key moves", "astar", "children cap")
"""The kinds of disagreement the references tell apart: the shortest turns, the
solved/unsolvable verdict, the optimal first moves, an estimate above the exact turns
left, a result without powers searched that breaks its own contract, a printed line
the legality checker refuses, the measures against plain enumeration, A* with a cost
horizon against breadth-first search, and A* stopped by its cap on generated states."""


def compare(text: str, players: int, *, budget: int = 200_000) -> Outcome:
    """Solve every objective of a riddle with the solver and with the reference."""
    out = Outcome()
    riddle = riddle_of_text(text)
    if riddle is None:
        out.skipped += 1
        return out
    ctx = compile_riddle(riddle, players)
    for j, objective in enumerate(ctx.objectives):
        game = RiddleGame(ctx, j, gods=FUZZ_GODS)
        ref = reference_solve(game)
        if ref.capped:
            out.skipped += 1
            continue
        out.decided += 1
        out.by_players[players] = out.by_players.get(players, 0) + 1
        where = f"objective {objective.tier} ({players} players)"
        for state, left in ref.exact.items():
            estimate = game.estimate(state)
            out.checked_states += 1
            if estimate > left:
                out.disagree("estimate", f"{where}: estimate {estimate} > {left} turns left "
                                         f"at turn {state.turn}")
                break
            within = within_disagrees(game, state, estimate, (left - 1, left))
            if within:
                out.disagree("estimate", f"{where}: {within} at turn {state.turn}")
                break
        horizon = None if ref.finished else DEPTH
        result = solve_objective(ctx, j, gods=FUZZ_GODS, budget=budget, horizon=horizon)
        judge(where, result, ref, out)
        if players == 4:  # the 2-player answer where partners.py takes it for 4 players
            paired = solve_objective(compile_riddle(riddle, 2), j, gods=FUZZ_GODS,
                                     budget=budget, horizon=horizon)
            derived = as_four_players(ctx, j, paired, gods=FUZZ_GODS)
            if derived is not None:
                out.from_two += 1
                judge(f"{where}, from 2 players", derived, ref, out)
    return out


def within_disagrees(game: RiddleGame, state: RiddleState, estimate: int,
                     limits: Iterable[int]) -> str:
    """What :meth:`RiddleGame.estimate_within` gets wrong against the estimate at each
    limit ('' when nothing): it must equal the estimate when that is at most the
    limit, else lie above the limit and not above the estimate."""
    for limit in limits:
        value = game.estimate_within(state, limit)
        if value != estimate if estimate <= limit else not limit < value <= estimate:
            return f"estimate_within(limit {limit}) = {value}, estimate {estimate}"
    return ""


def judge(where: str, result: ObjectiveResult, ref: Reference, out: Outcome) -> None:
    """Add to ``out`` what the solver's verdict gets wrong against the reference's."""
    if ref.turns is not None:
        if result.status != SOLVED:
            out.disagree("verdict", f"{where}: solver {result.status} {result.turns}, "
                         f"reference {ref.turns} turns ({result.reason})")
        elif result.turns != ref.turns:
            out.disagree("turns", f"{where}: solver {result.status} {result.turns}, "
                         f"reference {ref.turns} turns ({result.reason})")
        elif result.optimal_first_moves != ref.first_moves:  # uncounted disagrees too
            out.disagree("first moves", f"{where}: {result.optimal_first_moves} optimal "
                         f"first moves, reference {ref.first_moves}")
    elif ref.finished:
        chance = "chance" in result.reason or "unknown" in result.reason
        if result.status != UNSOLVABLE and not (chance and result.status != SOLVED):
            out.disagree("verdict", f"{where}: solver {result.status} {result.turns}, "
                         "reference: no line at all")
    elif result.status == SOLVED and (result.turns or 0) <= DEPTH:
        out.disagree("turns", f"{where}: solver {result.turns} turns, reference: none "
                     f"within {DEPTH}")


def fuzz(seed: int, count: int, *, budget: int = 200_000) -> tuple[Outcome, list[str]]:
    """Compare ``count`` random riddles from ``seed``; the disagreeing riddles' texts too."""
    rng = random.Random(seed)
    total = Outcome()
    bad: list[str] = []
    for _ in range(count):
        text, players = random_riddle_text(rng)
        one = compare(text, players, budget=budget)
        total.decided += one.decided
        total.skipped += one.skipped
        total.checked_states += one.checked_states
        total.from_two += one.from_two
        for kind, n in one.kinds.items():
            total.kinds[kind] = total.kinds.get(kind, 0) + n
        for n, decided in one.by_players.items():
            total.by_players[n] = total.by_players.get(n, 0) + decided
        if one.disagreements:
            total.disagreements.extend(one.disagreements)
            bad.append(f"# players {players}: {'; '.join(one.disagreements)}\n{text}")
    return total, bad
