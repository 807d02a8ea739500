"""God quests the solver plays (RULES.md section 1, "Decisions for god powers").

A god card names its quest by ``quest.id`` (``schemas/god.schema.json``); each id
here is a pure function of the board before the turn, the board after the turn's
action (before the rewards step) and the holder's workers. Leaving the id out
plays the default quest, and a card that prints quest text without an id gets
the warning RS-G027 at the quest's line, because the solver cannot read text.

- ``default``: clear the last piece off the card on a turn its power was used
  (played in :meth:`~.gods.GodPowers.play`, where the card's pieces are known;
  it has no condition here).
- ``stand-above``: the holder ends the turn with two of its workers standing
  higher (more blocks under them) than every other figure: the other workers,
  its own included, the King and the Sphinx.
- ``raise-to``: a space that was bare ground (level 0, no dome) at the start of
  the turn stands at level ``level`` (default 2) or higher after it.
- ``shove-off-tower``: the King or the Sphinx left a space of level 1 or more
  during the turn (only a power moves them: Minotaur's shove).

Decisions (see also :mod:`.gods`):

- :data:`NEEDS_POWER_USED` is False: a custom quest is judged on every turn of
  the player holding the god, whether or not a power was used, as the cards'
  texts say nothing of the power (the default quest does, and keeps that).
- A god counts as held on a turn when its holder held it at the start of the
  turn or took it during it; so a turn that clears the last piece off the card
  still earns the quest (rewards and discards share one step).
- :data:`ONCE_PER_GOD`: a custom quest is earned at most once; earning it does
  not clear the card, which is discarded only when its pieces are all cleared.
- The reward is the card's ``reward.piece`` (``any``: the group's choice), added
  in the rewards step.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from generator.engine.geometry import NO_SQUARE
from generator.engine.state import State, height_at

if TYPE_CHECKING:
    from generator.diagnostics import Diagnostic
    from generator.pack.model import Document
    from generator.systems.riddle.box import GodCard

DEFAULT_QUEST = "default"
NEEDS_POWER_USED = False
"""Decision: a custom quest does not need the god's power used on the turn."""
ONCE_PER_GOD = True
"""Decision: a custom quest is earned once; the card stays until its pieces are cleared."""
RAISE_TO_LEVEL = 2
"""``raise-to`` without ``level``: the level the bare space must reach."""

Condition = Callable[[State, State, int, int], bool]
"""(board before the turn, board after the action, holder's worker mask, level) -> earned."""


def stand_above(before: State, after: State, mine: int, level: int) -> bool:
    """Two of the holder's workers stand higher than every other figure.

    >>> b = State(0b10, 0, 0, 0, (0, 1, 2))
    >>> stand_above(b, State(0b11, 0, 0, 0, (0, 1, 2)), 0b011, 0)
    True
    >>> stand_above(b, State(0b111, 0, 0, 0, (0, 1, 2)), 0b011, 0)
    False
    """
    del before, level
    own: list[int] = []
    others = -1
    for i, sq in enumerate(after.workers):
        if sq == NO_SQUARE:
            continue
        if mine >> i & 1:
            own.append(height_at(after, sq))
        else:
            others = max(others, height_at(after, sq))
    if len(own) < 2:
        return False
    own.sort(reverse=True)
    if len(own) > 2:
        others = max(others, own[2])
    for figure in (after.king, after.sphinx):
        if figure != NO_SQUARE:
            others = max(others, height_at(after, figure))
    return own[1] > others


def raise_to(before: State, after: State, mine: int, level: int) -> bool:
    """A space bare at the start of the turn stands at ``level`` or higher after it.

    >>> raise_to(State(0, 0, 0, 0), State(0b100, 0b100, 0, 0), 0, 2)
    True
    >>> raise_to(State(0b100, 0, 0, 0), State(0b100, 0b100, 0b100, 0), 0, 2)
    False
    """
    del mine
    bare = ~(before.l1 | before.domes)
    layer = (after.l1, after.l2, after.l3)[min(max(level, 1), 3) - 1]
    return bool(bare & layer)


def shove_off_tower(before: State, after: State, mine: int, level: int) -> bool:
    """The King or the Sphinx left a space of level 1 or more.

    >>> shove_off_tower(State(1, 0, 0, 0, (), 0), State(1, 0, 0, 0, (), 1), 0, 0)
    True
    """
    del mine, level
    for was, now in ((before.king, after.king), (before.sphinx, after.sphinx)):
        if was != NO_SQUARE and now != was and height_at(before, was) >= 1:
            return True
    return False


QUESTS: Mapping[str, Condition | None] = {
    DEFAULT_QUEST: None,
    "stand-above": stand_above,
    "raise-to": raise_to,
    "shove-off-tower": shove_off_tower,
}
"""Quest id -> its condition (None: the default quest, judged on the card's pieces)."""


@dataclass(frozen=True, slots=True)
class Quest:
    """A god's quest as the solver plays it."""

    id: str = DEFAULT_QUEST
    level: int = RAISE_TO_LEVEL
    reward: str = "any"  # level1 | level2 | level3 | dome | any

    @property
    def custom(self) -> bool:
        """True for a quest judged by a condition (not the default quest)."""
        return self.id != DEFAULT_QUEST

    def earned(self, before: State, after: State, mine: int) -> bool:
        """True when the quest's condition holds on a turn from ``before`` to ``after``."""
        condition = QUESTS[self.id]
        return condition is not None and condition(before, after, mine, self.level)


def iter_quest_problems(card: GodCard, doc: Document) -> Iterator[Diagnostic]:
    """RS-G027: a quest printed as text with no ``id`` (the solver plays the default)."""
    if card.quest_text is not None and card.quest_id is None:
        yield doc.diag("RS-G027", "quest not simulated: the solver plays the default quest "
                       f"for god '{card.id}'", ("quest",), key=True,
                       hint="name the quest with 'id:' (" + ", ".join(sorted(QUESTS))
                       + "); use 'id: default' when the text is the default quest")


__all__ = ["DEFAULT_QUEST", "NEEDS_POWER_USED", "ONCE_PER_GOD", "QUESTS", "Quest",
           "iter_quest_problems", "raise_to", "shove_off_tower", "stand_above"]
