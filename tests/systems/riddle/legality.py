"""An independent legality checker for printed solution lines (issue 14 §1, issue 13 §2).

It reads a riddle's set-up from the model's plain data (heights, figures, the
grid's size, sea and bridge pairs, coins, stockpile, the opening queue and the
revealed blessing cards) and replays notation such as
``P2 W1 B2-C3 build C4 (level 2; silver coin -> silver objective)``,
``W1 A1-B2 build A1, C1 [Demeter] (level 1, level 1; quest reward +1 level3)`` or
``use Sea Breeze; W1 A1-B1-C1 build D1 (level 1)`` with its own, deliberately
simple rules code (:mod:`.legality_ply` for the move and build): none of the
solver's, the engine's move generator or the goal and effect classes decides
legality.

What it checks, turn by turn: the seat to play and the workers it may move
(every way RULES 1 lets the group share them, the Wanderer never the first
worker moved on two turns running), every step and build with the powers the
line names (each must be held by the player and used as written), each piece
and where it may come from (the stockpile or any held god card; each possible
source is followed), coins (collected exactly when a level they show is built,
into a free slot of their colour), god takes (a queued god not yet taken, two
held at most, its pieces on its card), the default quest (the last piece off a
card on a turn its power was used: any one piece), the custom quests (judged on
every turn of the holder, once per god, with the card's reward), a god discarded
once its card is empty, revealed blessing cards (each used once, at most one
that changes the move or the build, its choice legal), blessings under workers,
a sinking space on its turn, Athena's hold on the other players' climbs, Pan's
leap for the goals, stockpile changes from effects, and at the end that the
objective was reached at the rewards step of some turn, before that turn's
end-of-turn effects (RULES 1; slots, stand, build and blessing goals by its own
counting, others by the note). End-of-turn figure steps and removed pieces are
taken from the notes, after checking that they are legal steps and real pieces.

Choices the line does not show (which source a piece came from, how the workers
were shared) are followed as a set of positions: the line is legal when at least
one reading survives every turn.
"""
from __future__ import annotations

import copy
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import permutations

from generator.engine.geometry import NO_SQUARE
from generator.systems.riddle.box import BlessingCard, GodCard
from generator.systems.riddle.model import Riddle

from .legality_notes import finish_turn as _finish
from .legality_ply import (
    POWERS,
    SHAPING,
    Done,
    Illegal,
    Ply,
    figures,
    iter_plies,
    steps_from,
)

PIECES = ("level1", "level2", "level3", "dome")
SQ = r"[A-H][1-8]"
GROUP = re.compile(rf"(W\d|King|Sphinx) ({SQ}(?:-{SQ})*)")
PLY = re.compile(rf"(?P<moves>.+?)(?: build (?P<builds>{SQ}(?:, {SQ})*))?"
                 r"(?: \[(?P<gods>[^\]]+)\])?")
CARD = re.compile(r"([^,(]+?)(?: \(([^)]*)\))?(?:, |$)")
READINGS = 2_000
"""Readings followed at most (a line with more hidden choices is cut, and says so)."""


@dataclass
class Card:
    """A held god card: the seat holding it and the pieces still on it."""

    seat: int
    pieces: list[int]
    quest_done: bool = False


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
    stock: list[int]  # the stockpile proper (god cards hold their own pieces)
    tokens: set[int]
    coins: dict[int, tuple[str, tuple[int, ...]]]
    slots: dict[str, list[int]] = field(default_factory=dict)  # tier -> [silver, gold] filled
    owners: tuple[int, ...] = (0b1111,)  # per seat, the workers it moves
    wanderer: int = -1
    wanderer_led: bool = False  # the Wanderer was the first worker moved last turn
    taken: set[str] = field(default_factory=set)
    cards: dict[str, Card] = field(default_factory=dict)
    revealed: list[str] = field(default_factory=list)
    turn: int = 0
    shift: int = 0  # extra turns played so far (Morning Star)
    blessings: int = 0
    achieved: set[str] = field(default_factory=set)
    # Objectives this checker's own counting found met at a rewards step (RULES 1: judged
    # there, before the end-of-turn effects, which may undo the position after).
    met: set[str] = field(default_factory=set)
    athena: int = -1  # the seat whose Athena holds the others' climbs
    pan: int = NO_SQUARE  # a worker counted on level 3 for this turn's goals
    # Scratch of the turn being played.
    seat: int = 0
    climbed: bool = False
    first: int = -1
    low_dome: bool = False

    def copy(self) -> Position:
        return copy.deepcopy(self)

    def key(self) -> str:
        """The same text for equal positions (sets and dicts in sorted order)."""
        return repr([sorted(v.items()) if isinstance(v, dict) else
                     sorted(v, key=repr) if isinstance(v, set) else v
                     for v in vars(self).values()])


