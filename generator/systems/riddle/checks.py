"""Rule checks of the riddle system: pure functions, models and documents in,
diagnostics out (each at the YAML line of what it is about). The checks of a riddle's
own document are here; campaigns and the constellation tree are in :mod:`.campaign_checks`.

Choices these checks make, where the rules leave room:

- **Buildable spaces** (RS-G010): a space can be built on if it is land, not
  domed (or an effect may remove its dome) and some worker can ever stand on
  one of its build-neighbours. "Can ever stand" is reachability from the
  worker starts over move adjacency (bridges included) through undomed land,
  ignoring heights and other figures: an over-approximation, so the check
  never flags a space that could in fact be built on, and may miss some that
  cannot (a worker walled in by towers it can never climb).
- **Stockpile** (RS-G015, RS-G016): for each objective with coin slots, some
  choice of coins to fill them must be buildable with the pieces available;
  a coin needs one piece for each level from its space's set-up height up to
  the lowest level it shows above that height. RS-G016 (a warning) counts the
  stockpile plus the starting pieces of the gods in the opening queue (they
  are face up from the first turn); RS-G015 (an error) also counts every god
  of the deck, one piece of any type per god (its default quest reward) and
  per objective reward, so it fires only when the riddle can never supply the
  pieces. Piece types an end-of-turn effect adds to the stockpile are
  unlimited. Blessings are not counted (their powers are not modelled here).
- **Workers** (RS-G017): every player count plays four workers (RULES 1: one
  player has two white and two blue; two have a pair each; three have one each
  plus the shared Wanderer; four share two pairs), so the map needs four
  ``W`` cells for each supported count.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from itertools import combinations, product

from generator.diagnostics import Diagnostic
from generator.engine.geometry import Bitboard, Geometry, Square
from generator.engine.powers import rules_for
from generator.engine.state import PIECE_NAMES, Stockpile
from generator.pack.model import Document
from generator.pack.schema import suggest
from generator.systems.riddle.gods import engine_god
from generator.systems.riddle.box import Die, GodCard
from generator.systems.riddle.model import GRID_PATH, Coin, Riddle
from generator.systems.riddle.players import HOW_WORKERS_SPLIT, WORKERS_FOR_PLAYERS
from generator.systems.riddle.state import COLOURS, DOME_LEVEL
from generator.systems.riddle.vocab import Problem


MAX_COIN_CHOICES = 20_000
"""Coin choices tried per objective by the stockpile check before it gives up (silently)."""
UNLIMITED = 1 << 20


# -- the map and its coins ----------------------------------------------------------


def reachable_squares(geometry: Geometry, starts: Iterable[Square], closed: Bitboard) -> Bitboard:
    """Squares some worker can ever stand on: flood fill over move adjacency from
    ``starts``, through land not in ``closed`` (heights and figures ignored).

    >>> g = Geometry.from_ascii(". . ~ .")
    >>> bin(reachable_squares(g, [0], 0))
    '0b11'
    """
    seen = 0
    frontier = [sq for sq in starts if 0 <= sq < geometry.size and geometry.land >> sq & 1]
    for sq in frontier:
        seen |= 1 << sq
    while frontier:
        sq = frontier.pop()
        nb = geometry.move_neighbours[sq] & ~closed & ~seen
        while nb:
            low = nb & -nb
            nb ^= low
            seen |= low
            frontier.append(low.bit_length() - 1)
    return seen


def buildable_squares(riddle: Riddle) -> Bitboard:
    """Squares some worker can ever build on (see the module notes: an over-approximation)."""
    board = riddle.board
    g = board.geometry
    closed = board.domes & ~riddle.removable()
    reach = reachable_squares(g, board.workers, closed)
    out = 0
    for sq in g.squares:
        if not closed >> sq & 1 and g.build_neighbours[sq] & reach:
            out |= 1 << sq
    return out


def coin_needs(riddle: Riddle, coin: Coin) -> tuple[int, int, int, int] | None:
    """Pieces (level1, level2, level3, dome) to build a coin's space up to the lowest
    level it shows above its set-up height; None when no such level is left."""
    board = riddle.board
    if board.domes >> coin.square & 1:
        return None
    height = board.heights[coin.square]
    target = next((lv for lv in coin.levels if lv > height), None)
    if target is None:
        return None
    needs = [0, 0, 0, 0]
    for level in range(height + 1, target + 1):
        needs[level - 1] += 1  # level 4 is the dome, piece index 3
    return (needs[0], needs[1], needs[2], needs[3])


def iter_coin_problems(riddle: Riddle, doc: Document) -> Iterator[Diagnostic]:
    """Coins on the sea, on spaces no worker can build on, that can never be collected,
    or sharing a space (RS-G009..RS-G012)."""
    board = riddle.board
    g = board.geometry
    buildable = buildable_squares(riddle)
    removable = riddle.removable()
    seen: dict[Square, int] = {}
    index = _coin_paths(doc, riddle)
    for coin, path in zip(riddle.coins, index):
        name = g.name(coin.square)
        at = path + ("at",)
        if coin.square in seen:
            yield doc.diag("RS-G012", f"a second coin on {name}", at,
                           hint=f"coin {seen[coin.square] + 1} is already there")
            continue
        seen[coin.square] = path[1]
        if not g.land >> coin.square & 1:
            yield doc.diag("RS-G009", f"the coin on {name} is on the sea", at)
            continue
        if removable >> coin.square & 1:
            continue  # an effect lowers the space: levels below the set-up come back
        if board.domes >> coin.square & 1:
            yield doc.diag("RS-G011", f"the coin on {name} can never be collected: the space "
                           "is domed at set-up", at)
            continue
        if coin_needs(riddle, coin) is None:
            shown = ", ".join(str(lv) for lv in coin.levels)
            yield doc.diag("RS-G011", f"the coin on {name} shows level {shown}, but the space is "
                           f"already level {board.heights[coin.square]} at set-up", ("coins", path[1],
                                                                                    "levels"),
                           hint="a coin is collected by building one of its levels")
            continue
        if not buildable >> coin.square & 1:
            yield doc.diag("RS-G010", f"no worker can ever build on {name}: no worker can "
                           "reach a space next to it", at,
                           hint="workers move over land and bridges, never onto domes")


def _coin_paths(doc: Document, riddle: Riddle) -> list[tuple[str, int]]:
    """Document paths of the coins that made it into the model (coins off the map are dropped)."""
    paths = []
    g = riddle.board.geometry
    for i, item in enumerate(doc.data.get("coins", ())):
        try:
            g.square(item["at"])
        except ValueError:
            continue
        paths.append(("coins", i))
    return paths


def iter_slot_problems(riddle: Riddle, doc: Document) -> Iterator[Diagnostic]:
    """An objective with more slots of a colour than the riddle has coins of it (RS-G013)."""
    have = {c: sum(1 for coin in riddle.coins if coin.colour == c) for c in COLOURS}
    for i, objective in enumerate(riddle.objectives):
        for colour, wanted in zip(COLOURS, objective.slots):
            if wanted > have[colour]:
                yield doc.diag("RS-G013", f"the {objective.tier} objective has {wanted} {colour} "
                               f"slot{'s' if wanted != 1 else ''} but the riddle has "
                               f"{have[colour]} {colour} coin{'s' if have[colour] != 1 else ''}",
                               _slots_path(doc, i, colour))


def _slots_path(doc: Document, index: int, colour: str) -> tuple[object, ...]:
    item = doc.data["objectives"][index]
    if "slots" in item:
        return ("objectives", index, "slots", colour)
    return ("objectives", index, "goal")


def iter_ending_problems(riddle: Riddle, doc: Document) -> Iterator[Diagnostic]:
    """Exactly one objective ends the riddle (RS-G014)."""
    ending = [i for i, o in enumerate(riddle.objectives) if o.ends]
    if not ending:
        yield doc.diag("RS-G014", "no objective ends the riddle", ("objectives",), key=True,
                       hint="add 'ends: true' to the objective that ends it")
    for i in ending[1:]:
        first = riddle.objectives[ending[0]].tier
        yield doc.diag("RS-G014", f"the {first} objective already ends the riddle",
                       ("objectives", i, "ends"), hint="exactly one objective says 'ends: true'")


def iter_player_problems(riddle: Riddle, doc: Document) -> Iterator[Diagnostic]:
    """Worker start spaces that do not fit a supported player count (RS-G017)."""
    starts = len(riddle.board.workers)
    listed = doc.data.get("players")
    for i, players in enumerate(riddle.players):
        need = WORKERS_FOR_PLAYERS[players]
        if starts == need:
            continue
        path: tuple[object, ...] = ("players", listed.index(players)) if listed else GRID_PATH
        yield doc.diag("RS-G017", f"{players} player{'s play' if players > 1 else ' plays'} {need} "
                       f"workers ({HOW_WORKERS_SPLIT[players]}), but the map has {starts} "
                       f"worker start{'s' if starts != 1 else ''} ('W')", path,
                       hint=f"mark {need} spaces with W")
        if not listed:
            break  # one message is enough when the counts are the default


def iter_vocabulary_problems(riddle: Riddle, doc: Document) -> Iterator[Diagnostic]:
    """What each goal and effect finds unworkable on this riddle (RS-G024...)."""
    problems: list[Problem] = []
    for objective in riddle.objectives:
        problems.extend(objective.goal.iter_problems(riddle))
    effects = riddle.end_of_turn + (riddle.expert.end_of_turn if riddle.expert else ())
    for effect in effects:
        problems.extend(effect.iter_problems(riddle))
    for p in problems:
        yield doc.diag(p.code, p.message, p.path, hint=p.hint)


# -- pieces for the coins ---------------------------------------------------------------


def _unlimited_pieces(riddle: Riddle) -> set[int]:
    effects = riddle.end_of_turn + (riddle.expert.end_of_turn if riddle.expert else ())
    return {e.piece for e in effects if e.NAME == "stockpile-add"}  # type: ignore[attr-defined]


def _supply(base: Stockpile, gods: Iterable[GodCard], unlimited: set[int]) -> list[int]:
    counts = list(base)
    for god in gods:
        for i in range(4):
            counts[i] += god.pieces[i]
    return [UNLIMITED if i in unlimited else n for i, n in enumerate(counts)]


def _shortfall(needs: list[int], supply: list[int]) -> int:
    return sum(max(0, n - s) for n, s in zip(needs, supply))


def cheapest_shortfall(options: list[list[tuple[int, int, int, int]]], wanted: tuple[int, int],
                       supply: list[int]) -> tuple[int, list[int]] | None:
    """The smallest total shortfall over every choice of ``wanted`` coins per colour,
    and the needs of that choice; None when there are too many choices to try."""
    per_colour = []
    total = 1
    for coins, count in zip(options, wanted):
        if count > len(coins):
            return None  # RS-G013 says it
        choices = list(combinations(coins, count))
        total *= len(choices)
        per_colour.append(choices)
    if total > MAX_COIN_CHOICES:
        return None
    best: tuple[int, list[int]] | None = None
    for silver, gold in product(*per_colour):
        needs = [sum(c[i] for c in (*silver, *gold)) for i in range(4)]
        short = _shortfall(needs, supply)
        if best is None or short < best[0]:
            best = (short, needs)
            if short == 0:
                break
    return best


def domes_any_level(cards: Iterable[GodCard]) -> bool:
    """Some card's power (played by the solver) caps any level with a dome."""
    return any(god is not None and rules_for((god,)).dome_any_level
               for god in (engine_god(card, figures=False) for card in cards))


