"""Bad input a careless designer would write: each case gets its stable code at
the exact line and column, exit code 1, and nothing is written to the output."""
from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import GAME_YAML, PACK_YAML, WHEN_YAML, write_pack
from generator.cli import main

CARD = "kind: fragment-card\nid: {id}\ntext: {text}\n"


def _tiny_png() -> bytes:
    import io

    from PIL import Image

    buf = io.BytesIO()
    Image.new("RGB", (40, 50), (10, 20, 30)).save(buf, "PNG")
    return buf.getvalue()


@dataclass(frozen=True)
class Case:
    name: str
    files: dict[str, str | bytes]
    code: str
    file: str
    line: int
    col: int
    args: tuple[str, ...] = ()
    message: str = ""
    hint: str = ""
    extra: dict[str, object] = field(default_factory=dict)


BOMB = (
    'a: &a ["x","x","x","x","x","x","x","x","x"]\n'
    + "".join(f"{chr(98 + i)}: &{chr(98 + i)} [" + ",".join([f"*{chr(97 + i)}"] * 9) + "]\n"
              for i in range(9))
)

CASES = [
    # --- YAML and file limits
    Case("duplicate-key", {"cards/x.yaml": "kind: fragment-card\nid: x\ntext: I hum.\ntext: I sing.\n"},
         "RS-Y003", "cards/x.yaml", 4, 1, message="first defined at line 3"),
    Case("duplicate-key-nested", {"game.yaml": GAME_YAML.replace("tokens: {valid: 7, invalid: 7}",
                                                                 "tokens: {valid: 7, valid: 6}")},
         "RS-Y003", "game.yaml", 5, 20),
    Case("bom", {"cards/x.yaml": b"\xef\xbb\xbf" + CARD.format(id="x", text="I hum.").encode()},
         "RS-Y005", "cards/x.yaml", 1, 1),
    Case("not-utf8", {"cards/x.yaml": b"kind: fragment-card\nid: x\ntext: I hum \xe9t\xe9.\n"},
         "RS-Y004", "cards/x.yaml", 3, 13),
    Case("tab-indent", {"game.yaml": GAME_YAML.replace("  scoring", "\tscoring")},
         "RS-Y006", "game.yaml", 7, 1),
    Case("alias-bomb", {"cards/x.yaml": BOMB}, "RS-Y008", "cards/x.yaml", 6, 26),
    Case("deep-nesting", {"cards/x.yaml": "a: " + "[" * 5000 + "]" * 5000 + "\n"},
         "RS-Y007", "cards/x.yaml", 1, 67),
    Case("unclosed-flow", {"cards/x.yaml": "kind: fragment-card\nid: x\ntags: [a, b\n"},
         "RS-Y001", "cards/x.yaml", 3, 7),  # at the opening bracket it never closes
    Case("bad-indentation", {"cards/x.yaml": "kind: fragment-card\nid: x\n  text: I hum.\n"},
         "RS-Y001", "cards/x.yaml", 3, 7),
    Case("python-tag", {"cards/x.yaml": "kind: fragment-card\nid: x\ntext: !!python/object:os.system ls\n"},
         "RS-Y010", "cards/x.yaml", 3, 7),
    Case("undefined-alias", {"cards/x.yaml": "kind: fragment-card\nid: x\ntext: *nothing\n"},
         "RS-Y011", "cards/x.yaml", 3, 7),
    Case("complex-key", {"cards/x.yaml": "kind: fragment-card\nid: x\n? [a, b]\n: c\n"},
         "RS-Y013", "cards/x.yaml", 3, 3),
    Case("list-document", {"cards/x.yaml": "- kind: fragment-card\n- id: x\n"},
         "RS-Y009", "cards/x.yaml", 1, 1),
    Case("scalar-document", {"cards/x.yaml": CARD.format(id="x", text="I hum.") + "---\njust words\n"},
         "RS-Y009", "cards/x.yaml", 5, 1),
    Case("too-large", {"cards/x.yaml": "# " + "x" * (5 * 1024 * 1024) + "\n"},
         "RS-Y002", "cards/x.yaml", 1, 1),
    Case("pack-duplicate-key", {"pack.yaml": PACK_YAML + "title: Again\n"},
         "RS-Y003", "pack.yaml", 10, 1),
    Case("pack-alias-bomb", {"pack.yaml": PACK_YAML + BOMB}, "RS-Y008", "pack.yaml", 15, 26),
    # --- pack structure
    Case("missing-kind", {"cards/x.yaml": "id: x\ntext: I hum.\n"}, "RS-P002", "cards/x.yaml", 1, 1),
    Case("missing-id", {"cards/x.yaml": "kind: fragment-card\ntext: I hum.\n"},
         "RS-P003", "cards/x.yaml", 1, 1),
    Case("unknown-kind", {"cards/x.yaml": "kind: fragment-crad\nid: x\ntext: I hum.\n"},
         "RS-P004", "cards/x.yaml", 1, 7, hint="did you mean 'fragment-card'?"),
    Case("duplicate-id", {"cards/x.yaml": CARD.format(id="when-3", text="I hum all day.")},
         "RS-P005", "cards/x.yaml", 2, 5, message="cards/when.yaml:"),
    Case("include-matches-nothing", {"pack.yaml": PACK_YAML + "  - extras/*.yaml\n"},
         "RS-P006", "pack.yaml", 10, 5),
    Case("yaml-no-include-loads", {"drafts/x.yaml": CARD.format(id="x", text="I hum.")},
         "RS-P013", "drafts/x.yaml", 1, 1, args=("--strict",), hint="add 'drafts/*.yaml'"),
    Case("include-escapes", {"pack.yaml": PACK_YAML + "  - ../elsewhere/*.yaml\n"},
         "RS-P009", "pack.yaml", 10, 5),
    Case("pack-two-documents", {"pack.yaml": PACK_YAML + "---\nkind: pack\nid: other\n"},
         "RS-P007", "pack.yaml", 1, 7),
    Case("pack-unknown-system", {"pack.yaml": PACK_YAML.replace("[fragments]", "[fragments, riddel]")},
         "RS-P008", "pack.yaml", 5, 22),
    Case("pack-not-a-pack", {"pack.yaml": "kind: fragment-card\nid: x\ntext: I hum.\n"},
         "RS-P007", "pack.yaml", 1, 7),
    # --- schema
    Case("unknown-property", {"cards/x.yaml": "kind: fragment-card\nid: x\ntxt: I hum.\n"},
         "RS-S002", "cards/x.yaml", 3, 1, hint="did you mean 'text'?"),
    Case("missing-required", {"cards/x.yaml": "kind: fragment-card\nid: x\ncategory: sound\n"},
         "RS-S003", "cards/x.yaml", 1, 1, message="'text'"),
    Case("wrong-type", {"cards/x.yaml": CARD.format(id="x", text="I hum.") + "copies: two\n"},
         "RS-S004", "cards/x.yaml", 4, 9),
    Case("bad-id-form", {"cards/x.yaml": CARD.format(id="My_Card", text="I hum.")},
         "RS-S001", "cards/x.yaml", 2, 5, hint="lowercase"),
    Case("bad-colour", {"game.yaml": GAME_YAML + "card: {colour: '#12'}\n"},
         "RS-S001", "game.yaml", 9, 16, hint="#rrggbb"),
    Case("bad-card-size", {"game.yaml": GAME_YAML + "card: {size: pokerr}\n"},
         "RS-S004", "game.yaml", 9, 14),
    Case("below-minimum", {"game.yaml": GAME_YAML.replace("hand_size: 5", "hand_size: 0")},
         "RS-S001", "game.yaml", 4, 12, message="minimum"),
    Case("empty-text", {"cards/x.yaml": "kind: fragment-card\nid: x\ntext: ''\n"},
         "RS-S", "cards/x.yaml", 3, 7),
    Case("bad-version", {"pack.yaml": PACK_YAML.replace("1.0.0", "one")},
         "RS-S001", "pack.yaml", 4, 10, hint="1.0"),
    Case("bad-language", {"pack.yaml": PACK_YAML.replace("[en, fr]", "[english]")},
         "RS-S001", "pack.yaml", 6, 13),
    Case("nested-unknown-property", {"game.yaml": GAME_YAML.replace("  games: 50", "  gmaes: 50")},
         "RS-S002", "game.yaml", 8, 3, hint="did you mean 'games'?"),
    Case("bad-length-unit", {"pack.yaml": PACK_YAML + "print: {bleed: 3 furlongs}\n"},
         "RS-S", "pack.yaml", 10, 16),
    # --- fragments rules
    Case("exact-duplicate-fragment",
         {"cards/x.yaml": CARD.format(id="x", text="I HAVE teeth, but cannot chew!")},
         "RS-F001", "cards/x.yaml", 3, 7),
    Case("near-duplicate-fragment",
         {"cards/x.yaml": CARD.format(id="x", text="I have teeth but I cannot chew.")},
         "RS-F002", "cards/x.yaml", 3, 7, args=("--strict",)),
    Case("not-first-person", {"cards/x.yaml": CARD.format(id="x", text="It rattles in the wind.")},
         "RS-F003", "cards/x.yaml", 3, 7, args=("--strict",)),
    Case("when-missing-side", {"cards/when.yaml": WHEN_YAML.replace("except: except when\n", "", 1)},
         "RS-F004", "cards/when.yaml", 2, 1),
    Case("scoring-table", {"game.yaml": GAME_YAML.replace("15, 21", "15, 20")},
         "RS-F005", "game.yaml", 7, 30, message="21"),
    Case("deck-too-small", {"cards/starter.yaml": CARD.format(id="solo", text="I stand alone.")},
         "RS-F006", "game.yaml", 4, 12),
    Case("text-overflow", {"cards/x.yaml": CARD.format(
        id="x", text="I " + " ".join(["wander"] * 120) + ".")},
         "RS-R001", "cards/x.yaml", 3, 7, message="too tall"),
    Case("text-below-6pt", {"game.yaml": GAME_YAML + "card: {min_font_size: 4.5}\n",
                            "cards/x.yaml": CARD.format(
        id="x", text="I " + " ".join(["wander"] * 190) + ".")},
         "RS-R006", "cards/x.yaml", 3, 7, args=("--strict",), message="below the 6 pt"),
    Case("card-larger-than-paper", {"game.yaml": GAME_YAML + "card: {size: {width: 300mm, height: 90mm}}\n"},
         "RS-R003", "game.yaml", 9, 14),
    Case("second-game", {"game2.yaml": GAME_YAML.replace("id: game", "id: game-two"),
                         "pack.yaml": PACK_YAML + "  - game2.yaml\n"},
         "RS-F009", "game2.yaml", 1, 7, args=("--strict",)),
    # Every text without French is listed in one warning, at the first of them.
    Case("missing-translation", {"cards/x.yaml": CARD.format(id="x", text="I hum all day long.")},
         "RS-P011", "cards/starter.yaml", 3, 7, args=("--strict", "--lang", "fr"),
         message="have no 'fr' version"),
    Case("art-missing", {"cards/x.yaml": CARD.format(id="x", text="I hang on a nail.")
                         + "art: pics/x.png\n"},
         "RS-A001", "cards/x.yaml", 4, 6, hint="relative to this YAML file"),
    Case("art-unreadable", {"cards/x.yaml": CARD.format(id="x", text="I hang on a nail.")
                            + "art:\n  - file: x.jpg\n", "cards/x.jpg": b"\xff\xd8\xffnot a photo"},
         "RS-A002", "cards/x.yaml", 5, 11),
    Case("art-low-resolution", {"cards/x.yaml": CARD.format(id="x", text="I hang on a nail.")
                                + "art: x.png\n", "cards/x.png": _tiny_png()},
         "RS-A003", "cards/x.yaml", 4, 6, args=("--strict",), message="dpi"),
    Case("art-outside-pack", {"cards/x.yaml": CARD.format(id="x", text="I hang on a nail.")
                              + "art: ../../x.png\n"},
         "RS-P009", "cards/x.yaml", 4, 6),
]


