"""Hostile and careless input (issue 8 §3, §4, §6): every case is a diagnostic at
its position or a usage error, never an internal error, a hang or a bad file name."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from conftest import GAME_YAML, PACK_YAML, REPO
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
