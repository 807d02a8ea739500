"""Printed role decks: sheets, backs, reference cards and the aid; fitting; determinism."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.pipeline import build, check
from generator.systems import Options

from .conftest import check_copy, copy_pack, line_of

LONG = "Build again and again. " * 90


def test_build_is_complete_and_byte_identical(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                              shipped_cache: Callable[[str, Path], None]
                                              ) -> None:
    root = copy_pack(tmp_path / "pack")
    outs = []
    for name in ("a", "b"):  # each build from its own copy of the run's one check
        shipped_cache("roles", tmp_path / f"cache-{name}")
        report = check([root], Options(cache_dir=tmp_path / f"cache-{name}"))
        build(report, tmp_path / name)
        outs.append(tmp_path / name / "roles")
    files = sorted(p.relative_to(outs[0]).as_posix() for p in outs[0].rglob("*") if p.is_file())
    assert "print/harbour-lights-cards-duplex.pdf" in files
    assert "print/harbour-lights-player-aid.pdf" in files
    assert "print/calibration.pdf" in files  # the print check every card pack has
    # The box: the Engineer's 7 copies and 13 roles of 6 copies each (RULES.md section 3).
    cards = [f for f in files if f.startswith("svg/harbour-lights/card-")]
    assert len(cards) == 7 + 13 * 6 == 85
    assert sum("card-riveter-" in f for f in cards) == 6
    assert {f"svg/harbour-lights/card-riveter-{n}.svg" for n in (2, 7, 10, 15, 18, 23)} <= set(cards)
    assert {f for f in files if "back-" in f} == {
        f"svg/harbour-lights/back-{k}.svg" for k in ("engineer", "builder", "specialist", "mover")}
    for rel in files:
        if rel.endswith((".pdf", ".svg")):
            assert (outs[0] / rel).read_bytes() == (outs[1] / rel).read_bytes(), rel
    fronts = (outs[0] / "print/harbour-lights-cards-fronts.pdf").read_bytes()
    # 85 cards and 4 reference cards, 8 a sheet: 12 pages (each '/Type /Page' not '/Pages').
    assert fronts.count(b"/Type /Page") - fronts.count(b"/Type /Pages") == 12
    # The last sheet holds the 89th card and the Statue token, whose own sheet is gone.
    last = PdfReader(outs[0] / "print/harbour-lights-cards-fronts.pdf").pages[-1]
    assert "STATUE OF LIBERTY" in last.extract_text()
    board = PdfReader(outs[0] / "print/harbour-lights-board.pdf")
    assert "STATUE" not in "".join(p.extract_text() for p in board.pages)


def test_text_that_cannot_fit_is_an_error_at_its_line(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    rel = "cards/builders.yaml"
    root = copy_pack(tmp_path, {rel: ("text: Build twice, on two different spaces. One build only "
                                      "is not enough.", f"text: {LONG}")})
    report = check_copy(root, monkeypatch)
    found = [(d.file, d.line) for d in report.diagnostics if d.code == "RS-R001"]
    assert found == [(rel, line_of(root, rel, "Build again"))]


@pytest.mark.parametrize("lang, words", [(None, ("one Builder", "25 cards", "deal 3")),
                                         ("fr", ("un rôle Bâtisseur", "25 cartes", "distribuez-en 3"))])
def test_the_aid_says_how_to_set_up_a_game(lang: str | None, words: tuple[str, ...]) -> None:
    """Issue 25 §4: the player aid opens with the set-up: one role of each type, their
    six copies and the Engineers in one deck, the game's hand size dealt."""
    from types import SimpleNamespace

    from generator.systems.roles.render import aid_sections

    game = SimpleNamespace(refill_every=4, hand_size=3)
    heading, text = aid_sections(game, lang, skyscrapers=True)[0]  # type: ignore[arg-type]
    assert heading == ("Setting up" if lang is None else "Mise en place")
    assert all(w in text for w in words), text


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_the_board_prints_at_play_scale_with_its_start_spaces(paper_name: str) -> None:
    """Issue 26 §1: the game document's board, at the base game's space size, in glued
    pieces that fit the paper, each numbered start space marked, then the Statue token
    (when the card sheets have no room for it)."""
    from generator.render.board_pieces import BORDER, MARK_PT, PLAY_SPACE
    from generator.render.geometry import resolve_paper
    from generator.render.scene import Group, Text
    from generator.systems.roles.content import read_pack
    from generator.systems.roles.render import board_pages, board_scene

    from .conftest import SHIPPED, load_pack

    _, _, games = read_pack(load_pack(SHIPPED))
    game = games[0][0]
    assert game.board is not None
    paper = resolve_paper(paper_name)
    whole = board_scene(game, None)
    assert whole is not None
    assert whole.width == pytest.approx(game.board.geometry.width * PLAY_SPACE + 2 * BORDER)
    marks = [el.text for el in whole.children if isinstance(el, Text) and el.size == MARK_PT]
    assert sorted(marks) == sorted(f"start {n}" for n, squares in game.board.starts
                                   for _ in squares)
    pages = board_pages(game, paper, "fr")
    assert pages[-1].id == "statue"
    pieces = [g.clip for p in pages[:-1] for g in p.children if isinstance(g, Group) and g.clip]
    assert len(pieces) == len(pages) - 1 >= 2  # 216 mm does not fit across A4 or Letter
    assert all(c.w <= paper[0] - 16 + 1e-6 and c.h <= paper[1] - 16 + 1e-6 for c in pieces)


@pytest.mark.parametrize("seed", range(12))
def test_the_statue_takes_the_first_empty_slot_of_the_last_card_sheet(seed: int) -> None:
    """Issue 26 §2: a last card sheet is not printed for a card or two alone; the Statue
    token fills its first empty slot, inside that slot's trim and clear of every card,
    and a full last sheet leaves the token on a sheet of its own."""
    import random

    from generator.render.bounds import element_bounds
    from generator.render.scene import Rect, Scene, Style
    from generator.render.sheets import card_sheet_pages, sheet_layouts
    from generator.systems.roles.render import statue_on_last_sheet

    rng = random.Random(seed)
    paper = rng.choice(["a4", "letter"])
    plain, wide = sheet_layouts(paper, 63.5, 88.9, 3.0, "auto")
    assert wide is not None
    lay = rng.choice([plain, wide])
    n = rng.randint(1, 3 * lay.capacity)
    if seed < 2:  # a full last sheet, on both layouts
        n = lay.capacity * (seed + 1)
    cards = [Scene(69.5, 94.9, (Rect(0, 0, 69.5, 94.9, Style(fill=f"#{rng.randrange(1 << 24):06x}")),),
                   id=f"c{i}") for i in range(n)]
    pages, _ = card_sheet_pages(cards, None, lay)
    placed = statue_on_last_sheet(pages, n, lay, rng.choice([None, "fr"]))
    used = n - (len(pages) - 1) * lay.capacity
    if used == lay.capacity:
        assert placed is None
        return
    assert placed is not None and placed.id == pages[-1].id
    kept = len(pages[-1].children)
    assert placed.children[:kept] == pages[-1].children
    bounds = element_bounds(placed.children[kept:])
    assert bounds is not None
    trim = lay.slots[used].trim
    assert (trim.x <= bounds[0] and trim.y <= bounds[1] and bounds[2] <= trim.right
            and bounds[3] <= trim.bottom), (bounds, trim)
    for slot in lay.slots[:used]:
        b = slot.bleed
        assert bounds[2] <= b.x or b.right <= bounds[0] or bounds[3] <= b.y or b.bottom <= bounds[1]
