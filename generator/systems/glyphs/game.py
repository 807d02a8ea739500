"""The full solo game (RULES.md section 5): set-up, action phase, rewards, Sfynx phase.

A game in progress is a :class:`Play` (mutable, private to one game); every
random choice (deck shuffles, the tiles' places, the special tiles kept, the
token order) draws from the ``random.Random`` passed to :func:`new_game`.
Decisions belong to a policy (:class:`Policy`): the actions, the reward to
take, the reward to give back when a fourth arrives, the tiles a curse hits.

Rules as played here, where RULES.md leaves room:

- the riddle row is a list, index 0 next to the deck; a solved card leaves
  its place, the cards nearer the deck slide away from it and the next card
  is revealed next to the deck (``row.pop(i); row.insert(0, next)``);
- after every action the revealed cards are checked in row order, again
  after each solve (a newly revealed card may already be solved);
- the joker-pass reward arms one solve: the next no-joker card that only a
  joker completes is solved with it, and the pass is spent;
- whirlpool side B applies once at most ``whirlpool.remaining`` riddle cards (the
  game document's number) remain in play (revealed plus deck); side A otherwise;
- a translation moves each line holding jokers once per joker it holds, all
  counted before anything moves;
- the game is lost when the token of the last clepsydra slot is revealed
  (its effects are not applied) or when a curse leaves no tile restored.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable, Protocol

from generator.systems.glyphs.board import (
    COLUMN,
    CURSE,
    DIAGONAL,
    JOKER,
    ORTHOGONAL,
    RESTORE,
    ROW,
    SWAP,
    Step,
    adjacent_pairs,
    apply_steps,
    is_solved,
)
from generator.systems.glyphs.model import Degree, Table

BASIC_PER_TURN = 2
"""The rulebook's basic actions per turn; a game document may set another
(``basic_actions.per_player``, :attr:`~.model.Table.basic_per_turn`)."""
CAUSE_CLEPSYDRA = 1
CAUSE_CURSED = 2
CAUSES = {CAUSE_CLEPSYDRA: "clepsydra", CAUSE_CURSED: "all-cursed"}


@dataclass(frozen=True, slots=True)
class Action:
    """One action: its ``source`` (``basic``, ``special`` or ``reward``), the special tile
    or held reward it spends (``index``), its effect and its steps."""

    source: str
    index: int
    effect: str
    steps: tuple[Step, ...]


@dataclass(slots=True)
class Play:
    """A game in progress (see the module notes)."""

    table: Table
    degree: Degree
    tiles: tuple[int, ...]
    restored: int
    deck: list[int]
    row: list[int]
    total: int
    reward_deck: list[str]
    reward_row: list[str]
    held: list[str]
    specials: list[str]
    active: list[bool]
    tokens: list[tuple[str, ...]]
    turn: int = 1
    basics_left: int = BASIC_PER_TURN
    special_used: bool = False
    solved: int = 0
    whirlpool_b: bool = False
    joker_pass: bool = False
    won: bool = False
    cause: int = 0
    log: list[str] = field(default_factory=list)

    @property
    def over(self) -> bool:
        return self.won or self.cause != 0

    def must_act(self) -> bool:
        """True while a basic action, or a special action with a legal use, is still owed."""
        return self.basics_left > 0 or (not self.special_used and any(
            active and has_use(self, effect) for active, effect in zip(self.active,
                                                                       self.specials)))


def has_use(play: Play, effect: str) -> bool:
    """Whether ``effect`` can be used now: a restore needs a cursed tile; moves always can."""
    if effect.startswith("restore"):
        return play.restored != (1 << len(play.tiles)) - 1
    return True


class Policy(Protocol):
    """The player's decisions (a policy may keep a plan between calls of one game)."""

    def next_action(self, play: Play) -> Action | None:
        """The next action (None: end the action phase; refused while one is owed)."""

    def pick_reward(self, play: Play) -> int:
        """Which revealed reward card to take (an index of ``play.reward_row``)."""

    def give_back(self, play: Play) -> tuple[int, Action | None]:
        """With one reward too many: which held card goes back, and its use now (or None)."""

    def pick_curses(self, play: Play, count: int) -> list[int]:
        """``count`` restored tiles (tile numbers) for a curse to hit."""


