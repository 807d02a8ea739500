"""Scene values and bundled fonts."""
from __future__ import annotations

import doctest

import pytest

from generator import render
from generator.render import (
    Group,
    Path,
    Polygon,
    Rect,
    Scene,
    Style,
    Text,
    fonts,
    geometry,
    pdf,
    scene,
    sheets,
    svg,
    text,
)


@pytest.mark.parametrize("module", [render, scene, fonts, text, geometry, sheets, svg, pdf])
def test_doctests(module: object) -> None:
    result = doctest.testmod(module)  # type: ignore[arg-type]
    assert result.failed == 0 and result.attempted > 0


def test_scene_values_are_frozen_hashable_and_lists_become_tuples() -> None:
    a = Scene(10, 10, [Group([Rect(0, 0, 1, 1, Style(fill="#000000", dash=[1, 2]))])], id="a")
    b = Scene(10, 10, (Group((Rect(0, 0, 1, 1, Style(fill="#000000", dash=(1.0, 2.0))),)),), id="a")
    assert a == b and hash(a) == hash(b)
    assert isinstance(a.children, tuple) and isinstance(a.children[0].children, tuple)
    with pytest.raises(AttributeError):
        a.width = 3  # type: ignore[misc]
    assert Polygon([[0, 0], [1, 0], [0, 1]]).points == ((0.0, 0.0), (1.0, 0.0), (0.0, 1.0))


@pytest.mark.parametrize("make", [
    lambda: Style(fill="red"),
    lambda: Style(stroke="#12345"),
    lambda: Style(opacity=1.5),
    lambda: Text(0, 0, "x", anchor="left"),
    lambda: Text(0, 0, "x", size=0),
    lambda: Path((("L", 1, 1),)),
    lambda: Path((("M", 1),)),
    lambda: Path((("A", 1, 1, 0, 0, 1, 2, 2),)),
    lambda: Scene(0, 10),
    lambda: Group(translate=(float("nan"), 0)),
])
def test_bad_scene_values_are_refused(make: object) -> None:
    with pytest.raises(ValueError):
        make()  # type: ignore[operator]


def test_fonts_are_bundled_and_measured() -> None:
    for family in fonts.FAMILIES:
        for bold in (False, True):
            for italic in (False, True):
                face = fonts.resolve_face(family, bold, italic)
                assert fonts.read_font_bytes(face.file)[:4] in (b"\x00\x01\x00\x00", b"true")
                assert fonts.register_face(face).startswith("RS-DejaVu")
    width = fonts.measure("Riddle", "sans", size_pt=10)
    assert 10 < width < 15
    assert fonts.measure("Riddle", size_pt=20) == pytest.approx(2 * width)
    assert fonts.measure("Riddle", bold=True) > fonts.measure("Riddle")
    assert fonts.measure("") == 0
    # No bold italic serif ships: bold stands in, and says so to the SVG backend.
    face = fonts.resolve_face("serif", True, True)
    assert (face.file, face.bold, face.italic) == ("DejaVuSerif-Bold.ttf", True, False)
    with pytest.raises(ValueError, match="unknown font family"):
        fonts.resolve_face("comic")


def test_missing_glyphs() -> None:
    assert fonts.missing_glyphs("Énigme · Αίνιγμα — «ça» ½\n") == set()
    assert fonts.missing_glyphs("謎 and x", "serif", bold=True) == {"謎"}
    assert fonts.missing_glyphs("謎") == {"謎"}
