"""An independent legality checker for printed solution lines (issue 14 §1).

It reads a riddle's set-up from the model's plain data (heights, figures, the
grid's size, sea and bridge pairs, coins, stockpile) and replays notation such
as ``P2 W1 B2-C3 build C4 (level 2; silver coin -> silver objective)`` with its
own, deliberately simple rules code: none of the solver's, the engine's move
generator or the goal and effect classes is used to decide legality.

What it checks, turn by turn: the seat to play (2-4 players), the worker and
its square, the step (one of eight neighbours or a bridge, on land, free,
undomed, at most one level up), the build (a neighbour of the new square, not
across a bridge, free, undomed, the right piece and it is in the stockpile),
the piece named in the notes, coins (collected exactly when a level they show
is built, into a free slot of their colour), god takes (a queued god not yet
taken; its pieces), blessings under workers, a sinking space on its turn, and
stockpile changes from effects; and at the end that the objective is reached
(slots, stand and build goals by its own counting, others by the note).
End-of-turn figure steps and removed pieces are taken from the notes, after
checking that they are legal steps and real pieces.
"""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from generator.engine.geometry import NO_SQUARE
from generator.systems.riddle.model import GodCard, Riddle

PIECES = ("level1", "level2", "level3", "dome")
TURN = re.compile(r"^(?:P(?P<seat>\d) )?(?:W(?P<w>\d) (?P<src>[A-H]\d)-(?P<dst>[A-H]\d) "
                  r"build (?P<build>[A-H]\d)|take (?P<god>.+?) from the queue)"
                  r"(?: \((?P<notes>.*)\))?$")


@dataclass
class Position:
    """The replayed position, in plain Python containers."""

    width: int
    height: int
    land: set[int]
    bridges: set[frozenset[int]]
    heights: dict[int, int]
    domes: set[int]
    workers: list[int]
    king: int
    sphinx: int
    stock: list[int]
    tokens: set[int]
    coins: dict[int, tuple[str, tuple[int, ...]]]
    slots: dict[str, list[int]] = field(default_factory=dict)  # tier -> [silver, gold] filled
    taken: set[str] = field(default_factory=set)
    turn: int = 0
    blessings: int = 0
    achieved: set[str] = field(default_factory=set)


def square(name: str, width: int) -> int:
    return (int(name[1:]) - 1) * width + "ABCDEFGH".index(name[0])


def neighbours(pos: Position, sq: int) -> set[int]:
    """The eight surrounding land squares (builds; moves add bridges)."""
    r, c = divmod(sq, pos.width)
    out = set()
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if (dr or dc) and 0 <= r + dr < pos.height and 0 <= c + dc < pos.width:
                n = (r + dr) * pos.width + c + dc
                if n in pos.land:
                    out.add(n)
    return out


def start(riddle: Riddle, *, expert: bool = False) -> Position:
    board = riddle.board
    g = board.geometry
    stock = riddle.stockpile
    if expert and riddle.expert is not None and riddle.expert.stockpile is not None:
        stock = riddle.expert.stockpile
    return Position(
        g.width, g.height, {sq for sq in range(g.width * g.height) if g.land >> sq & 1},
        {frozenset(pair) for pair in g.bridges},
        {sq: h for sq, h in enumerate(board.heights)},
        {sq for sq in range(g.width * g.height) if board.domes >> sq & 1},
        list(board.workers), board.king, board.sphinx, list(stock),
        {sq for sq in range(g.width * g.height) if board.tokens >> sq & 1},
        {c.square: (c.colour, c.levels) for c in riddle.coins},
        {o.tier: [0, 0] for o in riddle.objectives})


def figures(pos: Position) -> set[int]:
    return {sq for sq in (*pos.workers, pos.king, pos.sphinx) if sq != NO_SQUARE}


def replay_line(riddle: Riddle, tier: str, lines: Sequence[str], players: int = 1, *,
                gods: Mapping[str, GodCard] | None = None, expert: bool = False) -> list[str]:
    """Problems found replaying ``lines`` for the ``tier`` objective (empty: legal)."""
    pos = start(riddle, expert=expert)
    problems: list[str] = []
    for n, line in enumerate(lines, 1):
        try:
            found = play_turn(riddle, pos, line, players, gods or {})
        except (ValueError, KeyError, IndexError) as error:
            found = [f"unreadable notation ({error})"]
        for problem in found:
            problems.append(f"turn {n} '{line}': {problem}")
        if problems:
            return problems
    if not reached(riddle, pos, tier):
        problems.append(f"after {len(lines)} turns the {tier} objective is not reached")
    return problems


