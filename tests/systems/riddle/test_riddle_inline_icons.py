"""Inline die faces (``:die-green:``) in text carry their colour's initial in the text's
language, as the die-face stickers do: every colour, every language of the catalogue."""
from __future__ import annotations

from typing import Any, Iterator

import pytest

from generator.render import labels
from generator.render.icons import DIE_SHOWN, ICONS, icon_die_face, icons_for
from generator.render.geometry import Box
from generator.render.scene import Group, Text, TextBlock
from generator.systems.riddle.typography import write
from generator.systems.riddle.cards import fit_field

CASES = [(colour, lang) for colour in DIE_SHOWN for lang in labels.LANGUAGES]


def _texts(element: Any) -> Iterator[str]:
    if isinstance(element, Text):
        yield element.text
    elif isinstance(element, Group):
        for child in element.children:
            yield from _texts(child)
    elif isinstance(element, TextBlock):
        yield from _texts(element.runs + element.icons)
    elif isinstance(element, (tuple, list)):
        for child in element:
            yield from _texts(child)


def _sticker_letter(colour: str, lang: str) -> str:
    """The letter on the die-face sticker (components.py draws it this way)."""
    [letter] = _texts(icon_die_face(0, 0, 16, colour=colour, letter=labels.gem_initial(colour, lang)))
    return letter


def test_french_green_is_v_and_english_green_is_g() -> None:
    # Pinned by hand, so the test fails if the catalogue and the icons agree on a wrong letter.
    assert _sticker_letter("green", "fr") == "V" and _sticker_letter("green", "en") == "G"
    assert [t for t in _texts(icons_for("fr")["die-green"](0, 0, 4))] == ["V"]
    assert [t for t in _texts(ICONS["die-green"](0, 0, 4))] == ["G"]


@pytest.mark.parametrize("colour, lang", CASES)
def test_book_text_die_face_shows_the_languages_initial(colour: str, lang: str) -> None:
    para = write(f"Roll :die-{colour}: twice.", 0, 0, 80, 30, lang=lang, size=9, min_size=9)
    assert para.fit.fits
    letters = [t for t in _texts(para.block) if len(t) == 1 and t.isupper()]
    assert letters == [_sticker_letter(colour, lang)]


@pytest.mark.parametrize("colour, lang", CASES)
def test_card_field_die_face_shows_the_languages_initial(colour: str, lang: str) -> None:
    fit = fit_field("power", f"On :die-{colour}:, build again.", Box(0, 0, 50, 30), lang=lang)
    letters = [t for t in _texts(fit.block.at(0, 0)) if len(t) == 1 and t.isupper()]
    assert letters == [_sticker_letter(colour, lang)]


def test_icons_off_prints_the_markup() -> None:
    para = write("Roll :die-green:.", 0, 0, 80, 30, lang="fr", icons=False)
    assert "V" not in list(_texts(para.block))


@pytest.mark.parametrize("colour, lang", CASES)
def test_inline_face_is_the_sticker_face(colour: str, lang: str) -> None:
    # The legend page draws icons_for(lang) too: text, legend and stickers show one face.
    assert icons_for(lang)[f"die-{colour}"](0, 0, 10) == icon_die_face(
        0, 0, 10, colour=colour, letter=labels.gem_initial(colour, lang))
