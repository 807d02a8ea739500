"""The rest of a replayed turn for the legality checker (:mod:`.legality`): quests and
their rewards, discarded gods, coins, blessing tokens, the rewards step and the
end-of-turn effects, each checked against the notes the line prints; and whether
the objective holds at the end.

Quests, from RULES 1 and the god cards (content/riddles/gods/):

- default: a card emptied on a turn its god's power was used earns any one piece;
  quests are optional (RULES 1), so a line may leave a reward unclaimed;
- ``stand-above``: two of the holder's workers stand higher than every other figure;
- ``raise-to`` (level L): a space bare at the start of the turn has L blocks or more;
- ``shove-off-tower``: the King or the Sphinx left a space of level 1 or more.

A custom quest is judged on every turn of its holder (held at the start of the
turn or taken during it), earned once, and pays the card's reward piece (``any``:
the group's choice); a god with a custom quest never earns the default one. A god
whose card is empty is discarded at the end of the turn.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from generator.engine.geometry import NO_SQUARE
from generator.systems.riddle.model import Riddle

from .legality_ply import Illegal, figures, neighbours, steps_from

if TYPE_CHECKING:
    from .legality import Position, Rules

PIECES = ("level1", "level2", "level3", "dome")
ANY = ((1, 0, 0, 0), (0, 1, 0, 0), (0, 0, 1, 0), (0, 0, 0, 1))


def _sq(name: str, width: int) -> int:
    return (int(name[1:]) - 1) * width + "ABCDEFGH".index(name[0])


def _pieces(text: str) -> tuple[int, ...]:
    out = [0, 0, 0, 0]
    for part in text.split(", "):
        count, piece = part.split(" ")
        out[PIECES.index(piece)] += int(count)
    return tuple(out)


def finish_turn(rules: Rules, before: Position, pos: Position, notes: list[str],
                built: Sequence[tuple[int, int]], used: set[str], skip: bool,
                extra: bool) -> Position:
    """``pos`` after the action: quests, discards, coins, rewards and effects as the
    ``notes`` (the pieces note already read) say; raises :class:`Illegal`."""
    rewards, earned = _quest_rewards(rules, before, pos, used)
    delta: tuple[int, ...] = (0, 0, 0, 0)
    if notes and notes[0].startswith("quest reward +"):
        delta, notes = _pieces(notes[0].removeprefix("quest reward +")), notes[1:]
    if delta not in rewards:
        raise Illegal(f"quest rewards possible: {sorted(rewards)}, the line gives {delta}")
    if any(delta):
        for god in earned:  # a custom quest is earned once (claimed rewards)
            pos.cards[god].quest_done = True
    for i, n in enumerate(delta):
        pos.stock[i] += n
    for god in [g for g, c in pos.cards.items() if not any(c.pieces)]:
        del pos.cards[god]  # an empty card is discarded at the end of the turn
    _coins(rules.riddle, pos, built, notes)
    forfeited = [sq for sq, level in built if level == 4 and sq in pos.tokens]
    if forfeited:
        pos.tokens -= set(forfeited)
        if "blessing token forfeited" not in notes:
            raise Illegal("a dome on a blessing token forfeits it, the line does not say so")
    elif "blessing token forfeited" in notes:
        raise Illegal("no dome was built on a blessing token")
    # The rewards step, then the end-of-turn effects, as the notes say.
    pos.turn += 1
    under = pos.tokens & set(pos.workers)
    pos.blessings += len(under)
    pos.tokens -= under
    said = [x for x in notes if x.startswith("blessing collected on ")]
    if bool(under) != bool(said):
        raise Illegal("blessing tokens under workers at the end of the turn: "
                      f"{sorted(under)}, the line says {said}")
    for note in notes:
        if note.endswith(" objective achieved"):
            pos.achieved.add(note.removesuffix(" objective achieved"))
        elif note.startswith("reward +"):
            for i, n in enumerate(_pieces(note.removeprefix("reward +"))):
                pos.stock[i] += n
    pos.met |= {o.tier for o in rules.riddle.objectives if reached(rules.riddle, pos, o.tier)}
    _effects(rules.riddle, pos, notes, skip)
    if extra:
        pos.shift -= 1  # the same seat plays the next turn
    return pos


def _quest_rewards(rules: Rules, before: Position, pos: Position, used: set[str]
                   ) -> tuple[set[tuple[int, ...]], list[str]]:
    """Every sum of the quest rewards the turn earned, each one claimed or not (quests
    are optional, RULES 1), and the gods whose custom quests were earned."""
    options: set[tuple[int, ...]] = {(0, 0, 0, 0)}
    earned: list[str] = []
    seat = pos.seat
    for god, card in pos.cards.items():
        quest = rules.gods[god].quest
        was = before.cards.get(god)
        if not quest.custom:
            if god in used and was is not None and any(was.pieces) and not any(card.pieces):
                options |= {_add(o, r) for o in options for r in ANY}
            continue
        mine = was is not None and was.seat == seat or (was is None and card.seat == seat)
        if not mine or card.quest_done or not _earned(quest.id, quest.level, before, pos):
            continue
        earned.append(god)
        choice = ANY if quest.reward == "any" else (ANY[PIECES.index(quest.reward)],)
        options |= {_add(o, r) for o in options for r in choice}
    return options, earned


def _add(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x + y for x, y in zip(a, b))


def _earned(quest: str, level: int, before: Position, after: Position) -> bool:
    if quest == "stand-above":
        mask = after.owners[after.seat]
        own = [after.heights[sq] for i, sq in enumerate(after.workers)
               if sq != NO_SQUARE and mask >> i & 1]
        rest = [after.heights[sq] for i, sq in enumerate(after.workers)
                if sq != NO_SQUARE and not mask >> i & 1]
        rest += [after.heights[sq] for sq in (after.king, after.sphinx) if sq != NO_SQUARE]
        own.sort(reverse=True)
        return len(own) >= 2 and all(h < own[1] for h in own[2:] + rest)
    if quest == "raise-to":
        return any(before.heights[sq] == 0 and sq not in before.domes
                   and after.heights[sq] >= level for sq in before.heights)
    if quest == "shove-off-tower":
        return any(a != NO_SQUARE and a != b and before.heights[a] >= 1
                   for a, b in ((before.king, after.king), (before.sphinx, after.sphinx)))
    raise Illegal(f"quest {quest} is not one the checker knows")


def _coins(riddle: Riddle, pos: Position, built: Sequence[tuple[int, int]],
           notes: list[str]) -> None:
    """Coins collected by the builds, in order, into the slots the notes name."""
    said = [x for x in notes if " coin -> " in x]
    for sq, level in built:
        coin = pos.coins.get(sq)
        if coin is None or level not in coin[1]:
            continue
        del pos.coins[sq]
        colour = coin[0]
        mine = [x for x in said if x.startswith(f"{colour} coin -> ")]
        if not mine:
            raise Illegal(f"the {colour} coin is collected, the line does not say where it goes")
        said.remove(mine[0])
        where = mine[0].split(" -> ")[1]
        c = ("silver", "gold").index(colour)
        free = [t for t, filled in pos.slots.items() if filled[c] < _slots(riddle, t)[c]]
        if where.startswith("set aside"):
            if free:
                raise Illegal(f"the coin is set aside while {free} has a free slot")
        else:
            target = where.removesuffix(" objective")
            if target not in free:
                raise Illegal(f"the {target} objective has no free {colour} slot")
            pos.slots[target][c] += 1
    if said:
        raise Illegal(f"coins said to be collected, but none is: {said}")


def _slots(riddle: Riddle, tier: str) -> tuple[int, int]:
    return next(o.slots for o in riddle.objectives if o.tier == tier)


def _effects(riddle: Riddle, pos: Position, notes: list[str], skip: bool) -> None:
    w = pos.width
    sinks: set[int] = set()
    for n in notes:
        if n.endswith(" sank"):
            sinks |= {_sq(x, w) for x in n.removesuffix(" sank").split(", ")}
    expected = set() if skip else {
        e.at for e in riddle.end_of_turn  # type: ignore[attr-defined]
        if e.NAME == "sink" and e.turn == pos.turn  # type: ignore[attr-defined]
        and e.at in pos.land}  # type: ignore[attr-defined]
    if sinks != expected:
        raise Illegal(f"spaces sinking on turn {pos.turn}: expected {sorted(expected)}, the "
                      f"line says {sorted(sinks)}")
    for note in notes:
        for name in ("King", "Sphinx"):
            if note.startswith(f"{name} "):
                if skip:
                    raise Illegal("Slack Water skips the effects, yet a figure steps")
                a, b = (_sq(x, w) for x in note.split(" ")[1].split("-"))
                here = pos.king if name == "King" else pos.sphinx
                if here != a or b in figures(pos) or b in pos.domes \
                        or b not in steps_from(pos, a):
                    raise Illegal(f"the {name} cannot step {note}")
                if name == "King":
                    pos.king = b
                else:
                    pos.sphinx = b
        if note.startswith("top piece removed from "):
            for x in note.removeprefix("top piece removed from ").split(", "):
                sq = _sq(x, w)
                if sq in pos.domes:
                    pos.domes.discard(sq)
                elif pos.heights[sq] > 0:
                    pos.heights[sq] -= 1
                else:
                    raise Illegal(f"nothing to remove on {x}")
        if note.startswith("stockpile "):
            for part in note.removeprefix("stockpile ").split(", "):
                count, piece = part.split(" ")
                i = PIECES.index(piece)
                pos.stock[i] += int(count)
                if pos.stock[i] + sum(c.pieces[i] for c in pos.cards.values()) < 0:
                    raise Illegal("the stockpile goes below zero")
    for sq in sinks:
        pos.land.discard(sq)
        pos.heights[sq] = 0
        pos.domes.discard(sq)
        pos.tokens.discard(sq)
        pos.coins.pop(sq, None)
        pos.workers = [NO_SQUARE if x == sq else x for x in pos.workers]
        pos.king = NO_SQUARE if pos.king == sq else pos.king
        pos.sphinx = NO_SQUARE if pos.sphinx == sq else pos.sphinx


def reached(riddle: Riddle, pos: Position, tier: str) -> bool:
    """The objective holds: counted here for slots, stand, build and blessing goals."""
    objective = next(o for o in riddle.objectives if o.tier == tier)
    goal = objective.goal
    name = type(goal).__name__
    if name == "SlotsGoal":
        return pos.slots[tier][0] >= objective.slots[0] and pos.slots[tier][1] >= objective.slots[1]
    if name == "StandGoal":
        workers = pos.workers
        who = {"worker": workers, "king": [pos.king], "sphinx": [pos.sphinx],
               "any": [*workers, pos.king, pos.sphinx]}[goal.figure]  # type: ignore[attr-defined]
        at = goal.at  # type: ignore[attr-defined]
        return any(sq != NO_SQUARE and (at == NO_SQUARE or sq == at)
                   and (pos.heights[sq] >= goal.level  # type: ignore[attr-defined]
                        or (sq == pos.pan and sq in workers))
                   for sq in who)
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
    if name == "BlessingsGoal":
        return pos.blessings >= goal.count  # type: ignore[attr-defined]
    return tier in pos.achieved


__all__ = ["finish_turn", "neighbours", "reached"]
