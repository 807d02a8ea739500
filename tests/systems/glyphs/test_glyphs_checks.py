"""Each rule check fires at the right YAML line of the small pack."""
from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import load_small, write_pack
from generator.systems.glyphs.content import load_pack


def codes_at(root: Path) -> list[tuple[str, str, int]]:
    _, diags = load_pack(load_small(root))
    return [(d.code, Path(d.file).name, d.line) for d in diags]


def test_the_small_pack_is_clean(small_pack: Path) -> None:
    assert codes_at(small_pack) == []


CASES = [
    # (file, old, new, code, line)
    ("riddles.yaml", "sequence: [sun, moon]", "sequence: [sun, comet]", "RS-X001", 5),
    ("riddles.yaml", "sequence: [sun, moon]", "sequence: [sun, moon, tree, star]", "RS-X002", 5),
    ("riddles.yaml", "sequence: [fish, wave, wave]\nno_joker: true",
     "sequence: [fish, tree, tree]\nno_joker: true", "RS-X003", 55),
    ("riddles.yaml", "id: r1-2\ndeck: 1", "id: r1-2\ndeck: 2", "RS-X004", 21),
    ("game.yaml", "decks: [1, 2, 4], removed: 0", "decks: [1, 2, 9], removed: 0", "RS-X005", 11),
    ("game.yaml", 'rows: ["R . R", ". R .", "R . R"]', 'rows: ["R . R", ". R", "R . R"]',
     "RS-X006", 46),
    ("game.yaml", 'rows: ["R . R", ". R .", "R . R"]', 'rows: ["R . R", ". R ."]', "RS-X006", 46),
    ("riddles.yaml", "sequence: [wave, tree]", "sequence: [sun, moon]", "RS-X007", 11),
    ("game.yaml", "  - {curse: 2}\n", "", "RS-X008", 36),
    ("set.yaml", "count: 2, glyph: [rect", "count: 3, glyph: [rect", "RS-X009", 4),
    ("game.yaml", "glyph_set: tiny", "glyph_set: huge", "RS-X010", 4),
    ("game.yaml", "title: {en: Small game, fr: Petit jeu}", "title: Small game", "RS-X011", 3),
    ("game.yaml", "{degree: 2,", "{degree: 1,", "RS-X012", 10),
    ("game.yaml", "{degree: 8, decks: [3, 4, 5], removed: 1,", "{degree: 8, decks: [3, 4, 5], removed: 2,",
     "RS-X013", 16),
    ("game.yaml", "  active: 2", "  active: 4", "RS-X014", 19),
]


@pytest.mark.parametrize("file,old,new,code,line", CASES, ids=[c[3] + "-" + str(i)
                                                              for i, c in enumerate(CASES)])
def test_check_fires_at_the_right_line(tmp_path: Path, file: str, old: str, new: str, code: str,
                                       line: int) -> None:
    root = write_pack(tmp_path / "p", {file: (old, new)})
    found = codes_at(root)
    assert (code, file, line) in found, found


def test_a_pack_without_a_game_says_so(tmp_path: Path) -> None:
    root = write_pack(tmp_path / "p", {"pack.yaml": ("set.yaml, game.yaml, ", "set.yaml, ")})
    (root / "game.yaml").unlink()  # a file no include loads would be RS-P013
    assert [c for c, _, _ in codes_at(root)] == ["RS-X015"]


def test_a_joker_covers_one_missing_copy_unless_forbidden(tmp_path: Path) -> None:
    root = write_pack(tmp_path / "p", {"riddles.yaml": ("sequence: [sun, moon]",
                                                        "sequence: [sun, sun]")})
    assert "RS-X003" not in [c for c, _, _ in codes_at(root)]


def test_a_short_deck_points_at_the_game_deck_size(tmp_path: Path) -> None:
    root = write_pack(tmp_path / "p", {"riddles.yaml": ("id: r1-2\ndeck: 1", "id: r1-2\ndeck: 2")})
    assert ("RS-X004", "game.yaml", 6) in codes_at(root)


@pytest.mark.parametrize("file, old, new, code", [
    # A card rejected by its schema: its deck is not also "short" (RS-X004).
    ("riddles.yaml", "sequence: [sun, moon]", "sequnce: [sun, moon]", "RS-S002"),
    # Both cards of deck 5 rejected: deck 5 is not also "without cards" (RS-X005).
    ("riddles.yaml", "sequence: [fish, wave, wave]", "sequence: fish", "RS-S004"),
    # A glyph set of a misspelt kind: the game's glyph set is not also missing (RS-X010).
    ("set.yaml", "kind: glyph-set", "kind: glyph-sett", "RS-P004"),
])
def test_a_document_left_out_for_its_own_error_is_reported_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, file: str, old: str, new: str,
        code: str) -> None:
    from generator.pipeline import check
    from generator.systems import Options

    changes = {file: (old, new)}
    if code == "RS-S004":
        changes = {file: ("sequence: [fish, wave, wave]\nno_joker: true\n---\n"
                          "kind: glyph-riddle\nid: r5-2",
                          "sequence: fish\nno_joker: true\n---\nkind: glyph-riddle\nid: r5-2")}
    root = write_pack(tmp_path / "p", changes)
    monkeypatch.chdir(root)
    report = check([Path(".")], Options(cache=False))
    assert [d.code for d in report.diagnostics] == [code], report.diagnostics


def test_a_game_its_schema_rejects_is_one_error_not_a_missing_game(tmp_path: Path) -> None:
    """The game document's own error is reported; "no glyph-game" (RS-X015) would only
    send the designer looking for a document that is there."""
    from click.testing import CliRunner

    from generator.cli import main

    root = write_pack(tmp_path / "p", {"game.yaml": ("per_player: 2", "per_player: 9")})
    done = CliRunner().invoke(main, ["check", str(root), "--no-cache", "--format", "json"])
    assert done.exit_code == 1, done.output
    assert "RS-S001" in done.output and "RS-X015" not in done.output
