"""Diagnostic codes of the glyph system (``RS-X0xx`` rule checks, ``RS-X1xx``
simulations), read from the project's table in :mod:`generator.diagnostics`,
where every code is declared once, and why each matters (``riddlesmith explain``)."""
from __future__ import annotations

import re

from generator.diagnostics import CODES, Explanation, Severity

GLYPH_CODES: dict[str, tuple[Severity, str]] = {
    code: entry for code, entry in CODES.items() if re.fullmatch(r"RS-X\d\d\d", code)
}

EXPLANATIONS: dict[str, Explanation] = {code: Explanation(*text) for code, text in {
    "RS-X001": ("A riddle card asks for a symbol that no tile of the glyph set shows, so the "
                "card can never be solved.",
                "sequence: [sun, moon, comet]    # the set has no 'comet' tile"),
    "RS-X002": ("A sequence longer than a row or column of the grid cannot be laid out in one "
                "line, so the card can never be solved.",
                "sequence: [sun, moon, wave, reed, eye, hand]    # six symbols on a 5x5 grid"),
    "RS-X003": ("The card needs more tiles of a symbol than the set holds (a joker may stand in "
                "for one only), so it can never be solved.",
                "sequence: [sun, sun, sun]    # the set has one 'sun' and jokers are one per riddle"),
    "RS-X004": ("Every deck must hold the number of cards the game deals from it; a short deck "
                "cannot give each difficulty degree its cards.",
                "deck_size: 7    # but the decks hold six riddle cards"),
    "RS-X005": ("A difficulty degree takes its riddle cards from three decks; a deck number "
                "with no cards leaves the degree without a riddle deck.",
                "degrees:\n  - {degree: 1, decks: [1, 2, 9], setup: open}"),
    "RS-X006": ("A set-up pattern marks which tiles start restored; it must have one mark per "
                "cell of the grid, row by row.",
                "setups:\n  cross: {name: Cross, rows: [R...R, .R.R., ..R.., .R.R.]}    # four rows on a 5x5 grid"),
    "RS-X007": ("Two riddle cards ask for the same sequence (and joker mark), so a deck holds "
                "the same card twice and the difficulty counts are off.",
                "- {id: r07, deck: 2, sequence: [sun, moon]}\n- {id: r08, deck: 2, sequence: [sun, moon]}"),
    "RS-X008": ("The clepsydra times the game: one challenge slot per turn, the last one losing "
                "the game; a different count changes the turn limit silently.",
                "turns: 12\nclepsydra: [...]    # eleven slots"),
    "RS-X009": ("The antechamber is a full grid of tiles; a set with more or fewer tiles than "
                "cells cannot be laid out.",
                "tiles: [...]    # counts add up to 24 on a 5x5 grid"),
    "RS-X010": ("The game names a glyph set or a set-up pattern that the pack does not define.",
                "glyph_set: tidewater-glyphz"),
    "RS-X011": ("The pack declares a language but a printed text has no version in it, so the "
                "edition in that language would fall back to another.",
                "name: {en: Sun}    # the pack declares languages: [en, fr]"),
    "RS-X012": ("The difficulty table must list degrees 1 to 8, each once, so every degree a "
                "player picks has its decks.",
                "degrees:\n  - {degree: 1, ...}\n  - {degree: 1, ...}    # degree 2 missing"),
    "RS-X013": ("After the removed cards a degree must still hold enough riddle cards to win "
                "and to fill the revealed row.",
                "removed: 5    # from decks of six: too few cards remain"),
    "RS-X014": ("A component count does not match the tiles it needs: too few challenge tokens "
                "for the clepsydra, too few special tiles for the active ones, too few basic "
                "tiles for the players.",
                "special_actions:\n  active: 4\n  tiles: [...]    # three tiles"),
    "RS-X015": ("The pack has glyph documents but no glyph-game tying them together, so nothing "
                "can be checked against the rules or printed.",
                "include: [glyph-set.yaml, riddles/*.yaml]    # no game.yaml"),
    "RS-X101": ("Playtests win clearly more often at a higher difficulty degree than at a lower "
                "one (the 95 % intervals do not overlap), so the degrees do not rise.",
                "degrees:\n  - {degree: 7, decks: [1, 2, 3], setup: open}    # easier than degree 6"),
    "RS-X102": ("The measured fewest actions per card do not rise with the deck number, so a "
                "higher deck is not harder.",
                "- {id: r29, deck: 5, sequence: [sun, moon]}    # a two-symbol card in deck 5"),
    "RS-X103": ("The difficulty curve: the playtest win rate at each degree with its 95 % "
                "interval and games, and whether the interval reached the pack's width "
                "(sim.width, default +-5 points) or the cap of games (sim.max_games) stopped it.",
                "riddlesmith check content/glyphs    # prints the curve as a note"),
    "RS-X104": ("Adjacent difficulty degrees are won within 5 points of each other: a plateau, "
                "where choosing the higher degree does not make the game harder. A note: the "
                "intervals in the message say how sure the figures are.",
                "# degree 1 won in 71 %, degree 2 in 68 %, degree 3 in 66 %"),
    "RS-X105": ("The win rate drops by more than 25 points from one degree to the next: a "
                "cliff that players stepping up one degree will fall off.",
                "# degree 3 won in 61 %, degree 4 in 26 % (deck 4 replaces deck 3)"),
    "RS-X106": ("What skill is worth at each degree: the strongest compared player's win rate "
                "minus the weakest's, with its 95 % interval, each player on the same seeds "
                "and budget (sim.players chooses them; default random beside the planner). A "
                "gap near zero means the degree is decided by the shuffle, not the player.",
                "sim: {players: [random, lookahead]}   # compare three players"),
    "RS-X107": ("A stronger player won clearly less than a weaker one (the 95 % intervals do "
                "not overlap): luck decides the degree, or a player misreads a rule.",
                "# degree 5: lookahead 12 % [8-17], planner 25 % [20-31]"),
    "RS-X016": ("Every tile of a glyph set has its own id: riddle cards name tiles by id, so a "
                "second tile with one id makes the cards ambiguous and the counts wrong.",
                "tiles:\n  - {id: sun, name: Sun, glyph: [circle: [50, 50, 9]], count: 2}\n"
                "  - {id: sun, name: Sun, glyph: [circle: [50, 50, 9]]}    # use count: 3"),
    "RS-X017": ("A pack plays one glyph game: with two glyph-game documents the second is "
                "ignored, with its degrees and set-ups. Merge them, or move one to its own pack.",
                "# game.yaml holds 'id: drowned-antechamber' and 'id: second-game'"),
    "RS-X018": ("A riddle card in a deck that no difficulty degree deals never reaches the "
                "table: a draft. Its deck's size is not judged until a degree deals it; "
                "'riddlesmith new glyph-riddle' starts cards in deck 6 for that reason.",
                "deck: 6    # degrees deal decks 1-5 only"),
}.items()}

__all__ = ["EXPLANATIONS", "GLYPH_CODES"]
