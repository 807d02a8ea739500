"""The move and build of one turn, god powers and blessing cards included, for the
independent legality checker (:mod:`.legality`).

Written from RULES.md section 1 and the card texts (content/riddles/gods/ and
blessings/), not from the solver: a power is a word in :data:`POWERS`, and each
rule below is the card's sentence turned into a plain check.

- Apollo: the worker may step onto a space another worker holds; that worker goes
  to the space the first one has just left.
- Artemis: a second step, not back to the space the turn began on.
- Athena: after her holder's worker climbs, no worker of another player climbs
  until her holder's next turn (RULES: workers; the King and the Sphinx are moved
  by effects, not by climbing).
- Atlas: any build may be a dome, at any level.
- Demeter: one more build, on another neighbouring space than the first.
- Hephaestus: one more block (not a dome) on the space just built on.
- Hermes: if no worker climbs or descends, each of the player's workers may walk
  any number of spaces on its level (even none); then one of them builds. The
  walk is the turn's whole move: Apollo's trade, Minotaur's charge, Artemis's
  second step and the cards that change the step do not act in it, so a line
  naming one of them beside Hermes is illegal (a named power must act). Twin
  Lamps' first step comes before the walk of the other workers.
- Minotaur: the worker may charge into a space another figure holds (a worker, the
  King or the Sphinx), pushing it one space further in the same straight line, to
  a free space of any height.
- Pan: a worker that jumps down two levels or more at once counts as standing on
  level 3 for the goals until the end of that turn (the line marks it).
- Prometheus: if the worker does not climb this turn, it builds once before moving
  as well as once after.

Order of a turn with two gods (RULES 1): Prometheus's build, the move, the main
build, Hephaestus's block on the same space, Demeter's build elsewhere.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import permutations
from typing import TYPE_CHECKING

from generator.engine.geometry import NO_SQUARE

if TYPE_CHECKING:
    from .legality import Position

POWERS = {
    "apollo-trade-places": "apollo", "artemis-second-step": "artemis",
    "athena-hold-the-heights": "athena", "atlas-dome-anywhere": "atlas",
    "demeter-second-build": "demeter", "hephaestus-stack-twice": "hephaestus",
    "hermes-level-stride": "hermes", "minotaur-shove": "minotaur",
    "pan-leap-down": "pan", "prometheus-early-build": "prometheus",
}
"""A god card's power id -> the rule it plays here."""

SHAPING = {"extra-step", "extra-build-elsewhere", "double-climb", "far-build",
           "build-in-place", "move-two", "level-leap", "swap-workers"}
"""Blessing effects that change the move or the build (at most one a turn)."""

STEP_POWERS = frozenset({"apollo", "minotaur", "artemis"})
"""Powers that change the one step of a move: none acts on a Hermes walk."""

STEP_CARDS = SHAPING - {"far-build", "extra-build-elsewhere", "move-two"}
"""Blessing effects that change the step itself: none acts on a Hermes walk."""


class Illegal(Exception):
    """The turn cannot be played as written; the message says why."""


@dataclass(frozen=True)
class Ply:
    """A move-and-build turn as written: figure paths, build squares, pieces, powers."""

    groups: tuple[tuple[str, tuple[int, ...]], ...]  # ("W1" | "King" | "Sphinx", squares)
    builds: tuple[int, ...]
    pieces: tuple[str, ...]  # "level 2" | "dome", one per build
    gods: frozenset[str]  # rules of the named gods (POWERS values)
    shaping: str = ""  # the blessing effect that changes the move or the build


@dataclass
class Done:
    """What the ply did, for the rest of the turn (coins, quests, Athena, Pan)."""

    built: list[tuple[int, int]]  # (square, level reached: 1-3, 4 for a dome)
    sources: list[str]  # per build: "" for the stockpile, else the god card's id
    climbed: bool
    first: int  # the first worker moved (the Wanderer rule), -1 none
    pan: int  # the square of a worker that jumped down two levels, else NO_SQUARE


