"""Diagnostic codes of the role-card system (``RS-N0xx``): titles are in the project's
table in :mod:`generator.diagnostics`; why each matters, and an example, are here."""
from __future__ import annotations

from generator.diagnostics import Explanation

EXPLANATIONS: dict[str, Explanation] = {code: Explanation(*text) for code, text in {
    "RS-N001": ("A game takes one complete set of Builders, Specialists and Movers (six "
                "cards each); a missing card changes the odds every player counts on.",
                "deck: [engineer, riveter, hoist, ...]    # the builder set lacks 'scaffolder'"),
    "RS-N002": ("Sets are balanced as a whole; mixing cards of two sets of one type is not "
                "a deck the rules allow.",
                "deck: [..., riveter, night-crane]    # two builder sets"),
    "RS-N003": ("Seven Engineers are always in play; with more or fewer, hands and the "
                "Statue of Liberty change hands at another pace.",
                "number: [1, 5, 9]    # only three Engineer cards"),
    "RS-N004": ("The Statue goes to the highest number and players act from the lowest: "
                "two cards with one number leave both undecided.",
                "number: 12    # also the number of 'hoist'"),
    "RS-N005": ("Each power acts at one stage of the turn; a timing header that names "
                "another stage prints a card the engine cannot play as written.",
                "timing: your-build\npower: slide    # a slide is a move"),
    "RS-N006": ("The power id is not one the engine knows, so playouts ignore the "
                "ability; the card still prints. Known powers: the abilities of "
                "generator/engine/powers/abilities and the gods.",
                "power: teleport"),
    "RS-N007": ("A first game uses one card of each type marked first_play; without it "
                "the rule sheet's first-game set cannot be dealt.",
                "first_play: false    # on every builder card"),
    "RS-N008": ("The parameters are checked against the power's own schema.",
                "power: leap\nparams: {distances: [1]}"),
    "RS-N009": ("Workers start on two spaces marked with the same number, one number per "
                "player.", "board: |\n  1 . 2\n  . . .\n  1 . .    # number 2 marks one space"),
    "RS-N010": ("The deck lists the ids of role-card documents of the pack.",
                "deck: [engineer, riveterr]"),
    "RS-N011": ("In the seeded check playouts this card was never played: it was never "
                "dealt, or random players never chose it, so nothing is known about how "
                "it plays; raise the budget. Whether it could be played at all is RS-N015.",
                "playtest: {games: 2, players: 2, seed: 0}    # too few games to deal it"),
    "RS-N012": ("Every time the card was played its player lost a worker: the card is a "
                "trap, not a choice.", "power: build-two-spaces\nparams: {required: true}"),
    "RS-N013": ("Players who played this card won far more often than with the others: "
                "it may decide games on its own.", "power: win-by-descent\nparams: {levels: 1}"),
    "RS-N014": ("A note with the playout figures the card warnings are based on.",
                "playtest: {games: 60, players: 2, seed: 0}"),
    "RS-N015": ("The card's ability can never be used: either proven from the game (a "
                "leap longer than the board, a move beside a skyscraper where none can "
                "ever stand), or no position the check playouts reached allowed a turn "
                "that uses it (an estimate). A card that can never do what it says is "
                "dead weight in every hand, or a worker lost each time it is played.",
                "power: leap\nparams: {distances: [4], exclusive: true}    # on a 3x3 board"),
}.items()}

__all__ = ["EXPLANATIONS"]
