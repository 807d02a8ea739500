"""The riddle pack on a virtual table (``build --target tts``): what the book and the
components sheet print, as pieces of their own.

- every riddle's map at play scale (a space of :data:`SPACE` mm, as the sea and bridge
  tiles), with its set-up, as a board;
- the coins, blessing tokens and feature markers (as many as the busiest riddle sets
  out, like the components sheet) as round tokens, the sea and bridge tiles as tiles;
- the Sphinx's board, cut from its page.

The god and blessing cards are decks (:mod:`.decks`). The Sphinx's dice are dice
(:func:`riddle_dice`): each face as its sticker shows it, named by its colour and reward,
so the table says what was rolled.
"""
from __future__ import annotations

from generator.pack.model import Pack, pick_text
from generator.render.labels import gem_initial
from generator.systems.riddle import labels
from generator.render.deck import Die, Piece, crop_scene
from generator.render.geometry import PAPERS
from generator.render.icons import icon_blessing, icon_coin, icon_die_face, icon_feature
from generator.render.scene import Element, Scene
from generator.systems import Options
from generator.systems.riddle.components import (
    SPACE,
    STICKER,
    TOKEN,
    _bridge_tile,
    _sea_tile,
    count_needs,
    die_name,
    sphinx_board,
)
from generator.systems.riddle.content import read_content
from generator.systems.riddle.maps import MARGIN as MAP_MARGIN
from generator.systems.riddle.maps import render_map
from generator.systems.riddle.typography import MARGIN
from generator.systems.riddle.wording import local


def _token(ident: str, drawn: tuple[Element, ...], size: float) -> Scene:
    return Scene(size, size, drawn, id=ident)


def riddle_pieces(pack: Pack, options: Options) -> list[Piece]:
    """The maps, tokens, tiles and the Sphinx's board of a riddle pack (see the module)."""
    lang = options.lang
    content = read_content(pack, lang)
    out: list[Piece] = []
    for riddle, _ in content.riddles:
        geometry = riddle.board.geometry
        # The map's longer side holds its spaces and the coordinates' margin round them.
        size = SPACE * (max(geometry.width, geometry.height) + 2 * MAP_MARGIN)
        out.append(Piece(f"map-{riddle.id}", f"{riddle.number}. {pick_text(riddle.title, lang)}",
                         "board", render_map(riddle, size_mm=size, scene_id=f"map-{riddle.id}")))
    needs = count_needs(content)
    for colour, levels, n in needs.coins:
        ident = f"coin-{colour}-{'-'.join(map(str, levels))}"
        what = " ".join("dome" if lv == 4 else str(lv) for lv in levels)
        out.append(Piece(ident, f"{colour} coin ({what})", "token",
                         _token(ident, icon_coin(0, 0, TOKEN, colour=colour, levels=levels), TOKEN),
                         copies=n, round=True))
    if needs.blessing_tokens:
        out.append(Piece("blessing-token", "blessing token", "token",
                         _token("blessing-token", icon_blessing(0, 0, TOKEN), TOKEN),
                         copies=needs.blessing_tokens, round=True))
    if needs.feature_markers:
        out.append(Piece("feature-marker", "feature marker", "token",
                         _token("feature-marker", icon_feature(0, 0, TOKEN), TOKEN),
                         copies=needs.feature_markers, round=True))
    if needs.sea_tiles:
        # The sea tile's drawing bleeds past its square, as on the sheet: cut at the square.
        sea = crop_scene(Scene(SPACE, SPACE, _sea_tile()), 0, 0, SPACE, SPACE, "sea-tile")
        out.append(Piece("sea-tile", "sea tile", "tile", sea, copies=needs.sea_tiles))
    for span in sorted(set(needs.bridges)):
        w, drawn = _bridge_tile(span)
        out.append(Piece(f"bridge-{span}", f"bridge over {span}", "tile",
                         Scene(w, SPACE, drawn, id=f"bridge-{span}"),
                         copies=needs.bridges.count(span)))
    paper = PAPERS["a4"]
    page = sphinx_board(content, paper, lang, 1)
    out.append(Piece("sphinx-board", "the Sphinx's board", "board",
                     crop_scene(page, MARGIN, MARGIN + 16.0, paper[0] - 2 * MARGIN, 120.0,
                                "sphinx-board")))
    return out


def riddle_dice(pack: Pack, options: Options) -> list[Die]:
    """The pack's dice (sorted by id), their faces drawn as the stickers print them and
    named by colour and reward ("Amber: Add any one piece to the stockpile.")."""
    lang = options.lang
    content = read_content(pack, lang)
    ids = sorted(content.dice)
    out: list[Die] = []
    for ident in ids:
        die = content.dice[ident]
        faces, names = [], []
        for n, face in enumerate(die.faces):
            drawn = icon_die_face(0, 0, STICKER, colour=face.colour,
                                  letter=gem_initial(face.colour, lang))
            faces.append(Scene(STICKER, STICKER, drawn, id=f"{ident}-{n + 1}"))
            reward = local(face.reward.text, lang) if face.reward is not None else ""
            key = f"colour-f-{face.colour}"
            colour = (labels.label(key, lang) if key in labels.LABELS else face.colour).capitalize()
            names.append(f"{colour}: {reward}" if reward else colour)
        out.append(Die(ident, die_name(ids, ident, lang), STICKER, tuple(faces), tuple(names)))
    return out
