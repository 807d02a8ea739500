"""The role player aid says what the game document says: a copy of the shipped pack is
edited and the printed aid (the PDF the build writes) follows it, in English and French."""
from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.systems import Options
from generator.systems.roles.render import build_artefacts

from .conftest import copy_pack, load_pack

SKYSCRAPER_WORDS = {"en": "skyscraper", "fr": "gratte-ciel"}
ALWAYS = {"en": ("rooftop caps a third level", "forced worker ignores climbing limits"),
          "fr": ("un toit coiffe un troisième niveau", "ouvrier forcé ignore les limites")}


def aid_text(root: Path, lang: str) -> str:
    """The words of the player aid built from the pack in ``root``, single-spaced."""
    built = build_artefacts(load_pack(root), Options(lang=lang, cache=False), lambda _m: None)
    (aid,) = [a.data for a in built if a.path.endswith("-player-aid.pdf")]
    words = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(aid)).pages)
    return " ".join(words.split())


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_skyscraper_sentence_without_skyscrapers_in_the_box(tmp_path: Path,
                                                                lang: str) -> None:
    shipped = aid_text(copy_pack(tmp_path / "shipped"), lang)
    none = aid_text(copy_pack(tmp_path / "none", {"game.yaml": (
        "skyscrapers: 6", "skyscrapers: 0")}), lang)
    assert SKYSCRAPER_WORDS[lang] in shipped.lower()
    assert SKYSCRAPER_WORDS[lang] not in none.lower()
    for said in ALWAYS[lang]:
        assert said in shipped and said in none, said


def test_no_skyscraper_sentence_when_no_card_raises_one(tmp_path: Path) -> None:
    """Skyscrapers in the box, but the deck has no card that places or builds one."""
    root = copy_pack(tmp_path, {
        "cards/engineer.yaml": ("power: build-skyscraper-first", "power: build-under"),
        "cards/movers.yaml": ("power: place-skyscraper", "power: leap")})
    assert "skyscraper" not in aid_text(root, "en").lower()
