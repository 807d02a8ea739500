"""Diagnostic codes of the role-card system (``RS-N0xx``): titles are in the project's
table in :mod:`generator.diagnostics`; why each matters, and an example, are here."""
from __future__ import annotations

from generator.diagnostics import Explanation

EXPLANATIONS: dict[str, Explanation] = {code: Explanation(*text) for code, text in {
    "RS-N001": ("A game chooses one Builder, one Specialist and one Mover role and deals six "
                "copies of each, numbered from the game's numbers for the type; with no role "
                "of a type, or a count of numbers other than six, no deal is possible.",
                "roles: [city-engineer, riveter, beat-cop]    # no mover role"),
    "RS-N002": ("Sets are balanced as a whole; mixing cards of two sets of one type is not "
                "a deck the rules allow.",
                "deck: [..., riveter, night-crane]    # two builder sets"),
    "RS-N003": ("Seven Engineers are always in play, the copies of one Engineer role; with "
                "none or two Engineer roles the deal is not the rules'.",
                "roles: [city-engineer, night-engineer, ...]    # two Engineer roles"),
    "RS-N004": ("The Statue goes to the highest number and players act from the lowest: "
                "two cards with one number leave both undecided.",
                "numbers:\n  engineer: [1, 2, 3, 4, 5, 6, 7]\n  builder: [7, 8, 9, 10, 11, 12]    # 7 twice\n"
                "  specialist: [13, 14, 15, 16, 17, 18]\n  mover: [19, 20, 21, 22, 23, 24]"),
    "RS-N005": ("Each power acts at one stage of the turn; a timing header that names "
                "another stage prints a card the engine cannot play as written.",
                "abilities:\n  - timing: your-build    # a slide is a move\n    text: Slide one space.\n    power: slide"),
    "RS-N006": ("The power id is not one the engine knows, so playouts ignore the "
                "ability; the card still prints. Known powers: the abilities of "
                "generator/engine/powers/abilities and the gods.",
                "abilities:\n  - timing: your-move\n    text: Appear on any space.\n    power: teleport    # no such power"),
    "RS-N007": ("A first game uses the role of each type marked first_play; without it "
                "the rule sheet's first-game deal cannot be made.",
                "roles: [city-engineer, hoist-operator, beat-cop, hod-carrier]    # no first_play builder"),
    "RS-N008": ("The parameters are checked against the power's own schema.",
                "abilities:\n  - timing: your-move\n    text: Leap one space.\n    power: leap\n    params: {distances: [1]}    # a leap is 2 to 4 spaces"),
    "RS-N009": ("Workers start on two spaces marked with the same number, one number per "
                "player.", "board: |    # number 2 marks one space\n  1 . 2\n  . . .\n  1 . ."),
    "RS-N010": ("The game's roles are the ids of role-card documents of the pack.",
                "roles: [city-engineer, riveterr]"),
    "RS-N011": ("In the seeded check playouts this card was never played: it was never "
                "dealt, or random players never chose it, so nothing is known about how "
                "it plays; raise the budget. Whether it could be played at all is RS-N015.",
                "playtest: {games: 2, players: 2, seed: 0}    # too few games to deal it"),
    "RS-N012": ("Every time the card was played its player lost a worker: the card is a "
                "trap, not a choice.", "power: build-two-spaces\nparams: {required: true}"),
    "RS-N013": ("Players who played this card won far more often than with the others: "
                "it may decide games on its own. No longer reported: RS-N018 judges each "
                "role against a fair share with intervals over games.",
                "power: win-by-descent\nparams: {levels: 1}"),
    "RS-N014": ("A note with the playout figures the card warnings are based on.",
                "playtest: {games: 60, players: 2, seed: 0}"),
    "RS-N015": ("The card's ability can never be used: either proven from the game (a "
                "leap longer than the board, a move beside a skyscraper where none can "
                "ever stand), or no position the check playouts reached allowed a turn "
                "that uses it (an estimate). A card that can never do what it says is "
                "dead weight in every hand, or a worker lost each time it is played.",
                "power: leap\nparams: {distances: [4], exclusive: true}    # on a 3x3 board"),
    "RS-N016": ("The rules deal role decks one per type: a role is printed as six copies "
                "(the Engineer seven), each with its own number. Role cards no longer carry "
                "'number' or 'set', and the role game lists 'roles' (the box) and 'numbers' "
                "(one set per type, shared by every role of the type) instead of a 'deck'.",
                "kind: role-card\nid: riveter\ntype: builder\nset: dockside    # old style\n"
                "number: 3"),
    "RS-N017": ("Every role of a type is printed on the type's numbers, so a set of numbers "
                "skewed high or low gives all its roles the Statue of Liberty (and the last "
                "turn of a round) too often or too rarely: the number, not the role, is the "
                "power. Warned when a type's win share, pooled over its roles, is beyond "
                "1.05 times the fair share (or under 1/1.05 of it) with 95 % intervals over "
                "games apart. The pull of the number as such is not judged: the Statue goes "
                "to the highest number and only its holder wins by climbing, so win share "
                "rises with the number in every deck (the RS-N014 note gives Pearson's r).",
                "numbers: {engineer: [1, 2, 3, 4, 5, 6, 7], ...}    # the Engineers never hold the Statue"),
    "RS-N018": ("All players draw from one deck, so a neutral role is played by the winner "
                "as often as any card (the fair share). A role whose win share is over 1.25 "
                "times the fair share, or under 1/1.25 of it, with 95 % intervals (over "
                "games) apart, decides the deals it is in.",
                "power: win-by-descent\nparams: {levels: 1}    # wins on any step down"),
    "RS-N019": ("In the greedy check playouts this copy was in a hand with another card at "
                "least 20 times and never picked: at its number the role is never worth "
                "its turn, a dead card in the hand.",
                "power: leap\nparams: {distances: [4], exclusive: true}    # a must that rarely fits"),
    "RS-N020": ("A note per role with the figures the balance warnings read: its win share "
                "across the deals it is in (and the fair share), how often a player with a "
                "choice picked it, and how often playing it cost a worker.",
                "roles: [city-engineer, riveter, ...]"),
    "RS-N021": ("What skill is worth: each player of sim.players (default random) plays one "
                "seat against the check's greedy players in the others, taking each seat in "
                "turn, until its win share is within sim.width; beside it the greedy share, "
                "which by symmetry is the decided games over the players. A gap near zero "
                "means the deal and the Statue decide, not the player.",
                "sim: {players: [random, lookahead]}"),
    "RS-N022": ("A player stronger than greedy won clearly less than a fair share against "
                "greedy players (or a weaker one clearly more), beyond its 95 % interval: "
                "skill does not pay, or a player misreads a rule.",
                "# lookahead won 31 % [26-37] at 2 players, fair share 50 %"),
    "RS-N023": ("The skill gap per role, like Ludii's skill trace: the check's greedy player "
                "and each player of sim.players (default random) play one seat against "
                "greedy players in the others, 4 games a deal each (sim.max_games caps "
                "them), all on the same seeds; per role, the strongest player's win share "
                "minus the weakest's in the games dealt with it, with Newcombe's 95 % "
                "interval. A role whose gap is near zero, or far below the others', is one "
                "where the deal or the Statue decides, not the player.",
                "sim: {players: [random, lookahead]}"),
    "RS-N024": ("In the games dealt with this role a stronger player (by the system's "
                "order: random, greedy, lookahead) won clearly less than a weaker one, "
                "their 95 % intervals apart: with this role skill does not pay, because "
                "luck decides or a player misreads the ability.",
                "# in the 60 games dealt with 'pickpocket', lookahead won 20 % [12-32], "
                "greedy 52 % [40-64]"),
}.items()}

__all__ = ["EXPLANATIONS"]
