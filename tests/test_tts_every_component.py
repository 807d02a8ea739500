"""``build --target tts`` puts every component of every shipped game on the virtual table
(issue 26 §4): the decks and token sets, and the boards, tiles and tokens each system's
build prints (riddle maps and the Sphinx's board, coins and tiles; tower boards; the role
board and its Statue; the glyph clepsydra, degree table and set-up sheet), and every die
the documents define (the Sphinx's die, a ``Custom_Dice`` whose faces say what was
rolled). Every image a saved object names is there, named by the hash of its bytes, at
``--tts-url-base``."""
from __future__ import annotations

import hashlib
import io
import json
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from conftest import CONTENT
from generator.pack.loader import load_packs
from generator.pack.schema import load_schemas
from generator.pipeline import kinds_of
from generator.render.palette import gem_colour
from generator.render.deck import Die, Piece
from generator.render.scene import Rect, Scene, Style
from generator.render.targets.tts import (
    D6_CELLS,
    content_name,
    image_url,
    tts_die_artefacts,
    tts_piece_artefacts,
)
from generator.registry import discover_systems
from test_cli import run

BASE = "https://example.org/riddlesmith/box"


def _ids(pack_id: str, kind: str) -> list[str]:
    loaded = load_packs([CONTENT / pack_id], load_schemas(), kinds_of(discover_systems()))
    return [doc.id for doc in loaded.packs[0].of_kind(kind)]


def _expected(pack_id: str, lang: str) -> set[str]:
    """The saved objects a game needs, from its documents (not from the exporter)."""
    if pack_id == "riddles":
        return {"gods", "blessings", "sphinx-board", *(f"map-{r}" for r in _ids(pack_id, "riddle")),
                *_ids(pack_id, "die")}
    if pack_id == "tower":
        return {"god-cards", "tiles", *(f"board-{s}" for s in _ids(pack_id, "tower-scenario"))}
    if pack_id == "roles":
        games = _ids(pack_id, "role-game")
        return {*(f"{g}-cards" for g in games), *(f"board-{g}" for g in games),
                *(f"statue-{g}" for g in games)}
    if pack_id == "glyphs":
        return {f"{part}-{lang}" for part in ("cards", "tiles", "action-tiles", "tokens",
                                              "clepsydra", "degrees", "setup")}
    return {"fragments", "when", "answer-tokens"}


