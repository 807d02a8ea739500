"""Commented templates for ``riddlesmith new`` and the starter pack of ``riddlesmith init``.

The starter pack is a copy of the shipped example (``starter/``): a glyph
set, a game with its full difficulty table and thirty riddle cards, so it
checks and builds as generated.
"""
from __future__ import annotations

from importlib.resources import files

TEMPLATES = {
    "glyph-riddle": """# folder: riddles/{id}.yaml
kind: glyph-riddle
id: {id}
deck: 1                  # 1 (easiest) to 5; each deck holds the game's deck_size cards
title: {en: "A new riddle", fr: "Une nouvelle énigme"}
# Tile ids of the glyph set, read left to right in a row or top to bottom in a column.
sequence: [star, moon]
no_joker: false          # true: a joker tile may not stand in for a symbol
""",
}


def starter_files(pack_id: str) -> dict[str, str]:
    """A complete pack: the example glyph set, game and riddle cards."""
    starter = files("generator.systems.glyphs").joinpath("starter")
    pack = f"""kind: pack
id: {pack_id}
title: {pack_id.replace('-', ' ').title()}
version: 0.1.0
systems: [glyphs]
languages: [en, fr]
print:
  paper: a4
  card: poker
  bleed: 3mm
  crop_marks: true
include:
  - glyph-set.yaml
  - game.yaml
  - riddles/*.yaml
"""
    return {
        "pack.yaml": pack,
        "glyph-set.yaml": starter.joinpath("glyph-set.yaml").read_text("utf-8"),
        "game.yaml": starter.joinpath("game.yaml").read_text("utf-8"),
        "riddles/riddles.yaml": starter.joinpath("riddles.yaml").read_text("utf-8"),
    }


__all__ = ["TEMPLATES", "starter_files"]
