"""RS-G015/RS-G016 count a blessing card revealed at set-up whose effect adds a piece
(the shipped Crowned Threshold needed an ignore comment before)."""
from __future__ import annotations

from generator.systems.riddle.checks import iter_stockpile_problems

from .test_riddle_solver import doc_of, riddle_of, riddle_text

GRID = """
W 3
. .
"""
BODY = """coins:
  - {{at: B1, colour: silver, levels: [4]}}
stockpile: {{level1: 0, level2: 0, level3: 0, dome: 0}}
{gods}objectives:
  - tier: silver
    slots: {{silver: 1}}
    ends: true
"""
EFFECTS = {"cupbearer": "gain-dome", "sandals": "extra-step"}


def codes(gods: str) -> list[str]:
    text = riddle_text(GRID, BODY.format(gods=gods))
    return [d.code for d in iter_stockpile_problems(riddle_of(text), doc_of(text), {}, EFFECTS)]


def test_a_revealed_gift_supplies_the_piece() -> None:
    assert codes("gods: {revealed: [cupbearer]}\n") == []


def test_without_it_the_dome_is_missing() -> None:
    assert codes("") == ["RS-G015"]
    assert codes("gods: {revealed: [sandals]}\n") == ["RS-G015"]  # a card that gives no piece


def test_a_misspelt_revealed_card_is_not_also_a_stockpile_warning() -> None:
    """One mistake, one diagnostic: the unknown card is RS-P010's; the pieces it might
    bring are not counted as missing (RS-G015/G016 wait, as for an unknown god)."""
    from generator.systems.riddle import _iter_riddle_problems

    text = riddle_text(GRID, BODY.format(gods="gods: {revealed: [cupbaerer]}\n"))
    found = [d.code for d in _iter_riddle_problems(riddle_of(text), doc_of(text), {},
                                                   list(EFFECTS), [], EFFECTS)]
    assert "RS-G015" not in found and "RS-G016" not in found
    assert "RS-P010" in found