def play_turn(riddle: Riddle, pos: Position, line: str, players: int,
              gods: Mapping[str, GodCard]) -> list[str]:
    m = TURN.match(line)
    if m is None:
        return ["not a move, build or god take in notation"]
    notes = m.group("notes").split("; ") if m.group("notes") else []
    seat = pos.turn % players + 1
    if players > 1 and m.group("seat") != str(seat):
        return [f"seat P{m.group('seat')} plays, but it is P{seat}'s turn"]
    w = pos.width
    built_on = NO_SQUARE
    if m.group("god"):
        names = {str(dict(gods[g].name).get("en", g) if isinstance(gods[g].name, tuple)
                     else gods[g].name): g for g in riddle.gods.queue if g in gods}
        god = names.get(m.group("god"))
        if god is None or god in pos.taken:
            return [f"{m.group('god')} is not in the opening queue (or already taken)"]
        pos.taken.add(god)
        for p, count in enumerate(gods[god].pieces):
            pos.stock[p] += count
    else:
        index = int(m.group("w")) - 1
        src, dst, build = (square(m.group(k), w) for k in ("src", "dst", "build"))
        if not 0 <= index < len(pos.workers) or pos.workers[index] != src:
            return [f"W{index + 1} is not on {m.group('src')}"]
        steps = neighbours(pos, src) | {b for pair in pos.bridges if src in pair
                                        for b in pair if b != src}
        if dst not in steps or dst in figures(pos) or dst in pos.domes:
            return [f"{m.group('src')}-{m.group('dst')} is not a step to a free open space"]
        if pos.heights[dst] > pos.heights[src] + 1:
            return ["the step climbs more than one level"]
        pos.workers[index] = dst
        if build not in neighbours(pos, dst) or build in figures(pos) or build in pos.domes:
            return [f"nothing can be built on {m.group('build')} from {m.group('dst')}"]
        piece = pos.heights[build]  # 3: the dome
        if pos.stock[piece] <= 0:
            return [f"no {PIECES[piece]} left in the stockpile"]
        pos.stock[piece] -= 1
        named = "dome" if piece == 3 else f"level {piece + 1}"
        if not notes or notes[0] != named:
            return [f"the build is a {named}, the line says {notes[:1]}"]
        notes = notes[1:]
        if piece == 3:
            pos.domes.add(build)
            if build in pos.tokens:
                pos.tokens.discard(build)
                if "blessing token forfeited" not in notes:
                    return ["a dome on a blessing token forfeits it, the line does not say so"]
        else:
            pos.heights[build] += 1
        built_on = build
        coin = pos.coins.get(build)
        level = 4 if piece == 3 else piece + 1
        if coin is not None and level in coin[1]:
            del pos.coins[build]
            said = [x for x in notes if x.startswith(f"{coin[0]} coin -> ")]
            if len(said) != 1:
                return [f"the {coin[0]} coin on {m.group('build')} is collected, the line does "
                        "not say where it goes"]
            where = said[0].split(" -> ")[1]
            free = [t for t, filled in pos.slots.items()
                    if filled[_colour(coin[0])] < _slots(riddle, t)[_colour(coin[0])]]
            if where.startswith("set aside"):
                if free:
                    return [f"the coin is set aside while {free} has a free slot"]
            else:
                target = where.removesuffix(" objective")
                if target not in free:
                    return [f"the {target} objective has no free {coin[0]} slot"]
                pos.slots[target][_colour(coin[0])] += 1
        elif any(" coin -> " in x for x in notes):
            return ["a coin is said to be collected, but none is"]
    # The rewards step, then the end-of-turn effects, as the notes say.
    pos.turn += 1
    under = pos.tokens & set(pos.workers)
    pos.blessings += len(under)
    pos.tokens -= under
    if under and not any(x.startswith("blessing collected on ") for x in notes):
        return ["a worker ends the turn on a blessing token, the line does not collect it"]
    for note in notes:
        if note.endswith(" objective achieved"):
            pos.achieved.add(note.removesuffix(" objective achieved"))
        elif note.startswith("reward +"):
            for part in note.removeprefix("reward +").split(", "):
                count, piece = part.split(" ")
                pos.stock[PIECES.index(piece)] += int(count)
    return _effects(riddle, pos, notes, built_on)