PIECE_GIFTS = frozenset({"gain-level1", "gain-level3", "gain-dome", "gain-any-block"})
"""Blessing effects that add a piece to the stockpile (each a piece more, like a quest)."""


def iter_stockpile_problems(riddle: Riddle, doc: Document, gods: Mapping[str, GodCard],
                            effects: Mapping[str, str] | None = None) -> Iterator[Diagnostic]:
    """Objectives whose coin slots cannot be filled with the pieces available (RS-G015/16).

    ``effects``: each blessing card's effect by id; a card revealed at set-up whose
    effect adds a piece counts as one piece more, as an opening god's quest does."""
    modes: list[tuple[Stockpile, tuple[object, ...], str]] = [(riddle.stockpile, (), "")]
    if riddle.expert is not None and riddle.expert.stockpile is not None:
        modes.append((riddle.expert.stockpile, ("expert", "stockpile"), " in expert mode"))
    options: list[list[tuple[int, int, int, int]]] = [[], []]
    # A power that domes any level (Atlas) collects a dome coin with the dome alone.
    dome_any = domes_any_level([gods[g] for g in riddle.gods.deck + riddle.gods.queue
                                if g in gods])
    for coin in riddle.coins:
        need = coin_needs(riddle, coin)
        if dome_any and need is not None and need[3]:
            need = (0, 0, 0, 1)
        if need is not None and riddle.board.geometry.land >> coin.square & 1:
            options[COLOURS.index(coin.colour)].append(need)
    unlimited = _unlimited_pieces(riddle)
    queue = [gods[g] for g in riddle.gods.queue if g in gods]
    deck = [gods[g] for g in dict.fromkeys(riddle.gods.deck + riddle.gods.queue) if g in gods]
    rewards = sum(o.reward.count for o in riddle.objectives
                  if o.reward is not None and o.reward.piece is not None)
    # Each opening god whose power the solver plays can earn its quest: one piece more.
    quests = sum(1 for card in queue if engine_god(card, figures=False) is not None)
    gifts = sum(1 for b in riddle.gods.revealed if (effects or {}).get(b) in PIECE_GIFTS)
    quests += gifts
    for stock, where, mode in modes:
        for i, objective in enumerate(riddle.objectives):
            if not any(objective.slots):
                continue
            path = where or ("objectives", i, "slots" if "slots" in doc.data["objectives"][i]
                             else "goal")
            widest = _supply(stock, deck, unlimited)
            wildcards = len(deck) + rewards + gifts
            found = cheapest_shortfall(options, objective.slots, widest)
            if found is None:
                continue
            short, needs = found
            if short > wildcards:
                yield doc.diag("RS-G015", f"the {objective.tier} objective needs coins whose "
                               f"spaces take at least {_describe(needs, widest)}{mode}; the "
                               f"stockpile, every god's pieces and {wildcards} reward piece"
                               f"{'s' if wildcards != 1 else ''} cannot supply them", path)
                continue
            opening = _supply(stock, queue, unlimited)
            found = cheapest_shortfall(options, objective.slots, opening)
            if found is not None and found[0] > quests:
                yield doc.diag("RS-G016", f"the {objective.tier} objective needs coins whose "
                               f"spaces take at least {_describe(found[1], opening)}{mode}; "
                               "the stockpile and the opening queue's gods fall short",
                               path, hint="the riddle then relies on gods from the deck or on "
                               "rewards; check that this is meant")


