"""Every text of every shipped card face keeps at least a millimetre inside any frame it
sits in (issue 26 §2: the god cards' text sat 0.3 mm from the frame line), measured on
the drawing: every deck of every system, front and back, English and French."""
from __future__ import annotations

import pytest

from conftest import CONTENT
from generator.pack.loader import load_packs
from generator.pack.schema import load_schemas
from generator.pipeline import kinds_of
from generator.render.legibility import FRAME_CLEARANCE, frame_clearances
from generator.render.scene import Rect, Scene, Style, Text
from generator.systems import Options
from generator.registry import discover_systems


@pytest.mark.parametrize(("pack_id", "system"), [
    ("riddles", "riddle"), ("tower", "tower"), ("roles", "roles"), ("glyphs", "glyphs"),
    ("fragments", "fragments"),
])
def test_text_keeps_a_millimetre_inside_every_frame(pack_id: str, system: str) -> None:
    systems = discover_systems()
    pack = load_packs([CONTENT / pack_id], load_schemas(), kinds_of(systems)).packs[0]
    close: list[str] = []
    measured = 0
    for lang in ("en", "fr"):
        for deck in systems[system].decks(pack, Options(lang=lang)):  # type: ignore[attr-defined]
            for face in {*deck.fronts, *deck.backs}:
                for gap, text in frame_clearances(face):
                    measured += 1
                    if gap < FRAME_CLEARANCE - 1e-6:
                        close.append(f"{lang} {deck.id} {face.id}: {gap:.2f} mm {text[:30]!r}")
    assert measured, "no framed text measured: the frames were not found"
    assert not close, "\n".join(sorted(set(close))[:20])


def test_the_measure_sees_text_on_the_frame_line() -> None:
    frame = Rect(3, 3, 54, 84, Style(stroke="#000000", stroke_width=0.5))
    near = Scene(60, 90, (frame, Text(3.6, 10, "Zeus", size=8)))
    far = Scene(60, 90, (frame, Text(5.0, 10, "Zeus", size=8)))
    outside = Scene(60, 90, (frame, Text(58, 89, "x", size=6)))
    assert frame_clearances(near)[0][0] < 0.5 <= 1.0 <= frame_clearances(far)[0][0]
    assert frame_clearances(outside) == []
