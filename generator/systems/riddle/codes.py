"""Diagnostic codes of the riddle system (``RS-G0xx``), read from the project's table
in :mod:`generator.diagnostics`, where every code is declared once."""
from __future__ import annotations

import re

from generator.diagnostics import CODES, Explanation, Severity

RIDDLE_CODES: dict[str, tuple[Severity, str]] = {
    code: entry for code, entry in CODES.items() if re.fullmatch(r"RS-G0\d\d", code)
}

# Why each riddle code matters and an example that triggers it (``riddlesmith explain``).
EXPLANATIONS: dict[str, Explanation] = {code: Explanation(*text) for code, text in {
    "RS-G001": ("Every map cell must be a known symbol; an unknown one would be drawn as "
                "nothing, and the solver would play a different map.",
                "map:\n  grid: |\n    # 'x' is not a map symbol\n    . ~ x ."),
    "RS-G002": ("Rows of different lengths (or an empty grid) have no single shape to print or "
                "solve.",
                "map:\n  grid: |\n    # a short row\n    . . .\n    . ."),
    "RS-G003": ("Nothing stands on a dome, so the set-up cannot be laid out on the table.",
                "map:\n  grid: |\n    # a worker start on a dome (4)\n    4W . ."),
    "RS-G004": ("Figures and tokens need land; the sea holds nothing.",
                "map:\n  grid: |\n    # a worker start on the sea\n    ~W . ."),
    "RS-G005": ("One space holds one figure, and each figure is set up once.",
                "map:\n  grid: |\n    # a worker and the King on one space\n    WK . ."),
    "RS-G006": ("A '*' on the map needs its text under 'features', and each text needs its '*', "
                "or the book prints a mark without meaning.",
                "map:\n  grid: |\n    . . .\n  features:\n    C1: {name: Well, text: A dry well.}    # no '*' on C1"),
    "RS-G007": ("A space named outside the map cannot be drawn or reached.",
                "map:\n  grid: |\n    W . .\ncoins:\n  - {at: D1, colour: gold, levels: [1]}    # on a 3x1 map"),
    "RS-G008": ("A bridge joins two land spaces straight across sea; any other bridge cannot "
                "be built from the pieces.",
                "map:\n  grid: |\n    W ~ .\n    . ~ .\n    . ~ .\n  bridges:\n    - [A1, C3]    # not straight across the sea"),
    "RS-G009": ("Coins lie on land; a coin on the sea cannot be collected.",
                "map:\n  grid: |\n    W ~ .\ncoins:\n  - {at: B1, colour: gold, levels: [1]}    # B1 is '~'"),
    "RS-G010": ("Coins are collected by building on them; a space no worker can build on "
                "makes the coin a dead end.",
                "map:\n  grid: |\n    W . ~ .\ncoins:\n  - {at: D1, colour: gold, levels: [1]}    # D1 lies beyond the sea"),
    "RS-G011": ("A coin under a dome at set-up can never be collected.",
                "map:\n  grid: |\n    W . 4\ncoins:\n  - {at: C1, colour: gold, levels: [1]}    # C1 is '4', a dome"),
    "RS-G012": ("Two coins on one space cannot both be placed or collected.",
                "coins:\n  - {at: B2, colour: gold, levels: [1]}\n  - {at: B2, colour: silver, levels: [2]}"),
    "RS-G013": ("An objective with more slots of a colour than the riddle has coins of that "
                "colour can never be filled.",
                "coins:\n  - {at: B1, colour: gold, levels: [1]}\nobjectives:\n  - {tier: gold, slots: {gold: 2}, ends: true}    # one gold coin"),
    "RS-G014": ("Exactly one objective ends the riddle; with none it never ends, with two the "
                "ending is ambiguous.",
                "objectives:\n  - {tier: silver, slots: {silver: 1}, ends: true}\n  - {tier: gold, slots: {gold: 1}, ends: true}"),
    "RS-G015": ("The coins' spaces need more building pieces than the riddle can ever supply, "
                "so the objective is impossible.",
                "coins:\n  - {at: B1, colour: gold, levels: [3]}\nstockpile: {level1: 1, level2: 0, level3: 0, dome: 0}\nobjectives:\n  - {tier: gold, slots: {gold: 1}, ends: true}    # three levels, one block"),
    "RS-G016": ("The coins need pieces beyond the stockpile and opening queue; it may still work "
                "through gods, but check it.",
                "coins:\n  - {at: B1, colour: gold, levels: [2]}\nstockpile: {level1: 0, level2: 0, level3: 0, dome: 0}\ngods: {deck: [apollo, atlas], queue: [atlas]}\nobjectives:\n  - {tier: gold, slots: {gold: 1}, ends: true}    # level 2 waits in the deck"),
    "RS-G017": ("Each player count places a set number of workers; the map must offer that many "
                "start spaces.",
                "players: [1, 2, 3, 4]\nmap:\n  grid: |\n    # three worker starts, four needed\n    W . W\n    . W ."),
    "RS-G018": ("Riddle, god and blessing numbers are printed and looked up; a number used "
                "twice sends players to two pages.",
                "number: 5    # riddle 'net-menders-market' is number 5 too"),
    "RS-G019": ("An island whose unlock rule can never be met leaves its riddles unplayable in "
                "the campaign.",
                "islands:\n  - id: harbour\n    name: The Harbour\n    riddles: [capstone-cove]\n    unlock: {island_complete: harbour}    # waits for itself"),
    "RS-G020": ("The riddle names one island and the campaign puts it on another; the book and "
                "the campaign sheet would disagree.",
                "island: sunken-causeway    # the campaign lists capstone-cove on 'lantern-isles'"),
    "RS-G021": ("A god that no path of diamonds joins to Polaris can never become friendly.",
                "nodes:\n  - {id: sky-polaris, polaris: true}\n  - {id: sky-hermes, god: hermes}    # no path joins it to Polaris\npaths: []"),
    "RS-G022": ("The campaign or constellation has a structural problem (an id used twice, a "
                "missing node), named in the message.",
                "islands:\n  - {id: harbour, name: A, riddles: []}\n  - {id: harbour, name: B, riddles: []}"),
    "RS-G023": ("The god queue or deck deals a god that is not there, or deals one twice, or "
                "the queue shows more than three cards with its revealed blessings.",
                "gods:\n  deck: [atlas]\n  queue: [hermes]    # hermes is not in the deck"),
    "RS-G024": ("A goal or effect is written so that it can never work (a second set of slots, "
                "a space off the map, a count of zero).",
                "objectives:\n  - {tier: silver, slots: {silver: 0}}    # no slot to fill\n  - {tier: gold, slots: {gold: 1}, ends: true}"),
    "RS-G025": ("A gem that no face of the die shows can never be won.",
                "faces:\n  - {colour: red, reward: {piece: any, text: Add any one piece.}}\n  - {colour: red, reward: {piece: dome, text: Add a dome.}}\ngems: [red, blue]    # no face shows blue"),
    "RS-G026": ("A riddle on no campaign island is reachable only from the book's index.",
                "island: lantern-isles    # the island does not list lost-cove\nid: lost-cove"),
    "RS-G027": ("The solver cannot read a quest's text: a quest without an 'id' is played as "
                "the default quest, so a proof may follow rules the printed card does not say.",
                "quest:    # no 'id: shove-off-tower'\n  text: Shove the King off a tower."),
    "RS-G101": ("The solver proved the objective impossible, so players would be stuck.",
                "objectives:\n  - {tier: gold, slots: {gold: 2}, ends: true}    # a gold coin no worker can reach"),
    "RS-G102": ("The solver ran out of budget before it found a solution; the riddle may be "
                "fine, but it is not proven.",
                "# a riddle whose search needs more states than the solver budget"),
    "RS-G103": ("The objective that ends the riddle can be reached in one turn, so the riddle "
                "is over before it starts.",
                "objectives:\n  - {tier: silver, slots: {silver: 1}, ends: true}    # one build away at set-up"),
    "RS-G104": ("The shortest solution differs from the turns written in solver.expect, so the "
                "riddle is easier or harder than intended.",
                "solver: {expect: {gold: 6}}    # the shortest solution takes 4 turns"),
    "RS-G105": ("A note with the solver's figures (turns, states, first moves) for each "
                "objective.",
                "# any riddle the solver proves"),
    "RS-G106": ("A cached proof is replayed before it is trusted; one that no longer replays was "
                "solved again, and the cache rewritten.",
                "# a .riddlesmith-cache file edited by hand, or left by an older solver"),
    "RS-G110": ("The queue refills face up from the deck as gods are taken, so a deck god "
                "not dealt at set-up may still reach the players; this one's power would cut "
                "the objective's par by two turns or more (solved with the god beside the "
                "opening queue).",
                "gods:\n  deck: [atlas, prometheus]\n  queue: [prometheus]    # Atlas domes both "
                "moorings in 3 turns, the par is 6"),
    "RS-G111": ("The par printed is the game as played only when the search with the players' "
                "god powers finished; where it stopped on its cap, the shortest line without "
                "powers stands in for the par, and a shorter line with them may exist.",
                "gods:\n  queue: [hermes]    # the gold objective: 6 turns without powers, and "
                "Hermes's stride was not searched to the end"),
    "RS-G107": ("Each player count moves the workers in its own order (a pair each, the "
                "Wanderer), so an objective proven for the first count may still be out of "
                "reach for another; the book leaves that count's turns out.",
                "players: [1, 2, 3, 4]    # the gold objective is proven for 1 and 2 players,\n"
                "                         # but the search for 3 stops at its budget"),
    "RS-G108": ("An island is played in campaign order, so its riddles should not get easier: "
                "the hardest objective of each riddle (the most turns, one player) takes at "
                "least as many turns as the hardest of the riddle before it on the island.",
                "islands:\n  - id: harbour\n    riddles: [long-climb, quick-step]    "
                "# long-climb's hardest takes 7 turns, quick-step's 4"),
    "RS-G109": ("A note: on every riddle of the island the shortest line is as long as the "
                "solver's obvious count (estimate gap 0) and a naive player who always takes "
                "the move that looks closest reaches par (trap rate 0); the island may hold no "
                "surprise.",
                "islands:\n  - id: harbour\n    riddles: [first-light, second-light]    "
                "# both solved by the greedy move each turn"),
}.items()}

__all__ = ["EXPLANATIONS", "RIDDLE_CODES"]