def _run(tmp_path: Path, case: Case) -> tuple[int, dict, Path]:
    pack = write_pack(tmp_path / "p", case.files)
    out = tmp_path / "out"
    runner = CliRunner()
    import os

    cwd = os.getcwd()
    os.chdir(pack)
    try:
        start = time.perf_counter()
        result = runner.invoke(main, ["build", ".", "--out", str(out), "--format", "json",
                                      *case.args])
        elapsed = time.perf_counter() - start
    finally:
        os.chdir(cwd)
    assert elapsed < 10, f"{case.name} took {elapsed:.1f}s"
    assert "Traceback" not in result.output, result.output
    payload = json.loads(result.stdout)
    return result.exit_code, payload, out


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_bad_input_is_reported_at_its_position(tmp_path: Path, case: Case) -> None:
    code, payload, out = _run(tmp_path, case)
    assert code == 1, payload
    matching = [d for d in payload["diagnostics"] if d["code"].startswith(case.code)
                and d["file"] == case.file]
    assert matching, json.dumps(payload["diagnostics"], indent=1)
    if case.line:
        positions = [(d["line"], d["col"]) for d in matching]
        assert (case.line, case.col) in positions, (positions, matching)
    d = next(d for d in matching if not case.line or (d["line"], d["col"]) == (case.line, case.col))
    assert case.message in d["message"], d
    assert case.hint in d["hint"], d
    assert set(d) == {"file", "line", "col", "severity", "code", "message", "pointer", "hint"}
    # Nothing written: the output folder holds no pack.
    assert not (out / "test-pack").exists()
    assert payload["summary"]["errors"] + payload["summary"]["warnings"] >= 1


