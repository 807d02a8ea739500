"""Each rule check of the role system fires at the right YAML line."""
from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import check_copy, copy_pack, line_of

GAME = "game.yaml"
BUILDERS = "cards/builders.yaml"


def codes_at(report: object, code: str) -> list[tuple[str, int]]:
    return [(d.file, d.line) for d in report.diagnostics if d.code == code]  # type: ignore[attr-defined]


def test_shipped_pack_is_clean(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = copy_pack(tmp_path)
    report = check_copy(root, monkeypatch)
    assert [(d.code, d.file, d.line) for d in report.diagnostics] == [
        ("RS-N014", GAME, line_of(root, GAME, "playtest:"))]


def test_incomplete_set(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = copy_pack(tmp_path, {GAME: ("  - riveter\n", "")})
    report = check_copy(root, monkeypatch)
    # The set lacks a card, and 24 cards no longer deal five hands of five.
    assert codes_at(report, "RS-N001") == [(GAME, line_of(root, GAME, "- city-engineer"))] * 2
    assert "missing riveter" in str([d.message for d in report.diagnostics])


def test_mixed_sets(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = copy_pack(tmp_path, {BUILDERS: ("set: dockside\nnumber: 25", "set: uptown\nnumber: 25")})
    report = check_copy(root, monkeypatch)
    assert codes_at(report, "RS-N002") == [(GAME, line_of(root, GAME, "- stonemason"))]


def test_wrong_number_of_engineers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = copy_pack(tmp_path, {"cards/engineer.yaml": ("[2, 6, 10, ", "[6, 10, ")})
    report = check_copy(root, monkeypatch)
    assert codes_at(report, "RS-N003") == [(GAME, line_of(root, GAME, "- city-engineer"))]


def test_duplicate_number(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = copy_pack(tmp_path, {BUILDERS: ("number: 25", "number: 21")})
    report = check_copy(root, monkeypatch)
    # The deck lists the Engineer first, so the builder's number is the repeat.
    assert codes_at(report, "RS-N004") == [(BUILDERS, line_of(root, BUILDERS, "number: 21"))]


def test_timing_a_power_cannot_use(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = copy_pack(tmp_path, {BUILDERS: ("  - timing: your-turn", "  - timing: your-move")})
    report = check_copy(root, monkeypatch)
    assert codes_at(report, "RS-N005") == [(BUILDERS, line_of(root, BUILDERS, "your-move"))]


def test_unknown_power_is_a_warning(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = copy_pack(tmp_path, {BUILDERS: ("power: build-around", "power: teleport"),
                                GAME: ("games: 40", "games: 4")})
    report = check_copy(root, monkeypatch)
    assert codes_at(report, "RS-N006") == [(BUILDERS, line_of(root, BUILDERS, "teleport"))]
    assert {d.severity.value for d in report.diagnostics if d.code == "RS-N006"} == {"warning"}


def test_bad_parameters(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = copy_pack(tmp_path, {BUILDERS: ("params: {required: true}", "params: {required: 3}")})
    report = check_copy(root, monkeypatch)
    assert codes_at(report, "RS-N008") == [(BUILDERS, line_of(root, BUILDERS, "required: 3"))]


def test_no_first_play(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = copy_pack(tmp_path, {BUILDERS: ("first_play: true\n", "")})
    report = check_copy(root, monkeypatch)
    assert codes_at(report, "RS-N007") == [(GAME, line_of(root, GAME, "- city-engineer"))]


def test_unknown_card_and_bad_board(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = copy_pack(tmp_path, {GAME: ("  - courier\n", "  - courier\n  - porter\n")})
    report = check_copy(root, monkeypatch)
    assert codes_at(report, "RS-N010") == [(GAME, line_of(root, GAME, "- porter"))]
    root2 = copy_pack(tmp_path / "b", {GAME: ("2 . 3 . 1\n", "2 . 3 . .\n")})
    report = check_copy(root2, monkeypatch)
    assert codes_at(report, "RS-N009") == [(GAME, line_of(root2, GAME, "board:"))]


def test_starter_pack_checks_without_errors(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.systems.roles.templates import starter_files

    for rel, text in starter_files("starter").items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text.replace("games: 40", "games: 4"), "utf-8")
    report = check_copy(tmp_path, monkeypatch)
    assert [d for d in report.diagnostics if d.severity.value == "error"] == []


def test_hands_larger_than_the_deck(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = copy_pack(tmp_path, {GAME: ("hand_size: 5\nrefill_every: 4", "hand_size: 6\n"
                                       "refill_every: 6")})
    report = check_copy(root, monkeypatch)
    assert codes_at(report, "RS-N001") == [(GAME, line_of(root, GAME, "- city-engineer"))]
    assert codes_at(report, "RS-N009") == [(GAME, line_of(root, GAME, "refill_every: 6"))]


def test_a_card_left_out_for_its_own_error_is_not_also_missing_from_the_deck(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # One misspelt timing: the card is rejected by its schema. The deck that names it
    # was also "incomplete", "too small", "without a first-play mover" and "naming no
    # role card": four echoes of one mistake.
    movers = "cards/movers.yaml"
    root = copy_pack(tmp_path, {movers: ("timing: your-move\n    text: Ride",
                                         "timing: your-mvoe\n    text: Ride")})
    report = check_copy(root, monkeypatch)
    found = [(d.code, d.file, d.line) for d in report.diagnostics if d.code != "RS-N014"]
    assert found == [("RS-S005", movers, line_of(root, movers, "your-mvoe"))], found
    assert "did you mean 'your-move'?" in report.diagnostics[0].hint
    # A deck naming a card that does not exist at all is still reported.
    root2 = copy_pack(tmp_path / "b", {movers: ("timing: your-move\n    text: Ride",
                                                "timing: your-mvoe\n    text: Ride"),
                                       GAME: ("  - courier\n", "  - courier\n  - porter\n")})
    report = check_copy(root2, monkeypatch)
    assert codes_at(report, "RS-N010") == [(GAME, line_of(root2, GAME, "- porter"))]


def test_a_misspelt_power_names_the_power_it_meant(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    movers = "cards/movers.yaml"
    root = copy_pack(tmp_path, {movers: ("power: slide", "power: sldie")})
    report = check_copy(root, monkeypatch)
    found = [d for d in report.diagnostics if d.code == "RS-N006"]
    assert [(d.file, d.line, d.hint) for d in found] == [
        (movers, line_of(root, movers, "sldie"), "did you mean 'slide'?")]
