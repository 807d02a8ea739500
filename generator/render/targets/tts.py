"""The ``tts`` target: decks and tokens for Tabletop Simulator.

For each deck: face images holding up to 10 x 7 cards each (cut at the trim,
edge to edge, row by row), a back image (one card; or a grid like the faces
when the cards' backs differ), and a saved-object JSON file (TTS "Saved
Objects") with a custom deck referencing those images by path relative to
the JSON file. Tokens go the same way, as a tile sheet of round or square
"cards". Images are at most :data:`MAX_SIDE` pixels on a side, which TTS
loads on every machine.

A die of six faces (or of two or three, each face repeated so the odds stay the
same) is a ``Custom_Dice`` d6 with one texture; a die of any other number of faces,
which the d6 cannot roll with its odds, is a deck of its faces: shuffle, draw one.

Upload the images (or point the URLs at the files on your disk) before
importing the JSON: TTS needs URLs it can open.

>>> grid_shape(7), grid_shape(23), grid_shape(70)
((7, 1), (10, 3), (10, 7))
"""
from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..deck import Deck, Die, Piece, TokenSet
from ..pdf import document_to_pdf
from ..scene import Document, Element, Group, Rect, Scene, Style
from .raster import png_bytes, rasterise

MAX_COLS = 10
MAX_ROWS = 7
MAX_SIDE = 4096
"""Largest image side (px)."""
CARD_PX = 512
"""Width (px) of a card on the images, when the grid leaves room for it."""
SHAPE_RECTANGLE = 0
SHAPE_CIRCLE = 4
"""TTS custom deck shapes: 0 rounded rectangle, 4 circle."""
TOKEN_BACK = "#d9d4c7"
"""The plain back of tokens (printed tokens are one-sided)."""


def grid_shape(count: int) -> tuple[int, int]:
    """(columns, rows) of a face image holding ``count`` cards (at most 10 x 7)."""
    if not 1 <= count <= MAX_COLS * MAX_ROWS:
        raise ValueError(f"a face image holds 1 to {MAX_COLS * MAX_ROWS} cards, not {count}")
    cols = min(MAX_COLS, count)
    return cols, math.ceil(count / cols)


@dataclass(frozen=True, slots=True)
class _Faces:
    """Cards (trim-sized scenes) to lay out on images, with their names."""

    id: str
    title: str
    width: float
    height: float
    fronts: tuple[Scene, ...]
    backs: tuple[Scene, ...]
    names: tuple[str, ...]
    shape: int


def _trim(scene: Scene, bleed: float, w: float, h: float) -> Scene:
    return Scene(w, h, (Group(scene.children, translate=(-bleed, -bleed)),), id=scene.id)


def _faces_of_deck(deck: Deck) -> _Faces:
    w, h, b = deck.width, deck.height, deck.bleed
    names = deck.names or tuple(f"{deck.title} {n + 1}" for n in range(deck.count))
    return _Faces(deck.id, deck.title, w, h, tuple(_trim(s, b, w, h) for s in deck.fronts),
                  tuple(_trim(s, b, w, h) for s in deck.backs), names, SHAPE_RECTANGLE)


def _faces_of_tokens(tokens: TokenSet) -> _Faces:
    s = tokens.size
    back = Scene(s, s, (Rect(0, 0, s, s, Style(fill=TOKEN_BACK)),), id=f"{tokens.id}-back")
    names = tokens.names or tuple(f"{tokens.title} {n + 1}" for n in range(len(tokens.tokens)))
    return _Faces(tokens.id, tokens.title, s, s, tokens.tokens, (back,) * len(tokens.tokens), names,
                  SHAPE_CIRCLE if tokens.round else SHAPE_RECTANGLE)