def _describe(needs: list[int], supply: list[int]) -> str:
    parts = []
    for i, (n, s) in enumerate(zip(needs, supply)):
        if n > s:
            parts.append(f"{n} {PIECE_NAMES[i]} piece{'s' if n != 1 else ''} ({s} available)")
    return ", ".join(parts) or "more pieces than available"


# -- references between documents ------------------------------------------------------


def unknown(doc: Document, what: str, ident: str, path: tuple[object, ...],
            known: Iterable[str]) -> Diagnostic:
    """RS-P010: ``ident`` names no known ``what``; the hint suggests the nearest name."""
    choices = sorted(known)
    hint = suggest(ident, choices) or (f"known {what}s: " + ", ".join(choices[:12]) if choices
                                      else f"the pack has no {what}")
    return doc.diag("RS-P010", f"unknown {what} '{ident}'", path, hint=hint)


QUEUE_PLACES = 3
"""RULES 1: the queue shows three cards (gods, and blessing cards revealed into it)."""


def iter_god_setup_problems(riddle: Riddle, doc: Document, gods: Mapping[str, GodCard]
                            ) -> Iterator[Diagnostic]:
    """Unknown gods (RS-P010) and a queue not dealt from the deck (RS-G023)."""
    for part in ("deck", "queue"):
        for i, ident in enumerate(getattr(riddle.gods, part)):
            if ident not in gods:
                yield unknown(doc, "god", ident, ("gods", part, i), gods)
    for i, ident in enumerate(riddle.gods.queue):
        if ident not in riddle.gods.deck and ident in gods:  # an unknown god is said above
            yield doc.diag("RS-G023", f"the opening queue deals '{ident}', which is not in the "
                           "deck", ("gods", "queue", i),
                           hint="list every god of the riddle under 'deck'; the queue names "
                           "the ones dealt face up")
    places = len(riddle.gods.queue) + len(riddle.gods.revealed)
    if places > QUEUE_PLACES:
        yield doc.diag("RS-G023", f"the opening queue shows {places} cards (gods and revealed "
                       f"blessings); it has {QUEUE_PLACES} places", ("gods", "revealed"),
                       hint="the queue's gods and revealed blessings share its three places")


