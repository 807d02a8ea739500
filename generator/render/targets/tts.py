"""The ``tts`` target: decks and tokens for Tabletop Simulator.

For each deck: face images holding up to 10 x 7 cards each (cut at the trim,
edge to edge, row by row), a back image (one card; or a grid like the faces
when the cards' backs differ), and a saved-object JSON file (TTS "Saved
Objects") with a custom deck referencing those images by path relative to
the JSON file. Tokens go the same way, as a tile sheet of round or square
"cards". Images are at most :data:`MAX_SIDE` pixels on a side, which TTS
loads on every machine.

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

from ..deck import Deck, TokenSet
from ..pdf import document_to_pdf
from ..scene import Document, Group, Rect, Scene, Style
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


def _tts(faces: _Faces, folder: str) -> list[tuple[str, bytes]]:
    """Images and saved-object JSON of one deck or token set."""
    per = MAX_COLS * MAX_ROWS
    out: list[tuple[str, bytes]] = []
    custom: dict[str, dict[str, Any]] = {}
    cards: list[dict[str, Any]] = []
    unique_back = len(set(faces.backs)) > 1
    single_back = f"{faces.id}-back.png"
    if not unique_back:
        out.append((f"{folder}/{single_back}", _grid_png(faces.backs[:1], 1, 1, faces.width,
                                                          faces.height, f"{folder}/{single_back}")))
    for sheet, start in enumerate(range(0, len(faces.fronts), per), start=1):
        chunk = slice(start, start + per)
        fronts = faces.fronts[chunk]
        cols, rows = grid_shape(len(fronts))
        face_file = f"{faces.id}-faces-{sheet}.png"
        out.append((f"{folder}/{face_file}", _grid_png(fronts, cols, rows, faces.width,
                                                        faces.height, f"{folder}/{face_file}")))
        back_file = single_back
        if unique_back:
            back_file = f"{faces.id}-backs-{sheet}.png"
            out.append((f"{folder}/{back_file}", _grid_png(faces.backs[chunk], cols, rows,
                                                            faces.width, faces.height,
                                                            f"{folder}/{back_file}")))
        entry = {"FaceURL": face_file, "BackURL": back_file, "NumWidth": cols, "NumHeight": rows,
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
    saved = {"SaveName": faces.title, "Date": "", "VersionNumber": "", "GameMode": "",
             "GameType": "", "Gravity": 0.5, "PlayArea": 0.5, "Table": "", "Sky": "", "Note": "",
             "Rules": "", "XmlUI": "", "LuaScript": "", "LuaScriptState": "", "TabStates": {},
             "ObjectStates": [obj]}
    text = json.dumps(saved, indent=2, ensure_ascii=False, sort_keys=False) + "\n"
    out.append((f"{folder}/{faces.id}.json", text.encode("utf-8")))
    return out


def tts_deck_artefacts(deck: Deck, folder: str = "tts") -> list[tuple[str, bytes]]:
    """(path, bytes) of a deck's face and back images and its saved-object JSON."""
    return _tts(_faces_of_deck(deck), folder)


def tts_token_artefacts(tokens: TokenSet, folder: str = "tts") -> list[tuple[str, bytes]]:
    """(path, bytes) of a token set's tile sheet and its saved-object JSON."""
    return _tts(_faces_of_tokens(tokens), folder)
