"""One layout per deck, and the bleed a deck's sheets give up said out loud (issue 26 §2):
a sheet whose cards differ at the cut turns the whole deck to the full-bleed gutter
(the fragment deck no longer changes from 3 x 3 to 2 x 4 turned on its last sheet), and
``build`` notes (RS-R013) the outer bleed cut back for crop marks or lying in the
printer's border."""
from __future__ import annotations

from pathlib import Path

from generator.render.geometry import CARD_SIZES, layout_shortfalls
from generator.render.scene import Rect, Scene, Style
from generator.render.sheets import card_sheet_pages, sheet_layouts
from test_cli import run


def _card(colour: str) -> Scene:
    return Scene(69.5, 94.9, (Rect(0, 0, 69.5, 94.9, Style(fill=colour)),), id=colour)


def test_a_deck_keeps_one_layout_on_every_sheet() -> None:
    plain, wide = sheet_layouts("a4", *CARD_SIZES["poker"])
    assert wide is not None and plain.capacity == 9 and wide.capacity == 8
    # 18 cards of one colour butt on two sheets; a 19th of another colour used to put
    # only the last sheet in the gutter layout.
    fronts = [_card("#224466")] * 18 + [_card("#aa3311")]
    pages, _ = card_sheet_pages(fronts, _card("#ffffff"), plain, gutter_layout=wide)
    assert len(pages) == 3  # 8 + 8 + 3, every sheet in the gutter layout
    same, _ = card_sheet_pages(fronts[:18], _card("#ffffff"), plain, gutter_layout=wide)
    assert len(same) == 2  # 9 + 9, butted


def test_what_a4_and_letter_sheets_give_up() -> None:
    a4, a4_wide = sheet_layouts("a4", *CARD_SIZES["poker"])
    assert a4_wide is not None
    assert "1.75 mm of bleed at the left and right" in layout_shortfalls(a4)[0]
    assert "cut 5.00 mm from the paper's top and bottom" in " ".join(layout_shortfalls(a4_wide))
    letter, letter_wide = sheet_layouts("letter", *CARD_SIZES["poker"])
    assert letter_wide is not None and layout_shortfalls(letter_wide) == ()


def test_build_notes_the_bleed_given_up_at_the_deck(pack_dir: Path, tmp_path: Path) -> None:
    code, text = run("build", str(pack_dir), "--out", str(tmp_path / "out"), "--no-cache",
                     "--paper", "a4")
    assert code == 0, text
    notes = [line for line in text.splitlines() if "RS-R013" in line]
    assert notes and all("1.75 mm of bleed" in n for n in notes), text
    code, text = run("build", str(pack_dir), "--out", str(tmp_path / "out2"), "--no-cache",
                     "--paper", "letter", "--gutter", "full")
    assert code == 0 and "RS-R013" not in text, text
    # check alone draws no sheets, so it says nothing of them.
    code, text = run("check", str(pack_dir), "--no-cache")
    assert "RS-R013" not in text
