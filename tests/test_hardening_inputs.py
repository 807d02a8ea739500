"""Hostile and careless input (issue 8 §3, §4, §6): every case is a diagnostic at
its position or a usage error, never an internal error, a hang or a bad file name."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from conftest import GAME_YAML, PACK_YAML, REPO, write_pack
from generator.cli import main
from generator.render import fit_text
from test_bad_inputs import CARD, Case, _run

HUGE = {"hex": "0x" + "f" * 5000, "octal": "0o" + "7" * 5000, "decimal": "9" * 5000}

CASES = [
    # --- numbers: not finite, absurd sizes, huge literals
    Case("nan-bleed", {"pack.yaml": PACK_YAML + "print: {bleed: .nan}\n"}, "RS-S004", "pack.yaml",
         10, 16, message="not a finite number"),
    Case("inf-bleed", {"pack.yaml": PACK_YAML + "print: {bleed: .inf}\n"}, "RS-S004", "pack.yaml",
         10, 16, message="not a finite number"),
    Case("huge-bleed", {"pack.yaml": PACK_YAML + "print: {bleed: 1e308}\n"}, "RS-S001", "pack.yaml",
         10, 16, message="outside the range"),
    Case("huge-bleed-text", {"pack.yaml": PACK_YAML + "print: {gutter: 99999999999mm}\n"},
         "RS-S001", "pack.yaml", 10, 17, message="outside the range"),
    Case("zero-card", {"game.yaml": GAME_YAML + "card: {size: {width: 0, height: 88mm}}\n"},
         "RS-S001", "game.yaml", 9, 22, message="outside the range"),
    Case("tiny-card", {"game.yaml": GAME_YAML + "card: {size: {width: 63mm, height: 1e-9}}\n"},
         "RS-S001", "game.yaml", 9, 36, message="outside the range"),
    Case("nan-font-size", {"game.yaml": GAME_YAML + "card: {font_size: .nan}\n"},
         "RS-S004", "game.yaml", 9, 19, message="not a finite number"),
    Case("inf-integer", {"game.yaml": GAME_YAML.replace("hand_size: 5", "hand_size: 1e999")},
         "RS-S004", "game.yaml", 4, 12, message="not a finite number"),
    Case("nan-decay", {"game.yaml": GAME_YAML + "  validity_decay: .nan\n"},
         "RS-S004", "game.yaml", 9, 19, message="not a finite number"),
    *[Case(f"huge-{name}-int", {"game.yaml": GAME_YAML.replace("hand_size: 5", f"hand_size: {v}")},
           "RS-Y014", "game.yaml", 4, 12, message="at most 30 digits") for name, v in HUGE.items()],
    Case("huge-seed", {"game.yaml": GAME_YAML + "  seed: " + "9" * 30 + "\n"},
         "RS-S001", "game.yaml", 9, 9, message="above the maximum"),
    Case("art-box-huge", {"cards/x.yaml": "kind: fragment-card\nid: x\ntext: I hum.\n"
                                          "art: {file: a.png, box: {x: 0, y: 0, width: 5, height: 1e308}}\n"},
         "RS-S001", "cards/x.yaml", 4, 56, message="outside the range"),
    Case("art-file-newline", {"cards/x.yaml": 'kind: fragment-card\nid: x\ntext: I hum.\nart: "a.png\\n"\n'},
         "RS-S001", "cards/x.yaml", 4, 6),
    # siblings: values each in range whose combination crashed the build
    Case("min-font-above-font", {"game.yaml": GAME_YAML + "card: {font_size: 5, min_font_size: 20}\n"},
         "RS-S001", "game.yaml", 9, 37, message="larger than card.font_size"),
    Case("players-min-above-max", {"game.yaml": GAME_YAML + "players: {min: 6, max: 2}\n"},
         "RS-S001", "game.yaml", 9, 16, message="larger than players.max"),
    # --- includes and ids that would become bad file names
    Case("include-dot", {"pack.yaml": PACK_YAML + "  - '.'\n"}, "RS-P006", "pack.yaml", 10, 5,
         message="pack folder"),
    Case("include-dot-slash", {"pack.yaml": PACK_YAML + "  - ./\n"}, "RS-P006", "pack.yaml", 10, 5),
    Case("id-trailing-newline", {"cards/x.yaml": 'kind: fragment-card\nid: "card\\n"\ntext: I hum.\n'},
         "RS-S001", "cards/x.yaml", 2, 5, message="card\\n"),
    Case("pack-id-trailing-newline", {"pack.yaml": PACK_YAML.replace("id: test-pack", 'id: "p\\n"')},
         "RS-S001", "pack.yaml", 2, 5),
    *[Case(f"windows-name-{name}", {"cards/x.yaml": CARD.format(id=name, text="I hum along.")},
           "RS-S001", "cards/x.yaml", 2, 5, message="device name on Windows")
      for name in ("con", "aux", "nul", "prn", "com1", "lpt9")],
    Case("windows-name-pack", {"pack.yaml": PACK_YAML.replace("id: test-pack", "id: aux")},
         "RS-S001", "pack.yaml", 2, 5, message="device name"),
    Case("text-over-the-cap", {"cards/x.yaml": CARD.format(id="x", text="I " + "hum " * 300_000)},
         "RS-S001", "cards/x.yaml", 3, 7, message="at most 10000 characters"),
]


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_hostile_input_is_reported_at_its_position(tmp_path: Path, case: Case) -> None:
    code, payload, out = _run(tmp_path, case)
    assert code == 1, payload
    found = [(d["code"], d["line"], d["col"], d["message"]) for d in payload["diagnostics"]
             if d["file"] == case.file]
    assert any(c.startswith(case.code) and (ln, col) == (case.line, case.col) and case.message in m
               for c, ln, col, m in found), found
    assert not (out / "test-pack").exists()


@pytest.mark.parametrize("offset", ["1e308mm,0", "0,-1e308mm", "30mm,0", "nan,0", "inf,0"])
def test_absurd_back_offset_is_a_usage_error(pack_dir: Path, tmp_path: Path, offset: str) -> None:
    result = CliRunner().invoke(main, ["build", str(pack_dir), "--out", str(tmp_path / "o"),
                                       "--back-offset", offset])
    assert result.exit_code == 2, result.output
    assert "internal error" not in result.output and "Traceback" not in result.output
    assert offset in result.output


def _numeric_nodes(node: Any, path: str) -> list[tuple[str, dict[str, Any]]]:
    found: list[tuple[str, dict[str, Any]]] = []
    if isinstance(node, dict):
        types = node.get("type")
        types = types if isinstance(types, list) else [types]
        if "number" in types or "integer" in types:
            found.append((path, node))
        for key, value in node.items():
            found += _numeric_nodes(value, f"{path}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found += _numeric_nodes(value, f"{path}/{i}")
    return found


def test_every_number_in_every_schema_has_sane_bounds() -> None:
    """A number without both bounds is how 5,000-digit and 1e308 values got in.

    Lengths are bounded where they are used (``x-length``, in mm, whatever the unit);
    the solver's own budget (``solver.nodes``) is capped by the command instead.
    """
    unbounded = []
    for path in sorted((REPO / "schemas").glob("*.schema.json")):
        schema = json.loads(path.read_text(encoding="utf-8"))
        for where, node in _numeric_nodes(schema, path.name):
            if where.endswith("/$defs/length/oneOf/0") or where.endswith("/solver/properties/nodes"):
                continue
            if "minimum" not in node or "maximum" not in node:
                unbounded.append(where)
    assert unbounded == []
    common = json.loads((REPO / "schemas" / "common.schema.json").read_text(encoding="utf-8"))
    text = json.dumps(common)
    assert text.count('"$ref": "#/$defs/length"') == text.count('"x-length"')


def test_huge_texts_are_fit_only_as_far_as_their_box() -> None:
    """Early exit is structural: a 1 MB text is laid out a few boxes deep, not to its end."""
    for text in ("I hum " * 200_000, "m" * 1_000_000, "*a" * 500_000, "\u200b " * 500_000):
        result = fit_text(text, 40, 10)
        assert result.lines < 100
        if not result.fits:
            assert not result.complete


def test_scaffold_refuses_ids_that_make_bad_file_names(tmp_path: Path) -> None:
    runner = CliRunner()
    for ident in ("con", "com1", "card\n", "Card"):
        result = runner.invoke(main, ["init", str(tmp_path / "p"), "--system", "fragments",
                                      "--id", ident])
        assert result.exit_code == 2, (ident, result.output)
        assert not (tmp_path / "p").exists() or not any((tmp_path / "p").iterdir())


# --- §4 characters ----------------------------------------------------------------

UNPRINTABLE = {"fffe": "\\uFFFE", "ffff": "\\uFFFF", "bell": "\\x07", "escape": "\\e",
               "nel": "\\x85", "line-separator": "\\u2028", "paragraph-separator": "\\u2029",
               "c1": "\\x9b"}

CHARACTER_CASES = [
    *[Case(f"unprintable-{name}", {"cards/x.yaml": CARD.format(id="x", text=f'"I hum {esc} here."')},
           "RS-Y015", "cards/x.yaml", 3, 7, message="cannot be printed")
      for name, esc in UNPRINTABLE.items()],
    Case("unprintable-in-key", {"cards/x.yaml": 'kind: fragment-card\nid: x\ntext: I hum.\n"a\\x07": 1\n'},
         "RS-Y015", "cards/x.yaml", 4, 1),
    Case("unprintable-in-pack", {"pack.yaml": PACK_YAML.replace("title: Test pack",
                                                                'title: "Test\\uFFFF pack"')},
         "RS-Y015", "pack.yaml", 3, 8),
    Case("glyph-card-text", {"cards/x.yaml": CARD.format(id="x", text="I hum 中文 here.")},
         "RS-R004", "cards/x.yaml", 3, 7, message="U+4E2D"),
    Case("glyph-translation", {"cards/x.yaml": "kind: fragment-card\nid: x\ntext:\n  en: I hum.\n"
                                               "  fr: Je 🙂 ici.\n"},
         "RS-R004", "cards/x.yaml", 5, 7, message="U+1F642"),
    Case("glyph-game-title", {"game.yaml": GAME_YAML.replace("title: Test deck", "title: Deck שלום")},
         "RS-R004", "game.yaml", 3, 8, message="U+05E9"),
    Case("glyph-when-card", {"cards/when.yaml": "kind: when-card\nid: when-9\nonly: only when ت\n"
                                                "except: except when\n---\n" + GAME_YAML[:0]
                                                + "kind: when-card\nid: when-8\nonly: a\nexcept: b\n"},
         "RS-R004", "cards/when.yaml", 3, 7, message="U+062A"),
    Case("glyph-author", {"pack.yaml": PACK_YAML + "author: 李\n"}, "RS-R004", "pack.yaml", 10, 9),
]


@pytest.mark.parametrize("case", CHARACTER_CASES, ids=[c.name for c in CHARACTER_CASES])
def test_characters_no_page_can_show_are_reported(tmp_path: Path, case: Case) -> None:
    test_hostile_input_is_reported_at_its_position(tmp_path, case)


def _load(root: Path) -> list[tuple[str, str, int, int]]:
    from generator.pack.loader import load_packs
    from generator.pack.schema import load_schemas
    from generator.pipeline import kinds_of
    from generator.registry import discover_systems

    loaded = load_packs([root], load_schemas(), kinds_of(discover_systems()))
    return [(d.code, d.file.rsplit("/", 1)[-1], d.line, d.col) for d in loaded.diagnostics]


@pytest.mark.parametrize(("pack", "file", "old", "new", "line", "col"), [
    ("tower", "scenarios/cistern-bridges.yaml", "title: The Cistern Bridges",
     "title: The Cistern 橋", 6, 8),
    ("tower", "scenarios/cistern-bridges.yaml", "  on the east bank", "  on the east 🙂 bank", 7, 8),
    ("riddles", "riddles/00-driftwood-dawn.yaml", "title: Driftwood Dawn", "title: 流木", 5, 8),
    ("riddles", "riddles/00-driftwood-dawn.yaml", "{name: The Old Cairn,", "{name: The Old 石,", 22, 16),
    ("riddles", "riddles/00-driftwood-dawn.yaml", "text: From its top", "text: From 🙂 its top", 22, 37),
])
def test_every_printed_text_is_checked_for_glyphs(tmp_path: Path, pack: str, file: str, old: str,
                                                 new: str, line: int, col: int) -> None:
    import shutil

    root = tmp_path / pack
    shutil.copytree(REPO / "content" / pack, root)
    path = root / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    assert ("RS-R004", file.rsplit("/", 1)[-1], line, col) in _load(root)


ODD_NAMES = ["a\nb\u202ec.yaml", "x\u2066y.yaml", "tab\there.yaml"]


@pytest.mark.parametrize("fmt", ["text", "json", "github", "junit", "sarif"])
def test_odd_file_names_are_escaped_in_every_format(tmp_path: Path, fmt: str) -> None:
    pack = write_pack(tmp_path / "p", {name: "kind: fragment-card\nid: x\ntext: [\n" for name in ODD_NAMES}
                      | {"pack.yaml": PACK_YAML.replace("  - cards/*.yaml\n", "  - cards/*.yaml\n  - '*.yaml'\n")})
    bad = bytes(pack) + b"/\xff\xfe.yaml"
    with open(bad, "wb") as handle:
        handle.write(b"kind: fragment-card\nid: y\ntext: [\n")
    result = CliRunner().invoke(main, ["check", str(pack), "--format", fmt])
    assert result.exit_code == 1, result.output
    out = result.output
    out.encode("utf-8")  # no lone surrogate reaches the output
    for ch in "\u202e\u2066\udcff":
        assert ch not in out, (fmt, ch)
    lines = out.splitlines()
    for line in lines:
        assert not line.startswith("b\\u202e") and not line.startswith("b\u202e")
    if fmt == "sarif":
        uris = [r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
                for r in json.loads(out)["runs"][0]["results"]]
        assert any(u.endswith("%FF%FE.yaml") for u in uris), uris
        assert any("a%0Ab%E2%80%AEc.yaml" in u for u in uris), uris
    if fmt == "json":
        files = {d["file"].rsplit("/", 1)[-1] for d in json.loads(out)["diagnostics"]}
        assert {"a\\nb\\u202ec.yaml", "\\xff\\xfe.yaml"} <= files, files


def test_pack_yaml_linked_outside_the_pack_is_refused_unread(tmp_path: Path) -> None:
    secret = tmp_path / "secret.yaml"
    secret.write_text("root:x:0:0:root:/root:/bin/bash\n" + PACK_YAML, encoding="utf-8")
    pack = write_pack(tmp_path / "p")
    (pack / "pack.yaml").unlink()
    (pack / "pack.yaml").symlink_to(secret)
    for fmt in ("text", "json"):
        result = CliRunner().invoke(main, ["check", str(pack), "--format", fmt])
        assert result.exit_code == 1, result.output
        assert "RS-P009" in result.output and "root:x" not in result.output


# --- §6 positions and messages ------------------------------------------------------

POSITION_CASES = [
    Case("unclosed-quote", {"cards/x.yaml": 'kind: fragment-card\nid: x\ntext: "I hum\ncopies: 2\n'
                                            "tags: [a]\n"},
         "RS-Y001", "cards/x.yaml", 3, 7, message="never closed"),
    Case("unclosed-single-quote", {"cards/x.yaml": "kind: fragment-card\nid: x\ntext: 'I hum\n\n\n"},
         "RS-Y001", "cards/x.yaml", 3, 7, message="never closed"),
    Case("unclosed-list", {"cards/x.yaml": "kind: fragment-card\nid: x\ntags: [a, b\ntext: I hum.\n"},
         "RS-Y001", "cards/x.yaml", 3, 7, message="'[' is never closed"),
    Case("unclosed-mapping", {"cards/x.yaml": "kind: fragment-card\nid: x\ntext: {en: I hum.\n"
                                              "copies: 2\n"},
         "RS-Y001", "cards/x.yaml", 3, 7, message="'{' is never closed"),
    Case("nul", {"cards/x.yaml": "kind: fragment-card\nid: x\ntext: I hum\x00 here\n"},
         "RS-Y001", "cards/x.yaml", 3, 12, message="U+0000"),
    Case("nul-later-line", {"cards/x.yaml": "kind: fragment-card\nid: x\ntext: I hum.\ncopies: 2\x00\n"},
         "RS-Y001", "cards/x.yaml", 4, 10, message="U+0000"),
]


@pytest.mark.parametrize("case", POSITION_CASES, ids=[c.name for c in POSITION_CASES])
def test_yaml_errors_point_at_their_cause(tmp_path: Path, case: Case) -> None:
    test_hostile_input_is_reported_at_its_position(tmp_path, case)


def test_a_huge_integer_gives_no_python_advice(tmp_path: Path) -> None:
    case = Case("huge", {"game.yaml": GAME_YAML.replace("hand_size: 5", "hand_size: " + "9" * 5000)},
                "RS-Y014", "game.yaml", 4, 12)
    code, payload, _ = _run(tmp_path, case)
    text = json.dumps(payload)
    assert code == 1 and "sys.set_int_max_str_digits" not in text and "Python" not in text


def test_yaml_errors_come_first_and_are_not_echoed_by_the_schema(tmp_path: Path) -> None:
    files = {"cards/x.yaml": 'kind: fragment-card\nid: "c\\x07"\ntext: I hum.\ncopies: 99\n'
                             "text: again\n"}
    code, payload, _ = _run(tmp_path, Case("order", files, "", "", 0, 0))
    found = [(d["code"], d["line"], d["col"]) for d in payload["diagnostics"]
             if d["file"] == "cards/x.yaml"]
    # The id's bad character is not reported again as a pattern error, the duplicate
    # key does not hide the real schema error, and YAML problems sort first.
    assert found == [("RS-Y015", 2, 5), ("RS-Y003", 5, 1), ("RS-S001", 4, 9)], found


def test_an_overridden_print_setting_is_a_warning_and_a_lone_one_is_used(tmp_path: Path) -> None:
    from generator.pipeline import check
    from generator.render.geometry import CARD_SIZES
    from generator.systems.fragments.layout import card_geometry
    from generator.systems.fragments.settings import settings_of

    both = Case("both", {"pack.yaml": PACK_YAML + "print: {card: tarot}\n",
                         "game.yaml": GAME_YAML + "card: {size: bridge}\n"},
                "RS-P016", "pack.yaml", 10, 15, args=("--strict",), message="game.yaml:9:14")
    test_hostile_input_is_reported_at_its_position(tmp_path / "both", both)
    alone = write_pack(tmp_path / "alone", {"pack.yaml": PACK_YAML + "print: {card: tarot}\n"})
    report = check([alone])
    assert report.diagnostics == [] or all(d.code != "RS-P016" for d in report.diagnostics)
    pack = report.packs[0]
    geometry = card_geometry(pack, settings_of(pack.of_kind("fragment-game")[0]))
    assert (geometry.width, geometry.height) == CARD_SIZES["tarot"]


@pytest.mark.parametrize("game", [GAME_YAML.replace("hand_size: 5", "hand_size: [5"),
                                  GAME_YAML.replace("hand_size: 5", "hand_size: .nan"),
                                  GAME_YAML.replace("kind: fragment-game", "kind: fragment-gaem")])
def test_a_document_that_failed_leaves_no_consequent_diagnostics(tmp_path: Path, game: str) -> None:
    """The deck's settings failed to load: 'the pack has no fragment-game' and 'the deck
    is too small for its hand size' would only be consequences of that."""
    code, payload, _ = _run(tmp_path, Case("failed", {"game.yaml": game}, "", "", 0, 0))
    assert code == 1
    codes = {d["code"] for d in payload["diagnostics"]}
    assert codes and not codes & {"RS-F006", "RS-F007"}, payload["diagnostics"]
