"""Commented templates for ``riddlesmith new`` and the starter pack of ``riddlesmith init``.

Each template's first line names the folder (inside the pack) the new file goes to.
"""
from __future__ import annotations

TEMPLATES = {
    "role-card": """# folder: cards/{id}.yaml
kind: role-card
id: {id}
type: builder          # engineer, builder, specialist or mover
# No number: a role prints six copies (the Engineer seven), numbered from the
# role-game's numbers for its type; the highest number played takes the Statue.
name: My Role
first_play: false      # one role of each type is marked for a first game
abilities:
  # timing: game-setup, start-of-turn, your-move, your-build, your-turn,
  # end-of-turn or win-condition; power: an engine power (riddlesmith explain RS-N006)
  - timing: your-build
    text: Build twice, on two different spaces.
    power: build-two-spaces
    params: {required: true}
""",
    "role-game": """# folder: games/{id}.yaml
kind: role-game
id: {id}
title: My Role Game
# '.' a space, '~' no space, 1-5 the two start spaces of each player number.
board: |
  1 . 3 . 2
  . 4 . 5 .
  . . . . .
  . 5 . 4 .
  2 . 3 . 1
pieces: {blocks: 64, rooftops: 10, skyscrapers: 6}
players: {min: 2, max: 5}
hand_size: 5
refill_every: 4        # turns between refills
# The roles in the box: one Engineer, and Builder, Specialist and Mover roles (these
# are the ids `riddlesmith init --system roles` writes; name your own role cards here).
roles: [engineer, builder-1, builder-2, specialist-1, specialist-2, mover-1, mover-2]
numbers:               # one set per type, shared by its roles (a game deals one role a type)
  engineer: [4, 5, 12, 13, 20, 21, 25]
  builder: [2, 7, 10, 15, 18, 23]
  specialist: [1, 8, 9, 16, 17, 24]
  mover: [3, 6, 11, 14, 19, 22]
playtest: {games: 8, players: 2, seed: 0}   # check: at most 8 games of every deal
""",
}

_TYPES = (("builder", "build-two-spaces", "your-build", "Build on one more space."),
          ("specialist", "push-away", "your-move", "You may shove a rival beside you away."),
          ("mover", "leap", "your-move", "You may instead travel two or three spaces."))


def starter_files(pack_id: str) -> dict[str, str]:
    """A complete small pack: a game, the Engineer and two roles of each other type."""
    pack = f"""kind: pack
id: {pack_id}
title: {pack_id.replace('-', ' ').title()}
version: 0.1.0
systems: [roles]
languages: [en]
print:
  paper: a4
  card: poker
include:
  - games/*.yaml
  - cards/*.yaml
"""
    cards = ["""kind: role-card
id: engineer
type: engineer
name: Engineer
first_play: true
abilities:
  - timing: start-of-turn
    text: First raise a skyscraper beside your worker when you can.
    power: build-skyscraper-first
  - timing: win-condition
    text: Holding the Statue, you also win by building a rooftop.
    power: win-by-dome
"""]
    for kind, power, timing, text in _TYPES:
        for i in range(1, 3):
            ident = f"{kind}-{i}"
            cards.append(f"""kind: role-card
id: {ident}
type: {kind}
name: {kind.title()} {i}
first_play: {'true' if i == 1 else 'false'}
abilities:
  - timing: {timing}
    text: {text}
    power: {power}
""")
    game = TEMPLATES["role-game"].split("\n", 1)[1].replace("{id}", "game")  # names the cards
    return {"pack.yaml": pack, "games/game.yaml": game, "cards/cards.yaml": "---\n".join(cards)}
