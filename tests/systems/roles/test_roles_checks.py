"""Each rule check of the role system fires at the right YAML line."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from .conftest import FEW_GAMES, check_copy, copy_pack, line_of

GAME = "game.yaml"
BUILDERS = "cards/builders.yaml"


def codes_at(report: object, code: str) -> list[tuple[str, int]]:
    return [(d.file, d.line) for d in report.diagnostics if d.code == code]  # type: ignore[attr-defined]


def places(report: object, code: str) -> list[tuple[str, int, int]]:
    """Where ``code`` fired: (file, line, column) of each diagnostic."""
    return [(d.file, d.line, d.col) for d in report.diagnostics  # type: ignore[attr-defined]
            if d.code == code]


def at(root: Path, rel: str, needle: str, start: str) -> tuple[str, int, int]:
    """(rel, the line of ``needle``, the column where ``start`` begins on that line)."""
    line = line_of(root, rel, needle)
    text = (root / rel).read_text("utf-8").splitlines()[line - 1]
    return rel, line, text.index(start) + 1


def test_shipped_pack_is_clean(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                               shipped_cache: Callable[[str, Path], None]) -> None:
    root = copy_pack(tmp_path / "pack")
    shipped_cache("roles", tmp_path / "cache")  # the run's one check of the shipped deck
    report = check_copy(root, monkeypatch, tmp_path / "cache")
    # No error and no warning: the run's note, the skill notes (the game's, and by role:
    # no stronger player clearly behind a weaker one with any role), one note of figures
    # per role.
    assert sorted((d.code, d.file, d.line) for d in report.diagnostics
                  if d.code != "RS-N020") == [
        ("RS-N014", GAME, line_of(root, GAME, "playtest:")),
        ("RS-N021", GAME, line_of(root, GAME, "playtest:")),
        ("RS-N023", GAME, line_of(root, GAME, "playtest:"))]
    assert {d.severity.value for d in report.diagnostics} == {"info"}
    assert len(places(report, "RS-N020")) == 14  # the Engineer and 13 roles


def test_a_type_without_a_role(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # No Mover role in the box: no deal can be made (the old "set lacks a card").
    root = copy_pack(tmp_path, {GAME: ("  - elevated-train\n  - cab-driver\n  - ferry-captain\n",
                                       "")})
    report = check_copy(root, monkeypatch)
    assert places(report, "RS-N001") == [at(root, GAME, "- city-engineer", "-")]
    assert "no mover role" in str([d.message for d in report.diagnostics])


def test_a_deal_never_mixes_the_roles_of_a_type() -> None:
    # "Never mix sets" (RS-N002 in the old style) cannot happen in the new model: a
    # deal is one role per type, printed on its type's numbers. Pinned on every deal.
    from generator.systems.roles.content import read_pack
    from generator.systems.roles.model import TYPES, iter_deals, printed_cards

    from .conftest import SHIPPED, load_pack

    cards, _, games = read_pack(load_pack(SHIPPED))
    game = games[0][0]
    deals = iter_deals(game, cards)
    assert len(deals) == 75 == len(set(deals))
    for deal in deals:
        printed = printed_cards(cards, game, deal)
        for kind, role in zip(TYPES, deal.roles(), strict=True):
            assert cards[role].type == kind
            assert sorted(n for n, c in printed if c.type == kind) == sorted(game.numbers[kind])
            assert {c.id for _, c in printed if c.type == kind} == {role}
        assert len({n for n, _ in printed}) == len(printed) == 25


def test_wrong_number_of_engineers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = copy_pack(tmp_path, {BUILDERS: ("type: builder\nname: Site Foreman",
                                           "type: engineer\nname: Site Foreman")})
    report = check_copy(root, monkeypatch)
    assert places(report, "RS-N003") == [at(root, GAME, "- city-engineer", "-")]


def test_duplicate_number(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = copy_pack(tmp_path, {GAME: ("builder: [2, 7,", "builder: [4, 7,")})
    report = check_copy(root, monkeypatch)
    # The Engineer's numbers come first, so the builder's 4 is the repeat.
    assert places(report, "RS-N004") == [at(root, GAME, "builder: [4", "4")]


def test_timing_a_power_cannot_use(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = copy_pack(tmp_path, {BUILDERS: ("  - timing: your-turn", "  - timing: your-move")})
    report = check_copy(root, monkeypatch)
    assert codes_at(report, "RS-N005") == [(BUILDERS, line_of(root, BUILDERS, "your-move"))]


def test_unknown_power_is_a_warning(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = copy_pack(tmp_path, {BUILDERS: ("power: build-around", "power: teleport"),
                                GAME: ("games: 8", "games: 1")})
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
    root = copy_pack(tmp_path, {GAME: ("  - ferry-captain\n", "  - ferry-captain\n  - porter\n")})
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
    # A deal prints 25 cards; five hands of six need 30.
    assert places(report, "RS-N001") == [at(root, GAME, "hand_size: 6", "6")]
    assert places(report, "RS-N009") == [at(root, GAME, "refill_every: 6", "6")]


def test_a_card_left_out_for_its_own_error_is_not_also_missing_from_the_deck(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # One misspelt timing: the card is rejected by its schema. The deck that names it
    # was also "incomplete", "too small", "without a first-play mover" and "naming no
    # role card": four echoes of one mistake.
    movers = "cards/movers.yaml"
    root = copy_pack(tmp_path, {movers: ("timing: your-move\n    text: Ride",
                                         "timing: your-mvoe\n    text: Ride"), **FEW_GAMES})
    report = check_copy(root, monkeypatch)
    # (The playouts still run over the deals left and may judge their balance,
    # RS-N017-N019: findings about play, not echoes of the mistake.)
    found = [(d.code, d.file, d.line) for d in report.diagnostics
             if d.severity.value != "info" and d.code not in ("RS-N017", "RS-N018", "RS-N019")]
    assert found == [("RS-S005", movers, line_of(root, movers, "your-mvoe"))], found
    schema = [d for d in report.diagnostics if d.code == "RS-S005"]
    assert "did you mean 'your-move'?" in schema[0].hint
    # A deck naming a card that does not exist at all is still reported.
    root2 = copy_pack(tmp_path / "b", {movers: ("timing: your-move\n    text: Ride",
                                                "timing: your-mvoe\n    text: Ride"),
                                       GAME: ("  - ferry-captain\n", "  - ferry-captain\n  - porter\n")})
    report = check_copy(root2, monkeypatch)
    assert codes_at(report, "RS-N010") == [(GAME, line_of(root2, GAME, "- porter"))]


def test_a_misspelt_power_names_the_power_it_meant(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    movers = "cards/movers.yaml"
    root = copy_pack(tmp_path, {movers: ("power: slide", "power: sldie"), **FEW_GAMES})
    report = check_copy(root, monkeypatch)
    found = [d for d in report.diagnostics if d.code == "RS-N006"]
    assert [(d.file, d.line, d.hint) for d in found] == [
        (movers, line_of(root, movers, "sldie"), "did you mean 'slide'?")]


def test_old_style_documents(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # One role per number, sets of six roles, a deck: each old key is RS-N016, an error.
    root = copy_pack(tmp_path, {BUILDERS: ("type: builder\nname: Riveter",
                                           "type: builder\nset: dockside\nnumber: 3\n"
                                           "name: Riveter"),
                                GAME: ("roles:\n", "deck:\n")})
    report = check_copy(root, monkeypatch)
    # At each key's value (the deck's: its first entry).
    assert places(report, "RS-N016") == [at(root, BUILDERS, "set: dockside", "dockside"),
                                         at(root, BUILDERS, "number: 3", "3"),
                                         at(root, GAME, "- city-engineer", "-")]
    assert {d.severity.value for d in report.diagnostics if d.code == "RS-N016"} == {"error"}
