"""The game's rules, one by one, on the small pack; and whole seeded games."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from generator.systems.glyphs.content import load_pack
from generator.systems.glyphs.board import RESTORE, SWAP
from generator.systems.glyphs.game import (
    CAUSE_CLEPSYDRA,
    CAUSE_CURSED,
    Action,
    Play,
    apply_action,
    new_game,
    play_game,
    resolve_solves,
    sfynx_phase,
)
from generator.systems.glyphs.model import Table
from generator.systems.glyphs.policies import Planner, RandomPolicy

from .conftest import load_small


@pytest.fixture
def table(small_pack: Path) -> Table:
    loaded, diags = load_pack(load_small(small_pack))
    assert loaded.table is not None, diags
    return loaded.table


class Scripted(Planner):
    """The planner's choices, but curses hit the lowest tile numbers (predictable)."""

    def pick_curses(self, play: Play, count: int) -> list[int]:
        return sorted(t for t in play.tiles if play.restored >> t & 1)[:count]


def set_grid(play: Play, symbols: list[str], restored: str) -> None:
    """Lay tiles so that cells show ``symbols`` (tile ids of the small set), restored
    where ``restored`` has R."""
    t = play.table
    free = {s: [i for i, v in enumerate(t.symbol_of) if v == (t.symbols.index(s) if s != "eye"
                                                                 else -1)] for s in set(symbols)}
    tiles = [free[s].pop(0) for s in symbols]
    play.tiles = tuple(tiles)
    play.restored = sum(1 << tile for tile, mark in zip(tiles, restored) if mark == "R")


def card(table: Table, ident: str) -> int:
    return next(i for i, c in enumerate(table.cards) if c.id == ident)


def test_sliding_refill_and_reward_draft(table: Table) -> None:
    play = new_game(table, 1, random.Random(0))
    play.row = [card(table, "r2-1"), card(table, "r1-1"), card(table, "r1-2")]
    play.deck = [card(table, "r3-1"), card(table, "r3-2")]
    play.total = 5
    # sun moon / wave tree... : r1-1 (sun, moon) sits in the middle of the row.
    set_grid(play, ["sun", "moon", "wave", "tree", "fish", "star", "wave", "eye", "eye"],
             "RR.......")
    resolve_solves(play, Scripted())
    assert play.solved == 1 and len(play.held) == 1
    # The middle card left: the card nearer the deck slid into its place, a new one came in.
    assert play.row == [card(table, "r3-1"), card(table, "r2-1"), card(table, "r1-2")]


def test_no_joker_card_needs_the_pass(table: Table) -> None:
    play = new_game(table, 7, random.Random(0))
    play.row = [card(table, "r4-1")]  # wave wave, no joker
    play.deck = []
    play.total = 1
    set_grid(play, ["wave", "eye", "sun", "moon", "tree", "fish", "star", "wave", "eye"],
             "RR.......")
    resolve_solves(play, Scripted())
    assert play.solved == 0
    play.held = ["joker-pass"]
    apply_action(play, Action("reward", 0, "joker-pass", ()), Scripted())
    assert play.won and play.solved == 1


def test_last_token_loses_and_curses_can_empty_the_grid(table: Table) -> None:
    play = new_game(table, 1, random.Random(3))
    play.turn = len(table.slots)
    sfynx_phase(play, Scripted())
    assert play.cause == CAUSE_CLEPSYDRA
    play = new_game(table, 1, random.Random(3))
    play.tokens = [("curse",)] * len(table.slots)
    play.turn = 5  # the slot curses 2; leave exactly two restored tiles
    play.restored = (1 << play.tiles[0]) | (1 << play.tiles[1])
    sfynx_phase(play, Scripted())
    assert play.cause == CAUSE_CURSED


def test_whirlpool_sides_and_refresh(table: Table) -> None:
    play = new_game(table, 1, random.Random(5))
    play.tokens = [("whirlpool",)] * len(table.slots)
    farthest = play.row[-1]
    deck_before = list(play.deck)
    sfynx_phase(play, Scripted())
    assert play.deck[-1] == farthest and play.row[0] == deck_before[0]
    play.deck = []
    play.whirlpool_b = True
    restored = bin(play.restored).count("1")
    play.active = [False] * len(play.active)
    sfynx_phase(play, Scripted())  # turn 2: the slot shows the refresh mark
    assert bin(play.restored).count("1") == restored - table.whirlpool_curse
    assert all(play.active) and play.basics_left == 2


def test_illegal_actions_are_refused(table: Table) -> None:
    play = new_game(table, 1, random.Random(1))
    restored_tile = next(t for t in play.tiles if play.restored >> t & 1)
    with pytest.raises(ValueError):
        apply_action(play, Action("basic", 0, "restore", ((RESTORE, restored_tile, 0),)),
                     Scripted())
    with pytest.raises(ValueError):
        apply_action(play, Action("basic", 0, "swap", ((SWAP, 0, 4),)), Scripted())
    with pytest.raises(ValueError):
        apply_action(play, Action("special", 0, "swap-any", ((SWAP, 0, 8),)), Scripted())


@pytest.mark.parametrize("policy", ["planner", "random"])
def test_whole_games_are_seeded_and_end(table: Table, policy: str) -> None:
    results = []
    for seed in range(6):
        rng = random.Random(seed)
        p = Planner() if policy == "planner" else RandomPolicy(rng)
        result = play_game(table, 1 + seed % 8, p, rng)
        assert result.won or result.cause in (CAUSE_CLEPSYDRA, CAUSE_CURSED)
        assert result.turns <= len(table.slots)
        results.append(result)
    again = []
    for seed in range(6):
        rng = random.Random(seed)
        p = Planner() if policy == "planner" else RandomPolicy(rng)
        again.append(play_game(table, 1 + seed % 8, p, rng))
    assert again == results


def test_the_game_document_sets_the_basic_actions_per_turn(table: Table) -> None:
    """``basic_actions.per_player`` is played, not a fixed two: a turn starts and
    refreshes with that many, and more of them win more games."""
    from dataclasses import replace

    assert table.basic_per_turn == 2  # the small pack's document
    three = replace(table, basic_per_turn=3)
    play = new_game(three, 1, random.Random(5))
    assert play.basics_left == 3
    play.basics_left = 0
    sfynx_phase(play, Scripted())
    assert play.over or play.basics_left == 3
    one = replace(table, basic_per_turn=1)
    wins = {}
    for t in (one, three):
        wins[t.basic_per_turn] = sum(
            play_game(t, 3, Planner(random.Random(s)), random.Random(s)).won for s in range(12))
    assert wins[3] > wins[1], wins


@pytest.mark.parametrize(("lang", "words"), [("en", "three basic actions"),
                                             ("fr", "trois actions basiques")])
def test_the_player_aid_says_the_games_basic_actions(small_pack: Path, lang: str,
                                                     words: str) -> None:
    from dataclasses import replace

    from generator.systems.glyphs.render import aid_page

    loaded, _ = load_pack(load_small(small_pack))
    assert loaded.game is not None
    game = replace(loaded.game, basic_per_player=3)
    page = aid_page(game, (210.0, 297.0), lang)

    everything = repr(page)  # the fitted paragraphs' lines, among the scene's fields
    assert words in everything
    assert ("two basic" if lang == "en" else "deux actions") not in everything
