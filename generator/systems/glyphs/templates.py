"""Commented templates for ``riddlesmith new`` and the starter pack of ``riddlesmith init``.

The starter pack is a copy of the shipped example (``starter/``): a glyph
set, a game with its full difficulty table and thirty riddle cards, so it
checks and builds as generated. The glyph-set and glyph-game templates are
those starter documents under the new id (a pack plays one game, so the check
reports a second one; the game names its set by ``glyph_set``).
"""
from __future__ import annotations

from importlib.resources import files


def _starter(name: str) -> str:
    """The text of a file of the shipped starter pack."""
    return files("generator.systems.glyphs").joinpath("starter", name).read_text("utf-8")


def _as_template(folder: str, text: str, kind: str) -> str:
    """A starter document as a template: its folder line first, its id replaced by ``{id}``."""
    lines = text.splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if line.startswith("id: "))
    if lines[at - 1].strip() != f"kind: {kind}":
        raise ValueError(f"starter {kind}: 'id' must follow 'kind'")
    lines[at] = "id: {id}\n"
    return f"# folder: {folder}\n" + "".join(lines)


TEMPLATES = {
    "glyph-set": _as_template("glyph-sets/{id}.yaml", _starter("glyph-set.yaml"), "glyph-set"),
    "glyph-game": _as_template("games/{id}.yaml", _starter("game.yaml"), "glyph-game"),
    "glyph-riddle": """# folder: riddles/{id}.yaml
kind: glyph-riddle
id: {id}
# Deck 6 is a draft deck no degree deals (a warning, RS-X018): the starter decks 1-5
# are full. Move the card to a dealt deck with room (each holds the game's deck_size
# cards), or list deck 6 in a degree's decks once it holds deck_size cards.
deck: 6
title: {en: "A new riddle", fr: "Une nouvelle énigme"}
# Tile ids of the glyph set, read left to right in a row or top to bottom in a column.
sequence: [star, moon]
no_joker: false          # true: a joker tile may not stand in for a symbol
""",
}


def starter_files(pack_id: str) -> dict[str, str]:
    """A complete pack: the example glyph set, game and riddle cards."""
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
"""
    # One convention with ``new``: each kind in its own folder, a file per id.
    glyph_set, game = _starter("glyph-set.yaml"), _starter("game.yaml")
    return {
        "pack.yaml": pack,
        f"glyph-sets/{_id_of(glyph_set)}.yaml": glyph_set,
        f"games/{_id_of(game)}.yaml": game,
        "riddles/riddles.yaml": _starter("riddles.yaml"),
    }


def _id_of(text: str) -> str:
    """The ``id`` of a one-document starter file."""
    return next(line.split(":", 1)[1].strip() for line in text.splitlines()
                if line.startswith("id: "))


__all__ = ["TEMPLATES", "starter_files"]