def neighbours(pos: Position, sq: int) -> set[int]:
    """The eight surrounding land squares (builds; steps add bridges)."""
    r, c = divmod(sq, pos.width)
    out = set()
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if (dr or dc) and 0 <= r + dr < pos.height and 0 <= c + dc < pos.width:
                n = (r + dr) * pos.width + c + dc
                if n in pos.land:
                    out.add(n)
    return out


def steps_from(pos: Position, sq: int) -> set[int]:
    """Squares one step away: the eight neighbours and the far end of a bridge."""
    return neighbours(pos, sq) | {b for pair in pos.bridges if sq in pair for b in pair
                                  if b != sq and b in pos.land}


def figures(pos: Position) -> set[int]:
    return {sq for sq in (*pos.workers, pos.king, pos.sphinx) if sq != NO_SQUARE}


def height(pos: Position, sq: int) -> int:
    return pos.heights[sq]


def iter_plies(pos: Position, seat: int, ply: Ply) -> list[tuple[Position, Done]]:
    """Every way ``ply`` can be played from ``pos`` (a copy each); raises :class:`Illegal`
    with a reason when there is none."""
    out: list[tuple[Position, Done]] = []
    why = "no way to play it"
    try:
        for plan in _build_plans(ply):
            for first, early in _early_builds(pos, ply, plan):
                for builder, moved in _moves(early, seat, ply, plan):
                    try:
                        out.extend(_builds(moved, builder, ply, plan, first))
                    except Illegal as error:
                        why = str(error)
    except Illegal as error:
        why = str(error)
    if not out:
        raise Illegal(why)
    return out


def _early_builds(pos: Position, ply: Ply, plan: tuple[str, ...]
                  ) -> list[tuple[list[tuple[int, int, str]], Position]]:
    """Prometheus's build before the move (from the start square of a written worker),
    or nothing: (the build made, the position after it) per reading."""
    if "prometheus" not in plan:
        return [([], pos)]
    out = []
    why = ""
    for name, squares in ply.groups:
        if not name.startswith("W"):
            continue
        try:
            for q, b, s in _build_one(pos, ply, 0, squares[0], "prometheus", NO_SQUARE):
                out.append(([(b[0], b[1], s)], q))
        except Illegal as error:
            why = why or str(error)
    if not out:
        raise Illegal(why)
    return out


# -- moves ---------------------------------------------------------------------------------


# -- moves ---------------------------------------------------------------------------------


def _worker(name: str) -> int:
    if not name.startswith("W"):
        raise Illegal(f"{name} cannot act: only workers move by choice")
    return int(name[1:]) - 1


def _moves(pos: Position, seat: int, ply: Ply, plan: tuple[str, ...]
           ) -> Iterator[tuple[int, Position]]:
    """(builder, position after the moves, Prometheus's build not yet made) per reading."""
    mine = pos.owners[seat]
    for name, squares in ply.groups:
        if name.startswith("W"):
            w = _worker(name)
            if w >= len(pos.workers) or pos.workers[w] != squares[0]:
                raise Illegal(f"{name} does not stand on {_n(pos, squares[0])}")
    shaping = ply.shaping
    if "hermes" in ply.gods:
        _hermes_alone(ply)
    if shaping == "move-two":
        yield from _move_two(pos, mine, ply, plan)
    elif "hermes" in ply.gods:
        yield from _hermes(pos, mine, ply)
    elif shaping == "swap-workers":
        yield from _swap(pos, mine, ply)
    elif shaping == "build-in-place":
        [(name, squares)] = _one_group(ply)
        acting = _worker(name)
        if not mine >> acting & 1:
            raise Illegal(f"W{acting + 1} is not a worker this player moves")
        if len(squares) != 1:
            raise Illegal("Still Wind: the worker does not move")
        after = pos.copy()
        after.first = -1
        yield acting, after
    else:
        # The acting worker may be written second (Apollo's trade lists both).
        found, why = False, ""
        for i, (name, _) in enumerate(ply.groups):
            if not name.startswith("W"):
                continue
            first = Ply((ply.groups[i], *ply.groups[:i], *ply.groups[i + 1:]), ply.builds,
                        ply.pieces, ply.gods, ply.shaping)
            try:
                for out in _walk(pos, _worker(name), first, plan, pos):
                    found = True
                    yield out
            except Illegal as error:
                why = why or str(error)
        if not found:
            raise Illegal(why)


