"""``print.stamp`` (issue 28 §3): a small version and card id beside each card front on
the sheets, outside the trim; off by default, and then the sheets are what they were."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import main
from generator.render.geometry import CARD_SIZES
from generator.render.scene import Group, Scene, Text
from generator.render.sheets import Stamp, card_sheet_pages, sheet_layouts, stamp_setting
from generator.scaffold import init_pack
from generator.registry import discover_systems


def _texts(scene: Scene) -> list[Text]:
    out: list[Text] = []
    stack = list(scene.children)
    while stack:
        el = stack.pop()
        if isinstance(el, Group):
            stack.extend(el.children)
        elif isinstance(el, Text):
            out.append(el)
    return out


def test_the_stamp_sits_outside_each_trim_and_off_changes_nothing() -> None:
    w, h = CARD_SIZES["poker"]
    cards = [Scene(w + 6, h + 6, id=f"card-{n}") for n in range(12)]
    layout, wide = sheet_layouts("a4", w, h, 3.0, "auto")
    plain = card_sheet_pages(cards, cards[0], layout, gutter_layout=wide)
    assert card_sheet_pages(cards, cards[0], layout, gutter_layout=wide, stamp="") == plain
    fronts, backs = card_sheet_pages(cards, cards[0], layout, gutter_layout=wide, stamp="1.2.0")
    stamps = [t for page in fronts for t in _texts(page) if t.text.startswith("1.2.0 · ")]
    assert sorted(t.text for t in stamps) == sorted(f"1.2.0 · card-{n}" for n in range(12))
    assert not [t for page in backs for t in _texts(page) if "1.2.0" in t.text]
    assert wide is not None and len(fronts) == -(-12 // wide.capacity)  # every sheet wide
    for t in stamps:  # below a trim, never on a card's visible part
        slot = next(s for s in wide.slots if abs(s.trim.x + 1.0 - t.x) < 1e-6
                    and t.y > s.trim.bottom and t.y - s.visible.bottom < 4)
        assert t.y > slot.trim.bottom


def test_stamp_setting() -> None:
    assert stamp_setting({}, "1.0") == Stamp()
    assert stamp_setting({"stamp": False}, "1.0").text("gods") == ""
    assert stamp_setting({"stamp": True}, None).text("gods") == "unversioned"
    assert stamp_setting({"stamp": ["gods"]}, "2.0").text("blessings") == ""


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_a_stamped_build_prints_the_version_and_the_commit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from pypdf import PdfReader

    pack = tmp_path / "repo" / "dawn"
    init_pack(pack, discover_systems()["riddle"], "dawn")
    manifest = pack / "pack.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8") + "print: {stamp: [gods]}\n",
                        encoding="utf-8")
    monkeypatch.chdir(tmp_path)

    def gods_text(out: str) -> str:
        result = CliRunner().invoke(main, ["build", "-q", "--out", out, str(pack)])
        assert result.exit_code == 0, result.output
        reader = PdfReader(tmp_path / out / "dawn" / "print" / "gods-duplex.pdf")
        assert "· blessing-" not in "".join(
            p.extract_text() for p in PdfReader(tmp_path / out / "dawn" / "print" /
                                                "blessings-duplex.pdf").pages)
        return reader.pages[0].extract_text()

    assert "0.1.0 · god-atlas" in gods_text("versioned")  # not in a repository
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@localhost", "-c", "commit.gpgsign=false"]
    subprocess.run([*git, "init", "-q"], cwd=pack.parent, check=True)
    subprocess.run([*git, "add", "-A"], cwd=pack.parent, check=True)
    subprocess.run([*git, "commit", "-qm", "x"], cwd=pack.parent, check=True)
    head = subprocess.run(["git", "rev-parse", "--short=10", "HEAD"], cwd=pack.parent,
                          check=True, capture_output=True, text=True).stdout.strip()
    assert f"0.1.0 {head} · god-hermes" in gods_text("revision")


def test_a_stamp_for_a_deck_the_pack_does_not_print_is_a_warning_at_its_line(
        tmp_path: Path) -> None:
    from generator.pipeline import check
    from generator.systems import Options

    pack = tmp_path / "dawn"
    init_pack(pack, discover_systems()["riddle"], "dawn")
    manifest = pack / "pack.yaml"
    text = manifest.read_text(encoding="utf-8") + "print:\n  stamp: [gods, god]\n"
    manifest.write_text(text, encoding="utf-8")
    report = check([pack], Options(cache=False))
    [warning] = [d for d in report.diagnostics if d.code == "RS-P018"]
    assert warning.line == text.count("\n") and warning.hint == "did you mean 'gods'?"
    assert "'god'" in warning.message and not report.failed()


def test_fold_sheets_carry_the_stamp_in_the_bleed_under_each_front() -> None:
    from generator.render.deck import Deck
    from generator.render.impose import fold_pages, layout_fold

    w, h = CARD_SIZES["poker"]
    cards = tuple(Scene(w + 6, h + 6, id=f"card-{n}") for n in range(6))
    deck = Deck("d", "D", w, h, 3.0, cards, cards)
    assert fold_pages(deck, (210.0, 297.0), "") == fold_pages(deck, (210.0, 297.0))
    pages = fold_pages(deck, (210.0, 297.0), "2.0")
    stamps = [t for page in pages for t in _texts(page) if t.text.startswith("2.0 · ")]
    assert sorted(t.text for t in stamps) == sorted(f"2.0 · card-{n}" for n in range(6))
    lay = layout_fold((210.0, 297.0), w, h, 3.0)
    first = sorted((t for t in _texts(pages[0]) if t.text.startswith("2.0 · ")),
                   key=lambda t: (t.y, t.x))
    assert len(first) == lay.capacity
    for n, t in enumerate(first):
        _, y = lay.trim(n)
        assert y + lay.pair_h < t.y < y + lay.pair_h + lay.bleed  # in the bleed, off the card