def new_game(table: Table, degree_number: int, rng: random.Random) -> Play:
    """A new game at a difficulty degree, every shuffle drawn from ``rng``."""
    degree = table.degree(degree_number)
    if degree is None:
        raise ValueError(f"no difficulty degree {degree_number}")
    deck: list[int] = []
    for number in degree.decks:
        cards = [i for i, c in enumerate(table.cards) if c.deck == number]
        rng.shuffle(cards)
        deck.extend(cards[degree.removed:])
    rng.shuffle(deck)
    row = [deck.pop(0) for _ in range(min(degree.revealed, len(deck)))]
    row.reverse()  # the first card revealed ends farthest from the deck
    rewards = list(table.rewards)
    rng.shuffle(rewards)
    held = [rewards.pop(0) for _ in range(min(degree.start_rewards, len(rewards)))]
    shown = [rewards.pop(0) for _ in range(min(degree.rewards_shown, len(rewards)))]
    cells = list(range(len(table.symbol_of)))
    rng.shuffle(cells)
    tiles = tuple(cells)
    mask = table.pattern(degree.setup)
    restored = 0
    for cell, tile in enumerate(tiles):
        if mask >> cell & 1:
            restored |= 1 << tile
    specials = list(table.specials)
    rng.shuffle(specials)
    specials = specials[:table.special_active]
    tokens = list(table.tokens)
    rng.shuffle(tokens)
    play = Play(table=table, degree=degree, tiles=tiles, restored=restored, deck=deck, row=row,
                total=len(deck) + len(row), reward_deck=rewards, reward_row=shown, held=held,
                specials=specials, active=[True] * len(specials), tokens=tokens,
                basics_left=table.basic_per_turn)
    _flip_whirlpool(play)
    return play


# -- actions ----------------------------------------------------------------------------------


def _is_pair(n: int, a: int, b: int, directions: tuple[tuple[int, int], ...]) -> bool:
    return (min(a, b), max(a, b)) in set(adjacent_pairs(n, directions)) or \
        (a, b) in set(adjacent_pairs(n, directions))


EFFECT_LIMITS: dict[str, tuple[str, int]] = {
    "restore": ("restore", 1), "restore-2": ("restore", 2), "restore-3": ("restore", 3),
    "swap": ("orthogonal", 1), "swap-orthogonal-3": ("orthogonal", 3),
    "swap-horizontal-2": ("horizontal", 2), "swap-vertical-2": ("vertical", 2),
    "swap-diagonal": ("diagonal", 1), "swap-diagonal-2": ("diagonal", 2),
    "swap-any": ("any", 1), "rotate-row": ("row", 1), "rotate-column": ("column", 1),
    "rotate-row-and-column": ("row+column", 2), "joker-pass": ("pass", 0),
}
"""Each effect: what its steps may be, and how many (``up to``)."""

_DIRECTIONS = {"orthogonal": ORTHOGONAL, "horizontal": ((0, 1),), "vertical": ((1, 0),),
               "diagonal": DIAGONAL}


