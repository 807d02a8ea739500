"""Commented templates for ``riddlesmith new`` and the starter pack of ``riddlesmith init``.

Each template's first line names the file (inside the pack) the new document
goes to. The templates refer to the starter pack's gods (``atlas``,
``hermes``), island (``dawn-isles``) and riddle (``first-light``), so each one
checks clean when added to a pack made by ``riddlesmith init``.
"""
from __future__ import annotations

RIDDLE = """# folder: riddles/{id}.yaml
kind: riddle
id: {id}
number: 1                  # the riddle's number in the book (campaign rules use it)
title: The Harbour Lamps
island: dawn-isles         # id of the campaign island that lists this riddle
players: [1, 2, 3, 4]      # supported player counts; every count plays four workers
story: >
  The storm put out every lamp in the harbour. Raise the beacon before the
  fishing boats come home in the dark.
rules: The Sphinx walks toward the closest worker at the end of each turn.

map:
  # One line per row, cells separated by spaces, at most 8x8. A cell is
  #   .  land        ~  sea        1 2 3 4  a tower of that height (4 = 3 blocks + dome)
  # followed by any marks on that space:
  #   W  worker start (four of them)   K  the King   S  the Sphinx
  #   b  blessing token                *  a unique feature (described under features)
  # e.g. "2W" is a worker on a 2-high tower, "1b" a blessing token on one block.
  grid: |
    . ~ . . .
    . ~ W 1 .
    W ~ 2 W *
    . b . W .
    ~ ~ . . S
  bridges:
    - [A2, C2]             # across the sea at B2: neighbours for moving, never for building
  features:
    E3: {name: Beacon, text: A worker on level 2 or higher here lights the beacon.}

coins:                     # building one of the levels shown collects the coin (4 = dome)
  - {at: D2, colour: silver, levels: [2]}
  - {at: C4, colour: silver, levels: [1, 2]}
  - {at: C3, colour: gold, levels: [3]}

# Every build takes its piece from here or from a god card; leave out for a full box.
stockpile: {level1: 4, level2: 3, level3: 2, dome: 1}

gods:
  deck: [atlas, hermes]    # every god card of the riddle
  queue: [atlas]           # dealt face up at set-up (up to 3, from the deck)

objectives:                # up to four: silver, gold, heroic, godlike
  - tier: silver
    slots: {silver: 2}     # achieved when these coin slots are full
    reward: {piece: any}   # add any one piece to the stockpile
  - tier: gold
    slots: {gold: 1}
  - tier: heroic
    # Goals: stand {figure: worker|king|sphinx|any, level: N (or higher), at: space}
    #        build {what: tower|dome|block, count: N, region: [spaces]}
    #        blessings {count: N}   sphinx_wins {count: N}   slots {silver: N, gold: N}
    #        within: N (turns)      all_of: [goals]          any_of: [goals]
    goal: {stand: {figure: worker, at: E3, level: 2}}
    ends: true             # exactly one objective ends the riddle
  - tier: godlike
    goal:
      all_of:
        - {stand: {figure: worker, at: E3, level: 2}}
        - {within: 8}

# Applied in order at the end of every turn. Effects:
#   remove-top {at: space, to: box|stockpile}     sink {at: space, turn: N}
#   stockpile-add {piece: level1|level2|level3|dome, count: N}
#   stockpile-remove {piece: ..., count: N}       step-toward-closest-worker {figure: king|sphinx}
end_of_turn:
  - step-toward-closest-worker: {figure: sphinx}

expert:                    # the harder variant: overrides and extra effects
  stockpile: {level1: 3}
  turn_limit: 12

solver:                    # hints for the solver (optional)
  horizon: 12              # search at most this many turns
"""

GOD = """# folder: gods/{id}.yaml
kind: god
id: {id}
name: New God
type: builder              # mover, builder or specialist
pieces: {level1: 1}        # taken from the box onto the card when the god is selected
power:
  id: {id}-power           # names the power for the solver
  text: Your worker may build one additional block, not on the same space.
# Leave 'quest' out for the default quest: clear the last piece off this card on
# a turn its power was used, and add any one piece to the stockpile. A custom
# quest names what the solver plays: id stand-above, raise-to (with level) or
# shove-off-tower; text without an id is printed but not simulated (RS-G027).
quest:
  id: raise-to
  level: 2
  text: Lift a bare space to level 2 within one turn.
  reward:
    text: Add a dome to the stockpile.
    piece: dome
"""

BLESSING = """# folder: blessings/{id}.yaml
kind: blessing
id: {id}
number: 20                 # 1-20, unique: the deck holds cards up to the blessing score
name: Fair Wind
text: Move one of your workers one extra space this turn.
effect: extra-move         # names the power for the solver
"""

DIE = """# folder: dice/{id}.yaml
kind: die
id: {id}
# A roll of a colour whose gem is still out wins its reward and discards the gem;
# otherwise a worker is destroyed.
faces:
  - {colour: red, reward: {piece: any}}
  - {colour: green, reward: {piece: level3}}
  - {colour: blue, reward: {piece: dome}}
  - {colour: red, reward: {piece: any}}
  - {colour: green, reward: {piece: level3}}
  - {colour: blue, reward: {piece: dome}}
gems: [red, green, blue]
"""