def _effects(riddle: Riddle, pos: Position, notes: list[str], built_on: int) -> list[str]:
    w = pos.width
    sinks = {square(n.removesuffix(" sank"), w) for n in notes if n.endswith(" sank")
             and "," not in n}
    for n in notes:
        if n.endswith(" sank") and "," in n:
            sinks |= {square(x, w) for x in n.removesuffix(" sank").split(", ")}
    expected = {e.at for e in riddle.end_of_turn  # type: ignore[attr-defined]
                if e.NAME == "sink" and e.turn == pos.turn  # type: ignore[attr-defined]
                and e.at in pos.land}  # type: ignore[attr-defined]
    if sinks != expected:
        return [f"spaces sinking on turn {pos.turn}: expected {sorted(expected)}, the line "
                f"says {sorted(sinks)}"]
    for note in notes:
        for name in ("King", "Sphinx"):
            if note.startswith(f"{name} "):
                a, b = (square(x, w) for x in note.split(" ")[1].split("-"))
                here = pos.king if name == "King" else pos.sphinx
                if here != a or b in figures(pos) or b in pos.domes or b not in (
                        neighbours(pos, a) | {x for pair in pos.bridges if a in pair
                                              for x in pair if x != a}):
                    return [f"the {name} cannot step {note}"]
                if name == "King":
                    pos.king = b
                else:
                    pos.sphinx = b
        if note.startswith("top piece removed from "):
            for x in note.removeprefix("top piece removed from ").split(", "):
                sq = square(x, w)
                if sq in pos.domes:
                    pos.domes.discard(sq)
                elif pos.heights[sq] > 0:
                    pos.heights[sq] -= 1
                else:
                    return [f"nothing to remove on {x}"]
        if note.startswith("stockpile "):
            for part in note.removeprefix("stockpile ").split(", "):
                count, piece = part.split(" ")
                pos.stock[PIECES.index(piece)] += int(count)
                if pos.stock[PIECES.index(piece)] < 0:
                    return ["the stockpile goes below zero"]
    for sq in sinks:
        pos.land.discard(sq)
        pos.heights[sq] = 0
        pos.domes.discard(sq)
        pos.tokens.discard(sq)
        pos.coins.pop(sq, None)
        pos.workers = [NO_SQUARE if x == sq else x for x in pos.workers]
        pos.king = NO_SQUARE if pos.king == sq else pos.king
        pos.sphinx = NO_SQUARE if pos.sphinx == sq else pos.sphinx
    del built_on
    return []


def _colour(name: str) -> int:
    return ("silver", "gold").index(name)


def _slots(riddle: Riddle, tier: str) -> tuple[int, int]:
    return next(o.slots for o in riddle.objectives if o.tier == tier)


def reached(riddle: Riddle, pos: Position, tier: str) -> bool:
    """The objective holds: counted here for slots, stand and build goals."""
    objective = next(o for o in riddle.objectives if o.tier == tier)
    goal = objective.goal
    name = type(goal).__name__
    if name == "SlotsGoal":
        return pos.slots[tier][0] >= objective.slots[0] and pos.slots[tier][1] >= objective.slots[1]
    if name == "StandGoal":
        who = {"worker": pos.workers, "king": [pos.king], "sphinx": [pos.sphinx],
               "any": [*pos.workers, pos.king, pos.sphinx]}[goal.figure]  # type: ignore[attr-defined]
        at = goal.at  # type: ignore[attr-defined]
        return any(sq != NO_SQUARE and (at == NO_SQUARE or sq == at)
                   and pos.heights[sq] >= goal.level for sq in who)  # type: ignore[attr-defined]
    if name == "BuildGoal":
        region = set(goal.region) if goal.region else pos.land  # type: ignore[attr-defined]
        region = region & pos.land
        what = goal.what  # type: ignore[attr-defined]
        if what == "block":
            count = sum(pos.heights[sq] for sq in region)
        elif what == "dome":
            count = len(pos.domes & region)
        else:
            count = sum(1 for sq in pos.domes & region if pos.heights[sq] >= 3)
        return count >= goal.count  # type: ignore[attr-defined]
    return tier in pos.achieved
