"""Commented templates for ``riddlesmith new`` and the starter pack of ``riddlesmith init``.

Each template's first line names the folder (inside the pack) the new file goes to.
"""
from __future__ import annotations

TEMPLATES = {
    "role-card": """# folder: cards/{id}.yaml
kind: role-card
id: {id}
type: builder          # engineer, builder, specialist or mover
set: my-set            # a game uses one whole set of six cards of each type
number: 12             # the highest number played takes the Statue of Liberty
name: My Role
first_play: false      # one card of each type is marked for a first game
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
deck: [engineer]       # the ids of the cards in play: 7 Engineers and one set of each type
playtest: {games: 40, players: 2, seed: 0}
""",
}

_TYPES = (("builder", "build-two-spaces", "your-build", "Build on one more space."),
          ("specialist", "push-away", "your-move", "You may shove a rival beside you away."),
          ("mover", "leap", "your-move", "You may instead travel two or three spaces."))


def starter_files(pack_id: str) -> dict[str, str]:
    """A complete small pack: a game, seven Engineers and a set of each other type."""
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
    ids = ["engineer"]
    cards = ["""kind: role-card
id: engineer
type: engineer
set: city
number: [1, 5, 9, 13, 17, 21, 25]
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
    number = 2
    for kind, power, timing, text in _TYPES:
        for i in range(1, 7):
            ident = f"{kind}-{i}"
            ids.append(ident)
            cards.append(f"""kind: role-card
id: {ident}
type: {kind}
set: {kind}s
number: {number}
name: {kind.title()} {i}
first_play: {'true' if i == 1 else 'false'}
abilities:
  - timing: {timing}
    text: {text}
    power: {power}
""")
            number += 1 if number % 4 else 2
    game = TEMPLATES["role-game"].split("\n", 1)[1].replace("{id}", "game").replace(
        "deck: [engineer]", f"deck: [{', '.join(ids)}]")
    return {"pack.yaml": pack, "games/game.yaml": game, "cards/cards.yaml": "---\n".join(cards)}