CAMPAIGN = """# folder: campaigns/{id}.yaml
kind: campaign
id: {id}
title: A New Adventure
islands:
  - id: {id}-harbour
    name: The Harbour
    riddles: []            # riddle ids in playing order, e.g. [first-light]
    # No 'unlock': open from the start.
  - id: {id}-summit
    name: The Summit
    riddles: []
    unlock:                # when this island opens. Rules:
      # objectives_on: {riddles: "1-20", at_least: 1}  (by number, or a list of ids)
      # island_complete: some-island-id
      # all_of: [rules]    any_of: [rules]
      island_complete: {id}-harbour
"""

CONSTELLATION = """# folder: constellations/{id}.yaml
kind: constellation
id: {id}
title: The Night Sky
blessing_score: 8          # the blessing score at the start of the adventure
nodes:
  - {id: {id}-polaris, polaris: true}
  - {id: {id}-atlas, god: atlas}
  - {id: {id}-hermes, god: hermes}
paths:                     # diamond paths; a god joined to Polaris becomes friendly
  - {between: [{id}-polaris, {id}-atlas], diamonds: 3}
  - {between: [{id}-atlas, {id}-hermes], diamonds: 2}
arrows:                    # shaded when a riddle asks for a friendly god
  - {id: {id}-a1, toward: {id}-atlas}
  - {id: {id}-a2, toward: {id}-atlas}
  - {id: {id}-a3, toward: {id}-hermes}
stars:                     # three shaded arrows raise the blessing score by one
  - {id: {id}-star, arrows: [{id}-a1, {id}-a2, {id}-a3]}
"""

TEMPLATES = {
    "riddle": RIDDLE,
    "god": GOD,
    "blessing": BLESSING,
    "die": DIE,
    "campaign": CAMPAIGN,
    "constellation": CONSTELLATION,
}

STARTER_RIDDLE = """kind: riddle
id: first-light
number: 0
title: First Light
island: dawn-isles
players: [1, 2, 3, 4]
story: >
  Morning on the first island. Stack a few blocks, collect the coins and climb
  the lookout to see the way ahead.
map:
  grid: |
    ~ . . . ~
    . W . W .
    . . 1 . *
    . W b W .
    ~ . . . ~
  features:
    E3: {name: Lookout, text: Standing here on level 2 or higher shows the way ahead.}
coins:
  - {at: C1, colour: silver, levels: [1]}
  - {at: A3, colour: silver, levels: [2]}
  - {at: C3, colour: gold, levels: [3]}
stockpile: {level1: 5, level2: 4, level3: 2, dome: 2}
gods:
  deck: [atlas, hermes]
  queue: [atlas, hermes]
objectives:
  - tier: silver
    slots: {silver: 2}
    reward: {piece: any}
  - tier: gold
    slots: {gold: 1}
  - tier: heroic
    goal: {stand: {figure: worker, at: E3, level: 2}}
    ends: true
  - tier: godlike
    goal:
      all_of:
        - {stand: {figure: worker, at: E3, level: 2}}
        - {within: 6}
"""

STARTER_CAMPAIGN = """kind: campaign
id: adventure
title: The Adventure
islands:
  - id: dawn-isles
    name: Dawn Isles
    riddles: [first-light]
"""

STARTER_GODS = """kind: god
id: atlas
name: Atlas
number: 1
type: builder
pieces: {dome: 1}
power:
  id: dome-at-any-level
  text: Your worker may build a dome on any level, even the ground.
---
kind: god
id: hermes
name: Hermes
number: 2
type: mover
pieces: {level1: 1}
power:
  id: long-level-walk
  text: Instead of one step, your workers may walk any number of spaces on their own level.
"""

STARTER_SKY = """kind: constellation
id: sky
blessing_score: 8
nodes:
  - {id: polaris, polaris: true}
  - {id: atlas-stars, god: atlas}
  - {id: hermes-stars, god: hermes}
paths:
  - {between: [polaris, atlas-stars], diamonds: 2}
  - {between: [polaris, hermes-stars], diamonds: 3}
arrows:
  - {id: to-atlas, toward: atlas-stars}
  - {id: to-hermes, toward: hermes-stars}
  - {id: to-hermes-again, toward: hermes-stars}
stars:
  - {id: first-star, arrows: [to-atlas, to-hermes, to-hermes-again]}
"""

STARTER_BLESSINGS = """kind: blessing
id: steady-hands
number: 1
name: Steady Hands
text: Build one extra block this turn.
effect: extra-build
---
kind: blessing
id: second-wind
number: 2
name: Second Wind
text: Move one worker one extra space this turn.
effect: extra-move
"""

STARTER_DIE = TEMPLATES["die"].split("\n", 1)[1].replace("{id}", "sphinx-die")


def starter_files(pack_id: str) -> dict[str, str]:
    """A small pack that checks clean: a tutorial riddle, a campaign, two gods,
    two blessings, the die and a constellation tree."""
    pack = f"""kind: pack
id: {pack_id}
title: {pack_id.replace('-', ' ').title()}
version: 0.1.0
systems: [riddle]
languages: [en]
"""
    return {
        "pack.yaml": pack,
        "riddles/first-light.yaml": STARTER_RIDDLE,
        "campaigns/adventure.yaml": STARTER_CAMPAIGN,
        "gods/starter.yaml": STARTER_GODS,
        "blessings/starter.yaml": STARTER_BLESSINGS,
        "dice/sphinx-die.yaml": STARTER_DIE,
        "constellations/sky.yaml": STARTER_SKY,
    }