def _one_group(ply: Ply) -> tuple[tuple[str, tuple[int, ...]], ...]:
    if len(ply.groups) != 1:
        raise Illegal("only the acting worker moves")
    return ply.groups


def _walk(pos: Position, acting: int, ply: Ply, plan: tuple[str, ...], start: Position
          ) -> Iterator[tuple[int, Position]]:
    """The acting worker's steps with Apollo, Artemis, Minotaur, Sea Breeze, Goat Path."""
    if not pos.owners[pos.seat] >> acting & 1 or acting >= len(pos.workers):
        raise Illegal(f"W{acting + 1} is not a worker this player moves")
    path = ply.groups[0][1]
    gods = ply.gods
    steps = len(path) - 1
    extra = ("artemis" in gods) + (ply.shaping == "extra-step")
    if steps < 1 or steps > 1 + extra:
        raise Illegal(f"{steps} steps: the powers in play allow 1 to {1 + extra}")
    if "artemis" in gods and ply.shaping != "extra-step":
        if steps != 2:
            raise Illegal("Artemis is named but the worker takes one step")
        if path[2] == path[0]:
            raise Illegal("Artemis's second step goes back to where the turn began")
    if ply.shaping == "extra-step" and steps != 2:
        raise Illegal("Sea Breeze is used but the worker takes one step")
    climb = 2 if ply.shaping == "double-climb" else 1
    no_up = "prometheus" in plan or (start.athena >= 0 and start.athena != start.seat)
    readings: list[tuple[Position, set[str]]] = [(pos.copy(), set())]
    for index, (a, b) in enumerate(zip(path, path[1:])):
        nxt: list[tuple[Position, set[str]]] = []
        for p, used in readings:
            if index == 0 and ply.shaping == "level-leap":
                # Hidden Stair: instead of the step, a jump to any free space of its level.
                if b in figures(p) or b in p.domes or b not in p.land \
                        or height(p, a) != height(p, b):
                    raise Illegal("a level leap ends on a free space of the same level")
                p.workers[p.workers.index(a)] = b
                nxt.append((p, used))
                continue
            if b not in steps_from(p, a) or b in p.domes:
                raise Illegal(f"{_n(p, a)}-{_n(p, b)} is not a step to an open space")
            up = height(p, b) - height(p, a)
            if up > climb or (up > 0 and no_up):
                raise Illegal(f"the step {_n(p, a)}-{_n(p, b)} climbs {up} levels, "
                              f"{0 if up > 0 and no_up else climb} allowed")
            if up > 0:
                p.climbed = True
            if height(p, a) - height(p, b) >= 2:
                p.pan = b
            me = p.workers.index(a)
            held = _holder(p, b)
            if held is None:
                p.workers[me] = b
                nxt.append((p, used))
                continue
            if "apollo" in gods and held[0] == "W":
                q = p.copy()
                q.workers[held[1]] = a
                q.workers[me] = b
                nxt.append((q, used | {"apollo"}))
            if "minotaur" in gods:
                q = p.copy()
                to = _beyond(q, a, b)
                if to is not None:
                    _put(q, held, to)
                    q.workers[me] = b
                    nxt.append((q, used | {"minotaur"}))
        if not nxt:
            raise Illegal(f"{_n(pos, b)} is taken and no power named moves its figure")
        readings = nxt
    for p, used in readings:
        for god in ("apollo", "minotaur"):
            if (god in gods) != (god in used):
                break
        else:
            _same_groups(pos, p, ply)
            p.first = acting
            if p.pan != NO_SQUARE:
                p.pan = p.workers[acting]  # the leaping worker, where its turn ends
            if ply.shaping == "double-climb" and not any(
                    height(pos, b) - height(pos, a) == 2 for a, b in zip(path, path[1:])):
                raise Illegal("Goat Path is used but no step climbs two levels")
            yield acting, p