def card_pixels(width: float, height: float, cols: int, rows: int) -> tuple[int, int]:
    """Pixel size of one card so that a ``cols`` x ``rows`` grid fits :data:`MAX_SIDE`."""
    px_w = min(CARD_PX, MAX_SIDE // cols, int(MAX_SIDE / rows * width / height))
    return px_w, round(px_w * height / width)


def _grid_png(cards: Sequence[Scene], cols: int, rows: int, w: float, h: float,
              title: str) -> bytes:
    """The cards on one image, ``cols`` x ``rows``, drawn through a one-page PDF named
    ``title`` (the image's file name: what the print audit calls it)."""
    cells = []
    for n, card in enumerate(cards):
        x, y = (n % cols) * w, (n // cols) * h
        # Each card is clipped to its cell: nothing of the bleed reaches a neighbour.
        cells.append(Group((Group(card.children, translate=(x, y)),), clip=Rect(x, y, w, h)))
    page = Scene(cols * w, rows * h, tuple(cells), id="grid")
    px_w, px_h = card_pixels(w, h, cols, rows)
    image = rasterise(document_to_pdf(Document((page,), title=title)),
                      [(cols * px_w, rows * px_h)])[0]
    return png_bytes(image, px_w / w * 25.4)


def _guid(*parts: object) -> str:
    return hashlib.sha256("/".join(map(str, parts)).encode("utf-8")).hexdigest()[:6]


def _transform(x: float = 0.0, face_down: bool = True) -> dict[str, float]:
    return {"posX": x, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0,
            "rotZ": 180.0 if face_down else 0.0, "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def _card(card_id: int, name: str, custom: dict[str, Any], guid: str) -> dict[str, Any]:
    return {"GUID": guid, "Name": "Card", "Transform": _transform(), "Nickname": name,
            "Description": "", "CardID": card_id, "CustomDeck": custom, "Locked": False,
            "Grid": True, "Snap": True, "Tooltip": True, "SidewaysCard": False}


def content_name(stem: str, data: bytes) -> str:
    """The file name of an image: its stem and the first 10 hex digits of the SHA-256 of
    its bytes, so that a changed image gets a new name (and URL) that no simulator has
    cached.

    >>> content_name("gods-back", b"")
    'gods-back-e3b0c44298.png'
    """
    return f"{stem}-{hashlib.sha256(data).hexdigest()[:10]}.png"


def image_url(name: str, url_base: str | None) -> str:
    """Where the saved objects find an image: ``url_base`` joined with its name, or the
    bare name (a path relative to the JSON file) without one.

    >>> image_url("a.png", None), image_url("a.png", "https://example.org/box/")
    ('a.png', 'https://example.org/box/a.png')
    """
    return f"{url_base.rstrip('/')}/{name}" if url_base else name


def _saved(title: str, objects: Sequence[dict[str, Any]]) -> bytes:
    """A TTS saved-object file holding ``objects``."""
    saved = {"SaveName": title, "Date": "", "VersionNumber": "", "GameMode": "",
             "GameType": "", "Gravity": 0.5, "PlayArea": 0.5, "Table": "", "Sky": "", "Note": "",
             "Rules": "", "XmlUI": "", "LuaScript": "", "LuaScriptState": "", "TabStates": {},
             "ObjectStates": list(objects)}
    return (json.dumps(saved, indent=2, ensure_ascii=False, sort_keys=False) + "\n").encode("utf-8")


def _tts(faces: _Faces, folder: str, url_base: str | None) -> list[tuple[str, bytes]]:
    """Images and saved-object JSON of one deck or token set."""
    per = MAX_COLS * MAX_ROWS
    out: list[tuple[str, bytes]] = []
    custom: dict[str, dict[str, Any]] = {}
    cards: list[dict[str, Any]] = []
    unique_back = len(set(faces.backs)) > 1

    def image(stem: str, scenes: Sequence[Scene], cols: int, rows: int) -> str:
        png = _grid_png(scenes, cols, rows, faces.width, faces.height, f"{folder}/{stem}.png")
        name = content_name(stem, png)
        out.append((f"{folder}/{name}", png))
        return image_url(name, url_base)

    single_back = "" if unique_back else image(f"{faces.id}-back", faces.backs[:1], 1, 1)
    for sheet, start in enumerate(range(0, len(faces.fronts), per), start=1):
        chunk = slice(start, start + per)
        fronts = faces.fronts[chunk]
        cols, rows = grid_shape(len(fronts))
        face_url = image(f"{faces.id}-faces-{sheet}", fronts, cols, rows)
        back_url = (image(f"{faces.id}-backs-{sheet}", faces.backs[chunk], cols, rows)
                    if unique_back else single_back)
        entry = {"FaceURL": face_url, "BackURL": back_url, "NumWidth": cols, "NumHeight": rows,
                 "BackIsHidden": True, "UniqueBack": unique_back, "Type": faces.shape}
        custom[str(sheet)] = entry
        for n, name in enumerate(faces.names[chunk]):
            cards.append(_card(sheet * 100 + n, name, {str(sheet): entry},
                               _guid(faces.id, sheet, n)))
    if len(cards) == 1:
        obj: dict[str, Any] = {**cards[0], "Nickname": faces.title}
    else:
        obj = {"GUID": _guid(faces.id), "Name": "DeckCustom", "Transform": _transform(),
               "Nickname": faces.title, "Description": "", "Locked": False, "Grid": True,
               "Snap": True, "Tooltip": True, "SidewaysCard": False, "Hands": True,
               "DeckIDs": [c["CardID"] for c in cards], "CustomDeck": custom,
               "ContainedObjects": cards}
    out.append((f"{folder}/{faces.id}.json", _saved(faces.title, [obj])))
    return out


def tts_deck_artefacts(deck: Deck, folder: str = "tts", url_base: str | None = None
                       ) -> list[tuple[str, bytes]]:
    """(path, bytes) of a deck's face and back images and its saved-object JSON."""
    return _tts(_faces_of_deck(deck), folder, url_base)


def tts_token_artefacts(tokens: TokenSet, folder: str = "tts", url_base: str | None = None
                        ) -> list[tuple[str, bytes]]:
    """(path, bytes) of a token set's tile sheet and its saved-object JSON."""
    return _tts(_faces_of_tokens(tokens), folder, url_base)


PIECE_DPI = 150
"""Resolution of a board's, tile's or token's image (a smaller one for a board whose
longer side would pass :data:`MAX_SIDE` pixels)."""
UNIT_MM = 25.4
"""A table unit of Tabletop Simulator is about an inch; a piece of scale 1 is taken to be
one unit across its longer side, so its scale is that side in inches (its size on the
table matches the printed piece's, next to the cards)."""
TILE_THICKNESS = 0.1
"""Thickness (table units) of a tile or token: card stock glued on board."""
TILE_BOX = 0
TILE_CIRCLE = 2
"""TTS custom tile shapes: 0 box, 2 circle."""


def piece_pixels(width: float, height: float) -> tuple[int, int]:
    """Pixel size of a piece's image: :data:`PIECE_DPI`, its longer side at most
    :data:`MAX_SIDE`.

    >>> piece_pixels(25.4, 50.8), piece_pixels(1000, 500)
    ((150, 300), (4096, 2048))
    """
    dpi = min(PIECE_DPI, MAX_SIDE / (max(width, height) / 25.4))
    return max(1, round(width / 25.4 * dpi)), max(1, round(height / 25.4 * dpi))


def _scene_png(scene: Scene, title: str) -> bytes:
    px = piece_pixels(scene.width, scene.height)
    image = rasterise(document_to_pdf(Document((scene,), title=title)), [px])[0]
    return png_bytes(image, px[0] / scene.width * 25.4)


def _piece_object(piece: Piece, n: int, front: str, back: str) -> dict[str, Any]:
    scale = max(piece.width, piece.height) / UNIT_MM
    transform = {"posX": 2.5 * n, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0,
                 "rotZ": 0.0, "scaleX": round(scale, 4), "scaleY": 1.0,
                 "scaleZ": round(scale, 4)}
    image: dict[str, Any] = {"ImageURL": front, "ImageSecondaryURL": back, "ImageScalar": 1.0,
                             "WidthScale": 0.0}
    if piece.kind == "board":
        name = "Custom_Board"
    else:
        name = "Custom_Tile"
        image["CustomTile"] = {"Type": TILE_CIRCLE if piece.round else TILE_BOX,
                               "Thickness": TILE_THICKNESS, "Stackable": piece.copies > 1,
                               "Stretch": False}
    return {"GUID": _guid(piece.id, n), "Name": name, "Transform": transform,
            "Nickname": piece.title, "Description": "", "Locked": piece.kind == "board",
            "Grid": True, "Snap": True, "Tooltip": True, "CustomImage": image}


def tts_piece_artefacts(piece: Piece, folder: str = "tts", url_base: str | None = None
                        ) -> list[tuple[str, bytes]]:
    """(path, bytes) of a board's, tile's or token's images and its saved-object JSON:
    a ``Custom_Board`` (one side), or a ``Custom_Tile`` per copy with its back (a plain
    one when the piece has none)."""
    out: list[tuple[str, bytes]] = []

    def image(stem: str, scene: Scene) -> str:
        png = _scene_png(scene, f"{folder}/{stem}.png")
        name = content_name(stem, png)
        out.append((f"{folder}/{name}", png))
        return image_url(name, url_base)

    front = image(piece.id, piece.front)
    back = ""
    if piece.kind != "board":
        plain = Scene(piece.width, piece.height,
                      (Rect(0, 0, piece.width, piece.height, Style(fill=TOKEN_BACK)),),
                      id=f"{piece.id}-back")
        back = image(f"{piece.id}-back", piece.back or plain)
    objects = [_piece_object(piece, n, front, back) for n in range(piece.copies)]
    out.append((f"{folder}/{piece.id}.json", _saved(piece.title, objects)))
    return out


DIE_D6 = 1
"""TTS custom dice types: 0 d4, 1 d6, 2 d8, 3 d10, 4 d12, 5 d20 (``CustomDice.Type``)."""
D6_CELLS: tuple[tuple[int, int, bool], ...] = (
    (0, 2, True), (0, 1, False), (1, 2, False), (1, 1, False), (2, 1, False), (2, 2, True))
"""Where faces 1 to 6 of a d6 lie on its texture: (column, row, turned half a turn) in a
3 x 3 grid of equal squares. The top row is unused; the middle row holds faces 2, 4 and
5, the bottom row 1, 3 and 6, with 1 and 6 upside down (TTS's d6 template, as public
saved-object generators lay their textures out)."""
D6_UP: tuple[tuple[float, float, float], ...] = (
    (270.0, 0.0, 0.0), (0.0, 0.0, 0.0), (0.0, 0.0, 270.0), (0.0, 0.0, 90.0),
    (0.0, 0.0, 180.0), (90.0, 0.0, 0.0))
"""The rotation (x, y, z degrees) that turns face 1 to 6 of TTS's d6 up: what
``RotationValues`` pairs with each face's name, so a roll reports the face's name."""
DIE_FACE_PX = 512
"""Pixels across one face square of a die's texture (the texture is three across)."""
DIE_BODY = "#f4efe2"
"""The die's body around and between the faces' squares (the unused third of it)."""


def d6_faces(count: int) -> tuple[int, ...] | None:
    """Which face of a die of ``count`` faces each of the six faces of a d6 shows, when
    repeating faces keeps every face's odds (``count`` divides 6); None otherwise.

    >>> d6_faces(6), d6_faces(3), d6_faces(2), d6_faces(4)
    ((0, 1, 2, 3, 4, 5), (0, 1, 2, 0, 1, 2), (0, 1, 0, 1, 0, 1), None)
    """
    if count < 1 or 6 % count:
        return None
    return tuple(n % count for n in range(6))


def d6_texture(faces: Sequence[Scene], size: float) -> Scene:
    """The texture of a d6 whose faces 1 to 6 are ``faces`` (``size`` mm squares): each in
    its square of :data:`D6_CELLS`, on the die's body colour."""
    if len(faces) != 6:
        raise ValueError(f"a d6 has six faces, not {len(faces)}")
    parts: list[Element] = [Rect(0, 0, 3 * size, 3 * size, Style(fill=DIE_BODY))]
    for face, (col, row, turned) in zip(faces, D6_CELLS):
        x, y = col * size, row * size
        drawn = (Group(face.children, translate=(x + size, y + size), rotate=180.0) if turned
                 else Group(face.children, translate=(x, y)))
        parts.append(Group((drawn,), clip=Rect(x, y, size, size)))
    return Scene(3 * size, 3 * size, tuple(parts), id="d6-texture")


def _die_object(die: Die, texture: str, sides: Sequence[int]) -> dict[str, Any]:
    names = die.names or tuple(f"{die.title} {n + 1}" for n in range(len(die.faces)))
    rotations = [{"Value": names[side], "Rotation": {"x": x, "y": y, "z": z}}
                 for side, (x, y, z) in zip(sides, D6_UP)]
    return {"GUID": _guid(die.id, "die"), "Name": "Custom_Dice", "Transform": _transform(
                face_down=False), "Nickname": die.title, "Description": "", "Locked": False,
            "Grid": True, "Snap": True, "Tooltip": True,
            "CustomImage": {"ImageURL": texture, "ImageSecondaryURL": "", "ImageScalar": 1.0,
                            "WidthScale": 0.0, "CustomDice": {"Type": DIE_D6}},
            "RotationValues": rotations}


def tts_die_artefacts(die: Die, folder: str = "tts", url_base: str | None = None
                      ) -> list[tuple[str, bytes]]:
    """(path, bytes) of a die's texture and its saved-object JSON: a ``Custom_Dice`` d6
    when its faces fit one (:func:`d6_faces`), else a deck of its faces (one drawn at
    random rolls it)."""
    sides = d6_faces(len(die.faces))
    if sides is None:
        faces = _Faces(die.id, die.title, die.size, die.size, die.faces,
                       (Scene(die.size, die.size, (Rect(0, 0, die.size, die.size,
                                                        Style(fill=DIE_BODY)),),
                              id=f"{die.id}-back"),) * len(die.faces),
                       die.names or tuple(f"{die.title} {n + 1}" for n in range(len(die.faces))),
                       SHAPE_RECTANGLE)
        return _tts(faces, folder, url_base)
    scene = d6_texture([die.faces[n] for n in sides], die.size)
    side = 3 * DIE_FACE_PX
    image = rasterise(document_to_pdf(Document((scene,), title=f"{folder}/{die.id}.png")),
                      [(side, side)])[0]
    png = png_bytes(image, side / scene.width * 25.4)
    name = content_name(die.id, png)
    saved = _saved(die.title, [_die_object(die, image_url(name, url_base), sides)])
    return [(f"{folder}/{name}", png), (f"{folder}/{die.id}.json", saved)]
