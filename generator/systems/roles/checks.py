"""Rule checks of role cards and games: pure functions, documents in, diagnostics out.

- :func:`iter_card_problems`: each ability's power is known (else "not
  simulated"), its parameters are valid and its timing is one the power can use;
- :func:`iter_deck_problems`: the deck names known cards, holds the right number
  of Engineers and one complete set of each other type (never two sets of one
  type), has a first-play card of every type and no number twice (the Statue of
  Liberty and the turn order need a strict order);
- :func:`iter_board_problems`: the board reads and has start spaces for the
  players.
"""
from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping

from generator.diagnostics import Diagnostic
from generator.engine.powers.registry import POWERS, parameter_problems
from generator.pack.model import Document
from generator.pack.schema import suggest
from generator.systems.roles.model import (
    ENGINEERS,
    POWER_TIMINGS,
    SET_SIZE,
    SET_TYPES,
    TURN_TIMINGS,
    RoleCard,
    RoleGame,
)


def allowed_timings(power: str) -> frozenset[str]:
    """The timings at which ``power`` acts (any turn timing for a god's power).

    >>> sorted(allowed_timings("slide"))
    ['your-move']
    """
    return POWER_TIMINGS.get(power, TURN_TIMINGS)


def iter_card_problems(card: RoleCard, doc: Document) -> Iterator[Diagnostic]:
    """Unknown powers, wrong parameters and timings a power cannot use."""
    for i, ability in enumerate(card.abilities):
        where = ("abilities", i)
        if ability.power not in POWERS:
            yield doc.diag("RS-N006", f"power '{ability.power}' is not simulated: playouts "
                           "play this ability as if it were not there", (*where, "power"),
                           hint=suggest(ability.power, sorted(POWERS))
                           or "riddlesmith explain RS-N006 lists the powers")
            continue
        for problem in parameter_problems(ability.power, ability.params):
            yield doc.diag("RS-N008", problem,
                           (*where, "params") if "params" in doc.data["abilities"][i] else where)
        allowed = allowed_timings(ability.power)
        if ability.timing not in allowed:
            yield doc.diag("RS-N005", f"power '{ability.power}' cannot act at timing "
                           f"'{ability.timing}'", (*where, "timing"),
                           hint=f"use {' or '.join(sorted(allowed))}")


def iter_deck_problems(game: RoleGame, doc: Document, cards: Mapping[str, RoleCard],
                       card_docs: Mapping[str, Document], rejected: Collection[str] = (),
                       cards_may_lack: bool = False) -> Iterator[Diagnostic]:
    """Completeness, sets, Engineers, first-play cards and numbers of the game's deck.

    ``rejected`` names role cards left out for their own errors (already reported):
    the deck naming one is not "no role card". When ``cards_may_lack`` (a role card
    may be missing for errors already reported), the counts of the deck (complete
    sets, Engineers, first-play cards, enough cards for the hands) are not judged:
    they would only repeat that error.
    """
    known = [c for c in game.deck if c in cards]
    for i, ident in enumerate(game.deck):
        if ident not in cards and ident not in rejected:
            yield doc.diag("RS-N010", f"deck names '{ident}', which is no role card of the pack",
                           ("deck", i))
    counted = not cards_may_lack
    engineers = sum(len(cards[c].numbers) for c in known if cards[c].type == "engineer")
    if engineers != ENGINEERS and counted:
        yield doc.diag("RS-N003", f"the deck holds {engineers} Engineer card"
                       f"{'s' if engineers != 1 else ''}; a deck needs {ENGINEERS}", ("deck",),
                       hint="give the Engineer card a list of numbers, one per printed card")
    for kind in SET_TYPES:
        in_deck = [c for c in known if cards[c].type == kind]
        sets = list(dict.fromkeys(cards[c].set for c in in_deck))
        if not sets:
            if counted:
                yield doc.diag("RS-N001", f"the deck has no {kind} set; include one complete set "
                               f"of {SET_SIZE} {kind} cards", ("deck",))
            continue
        for extra in sets[1:]:
            first = next(c for c in in_deck if cards[c].set == extra)
            yield doc.diag("RS-N002", f"{kind} cards of set '{extra}' mixed with set "
                           f"'{sets[0]}': a game uses one whole set of each type",
                           ("deck", game.deck.index(first)))
        chosen = sets[0]
        members = sorted(c for c, card in cards.items() if card.type == kind and card.set == chosen)
        missing = [c for c in members if c not in game.deck]
        printed = sum(len(cards[c].numbers) for c in members)
        if not counted:
            continue
        if missing:
            yield doc.diag("RS-N001", f"{kind} set '{chosen}' is not complete in the deck: "
                           f"missing {', '.join(missing)}", ("deck",))
        elif printed != SET_SIZE:
            yield doc.diag("RS-N001", f"{kind} set '{chosen}' has {printed} cards; a complete "
                           f"set has {SET_SIZE}", ("deck",))
    for kind in ("engineer", *SET_TYPES):
        typed = [c for c in known if cards[c].type == kind]
        if typed and counted and not any(cards[c].first_play for c in typed):
            yield doc.diag("RS-N007", f"no {kind} card of the deck is marked first_play: a "
                           "first game needs one card of each type", ("deck",),
                           hint="set 'first_play: true' on the simplest card of the set")
    printed = sum(len(cards[c].numbers) for c in known)
    if printed < game.players[1] * game.hand_size and counted:
        yield doc.diag("RS-N001", f"the deck has {printed} cards; {game.players[1]} hands of "
                       f"{game.hand_size} need {game.players[1] * game.hand_size}", ("deck",))
    yield from _iter_deck_settings(game, doc, cards, card_docs, known)


def _iter_deck_settings(game: RoleGame, doc: Document, cards: Mapping[str, RoleCard],
                        card_docs: Mapping[str, Document], known: list[str]
                        ) -> Iterator[Diagnostic]:
    """The refill setting and numbers used twice: judged whatever cards are missing."""
    if game.refill_every >= game.hand_size:
        yield doc.diag("RS-N009", f"refill_every ({game.refill_every}) must be below hand_size "
                       f"({game.hand_size}): hands would run empty before the refill",
                       ("refill_every",) if "refill_every" in doc.data else ("hand_size",))
    seen: dict[int, str] = {}
    for ident in known:
        card = cards[ident]
        for j, number in enumerate(card.numbers):
            if number in seen:
                path = ("number", j) if isinstance(card_docs[ident].data["number"], list) else (
                    "number",)
                yield card_docs[ident].diag(
                    "RS-N004", f"number {number} is also on '{seen[number]}': the Statue of "
                    "Liberty and the turn order need every number once", path)
            else:
                seen[number] = ident


def iter_board_problems(game: RoleGame, problem: str, doc: Document) -> Iterator[Diagnostic]:
    """A board that does not read, or too few start numbers for the players."""
    if problem:
        yield doc.diag("RS-N009", f"board: {problem}", ("board",))
        return
    if game.players[0] > game.players[1]:
        yield doc.diag("RS-S001", f"players.min ({game.players[0]}) is larger than players.max "
                       f"({game.players[1]})", ("players", "min"))
    if game.board is not None and len(game.board.starts) < game.players[1]:
        yield doc.diag("RS-N009", f"the board has {len(game.board.starts)} start numbers; "
                       f"{game.players[1]} players need one each", ("board",))
    if game.playtest_players > game.players[1] or game.playtest_players < game.players[0]:
        yield doc.diag("RS-N009", f"playtest.players ({game.playtest_players}) is outside "
                       f"{game.players[0]}-{game.players[1]}", ("playtest", "players"))
