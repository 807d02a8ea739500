"""Commented templates for ``riddlesmith new`` and the starter pack of ``riddlesmith init``.

Each template's first line names the folder (inside the pack) the new file goes to.
"""
from __future__ import annotations

from importlib.resources import files

TEMPLATES = {
    "fragment-card": """# folder: cards/{id}.yaml
kind: fragment-card
id: {id}
# One first-person clue. Keep it short: it must fit the card at the minimum
# font size (riddlesmith check tells you by how much it overflows).
text: I have keys but open no door.
# Optional: a translation per language code, instead of the line above:
# text: {en: "I have keys but open no door.", fr: "J'ai des touches mais pas de porte."}
category: objects          # optional, printed small at the top of the card
tags: [objects, music]     # optional, for your own sorting
copies: 1                  # how many of this card to print
""",
    "when-card": """# folder: when-cards/{id}.yaml
kind: when-card
id: {id}
# A two-sided card: one side qualifies a fragment with "only when", the other
# with "except when". Both sides are required.
only: only when
except: except when
""",
    "fragment-game": """# folder: settings/{id}.yaml
kind: fragment-game
id: {id}
title: My Riddle Deck
subtitle: What am I?
players: {min: 3, max: 6}
hand_size: 5                    # cards in each hand
tokens: {valid: 7, invalid: 7}  # the game ends when all tokens are taken

press_your_luck:
  players: [1, 2, 3, 4]
  target: 50
  # Points for a riddle of 1..8 cards: n(n+1)/2, and 36 from 8 cards on.
  scoring: [1, 3, 6, 10, 15, 21, 28, 36]
  validity_decay: 0.08          # how much harder each extra card makes a valid answer
  games: 2000                   # simulated games for the build report
  seed: 1

card:
  # size: poker                 # overrides print.card of pack.yaml: poker, bridge, mini, tarot, square or {width: 60mm, height: 90mm}
  font_size: 15                 # preferred size of the fragment text (pt)
  min_font_size: 9              # smallest size before the text counts as overflowing
  colour: "#f6efe0"
  accent: "#7a4b1e"

back:
  title: My Riddle Deck
  motto: Every card a question
  colour: "#2d3a4a"
  accent: "#d8b56a"
""",
}


def starter_files(pack_id: str) -> dict[str, str]:
    """A complete small pack: settings, a 40-card starter deck and six When cards."""
    title = pack_id.replace('-', ' ').title()
    pack = f"""kind: pack
id: {pack_id}
title: {title}
version: 0.1.0
systems: [fragments]
languages: [en]
print:
  paper: a4
  card: poker
  bleed: 3mm
  crop_marks: true
# Each kind has its own folder, so editors can tell them apart by path.
include:
  - settings/*.yaml
  - cards/*.yaml
  - when-cards/*.yaml
"""
    # One title: the deck's (on its cards' backs and the aid) is the pack's.
    game = TEMPLATES["fragment-game"].split("\n", 1)[1].replace("{id}", "game") \
        .replace("title: My Riddle Deck", f"title: {title}")
    whens = "---\n".join(
        TEMPLATES["when-card"].split("\n", 1)[1].replace("{id}", f"when-{i}") for i in range(1, 7))
    starter = files("generator.systems.fragments").joinpath("starter_cards.yaml").read_text("utf-8")
    return {
        "pack.yaml": pack,
        "settings/game.yaml": game,
        "when-cards/when.yaml": whens,
        "cards/starter.yaml": starter,
    }
