"""Commented templates for ``riddlesmith new`` and the starter pack of ``riddlesmith init``.

Each template's first line names the file (inside the pack) the new document
goes to. The campaign template refers to the starter pack's scenarios
(``the-causeway``, ``the-old-mill``) and cards (``hestia``, ``zeus``), so every
template checks clean when added to a pack made by ``riddlesmith init``.
"""
from __future__ import annotations

SCENARIO = """# folder: scenarios/{id}.yaml
kind: tower-scenario
id: {id}
number: 3                  # the scenario's number in its campaign
level: 1                   # 0-4: the points a win scores (plus bonuses)
title: The Harbour Wall
story: >
  Raiders have landed below the harbour wall. Keep them away from the
  lighthouse steps.

# One line per row, cells separated by spaces, at most 8x8. A cell is
#   .  ground      ~  water (nothing is built there, no pawn enters it)
#   T  target zone (nothing is built there; an enemy entering it wins)
#   1 2 3 4  a building of that height (4 = three blocks and a dome)
# optionally followed by B: one of the two builders starts there ("1B").
map: |
  T . . . ~
  . B 1 . ~
  . . . 2 .
  . . B . .
  ~ . . . .

# The enemies: one of each type at most; each faces N, E, S or W. They act in
# the order light-female, dark-male, light-male, dark-female.
enemies:
  - {type: light-female, at: E5, facing: W}
  - {type: dark-male, at: B5, facing: N}
"""

CAMPAIGN = """# folder: campaigns/{id}.yaml
kind: tower-campaign
id: {id}
title: The Long Siege
story: The raiders will not stop at the causeway.
scenarios:                 # tower-scenario ids in playing order (levels should not go down)
  - the-causeway
  - the-old-mill
# Optional: the god cards of the game, all easy or all expert (+2 points at the
# end of an expert campaign, -2 for an easy one). Deal one card for the whole
# campaign, or a new one for each scenario.
variants:
  deal: campaign           # campaign or scenario
  cards: [hestia, zeus]    # tower-variant ids
# Optional: another enemy order (all four types, each once).
# enemy_order: [light-female, dark-male, light-male, dark-female]
# Optional: your own rank names (the first starts at 0, then ascending).
# ranks:
#   - {from: 0, name: Novice}
#   - {from: 10, name: Apprentice}
"""

VARIANT = """# folder: variants/{id}.yaml
kind: tower-variant
id: {id}
name: Hermes' Haste
god: Hermes                # the base-game god card it adapts (optional)
difficulty: easy           # easy helps the builders, expert helps the enemies
text: A builder may take a second step before building, but never back onto its start.
# Rule hooks the engine applies (one or more):
#   double-attack: {faces: [1, 6]}        an enemy attacks twice on these attack-die faces
#   attack-own-space: {}                  each attack also hits the building under the enemy
#   no-build-near-enemy: {diagonal: false, except_domes: true}
#   swap-with-builder: {}                 an enemy stepping into a builder swaps with it
#   extra-move: {}                        one more builder move, not back to its start
#   extra-block: {}                       one more block (not a dome) on the same space
hooks:
  extra-move: {}
"""

TEMPLATES = {
    "tower-scenario": SCENARIO,
    "tower-campaign": CAMPAIGN,
    "tower-variant": VARIANT,
}

STARTER_CAUSEWAY = """kind: tower-scenario
id: the-causeway
number: 1
level: 0
title: The Causeway
story: The raiders come along the causeway. Hold the old mill.
map: |
  # . ground   ~ water   T target zone   1-4 building (4 = domed)   B builder start
  T T . ~ ~
  . 1 . . ~
  . B 2 . .
  ~ . . B .
  ~ ~ . . .
enemies:
  - {type: light-female, at: E5, facing: N}
  - {type: dark-male, at: C5, facing: N}
"""

STARTER_MILL = """kind: tower-scenario
id: the-old-mill
number: 2
level: 1
title: The Old Mill
story: They have found the ford. The mill and the granary must both stand.
map: |
  . . T . .
  . 2 . 1 .
  . . B . .
  ~ B . . ~
  . ~ . ~ .
enemies:
  - {type: light-female, at: A5, facing: N}
  - {type: dark-male, at: C5, facing: N}
  - {type: dark-female, at: E5, facing: N}
"""

STARTER_CAMPAIGN = """kind: tower-campaign
id: the-siege
title: The Siege
scenarios: [the-causeway, the-old-mill]
variants:
  deal: scenario
  cards: [hestia, zeus, limus, apollo]
"""

STARTER_EXPERT = """kind: tower-variant
id: hestia
name: Hestia
god: Hestia
difficulty: expert
text: Each enemy rolls an attack die; on a 1 or a 6 it strikes twice this turn.
hooks:
  double-attack: {faces: [1, 6]}
---
kind: tower-variant
id: zeus
name: Zeus
god: Zeus
difficulty: expert
text: Each enemy attack also knocks the top piece off the building the enemy stands on.
hooks:
  attack-own-space: {}
---
kind: tower-variant
id: limus
name: Limus
god: Limus
difficulty: expert
text: No piece may go straight beside an enemy (diagonals excepted) unless it is a dome; crushing stays allowed.
hooks:
  no-build-near-enemy: {}
---
kind: tower-variant
id: apollo
name: Apollo
god: Apollo
difficulty: expert
text: An enemy stepping onto a builder trades places with it instead of defeating it.
hooks:
  swap-with-builder: {}
"""

STARTER_EASY = """kind: tower-variant
id: artemis
name: Artemis
god: Artemis
difficulty: easy
text: After its step the builder may take one more, as long as it does not return to its start.
hooks:
  extra-move: {}
---
kind: tower-variant
id: hephaestus
name: Hephaestus
god: Hephaestus
difficulty: easy
text: The builder may add one more block, never a dome, on the space it just built on.
hooks:
  extra-block: {}
"""


def starter_files(pack_id: str) -> dict[str, str]:
    """A small pack that checks clean: two scenarios, a campaign and six god cards."""
    pack = f"""kind: pack
id: {pack_id}
title: {pack_id.replace('-', ' ').title()}
version: 0.1.0
systems: [tower]
languages: [en]
"""
    return {
        "pack.yaml": pack,
        "scenarios/the-causeway.yaml": STARTER_CAUSEWAY,
        "scenarios/the-old-mill.yaml": STARTER_MILL,
        "campaigns/the-siege.yaml": STARTER_CAMPAIGN,
        "variants/expert.yaml": STARTER_EXPERT,
        "variants/easy.yaml": STARTER_EASY,
    }


__all__ = ["TEMPLATES", "starter_files"]