def _holder(pos: Position, sq: int) -> tuple[str, int] | None:
    if sq in pos.workers:
        return ("W", pos.workers.index(sq))
    if sq == pos.king:
        return ("K", 0)
    if sq == pos.sphinx:
        return ("S", 0)
    return None


def _put(pos: Position, who: tuple[str, int], sq: int) -> None:
    if who[0] == "W":
        pos.workers[who[1]] = sq
    elif who[0] == "K":
        pos.king = sq
    else:
        pos.sphinx = sq


def _beyond(pos: Position, a: int, b: int) -> int | None:
    """The square one further from ``a`` through ``b`` in a straight line, when free."""
    (ra, ca), (rb, cb) = divmod(a, pos.width), divmod(b, pos.width)
    r, c = rb + _sign(rb - ra), cb + _sign(cb - ca)
    if not (0 <= r < pos.height and 0 <= c < pos.width):
        return None
    to = r * pos.width + c
    if to not in pos.land or to in pos.domes or to in figures(pos):
        return None
    return to


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


def _same_groups(before: Position, after: Position, ply: Ply) -> None:
    """Every figure that changed space is written with its start and end, and no other."""
    said = {name: (squares[0], squares[-1]) for name, squares in ply.groups}
    moved = {}
    for i, (a, b) in enumerate(zip(before.workers, after.workers)):
        if a != b:
            moved[f"W{i + 1}"] = (a, b)
    for name, a, b in (("King", before.king, after.king), ("Sphinx", before.sphinx, after.sphinx)):
        if a != b:
            moved[name] = (a, b)
    said = {k: v for k, v in said.items() if v[0] != v[1] or k in moved}
    if said != moved:
        raise Illegal(f"the figures moved are {_names(before, moved)}, the line says "
                      f"{_names(before, said)}")


def _names(pos: Position, moves: dict[str, tuple[int, int]]) -> str:
    return ", ".join(f"{k} {_n(pos, a)}-{_n(pos, b)}" for k, (a, b) in sorted(moves.items()))


def _hermes_alone(ply: Ply) -> None:
    """Hermes's walk is the whole move of the turn: no step power and no card that
    changes the step acts beside it (Twin Lamps' first step comes before it)."""
    steppers = sorted(ply.gods & STEP_POWERS)
    if steppers:
        raise Illegal(f"{' and '.join(g.title() for g in steppers)} named beside Hermes: "
                      "Hermes's walk replaces the step, so no step power acts on that turn")
    if ply.shaping in STEP_CARDS:
        raise Illegal(f"the card ({ply.shaping}) changes the step, which Hermes's walk "
                      "replaces")


def _hermes(pos: Position, mine: int, ply: Ply) -> Iterator[tuple[int, Position]]:
    """Each written worker walks on its level to its end square, in some order."""
    if any(len(squares) > 2 for _, squares in ply.groups):
        raise Illegal("a Hermes walk is written from where it starts to where it ends")
    moves = [(_worker(name), squares[0], squares[-1]) for name, squares in ply.groups]
    for w, a, b in moves:
        if not mine >> w & 1:
            raise Illegal(f"W{w + 1} is not this player's: Hermes moves the player's workers")
        if height(pos, a) != height(pos, b):
            raise Illegal("with Hermes no worker climbs or descends")
    ok = None
    for order in permutations(moves):
        p = pos.copy()
        if all(_walkable(p, w, a, b) for w, a, b in order):
            ok = p
            break
    if ok is None:
        raise Illegal("the workers cannot walk there on their own levels")
    ok.first = moves[0][0] if any(a != b for _, a, b in moves) else -1
    for w in range(len(ok.workers)):
        if mine >> w & 1 and ok.workers[w] != NO_SQUARE:
            yield w, ok


