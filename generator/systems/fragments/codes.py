"""Diagnostic codes of the fragments system (``RS-F0xx``): their titles are in the
project's table in :mod:`generator.diagnostics`; why each matters, and an example
that triggers it, are here (``riddlesmith explain``)."""
from __future__ import annotations

from generator.diagnostics import Explanation

EXPLANATIONS: dict[str, Explanation] = {code: Explanation(*text) for code, text in {
    "RS-F001": ("Two cards with the same clue (ignoring case and punctuation) make a round "
                "trivial and waste a card slot.",
                "# cards/a.yaml\ntext: I have teeth but cannot chew.\n"
                "# cards/b.yaml\ntext: I HAVE teeth, but cannot chew!"),
    "RS-F002": ("Clues that differ by a word or two feel like repeats at the table; reword one "
                "or keep it on purpose with a suppression.",
                "text: I have teeth but cannot chew.\n# elsewhere:\ntext: I have teeth but I cannot chew."),
    "RS-F003": ("Fragments are spoken by the answer itself ('I ...'); a clue in the third person "
                "breaks the game's voice.", "kind: fragment-card\nid: rattles\ntext: It rattles in the wind.    # I rattle in the wind."),
    "RS-F004": ("A When card is two-sided; without both sides it cannot be printed or played.",
                "kind: when-card\nid: when-half\nonly: only when    # no 'except' side"),
    "RS-F005": ("Press-your-luck scores follow n(n+1)/2; a wrong entry changes the odds the "
                "simulator and the players rely on.",
                "press_your_luck:\n  scoring: [1, 3, 6, 10, 15, 20, 28, 36]    # 21, not 20"),
    "RS-F006": ("Six hands plus a round of play need this many fragment cards; with fewer, a full "
                "table cannot be dealt.", "hand_size: 5    # with only 20 fragment cards"),
    "RS-F007": ("The deck's settings (hand size, tokens, scoring, card look) come from one "
                "fragment-game document; without one the defaults are used, which is rarely "
                "what a deck meant.",
                "# pack with cards/*.yaml and no 'kind: fragment-game' document"),
    "RS-F008": ("A note with the press-your-luck simulation's figures, to judge the deck's pace.",
                "press_your_luck: {games: 2000, seed: 1}"),
    "RS-F009": ("A pack plays one fragment game: with two fragment-game documents the settings "
                "of one are silently ignored. The first one loaded is used; merge them.",
                "# game.yaml: kind: fragment-game, id: game\n"
                "# game2.yaml: kind: fragment-game, id: game-two"),
}.items()}

__all__ = ["EXPLANATIONS"]
