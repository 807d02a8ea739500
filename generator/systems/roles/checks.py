"""Rule checks of role cards and games: pure functions, documents in, diagnostics out.

- :func:`iter_card_problems`: each ability's power is known (else "not
  simulated"), its parameters are valid and its timing is one the power can use;
- :func:`iter_deck_problems`: the game names known roles, one Engineer role and
  at least one role of every other type, a first-play role of every type, seven
  Engineer numbers and six per other type, and no number twice (the Statue of
  Liberty and the turn order need a strict order);
- :func:`iter_legacy_problems`: documents of the old style, one role per number
  (RS-N016, an error that says what to write instead);
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
    COPIES,
    ENGINEERS,
    LEGACY_CARD_KEYS,
    POWER_TIMINGS,
    SET_SIZE,
    SET_TYPES,
    TURN_TIMINGS,
    TYPES,
    RoleCard,
    RoleGame,
    roles_of_type,
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


def iter_legacy_problems(doc: Document) -> Iterator[Diagnostic]:
    """RS-N016 at each key of the old style (one role per number, sets of six roles):
    ``number`` and ``set`` on a role card, ``deck`` on a role game."""
    if doc.kind == "role-card":
        for key in LEGACY_CARD_KEYS:
            if key in doc.data:
                yield doc.diag("RS-N016", f"'{key}' is the old style of role card: a role is "
                               "now printed six times (the Engineer seven), numbered from the "
                               "role-game's 'numbers' for its type", (key,),
                               hint="delete this key and list the numbers once per type in "
                               "the role-game's 'numbers' (riddlesmith explain RS-N016)")
    elif "deck" in doc.data:
        yield doc.diag("RS-N016", "'deck' is the old style of role game (one card per "
                       "number): a game now chooses one role of each type", ("deck",),
                       hint="rename it 'roles' and add 'numbers' with seven Engineer numbers "
                       "and six numbers per other type (riddlesmith explain RS-N016)")


def iter_deck_problems(game: RoleGame, doc: Document, cards: Mapping[str, RoleCard],
                       rejected: Collection[str] = (), cards_may_lack: bool = False
                       ) -> Iterator[Diagnostic]:
    """The roles and numbers of the game: known roles, one Engineer role, at least one
    role of every other type, a first-play role of every type, the right count of
    numbers per type and no number twice (the Statue of Liberty and the turn order
    need a strict order), enough cards for the hands.

    ``rejected`` names role cards left out for their own errors (already reported):
    the game naming one is not "no role card". When ``cards_may_lack`` (a role card
    may be missing for errors already reported), the counts of roles are not judged:
    they would only repeat that error.
    """
    if game.legacy:
        return  # RS-N016 says what to write instead
    for i, ident in enumerate(game.roles):
        if ident not in cards and ident not in rejected:
            yield doc.diag("RS-N010", f"roles names '{ident}', which is no role card of the "
                           "pack", ("roles", i), hint=suggest(ident, sorted(cards)))
    counted = not cards_may_lack
    engineers = roles_of_type(game, cards, "engineer")
    if len(engineers) != 1 and counted:
        yield doc.diag("RS-N003", f"roles lists {len(engineers)} Engineer roles; a game has "
                       f"exactly one (its {ENGINEERS} copies are always in play)", ("roles",))
    for kind in SET_TYPES:
        if not roles_of_type(game, cards, kind) and counted:
            yield doc.diag("RS-N001", f"roles lists no {kind} role; a game chooses one role of "
                           f"each type and deals its {SET_SIZE} copies", ("roles",))
    for kind in TYPES:
        typed = roles_of_type(game, cards, kind)
        if typed and counted and not any(cards[c].first_play for c in typed):
            yield doc.diag("RS-N007", f"no {kind} role of the game is marked first_play: a "
                           "first game needs one role of each type", ("roles",),
                           hint="set 'first_play: true' on the simplest role of the type")
    seen: dict[int, str] = {}
    for kind in TYPES:
        numbers = game.numbers.get(kind, ())
        if len(numbers) != COPIES[kind]:  # the schema says so too; never reached after it
            yield doc.diag("RS-N001", f"numbers.{kind} has {len(numbers)} numbers; "
                           f"{_article(kind)} {kind} role is printed {COPIES[kind]} times",
                           ("numbers", kind))
        for j, number in enumerate(numbers):
            if number in seen:
                yield doc.diag("RS-N004", f"number {number} is also {_article(seen[number])} "
                               f"{seen[number]} number: "
                               "the Statue of Liberty and the turn order need every number "
                               "once", ("numbers", kind, j))
            seen[number] = kind
    printed = sum(COPIES.values())
    if printed < game.players[1] * game.hand_size:
        yield doc.diag("RS-N001", f"a deal has {printed} cards; {game.players[1]} hands of "
                       f"{game.hand_size} need {game.players[1] * game.hand_size}",
                       ("hand_size",) if "hand_size" in doc.data else ("players",))
    if game.refill_every >= game.hand_size:
        yield doc.diag("RS-N009", f"refill_every ({game.refill_every}) must be below hand_size "
                       f"({game.hand_size}): hands would run empty before the refill",
                       ("refill_every",) if "refill_every" in doc.data else ("hand_size",))


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


def _article(word: str) -> str:
    """``a`` or ``an`` before ``word``.

    >>> _article("builder"), _article("engineer")
    ('a', 'an')
    """
    return "an" if word[:1] in "aeiou" else "a"