def iter_reference_problems(riddle: Riddle, doc: Document, blessings: Iterable[str],
                            dice: Iterable[str]) -> Iterator[Diagnostic]:
    """Unknown blessings and dice (RS-P010)."""
    blessing_ids = set(blessings)
    for i, ident in enumerate(riddle.blessings):
        if ident not in blessing_ids:
            yield unknown(doc, "blessing", ident, ("blessings", i), blessing_ids)
    for i, ident in enumerate(riddle.gods.revealed):
        if ident not in blessing_ids:
            yield unknown(doc, "blessing", ident, ("gods", "revealed", i), blessing_ids)
    die_ids = set(dice)
    if riddle.die is not None and riddle.die not in die_ids:
        yield unknown(doc, "die", riddle.die, ("die",), die_ids)


def iter_number_problems(docs: list[Document], what: str) -> Iterator[Diagnostic]:
    """The same number on two documents of a kind (RS-G018)."""
    seen: dict[int, Document] = {}
    for doc in docs:
        number = doc.data.get("number")
        if number is None:
            continue
        if number in seen:
            first = seen[number]
            line, _ = first.locate(("number",))
            yield doc.diag("RS-G018", f"{what} number {number} is already used by "
                           f"'{first.id}' ({first.file}:{line})", ("number",))
        else:
            seen[number] = doc


def iter_die_problems(die: Die, doc: Document) -> Iterator[Diagnostic]:
    """A gem whose colour is on no face can never be won (RS-G025)."""
    colours = {f.colour for f in die.faces}
    for i, gem in enumerate(die.gems):
        if gem not in colours:
            yield doc.diag("RS-G025", f"no face of the die is {gem}: its gem can never be won",
                           ("gems", i), hint="faces: " + ", ".join(sorted(colours)))


__all__ = [
    "DOME_LEVEL", "buildable_squares", "cheapest_shortfall", "coin_needs", "iter_coin_problems",
    "iter_die_problems", "iter_ending_problems", "iter_god_setup_problems", "iter_number_problems",
    "iter_player_problems", "iter_reference_problems", "iter_slot_problems",
    "iter_stockpile_problems", "iter_vocabulary_problems", "reachable_squares", "unknown",
]