@dataclass(frozen=True)
class Rules:
    """What a replay reads besides the position: the riddle, its cards, the players."""

    riddle: Riddle
    players: int
    gods: Mapping[str, GodCard]
    blessings: Mapping[str, BlessingCard]


def square(name: str, width: int) -> int:
    return (int(name[1:]) - 1) * width + "ABCDEFGH".index(name[0])


def sharings(players: int) -> list[tuple[tuple[int, ...], int]]:
    """Every way RULES 1 lets ``players`` share four workers: per seat the workers it
    moves, and the Wanderer (-1 none)."""
    if players == 1:
        return [((0b1111,), -1)]
    out: list[tuple[tuple[int, ...], int]] = []
    if players in (2, 4):
        for pair in ((0, 1), (0, 2), (0, 3)):
            a = (1 << pair[0]) | (1 << pair[1])
            for mine, theirs in ((a, 0b1111 ^ a), (0b1111 ^ a, a)):
                out.append(((mine, theirs) * (players // 2), -1))
        return out
    for wanderer in range(4):
        for order in permutations([w for w in range(4) if w != wanderer]):
            out.append((tuple(1 << w | 1 << wanderer for w in order), wanderer))
    return out


def start(rules: Rules, *, expert: bool = False) -> list[Position]:
    riddle = rules.riddle
    board = riddle.board
    g = board.geometry
    stock = riddle.stockpile
    if expert and riddle.expert is not None and riddle.expert.stockpile is not None:
        stock = riddle.expert.stockpile
    base = Position(
        g.width, g.height, {sq for sq in range(g.width * g.height) if g.land >> sq & 1},
        {frozenset(pair) for pair in g.bridges},
        {sq: h for sq, h in enumerate(board.heights)},
        {sq for sq in range(g.width * g.height) if board.domes >> sq & 1},
        list(board.workers), board.king, board.sphinx, list(stock),
        {sq for sq in range(g.width * g.height) if board.tokens >> sq & 1},
        {c.square: (c.colour, c.levels) for c in riddle.coins},
        {o.tier: [0, 0] for o in riddle.objectives},
        revealed=[b for b in riddle.gods.revealed if b in rules.blessings])
    out = []
    for owners, wanderer in sharings(rules.players):
        p = base.copy()
        p.owners, p.wanderer = owners, wanderer
        out.append(p)
    return out


def replay_line(riddle: Riddle, tier: str, lines: Sequence[str], players: int = 1, *,
                gods: Mapping[str, GodCard] | None = None,
                blessings: Mapping[str, BlessingCard] | None = None,
                expert: bool = False, reach: bool = True) -> list[str]:
    """Problems found replaying ``lines`` for the ``tier`` objective (empty: legal);
    ``reach`` False checks the turns only (a line that stops short of the objective)."""
    rules = Rules(riddle, players, gods or {}, blessings or {})
    readings = start(rules, expert=expert)
    for n, line in enumerate(lines, 1):
        nxt: dict[str, Position] = {}
        why = ""
        for pos in readings:
            try:
                for after in play_turn(rules, pos, line):
                    nxt.setdefault(after.key(), after)
            except Illegal as error:
                why = why or str(error)
            except (ValueError, KeyError, IndexError) as error:
                why = why or f"unreadable notation ({error!r})"
        if not nxt:
            return [f"turn {n} '{line}': {why}"]
        readings = list(nxt.values())[:READINGS]
    if reach and not any(tier in pos.met for pos in readings):
        return [f"after {len(lines)} turns the {tier} objective is not reached"]
    return []


# -- one turn ------------------------------------------------------------------------------


@dataclass
class Line:
    """One turn's notation, taken apart."""

    seat: int | None
    cards: list[tuple[str, str]]  # blessing card name, the choice it made
    take: str | None  # the god taken, or None for a move and build
    groups: list[tuple[str, list[str]]]  # figure, its squares (start first)
    builds: list[str]
    pieces: list[str]  # "level 1" | "dome", one per build
    gods: list[str]  # the powers named
    notes: list[str]  # after the pieces


def parse(line: str) -> Line:
    """Take a line of notation apart (raises :class:`Illegal` when it is not one).

    >>> parse("P2 W1 A1-B2 build C3 [Demeter] (level 1; x)").groups
    [('W1', ['A1', 'B2'])]
    """
    seat = None
    m = re.match(r"P(\d) ", line)
    if m:
        seat, line = int(m.group(1)), line[m.end():]
    cards: list[tuple[str, str]] = []
    if line.startswith("use "):
        head, line = line[4:].split("; ", 1)
        cards = [(c.group(1), c.group(2) or "") for c in CARD.finditer(head) if c.group(1)]
    notes: list[str] = []
    i = line.find(" (")
    if i >= 0:
        if not line.endswith(")"):
            raise Illegal("the notes are not closed")
        notes, line = line[i + 2:-1].split("; "), line[:i]
    m = re.fullmatch(r"take (.+) from the queue", line)
    if m:
        return Line(seat, cards, m.group(1), [], [], [], [], notes)
    m = PLY.fullmatch(line)
    if m is None or not m.group("builds"):
        raise Illegal("not a move, build or god take in notation")
    groups = []
    for part in m.group("moves").split(", "):
        g = GROUP.fullmatch(part)
        if g is None:
            raise Illegal(f"'{part}' is not a figure and its squares")
        groups.append((g.group(1), g.group(2).split("-")))
    gods = m.group("gods").split(" + ") if m.group("gods") else []
    builds = m.group("builds").split(", ")
    pieces = notes[0].split(", ") if notes else []
    if len(pieces) != len(builds):
        raise Illegal(f"{len(builds)} builds, {len(pieces)} pieces named")
    return Line(seat, cards, None, groups, builds, pieces, gods, notes[1:])


def _god_ids(rules: Rules) -> dict[str, str]:
    """Card name -> god id, for the gods of the opening queue."""
    out = {}
    for g in rules.riddle.gods.queue:
        if g in rules.gods:
            out[_text(rules.gods[g].name)] = g
    return out


def _text(text: object) -> str:
    if isinstance(text, tuple):
        found = dict(text)
        return str(found.get("en", next(iter(found.values()), "")))
    return "" if text is None else str(text)


def play_turn(rules: Rules, pos: Position, text: str) -> list[Position]:
    """The positions a turn written as ``text`` may lead to; raises :class:`Illegal`."""
    line = parse(text)
    w = pos.width
    pos = pos.copy()
    seat = (pos.turn + pos.shift) % rules.players
    pos.seat, pos.climbed, pos.first, pos.pan = seat, False, -1, NO_SQUARE
    pos.low_dome = False
    if rules.players > 1 and line.seat != seat + 1:
        raise Illegal(f"seat P{line.seat} plays, but it is P{seat + 1}'s turn")
    if pos.athena == seat:
        pos.athena = -1  # her holder's next turn begins
    before = pos.copy()
    names = _god_ids(rules)
    held = {g for g, c in pos.cards.items() if c.seat == seat}
    shaping, skip, extra = _use_cards(rules, pos, line.cards)
    outs: list[Position] = []
    if line.take is not None:
        if shaping:
            raise Illegal("a card that changes the move or the build is used beside a take")
        god = names.get(line.take)
        if god is None or god in pos.taken:
            raise Illegal(f"{line.take} is not in the opening queue (or already taken)")
        if len(held) >= 2:
            raise Illegal("a player holds at most two gods")
        pieces = list(rules.gods[god].pieces)
        said = "+" + (", ".join(f"{n} {PIECES[i]}" for i, n in enumerate(pieces) if n)
                      or "nothing")
        if not line.notes or line.notes[0] != said:
            raise Illegal(f"{line.take} brings {said}, the line says {line.notes[:1]}")
        pos.taken.add(god)
        pos.cards[god] = Card(seat, pieces)
        pos.wanderer_led = False
        outs = [_finish(rules, before, pos, line.notes[1:], [], set(), skip, extra)]
    else:
        used = set()
        for name in line.gods:
            god = names.get(name)
            if god is None or god not in held:
                raise Illegal(f"{name}'s power is used, but this player does not hold {name}")
            used.add(god)
        rule_names = frozenset(POWERS[rules.gods[g].power] for g in used
                               if rules.gods[g].power in POWERS)
        if len(rule_names) != len(used):
            raise Illegal("a power the checker does not know is named")
        ply = Ply(tuple((n, tuple(square(s, w) for s in sq)) for n, sq in line.groups),
                  tuple(square(s, w) for s in line.builds), tuple(line.pieces), rule_names,
                  shaping)
        why = ""
        for after, done in iter_plies(pos, seat, ply):
            try:
                _powers_as_written(after, done, rule_names, seat)
                if pos.wanderer >= 0:
                    if done.first == pos.wanderer and pos.wanderer_led:
                        raise Illegal("the Wanderer is the first worker moved two turns running")
                    after.wanderer_led = done.first == pos.wanderer
                outs.append(_finish(rules, before, after, line.notes, done.built, used,
                                    skip, extra))
            except Illegal as error:
                why = why or str(error)
        if not outs:
            raise Illegal(why)
    return outs


def _powers_as_written(after: Position, done: Done, named: frozenset[str], seat: int) -> None:
    """Athena and Pan named only when they act (powers are optional: a climb or a
    leap need not use them); Athena's hold is set, Pan's leap noted."""
    if "athena" in named and not done.climbed:
        raise Illegal("Athena is named, but no worker of her holder climbs")
    if "athena" in named:
        after.athena = seat
    if "pan" in named and done.pan == NO_SQUARE:
        raise Illegal("Pan is named, but no worker jumps down two levels")
    after.pan = done.pan if "pan" in named else NO_SQUARE


def _use_cards(rules: Rules, pos: Position, cards: list[tuple[str, str]]
               ) -> tuple[str, bool, bool]:
    """Play the blessing cards the line uses (before the action); the card that shapes
    the move or build, and whether effects are skipped and a turn follows."""
    by_name = {_text(rules.blessings[b].name or b): b for b in pos.revealed}
    shaping, skip, extra = "", False, False
    w = pos.width
    for name, choice in cards:
        card = by_name.get(name)
        if card is None or card not in pos.revealed:
            raise Illegal(f"{name} is not a revealed blessing card (or already used)")
        pos.revealed.remove(card)
        effect = rules.blessings[card].effect
        gains = {"gain-level1": ["level1"], "gain-level3": ["level3"], "gain-dome": ["dome"],
                 "gain-any-block": ["level1", "level2", "level3"]}
        if effect in gains:
            piece = choice.removeprefix("+1 ")
            if not choice.startswith("+1 ") or piece not in gains[effect]:
                raise Illegal(f"{name} gives {gains[effect]}, the line says {choice}")
            pos.stock[PIECES.index(piece)] += 1
        elif effect == "exchange-piece":
            give, _, get = choice.partition(" for ")
            if give == get or give not in PIECES or get not in PIECES \
                    or pos.stock[PIECES.index(give)] <= 0:
                raise Illegal(f"{name}: cannot trade {choice}")
            pos.stock[PIECES.index(give)] -= 1
            pos.stock[PIECES.index(get)] += 1
        elif effect == "nudge-figure":
            who, _, move = choice.partition(" ")
            a, b = (square(x, w) for x in move.split("-"))
            here = pos.king if who == "King" else pos.sphinx if who == "Sphinx" else NO_SQUARE
            if here != a or b not in steps_from(pos, a) or b in figures(pos) or b in pos.domes:
                raise Illegal(f"{name}: {choice} is not a step to a free space")
            if who == "King":
                pos.king = b
            else:
                pos.sphinx = b
        elif effect == "reclaim-top":
            sq = square(choice.removesuffix(" top piece back"), w)
            if sq in figures(pos) or sq not in pos.land:
                raise Illegal(f"{name}: a figure stands on that tower")
            if sq in pos.domes:
                pos.domes.discard(sq)
                pos.stock[3] += 1
            elif pos.heights[sq] > 0:
                pos.heights[sq] -= 1
                pos.stock[pos.heights[sq]] += 1
            else:
                raise Illegal(f"{name}: no tower on {choice}")
        elif effect == "collect-any-token":
            sq = square(choice.removeprefix("token on ").removesuffix(" collected"), w)
            if sq not in pos.tokens:
                raise Illegal(f"{name}: no blessing token there")
            pos.tokens.discard(sq)
            pos.blessings += 1
        elif effect == "revive-worker":
            who, _, where = choice.partition(" back on ")
            i, sq = int(who[1:]) - 1, square(where, w)
            if pos.workers[i] != NO_SQUARE or sq not in pos.land or sq in figures(pos) \
                    or sq in pos.domes or pos.heights[sq] != 0:
                raise Illegal(f"{name}: {choice} is not a destroyed worker to free ground")
            pos.workers[i] = sq
        elif effect == "skip-effects":
            skip = True
        elif effect == "extra-turn":
            extra = True
        elif effect in SHAPING:
            if shaping:
                raise Illegal("two cards that change the move or the build in one turn")
            shaping = effect
        else:
            raise Illegal(f"{name} ({effect}) is not a card a proof may use")
        if effect not in ("nudge-figure", "reclaim-top", "collect-any-token", "exchange-piece",
                          "revive-worker", *gains) and choice:
            raise Illegal(f"{name} makes no choice, the line says {choice}")
    return shaping, skip, extra