def _urls(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for key, item in value.items():
            if key in ("FaceURL", "BackURL", "ImageURL", "ImageSecondaryURL") and item:
                yield str(item)
            else:
                yield from _urls(item)
    elif isinstance(value, list):
        for item in value:
            yield from _urls(item)


def _check_images(folder: Path, base: str | None) -> set[str]:
    """Every image a saved object names exists and is named by its bytes' hash; returns
    the saved objects' names."""
    names = set()
    for saved in folder.glob("*.json"):
        names.add(saved.stem)
        urls = set(_urls(json.loads(saved.read_text(encoding="utf-8"))))
        assert urls, saved.name
        for url in urls:
            if base:
                assert url.startswith(base + "/"), url
                url = url[len(base) + 1:]
            image = folder / url
            assert image.is_file(), f"{saved.name} names {url}, which was not written"
            digest = re.fullmatch(r".+-([0-9a-f]{10})\.png", url)
            assert digest, url
            assert hashlib.sha256(image.read_bytes()).hexdigest()[:10] == digest[1], url
    return names


@pytest.mark.parametrize(("pack_id", "lang", "base"), [
    ("riddles", "en", BASE),
    ("tower", "en", None),
    ("roles", "fr", BASE),
    ("glyphs", "fr", None),
    ("fragments", "fr", BASE),
])
def test_every_component_of_a_shipped_game_is_on_the_table(
        tmp_path: Path, shipped_cache: Callable[[str, Path], None], pack_id: str, lang: str,
        base: str | None) -> None:
    shipped_cache(pack_id, tmp_path / "cache")
    out = tmp_path / "out"
    extra = ["--tts-url-base", base + "/"] if base else []
    code, text = run("build", str(CONTENT / pack_id), "--out", str(out), "--target", "tts",
                     "--lang", lang, "--cache-dir", str(tmp_path / "cache"), "-q", *extra)
    assert code == 0, text
    folder = out / pack_id / "tts"
    names = _check_images(folder, base)
    expected = _expected(pack_id, lang)
    assert expected <= names, sorted(expected - names)
    if pack_id == "riddles":
        # The components sheet's tokens and tiles too.
        assert {n for n in names if n.startswith("coin-")}
        assert {"blessing-token", "sea-tile"} <= names
        for die in _dice(pack_id):
            _check_die(folder, base, die)
    # Nothing but images and saved objects, and no image that no object names.
    named = {u.rsplit("/", 1)[-1] for s in folder.glob("*.json")
             for u in _urls(json.loads(s.read_text(encoding="utf-8")))}
    assert {p.name for p in folder.glob("*.png")} == named


def _dice(pack_id: str) -> list[tuple[str, list[tuple[str, str]]]]:
    """Each die document's id and its faces' (colour, reward text), read from the YAML."""
    loaded = load_packs([CONTENT / pack_id], load_schemas(), kinds_of(discover_systems()))
    return [(doc.id, [(f["colour"], (f.get("reward") or {}).get("text", ""))
                      for f in doc.data["faces"]])
            for doc in loaded.packs[0].of_kind("die")]


def _check_die(folder: Path, base: str | None, die: tuple[str, list[tuple[str, str]]]) -> None:
    """The die is a TTS d6 whose faces, in order, name the document's faces, and whose
    texture shows each face's colour in the face's square."""
    ident, faces = die
    saved = json.loads((folder / f"{ident}.json").read_text(encoding="utf-8"))
    (obj,) = saved["ObjectStates"]
    assert obj["Name"] == "Custom_Dice" and obj["CustomImage"]["CustomDice"] == {"Type": 1}
    assert len(faces) == 6  # the shipped die; other counts are pinned below
    values = [r["Value"] for r in obj["RotationValues"]]
    for value, (colour, text) in zip(values, faces, strict=True):
        assert value.lower().startswith(colour) and value.endswith(text), (value, colour)
    url = obj["CustomImage"]["ImageURL"]
    image = Image.open(folder / (url[len(base) + 1:] if base else url)).convert("RGB")
    assert image.width == image.height
    for (colour, _), (col, row, _) in zip(faces, D6_CELLS, strict=True):
        third = image.width / 3
        # A point of the face's colour square, clear of its centred letter.
        centre = image.getpixel((int((col + 0.2) * third), int((row + 0.5) * third)))
        assert centre == _rgb(gem_colour(colour)), (ident, colour, centre)


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    return (int(hex_colour[1:3], 16), int(hex_colour[3:5], 16), int(hex_colour[5:7], 16))


def _faces(colours: list[str]) -> Die:
    faces = tuple(Scene(16, 16, (Rect(0, 0, 16, 16, Style(fill=c)),), id=f"f{n}")
                  for n, c in enumerate(colours))
    return Die("d", "a die", 16.0, faces, tuple(f"face {n + 1}" for n in range(len(colours))))


@pytest.mark.parametrize("count", range(2, 21))
def test_a_die_rolls_its_faces_with_their_odds(count: int) -> None:
    """A die of 2, 3 or 6 faces is a d6 showing each face equally often; any other is a
    deck of its faces, one card a face."""
    rng = random.Random(count)
    colours = ["#%06x" % rng.randrange(1 << 24) for _ in range(count)]
    out = tts_die_artefacts(_faces(colours), url_base=BASE)
    saved = json.loads(out[-1][1])
    (obj,) = saved["ObjectStates"]
    if 6 % count == 0:
        assert obj["Name"] == "Custom_Dice"
        values = [r["Value"] for r in obj["RotationValues"]]
        assert sorted(values) == sorted(f"face {n % count + 1}" for n in range(6))
        assert len({json.dumps(r["Rotation"]) for r in obj["RotationValues"]}) == 6
        image = Image.open(io.BytesIO(out[0][1])).convert("RGB")
        third = image.width / 3
        for value, (col, row, _) in zip(values, D6_CELLS, strict=True):
            face = int(value.split()[1]) - 1
            at = image.getpixel((int((col + 0.5) * third), int((row + 0.5) * third)))
            assert at == _rgb(colours[face])
    else:
        assert obj["Name"] == "DeckCustom" and len(obj["ContainedObjects"]) == count
        assert [c["Nickname"] for c in obj["ContainedObjects"]] == [
            f"face {n + 1}" for n in range(count)]
    assert out == tts_die_artefacts(_faces(colours), url_base=BASE)


def _piece() -> Piece:
    front = Scene(30, 30, (Rect(0, 0, 30, 30, Style(fill="#336699")),), id="t")
    return Piece("sea", "sea tile", "tile", front, copies=3)


def test_a_piece_is_the_same_bytes_every_time_and_its_name_follows_its_image() -> None:
    first, again = tts_piece_artefacts(_piece()), tts_piece_artefacts(_piece())
    assert first == again
    paths = [p for p, _ in first]
    assert paths[-1] == "tts/sea.json" and len(paths) == 3
    saved = json.loads(first[-1][1])
    assert [o["Name"] for o in saved["ObjectStates"]] == ["Custom_Tile"] * 3
    assert len({o["GUID"] for o in saved["ObjectStates"]}) == 3
    front = first[0]
    assert front[0] == f"tts/{content_name('sea', front[1])}"
    redrawn = Piece("sea", "sea tile", "tile",
                    Scene(30, 30, (Rect(0, 0, 30, 30, Style(fill="#993366")),), id="t"))
    assert tts_piece_artefacts(redrawn)[0][0] != front[0]


def test_image_urls_join_the_base() -> None:
    assert image_url("a-0123456789.png", "https://x.org/b/") == "https://x.org/b/a-0123456789.png"
    assert image_url("a-0123456789.png", None) == "a-0123456789.png"