def check_steps(n: int, restored: int, effect: str, steps: tuple[Step, ...]) -> str:
    """Why ``steps`` are not a legal use of ``effect`` ("" when they are)."""
    kind, most = EFFECT_LIMITS[effect]
    if kind == "pass":
        return "" if not steps else "the joker pass moves no tile"
    if not steps or len(steps) > most:
        return f"{effect} takes 1 to {most} steps"
    if kind == "restore":
        tiles = [t for op, t, _ in steps if op == RESTORE]
        if len(tiles) != len(steps) or len(set(tiles)) != len(tiles):
            return "restore turns distinct tiles"
        if any(restored >> t & 1 for t in tiles):
            return "restore needs cursed tiles"
        return ""
    if kind == "row+column":
        ops = sorted(op for op, _, _ in steps)
        return "" if ops == [ROW, COLUMN] and all(abs(w) == 1 for _, _, w in steps) else \
            "rotate one row and one column"
    if kind in ("row", "column"):
        op, line, way = steps[0]
        ok = op == (ROW if kind == "row" else COLUMN) and 0 <= line < n and abs(way) == 1
        return "" if ok else f"rotate one {kind} by one cell"
    for op, a, b in steps:
        if op != SWAP or not (0 <= a < n * n and 0 <= b < n * n) or a == b:
            return "swap two cells"
        if kind != "any" and not _is_pair(n, a, b, _DIRECTIONS[kind]):
            return f"swap {kind}ly adjacent tiles"
    return ""


def apply_action(play: Play, action: Action, policy: Policy) -> None:
    """Spend the action's tile or card, apply its steps, then resolve solved riddles.
    Raises ValueError for an action the rules do not allow now."""
    if play.over:
        raise ValueError("the game is over")
    if action.source == "basic":
        if play.basics_left < 1 or action.effect not in ("restore", "swap"):
            raise ValueError("no basic action left")
        play.basics_left -= 1
    elif action.source == "special":
        i = action.index
        if play.special_used or not (0 <= i < len(play.specials)) or not play.active[i] \
                or play.specials[i] != action.effect:
            raise ValueError("that special action is not available")
        play.special_used = True
        play.active[i] = False
    elif action.source == "reward":
        i = action.index
        if not (0 <= i < len(play.held)) or play.held[i] != action.effect:
            raise ValueError("no such reward card held")
        play.held.pop(i)
    else:
        raise ValueError(f"unknown source {action.source!r}")
    _use(play, action, policy)


def _use(play: Play, action: Action, policy: Policy) -> None:
    problem = check_steps(play.table.n, play.restored, action.effect, action.steps)
    if problem:
        raise ValueError(problem)
    if action.effect == "joker-pass":
        play.joker_pass = True
    play.tiles, play.restored = apply_steps(play.table.n, play.tiles, play.restored, action.steps)
    resolve_solves(play, policy)


def solved_card(play: Play, card_index: int) -> int:
    """0: not solved; 1: solved; 2: solved only with the armed joker pass."""
    t = play.table
    card = t.cards[card_index]
    if is_solved(t.n, play.tiles, play.restored, t.symbol_of, card.wanted, card.jokers):
        return 1
    if play.joker_pass and card.jokers == 0 and \
            is_solved(t.n, play.tiles, play.restored, t.symbol_of, card.wanted, 1):
        return 2
    return 0


def resolve_solves(play: Play, policy: Policy) -> None:
    """Solve every revealed card the grid now shows, drafting a reward for each."""
    found = True
    while found and not play.over:
        found = False
        for i, card in enumerate(play.row):
            how = solved_card(play, card)
            if not how:
                continue
            if how == 2:
                play.joker_pass = False
            play.row.pop(i)
            if play.deck:
                play.row.insert(0, play.deck.pop(0))
            play.solved += 1
            play.log.append(f"turn {play.turn}: solved {play.table.cards[card].id}")
            _flip_whirlpool(play)
            if play.solved >= play.total:
                play.won = True
                return
            _draft(play, policy)
            found = True
            break


def _draft(play: Play, policy: Policy) -> None:
    if not play.reward_row:
        return
    pick = policy.pick_reward(play)
    play.held.append(play.reward_row.pop(pick))
    if play.reward_deck:
        play.reward_row.append(play.reward_deck.pop(0))
    if len(play.held) > play.degree.rewards_held:
        index, use = policy.give_back(play)
        effect = play.held.pop(index)
        if use is not None and use.effect == effect:
            _use(play, use, policy)


def _flip_whirlpool(play: Play) -> None:
    if len(play.row) + len(play.deck) <= play.table.whirlpool_remaining:
        play.whirlpool_b = True