def test_cases_are_many_and_distinct() -> None:
    assert len(CASES) >= 40
    assert len({c.name for c in CASES}) == len(CASES)


def test_alias_bomb_fails_fast(tmp_path: Path) -> None:
    from generator.pack.yamlload import load_yaml

    start = time.perf_counter()
    result = load_yaml(BOMB * 1, "bomb.yaml")
    assert time.perf_counter() - start < 5  # a hang guard: expanded, the bomb takes hours
    assert [d.code for d in result.diagnostics] == ["RS-Y008"]


def test_failed_build_keeps_previous_output(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pack = write_pack(tmp_path / "p")
    out = tmp_path / "out"
    runner = CliRunner()
    monkeypatch.chdir(pack)
    ok = runner.invoke(main, ["build", ".", "--out", str(out)])
    assert ok.exit_code == 0, ok.output
    before = {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    assert before
    (pack / "cards" / "bad.yaml").write_text("kind: fragment-card\nid: bad\ntext: [\n")
    bad = runner.invoke(main, ["build", ".", "--out", str(out)])
    assert bad.exit_code == 1
    after = {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    assert after == before


def test_missing_path_is_a_usage_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["check", str(tmp_path / "nope")])
    assert result.exit_code == 2
    assert "no such file" in result.output


def test_a_document_with_a_typo_is_not_also_unknown_where_it_is_named(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch
                                                                      ) -> None:
    # A misspelt key in a god and a riddle: each is reported once, at its own file; the
    # constellation and the campaign that name them do not add "unknown god/riddle".
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    assert runner.invoke(main, ["init", "p", "--system", "riddle"]).exit_code == 0
    god, riddle = Path("p/gods/starter.yaml"), Path("p/riddles/first-light.yaml")
    god.write_text(god.read_text().replace("name: Atlas", "nmae: Atlas", 1))
    riddle.write_text(riddle.read_text().replace("title: First Light", "titel: First Light", 1))
    result = runner.invoke(main, ["check", "p", "--no-cache", "--format", "json"])
    assert result.exit_code == 1
    found = {(Path(d["file"]).name, d["code"]) for d in json.loads(result.stdout)["diagnostics"]}
    # One diagnostic per typo: the unknown key names the missing one it meant.
    assert found == {("starter.yaml", "RS-S002"), ("first-light.yaml", "RS-S002")}, found
    # A real misspelling of the reference is still reported.
    sky = Path("p/constellations/sky.yaml")
    sky.write_text(sky.read_text().replace("god: hermes}", "god: hermez}"))
    result = runner.invoke(main, ["check", "p", "--no-cache", "--format", "json"])
    assert any(d["code"] == "RS-P010" and "hermez" in d["message"]
               for d in json.loads(result.stdout)["diagnostics"])