def _walkable(pos: Position, w: int, a: int, b: int) -> bool:
    """Walk worker ``w`` from ``a`` to ``b`` over free squares of its level (moves it)."""
    level = height(pos, a)
    seen, todo = {a}, [a]
    blocked = figures(pos) - {a}
    while todo:
        sq = todo.pop()
        if sq == b:
            pos.workers[w] = b
            return True
        for n in steps_from(pos, sq):
            if n not in seen and n not in blocked and n not in pos.domes \
                    and height(pos, n) == level:
                seen.add(n)
                todo.append(n)
    return False


def _swap(pos: Position, mine: int, ply: Ply) -> Iterator[tuple[int, Position]]:
    if len(ply.groups) != 2:
        raise Illegal("Shepherd's Call swaps two workers")
    (n1, s1), (n2, s2) = ply.groups
    w1, w2 = _worker(n1), _worker(n2)
    if not (mine >> w1 & 1 and mine >> w2 & 1) or (s1[0], s1[-1]) != (s2[-1], s2[0]):
        raise Illegal("Shepherd's Call: two of the player's workers trade places")
    p = pos.copy()
    p.workers[w1], p.workers[w2] = s1[-1], s2[-1]
    p.first = w1
    yield w1, p
    yield w2, p


def _move_two(pos: Position, mine: int, ply: Ply, plan: tuple[str, ...]
              ) -> Iterator[tuple[int, Position]]:
    """Twin Lamps: a plain step of one worker, then another's move (with the gods), or
    the others' walk with Hermes. Any written worker may be the first; its path goes on
    past the step when the second move forces it away (Apollo, Minotaur)."""
    if len(ply.groups) < 2 - ("hermes" in ply.gods):
        raise Illegal("Twin Lamps moves two workers")
    found, why = False, ""
    for i, (name, squares) in enumerate(ply.groups):
        if not name.startswith("W"):
            continue
        rest = ply.groups[:i] + ply.groups[i + 1:]
        if len(squares) == 3:
            rest += ((name, squares[1:]),)  # forced on by the second worker's move
        try:
            for out in _lamps(pos, mine, _worker(name), squares[:2], rest, ply, plan):
                found = True
                yield out
        except Illegal as error:
            why = why or str(error)
    if not found:
        raise Illegal(why or "Twin Lamps: the first worker takes one plain step")


def _lamps(pos: Position, mine: int, w: int, squares: tuple[int, ...],
           rest: tuple[tuple[str, tuple[int, ...]], ...], ply: Ply, plan: tuple[str, ...]
           ) -> Iterator[tuple[int, Position]]:
    """Twin Lamps with worker ``w`` stepping first along ``squares``."""
    if len(squares) != 2 or not mine >> w & 1:
        raise Illegal("Twin Lamps: the first worker takes one plain step")
    a, b = squares
    if b not in steps_from(pos, a) or b in figures(pos) or b in pos.domes:
        raise Illegal(f"{_n(pos, a)}-{_n(pos, b)} is not a step to a free open space")
    up = height(pos, b) - height(pos, a)
    if up > 1 or (up > 0 and pos.athena >= 0 and pos.athena != pos.seat):
        raise Illegal("the first step of Twin Lamps climbs too high")
    p = pos.copy()
    p.workers[w] = b
    p.climbed = up > 0
    others = mine & ~(1 << w)
    if "hermes" in ply.gods:
        # The other workers walk with Hermes (none may, then any of them builds).
        for builder, q in _hermes(p, others, Ply(rest, ply.builds, ply.pieces, ply.gods)):
            q.first = w
            yield builder, q
        return
    found, why = False, ""
    for k, (name, _) in enumerate(rest):
        if not name.startswith("W") or not others >> _worker(name) & 1:
            continue
        inner = Ply((rest[k], *rest[:k], *rest[k + 1:]), ply.builds, ply.pieces, ply.gods)
        try:
            for builder, q in _walk(p, _worker(name), inner, plan, pos):
                found = True
                q.first = w
                yield builder, q
        except Illegal as error:
            why = why or str(error)
    if not found:
        raise Illegal(why or "Twin Lamps: the second worker is another of the player's")


# -- builds --------------------------------------------------------------------------------


