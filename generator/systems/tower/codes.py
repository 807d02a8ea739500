"""Diagnostic codes of the tower system (``RS-T0xx``), read from the project's table
in :mod:`generator.diagnostics`, where every code is declared once."""
from __future__ import annotations

import re

from generator.diagnostics import CODES, Explanation, Severity

TOWER_CODES: dict[str, tuple[Severity, str]] = {
    code: entry for code, entry in CODES.items() if re.fullmatch(r"RS-T0\d\d", code)
}

# Why each tower code matters and an example that triggers it (``riddlesmith explain``).
EXPLANATIONS: dict[str, Explanation] = {code: Explanation(*text) for code, text in {
    "RS-T001": ("Every map cell must be a known symbol; an unknown one would be drawn wrong and "
                "played differently by the simulator.",
                "map: |\n  # 'B' twice in one cell\n  1BB . ."),
    "RS-T002": ("Rows of different lengths (or an empty map) have no single shape.",
                "map: |\n  # a short row\n  T . .\n  . ."),
    "RS-T003": ("Builders stand on land; a builder on water cannot move or build.",
                "map: |\n  # a builder on water\n  ~B . T"),
    "RS-T004": ("Nothing stands on a dome.",
                "map: |\n  # a builder on a dome\n  4B . T"),
    "RS-T005": ("One space holds one pawn.",
                "map: |\n  T . .\n  . B 1\nenemies:\n  - {type: dark-male, at: B2, facing: N}    # the builder's space"),
    "RS-T006": ("An enemy on a target zone loses the scenario at once, before anyone moves.",
                "map: |\n  T . 1\nenemies:\n  - {type: dark-male, at: A1, facing: E}    # A1 is 'T'"),
    "RS-T007": ("Builders may stand on a target zone but cannot build there, which wastes their "
                "first turn.",
                "map: |\n  # a builder on a target zone\n  TB . 1"),
    "RS-T008": ("With no building on the map the enemies have nothing to attack.",
                "map: |\n  # no 1-4 anywhere\n  T . .\n  . B B"),
    "RS-T009": ("Enemies move and attack in the direction they face; without a facing the AI "
                "cannot act.",
                "enemies:\n  - {type: dark-male, at: B5}    # add facing: N, E, S or W"),
    "RS-T010": ("Each enemy type appears once per scenario, as the enemy tiles do.",
                "enemies:\n  - {type: dark-male, at: B5, facing: N}\n  - {type: dark-male, at: D5, facing: N}"),
    "RS-T011": ("A pawn set up off the map cannot be drawn, and the playtests could not move it.",
                "enemies:\n  - {type: dark-male, at: H8, facing: N}    # on a 5x5 map"),
    "RS-T012": ("A scenario is played with exactly two builders.",
                "map: |\n  # three builders\n  T B .\n  B 1 B"),
    "RS-T013": ("The enemies can win on their first turn, before the player has moved.",
                "# an enemy one step from a target zone, facing it"),
    "RS-T014": ("Campaign scenarios are played in order; a level lower than the one before "
                "breaks the difficulty curve.",
                "scenarios: [lamp-street, fish-steps]    # level 3, then level 1"),
    "RS-T015": ("A scenario listed twice in a campaign is played twice.",
                "scenarios: [fish-steps, dyers-yard, fish-steps]"),
    "RS-T016": ("Easy and expert god cards form separate piles; mixing them changes the "
                "campaign's difficulty.",
                "variants:\n  cards: [artemis, zeus]    # one easy card, one expert card"),
    "RS-T017": ("Ranks are looked up by points; the table must start at 0 and rise.",
                "ranks:\n  - {from: 5, name: Squire}    # the first rank must start at 0"),
    "RS-T018": ("A variant marked easy whose rule changes help the enemies (or expert, helping "
                "the player) misleads the players.",
                "difficulty: easy    # its hook helps the enemies\nhooks:\n  double-attack: {faces: [1, 6]}"),
    "RS-T019": ("A card can be drawn for each scenario (the book says so, and a campaign may "
                "deal that way), so each pile needs at least as many cards as the campaign "
                "has scenarios.",
                "scenarios: [a, b, c]\nvariants:\n  deal: scenario\n  cards: [hestia, zeus]"
                "    # two cards, three scenarios"),
    "RS-T101": ("No sequence of moves wins, even with the best dice: the scenario cannot be "
                "beaten.",
                "# every building is in reach of two enemies from the first turn"),
    "RS-T102": ("Later levels should be harder; a higher level won more often than a lower one "
                "breaks the campaign's curve.",
                "# level 4 won in 80 % of playtests, level 3 in 40 %"),
    "RS-T103": ("The playtests never won and the proof search found no win within its budget; "
                "the scenario may be unwinnable.",
                "# a scenario where every playtest is lost"),
    "RS-T104": ("A cached playtest whose figures do not add up was discarded and run again; "
                "the numbers shown are fresh.",
                "# a .riddlesmith-cache file edited by hand, or cut short by a full disk"),
    "RS-T105": ("A god card may make scenarios harder but must leave them winnable; with this "
                "variant, no line of play wins the scenarios named.",
                "kind: tower-variant\nid: storm\ndifficulty: expert\nhooks:\n  double-attack: {faces: [1, 2, 3, 4, 5, 6]}"),
    "RS-T106": ("The campaign's curve as check measured it: each scenario's playtest win "
                "rate with its 95 % interval, how many games were played and whether the "
                "interval reached the pack's width (sim.width, default +-5 points) or the cap "
                "of games (sim.max_games) stopped it.",
                "riddlesmith check content/tower    # prints the curve as a note"),
    "RS-T107": ("Adjacent scenarios of the campaign are won within 5 points of each other: "
                "a plateau, where playing on does not get harder. A note, as a breather can "
                "be wanted; the intervals say how sure the figures are.",
                "# 'dyers-yard' won in 71.8 %, the next one, 'cistern-bridges', in 71.7 %"),
    "RS-T108": ("The win rate drops by more than 25 points from one scenario to the next: a "
                "cliff where players who were winning start losing most games.",
                "# 'fish-steps' won in 89 %, the next one, 'lamp-street', in 42 %"),
    "RS-T109": ("What skill is worth, scenario by scenario: the players of sim.players "
                "(default random) play each scenario with the check's budget beside its greedy "
                "playtest, and the note gives the strongest's win rate minus the weakest's with "
                "its 95 % interval. A gap near zero means the dice decide.",
                "sim: {players: [random, lookahead]}    # lookahead costs far more games"),
    "RS-T110": ("A stronger player won a scenario clearly less than a weaker one (the 95 % "
                "intervals do not overlap): the dice decide it, or a player misreads a rule.",
                "# 'harbour-light': lookahead 20 % [15-26], greedy 35 % [29-41]"),
    "RS-T111": ("Each god card is played on every scenario on the same seeds as the plain game, "
                "so the note says how much easier or harder it makes the campaign, with the "
                "95 % interval of the difference.",
                "hooks: {extra-move: {}}    # Artemis: +20 points"),
    "RS-T112": ("An easy card should make the game easier and an expert card harder: one that "
                "does the opposite beyond its interval is in the wrong pile, or the engine "
                "plays its hook otherwise than the card says.",
                "difficulty: easy\nhooks: {attack-own-space: {}}    # hurts the player"),
}.items()}

__all__ = ["EXPLANATIONS", "TOWER_CODES"]