# -- the Sfynx phase ----------------------------------------------------------------------


def translate(n: int, tiles: tuple[int, ...], symbol_of: tuple[int, ...], direction: str
              ) -> tuple[int, ...]:
    """Move every line holding jokers one cell per joker, toward ``direction``, with wrap."""
    rows = direction in ("translate-left", "translate-right")
    way = 1 if direction in ("translate-right", "translate-down") else -1
    steps: list[Step] = []
    for line in range(n):
        cells = [line * n + k for k in range(n)] if rows else [k * n + line for k in range(n)]
        jokers = sum(1 for c in cells if symbol_of[tiles[c]] == JOKER)
        steps.extend([(ROW if rows else COLUMN, line, way)] * jokers)
    return apply_steps(n, tiles, 0, steps)[0]


def _curse(play: Play, count: int, policy: Policy) -> None:
    restored = [t for t in play.tiles if play.restored >> t & 1]
    if count >= len(restored):
        hit = restored
    else:
        hit = list(dict.fromkeys(policy.pick_curses(play, count)))
        if len(hit) != count or any(not play.restored >> t & 1 for t in hit):
            raise ValueError(f"a curse must pick {count} distinct restored tiles")
    play.tiles, play.restored = apply_steps(play.table.n, play.tiles, play.restored,
                                            [(CURSE, t, 0) for t in hit])
    if play.restored == 0:
        play.cause = CAUSE_CURSED


def sfynx_phase(play: Play, policy: Policy) -> None:
    """Reveal the next token and apply it; refresh the action tiles; next turn."""
    slot = play.turn - 1
    if play.turn >= len(play.table.slots):
        play.cause = CAUSE_CLEPSYDRA
        return
    curse, refresh = play.table.slots[slot]
    for effect in play.tokens[slot]:
        if effect == "whirlpool":
            if play.whirlpool_b:
                _curse(play, play.table.whirlpool_curse, policy)
            elif play.row:
                play.deck.append(play.row.pop())
                play.row.insert(0, play.deck.pop(0))
        elif effect == "curse":
            _curse(play, curse, policy)
        else:
            play.tiles = translate(play.table.n, play.tiles, play.table.symbol_of, effect)
        if play.over:
            return
    play.basics_left = play.table.basic_per_turn
    play.special_used = False
    if refresh:
        play.active = [True] * len(play.specials)
    play.turn += 1


@dataclass(frozen=True, slots=True)
class GameResult:
    won: bool
    turns: int  # action phases played
    solved: int
    cause: int  # 0 for a win


Observer = Callable[[Play, "Action | None"], None]
"""Told of every action (the game after it) and every end of turn (None, after the
Sfynx's phase): ``playtest --replay``."""


def play_game(table: Table, degree: int, policy: Policy, rng: random.Random,
              max_actions: int = 64, observe: Observer | None = None) -> GameResult:
    """One whole game under ``policy``. ``max_actions`` per turn stops a policy that never
    ends its action phase (a ValueError); ``observe`` sees every action and turn."""
    play = new_game(table, degree, rng)
    while not play.over:
        for _ in range(max_actions):
            action = policy.next_action(play)
            if action is None:
                if play.must_act():
                    raise ValueError("the policy skipped an action it owes")
                break
            apply_action(play, action, policy)
            if observe is not None:
                observe(play, action)
            if play.over:
                break
        else:
            raise ValueError("the policy never ended its action phase")
        if play.over:
            break
        sfynx_phase(play, policy)
        if observe is not None:
            observe(play, None)
    return GameResult(play.won, play.turn, play.solved, play.cause)


__all__ = ["Action", "has_use", "BASIC_PER_TURN", "CAUSES", "CAUSE_CLEPSYDRA", "CAUSE_CURSED",
           "EFFECT_LIMITS", "GameResult", "Observer", "Play", "Policy", "apply_action", "check_steps",
           "new_game", "play_game", "resolve_solves", "sfynx_phase", "solved_card", "translate"]