def _build_plans(ply: Ply) -> list[tuple[str, ...]]:
    """The slots the written builds may fill, in the turn's order."""
    optional = [(slot, need) for slot, need in (
        ("prometheus", "prometheus" in ply.gods), ("main", True),
        ("hephaestus", "hephaestus" in ply.gods), ("demeter", "demeter" in ply.gods),
        ("potter", ply.shaping == "extra-build-elsewhere")) if need]
    plan = tuple(slot for slot, _ in optional)
    if len(plan) != len(ply.builds):
        raise Illegal(f"{len(ply.builds)} builds written, the powers named make {len(plan)}")
    return [plan]


def _builds(moved: Position, builder: int, ply: Ply, plan: tuple[str, ...],
            early: list[tuple[int, int, str]]) -> list[tuple[Position, Done]]:
    """Each build after the move in order: square, piece, source (each possible source a
    reading); ``early`` is Prometheus's build, made before the move."""
    readings = [(moved.copy(), [(sq, level) for sq, level, _ in early],
                 [s for _, _, s in early])]
    main = NO_SQUARE
    for k in range(len(early), len(plan)):
        slot = plan[k]
        nxt = []
        for p, built, sources in readings:
            here = p.workers[builder]
            if slot == "main":
                main = ply.builds[k]
            for q, b, s in _build_one(p, ply, k, here, slot, main):
                nxt.append((q, built + [b], sources + [s]))
        readings = nxt
    if "atlas" in ply.gods:
        readings = [r for r in readings if r[0].low_dome]
        if not readings:
            raise Illegal("Atlas is named but no dome goes on a level below 3")
    return [(p, Done(built, sources, p.climbed, p.first, p.pan))
            for p, built, sources in readings]


def _build_one(pos: Position, ply: Ply, k: int, here: int, slot: str, main: int
               ) -> Iterator[tuple[Position, tuple[int, int], str]]:
    sq, said = ply.builds[k], ply.pieces[k]
    name = _n(pos, sq)
    if ply.shaping == "far-build" and slot == "main":
        near = neighbours(pos, here)
        reach = set().union(*(neighbours(pos, n) for n in near)) - near - {here}
        if sq not in reach:
            raise Illegal(f"Mason's Mark builds two steps away, {name} is not")
    elif sq not in neighbours(pos, here):
        raise Illegal(f"{name} is not next to the building worker")
    if sq in figures(pos) or sq in pos.domes:
        raise Illegal(f"nothing can be built on {name}: a figure or a dome is there")
    if slot == "hephaestus" and sq != main:
        raise Illegal("Hephaestus builds again on the same space")
    if slot in ("demeter", "potter") and sq == main:
        raise Illegal("the second build goes on another space")
    h = height(pos, sq)
    if said == "dome":
        if h < 3 and "atlas" not in ply.gods:
            raise Illegal(f"a dome on level {h} needs Atlas")
        if slot == "hephaestus":
            raise Illegal("Hephaestus's second piece is a block")
        piece = 3
    else:
        if h >= 3 or said != f"level {h + 1}":
            raise Illegal(f"the piece for {name} is {'a dome' if h >= 3 else f'level {h + 1}'}, "
                          f"the line says {said}")
        piece = h
    sources = [""] if pos.stock[piece] > 0 else []
    sources += sorted(g for g, card in pos.cards.items() if card.pieces[piece] > 0)
    if not sources:
        raise Illegal(f"no {('level1', 'level2', 'level3', 'dome')[piece]} in the stockpile "
                      "or on a held god card")
    for source in sources:
        p = pos.copy()
        if source:
            p.cards[source].pieces[piece] -= 1
        else:
            p.stock[piece] -= 1
        if piece == 3:
            p.domes.add(sq)
            p.low_dome = p.low_dome or h < 3
        else:
            p.heights[sq] += 1
        yield p, (sq, 4 if piece == 3 else h + 1), source


def _n(pos: Position, sq: int) -> str:
    if sq == NO_SQUARE:
        return "off the board"
    r, c = divmod(sq, pos.width)
    return f"{'ABCDEFGH'[c]}{r + 1}"
